"""`diplo.mila`: a drop-in for the MILA `diplomacy` package's `Game`, `Map` and `Power`.

Code written against MILA (`from diplomacy import Game`) runs with the import changed to
`from diplo.mila import Game`. The state is kept as MILA keeps it (upper-case power names,
`A PAR` and `F STP/SC` units, a power's `units`, `centers`, `retreats` and `orders` lists and
dicts that may be changed in place); every phase is adjudicated by diplo's engine
(`diplo.Game.adjudicate`) under a ruleset, `mila` by default (MILA's own conventions,
`rulesets/mila.toml`), and the possible orders come from diplo's `Game`. Results are in
MILA's codes (`bounce`, `cut`, `dislodged`, `void`, `no convoy`, `disband`; `''` for a
build made).
"""

import json
import time
from typing import Any, Dict, List, Optional, Union

from .._diplo import DiploError, Game as _Engine, rulesets as _rulesets
from .map import DIPLO_PHASE_TYPES, Map, power_key
from .rules import DEFAULT_RULES, MILA_RULES, RULES_NOT_SAVED, overrides_for
# MILA's result codes, as the package before its split into modules named them here.
from .adjudication import (  # noqa: F401
    BOUNCE,
    CUT,
    DISBAND,
    DISLODGED,
    DISRUPTED,
    NO_CONVOY,
    OK,
    VOID,
    _Adjudication,
    _unit_key,
)
from .history import GamePhaseData, Message, SortedDict, _phase_sort_key
from .orders import _Orders
from .power import Power
from .hosting import _Hosting
from .records import _Records

__all__ = ["Game", "Map", "Power", "Message", "GamePhaseData", "SortedDict", "DiploError"]


