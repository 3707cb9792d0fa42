//! The end of a game besides the map's victory condition: a draw proposed and voted by the
//! surviving powers, a concession to one power, the year limit with its house rule (a draw
//! shared by the survivors, or a win for the power with the most centres), and a draw on
//! stalemate (no supply centre changed hands for a number of years, as dipcc and Cicero play).
//!
//! A draw proposal and the concessions belong to the phase they are made in: adjudicating the
//! phase ends them (the history's notes say so), so that a vote never carries over into a
//! position the voters did not see. Votes are secret until the draw passes: only the host sees
//! them ([`Game::draw_lines`] shows a power its own vote and nobody else's). A power in civil
//! disorder by the game master's hand neither votes nor concedes, and is not waited for.

use std::collections::BTreeMap;

use diplo_engine::victory::{game_end, GameEnd, WinBy};
use diplo_engine::{Phase, Position};
use diplo_map::PowerId;

use crate::viewer::Viewer;
use crate::{Ending, Game, GameError};

/// How a game ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EndedBy {
    /// A power reached the map's victory condition.
    #[default]
    Victory,
    /// The last year was played: the outcome the house rule gives ([`AtLastYear`]).
    LastYear,
    /// The surviving powers voted a draw.
    DrawVote,
    /// Every other surviving power conceded to the winner.
    Concession,
    /// No supply centre changed hands for the years the house rule counts
    /// ([`EndRules::stalemate_years`]): the survivors share a draw.
    Stalemate,
    /// The winner led the next power by the map's winning lead (`[victory] lead_wins`).
    Lead,
    /// The winner controlled every province of the map's `[victory] control`.
    Control,
}

impl EndedBy {
    /// The game file's word: `victory`, `last-year`, `draw-vote`, `concession`, `stalemate`,
    /// `lead`, `control`.
    pub fn word(self) -> &'static str {
        match self {
            EndedBy::Victory => "victory",
            EndedBy::LastYear => "last-year",
            EndedBy::DrawVote => "draw-vote",
            EndedBy::Concession => "concession",
            EndedBy::Stalemate => "stalemate",
            EndedBy::Lead => "lead",
            EndedBy::Control => "control",
        }
    }

    /// The ending named by a game file's word.
    pub fn parse(word: &str) -> Option<EndedBy> {
        [
            EndedBy::Victory,
            EndedBy::LastYear,
            EndedBy::DrawVote,
            EndedBy::Concession,
            EndedBy::Stalemate,
            EndedBy::Lead,
            EndedBy::Control,
        ]
        .into_iter()
        .find(|b| b.word() == word)
    }

    /// Whether the game ended during a phase (by agreement) rather than after one was played.
    pub fn by_agreement(self) -> bool {
        matches!(self, EndedBy::DrawVote | EndedBy::Concession)
    }
}

/// What the end of the last year gives (a house rule of the game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AtLastYear {
    /// A draw shared by every surviving power (the map's rule).
    #[default]
    Draw,
    /// The power with the most supply centres wins; powers tied for the most share a draw.
    MostCentres,
}

impl AtLastYear {
    /// The words of the house rule: `draw`, `most-centres`.
    pub const WORDS: [&'static str; 2] = ["draw", "most-centres"];

    /// This outcome's word.
    pub fn word(self) -> &'static str {
        match self {
            AtLastYear::Draw => "draw",
            AtLastYear::MostCentres => "most-centres",
        }
    }

    /// The outcome a word names.
    pub fn parse(word: &str) -> Option<AtLastYear> {
        [AtLastYear::Draw, AtLastYear::MostCentres]
            .into_iter()
            .find(|a| a.word() == word)
    }
}

/// How many of the surviving powers must vote for a draw (a house rule of the game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DrawVotes {
    /// Every surviving power.
    #[default]
    Unanimous,
    /// More than half of the surviving powers.
    Majority,
}

impl DrawVotes {
    /// The words of the house rule: `unanimous`, `majority`.
    pub const WORDS: [&'static str; 2] = ["unanimous", "majority"];

    /// This rule's word.
    pub fn word(self) -> &'static str {
        match self {
            DrawVotes::Unanimous => "unanimous",
            DrawVotes::Majority => "majority",
        }
    }

    /// The rule a word names.
    pub fn parse(word: &str) -> Option<DrawVotes> {
        [DrawVotes::Unanimous, DrawVotes::Majority]
            .into_iter()
            .find(|d| d.word() == word)
    }

