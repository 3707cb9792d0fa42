//! Strategies for random valid orders over the standard map.

use diplo_map::{PowerId, ProvinceId, UnitKind};
use diplo_orders::{Order, OtherUnit, Place, UnitRef, WrittenCoast};
use proptest::prelude::*;

use super::map;

pub fn province() -> impl Strategy<Value = ProvinceId> {
    (0..map().provinces().len() as u32).prop_map(ProvinceId)
}

pub fn kind() -> impl Strategy<Value = Option<UnitKind>> {
    proptest::option::of(prop_oneof![Just(UnitKind::Army), Just(UnitKind::Fleet)])
}

pub fn power() -> impl Strategy<Value = Option<PowerId>> {
    proptest::option::of((0..map().powers().len() as u8).prop_map(PowerId))
}

/// A place: any province; no coast, one of its coasts, or a coast it does not have.
pub fn place() -> impl Strategy<Value = Place> {
    let text = prop_oneof![
        "[a-z]{1,5}",
        "[a-z]{1,5} [a-z]{1,5}",
        "[a-z]{1,5} coast",
        "[nsew]c"
    ];
    (province(), 0..10u8, 0..8u8, text).prop_map(|(p, choice, index, text)| {
        let m = map();
        let coasts = m.province(p).coasts.len() as u8;
        let coast = match choice {
            0..=5 => None,
            6..=8 if coasts > 0 => Some(WrittenCoast::Known(index % coasts)),
            6..=7 => None,
            _ => match m.coast_by_name(p, &text) {
                Some(c) => Some(WrittenCoast::Known(c)),
                None => Some(WrittenCoast::Unknown(text)),
            },
        };
        Place { province: p, coast }
    })
}

pub fn unit() -> impl Strategy<Value = UnitRef> {
    (kind(), place()).prop_map(|(kind, place)| UnitRef { kind, place })
}

pub fn other() -> impl Strategy<Value = OtherUnit> {
    (power(), kind(), place()).prop_map(|(power, kind, place)| OtherUnit { power, kind, place })
}

pub fn any_order() -> impl Strategy<Value = Order> {
    prop_oneof![
        unit().prop_map(|unit| Order::Hold { unit }),
        (
            unit(),
            place(),
            any::<bool>(),
            proptest::collection::vec(province(), 0..4)
        )
            .prop_map(|(unit, to, via_convoy, path)| Order::Move {
                unit,
                to,
                via_convoy,
                path
            }),
        (unit(), other()).prop_map(|(unit, supported)| Order::SupportHold { unit, supported }),
        (unit(), other(), place()).prop_map(|(unit, supported, to)| Order::SupportMove {
            unit,
            supported,
            to
        }),
        (unit(), other(), place()).prop_map(|(unit, army, to)| Order::Convoy { unit, army, to }),
        (unit(), place()).prop_map(|(unit, to)| Order::Retreat { unit, to }),
        unit().prop_map(|unit| Order::Disband { unit }),
        unit().prop_map(|unit| Order::Build { unit }),
        Just(Order::Decline),
        (other(), place()).prop_map(|(fleet, to)| Order::Permit { fleet, to }),
    ]
}
