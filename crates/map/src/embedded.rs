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
        "empiresandcoalitions",
        include_str!("../../../maps/empiresandcoalitions.toml"),
    ),
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
        "hundred-vdiplomacy",
        include_str!("../../../maps/hundred-vdiplomacy.toml"),
    ),
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
        "twentytwenty",
        include_str!("../../../maps/twentytwenty.toml"),
    ),
    (
        "standard-convoyable-coasts",
        include_str!("../../../maps/standard-convoyable-coasts.toml"),
    ),
    (
        "standard_fleet_rome",
        include_str!("../../../maps/standard_fleet_rome.toml"),
    ),
    (
        "standard_germany_italy",
        include_str!("../../../maps/standard_germany_italy.toml"),
    ),
    (
        "standard_age_of_empires",
        include_str!("../../../maps/standard_age_of_empires.toml"),
    ),
    (
        "standard_age_of_empires_2",
        include_str!("../../../maps/standard_age_of_empires_2.toml"),
    ),
    (
        "ancmed_age_of_empires",
        include_str!("../../../maps/ancmed_age_of_empires.toml"),
    ),
    ("empire", include_str!("../../../maps/empire.toml")),
    (
        "westernworld901",
        include_str!("../../../maps/westernworld901.toml"),
    ),
    ("world", include_str!("../../../maps/world.toml")),
    ("youngstown", include_str!("../../../maps/youngstown.toml")),
    (
        "youngstownredux",
        include_str!("../../../maps/youngstownredux.toml"),
    ),
];

/// Other names of embedded maps: `(alias, name)`. MILA's names for the variants diplo ships
/// under another name, so that code written for MILA finds them.
pub const EMBEDDED_MAP_ALIASES: &[(&str, &str)] = &[("standard_france_austria", "france_austria")];

/// The TOML source of an embedded map, by its name or an alias ([`EMBEDDED_MAP_ALIASES`]).
pub fn embedded_map_source(name: &str) -> Option<&'static str> {
    let name = EMBEDDED_MAP_ALIASES
        .iter()
        .find(|(alias, _)| alias.eq_ignore_ascii_case(name))
        .map_or(name, |(_, n)| *n);
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

/// One file of a map's `extends` chain that is not built into diplo, with its text: what a game
/// keeps so that its map never depends on files outside it ([`Map::extended_files`],
/// [`Map::from_toml_str_with_files`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtendedFile {
    /// The name as the extending map's `extends` key writes it (`"parent"`, `"base.toml"`).
    pub extends: String,
    /// Where the file was read from, for messages.
    pub file: String,
    /// The file's text.
    pub text: String,
}

impl Map {
    /// Every file `text`'s `extends` chain reads that is not built into diplo, nearest first,
    /// read as [`Map::from_toml_str`] reads them (relative to `file`'s folder). An embedded base
    /// (`extends = "standard"`) is named, not copied. Errors are the loader's.
    pub fn extended_files(text: &str, file: &str) -> Result<Vec<ExtendedFile>, MapError> {
        let found = std::cell::RefCell::new(Vec::new());
        let record = |name: &str, from: &str| {
            let (f, t) = find_base_map(name, from)?;
            if embedded_map_source(name).is_none() {
                found.borrow_mut().push(ExtendedFile {
                    extends: name.to_string(),
                    file: f.clone(),
                    text: t.clone(),
                });
            }
            Ok((f, t))
        };
        crate::load::read_chain(text, file, &record)?;
        Ok(found.into_inner())
    }

    /// Loads a map whose `extends` chain is given: each `extends` names a built-in map or one of
    /// `files` (the first not yet used whose [`ExtendedFile::extends`] is that name). No file
    /// outside `files` is read, so the map is the same wherever its holder is moved.
    pub fn from_toml_str_with_files(
        text: &str,
        file: &str,
        files: &[ExtendedFile],
    ) -> Result<Map, MapError> {
        let used = std::cell::RefCell::new(vec![false; files.len()]);
        let resolve = |name: &str, _from: &str| -> Result<(String, String), String> {
            if let Some(t) = embedded_map_source(name) {
                return Ok((format!("maps/{}.toml", name.to_lowercase()), t.to_string()));
            }
            let mut used = used.borrow_mut();
            match (0..files.len()).find(|&i| !used[i] && files[i].extends == name) {
                Some(i) => {
                    used[i] = true;
                    Ok((files[i].file.clone(), files[i].text.clone()))
                }
                None => Err(format!(
                    "`extends = \"{name}\"`: no embedded map of that name and no copy of it kept \
                     with this map"
                )),
            }
        };
        crate::load::load(text, file, &resolve, &limits::Limits::from_env())
    }
}

#[cfg(test)]
mod mila_names {
    use super::*;

    #[test]
    fn the_variants_load_under_the_names_mila_gives_them() {
        for name in [
            "standard_age_of_empires",
            "standard_age_of_empires_2",
            "ancmed_age_of_empires",
            "standard_fleet_rome",
            "standard_france_austria",
            "standard_germany_italy",
            "empire",
        ] {
            let map = Map::embedded(name)
                .unwrap_or_else(|| panic!("no map `{name}`"))
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(!map.powers().is_empty(), "{name}");
        }
        // An alias names the map it stands for.
        let map = Map::embedded("standard_france_austria").unwrap().unwrap();
        assert_eq!(map.name, "france_austria");
        assert!(Map::embedded("standard_no_such_variant").is_none());
    }
}
