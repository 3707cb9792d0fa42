"""`diplo.mila`: a drop-in for the MILA `diplomacy` package's `Game`, `Map` and `Power`.

Code written against MILA (`from diplomacy import Game`) runs with the import changed to
`from diplo.mila import Game`. The state is kept as MILA keeps it (upper-case power names,
`A PAR` and `F STP/SC` units, a power's `units`, `centers`, `retreats` and `orders` lists and
dicts that may be changed in place); every phase is adjudicated by diplo's engine
(`diplo.adjudicate`) under a ruleset, `mila` by default (MILA's own conventions,
`rulesets/mila.toml`), and the possible orders come from diplo's `Game`. Results are in
MILA's codes (`bounce`, `cut`, `dislodged`, `void`, `no convoy`, `disband`; `''` for a
build made).
"""

import hashlib
import json
import time
from copy import deepcopy
from typing import Any, Dict, List, Optional, Union

from .._diplo import DiploError, Game as _Engine, adjudicate as _adjudicate, rulesets as _rulesets
from .map import DIPLO_PHASE_TYPES, Map
from .rules import DEFAULT_RULES, MILA_RULES, overrides_for

__all__ = ["Game", "Map", "Power", "Message", "GamePhaseData", "SortedDict", "DiploError"]

OK, NO_CONVOY, BOUNCE, VOID, CUT = "", "no convoy", "bounce", "void", "cut"
DISLODGED, DISRUPTED, DISBAND = "dislodged", "disrupted", "disband"


class SortedDict(dict):
    """A dict kept in key order (phases in time order for the histories), with MILA's
    `SortedDict` helpers: `first_key`, `last_key`, `first_value`, `last_value`, `put`."""

    def __init__(self, *args, sort_key=None, **kwargs):
        self._sort_key = sort_key
        super().__init__()
        for k, v in dict(*args, **kwargs).items():
            self.put(k, v)

    def put(self, key, value):
        """Sets `key`, keeping the keys in order."""
        self[key] = value

    def __setitem__(self, key, value):
        # A new key after the last one (a phase after the last, as a game goes) stays last: only
        # a key that sorts before the last makes the keys sorted again (stable: ties keep
        # their order). An existing key keeps its place.
        last = next(reversed(self), None) if self._sort_key is not None and key not in self else None
        super().__setitem__(key, value)
        if last is not None and self._sort_key(key) < self._sort_key(last):
            items = sorted(self.items(), key=lambda kv: self._sort_key(kv[0]))
            super().clear()
            for k, v in items:
                super().__setitem__(k, v)

    def first_key(self):
        """The first key."""
        return next(iter(self))

    def last_key(self):
        """The last key."""
        return list(self)[-1]

    def first_value(self):
        """The value of the first key."""
        return self[self.first_key()]

    def last_value(self):
        """The value of the last key."""
        return self[self.last_key()]

    def copy(self):
        out = SortedDict(sort_key=self._sort_key)
        for k, v in self.items():
            out.put(k, v)
        return out

    def __deepcopy__(self, memo):
        out = SortedDict(sort_key=self._sort_key)
        for k, v in self.items():
            out.put(deepcopy(k, memo), deepcopy(v, memo))
        return out


class Message:
    """A press message, as MILA's: `sender`, `recipient` (a power or `GLOBAL`), `message`,
    `phase`, `time_sent`."""

    def __init__(self, sender=None, recipient=None, message=None, phase=None, time_sent=None, **kwargs):
        self.sender, self.recipient, self.message = sender, recipient, message
        self.phase, self.time_sent = phase, time_sent

    def is_global(self) -> bool:
        """Whether the message is to every power."""
        return self.recipient == "GLOBAL"

    def to_dict(self) -> Dict[str, Any]:
        """The message as MILA's JSON dict."""
        return {"sender": self.sender, "recipient": self.recipient, "message": self.message,
                "phase": self.phase, "time_sent": self.time_sent}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Message":
        """A message from `to_dict`'s dict."""
        return cls(**data)

    def __eq__(self, other):
        return isinstance(other, Message) and self.to_dict() == other.to_dict()

    def __repr__(self):
        return "Message(%r -> %r: %r)" % (self.sender, self.recipient, self.message)


class GamePhaseData:
    """One phase of a game's history, as MILA's: `name`, `state`, `orders`, `results`,
    `messages`."""

    def __init__(self, name, state, orders, results, messages):
        self.name, self.state, self.orders = name, state, orders
        self.results, self.messages = results, messages

    def to_dict(self) -> Dict[str, Any]:
        """The phase as MILA's saved-game phase dict."""
        return {
            "name": self.name,
            "state": self.state,
            "orders": self.orders,
            "results": {u: [str(r) for r in rs] for u, rs in self.results.items()},
            "messages": [m.to_dict() for m in self.messages.values()],
        }

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "GamePhaseData":
        """A phase from `to_dict`'s dict (or a saved game's phase)."""
        messages = SortedDict()
        raw = data.get("messages") or []
        if isinstance(raw, dict):
            raw = list(raw.values())
        for m in raw:
            msg = Message.from_dict(m) if isinstance(m, dict) else m
            messages.put(msg.time_sent, msg)
        return cls(data["name"], data.get("state", {}), data.get("orders", {}),
                   data.get("results", {}), messages)


