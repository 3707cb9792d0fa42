//! Pictures: structure checks on the SVG, PNG renders, every embedded map, a map without
//! drawing data, and bad drawing data.

use diplo_engine::{adjudicate, Position};
use diplo_map::{Location, Map, PowerId, EMBEDDED_MAPS};
use diplo_orders::{parse_orders, Order};
use diplo_render::{anchor, panels, png, power_colour, svg, Scene};
use diplo_rules::Ruleset;

fn orders(map: &Map, text: &str) -> Vec<(PowerId, Order)> {
    let (lines, errors) = parse_orders(map, text);
    assert!(errors.is_empty(), "{errors:?}");
    let mut last = None;
    lines
        .into_iter()
        .map(|l| {
            last = l.power.or(last);
            (last.expect("a power"), l.order)
        })
        .collect()
}

fn pt(p: [f64; 2]) -> String {
    format!("{:.1},{:.1}", p[0], p[1])
}

/// The elements of a class (exact class attribute).
/// The elements of a class on the map itself (not in an enlarged inset, which repeats them).
fn with_class<'a>(doc: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .filter(|n| !n.ancestors().any(|a| a.attribute("class") == Some("inset")))
        .collect()
}

fn loc(map: &Map, s: &str) -> Location {
    map.parse_location(s).unwrap_or_else(|| panic!("{s}"))
}

const OPENING: &str = "Austria: A vie - gal\nA bud - ser\nF tri - alb\nEngland: F lon - nth\nF edi - nwg\nA lvp - yor\nFrance: A par - bur\nA mar S A par - bur\nF bre - mao\nGermany: A mun - ruh\nA ber - kie\nF kie - den\nItaly: A ven H\nA rom - apu\nF nap - ion\nRussia: A war - gal\nA mos - ukr\nF sev - bla\nF stp/sc - bot\nTurkey: A con - bul\nA smy - con\nF ank - bla\n";

#[test]
fn every_unit_centre_and_order_is_drawn_once_in_its_colour_between_the_right_anchors() {
    let map = Map::standard();
    let rules = Ruleset::load("datc").unwrap();
    let pos = Position::initial(&map);
    let o = orders(&map, OPENING);
    let adj = adjudicate(&map, &rules, &pos, &o);
    let text = svg(&Scene::new(&map, &pos, "datc").with_results(&o, &adj.results));
    let doc = roxmltree::Document::parse(&text).unwrap();
    let units = with_class(&doc, "unit");
    assert_eq!(units.len(), pos.units.len());
    for u in &pos.units {
        let name = u.short(&map);
        let found: Vec<_> = units
            .iter()
            .filter(|n| n.attribute("data-unit") == Some(name.as_str()))
            .collect();
        assert_eq!(found.len(), 1, "{name}");
        assert_eq!(
            found[0].attribute("data-at"),
            Some(pt(anchor(&map, u.location)).as_str()),
            "{name}"
        );
        let shape = found[0].first_element_child().unwrap();
        assert_eq!(
            shape.attribute("fill"),
            Some(power_colour(&map, u.power)),
            "{name}"
        );
    }
    let centres = with_class(&doc, "centre");
    assert_eq!(centres.len(), 34);
    for c in &centres {
        let p = map
            .province_by_name(c.attribute("data-province").unwrap())
            .unwrap();
        let owner = pos.owners[p.index()];
        assert_eq!(
            c.attribute("fill"),
            Some(owner.map_or("#ffffff", |o| power_colour(&map, o)))
        );
    }
    let drawn = with_class(&doc, "order");
    assert_eq!(drawn.len(), o.len());
    for (i, r) in adj.results.iter().enumerate() {
        let g = drawn
            .iter()
            .find(|n| n.attribute("data-index") == Some(i.to_string().as_str()))
            .unwrap();
        assert_eq!(g.attribute("data-result"), Some(r.resolution.word()));
        assert_eq!(
            g.attribute("data-power"),
            Some(map.power(r.power).name.as_str())
        );
    }
    let by_order = |s: &str| {
        drawn
            .iter()
            .find(|n| n.attribute("data-order") == Some(s))
            .unwrap_or_else(|| panic!("{s}"))
    };
    let m = by_order("A par - bur");
    assert_eq!(m.attribute("data-kind"), Some("move"));
    assert_eq!(
        m.attribute("data-from"),
        Some(pt(anchor(&map, loc(&map, "par"))).as_str())
    );
    assert_eq!(
        m.attribute("data-to"),
        Some(pt(anchor(&map, loc(&map, "bur"))).as_str())
    );
    let f = by_order("F stp/sc - bot");
    assert_eq!(
        f.attribute("data-from"),
        Some(pt(anchor(&map, loc(&map, "stp/sc"))).as_str())
    );
    assert_ne!(
        anchor(&map, loc(&map, "stp/sc")),
        anchor(&map, loc(&map, "stp/nc"))
    );
    assert_eq!(
        by_order("A mar S A par - bur").attribute("data-kind"),
        Some("support")
    );
    assert_eq!(by_order("A ven H").attribute("data-kind"), Some("hold"));
    // A bounce is marked: Vienna and Warsaw both fail to enter Galicia.
    let bounce = by_order("A vie - gal");
    assert_eq!(bounce.attribute("data-result"), Some("fails"));
    assert!(bounce
        .descendants()
        .any(|n| n.attribute("class") == Some("fail")));
    assert!(!m
        .descendants()
        .any(|n| n.attribute("class") == Some("fail")));
}

