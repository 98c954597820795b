//! The placement field of a Breakthrough or Seega position string (RULES.md BT-5, SG-7), written
//! independently of the library for the tests: rows of `W`/`B`/`.` in, ranks top first out,
//! runs of empty tiles as digits.

/// The placement field of `rows` (`rows[rank][file]`, rank 1 first; `.` is an empty tile).
pub fn placement(rows: &[Vec<char>]) -> String {
    let ranks: Vec<String> = rows
        .iter()
        .rev()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s.push(c);
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            s
        })
        .collect();
    ranks.join("/")
}
