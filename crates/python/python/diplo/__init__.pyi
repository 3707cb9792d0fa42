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

class Power:
    """A power of a game (`game.powers["France"]`), read from the game's current position each
    time: `power.units` or `power["units"]` (so `dict(power)` gives the four keys)."""
    @property
    def name(self) -> str: ...
    @property
    def units(self) -> List[str]:
        """`A PAR`, `F STP/SC`, in board order."""
    @property
    def centers(self) -> List[str]:
        """Supply centres owned, in province order."""
    @property
    def homes(self) -> List[str]: ...
    def is_eliminated(self) -> bool:
        """No units, no supply centres and no dislodged units left."""
    def __getitem__(self, key: str) -> Any:
        """`name`, `units`, `centers` or `homes`; any other key raises `KeyError`."""
    def keys(self) -> List[str]: ...

class Game:
    """A game on a map under a ruleset: the position, the orders given, the history."""

    def __init__(
        self,
        map: str = "standard",
        ruleset: str = "datc",
        overrides: Overrides = None,
        map_name: Optional[str] = None,
        rules: Optional[Sequence[str]] = None,
        draw_on_stalemate_years: Optional[int] = None,
    ) -> None:
        """`map` (or MILA's `map_name`): a built-in map's name (see `maps()`) or a map file's
        path; `ruleset`: a profile's name (see `rulesets()`) or a ruleset file's path;
        `overrides`: per-game choices, `{"convoy_paradox": "szykman"}` or
        `["convoy_paradox=szykman"]`; `rules`: MILA's rule names (`NO_PRESS` ...: see
        `mila_rules()`), kept in the saved game; `BUILD_ANY` sets the ruleset's `builds`
        choice, the others change no adjudication; a name MILA does not know is refused;
        `draw_on_stalemate_years`: see the property."""
    @property
    def draw_on_stalemate_years(self) -> Optional[int]:
        """The survivors share a draw (`outcome["by"] == "stalemate"`) once no supply centre
        has changed hands for this many whole years, as dipcc's option; None: never. Settable
        until the game ends (0 is refused); kept in the game file and pickles."""
    @draw_on_stalemate_years.setter
    def draw_on_stalemate_years(self, years: Optional[int]) -> None: ...
    @property
    def map_name(self) -> str: ...
    @property
    def ruleset(self) -> str: ...
    @property
    def powers(self) -> Dict[str, "Power"]:
        """The powers in map order, name to `Power` (as MILA's `game.powers`): the same dict
        each time; each power reads the game's current position when asked."""
    @property
    def phase(self) -> str:
        """The current phase: `Spring 1901 Movement`."""
    def get_current_phase(self) -> str:
        """MILA's short phase name: `S1901M`, `F1901R`, `W1901A`."""
    @property
    def is_game_done(self) -> bool: ...
    @property
    def outcome(self) -> Optional[Dict[str, Any]]:
        """`{"winner": str | None, "draw": [str], "phase": str, "centres": int, "by": str}` once ended
        (`by`: "victory", "last-year", "draw-vote", "concession" or "stalemate")."""
    def set_orders(self, power: str, orders: Orders) -> None:
        """Sets a power's orders for the phase, replacing those it set before. A neutral
        power never orders: its orders are refused, and no orders (`[]`) change nothing."""
    def process(self) -> None:
        """Adjudicates the phase (powers without orders are in civil disorder) and moves on."""
    def mila_results(self) -> Dict[str, List[str]]:
        """The last phase processed's results in MILA's codes, every unit of it a key
        (`{"A PAR": [], "A MAR": ["bounce"]}`): that phase's `results` in
        `to_saved_game_format()`, without writing the game. Empty before the first phase."""
    def get_results(self) -> List[Dict[str, str]]:
        """The last phase's results: `power`, `order`, `result` (the DATC's words:
        `succeeds`, `fails`, `illegal`, `dislodged` ...), `reason`."""
    def get_state(self) -> Dict[str, Any]:
        """`name` (S1901M), `phase`, `map`, `ruleset`, `units`, `centers`, `homes`,
        `retreats` (unit: options), `builds` (per power: + builds, - removals)."""
    def get_units(self, power: Optional[str] = None) -> Union[Dict[str, List[str]], List[str]]: ...
    def get_centers(self, power: Optional[str] = None) -> Union[Dict[str, List[str]], List[str]]: ...
    def get_all_possible_orders(self, every_location: bool = False) -> Dict[str, List[str]]:
        """Every legal order per orderable location (`PAR`; `STP` also for a fleet on a coast).
        `every_location=True`: MILA's shape, every location of the map a key in the map's
        order (an empty list where nothing is ordered; a unit's orders under its coast too;
        a support of a fleet's move into a province of several coasts also naming each coast
        the fleet can reach, and a coast where a fleet may be built listing that build and
        `WAIVE`: the orders MILA lists)."""
    def get_orderable_locations(self, power: Optional[str] = None) -> Union[Dict[str, List[str]], List[str]]:
        """The locations each power orders this phase (or one power's list); a neutral
        power's are never listed: it never orders (`set_orders` refuses it)."""
    def set_position(self, position: Union[str, Mapping[str, Any]]) -> None:
        """Replaces the position (TOML text, or a dict in the shape `diplo.adjudicate` takes
        and `position()` gives); the orders given for the phase are dropped, the history kept."""
    def adjudicate(self, orders: Union[str, Sequence[str]], advance: bool = False,
                   mila_codes: bool = False) -> Dict[str, Any]:
        """The current phase adjudicated with `orders` alone (not the orders set): the same
        answer as `diplo.adjudicate` with this game's map, ruleset and position, `next` and
        `results`. `advance=True` then puts the game at the next position (as `set_position`).
        `mila_codes=True` adds `codes`: the results in MILA's codes, every unit a key (as a
        saved game's `results`; a retreat or adjustment phase's without the units the movement
        phase before destroyed for want of a retreat)."""
    def position(self) -> Dict[str, Any]:
        """The current position as a dict: `phase`, `units`, `centres`, `dislodged`, ..."""
    def render(self, incl_orders: bool = False, orders: Union[None, str, Sequence[str]] = None,
               output_format: str = "svg", output_path: Optional[str] = None) -> Union[str, bytes]:
        """A picture of the current position (retreat options in a retreat phase), the same as
        `diplo game show --render FILE.svg`: with the orders given so far (`incl_orders`) or
        `orders` drawn; `svg` text or `png` bytes; also written to `output_path` if given."""
    def to_toml(self) -> str:
        """The game in diplo's game-file format."""
    @staticmethod
    def from_toml(text: str) -> "Game": ...
    def to_json(self) -> str:
        """The game file's content as JSON."""
    @staticmethod
    def from_json(text: str) -> "Game": ...
    def to_saved_game_format(self) -> Dict[str, Any]:
        """The game in the MILA package's saved-game format, as MILA writes it: each phase's
        orders, results in MILA's codes (every unit a key: `[]`, `bounce`, `cut`, `void`,
        `no convoy`, `dislodged`, `disband`, `''` for a build or removal made) and state
        (units, centres, homes, retreat options, builds and where, influence)."""
    def scores(self, system: str = "sum-of-squares") -> Dict[str, float]:
        """Each power's score from the centres it owns: `sum-of-squares` (centres squared over
        the sum of every power's squares) and `draw-size` (the powers owning a centre share
        equally), as fractions adding to 1; `c-diplo` in points (a point a centre, 38, 14 and
        7 to the first three powers by centres, tied powers sharing their ranks' points). A
        solo takes everything (1, or 100 points)."""
    def board_hash(self) -> int:
        """A 64-bit hash of the position (phase, units, dislodged units, centre owners),
        stable from run to run: equal positions hash equal."""
    def order_history_hash(self) -> int:
        """A 64-bit hash of every phase's orders, stable from run to run."""
    @property
    def import_notes(self) -> List[str]:
        """What `from_saved_game_format` passed over in making this game, each naming the
        record's phase (`` `S1903M`: AUSTRIA's `F TRI - ADR` dropped: ... ``); empty otherwise,
        and not kept by copies or pickles."""
    def clone_n_times(self, n: int) -> List["Game"]:
        """`n` independent copies of the game (history and orders given included); at most
        100,000 a call."""
    def to_saved_game_json(self) -> str:
        """The saved-game format as one line of JSON text, without making the dict."""

