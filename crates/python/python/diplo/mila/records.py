"""The results, histories, messages, hash and copies of `diplo.mila.Game`."""

import random
import sys
import time
from functools import reduce
from itertools import repeat
from operator import xor
from copy import deepcopy
from typing import TYPE_CHECKING, Any, Dict, List, Optional

from .._diplo import DiploError, Game as _Engine
from .dicts import check_game_dict
from .history import GamePhaseData, Message, SortedDict
from .power import _copy_retreats

if TYPE_CHECKING:
    from . import Game


# A zero for each number looked up and not found (a place the map has not: no number).
_ZEROS = repeat(0)


def _zobrist_numbers(m) -> Dict[str, tuple]:
    """MILA's Zobrist numbers for the map `m`, made once a map: per power (by name), its
    numbers for each unit (`A PAR`), dislodged unit, centre and home. Drawn as MILA draws them:
    Python's generator seeded with the number of locations (impassable ones left out) and the
    supply centres' names (so that a map's derivations share numbers), a number per location
    (sorted) for each table in turn: units by kind, units by power, dislodged units likewise,
    centres and homes by power; a unit's number is its kind's and its power's together."""
    made = m.__dict__.get("_zobrist")
    if made is not None:
        return made
    powers = sorted(m.powers)
    locs = sorted(loc.upper() for loc in m.locs if m.area_type(loc) != "SHUT")
    centres = "-".join(sorted(c.upper() for c in m.scs))
    seed = (12345 + len(locs) + sum(ord(x) * 7 ** i for i, x in enumerate(centres))) % 2 ** 32
    draw = random.Random(seed)

    def table(rows):
        return [[draw.randint(1, sys.maxsize) for _ in locs] for _ in range(rows)]

    kind, units, dis_kind, dis_units = table(2), table(len(powers)), table(2), table(len(powers))
    centre_nums, home_nums = table(len(powers)), table(len(powers))

    def of_units(by_kind, by_power):
        return {"%s %s" % (k, loc): by_kind[f][j] ^ by_power[j]
                for f, k in enumerate("AF") for j, loc in enumerate(locs)}

    made = {p: (of_units(kind, units[i]), of_units(dis_kind, dis_units[i]),
                dict(zip(locs, centre_nums[i])), dict(zip(locs, home_nums[i])))
            for i, p in enumerate(powers)}
    m._zobrist = made
    return made


