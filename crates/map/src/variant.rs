//! Variant features a map may turn on: the victory condition, where powers build (DATC 2.4
//! chapter 11) and unit conversion, border properties (difficult, DATC 2.4 chapter 10;
//! half-strength, closed, one-way), ice (DATC 2.4 chapter 8), railroads, canals, and supply
//! centres that count for only some powers or are dummies.

use serde::Serialize;

use crate::{Calendar, FirstPhase, Map, PowerId, ProvinceId, Season, UnitKind};

/// The victory condition (`victory_centres`, or the `[victory]` table).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Victory {
    /// A power owning this many supply centres (that count for it) wins ...
    pub centres: u16,
    /// ... if it owns more than any other power (when set) ...
    pub more_than_any: bool,
    /// ... and at least this many more than the next power.
    pub lead: u16,
    /// After the Fall of this year the game ends in a draw shared by the survivors ...
    pub last_year: Option<u16>,
    /// ... or, when set, is won by the power with the most centres (a draw shared by the
    /// leaders when several have as many): `[victory] at_last_year = "most-centres"`.
    pub most_centres_at_last_year: bool,
    /// Or a power wins, whatever its centres, with a lead of this many over the next power in
    /// the first year (`[victory] lead_wins`; 0: no such condition) ...
    pub lead_wins: u16,
    /// ... that lead shrinking by this many each game year after, to no less than 1
    /// (`[victory] lead_shrinks_by`; Twenty Twenty: 20 in 2001, 5 in 2016, 1 from 2020).
    pub lead_shrinks_by: u16,
    /// A power that controls every one of these provinces wins, whatever its centres
    /// (`[victory] control`): it owns each that is a supply centre and has a unit in each
    /// other one. Empty: no such condition.
    pub control: Vec<ProvinceId>,
    /// ... checked after the capturing seasons of this year and later (`control_from`;
    /// `None`: from the first year).
    pub control_from: Option<u16>,
}

/// Where a power may build (the map's `build` key).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BuildRule {
    /// Its owned, empty home centres (the rulebooks).
    #[default]
    HomeCentres,
    /// Any owned, empty supply centre (DATC 2.4 chapter 11, Chaos); civil disorder then
    /// measures distances from the owned centres.
    OwnedCentres,
    /// Any owned, empty centre while it owns at least one of its home centres.
    OwnedCentresIfHome,
    /// Its owned, empty build sites ([`Power::build_sites`](crate::Power::build_sites)).
    BuildSites,
    /// Any owned, empty centre that is a home centre of some power, its own or another's, never
    /// a centre that is nobody's home (Twenty Twenty: the UK builds in a captured Cadiz).
    AnyHomeCentres,
}

/// Whether units may be converted into the other kind during adjustments (the map's
/// `unit_conversion`; the 2025 Era of Empire rules).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Conversion {
    /// No conversions (the rulebooks).
    #[default]
    None,
    /// A unit in an owned supply centre may become the other kind (a fleet where it can stand).
    OwnedCentres,
}

/// Properties of one direction of an edge (a `[[border]]` of the map file).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Border {
    /// Where the crossing starts.
    pub from: ProvinceId,
    /// Where it ends.
    pub to: ProvinceId,
    /// A difficult passable border (DATC 2.4 chapter 10).
    pub difficult: bool,
    /// A half-strength crossing (1900's route around Africa): a move over it, or an army
    /// convoyed over it to its destination, is at half strength; a move over it cuts a support
    /// only by dislodging; no support is given over it.
    pub half_strength: bool,
    /// Whether it applies to armies (`[0]`) and fleets (`[1]`).
    pub units: [bool; 2],
    /// Seasons in which nobody crosses it.
    pub closed: Vec<Season>,
    /// The edge exists in this direction only.
    pub one_way: bool,
}

impl Border {
    /// Whether the border applies to a unit of this kind.
    #[inline]
    pub fn applies_to(&self, kind: UnitKind) -> bool {
        self.units[matches!(kind, UnitKind::Fleet) as usize]
    }
}

