//! The end of a game: the map's victory condition (`victory_centres` or `[victory]`).

use diplo_map::{Map, PowerId, ProvinceId};

use crate::position::Position;

/// How a game ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// A power reached the victory condition with this many centres, by the part of the
    /// condition named.
    Win(PowerId, usize, WinBy),
    /// The game reached its last year: a draw shared by these surviving powers.
    Draw(Vec<PowerId>),
}

/// Which part of the map's victory condition a power won by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinBy {
    /// Its centres: the victory number (and more than any other, and the lead, where the map
    /// asks for them).
    Centres,
    /// Its lead over the next power (`lead_wins`), whatever its centres.
    Lead,
    /// Control of every province of the map's `[victory] control`.
    Control,
    /// The most centres after the map's last year (`at_last_year = "most-centres"`).
    MostCentresAtLastYear,
}

/// Whether the game ends in `pos`, reached after the Fall of `year`: a power with at least the
/// victory number of centres that count for it wins (a dummy centre never does: 1900's
/// Steamroller), if it also has more than any other (when the map asks for that) and leads the
/// next power by the map's `lead`; or, where the map says `lead_wins`, a power leading the next
/// by [`Map::winning_lead`] for `year` wins whatever its centres; or a power that controls every
/// province of the map's `[victory] control` (from its `control_from` year on) wins, with the
/// centres it has ([`controller`]). Otherwise, after the Fall of the map's last year, the
/// survivors draw (or, where the map says `at_last_year = "most-centres"`, the power with the
/// most centres wins, several with as many sharing a draw). Neutral powers never win and share
/// no draw.
pub fn game_end(map: &Map, pos: &Position, year: u16) -> Option<GameEnd> {
    let v = &map.victory;
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
        let winning_lead = map
            .winning_lead(year)
            .is_some_and(|l| best >= next + usize::from(l));
        if enough && more && lead {
            return Some(GameEnd::Win(winner, best, WinBy::Centres));
        }
        if winning_lead {
            return Some(GameEnd::Win(winner, best, WinBy::Lead));
        }
    }
    if let Some(p) = controller(map, pos).filter(|_| v.control_from.is_none_or(|y| year >= y)) {
        return Some(GameEnd::Win(p, centres[p.index()], WinBy::Control));
    }
    match v.last_year {
        Some(last) if year >= last && v.most_centres_at_last_year => {
            let best = contenders().map(|(c, _)| c).max().unwrap_or(0);
            let leaders: Vec<PowerId> = contenders()
                .filter(|&(c, _)| c == best)
                .map(|(_, p)| p)
                .collect();
            match leaders[..] {
                [only] => Some(GameEnd::Win(only, best, WinBy::MostCentresAtLastYear)),
                _ => Some(GameEnd::Draw(leaders)),
            }
        }
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

/// The power that controls every province of the map's `[victory] control` in `pos`, if one
/// does: it owns each that is a supply centre and has a unit in each other one. A neutral power
/// controls nothing that wins; a map without the list has no controller.
pub fn controller(map: &Map, pos: &Position) -> Option<PowerId> {
    let held_by = |p: ProvinceId| {
        if map.province(p).supply_centre {
            pos.owners[p.index()]
        } else {
            pos.unit_in(p).map(|u| u.power)
        }
    };
    let (&first, rest) = map.victory.control.split_first()?;
    let power = held_by(first).filter(|&w| !map.power(w).neutral)?;
    rest.iter()
        .all(|&p| held_by(p) == Some(power))
        .then_some(power)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard map ending after 1901, its last year, as the map's `at_last_year` says.
    fn standard_ending(at_last_year: &str) -> Map {
        let text = format!(
            "{}\n[victory]\nlast_year = 1901\nat_last_year = \"{at_last_year}\"\n",
            diplo_map::STANDARD_MAP_TOML
        );
        Map::from_toml_str(&text, "ending.toml").unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_lead_over_the_next_power_wins_and_shrinks_each_year() {
        let text = format!(
            "{}\n[victory]\nlead_wins = 3\nlead_shrinks_by = 1\n",
            diplo_map::STANDARD_MAP_TOML
        );
        let map = Map::from_toml_str(&text, "lead.toml").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(map.winning_lead(1901), Some(3));
        assert_eq!(map.winning_lead(1902), Some(2));
        assert_eq!(map.winning_lead(1903), Some(1));
        assert_eq!(map.winning_lead(1950), Some(1), "never less than 1");
        // Russia starts with 4 centres, the others with 3: a lead of 1.
        let russia = map.power_by_name("Russia").unwrap();
        let pos = Position::initial(&map);
        assert_eq!(game_end(&map, &pos, 1902), None);
        assert_eq!(
            game_end(&map, &pos, 1903),
            Some(GameEnd::Win(russia, 4, WinBy::Lead))
        );
        // Two more for Russia: a lead of 3 wins from the first year.
        let mut ahead = pos.clone();
        for name in ["swe", "rum"] {
            ahead.owners[map.province_by_name(name).unwrap().index()] = Some(russia);
        }
        assert_eq!(
            game_end(&map, &ahead, 1901),
            Some(GameEnd::Win(russia, 6, WinBy::Lead))
        );
        // A tie for the lead is no lead.
        let mut tied = pos.clone();
        let germany = map.power_by_name("Germany");
        tied.owners[map.province_by_name("hol").unwrap().index()] = germany;
        assert_eq!(game_end(&map, &tied, 1950), None);
        let standard = Map::standard();
        assert_eq!(standard.winning_lead(1950), None);
        let bad = format!(
            "{}\n[victory]\nlead_shrinks_by = 1\n",
            diplo_map::STANDARD_MAP_TOML
        );
        let err = Map::from_toml_str(&bad, "bad.toml")
            .unwrap_err()
            .to_string();
        assert!(err.contains("without a lead to shrink"), "{err}");
    }

    #[test]
    fn eighteen_centres_win_by_centres() {
        let map = Map::standard();
        let france = map.power_by_name("France").unwrap();
        let mut pos = Position::initial(&map);
        let centres: Vec<ProvinceId> = (map.province_ids())
            .filter(|&c| map.province(c).supply_centre)
            .take(18)
            .collect();
        for &c in &centres[..17] {
            pos.owners[c.index()] = Some(france);
        }
        assert_eq!(game_end(&map, &pos, 1905), None, "17 centres");
        pos.owners[centres[17].index()] = Some(france);
        assert_eq!(
            game_end(&map, &pos, 1905),
            Some(GameEnd::Win(france, 18, WinBy::Centres))
        );
    }

    #[test]
    fn at_the_last_year_the_survivors_draw_or_the_most_centres_win() {
        let draw = standard_ending("draw");
        let pos = Position::initial(&draw);
        match game_end(&draw, &pos, 1901) {
            Some(GameEnd::Draw(powers)) => assert_eq!(powers.len(), 7),
            other => panic!("{other:?}"),
        }
        assert_eq!(game_end(&draw, &pos, 1900), None);
        // Russia starts with four centres, every other power with three.
        let most = standard_ending("most-centres");
        let russia = most.power_by_name("Russia").unwrap();
        assert_eq!(
            game_end(&most, &pos, 1901),
            Some(GameEnd::Win(russia, 4, WinBy::MostCentresAtLastYear))
        );
        // Two powers with as many share the draw.
        let mut tied = pos.clone();
        let hol = most.province_by_name("hol").unwrap();
        tied.owners[hol.index()] = most.power_by_name("Germany");
        match game_end(&most, &tied, 1901) {
            Some(GameEnd::Draw(powers)) => assert_eq!(powers.len(), 2),
            other => panic!("{other:?}"),
        }
        let bad = format!(
            "{}\n[victory]\nlast_year = 1901\nat_last_year = \"coin-toss\"\n",
            diplo_map::STANDARD_MAP_TOML
        );
        let err = Map::from_toml_str(&bad, "bad.toml")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("unknown `at_last_year = \"coin-toss\"`"),
            "{err}"
        );
    }

    /// The standard map where a power wins by holding Belgium, Holland (centres: owned) and
    /// the North Sea (no centre: a unit there), from 1905 on.
    fn low_countries() -> Map {
        let text = format!(
            "{}\n[victory]\ncontrol = [\"bel\", \"hol\", \"nth\"]\ncontrol_from = 1905\n",
            diplo_map::STANDARD_MAP_TOML
        );
        Map::from_toml_str(&text, "control.toml").unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_power_controlling_every_listed_province_wins_from_the_first_year_given() {
        let map = low_countries();
        let (england, france) = (map.power_by_name("England"), map.power_by_name("France"));
        let (bel, hol, nth) = ["bel", "hol", "nth"]
            .map(|n| map.province_by_name(n).unwrap())
            .into();
        let mut pos = Position::initial(&map);
        assert_eq!(controller(&map, &pos), None);
        // England's fleet sails from London to the North Sea, its armies take the centres.
        let lon = map.province_by_name("lon").unwrap();
        let fleet = pos.units.iter_mut().find(|u| u.location.province == lon);
        fleet.unwrap().location = diplo_map::Location::province(nth);
        assert_eq!(controller(&map, &pos), None, "the North Sea alone");
        pos.owners[bel.index()] = england;
        pos.owners[hol.index()] = england;
        let england = england.unwrap();
        assert_eq!(controller(&map, &pos), Some(england));
        assert_eq!(game_end(&map, &pos, 1904), None, "not before control_from");
        // Five centres: it wins with them, far from the 18 the centres need.
        assert_eq!(
            game_end(&map, &pos, 1905),
            Some(GameEnd::Win(england, 5, WinBy::Control))
        );
        // Owning Belgium and Holland is not controlling the North Sea.
        pos.units.retain(|u| u.location.province != nth);
        assert_eq!(game_end(&map, &pos, 1905), None);
        // A centre of the list owned by another power breaks the control.
        let mut split = Position::initial(&map);
        split.owners[bel.index()] = Some(england);
        split.owners[hol.index()] = france;
        assert_eq!(controller(&map, &split), None);
    }

    #[test]
    fn a_map_without_provinces_to_control_has_no_controller() {
        let map = Map::standard();
        assert_eq!(controller(&map, &Position::initial(&map)), None);
    }
}