def to_saved_game_format(game: Game, output_path: Optional[str] = None, output_mode: str = "a") -> Dict[str, Any]:
    """MILA's saved-game dict; with `output_path`, also appended to the file as one JSON line."""

def from_saved_game_format(saved_game: Union[str, Mapping[str, Any]], ruleset: str = "mila") -> Game:
    """A game from a MILA, Cicero or dipcc saved game: its orders adjudicated again, phase by
    phase, under `ruleset`: `mila` (MILA's readings, which adjudicated MILA's records) by
    default, so that it ends where that ruleset's rules take it. A recorded order whose unit
    those rules put elsewhere is dropped, and a retreat or adjustment phase they skip (dipcc's
    retreat phase for a unit with nowhere to go) passed over: both listed in the game's
    `import_notes`. An order that cannot be read, or a movement phase out of step, is an error."""

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
    """Replays records (their texts: godip's format or MILA saved-game JSON) in parallel
    without the GIL: `passed`,
    `failed`, and per record its mismatches or error."""

def map_summary(name: str) -> Dict[str, Any]:
    """A map (built-in name or file path) by name: `name`, `first_year`, `powers`, `provinces`
    (terrain, supply centre, coasts, army and fleet neighbours)."""

def mila_rules() -> Dict[str, List[str]]:
    """MILA's rule names, each with the ruleset choices (`key=choice`) it stands for."""

