"""diplo: Diplomacy adjudication under any rulebook edition or house rule, on any map.

The native module `diplo._diplo` (Rust) does the work; its names are re-exported here.
`diplo.mila` is a drop-in for the MILA `diplomacy` package's `Game`, `Map` and `Power`.
The encodings for neural networks (`encode_board`, `encode_orders`, `decode_orders`) hand
back numpy arrays: numpy is needed for them alone, and imported when they are first called.
"""

from ._diplo import (  # noqa: F401
    DiploError,
    Game,
    Power,
    __version__,
    adjudicate,
    board_layout,
    from_saved_game_format,
    map_summary,
    mila_rules,
    maps,
    order_vocabulary,
    process_multi,
    replay,
    rulesets,
    to_saved_game_format,
)
from ._diplo import encode_board_bytes as _encode_board_bytes

__all__ = [
    "DiploError",
    "Game",
    "Power",
    "__version__",
    "adjudicate",
    "board_layout",
    "decode_orders",
    "encode_board",
    "encode_orders",
    "from_saved_game_format",
    "map_summary",
    "mila_rules",
    "maps",
    "order_vocabulary",
    "process_multi",
    "replay",
    "rulesets",
    "to_saved_game_format",
]


def _numpy():
    """numpy, or a DiploError saying how to get it."""
    try:
        import numpy
    except ImportError:
        raise DiploError(
            "the encodings hand back numpy arrays, and numpy is not installed: pip install numpy"
        ) from None
    return numpy


def encode_board(game, layout="general"):
    """The board of `game` as a numpy float32 array, one row per location and one column per
    feature: layout "dipcc" (the standard map, 81 x 38, dipcc's board encoding version 2) or
    "general" (any map); `board_layout` names the rows and columns."""
    numpy = _numpy()
    data, rows, width = _encode_board_bytes(game, layout)
    return numpy.frombuffer(data, dtype=numpy.float32).reshape(rows, width).copy()


_VOCABULARIES = {}


def _index(map):
    """The map's vocabulary and its order-to-number dict, made once per map."""
    if map not in _VOCABULARIES:
        words = order_vocabulary(map)
        _VOCABULARIES[map] = (words, {w: i for i, w in enumerate(words)})
    return _VOCABULARIES[map]


def encode_orders(orders, map="standard"):
    """The numbers of `orders` (MILA's notation, as `get_all_possible_orders` gives them) in
    the map's `order_vocabulary`, as a numpy int64 array. Every order not in it is named in
    one DiploError."""
    numpy = _numpy()
    _, index = _index(map)
    numbers, unknown = [], []
    for i, order in enumerate(orders):
        n = index.get(" ".join(str(order).upper().split()))
        if n is None:
            unknown.append("orders[%d]: `%s` is not in map `%s`'s vocabulary" % (i, order, map))
        numbers.append(n)
    if unknown:
        raise DiploError("\n".join(unknown))
    return numpy.array(numbers, dtype=numpy.int64)


def decode_orders(numbers, map="standard"):
    """The orders numbered `numbers` in the map's `order_vocabulary` (the reverse of
    `encode_orders`). Every number out of range is named in one DiploError."""
    words, _ = _index(map)
    out, bad = [], []
    for i, n in enumerate(numbers):
        n = int(n)
        if 0 <= n < len(words):
            out.append(words[n])
        else:
            bad.append("numbers[%d]: %d is not 0 to %d" % (i, n, len(words) - 1))
    if bad:
        raise DiploError("\n".join(bad))
    return out