#[test]
fn a_fleet_is_drawn_on_its_coast_and_a_cut_support_is_marked() {
    let map = Map::standard();
    let rules = Ruleset::load("datc").unwrap();
    let text = "phase = \"Spring 1901 Movement\"\n[units]\nFrance = [\"F spa/sc\", \"A gas\", \"A mar\"]\nItaly = [\"A pie\"]\n";
    let pos = Position::from_toml_str(&map, text, "pos.toml").unwrap();
    let o = orders(
        &map,
        "France: A gas S A mar - bur\nA mar - bur\nF spa/sc H\nItaly: A pie - mar\n",
    );
    let adj = adjudicate(&map, &rules, &pos, &o);
    let out = svg(&Scene::new(&map, &pos, "datc").with_results(&o, &adj.results));
    let doc = roxmltree::Document::parse(&out).unwrap();
    let fleet = with_class(&doc, "unit")
        .into_iter()
        .find(|n| n.attribute("data-unit") == Some("F spa/sc"))
        .unwrap();
    let at = anchor(&map, loc(&map, "spa/sc"));
    assert_eq!(fleet.attribute("data-at"), Some(pt(at).as_str()));
    assert_ne!(at, anchor(&map, loc(&map, "spa/nc")));
    assert_ne!(at, anchor(&map, loc(&map, "spa")));
    let support = with_class(&doc, "order")
        .into_iter()
        .find(|n| n.attribute("data-kind") == Some("support"))
        .unwrap();
    assert_eq!(support.attribute("data-result"), Some("given"));
    assert!(!support
        .descendants()
        .any(|n| n.attribute("class") == Some("fail")));
    // Now Piedmont attacks Marseilles' supporter... of Gascony? Cut it: attack Gascony.
    let o = orders(
        &map,
        "France: A gas S A mar - bur\nA mar - bur\nItaly: A pie - mar\n",
    );
    let pos2 = Position::from_toml_str(&map, "phase = \"Spring 1901 Movement\"\n[units]\nFrance = [\"A gas\", \"A mar\"]\nEngland = [\"A bre\"]\nItaly = [\"A pie\"]\n", "p").unwrap();
    let mut o2 = o.clone();
    o2.extend(orders(&map, "England: A bre - gas\n"));
    let adj = adjudicate(&map, &rules, &pos2, &o2);
    let out = svg(&Scene::new(&map, &pos2, "datc").with_results(&o2, &adj.results));
    let doc = roxmltree::Document::parse(&out).unwrap();
    let support = with_class(&doc, "order")
        .into_iter()
        .find(|n| n.attribute("data-kind") == Some("support"))
        .unwrap();
    assert_eq!(support.attribute("data-result"), Some("cut"));
    assert!(support
        .descendants()
        .any(|n| n.attribute("class") == Some("fail")));
}

