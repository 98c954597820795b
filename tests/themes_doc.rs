//! `docs/themes.md` holds the themes table generated from the declarations
//! (`peakforge::themes::table`): every theme of every game, its rule, what in a proof shows it
//! and how it is taken away. The documentation cannot drift from the code:
//! `PEAKFORGE_BLESS=1 cargo test --test themes_doc` rewrites the table in place.

use std::path::PathBuf;

use peakforge::themes::table::{BEGIN, END, markdown};

fn doc_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/themes.md")
}

#[test]
fn the_themes_table_in_docs_is_the_declarations() {
    let path = doc_path();
    let text = std::fs::read_to_string(&path).expect("docs/themes.md is readable");
    let (head, rest) = text
        .split_once(&format!("{BEGIN}\n"))
        .expect("docs/themes.md has the table's begin marker");
    let (table, tail) = rest
        .split_once(&format!("{END}\n"))
        .expect("docs/themes.md has the table's end marker");
    let want = markdown();
    if table != want && std::env::var_os("PEAKFORGE_BLESS").is_some() {
        std::fs::write(&path, format!("{head}{BEGIN}\n{want}{END}\n{tail}")).unwrap();
        return;
    }
    assert!(
        table == want,
        "docs/themes.md's table drifted from src/themes: run \
         `PEAKFORGE_BLESS=1 cargo test --test themes_doc`\n--- in the doc:\n{table}\n--- declared:\n{want}"
    );
}

#[test]
fn every_theme_id_is_defined_in_the_prose_too() {
    // Each theme's id appears outside the table as well: the prose says what it teaches.
    let text = std::fs::read_to_string(doc_path()).unwrap();
    let (before, rest) = text.split_once(BEGIN).unwrap();
    let after = rest.split_once(END).unwrap().1;
    let prose = format!("{before}{after}");
    for game in peakforge::games::GAMES {
        for t in peakforge::themes::catalogue(game) {
            assert!(
                prose.contains(&format!("`{}`", t.id)),
                "docs/themes.md says nothing of {} outside the table",
                t.id
            );
        }
    }
}