class Power:
    """A power of a MILA game: `name`, `units`, `centers`, `homes`, `retreats` (dislodged unit
    to where it may go), `orders` (movement orders: unit to order), `adjust` (retreat and
    adjustment orders), `influence`, `civil_disorder`. The lists may be changed in place."""

    def __init__(self, game: "Game" = None, name: str = None, **kwargs):
        self.game = game
        self.name = name
        self.abbrev = name[0] if name else None
        self.units: List[str] = []
        self.centers: List[str] = []
        self.homes: List[str] = []
        self.retreats: Dict[str, List[str]] = {}
        self.orders: Dict[str, str] = {}
        self.adjust: List[str] = []
        self.influence: List[str] = []
        self.civil_disorder = 0
        self.order_is_set = 0
        self.wait = False
        self.controller = SortedDict()
        self.role = name
        self.vote = None

    def __str__(self):
        return self.name

    def __repr__(self):
        return "<diplo.mila.Power %s>" % self.name

    def is_eliminated(self) -> bool:
        """No units, no centres and no dislodged units left."""
        return not (self.units or self.centers or self.retreats)

    def clear_units(self):
        """Removes the power's units and dislodged units."""
        self.units, self.retreats, self.influence = [], {}, []

    def clear_centers(self):
        """Removes the power's supply centres."""
        self.centers = []

    def clear_orders(self):
        """Removes the power's orders for the phase."""
        self.orders, self.adjust = {}, []
        self.civil_disorder = 0
        self.order_is_set = 0

    def get_controller(self):
        """MILA's controller name (a drop-in game has no users)."""
        return None

    def is_dummy(self) -> bool:
        """Whether no user controls the power (always, here)."""
        return True

    def is_controlled(self) -> bool:
        """Whether a user controls the power (never, here)."""
        return False

    def to_dict(self) -> Dict[str, Any]:
        """The power as MILA's JSON dict."""
        return {"name": self.name, "units": list(self.units), "centers": list(self.centers),
                "homes": list(self.homes), "retreats": _copy_retreats(self.retreats),
                "orders": dict(self.orders), "adjust": list(self.adjust),
                "influence": list(self.influence), "civil_disorder": self.civil_disorder}


def _copy_retreats(retreats: Dict[str, Any]) -> Dict[str, Any]:
    """A copy of a power's retreats (a unit to the list of its places) sharing nothing with
    it: as `deepcopy`, without its generic walk, when the places are lists of strings."""
    return {u: (list(v) if type(v) is list else deepcopy(v)) for u, v in retreats.items()}


def _phase_sort_key(game_map: Map):
    return lambda name: game_map.phase_key(str(name))