    /// The yes votes a draw needs among `voters` surviving powers.
    pub fn needed(self, voters: usize) -> usize {
        match self {
            DrawVotes::Unanimous => voters,
            DrawVotes::Majority => voters / 2 + 1,
        }
    }
}

/// The game's house rules for its end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EndRules {
    /// The last year played (overrides the map's `last_year`); `None`: the map's.
    pub last_year: Option<u16>,
    /// What the end of the last year gives.
    pub at_last_year: AtLastYear,
    /// How many votes a draw needs.
    pub draw_votes: DrawVotes,
    /// The survivors share a draw once no supply centre has changed hands for this many whole
    /// years (checked when a year's last capturing season is over); `None`: never.
    pub stalemate_years: Option<u16>,
}

/// A draw proposed in the current phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawProposal {
    /// The power that proposed it.
    pub by: PowerId,
    /// The powers that would share it.
    pub among: Vec<PowerId>,
    /// Each surviving power's vote so far (yes: `true`); secret until the draw passes.
    pub votes: BTreeMap<PowerId, bool>,
    /// It can no longer pass: too many powers voted no.
    pub rejected: bool,
}

/// Where a draw vote stands after a proposal or a vote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawStanding {
    /// Votes are still awaited.
    Pending,
    /// The draw passed: the game is over.
    Passed(Ending),
    /// Too many powers voted no: the proposal can no longer pass.
    Rejected,
}

fn refused(msg: String) -> GameError {
    GameError::Refused(vec![msg])
}

impl Game {
    /// The surviving powers (not neutral, with a unit or a supply centre that counts towards
    /// victory), the most centres first (ties: in the map's order of powers).
    pub fn survivors(&self) -> Vec<PowerId> {
        let (map, pos) = (&self.map, &self.position);
        let centres = pos.victory_centres_by_power(map);
        let mut out: Vec<(usize, PowerId)> = map
            .power_ids()
            .filter(|&p| !map.power(p).neutral)
            .map(|p| (centres[p.index()], p))
            .filter(|&(c, p)| c > 0 || pos.unit_count(p) > 0)
            .collect();
        out.sort_by_key(|&(c, p)| (std::cmp::Reverse(c), p));
        out.into_iter().map(|(_, p)| p).collect()
    }

    /// The powers that vote on a draw and must concede: the survivors, but for those in civil
    /// disorder by the game master's hand (nobody speaks for them).
    pub fn voters(&self) -> Vec<PowerId> {
        let mut out = self.survivors();
        out.retain(|&p| !self.in_disorder(p));
        out
    }

    /// The last year the game plays: the game's own, else the map's.
    pub fn last_year(&self) -> Option<u16> {
        self.master
            .end_rules
            .last_year
            .or(self.map.victory.last_year)
    }

    /// Sets the house rules for the game's end; a last year before the current phase's year,
    /// or a stalemate of 0 years, is refused.
    pub fn set_end_rules(&mut self, rules: EndRules) -> Result<(), GameError> {
        self.refuse_if_ended()?;
        if rules.stalemate_years == Some(0) {
            return Err(refused(
                "a draw on stalemate after 0 years: expected 1 or more years (or none: no draw \
                 on stalemate)"
                    .to_string(),
            ));
        }
        let year = self.position.phase.year;
        if let Some(last) = rules.last_year.filter(|&l| l < year) {
            return Err(refused(format!(
                "last year {last}: the game is already in {year}; expected {year} or later"
            )));
        }
        self.master.end_rules = rules;
        Ok(())
    }

