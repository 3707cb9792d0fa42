//! Hosting whole games of Diplomacy: a game file, order submission, phase after phase.
//!
//! A [`Game`] holds everything a host needs between two commands: the map (an embedded map's
//! name or the game's own copy of a map file), every choice of the ruleset (so that a profile
//! changing later never changes a running game), the position at the start of the current
//! phase, the order sets submitted so far, proxy grants and perpetual orders, and the history of
//! every phase played with its orders and results. The file format is TOML
//! (`crates/game/FORMAT.md`).
//!
//! Submitting orders ([`Game::submit`]) refuses orders for the wrong phase and for units the
//! power does not control (unless the ruleset allows proxy orders, DATC 4.E.5). Adjudicating
//! ([`Game::adjudicate`]) gathers each power's orders from its order sets as the ruleset says
//! (DATC 4.D.1, 4.D.2; perpetual orders 4.E.4), lets a power that sent nothing fall into civil
//! disorder (4.D.8, 4.D.9: the engine's rules for a power without orders), adjudicates with
//! `diplo-engine`, records the phase, and moves to the next phase (retreats and adjustments are
//! skipped when nobody has one to make). The game ends after the Fall season in which a power
//! owns the map's `victory_centres`.
//!
//! Saving is atomic ([`write_atomically`]) and a [`GameLock`] keeps two commands from changing
//! one game at once: a crash or a kill never leaves a half-written game.

pub mod file;
pub mod mila;
pub mod possible;
mod production;
mod read;
mod store;
pub mod summary;
pub mod time;
pub mod viewer;

use std::collections::{BTreeMap, BTreeSet};

use std::path::Path;
use std::sync::Arc;

use diplo_engine::{
    adjudicate_with_production, pending_retreat_options, Adjudication, Adjudicator,
    AdjudicatorScratch, Phase, PhaseKind, Position, Resolution, Retreats,
};
use diplo_map::limits::Limit;
use diplo_map::{Map, PowerId, ProvinceId};
use diplo_orders::Order;
use diplo_rules::policies::{ProxyRule, SetIntent};
use diplo_rules::{Ruleset, ISSUES};

use file::*;
use production::next_production;
pub use production::Production;
pub use store::{write_atomically, GameLock};

/// Why a game file cannot be read, or a command on a game is refused.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// The game file is not valid: `file:line:column: what is wrong`.
    #[error("{0}")]
    Invalid(String),
    /// The file cannot be read or written.
    #[error("{path}: {what}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What was being done.
        what: &'static str,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The command is not possible now (the game is over, an order is for the wrong phase or
    /// for another power's unit ...). Each line says what and why.
    #[error("{}", .0.join("\n"))]
    Refused(Vec<String>),
}

/// The ruleset as every command prints it: `2023`, or `2023 with convoy_paradox=szykman`.
pub fn ruleset_label(name: &str, overrides: &[String]) -> String {
    if overrides.is_empty() {
        name.to_string()
    } else {
        format!("{name} with {}", overrides.join(", "))
    }
}

/// Where the game's map comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapSource {
    /// A map built into diplo, by name (`standard`).
    Embedded(String),
    /// The text of a map file; the game keeps its own copy.
    Copy(String),
}

impl MapSource {
    /// Loads the map; `file` names the file in errors.
    pub fn load(&self, file: &str) -> Result<Map, GameError> {
        match self {
            MapSource::Embedded(name) => match Map::embedded(name) {
                Some(map) => map.map_err(|e| GameError::Invalid(e.to_string())),
                None => Err(GameError::Invalid(format!(
                    "{file}: no embedded map `{name}` (embedded: {})",
                    diplo_map::EMBEDDED_MAPS
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", ")
                ))),
            },
            MapSource::Copy(text) => Map::from_toml_str(text, &format!("{file} [map_file]"))
                .map_err(|e| {
                    GameError::Invalid(
                        e.diagnostics
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join("\n"),
                    )
                }),
        }
    }
}

/// One power's order set for the current phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderSet {
    /// The power that submitted it.
    pub power: PowerId,
    /// Its place in the order of all submissions of the game.
    pub seq: u64,
    /// What it says about earlier sets (DATC 4.D.1).
    pub intent: SetIntent,
    /// Submitted at the same time as the power's previous set (their order is not known,
    /// DATC 4.D.2).
    pub same_time: bool,
    /// The orders.
    pub orders: Vec<Order>,
}

/// A power lets another power order one of its units this phase (DATC 4.E.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProxyGrant {
    /// The unit's owner.
    pub power: PowerId,
    /// Where the unit stands.
    pub province: ProvinceId,
    /// The power that may order it.
    pub to: PowerId,
    /// Its place in the order of all submissions.
    pub seq: u64,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The power that reached the victory condition; `None` for a draw at the map's last year.
    pub winner: Option<PowerId>,
    /// The powers that share a draw (empty when someone won).
    pub draw: Vec<PowerId>,
    /// The phase after which it did.
    pub phase: Phase,
    /// How many centres it owned.
    pub centres: usize,
}

/// How an order set is submitted.
#[derive(Clone, Copy, Debug, Default)]
pub struct SubmitOptions {
    /// What the set says about earlier sets (DATC 4.D.1).
    pub intent: SetIntent,
    /// Submitted at the same time as the power's previous set (DATC 4.D.2).
    pub same_time: bool,
    /// Also keep these orders as perpetual orders (DATC 4.E.4).
    pub perpetual: bool,
}

/// The orders a phase is adjudicated with, and how they were gathered.
#[derive(Clone, Debug, Default)]
pub struct Gathered {
    /// Every order, with the power whose unit it orders, in the order the engine reads them.
    pub orders: Vec<(PowerId, Order)>,
    /// Powers that had something to order and sent nothing: civil disorder.
    pub civil_disorder: Vec<PowerId>,
    /// How order sets were combined or set aside, proxy and perpetual orders used.
    pub notes: Vec<String>,
}

/// A gathered order taken as it is from an order set: `gathered.orders[gathered]` is
/// `order_sets[set].orders[index]`.
struct StoredOrder {
    gathered: usize,
    set: usize,
    index: usize,
}

/// Where a power's orders for the phase come from.
enum OrderSource {
    /// Its only order set, by its place in `Game::order_sets`.
    Set(usize),
    /// Orders made for the phase: perpetual orders, or order sets combined.
    Made(Vec<Order>),
}

/// How a power's order sets of the current phase combine ([`Game::set_status`]).
#[derive(Clone, Debug, Default)]
pub struct SetStatus {
    /// The orders that count.
    pub orders: Vec<Order>,
    /// The sets whose orders count, by submission number.
    pub counting: Vec<u64>,
    /// The sets a later set replaced: their orders no longer count.
    pub replaced: Vec<u64>,
    /// Sets came at the same time in no known order and the ruleset makes every unit hold.
    pub all_hold: bool,
    /// What each set did to the earlier ones (`France: order set 5 replaces set 3 (DATC 4.D.1)`).
    pub notes: Vec<String>,
}

