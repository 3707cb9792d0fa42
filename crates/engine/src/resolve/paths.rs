//! DATC 5.B.4 PATH, and the route a move takes: over land or by convoy (with the land fallback
//! of DATC 4.A.3), and from it whether two moves meet head to head.

use diplo_rules::policies::*;

use crate::interpret::{Eff, NONE};

use super::board::Board;
use super::canal::DENIED;
use super::tables::Tri;

impl Board<'_> {
    /// Whether a move is ordered by convoy (with or without a land fallback).
    #[inline]
    pub fn convoyed(&self, u: u32) -> bool {
        matches!(self.eff[u as usize], Eff::Move { convoy: true, .. })
    }

    /// 5.B.4 PATH, at most (`max`) or at least. A move with a land fallback (DATC 4.A.3) always
    /// has one.
    #[inline]
    pub fn path(&self, u: u32, max: bool) -> bool {
        self.plain[u as usize] || self.path_of_other(u, max)
    }

    /// [`Board::path`] of a move that is not plain. DATC 4.A.3 fallback: a convoyed move with a
    /// land fallback has a path whether or not its convoy works.
    fn path_of_other(&self, u: u32, max: bool) -> bool {
        let Eff::Move {
            convoy,
            possible,
            fallback,
            ..
        } = self.eff[u as usize]
        else {
            return false;
        };
        if !possible || self.voided.get(u as usize) {
            return false;
        }
        // A move over a canal needs the canal power's permission (DATC 2.4 7.C).
        match self.canal_perm.get(u as usize) {
            NONE => {}
            DENIED => return false,
            d => {
                if !self.holds(d, max) {
                    return false;
                }
            }
        }
        if !convoy || fallback {
            return true;
        }
        self.convoy_path(u, max)
    }

    /// Whether the convoy route of a convoyed move works, at most or at least.
    pub fn convoy_path(&self, u: u32, max: bool) -> bool {
        let Eff::Move { to, .. } = self.eff[u as usize] else {
            return false;
        };
        let fleets = self.convoys_of.get(u as usize);
        let from = self.units[u as usize].location.province;
        match self.choices.route_rule {
            RouteRule::AnyIntactRoute => {
                self.route_exists(from, to.province, fleets, |f| self.holds(f, max))
            }
            RouteRule::EveryRouteIntact => {
                let on_route = self.on_a_route(u);
                on_route.iter().any(|&x| x)
                    && fleets
                        .iter()
                        .zip(on_route)
                        .all(|(&f, &on)| !on || self.holds(f, max))
            }
        }
    }

    /// Whether `u` travels over land (as opposed to by convoy); for a move with a land
    /// fallback (DATC 4.A.3), known once its convoy route is known.
    #[inline]
    pub(super) fn land_route(&self, u: u32) -> Tri {
        if self.plain[u as usize] {
            Tri::Yes
        } else {
            self.route_of_other(u)
        }
    }

    /// [`Board::land_route`] of a move that is not plain. DATC 4.A.3 fallback: a move with a
    /// land fallback goes by convoy when its convoy route works, else over land.
    fn route_of_other(&self, u: u32) -> Tri {
        match self.eff[u as usize] {
            // A canal move is a direct move only with permission (DATC 2.4 7.C.6: so there is
            // no head-to-head battle through the canal without it).
            Eff::Move { convoy: false, .. } if self.voided.get(u as usize) => Tri::No,
            Eff::Move { convoy: false, .. } => match self.canal_perm.get(u as usize) {
                NONE => Tri::Yes,
                DENIED => Tri::No,
                d => match self.st(d) {
                    Tri::Yes => Tri::Yes,
                    Tri::No => Tri::No,
                    _ => Tri::Unknown,
                },
            },
            Eff::Move { .. } if self.voided.get(u as usize) => Tri::No,
            Eff::Move {
                fallback: false, ..
            } => Tri::No,
            Eff::Move { .. } => {
                if self.convoy_path(u, false) {
                    Tri::No
                } else if !self.convoy_path(u, true) {
                    Tri::Yes
                } else {
                    Tri::Unknown
                }
            }
            _ => Tri::No,
        }
    }

    /// After resolution: whether a convoyed move (with or without land fallback) went by convoy.
    pub fn h2h_route_was_convoy(&self, u: u32) -> bool {
        self.land_route(u) == Tri::No
    }

    /// Whether `u` is in a head-to-head battle: it and the unit at its destination move into
    /// each other's province, both over land.
    #[inline(always)]
    pub fn h2h(&self, u: u32) -> Tri {
        let o = self.counter[u as usize];
        if o == NONE {
            return Tri::No;
        }
        if self.via_last_fleet.get(u as usize) {
            // Brannan's rule: a head-to-head when the army goes by convoy.
            let army = if self.convoyed(u) { u } else { o };
            return match self.land_route(army) {
                Tri::Yes => Tri::No,
                Tri::No => Tri::Yes,
                t => t,
            };
        }
        self.land_route(u).and(self.land_route(o))
    }
}