#[test]
fn retreat_options_and_builds_are_drawn() {
    let map = Map::standard();
    let rules = Ruleset::load("datc").unwrap();
    let pos = Position::from_toml_str(&map, "phase = \"Spring 1901 Movement\"\n[units]\nGermany = [\"A mun\", \"A ruh\"]\nFrance = [\"A bur\"]\n", "p").unwrap();
    let adj = adjudicate(
        &map,
        &rules,
        &pos,
        &orders(&map, "Germany: A mun - bur\nA ruh S A mun - bur\n"),
    );
    assert_eq!(adj.next.dislodged.len(), 1);
    let retreats = diplo_engine::pending_retreat_options(&map, &rules, &adj.next);
    let n_options = retreats.get(0).unwrap().options.len();
    let out = svg(&Scene::new(&map, &adj.next, "datc").with_retreats(retreats));
    let doc = roxmltree::Document::parse(&out).unwrap();
    assert_eq!(with_class(&doc, "unit dislodged").len(), 1);
    assert_eq!(with_class(&doc, "retreat-option").len(), n_options);
    assert!(n_options > 0);
    let winter = Position::from_toml_str(&map, "phase = \"Winter 1901 Adjustment\"\n[units]\nFrance = [\"A bur\"]\n[centres]\nFrance = [\"par\", \"bre\", \"mar\", \"spa\"]\n", "w").unwrap();
    let builds = orders(&map, "France: Build A par\nBuild F bre\n");
    let adj = adjudicate(&map, &rules, &winter, &builds);
    let out = svg(&Scene::new(&map, &winter, "datc").with_results(&builds, &adj.results));
    let doc = roxmltree::Document::parse(&out).unwrap();
    let builds: Vec<_> = with_class(&doc, "order")
        .into_iter()
        .filter(|n| n.attribute("data-kind") == Some("build"))
        .collect();
    assert_eq!(builds.len(), 2);
    assert_eq!(with_class(&doc, "built").len(), 2);
}

fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    (be(16), be(20))
}

fn svg_size(text: &str) -> (u32, u32) {
    let doc = roxmltree::Document::parse(text).unwrap();
    let root = doc.root_element();
    let f = |a| root.attribute(a).unwrap().parse::<f64>().unwrap() as u32;
    (f("width"), f("height"))
}

#[test]
fn png_renders_have_the_svg_size_and_are_not_blank() {
    let map = Map::standard();
    let pos = Position::initial(&map);
    let text = svg(&Scene::new(&map, &pos, "datc"));
    let bytes = png(&text).unwrap();
    assert_eq!(png_size(&bytes), svg_size(&text));
    assert!(bytes.len() > 20_000, "{} bytes", bytes.len());
    assert!(png("<svg").is_err());
}

/// Panels sit at most three a row, zoomed to what the orders involve (the same view in each),
/// and the picture is never wider than `MAX_WIDTH`.
#[test]
fn compare_panels_sit_in_a_grid_zoomed_to_the_orders() {
    let map = Map::standard();
    let pos = Position::initial(&map);
    let names = ["1971", "1982", "2000", "datc", "1971", "1982", "2000"];
    let scenes: Vec<Scene> = names.iter().map(|r| Scene::new(&map, &pos, r)).collect();
    let text = panels(&scenes);
    let doc = roxmltree::Document::parse(&text).unwrap();
    assert_eq!(with_class(&doc, "panel").len(), 7);
    let one = svg_size(&svg(&scenes[0]));
    let all = svg_size(&text);
    assert!(all.0 <= diplo_render::MAX_WIDTH as u32, "{all:?}");
    assert!(
        all.1 > 2 * one.1 * all.0 / (3 * one.0 + 32),
        "three rows: {all:?} {one:?}"
    );
    // With orders in one corner, every panel shows that corner only, and a legend as wide.
    let o = orders(&map, "England: F lon - nth\nF edi - nwg\n");
    let scenes: Vec<Scene> = ["1971", "datc"]
        .iter()
        .map(|r| Scene::new(&map, &pos, r).with_orders(&o))
        .collect();
    let text = panels(&scenes);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let maps = with_class(&doc, "map");
    assert_eq!(maps.len(), 2);
    // Switzerland is out of view: the legend does not explain impassable provinces.
    assert!(!text.contains(">impassable</text>"));
    assert!(svg(&scenes[0]).contains(">impassable</text>"));
    for m in &maps {
        let vb: Vec<f64> = m
            .attribute("viewBox")
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        for p in ["lon", "edi", "nth", "nwg"] {
            let a = anchor(&map, loc(&map, p));
            assert!(a[0] > vb[0] && a[0] < vb[0] + vb[2] && a[1] > vb[1] && a[1] < vb[1] + vb[3]);
        }
        let vie = anchor(&map, loc(&map, "vie"));
        assert!(vie[0] > vb[0] + vb[2] || vie[1] > vb[1] + vb[3], "{vb:?}");
        assert_eq!(maps[0].attribute("viewBox"), m.attribute("viewBox"));
    }
}

