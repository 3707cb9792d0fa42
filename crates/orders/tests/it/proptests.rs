//! Property tests: the parser never panics, whatever it is given, and every order written by
//! `Display` (short or full, with or without the power) parses back to the same order.

use crate::common;

use common::strategies::{any_order, power};
use common::{assert_round_trip, map};
use diplo_orders::{parse_order, parse_orders, Order};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// Never panics
// ---------------------------------------------------------------------------------------------

/// Order-like tokens: keywords, unit types, names of provinces, coasts and powers, symbols.
fn token() -> impl Strategy<Value = String> {
    let m = map();
    let mut words: Vec<String> = [
        "A",
        "F",
        "army",
        "fleet",
        "H",
        "holds",
        "stand",
        "S",
        "supports",
        "support",
        "C",
        "convoys",
        "convoy",
        "R",
        "retreats",
        "to",
        "D",
        "disband",
        "remove",
        "B",
        "build",
        "waive",
        "decline",
        "via",
        "by",
        "move",
        "moves",
        "m",
        "coast",
        "nc",
        "sc",
        "ec",
        "north",
        "(nc)",
        "/sc",
        "north coast",
        "-",
        "->",
        "=>",
        "→",
        "–",
        "/",
        "(",
        ")",
        ":",
        "#",
        ".",
        "St.",
        "..",
        "?",
        "ä",
        "☃",
        "\u{0}",
        "\t",
        "\r",
        "\n",
        "",
        "  ",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for p in m.provinces() {
        words.push(p.name.clone());
        words.push(p.full_name.clone());
        words.extend(p.aliases.iter().cloned());
        for c in &p.coasts {
            words.push(c.name.clone());
            words.push(c.full_name.clone());
        }
    }
    for p in m.powers() {
        words.push(p.name.clone());
        words.push(p.adjective.clone());
        words.push(p.abbreviation.clone());
        words.push(format!("{}:", p.abbreviation));
    }
    prop_oneof![
        8 => proptest::sample::select(words),
        1 => "\\PC{1,6}",
        1 => "[a-z]{1,4}",
    ]
}

fn separator() -> impl Strategy<Value = &'static str> {
    proptest::sample::select(vec![" ", " ", " ", "", "  ", "/", "-", "\n"])
}

/// A line built from order-like tokens.
fn order_like() -> impl Strategy<Value = String> {
    proptest::collection::vec((token(), separator()), 0..12).prop_map(|parts| {
        let mut s = String::new();
        for (t, sep) in parts {
            s.push_str(&t);
            s.push_str(sep);
        }
        s
    })
}

/// Checks one input: no panic, and any order read from it is written back and read back the same.
fn check(text: &str) {
    let m = map();
    match parse_order(m, text) {
        Ok((power, order)) => assert_round_trip(&order, power),
        Err(e) => {
            assert!(e.column >= 1, "{e:?}");
            assert!(
                e.column <= text.chars().count() + 1,
                "column past the end: {e:?}"
            );
            assert!(!e.message.is_empty());
        }
    }
    let (lines, errors) = parse_orders(m, text);
    let nonblank = diplo_orders::text_lines(text)
        .filter(|l| !l.trim().is_empty())
        .count();
    assert!(lines.len() + errors.len() <= nonblank);
    for l in &lines {
        assert_round_trip(&l.order, l.power);
    }
    for e in &errors {
        assert!(e.line >= 1 && e.line <= diplo_orders::text_lines(text).count());
        assert!(
            e.column >= 1 && e.column <= e.text.chars().count() + 1,
            "{e:?}"
        );
    }
}

proptest! {
    #![proptest_config(common::cases(2000))]

    #[test]
    fn never_panics_on_any_string(text in any::<String>()) {
        check(&text);
    }

    #[test]
    fn never_panics_on_printable_unicode(text in "\\PC{0,80}") {
        check(&text);
    }

    #[test]
    fn never_panics_on_order_like_tokens(text in order_like()) {
        check(&text);
    }

    #[test]
    fn never_panics_on_order_like_files(lines in proptest::collection::vec(order_like(), 0..6)) {
        check(&lines.join("\n"));
    }
}

