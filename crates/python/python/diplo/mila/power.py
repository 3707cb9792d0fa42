"""`diplo.mila.Power`: a power of a MILA game, its units, centres, retreats and orders kept
as MILA keeps them."""

from copy import deepcopy
from typing import TYPE_CHECKING, Any, Dict, List

from .history import SortedDict

if TYPE_CHECKING:
    from . import Game


# MILA's `order_is_set`: no orders set, an empty set of orders set, orders set.
ORDER_NOT_SET, ORDER_SET_EMPTY, ORDER_SET = 0, 1, 2


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
        self.order_is_set = ORDER_NOT_SET
        # As MILA: a power no user controls waits until told otherwise.
        self.wait = True
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
        self.order_is_set = ORDER_NOT_SET

    def moves_submitted(self) -> bool:
        """Whether the power has given what the phase needs: in a movement phase orders (or
        it has no units), in the others always."""
        if self.game.phase_type != "M":
            return True
        return bool(self.orders or not self.units)

    def does_not_wait(self) -> bool:
        """Whether the phase need not wait for the power: its orders set and `wait` off."""
        return bool(self.order_is_set) and not self.wait

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
        """The power as MILA's `Power.to_dict()` gives it (a local game's: no user controls
        it)."""
        return {"abbrev": self.abbrev, "adjust": list(self.adjust), "centers": list(self.centers),
                "civil_disorder": self.civil_disorder,
                "controller": {str(k): v for k, v in self.controller.items()} or {"0": "dummy"},
                "homes": list(self.homes), "influence": list(self.influence), "name": self.name,
                "order_is_set": self.order_is_set, "orders": dict(self.orders),
                "retreats": _copy_retreats(self.retreats), "role": self.game.role, "tokens": [],
                "units": list(self.units), "vote": self.vote or "neutral", "wait": self.wait}


def _copy_retreats(retreats: Dict[str, Any]) -> Dict[str, Any]:
    """A copy of a power's retreats (a unit to the list of its places) sharing nothing with
    it: as `deepcopy`, without its generic walk, when the places are lists of strings."""
    return {u: (list(v) if type(v) is list else deepcopy(v)) for u, v in retreats.items()}
