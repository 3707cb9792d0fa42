//! Each power's colour and tag: the classic colours for the standard powers' names, then a
//! palette chosen so that up to 40 powers stay apart (each next colour the farthest, in CIELAB,
//! from those before it, the land, the sea and the neutral grey), grey for neutral powers; and
//! on maps with many powers a short tag written on each unit, so that two close colours are
//! still told apart.

use diplo_map::{Map, PowerId};

/// The colour of neutral (unplayed) powers.
const NEUTRAL: &str = "#a6a6a6";

/// Colours for powers without a classic one, most distinct first: the first ten are the
/// classic seven and three more, the rest each the farthest from all before it (CIELAB
/// distance at least 21), none close to the red of failure marks.
const PALETTE: [&str; 42] = [
    "#d6453d", "#2b4aa8", "#3aa655", "#f2c12e", "#8e5bc0", "#5fb6e8", "#6b5a48", "#e8833a",
    "#d45d9e", "#2a9d8f", "#a5dc38", "#3838dc", "#dc38dc", "#828217", "#2a4c6f", "#ed9797",
    "#c2ed97", "#6f2a4d", "#d4a6dd", "#823b17", "#38dc53", "#97edd0", "#b62052", "#e5bd6c",
    "#2a6f41", "#388adc", "#821770", "#4c1782", "#38dca5", "#e5e56c", "#8420b6", "#be7855",
    "#b68420", "#4d8217", "#177082", "#6f632a", "#8e81cf", "#d16ce5", "#b6209d", "#412a6f",
    "#be5555", "#cfa881",
];

/// More playing powers than this get a tag on their units.
const TAGGED_ABOVE: usize = 9;

/// The classic colour of a standard power's name.
fn classic_colour(name: &str) -> Option<&'static str> {
    Some(match name.to_ascii_lowercase().as_str() {
        "austria" => "#d6453d",
        "england" | "britain" => "#2b4aa8",
        "france" => "#5fb6e8",
        "germany" => "#6b5a48",
        "italy" => "#3aa655",
        "russia" => "#8e5bc0",
        "turkey" => "#f2c12e",
        _ => return None,
    })
}

/// A power's colour: grey for a neutral power, the classic one for a standard power's name,
/// else the first palette colour no other power of the map has (in the map's power order), so
/// that no two playing powers share one while the palette lasts.
pub(crate) fn colour(map: &Map, p: PowerId) -> &'static str {
    let fixed = |i: usize| {
        let pw = &map.powers()[i];
        if pw.neutral {
            Some(NEUTRAL)
        } else {
            classic_colour(&pw.name)
        }
    };
    if let Some(c) = map.powers().get(p.index()).and_then(|_| fixed(p.index())) {
        return c;
    }
    let taken: Vec<&str> = (0..map.powers().len()).filter_map(fixed).collect();
    let mut free = PALETTE.iter().copied().filter(|c| !taken.contains(c));
    let mut mine = None;
    for i in 0..=p.index().min(map.powers().len().saturating_sub(1)) {
        if fixed(i).is_none() {
            mine = free.next();
        }
    }
    mine.unwrap_or(PALETTE[p.index() % PALETTE.len()])
}

/// The tag written on a power's units (and its legend swatch) on a map with more than nine
/// playing powers: the shortest start of its abbreviation no other power's starts alike
/// (`E` for Egypt, `BY` beside `BR`); `None` on a map with fewer powers, where the letter on
/// a unit is its kind (`A`, `F`).
pub(crate) fn tag(map: &Map, p: PowerId) -> Option<String> {
    let playing = map.powers().iter().filter(|pw| !pw.neutral).count();
    if playing <= TAGGED_ABOVE {
        return None;
    }
    let word = |i: usize| {
        let pw = &map.powers()[i];
        let a = if pw.abbreviation.is_empty() {
            &pw.name
        } else {
            &pw.abbreviation
        };
        a.to_uppercase()
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect::<Vec<char>>()
    };
    let mine = word(p.index());
    for len in 1..=mine.len() {
        let start = &mine[..len];
        let shared = (0..map.powers().len())
            .filter(|&i| i != p.index())
            .any(|i| word(i).get(..len) == Some(start));
        if !shared {
            return Some(start.iter().collect());
        }
    }
    Some(mine.iter().collect())
}

/// Black or white, whichever reads on `bg`.
pub(crate) fn ink(bg: &str) -> &'static str {
    let v =
        |i: usize| u32::from_str_radix(bg.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0) as f64;
    let l = 0.299 * v(1) + 0.587 * v(3) + 0.114 * v(5);
    if l > 140.0 {
        "#111"
    } else {
        "white"
    }
}
