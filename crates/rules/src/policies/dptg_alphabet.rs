//! The DPTG's own alphabetical list of the standard map's provinces (chapter XIII), which breaks
//! ties between units equally distant from home in civil disorder.
//!
//! The DPTG does not sort by full name: it files "Gulf of Bothnia" under B and "Gulf of Lyon"
//! under L ("The correct English-language alphabetical order, according to Oxford and Webster
//! alike: ..."). The list is transcribed from `dptg-1998.txt`, in its order and spelling; a test
//! in `tests/` checks it against the document when the document is present.

/// The list, exactly as DPTG chapter XIII prints it.
pub const DPTG_ALPHABETICAL: &[&str] = &[
    "Adriatic Sea",
    "Aegean Sea",
    "Albania",
    "Ankara",
    "Apulia",
    "Armenia",
    "Baltic Sea",
    "Barents Sea",
    "Belgium",
    "Berlin",
    "Black Sea",
    "Bohemia",
    "Gulf of Bothnia",
    "Brest",
    "Budapest",
    "Bulgaria",
    "Burgundy",
    "Clyde",
    "Constantinople",
    "Denmark",
    "Eastern Mediterranean",
    "Edinburgh",
    "English Channel",
    "Finland",
    "Galicia",
    "Gascony",
    "Greece",
    "Helgoland Bight",
    "Holland",
    "Ionian Sea",
    "Irish Sea",
    "Kiel",
    "Liverpool",
    "Livonia",
    "London",
    "Gulf of Lyon",
    "Marseilles",
    "Mid-Atlantic Ocean",
    "Moscow",
    "Munich",
    "Naples",
    "North Africa",
    "North Atlantic Ocean",
    "North Sea",
    "Norway",
    "Norwegian Sea",
    "Paris",
    "Picardy",
    "Piedmont",
    "Portugal",
    "Prussia",
    "Rome",
    "Ruhr",
    "Rumania",
    "St. Petersburg",
    "Serbia",
    "Sevastopol",
    "Silesia",
    "Skagerrak",
    "Smyrna",
    "Spain",
    "Sweden",
    "Syria",
    "Trieste",
    "Tunis",
    "Tuscany",
    "Tyrolia",
    "Tyrrhenian Sea",
    "Ukraine",
    "Venice",
    "Vienna",
    "Wales",
    "Warsaw",
    "Western Mediterranean",
    "Yorkshire",
];

/// A name compared the way the list and a map may both spell it: case and full stops ignored
/// (`St. Petersburg` is the standard map's `St Petersburg`).
fn folded(name: &str) -> String {
    name.chars()
        .filter(|c| *c != '.')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The place of a province in the DPTG's list, matched by full name.
pub fn dptg_rank(name: &str) -> Option<usize> {
    let name = folded(name);
    DPTG_ALPHABETICAL.iter().position(|n| folded(n) == name)
}

/// A sort key that follows the DPTG's list. A province the list does not name (another map's)
/// comes after every listed one, by full name: the DPTG gives no order for it, and this keeps the
/// order total and the same on every run.
pub fn dptg_sort_key(map: &diplo_map::Map, p: diplo_map::ProvinceId) -> Vec<u8> {
    let full = &map.province(p).full_name;
    match dptg_rank(full) {
        Some(r) => vec![0, r as u8],
        None => std::iter::once(1)
            .chain(folded(full).into_bytes())
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_name_is_a_standard_province_and_every_province_is_listed() {
        let map = diplo_map::Map::standard();
        for n in DPTG_ALPHABETICAL {
            assert!(
                map.province_ids()
                    .any(|p| folded(&map.province(p).full_name) == folded(n)),
                "{n} is not a province of the standard map"
            );
        }
        for p in map.province_ids() {
            let prov = map.province(p);
            if prov.full_name != "Switzerland" {
                assert!(dptg_rank(&prov.full_name).is_some(), "{}", prov.full_name);
            }
        }
    }

    #[test]
    fn the_gulfs_are_filed_under_their_names() {
        let b = dptg_rank("Gulf of Bothnia").unwrap();
        assert!(dptg_rank("Bohemia").unwrap() < b && b < dptg_rank("Brest").unwrap());
        assert!(b < dptg_rank("Finland").unwrap());
        let l = dptg_rank("Gulf of Lyon").unwrap();
        assert!(dptg_rank("London").unwrap() < l && l < dptg_rank("Marseilles").unwrap());
    }
}
