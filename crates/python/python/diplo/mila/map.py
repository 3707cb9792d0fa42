"""`diplo.mila.Map`: a diplo map in the shape of MILA's `diplomacy.engine.map.Map`.

Everything here is read from the map diplo loads (`diplo.map_summary`): upper-case location
names (`PAR`, `STP/SC`), `locs`, `scs`, `homes`, `loc_type`, `loc_abut`, `abuts`,
`is_valid_unit`, phase names and their order.
"""

import functools
import os
from typing import Dict, List, Optional

from .._diplo import DiploError, map_summary

# The maps read, by `_cache_key`: a map's name stands for the same map in the whole process
# (as in MILA's `MAP_CACHE`), a file's only while it is unchanged.
_MAPS: Dict[object, "Map"] = {}


def _cache_key(name: str) -> object:
    """What tells one reading of map `name` from another: its name, and for a file its size and
    modification time."""
    try:
        st = os.stat(name)
    except (OSError, ValueError, TypeError):
        return name
    return (name, st.st_mtime_ns, st.st_size)


# MILA's names of the phase types, by the letter of its short phase names.
PHASE_TYPES = {"M": "MOVEMENT", "R": "RETREATS", "A": "ADJUSTMENTS"}
# diplo's names of the same phase types.
DIPLO_PHASE_TYPES = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}
# MILA's area types for diplo's terrains.
AREA_TYPES = {"inland": "LAND", "coast": "COAST", "sea": "WATER", "impassable": "SHUT"}


@functools.lru_cache(maxsize=4096)
def power_key(name: str) -> str:
    """A power's name as MILA keys it: upper case, without spaces, hyphens and full stops
    (`British-Columbia` -> `BRITISHCOLUMBIA`, as MILA's `norm_power`)."""
    return "".join(name.upper().replace("-", " ").replace(".", " ").split())


