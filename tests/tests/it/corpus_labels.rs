//! Province labels on the imported variant maps: every map of the shared corpus
//! (`../shared/corpora/variant-maps/`: each MILA file, each variant of each jDip
//! `variants.xml`), imported as `diplo map import` does, renders its starting position with no
//! label under a unit, a centre dot, a mark or another label: the check of
//! `crates/render/tests/labels.rs` (`diplo_render::covered_labels`). When `../shared` is
//! absent (a plain clone) the test says so on stderr and passes. `DIPLO_PICTURES=DIR` writes
//! the pictures there as PNGs, to look at.

use std::time::Instant;

use diplo_engine::Position;
use diplo_render::{covered_labels, svg, Scene};

use crate::import_corpus::{corpus_present, every_import};

#[test]
fn no_label_is_covered_on_any_imported_corpus_map() {
    if !corpus_present() {
        return;
    }
    let started = Instant::now();
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
        let picture = svg(&Scene::new(&map, &Position::initial(&map), "datc"));
        if let Some(dir) = &pictures {
            diplo_render::write_file(&dir.join(format!("{id}.png")), &picture)
                .expect("write the picture");
        }
        problems.extend(
            covered_labels(&picture)
                .into_iter()
                .map(|o| format!("{id}: {o}")),
        );
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