/// A railroad (Colonial's Trans-Siberian Railroad): a line of provinces some powers may ride.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Railroad {
    /// The word in orders: `TSR`.
    pub name: String,
    /// `Trans-Siberian Railroad`.
    pub full_name: String,
    /// The line, end to end.
    pub provinces: Vec<ProvinceId>,
    /// Who may use it.
    pub powers: Vec<PowerId>,
}

/// A canal (Colonial's Suez Canal): a fleet passage between two seas that the power with a
/// unit in the canal's province must permit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Canal {
    /// The province whose occupant grants passage.
    pub province: ProvinceId,
    /// The two water provinces it joins.
    pub seas: [ProvinceId; 2],
}

impl Map {
    /// The lead over the next power that wins in `year` whatever the winner's centres
    /// (`[victory] lead_wins`, shrinking by `lead_shrinks_by` each game year after the first
    /// year, to no less than 1), or `None` when the map has no such condition.
    pub fn winning_lead(&self, year: u16) -> Option<u16> {
        let v = &self.victory;
        if v.lead_wins == 0 {
            return None;
        }
        let years = year.saturating_sub(self.first_year) / self.calendar.year_step.max(1);
        let shrunk = v.lead_shrinks_by.saturating_mul(years);
        Some(v.lead_wins.saturating_sub(shrunk).max(1))
    }

    pub(crate) fn index_borders(&mut self) {
        self.borders_from = vec![Vec::new(); self.provinces.len()];
        for (i, b) in self.borders.iter().enumerate() {
            self.borders_from[b.from.index()].push(i as u32);
        }
    }

    /// Every border (one entry per direction).
    pub fn borders(&self) -> &[Border] {
        &self.borders
    }

    /// The border a unit of `kind` crosses from `from` to `to`, if the map gives that crossing
    /// properties.
    #[inline]
    pub fn border(&self, kind: UnitKind, from: ProvinceId, to: ProvinceId) -> Option<&Border> {
        self.borders_from
            .get(from.index())?
            .iter()
            .map(|&i| &self.borders[i as usize])
            .find(|b| b.to == to && b.applies_to(kind))
    }

    /// Whether the crossing from `from` to `to` is difficult for a unit of `kind`.
    #[inline]
    pub fn is_difficult(&self, kind: UnitKind, from: ProvinceId, to: ProvinceId) -> bool {
        self.border(kind, from, to).is_some_and(|b| b.difficult)
    }

    /// Whether the crossing from `from` to `to` is at half strength for a unit of `kind`.
    #[inline]
    pub fn is_half_strength(&self, kind: UnitKind, from: ProvinceId, to: ProvinceId) -> bool {
        self.border(kind, from, to).is_some_and(|b| b.half_strength)
    }

    /// Whether no support is given over the crossing from `from` to `to` by a unit of `kind`
    /// (a difficult or half-strength border).
    #[inline]
    pub fn blocks_support(&self, kind: UnitKind, from: ProvinceId, to: ProvinceId) -> bool {
        self.border(kind, from, to)
            .is_some_and(|b| b.difficult || b.half_strength)
    }

    /// Whether a retreat from `from` to `to` by a unit of `kind` loses to a retreat there over
    /// an ordinary border (a difficult or half-strength border).
    #[inline]
    pub fn retreat_yields(&self, kind: UnitKind, from: ProvinceId, to: ProvinceId) -> bool {
        self.blocks_support(kind, from, to)
    }

    /// Whether a unit of `kind` may not cross from `from` to `to` in `season` (a closed border,
    /// or either province closed).
    pub fn is_closed(
        &self,
        kind: UnitKind,
        from: ProvinceId,
        to: ProvinceId,
        season: Season,
    ) -> bool {
        self.province_closed(from, season)
            || self.province_closed(to, season)
            || self
                .border(kind, from, to)
                .is_some_and(|b| b.closed.contains(&season))
    }

    /// Whether a province is closed (ice) in `season`.
    #[inline]
    pub fn province_closed(&self, p: ProvinceId, season: Season) -> bool {
        self.province(p).closed.contains(&season)
    }

    /// Whether any province or border of the map closes in some season.
    pub fn has_closures(&self) -> bool {
        self.closures
    }

