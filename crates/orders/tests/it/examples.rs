//! Specific readings: each notation, coast form and keyword, and what the parser keeps as written.

use crate::common;

use common::{assert_round_trip, coast, map, order, parse, place, power, prov, unknown_coast};
use diplo_map::UnitKind::{Army, Fleet};
use diplo_orders::{parse_orders, Order, OtherUnit, Place, UnitRef};
use rstest::rstest;

fn unit(kind: Option<diplo_map::UnitKind>, place: Place) -> UnitRef {
    UnitRef { kind, place }
}
fn a(name: &str) -> UnitRef {
    unit(Some(Army), place(name))
}
fn f(name: &str) -> UnitRef {
    unit(Some(Fleet), place(name))
}
fn other(kind: Option<diplo_map::UnitKind>, name: &str) -> OtherUnit {
    OtherUnit {
        power: None,
        kind,
        place: place(name),
    }
}
fn mv(unit: UnitRef, to: Place) -> Order {
    Order::Move {
        unit,
        to,
        via_convoy: false,
        path: vec![],
    }
}
fn mv_via(unit: UnitRef, to: Place) -> Order {
    Order::Move {
        unit,
        to,
        via_convoy: true,
        path: vec![],
    }
}

#[rstest]
#[case("F Gascony - Spain(nc)")]
#[case("F Gascony - Spain (nc)")]
#[case("F gas - spa/nc")]
#[case("F gas - spa / nc")]
#[case("F gas - SPA/NC")]
#[case("F Gascony - Spain(north coast)")]
#[case("F Gascony - Spain (North Coast)")]
#[case("F Gascony - Spain/north coast")]
#[case("F Gascony - Spain north coast")]
#[case("F Gascony - Spain nc")]
#[case("F Gascony - Spain(n.c.)")]
#[case("f gascony -> spain(nc)")]
fn known_coast(#[case] text: &str) {
    assert_eq!(order(text), mv(f("gas"), coast("spa", "nc")));
}

#[rstest]
#[case("F Portugal(nc) H", "por", "nc")]
#[case("F por/nc H", "por", "nc")]
#[case("F Portugal (NC) Holds", "por", "nc")]
#[case("F Portugal north coast H", "por", "north coast")]
#[case("F Portugal(north coast) H", "por", "north coast")]
#[case("F por/north coast H", "por", "north coast")]
#[case("F Spain(ec) H", "spa", "ec")]
#[case("F Spain(east  coast) H", "spa", "east coast")]
#[case("F spa/wc H", "spa", "wc")]
fn unknown_coast_is_kept(#[case] text: &str, #[case] prov: &str, #[case] c: &str) {
    let o = order(text);
    assert_eq!(
        o,
        Order::Hold {
            unit: unit(Some(Fleet), unknown_coast(prov, c))
        }
    );
    assert_round_trip(&o, None);
}

#[rstest]
#[case("F stp/sc - bot")]
#[case("F stp(sc) - bot")]
#[case("F St Petersburg(sc) - Gulf of Bothnia")]
#[case("F St. Petersburg (south coast) - Gulf of Bothnia")]
#[case("F Saint Petersburg south coast - bothnia")]
fn st_petersburg(#[case] text: &str) {
    let want = mv(unit(Some(Fleet), coast("stp", "sc")), place("bot"));
    assert_eq!(order(text), want);
}

#[rstest]
#[case("A par - bur")]
#[case("A par -> bur")]
#[case("A par => bur")]
#[case("A par → bur")]
#[case("A par-bur")]
#[case("A par–bur")]
#[case("A Paris - Burgundy")]
#[case("a PARIS - burgundy.")]
#[case("A par move bur")]
#[case("A par moves to bur")]
#[case("Army par - bur")]
fn moves(#[case] text: &str) {
    assert_eq!(order(text), mv(a("par"), place("bur")));
}