class Game:
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
        self.error: List[str] = []
        self.note = ""
        self.status = "active"
        self.role = kwargs.get("role", "omniscient_type")
        for rule in (DEFAULT_RULES if rules is None else rules):
            self.add_rule(rule)
        sort_key = _phase_sort_key(self.map)
        self.order_history = SortedDict(sort_key=sort_key)
        self.result_history = SortedDict(sort_key=sort_key)
        self.state_history = SortedDict(sort_key=sort_key)
        self.message_history = SortedDict(sort_key=sort_key)
        self.messages = SortedDict()
        self.outcome: List[str] = []
        self.popped: List[str] = []
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
        self._possible = None
        # The board `_possible` was listed for, each power's orderable locations on it, and
        # each power's possible orders as one set (made when needed).
        self._possible_for: Optional[tuple] = None
        self._possible_locs: Dict[str, List[str]] = {}
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

    @property
    def is_game_active(self) -> bool:
        """Whether the game is under way."""
        return not self.is_game_done

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
        for forbidden in MILA_RULES[rule].get("!", ()):
            if forbidden in self.rules:
                self.error.append("Rule %s cannot be used with %s" % (forbidden, rule))
                return
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

    def _on_route(self, fleet: str, army: str, dest: str) -> bool:
        """Whether `fleet` lies on a chain of fleets ordered to convoy `army` to `dest`."""
        fleets = {u[2:5] for u, o in self.command.items()
                  if o.split()[:3] == ["C"] + army.split() and o.split()[-1][:3] == dest[:3]}

        def near(sea: str, place: str) -> bool:
            return place[:3] in {r[:3] for r in self.map._fleet.get(sea, [])}

        def reach(start: str) -> set:
            seen = {f for f in fleets if near(f, start)}
            todo = list(seen)
            while todo:
                here = todo.pop()
                for f in fleets - seen:
                    if near(here, f):
                        seen.add(f)
                        todo.append(f)
            return seen

        return fleet[2:5] in reach(army[2:5]) & reach(dest[:3])

    @staticmethod
    def _occupant_before(owners: Dict[str, Power], site: str) -> Optional[str]:
        """The unit in `site`'s province among `owners` (the units at the start of a phase)."""
        return next((u for u in owners if u[2:5] == site[:3]), None)

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
        power = self.powers[power_name]
        for unit in regular:
            word = unit.split()
            if len(word) == 2 and word[0] in "AF" and self.map.is_valid_unit(unit):
                if unit not in power.units:
                    power.units.append(unit)
                    power.influence.append(unit[2:5])
            else:
                self.error.append("Invalid unit %s" % unit)
        for unit in dislodged:
            word = unit.split()
            if len(word) == 2 and word[0] in "AF" and word[1] in self.map.loc_type:
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
            "units": {p.name: list(p.units) for p in self.powers.values() if p.units},
            "centres": {p.name: list(p.centers) for p in self.powers.values() if p.centers},
        }
        dislodged = []
        for p in self.powers.values():
            for unit in p.retreats:
                info = self._attackers.get(unit, {})
                entry = {"unit": unit, "power": p.name,
                         "attacker_from": info.get("attacker_from") or unit[2:5],
                         "by_convoy": bool(info.get("by_convoy", False))}
                dislodged.append(entry)
        if dislodged:
            pos["dislodged"] = dislodged
            if self._contested:
                pos["contested"] = list(self._contested)
        return pos

    def _engine_at(self) -> _Engine:
        """A diplo game at the current position (for possible orders and retreat options)."""
        pos = self._position()
        # Equal texts, equal positions (a list given in another order is only a new key).
        key = (repr(pos), tuple(self._overrides()))
        if self._engine is None or self._engine_key != key:
            if self._engine is None or self._engine_key is None or self._engine_key[1] != key[1]:
                self._engine = _Engine(self.map_name, self.ruleset, overrides=self._overrides())
            self._engine.set_position(pos)
            self._engine_key = key
        return self._engine

    def _read_position(self, nxt: Dict[str, Any]):
        """Takes the position diplo gives (units, centres, dislodged units, phase)."""
        for power in self.powers.values():
            power.units, power.retreats = [], {}
        for name, units in nxt.get("units", {}).items():
            power = self.powers[name.upper()]
            power.units = [_unit_key(u) for u in units]
            for u in power.units:
                if u[2:5] not in power.influence:
                    power.influence.append(u[2:5])
        if "centres" in nxt:
            for power in self.powers.values():
                power.centers = []
            for name, centres in nxt["centres"].items():
                self.powers[name.upper()].centers = [c.upper() for c in centres]
        self._attackers = {}
        self._contested = list(nxt.get("contested", []))
        for d in nxt.get("dislodged", []):
            unit = _unit_key(d["unit"])
            self.powers[d["power"].upper()].retreats[unit] = []
            self._attackers[unit] = d
        words = nxt["phase"].split()
        self.phase = self.map.phase_long("%s%04d%s" % (words[0][0].upper(), int(words[1]), words[2][0].upper()))
        self.phase_type = self.phase.split()[-1][0]
        self.clear_cache()
        if any(p.retreats for p in self.powers.values()):
            options = self._engine_at().get_state()["retreats"]
            for name, by_unit in options.items():
                power = self.powers[name.upper()]
                for unit, places in by_unit.items():
                    if unit in power.retreats:
                        power.retreats[unit] = list(places)

    # ---------------------------------------------------------------- orders

    def get_orders(self, power_name: Optional[str] = None):
        """A power's orders for the phase (`A PAR - BUR`), or every power's."""
        if power_name is None:
            return {p.name: self.get_orders(p.name) for p in self.powers.values()}
        power = self.get_power(power_name)
        if self.phase_type == "M":
            if self.no_check:
                return [o for o in power.orders.values() if o]
            return ["%s %s" % (u, o) for u, o in power.orders.items()]
        return [o for o in power.adjust if o and o != "WAIVE" and o.split()[0] != "VOID"]

    def set_orders(self, power_name: str, orders: Union[str, List[str]], expand: bool = True,
                   replace: bool = True):
        """Sets a power's orders for the phase. Each order is checked as it comes: a good one
        is kept (replacing an earlier order to its unit unless `replace` is False), a bad one
        is dropped and reported in `error` (with `NO_CHECK`, kept and void at adjudication)."""
        if self.is_game_done:
            return
        power = self.get_power(power_name)
        if power is None:
            raise DiploError("set_orders: unknown power `%s` (the powers: %s)" % (power_name, ", ".join(self.powers)))
        orders = orders if isinstance(orders, list) else [orders]
        orders = [o.strip().upper() for o in orders if o and o.strip()]
        if self.phase_type == "M":
            # The engine checks the set's orders in one call (an order's legality does not
            # depend on the others); each is then kept or dropped in turn. The units do not
            # move meanwhile: they are looked up by province.
            self._index = self._unit_index()
            try:
                # Each order's MILA words, made once (they depend on the units only).
                normal = {} if self.no_check else {o: self._normal(power, o, expand) for o in orders}
                checked = {} if self.no_check else self._check_many(power, orders, expand, normal)
                for order in orders:
                    self._add_movement_order(power, order, expand, replace, checked, normal.get(order))
            finally:
                self._index = None
        elif self.phase_type in ("R", "A"):
            seen: List[str] = []
            for order in orders:
                text = self._normal(power, order, expand)
                where = text.split()[1][:3] if len(text.split()) > 1 else text
                if text != "WAIVE" and where in seen:
                    power.adjust.append("VOID " + text)
                    continue
                seen.append(where)
                self._add_adjust_order(power, order, expand, replace)
        power.order_is_set = 1 if self.get_orders(power.name) else 2

    def _normal(self, power: Power, order: str, expand: bool, fix_coast: bool = True) -> str:
        """An order's words made as MILA writes them: the unit's type and coast filled in."""
        word = order.replace("(", "/").replace(")", "").split()
        if not word:
            return order
        if expand:
            if word[0] not in ("A", "F") and word[0] != "WAIVE" and len(word) >= 2:
                unit = self._occupant(word[0], any_coast=1) or next(
                    (u for p in self.powers.values() for u in p.retreats if u[2:5] == word[0][:3]), None)
                if unit:
                    word = [unit[0], unit[2:]] + word[1:]
            if len(word) >= 2 and word[0] in ("A", "F"):
                unit = self._occupant(word[1], any_coast=1) or next(
                    (u for p in self.powers.values() for u in p.retreats if u[2:5] == word[1][:3]), None)
                if unit and unit[0] == word[0] and self.phase_type != "A" and fix_coast:
                    word[1] = unit[2:]
            if self.phase_type == "R" and len(word) == 4 and word[2] == "-":
                word[2] = "R"
            word = self.map.default_coast(word)
        return " ".join(word)

    def _check(self, power: Power, order: str) -> Optional[str]:
        """Why diplo's engine would not carry out `order` by `power` now (None: it would)."""
        known = self._known_legal(power)
        if known is not None and order in known:
            return None  # listed as possible for this power on this very board
        try:
            out = _adjudicate(self._position(), ["%s: %s" % (power.name, order)], ruleset=self.ruleset,
                              map=self.map_name, overrides=self._overrides())
        except DiploError as e:
            return str(e)
        for r in out["results"]:
            if r["result"] == "illegal":
                return r["reason"] or "illegal"
        return None

    def _check_many(self, power: Power, orders: List[str], expand: bool,
                    normal: Optional[Dict[str, str]] = None) -> Dict[str, Optional[str]]:
        """Why the engine would not carry out each of `orders` (its normal text to the reason,
        None: it would), in one adjudication when every order reads; an order that does not
        read, or a unit ordered twice, is left to be checked alone. `normal`: the orders'
        normal texts, if made already."""
        texts = {}
        for order in orders:
            text = normal[order] if normal and order in normal else self._normal(power, order, expand)
            word = text.split()
            unit = " ".join(word[:2])
            if len(word) >= 3 and self._unit_owner(unit) is power and unit not in texts:
                texts[unit] = text
        if not texts:
            return {}
        # Orders the engine listed as possible on this very board are legal: no adjudication.
        known = self._known_legal(power)
        if known is not None and all(t in known for t in texts.values()):
            return {t: None for t in texts.values()}
        try:
            out = _adjudicate(self._position(), ["%s: %s" % (power.name, t) for t in texts.values()],
                              ruleset=self.ruleset, map=self.map_name, overrides=self._overrides())
        except DiploError:
            return {}
        found = _by_unit(out["results"], list(texts))
        if len(out["results"]) != len(texts):
            return {}
        return {text: (r["reason"] or "illegal") if r["result"] == "illegal" else None
                for text, r in zip(texts.values(), found)}

    def _add_movement_order(self, power: Power, order: str, expand: bool, replace: bool,
                            checked: Optional[Dict[str, Optional[str]]] = None,
                            normal: Optional[str] = None):
        if self.no_check:
            # Kept as given: read (and voided if bad) at adjudication.
            word = order.split()
            if len(word) < 3 and (len(word) < 2 or word[1] != "H"):
                self.error.append("Bad order: %s" % order)
                return
            if replace:
                for key, value in power.orders.items():
                    parts = value.split()
                    if len(parts) >= 2 and parts[1][:3] == word[1][:3]:
                        power.orders[key] = ""
            power.orders["ORDER %d" % (len(power.orders) + 1)] = order
            return
        text = normal if normal is not None else self._normal(power, order, expand)
        word = text.split()
        unit = " ".join(word[:2])
        if self._unit_owner(unit) is not power:
            self.error.append("Unorderable unit: %s" % text)
            return
        if len(word) < 3:
            self.error.append("Bad order: %s" % text)
            return
        why = checked[text] if checked and text in checked else self._check(power, text)
        if why is not None:
            self.error.append("Invalid order %s: %s" % (text, why))
            return
        if unit in power.orders and not replace:
            self.error.append("Unit %s already ordered" % unit)
            return
        power.orders[unit] = " ".join(word[2:])
        if expand:
            self._unexpanded.discard(unit)
        else:
            self._unexpanded.add(unit)

    def _add_adjust_order(self, power: Power, order: str, expand: bool, replace: bool):
        text = self._normal(power, order, expand)
        word = text.split()
        # As MILA: only the order's form is checked when it is set (a build or removal in an
        # adjustment phase, a retreat or disband in a retreat phase); the engine judges the
        # rest at adjudication.
        forms = ("B", "D") if self.phase_type == "A" else ("R", "D")
        if text != "WAIVE" and (len(word) < 3 or word[2] not in forms):
            power.adjust.append("VOID " + text)
            return
        if text != "WAIVE":
            same = [o for o in power.adjust if o != "WAIVE" and not o.startswith("VOID ")
                    and o.split()[1][:3] == word[1][:3]]
            if same and not replace:
                return
            power.adjust = [o for o in power.adjust if o not in same]
        power.adjust.append(text)

    # ---------------------------------------------------------------- possible orders

    def get_all_possible_orders(self) -> Dict[str, List[str]]:
        """Every legal order of the phase, by location: every location of the map is a key
        (an empty list where nothing can be ordered), a coast's fleet listed under the
        coast and the province."""
        if self._possible is None:
            self._possible_for = self._board_key()
            self._possible_texts = {}
            self._possible_locs = {}
            out: Dict[str, List[str]] = {loc: [] for loc in self.map.locs}
            if self.phase_type in ("M", "R", "A"):
                engine = self._engine_at()
                for name, locs in engine.get_orderable_locations().items():
                    self._possible_locs[name.upper()] = list(locs)
                # Fleets on a coast, by province: their orders are listed under the coast too.
                on_coasts: Dict[str, List[str]] = {}
                for p in self.powers.values():
                    for unit in list(p.units) + list(p.retreats):
                        if "/" in unit:
                            on_coasts.setdefault(unit[2:5], []).append(unit)
                for loc, orders in engine.get_all_possible_orders().items():
                    out[loc] = list(orders)
                    for unit in on_coasts.get(loc, ()):
                        out[unit[2:]] = list(orders)
            self._possible = out
        return {loc: list(orders) for loc, orders in self._possible.items()}

    def _board_key(self) -> tuple:
        """What an order's legality depends on: the phase, every power's units, dislodged
        units, centres and home centres, the rules."""
        board = tuple((p.name, tuple(p.units), tuple(p.retreats), tuple(p.centers), tuple(p.homes))
                      for p in self.powers.values())
        return (self.phase, board, tuple(self._overrides()))

    def _known_legal(self, power: Power) -> Optional[set]:
        """The texts of every order the engine listed as possible for `power` on the board as
        it is, if it listed them for this board (`get_all_possible_orders`): each is legal."""
        if self._possible is None or self._possible_for != self._board_key():
            return None
        texts = self._possible_texts.get(power.name)
        if texts is None:
            locs = self._possible_locs.get(power.name, [])
            texts = {o for loc in locs for o in self._possible.get(loc, [])}
            self._possible_texts[power.name] = texts
        return texts

    def get_orderable_locations(self, power_name: Optional[str] = None):
        """The locations a power orders this phase, sorted (or every power's)."""
        if power_name is None:
            return {p.name: self.get_orderable_locations(p.name) for p in self.powers.values()}
        power = self.get_power(power_name)
        if self.phase_type == "A":
            count = len(power.centers) - len(power.units)
            if count > 0:
                return sorted(self._build_sites(power))
            if count == 0:
                return []
            return sorted(u[2:5] for u in power.units)
        if self.phase_type == "R":
            return sorted(u[2:5] for u in power.retreats)
        return sorted(u[2:5] for u in power.units)

    def _build_sites(self, power: Power) -> List[str]:
        occupied = {u[2:5] for p in self.powers.values() for u in p.units}
        return [h for h in power.homes if h in power.centers and h not in occupied]

    # ---------------------------------------------------------------- adjudication

    def process(self):
        """Adjudicates the phase with diplo's engine and moves to the next one; returns the
        phase's data (`GamePhaseData`) as it was before."""
        if self.is_game_done:
            return None
        previous_phase = self.current_short_phase
        previous_orders = self.get_orders()
        previous_messages = self.messages.copy()
        previous_state = self.get_state()
        self.error = []
        if self.phase_type == "M":
            results = self._process_movement()
        elif self.phase_type == "R":
            results = self._process_retreats()
        else:
            results = self._process_adjustments()
        self.result_history.put(previous_phase, results)
        self.clear_orders()
        self.messages = SortedDict()
        self.order_history.put(previous_phase, previous_orders)
        self.message_history.put(previous_phase, previous_messages)
        self.state_history.put(previous_phase, previous_state)
        self._check_end()
        return GamePhaseData(name=previous_phase, state=previous_state, orders=previous_orders,
                             messages=previous_messages, results=results)

    def _run(self, lines: List[str]) -> Dict[str, Any]:
        return _adjudicate(self._position(), lines, ruleset=self.ruleset, map=self.map_name,
                           overrides=self._overrides())

    def _process_movement(self) -> Dict[str, List[str]]:
        results: Dict[str, List[str]] = {}
        self.command, self.ordered_units, self.dislodged, self.popped = {}, {}, {}, []
        owners = {u: p for p in self.powers.values() for u in p.units}
        given: List[tuple] = []  # (power, unit, order text, the unit as the order wrote it)
        for power in self.powers.values():
            self.ordered_units[power.name] = []
            for key, order in power.orders.items():
                if not order:
                    continue
                if self.no_check:
                    # A void order is reported under the unit as written (`F SPA/SC` for a
                    # fleet on the north coast); the engine reads it with the coast set right.
                    written = " ".join(self._normal(power, order, True, fix_coast=False).split()[:2])
                    text = self._normal(power, order, True)
                else:
                    text = "%s %s" % (key, order)
                    written = key
                given.append((power, " ".join(text.split()[:2]), text, written))
        # One order per unit (the last); an order for a unit of no one, or another power's, is void.
        by_unit: Dict[str, tuple] = {}
        for power, unit, text, written in given:
            if unit in owners and owners[unit] is not power:
                # As MILA: an order to another power's unit is reported to no unit.
                continue
            if owners.get(unit) is not power:
                results.setdefault(written, [])
                if VOID not in results[written]:
                    results[written].append(VOID)
                continue
            if self.no_check and self._check(power, text) is not None:
                results.setdefault(written, [])
                if VOID not in results[written]:
                    results[written].append(VOID)
                by_unit.pop(unit, None)
                continue
            by_unit[unit] = (power, text)
        for unit, power in owners.items():
            self.command[unit] = by_unit[unit][1].split(" ", 2)[2] if unit in by_unit else "H"
            results.setdefault(unit, [])
            if unit in by_unit:
                self.ordered_units[power.name].append(unit)
        # Unexpanded, as MILA: a support naming a coast the supported move does not name
        # supports nothing (void).
        for unit in [u for u in by_unit if u in self._unexpanded]:
            word = by_unit[unit][1].split()
            if len(word) == 7 and word[2] == "S" and "/" in word[6]:
                move = by_unit.get(" ".join(word[3:5]), (None, ""))[1].split()
                if not move or move[-1] != word[6]:
                    results[unit].append(VOID)
                    del by_unit[unit]
                    self.ordered_units[owners[unit].name].remove(unit)
        lines = ["%s: %s" % (p.name, t) for p, t in by_unit.values()]
        out = self._run(lines)
        texts = list(by_unit.items())
        out["results"] = _by_unit(out["results"], [u for u, _ in texts])
        raw = {unit: r for (unit, _), r in zip(texts, out["results"])}
        for (unit, (power, text)), r in zip(texts, out["results"]):
            for code in _codes(r, text):
                if code not in results[unit]:
                    results[unit].append(code)
        # As MILA: the convoys and supports of an army whose convoy failed fail with it.
        for unit, order in self.command.items():
            word = order.split()
            if len(word) >= 3 and word[0] in ("C", "S") and word[1] == "A" and not results[unit]:
                army = " ".join(word[1:3])
                if NO_CONVOY in results.get(army, []) and self.command.get(army, "H")[0] == "-":
                    # A support of an army that had no convoy at all is void; of one whose
                    # convoy was disrupted, `no convoy`.
                    never = raw.get(army, {}).get("result") == "invalid"
                    results[unit].append(VOID if word[0] == "S" and never else NO_CONVOY)

        def mover_of(word):
            return " ".join(word[1:3])

        # As MILA: a support that would help dislodge a unit of the supporter's own power is
        # void when the move succeeds, or when it is the strongest move into the province and
        # fails because it may not dislodge the unit there.
        supports: Dict[str, List[str]] = {}
        for unit, order in self.command.items():
            word = order.split()
            if len(word) >= 5 and word[0] == "S" and word[3] == "-" and unit in owners \
                    and mover_of(word) in owners and not results[unit]:
                supports.setdefault(mover_of(word), []).append(unit)
        moves_into: Dict[str, List[str]] = {}
        for unit, order in self.command.items():
            word = order.split()
            if word[0] == "-" and len(word) >= 2:
                moves_into.setdefault(word[1][:3], []).append(unit)
        strength = {m: 1 + len(supports.get(m, [])) for ms in moves_into.values() for m in ms}
        for mover, helpers in supports.items():
            word = self.command[mover].split()
            if word[0] != "-":
                continue
            target = self._occupant_before(owners, word[1])
            if target is None or target == mover:
                continue
            stays = self.command.get(target, "H")[0] != "-" or bool(results.get(target))
            if not stays:
                continue
            target_order = self.command.get(target, "H").split()
            head_to_head = target_order[0] == "-" and target_order[1][:3] == mover[2:5]
            if head_to_head and owners[target] is not owners[mover]:
                # A head-to-head battle: only a support against the supporter's own unit is void.
                for helper in helpers:
                    if owners[helper] is owners[target] and VOID not in results[helper]:
                        results[helper].append(VOID)
                continue
            if not results[mover]:
                for helper in helpers:
                    if owners[helper] is owners[target]:
                        results[helper].append(VOID)
                continue
            rivals = [strength[m] for m in moves_into.get(word[1][:3], []) if m != mover]
            unique = strength[mover] > max(rivals, default=0)
            helped_against_own = any(owners[h] is owners[target] for h in helpers)
            if BOUNCE in results[mover] and unique and \
                    (owners[target] is owners[mover] or helped_against_own):
                for helper in helpers:
                    if VOID not in results[helper] and owners[helper] is owners[target]:
                        results[helper].append(VOID)
        # As MILA: a convoy on no route of the army's is `no convoy`.
        for unit, order in self.command.items():
            word = order.split()
            if len(word) >= 5 and word[0] == "C" and not {NO_CONVOY, VOID} & set(results[unit]) \
                    and not self._on_route(unit, " ".join(word[1:3]), word[4]):
                results[unit].insert(0, NO_CONVOY)
        # As MILA: a convoy the army does not take (it moves over land) is `no convoy`.
        for unit, order in self.command.items():
            word = order.split()
            if len(word) >= 5 and word[0] == "C" and not {NO_CONVOY, VOID} & set(results[unit]):
                army = " ".join(word[1:3])
                move = self.command.get(army, "H").split()
                own_convoy = any(
                    owners.get(f) is owners.get(army) for f, o in self.command.items()
                    if o.split()[0] == "C" and " ".join(o.split()[1:3]) == army)
                if len(move) == 2 and move[0] == "-" and not own_convoy \
                        and self.map.abuts("A", army[2:], "-", move[1]):
                    results[unit].insert(0, NO_CONVOY)
        moved = {unit for unit, (_, text) in by_unit.items()
                 if len(text.split()) >= 4 and text.split()[2] == "-" and not results[unit]}
        self._read_position(out["next"])
        for unit, d in self._attackers.items():
            self.dislodged[unit] = d["attacker_from"].upper()[:3]
            if DISLODGED not in results.setdefault(unit, []):
                results[unit].append(DISLODGED)
        # A unit gone without retreat (destroyed: nowhere to go) was dislodged too.
        attackers = {}
        for r, (unit, _) in zip(out["results"], texts):
            if "destroyed" in r["result"] or "dislodged" in r["result"]:
                by = r["reason"].split("dislodged by ", 1)
                if len(by) == 2:
                    name = by[1].split(",")[0].split(";")[0].strip()[2:].upper()
                    attackers[unit] = self.map.loc_name.get(name, name[:3])
        still = {(p.name, u) for p in self.powers.values() for u in p.units}
        for unit, power in owners.items():
            if (power.name, unit) not in still and unit not in moved and unit not in self._attackers:
                self.popped.append(unit)
                winner = next((m for m in moved if self.command[m].split()[1][:3] == unit[2:5]), "")
                self.dislodged[unit] = attackers.get(unit) or winner[2:5]
                if DISLODGED not in results[unit]:
                    results[unit].append(DISLODGED)
        self.result = results
        return results

    def _process_retreats(self) -> Dict[str, List[str]]:
        results: Dict[str, List[str]] = {}
        self.dislodged = {}
        dislodged = {u: p for p in self.powers.values() for u in p.retreats}
        for unit in dislodged:
            results[unit] = []
        lines, units = [], []
        for power in self.powers.values():
            for order in power.adjust:
                if order.startswith("VOID "):
                    unit = " ".join(order.split()[1:3])
                    results.setdefault(unit, []).append(VOID)
                    continue
                word = order.split()
                unit = " ".join(word[:2])
                if dislodged.get(unit) is not power or len(word) < 3 or self._check(power, order) is not None:
                    results.setdefault(unit, [])
                    if VOID not in results[unit]:
                        results[unit].append(VOID)
                    continue
                if unit in units:
                    i = units.index(unit)
                    del units[i], lines[i]
                lines.append("%s: %s" % (power.name, order))
                units.append(unit)
        out = self._run(lines)
        out["results"] = _by_unit(out["results"], units)
        for unit, r in zip(units, out["results"]):
            if r["result"] == "fails":
                results[unit].append(BOUNCE)
            elif r["result"] in ("illegal", "invalid"):
                results[unit].append(VOID)
        self._read_position(out["next"])
        after = {u for p in self.powers.values() for u in p.units}
        self.popped = []
        for unit in dislodged:
            moved = next((t for u, t in zip(units, lines) if u == unit), None)
            arrived = moved is not None and " R " in moved and \
                _unit_key(moved.split(": ", 1)[1].split()[0] + " " + moved.split()[-1]) in after
            if not arrived:
                self.popped.append(unit)
                results[unit].append(DISBAND)
        self.result = results
        return results

    def _process_adjustments(self) -> Dict[str, List[str]]:
        results: Dict[str, List[str]] = {}
        lines, units = [], []
        for power in self.powers.values():
            for order in power.adjust:
                if order.startswith("VOID "):
                    results.setdefault(" ".join(order.split()[1:3]), []).append(VOID)
                    continue
                word = order.split()
                unit = " ".join(word[:2]) if order != "WAIVE" else "WAIVE"
                why = self._check(power, order)
                if why is not None and "may build only" not in why and "may remove only" not in why:
                    results.setdefault(unit, []).append(VOID)
                    continue
                lines.append("%s: %s" % (power.name, order))
                units.append(unit)
        out = self._run(lines)
        for unit, r in zip(units, out["results"]):
            code = OK if r["result"] == "succeeds" else VOID
            results.setdefault(unit, []).append(code)
        before = {u for p in self.powers.values() for u in p.units}
        self._read_position(out["next"])
        after = {u for p in self.powers.values() for u in p.units}
        for unit in before - after:
            results.setdefault(unit, [])
            if DISBAND not in results[unit] and not any(u == unit for u in units):
                results[unit].append(DISBAND)
        self.popped = []
        self.result = results
        return results

    def _check_end(self):
        """Ends the game when a power has enough centres, or at the draw year."""
        if self.phase_type == "R":
            return
        counts = {p.name: len(p.centers) for p in self.powers.values()}
        top = max(counts.values(), default=0)
        winners = [n for n, c in counts.items() if c >= self.win and c == top]
        if "SHARED_VICTORY" not in self.rules and len(winners) > 1:
            winners = []
        year = int(self.get_current_phase()[1:-1])
        if winners:
            self.outcome = [self.get_current_phase()] + winners
            self.phase, self.phase_type = "COMPLETED", None
        elif self.phase_type == "M" and year > self.map.first_year + 99:
            # As MILA: a game still going after a hundred years is drawn among the survivors
            # at the winter of its last year.
            alive = [p.name for p in self.powers.values() if not p.is_eliminated()]
            self.outcome = ["W%dA" % (year - 1)] + alive
            self.phase, self.phase_type = "COMPLETED", None

    def draw(self, winners: Optional[List[str]] = None):
        """Ends the game in a draw among `winners` (every power left by default)."""
        winners = winners or [p.name for p in self.powers.values() if not p.is_eliminated()]
        self.outcome = [self.get_current_phase()] + list(winners)
        self.phase, self.phase_type = "COMPLETED", None

    # ---------------------------------------------------------------- results and history

    def get_order_status(self, power_name: Optional[str] = None, unit: Optional[str] = None,
                         loc: Optional[str] = None):
        """The results of the last phase processed: for a unit a list of codes (`bounce`
        ...), for a location `(unit, codes)`, for a power `{unit: codes}`, else per power."""
        if unit or loc:
            last = self.result_history.last_value() if self.result_history else {}
            if unit:
                return list(last.get(unit, []))
            for u, codes in last.items():
                if u[2:5] == loc[:3]:
                    return u, list(codes)
            return loc, []
        if power_name is not None:
            out = {}
            if self.state_history:
                for u in self.state_history.last_value()["units"].get(power_name.upper(), []):
                    u = u.replace("*", "")
                    out[u] = self.get_order_status(unit=u)
            return out
        return {p.name: self.get_order_status(p.name) for p in self.powers.values()}

    def get_state(self) -> Dict[str, Any]:
        """The position as MILA's state dict: `name`, `units`, `retreats`, `centers`, `homes`,
        `influence`, `civil_disorder`, `builds` (`{count, homes}`), `zobrist_hash` ..."""
        state: Dict[str, Any] = {
            "timestamp": int(time.time() * 1e6),
            "zobrist_hash": self.get_hash(),
            "note": self.note,
            "name": self.get_current_phase(),
            "units": {}, "retreats": {}, "centers": {}, "homes": {}, "influence": {},
            "civil_disorder": {}, "builds": {},
        }
        for p in self.powers.values():
            state["units"][p.name] = list(p.units) + ["*" + u for u in p.retreats]
            state["retreats"][p.name] = _copy_retreats(p.retreats)
            state["centers"][p.name] = list(p.centers)
            state["homes"][p.name] = list(p.homes)
            state["influence"][p.name] = list(p.influence)
            state["civil_disorder"][p.name] = p.civil_disorder
            count = len(p.centers) - len(p.units) if self.phase_type == "A" else 0
            homes: List[str] = []
            if count > 0:
                homes = self._build_sites(p)
                count = min(count, len(homes))
            state["builds"][p.name] = {"count": count, "homes": homes}
        return state

    def set_state(self, state: Dict[str, Any], clear_history: bool = True):
        """Sets the position from a state dict (`get_state`'s shape)."""
        if clear_history:
            self._clear_history()
        if "rules" in state:
            self.rules = []
            for rule in state["rules"]:
                self.add_rule(rule)
        if "note" in state:
            self.note = state["note"]
        if state.get("name"):
            self.set_current_phase(state["name"])
        if "units" in state:
            for name, units in state["units"].items():
                self.set_units(name, units, reset=True)
        if "retreats" in state:
            for p in self.powers.values():
                for unit in p.retreats:
                    if unit in state["retreats"].get(p.name, {}):
                        p.retreats[unit] = list(state["retreats"][p.name][unit])
        if "centers" in state:
            for name, centers in state["centers"].items():
                self.set_centers(name, centers, reset=True)
        for p in self.powers.values():
            p.homes = list(state.get("homes", {}).get(p.name, self.map.homes[p.name]))
            if "influence" in state and p.name in state["influence"]:
                p.influence = list(state["influence"][p.name])
            if "civil_disorder" in state and p.name in state["civil_disorder"]:
                p.civil_disorder = state["civil_disorder"][p.name]
        self.clear_cache()

    def _clear_history(self):
        for history in (self.order_history, self.result_history, self.state_history, self.message_history):
            history.clear()
        self.messages = SortedDict()

    def render(self, incl_orders: bool = True, incl_abbrev: bool = False, output_format: str = "svg",
               output_path: Optional[str] = None):
        """A picture of the current phase, as MILA's `render`: diplo's drawing of the map, with
        the orders set so far when `incl_orders` (with `NO_CHECK`, those diplo's engine would
        carry out). diplo names every province by its abbreviation, so `incl_abbrev` changes
        nothing. `output_format` is `svg` (the text is returned) or `png` (the bytes);
        `output_path` also writes the picture there. An ended game is drawn as it ended."""
        lines: List[str] = []
        if incl_orders and not self.is_game_done:
            for power in self.powers.values():
                for order in self.get_orders(power.name):
                    if self.no_check and self._check(power, order) is not None:
                        continue
                    lines.append("%s: %s" % (power.name, order))
        if self.is_game_done:
            ended = self.map.phase_long(self.outcome[0]) if self.outcome else None
            first = "%s%04dM" % (self.map.first_season[0], self.map.first_year)
            engine = _Engine(self.map_name, self.ruleset, overrides=self._overrides())
            engine.set_position(self._position(ended or self.map.phase_long(first)))
        else:
            engine = self._engine_at()
        return engine.render(orders=lines, output_format=output_format, output_path=output_path)

    def get_phase_data(self) -> GamePhaseData:
        """The current phase: state, orders set (None for a power that set none), messages."""
        orders = {p.name: (self.get_orders(p.name) if p.order_is_set else None) for p in self.powers.values()}
        return GamePhaseData(self.current_short_phase, self.get_state(), orders, {}, self.messages.copy())

    def get_phase_history(self, from_phase=None, to_phase=None, game_role=None) -> List[GamePhaseData]:
        """The phases played, as `GamePhaseData`, from `from_phase` to `to_phase` (names or
        indices)."""
        names = list(self.state_history.keys())
        if isinstance(from_phase, int):
            from_phase = names[from_phase] if names else None
        if isinstance(to_phase, int):
            to_phase = names[to_phase] if names else None
        out = []
        for name in names:
            if from_phase is not None and self.map.compare_phases(name, from_phase) < 0:
                continue
            if to_phase is not None and self.map.compare_phases(name, to_phase) > 0:
                continue
            out.append(GamePhaseData(name, self.state_history[name], self.order_history.get(name, {}),
                                     self.result_history.get(name, {}), self.message_history.get(name, SortedDict())))
        return out

    def get_phase_from_history(self, short_phase_name: str, game_role=None) -> GamePhaseData:
        """One phase played, as `GamePhaseData`."""
        return self.get_phase_history(short_phase_name, short_phase_name)[0]

    def set_phase_data(self, phase_data, clear_history: bool = True):
        """Sets the game from phase data (one, or a list: the last is the current phase)."""
        if not phase_data:
            return
        phases = [phase_data] if isinstance(phase_data, GamePhaseData) else list(phase_data)
        if clear_history:
            self._clear_history()
        for p in phases[:-1]:
            self.extend_phase_history(p)
        current = phases[-1]
        self.set_state(current.state, clear_history=False)
        for name, orders in (current.orders or {}).items():
            if orders is not None:
                self.set_orders(name, orders)
        self.messages = current.messages.copy() if isinstance(current.messages, SortedDict) else SortedDict()

    def extend_phase_history(self, phase_data: GamePhaseData):
        """Adds a phase played to the histories."""
        self.state_history.put(phase_data.name, phase_data.state)
        self.order_history.put(phase_data.name, phase_data.orders)
        self.message_history.put(phase_data.name, phase_data.messages)
        self.result_history.put(phase_data.name, phase_data.results)

    # ---------------------------------------------------------------- messages

    def add_message(self, message: Message) -> int:
        """Stores a press message (its `time_sent` set when missing); returns its time."""
        if message.time_sent is None:
            message.time_sent = int(time.time() * 1e6)
            while message.time_sent in self.messages:
                message.time_sent += 1
        if message.phase is None:
            message.phase = self.current_short_phase
        self.messages.put(message.time_sent, message)
        return message.time_sent

    def new_power_message(self, recipient: str, body: str) -> Message:
        """A message from this game's role to `recipient`, stored."""
        message = Message(sender=self.role, recipient=recipient, message=body)
        self.add_message(message)
        return message

    def new_global_message(self, body: str) -> Message:
        """A message from this game's role to every power, stored."""
        return self.new_power_message("GLOBAL", body)

    def new_system_message(self, recipient: str, body: str) -> Message:
        """A message from the system to `recipient`, stored."""
        message = Message(sender="SYSTEM", recipient=recipient, message=body)
        self.add_message(message)
        return message

    # ---------------------------------------------------------------- hash and copies

    def get_hash(self) -> str:
        """A hash of the position (units, dislodged units, centres, homes), as a decimal
        string: equal positions hash equal."""
        parts = []
        for p in sorted(self.powers.values(), key=lambda p: p.name):
            parts.append("%s|%s|%s|%s|%s" % (p.name, sorted(p.units), sorted(p.retreats),
                                             sorted(p.centers), sorted(p.homes)))
        digest = hashlib.blake2b("\n".join(parts).encode(), digest_size=8).digest()
        return str(int.from_bytes(digest, "big"))

    def rebuild_hash(self) -> str:
        """The hash worked out again (as `get_hash`: it is never stale)."""
        return self.get_hash()

    def __deepcopy__(self, memo):
        cls = self.__class__
        out = cls.__new__(cls)
        memo[id(self)] = out
        for k, v in self.__dict__.items():
            if k in ("_engine", "_engine_key", "map"):
                continue
            setattr(out, k, deepcopy(v, memo))
        out.map = self.map
        out._engine, out._engine_key = None, None
        return out

    def to_dict(self) -> Dict[str, Any]:
        """The game as a JSON-able dict (as MILA's `to_dict`)."""
        return {
            "id": self.game_id,
            "map": self.map_name,
            "rules": list(self.rules),
            "ruleset": self.ruleset,
            "phase": self.get_current_phase(),
            "note": self.note,
            "outcome": list(self.outcome),
            "state": self.get_state(),
            "orders": {p.name: self.get_orders(p.name) for p in self.powers.values()},
            "messages": [m.to_dict() for m in self.messages.values()],
            "state_history": {str(k): v for k, v in self.state_history.items()},
            "order_history": {str(k): v for k, v in self.order_history.items()},
            "result_history": {str(k): {u: [str(c) for c in cs] for u, cs in v.items()}
                               for k, v in self.result_history.items()},
            "message_history": {str(k): [m.to_dict() for m in v.values()]
                                for k, v in self.message_history.items()},
        }

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Game":
        """A game from `to_dict`'s dict."""
        game = cls(game_id=data.get("id"), map_name=data.get("map", "standard"),
                   rules=data.get("rules"), ruleset=data.get("ruleset", "mila"))
        for name in data.get("state_history", {}):
            msgs = SortedDict()
            for m in data.get("message_history", {}).get(name, []):
                msgs.put(m["time_sent"], Message.from_dict(m))
            game.extend_phase_history(GamePhaseData(
                name, data["state_history"][name], data.get("order_history", {}).get(name, {}),
                data.get("result_history", {}).get(name, {}), msgs))
        if data.get("phase") == "COMPLETED":
            game.set_state(data["state"], clear_history=False)
            game.phase, game.phase_type = "COMPLETED", None
        else:
            game.set_state(data["state"], clear_history=False)
            for name, orders in data.get("orders", {}).items():
                game.set_orders(name, orders)
        for m in data.get("messages", []):
            game.add_message(Message.from_dict(m))
        game.note = data.get("note", "")
        game.outcome = list(data.get("outcome", []))
        return game


