//! A ring of betrayal paradoxes (DATC 6.F.18) joined into one cycle: under the 1971 rules, which
//! give no answer, every order of the ring is `unresolved` and names its paradox. The words
//! grow with the number of orders, not with its square: the paradox's orders are listed once.

use diplo_engine::{adjudicate, Position, Resolution};
use diplo_map::limits::Limits;
use diplo_map::Map;
use diplo_orders::parse_orders;
use diplo_rules::Ruleset;
use std::fmt::Write;

/// `k` gadgets, each the betrayal paradox's board: England's army `l{i}` is convoyed by the
/// fleet in `n{i}` to `b{i}` (supported by `e{i}`), where France's fleet supports the fleet in
/// `n{i+1}` against Germany's `s{i+1}` (supported by `h{i+1}`). The map, the position and the
/// orders.
fn ring(k: usize) -> (String, String, String) {
    let mut map = String::from(
        "name = \"ring\"\ntitle = \"Paradox ring\"\nfirst_year = 1901\nfirst_season = \"spring\"\nvictory_centres = 1\n",
    );
    for p in ["England", "France", "Germany"] {
        let _ = write!(
            map,
            "\n[[power]]\nname = \"{p}\"\nadjective = \"{p}\"\nabbreviation = \"{}\"\n",
            &p[..3].to_uppercase()
        );
    }
    let province = |map: &mut String, name: String, terrain: &str, fleet: Vec<String>| {
        let fleet: Vec<String> = fleet.iter().map(|f| format!("\"{f}\"")).collect();
        let _ = write!(
            map,
            "\n[[province]]\nname = \"{name}\"\nfull_name = \"{}\"\nterrain = \"{terrain}\"\nfleet = [{}]\n",
            name.to_uppercase(),
            fleet.join(", ")
        );
    };
    let (mut units, mut orders) = (String::new(), String::new());
    let (mut eng, mut fra, mut ger) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..k {
        let (next, prev) = ((i + 1) % k, (i + k - 1) % k);
        province(&mut map, format!("l{i}"), "coast", vec![format!("n{i}")]);
        let n_edges = vec![
            format!("l{i}"),
            format!("b{i}"),
            format!("s{i}"),
            format!("h{i}"),
            format!("b{prev}"),
        ];
        province(&mut map, format!("n{i}"), "sea", n_edges);
        province(
            &mut map,
            format!("b{i}"),
            "coast",
            vec![format!("n{i}"), format!("e{i}"), format!("n{next}")],
        );
        province(&mut map, format!("s{i}"), "sea", vec![format!("n{i}")]);
        province(&mut map, format!("h{i}"), "sea", vec![format!("n{i}")]);
        province(&mut map, format!("e{i}"), "sea", vec![format!("b{i}")]);
        eng.extend([
            format!("\"A l{i}\""),
            format!("\"F n{i}\""),
            format!("\"F e{i}\""),
        ]);
        fra.push(format!("\"F b{i}\""));
        ger.extend([format!("\"F s{i}\""), format!("\"F h{i}\"")]);
        let _ = write!(
            orders,
            "England: F n{i} C A l{i} - b{i}\nEngland: A l{i} - b{i}\nEngland: F e{i} S A l{i} - b{i}\n\
             France: F b{i} S F n{next}\nGermany: F h{i} S F s{i} - n{i}\nGermany: F s{i} - n{i}\n"
        );
    }
    let _ = write!(
        units,
        "phase = \"Spring 1901 Movement\"\n[units]\nEngland = [{}]\nFrance = [{}]\nGermany = [{}]\n",
        eng.join(", "),
        fra.join(", "),
        ger.join(", ")
    );
    (map, units, orders)
}

#[test]
fn a_ring_of_paradoxes_names_its_orders_once() {
    let k = 101;
    let (map, pos, orders) = ring(k);
    let map = Map::from_toml_str_with_limits(&map, "ring.toml", &Limits::default()).unwrap();
    let pos = Position::from_toml_str(&map, &pos, "ring position").unwrap();
    let (lines, errors) = parse_orders(&map, &orders);
    assert!(errors.is_empty(), "{errors:?}");
    let orders: Vec<_> = lines
        .into_iter()
        .map(|l| (l.power.unwrap(), l.order))
        .collect();
    let adj = adjudicate(&map, &Ruleset::load("1971").unwrap(), &pos, &orders);
    let unresolved = adj
        .results
        .iter()
        .filter(|r| r.resolution == Resolution::Unresolved)
        .count();
    let text: usize = adj
        .results
        .iter()
        .map(|r| r.reason_text(&map, &orders[r.index].1).len())
        .sum();
    eprintln!(
        "{unresolved} unresolved of {}, {text} bytes of reasons",
        orders.len()
    );
    assert!(unresolved >= 4 * k, "{unresolved}");
    assert!(
        text < 600 * orders.len(),
        "{text} bytes for {} orders",
        orders.len()
    );
}