#[test]
fn every_embedded_map_renders() {
    for (name, _) in EMBEDDED_MAPS {
        let map = Map::embedded(name).unwrap().unwrap();
        let pos = Position::initial(&map);
        let text = svg(&Scene::new(&map, &pos, "datc"));
        let doc = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(with_class(&doc, "unit").len(), pos.units.len(), "{name}");
        let regions = with_class(&doc, "region");
        for p in map.provinces() {
            assert!(
                regions
                    .iter()
                    .any(|r| r.attribute("data-province") == Some(p.name.as_str())),
                "{name}: {} has no region",
                p.name
            );
        }
    }
}

#[test]
fn a_map_without_drawing_data_renders_land_and_sea_apart() {
    // A generated coast (coastal provinces along one sea) has no drawing data.
    let map = diplo_map::generate::coast(6);
    assert!(map.drawing().is_none());
    let pos = Position::initial(&map);
    let text = svg(&Scene::new(&map, &pos, "datc"));
    let bytes = png(&text).unwrap();
    assert_eq!(png_size(&bytes), svg_size(&text));
    let std_text = diplo_map::STANDARD_MAP_TOML;
    let cut = std_text.find("# --- drawing ---").unwrap();
    let stripped: String = std_text[..cut]
        .lines()
        .filter(|l| !l.starts_with("draw = "))
        .collect::<Vec<_>>()
        .join("\n");
    let map = Map::from_toml_str(&stripped, "plain.toml").unwrap();
    assert!(map.drawing().is_none());
    let pos = Position::initial(&map);
    let text = svg(&Scene::new(&map, &pos, "datc"));
    let doc = roxmltree::Document::parse(&text).unwrap();
    let fills: Vec<&str> = with_class(&doc, "region")
        .iter()
        .filter_map(|n| n.attribute("fill"))
        .collect();
    let sea = with_class(&doc, "region")
        .iter()
        .find(|n| n.attribute("data-province") == Some("nth"))
        .unwrap()
        .attribute("fill")
        .unwrap();
    let land = with_class(&doc, "region")
        .iter()
        .find(|n| n.attribute("data-province") == Some("boh"))
        .unwrap()
        .attribute("fill")
        .unwrap();
    assert_ne!(sea, land);
    assert!(fills.len() >= 75);
    // Deterministic: the same picture twice.
    assert_eq!(text, svg(&Scene::new(&map, &pos, "datc")));
}

/// The standard map with its text changed: `from` replaced by `to` once.
fn broken(from: &str, to: &str) -> String {
    let t = diplo_map::STANDARD_MAP_TOML;
    assert!(t.contains(from), "{from}");
    t.replacen(from, to, 1)
}

