//! Why an order had its result, kept as facts (units, provinces, strengths, rule names) and put
//! into words only when shown: adjudicating formats nothing, and [`Reason::display`] writes the
//! same sentence a player reads in the CLI, the JSON output, game files and the DATC runner.

use std::fmt::{self, Display, Formatter, Write};

use diplo_map::{Location, Map, PowerId, ProvinceId, Season};
use diplo_orders::{Order, WrittenCoast};

pub use crate::civil_disorder::RemovalFacts;
use crate::outcome::Tag;
use crate::position::Unit;
use crate::resolve::Strength;

/// One fact a sentence names; shown with the map's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    /// A province, by its full name.
    Province(ProvinceId),
    /// A province or one of its coasts, by its full name (`Spain(north coast)`).
    Location(Location),
    /// A unit: `A Paris`.
    Unit(Unit),
    /// A power, by its name.
    Power(PowerId),
    /// A power, by its adjective.
    Adjective(PowerId),
    /// A season, in lower case.
    Season(Season),
    /// A railroad by its full name (index into `Map::railroads`), or `railroad` if none.
    Railroad(usize),
    /// A word or phrase of the rules (`inland`, `difficult`).
    Word(&'static str),
    /// A strength as the DATC counts it.
    Strength(Strength),
    /// A count.
    Count(usize),
    /// A province's short name, with the coast's after a slash (`spa/nc`).
    ShortName(Location),
    /// A coast the order wrote that its province lacks, as written.
    WrittenCoast(CoastIn),
}

/// Where in an order a written coast is: the ordered unit's place, the destination, or the
/// unit a support or convoy names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoastIn {
    /// The place of the ordered unit.
    Unit,
    /// The destination (`to`).
    To,
    /// The unit a support or convoy names.
    Named,
}

/// A sentence of the rules with up to three facts filled into its `{}`s, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Text {
    /// The sentence, with one `{}` per fact.
    pub template: &'static str,
    /// The facts, first to last; unused ones are `None`.
    pub facts: [Option<Fact>; 3],
}

impl Text {
    /// A sentence without facts.
    pub const fn plain(template: &'static str) -> Text {
        Text {
            template,
            facts: [None; 3],
        }
    }

    /// A sentence with the given facts (at most three).
    pub fn new(template: &'static str, facts: &[Fact]) -> Text {
        let mut t = Text::plain(template);
        for (slot, f) in t.facts.iter_mut().zip(facts) {
            *slot = Some(*f);
        }
        t
    }
}

/// Up to `N` items kept inline; more spill to the heap (rare: many units bouncing at once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Few<T: Copy, const N: usize> {
    /// At most `N` items.
    Inline(u8, [Option<T>; N]),
    /// More than `N` items.
    Heap(Vec<T>),
}

impl<T: Copy, const N: usize> Default for Few<T, N> {
    fn default() -> Self {
        Few::Inline(0, [None; N])
    }
}

impl<T: Copy, const N: usize> Few<T, N> {
    /// Adds an item at the end.
    pub fn push(&mut self, x: T) {
        match self {
            Few::Inline(len, items) if (*len as usize) < N => {
                items[*len as usize] = Some(x);
                *len += 1;
            }
            Few::Inline(..) => {
                let mut v: Vec<T> = self.iter().collect();
                v.push(x);
                *self = Few::Heap(v);
            }
            Few::Heap(v) => v.push(x),
        }
    }

    /// The items, in order.
    pub fn iter(&self) -> impl Iterator<Item = T> + '_ {
        let (inline, heap): (&[Option<T>], &[T]) = match self {
            Few::Inline(len, items) => (&items[..*len as usize], &[]),
            Few::Heap(v) => (&[], v),
        };
        inline.iter().flatten().copied().chain(heap.iter().copied())
    }

    /// Whether there are no items.
    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }
}

/// How a failed move met the unit it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClashKind {
    /// `lost the head-to-head battle with U (a against d)`.
    LostHeadToHead,
    /// `cannot dislodge its own power's U`.
    OwnUnit,
    /// `U held (a against h)`.
    Held,
    /// `bounced with U (a against p)`.
    Bounced,
    /// `bounced with the railroad move of U (a against p)`.
    BouncedRailroad,
}

/// One thing that stopped a move: the unit met, the move's strength and the strength against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    /// How they met.
    pub kind: ClashKind,
    /// The unit met.
    pub unit: Unit,
    /// The move's strength.
    pub attack: Strength,
    /// The strength against it.
    pub against: Strength,
}

/// A unit that bounced a railroad move, with its strength to prevent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rival {
    /// The unit.
    pub unit: Unit,
    /// Its strength to prevent.
    pub prevent: Strength,
}