/// Whether the current phase is due for adjudication ([`Game::due`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Due {
    /// Every power that must order is ready.
    AllReady,
    /// The deadline has passed; these powers were not ready, and these sent nothing (civil
    /// disorder follows).
    DeadlinePassed {
        /// The deadline.
        deadline: time::Seconds,
        /// Powers that must order and did not say they were ready.
        not_ready: Vec<PowerId>,
        /// Powers that must order and sent no order set.
        no_orders: Vec<PowerId>,
    },
    /// Not yet.
    NotDue {
        /// Powers that must order and are not ready.
        not_ready: Vec<PowerId>,
        /// The deadline, if any (in the future).
        deadline: Option<time::Seconds>,
    },
    /// The game is over.
    Over,
}

/// What adjudicating the current phase did.
#[derive(Clone, Debug)]
pub struct PhaseOutcome {
    /// The phase adjudicated.
    pub phase: Phase,
    /// The position it started from.
    pub position: Position,
    /// The orders used.
    pub gathered: Gathered,
    /// The engine's results.
    pub adjudication: Adjudication,
    /// Set when this phase ended the game.
    pub ended: Option<Ending>,
}

/// A game being played.
#[derive(Clone, Debug)]
pub struct Game {
    /// The map (shared: games on one built-in map may share one copy; a change to a game's
    /// map through [`Arc::make_mut`] copies it first).
    pub map: Arc<Map>,
    /// Where the map comes from.
    pub map_source: MapSource,
    /// The rules, one choice per DATC issue.
    pub rules: Ruleset,
    /// The `--set` overrides given at creation (for people; `rules` includes them).
    pub overrides: Vec<String>,
    /// The position at the start of the current phase.
    pub position: Position,
    /// Order sets submitted for the current phase, in submission order.
    pub order_sets: Vec<OrderSet>,
    /// Proxy grants for the current phase.
    pub proxies: Vec<ProxyGrant>,
    /// Perpetual orders per power (DATC 4.E.4).
    pub perpetual: BTreeMap<PowerId, Vec<Order>>,
    /// Every phase played, oldest first.
    pub history: Vec<PhaseRecordFile>,
    /// How the game ended, once it has.
    pub ended: Option<Ending>,
    /// When each unit on the board was produced (smaller is earlier), by province.
    pub produced: Production,
    /// When each dislodged unit was produced, by the province it was dislodged from.
    pub produced_dislodged: Production,
    /// The current phase's deadline (seconds since the epoch, UTC), if the host set one.
    pub deadline: Option<time::Seconds>,
    /// The powers that declared their orders for the current phase final.
    pub ready: BTreeSet<PowerId>,
    /// Rollbacks: the phases each took back, kept for the record.
    pub undone: Vec<UndoneFile>,
    next_seq: u64,
    /// The engine's buffers, kept from one movement phase to the next (a clone starts afresh).
    scratch: AdjudicatorScratch,
}

impl Game {
    /// The engine's adjudication of the current phase with `orders` under the game's rules
    /// (or `overridden`, the rules changed for this phase): a movement phase with the buffers
    /// kept from the game's previous movement phase.
    fn adjudicate_phase(
        &mut self,
        overridden: Option<&Ruleset>,
        orders: &[(PowerId, Order)],
    ) -> Adjudication {
        let rules = overridden.unwrap_or(&self.rules);
        if self.position.phase.kind == PhaseKind::Movement {
            let scratch = std::mem::take(&mut self.scratch);
            let mut adjudicator = Adjudicator::with_scratch(&self.map, rules, scratch);
            let adj = adjudicator.adjudicate(&self.position, orders);
            self.scratch = adjudicator.into_scratch();
            return adj;
        }
        let mut produced = Vec::with_capacity(self.position.units.len());
        produced.extend(
            (self.position.units.iter())
                .filter_map(|u| Some((u.location, self.produced.get(u.location.province)?))),
        );
        adjudicate_with_production(&self.map, rules, &self.position, orders, &produced)
    }

    /// A new game at the map's starting position.
    pub fn new(
        map: impl Into<Arc<Map>>,
        map_source: MapSource,
        rules: Ruleset,
        overrides: Vec<String>,
    ) -> Game {
        let map: Arc<Map> = map.into();
        let position = Position::initial(&map);
        let provinces = map.provinces().len();
        let produced = Production::from_entries(
            provinces,
            position
                .units
                .iter()
                .zip(0..)
                .map(|(u, n)| (u.location.province, n)),
        );
        Game {
            map,
            map_source,
            rules,
            overrides,
            position,
            order_sets: Vec::new(),
            proxies: Vec::new(),
            perpetual: BTreeMap::new(),
            history: Vec::new(),
            ended: None,
            produced,
            produced_dislodged: Production::new(provinces),
            deadline: None,
            ready: BTreeSet::new(),
            undone: Vec::new(),
            next_seq: 1,
            scratch: AdjudicatorScratch::default(),
        }
    }

    /// Reads a game file.
    pub fn load(path: &Path) -> Result<Game, GameError> {
        let text = diplo_map::limits::read_file(path).map_err(|source| GameError::Io {
            path: path.display().to_string(),
            what: "cannot read the game file",
            source,
        })?;
        Game::from_toml_str(&text, &path.display().to_string())
    }

    /// Saves the game to `path` atomically (see [`write_atomically`]).
    pub fn save(&self, path: &Path) -> Result<(), GameError> {
        write_atomically(path, &self.to_toml()).map_err(|source| GameError::Io {
            path: path.display().to_string(),
            what: "cannot write the game file (it is unchanged)",
            source,
        })
    }

    /// The game's ruleset as every command prints it ([`ruleset_label`]).
    pub fn ruleset_label(&self) -> String {
        ruleset_label(&self.rules.name, &self.overrides)
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.position.phase
    }

    /// Where each dislodged unit may retreat (retreat phases).
    pub fn retreat_options(&self) -> Retreats {
        pending_retreat_options(&self.map, &self.rules, &self.position)
    }

    /// A power's name.
    pub fn power_name(&self, p: PowerId) -> &str {
        &self.map.power(p).name
    }

    /// Submits an order set for `power`. `text` is an orders file (one order per line, optional
    /// `Power:` headers, `#` comments); `source` names it in messages. Every problem is
    /// reported at once and nothing is stored then. A line under another power's header is an
    /// order by `power` for that power's unit (a proxy order, DATC 4.E.5).
    pub fn submit(
        &mut self,
        power: PowerId,
        text: &str,
        source: &str,
        opts: SubmitOptions,
    ) -> Result<&OrderSet, GameError> {
        self.submit_sets(Some(power), text, source, opts)?;
        Ok(self.order_sets.last().expect("one set stored"))
    }

    /// Submits the orders of several powers from one file, one order set per power: every line
    /// needs a power (a `Power:` header or a `POW:` prefix). All or nothing, as [`Game::submit`].
    pub fn submit_by_headers(
        &mut self,
        text: &str,
        source: &str,
        opts: SubmitOptions,
    ) -> Result<Vec<OrderSet>, GameError> {
        let n = self.submit_sets(None, text, source, opts)?;
        Ok(self.order_sets[self.order_sets.len() - n..].to_vec())
    }