// ---------------------------------------------------------------------------------------------
// A file reads as its lines
// ---------------------------------------------------------------------------------------------

/// A file of order-like lines, headers, comments and blank lines, with every kind of line end
/// (and sometimes a byte-order mark).
fn file_like() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        4 => order_like(),
        1 => proptest::sample::select(vec!["England:", "Utopia:", "", "  # note", "ENG: A"])
            .prop_map(str::to_string),
        1 => order_like().prop_map(|l| format!("{l}# comment - bur")),
    ];
    let end = proptest::sample::select(vec!["\n", "\r\n", "\r", "\n\n", ""]);
    (any::<bool>(), proptest::collection::vec((line, end), 0..8)).prop_map(|(bom, lines)| {
        let mut s = if bom {
            "\u{feff}".to_string()
        } else {
            String::new()
        };
        for (l, e) in lines {
            s.push_str(&l);
            s.push_str(e);
        }
        s
    })
}

proptest! {
    #![proptest_config(common::cases(2000))]

    /// `parse_orders` splits a file as `text_lines` does and reads each line as it reads that
    /// line alone: the same orders and texts, the same errors at the same places (the powers of
    /// headers aside).
    #[test]
    fn a_file_reads_as_its_lines_one_by_one(text in file_like()) {
        let m = map();
        let (lines, errors) = parse_orders(m, &text);
        let (mut want_lines, mut want_errors) = (Vec::new(), Vec::new());
        for (k, line) in diplo_orders::text_lines(&text).enumerate() {
            let (l, e) = parse_orders(m, line);
            want_lines.extend(l.into_iter().map(|o| (k + 1, o.order, o.text.to_string())));
            want_errors.extend(e.into_iter().map(|e| (k + 1, e.column, e.message, e.text)));
        }
        let got_lines: Vec<_> =
            lines.into_iter().map(|o| (o.line, o.order, o.text.to_string())).collect();
        let got_errors: Vec<_> =
            errors.into_iter().map(|e| (e.line, e.column, e.message, e.text)).collect();
        prop_assert_eq!(got_lines, want_lines);
        prop_assert_eq!(got_errors, want_errors);
    }
}

proptest! {
    #![proptest_config(common::cases(2000))]

    /// `parse_phase_orders_into` gives the orders with a power of `parse_orders`, and its
    /// errors with one more for each order without a power, in line order; the same with
    /// lists reused from another file.
    #[test]
    fn a_phase_reads_as_the_file_does(text in file_like(), header in power(), other in file_like()) {
        let m = map();
        let text = match header {
            Some(h) => format!("{}:\n{text}", m.power(h).name),
            None => text,
        };
        let (lines, errors) = parse_orders(m, &text);
        let want_orders: Vec<_> =
            lines.iter().filter_map(|l| Some((l.power?, l.order.clone()))).collect();
        let mut want_errors: Vec<_> =
            errors.iter().map(|e| (e.line, e.column, e.text.clone())).collect();
        let lines_of: Vec<&str> = diplo_orders::text_lines(&text).collect();
        for l in lines.iter().filter(|l| l.power.is_none()) {
            let line = lines_of[l.line - 1];
            let column = line[..line.find(l.text.as_str()).unwrap()].chars().count() + 1;
            want_errors.push((l.line, column, line.to_string()));
        }
        want_errors.sort_by_key(|e| e.0);
        let (mut orders, mut errors) = (Vec::new(), Vec::new());
        diplo_orders::parse_phase_orders_into(m, &other, &mut orders, &mut errors);
        diplo_orders::parse_phase_orders_into(m, &text, &mut orders, &mut errors);
        prop_assert_eq!(orders, want_orders);
        for e in errors.iter().filter(|e| e.message.starts_with("no power")) {
            prop_assert!(e.message.contains("add a header line like `England:`"), "{:?}", e);
        }
        let got_errors: Vec<_> = errors.into_iter().map(|e| (e.line, e.column, e.text)).collect();
        prop_assert_eq!(got_errors, want_errors);
    }
}