#[test]
fn godip_words_without_type() {
    assert_eq!(
        order("gas move spa/nc"),
        mv(unit(None, place("gas")), coast("spa", "nc"))
    );
    assert_eq!(
        order("stp/sc move bot"),
        mv(unit(None, coast("stp", "sc")), place("bot"))
    );
    assert_eq!(
        order("bud move ser"),
        mv(unit(None, place("bud")), place("ser"))
    );
}

#[test]
fn multi_word_names() {
    assert_eq!(
        order("F North Atlantic Ocean - Mid-Atlantic Ocean"),
        mv(f("nao"), place("mao"))
    );
    assert_eq!(order("F mid-atlantic - nat"), mv(f("mao"), place("nao")));
    assert_eq!(
        order("F mid atlantic ocean - north atlantic"),
        mv(f("mao"), place("nao"))
    );
    assert_eq!(
        order("F Gulf of Lyon - Western Mediterranean"),
        mv(f("lyo"), place("wes"))
    );
    assert_eq!(
        order("F English Channel Holds"),
        Order::Hold { unit: f("eng") }
    );
    assert_eq!(
        order("F Eastern Mediterranean-Ionian Sea"),
        mv(f("eas"), place("ion"))
    );
    assert_eq!(
        order("A Edinburgh - St. Petersburg"),
        mv(a("edi"), place("stp"))
    );
}

#[rstest]
#[case("A par H")]
#[case("A par h")]
#[case("A par hold")]
#[case("A par holds")]
#[case("A par stands")]
#[case("A Paris Holds")]
#[case("A par")]
fn holds(#[case] text: &str) {
    assert_eq!(order(text), Order::Hold { unit: a("par") });
}

#[test]
fn hold_without_type() {
    assert_eq!(
        order("par hold"),
        Order::Hold {
            unit: unit(None, place("par"))
        }
    );
    assert_eq!(
        order("Paris"),
        Order::Hold {
            unit: unit(None, place("par"))
        }
    );
}

#[rstest]
#[case("A Yorkshire - Holland via convoy")]
#[case("A yor - hol VIA")]
#[case("A yor - hol via")]
#[case("A yor - hol by convoy")]
#[case("A yor - hol via c")]
#[case("yor move hol via convoy")]
fn via_convoy(#[case] text: &str) {
    let o = order(text);
    let want_kind = if text.starts_with("A ") {
        Some(Army)
    } else {
        None
    };
    assert_eq!(o, mv_via(unit(want_kind, place("yor")), place("hol")));
}

#[test]
fn convoy_path() {
    assert_eq!(
        order("A yor - nth - hol"),
        Order::Move {
            unit: a("yor"),
            to: place("hol"),
            via_convoy: false,
            path: vec![prov("nth")]
        }
    );
    assert_eq!(
        order("A Yorkshire - North Sea - Helgoland Bight - Kiel via convoy"),
        Order::Move {
            unit: a("yor"),
            to: place("kie"),
            via_convoy: true,
            path: vec![prov("nth"), prov("hel")]
        }
    );
    assert_eq!(
        order("A yor - nth - hol").display(map()).to_string(),
        "A yor - nth - hol"
    );
}

#[test]
fn supports() {
    let want = Order::SupportMove {
        unit: f("lon"),
        supported: other(Some(Army), "yor"),
        to: place("wal"),
    };
    assert_eq!(order("F lon S A yor - wal"), want);
    assert_eq!(order("F London Supports A Yorkshire - Wales"), want);
    assert_eq!(order("F lon support A yor move wal"), want);
    assert_eq!(
        order("F lon S F nth"),
        Order::SupportHold {
            unit: f("lon"),
            supported: other(Some(Fleet), "nth")
        }
    );
    assert_eq!(
        order("F lon S F nth H"),
        Order::SupportHold {
            unit: f("lon"),
            supported: other(Some(Fleet), "nth")
        }
    );
    assert_eq!(
        order("F Kiel Supports F Berlin"),
        Order::SupportHold {
            unit: f("kie"),
            supported: other(Some(Fleet), "ber")
        }
    );
    assert_eq!(
        order("F Kiel Supports Berlin"),
        Order::SupportHold {
            unit: f("kie"),
            supported: other(None, "ber")
        }
    );
    assert_eq!(
        order("bel support mun move bur"),
        Order::SupportMove {
            unit: unit(None, place("bel")),
            supported: other(None, "mun"),
            to: place("bur")
        }
    );
    assert_eq!(
        order("hol support bel"),
        Order::SupportHold {
            unit: unit(None, place("hol")),
            supported: other(None, "bel")
        }
    );
}