fn errors(text: &str) -> String {
    match Map::from_toml_str(text, "bad.toml") {
        Ok(_) => panic!("accepted"),
        Err(e) => e
            .diagnostics
            .iter()
            .map(|d| format!("{}:{}:{}: {}", d.file, d.line, d.column, d.message))
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn bad_drawing_data_gives_located_errors() {
    let t = broken(
        "projection = \"equirectangular\"",
        "projection = \"mercator\"",
    );
    let e = errors(&t);
    assert!(
        e.contains(&format!("bad.toml:{}:", line_of(&t, "mercator")))
            && e.contains("unknown projection `mercator`"),
        "{e}"
    );

    let t = broken("draw = { at = [-3.7, 40.3]", "draw = { at = [-30.7, 40.3]");
    let e = errors(&t);
    assert!(
        e.contains(&format!("bad.toml:{}:", line_of(&t, "-30.7")))
            && e.contains("outside the drawing's bounds"),
        "{e}"
    );

    let t: String = diplo_map::STANDARD_MAP_TOML
        .lines()
        .filter(|l| !l.starts_with("draw = { at = [14.5, 49.8]"))
        .map(|l| format!("{l}\n"))
        .collect();
    let e = errors(&t);
    assert!(e.contains("`boh` has no `draw`"), "{e}");

    let t = broken("draw = { at = [14.5, 49.8]", "draw = { at = [14.0, 55.0]");
    let e = errors(&t);
    assert!(
        e.contains(&format!("bad.toml:{}:", line_of(&t, "[14.0, 55.0]")))
            && e.contains("land province `boh` has its `at` in no land polygon"),
        "{e}"
    );

    let t = broken("draw = { at = [3.0, 55.6]", "draw = { at = [10.0, 50.0]");
    let e = errors(&t);
    assert!(
        e.contains("sea province `nth` has its `at` on land `Europe and Asia`"),
        "{e}"
    );

    let t = broken("points = [[23.5, 35.3], [24.1, 35.55], [25.1, 35.35], [26.3, 35.3], [26.2, 35.0], [24.7, 34.95], [23.6, 35.2]]", "points = [[23.5, 35.3], [24.1, 35.55]]");
    let e = errors(&t);
    assert!(
        e.contains(&format!(
            "bad.toml:{}:",
            line_of(&t, "points = [[23.5, 35.3], [24.1, 35.55]]")
        )) && e.contains("at least 3 points"),
        "{e}"
    );

    let t = broken(
        "draw = { at = [-5.2, 43.25] }",
        "draw = { label = [-5.2, 43.25] }",
    );
    let e = errors(&t);
    assert!(e.contains("coast `spa/nc` has no `draw"), "{e}");
}

/// A colour's CIELAB coordinates (D65).
fn lab(c: &str) -> [f64; 3] {
    let v = |i: usize| f64::from(u8::from_str_radix(&c[i..i + 2], 16).unwrap()) / 255.0;
    let lin = |x: f64| {
        if x <= 0.04045 {
            x / 12.92
        } else {
            ((x + 0.055) / 1.055).powf(2.4)
        }
    };
    let (r, g, b) = (lin(v(1)), lin(v(3)), lin(v(5)));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    [
        116.0 * f(y) - 16.0,
        500.0 * (f(x) - f(y)),
        200.0 * (f(y) - f(z)),
    ]
}

/// Every two powers of a map are far apart in colour (CIELAB distance 20 or more, up to 40
/// powers: Chaos has 34), neutral powers aside, which share one grey.
#[test]
fn the_powers_of_every_shipped_map_have_colours_far_apart() {
    for (name, _) in EMBEDDED_MAPS {
        let map = Map::embedded(name).unwrap().unwrap();
        let colours: Vec<(&str, &str)> = map
            .power_ids()
            .map(|p| (map.power(p).name.as_str(), power_colour(&map, p)))
            .collect();
        for (i, (a, ca)) in colours.iter().enumerate() {
            for (b, cb) in &colours[..i] {
                let neutral = |n: &str| map.powers().iter().any(|p| p.name == n && p.neutral);
                if neutral(a) && neutral(b) {
                    continue;
                }
                let (la, lb) = (lab(ca), lab(cb));
                let d =
                    ((la[0] - lb[0]).powi(2) + (la[1] - lb[1]).powi(2) + (la[2] - lb[2]).powi(2))
                        .sqrt();
                assert!(
                    d >= 20.0,
                    "{name}: {a} ({ca}) and {b} ({cb}) are {d:.1} apart"
                );
            }
        }
    }
}

/// On a map with many powers each unit carries its power's tag, and the legend's swatch too.
#[test]
fn units_on_a_map_of_many_powers_carry_their_powers_tag() {
    let map = Map::embedded("chaos").unwrap().unwrap();
    let pos = Position::initial(&map);
    let text = svg(&Scene::new(&map, &pos, "datc"));
    let doc = roxmltree::Document::parse(&text).unwrap();
    let mut tags = std::collections::BTreeSet::new();
    for u in with_class(&doc, "unit") {
        let t = u.children().find(|n| n.has_tag_name("text")).unwrap();
        tags.insert(t.text().unwrap().to_string());
    }
    assert_eq!(tags.len(), map.powers().len(), "{tags:?}");
    let standard = Map::standard();
    let pos = Position::initial(&standard);
    let text = svg(&Scene::new(&standard, &pos, "datc"));
    assert!(text.contains(">A</text></g>") && text.contains(">F</text></g>"));
}

/// DATC 6.J.12's position under the datc ruleset (the 2023 rule): Italy orders nothing and
/// civil disorder removes A Tuscany; the picture crosses it as an ordered removal is crossed,
/// with the reason as its title, at the unit's anchor.
#[test]
fn an_adjustment_picture_shows_civil_disorder_removals() {
    let map = Map::standard();
    let rules = Ruleset::load("datc").unwrap();
    let winter = Position::from_toml_str(&map, "phase = \"Winter 1901 Adjustment\"\n[units]\nItaly = [\"A war\", \"A tus\"]\n[centres]\nItaly = [\"war\"]\n", "w").unwrap();
    let adj = adjudicate(&map, &rules, &winter, &[]);
    let out = svg(&Scene::new(&map, &winter, "datc").with_adjudication(&[], &adj));
    let doc = roxmltree::Document::parse(&out).unwrap();
    let removed = with_class(&doc, "automatic");
    assert_eq!(removed.len(), 1);
    assert_eq!(removed[0].attribute("data-kind"), Some("removed"));
    assert_eq!(removed[0].attribute("data-unit"), Some("A tus"));
    let title = removed[0]
        .children()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .unwrap_or_default();
    assert!(title.starts_with("removed: civil disorder: "), "{title}");
    let fail = removed[0]
        .children()
        .find(|n| n.attribute("class") == Some("fail"))
        .expect("a cross");
    // The cross is centred on A Tuscany's anchor (it starts 1.3 unit widths up and left).
    let at = anchor(&map, loc(&map, "tus"));
    let d = fail.attribute("d").unwrap();
    let (x, y) = d[1..].split('L').next().unwrap().split_once(',').unwrap();
    let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
    assert!(x < at[0] && y < at[1] && at[0] - x < 20.0, "{d} vs {at:?}");
    // Without the adjudication's automatic actions nothing is crossed.
    let plain = svg(&Scene::new(&map, &winter, "datc").with_results(&[], &adj.results));
    assert!(!plain.contains("class=\"automatic\""));
}

/// A retreat phase with no retreat ordered: the dislodged unit is disbanded, crossed where the
/// dislodged unit is drawn.
#[test]
fn a_retreat_picture_shows_automatic_disbands() {
    let map = Map::standard();
    let rules = Ruleset::load("datc").unwrap();
    let movement = "phase = \"Spring 1901 Movement\"\n[units]\nFrance = [\"A bur\"]\nGermany = [\"A mun\", \"A ruh\"]\n";
    let pos = Position::from_toml_str(&map, movement, "p").unwrap();
    let adj = adjudicate(
        &map,
        &rules,
        &pos,
        &orders(&map, "Germany: A mun - bur\nA ruh S A mun - bur\n"),
    );
    let retreat = adj.next;
    assert_eq!(retreat.dislodged.len(), 1);
    let adj = adjudicate(&map, &rules, &retreat, &[]);
    assert_eq!(adj.automatic.len(), 1);
    let out = svg(&Scene::new(&map, &retreat, "datc").with_adjudication(&[], &adj));
    let doc = roxmltree::Document::parse(&out).unwrap();
    let disbanded = with_class(&doc, "automatic");
    assert_eq!(disbanded.len(), 1);
    assert_eq!(disbanded[0].attribute("data-kind"), Some("disbanded"));
}

/// A hold is a black hexagon, not a ring in the power's colour: the legend's red ring means
/// dislodged, and Austria's colour is red.
#[test]
fn a_hold_is_drawn_apart_from_the_dislodged_ring() {
    let map = Map::standard();
    let rules = Ruleset::load("datc").unwrap();
    let pos = Position::initial(&map);
    let o = orders(&map, "Austria: A vie H\n");
    let adj = adjudicate(&map, &rules, &pos, &o);
    let out = svg(&Scene::new(&map, &pos, "datc").with_results(&o, &adj.results));
    let doc = roxmltree::Document::parse(&out).unwrap();
    let hold = with_class(&doc, "order")
        .into_iter()
        .find(|n| n.attribute("data-kind") == Some("hold"))
        .unwrap();
    assert!(!hold.descendants().any(|n| n.has_tag_name("circle")));
    let marks: Vec<_> = hold
        .descendants()
        .filter(|n| n.attribute("class") == Some("hold-mark"))
        .collect();
    assert_eq!(marks.len(), 2);
    assert_eq!(marks[1].attribute("stroke"), Some("#111"));
    assert!(out.contains("⬡ hold"));
}

/// Compared with 1971's, the datc ruleset's civil-disorder removal (A Tuscany, not A Warsaw)
/// is highlighted; Russia's removal of A Prussia, which both make, is not.
#[test]
fn a_removal_that_differs_from_the_base_is_highlighted() {
    let map = Map::standard();
    let winter = Position::from_toml_str(&map, "phase = \"Winter 1901 Adjustment\"\n[units]\nItaly = [\"A war\", \"A tus\"]\nRussia = [\"A mos\", \"A pru\"]\n[centres]\nItaly = [\"war\"]\nRussia = [\"mos\"]\n", "w").unwrap();
    let run = |name: &str| adjudicate(&map, &Ruleset::load(name).unwrap(), &winter, &[]);
    let (base, datc) = (run("1971"), run("datc"));
    let mut scene = Scene::new(&map, &winter, "datc").with_adjudication(&[], &datc);
    scene.highlight_differences(&datc.results, &base.results, &base.automatic);
    let out = svg(&scene);
    let doc = roxmltree::Document::parse(&out).unwrap();
    let highlighted: Vec<&str> = with_class(&doc, "automatic")
        .into_iter()
        .filter(|g| {
            g.children()
                .any(|n| n.attribute("class") == Some("highlight"))
        })
        .filter_map(|g| g.attribute("data-unit"))
        .collect();
    assert_eq!(with_class(&doc, "automatic").len(), 2);
    assert_eq!(highlighted, ["A tus"]);
}

/// The number of elements of `class` with attribute `key` equal to `value`.
fn count(doc: &roxmltree::Document, class: &str, key: &str, value: &str) -> usize {
    with_class(doc, class)
        .iter()
        .filter(|n| n.attribute(key) == Some(value))
        .count()
}

/// Every special rule of the map format is drawn, and named in the legend.
#[test]
fn special_rules_are_drawn_with_a_legend_entry() {
    let picture = |name: &str| {
        let map = Map::embedded(name).unwrap().unwrap();
        let pos = Position::initial(&map);
        svg(&Scene::new(&map, &pos, "datc"))
    };
    let loeb9 = picture("loeb9");
    let doc = roxmltree::Document::parse(&loeb9).unwrap();
    assert_eq!(count(&doc, "ice", "data-province", "arc"), 1);
    assert!(loeb9.contains("ice, closed: ARC in Fall"), "legend");
    assert_eq!(count(&doc, "crossing", "data-kind", "difficult"), 2);
    assert!(loeb9.contains("difficult crossing (one support less): NAP–SIC, COR–NAF"));
    assert_eq!(count(&doc, "impassable", "data-province", "swi"), 1);
    let nsw = picture("northseawars");
    let doc = roxmltree::Document::parse(&nsw).unwrap();
    assert_eq!(count(&doc, "crossing", "data-kind", "one-way"), 3);
    assert!(nsw.contains("one-way crossing: CNS → GRA, CNS → IRO, CNS → WOO"));
    let s1900 = picture("1900");
    let doc = roxmltree::Document::parse(&s1900).unwrap();
    assert_eq!(count(&doc, "crossing", "data-kind", "half-strength"), 2);
    assert!(s1900.contains("half-strength crossing: "));
    assert!(s1900.contains("convoyable coast: "));
    let colonial = picture("colonial");
    let doc = roxmltree::Document::parse(&colonial).unwrap();
    assert_eq!(count(&doc, "railroad", "data-name", "TSR"), 1);
    assert_eq!(count(&doc, "canal", "data-province", "egy"), 1);
    assert!(colonial.contains("railroad TSR (Trans-Siberian Railroad), for Russia"));
    assert!(colonial.contains("canal EGY: fleets between"));
    let convoyable = picture("standard-convoyable-coasts");
    let doc = roxmltree::Document::parse(&convoyable).unwrap();
    assert_eq!(with_class(&doc, "convoyable").len(), 2);
    // The standard map's only special province is Switzerland; its legend says nothing else.
    let standard = picture("standard");
    assert_eq!(standard.matches("class=\"legend-rule\"").count(), 1);
    assert!(!standard.contains("crossing"));
    assert!(!picture("era_of_empire").contains("class=\"railroad\""));
}

/// A year counted from the start of the game reads as one: `Spring of year 1, Movement` on
/// Ancient Mediterranean, `Spring of year 0` on North Sea Wars, `Spring 1901 Movement` on the
/// standard map, and the winter as `Winter of year 1, Adjustment`.
#[test]
fn titles_name_small_years_as_years_of_the_game() {
    let title = |name: &str, phase: Option<&str>| {
        let map = Map::embedded(name).unwrap().unwrap();
        let mut pos = Position::initial(&map);
        if let Some(p) = phase {
            pos.phase = diplo_engine::Phase::parse(p, &map).unwrap();
        }
        let text = svg(&Scene::new(&map, &pos, "datc"));
        // The title's lines, joined.
        let lines: Vec<&str> = text
            .split("class=\"legend-title\"")
            .skip(1)
            .map(|rest| {
                let from = rest.find('>').unwrap() + 1;
                &rest[from..from + rest[from..].find('<').unwrap()]
            })
            .collect();
        assert!(!lines.is_empty(), "no title");
        lines.join(" ")
    };
    let ancmed = title("ancmed", None);
    assert!(
        ancmed.contains("— Spring of year 1, Movement —"),
        "{ancmed}"
    );
    assert!(!ancmed.contains("of the game"), "{ancmed}");
    let winter = title("ancmed", Some("Winter 1 Adjustment"));
    assert!(winter.contains("Winter of year 1, Adjustment"), "{winter}");
    let nsw = title("northseawars", None);
    assert!(nsw.contains("Spring of year 0, Movement"), "{nsw}");
    let standard = title("standard", None);
    assert!(standard.contains("— Spring 1901 Movement —"), "{standard}");
}

/// A name too big for its province is written at the map's size beside it, with a leader line
/// to it, rather than shrunk: Greece on the Cold War map.
#[test]
fn a_cramped_province_s_name_is_written_beside_it_with_a_leader_line() {
    let map = Map::embedded("coldwar").unwrap().unwrap();
    let text = svg(&Scene::new(&map, &Position::initial(&map), "datc"));
    let grc = map.province_by_name("grc").unwrap().0;
    let line = text
        .lines()
        .find(|l| l.contains(&format!("id=\"label-{grc}\"")))
        .expect("Greece's label");
    assert!(!line.contains("font-size"), "shrunk: {line}");
    assert!(text.contains("<line class=\"leader\""), "no leader line");
}