    /// How the game ends in the current position, reached after the phase that started at
    /// `start`: the map's victory condition, else at the last year ([`Game::last_year`]) the
    /// house rule's outcome, else a draw on stalemate ([`EndRules::stalemate_years`]).
    pub(crate) fn ending_by_rules(&self, start: &Position) -> Option<Ending> {
        let phase = start.phase;
        let ending = |winner, draw, centres, by| Ending {
            winner,
            draw,
            phase,
            centres,
            by,
        };
        if let Some(GameEnd::Win(w, c, how)) = game_end(&self.map, &self.position, phase.year) {
            let by = match how {
                WinBy::Centres => EndedBy::Victory,
                WinBy::Lead => EndedBy::Lead,
                WinBy::Control => EndedBy::Control,
                WinBy::MostCentresAtLastYear => EndedBy::LastYear,
            };
            return Some(ending(Some(w), Vec::new(), c, by));
        }
        if self.last_year().is_none_or(|last| phase.year < last) {
            let stalemate = self.stalemated(start);
            return stalemate.then(|| ending(None, self.survivors(), 0, EndedBy::Stalemate));
        }
        let survivors = self.survivors();
        if self.master.end_rules.at_last_year == AtLastYear::MostCentres {
            let centres = self.position.victory_centres_by_power(&self.map);
            let most = survivors.first().map_or(0, |p| centres[p.index()]);
            let leaders: Vec<PowerId> = (survivors.iter().copied())
                .filter(|p| centres[p.index()] == most)
                .collect();
            if let [winner] = leaders[..] {
                return Some(ending(Some(winner), Vec::new(), most, EndedBy::LastYear));
            }
            return Some(ending(None, leaders, most, EndedBy::LastYear));
        }
        Some(ending(None, survivors, 0, EndedBy::LastYear))
    }

    /// Whether no supply centre has changed hands in the last [`EndRules::stalemate_years`]
    /// whole years, the phase that started at `start` having just ended its year's last
    /// capturing season: the owners now are those at the start of every phase of those years
    /// (`start`'s and the history's), and the game was played from the first of them. The
    /// history must hold every phase played before `start` (see
    /// [`Game::adjudicate_unrecorded`]).
    fn stalemated(&self, start: &Position) -> bool {
        let Some(years) = self.master.end_rules.stalemate_years else {
            return false;
        };
        let phase = start.phase;
        let seasons = &self.map.calendar.seasons;
        if seasons
            .iter()
            .skip(phase.season.index() + 1)
            .any(|s| s.captures)
        {
            return false; // the year has another capturing season to play
        }
        let Some(since) = (phase.year + 1).checked_sub(years) else {
            return false;
        };
        let owners = &self.position.owners;
        if start.owners != *owners {
            return false;
        }
        let mut first = phase;
        for h in self.history.iter().rev() {
            let Ok((p, _)) = self.played_phase(h) else {
                return false;
            };
            if p.phase.year < since {
                return true;
            }
            if p.owners != *owners {
                return false;
            }
            first = p.phase;
        }
        // Every phase played is in the years counted: the game began with the first of them.
        first
            == Phase {
                year: since,
                ..Phase::first(&self.map)
            }
    }

    /// The house rules for the end, for people: `the last year is 1910 (the game's), then the
    /// most centres win; a draw needs every surviving power's vote`.
    pub fn end_rules_text(&self) -> String {
        let rules = &self.master.end_rules;
        let last = match (rules.last_year, self.map.victory.last_year) {
            (Some(y), _) => format!("the last year is {y} (the game's)"),
            (None, Some(y)) => format!("the last year is {y} (the map's)"),
            (None, None) => "no last year".to_string(),
        };
        let mut then = match rules.at_last_year {
            AtLastYear::Draw => "the survivors share a draw",
            AtLastYear::MostCentres => "the most centres win",
        }
        .to_string();
        if let Some(n) = rules.stalemate_years {
            then += &format!(
                "; the survivors also share a draw once no supply centre has changed hands for \
                 {n} year{}",
                if n == 1 { "" } else { "s" }
            );
        }
        let votes = match rules.draw_votes {
            DrawVotes::Unanimous => "every surviving power's vote",
            DrawVotes::Majority => "the votes of more than half the surviving powers",
        };
        format!("{last}, then {then}; a draw needs {votes}")
    }

    /// Refuses a power that is no longer in the game (`what`: what it tried to do), or that
    /// is in civil disorder by the game master's hand.
    fn refuse_unless_surviving(&self, power: PowerId, what: &str) -> Result<(), GameError> {
        let survivors = self.survivors();
        if self.in_disorder(power) {
            return Err(refused(format!(
                "{} is in civil disorder by the game master's hand: nobody speaks for it until \
                 a stand-in takes it over",
                self.power_name(power)
            )));
        }
        if survivors.contains(&power) {
            return Ok(());
        }
        Err(refused(format!(
            "{} has no unit and no supply centre left: only surviving powers {what} (the \
             survivors are {})",
            self.power_name(power),
            self.names(&survivors)
        )))
    }

