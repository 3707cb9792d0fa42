//! How wide a text is in DejaVu Sans, near enough to place it (labels) and to wrap it (the
//! legend): advance widths in ems, wider for bold.

/// The advance width of a character in DejaVu Sans, in ems (rounded up).
fn advance(c: char) -> f64 {
    match c {
        'I' | 'J' | 'i' | 'j' | 'l' | '\'' | '|' => 0.32,
        ' ' | '.' | ',' | ':' | ';' | '!' => 0.33,
        'f' | 't' | 'r' | '(' | ')' | '-' | '/' => 0.42,
        'F' | 'L' | 'T' | 'Y' | 'Z' | 'P' | 'E' | 'S' | '0'..='9' => 0.66,
        'M' => 0.87,
        'W' => 1.0,
        'm' | 'w' | '—' | '✕' | '→' | '⬡' => 0.98,
        'a'..='z' => 0.63,
        _ => 0.79,
    }
}

/// The width of `text` at font `size` (pixels), bold or not.
pub(crate) fn width(text: &str, size: f64, bold: bool) -> f64 {
    let w: f64 = text.chars().map(advance).sum();
    w * size * if bold { 1.1 } else { 1.0 }
}

/// `text` broken at spaces into lines no wider than `max` (a word wider than `max` gets a line
/// of its own).
pub(crate) fn wrap(text: &str, size: f64, bold: bool, max: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let tried = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if width(&tried, size, bold) <= max || line.is_empty() {
            line = tried;
        } else {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        }
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_text_wraps_at_spaces_within_the_width() {
        let lines = wrap(
            "Known World 901 — Spring 901 Movement — ruleset datc",
            16.0,
            true,
            200.0,
        );
        assert!(lines.len() >= 3, "{lines:?}");
        assert!(
            lines.iter().all(|l| width(l, 16.0, true) <= 200.0),
            "{lines:?}"
        );
        assert_eq!(
            lines.join(" "),
            "Known World 901 — Spring 901 Movement — ruleset datc"
        );
    }
}
