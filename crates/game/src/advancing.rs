//! Playing the current phase: adjudicating it with the orders gathered (a power that sent none
//! falls into civil disorder, DATC 4.D.8, 4.D.9), recording it in the history, moving to the
//! next phase, the end of the game (the map's victory condition), taking phases back
//! (rollback), and when each unit was produced.

use diplo_engine::{
    adjudicate_with_production, Adjudication, Adjudicator, AdjudicatorScratch, Phase, PhaseKind,
    Position, Resolution,
};
use diplo_map::limits::Limit;
use diplo_map::PowerId;
use diplo_orders::Order;
use diplo_rules::Ruleset;

use crate::file::{AutomaticFile, PhaseRecordFile, ResultFile, UndoneFile};
use crate::gathering::StoredOrder;
use crate::production::next_production;
use crate::received::{order_sets_out, Received};
use crate::{time, EndedBy, Game, GameError, Gathered, KnownPhase, Production};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The power that won (the victory condition, the most centres at the last year, or a
    /// concession); `None` for a draw.
    pub winner: Option<PowerId>,
    /// The powers that share a draw (empty when someone won).
    pub draw: Vec<PowerId>,
    /// The phase after which it did (by agreement: during which it did).
    pub phase: Phase,
    /// How many centres the winner owned (a draw at the last year by the most centres: how
    /// many each of the powers sharing it owned).
    pub centres: usize,
    /// How it ended.
    pub by: EndedBy,
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
    /// The order sets, proxy grants and readiness received for the phase (its record keeps
    /// them, for a rollback).
    pub received: Received,
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

    /// Adjudicates the current phase with the orders submitted, records it in the history and
    /// moves to the next phase. `overrides` (`issue=choice`) change the rules for this phase
    /// only, e.g. `paradox_fallback=szykman` when the ruleset leaves a paradox unresolved.
    ///
    /// A game with a deadline schedule gives the next phase its deadline counted from the
    /// current time ([`time::now`]: the clock, or `DIPLO_NOW`); [`Game::adjudicate_at`] takes
    /// that time from the caller.
    pub fn adjudicate(&mut self, overrides: &[String]) -> Result<PhaseOutcome, GameError> {
        if !self.schedule.is_empty() {
            let now = time::now().map_err(|e| GameError::Refused(vec![e]))?;
            return self.adjudicate_at(overrides, now);
        }
        let outcome = self.adjudicate_unrecorded(overrides, 0)?;
        self.record_phase(&outcome);
        Ok(outcome)
    }

    /// As [`Game::adjudicate_unrecorded`], with `scratch` as the adjudicator's working memory
    /// instead of the game's own: a thread adjudicating many games (`process_multi`) keeps one,
    /// warm in its core's cache, rather than reading each game's from the core that last used
    /// it. The game's own is left as it was.
    pub fn adjudicate_unrecorded_in(
        &mut self,
        overrides: &[String],
        unrecorded: usize,
        scratch: &mut AdjudicatorScratch,
    ) -> Result<PhaseOutcome, GameError> {
        std::mem::swap(&mut self.scratch, scratch);
        let outcome = self.adjudicate_unrecorded(overrides, unrecorded);
        std::mem::swap(&mut self.scratch, scratch);
        outcome
    }

    /// As [`Game::adjudicate`], but the phase's record is not put into the history: the caller
    /// passes the outcome to [`Game::record_phase`] later, in the order the phases were played,
    /// and before the history is read or the game saved (the Python binding does so: making a
    /// record's texts is a good part of a phase's cost, and a bot seldom reads the history).
    /// `unrecorded`: the phases adjudicated before and not recorded yet, which count against
    /// the history's limit; a game with a draw on stalemate
    /// ([`EndRules::stalemate_years`](crate::EndRules::stalemate_years)) reads its history at
    /// each year's end, and refuses to go on while `unrecorded` is not 0.
    pub fn adjudicate_unrecorded(
        &mut self,
        overrides: &[String],
        unrecorded: usize,
    ) -> Result<PhaseOutcome, GameError> {
        self.refuse_if_ended()?;
        if unrecorded > 0 && self.master.end_rules.stalemate_years.is_some() {
            return Err(GameError::Refused(vec![format!(
                "the draw on stalemate reads the history: the {unrecorded} phases adjudicated \
                 before must be recorded first (Game::record_phase); nothing was changed"
            )]));
        }
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
        // The calendar's years end at 65535: no phase follows the last one of that year, and a
        // game that reached it is refused rather than sent back to an earlier phase.
        if adj.next.phase <= self.position.phase {
            self.swap_stored(&mut gathered, &stored);
            return Err(GameError::Refused(vec![format!(
                "{} is the last phase a game can reach (years end at {}): it cannot be \
                 adjudicated; nothing was changed",
                self.position.phase.name(&self.map),
                u16::MAX
            )]));
        }
        let received = self.take_received(&mut gathered, &stored);
        self.track_production(&gathered.orders, &adj);
        let start = std::mem::replace(&mut self.position, adj.next.clone());
        let phase = start.phase;
        self.deadline = None;
        let season_over = self.map.calendar.spec(phase.season).captures
            && phase.kind != PhaseKind::Adjustment
            && self.position.phase.kind != PhaseKind::Retreat;
        if season_over {
            self.ended = self.ending_after(&start);
        }
        self.lapse_agreements(&mut gathered.notes);
        Ok(PhaseOutcome {
            phase,
            position: start,
            gathered,
            adjudication: adj,
            ended: self.ended.clone(),
            received,
        })
    }

    /// Takes what was received for the phase out of the game, for its record: the sets get
    /// back the orders `gathered` took from them, and `gathered` keeps copies.
    fn take_received(&mut self, gathered: &mut Gathered, stored: &[StoredOrder]) -> Received {
        self.swap_stored(gathered, stored);
        for s in stored {
            gathered.orders[s.gathered].1 = self.order_sets[s.set].orders[s.index].clone();
        }
        Received {
            order_sets: std::mem::take(&mut self.order_sets),
            proxies: std::mem::take(&mut self.proxies),
            ready: std::mem::take(&mut self.ready).into_iter().collect(),
        }
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

    /// How the game ends in the current position, reached after the phase that started at
    /// `start` (the map's victory condition, the last year's house rule, a stalemate), if it
    /// does.
    fn ending_after(&self, start: &Position) -> Option<Ending> {
        self.ending_by_rules(start)
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
    /// name; `None`: the phase before the current one), with the order sets, proxy grants and
    /// readiness its record kept (as they were; none from a file written before records kept
    /// them), and a deadline from the schedule counted from `at` (when). The phases taken
    /// back, and any order sets received for the current phase, are kept in [`Game::undone`];
    /// the game continues from there as if they had never been played. Returns the phases
    /// taken back.
    pub fn rollback(
        &mut self,
        to: Option<&str>,
        at: Option<time::Seconds>,
    ) -> Result<usize, GameError> {
        let map = &self.map;
        let index = self.rollback_index(to)?;
        let played = self.history.len();
        // The file must read back: the undone phases count against the phase limit.
        let max = diplo_map::limits::max_phases();
        let kept: usize = self.undone.iter().map(|u| u.phases.len()).sum();
        if kept + (played - index) > max {
            return Err(GameError::Refused(vec![format!(
                "{} phases would be kept as [[undone]]: {}; nothing was changed",
                kept + played - index,
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
        // What had been received for the phase comes back (files that did not keep it: nothing).
        let restored = match &target.received {
            Some(r) => crate::received::restore(map, &target.phase, r).map_err(|e| {
                GameError::Invalid(format!("history, [history.received]: {}", e.join("; ")))
            })?,
            None => Received::default(),
        };
        let from = self.phase().name(map).to_string();
        let pending = order_sets_out(map, &self.order_sets);
        let phases = self.history.split_off(index);
        let undone = UndoneFile {
            from,
            to: phases[0].phase.clone(),
            at: at.map(time::format_rfc3339),
            pending,
            phases,
        };
        let n = undone.phases.len();
        self.undone.push(undone);
        self.master.draws.clear();
        self.master.concessions.clear();
        self.position = position;
        self.produced = produced;
        self.produced_dislodged = produced_dislodged;
        self.order_sets = restored.order_sets;
        self.proxies = restored.proxies;
        self.ready = restored.ready.into_iter().collect();
        // The phase starts again: a deadline from the schedule, counted from the rollback.
        self.deadline = at.and_then(|t| self.scheduled_deadline(t));
        if self
            .ended
            .as_ref()
            .is_some_and(|e| e.phase >= self.position.phase)
        {
            self.ended = None;
        }
        Ok(n)
    }

    /// The place in the history of the phase a rollback goes back to (`to`; `None`: the last
    /// phase played), or why there is none.
    fn rollback_index(&self, to: Option<&str>) -> Result<usize, GameError> {
        let map = &self.map;
        let played: Vec<String> = self.history.iter().map(|h| h.phase.clone()).collect();
        if played.is_empty() {
            return Err(GameError::Refused(vec![format!(
                "no phase has been played yet ({} is the first): nothing to roll back",
                self.phase().name(map)
            )]));
        }
        let Some(text) = to else {
            return Ok(played.len() - 1);
        };
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
        })
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
        let mut record = self.record(&outcome.position, &outcome.gathered, &outcome.adjudication);
        record.received = Some(outcome.received.to_file(&self.map, &outcome.position));
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
            received: None,
            position: start.to_file(map),
            known: KnownPhase::new(
                start.clone(),
                (adj.results.iter())
                    .map(|r| (Some(r.power), g.orders[r.index].1.clone()))
                    .collect(),
            ),
        }
    }
}

impl Game {
    /// Every phase played, as its starting position and the orders adjudicated in it, then the
    /// current phase with no orders: what a game record (`diplo game history --format godip`)
    /// holds.
    pub fn played_phases(&self) -> Result<Vec<(Position, Vec<Order>)>, String> {
        let mut out = Vec::with_capacity(self.history.len() + 1);
        for h in &self.history {
            let (position, orders) = self.played_phase(h)?;
            let orders = orders.iter().map(|(_, o)| o.clone()).collect();
            out.push((position.into_owned(), orders));
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
    /// The game file's `by` word, when it cannot be told from the winner: `None` for a
    /// victory, or a draw at the last year.
    pub fn by_word(&self) -> Option<&'static str> {
        match (self.by, self.winner) {
            (EndedBy::Victory, _) | (EndedBy::LastYear, None) => None,
            (by, _) => Some(by.word()),
        }
    }

    /// `France won after Fall 1912 Movement with 18 centres`, or the draw and its powers, and
    /// how (the last year, a draw vote, a concession).
    pub fn describe(&self, map: &diplo_map::Map) -> String {
        let phase = self.phase.name(map);
        let names: Vec<&str> = (self.draw.iter())
            .map(|&p| map.power(p).name.as_str())
            .collect();
        let shared = format!("shared by {} powers: {}", self.draw.len(), names.join(", "));
        match (self.winner, self.by) {
            (Some(w), EndedBy::Concession) => format!(
                "{} won by concession during {phase} (every other power conceded), with {} centres",
                map.power(w).name,
                self.centres
            ),
            (Some(w), EndedBy::LastYear) => format!(
                "{} won after {phase} (the last year) with the most centres, {}",
                map.power(w).name,
                self.centres
            ),
            (Some(w), EndedBy::Lead) => format!(
                "{} won after {phase} with {} centres, leading every other power by {} or more",
                map.power(w).name,
                self.centres,
                map.winning_lead(self.phase.year).unwrap_or(1)
            ),
            (Some(w), EndedBy::Control) => {
                let held: Vec<&str> = (map.victory.control.iter())
                    .map(|&p| map.province(p).name.as_str())
                    .collect();
                format!(
                    "{} won after {phase} by controlling {}, with {} centres",
                    map.power(w).name,
                    held.join(", "),
                    self.centres
                )
            }
            (Some(w), _) => format!(
                "{} won after {phase} with {} centres",
                map.power(w).name,
                self.centres
            ),
            (None, EndedBy::DrawVote) => format!("drawn by a vote during {phase}, {shared}"),
            (None, EndedBy::Stalemate) => format!(
                "drawn after {phase} on stalemate (no supply centre changed hands in the years \
                 the house rule counts), {shared}"
            ),
            (None, _) if self.centres > 0 => format!(
                "drawn after {phase} (the last year) between the powers with the most centres \
                 ({} each), {shared}",
                self.centres
            ),
            (None, _) => format!("drawn after {phase} (the last year), {shared}"),
        }
    }

    /// The ending as JSON: winner (or null), draw, phase, centres, by (`victory`, `last-year`,
    /// `draw-vote`, `concession`, `stalemate`).
    pub fn to_json(&self, map: &diplo_map::Map) -> serde_json::Value {
        serde_json::json!({
            "winner": self.winner.map(|w| map.power(w).name.clone()),
            "draw": self.draw.iter().map(|&p| map.power(p).name.clone()).collect::<Vec<_>>(),
            "phase": self.phase.name(map).to_string(),
            "centres": self.centres,
            "by": self.by.word(),
        })
    }
}