def _unit_key(unit: str) -> str:
    """`A par`, `F stp/sc` -> `A PAR`, `F STP/SC`."""
    return unit.upper()


def _by_unit(results: List[Dict[str, str]], units: List[str]) -> List[Dict[str, str]]:
    """diplo's results put in the order of `units` (each result found by the unit its order
    names); a unit with no result of its own gets an empty one."""
    found: Dict[str, Dict[str, str]] = {}
    for r in results:
        word = r["order"].upper().split()
        if len(word) >= 2:
            found.setdefault(" ".join(word[:2]), r)
    out = []
    for i, unit in enumerate(units):
        r = found.get(unit)
        if r is None:
            r = results[i] if i < len(results) else {"order": unit, "result": "", "reason": ""}
        out.append(r)
    return out


def _codes(result: Dict[str, str], order: str) -> List[str]:
    """MILA's codes for one of diplo's results (`fails, dislodged` -> `bounce`, `dislodged`)."""
    words = result["result"].split(", ")
    reason = result.get("reason", "")
    word = order.split()
    out: List[str] = []
    head = words[0]
    is_move = len(word) >= 4 and word[2] == "-"
    if head in ("fails", "invalid") and is_move and "convoy" in reason:
        out.append(NO_CONVOY)
    elif head == "fails":
        out.append(BOUNCE)
    elif head in ("illegal", "invalid"):
        out.append(VOID)
    elif head == "cut":
        out.append(CUT)
    elif head == "disrupted" and "dislodged" not in words:
        out.append(DISRUPTED)
    elif head == "unresolved":
        out.append(BOUNCE)
    if "dislodged" in words or "destroyed" in words:
        out.append(DISLODGED)
    return out


def to_saved_game_format(game: Game, output_path: Optional[str] = None, output_mode: str = "a") -> Dict[str, Any]:
    """The game in MILA's saved-game format (one dict; with `output_path`, also written as one
    JSON line)."""
    phases = [p.to_dict() for p in game.get_phase_history()]
    phases.append(game.get_phase_data().to_dict())
    phases[-1]["orders"] = {k: (v or []) for k, v in phases[-1]["orders"].items()}
    saved = {"id": game.game_id, "map": game.map_name, "rules": list(game.rules), "phases": phases}
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
