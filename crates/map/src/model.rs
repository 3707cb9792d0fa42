//! The map's model: dense ids ([`ProvinceId`], [`PowerId`]), unit kinds, terrain, provinces and
//! their coasts, the [`Location`]s units stand on, and the powers with their starting units.

use std::fmt;

use serde::Serialize;

use crate::Season;

/// Dense index of a province on its map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct ProvinceId(pub u32);

impl ProvinceId {
    /// The id as a `usize` index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Dense index of a power on its map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct PowerId(pub u8);

impl PowerId {
    /// The id as a `usize` index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Army or fleet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum UnitKind {
    /// An army: moves over land, can be convoyed.
    Army,
    /// A fleet: moves along coasts and seas, can convoy.
    Fleet,
}

impl UnitKind {
    /// `A` or `F`.
    pub fn letter(self) -> char {
        match self {
            UnitKind::Army => 'A',
            UnitKind::Fleet => 'F',
        }
    }
    /// `army` or `fleet`.
    pub fn word(self) -> &'static str {
        match self {
            UnitKind::Army => "army",
            UnitKind::Fleet => "fleet",
        }
    }
}

impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// What a province is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    /// Land without a coast: armies only.
    Inland,
    /// Land with a coast: armies, and fleets along the coast.
    Coast,
    /// Water: fleets only; fleets here can convoy.
    Sea,
    /// Cannot be entered (Switzerland).
    Impassable,
}

impl Terrain {
    /// Whether an army may stand here.
    pub fn is_land(self) -> bool {
        matches!(self, Terrain::Inland | Terrain::Coast)
    }
    /// Whether a fleet may stand here.
    pub fn is_navigable(self) -> bool {
        matches!(self, Terrain::Coast | Terrain::Sea)
    }
}

/// A named coast of a multi-coast province (Spain's north coast).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Coast {
    /// Short name: `nc`.
    pub name: String,
    /// Full name: `north coast`.
    pub full_name: String,
}

/// A province of the map.
#[derive(Clone, Debug, Serialize)]
pub struct Province {
    /// Short name (2000-rulebook abbreviation), lower case: `lvp`.
    pub name: String,
    /// Full name as the DATC writes it: `Liverpool`.
    pub full_name: String,
    /// Other accepted names.
    pub aliases: Vec<String>,
    /// Land, coast, sea or impassable.
    pub terrain: Terrain,
    /// Whether this is a supply centre.
    pub supply_centre: bool,
    /// The power for which this is a home supply centre.
    pub home: Option<PowerId>,
    /// The home country this province belongs to (DATC 4.D.8, 2000 rulebook).
    pub country: Option<PowerId>,
    /// Named coasts; empty unless the province has more than one coast.
    pub coasts: Vec<Coast>,
    /// A coastal province whose fleet may convoy (DATC 2.4 chapter 9).
    pub convoyable: bool,
    /// Seasons in which the province is closed (ice, DATC 2.4 chapter 8).
    pub closed: Vec<Season>,
    /// Powers for which this supply centre does not count (Colonial's Hong Kong for China).
    pub not_centre_for: Vec<PowerId>,
    /// A dummy supply centre (1900's Russian Steamroller): it keeps one more unit for its owner
    /// while the owner owns one of its home centres, and never counts towards victory.
    pub dummy: bool,
}

impl Province {
    /// Whether fleets here must name a coast.
    pub fn is_multi_coast(&self) -> bool {
        !self.coasts.is_empty()
    }
}

/// A place a unit can stand: a province, and for a multi-coast province one of its coasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Location {
    /// The province.
    pub province: ProvinceId,
    /// Index into [`Province::coasts`], or `None` for the province as a whole.
    pub coast: Option<u8>,
}

impl Location {
    /// The whole province (no coast).
    pub fn province(province: ProvinceId) -> Self {
        Location {
            province,
            coast: None,
        }
    }
    /// A coast of a province.
    pub fn coast(province: ProvinceId, coast: u8) -> Self {
        Location {
            province,
            coast: Some(coast),
        }
    }
}

/// A unit placed on the map at the start of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StartingUnit {
    /// Army or fleet.
    pub kind: UnitKind,
    /// Where it stands.
    pub location: Location,
}

/// A great power.
#[derive(Clone, Debug, Serialize)]
pub struct Power {
    /// Name: `England`.
    pub name: String,
    /// Adjective: `English`.
    pub adjective: String,
    /// Three-letter abbreviation: `ENG`.
    pub abbreviation: String,
    /// Home supply centres, in map order.
    pub home_centres: Vec<ProvinceId>,
    /// Starting units.
    pub units: Vec<StartingUnit>,
    /// Supply centres owned at the start.
    pub centres: Vec<ProvinceId>,
    /// Where it may build under [`BuildRule::BuildSites`](crate::BuildRule::BuildSites).
    pub build_sites: Vec<ProvinceId>,
    /// Owned centres where it may never build.
    pub no_build: Vec<ProvinceId>,
    /// A neutral (unplayed) power: it never orders, its units hold (they can be supported and
    /// dislodged), it never wins.
    pub neutral: bool,
    /// A neutral power that rebuilds its units at adjustments, in the starting centres it still
    /// owns that are empty.
    pub rebuild: bool,
}
