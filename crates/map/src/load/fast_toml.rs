//! The quick reading of a map file: `toml-spanner`'s parser (several times quicker than the
//! `toml` crate's on a large map, and it keeps every value's place) with a serde
//! `Deserializer` over its tree, so the same raw structs (`raw.rs`) and the same
//! `toml::Spanned` places come out.
//!
//! This path only ever succeeds or gives up: on any problem (a syntax error, a wrong type, an
//! unknown key, a date, a file past the parser's 256 MiB) it returns `None`, and the caller
//! reads the file again with the `toml` crate, which decides and words the error. So every
//! message a map author sees is the one the `toml` crate gives, and this path needs to be
//! right only on files that are right. `tests` below compares the two paths value by value
//! and place by place.

use std::fmt;

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{self, DeserializeOwned, DeserializeSeed, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;
use serde_spanned::de::{is_spanned, SpannedDeserializer};
use toml_spanner::{Arena, Item, Key, Span, TableStyle, Value};

/// `text` read into `T`, or `None` when the `toml` crate should read it instead.
pub(crate) fn from_str<T: DeserializeOwned>(text: &str) -> Option<T> {
    let arena = Arena::new();
    let document = toml_spanner::parse(text, &arena).ok()?;
    T::deserialize(TableDe(document.table().iter(), text)).ok()
}

/// Why this path gave up (never shown: the `toml` crate's reading gives the message).
#[derive(Debug)]
pub(crate) struct GaveUp;

impl fmt::Display for GaveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("left to the toml crate")
    }
}

impl std::error::Error for GaveUp {}

impl de::Error for GaveUp {
    fn custom<M: fmt::Display>(_: M) -> GaveUp {
        GaveUp
    }
}

/// One value of the tree, and the file's text (for the places of tables).
struct ItemDe<'a, 'de>(&'a Item<'de>, &'de str);

impl<'a, 'de> de::Deserializer<'de> for ItemDe<'a, 'de> {
    type Error = GaveUp;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, GaveUp> {
        match self.0.value() {
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Integer(i) => match i.as_i64() {
                Some(n) => visitor.visit_i64(n),
                None => visitor.visit_i128(i.as_i128()),
            },
            Value::Float(x) => visitor.visit_f64(*x),
            Value::Boolean(b) => visitor.visit_bool(*b),
            Value::Array(items) => visitor.visit_seq(SeqDe(items.iter(), self.1)),
            Value::Table(table) => visitor.visit_map(TableDe(table.iter(), self.1)),
            // No map key takes a date.
            Value::DateTime(_) => Err(GaveUp),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, GaveUp> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, GaveUp> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, GaveUp> {
        if is_spanned(name) {
            let span = self.place().range();
            return visitor.visit_map(SpannedDeserializer::new(self, span));
        }
        let _ = fields;
        self.deserialize_any(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, GaveUp> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct map enum identifier
    }
}

impl ItemDe<'_, '_> {
    /// The item's place as the toml crate gives it: a `[table]` written under a header is
    /// placed at its header line (toml-spanner's span runs on over the table's keys).
    fn place(&self) -> Span {
        match self.0.as_table() {
            Some(t) if t.style() == TableStyle::Header => {
                self.0.span().extract_header_span(self.1.as_bytes())
            }
            _ => self.0.span(),
        }
    }
}

impl<'a, 'de> IntoDeserializer<'de, GaveUp> for ItemDe<'a, 'de> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// The items of an array.
struct SeqDe<'a, 'de>(std::slice::Iter<'a, Item<'de>>, &'de str);

impl<'a, 'de> de::SeqAccess<'de> for SeqDe<'a, 'de> {
    type Error = GaveUp;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, GaveUp> {
        let text = self.1;
        self.0
            .next()
            .map(|i| seed.deserialize(ItemDe(i, text)))
            .transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// The entries of a table, key then value.
struct TableDe<'a, 'de>(std::slice::Iter<'a, (Key<'de>, Item<'de>)>, &'de str);

impl<'a, 'de> de::MapAccess<'de> for TableDe<'a, 'de> {
    type Error = GaveUp;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, GaveUp> {
        // Peeked: the value is taken by `next_value_seed`.
        let Some((key, _)) = self.0.as_slice().first() else {
            return Ok(None);
        };
        seed.deserialize(BorrowedStrDeserializer::new(key.name))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, GaveUp> {
        let (_, item) = self.0.next().ok_or(GaveUp)?;
        seed.deserialize(ItemDe(item, self.1))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

impl<'a, 'de> de::Deserializer<'de> for TableDe<'a, 'de> {
    type Error = GaveUp;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, GaveUp> {
        visitor.visit_map(self)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::super::raw::{toml_path, RawMap};

    /// Both paths on `text`: the same values in the same places (`Debug` shows both), or the
    /// quick path gives up where the toml crate refuses.
    fn same(text: &str) {
        let quick: Option<RawMap> = super::from_str(text);
        match toml_path(text, "t.toml") {
            Ok(slow) => {
                let quick = quick.unwrap_or_else(|| panic!("the quick path gave up on:\n{text}"));
                assert_eq!(format!("{quick:#?}"), format!("{slow:#?}"), "on:\n{text}");
            }
            Err(e) => assert!(quick.is_none(), "only the quick path read:\n{text}\n{e}"),
        }
    }

    #[test]
    fn every_embedded_map_reads_the_same_both_ways() {
        for (name, text) in crate::EMBEDDED_MAPS {
            let quick: Option<RawMap> = super::from_str(text);
            assert!(quick.is_some(), "{name}: the quick path gave up");
            same(text);
        }
    }

    #[test]
    fn toml_shapes_read_the_same_both_ways() {
        let cases = [
            // Strings of every kind, escapes, comments, CRLF line ends.
            "name = 'lit'\ntitle = \"a\\tb\\u00e9\" # c\r\n",
            "name = \"\"\"multi\nline\"\"\"\ntitle = '''raw\\n'''\n",
            // Dotted keys, inline tables, tables out of order, nested arrays.
            "name = \"x\"\ncalendar.first_phase = \"spring\"\n[[province]]\nname = \"a\"\n\
             draw = { at = [1.5, -2], seeds = [[0, 1], [2, 3.25]] }\n[victory]\ncentres = 3\n",
            "[[province]]\nname = \"a\"\n[province.draw]\nlabel = [1, 2]\n[[province.coast]]\n\
             name = \"nc\"\nfull_name = \"North\"\nfleet = [\"b\"]\n",
            "[[province]]\nname = \"a\"\ndraw.at = [1, 2]\n",
            "[[province]]\nname = \"a\"\n[province.draw.shape]\n",
            "[[border]]\nbetween = [\"a\", \"b\"]\ndifficult = true\nhalf_strength = false\n",
            "first_year = 1901\nvictory_centres = 18\n[calendar]\nadjustment_every = 2\n\
             [[calendar.season]]\nname = \"spring\"\naliases = [\"s\"]\ncaptures = false\n",
            // Refused by both: unknown keys, wrong types, numbers out of range, bad syntax,
            // a date, a key twice, a table twice.
            "nmae = \"x\"\n",
            "name = 3\n",
            "first_year = 70000\n",
            "first_year = -1\n",
            "name = \"x\n",
            "name = 1979-05-27\n",
            "name = \"a\"\nname = \"b\"\n",
            "[victory]\n[victory]\n",
            "[[province]]\nfull_name = \"no name\"\n",
            "victory_centres = 1.5\n",
            "[[province]]\nname = \"a\"\narmy = \"b\"\n",
        ];
        for text in cases {
            same(text);
        }
    }
}
