//! Where a saved game goes as it is written ([`Sink`]): JSON text ([`TextSink`]), a
//! `serde_json::Value` ([`ValueSink`]), or, in the Python bindings, Python's dicts and lists.
//! The writer (`json.rs`) walks the game once and tells the sink what it finds, keys in the
//! order they are to appear.

use diplo_engine::Unit;
use diplo_map::{PowerId, ProvinceId};
use serde_json::{Map as JsonMap, Value};

/// What a saved-game writer tells the form it writes into, in document order. An object's
/// entries are a [`Sink::key`] then its value; the values are strings, integers and nested
/// objects and arrays.
pub trait Sink {
    /// An object begins.
    fn begin_object(&mut self);
    /// The object begun last ends.
    fn end_object(&mut self);
    /// The next value is the current object's entry under `key`.
    fn key(&mut self, key: &str);
    /// The next value is the current object's entry under `key`, a text of the program's: a
    /// sink may keep what it made of it by its address (a static text's never changes).
    fn fixed_key(&mut self, key: &'static str) {
        self.key(key);
    }
    /// An object with an entry under every power's upper-case name begins, whose entries will
    /// come in the order of `powers` (each key given by [`Sink::power_key`]): a sink may make
    /// it from a copy of one with those keys (a hint: the entries still come one by one).
    fn begin_powers_object(&mut self, powers: &[(PowerId, String)]) {
        let _ = powers;
        self.begin_object();
    }
    /// An array begins.
    fn begin_array(&mut self);
    /// An array of `len` values begins (a hint: the values still come one by one).
    fn begin_array_of(&mut self, len: usize) {
        let _ = len;
        self.begin_array();
    }
    /// The array begun last ends.
    fn end_array(&mut self);
    /// A string value.
    fn string(&mut self, s: &str);
    /// A string value that is a text of the program's (kept by address, as [`Sink::fixed_key`]).
    fn fixed_string(&mut self, s: &'static str) {
        self.string(s);
    }
    /// A string value the writer has no more use for (a sink that keeps strings takes it).
    fn owned_string(&mut self, s: String) {
        self.string(&s);
    }
    /// Province `p`'s upper-case name (`PAR`) as a string value: a sink that keeps each
    /// province's string may hand it out by `p` without reading `upper`.
    fn province(&mut self, p: ProvinceId, upper: &str) {
        let _ = p;
        self.string(upper);
    }
    /// A unit on the board as MILA writes it (`A PAR`, `F STP/SC`) as a string value: a sink
    /// that keeps each unit's string may hand it out by the unit without calling `text`.
    fn unit(&mut self, u: &Unit, text: impl FnOnce() -> String) {
        let _ = u;
        self.owned_string(text());
    }
    /// The next value is the current object's entry under power `p`'s upper-case name.
    fn power_key(&mut self, p: PowerId, upper: &str) {
        let _ = p;
        self.key(upper);
    }
    /// An integer value.
    fn int(&mut self, n: i64);
    /// A boolean value.
    fn bool(&mut self, b: bool);
    /// `null`.
    fn null(&mut self);
}

/// Compact JSON text, written as `serde_json` writes a `Value`: no spaces, strings escaped as
/// it escapes them.
pub struct TextSink {
    /// The text so far.
    pub out: String,
    /// Whether the container being written has no entry yet.
    first: bool,
    /// Whether a key was written and its value not yet.
    after_key: bool,
}

impl TextSink {
    /// A sink writing into a string of `capacity` bytes reserved.
    pub fn with_capacity(capacity: usize) -> TextSink {
        TextSink {
            out: String::with_capacity(capacity),
            first: true,
            after_key: false,
        }
    }

    /// The comma before a value, unless it is the first of its container or follows its key.
    fn separate(&mut self) {
        if std::mem::take(&mut self.after_key) {
            return;
        }
        if !std::mem::take(&mut self.first) {
            self.out.push(',');
        }
    }

    /// `s` as a JSON string.
    fn quoted(&mut self, s: &str) {
        if s.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
            self.out.push('"');
            self.out.push_str(s);
            self.out.push('"');
        } else {
            self.out
                .push_str(&serde_json::to_string(s).expect("a string serializes"));
        }
    }
}

impl Default for TextSink {
    fn default() -> TextSink {
        TextSink::with_capacity(0)
    }
}

impl Sink for TextSink {
    fn begin_object(&mut self) {
        self.separate();
        self.out.push('{');
        self.first = true;
    }
    fn end_object(&mut self) {
        self.out.push('}');
        self.first = false;
    }
    fn key(&mut self, key: &str) {
        self.separate();
        self.quoted(key);
        self.out.push(':');
        self.after_key = true;
    }
    fn begin_array(&mut self) {
        self.separate();
        self.out.push('[');
        self.first = true;
    }
    fn end_array(&mut self) {
        self.out.push(']');
        self.first = false;
    }
    fn string(&mut self, s: &str) {
        self.separate();
        self.quoted(s);
    }
    fn int(&mut self, n: i64) {
        use std::fmt::Write;
        self.separate();
        let _ = write!(self.out, "{n}");
    }
    fn bool(&mut self, b: bool) {
        self.separate();
        self.out.push_str(if b { "true" } else { "false" });
    }
    fn null(&mut self) {
        self.separate();
        self.out.push_str("null");
    }
}

/// A `serde_json::Value` built as the writer goes, with no text between.
#[derive(Default)]
pub struct ValueSink {
    /// The containers open, innermost last, each object with the key its next value takes.
    open: Vec<Open>,
    /// The whole value, once its outermost container has ended.
    done: Option<Value>,
}

/// A container being filled.
enum Open {
    Object(JsonMap<String, Value>, String),
    Array(Vec<Value>),
}

impl ValueSink {
    /// The value written (`null` if nothing was).
    pub fn into_value(self) -> Value {
        self.done.unwrap_or(Value::Null)
    }

    fn value(&mut self, v: Value) {
        match self.open.last_mut() {
            Some(Open::Object(map, key)) => {
                map.insert(std::mem::take(key), v);
            }
            Some(Open::Array(items)) => items.push(v),
            None => self.done = Some(v),
        }
    }
}

impl Sink for ValueSink {
    fn begin_object(&mut self) {
        self.open.push(Open::Object(JsonMap::new(), String::new()));
    }
    fn end_object(&mut self) {
        if let Some(Open::Object(map, _)) = self.open.pop() {
            self.value(Value::Object(map));
        }
    }
    fn key(&mut self, key: &str) {
        if let Some(Open::Object(_, k)) = self.open.last_mut() {
            key.clone_into(k);
        }
    }
    fn begin_array(&mut self) {
        self.open.push(Open::Array(Vec::new()));
    }
    fn begin_array_of(&mut self, len: usize) {
        self.open.push(Open::Array(Vec::with_capacity(len)));
    }
    fn end_array(&mut self) {
        if let Some(Open::Array(items)) = self.open.pop() {
            self.value(Value::Array(items));
        }
    }
    fn string(&mut self, s: &str) {
        self.value(Value::String(s.to_string()));
    }
    fn owned_string(&mut self, s: String) {
        self.value(Value::String(s));
    }
    fn int(&mut self, n: i64) {
        self.value(Value::from(n));
    }
    fn bool(&mut self, b: bool) {
        self.value(Value::Bool(b));
    }
    fn null(&mut self) {
        self.value(Value::Null);
    }
}
