//! Error messages: what was found, what was expected, and the 1-based column (in characters).

use crate::common;

use common::map;
use diplo_orders::parse_order;
use rstest::rstest;

#[rstest]
#[case(
    "A xyz - bur",
    3,
    "unknown province `xyz`: expected a province name of the map `standard`"
)]
#[case(
    "A par - xyz",
    9,
    "unknown province `xyz`: expected a province name of the map `standard`"
)]
#[case(
    "F North Sae - hol",
    3,
    "unknown province `North Sae`: expected a province name of the map `standard` (did you mean `North Sea`?)"
)]
#[case(
    "A par ?",
    7,
    "expected `-`, `H`, `S`, `C`, `R`, `D` or end of order after `A par`, found `?`"
)]
#[case(
    "A   par   bur",
    11,
    "expected `-`, `H`, `S`, `C`, `R`, `D` or end of order after `A par`, found `bur`"
)]
#[case(
    "A Paris Burgundy",
    9,
    "expected `-`, `H`, `S`, `C`, `R`, `D` or end of order after `A Paris`, found `Burgundy`"
)]
#[case(
    "A par -",
    8,
    "expected a province after `A par -`, found end of order"
)]
#[case("A par - - bur", 9, "expected a province after `A par -`, found `-`")]
#[case("A par H H", 9, "expected end of order after `A par H`, found `H`")]
#[case(
    "A par - bur H",
    13,
    "expected `-`, `via convoy` or end of order after `A par - bur`, found `H`"
)]
#[case(
    "A lon - bel via convoy now",
    24,
    "expected end of order after `A lon - bel via convoy`, found `now`"
)]
#[case(
    "A lon - bel by",
    15,
    "expected `convoy` after `A lon - bel by`, found end of order"
)]
#[case(
    "F lon S",
    8,
    "expected a province after `F lon S`, found end of order"
)]
#[case(
    "F lon S A",
    10,
    "expected a province after `F lon S A`, found end of order"
)]
#[case(
    "F lon S A yor wal",
    15,
    "expected `-`, `H` or end of order after `F lon S A yor`, found `wal`"
)]
#[case(
    "F lon S A yor - wal - edi",
    21,
    "expected end of order after `F lon S A yor - wal`, found `-`"
)]
#[case(
    "F nth C A lon",
    14,
    "expected `-` and the army's destination after `F nth C A lon`, found end of order"
)]
#[case(
    "F nth C A lon H",
    15,
    "expected `-` and the army's destination after `F nth C A lon`, found `H`"
)]
#[case(
    "F spa(nc - mao",
    15,
    "expected `)` closing the coast, found end of order"
)]
#[case("F spa() - mao", 7, "expected a coast name inside `()`, found `)`")]
#[case("F spa/ - mao", 8, "expected a coast after `/`, found `-`")]
#[case(
    "A yor - nth/nc - hol",
    16,
    "expected a province without a coast in the convoy path `A yor - nth/nc`, found a coast"
)]
#[case(
    "Build",
    6,
    "expected a unit to build or `waive` after `Build`, found end of order"
)]
#[case(
    "Build A",
    8,
    "expected a province after `Build A`, found end of order"
)]
#[case(
    "Disband",
    8,
    "expected a province after `Disband`, found end of order"
)]
#[case("Waive now", 7, "expected end of order after `Waive`, found `now`")]
#[case(
    "F tri R",
    8,
    "expected a province after `F tri R`, found end of order"
)]
#[case(
    "Foo: A par H",
    1,
    "unknown power `Foo`: expected a power name, adjective or abbreviation of the map `standard` (Austria, England, France, Germany, Italy, Russia, Turkey)"
)]
#[case(
    "Great Britain: A par H",
    1,
    "unknown power `Great Britain`: expected a power name, adjective or abbreviation of the map `standard` (Austria, England, France, Germany, Italy, Russia, Turkey)"
)]
#[case(
    "England:",
    9,
    "expected an order after `England:`, found end of order"
)]
#[case(
    "England A lon H",
    1,
    "unknown province `England`: expected a province name of the map `standard` (a power prefix is written `Power:`)"
)]
#[case("", 1, "expected an order, found end of order")]
#[case("   ", 1, "expected an order, found end of order")]
#[case("# only a comment", 1, "expected an order, found end of order")]
#[case(": A par H", 1, "expected a province, found `:`")]
#[case(
    "A pär - bur",
    3,
    "unknown province `pär`: expected a province name of the map `standard` (did you mean `par`?)"
)]
#[case(
    "Ärmee: A par H",
    1,
    "unknown power `Ärmee`: expected a power name, adjective or abbreviation of the map `standard` (Austria, England, France, Germany, Italy, Russia, Turkey)"
)]
#[case("A par - ☃", 9, "expected a province after `A par -`, found `☃`")]
#[case("☃☃ A par - bur ☃", 1, "expected a province, found `☃`")]
#[case(
    "A mün → ber",
    3,
    "unknown province `mün`: expected a province name of the map `standard` (did you mean `mun`?)"
)]
#[case("A par → ☃", 9, "expected a province after `A par →`, found `☃`")]
fn error(#[case] text: &str, #[case] column: usize, #[case] message: &str) {
    let e = parse_order(map(), text).expect_err(text);
    assert_eq!(
        (e.column, e.message.as_str()),
        (column, message),
        "`{text}`"
    );
    assert_eq!(e.line, 1);
    assert_eq!(e.text, text);
    assert_eq!(e.to_string(), format!("line 1, column {column}: {message}"));
}

#[test]
fn long_tokens_are_shortened_in_messages() {
    let long = "x".repeat(10_000);
    let e = parse_order(map(), &format!("A par {long}")).unwrap_err();
    assert_eq!(e.column, 7);
    assert!(e.message.len() < 200, "{}", e.message);
    assert!(e.message.contains('…'));
}

#[test]
fn a_byte_order_mark_and_old_mac_line_ends_read_as_people_see_them() {
    let map = diplo_map::Map::standard();
    let (lines, errors) =
        diplo_orders::parse_orders(&map, "\u{feff}# France\rFrance:\rA par - bur\r\nA xyz H\n");
    assert_eq!(lines.len(), 1, "{errors:?}");
    assert_eq!(lines[0].line, 3);
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].line, 4);
    let all: Vec<&str> = diplo_orders::text_lines("a\r\nb\rc\n\nd").collect();
    assert_eq!(all, ["a", "b", "c", "", "d"]);
}

#[test]
fn conversions_read_and_display() {
    let map = diplo_map::Map::standard();
    for (text, shown) in [
        ("Convert A Marseilles", "Convert A mar"),
        ("convert F bre", "Convert F bre"),
        ("FRA: Convert A Spain(south coast)", "Convert A spa/sc"),
    ] {
        let (_, order) = parse_order(&map, text).unwrap();
        assert!(
            matches!(order, diplo_orders::Order::Convert { .. }),
            "{text}"
        );
        let out = order.display(&map).to_string();
        assert_eq!(out, shown);
        assert_eq!(parse_order(&map, &out).unwrap().1, order, "{text}");
    }
    let err = parse_order(&map, "Convert").unwrap_err();
    assert!(err.message.contains("expected"), "{}", err.message);
}

#[test]
fn a_misspelt_power_gets_the_nearest_name() {
    let map = diplo_map::Map::standard();
    let err = parse_order(&map, "Frnace: A par H").unwrap_err();
    assert!(
        err.message
            .contains("unknown power `Frnace` (did you mean `France`?)"),
        "{}",
        err.message
    );
}