    /// Validates and stores order sets; returns how many were stored.
    fn submit_sets(
        &mut self,
        power: Option<PowerId>,
        text: &str,
        source: &str,
        opts: SubmitOptions,
    ) -> Result<usize, GameError> {
        self.refuse_if_ended()?;
        let (lines, errors) = diplo_orders::parse_orders(&self.map, text);
        let mut problems: Vec<String> = errors
            .iter()
            .map(|e| format!("{source}:{}:{}: {}", e.line, e.column, e.message))
            .collect();
        // The orders of the whole phase, those stored and these, within the limit.
        let max = diplo_map::limits::max_orders();
        let stored: usize = self.order_sets.iter().map(|s| s.orders.len()).sum();
        if let Some(l) = lines.get(max.saturating_sub(stored)) {
            problems.push(format!(
                "{source}:{}: `{}`: {} orders this phase with those stored: {}",
                l.line,
                l.text,
                stored + lines.len(),
                Limit::Orders.exceeded(max)
            ));
            problems.push(format!("{source}: no orders stored"));
            return Err(GameError::Refused(problems));
        }
        // One set per submitting power, in the order the powers first appear.
        let mut sets: Vec<(PowerId, Vec<Order>)> =
            power.map(|p| (p, Vec::new())).into_iter().collect();
        for l in lines {
            let Some(by) = power.or(l.power) else {
                problems.push(format!(
                    "{source}:{}: `{}`: no power: add a header line like `England:` or a prefix \
                     like `ENG:`, or name the power with --power",
                    l.line, l.text
                ));
                continue;
            };
            match self.check_order(by, &l.order, true) {
                Ok(()) => match sets.iter_mut().find(|(p, _)| *p == by) {
                    Some((_, orders)) => orders.push(l.order),
                    None => sets.push((by, vec![l.order])),
                },
                Err(why) => problems.push(format!("{source}:{}: `{}`: {why}", l.line, l.text)),
            }
        }
        if sets.is_empty() && problems.is_empty() {
            problems.push(format!(
                "{source}: no orders, and no power named (an empty set needs --power)"
            ));
        }
        self.set_problems(sets.iter().map(|(p, _)| *p), opts, &mut problems);
        if !problems.is_empty() {
            problems.push(format!("{source}: no orders stored; fix the lines above"));
            return Err(GameError::Refused(problems));
        }
        let n = sets.len();
        for (p, orders) in sets {
            self.store_set(p, orders, opts);
        }
        Ok(n)
    }

    /// As [`Game::submit`], for orders already read (a caller that made them itself, e.g. with
    /// [`possible::PossibleOrder::to_order`], skips writing and parsing their text). The same
    /// checks apply; a problem names the order by its place in `orders` (`source:3`) and its
    /// canonical text.
    pub fn submit_orders(
        &mut self,
        power: PowerId,
        orders: Vec<Order>,
        source: &str,
        opts: SubmitOptions,
    ) -> Result<&OrderSet, GameError> {
        self.refuse_if_ended()?;
        let max = diplo_map::limits::max_orders();
        let stored: usize = self.order_sets.iter().map(|s| s.orders.len()).sum();
        if stored + orders.len() > max {
            return Err(GameError::Refused(vec![
                format!(
                    "{source}: {} orders this phase with those stored: {}",
                    stored + orders.len(),
                    Limit::Orders.exceeded(max)
                ),
                format!("{source}: no orders stored"),
            ]));
        }
        let mut problems = Vec::new();
        for (i, o) in orders.iter().enumerate() {
            if let Err(why) = self.check_order(power, o, true) {
                let text = o.display(&self.map);
                problems.push(format!("{source}:{}: `{text}`: {why}", i + 1));
            }
        }
        self.set_problems([power], opts, &mut problems);
        if !problems.is_empty() {
            problems.push(format!("{source}: no orders stored; fix the lines above"));
            return Err(GameError::Refused(problems));
        }
        Ok(self.store_set(power, orders, opts))
    }

    /// What is wrong with storing order sets of these powers, whatever their orders: added to
    /// `problems`.
    fn set_problems(
        &self,
        powers: impl IntoIterator<Item = PowerId>,
        opts: SubmitOptions,
        problems: &mut Vec<String>,
    ) {
        if opts.perpetual && !self.rules.perpetual_orders.allowed() {
            problems.push(
                "perpetual orders are not allowed by this game's ruleset (perpetual_orders = \
                 not-allowed, DATC 4.E.4)"
                    .to_string(),
            );
        }
        for p in powers {
            if self.map.power(p).neutral {
                problems.push(format!(
                    "{} is a neutral power of this map: it never orders (its units hold)",
                    self.power_name(p)
                ));
            }
            if opts.same_time && !self.order_sets.iter().any(|s| s.power == p) {
                problems.push(format!(
                    "--same-time: {} has no earlier order set this phase",
                    self.power_name(p)
                ));
            }
        }
    }

    /// Stores a checked order set of `power`; returns it.
    fn store_set(&mut self, power: PowerId, orders: Vec<Order>, opts: SubmitOptions) -> &OrderSet {
        if opts.perpetual {
            self.perpetual.insert(power, orders.clone());
        }
        let seq = self.take_seq();
        // New orders are not final until the power says so again.
        self.ready.remove(&power);
        self.order_sets.push(OrderSet {
            power,
            seq,
            intent: opts.intent,
            same_time: opts.same_time,
            orders,
        });
        self.order_sets.last().expect("one set stored")
    }

    /// Withdraws `power`'s latest order set of this phase; its earlier sets (if any) count as
    /// they did before it came. The power is no longer ready. Returns the set withdrawn.
    pub fn withdraw(&mut self, power: PowerId) -> Result<OrderSet, GameError> {
        self.refuse_if_ended()?;
        let Some(i) = self.order_sets.iter().rposition(|s| s.power == power) else {
            return Err(GameError::Refused(vec![format!(
                "{} has no order set for {} to withdraw; nothing was changed",
                self.power_name(power),
                self.phase().name(&self.map)
            )]));
        };
        self.ready.remove(&power);
        Ok(self.order_sets.remove(i))
    }

    /// Declares `power`'s orders for this phase final (or not): `diplo game adjudicate
    /// --if-due` adjudicates once every power that must order is ready.
    pub fn set_ready(&mut self, power: PowerId, ready: bool) -> Result<(), GameError> {
        self.refuse_if_ended()?;
        if self.map.power(power).neutral {
            return Err(GameError::Refused(vec![format!(
                "{} is a neutral power of this map: it never orders",
                self.power_name(power)
            )]));
        }
        if ready {
            self.ready.insert(power);
        } else {
            self.ready.remove(&power);
        }
        Ok(())
    }

    /// Whether `power` has anything to order this phase (units to move, dislodged units,
    /// builds or removals): whom the phase waits for.
    pub fn must_order(&self, power: PowerId) -> bool {
        self.has_something_to_order(power)
    }

    /// Whether `power` has sent an order set this phase.
    pub fn has_submitted(&self, power: PowerId) -> bool {
        self.order_sets.iter().any(|s| s.power == power)
    }

    /// Sets the current phase's deadline (`None` clears it).
    pub fn set_deadline(&mut self, deadline: Option<time::Seconds>) -> Result<(), GameError> {
        self.refuse_if_ended()?;
        self.deadline = deadline;
        Ok(())
    }