#[rstest]
#[case("A Smyrna Supports Russian A Armenia - Ankara")]
#[case("A Smyrna Supports Russia A Armenia - Ankara")]
#[case("A smy S RUS A arm - ank")]
#[case("A smy S rus army arm - ank")]
fn support_nationality(#[case] text: &str) {
    let want = Order::SupportMove {
        unit: a("smy"),
        supported: OtherUnit {
            power: Some(power("Russia")),
            kind: Some(Army),
            place: place("arm"),
        },
        to: place("ank"),
    };
    assert_eq!(order(text), want);
    assert_eq!(want.display(map()).to_string(), "A smy S RUS A arm - ank");
    assert_eq!(
        want.display(map()).full().to_string(),
        "A Smyrna Supports Russian A Armenia - Ankara"
    );
}

/// `eng` is both England's abbreviation and the English Channel: the readings are tried in turn.
#[test]
fn power_or_province() {
    let eng = power("England");
    let sup = |p, kind| Order::SupportHold {
        unit: f("lon"),
        supported: OtherUnit {
            power: p,
            kind,
            place: place("eng"),
        },
    };
    assert_eq!(order("F lon S eng"), sup(None, None));
    assert_eq!(order("F lon S ENG eng"), sup(Some(eng), None));
    assert_eq!(order("F lon S ENG F eng"), sup(Some(eng), Some(Fleet)));
    assert_eq!(order("F lon S F eng"), sup(None, Some(Fleet)));
    assert_eq!(order("F London Supports English Channel"), sup(None, None));
    assert_eq!(
        order("F London Supports English English Channel"),
        sup(Some(eng), None)
    );
    assert_eq!(
        order("F London Supports English F English Channel"),
        sup(Some(eng), Some(Fleet))
    );
    assert_eq!(
        order("F lon S eng - nth"),
        Order::SupportMove {
            unit: f("lon"),
            supported: other(None, "eng"),
            to: place("nth")
        }
    );
    assert_eq!(
        order("F lon S ENG eng - nth"),
        Order::SupportMove {
            unit: f("lon"),
            supported: OtherUnit {
                power: Some(eng),
                kind: None,
                place: place("eng")
            },
            to: place("nth")
        }
    );
}

#[test]
fn convoys() {
    let want = Order::Convoy {
        unit: f("nth"),
        army: other(Some(Army), "lon"),
        to: place("bel"),
    };
    assert_eq!(order("F nth C A lon - bel"), want);
    assert_eq!(order("F North Sea Convoys A London - Belgium"), want);
    assert_eq!(order("F nth convoy A lon -> bel"), want);
    assert_eq!(
        order("nth convoy lon move bel"),
        Order::Convoy {
            unit: unit(None, place("nth")),
            army: other(None, "lon"),
            to: place("bel")
        }
    );
    assert_eq!(
        order("F Eng C French A Pic-Bel"),
        Order::Convoy {
            unit: f("eng"),
            army: OtherUnit {
                power: Some(power("France")),
                kind: Some(Army),
                place: place("pic")
            },
            to: place("bel")
        }
    );
}

