"""What `diplo.mila.Game` answers of MILA's hosting API: its rule flags, its status, and its
powers' controllers (a drop-in game is a local one, as MILA's `Game()`: no user controls a
power, every power is a "dummy", the game stays `forming` until it ends)."""

import random
from typing import List, Optional, Set


def _rule(name: str) -> property:
    """A flag that is whether the game has the MILA rule `name`."""
    return property(lambda self: name in self.rules, doc="Whether the game has the rule `%s`." % name)


class _Hosting:
    """MILA's hosting API of `Game` (a part of `diplo.mila.Game`)."""

    civil_disorder = _rule("CIVIL_DISORDER")
    multiple_powers_per_player = _rule("MULTIPLE_POWERS_PER_PLAYER")
    no_observations = _rule("NO_OBSERVATIONS")
    no_press = _rule("NO_PRESS")
    power_choice = _rule("POWER_CHOICE")
    public_press = _rule("PUBLIC_PRESS")
    real_time = _rule("REAL_TIME")
    start_master = _rule("START_MASTER")
    solitaire = _rule("SOLITAIRE")

    is_game_forming = property(lambda self: self.status == "forming", doc="Whether the status is `forming`.")
    is_game_active = property(lambda self: self.status == "active", doc="Whether the status is `active`.")
    is_game_paused = property(lambda self: self.status == "paused", doc="Whether the status is `paused`.")
    is_game_canceled = property(lambda self: self.status == "canceled", doc="Whether the status is `canceled`.")
    is_game_completed = property(lambda self: self.status == "completed", doc="Whether the status is `completed`.")

    @property
    def zobrist_hash(self) -> int:
        """The position's Zobrist hash as a number (`get_hash()` gives it as text)."""
        return int(self.get_hash())

    def set_status(self, status: str):
        """Sets the game's status (`forming`, `active`, `paused`, `completed`, `canceled`)."""
        self.status = status

    def is_dummy(self, power_name: str) -> bool:
        """Whether no user controls the power (always: a local game has no users)."""
        return self.get_power(power_name).is_dummy()

    def is_controlled(self, power_name: str) -> bool:
        """Whether a user controls the power (never)."""
        return self.get_power(power_name).is_controlled()

    def count_controlled_powers(self) -> int:
        """How many powers users control (none)."""
        return sum(1 for p in self.powers.values() if p.is_controlled())

    def get_controlled_power_names(self, username: str) -> List[str]:
        """The powers `username` controls (none)."""
        return []

    def get_expected_controls_count(self) -> int:
        """How many powers users are expected to control: `n_controls`, else every power."""
        return len(self.powers) if self.n_controls is None else self.n_controls

    def get_dummy_power_names(self) -> Set[str]:
        """The powers no user controls and not eliminated."""
        return {p.name for p in self.powers.values() if p.is_dummy() and not p.is_eliminated()}

    def get_dummy_unordered_power_names(self) -> List[str]:
        """The powers no user controls, not eliminated, with places to order and no orders."""
        return [p.name for p in self.powers.values()
                if p.is_dummy() and not p.is_eliminated() and not self.get_orders(p.name)
                and self.get_orderable_locations(p.name)]

    def get_random_power_name(self) -> str:
        """One of `get_dummy_power_names()` at random (a `DiploError` if there is none)."""
        names = sorted(self.get_dummy_power_names())
        if not names:
            from .._diplo import DiploError
            raise DiploError("get_random_power_name: every power is eliminated or controlled")
        return names[random.randint(0, len(names) - 1)]

    def does_not_wait(self) -> bool:
        """Whether every power left has its orders set and does not wait (MILA's test before
        processing a hosted game)."""
        return all(p.is_eliminated() or p.does_not_wait() for p in self.powers.values())

    def get_latest_timestamp(self) -> int:
        """The latest time stamp of the game: its creation, its last state or its messages."""
        latest = self.timestamp_created
        if self.state_history:
            latest = max(int(self.state_history.last_value()["timestamp"]), latest)
        if self.messages:
            latest = max(self.messages.last_key(), latest)
        return latest

    def _finish(self, victors: List[str], phase: Optional[str] = None):
        """Ends the game won (or drawn) by `victors`, as MILA: the outcome (the phase, then the
        victors), the note, no orders or dislodged units left, the status `completed`. The
        phase type stays the last phase's (MILA's state then gives the builds of a game won at
        a winter's start: `{count, homes}` as in that adjustment phase)."""
        self.outcome = [phase or self.get_current_phase()] + list(victors)
        self.note = "Victory by: " + ", ".join(v[:3] for v in victors)
        self.phase = "COMPLETED"
        self.status = "completed"
        for p in self.powers.values():
            p.retreats, p.adjust, p.civil_disorder = {}, [], 0
