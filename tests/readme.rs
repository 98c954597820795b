//! The documents stay usable: README.md is short enough to read (under 450 lines; the figures
//! live in docs/), every relative link of README.md and docs/*.md points to a file that exists
//! (and a `#section` to a heading of it), README's Testing section gives the test command that
//! `.ci/run` runs, and README's command line names every subcommand of the binary.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of `text` outside fenced code blocks, with their numbers (from 1).
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push((i + 1, line));
        }
    }
    out
}

/// `line` without its inline code spans (`` `…` ``), which may hold text that looks like a link.
fn without_code(line: &str) -> String {
    line.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// The targets of the Markdown links and images of `text` (`[text](target)`), with their line
/// numbers.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in prose_lines(text) {
        let line = without_code(line);
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            let target = after[..end].split_whitespace().next().unwrap_or("");
            out.push((n, target.to_string()));
            rest = &after[end..];
        }
    }
    out
}

/// The anchors of the headings of a Markdown text, as GitHub makes them: lower case, spaces to
/// `-`, punctuation other than `-` and `_` dropped.
fn anchors(text: &str) -> BTreeSet<String> {
    prose_lines(text)
        .into_iter()
        .filter_map(|(_, l)| l.strip_prefix('#'))
        .map(|h| {
            h.trim_start_matches('#')
                .trim()
                .to_lowercase()
                .chars()
                .filter_map(|c| match c {
                    ' ' => Some('-'),
                    c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// README.md and every Markdown file of docs/.
fn documents() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.expect("a docs/ entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    docs.insert(0, root().join("README.md"));
    docs
}

#[test]
fn readme_is_short() {
    let lines = read(&root().join("README.md")).lines().count();
    assert!(
        lines < 450,
        "README.md has {lines} lines: keep it under 450 (figures and details go in docs/)"
    );
}

/// A fence line is three backticks and at most a language name: text after a closing fence
/// keeps the block open (CommonMark), and the rest of the document shows as code.
#[test]
fn every_code_fence_of_the_documents_is_a_fence_alone() {
    let mut bad = Vec::new();
    for doc in documents() {
        for (i, line) in read(&doc).lines().enumerate() {
            if let Some(info) = line.strip_prefix("```")
                && info.contains(|c: char| c.is_whitespace() || c == '`')
            {
                bad.push(format!("{}:{}: {line}", doc.display(), i + 1));
            }
        }
    }
    assert!(bad.is_empty(), "fence lines with text after them: {bad:#?}");
}

#[test]
fn every_relative_link_of_the_documents_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for doc in documents() {
        let text = read(&doc);
        let dir = doc.parent().expect("a folder");
        for (n, target) in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() {
                doc.clone()
            } else {
                dir.join(file)
            };
            let name = doc
                .strip_prefix(root())
                .unwrap_or(&doc)
                .display()
                .to_string();
            if !path.exists() {
                broken.push(format!("{name}:{n}: {target}: no such file"));
            } else if !anchor.is_empty()
                && path.extension().is_some_and(|x| x == "md")
                && !anchors(&read(&path)).contains(anchor)
            {
                broken.push(format!("{name}:{n}: {target}: no such heading"));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(
        checked > 20,
        "only {checked} links found: is the parser right?"
    );
}

#[test]
fn the_link_checker_sees_a_broken_link() {
    let text = "See [a](docs/none.md), ![b](x.png \"t\") and `[c](d)`.\n```\n[e](f)\n```\n";
    let targets: Vec<String> = link_targets(text).into_iter().map(|(_, t)| t).collect();
    assert_eq!(targets, ["docs/none.md", "x.png"]);
    assert!(anchors("# The C++ side, fast!\n## Adding a game").contains("the-c-side-fast"));
    assert!(anchors("## Adding a game").contains("adding-a-game"));
}

#[test]
fn the_testing_section_gives_the_test_command_of_ci() {
    let ci = read(&root().join(".ci/run"));
    let test_lines: Vec<&str> = ci
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("cargo test"))
        .collect();
    assert!(!test_lines.is_empty(), ".ci/run runs no cargo test");
    let readme = read(&root().join("README.md"));
    let section = readme
        .split("\n## ")
        .find(|s| s.starts_with("Testing"))
        .expect("README.md has a \"## Testing\" section");
    for line in test_lines {
        // The command as CI runs it, without what it does with the output.
        let command = line.split(" 2>&1").next().unwrap_or(line).trim();
        assert!(
            section.contains(command),
            "README's Testing section should give `{command}`, the test command of .ci/run"
        );
    }
}

#[test]
fn the_command_line_section_names_every_subcommand() {
    let help = common::peakforge(&["--help"]);
    assert!(help.status.success());
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    let commands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .expect("--help lists the commands")
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 10, "commands found: {commands:?}");
    let readme = read(&root().join("README.md"));
    let section = readme
        .split("\n## ")
        .find(|s| s.starts_with("The command line"))
        .expect("README.md has a \"## The command line\" section");
    let missing: Vec<&&str> = commands
        .iter()
        .filter(|c| !section.contains(&format!("peakforge {c} ")))
        .collect();
    assert!(
        missing.is_empty(),
        "README's command line shows no example of: {missing:?}"
    );
}

#[test]
fn the_rules_and_the_design_it_cites_are_in_the_repository_as_the_team_wrote_them() {
    // README and messages cite RULES.md (PP-10, D-1, …) and DESIGN.md: both are in docs/, and,
    // where the team's shared copies are at hand, the same text.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in ["RULES.md", "DESIGN.md"] {
        let ours = std::fs::read_to_string(root.join("docs").join(name)).unwrap();
        assert!(ours.len() > 1000, "docs/{name}");
        if let Ok(shared) = std::fs::read_to_string(root.join("../shared").join(name)) {
            assert_eq!(
                ours, shared,
                "docs/{name} differs from ../shared/{name}: copy it again"
            );
        }
    }
}
