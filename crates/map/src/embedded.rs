//! The maps embedded in the binary ([`EMBEDDED_MAPS`]), and how an `extends` key finds the map
//! it names (an embedded map, or a file next to the extending one).

use crate::{limits, Map, MapError};

/// The TOML source of the standard map, embedded in the binary.
pub const STANDARD_MAP_TOML: &str = include_str!("../../../maps/standard.toml");

/// The maps shipped with diplo, by name: `(name, TOML source)`.
pub const EMBEDDED_MAPS: &[(&str, &str)] = &[
    ("standard", STANDARD_MAP_TOML),
    ("1898", include_str!("../../../maps/1898.toml")),
    ("1900", include_str!("../../../maps/1900.toml")),
    ("ancmed", include_str!("../../../maps/ancmed.toml")),
    ("chaos", include_str!("../../../maps/chaos.toml")),
    ("coldwar", include_str!("../../../maps/coldwar.toml")),
    ("colonial", include_str!("../../../maps/colonial.toml")),
    (
        "era_of_empire",
        include_str!("../../../maps/era_of_empire.toml"),
    ),
    (
        "france_austria",
        include_str!("../../../maps/france_austria.toml"),
    ),
    ("hundred", include_str!("../../../maps/hundred.toml")),
    (
        "known_world_901",
        include_str!("../../../maps/known_world_901.toml"),
    ),
    ("loeb9", include_str!("../../../maps/loeb9.toml")),
    (
        "loeb9-north-africa-tunis",
        include_str!("../../../maps/loeb9-north-africa-tunis.toml"),
    ),
    (
        "loeb9-sicily-tunis",
        include_str!("../../../maps/loeb9-sicily-tunis.toml"),
    ),
    ("modern", include_str!("../../../maps/modern.toml")),
    (
        "northseawars",
        include_str!("../../../maps/northseawars.toml"),
    ),
    ("pure", include_str!("../../../maps/pure.toml")),
    (
        "standard-convoyable-coasts",
        include_str!("../../../maps/standard-convoyable-coasts.toml"),
    ),
    ("world", include_str!("../../../maps/world.toml")),
    ("youngstown", include_str!("../../../maps/youngstown.toml")),
    (
        "youngstownredux",
        include_str!("../../../maps/youngstownredux.toml"),
    ),
];

/// The TOML source of an embedded map.
pub fn embedded_map_source(name: &str) -> Option<&'static str> {
    EMBEDDED_MAPS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, t)| *t)
}

impl Map {
    /// The embedded standard map.
    pub fn standard() -> Map {
        Map::from_toml_str(STANDARD_MAP_TOML, "maps/standard.toml")
            .expect("the embedded standard map is valid")
    }

    /// An embedded map by name (`standard`, `loeb9` ...; see [`EMBEDDED_MAPS`]).
    pub fn embedded(name: &str) -> Option<Result<Map, MapError>> {
        let text = embedded_map_source(name)?;
        Some(Map::from_toml_str(
            text,
            &format!("maps/{}.toml", name.to_lowercase()),
        ))
    }
}

/// Finds the map an `extends` key names: an embedded map, or a file next to the extending one.
pub(crate) fn find_base_map(name: &str, from_file: &str) -> Result<(String, String), String> {
    if let Some(text) = embedded_map_source(name) {
        return Ok((
            format!("maps/{}.toml", name.to_lowercase()),
            text.to_string(),
        ));
    }
    let dir = std::path::Path::new(from_file)
        .parent()
        .unwrap_or(std::path::Path::new("."));
    let path = dir.join(name);
    let path = if path.extension().is_none() {
        path.with_extension("toml")
    } else {
        path
    };
    match limits::read_file(&path) {
        Ok(text) => Ok((path.display().to_string(), text)),
        Err(e) => {
            let known: Vec<&str> = EMBEDDED_MAPS.iter().map(|(n, _)| *n).collect();
            Err(format!(
                "`extends = \"{name}\"`: no embedded map of that name ({}) and no file {} ({e})",
                known.join(", "),
                path.display()
            ))
        }
    }
}