#[rstest]
#[case("F Trieste - Albania", mv(f("tri"), place("alb")))]
#[case("F tri R alb", Order::Retreat { unit: f("tri"), to: place("alb") })]
#[case("F tri r alb", Order::Retreat { unit: f("tri"), to: place("alb") })]
#[case("F tri retreat alb", Order::Retreat { unit: f("tri"), to: place("alb") })]
#[case("F Trieste Retreats to Albania", Order::Retreat { unit: f("tri"), to: place("alb") })]
#[case("F Trieste retreats Albania", Order::Retreat { unit: f("tri"), to: place("alb") })]
fn retreats(#[case] text: &str, #[case] want: Order) {
    assert_eq!(order(text), want);
}

#[rstest]
#[case("Disband F North Sea", Order::Disband { unit: f("nth") })]
#[case("F nth D", Order::Disband { unit: f("nth") })]
#[case("F nth disband", Order::Disband { unit: f("nth") })]
#[case("nth disband", Order::Disband { unit: unit(None, place("nth")) })]
#[case("D F nth", Order::Disband { unit: f("nth") })]
#[case("Remove A Paris", Order::Disband { unit: a("par") })]
#[case("remove par", Order::Disband { unit: unit(None, place("par")) })]
#[case("Build A Paris", Order::Build { unit: a("par") })]
#[case("B A par", Order::Build { unit: a("par") })]
#[case("build Army ank", Order::Build { unit: a("ank") })]
#[case("Build Paris", Order::Build { unit: unit(None, place("par")) })]
#[case("B par", Order::Build { unit: unit(None, place("par")) })]
#[case("A par B", Order::Build { unit: a("par") })]
#[case("Build F St Petersburg(nc)", Order::Build { unit: unit(Some(Fleet), coast("stp", "nc")) })]
#[case("build Fleet stp/nc", Order::Build { unit: unit(Some(Fleet), coast("stp", "nc")) })]
#[case("B F stp/nc", Order::Build { unit: unit(Some(Fleet), coast("stp", "nc")) })]
#[case("Build F St Petersburg", Order::Build { unit: f("stp") })]
#[case("Build waive", Order::Decline)]
#[case("build WAIVE", Order::Decline)]
#[case("B waive", Order::Decline)]
#[case("Waive", Order::Decline)]
#[case("Decline", Order::Decline)]
#[case("Decline build", Order::Decline)]
#[case("Build decline", Order::Decline)]
fn adjustments(#[case] text: &str, #[case] want: Order) {
    assert_eq!(order(text), want);
    assert_round_trip(&want, Some(power("Russia")));
}

#[rstest]
#[case("England: A lvp H", "England")]
#[case("ENG: A lvp H", "England")]
#[case("eng: A lvp H", "England")]
#[case("English: A lvp H", "England")]
#[case("england :A lvp H", "England")]
#[case("RUS: A lvp H", "Russia")]
fn power_prefix(#[case] text: &str, #[case] p: &str) {
    assert_eq!(
        parse(text),
        (Some(power(p)), Order::Hold { unit: a("lvp") })
    );
}

#[test]
fn comments_are_ignored() {
    assert_eq!(order("A par H # stay"), Order::Hold { unit: a("par") });
    assert_eq!(order("A par - bur#go"), mv(a("par"), place("bur")));
}

