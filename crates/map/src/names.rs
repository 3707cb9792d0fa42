//! Names and look-ups: how province, coast, power and railroad names are normalised and found
//! (the tables built when a map is made, and the parse of a location such as `stp/sc`).

use crate::{short_table, Location, Map, PowerId, ProvinceId};

impl Map {
    /// Builds the lookup tables of names already normalised: `name_keys` from `names` (every
    /// name, and every name's start that ends before a space or a hyphen), `power_keys` and
    /// `coast_keys`.
    pub(crate) fn index_names(&mut self) {
        let mut keys = rustc_hash::FxHashMap::default();
        for (name, &id) in &self.names {
            keys.entry(name.as_bytes().into())
                .or_insert(NameKey::default())
                .province = Some(id);
            for (at, _) in name.match_indices([' ', '-']).filter(|&(at, _)| at > 0) {
                keys.entry(name.as_bytes()[..at].into())
                    .or_insert(NameKey::default())
                    .longer = true;
            }
        }
        self.short_name_keys = short_keys(&keys);
        self.name_keys = keys;
        self.power_keys = Default::default();
        for (i, p) in self.powers.iter().enumerate() {
            for name in [&p.name, &p.abbreviation, &p.adjective] {
                // The first power to use a name has it, as in `power_by_name`.
                self.power_keys
                    .entry(name.to_ascii_lowercase().into_bytes().into())
                    .or_insert(PowerId(i as u8));
            }
        }
        self.short_power_keys = short_keys(&self.power_keys);
        self.coast_keys = self
            .provinces
            .iter()
            .map(|p| {
                p.coasts
                    .iter()
                    .map(|c| normalize_name(&c.full_name).into())
                    .collect()
            })
            .collect();
    }

    /// A railroad by its name in orders (`TSR`), case-insensitively.
    pub fn railroad_by_name(&self, name: &str) -> Option<usize> {
        let name = normalize_name(name);
        self.railroads
            .iter()
            .position(|r| normalize_name(&r.name) == name || normalize_name(&r.full_name) == name)
    }

    /// A railroad by its name already normalised as [`normalize_name`] does (`tsr`,
    /// `trans-siberian railroad`), without allocating.
    pub fn railroad_by_key(&self, key: &str) -> Option<usize> {
        self.railroads.iter().position(|r| {
            normalized_chars(&r.name).eq(key.chars())
                || normalized_chars(&r.full_name).eq(key.chars())
        })
    }

    /// A power by name, adjective or abbreviation, case-insensitively.
    pub fn power_by_name(&self, name: &str) -> Option<PowerId> {
        let name = name.trim();
        self.powers
            .iter()
            .position(|p| {
                p.name.eq_ignore_ascii_case(name)
                    || p.abbreviation.eq_ignore_ascii_case(name)
                    || p.adjective.eq_ignore_ascii_case(name)
            })
            .map(|i| PowerId(i as u8))
    }

    /// A power by name, adjective or abbreviation already in lower case, as UTF-8 bytes
    /// (`b"england"`, `b"eng"`): what [`Map::power_by_name`] finds for it, looked up without
    /// allocating or comparing with every power.
    #[inline]
    pub fn power_by_key(&self, key: &[u8]) -> Option<PowerId> {
        match short_key(key) {
            Some(short) => self.short_power_keys.get(short),
            None => self.power_keys.get(key).copied(),
        }
    }

    /// A province by short name, full name or alias, case-insensitively. Dots are ignored
    /// (`St. Petersburg`) and runs of white space count as one space.
    pub fn province_by_name(&self, name: &str) -> Option<ProvinceId> {
        self.names.get(&normalize_name(name)).copied()
    }

    /// A province by a name already normalised as [`normalize_name`] does (lower case, no dots,
    /// single spaces): no allocation.
    #[inline]
    pub fn province_by_key(&self, key: &str) -> Option<ProvinceId> {
        self.names.get(key).copied()
    }