/// Why a railroad move stopped short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RailWhy {
    /// Nothing more than where it ends.
    Nothing,
    /// A sentence (`A Omsk stays in the way`).
    Text(Text),
    /// `bounced in P with U (a against p), ...`.
    Bounced {
        /// Where it bounced.
        province: ProvinceId,
        /// Its strength there.
        attack: Strength,
        /// The units it bounced with.
        rivals: Few<Rival, 2>,
    },
}

/// How an order relates to an unresolved paradox.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParadoxRole {
    /// `part of ...`: the order is in the paradox.
    PartOf,
    /// `decided only by ...`: its result depends on the paradox.
    DecidedBy,
    /// `attacked by U, a move of ...`: the unit holds against a move of the paradox.
    AttackedBy(Unit),
}

/// One paradox as a reason names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParadoxName {
    /// Its orders, in submission order.
    Orders(Vec<Order>),
    /// A long paradox, listed in full in the reason of its first order only: that order, and
    /// how many orders the paradox has.
    Listed {
        /// Its first order (in submission order).
        first: Order,
        /// How many orders it has.
        orders: usize,
    },
}

/// The paradoxes an order depends on, each by its orders or by reference; and the rule that
/// gives no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParadoxFacts {
    /// How the order relates to them.
    pub role: ParadoxRole,
    /// The paradoxes named (a few at most).
    pub paradoxes: Vec<ParadoxName>,
    /// How many more paradoxes the order depends on, not named.
    pub more: usize,
    /// Whether every one is a cycle that is no convoy paradox (DATC 3.2 5.B.9).
    pub other_cycles: bool,
    /// The `convoy_paradox` and `paradox_fallback` choices in force.
    pub rule: (&'static str, &'static str),
}

/// Why, as facts: the main sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// Nothing to say.
    Nothing,
    /// A sentence with its facts.
    Text(Text),
    /// A move that failed against these units; `even_if_convoyed`: its convoy is part of an
    /// unresolved paradox.
    MoveFailed {
        /// What stopped it, in order.
        clashes: Few<Clash, 2>,
        /// Whether the move fails even if convoyed.
        even_if_convoyed: bool,
    },
    /// A cut support, with the units that cut it (none: just `cut`).
    CutBy(Few<Unit, 2>),
    /// A railroad move that stopped short: why, and where it ends (`stays`: where it started).
    RailStopped {
        /// Why.
        why: RailWhy,
        /// Where it ends.
        end: ProvinceId,
        /// Whether that is where it started.
        stays: bool,
    },
    /// An order a paradox without an answer decides.
    Paradox(Box<ParadoxFacts>),
    /// A unit civil disorder removed, and why this one.
    CivilDisorder(Box<RemovalFacts>),
}

/// Why an order had its result (or a unit was removed), as facts; [`Reason::display`] gives the
/// words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    /// The main sentence.
    pub why: Why,
    /// The unit that dislodged the ordered unit, and whether it was destroyed or must retreat.
    pub dislodged_by: Option<(Unit, Tag)>,
}

impl Reason {
    /// No reason.
    pub const NONE: Reason = Reason {
        why: Why::Nothing,
        dislodged_by: None,
    };

    /// A reason of one sentence.
    pub fn text(template: &'static str, facts: &[Fact]) -> Reason {
        Reason::from(Why::Text(Text::new(template, facts)))
    }

    /// A reason of one sentence without facts.
    pub const fn plain(template: &'static str) -> Reason {
        Reason {
            why: Why::Text(Text::plain(template)),
            dislodged_by: None,
        }
    }

    /// Whether there is nothing to say (it displays as the empty string).
    pub fn is_empty(&self) -> bool {
        matches!(self.why, Why::Nothing) && self.dislodged_by.is_none()
    }

    /// The words, with the map's names; `order` is the order the reason is about (it supplies a
    /// coast written that its province lacks).
    pub fn display<'a>(&'a self, map: &'a Map, order: Option<&'a Order>) -> ReasonDisplay<'a> {
        ReasonDisplay {
            reason: self,
            map,
            order,
        }
    }
}

impl From<Why> for Reason {
    fn from(why: Why) -> Reason {
        Reason {
            why,
            dislodged_by: None,
        }
    }
}

/// Displays a [`Reason`] in words.
pub struct ReasonDisplay<'a> {
    reason: &'a Reason,
    map: &'a Map,
    order: Option<&'a Order>,
}

impl Display for ReasonDisplay<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let w = Words {
            map: self.map,
            order: self.order,
        };
        w.why(f, &self.reason.why)?;
        if let Some((by, tag)) = self.reason.dislodged_by {
            if !matches!(self.reason.why, Why::Nothing) {
                f.write_str("; ")?;
            }
            write!(f, "dislodged by {}", by.full_name(self.map))?;
            if tag == Tag::Destroyed {
                f.write_str(", no retreat")?;
            }
        }
        Ok(())
    }
}