#[test]
fn display_forms() {
    let m = map();
    let cases: Vec<(&str, &str, &str)> = vec![
        (
            "F stp(sc) - bot",
            "F stp/sc - bot",
            "F St Petersburg(sc) - Gulf of Bothnia",
        ),
        (
            "A lon - bel by convoy",
            "A lon - bel via convoy",
            "A London - Belgium via convoy",
        ),
        (
            "A yor - nth - hol",
            "A yor - nth - hol",
            "A Yorkshire - North Sea - Holland",
        ),
        (
            "F lon S A yor - wal",
            "F lon S A yor - wal",
            "F London Supports A Yorkshire - Wales",
        ),
        ("F kie S F ber", "F kie S F ber", "F Kiel Supports F Berlin"),
        (
            "F Kiel Supports Berlin",
            "F kie S ber",
            "F Kiel Supports Berlin",
        ),
        (
            "F nth C A yor - hol",
            "F nth C A yor - hol",
            "F North Sea Convoys A Yorkshire - Holland",
        ),
        ("A Venice Holds", "A ven H", "A Venice Holds"),
        ("lon hold", "lon H", "London Holds"),
        (
            "F Trieste Retreats to Albania",
            "F tri R alb",
            "F Trieste Retreats to Albania",
        ),
        ("F nth D", "F nth D", "Disband F North Sea"),
        ("Remove A Paris", "A par D", "Disband A Paris"),
        ("Build A Paris", "B A par", "Build A Paris"),
        ("Build Paris", "B par", "Build Paris"),
        (
            "Build F St Petersburg(nc)",
            "B F stp/nc",
            "Build F St Petersburg(nc)",
        ),
        ("Build waive", "waive", "Decline"),
        ("F Portugal(NC) H", "F por(nc) H", "F Portugal(nc) Holds"),
        (
            "F mid - spa north coast",
            "F mao - spa/nc",
            "F Mid-Atlantic Ocean - Spain(nc)",
        ),
    ];
    for (input, short, full) in cases {
        let o = order(input);
        assert_eq!(o.display(m).to_string(), short, "short form of `{input}`");
        assert_eq!(
            o.display(m).full().to_string(),
            full,
            "full form of `{input}`"
        );
        assert_round_trip(&o, Some(power("France")));
    }
    let o = order("F lon - nth");
    let eng = Some(power("England"));
    assert_eq!(o.display(m).with_power(eng).to_string(), "ENG: F lon - nth");
    assert_eq!(
        o.display(m).with_power(eng).full().to_string(),
        "England: F London - North Sea"
    );
    assert_eq!(o.display(m).with_power(None).to_string(), "F lon - nth");
}

#[test]
fn orders_file() {
    let text = "\
# Spring 1901
England:
F lon - nth
  F edi - nwg   # to the north

A lvp - yor
FRA: A par - bur
F bre - mao
Germany:
A mun H
A xyz H
RUS:A war - gal
Austria:  # a header with a comment
Build waive
";
    let (lines, errors) = parse_orders(map(), text);
    let got: Vec<(usize, Option<&str>, String, &str)> = lines
        .iter()
        .map(|l| {
            (
                l.line,
                l.power.map(|p| map().power(p).abbreviation.as_str()),
                l.order.display(map()).to_string(),
                l.text.as_str(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (3, Some("ENG"), "F lon - nth".to_string(), "F lon - nth"),
            (4, Some("ENG"), "F edi - nwg".to_string(), "F edi - nwg"),
            (6, Some("ENG"), "A lvp - yor".to_string(), "A lvp - yor"),
            (
                7,
                Some("FRA"),
                "A par - bur".to_string(),
                "FRA: A par - bur"
            ),
            (8, Some("ENG"), "F bre - mao".to_string(), "F bre - mao"),
            (10, Some("GER"), "A mun H".to_string(), "A mun H"),
            (
                12,
                Some("RUS"),
                "A war - gal".to_string(),
                "RUS:A war - gal"
            ),
            (14, Some("AUS"), "waive".to_string(), "Build waive"),
        ]
    );
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].line, 11);
    assert_eq!(errors[0].column, 3);
    assert_eq!(errors[0].text, "A xyz H");
    assert_eq!(
        errors[0].to_string(),
        "line 11, column 3: unknown province `xyz`: expected a province name of the map `standard`"
    );
}

