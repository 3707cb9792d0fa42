//! The intermediate model both importers produce, and the checks that turn it into what the
//! diplo format can say: every edge and name the format cannot hold is reported, never dropped
//! silently.

use std::collections::{BTreeSet, HashMap};
use std::fmt;

/// A place in a source file: its name and 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Place {
    /// The file's name (without its folder: every file of one import sits in one folder).
    pub file: String,
    /// 1-based line.
    pub line: usize,
}

impl Place {
    /// `file` at `line`.
    pub fn new(file: &str, line: usize) -> Self {
        Place {
            file: file.to_string(),
            line,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// What a finding says about the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FindingKind {
    /// The source says something the diplo format cannot say: it is not in the output.
    NotExpressed,
    /// The source can be read more than one way: the output says which reading it took.
    Ambiguous,
    /// The source does not say something diplo needs: the output holds a stated default.
    Default,
    /// A faithful rewrite worth knowing (a self-adjacency, an edge into an impassable province).
    Note,
}

impl FindingKind {
    /// The word a report line starts with.
    pub fn word(self) -> &'static str {
        match self {
            FindingKind::NotExpressed => "not expressed",
            FindingKind::Ambiguous => "ambiguous",
            FindingKind::Default => "default",
            FindingKind::Note => "note",
        }
    }
}

/// One thing an import reports about its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Where the source says it; `None` for what the source leaves out altogether.
    pub place: Option<Place>,
    /// Gap, ambiguity, default or note.
    pub kind: FindingKind,
    /// What and why, naming the source's words.
    pub message: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.place {
            Some(p) => write!(f, "{p}: {}: {}", self.kind.word(), self.message),
            None => write!(f, "{}: {}", self.kind.word(), self.message),
        }
    }
}

pub use diplo_map::{Season, Terrain, UnitKind as Kind};

/// The word the diplo format writes for a terrain or a season.
pub trait Word {
    /// `inland`, `coast`, ...; `spring`, `fall`.
    fn word(self) -> &'static str;
}

impl Word for Terrain {
    fn word(self) -> &'static str {
        match self {
            Terrain::Inland => "inland",
            Terrain::Coast => "coast",
            Terrain::Sea => "sea",
            Terrain::Impassable => "impassable",
        }
    }
}

impl Word for Season {
    fn word(self) -> &'static str {
        match self {
            Season::SPRING => "spring",
            _ => "fall",
        }
    }
}

/// A named coast of a multi-coast province.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coast {
    /// Short name, as in `spa/nc`: `nc`.
    pub name: String,
    /// Full name: `North Coast`.
    pub full_name: String,
}

/// One province as the source gives it.
#[derive(Clone, Debug)]
pub struct Province {
    /// Short name, lower case.
    pub name: String,
    /// `None` when the source has none (a default is filled and reported).
    pub full_name: Option<String>,
    /// Other names, each with where the source gives it.
    pub aliases: Vec<(String, Place)>,
    /// Inland, coast, sea or impassable.
    pub terrain: Terrain,
    /// Whether the province holds a supply centre.
    pub supply_centre: bool,
    /// Name of the power for which this is a home centre.
    pub home: Option<String>,
    /// A coastal province fleets may convoy through (DATC 2.4 chapter 9).
    pub convoyable: bool,
    /// The seasons in which the province is closed (ice).
    pub closed: BTreeSet<Season>,
    /// Named coasts; empty for a province with one coast or none.
    pub coasts: Vec<Coast>,
    /// Where the source defines the province.
    pub at: Place,
}

impl Province {
    /// A province with only a name, a terrain and a place; the rest empty.
    pub fn new(name: &str, terrain: Terrain, at: Place) -> Self {
        Province {
            name: name.to_lowercase(),
            full_name: None,
            aliases: Vec::new(),
            terrain,
            supply_centre: false,
            home: None,
            convoyable: false,
            closed: BTreeSet::new(),
            coasts: Vec::new(),
            at,
        }
    }
}

/// A starting unit: `location` is `prov` or `prov/coast`.
#[derive(Clone, Debug)]
pub struct Unit {
    /// Army or fleet.
    pub kind: Kind,
    /// `prov` or `prov/coast`, lower case.
    pub location: String,
    /// Where the source places the unit.
    pub at: Place,
}

/// One power.
#[derive(Clone, Debug)]
pub struct Power {
    /// The power's name as the source writes it.
    pub name: String,
    /// Its adjective (`French`); the name when the source has none.
    pub adjective: String,
    /// `None`: the source has none; a default is chosen and reported.
    pub abbreviation: Option<String>,
    /// Starting units.
    pub units: Vec<Unit>,
    /// Centres owned at the start; `None`: its home centres.
    pub centres: Option<Vec<String>>,
    /// A neutral power (MILA `DUMMY`): it owns centres and units but is not played.
    pub neutral: bool,
    /// A neutral power that rebuilds its lost units in its empty starting centres.
    pub rebuild: bool,
    /// Where the source defines the power.
    pub at: Place,
}