class Game(_Orders, _Adjudication, _Records, _Hosting):
    """A game as MILA's `diplomacy.Game`, adjudicated by diplo's engine.

    `Game(map_name="standard", rules=[...], ruleset="mila")`: `rules` are MILA's rule names
    (`NO_PRESS`, `NO_CHECK` ...; an unknown one is refused); `ruleset` is the diplo ruleset
    that adjudicates (MILA's rules that change adjudication are applied to it as overrides).
    """

    def __init__(self, game_id: Optional[str] = None, map_name: str = "standard",
                 rules: Optional[List[str]] = None, ruleset: str = "mila", **kwargs):
        self.game_id = game_id or "diplo-%d" % int(time.time() * 1e6)
        self.map_name = kwargs.pop("map", None) or map_name
        self.map = Map(self.map_name)
        self.ruleset = ruleset
        self.rules: List[str] = []
        # The rules refused from now on: those a rule added cannot be used with (MILA's).
        self.no_rules: set = set()
        self.error: List[str] = []
        self.note = ""
        # As MILA's local game: `forming` until it ends (then `completed`), no users.
        self.status = "forming"
        self.timestamp_created = int(time.time() * 1e6)
        self.role = kwargs.get("role", "omniscient_type")
        for rule in (DEFAULT_RULES if rules is None else rules):
            self.add_rule(rule)
        for rule in self.map.rules:  # as MILA: the map's rules after the game's
            self.add_rule(rule)
        self.n_controls: Optional[int] = 0 if "SOLITAIRE" in self.rules else None
        self.deadline = 0 if "NO_DEADLINE" in self.rules else 300
        # MILA's hosting settings, kept as given (they change no adjudication).
        for setting in ("n_controls", "deadline", "registration_password", "status", "timestamp_created"):
            if setting in kwargs:
                setattr(self, setting, kwargs[setting])
        self.registration_password = kwargs.get("registration_password")
        sort_key = _phase_sort_key(self.map)
        self.order_history = SortedDict(sort_key=sort_key)
        self.result_history = SortedDict(sort_key=sort_key)
        self.state_history = SortedDict(sort_key=sort_key)
        self.message_history = SortedDict(sort_key=sort_key)
        self.messages = SortedDict()
        self.outcome: List[str] = []
        self.popped: List[str] = []
        # The units the last movement phase destroyed for want of a retreat (MILA disbands
        # them at the next retreat or adjustment phase).
        self._destroyed: List[str] = []
        self.dislodged: Dict[str, str] = {}
        self.command: Dict[str, str] = {}
        self.ordered_units: Dict[str, List[str]] = {}
        self.result: Dict[str, List[str]] = {}
        self.victory = list(self.map.victory)
        self.win = self.victory[0]
        self.powers: Dict[str, Power] = {}
        for name in self.map.powers:
            power = Power(self, name)
            power.homes = list(self.map.homes[name])
            power.centers = list(self.map.centers[name])
            power.units = list(self.map.units[name])
            power.influence = [u[2:5] for u in power.units]
            self.powers[name] = power
        self.phase = self.map.phase_long("%s%04dM" % (self.map.first_season[0], self.map.first_year))
        self.phase_type = "M"
        # Where each dislodged unit's attacker came from (diplo's position needs it).
        self._attackers: Dict[str, Dict[str, Any]] = {}
        # The provinces left empty by a standoff (no retreat there), diplo's `contested`.
        self._contested: List[str] = []
        # The units whose movement order was set with `expand=False`: a coast it names stays.
        self._unexpanded: set = set()
        self._engine: Optional[_Engine] = None
        self._engine_key = None
        # The units by province while `set_orders` works (`_unit_index`), else None.
        self._index: Optional[Dict[str, tuple]] = None
        # Whether the possible orders were listed (None: not for this board), the board they
        # were listed for, and each power's possible orders as one set.
        self._possible: Optional[bool] = None
        self._possible_for: Optional[tuple] = None
        self._possible_texts: Dict[str, set] = {}
        if kwargs.get("state"):
            self.set_state(kwargs["state"])

    # ---------------------------------------------------------------- names and phases

    def __str__(self):
        return "Game %s (%s): %s" % (self.game_id, self.map_name, self.phase)

    @property
    def current_short_phase(self) -> str:
        """The phase's short name: `S1901M`, `FORMING`, `COMPLETED`."""
        return self.get_current_phase()

    def get_current_phase(self) -> str:
        """The phase's short name: `S1901M`, `F1901R`, `W1901A`, or `COMPLETED`."""
        if self.phase in ("FORMING", "COMPLETED"):
            return self.phase
        return self.map.phase_abbr(self.phase)

    @property
    def is_game_done(self) -> bool:
        """Whether the game is over (its phase is `COMPLETED`)."""
        return self.phase == "COMPLETED"

    def set_current_phase(self, new_phase: str):
        """Moves to the phase named `new_phase` (`W1901A`), without adjudicating."""
        if new_phase in ("FORMING", "COMPLETED"):
            self.phase, self.phase_type = new_phase, None
        else:
            self.phase = self.map.phase_long(new_phase)
            self.phase_type = self.phase.split()[-1][0]
        self.clear_cache()

    def get_map_power_names(self) -> List[str]:
        """The powers' names."""
        return list(self.powers)

    def get_power(self, power_name: str) -> Optional[Power]:
        """The power named `power_name` (upper case), or None."""
        return self.powers.get(power_name.upper() if power_name else power_name)

    def _ename(self, power: Power) -> str:
        """`power`'s name as diplo's engine reads it (`British-Columbia` for MILA's
        `BRITISHCOLUMBIA`)."""
        return self.map._engine_names.get(power.name, power.name)

    def has_power(self, power_name: str) -> bool:
        """Whether the map has a power of that name."""
        return power_name.upper() in self.powers

    # ---------------------------------------------------------------- rules

    def add_rule(self, rule: str):
        """Adds one of MILA's rules (`NO_PRESS`, `NO_CHECK` ...). A rule MILA does not know is
        refused with a `DiploError`; a rule that changes adjudication is applied to the
        ruleset as an override."""
        if rule not in MILA_RULES:
            hint = ""
            if rule.lower() in (r.lower() for r in _rulesets()):
                hint = ' (`%s` is a ruleset: say ruleset="%s")' % (rule, rule)
            raise DiploError("rules: `%s` is not one of MILA's rules%s; they are: %s"
                             % (rule, hint, ", ".join(MILA_RULES)))
        if rule in self.no_rules:
            return  # a rule added before cannot be used with it (MILA ignores it too)
        for forbidden in MILA_RULES[rule].get("!", ()):
            if forbidden in self.rules:
                self.error.append("Rule %s cannot be used with %s" % (forbidden, rule))
                return
            self.no_rules.add(forbidden)
        # As MILA: the rules it brings first (`SOLITAIRE`: `NO_DEADLINE`, `CD_DUMMIES`,
        # `ALWAYS_WAIT`), then those it ends, then the rule itself.
        for other in MILA_RULES[rule].get("+", ()):
            if other not in self.rules:
                self.rules.append(other)
        for other in MILA_RULES[rule].get("-", ()):
            if other in self.rules:
                self.rules.remove(other)
        if rule not in self.rules:
            self.rules.append(rule)
        self.clear_cache()

    def remove_rule(self, rule: str):
        """Removes a rule."""
        if rule in self.rules:
            self.rules.remove(rule)
            self.clear_cache()

    def _overrides(self) -> List[str]:
        return overrides_for(self.rules)

    @property
    def no_check(self) -> bool:
        """Whether orders are taken unchecked and void at adjudication (`NO_CHECK`)."""
        return "NO_CHECK" in self.rules

    # ---------------------------------------------------------------- state

    def get_units(self, power_name: Optional[str] = None):
        """A power's units (dislodged ones with a leading `*`), or every power's."""
        if power_name is not None:
            power = self.get_power(power_name)
            return power.units[:] + ["*" + u for u in power.retreats]
        return {p.name: self.get_units(p.name) for p in self.powers.values()}

    def get_centers(self, power_name: Optional[str] = None):
        """A power's supply centres, or every power's."""
        if power_name is not None:
            return self.get_power(power_name).centers[:]
        return {p.name: p.centers[:] for p in self.powers.values()}

    def _unit_index(self) -> Optional[Dict[str, tuple]]:
        """Each unit on the board and its power by the unit's province (`u[2:5]`), if no two
        units share one (else None: the look-ups scan the units)."""
        index: Dict[str, tuple] = {}
        for power in self.powers.values():
            for u in power.units:
                if u[2:5] in index:
                    return None
                index[u[2:5]] = (u, power)
        return index

    def _unit_owner(self, unit: str, coast_required: int = 1) -> Optional[Power]:
        """The power with `unit` (`A PAR`, `F STP/SC`); without `coast_required`, `F STP`
        matches a fleet on either coast."""
        index = getattr(self, "_index", None)
        if index is not None and coast_required:
            found = index.get(unit[2:5])
            return found[1] if found is not None and found[0] == unit else None
        for power in self.powers.values():
            for u in power.units:
                if u == unit or (not coast_required and u[:5] == unit[:5] and u[0] == unit[0]
                                 and ("/" not in unit or u == unit)):
                    return power
        return None

    def _occupant(self, site: str, any_coast: int = 0) -> Optional[str]:
        index = getattr(self, "_index", None)
        if index is not None:
            # A unit matching `site` is in its province (`site[:3]`), and one unit at most is.
            found = index.get(site[:3])
            if found is None:
                return None
            return found[0] if found[0][2:] == site or any_coast else None
        for power in self.powers.values():
            for u in power.units:
                if u[2:] == site or (any_coast and u[2:5] == site[:3]):
                    return u
        return None

    def set_units(self, power_name: str, units: Union[str, List[str]], reset: bool = False):
        """Puts units on the board for a power (`*A PAR`: a dislodged unit), taking the place
        of any unit there; a unit that cannot stand where it says is refused (in `error`)."""
        power_name = power_name.upper()
        if power_name not in self.powers:
            return
        units = units if isinstance(units, list) else [units]
        if reset:
            self.powers[power_name].clear_units()
        regular = [u.upper() for u in units if u and u[0] != "*"]
        dislodged = [u[1:].upper() for u in units if u and u[0] == "*"]
        for power in self.powers.values():
            for unit in regular:
                power.units = [u for u in power.units if u[2:5] != unit[2:5]]
            for unit in dislodged:
                for u in [u for u in power.retreats if u[2:5] == unit[2:5]]:
                    del power.retreats[u]
        # As MILA: a province a unit is put in is influenced by that unit's power alone.
        placed = {u[2:5] for u in regular + dislodged}
        for p in self.powers.values():
            p.influence = [loc for loc in p.influence if loc not in placed]
        power = self.powers[power_name]
        for unit in regular:
            word = unit.split()
            if len(word) == 2 and word[0] in "AF" and self.map.is_valid_unit(unit):
                if unit not in power.units:
                    # Two units of the call in one province: the later stands (one unit a
                    # province; MILA would keep both, a board no rules allow).
                    power.units = [u for u in power.units if u[2:5] != unit[2:5]]
                    power.units.append(unit)
                    if unit[2:5] not in power.influence:
                        power.influence.append(unit[2:5])
            else:
                self.error.append("Invalid unit %s" % unit)
        for unit in dislodged:
            word = unit.split()
            if len(word) == 2 and word[0] in "AF" and word[1] in self.map.loc_type:
                for other in [u for u in power.retreats if u[2:5] == unit[2:5] and u != unit]:
                    del power.retreats[other]
                power.retreats.setdefault(unit, [])
        self.clear_cache()

    def set_centers(self, power_name: str, centers: Union[str, List[str]], reset: bool = False):
        """Gives supply centres to a power (a location that is not one is ignored)."""
        power_name = power_name.upper()
        if power_name not in self.powers:
            return
        centers = centers if isinstance(centers, list) else [centers]
        if reset:
            self.powers[power_name].clear_centers()
        for power in self.powers.values():
            power.centers = [c for c in power.centers if c not in centers]
        power = self.powers[power_name]
        for center in centers:
            if center in self.map.scs and center not in power.centers:
                power.centers.append(center)
        self.clear_cache()

    def clear_units(self, power_name: Optional[str] = None):
        """Removes every unit (or one power's)."""
        for power in self.powers.values():
            if power_name is None or power.name == power_name.upper():
                power.clear_units()
        self.clear_cache()

    def clear_centers(self, power_name: Optional[str] = None):
        """Removes every supply centre's owner (or one power's centres)."""
        for power in self.powers.values():
            if power_name is None or power.name == power_name.upper():
                power.clear_centers()
        self.clear_cache()

    def clear_orders(self, power_name: Optional[str] = None):
        """Removes the orders of the phase (or one power's)."""
        for power in self.powers.values():
            if power_name is None or power.name == power_name.upper():
                power.clear_orders()
        if power_name is None:
            self._unexpanded = set()

    def clear_cache(self):
        """Forgets what was worked out for the position (it is worked out again when asked)."""
        self._possible = None

    def build_caches(self):
        """Nothing to build ahead: kept for MILA's callers."""
        self.clear_cache()

    # ---------------------------------------------------------------- diplo's position

    def _diplo_phase(self, phase: Optional[str] = None) -> str:
        words = (phase or self.phase).split()
        kind = DIPLO_PHASE_TYPES[words[2][0]]
        return "%s %s %s" % (words[0].capitalize(), words[1], kind)

    def _position(self, phase: Optional[str] = None) -> Dict[str, Any]:
        """The position in diplo's position-file shape (in `phase`, a long phase name, when
        given)."""
        pos: Dict[str, Any] = {
            "phase": self._diplo_phase(phase),
            "units": {self._ename(p): list(p.units) for p in self.powers.values() if p.units},
            "centres": {self._ename(p): list(p.centers) for p in self.powers.values() if p.centers},
        }
        dislodged = []
        contested = list(self._contested)
        # Dislodged units count only in a retreat phase (MILA's elsewhere, set by `set_units`
        # with `*`, change nothing the engine is asked).
        retreating = (phase or self.phase).split()[-1:] == ["RETREATS"]
        for p in (self.powers.values() if retreating else ()):
            for unit in p.retreats:
                info = self._attackers.get(unit) or self._attack_from_options(p, unit, contested)
                entry = {"unit": unit, "power": self._ename(p),
                         "attacker_from": info["attacker_from"],
                         "by_convoy": bool(info.get("by_convoy", False))}
                dislodged.append(entry)
        if dislodged:
            pos["dislodged"] = dislodged
            if contested:
                pos["contested"] = contested
        return pos

    def _attack_from_options(self, power: Power, unit: str, contested: List[str]) -> Dict[str, Any]:
        """Where `unit` (dislodged, of `power`) was attacked from, when the game does not know
        (a state set, or read from MILA's dict or saved game, which keep only the retreat
        options): a place it could move to, empty and not among its options, taken for the
        attacker's; the other such places are added to `contested` (left empty by a standoff),
        so that the engine finds the retreat options the state gives. With no such place, the
        attacker came from a place another unit has moved into since, or (none: every place the
        unit reaches is among its options) by convoy, from a place the unit does not reach."""
        loc = unit[2:]
        reach = (self.map._army if unit[0] == "A" else self.map._fleet).get(loc, [])
        provinces = list(dict.fromkeys(r[:3] for r in reach))
        options = {o[:3] for o in power.retreats.get(unit, [])}
        occupied = {u[2:5] for p in self.powers.values() for u in p.units}
        shut = [r for r in provinces if r not in options and r not in occupied and r != loc[:3]]
        if shut:
            contested.extend(r for r in shut[1:] if r not in contested)
            return {"attacker_from": shut[0], "by_convoy": False}
        refilled = [r for r in provinces if r not in options and r != loc[:3]]
        if refilled:
            return {"attacker_from": refilled[0], "by_convoy": False}
        far = next((l for l in self.map.locs if "/" not in l and l not in provinces and l != loc[:3]
                    and self.map.area_type(l) in ("LAND", "COAST")), None)
        if far is None:
            # Every place the unit reaches is an option, and there is no other (a map of a few
            # provinces each next to all): the engine is told of a convoy from one of them.
            far = next((r for r in provinces if r != loc[:3]), None) or \
                next((l for l in self.map.locs if l[:3] != loc[:3]), loc[:3])
        return {"attacker_from": far, "by_convoy": True}

    def _position_key(self, board: tuple) -> tuple:
        """The board (`_board_key()`) and what the position adds to it (where dislodged units
        were attacked from, the provinces left empty by a standoff): equal keys, equal
        positions."""
        attacked = tuple((u, d.get("attacker_from"), d.get("by_convoy")) for u, d in self._attackers.items())
        return (board, attacked, tuple(self._contested))

    def _engine_at(self, board: Optional[tuple] = None) -> _Engine:
        """A diplo game at the current position (for possible orders and retreat options);
        `board`: `_board_key()`, if made already."""
        board = self._board_key() if board is None else board
        key = self._position_key(board)
        if self._engine is None or self._engine_key != key:
            # A new engine when the rules changed (`board[0]`), else a new position.
            if self._engine is None or self._engine_key is None or self._engine_key[0][0] != board[0]:
                self._engine = _Engine(self.map_name, self.ruleset, overrides=self._overrides())
            self._engine.set_position(self._position())
            self._engine_key = key
        return self._engine

    def _visit(self, power: Power, province: str):
        """As MILA: a province a unit moves or retreats into is influenced by its power alone,
        and comes last in its list."""
        for p in self.powers.values():
            if province in p.influence:
                p.influence.remove(province)
        power.influence.append(province)

    def _take_centres(self, centres: Dict[str, List[str]]):
        """Each power's centres as the engine gives them (`centres`: by diplo's power name), in
        the order MILA keeps them: those it had, in their order, then those it took, as MILA
        takes them (each power's former centres in that power's order, the powers in order,
        then the centres no one owned, in the map's order)."""
        owner: Dict[str, str] = {}
        for name, listed in centres.items():
            key = power_key(name)
            for c in listed:
                owner[c.upper()] = key
        old = {p.name: p.centers for p in self.powers.values()}
        if len(owner) == sum(len(had) for had in old.values()) and \
                all(owner.get(c) == name for name, had in old.items() for c in had):
            return  # no centre changed hands (most phases)
        new: Dict[str, List[str]] = {name: [c for c in had if owner.get(c) == name] for name, had in old.items()}
        owned = {c for had in old.values() for c in had}
        taken = [c for had in old.values() for c in had] + [c for c in self.map.scs if c not in owned]
        taken += [c for c in owner if c not in owned and c not in self.map.scs]
        for c in taken:
            name = owner.get(c)
            if name in new and c not in new[name]:
                new[name].append(c)
        for power in self.powers.values():
            power.centers = new[power.name]

    def _read_position(self, nxt: Dict[str, Any], engine_there: bool = False,
                       arrived: Optional[Dict[str, List[str]]] = None, left=()):
        """Takes the position diplo gives (units, centres, dislodged units, phase);
        `engine_there`: the engine (`_engine`) stands at it already. With `arrived` (the
        provinces units moved, retreated or were built in, by power, in MILA's order; `left`:
        the units that left their place), each power's units are listed in MILA's order
        (`_keep_mila_order`)."""
        before = {p.name: p.units for p in self.powers.values()} if arrived is not None else {}
        for power in self.powers.values():
            power.units, power.retreats = [], {}
        for name, units in nxt.get("units", {}).items():
            power = self.powers[power_key(name)]
            power.units = [u.upper() for u in units]
        if arrived is not None:
            self._keep_mila_order(before, arrived, left)
        if "centres" in nxt:
            self._take_centres(nxt["centres"])
        self._attackers = {}
        self._contested = list(nxt.get("contested", []))
        for d in nxt.get("dislodged", []):
            unit = _unit_key(d["unit"])
            self.powers[power_key(d["power"])].retreats[unit] = []
            self._attackers[unit] = d
        if arrived is not None:
            # As MILA: a power's dislodged units in the order of its list before the phase.
            for power in self.powers.values():
                if len(power.retreats) > 1:
                    rank = {u: i for i, u in enumerate(before.get(power.name, ()))}
                    ordered = sorted(power.retreats, key=lambda u: rank.get(u, len(rank)))
                    power.retreats = {u: power.retreats[u] for u in ordered}
        self.phase = self.map._phase_of_diplo(nxt["phase"])
        self.phase_type = self.phase.split()[-1][0]
        self.clear_cache()
        if engine_there and self._engine is not None:
            self._engine_key = self._position_key(self._board_key())
        if any(p.retreats for p in self.powers.values()):
            options = self._engine_at().get_state()["retreats"]
            for name, by_unit in options.items():
                power = self.powers[power_key(name)]
                for unit, places in by_unit.items():
                    if unit in power.retreats:
                        power.retreats[unit] = list(places)