    /// The railroads of the map.
    pub fn railroads(&self) -> &[Railroad] {
        &self.railroads
    }

    /// The canals of the map.
    pub fn canals(&self) -> &[Canal] {
        &self.canals
    }

    /// Whether a supply centre counts towards `power`'s victory: it counts for the power
    /// (`centre_counts_for`) and is no dummy centre.
    #[inline]
    pub fn counts_for_victory(&self, p: ProvinceId, power: PowerId) -> bool {
        self.centre_counts_for(p, power) && !self.province(p).dummy
    }

    /// Whether a supply centre counts for `power` (not a `not_centre_for` centre).
    #[inline]
    pub fn centre_counts_for(&self, p: ProvinceId, power: PowerId) -> bool {
        let prov = self.province(p);
        prov.supply_centre && !prov.not_centre_for.contains(&power)
    }

    /// The special rules the map turns on, one phrase each, for people (`diplo maps list`,
    /// `diplo map show`): build rule, calendar, victory, neutral powers, convoyable coasts, ice,
    /// borders, railroads, canals, centres that do not count for some power.
    pub fn special_rules(&self) -> Vec<String> {
        let mut out = Vec::new();
        let names = |ids: &mut dyn Iterator<Item = ProvinceId>| {
            ids.map(|p| self.province(p).name.clone())
                .collect::<Vec<_>>()
                .join(" ")
        };
        match self.build {
            BuildRule::HomeCentres => {}
            BuildRule::OwnedCentres => out.push("builds in any owned centre".into()),
            BuildRule::OwnedCentresIfHome => {
                out.push("builds in any owned centre while a home centre is owned".into())
            }
            BuildRule::BuildSites => out.push("builds at named build sites".into()),
            BuildRule::AnyHomeCentres => {
                out.push("builds in any owned home centre, another power's too".into())
            }
        }
        if self.conversion == Conversion::OwnedCentres {
            out.push("units convert in owned centres".into());
        }
        if self.powers.iter().any(|p| !p.no_build.is_empty()) {
            out.push("centres where some power may not build".into());
        }
        if self.calendar.first_phase == FirstPhase::Adjustment {
            out.push("opens with winter builds".into());
        }
        if self.calendar.seasons != Calendar::default().seasons {
            let names: Vec<&str> = self
                .calendar
                .seasons
                .iter()
                .map(|s| s.name.as_str())
                .collect();
            out.push(format!("calendar: {}", names.join(", ")));
        }
        if self.calendar.year_step > 1 {
            out.push(format!("years go by {}", self.calendar.year_step));
        }
        if self.calendar.captures_when_adjusting {
            out.push("centres change owner only in adjustment years".into());
        }
        if self.calendar.adjustment_every > 1 {
            out.push(format!(
                "adjustments every {} years",
                self.calendar.adjustment_every
            ));
        }
        let v = &self.victory;
        if v.more_than_any || v.lead > 0 {
            out.push(format!(
                "victory: {} centres{}{}",
                v.centres,
                if v.more_than_any {
                    ", more than any other"
                } else {
                    ""
                },
                if v.lead > 0 {
                    format!(", a lead of {}", v.lead)
                } else {
                    String::new()
                }
            ));
        }
        if v.lead_wins > 0 {
            let shrinking = match v.lead_shrinks_by {
                0 => String::new(),
                1 => ", 1 less each year".to_string(),
                n => format!(", {n} less each year"),
            };
            out.push(format!(
                "victory: or a lead of {} over the next power{shrinking}",
                v.lead_wins
            ));
        }
        if !v.control.is_empty() {
            let from = v
                .control_from
                .map_or(String::new(), |y| format!(" from {y}"));
            let provinces = names(&mut v.control.iter().copied());
            out.push(format!("victory: control of {provinces}{from}"));
        }
        match v.last_year {
            Some(y) if v.most_centres_at_last_year => {
                out.push(format!("the most centres win after {y}"))
            }
            Some(y) => out.push(format!("a draw after {y}")),
            None => {}
        }
        let neutral: Vec<&str> = self
            .powers
            .iter()
            .filter(|p| p.neutral)
            .map(|p| p.name.as_str())
            .collect();
        if !neutral.is_empty() {
            out.push(format!("neutral powers: {}", neutral.join(", ")));
        }
        let convoyable = names(&mut self.province_ids().filter(|&p| self.province(p).convoyable));
        if !convoyable.is_empty() {
            out.push(format!("convoyable coasts: {convoyable}"));
        }
        let ice = names(
            &mut self
                .province_ids()
                .filter(|&p| !self.province(p).closed.is_empty()),
        );
        if !ice.is_empty() {
            out.push(format!("ice: {ice}"));
        }
        let difficult = self.borders.iter().filter(|b| b.difficult).count() / 2;
        if difficult > 0 {
            out.push(format!("{difficult} difficult borders"));
        }
        let half = self.borders.iter().filter(|b| b.half_strength).count() / 2;
        if half > 0 {
            out.push(format!("{half} half-strength borders"));
        }
        if self.borders.iter().any(|b| !b.closed.is_empty()) {
            out.push("seasonally closed borders".into());
        }
        if self.borders.iter().any(|b| b.one_way) {
            out.push("one-way edges".into());
        }
        for r in &self.railroads {
            out.push(format!("railroad: {}", r.full_name));
        }
        for c in &self.canals {
            out.push(format!("canal: {}", self.province(c.province).full_name));
        }
        let partial = names(
            &mut self
                .province_ids()
                .filter(|&p| !self.province(p).not_centre_for.is_empty()),
        );
        if !partial.is_empty() {
            out.push(format!(
                "centres that do not count for some power: {partial}"
            ));
        }
        let dummy = names(&mut self.province_ids().filter(|&p| self.province(p).dummy));
        if !dummy.is_empty() {
            out.push(format!(
                "dummy centres (one more unit, never towards victory): {dummy}"
            ));
        }
        out
    }

