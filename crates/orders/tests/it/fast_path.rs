//! `parse_orders` reads the common lines (`A par H`, `F lon S A wal - yor`, `ENG: F nth C A
//! lon - nwy`, ...) on a fast path of their own: every line of a file must read as
//! `parse_order` (the general parser alone) reads it, order, power and error alike.

use diplo_orders::{parse_order, parse_orders};

use crate::common::map;

/// The tests' shared generator: the same lines on every run.
use diplo_testkit::Rng;

/// Words for a place: the map's names in several cases, and words that are not names.
fn place_words() -> Vec<String> {
    let mut words = Vec::new();
    for p in map().provinces() {
        words.push(p.name.clone());
        words.push(p.name.to_uppercase());
        words.push(p.full_name.clone());
        words.push(p.full_name.to_lowercase());
    }
    for w in [
        "h", "s", "c", "sc", "north", "coast", "eng", "England", "via", "to", "xyz", "1",
    ] {
        words.push(w.to_string());
    }
    words
}

/// What may follow a province: nothing, or a coast written in one of the ways.
fn coast_suffixes() -> Vec<String> {
    let mut out = vec![String::new(); 12];
    for c in ["nc", "sc", "ec", "NC", "xx", "north coast", "north"] {
        out.push(format!("/{c}"));
        out.push(format!("({c})"));
        out.push(format!(" {c}"));
    }
    out
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// One line made from `template`, its `{}` filled in turn: `K` a unit type (or none), `P` a
/// place with a coast perhaps, `W` a power word (or none), anything else as written.
fn line(rng: &mut Rng, template: &str, pools: &Pools) -> String {
    let mut out = String::new();
    for part in template.split(' ') {
        let word = match part {
            "K" => rng.pick(&pools.kinds).to_string(),
            "P" => format!("{}{}", rng.pick(&pools.places), rng.pick(&pools.coasts)),
            "W" => rng.pick(&pools.powers).to_string(),
            other => other.to_string(),
        };
        if !word.is_empty() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&word);
        }
    }
    out
}

struct Pools {
    kinds: Vec<String>,
    places: Vec<String>,
    coasts: Vec<String>,
    powers: Vec<String>,
}

const TEMPLATES: &[&str] = &[
    "K P",
    "K P H",
    "K P - P",
    "K P S K P",
    "K P S K P H",
    "K P S K P - P",
    "K P S W K P - P",
    "K P C K P - P",
    "B K P",
    "Build K P",
    "K P D",
    "Disband K P",
    "K P R P",
    "K P retreat to P",
    "W: K P H",
    "W: K P - P S",
    "W: K P - P",
    "W: K P -> P",
    "W: K P holds",
    "K P -> P",
    "W: K P S K P - P",
    "W: K P C K P - P",
    "K P - P via convoy",
    "K P - P by convoy",
    "K P - P via",
    "K P - P by",
    "W: K P -> P via convoy",
    "K P S W K P",
    "K P S W K P H",
    "K P S W K P -> P",
    "W: K P C W K P - P",
    "waive",
    "Build waive",
    "waive build",
    "Decline K P",
    "W: decline",
];

#[test]
fn common_lines_read_as_the_general_parser_reads_them() {
    let m = map();
    let pools = Pools {
        kinds: strings(&["A", "F", "a", "f", "Army", "", ""]),
        places: place_words(),
        coasts: coast_suffixes(),
        powers: strings(&["ENG", "eng", "England", "English", "Fra", "xx", ""]),
    };
    let mut rng = Rng::new(12);
    let lines: Vec<String> = (0..20_000)
        .map(|k| line(&mut rng, TEMPLATES[k % TEMPLATES.len()], &pools))
        .collect();
    let (read, errors) = parse_orders(m, &lines.join("\n"));
    let (mut read, mut errors) = (read.into_iter().peekable(), errors.into_iter().peekable());
    let mut orders = 0;
    for (k, text) in lines.iter().enumerate() {
        let n = k + 1;
        match parse_order(m, text) {
            Ok((power, order)) => {
                let got = read.next_if(|l| l.line == n).expect(text);
                assert_eq!((got.power, &got.order), (power, &order), "{text}");
                assert_eq!(got.text, text.trim(), "{text}");
                orders += 1;
            }
            Err(e) => {
                let got = errors.next_if(|e| e.line == n).expect(text);
                assert_eq!((got.column, &got.message), (e.column, &e.message), "{text}");
            }
        }
    }
    assert!(read.next().is_none() && errors.next().is_none());
    // The lines are not all errors: the comparison reads orders of every shape.
    assert!(orders > 5_000, "{orders} orders read");
}

/// `parse_orders_into` clears the caller's lists and fills them as `parse_orders` fills its
/// own.
#[test]
fn parse_orders_into_reuses_the_callers_lists() {
    let map = map();
    let first = "England:\nF lon H\nF North Atlantic Ocean Convoys A Clyde - Norway\nxyz\n";
    let second = "France:\nA par - bur\n";
    let (mut lines, mut errors) = (Vec::new(), Vec::new());
    diplo_orders::parse_orders_into(map, first, &mut lines, &mut errors);
    assert_eq!((lines.clone(), errors.clone()), parse_orders(map, first));
    assert_eq!(
        lines[1].text,
        "F North Atlantic Ocean Convoys A Clyde - Norway"
    );
    assert_eq!(errors.len(), 1);
    diplo_orders::parse_orders_into(map, second, &mut lines, &mut errors);
    assert_eq!((lines, errors), parse_orders(map, second));
}