#[test]
fn huge_inputs() {
    let m = map();
    let big = "A par - ".to_string() + &"bur - ".repeat(100_000) + "mar";
    let (_, order) = parse_order(m, &big).expect("a long convoy path is still an order");
    match order {
        Order::Move { path, .. } => assert_eq!(path.len(), 100_000),
        other => panic!("{other:?}"),
    }
    let junk = "ä☃(".repeat(100_000);
    assert!(parse_order(m, &junk).is_err());
    let file = "England:\nA lvp - yor\n".repeat(20_000);
    let (lines, errors) = parse_orders(m, &file);
    assert_eq!((lines.len(), errors.len()), (20_000, 0));
    let words = "North ".repeat(100_000);
    assert!(parse_order(m, &words).is_err());
}

// ---------------------------------------------------------------------------------------------
// Round trip of random valid orders
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(common::cases(3000))]

    #[test]
    fn display_parses_back(order in any_order(), power in power()) {
        assert_round_trip(&order, power);
    }

    #[test]
    fn display_parses_back_as_a_file(
        orders in proptest::collection::vec((any_order(), power()), 0..8),
        header in power(),
    ) {
        let m = map();
        let mut text = String::new();
        if let Some(h) = header {
            text.push_str(&format!("{}:\n", m.power(h).name));
        }
        for (i, (o, p)) in orders.iter().enumerate() {
            let line = if i % 2 == 0 { o.display(m).with_power(*p).to_string() } else { o.display(m).with_power(*p).full().to_string() };
            text.push_str(&format!("{line}  # order {i}\n\n"));
        }
        let (lines, errors) = parse_orders(m, &text);
        prop_assert!(errors.is_empty(), "{:?}", errors);
        let got: Vec<_> = lines.into_iter().map(|l| (l.order, l.power)).collect();
        let want: Vec<_> = orders.into_iter().map(|(o, p)| (o, p.or(header))).collect();
        prop_assert_eq!(got, want);
    }
}

// ---------------------------------------------------------------------------------------------
// Colonial's railroad moves and canal permissions
// ---------------------------------------------------------------------------------------------

fn colonial() -> &'static diplo_map::Map {
    static MAP: std::sync::OnceLock<diplo_map::Map> = std::sync::OnceLock::new();
    MAP.get_or_init(|| diplo_map::Map::embedded("colonial").unwrap().unwrap())
}

fn colonial_place() -> impl Strategy<Value = diplo_orders::Place> {
    (0..colonial().provinces().len() as u32)
        .prop_map(|p| diplo_orders::Place::new(diplo_map::ProvinceId(p)))
}

fn colonial_order() -> impl Strategy<Value = Order> {
    let kind = proptest::option::of(prop_oneof![
        Just(diplo_map::UnitKind::Army),
        Just(diplo_map::UnitKind::Fleet)
    ]);
    let power =
        proptest::option::of((0..colonial().powers().len() as u8).prop_map(diplo_map::PowerId));
    prop_oneof![
        (kind.clone(), colonial_place(), colonial_place()).prop_map(|(kind, place, to)| {
            Order::RailMove {
                unit: diplo_orders::UnitRef { kind, place },
                railroad: 0,
                to,
            }
        }),
        (power, kind, colonial_place(), colonial_place()).prop_map(|(power, kind, place, to)| {
            Order::Permit {
                fleet: diplo_orders::OtherUnit { power, kind, place },
                to,
            }
        }),
    ]
}

proptest! {
    #![proptest_config(common::cases(1000))]

    #[test]
    fn colonial_orders_display_parses_back(order in colonial_order()) {
        let m = colonial();
        for text in [order.display(m).to_string(), order.display(m).full().to_string()] {
            let got = parse_order(m, &text).map(|(_, o)| o);
            prop_assert_eq!(got.as_ref(), Ok(&order), "{}", text);
        }
    }
}