def to_saved_game_format(game: Game, output_path: Optional[str] = None, output_mode: str = "a") -> Dict[str, Any]:
    """The game in MILA's saved-game format (one dict; with `output_path`, also written as one
    JSON line)."""
    phases = [p.to_dict() for p in game.get_phase_history()]
    phases.append(game.get_phase_data().to_dict())
    # As MILA: the hosting rules left out, and each phase's state told its game, map and rules.
    rules = [rule for rule in game.rules if rule not in RULES_NOT_SAVED]
    for phase in phases:
        phase["state"].update(game_id=game.game_id, map=game.map_name, rules=rules)
    saved = {"id": game.game_id, "map": game.map_name, "rules": rules, "phases": phases}
    if output_path:
        with open(output_path, output_mode) as f:
            f.write(json.dumps(saved) + "\n")
    return saved


def from_saved_game_format(saved_game: Dict[str, Any], ruleset: str = "mila") -> Game:
    """A game from MILA's saved-game format: the phases played become the history, the last
    the current phase (its recorded orders set)."""
    game = Game(game_id=saved_game.get("id"), map_name=saved_game.get("map", "standard"),
                rules=saved_game.get("rules"), ruleset=ruleset)
    phases = [GamePhaseData.from_dict(p) for p in saved_game.get("phases", [])]
    game.set_phase_data(phases)
    return game
