//! Adjacency: which provinces and coasts an army or a fleet can move between, where units may
//! stand, and where fleets may convoy.

use crate::{Location, Map, ProvinceId, Terrain, UnitKind};

impl Map {
    /// Whether an army can move from `a` to `b` over land.
    #[inline]
    pub fn army_adjacent(&self, a: ProvinceId, b: ProvinceId) -> bool {
        self.army[a.index()].contains(&b)
    }

    /// Army neighbours of a province.
    #[inline]
    pub fn army_neighbours(&self, p: ProvinceId) -> &[ProvinceId] {
        &self.army[p.index()]
    }

    #[inline]
    fn node(&self, loc: Location) -> usize {
        self.node_base[loc.province.index()] as usize + loc.coast.unwrap_or(0) as usize
    }

    /// Fleet neighbours of a location. For a multi-coast province, pass a coast: the province
    /// as a whole has no fleet neighbours.
    #[inline]
    pub fn fleet_neighbours(&self, loc: Location) -> &[Location] {
        if loc.coast.is_none() && self.province(loc.province).is_multi_coast() {
            return &[];
        }
        &self.fleet[self.node(loc)]
    }

    /// Where a unit of `kind` at `loc` can move without a convoy, as locations: an army's
    /// provinces, a fleet's locations with their coasts (none from a multi-coast province given
    /// without its coast). Ignores seasonal closures (`is_closed`).
    pub fn step_locations(&self, kind: UnitKind, loc: Location) -> Vec<Location> {
        match kind {
            UnitKind::Army => (self.army_neighbours(loc.province).iter())
                .map(|&p| Location::province(p))
                .collect(),
            UnitKind::Fleet => self.fleet_neighbours(loc).to_vec(),
        }
    }

    /// Whether a fleet at `from` can move to exactly `to` (coast included).
    #[inline]
    pub fn fleet_adjacent(&self, from: Location, to: Location) -> bool {
        self.fleet_neighbours(from).contains(&to)
    }

    /// Whether a fleet at `from` can move to some coast of province `to`.
    #[inline]
    pub fn fleet_can_reach(&self, from: Location, to: ProvinceId) -> bool {
        self.fleet_neighbours(from).iter().any(|l| l.province == to)
    }

    /// The locations of province `to` that a fleet at `from` can move to.
    pub fn fleet_destinations(
        &self,
        from: Location,
        to: ProvinceId,
    ) -> impl Iterator<Item = Location> + '_ {
        self.fleet_neighbours(from)
            .iter()
            .copied()
            .filter(move |l| l.province == to)
    }

    /// Whether a unit of `kind` at `from` can move to province `to` without a convoy.
    pub fn can_move(&self, kind: UnitKind, from: Location, to: ProvinceId) -> bool {
        match kind {
            UnitKind::Army => self.army_adjacent(from.province, to),
            UnitKind::Fleet => self.fleet_can_reach(from, to),
        }
    }

    /// Whether a fleet in this province may convoy (a sea province, or a convoyable coast).
    #[inline]
    pub fn can_convoy_through(&self, p: ProvinceId) -> bool {
        let prov = self.province(p);
        prov.terrain == Terrain::Sea || prov.convoyable
    }

    /// Whether a unit of `kind` may stand at `loc` (terrain, and a coast where one is needed).
    pub fn can_stand(&self, kind: UnitKind, loc: Location) -> bool {
        let p = self.province(loc.province);
        match kind {
            UnitKind::Army => p.terrain.is_land(),
            UnitKind::Fleet => {
                p.terrain.is_navigable() && (p.is_multi_coast() == loc.coast.is_some())
            }
        }
    }

    /// Provinces adjacent to `p` for any unit (army edges and fleet edges of any coast),
    /// sorted: worked out when the map is made.
    pub fn any_neighbours(&self, p: ProvinceId) -> &[ProvinceId] {
        let start = |i: usize| self.any_start.get(i).copied().unwrap_or(0);
        self.any
            .get(start(p.index())..start(p.index() + 1))
            .unwrap_or_default()
    }

    /// Fills the lists of [`Map::any_neighbours`] from the army and fleet edges.
    pub(crate) fn index_any_neighbours(&mut self) {
        let mut any = Vec::with_capacity(self.army.iter().map(Vec::len).sum());
        let mut starts = Vec::with_capacity(self.provinces.len() + 1);
        let mut one = Vec::new();
        for (i, prov) in self.provinces.iter().enumerate() {
            starts.push(any.len());
            one.clear();
            one.extend_from_slice(&self.army[i]);
            let base = self.node_base[i] as usize;
            for node in base..base + prov.coasts.len().max(1) {
                one.extend(self.fleet[node].iter().map(|l| l.province));
            }
            one.sort();
            one.dedup();
            any.extend_from_slice(&one);
        }
        starts.push(any.len());
        (self.any, self.any_start) = (any, starts);
    }
}