/// A directed edge: army edges join provinces, fleet edges join locations (`spa/nc`).
#[derive(Clone, Debug)]
pub struct Edge {
    /// Army edge or fleet edge.
    pub kind: Kind,
    /// Province (army) or location (fleet) the edge leaves.
    pub from: String,
    /// Province (army) or location (fleet) the edge reaches.
    pub to: String,
    /// Where the source gives the edge.
    pub at: Place,
}

/// A property of the directed edge `from` → `to` (province names), for `kind` or both kinds.
#[derive(Clone, Debug)]
pub struct BorderRule {
    /// Province the edge leaves.
    pub from: String,
    /// Province the edge reaches.
    pub to: String,
    /// The unit kind the rule is for; `None`: both.
    pub kind: Option<Kind>,
    /// A difficult passable border (DATC 2.4 chapter 10).
    pub difficult: bool,
    /// The seasons in which the border is closed.
    pub closed: BTreeSet<Season>,
    /// The edge exists in this direction only.
    pub one_way: bool,
    /// Where the source gives the rule.
    pub at: Place,
}

/// A calendar as a source gives it (diplicity's phase progression).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CalendarModel {
    /// The seasons of a year, in order, each with whether adjustments follow it.
    pub seasons: Vec<(String, bool)>,
    /// Calendar years from one game year to the next (1: every year).
    pub year_step: u16,
    /// Adjustments in every this many game years (1: every year).
    pub adjustment_every: u16,
}

/// A whole map as read from a source, before the diplo format's checks.
#[derive(Clone, Debug, Default)]
pub struct Model {
    /// `MILA` or `jDip`.
    pub format: &'static str,
    /// What was imported, for the header: `MILA map file colonial.map`.
    pub source: String,
    /// Every file read, in order.
    pub files: Vec<String>,
    /// The map's short name (`loeb9`).
    pub name: String,
    /// The map's title for people.
    pub title: String,
    /// The year the game starts; `None`: the default.
    pub first_year: Option<i64>,
    /// The season the game starts; `None`: spring.
    pub first_season: Option<Season>,
    /// The game opens with the adjustments of `first_year`.
    pub first_adjustment: bool,
    /// Centres that win; `None`: the default (more than half).
    pub victory_centres: Option<u16>,
    /// The year after which the game ends; `None`: no such year.
    pub last_year: Option<i64>,
    /// At `last_year` the most centres win (otherwise the survivors draw).
    pub most_centres_at_last_year: bool,
    /// Provinces whose control wins (`[victory] control`); empty: no such condition.
    pub control: Vec<String>,
    /// The first year `control` is checked; `None`: from the start.
    pub control_from: Option<i64>,
    /// `build` key: `owned-centres`, ...; `None` for the default.
    pub build: Option<&'static str>,
    /// The supply centres (province names) in the source's order, when it matters (written as
    /// `centre_order` unless the provinces as written come in it); empty: no such order.
    pub centre_order: Vec<String>,
    /// A calendar other than Spring and Fall with adjustments every year; `None`: that one.
    pub calendar: Option<CalendarModel>,
    /// The powers, in the source's order.
    pub powers: Vec<Power>,
    /// The provinces, in the source's order.
    pub provinces: Vec<Province>,
    /// Every edge the source gives.
    pub edges: Vec<Edge>,
    /// Special borders.
    pub borders: Vec<BorderRule>,
    /// What the import found: gaps, ambiguities, defaults, notes.
    pub findings: Vec<Finding>,
}

impl Model {
    /// Records a finding at a place.
    pub fn report(&mut self, at: &Place, kind: FindingKind, message: impl Into<String>) {
        self.findings.push(Finding {
            place: Some(at.clone()),
            kind,
            message: message.into(),
        });
    }

    /// Records a finding about the source as a whole.
    pub fn report_file(&mut self, kind: FindingKind, message: impl Into<String>) {
        self.findings.push(Finding {
            place: None,
            kind,
            message: message.into(),
        });
    }

    /// Each province's index in `provinces`, by name.
    pub fn province_index(&self) -> HashMap<String, usize> {
        self.provinces
            .iter()
            .enumerate()
            .map(|(i, p)| (p.name.clone(), i))
            .collect()
    }
}

mod check;
pub use check::{check, BorderProps, Checked, OutBorder};
