//! Whether orders can name every province of a map by each of its names: a name the parser
//! cannot read back (`Washington D+C`, where `+` ends a word) makes the province unreachable in
//! the notation that writes full names, and a game on the map cannot go through an export and
//! back. `diplo map check` reports these as warnings.

use diplo_map::{Map, ProvinceId};

use crate::parse_order;

/// A sentence for every name (short, full or alias) of a province of `map` that an order cannot
/// name it by: `A NAME H` does not read as an order for that province.
pub fn unreadable_names(map: &Map) -> Vec<String> {
    let mut out = Vec::new();
    for (i, province) in map.provinces().iter().enumerate() {
        let id = ProvinceId(i as u32);
        let names = std::iter::once(&province.name)
            .chain(std::iter::once(&province.full_name))
            .chain(&province.aliases);
        for name in names {
            let read = parse_order(map, &format!("A {name} H"));
            let why = match read {
                Ok((_, order)) => match order.unit() {
                    Some(u) if u.place.province == id => continue,
                    Some(u) => format!("reads as {}", map.province(u.place.province).name),
                    None => "reads as no unit's order".to_string(),
                },
                Err(e) => e.message,
            };
            out.push(format!(
                "province `{}`: orders cannot name it `{name}` (`A {name} H`: {why}); \
                 use letters, digits, spaces, `.`, `'` and `-` in names",
                province.name
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_map_can_be_named_by_every_name() {
        for (name, _) in diplo_map::EMBEDDED_MAPS {
            let map = Map::embedded(name).unwrap().unwrap();
            assert_eq!(unreadable_names(&map), Vec::<String>::new(), "{name}");
        }
    }

    #[test]
    fn a_full_name_with_a_plus_is_reported() {
        let text = include_str!("../../../maps/standard.toml")
            .replace("full_name = \"Vienna\"", "full_name = \"Vienna D+C\"");
        let map = Map::from_toml_str(&text, "test.toml").unwrap();
        let found = unreadable_names(&map);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("`Vienna D+C`"), "{found:?}");
    }
}
