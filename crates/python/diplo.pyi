"""diplo: Diplomacy adjudication under any rulebook edition or house rule, on any map.

Types for the native module. Orders are written as diplo reads them; the MILA notation
(`A PAR - BUR`, `A PAR S A MAR - BUR`, `F NTH C A LON - NWY`, `A PAR R BUR`, `A PAR D`,
`A PAR B`, `WAIVE`) is what the possible-order lists use. Every error is a DiploError, a
ValueError whose message names the file or input, line and column, and what was expected.
"""

from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

__version__: str

class DiploError(ValueError):
    """A bad map, ruleset, order, position, game or record."""

Orders = Union[str, Sequence[str]]
Overrides = Union[Mapping[str, str], Sequence[str], None]

class Game:
    """A game on a map under a ruleset: the position, the orders given, the history."""

    def __init__(self, map: str = "standard", ruleset: str = "datc", overrides: Overrides = None) -> None:
        """`map`: a built-in map's name (see `maps()`) or a map file's path; `ruleset`: a profile's
        name (see `rulesets()`) or a ruleset file's path; `overrides`: per-game choices,
        `{"convoy_paradox": "szykman"}` or `["convoy_paradox=szykman"]`."""
    @property
    def map_name(self) -> str: ...
    @property
    def ruleset(self) -> str: ...
    @property
    def powers(self) -> List[str]:
        """The powers, in map order."""
    @property
    def phase(self) -> str:
        """The current phase: `Spring 1901 Movement`."""
    def get_current_phase(self) -> str:
        """MILA's short phase name: `S1901M`, `F1901R`, `W1901A`."""
    @property
    def is_game_done(self) -> bool: ...
    @property
    def outcome(self) -> Optional[Dict[str, Any]]:
        """`{"winner": str | None, "draw": [str], "phase": str, "centres": int}` once ended."""
    def set_orders(self, power: str, orders: Orders) -> None:
        """Sets a power's orders for the phase, replacing those it set before."""
    def process(self) -> None:
        """Adjudicates the phase (powers without orders are in civil disorder) and moves on."""
    def get_results(self) -> List[Dict[str, str]]:
        """The last phase's results: `power`, `order`, `result` (the DATC's words:
        `succeeds`, `fails`, `illegal`, `dislodged` ...), `reason`."""
    def get_state(self) -> Dict[str, Any]:
        """`name` (S1901M), `phase`, `map`, `ruleset`, `units`, `centers`, `homes`,
        `retreats` (unit: options), `builds` (per power: + builds, - removals)."""
    def get_units(self, power: Optional[str] = None) -> Union[Dict[str, List[str]], List[str]]: ...
    def get_centers(self, power: Optional[str] = None) -> Union[Dict[str, List[str]], List[str]]: ...
    def get_all_possible_orders(self) -> Dict[str, List[str]]:
        """Every legal order per orderable location (`PAR`, `STP/SC`)."""
    def get_orderable_locations(self, power: Optional[str] = None) -> Union[Dict[str, List[str]], List[str]]: ...
    def to_toml(self) -> str:
        """The game in diplo's game-file format."""
    @staticmethod
    def from_toml(text: str) -> "Game": ...
    def to_json(self) -> str:
        """The game file's content as JSON."""
    @staticmethod
    def from_json(text: str) -> "Game": ...

def adjudicate(
    position: Union[str, Mapping[str, Any]],
    orders: Orders,
    ruleset: str = "datc",
    map: str = "standard",
    overrides: Overrides = None,
) -> Dict[str, Any]:
    """Adjudicates one phase. `position`: a position file's TOML text, or the same as a dict
    (`{"phase": "Spring 1901 Movement", "units": {"France": ["A par"]}, "centres": {...}}`).
    Returns `{"results": [...], "next": position dict}`. Runs without the GIL."""

def replay(records: Sequence[str], ruleset: str = "droidippy", map: str = "standard", threads: int = 0) -> Dict[str, Any]:
    """Replays godip-format records (their texts) in parallel without the GIL: `passed`,
    `failed`, and per record its mismatches or error."""

def maps() -> List[str]:
    """The built-in maps."""

def rulesets() -> List[str]:
    """The built-in ruleset profiles."""
