//! Helpers shared by the importers' tests.

use diplo_import::{FindingKind, Imported};
use diplo_map::{Map, ProvinceId};

/// The import's map, loaded by diplo's own loader (panics with the problems and the file).
pub fn load(i: &Imported) -> Map {
    i.validate()
        .unwrap_or_else(|e| panic!("{e}\n---\n{}", i.toml))
}

pub fn id(map: &Map, name: &str) -> ProvinceId {
    map.province_by_name(name).unwrap()
}

/// The findings of one kind whose message contains `needle`, as `file:line: kind: message`.
pub fn found(i: &Imported, kind: FindingKind, needle: &str) -> Vec<String> {
    i.findings
        .iter()
        .filter(|f| f.kind == kind && f.message.contains(needle))
        .map(|f| f.to_string())
        .collect()
}