/// Writes facts in words.
struct Words<'a> {
    map: &'a Map,
    order: Option<&'a Order>,
}

impl Words<'_> {
    fn why(&self, f: &mut Formatter<'_>, why: &Why) -> fmt::Result {
        match why {
            Why::Nothing => Ok(()),
            Why::Text(t) => self.text(f, t),
            Why::MoveFailed {
                clashes,
                even_if_convoyed,
            } => self.move_failed(f, clashes, *even_if_convoyed),
            Why::CutBy(units) => {
                f.write_str("cut")?;
                for (k, u) in units.iter().enumerate() {
                    f.write_str(if k == 0 { " by " } else { ", " })?;
                    write!(f, "{}", u.full_name(self.map))?;
                }
                Ok(())
            }
            Why::RailStopped { why, end, stays } => self.rail(f, why, *end, *stays),
            Why::Paradox(p) => self.paradox(f, p),
            Why::CivilDisorder(r) => r.write(f, self.map),
        }
    }

    /// Fills the template's `{}`s with the facts.
    fn text(&self, f: &mut Formatter<'_>, t: &Text) -> fmt::Result {
        let mut facts = t.facts.iter().flatten();
        for (k, piece) in t.template.split("{}").enumerate() {
            if k > 0 {
                if let Some(fact) = facts.next() {
                    self.fact(f, fact)?;
                }
            }
            f.write_str(piece)?;
        }
        Ok(())
    }

    fn fact(&self, f: &mut Formatter<'_>, fact: &Fact) -> fmt::Result {
        let map = self.map;
        match *fact {
            Fact::Province(p) => f.write_str(&map.province(p).full_name),
            Fact::Location(l) => write_location(f, map, l),
            Fact::Unit(u) => write!(f, "{}", u.full_name(map)),
            Fact::Power(p) => f.write_str(&map.power(p).name),
            Fact::Adjective(p) => f.write_str(&map.power(p).adjective),
            Fact::Season(s) => f.write_str(&map.season_name(s).to_lowercase()),
            Fact::Railroad(r) => f.write_str(
                map.railroads()
                    .get(r)
                    .map_or("railroad", |r| r.full_name.as_str()),
            ),
            Fact::Word(w) => f.write_str(w),
            Fact::Strength(s) => write!(f, "{s}"),
            Fact::Count(n) => write!(f, "{n}"),
            Fact::ShortName(l) => {
                let p = map.province(l.province);
                f.write_str(&p.name)?;
                match l.coast {
                    Some(c) => write!(f, "/{}", p.coasts[c as usize].name),
                    None => Ok(()),
                }
            }
            Fact::WrittenCoast(at) => f.write_str(written_coast(self.order, at).unwrap_or("?")),
        }
    }

    fn move_failed(
        &self,
        f: &mut Formatter<'_>,
        clashes: &Few<Clash, 2>,
        even: bool,
    ) -> fmt::Result {
        if clashes.is_empty() {
            return f.write_str("fails");
        }
        for (k, c) in clashes.iter().enumerate() {
            if k > 0 {
                f.write_str("; ")?;
            }
            let u = c.unit.full_name(self.map);
            let (a, b) = (c.attack, c.against);
            match c.kind {
                ClashKind::LostHeadToHead => {
                    write!(f, "lost the head-to-head battle with {u} ({a} against {b})")
                }
                ClashKind::OwnUnit => write!(f, "cannot dislodge its own power's {u}"),
                ClashKind::Held => write!(f, "{u} held ({a} against {b})"),
                ClashKind::Bounced => write!(f, "bounced with {u} ({a} against {b})"),
                ClashKind::BouncedRailroad => {
                    write!(f, "bounced with the railroad move of {u} ({a} against {b})")
                }
            }?;
        }
        if even {
            f.write_str(", even if convoyed (its convoy is part of an unresolved convoy paradox)")?;
        }
        Ok(())
    }

    fn rail(
        &self,
        f: &mut Formatter<'_>,
        why: &RailWhy,
        end: ProvinceId,
        stays: bool,
    ) -> fmt::Result {
        match why {
            RailWhy::Nothing => {}
            RailWhy::Text(t) => {
                self.text(f, t)?;
                f.write_str("; ")?;
            }
            RailWhy::Bounced {
                province,
                attack,
                rivals,
            } => {
                write!(
                    f,
                    "bounced in {} with ",
                    self.map.province(*province).full_name
                )?;
                for (k, r) in rivals.iter().enumerate() {
                    let sep = if k == 0 { "" } else { ", " };
                    let u = r.unit.full_name(self.map);
                    write!(f, "{sep}{u} ({attack} against {})", r.prevent)?;
                }
                f.write_str("; ")?;
            }
        }
        let verb = if stays { "stays" } else { "ends" };
        write!(f, "it {verb} in {}", self.map.province(end).full_name)
    }

    /// `part of the convoy paradox of F A - B; F C Convoys ... (convoy_paradox = "1971" gives
    /// no answer, paradox_fallback = "none"; DATC 4.A.2)`.
    fn paradox(&self, f: &mut Formatter<'_>, p: &ParadoxFacts) -> fmt::Result {
        match p.role {
            ParadoxRole::PartOf => f.write_str("part of ")?,
            ParadoxRole::DecidedBy => f.write_str("decided only by ")?,
            ParadoxRole::AttackedBy(u) => {
                write!(f, "attacked by {}, a move of ", u.full_name(self.map))?
            }
        }
        let many = p.paradoxes.len() + p.more != 1;
        f.write_str(match (p.other_cycles, many) {
            (true, false) => "the cycle of ",
            (true, true) => "the cycles of ",
            (false, false) => "the convoy paradox of ",
            (false, true) => "the convoy paradoxes of ",
        })?;
        for (k, name) in p.paradoxes.iter().enumerate() {
            if k > 0 {
                f.write_str(", and of ")?;
            }
            match name {
                ParadoxName::Orders(orders) => self.paradox_orders(f, orders)?,
                ParadoxName::Listed { first, orders } => write!(
                    f,
                    "{orders} orders listed at the result of {}",
                    first.display(self.map).full()
                )?,
            }
        }
        if p.more > 0 {
            write!(
                f,
                ", and of {} more (each listed at the results of its orders)",
                p.more
            )?;
        }
        if p.other_cycles {
            f.write_str(" (neither circular movement nor a convoy paradox: other_cycles = \"unresolved\"; DATC 3.2 5.B.9)")
        } else {
            let (rule, fallback) = p.rule;
            write!(f, " (convoy_paradox = \"{rule}\" gives no answer, paradox_fallback = \"{fallback}\"; DATC 4.A.2)")
        }
    }

    /// The orders of one paradox, `; ` between them, each written once in a row.
    fn paradox_orders(&self, f: &mut Formatter<'_>, orders: &[Order]) -> fmt::Result {
        let mut last = String::new();
        let mut this = String::new();
        for (k, o) in orders.iter().enumerate() {
            this.clear();
            write!(this, "{}", o.display(self.map).full())?;
            if k > 0 && this == last {
                continue;
            }
            if k > 0 {
                f.write_str("; ")?;
            }
            f.write_str(&this)?;
            std::mem::swap(&mut last, &mut this);
        }
        Ok(())
    }
}