    /// Whether the phase is due for adjudication at `now`: every power that must order is
    /// ready, or the deadline has passed.
    pub fn due(&self, now: time::Seconds) -> Due {
        let must: Vec<PowerId> = self
            .map
            .power_ids()
            .filter(|&p| self.must_order(p))
            .collect();
        let not_ready: Vec<PowerId> = must
            .iter()
            .copied()
            .filter(|p| !self.ready.contains(p))
            .collect();
        if self.ended.is_some() {
            return Due::Over;
        }
        if not_ready.is_empty() {
            return Due::AllReady;
        }
        match self.deadline {
            Some(d) if now >= d => Due::DeadlinePassed {
                deadline: d,
                not_ready,
                no_orders: must
                    .iter()
                    .copied()
                    .filter(|&p| !self.has_submitted(p))
                    .collect(),
            },
            deadline => Due::NotDue {
                not_ready,
                deadline,
            },
        }
    }

    /// How `power`'s order sets of this phase combine under the ruleset (DATC 4.D.1, 4.D.2):
    /// the orders that count and what each set did to the ones before it.
    pub fn set_status(&self, power: PowerId) -> SetStatus {
        let sets: Vec<&OrderSet> = self
            .order_sets
            .iter()
            .filter(|s| s.power == power)
            .collect();
        let name = self.power_name(power);
        let mut st = SetStatus::default();
        let list = |seqs: &[u64]| {
            let words: Vec<String> = seqs.iter().map(u64::to_string).collect();
            format!(
                "set{} {}",
                if seqs.len() == 1 { "" } else { "s" },
                words.join(", ")
            )
        };
        for (i, s) in sets.iter().enumerate() {
            if i == 0 {
                st.orders = s.orders.clone();
                st.counting = vec![s.seq];
            } else if s.same_time {
                if self.rules.order_sets_undefined.combines() {
                    st.notes.push(format!(
                        "{name}: order sets {} and {} came at the same time; they are combined (DATC 4.D.2)",
                        sets[i - 1].seq, s.seq
                    ));
                    st.orders.extend(s.orders.iter().cloned());
                    st.counting.push(s.seq);
                } else {
                    st.all_hold = true;
                }
            } else if self.is_complete(power, &s.orders) {
                st.notes.push(format!(
                    "{name}: order set {} orders every unit and replaces {}",
                    s.seq,
                    list(&st.counting)
                ));
                st.replaced.extend(st.counting.iter().copied());
                st.orders = s.orders.clone();
                st.counting = vec![s.seq];
            } else if self.rules.order_sets_defined.keeps_earlier(s.intent) {
                st.notes.push(format!(
                    "{name}: order set {} is combined with {} (DATC 4.D.1)",
                    s.seq,
                    list(&st.counting)
                ));
                st.orders.extend(s.orders.iter().cloned());
                st.counting.push(s.seq);
            } else {
                st.notes.push(format!(
                    "{name}: order set {} replaces {} (DATC 4.D.1)",
                    s.seq,
                    list(&st.counting)
                ));
                st.replaced.extend(st.counting.iter().copied());
                st.orders = s.orders.clone();
                st.counting = vec![s.seq];
            }
        }
        if st.all_hold {
            st.notes.push(format!(
                "{name}: order sets came at the same time in no known order: all its units hold (DATC 4.D.2)"
            ));
            st.orders = self
                .position
                .units
                .iter()
                .filter(|u| u.power == power && self.position.phase.kind == PhaseKind::Movement)
                .map(|u| Order::Hold {
                    unit: diplo_orders::UnitRef {
                        kind: Some(u.kind),
                        place: diplo_orders::Place::new(u.location.province),
                    },
                })
                .collect();
        }
        st.replaced.sort_unstable();
        st
    }

    /// The orders of `set` that the rules will ignore as illegal (DATC 4.E.1) whatever the
    /// other orders are, each with the reason: a warning for the player, who may still send a
    /// better set. (Legality does not depend on the other powers' orders.)
    pub fn illegal_orders(&self, set: &OrderSet) -> Vec<(usize, String)> {
        self.illegal_among(set.power, &set.orders)
    }

    /// The orders of `power` among `orders` that the rules will ignore as illegal, by index.
    pub fn illegal_among(&self, power: PowerId, orders: &[Order]) -> Vec<(usize, String)> {
        let orders: Vec<(PowerId, Order)> = orders
            .iter()
            .map(|o| {
                let owner = o
                    .unit()
                    .and_then(|u| self.unit_owner(u.place.province))
                    .unwrap_or(power);
                (owner, o.clone())
            })
            .collect();
        let adj = diplo_engine::adjudicate(&self.map, &self.rules, &self.position, &orders);
        adj.results
            .iter()
            .filter(|r| r.resolution == Resolution::Illegal)
            .map(|r| (r.index, r.reason_text(&self.map, &orders[r.index].1)))
            .collect()
    }

    /// Stops a power's perpetual orders.
    pub fn clear_perpetual(&mut self, power: PowerId) -> bool {
        self.perpetual.remove(&power).is_some()
    }

    /// Lets `to` order `power`'s unit in `province` this phase (DATC 4.E.5).
    pub fn grant_proxy(
        &mut self,
        power: PowerId,
        province: ProvinceId,
        to: PowerId,
    ) -> Result<(), GameError> {
        self.refuse_if_ended()?;
        let mut problems = Vec::new();
        if self.rules.proxy_orders.rule() == ProxyRule::Never {
            problems.push(
                "proxy orders are not allowed by this game's ruleset (proxy_orders = not-allowed, \
                 DATC 4.E.5)"
                    .to_string(),
            );
        }
        if power == to {
            problems.push(format!(
                "{} orders its own units without a proxy",
                self.power_name(power)
            ));
        }
        match self.unit_owner(province) {
            Some(owner) if owner == power => {}
            Some(owner) => problems.push(format!(
                "the unit in {} is {}'s, not {}'s",
                self.map.province(province).full_name,
                self.power_name(owner),
                self.power_name(power)
            )),
            None => problems.push(format!(
                "no unit to order in {} this phase",
                self.map.province(province).full_name
            )),
        }
        if !problems.is_empty() {
            return Err(GameError::Refused(problems));
        }
        let seq = self.take_seq();
        self.proxies
            .retain(|g| !(g.power == power && g.province == province));
        self.proxies.push(ProxyGrant {
            power,
            province,
            to,
            seq,
        });
        Ok(())
    }

    fn take_seq(&mut self) -> u64 {
        let s = self.next_seq;
        self.next_seq += 1;
        s
    }

    fn refuse_if_ended(&self) -> Result<(), GameError> {
        match &self.ended {
            Some(e) => Err(GameError::Refused(vec![format!(
                "the game is over: {}",
                e.describe(&self.map)
            )])),
            None => Ok(()),
        }
    }

    /// The power whose unit can be ordered in `province` this phase (a dislodged unit in a
    /// retreat phase).
    fn unit_owner(&self, province: ProvinceId) -> Option<PowerId> {
        match self.position.phase.kind {
            PhaseKind::Retreat => self
                .position
                .dislodged
                .iter()
                .find(|d| d.unit.location.province == province)
                .map(|d| d.unit.power),
            _ => self.position.unit_in(province).map(|u| u.power),
        }
    }

