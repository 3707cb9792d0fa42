//! Why a move, a railroad move or a support failed: the clashes that bounced a move (head to
//! head, the unit holding, other moves in), where along its line a railroad move stopped
//! (DATC 2.4 7.B), and the units that cut a support.

use diplo_map::ProvinceId;

use crate::interpret::{Eff, NONE};
use crate::reason::{Clash, ClashKind, Fact, Few, RailWhy, Rival, Text, Why};
use crate::resolve::{Board, Strength, Tri};

/// Why a railroad move did not reach its destination, and where it ends.
pub(super) fn rail_failure(b: &Board, u: u32, end: ProvinceId) -> Why {
    let stays = end == b.units[u as usize].location.province;
    let why = match b.rail_index(u) {
        Some(ri) => rail_block(b, ri),
        None => rail_head_to_head(b, u),
    };
    Why::RailStopped { why, end, stays }
}

/// A head-to-head battle with the unit in the first place (DATC 2.4 7.B.26-7.B.29).
fn rail_head_to_head(b: &Board, u: u32) -> RailWhy {
    let o = b.counter[u as usize];
    if o == NONE {
        return RailWhy::Text(Text::plain("it fails"));
    }
    let template = if b.state[u as usize] == Tri::Yes {
        "won the head-to-head battle with {} and stops in its place"
    } else if b.state[o as usize] == Tri::Yes {
        "lost the head-to-head battle with {}"
    } else {
        "a head-to-head battle with {}, which a railroad move cannot dislodge"
    };
    RailWhy::Text(Text::new(template, &[Fact::Unit(b.units[o as usize])]))
}

/// Where along its line railroad move `ri` was stopped, and why.
fn rail_block(b: &Board, ri: usize) -> RailWhy {
    let r = &b.rails[ri];
    for (k, &p) in r.path.iter().enumerate() {
        if b.state[b.rail_pass_id(ri, k) as usize] == Tri::Yes {
            continue;
        }
        if b.state[b.rail_at_id(ri, k) as usize] != Tri::Yes {
            // It had to stop in the place before: a centre to recapture (errata 9.241).
            return match k.checked_sub(1).and_then(|j| r.path.get(j)) {
                Some(&before) => RailWhy::Text(Text::new(
                    "it stops in {} to recapture the supply centre",
                    &[Fact::Province(before)],
                )),
                None => RailWhy::Nothing,
            };
        }
        let x = b.unit_at[p.index()];
        if !b.rail_occupant_lets_through(ri, k, false) && x != NONE {
            let facts = [Fact::Unit(b.units[x as usize])];
            return RailWhy::Text(Text::new("{} stays in the way", &facts));
        }
        if b.rail_blocked(ri, k, false) {
            let mut rivals = Few::default();
            for &c in b.moves_to.get(p.index()) {
                let unit = b.units[c as usize];
                let prevent = b.prevent(c, true);
                rivals.push(Rival { unit, prevent });
            }
            let attack = b.rail_attack(ri, k, false);
            return RailWhy::Bounced {
                province: p,
                attack,
                rivals,
            };
        }
        return RailWhy::Text(Text::new(
            "a paradox: its part into {} fails, but still bounces",
            &[Fact::Province(p)],
        ));
    }
    RailWhy::Nothing
}

/// Why move `u` failed (its order possible).
pub(super) fn move_failure(b: &Board, u: u32) -> Why {
    if b.voided_canal(u) {
        return Why::Text(Text::plain(
            "a paradox with the canal: the move through it fails and has no effect on its destination",
        ));
    }
    if b.canal_state(u) == Some(Tri::No) {
        return Why::Text(Text::plain("no permission to pass the canal"));
    }
    if !b.path(u, true) {
        return Why::Text(Text::plain(
            "no convoy route: the convoy is disrupted or missing",
        ));
    }
    // A route that depends on an unresolved paradox: the move fails even if it is convoyed, so
    // explain it with the route (the strongest attack it could have).
    let route_open = !b.path(u, false);
    let attack = b.attack(u, route_open);
    let Eff::Move { to, .. } = b.eff[u as usize] else {
        return Why::Nothing;
    };
    let mut clashes = Few::default();
    if let Some(c) = defender_clash(b, u, to.province, attack) {
        clashes.push(c);
    }
    bounce_clashes(b, u, to.province, attack, &mut clashes);
    Why::MoveFailed {
        even_if_convoyed: route_open && !clashes.is_empty(),
        clashes,
    }
}

/// The defender a move of strength `attack` into `to` did not beat: the head-to-head opponent,
/// or the unit holding there.
fn defender_clash(b: &Board, u: u32, to: ProvinceId, attack: Strength) -> Option<Clash> {
    if b.h2h(u) == Tri::Yes {
        let o = b.counter[u as usize];
        let against = b.defend(o, false);
        return (attack <= against).then(|| Clash {
            kind: ClashKind::LostHeadToHead,
            unit: b.units[o as usize],
            attack,
            against,
        });
    }
    let against = b.hold(to, false);
    let d = b.unit_at[to.index()];
    if attack > against || d == NONE {
        return None;
    }
    let own = attack == Strength::ZERO && b.units[d as usize].power == b.units[u as usize].power;
    Some(Clash {
        kind: if own {
            ClashKind::OwnUnit
        } else {
            ClashKind::Held
        },
        unit: b.units[d as usize],
        attack,
        against,
    })
}

/// The other moves (and railroad moves) into `to` that bounced move `u`.
fn bounce_clashes(b: &Board, u: u32, to: ProvinceId, attack: Strength, out: &mut Few<Clash, 2>) {
    for &c in b.moves_to.get(to.index()) {
        if c != u {
            let against = b.prevent(c, false);
            if attack <= against {
                let unit = b.units[c as usize];
                let kind = ClashKind::Bounced;
                out.push(Clash {
                    kind,
                    unit,
                    attack,
                    against,
                });
            }
        }
    }
    if b.rails.is_empty() {
        return;
    }
    for (ri, k) in b.rails_into(to) {
        let against = Strength::from_shifted(b.rail_prevent(ri, k, false));
        if b.rail_prevent(ri, k, false) > 0 && attack <= against {
            let unit = b.units[b.rails[ri].unit as usize];
            let kind = ClashKind::BouncedRailroad;
            out.push(Clash {
                kind,
                unit,
                attack,
                against,
            });
        }
    }
}

/// The units that cut support `s`: those of another power moving in, and its own power's that
/// got in.
pub(super) fn support_cut(b: &Board, s: u32) -> Why {
    let p = b.units[s as usize].location.province;
    let mut cutters = Few::default();
    for &a in b.moves_to.get(p.index()) {
        if b.units[a as usize].power != b.units[s as usize].power || b.state[a as usize] == Tri::Yes
        {
            cutters.push(b.units[a as usize]);
        }
    }
    Why::CutBy(cutters)
}