class _Records:
    """`Game`'s results, phase history, messages, hash and dict form (a part of
    `diplo.mila.Game`)."""

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
        units, retreats, centers = state["units"], state["retreats"], state["centers"]
        homes, influence, disorder, builds = (state["homes"], state["influence"],
                                              state["civil_disorder"], state["builds"])
        adjusting = self.phase_type == "A"
        for p in self.powers.values():
            name = p.name
            if p.retreats:
                units[name] = list(p.units) + ["*" + u for u in p.retreats]
                retreats[name] = _copy_retreats(p.retreats)
            else:
                units[name] = list(p.units)
                retreats[name] = {}
            centers[name] = list(p.centers)
            homes[name] = list(p.homes)
            influence[name] = list(p.influence)
            disorder[name] = p.civil_disorder
            count = len(p.centers) - len(p.units) if adjusting else 0
            sites: List[str] = []
            if count > 0:
                sites = self._build_sites(p)
                count = min(count, len(sites))
            builds[name] = {"count": count, "homes": sites}
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
                    lines.append("%s: %s" % (self._ename(power), order))
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
        """MILA's Zobrist hash of the position (units, dislodged units, centres, homes), as a
        decimal string: the number MILA's `get_hash` gives for the same position on the same
        map (its numbers, drawn from its seed for the map)."""
        # Worked out again only when the board changed: equal boards, equal hashes (a list
        # in another order is only a new key).
        key = self._board_key()
        memo = self.__dict__.get("_hash_memo")
        if memo is not None and memo[0] == key:
            return memo[1]
        numbers = _zobrist_numbers(self.map)
        h = 0
        for p in self.powers.values():
            nums = numbers.get(p.name)
            if nums is None:
                continue
            units, dislodged, centres, homes = nums
            h = reduce(xor, map(units.get, p.units, _ZEROS), h)
            h = reduce(xor, map(dislodged.get, p.retreats, _ZEROS), h)
            h = reduce(xor, map(centres.get, p.centers, _ZEROS), h)
            h = reduce(xor, map(homes.get, p.homes, _ZEROS), h)
        self._hash_memo = (key, str(h))
        return self._hash_memo[1]

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
        """The game as a JSON-able dict in the shape of MILA's `Game.to_dict()` (MILA's
        `Game.from_dict` reads it, and `from_dict` here reads MILA's), with `ruleset`, the
        diplo ruleset that adjudicates, besides."""
        def messages(by_time) -> List[Dict[str, Any]]:
            return [m.to_dict() for m in by_time.values()]
        return {
            "controlled_powers": None, "daide_port": None, "deadline": self.deadline,
            "error": [str(e) for e in self.error], "game_id": self.game_id,
            "map_name": self.map_name,
            "message_history": {str(k): messages(v) for k, v in self.message_history.items()},
            "messages": messages(self.messages), "meta_rules": [], "n_controls": self.n_controls,
            "no_rules": sorted(self.no_rules), "note": self.note, "observer_level": None,
            "order_history": {str(k): v for k, v in self.order_history.items()},
            "outcome": list(self.outcome), "phase": self.phase, "phase_abbr": "",
            "powers": {p.name: p.to_dict() for p in self.powers.values()},
            "registration_password": None,
            "result_history": {str(k): {u: [str(c) for c in cs] for u, cs in v.items()}
                               for k, v in self.result_history.items()},
            "role": self.role, "rules": list(self.rules), "ruleset": self.ruleset,
            "state_history": {str(k): v for k, v in self.state_history.items()},
            "status": self.status, "timestamp_created": self.timestamp_created,
            "victory": list(self.victory), "win": self.win, "zobrist_hash": self.zobrist_hash,
        }

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Game":
        """A game from a dict of MILA's `Game.to_dict()` shape (MILA's or `to_dict`'s), or of
        the shape `to_dict` gave before (`id`, `map`, `state`)."""
        if not isinstance(data, dict):
            check_game_dict(data, [], [])
        game = cls(game_id=data.get("game_id", data.get("id")),
                   map_name=data.get("map_name", data.get("map", "standard")),
                   rules=data.get("rules"), ruleset=data.get("ruleset", "mila"))
        check_game_dict(data, list(game.powers), [])
        phase = data.get("phase")
        if "powers" in data and phase not in (None, "COMPLETED", "FORMING") and \
                game.map.phase_long(game.map.phase_abbr(phase, "?")) != phase.upper():
            raise DiploError("from_dict: `phase`: expected a phase of the map `%s` "
                             "(`SPRING 1901 MOVEMENT`) or `COMPLETED`, found `%s`" % (game.map_name, phase))
        if "powers" not in data:
            return game._from_older_dict(data)
        game._put_history(data)
        powers = data["powers"]
        state = {"name": None if data.get("phase") == "COMPLETED" else game.map.phase_abbr(data["phase"]),
                 "note": data.get("note", "")}
        for field in ("centers", "homes", "influence", "civil_disorder", "retreats"):
            state[field] = {name: p.get(field) for name, p in powers.items() if field in p}
        state["units"] = {name: list(p.get("units", [])) + ["*" + u for u in p.get("retreats", {})]
                          for name, p in powers.items()}
        game.set_state(state, clear_history=False)
        if data.get("phase") == "COMPLETED":
            game.phase, game.phase_type = "COMPLETED", None
        for name, p in powers.items():
            power = game.get_power(name)
            if power is None:
                continue
            power.orders = dict(p.get("orders", {}))
            power.adjust = list(p.get("adjust", []))
            power.order_is_set = p.get("order_is_set", 0)
            power.wait = p.get("wait", power.wait)
        for m in data.get("messages", []):
            game.messages.put(m["time_sent"], Message.from_dict(m))
        game.outcome = list(data.get("outcome", []))
        game.error = list(data.get("error", []))
        game.no_rules = set(data.get("no_rules", ()))
        for field in ("status", "timestamp_created", "deadline", "n_controls", "role"):
            if field in data:
                setattr(game, field, data[field])
        game.clear_cache()
        return game

    def _put_history(self, data: Dict[str, Any]):
        """The phases played, from a dict's `state_history`, `order_history`, `result_history`
        and `message_history`."""
        for name in data.get("state_history", {}):
            msgs = SortedDict()
            for m in data.get("message_history", {}).get(name, []):
                msgs.put(m["time_sent"], Message.from_dict(m))
            self.extend_phase_history(GamePhaseData(
                name, data["state_history"][name], data.get("order_history", {}).get(name, {}),
                data.get("result_history", {}).get(name, {}), msgs))

    def _from_older_dict(game, data: Dict[str, Any]) -> "Game":
        """`game` (new) given the dict `to_dict` gave before it took MILA's shape."""
        game._put_history(data)
        game.set_state(data["state"], clear_history=False)
        if data.get("phase") == "COMPLETED":
            game.phase, game.phase_type = "COMPLETED", None
        else:
            for name, orders in data.get("orders", {}).items():
                game.set_orders(name, orders)
        for m in data.get("messages", []):
            game.add_message(Message.from_dict(m))
        game.note = data.get("note", "")
        game.outcome = list(data.get("outcome", []))
        return game