class Map:
    """A map as MILA's `Map`: `name`, `powers`, `locs`, `scs`, `homes`, `units`, `centers`,
    `loc_type`, `loc_abut`, `first_year`, and the questions MILA's engine asks of it."""

    def __new__(cls, name: Optional[str] = None, use_cache: bool = True):
        # As MILA's `Map`: one object per map name, read once (a file's edits are read again).
        # Without a name (`copy` and `pickle` make objects so), always a new object.
        if name is not None and use_cache:
            kept = _MAPS.get(_cache_key(name))
            if kept is not None:
                return kept
        return super().__new__(cls)

    def __init__(self, name: str = "standard", use_cache: bool = True):
        """The built-in map `name` (`standard`) or a diplo map file's path (the same object
        for the same name, as MILA's, unless `use_cache` is False)."""
        if getattr(self, "_loaded", False):
            return
        summary = map_summary(name)
        self.name = name
        self.error: List[str] = []
        self.first_year: int = summary["first_year"]
        self.victory: List[int] = [summary["victory_centres"]]
        self.seasons: List[str] = [s.upper() for s in summary["seasons"]]
        self.first_season: str = summary["first_season"].upper()
        # The MILA rules the map brings to its games, as MILA's map files do (`RULE BUILD_ANY`:
        # a power builds in any centre it owns, diplo's `build = "owned-centres"`).
        self.rules: List[str] = ["BUILD_ANY"] if summary.get("build") == "owned-centres" else []
        self.powers: List[str] = sorted(power_key(p["name"]) for p in summary["powers"])
        # The map's neutral powers (diplo's: their units hold, they never order).
        self.neutral_powers: List[str] = sorted(power_key(p["name"]) for p in summary["powers"]
                                                if p.get("neutral"))
        by_key: Dict[str, List[str]] = {}
        for p in summary["powers"]:
            by_key.setdefault(power_key(p["name"]), []).append(p["name"])
        clashes = ["powers %s share the key `%s`" % (" and ".join("`%s`" % n for n in names), key)
                   for key, names in by_key.items() if len(names) > 1]
        if clashes:
            raise DiploError("map `%s`: %s (MILA keys a power by its name in upper case, without "
                             "spaces, hyphens and full stops): rename all but one" % (name, "; ".join(clashes)))
        # The name diplo's engine reads of each power whose MILA key is not its name in upper
        # case (`BRITISHCOLUMBIA`: `British-Columbia`), by that key.
        self._engine_names: Dict[str, str] = {
            power_key(p["name"]): p["name"] for p in summary["powers"]
            if power_key(p["name"]) != p["name"].upper()
        }
        self.homes: Dict[str, List[str]] = {}
        self.units: Dict[str, List[str]] = {}
        self.centers: Dict[str, List[str]] = {}
        for p in summary["powers"]:
            key = power_key(p["name"])
            self.homes[key] = [c.upper() for c in p["home_centres"]]
            self.centers[key] = [c.upper() for c in p["centres"]]
            self.units[key] = [
                "%s %s" % ("A" if u["kind"] == "army" else "F", u["location"].upper())
                for u in p["units"]
            ]
        self.scs: List[str] = []
        self.locs: List[str] = []
        self.loc_type: Dict[str, str] = {}
        self.loc_name: Dict[str, str] = {}
        self.aliases: Dict[str, str] = {}
        self.loc_coasts: Dict[str, List[str]] = {}
        # Per location: where an army (`army`) and a fleet (`fleet`) there may move.
        self._army: Dict[str, List[str]] = {}
        self._fleet: Dict[str, List[str]] = {}
        for prov in summary["provinces"]:
            key = prov["name"].upper()
            kind = AREA_TYPES.get(prov["terrain"], "LAND")
            self.locs.append(key)
            self.loc_type[key] = kind
            self.loc_name[prov["full_name"].upper()] = key
            for alias in prov["aliases"]:
                self.aliases[alias.upper()] = key

            self._army[key] = [a.upper() for a in prov["army"]]
            self._fleet[key] = [f.upper() for f in prov["fleet"]]
            coasts = [key]
            for coast in prov["coasts"]:
                loc = "%s/%s" % (key, coast["name"].upper())
                coasts.append(loc)
                self.locs.append(loc)
                self.loc_type[loc] = "COAST"
                self._fleet[loc] = [f.upper() for f in coast["fleet"]]
                self._army[loc] = []
            self.loc_coasts[key] = coasts
            for loc in coasts[1:]:
                self.loc_coasts[loc] = coasts
        # In the map's centre order (MILA's: each power's home centres, then the others), the
        # order MILA takes the centres no one owned in.
        self.scs = [c.upper() for c in summary.get("centre_order", [])] or \
            [p["name"].upper() for p in summary["provinces"] if p["supply_centre"]]
        self.loc_abut: Dict[str, List[str]] = {
            loc: self._abut_list_of(loc) for loc in self.locs
        }
        self._loaded = True
        if use_cache:
            _MAPS[_cache_key(name)] = self

    def _abut_list_of(self, loc: str) -> List[str]:
        """MILA's abutment list: a neighbour only armies reach in lower case, one only fleets
        reach in lower case too (MILA's convention), one both reach in upper case."""
        army, fleet = self._army.get(loc, []), self._fleet.get(loc, [])
        out = []
        for there in sorted(set(army) | set(fleet)):
            out.append(there if (there in army and there in fleet) or self.area_type(there) == "WATER" else there.lower())
        return out

    def add_homes(self, power: str, homes: List[str], reinit: int = 1):
        """Sets (`reinit`) or extends a power's home centres."""
        power = self.norm_power(power)
        if reinit or power not in self.homes:
            self.homes[power] = []
        for home in homes:
            if home.upper() not in self.homes[power]:
                self.homes[power].append(home.upper())

    def __str__(self) -> str:
        return self.name

    def area_type(self, loc: str) -> Optional[str]:
        """`LAND`, `COAST`, `WATER` or `SHUT` (impassable)."""
        return self.loc_type.get(loc.upper()) or self.loc_type.get(loc.upper()[:3])

    def abut_list(self, site: str, incl_no_coast: bool = False) -> List[str]:
        """The locations next to `site` (as `loc_abut`)."""
        if site in self.loc_abut:
            out = list(self.loc_abut[site])
        else:
            out = list(self.loc_abut.get(site.upper(), self.loc_abut.get(site.lower(), [])))
        if incl_no_coast:
            out += [loc[:3] for loc in out if "/" in loc and loc[:3] not in out]
        return out

    def abuts(self, unit_type: str, unit_loc: str, order_type: str, other_loc: str) -> int:
        """1 if a unit of `unit_type` (`A`, `F`, `?` either) at `unit_loc` can move to (or
        support into, or convoy through) `other_loc`, else 0."""
        unit_loc, other_loc = unit_loc.upper(), other_loc.upper()
        if self.area_type(other_loc) == "SHUT":
            return 0
        if order_type == "S":
            other_loc = other_loc[:3]
        kinds = ["A", "F"] if unit_type == "?" else [unit_type]
        for kind in kinds:
            if kind == "A":
                if order_type == "C":
                    continue
                if other_loc[:3] in self._army.get(unit_loc[:3], []):
                    return 1
            elif kind == "F":
                reach = [r for loc in ([unit_loc] if "/" in unit_loc else self.loc_coasts.get(unit_loc, [unit_loc]))
                         for r in self._fleet.get(loc, [])]
                if order_type in ("S", "C"):
                    reach = [r[:3] for r in reach]
                    if other_loc in reach or other_loc[:3] in reach:
                        return 1
                elif other_loc in reach or (other_loc in self.loc_coasts and any(c in reach for c in self.loc_coasts[other_loc])):
                    return 1
        if order_type == "C" and unit_type == "A" and self.area_type(other_loc) == "WATER" \
                and self.area_type(unit_loc) == "COAST":
            return 1 if other_loc in [r[:3] for r in self._fleet.get(unit_loc, [])] else 0
        return 0

    def is_valid_unit(self, unit: str, no_coast_ok: int = 0, shut_ok: int = 0) -> int:
        """1 if `unit` (`A PAR`, `F STP/SC`, `? BUR`) can stand where it says, else 0."""
        kind, loc = unit.upper().split()
        area = self.area_type(loc)
        if area is None:
            return 0
        if area == "SHUT":
            return 1 if shut_ok else 0
        has_coasts = len(self.loc_coasts.get(loc[:3], [loc])) > 1
        if kind == "?":
            return 1
        if kind == "A":
            return int("/" not in loc and area != "WATER")
        if kind == "F":
            if area == "LAND":
                return 0
            if has_coasts and "/" not in loc:
                return 1 if no_coast_ok else 0
            return 1
        return 0

    def default_coast(self, word: List[str]) -> List[str]:
        """A fleet's move to a province with coasts names the coast when only one is reachable."""
        if len(word) == 4 and word[0] == "F" and word[2] == "-" and "/" not in word[3]:
            coasts = self.loc_coasts.get(word[3], [word[3]])[1:]
            reach = [c for c in coasts if c in self._fleet_reach(word[1])]
            if len(reach) == 1:
                return word[:3] + reach
        return word

    def _fleet_reach(self, loc: str) -> List[str]:
        """Where a fleet at `loc` may move, by location."""
        return self._fleet.get(loc, [])

    @property
    def seq(self) -> List[str]:
        """A year's phases in order, as MILA lists them: `SPRING MOVEMENT`, `SPRING RETREATS`,
        ..., `WINTER ADJUSTMENTS`."""
        out = []
        for season in self.seasons:
            out += ["%s MOVEMENT" % season, "%s RETREATS" % season]
        return out + ["WINTER ADJUSTMENTS"]

    def _step_phase(self, phase: str, step: int, phase_type: Optional[str], skip: int) -> str:
        if phase in ("FORMING", "COMPLETED"):
            return phase
        words = phase.upper().split()
        if len(words) != 3 or not words[1].isdigit():
            return phase
        seq = self.seq
        year, i = int(words[1]), seq.index("%s %s" % (words[0], words[2]))
        while True:
            i += step
            if i >= len(seq):
                i, year = 0, year + 1
            elif i < 0:
                i, year = len(seq) - 1, year - 1
            season, kind = seq[i].split()
            if phase_type is None or kind[0] == phase_type:
                if skip == 0:
                    return "%s %d %s" % (season, year, kind)
                skip -= 1

    def find_next_phase(self, phase: str, phase_type: Optional[str] = None, skip: int = 0) -> str:
        """The phase after `phase` (`SPRING 1902 MOVEMENT` after `WINTER 1901 ADJUSTMENTS`),
        or the next of type `phase_type` (`M`, `R`, `A`), `skip` of them passed over."""
        return self._step_phase(phase, 1, phase_type, skip)

    def find_previous_phase(self, phase: str, phase_type: Optional[str] = None, skip: int = 0) -> str:
        """The phase before `phase`, as `find_next_phase` backwards."""
        return self._step_phase(phase, -1, phase_type, skip)

    def phase_abbr(self, phase: str, default: str = "?????") -> str:
        """`SPRING 1901 MOVEMENT` -> `S1901M` (the year in four digits, as MILA: `S0001M`;
        `FORMING` and `COMPLETED` as they are)."""
        # Asked several times a phase.
        return self._memo("_phase_abbrs", (phase, default), lambda: self._phase_abbr(phase, default))

    def _phase_abbr(self, phase: str, default: str) -> str:
        if phase.upper() in ("FORMING", "COMPLETED"):
            return phase.upper()
        words = phase.upper().split()
        if len(words) != 3 or not words[1].isdigit():
            return default
        return "%s%04d%s" % (words[0][0], int(words[1]), words[2][0])

    def _phase_of_diplo(self, name: str) -> str:
        """diplo's phase name (`Fall 1901 Retreat`) as MILA's long one (`FALL 1901 RETREATS`),
        worked out once a name."""
        def make() -> str:
            words = name.split()
            return self.phase_long("%s%04d%s" % (words[0][0].upper(), int(words[1]), words[2][0].upper()))
        return self._memo("_diplo_phases", name, make)

    def phase_long(self, phase_abbr: str, default: str = "?????") -> str:
        """`S1901M` -> `SPRING 1901 MOVEMENT`."""
        abbr = phase_abbr.upper()
        if len(abbr) < 3 or not abbr[1:-1].isdigit() or abbr[-1] not in PHASE_TYPES:
            return default
        season = self._season_of(abbr[0], abbr[-1])
        if season is None:
            return default
        return "%s %s %s" % (season, int(abbr[1:-1]), PHASE_TYPES[abbr[-1]])

    def _season_of(self, letter: str, kind: str) -> Optional[str]:
        if kind == "A":
            return "WINTER"
        for season in self.seasons:
            if season[0] == letter:
                return season
        return None

    def phase_key(self, phase: str):
        """A phase's place in time, for sorting: (year, season index, phase type index)."""
        # The histories sort by it at every phase.
        return self._memo("_phase_keys", phase, lambda: self._phase_key(phase))

    def _memo(self, table: str, key, make):
        """`make()`, worked out once a `key` and kept in the map's table `table` (emptied when
        it holds 100,000 answers: names a caller makes up are not kept without end)."""
        known = self.__dict__.setdefault(table, {})
        value = known.get(key)
        if value is None:
            if len(known) >= 100_000:
                known.clear()
            value = known[key] = make()
        return value

    def _phase_key(self, phase: str):
        abbr = phase if " " not in phase else self.phase_abbr(phase)
        if abbr in ("FORMING",):
            return (-1, 0, 0)
        if abbr == "COMPLETED" or len(abbr) < 3 or not abbr[1:-1].isdigit():
            return (1 << 30, 0, 0)
        kind = "MRA".index(abbr[-1]) if abbr[-1] in "MRA" else -1
        season = len(self.seasons)
        for i, s in enumerate(self.seasons):
            if s[0] == abbr[0] and abbr[0] != "W":
                season = i
        return (int(abbr[1:-1]), season, kind)

    def compare_phases(self, phase1: str, phase2: str) -> int:
        """-1, 0 or 1 as `phase1` comes before, with or after `phase2` (a `?` for the phase
        type, `S1901?`, matches any type of that season)."""
        a, b = self.phase_key(phase1), self.phase_key(phase2)
        if -1 in (a[2], b[2]):
            a, b = a[:2], b[:2]
        return (a > b) - (a < b)

    def norm_power(self, power: str) -> str:
        """A power's name as MILA keys it: upper case, spaces and full stops dropped."""
        return self.norm(power).replace(" ", "")

    def norm(self, phrase: str) -> str:
        """MILA's normal form of a phrase: upper case, punctuation as separate words."""
        out = phrase.upper().replace(".", " ").replace("-", " ")
        for sep in ("/", "!", "|", "~", "(", ")"):
            out = out.replace(sep, " " + sep + (" " if sep != "/" else ""))
        return " ".join(out.split())
