//! What the game master keeps beside the phases: the house rules for the game's end, the draw
//! proposals and concessions of the current phase, and who played each power when; with their
//! tables of the game file (`[end_rules]`, `[[draw_proposal]]`, `[[concession]]`,
//! `[[player]]`, see `crates/game/FORMAT.md`), each written only when used.

use std::collections::BTreeMap;

use diplo_engine::Phase;
use diplo_map::{Map, PowerId};
use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::disorder::{checked_name, PlayerStint};
use crate::ending::{AtLastYear, DrawProposal, DrawVotes, EndRules};
use crate::{time, GameError};

/// The game master's part of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameMaster {
    /// The house rules for the game's end.
    pub end_rules: EndRules,
    /// The draws proposed in the current phase, oldest first (at most one awaits votes).
    pub draws: Vec<DrawProposal>,
    /// The concessions of the current phase: who conceded to whom.
    pub concessions: BTreeMap<PowerId, PowerId>,
    /// Who played each power from which phase, and when a power was in civil disorder.
    pub players: Vec<PlayerStint>,
}

/// `[end_rules]`: the house rules for the game's end.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct EndRulesFile {
    /// The last year played (overrides the map's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_year: Option<u16>,
    /// `draw` (the default) or `most-centres`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_last_year: Option<String>,
    /// `unanimous` (the default) or `majority`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_votes: Option<String>,
    /// A draw among the survivors once no supply centre has changed hands for this many years
    /// (absent: never).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stalemate_years: Option<u16>,
}

/// `[[draw_proposal]]`: a draw proposed in the current phase.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DrawProposalFile {
    /// The power that proposed it.
    pub by: String,
    /// The powers that would share it.
    pub among: Vec<String>,
    /// The powers that voted for it (secret until it passes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub yes: Vec<String>,
    /// The powers that voted against it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no: Vec<String>,
    /// Too many powers voted no.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rejected: bool,
}

/// `[[concession]]`: a power concedes the game to another.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ConcessionFile {
    /// The power conceding.
    pub power: String,
    /// The power it concedes to.
    pub to: String,
}

/// `[[player]]`: from a phase on, who played a power, or its civil disorder.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PlayerFile {
    /// The power.
    pub power: String,
    /// Who played it (optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// The phase it began in.
    pub from: String,
    /// When (RFC 3339, UTC).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// In civil disorder by the game master's hand.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub disorder: bool,
}

/// The game master's tables as a file holds them.
#[derive(Debug, Default)]
pub struct MasterFile {
    /// `[end_rules]`.
    pub end_rules: Option<EndRulesFile>,
    /// `[[draw_proposal]]`.
    pub draw_proposal: Vec<DrawProposalFile>,
    /// `[[concession]]`.
    pub concession: Vec<ConcessionFile>,
    /// `[[player]]`.
    pub player: Vec<PlayerFile>,
}

impl GameMaster {
    /// The tables to write.
    pub fn to_file(&self, map: &Map) -> MasterFile {
        let name = |p: PowerId| map.power(p).name.clone();
        let names = |ps: &mut dyn Iterator<Item = PowerId>| ps.map(name).collect::<Vec<_>>();
        let r = &self.end_rules;
        let end_rules = (*r != EndRules::default()).then(|| EndRulesFile {
            last_year: r.last_year,
            at_last_year: (r.at_last_year != AtLastYear::Draw)
                .then(|| r.at_last_year.word().to_string()),
            draw_votes: (r.draw_votes != DrawVotes::Unanimous)
                .then(|| r.draw_votes.word().to_string()),
            stalemate_years: r.stalemate_years,
        });
        let votes = |d: &DrawProposal, yes: bool| {
            names(&mut d.votes.iter().filter(|v| *v.1 == yes).map(|v| *v.0))
        };
        MasterFile {
            end_rules,
            draw_proposal: (self.draws.iter())
                .map(|d| DrawProposalFile {
                    by: name(d.by),
                    among: names(&mut d.among.iter().copied()),
                    yes: votes(d, true),
                    no: votes(d, false),
                    rejected: d.rejected,
                })
                .collect(),
            concession: (self.concessions.iter())
                .map(|(&p, &to)| ConcessionFile {
                    power: name(p),
                    to: name(to),
                })
                .collect(),
            player: (self.players.iter())
                .map(|s| PlayerFile {
                    power: name(s.power),
                    player: s.player.clone(),
                    from: s.from.name(map).to_string(),
                    at: s.at.map(time::format_rfc3339),
                    disorder: s.disorder,
                })
                .collect(),
        }
    }