#[test]
fn orders_file_without_power_and_bad_header() {
    let (lines, errors) = parse_orders(map(), "A par H\nFoo:\nA mar H\n\r\nItaly:\r\nA ven H\r\n");
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0].power, None);
    assert_eq!(lines[1].power, None);
    assert_eq!(lines[1].line, 3);
    assert_eq!(lines[2].power, Some(power("Italy")));
    assert_eq!(lines[2].line, 6);
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].line, 2);
    assert_eq!(errors[0].column, 1);
    assert_eq!(
        errors[0].message,
        "unknown power `Foo`: expected a power name, adjective or abbreviation of the map `standard` (Austria, England, France, Germany, Italy, Russia, Turkey)"
    );
}

// ---------------------------------------------------------------------------------------------
// Colonial: railroad moves and canal permissions (DATC 2.4 7.B, 7.C)
// ---------------------------------------------------------------------------------------------

fn colonial() -> diplo_map::Map {
    diplo_map::Map::embedded("colonial").unwrap().unwrap()
}

#[rstest]
#[case("A Moscow - TSR - Vladivostok")]
#[case("A mos - tsr - vla")]
#[case("A Moscow - TSR -Vladivostok")]
#[case("A Moscow TSR Vladivostok")]
#[case("a MOS -> Trans-Siberian Railroad -> VLA")]
#[case("Russia: A Moscow - trans-siberian railroad - Vladivostok")]
fn railroad_move(#[case] text: &str) {
    let m = colonial();
    let (_, got) = diplo_orders::parse_order(&m, text).unwrap();
    let p = |n: &str| Place::new(m.province_by_name(n).unwrap());
    assert_eq!(
        got,
        Order::RailMove {
            unit: unit(Some(Army), p("mos")),
            railroad: 0,
            to: p("vla"),
        }
    );
    assert_eq!(got.display(&m).to_string(), "A mos - TSR - vla");
    assert_eq!(
        got.display(&m).full().to_string(),
        "A Moscow - TSR - Vladivostok"
    );
}

#[rstest]
#[case("SC F Mediterranean Sea - Red Sea", None)]
#[case("sc f med - red", None)]
#[case("Permit Russian F Mediterranean Sea - Red Sea", Some("Russia"))]
fn canal_permission(#[case] text: &str, #[case] nationality: Option<&str>) {
    let m = colonial();
    let (_, got) = diplo_orders::parse_order(&m, text).unwrap();
    let p = |n: &str| Place::new(m.province_by_name(n).unwrap());
    assert_eq!(
        got,
        Order::Permit {
            fleet: OtherUnit {
                power: nationality.map(|n| m.power_by_name(n).unwrap()),
                kind: Some(Fleet),
                place: p("med"),
            },
            to: p("red"),
        }
    );
    assert!(got.unit().is_none(), "a permission commands no unit");
}

#[test]
fn railroad_name_needs_a_railroad_on_the_map() {
    // The standard map has no railroad: `TSR` is an unknown province there.
    assert!(diplo_orders::parse_order(map(), "A mos - TSR - war").is_err());
}

#[test]
fn power_names_with_dashes_are_headers_and_prefixes() {
    // The World map's powers are written with dashes (`Frozen-Antarctica`).
    let world = diplo_map::Map::embedded("world").unwrap().unwrap();
    let fa = world.power_by_name("Frozen-Antarctica").unwrap();
    let ne = world.power_by_name("Near-East").unwrap();
    let (lines, errors) = parse_orders(&world, "Frozen-Antarctica:\nF cas H\nNear-East: F cas H\n");
    assert!(errors.is_empty(), "{errors:?}");
    let powers: Vec<_> = lines.iter().map(|l| l.power).collect();
    assert_eq!(powers, vec![Some(fa), Some(ne)]);
    // Words and dashes that name no power are still an order with a stray `:`.
    let (_, errors) = parse_orders(&world, "F cas - dmv:\n");
    assert_eq!(errors.len(), 1);
    assert!(!errors[0].message.contains("unknown power"), "{errors:?}");
}