/// `parse_phase_orders_into` writes holds and moves over the orders a file before left in the
/// list (field by field when of the same kind): every pair of files reads as the second alone.
#[test]
fn parse_phase_orders_into_overwrites_the_last_files_orders() {
    let map = map();
    let files = [
        "England:\nF lon H\nA lvp - yor\nF edi - nth\n",
        "Russia:\nF stp/sc H\nF stp/nc - bar\nA mos - stp\nF sev H\n",
        "Spain: A spa/xx H\nFrance:\nF bre - spa/nc\nA par - bur - mar\nA mar - spa via convoy\n",
        "France:\nA par H\nA mar H\nF bre H\nF mao - spa/sc\nF wes - spa(nc)\n",
        "Italy:\nA ven - tri\nF nap S A ven - tri\nA rom H\n",
        "",
    ];
    for first in files {
        for second in files {
            let (mut orders, mut errors) = (Vec::new(), Vec::new());
            diplo_orders::parse_phase_orders_into(map, first, &mut orders, &mut errors);
            diplo_orders::parse_phase_orders_into(map, second, &mut orders, &mut errors);
            let (lines, want_errors) = parse_orders(map, second);
            let want: Vec<_> = lines
                .into_iter()
                .filter_map(|l| Some((l.power?, l.order)))
                .collect();
            assert_eq!(orders, want, "{first:?} then {second:?}");
            assert_eq!(errors.len(), want_errors.len(), "{second:?}");
        }
    }
}

/// The lines read without tokens (`A vie H`, `A vie - gal`, `England:`, `F nth S A bel`, `A
/// mar S A par - bur`, `F nth C A lon - nwy`) and their near misses
/// (other spacing, coasts, long words, keywords in the unit's place, unknown names, other line
/// ends) read as the general parser reads them, power and text included.
#[test]
fn the_simplest_lines_read_as_the_general_parser_reads_them() {
    let m = map();
    let lines = [
        "A vie H",
        "a VIE h",
        "Army vie Holds",
        "F stp H",
        "F stp/sc H",
        "F stp sc H",
        "A vie",
        "A vie H x",
        "A vie  H",
        "A vie H ",
        " A vie H",
        "A vie - gal",
        "A vie -> gal",
        "A vie ->gal",
        "A vie -> gal -> boh",
        "Austria: A vie holds",
        "Austria: F tri S A vie",
        "Austria: F tri S A vie - gal",
        "ENG: F nth C A lon - nwy",
        "ENG: F nth C A lon - nwy - x",
        "ENG: F nth Supports A yor",
        "Austria: A vie -> gal",
        "AUS: F tri - alb",
        "aus: F stp/sc H",
        "Austria:  A vie H",
        "Austria: England: A vie H",
        "Austrian: A vie H",
        "Xyz: A vie H",
        "Austria: Build A vie",
        "Austria: A vie",
        "F bre - spa",
        "F bre - spa/nc",
        "A vie -gal",
        "A vie- gal",
        "A vie - gal H",
        "A vie - xyz",
        "A xyz H",
        "A vie - Mid-Atlantic Ocean",
        "F North Sea - nwy",
        "F nth - North Sea",
        "B A par",
        "D A par",
        "A par D",
        "Build A par",
        "A par R bur",
        "A par B",
        "A par - bur - mar",
        "A12345678 H",
        "A par1 H",
        "F nth - ENG",
        "ENG - lon",
        "vie H",
        "H vie H",
        "Austria:",
        "austria:",
        "Austria :",
        "Austria: ",
        "Xyzzy:",
        "Austria:x",
        "A vie: H",
        "England: F lon H",
        "A vie h\u{e9}",
        "F nth S A bel",
        "A mar S A par - bur",
        "F eng C A lon - pic",
        "F nth S A bel H",
        "F nth S bel",
        "F nth S ENG A bel",
        "F nth S A stp/sc",
        "F spa S A mar",
        "F nth C A lon",
        "F nth C A lon - pic x",
        "F nth S Army bel",
        "F nth s a bel - hol",
        "F nth S F nwg - stp/nc",
        "F nth S c A bel",
        "F nth S A bel - spa",
        "F nth S Eng bel",
        "F nth S A bel -",
        "F nth C A lon - nwy - x",
        "F nth S A bel-hol",
        "F nth supports A bel",
        "F nth convoys A lon - nwy",
        "F nth S A North Sea - hol",
        "F nth S A mid - hol",
        "F nth S A bel - mid",
    ];
    for end in ["\n", "\r\n", "\r"] {
        let text = lines.join(end);
        let (read, errors) = parse_orders(m, &text);
        let (mut read, mut errors) = (read.into_iter().peekable(), errors.into_iter().peekable());
        let mut current = None;
        for (k, line) in lines.iter().enumerate() {
            let n = k + 1;
            if let Some(got) = read.next_if(|l| l.line == n) {
                let (power, order) = parse_order(m, line).expect(line);
                assert_eq!(got.order, order, "{line:?}");
                assert_eq!(got.power, power.or(current), "{line:?}");
                assert_eq!(got.text, line.trim(), "{line:?}");
            } else if let Some(got) = errors.next_if(|e| e.line == n) {
                assert_eq!(got.text, *line);
                if line.ends_with(':') {
                    current = None;
                }
            } else {
                let header = m.power_by_name(line.trim().trim_end_matches(':').trim());
                assert!(header.is_some(), "{line:?} read as nothing");
                current = header;
            }
        }
        assert!(read.next().is_none() && errors.next().is_none());
    }
}