    /// Per province, [`Game::unit_owner`]: one pass over the units.
    fn unit_owners(&self) -> Vec<Option<PowerId>> {
        let mut owners = vec![None; self.map.provinces().len()];
        let mut own = |p: ProvinceId, power: PowerId| {
            let slot = &mut owners[p.index()];
            // The first unit found in a province, as `unit_owner` finds it.
            if slot.is_none() {
                *slot = Some(power);
            }
        };
        match self.position.phase.kind {
            PhaseKind::Retreat => {
                for d in &self.position.dislodged {
                    own(d.unit.location.province, d.unit.power);
                }
            }
            _ => {
                for u in &self.position.units {
                    own(u.location.province, u.power);
                }
            }
        }
        owners
    }

    /// Whether `power` may give `order` now. `at_submission`: proxy grants must already
    /// exist only where the ruleset says so.
    fn check_order(
        &self,
        power: PowerId,
        order: &Order,
        at_submission: bool,
    ) -> Result<(), String> {
        let kind = self.position.phase.kind;
        let fits = match order {
            Order::Hold { .. }
            | Order::SupportHold { .. }
            | Order::SupportMove { .. }
            | Order::Convoy { .. }
            | Order::Permit { .. } => kind == PhaseKind::Movement,
            // A railroad move in a retreat phase is the engine's to refuse (DATC 2.4 7.B.32).
            Order::Move { .. } | Order::RailMove { .. } => kind != PhaseKind::Adjustment,
            Order::Retreat { .. } => kind == PhaseKind::Retreat,
            Order::Disband { .. } => kind != PhaseKind::Movement,
            Order::Build { .. } | Order::Decline | Order::Convert { .. } => {
                kind == PhaseKind::Adjustment
            }
        };
        if !fits {
            let expected = match kind {
                PhaseKind::Movement => "hold, move, support and convoy orders",
                PhaseKind::Retreat => "retreats (moves) and disbands of dislodged units",
                PhaseKind::Adjustment => "builds, removals, declined builds and conversions",
            };
            return Err(format!(
                "not an order for {}: it takes {expected}",
                self.position.phase.name(&self.map)
            ));
        }
        let province = match order {
            // A canal permission names another power's fleet; it commands no unit.
            Order::Build { .. } | Order::Decline | Order::Permit { .. } => return Ok(()),
            other => {
                other
                    .unit()
                    .expect("orders other than Decline name a unit")
                    .place
                    .province
            }
        };
        let Some(owner) = self.unit_owner(province) else {
            let what = if kind == PhaseKind::Retreat {
                "dislodged unit"
            } else {
                "unit"
            };
            return Err(format!(
                "{} has no {what} in {}",
                self.power_name(power),
                self.map.province(province).full_name
            ));
        };
        if owner == power {
            return Ok(());
        }
        let granted = self
            .proxies
            .iter()
            .any(|g| g.power == owner && g.province == province && g.to == power);
        let foreign = format!(
            "the unit in {} is {}'s",
            self.map.province(province).full_name,
            self.power_name(owner)
        );
        match self.rules.proxy_orders.rule() {
            ProxyRule::Never => Err(format!(
                "{foreign}; this game's ruleset allows no proxy orders (DATC 4.E.5)"
            )),
            ProxyRule::GrantBeforeOrders if !granted => Err(format!(
                "{foreign} and {} has not given {} a proxy for it (proxy_orders = notified: the \
                 grant comes first, `diplo game proxy`)",
                self.power_name(owner),
                self.power_name(power)
            )),
            ProxyRule::GrantBeforeAdjudication if !granted && !at_submission => Err(format!(
                "{foreign} and {} gave {} no proxy for it",
                self.power_name(owner),
                self.power_name(power)
            )),
            _ => Ok(()),
        }
    }

    /// Whether an order set orders every unit the power has to order this phase (then it
    /// replaces the earlier sets under every choice of DATC 4.D.1).
    fn is_complete(&self, power: PowerId, orders: &[Order]) -> bool {
        let ordered = |p: ProvinceId| {
            orders
                .iter()
                .any(|o| o.unit().is_some_and(|u| u.place.province == p))
        };
        match self.position.phase.kind {
            PhaseKind::Movement => self
                .position
                .units
                .iter()
                .filter(|u| u.power == power)
                .all(|u| ordered(u.location.province)),
            PhaseKind::Retreat => self
                .position
                .dislodged
                .iter()
                .filter(|d| d.unit.power == power)
                .all(|d| ordered(d.unit.location.province)),
            PhaseKind::Adjustment => orders.len() >= self.adjustment_count(power),
        }
    }

    /// How many builds (or removals) a power has this adjustment phase.
    fn adjustment_count(&self, power: PowerId) -> usize {
        let c = self.position.counted_centres(&self.map, power) as i64;
        let u = self.position.unit_count(power) as i64;
        (c - u).unsigned_abs() as usize
    }

    /// Whether a power has anything to order this phase.
    fn has_something_to_order(&self, power: PowerId) -> bool {
        if self.map.power(power).neutral {
            return false;
        }
        match self.position.phase.kind {
            PhaseKind::Movement => self.position.unit_count(power) > 0,
            PhaseKind::Retreat => self
                .position
                .dislodged
                .iter()
                .any(|d| d.unit.power == power),
            PhaseKind::Adjustment => self.adjustment_count(power) > 0,
        }
    }

    /// The orders the current phase would be adjudicated with.
    pub fn gather_orders(&self) -> Gathered {
        let (mut g, stored) = self.plan_orders();
        for s in &stored {
            g.orders[s.gathered].1 = self.order_sets[s.set].orders[s.index].clone();
        }
        g
    }

    /// Swaps the gathered orders that are still in their order sets with their places in
    /// `g`: the first call takes them out of the sets (adjudication clears the sets after),
    /// a second call puts them back.
    fn swap_stored(&mut self, g: &mut Gathered, stored: &[StoredOrder]) {
        for s in stored {
            std::mem::swap(
                &mut g.orders[s.gathered].1,
                &mut self.order_sets[s.set].orders[s.index],
            );
        }
    }

    /// The orders of the phase, as [`Game::gather_orders`] gives them, except that an order
    /// taken as it is from an order set is a placeholder (`Decline`) and listed in the second
    /// value: the caller clones it or takes it from the set.
    fn plan_orders(&self) -> (Gathered, Vec<StoredOrder>) {
        let mut g = Gathered::default();
        let sources = self.order_sources(&mut g);
        let owners = self.unit_owners();
        let unit_owner = |p: ProvinceId| owners.get(p.index()).copied().flatten();
        let (proxied, by_owner) = self.proxy_orders(&sources, &unit_owner, &mut g.notes);
        // An order counts for its power's own unit (or names none), unless a proxy order
        // for that unit replaced it.
        let counts = |power: PowerId, o: &Order| {
            let province = o.unit().map(|u| u.place.province);
            let own = province.is_none_or(|p| unit_owner(p).is_none_or(|q| q == power));
            own && !province.is_some_and(|p| proxied.contains(&p))
        };
        let count: usize = sources
            .iter()
            .map(|(_, s)| self.source_orders(s).len())
            .sum();
        g.orders.reserve(count + by_owner.len());
        let mut stored = Vec::with_capacity(count);
        for (power, source) in sources {
            match source {
                OrderSource::Set(set) => {
                    let orders = self.order_sets[set].orders.iter().enumerate();
                    for (index, _) in orders.filter(|(_, o)| counts(power, o)) {
                        let gathered = g.orders.len();
                        stored.push(StoredOrder {
                            gathered,
                            set,
                            index,
                        });
                        g.orders.push((power, Order::Decline));
                    }
                }
                OrderSource::Made(orders) => g.orders.extend(
                    orders
                        .into_iter()
                        .filter(|o| counts(power, o))
                        .map(|o| (power, o)),
                ),
            }
        }
        g.orders.extend(by_owner);
        (g, stored)
    }

