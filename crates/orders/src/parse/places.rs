//! Reading places: province names matched greedily (at a place, the longest run of words that
//! names a province wins: `North Atlantic Ocean`, `St. Petersburg`, `Mid-Atlantic Ocean`),
//! railroads, and coasts as written (`/nc`, `(nc)`, `(north coast)`, ` north coast`), kept
//! known or unknown for the rules to decide (DATC 4.B).

use diplo_map::ProvinceId;

use super::keywords::COAST;
use super::parser::{Parser, R};
use super::tokens::{utf8, Kind};
use crate::{Place, WrittenCoast};

/// Longest run of words tried as a province name.
pub(super) const MAX_NAME_WORDS: usize = 6;
/// Longest run of words tried as a coast name.
pub(super) const MAX_COAST_WORDS: usize = 3;

/// Lower case, runs of white space folded to one space, trimmed.
fn fold(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

impl<'m, 's> Parser<'m, 's> {
    // --- places ----------------------------------------------------------------------------

    /// The longest run of words from `i` that names a province, and the index after it.
    ///
    /// The common case, a word no longer name starts with (`lon`, `London`), is one lookup of
    /// the number the word was packed into; [`Parser::province_run`] reads the others.
    #[inline]
    pub(super) fn province_at(&self, i: usize) -> Option<(ProvinceId, usize)> {
        let t = self.toks.get(i)?;
        if t.kind != Kind::Word {
            return None;
        }
        if t.key != 0 {
            let key = self.map.name_key_packed(t.key)?;
            if !key.longer {
                return key.province.map(|p| (p, i + 1));
            }
        }
        self.province_run(i)
    }

    /// [`Parser::province_at`] for a name that may run on over several words (word `i` is a
    /// word). A run is extended word by word while the map has a longer name starting with it;
    /// each run's key is a slice of `norms` ([`tokenize`]): no string is built.
    ///
    /// [`tokenize`]: super::tokens::tokenize
    fn province_run(&self, i: usize) -> Option<(ProvinceId, usize)> {
        let mut found = None;
        let mut last = i;
        for _ in 0..MAX_NAME_WORDS {
            let Some(key) = self.name_key(i, last) else {
                break;
            };
            if let Some(p) = key.province {
                found = Some((p, last + 1));
            }
            match self.next_in_run(last) {
                Some(next) if key.longer => last = next,
                _ => break,
            }
        }
        found
    }

    /// What the run of words from token `i` to token `last` is among the map's names: a
    /// single word by the number it was packed into when read.
    fn name_key(&self, i: usize, last: usize) -> Option<diplo_map::NameKey> {
        match self.toks[i].key {
            key if i == last && key != 0 => self.map.name_key_packed(key),
            _ => self.map.name_key(self.run_key(i, last)),
        }
    }

    /// The normalised key of the run of words from token `i` to token `last` (UTF-8 bytes).
    fn run_key(&self, i: usize, last: usize) -> &[u8] {
        &self.norms[self.toks[i].norm.0 as usize..self.toks[last].norm.1 as usize]
    }

    /// The word after word `j` in a name: the next token if it is a word, or the one after a
    /// dash written without spaces (`Mid-Atlantic`).
    fn next_in_run(&self, j: usize) -> Option<usize> {
        let t = self.toks.get(j + 1)?;
        match t.kind {
            Kind::Word if t.spaced => Some(j + 1),
            Kind::Dash if !t.spaced && self.is_word(j + 2) && !self.toks[j + 2].spaced => {
                Some(j + 2)
            }
            _ => None,
        }
    }

    /// The longest run of words from `i` that names a railroad of the map (`TSR`,
    /// `Trans-Siberian Railroad`), and the index after it.
    pub(super) fn railroad_at(&self, i: usize) -> Option<(usize, usize)> {
        if self.map.railroads().is_empty() || !self.is_word(i) {
            return None;
        }
        let mut found = None;
        let mut last = i;
        for _ in 0..MAX_NAME_WORDS {
            if let Some(r) = self.map.railroad_by_key(utf8(self.run_key(i, last))) {
                found = Some((r, last + 1));
            }
            match self.next_in_run(last) {
                Some(next) => last = next,
                None => break,
            }
        }
        found
    }

    /// Reads a place: a province and a coast if one is written.
    /// `from` is where the order (or the part quoted in messages) starts.
    pub(super) fn place(&self, i: usize, from: usize) -> R<(Place, usize)> {
        let Some((province, j)) = self.province_at(i) else {
            return self.no_province(i, from);
        };
        self.place_of(province, j)
    }

    /// A place whose province was read, ending before token `j`: the coast written after it.
    #[inline]
    pub(super) fn place_of(&self, province: ProvinceId, j: usize) -> R<(Place, usize)> {
        // Most places have no coast after them: an order's end, a dash, a keyword.
        let plain = match self.toks.get(j) {
            None => true,
            Some(t) => match t.kind {
                Kind::Sym('(' | '/') => false,
                Kind::Word => {
                    self.map.province(province).coasts.is_empty() && !self.kw(j + 1, COAST)
                }
                _ => true,
            },
        };
        if plain {
            return Ok((Place::new(province), j));
        }
        let (coast, k) = self.coast(province, j)?;
        Ok((Place { province, coast }, k))
    }

    pub(super) fn no_province<T>(&self, i: usize, from: usize) -> R<T> {
        if !self.is_word(i) {
            let after = if from >= i {
                String::new()
            } else {
                format!(" after `{}`", self.context(from, i))
            };
            return self.fail(
                i,
                format!("expected a province{after}, found {}", self.found(i)),
            );
        }
        // Quote the run of words up to the next keyword or symbol.
        let mut j = i + 1;
        while j < self.toks.len() && j < i + 4 && self.is_word(j) && !self.is_keyword(j) {
            j += 1;
        }
        let name = self.context(i, j);
        let hint = if self.power_at(i).is_some() && self.is_sym(i + 1, ':') {
            String::new()
        } else if self.power_at(i).is_some() {
            " (a power prefix is written `Power:`)".to_string()
        } else {
            let names = self
                .map
                .provinces()
                .iter()
                .flat_map(|p| [p.name.as_str(), p.full_name.as_str()]);
            diplo_map::suggest::hint(&name, names)
        };
        self.fail(
            i,
            format!(
                "unknown province `{name}`: expected a province name of the map `{}`{hint}",
                self.map.name
            ),
        )
    }

    /// A coast after a province, if any: `/nc`, `(nc)`, `(north coast)`, ` north coast`, ` nc`.
    fn coast(&self, province: ProvinceId, i: usize) -> R<(Option<WrittenCoast>, usize)> {
        let Some(t) = self.toks.get(i) else {
            return Ok((None, i));
        };
        match t.kind {
            Kind::Sym('(') => {
                let Some(close) = (i + 1..self.toks.len()).find(|&j| self.is_sym(j, ')')) else {
                    return self.fail(
                        self.toks.len(),
                        "expected `)` closing the coast, found end of order".to_string(),
                    );
                };
                if let Some(c) = self.coast_in_parens(province, i + 1, close) {
                    return Ok((Some(WrittenCoast::Known(c)), close + 1));
                }
                let raw = &self.text[t.end..self.toks[close].start];
                let text = fold(raw);
                if text.is_empty() {
                    return self.fail(
                        close,
                        "expected a coast name inside `()`, found `)`".to_string(),
                    );
                }
                Ok((Some(self.written_coast(province, &text)), close + 1))
            }
            Kind::Sym('/') => {
                if !self.is_word(i + 1) {
                    return self.fail(
                        i + 1,
                        format!("expected a coast after `/`, found {}", self.found(i + 1)),
                    );
                }
                if let Some((c, j)) = self.known_coast_at(province, i + 1) {
                    return Ok((Some(WrittenCoast::Known(c)), j));
                }
                let w = &self.toks[i + 1];
                if self.kw(i + 2, COAST) {
                    let text = format!("{} coast", self.raw(w).to_lowercase());
                    return Ok((Some(WrittenCoast::Unknown(text)), i + 3));
                }
                Ok((
                    Some(WrittenCoast::Unknown(self.raw(w).to_lowercase())),
                    i + 2,
                ))
            }
            Kind::Word => {
                if let Some((c, j)) = self.known_coast_at(province, i) {
                    return Ok((Some(WrittenCoast::Known(c)), j));
                }
                if self.kw(i + 1, COAST) && !self.is_keyword(i) && self.province_at(i).is_none() {
                    let text = format!("{} coast", self.raw(t).to_lowercase());
                    return Ok((Some(WrittenCoast::Unknown(text)), i + 2));
                }
                Ok((None, i))
            }
            _ => Ok((None, i)),
        }
    }

    /// The longest run of words from `i` naming a coast of `province`.
    fn known_coast_at(&self, province: ProvinceId, i: usize) -> Option<(u8, usize)> {
        if self.map.province(province).coasts.is_empty() {
            return None;
        }
        // Words in a row are joined by a space in `norms`: the key is a slice of it.
        let mut found = None;
        let mut j = i;
        while j < self.toks.len() && j < i + MAX_COAST_WORDS && self.is_word(j) {
            if let Some(c) = self.map.coast_by_key(province, utf8(self.run_key(i, j))) {
                found = Some((c, j + 1));
            }
            j += 1;
        }
        found
    }

    /// A known coast written as the words `from..close` only (`(nc)`, `(North Coast)`), found
    /// without building a string; `None` otherwise (then the text is folded and looked up).
    fn coast_in_parens(&self, province: ProvinceId, from: usize, close: usize) -> Option<u8> {
        if from >= close || !(from..close).all(|j| self.is_word(j)) {
            return None;
        }
        let key = self.run_key(from, close - 1);
        // Beyond ASCII, folding lower-cases a whole string (a final sigma): the slow way agrees.
        key.is_ascii()
            .then(|| self.map.coast_by_key(province, utf8(key)))
            .flatten()
    }

    fn written_coast(&self, province: ProvinceId, text: &str) -> WrittenCoast {
        match self.map.coast_by_name(province, text) {
            Some(c) => WrittenCoast::Known(c),
            None => WrittenCoast::Unknown(text.to_string()),
        }
    }
}