    /// What a key normalised as [`normalize_name`] does is among the map's province names: the
    /// province it names, and whether a longer name starts with it (followed by a space or a
    /// hyphen); `None` when it is neither. A parser reading a name word by word stops as soon
    /// as this is `None` or not [`NameKey::longer`]. The key is UTF-8 bytes (a parser's buffer
    /// of normalised words); no allocation.
    #[inline]
    pub fn name_key(&self, key: &[u8]) -> Option<NameKey> {
        match short_key(key) {
            Some(short) => self.short_name_keys.get(short),
            None => self.name_keys.get(key).copied(),
        }
    }

    /// [`Map::name_key`] for a key of one to eight bytes given packed: its bytes as a
    /// little-endian number, zero-padded (`b"nth"` is `u64::from_le_bytes(*b"nth\0\0\0\0\0")`).
    /// A parser that packs each word once as it reads it looks single words up with no byte
    /// loop; `0` finds nothing.
    #[inline]
    pub fn name_key_packed(&self, packed: u64) -> Option<NameKey> {
        self.short_name_keys.get(packed)
    }

    /// [`Map::power_by_key`] for a key of one to eight bytes given packed as
    /// [`Map::name_key_packed`] takes it; `0` finds nothing.
    #[inline]
    pub fn power_by_packed(&self, packed: u64) -> Option<PowerId> {
        self.short_power_keys.get(packed)
    }

    /// A coast of a province by its name already normalised (lower case, no dots, words
    /// separated by one space: `nc`, `north coast`), without allocating.
    pub fn coast_by_key(&self, province: ProvinceId, key: &str) -> Option<u8> {
        let full = &self.coast_keys[province.index()];
        self.province(province)
            .coasts
            .iter()
            .zip(full)
            .position(|(c, full)| c.name == key || **full == *key)
            .map(|i| i as u8)
    }

    /// A coast of a province by short or full name (`nc`, `north coast`), case-insensitively.
    pub fn coast_by_name(&self, province: ProvinceId, name: &str) -> Option<u8> {
        let name = normalize_name(name);
        self.province(province)
            .coasts
            .iter()
            .position(|c| c.name == name || normalize_name(&c.full_name) == name)
            .map(|i| i as u8)
    }

    /// Short name of a location: `lvp`, `spa/nc`.
    pub fn location_name(&self, loc: Location) -> String {
        let p = self.province(loc.province);
        match loc.coast {
            Some(c) => format!("{}/{}", p.name, p.coasts[c as usize].name),
            None => p.name.clone(),
        }
    }

    /// Full name of a location as the DATC writes it: `Liverpool`, `Spain(nc)`.
    pub fn location_full_name(&self, loc: Location) -> String {
        let p = self.province(loc.province);
        match loc.coast {
            Some(c) => format!("{}({})", p.full_name, p.coasts[c as usize].name),
            None => p.full_name.clone(),
        }
    }

    /// Parses `lvp`, `stp/sc`, `stp(sc)`, `Spain(north coast)`, `St Petersburg/nc`.
    /// Returns `None` when the province or the coast is unknown.
    pub fn parse_location(&self, text: &str) -> Option<Location> {
        let text = text.trim();
        let (prov, coast) = if let Some(open) = text.find('(') {
            let close = text.rfind(')').filter(|&c| c > open)?;
            (&text[..open], Some(&text[open + 1..close]))
        } else if let Some(slash) = text.find('/') {
            (&text[..slash], Some(&text[slash + 1..]))
        } else {
            (text, None)
        };
        let province = self.province_by_name(prov)?;
        match coast {
            None => Some(Location::province(province)),
            Some(c) => Some(Location::coast(province, self.coast_by_name(province, c)?)),
        }
    }
}

/// What a normalised key is among a map's province names ([`Map::name_key`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NameKey {
    /// The province the key names, if it is a whole name.
    pub province: Option<ProvinceId>,
    /// Whether a longer name starts with the key followed by a space or a hyphen
    /// (`north` for `north sea`, `mid` for `mid-atlantic ocean`).
    pub longer: bool,
}