    /// Reads the tables; each problem is pushed with the byte offset of its table.
    pub fn read(
        map: &Map,
        end_rules: Option<&Spanned<EndRulesFile>>,
        draws: &[Spanned<DrawProposalFile>],
        concessions: &[Spanned<ConcessionFile>],
        players: &[Spanned<PlayerFile>],
        problems: &mut Vec<(usize, String)>,
    ) -> GameMaster {
        let mut r = TableReader { map, problems };
        let master = GameMaster {
            end_rules: end_rules.map(|e| r.end_rules(e)).unwrap_or_default(),
            draws: draws.iter().filter_map(|d| r.draw(d)).collect(),
            concessions: (concessions.iter())
                .filter_map(|c| {
                    let at = c.span().start;
                    let power = r.power(at, "[[concession]] power", &c.get_ref().power);
                    Some((power?, r.power(at, "[[concession]] to", &c.get_ref().to)?))
                })
                .collect(),
            players: players.iter().filter_map(|p| r.player(p)).collect(),
        };
        if let Some(second) = draws.iter().filter(|d| !d.get_ref().rejected).nth(1) {
            r.problems.push((
                second.span().start,
                "[[draw_proposal]]: a second proposal awaits votes; one at a time may".to_string(),
            ));
        }
        master
    }
}

/// Reads the game master's tables, collecting problems with their places.
struct TableReader<'a> {
    map: &'a Map,
    problems: &'a mut Vec<(usize, String)>,
}

impl TableReader<'_> {
    fn power(&mut self, at: usize, what: &str, name: &str) -> Option<PowerId> {
        let p = self.map.power_by_name(name);
        if p.is_none() {
            let names: Vec<&str> = self.map.powers().iter().map(|p| p.name.as_str()).collect();
            self.problems.push((
                at,
                format!(
                    "{what}: unknown power `{name}`; the powers are {}",
                    names.join(", ")
                ),
            ));
        }
        p
    }

    fn end_rules(&mut self, e: &Spanned<EndRulesFile>) -> EndRules {
        let (at, v) = (e.span().start, e.get_ref());
        let mut rules = EndRules {
            last_year: v.last_year,
            ..EndRules::default()
        };
        match v.stalemate_years {
            Some(0) => self.problems.push((
                at,
                "[end_rules] stalemate_years 0: expected 1 or more (or no key: no draw on \
                 stalemate)"
                    .to_string(),
            )),
            n => rules.stalemate_years = n,
        }
        if let Some(w) = &v.at_last_year {
            match AtLastYear::parse(w) {
                Some(a) => rules.at_last_year = a,
                None => self.problems.push((
                    at,
                    format!(
                        "[end_rules] at_last_year `{w}`: expected {}",
                        AtLastYear::WORDS.join(" or ")
                    ),
                )),
            }
        }
        if let Some(w) = &v.draw_votes {
            match DrawVotes::parse(w) {
                Some(d) => rules.draw_votes = d,
                None => self.problems.push((
                    at,
                    format!(
                        "[end_rules] draw_votes `{w}`: expected {}",
                        DrawVotes::WORDS.join(" or ")
                    ),
                )),
            }
        }
        rules
    }

    fn draw(&mut self, d: &Spanned<DrawProposalFile>) -> Option<DrawProposal> {
        let (at, v) = (d.span().start, d.get_ref());
        let by = self.power(at, "[[draw_proposal]] by", &v.by);
        let mut powers = |list: &[String], what: &str| -> Vec<PowerId> {
            list.iter()
                .filter_map(|n| self.power(at, what, n))
                .collect()
        };
        let among = powers(&v.among, "[[draw_proposal]] among");
        let yes = powers(&v.yes, "[[draw_proposal]] yes");
        let no = powers(&v.no, "[[draw_proposal]] no");
        let votes = (yes.into_iter().map(|p| (p, true)))
            .chain(no.into_iter().map(|p| (p, false)))
            .collect();
        Some(DrawProposal {
            by: by?,
            among,
            votes,
            rejected: v.rejected,
        })
    }

    fn player(&mut self, p: &Spanned<PlayerFile>) -> Option<PlayerStint> {
        let (at, v) = (p.span().start, p.get_ref());
        let power = self.power(at, "[[player]] power", &v.power);
        let from = Phase::parse(&v.from, self.map)
            .map_err(|e| self.problems.push((at, format!("[[player]] from: {e}"))))
            .ok();
        if let Some(Err(GameError::Refused(m))) = v.player.as_deref().map(checked_name) {
            self.problems
                .push((at, format!("[[player]] {}", m.join(" "))));
        }
        let when = v.at.as_ref().and_then(|t| {
            time::parse_rfc3339(t)
                .map_err(|e| {
                    self.problems
                        .push((at, format!("[[player]] at `{t}`: {e}")))
                })
                .ok()
        });
        Some(PlayerStint {
            power: power?,
            player: v.player.clone(),
            from: from?,
            at: when,
            disorder: v.disorder,
        })
    }
}
