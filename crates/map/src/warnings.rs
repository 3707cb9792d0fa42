//! What is valid in a map but probably a mistake, or costly: `diplo map check` prints it as
//! warnings.

use crate::Map;

/// A drawing with more seeds than this (one picture cell each) makes large, slow pictures.
const MANY_SEEDS: usize = 5_000;

impl Map {
    /// Warnings about a valid map, one sentence each: a victory condition no power can reach,
    /// and drawing data that will make large, slow pictures.
    pub fn warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        let centres = self.supply_centre_count();
        if usize::from(self.victory.centres) > centres {
            out.push(format!(
                "victory needs {} supply centres but the map has {centres}: no power can win{}",
                self.victory.centres,
                if self.victory.last_year.is_some() {
                    ""
                } else {
                    " and no `last_year` ends the game"
                }
            ));
        } else if self.victory.centres == 0 {
            out.push("victory needs 0 supply centres: the first Fall ends every game".into());
        }
        if let Some(d) = self.drawing() {
            let seeds: usize = d.provinces.iter().map(|p| p.seeds.len()).sum();
            let most =
                (d.provinces.iter().zip(self.provinces())).max_by_key(|(p, _)| p.seeds.len());
            if let (true, Some((p, prov))) = (seeds > MANY_SEEDS, most) {
                out.push(format!(
                    "the drawing has {seeds} seeds (`{}` alone {}), each a cell of every picture: \
                     pictures of this map will be large and slow to draw (more than {MANY_SEEDS} \
                     is seldom needed; a province's `shape` draws an exact outline)",
                    prov.name,
                    p.seeds.len()
                ));
            }
        }
        out
    }
}
