//! Shared helpers for the orders crate's tests.

#![allow(dead_code)]

pub mod strategies;

use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use diplo_map::{Map, PowerId, ProvinceId};
use diplo_orders::{Order, Place, WrittenCoast};

/// Path of `maps/standard.toml`.
pub fn standard_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../maps/standard.toml")
}

/// The standard map, loaded once from `maps/standard.toml` (waiting up to two minutes for the
/// file to appear or become valid, since it may still be being written).
pub fn map() -> &'static Map {
    static MAP: OnceLock<Map> = OnceLock::new();
    MAP.get_or_init(|| {
        let path = standard_path();
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            match Map::from_path(&path) {
                Ok(m) => return m,
                Err(e) if Instant::now() < deadline => {
                    eprintln!("waiting for {}: {e}", path.display());
                    std::thread::sleep(Duration::from_secs(5));
                }
                Err(e) => panic!("cannot load {}: {e}", path.display()),
            }
        }
    })
}

/// A province by name; panics if unknown.
pub fn prov(name: &str) -> ProvinceId {
    map()
        .province_by_name(name)
        .unwrap_or_else(|| panic!("no province {name}"))
}

/// A power by name; panics if unknown.
pub fn power(name: &str) -> PowerId {
    map()
        .power_by_name(name)
        .unwrap_or_else(|| panic!("no power {name}"))
}

/// A place without a coast.
pub fn place(name: &str) -> Place {
    Place::new(prov(name))
}

/// A place with a known coast (`"spa", "nc"`).
pub fn coast(name: &str, coast: &str) -> Place {
    let p = prov(name);
    let c = map()
        .coast_by_name(p, coast)
        .unwrap_or_else(|| panic!("no coast {name}/{coast}"));
    Place {
        province: p,
        coast: Some(WrittenCoast::Known(c)),
    }
}

/// A place with an unknown coast.
pub fn unknown_coast(name: &str, coast: &str) -> Place {
    Place {
        province: prov(name),
        coast: Some(WrittenCoast::Unknown(coast.to_string())),
    }
}

/// Parses one order; panics with the error.
pub fn parse(text: &str) -> (Option<PowerId>, Order) {
    diplo_orders::parse_order(map(), text).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

/// Parses one order without a power prefix.
pub fn order(text: &str) -> Order {
    parse(text).1
}

/// Checks that the order's four written forms (short, full, each with and without the power)
/// parse back to the same order and power.
pub fn assert_round_trip(order: &Order, power: Option<PowerId>) {
    let m = map();
    let forms = [
        order.display(m).to_string(),
        order.display(m).full().to_string(),
        order.display(m).with_power(power).to_string(),
        order.display(m).with_power(power).full().to_string(),
    ];
    for (i, text) in forms.iter().enumerate() {
        let expected_power = if i >= 2 { power } else { None };
        match diplo_orders::parse_order(m, text) {
            Ok((p, o)) => {
                assert_eq!(&o, order, "`{text}` parsed back to a different order");
                assert_eq!(
                    p, expected_power,
                    "`{text}` parsed back with a different power"
                );
            }
            Err(e) => panic!("`{text}` (written from {order:?}) does not parse back: {e}"),
        }
    }
}

/// `n` proptest cases, unless the `PROPTEST_CASES` environment variable says otherwise.
pub fn cases(n: u32) -> proptest::test_runner::Config {
    let n = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(n);
    proptest::test_runner::Config::with_cases(n)
}
