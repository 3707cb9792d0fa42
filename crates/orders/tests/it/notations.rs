//! Random orders written in random accepted notations (short, DATC, godip words; every name,
//! alias, coast form, keyword and case) read back to the order; mangled versions never panic.

use crate::common;

use common::strategies::{any_order, power};
use common::{assert_round_trip, map};
use diplo_map::{PowerId, ProvinceId, UnitKind};
use diplo_orders::{parse_order, parse_orders, Order, OtherUnit, Place, UnitRef, WrittenCoast};
use proptest::prelude::*;

/// The writer's choices come from the tests' shared generator.
use diplo_testkit::Rng;

/// Writes orders in randomly chosen notations.
struct Writer {
    rng: Rng,
    out: String,
}

impl Writer {
    fn case(&mut self, s: &str) -> String {
        match self.rng.below(4) {
            0 => s.to_lowercase(),
            1 => s.to_uppercase(),
            _ => s.to_string(),
        }
    }

    fn space(&mut self) {
        let s = self.rng.pick(&[" ", " ", " ", "  ", "\t"]);
        self.out.push_str(s);
    }

    fn word(&mut self, options: &[&str]) {
        let w = self.rng.pick(options);
        let w = self.case(w);
        self.out.push_str(&w);
    }

    fn province(&mut self, p: ProvinceId) {
        let name = self.province_name(p);
        self.out.push_str(&name);
    }

    fn province_name(&mut self, p: ProvinceId) -> String {
        let prov = map().province(p);
        let mut names = vec![prov.name.clone(), prov.full_name.clone()];
        names.extend(prov.aliases.iter().cloned());
        if prov.full_name.starts_with("St ") {
            names.push(prov.full_name.replacen("St ", "St. ", 1));
        }
        let name = names[self.rng.below(names.len())].clone();
        self.case(&name)
    }

    fn place(&mut self, place: &Place) {
        self.province(place.province);
        self.coast(place);
    }

    fn coast(&mut self, place: &Place) {
        match &place.coast {
            None => {}
            Some(WrittenCoast::Known(c)) => {
                let coast = &map().province(place.province).coasts[*c as usize];
                let name = if self.rng.chance(50) {
                    coast.name.clone()
                } else {
                    coast.full_name.clone()
                };
                let name = self.case(&name);
                match self.rng.below(4) {
                    0 => self.out.push_str(&format!("/{name}")),
                    1 => self.out.push_str(&format!("({name})")),
                    2 => self.out.push_str(&format!(" ({name})")),
                    _ => self.out.push_str(&format!(" {name}")),
                }
            }
            Some(WrittenCoast::Unknown(c)) => {
                let one_word = !c.contains(' ') || c.split(' ').nth(1) == Some("coast");
                let name = self.case(c);
                match self.rng.below(3) {
                    0 if one_word => self.out.push_str(&format!("/{name}")),
                    1 => self.out.push_str(&format!(" ({name})")),
                    _ => self.out.push_str(&format!("({name})")),
                }
            }
        }
    }

    fn kind(&mut self, kind: Option<UnitKind>) {
        match kind {
            None => {}
            Some(UnitKind::Army) => {
                self.word(&["A", "Army"]);
                self.space();
            }
            Some(UnitKind::Fleet) => {
                self.word(&["F", "Fleet"]);
                self.space();
            }
        }
    }

    fn unit(&mut self, unit: &UnitRef) {
        self.kind(unit.kind);
        self.place(&unit.place);
    }

    fn power_word(&mut self, p: PowerId) {
        let power = map().power(p);
        let names = [
            power.name.as_str(),
            power.adjective.as_str(),
            power.abbreviation.as_str(),
        ];
        self.word(&names);
    }

    fn other(&mut self, other: &OtherUnit) {
        match (other.power, other.kind) {
            (Some(p), None) => {
                // `English Channel` is a province, not `English` + `Channel`: a power written
                // right before a province name must not make another province's name with it.
                let power = map().power(p);
                let mut choice = None;
                for _ in 0..10 {
                    let names = [
                        power.name.as_str(),
                        power.adjective.as_str(),
                        power.abbreviation.as_str(),
                    ];
                    let word = self.rng.pick(&names).to_string();
                    let word = self.case(&word);
                    let name = self.province_name(other.place.province);
                    if map().province_by_name(&format!("{word} {name}")).is_none() {
                        choice = Some((word, name));
                        break;
                    }
                }
                let (word, name) = choice.unwrap_or_else(|| {
                    (
                        power.abbreviation.clone(),
                        map().province(other.place.province).name.clone(),
                    )
                });
                self.out.push_str(&word);
                self.space();
                self.out.push_str(&name);
                self.coast(&other.place);
            }
            (power, kind) => {
                if let Some(p) = power {
                    self.power_word(p);
                    self.space();
                }
                self.kind(kind);
                self.place(&other.place);
            }
        }
    }

    fn arrow(&mut self) {
        let op = self.rng.pick(&[
            " - ",
            " - ",
            "-",
            " -> ",
            "->",
            " => ",
            " → ",
            " – ",
            " move ",
            " moves to ",
            " MOVE ",
        ]);
        self.out.push_str(op);
    }