    /// `France, Italy`.
    pub(crate) fn names(&self, powers: &[PowerId]) -> String {
        let names: Vec<&str> = powers.iter().map(|&p| self.power_name(p)).collect();
        names.join(", ")
    }

    /// The draw proposal of the current phase awaiting votes, if there is one.
    pub fn pending_draw(&self) -> Option<&DrawProposal> {
        self.master.draws.iter().find(|d| !d.rejected)
    }

    /// `by` proposes a draw among `among` (`None`: every surviving power), and votes for it.
    /// One proposal at a time may await votes; it lapses when the phase is adjudicated.
    pub fn propose_draw(
        &mut self,
        by: PowerId,
        among: Option<&[PowerId]>,
    ) -> Result<DrawStanding, GameError> {
        self.refuse_if_ended()?;
        self.refuse_unless_surviving(by, "propose a draw")?;
        if let Some(d) = self.pending_draw() {
            return Err(refused(format!(
                "a draw proposed by {} (among {}) awaits votes in this phase: vote on it first",
                self.power_name(d.by),
                self.names(&d.among)
            )));
        }
        let survivors = self.survivors();
        let mut among: Vec<PowerId> = among.map_or_else(|| survivors.clone(), <[_]>::to_vec);
        among.sort_unstable();
        among.dedup();
        let out: Vec<PowerId> = (among.iter().copied())
            .filter(|p| !survivors.contains(p))
            .collect();
        if !out.is_empty() {
            return Err(refused(format!(
                "a draw is shared by surviving powers only: {} {} out of the game (the \
                 survivors are {})",
                self.names(&out),
                if out.len() == 1 { "is" } else { "are" },
                self.names(&survivors)
            )));
        }
        if among.len() < 2 {
            return Err(refused(format!(
                "a draw among {} alone is a win: the other powers concede instead",
                self.names(&among)
            )));
        }
        self.master.draws.push(DrawProposal {
            by,
            among,
            votes: BTreeMap::from([(by, true)]),
            rejected: false,
        });
        Ok(self.count_draw_votes())
    }

    /// `power` votes on the pending draw (`yes`: for it). A vote may be changed until the draw
    /// passes or is rejected.
    pub fn vote_draw(&mut self, power: PowerId, yes: bool) -> Result<DrawStanding, GameError> {
        self.refuse_if_ended()?;
        self.refuse_unless_surviving(power, "vote on a draw")?;
        let rejected = !self.master.draws.is_empty();
        let Some(d) = self.master.draws.iter_mut().find(|d| !d.rejected) else {
            return Err(refused(if rejected {
                "no draw awaits votes in this phase (the one proposed was rejected): propose \
                 another first"
                    .to_string()
            } else {
                "no draw is proposed in this phase: propose one first".to_string()
            }));
        };
        d.votes.insert(power, yes);
        Ok(self.count_draw_votes())
    }

    /// Counts the votes of the pending draw: it passes (and the game ends) with enough yes
    /// votes of surviving powers, and is rejected when too many said no.
    fn count_draw_votes(&mut self) -> DrawStanding {
        let survivors = self.voters();
        let needed = self.master.end_rules.draw_votes.needed(survivors.len());
        let phase = self.position.phase;
        let Some(d) = self.master.draws.iter_mut().find(|d| !d.rejected) else {
            return DrawStanding::Rejected;
        };
        let count = |yes: bool| {
            (d.votes.iter())
                .filter(|&(p, &v)| v == yes && survivors.contains(p))
                .count()
        };
        if count(true) >= needed {
            let ending = Ending {
                winner: None,
                draw: d.among.clone(),
                phase,
                centres: 0,
                by: EndedBy::DrawVote,
            };
            self.ended = Some(ending.clone());
            return DrawStanding::Passed(ending);
        }
        if count(false) > survivors.len() - needed {
            d.rejected = true;
            return DrawStanding::Rejected;
        }
        DrawStanding::Pending
    }