    /// Where each power's orders come from after DATC 4.D.1/4.D.2 (or perpetual orders,
    /// 4.E.4), in power order; powers in civil disorder and notes go into `g`.
    fn order_sources(&self, g: &mut Gathered) -> Vec<(PowerId, OrderSource)> {
        let mut sources = Vec::with_capacity(self.map.powers().len());
        for power in self.map.power_ids() {
            let mut sets = (self.order_sets.iter().enumerate()).filter(|(_, s)| s.power == power);
            match (sets.next(), sets.next()) {
                (None, _) => {
                    let perpetual: Vec<Order> = self
                        .perpetual
                        .get(&power)
                        .into_iter()
                        .flatten()
                        .filter(|o| self.check_order(power, o, false).is_ok())
                        .cloned()
                        .collect();
                    if !perpetual.is_empty() {
                        let name = self.power_name(power);
                        g.notes.push(format!(
                            "{name}: no orders sent; its perpetual orders are used"
                        ));
                        sources.push((power, OrderSource::Made(perpetual)));
                    } else if self.has_something_to_order(power) {
                        g.civil_disorder.push(power);
                    }
                }
                // One set (the common case) counts as it is, with nothing to note.
                (Some((only, _)), None) => sources.push((power, OrderSource::Set(only))),
                _ => {
                    let st = self.set_status(power);
                    g.notes.extend(st.notes);
                    sources.push((power, OrderSource::Made(st.orders)));
                }
            }
        }
        sources
    }

    /// The orders of a source.
    fn source_orders<'a>(&'a self, source: &'a OrderSource) -> &'a [Order] {
        match source {
            OrderSource::Set(set) => &self.order_sets[*set].orders,
            OrderSource::Made(orders) => orders,
        }
    }

    /// Proxy orders (4.E.5): an order for another power's granted unit counts for that unit
    /// instead of the owner's own orders to it. Returns the provinces of the units ordered
    /// by proxy and their orders with their owners; notes what was used or set aside.
    fn proxy_orders(
        &self,
        sources: &[(PowerId, OrderSource)],
        unit_owner: &impl Fn(ProvinceId) -> Option<PowerId>,
        notes: &mut Vec<String>,
    ) -> (Vec<ProvinceId>, Vec<(PowerId, Order)>) {
        let mut proxied: Vec<ProvinceId> = Vec::new();
        let mut by_owner: Vec<(PowerId, Order)> = Vec::new();
        for (power, source) in sources {
            for o in self.source_orders(source) {
                let owner = o
                    .unit()
                    .and_then(|u| unit_owner(u.place.province))
                    .unwrap_or(*power);
                if owner == *power {
                    continue;
                }
                match self.check_order(*power, o, false) {
                    Ok(()) => {
                        notes.push(format!(
                            "{} orders {}'s unit by proxy: {}",
                            self.power_name(*power),
                            self.power_name(owner),
                            o.display(&self.map)
                        ));
                        proxied.push(o.unit().expect("names a unit").place.province);
                        by_owner.push((owner, o.clone()));
                    }
                    Err(why) => notes.push(format!(
                        "{}: `{}` set aside: {why}",
                        self.power_name(*power),
                        o.display(&self.map)
                    )),
                }
            }
        }
        (proxied, by_owner)
    }

    /// Adjudicates the current phase with the orders submitted, records it in the history and
    /// moves to the next phase. `overrides` (`issue=choice`) change the rules for this phase
    /// only, e.g. `paradox_fallback=szykman` when the ruleset leaves a paradox unresolved.
    pub fn adjudicate(&mut self, overrides: &[String]) -> Result<PhaseOutcome, GameError> {
        let outcome = self.adjudicate_unrecorded(overrides, 0)?;
        self.record_phase(&outcome);
        Ok(outcome)
    }

    /// As [`Game::adjudicate`], but the phase's record is not put into the history: the caller
    /// passes the outcome to [`Game::record_phase`] later, in the order the phases were played,
    /// and before the history is read or the game saved (the Python binding does so: making a
    /// record's texts is a good part of a phase's cost, and a bot seldom reads the history).
    /// `unrecorded`: the phases adjudicated before and not recorded yet, which count against
    /// the history's limit.
    pub fn adjudicate_unrecorded(
        &mut self,
        overrides: &[String],
        unrecorded: usize,
    ) -> Result<PhaseOutcome, GameError> {
        self.refuse_if_ended()?;
        // A history longer than the limit could not be read back: refuse before it grows.
        let max = diplo_map::limits::max_phases();
        let played = self.history.len() + unrecorded;
        if played >= max {
            return Err(GameError::Refused(vec![format!(
                "the game has played {played} phases; one more would be {}; nothing was changed",
                Limit::Phases.exceeded(max)
            )]));
        }
        // The rules changed for this phase, if they are.
        let mut overridden = None;
        for o in overrides {
            overridden
                .get_or_insert_with(|| self.rules.clone())
                .apply_override(o)
                .map_err(|e| GameError::Refused(vec![format!("--set {o}: {e}")]))?;
        }
        // The orders are taken out of their sets, and put back if nothing changes.
        let (mut gathered, stored) = self.plan_orders();
        self.swap_stored(&mut gathered, &stored);
        for o in overrides {
            gathered
                .notes
                .push(format!("adjudicated with --set {o} for this phase"));
        }
        let adj = self.adjudicate_phase(overridden.as_ref(), &gathered.orders);
        if !adj.unresolved.is_empty() {
            let refused = self.unresolved_paradox(&gathered.orders, &adj);
            self.swap_stored(&mut gathered, &stored);
            return Err(refused);
        }
        self.track_production(&gathered.orders, &adj);
        let start = std::mem::replace(&mut self.position, adj.next.clone());
        let phase = start.phase;
        self.order_sets.clear();
        self.proxies.clear();
        self.ready.clear();
        self.next_seq = 1;
        self.deadline = None;
        let season_over = self.map.calendar.spec(phase.season).captures
            && phase.kind != PhaseKind::Adjustment
            && self.position.phase.kind != PhaseKind::Retreat;
        if season_over {
            self.ended = self.ending_after(phase);
        }
        Ok(PhaseOutcome {
            phase,
            position: start,
            gathered,
            adjudication: adj,
            ended: self.ended.clone(),
        })
    }

