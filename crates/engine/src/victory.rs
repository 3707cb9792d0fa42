//! The end of a game: the map's victory condition (`victory_centres` or `[victory]`).

use diplo_map::{Map, PowerId};

use crate::position::Position;

/// How a game ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// A power reached the victory condition with this many centres.
    Win(PowerId, usize),
    /// The game reached its last year: a draw shared by these surviving powers.
    Draw(Vec<PowerId>),
}

/// Whether the game ends in `pos`, reached after the Fall of `year`: a power with at least the
/// victory number of centres that count for it wins (a dummy centre never does: 1900's
/// Steamroller), if it also has more than any other (when the map asks for that) and leads the
/// next power by the map's `lead`; otherwise, after the Fall of the map's last year, the
/// survivors draw. Neutral powers never win and share no draw.
pub fn game_end(map: &Map, pos: &Position, year: u16) -> Option<GameEnd> {
    let v = map.victory;
    let centres = pos.victory_centres_by_power(map);
    let contenders = || {
        let powers = map.power_ids().filter(|&p| !map.power(p).neutral);
        powers.map(|p| (centres[p.index()], p))
    };
    // The leader (the most centres; the first power of several with as many) and how many
    // the next power has.
    let mut leader: Option<(usize, PowerId)> = None;
    let mut next = 0;
    for (c, p) in contenders() {
        match leader {
            Some((best, _)) if c <= best => next = next.max(c),
            _ => {
                next = next.max(leader.map_or(0, |(best, _)| best));
                leader = Some((c, p));
            }
        }
    }
    if let Some((best, winner)) = leader {
        let enough = best >= usize::from(v.centres);
        let more = !v.more_than_any || best > next;
        let lead = best >= next + usize::from(v.lead);
        if enough && more && lead {
            return Some(GameEnd::Win(winner, best));
        }
    }
    match v.last_year {
        Some(last) if year >= last => Some(GameEnd::Draw({
            let mut counts: Vec<(usize, PowerId)> = contenders().collect();
            counts.sort_by_key(|&(c, p)| (std::cmp::Reverse(c), p));
            counts
                .into_iter()
                .filter(|&(c, p)| pos.unit_count(p) > 0 || c > 0)
                .map(|(_, p)| p)
                .collect()
        })),
        _ => None,
    }
}