/// A key of at most eight bytes, none of them zero, as one number (its bytes little-endian,
/// zero-padded): two such keys give the same number only when they are equal. `None` for any
/// other key.
#[inline]
pub(crate) fn short_key(key: &[u8]) -> Option<u64> {
    let bytes = key;
    if bytes.len() > 8 {
        return None;
    }
    let mut packed = 0u64;
    for (k, &b) in bytes.iter().enumerate() {
        if b == 0 {
            return None;
        }
        packed |= u64::from(b) << (8 * k);
    }
    Some(packed)
}

/// The entries of a table whose keys are short ([`short_key`]), by their number.
fn short_keys<V: Copy>(table: &rustc_hash::FxHashMap<Box<[u8]>, V>) -> short_table::ShortTable<V> {
    let entries: Vec<(u64, V)> = table
        .iter()
        .filter_map(|(k, &v)| Some((short_key(k)?, v)))
        .collect();
    short_table::ShortTable::new(&entries)
}

/// The province names of a map (short names, full names, aliases, normalised) to their ids,
/// hashed with a fast non-cryptographic hash: every place an order names is looked up here.
pub(crate) type NameTable = rustc_hash::FxHashMap<String, ProvinceId>;

/// The characters of [`normalize_name`]'s result, without building it.
fn normalized_chars(name: &str) -> impl Iterator<Item = char> + '_ {
    name.split_whitespace().enumerate().flat_map(|(i, word)| {
        (i > 0).then_some(' ').into_iter().chain(
            word.chars()
                .filter(|&c| c != '.')
                .flat_map(char::to_lowercase),
        )
    })
}

/// [`normalize_name`], borrowing `name` where it is normalised already.
pub(crate) fn normalized(name: &str) -> std::borrow::Cow<'_, str> {
    if is_normalized(name.as_bytes()) {
        name.into()
    } else {
        normalize_name(name).into()
    }
}

/// Lower-cases, removes dots and folds white space: the key used to look names up.
pub fn normalize_name(name: &str) -> String {
    if is_normalized(name.as_bytes()) {
        return name.to_string();
    }
    let lower = name.to_ascii_lowercase();
    if is_normalized(lower.as_bytes()) {
        // Only ASCII capitals to fold (`North Sea`, `P123`).
        return lower;
    }
    // The same characters as `normalized_chars` gives (a word that is all dots still counts
    // as a word: `. B` is ` b` both ways).
    normalized_chars(name).collect()
}

/// Whether `name` is its own [`normalize_name`]: printable ASCII with no capital or dot, and
/// single spaces between words only (the common case, checked without building a string).
fn is_normalized(b: &[u8]) -> bool {
    b.iter().enumerate().all(|(i, &c)| match c {
        b' ' => i > 0 && b.get(i + 1).is_some_and(|&n| n != b' '),
        b'.' => false,
        c => c.is_ascii_graphic() && !c.is_ascii_uppercase(),
    })
}

#[cfg(test)]
mod tests {
    use super::{normalize_name, normalized_chars};

    /// The fast path of `normalize_name` (a name already normalised) agrees with the full one.
    #[test]
    fn normalize_name_fast_path_agrees() {
        let cases = [
            "",
            " ",
            "a",
            " a",
            "a ",
            "a  b",
            "a b",
            "a.b",
            "A",
            "north sea",
            "North Sea",
            "st. petersburg",
            "mid-atlantic",
            "é",
            "É",
            "a\tb",
            "a\nb",
            "x_1",
            "p999999",
            "P999999",
            "North  Sea",
            "A.B",
            ". B",
            "ÉA",
        ];
        for s in cases {
            let slow: String = normalized_chars(s).collect();
            assert_eq!(normalize_name(s), slow, "{s:?}");
        }
    }
}