    /// The refusal of a phase whose convoy paradox the ruleset leaves unresolved.
    fn unresolved_paradox(&self, orders: &[(PowerId, Order)], adj: &Adjudication) -> GameError {
        let orders: Vec<String> = adj
            .unresolved
            .iter()
            .map(|&i| {
                let (power, order) = &orders[adj.results[i].index];
                format!(
                    "{}: {}",
                    self.power_name(*power),
                    order.display(&self.map).full()
                )
            })
            .collect();
        GameError::Refused(vec![format!(
            "the ruleset gives no resolution for the convoy paradox of {} (DATC 4.A.2); nothing \
             was changed. Adjudicate again with a fallback for this phase, e.g. `--set \
             paradox_fallback=szykman` or `--set paradox_fallback=all-hold`",
            orders.join("; ")
        )])
    }

    /// How the game ends in the current position, reached after `phase` (the map's victory
    /// condition), if it does.
    fn ending_after(&self, phase: Phase) -> Option<Ending> {
        let end = diplo_engine::victory::game_end(&self.map, &self.position, phase.year)?;
        Some(match end {
            diplo_engine::victory::GameEnd::Win(winner, centres) => Ending {
                winner: Some(winner),
                draw: Vec::new(),
                phase,
                centres,
            },
            diplo_engine::victory::GameEnd::Draw(draw) => Ending {
                winner: None,
                draw,
                phase,
                centres: 0,
            },
        })
    }

    /// Carries each unit's production time to the next position: a unit that moved or
    /// retreated keeps its own, a unit built now gets the next one.
    fn track_production(&mut self, orders: &[(PowerId, Order)], adj: &Adjudication) {
        let succeeded = adj
            .results
            .iter()
            .filter(|r| r.resolution == Resolution::Succeeds)
            .map(|r| &orders[r.index].1);
        let (produced, dislodged) = next_production(
            &self.produced,
            &self.produced_dislodged,
            self.position.phase.kind,
            succeeded,
            &adj.next,
            self.map.provinces().len(),
        );
        self.produced = produced;
        self.produced_dislodged = dislodged;
    }

    /// Takes the game back to the start of an earlier phase of its history (`to`, a phase
    /// name; `None`: the phase before the current one). The phases taken back, and any order
    /// sets received for the current phase, are kept in [`Game::undone`] with `at` (when);
    /// the game continues from there as if they had never been played. Returns the phases
    /// taken back.
    pub fn rollback(
        &mut self,
        to: Option<&str>,
        at: Option<time::Seconds>,
    ) -> Result<usize, GameError> {
        let map = &self.map;
        let played: Vec<String> = self.history.iter().map(|h| h.phase.clone()).collect();
        if played.is_empty() {
            return Err(GameError::Refused(vec![format!(
                "no phase has been played yet ({} is the first): nothing to roll back",
                self.phase().name(map)
            )]));
        }
        let index = match to {
            None => played.len() - 1,
            Some(text) => {
                let phase = Phase::parse(text, map)
                    .map_err(|e| GameError::Refused(vec![format!("--to `{text}`: {e}")]))?;
                let name = phase.name(map).to_string();
                played.iter().position(|p| *p == name).ok_or_else(|| {
                    GameError::Refused(vec![format!(
                        "--to `{text}`: {name} is not a phase of this game's history; the phases \
                         played are {} (the current one is {})",
                        played.join(", "),
                        self.phase().name(map)
                    )])
                })?
            }
        };
        // The file must read back: the undone phases count against the phase limit.
        let max = diplo_map::limits::max_phases();
        let kept: usize = self.undone.iter().map(|u| u.phases.len()).sum();
        if kept + (played.len() - index) > max {
            return Err(GameError::Refused(vec![format!(
                "{} phases would be kept as [[undone]]: {}; nothing was changed",
                kept + played.len() - index,
                Limit::Phases.exceeded(max)
            )]));
        }
        let target = &self.history[index];
        let position = Position::from_toml_str(
            map,
            &toml::to_string(&target.position).map_err(|e| GameError::Invalid(e.to_string()))?,
            &target.phase,
        )
        .map_err(|e| GameError::Invalid(format!("history, {}: {e}", target.phase)))?;
        let (produced, produced_dislodged) = self.production_at(index)?;
        let from = self.phase().name(map).to_string();
        let phases = self.history.split_off(index);
        let undone = UndoneFile {
            from,
            to: phases[0].phase.clone(),
            at: at.map(time::format_rfc3339),
            pending: self.order_sets_out(),
            phases,
        };
        let n = undone.phases.len();
        self.undone.push(undone);
        self.position = position;
        self.produced = produced;
        self.produced_dislodged = produced_dislodged;
        self.order_sets.clear();
        self.proxies.clear();
        self.ready.clear();
        self.next_seq = 1;
        self.deadline = None;
        if self
            .ended
            .as_ref()
            .is_some_and(|e| e.phase >= self.position.phase)
        {
            self.ended = None;
        }
        Ok(n)
    }

    /// When each unit was produced at the start of the history's phase `index`, found by
    /// walking the history from its first phase (the numbering [`Game::new`] gives).
    fn production_at(&self, index: usize) -> Result<(Production, Production), GameError> {
        let map = &self.map;
        let position = |i: usize| -> Result<Position, GameError> {
            let h = &self.history[i];
            let text =
                toml::to_string(&h.position).map_err(|e| GameError::Invalid(e.to_string()))?;
            Position::from_toml_str(map, &text, &h.phase)
                .map_err(|e| GameError::Invalid(format!("history, {}: {e}", h.phase)))
        };
        let first = position(0)?;
        let provinces = map.provinces().len();
        let mut produced = Production::from_entries(
            provinces,
            first
                .units
                .iter()
                .zip(0..)
                .map(|(u, n)| (u.location.province, n)),
        );
        let mut dislodged = Production::new(provinces);
        let mut current = first;
        for i in 0..index {
            let next = position(i + 1)?;
            let orders: Vec<Order> = self.history[i]
                .results
                .iter()
                .filter(|r| r.result.split(", ").next() == Some(Resolution::Succeeds.word()))
                .filter_map(|r| {
                    diplo_orders::parse_order(map, &r.order)
                        .ok()
                        .map(|(_, o)| o)
                })
                .collect();
            (produced, dislodged) = next_production(
                &produced,
                &dislodged,
                current.phase.kind,
                &orders,
                &next,
                provinces,
            );
            current = next;
        }
        Ok((produced, dislodged))
    }

    /// Puts a phase adjudicated by [`Game::adjudicate_unrecorded`] into the history.
    pub fn record_phase(&mut self, outcome: &PhaseOutcome) {
        let record = self.record(&outcome.position, &outcome.gathered, &outcome.adjudication);
        self.history.push(record);
    }