    /// Works out what adjudication reads of the provinces every phase: the supply centres sorted
    /// into plain and odd ones (see [`Map::plain_centres`]), where fleets convoy, and what
    /// closes in some season.
    pub(crate) fn index_provinces(&mut self) {
        self.convoy_provinces = (self.province_ids())
            .map(|p| self.can_convoy_through(p))
            .collect();
        self.closing_provinces = (self.province_ids())
            .filter(|&p| !self.province(p).closed.is_empty())
            .collect();
        self.closures = self.provinces.iter().any(|p| !p.closed.is_empty())
            || self.borders.iter().any(|b| !b.closed.is_empty());
        self.index_centres();
    }

    /// Per province, whether a fleet there may convoy ([`Map::can_convoy_through`]: a sea, or
    /// a convoyable coast).
    pub fn convoy_provinces(&self) -> &[bool] {
        &self.convoy_provinces
    }

    /// The provinces closed (ice) in some season, in province order; on most maps none.
    pub fn closing_provinces(&self) -> &[ProvinceId] {
        &self.closing_provinces
    }

    /// Sorts the supply centres into plain and odd ones (see [`Map::plain_centres`]).
    fn index_centres(&mut self) {
        let centres = self
            .province_ids()
            .filter(|&p| self.province(p).supply_centre);
        let plain = |p: &ProvinceId| {
            let prov = self.province(*p);
            prov.not_centre_for.is_empty() && !prov.dummy
        };
        (self.plain_centres, self.odd_centres) = centres.partition(plain);
    }

    /// The supply centres that count for every power and are no dummy centre, in province
    /// order: most maps' every centre. With [`Map::odd_centres`], every supply centre once.
    pub fn plain_centres(&self) -> &[ProvinceId] {
        &self.plain_centres
    }

    /// The supply centres that are not plain, in province order: a dummy centre (1900's
    /// Russian Steamroller), or one that does not count for some power (Colonial's Hong Kong).
    pub fn odd_centres(&self) -> &[ProvinceId] {
        &self.odd_centres
    }

    /// Number of supply centres on the map, dummy centres (1900's Russian Steamroller) not
    /// counted: the centres there are to win.
    pub fn supply_centre_count(&self) -> usize {
        self.provinces
            .iter()
            .filter(|p| p.supply_centre && !p.dummy)
            .count()
    }
}