fn write_location(f: &mut Formatter<'_>, map: &Map, l: Location) -> fmt::Result {
    let p = map.province(l.province);
    match l.coast {
        Some(c) => write!(f, "{}({})", p.full_name, p.coasts[c as usize].name),
        None => f.write_str(&p.full_name),
    }
}

/// The coast `order` writes at `at`, when it is one its province lacks.
fn written_coast(order: Option<&Order>, at: CoastIn) -> Option<&str> {
    let order = order?;
    let place = match (at, order) {
        (CoastIn::Unit, _) => &order.unit()?.place,
        (CoastIn::To, Order::Move { to, .. } | Order::Retreat { to, .. }) => to,
        (CoastIn::To, Order::SupportMove { to, .. } | Order::Convoy { to, .. }) => to,
        (CoastIn::To, Order::RailMove { to, .. } | Order::Permit { to, .. }) => to,
        (CoastIn::Named, Order::SupportHold { supported, .. }) => &supported.place,
        (CoastIn::Named, Order::SupportMove { supported, .. }) => &supported.place,
        (CoastIn::Named, Order::Convoy { army, .. }) => &army.place,
        _ => return None,
    };
    match &place.coast {
        Some(WrittenCoast::Unknown(c)) => Some(c),
        _ => None,
    }
}

/// A unit's name in reasons (`A Paris`, `F Spain(north coast)`).
pub struct UnitName<'a> {
    unit: Unit,
    map: &'a Map,
}

impl Display for UnitName<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.unit.kind.letter())?;
        write_location(f, self.map, self.unit.location)
    }
}

impl Unit {
    /// Displays `A Paris`, as [`Unit::full`] without building a string.
    pub fn full_name<'a>(&self, map: &'a Map) -> UnitName<'a> {
        UnitName { unit: *self, map }
    }
}
