//! Province labels on the imported variant maps: every map of the shared corpus
//! (`../shared/corpora/variant-maps/`: each MILA file, each variant of each jDip
//! `variants.xml`), imported as `diplo map import` does, renders its starting position and a
//! movement phase with orders of every kind (`diplo_render::sample`) with no label under a
//! unit, a centre dot, an order, a mark or another label: the check of
//! `crates/render/tests/labels.rs` (`diplo_render::covered_labels`), which also draws retreats
//! and adjustments on the built-in maps. About 40 seconds in a debug build. When `../shared` is
//! absent (a plain clone) the test says so on stderr and passes. `DIPLO_PICTURES=DIR` writes
//! the pictures there as PNGs, to look at.

use std::time::Instant;

use diplo_engine::{adjudicate, Position};
use diplo_map::Map;
use diplo_orders::parse_orders;
use diplo_render::sample::orders_of_every_kind;
use diplo_render::{covered_labels, svg, Scene};
use diplo_rules::Ruleset;

use crate::import_corpus::{corpus_present, every_import};

#[test]
fn no_label_is_covered_on_any_imported_corpus_map() {
    if !corpus_present() {
        return;
    }
    let started = Instant::now();
    let rules = Ruleset::load("datc").unwrap();
    let pictures = std::env::var_os("DIPLO_PICTURES").map(std::path::PathBuf::from);
    let (mut problems, mut checked) = (Vec::new(), 0);
    for (id, got) in every_import() {
        let map = match got.map(|i| i.validate()) {
            Ok(Ok(map)) => map,
            Ok(Err(e)) => {
                problems.push(format!("{id}: fails diplo's validation: {e}"));
                continue;
            }
            Err(e) => {
                problems.push(format!("{id}: import failed: {e}"));
                continue;
            }
        };
        for (what, picture) in pictures_of(&map, &rules) {
            let picture = match picture {
                Ok(p) => p,
                Err(e) => {
                    problems.push(format!("{id} ({what}): {e}"));
                    continue;
                }
            };
            if let Some(dir) = &pictures {
                diplo_render::write_file(&dir.join(format!("{id}-{what}.png")), &picture)
                    .expect("write the picture");
            }
            problems.extend(
                covered_labels(&picture)
                    .into_iter()
                    .map(|o| format!("{id} ({what}): {o}")),
            );
        }
        checked += 1;
    }
    eprintln!(
        "{checked} imported corpus maps checked for covered labels in {:.1?}",
        started.elapsed()
    );
    assert!(checked > 0, "no map in the corpus");
    assert!(
        problems.is_empty(),
        "{} covered labels:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The starting position's picture, and the picture of its orders of every kind adjudicated
/// (or why those orders do not read).
fn pictures_of(map: &Map, rules: &Ruleset) -> Vec<(&'static str, Result<String, String>)> {
    let start = Position::initial(map);
    let first = svg(&Scene::new(map, &start, "datc"));
    let text = orders_of_every_kind(map, &start);
    let (lines, errors) = parse_orders(map, &text);
    let orders = if errors.is_empty() {
        let orders: Vec<_> = lines
            .into_iter()
            .filter_map(|l| Some((l.power?, l.order)))
            .collect();
        let adj = adjudicate(map, rules, &start, &orders);
        Ok(svg(
            &Scene::new(map, &start, "datc").with_adjudication(&orders, &adj)
        ))
    } else {
        Err(format!("the sample orders do not read: {errors:?}\n{text}"))
    };
    vec![("start", Ok(first)), ("orders", orders)]
}
