"""The checks of a game dict before `Game.from_dict` reads it: every problem found, each named
by where it is in the dict and what was expected there, raised at once as one `DiploError`."""

from typing import Any, Dict, List

from .._diplo import DiploError

_MESSAGE_FIELDS = ("sender", "recipient", "message", "time_sent")


class _Problems:
    """The problems found so far, each `where: what was expected, what was found`."""

    def __init__(self):
        self.found: List[str] = []

    def add(self, where: str, expected: str, value: Any):
        self.found.append("`%s`: expected %s, found %s" % (where, expected, _shown(value)))

    def typed(self, data: Dict[str, Any], key: str, kind, expected: str, where: str = "") -> bool:
        """Whether `data[key]`, if there, is a `kind` (else a problem is noted)."""
        if key in data and not isinstance(data[key], kind):
            self.add(where + key, expected, data[key])
            return False
        return True

    def strings(self, value: Any, where: str, expected: str):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.add(where, expected, value)


def _shown(value: Any) -> str:
    text = repr(value)
    return "%s %s" % (type(value).__name__, text if len(text) <= 40 else text[:37] + "...")


def check_game_dict(data: Any, powers: List[str], phases: List[str]) -> None:
    """Raises a `DiploError` naming every problem of `data`, a dict of MILA's `Game.to_dict()`
    shape (or of the drop-in's former one, with `state`): `powers` are the map's power keys,
    `phases` what `phase` may be besides a phase of the map (checked when the game is made)."""
    p = _Problems()
    if not isinstance(data, dict):
        raise DiploError("from_dict: expected a dict (MILA's `Game.to_dict()`), found %s" % _shown(data))
    if "powers" not in data and "state" not in data:
        p.found.append("expected `powers` (MILA's dict) or `state` (the drop-in's former dict): neither is there")
    if "powers" in data and "phase" not in data:
        p.found.append("`phase`: missing (the phase's long name, `SPRING 1901 MOVEMENT`)")
    p.typed(data, "phase", str, "the phase's name (`SPRING 1901 MOVEMENT`) or `COMPLETED`")
    p.typed(data, "state", dict, "the state dict (`get_state()`)")
    for key in ("rules", "outcome", "error"):
        if key in data and data[key] is not None:
            p.strings(data[key], key, "a list of texts")
    if p.typed(data, "powers", dict, "a dict of each power's dict, by name"):
        for name, power in data.get("powers", {}).items():
            where = "powers.%s" % name
            if name not in powers:
                p.add(where, "a power of the map (%s)" % ", ".join(powers), name)
            elif not isinstance(power, dict):
                p.add(where, "the power's dict", power)
            else:
                _check_power(p, power, where + ".")
    for key in ("state_history", "order_history", "result_history", "message_history"):
        if p.typed(data, key, dict, "a dict by phase name (`S1901M`)"):
            for phase, value in data.get(key, {}).items():
                kind = list if key == "message_history" else dict
                if not isinstance(value, kind):
                    p.add("%s.%s" % (key, phase), "a %s" % kind.__name__, value)
                elif key == "message_history":
                    _check_messages(p, value, "%s.%s" % (key, phase))
    if p.typed(data, "messages", list, "a list of message dicts"):
        _check_messages(p, data.get("messages", []), "messages")
    if p.found:
        raise DiploError("from_dict: %d problem%s:\n  %s" % (
            len(p.found), "" if len(p.found) == 1 else "s", "\n  ".join(p.found)))


def _check_power(p: _Problems, power: Dict[str, Any], where: str):
    for key in ("units", "centers", "homes", "influence", "adjust"):
        if key in power:
            p.strings(power[key], where + key, "a list of texts (`A PAR`, `PAR`)")
    if p.typed(power, "retreats", dict, "a dict of each dislodged unit's places", where):
        for unit, places in power.get("retreats", {}).items():
            p.strings(places, "%sretreats.%s" % (where, unit), "a list of places")
    if p.typed(power, "orders", dict, "a dict of each unit's order (`A PAR`: `- BUR`)", where):
        if not all(isinstance(v, str) for v in power.get("orders", {}).values()):
            p.add(where + "orders", "texts as orders", power["orders"])
    if "order_is_set" in power and power["order_is_set"] not in (0, 1, 2):
        p.add(where + "order_is_set", "0, 1 or 2", power["order_is_set"])
    p.typed(power, "civil_disorder", int, "a number", where)
    p.typed(power, "wait", bool, "true or false", where)


def _check_messages(p: _Problems, messages: List[Any], where: str):
    for i, m in enumerate(messages):
        if not isinstance(m, dict) or any(k not in m for k in _MESSAGE_FIELDS):
            p.add("%s[%d]" % (where, i), "a message dict with %s" % ", ".join(_MESSAGE_FIELDS), m)