def maps() -> List[str]:
    """The built-in maps."""

def rulesets() -> List[str]:
    """The built-in ruleset profiles."""

def process_multi(games: Sequence[Game], threads: int = 0, keep_awake_us: int = 0) -> None:
    """Adjudicates the current phase of every game (as `game.process()` on each) on `threads`
    threads (0: one per core) with the GIL released: dipcc's `ThreadPool.process_multi`. A
    game listed twice, or an item that is not a `Game`, is refused before anything is done; a
    game that cannot be processed (it has ended) is left as it was and named in the
    DiploError raised after the others are processed. `keep_awake_us`: how long (at most a
    second) the pool's threads stay awake after the call, spinning, waiting for the next one,
    which then need not wake them (tens of microseconds on some machines); 0, the default:
    they sleep at once."""

def board_layout(map: str = "standard", layout: str = "general") -> "tuple[List[str], List[str]]":
    """The rows (locations, `STP/NC`) and columns (features) of `encode_board`'s array for a
    map. `dipcc`: the standard map's 81 locations in dipcc's order and its 38 features
    (dipcc's board encoding version 2); `general`: any map's provinces in map order
    (impassable ones left out), each multi-coast province followed by its coasts. The
    features, N the number of powers (alphabetical for `dipcc`, map order for `general`):
    `army`, `fleet`, `unit_POWER` (N), `buildable`, `removable`, `dislodged_army`,
    `dislodged_fleet`, `dislodged_POWER` (N), `land`, `water`, `coast`, `centre_POWER` (N),
    `centre_unowned`, `home_POWER` (N)."""

def encode_board(game: Game, layout: str = "general") -> Any:
    """The game's board as a numpy float32 array of `board_layout`'s rows and columns, 0.0 or
    1.0. A unit (or dislodged unit) on a coast marks its coast and its province; a centre's
    owner marks the province and its coasts; a home centre the province only; `buildable`
    the provinces where a build is possible and `removable` the units of a power that must
    remove some, in an adjustment phase. Needs numpy (a DiploError says so)."""

def order_vocabulary(map: str = "standard") -> List[str]:
    """Every order a unit could be given on the map, in MILA's notation, in a fixed order (an
    order's index is its number): holds, moves, convoyed moves, supports, convoys between
    the coasts of a fleet's body of water, retreats, disbands, builds on supply centres,
    `WAIVE`. It depends on the map alone; every order `get_all_possible_orders` gives is in
    it (34,738 orders on the standard map)."""

def encode_orders(orders: Sequence[str], map: str = "standard") -> Any:
    """The orders' numbers in `order_vocabulary(map)` as a numpy int64 array; every order not
    in it is named in one DiploError. Needs numpy."""

def decode_orders(numbers: Sequence[int], map: str = "standard") -> List[str]:
    """The orders numbered `numbers` (the reverse of `encode_orders`); every number out of
    range is named in one DiploError."""