    fn order(&mut self, order: &Order) {
        match order {
            Order::Hold { unit } => {
                self.unit(unit);
                if self.rng.chance(80) {
                    self.space();
                    self.word(&["H", "hold", "Holds", "stands", "stand"]);
                }
            }
            Order::Move {
                unit,
                to,
                via_convoy,
                path,
            } => {
                self.unit(unit);
                for &p in path {
                    self.arrow();
                    self.province(p);
                }
                self.arrow();
                self.place(to);
                if *via_convoy {
                    self.space();
                    let w = self.rng.pick(&[
                        "via convoy",
                        "VIA",
                        "via",
                        "by convoy",
                        "Via Convoy",
                        "via c",
                    ]);
                    self.out.push_str(w);
                }
            }
            Order::SupportHold { unit, supported } => {
                self.unit(unit);
                self.space();
                self.word(&["S", "Supports", "support"]);
                self.space();
                self.other(supported);
                if self.rng.chance(20) {
                    self.space();
                    self.word(&["H", "hold"]);
                }
            }
            Order::SupportMove {
                unit,
                supported,
                to,
            } => {
                self.unit(unit);
                self.space();
                self.word(&["S", "Supports", "support"]);
                self.space();
                self.other(supported);
                self.arrow();
                self.place(to);
            }
            Order::Convoy { unit, army, to } => {
                self.unit(unit);
                self.space();
                self.word(&["C", "Convoys", "convoy"]);
                self.space();
                self.other(army);
                self.arrow();
                self.place(to);
            }
            Order::Permit { fleet, to } => {
                self.word(&["SC", "permit", "permits"]);
                self.space();
                self.other(fleet);
                self.arrow();
                self.place(to);
            }
            Order::RailMove { unit, railroad, to } => {
                self.unit(unit);
                self.arrow();
                let name = map().railroads()[*railroad].name.clone();
                self.word(&[name.as_str()]);
                self.arrow();
                self.place(to);
            }
            Order::Retreat { unit, to } => {
                self.unit(unit);
                self.space();
                self.word(&["R", "retreat", "Retreats", "retreats to", "Retreat to"]);
                self.space();
                self.place(to);
            }
            Order::Disband { unit } => {
                if self.rng.chance(50) {
                    self.word(&["Disband", "D", "remove", "Removes"]);
                    self.space();
                    self.unit(unit);
                } else {
                    self.unit(unit);
                    self.space();
                    self.word(&["D", "disband", "disbands", "remove"]);
                }
            }
            Order::Build { unit } => {
                if self.rng.chance(75) {
                    self.word(&["Build", "B", "builds"]);
                    self.space();
                    self.unit(unit);
                } else {
                    self.unit(unit);
                    self.space();
                    self.word(&["B", "build"]);
                }
            }
            Order::Convert { unit } => {
                self.word(&["Convert", "convert", "converts"]);
                self.space();
                self.unit(unit);
            }
            Order::Decline => {
                self.word(&[
                    "waive",
                    "Build waive",
                    "B waive",
                    "Decline",
                    "decline build",
                    "waived",
                    "Build decline",
                ]);
            }
        }
    }

    /// The whole line: an optional power prefix, the order, an optional comment.
    fn line(&mut self, power: Option<PowerId>, order: &Order) -> String {
        self.out.clear();
        if self.rng.chance(20) {
            self.space();
        }
        if let Some(p) = power {
            self.power_word(p);
            let colon = self.rng.pick(&[": ", ":", " : ", ":  "]);
            self.out.push_str(colon);
        }
        self.order(order);
        if self.rng.chance(20) {
            self.out
                .push_str(self.rng.pick::<&str>(&["#", " # a comment", "   # ☃ - x"]));
        } else if self.rng.chance(20) {
            self.space();
        }
        std::mem::take(&mut self.out)
    }
}

/// Cuts, repeats or inserts a piece of the text.
fn mangle(text: &str, seed: u64) -> String {
    let mut rng = Rng::new(seed | 1);
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    let a = rng.below(n + 1);
    let b = a + rng.below(n - a + 1);
    let piece: String = chars[a..b].iter().collect();
    let before: String = chars[..a].iter().collect();
    let after: String = chars[b..].iter().collect();
    let junk = rng.pick(&[
        "", "-", "/", "(", ")", ":", "S", "C", "A", "F", "nc", "via", "☃", "ä", "North", "  ",
    ]);
    match rng.below(4) {
        0 => format!("{before}{after}"),
        1 => format!("{before}{piece}{piece}{after}"),
        2 => format!("{before}{junk}{after}"),
        _ => format!("{before}{junk}{piece}{after}"),
    }
}

proptest! {
    #![proptest_config(common::cases(4000))]

    #[test]
    fn any_notation_reads_back(order in any_order(), power in power(), seed in any::<u64>()) {
        let mut w = Writer { rng: Rng::new(seed | 1), out: String::new() };
        let text = w.line(power, &order);
        match parse_order(map(), &text) {
            Ok((p, o)) => {
                prop_assert_eq!(&o, &order, "`{}`", text);
                prop_assert_eq!(p, power, "`{}`", text);
            }
            Err(e) => prop_assert!(false, "`{}` ({:?}): {}", text, order, e),
        }
    }

    #[test]
    fn mangled_orders_never_panic(order in any_order(), power in power(), seed in any::<u64>(), seed2 in any::<u64>()) {
        let mut w = Writer { rng: Rng::new(seed | 1), out: String::new() };
        let text = mangle(&w.line(power, &order), seed2);
        if let Ok((p, o)) = parse_order(map(), &text) {
            assert_round_trip(&o, p);
        }
        let (lines, _) = parse_orders(map(), &format!("England:\n{text}\n{text}"));
        for l in lines {
            assert_round_trip(&l.order, l.power);
        }
    }
}
