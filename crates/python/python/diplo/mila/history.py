"""MILA's phase records kept by `diplo.mila.Game`: the histories' `SortedDict`, `Message`
and `GamePhaseData`."""

from copy import deepcopy
from typing import Any, Dict

from .map import Map


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


def _phase_sort_key(game_map: Map):
    return lambda name: game_map.phase_key(str(name))
