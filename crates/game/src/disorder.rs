//! Civil disorder under the game master's hand, and who played each power when.
//!
//! The game master puts a power into civil disorder when its player is gone: from then on its
//! orders are left to the ruleset's civil-disorder rules (DATC 4.D.8, 4.D.9), as if it sent
//! nothing, even if order sets still come in. When a stand-in player arrives the game master
//! takes it out again. Each change is kept as a [`PlayerStint`], with the phase it began in
//! (a rollback keeps them: they are the game master's record, not part of a phase).

use diplo_engine::Phase;
use diplo_map::PowerId;

use crate::{time, Game, GameError};

/// The longest player name kept (in characters).
pub const MAX_PLAYER_NAME: usize = 100;

/// From a phase on, a power was played by someone (named or not) or was in civil disorder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerStint {
    /// The power.
    pub power: PowerId,
    /// Who played it (optional; `None` while in civil disorder or when not named).
    pub player: Option<String>,
    /// The phase it began in.
    pub from: Phase,
    /// When (seconds since the epoch, UTC), if known.
    pub at: Option<time::Seconds>,
    /// The power was in civil disorder by the game master's hand.
    pub disorder: bool,
}

/// A player's name, checked: one line, not empty, at most [`MAX_PLAYER_NAME`] characters.
pub(crate) fn checked_name(name: &str) -> Result<String, GameError> {
    let name = name.trim();
    let ok = !name.is_empty()
        && name.chars().count() <= MAX_PLAYER_NAME
        && !name.chars().any(char::is_control);
    if ok {
        Ok(name.to_string())
    } else {
        Err(GameError::Refused(vec![format!(
            "player name `{}`: expected one line of 1 to {MAX_PLAYER_NAME} characters",
            diplo_map::one_line(name)
        )]))
    }
}

impl Game {
    /// The latest stint of `power`, if any was recorded.
    pub fn player_of(&self, power: PowerId) -> Option<&PlayerStint> {
        self.master.players.iter().rev().find(|s| s.power == power)
    }

    /// Whether the game master has put `power` into civil disorder (and not taken it out).
    pub fn in_disorder(&self, power: PowerId) -> bool {
        self.player_of(power).is_some_and(|s| s.disorder)
    }

    /// Refuses a neutral power, and any change once the game is over.
    fn refuse_unless_playable(&self, power: PowerId) -> Result<(), GameError> {
        self.refuse_if_ended()?;
        if self.map.power(power).neutral {
            return Err(GameError::Refused(vec![format!(
                "{} is a neutral power of this map: nobody plays it",
                self.power_name(power)
            )]));
        }
        Ok(())
    }

    fn push_stint(&mut self, power: PowerId, player: Option<String>, at: Option<time::Seconds>) {
        let disorder = player.is_none();
        self.master.players.push(PlayerStint {
            power,
            player,
            from: self.position.phase,
            at,
            disorder,
        });
    }

    /// Puts `power` into civil disorder from the current phase on (`at`: when).
    pub fn put_in_disorder(
        &mut self,
        power: PowerId,
        at: Option<time::Seconds>,
    ) -> Result<(), GameError> {
        self.refuse_unless_playable(power)?;
        if self.in_disorder(power) {
            return Err(GameError::Refused(vec![format!(
                "{} is already in civil disorder (since {})",
                self.power_name(power),
                self.player_of(power)
                    .expect("in disorder")
                    .from
                    .name(&self.map)
            )]));
        }
        self.push_stint(power, None, at);
        // Not awaited any longer.
        self.ready.remove(&power);
        Ok(())
    }

    /// Takes `power` out of civil disorder: from the current phase on it is played again,
    /// by `player` when named.
    pub fn end_disorder(
        &mut self,
        power: PowerId,
        player: Option<&str>,
        at: Option<time::Seconds>,
    ) -> Result<(), GameError> {
        self.refuse_unless_playable(power)?;
        let player = player.map(checked_name).transpose()?;
        if !self.in_disorder(power) {
            return Err(GameError::Refused(vec![format!(
                "{} is not in civil disorder",
                self.power_name(power)
            )]));
        }
        self.master.players.push(PlayerStint {
            power,
            player,
            from: self.position.phase,
            at,
            disorder: false,
        });
        Ok(())
    }

    /// Records that `player` plays `power` from the current phase on (a power in civil
    /// disorder is taken out of it).
    pub fn name_player(
        &mut self,
        power: PowerId,
        player: &str,
        at: Option<time::Seconds>,
    ) -> Result<(), GameError> {
        self.refuse_unless_playable(power)?;
        let player = checked_name(player)?;
        self.push_stint(power, Some(player), at);
        Ok(())
    }

    /// `France: Alice from Spring 1901 Movement; civil disorder from Fall 1902 Movement; Bob
    /// from Spring 1903 Movement`, one line per power with a recorded stint.
    pub fn player_lines(&self) -> Vec<String> {
        let map = &self.map;
        map.power_ids()
            .filter_map(|p| {
                let stints: Vec<String> = (self.master.players.iter())
                    .filter(|s| s.power == p)
                    .map(|s| {
                        let who = match (&s.player, s.disorder) {
                            (_, true) => "civil disorder (the game master's hand)".to_string(),
                            (Some(name), false) => name.clone(),
                            (None, false) => "a player".to_string(),
                        };
                        let at = s.at.map(time::format_rfc3339);
                        format!(
                            "{who} from {}{}",
                            s.from.name(map),
                            at.map(|t| format!(" ({t})")).unwrap_or_default()
                        )
                    })
                    .collect();
                (!stints.is_empty())
                    .then(|| format!("{}: {}", map.power(p).name, stints.join("; ")))
            })
            .collect()
    }
}