    /// `power` concedes the game to `to`; once every other surviving power has conceded to
    /// `to`, `to` wins and the ending is returned. A later concession by the same power
    /// replaces its earlier one.
    pub fn concede(&mut self, power: PowerId, to: PowerId) -> Result<Option<Ending>, GameError> {
        self.refuse_if_ended()?;
        self.refuse_unless_surviving(power, "concede")?;
        if !self.survivors().contains(&to) {
            self.refuse_unless_surviving(to, "are conceded to")?;
        }
        if power == to {
            return Err(refused(format!(
                "{} cannot concede to itself: the other surviving powers concede to it",
                self.power_name(power)
            )));
        }
        self.master.concessions.insert(power, to);
        let all = (self.voters().into_iter())
            .filter(|&p| p != to)
            .all(|p| self.master.concessions.get(&p) == Some(&to));
        if !all {
            return Ok(None);
        }
        let ending = Ending {
            winner: Some(to),
            draw: Vec::new(),
            phase: self.position.phase,
            centres: self.position.victory_centres(&self.map, to),
            by: EndedBy::Concession,
        };
        self.ended = Some(ending.clone());
        Ok(Some(ending))
    }

    /// Ends the phase's draw proposals and concessions (the phase was adjudicated), with a
    /// note for the history on each.
    pub(crate) fn lapse_agreements(&mut self, notes: &mut Vec<String>) {
        for d in std::mem::take(&mut self.master.draws) {
            let what = if d.rejected {
                "was rejected"
            } else {
                "lapsed: it had not passed when the phase was adjudicated"
            };
            notes.push(format!(
                "the draw proposed by {} (among {}) {what}",
                self.power_name(d.by),
                self.names(&d.among)
            ));
        }
        for (p, to) in std::mem::take(&mut self.master.concessions) {
            notes.push(format!(
                "{}'s concession to {} lapsed: not every other power conceded before the phase \
                 was adjudicated",
                self.power_name(p),
                self.power_name(to)
            ));
        }
    }

    /// Whether `viewer` may see `power`'s draw votes: the host always, a power its own, and
    /// everyone once a draw passed.
    fn sees_votes_of(&self, viewer: Viewer, power: PowerId) -> bool {
        let passed = self
            .ended
            .as_ref()
            .is_some_and(|e| e.by == EndedBy::DrawVote);
        passed || viewer.sees_orders_of(power)
    }

    /// The draw proposals and concessions of the current phase as `viewer` may see them: the
    /// host sees every vote, a power its own, the public none until a draw passes (who
    /// proposed what, and who conceded to whom, is no secret).
    pub fn draw_lines(&self, viewer: Viewer) -> Vec<String> {
        let mut out = Vec::new();
        for d in &self.master.draws {
            let mut line = format!(
                "Draw proposed by {} among {}: {}",
                self.power_name(d.by),
                self.names(&d.among),
                match (d.rejected, &self.ended) {
                    (true, _) => "rejected",
                    (false, Some(e)) if e.by == EndedBy::DrawVote => "passed",
                    (false, _) => "awaiting votes",
                }
            );
            let seen: Vec<String> = (d.votes.iter())
                .filter(|&(&p, _)| self.sees_votes_of(viewer, p))
                .map(|(&p, &yes)| {
                    format!("{} {}", self.power_name(p), if yes { "yes" } else { "no" })
                })
                .collect();
            if !seen.is_empty() {
                line.push_str(&format!(" (votes seen: {})", seen.join(", ")));
            }
            out.push(line);
        }
        for (&p, &to) in &self.master.concessions {
            out.push(format!(
                "{} concedes to {}",
                self.power_name(p),
                self.power_name(to)
            ));
        }
        out
    }

    /// [`Game::draw_lines`] as JSON: `draws` (by, among, status, the votes the viewer may see)
    /// and `concessions` (power, to).
    pub fn agreements_json(&self, viewer: Viewer) -> serde_json::Value {
        let map = &self.map;
        let name = |p: PowerId| map.power(p).name.clone();
        serde_json::json!({
            "draws": self.master.draws.iter().map(|d| serde_json::json!({
                "by": name(d.by),
                "among": d.among.iter().map(|&p| name(p)).collect::<Vec<_>>(),
                "status": match (d.rejected, &self.ended) {
                    (true, _) => "rejected",
                    (false, Some(e)) if e.by == EndedBy::DrawVote => "passed",
                    (false, _) => "pending",
                },
                "votes_seen": d.votes.iter()
                    .filter(|&(&p, _)| self.sees_votes_of(viewer, p))
                    .map(|(&p, &yes)| (name(p), yes))
                    .collect::<BTreeMap<_, _>>(),
            })).collect::<Vec<_>>(),
            "concessions": self.master.concessions.iter().map(|(&p, &to)| serde_json::json!({
                "power": name(p), "to": name(to),
            })).collect::<Vec<_>>(),
        })
    }
}
