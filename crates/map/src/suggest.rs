//! "Did you mean ...?": the nearest valid name to a misspelt one, for error messages.

/// The candidate nearest to `word` (case-insensitive edit distance), if it is near enough to be
/// a likely misspelling: at most a third of the word's length away (at least 1, at most 3).
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let w: Vec<char> = word.to_lowercase().chars().collect();
    let limit = (w.len() / 3).clamp(1, 3);
    candidates
        .into_iter()
        .map(|c| {
            (
                distance(&w, &c.to_lowercase().chars().collect::<Vec<_>>()),
                c,
            )
        })
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// ` (did you mean `X`?)`, or nothing.
pub fn hint<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    nearest(word, candidates).map_or_else(String::new, |c| format!(" (did you mean `{c}`?)"))
}

/// Levenshtein distance, one row at a time.
fn distance(a: &[char], b: &[char]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut row = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            row[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(row[j] + 1);
        }
        std::mem::swap(&mut prev, &mut row);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_near_names_only() {
        let names = ["convoy_paradox", "wrong_coast", "wrong_unit_type"];
        assert_eq!(nearest("wrong_coats", names), Some("wrong_coast"));
        assert_eq!(nearest("convoy_paradx", names), Some("convoy_paradox"));
        assert_eq!(nearest("xyz", names), None);
        assert_eq!(
            hint("English Chanel", ["English Channel", "Edinburgh"]),
            " (did you mean `English Channel`?)"
        );
    }
}