    fn record(&self, start: &Position, g: &Gathered, adj: &Adjudication) -> PhaseRecordFile {
        let map = &self.map;
        let unit_file = |u: &diplo_engine::Unit, what: String| AutomaticFile {
            power: map.power(u.power).name.clone(),
            unit: u.short(map),
            what,
        };
        PhaseRecordFile {
            phase: start.phase.name(map).to_string(),
            civil_disorder: g
                .civil_disorder
                .iter()
                .map(|p| map.power(*p).name.clone())
                .collect(),
            notes: g.notes.clone(),
            results: adj
                .results
                .iter()
                .map(|r| {
                    let order = &g.orders[r.index].1;
                    ResultFile {
                        power: map.power(r.power).name.clone(),
                        order: order.display(map).full().to_string(),
                        result: r.words(),
                        reason: r.reason_text(map, order),
                    }
                })
                .collect(),
            unordered: adj
                .unordered_dislodged
                .iter()
                .map(|(u, t)| unit_file(u, t.word().to_string()))
                .collect(),
            automatic: adj
                .automatic
                .iter()
                .map(|a| unit_file(&a.unit, a.reason_text(map)))
                .collect(),
            position: start.to_file(map),
        }
    }

    /// The game file's text.
    pub fn to_toml(&self) -> String {
        let map = &self.map;
        let name = |p: PowerId| map.power(p).name.clone();
        let out = GameFileOut {
            format: FORMAT_VERSION,
            map: match &self.map_source {
                MapSource::Embedded(n) => Some(n.clone()),
                MapSource::Copy(_) => None,
            },
            map_file: match &self.map_source {
                MapSource::Copy(t) => Some(t.clone()),
                MapSource::Embedded(_) => None,
            },
            deadline: self.deadline.map(time::format_rfc3339),
            ready: self.ready.iter().map(|&p| name(p)).collect(),
            ruleset: RulesetOut {
                name: self.rules.name.clone(),
                description: self.rules.description.clone(),
                overrides: self.overrides.clone(),
                choices: ISSUES
                    .iter()
                    .map(|i| {
                        let c = self.rules.choice(i.key).expect("every issue has a choice");
                        (i.key.to_string(), c.to_string())
                    })
                    .collect(),
            },
            ended: self.ended.as_ref().map(|e| EndedFile {
                winner: e.winner.map(name),
                draw: e.draw.iter().map(|&p| name(p)).collect(),
                phase: e.phase.name(&self.map).to_string(),
                centres: e.centres,
            }),
            state: self.position.to_file(map),
            retreat_options: self
                .retreat_options()
                .iter()
                .map(|r| RetreatOptionsFile {
                    power: name(r.dislodged.unit.power),
                    unit: r.dislodged.unit.short(map),
                    options: r.options.iter().map(|l| map.location_name(*l)).collect(),
                })
                .collect(),
            produced: self
                .produced
                .iter()
                .map(|(p, n)| (map.province(p).name.clone(), n))
                .collect(),
            produced_dislodged: self
                .produced_dislodged
                .iter()
                .map(|(p, n)| (map.province(p).name.clone(), n))
                .collect(),
            orders: self.order_sets_out(),
            proxy: self
                .proxies
                .iter()
                .map(|g| ProxyOut {
                    power: name(g.power),
                    unit: self.unit_label(g.province),
                    to: name(g.to),
                    seq: g.seq,
                })
                .collect(),
            perpetual: self
                .perpetual
                .iter()
                .map(|(p, orders)| PerpetualOut {
                    power: name(*p),
                    lines: orders.iter().map(|o| o.display(map).to_string()).collect(),
                })
                .collect(),
            history: self.history.clone(),
            undone: self.undone.clone(),
        };
        let body = toml::to_string(&out).expect("a game serializes to TOML");
        format!(
            "# A diplo game (format: crates/game/FORMAT.md). Change it with `diplo game`.\n{body}"
        )
    }

    /// The order sets of the current phase as the file writes them.
    fn order_sets_out(&self) -> Vec<OrderSetOut> {
        let map = &self.map;
        self.order_sets
            .iter()
            .map(|s| OrderSetOut {
                power: map.power(s.power).name.clone(),
                seq: s.seq,
                intent: match s.intent {
                    SetIntent::Unstated => None,
                    SetIntent::Replaces => Some("replaces".into()),
                    SetIntent::Adds => Some("adds".into()),
                },
                same_time: s.same_time,
                lines: s
                    .orders
                    .iter()
                    .map(|o| o.display(map).to_string())
                    .collect(),
            })
            .collect()
    }

    /// `A par`, or the province's name when no unit is there now.
    fn unit_label(&self, province: ProvinceId) -> String {
        let unit = match self.position.phase.kind {
            PhaseKind::Retreat => self
                .position
                .dislodged
                .iter()
                .find(|d| d.unit.location.province == province)
                .map(|d| d.unit),
            _ => self.position.unit_in(province).copied(),
        };
        unit.map_or_else(
            || self.map.province(province).name.clone(),
            |u| u.short(&self.map),
        )
    }
}

impl Game {
    /// Every phase played, as its starting position and the orders adjudicated in it, then the
    /// current phase with no orders: what a game record (`diplo game history --format godip`)
    /// holds.
    pub fn played_phases(&self) -> Result<Vec<(Position, Vec<Order>)>, String> {
        let map = &self.map;
        let mut out = Vec::with_capacity(self.history.len() + 1);
        for h in &self.history {
            let text = toml::to_string(&h.position).map_err(|e| e.to_string())?;
            let position = Position::from_toml_str(map, &text, &h.phase)
                .map_err(|e| format!("{}: {e}", h.phase))?;
            let orders = h
                .results
                .iter()
                .map(|r| {
                    diplo_orders::parse_order(map, &r.order)
                        .map(|(_, o)| o)
                        .map_err(|e| format!("{}: `{}`: {e}", h.phase, r.order))
                })
                .collect::<Result<Vec<_>, _>>()?;
            out.push((position, orders));
        }
        out.push((self.position.clone(), Vec::new()));
        Ok(out)
    }

    /// The power that gave each order of [`Game::played_phases`], phase by phase (the current
    /// phase has none): a record needs it for orders that name no unit (a declined build).
    pub fn played_phase_powers(&self) -> Vec<Vec<PowerId>> {
        let map = &self.map;
        let mut out: Vec<Vec<PowerId>> = self
            .history
            .iter()
            .map(|h| {
                h.results
                    .iter()
                    .filter_map(|r| map.power_by_name(&r.power))
                    .collect()
            })
            .collect();
        out.push(Vec::new());
        out
    }
}

impl Ending {
    /// `France won after Fall 1912 Movement with 18 centres`, or the draw and its powers.
    pub fn describe(&self, map: &diplo_map::Map) -> String {
        let phase = self.phase.name(map);
        match self.winner {
            Some(w) => format!(
                "{} won after {phase} with {} centres",
                map.power(w).name,
                self.centres
            ),
            None => {
                let names: Vec<&str> = self
                    .draw
                    .iter()
                    .map(|&p| map.power(p).name.as_str())
                    .collect();
                format!(
                    "drawn after {phase} (the map's last year), shared by {} powers: {}",
                    self.draw.len(),
                    names.join(", ")
                )
            }
        }
    }

    /// The ending as JSON: winner (or null), draw, phase, centres.
    pub fn to_json(&self, map: &diplo_map::Map) -> serde_json::Value {
        serde_json::json!({
            "winner": self.winner.map(|w| map.power(w).name.clone()),
            "draw": self.draw.iter().map(|&p| map.power(p).name.clone()).collect::<Vec<_>>(),
            "phase": self.phase.name(map).to_string(),
            "centres": self.centres,
        })
    }
}
