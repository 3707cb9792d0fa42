"""diplo: Diplomacy adjudication under any rulebook edition or house rule, on any map.

The native module `diplo._diplo` (Rust) does the work; its names are re-exported here.
`diplo.mila` is a drop-in for the MILA `diplomacy` package's `Game`, `Map` and `Power`.
"""

from ._diplo import (  # noqa: F401
    DiploError,
    Game,
    Power,
    __version__,
    adjudicate,
    from_saved_game_format,
    map_summary,
    mila_rules,
    maps,
    replay,
    rulesets,
    to_saved_game_format,
)

__all__ = [
    "DiploError",
    "Game",
    "Power",
    "__version__",
    "adjudicate",
    "from_saved_game_format",
    "map_summary",
    "mila_rules",
    "maps",
    "replay",
    "rulesets",
    "to_saved_game_format",
]
