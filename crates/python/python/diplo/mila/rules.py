"""MILA's game rules (`README_RULES.txt` of the `diplomacy` package), and which of them are
rules of play: those map onto diplo ruleset choices (overrides); the others are hosting
flags (press, deadlines, who controls what), kept and reported but changing no adjudication.
`NO_CHECK` changes when orders are checked, which is the drop-in's own business: unchecked
orders are stored as given and void at adjudication when the engine cannot carry them out.
"""

from typing import Dict, List

from .._diplo import mila_rules

# Each rule: "+" rules it adds, "-" rules it removes, "!" rules it cannot be used with. The
# ruleset choices a rule stands for are the native module's (`diplo.mila_rules()`, which
# `diplo.Game(rules=...)` reads too).
MILA_RULES: Dict[str, Dict[str, List[str]]] = {
    "POWER_CHOICE": {},
    "MULTIPLE_POWERS_PER_PLAYER": {},
    "NO_OBSERVATIONS": {},
    "SOLITAIRE": {"+": ["NO_DEADLINE", "CD_DUMMIES", "ALWAYS_WAIT"]},
    "START_MASTER": {},
    "NO_PRESS": {"-": ["PUBLIC_PRESS"]},
    "PUBLIC_PRESS": {"-": ["NO_PRESS"]},
    "DONT_SKIP_PHASES": {},
    "IGNORE_ERRORS": {},
    "BUILD_ANY": {},
    "CIVIL_DISORDER": {"+": ["CD_DUMMIES"]},
    "CD_DUMMIES": {},
    "NO_DEADLINE": {},
    "REAL_TIME": {"!": ["ALWAYS_WAIT"]},
    "ALWAYS_WAIT": {"!": ["REAL_TIME"]},
    "PROPOSE_DIAS": {"!": ["NO_DIAS"]},
    "NO_DIAS": {"!": ["PROPOSE_DIAS"]},
    "HOLD_WIN": {},
    "SHARED_VICTORY": {},
    "NO_CHECK": {},
}

# The rules MILA's saved game leaves out (they say how a game is hosted, not played).
RULES_NOT_SAVED = ("SOLITAIRE", "NO_DEADLINE", "CD_DUMMIES", "ALWAYS_WAIT", "IGNORE_ERRORS")

# The rules a MILA game starts with when none are given.
DEFAULT_RULES = ("SOLITAIRE", "NO_PRESS", "IGNORE_ERRORS", "POWER_CHOICE")


def overrides_for(rules: List[str]) -> List[str]:
    """The diplo ruleset choices (`key=choice`) that the MILA rules `rules` stand for."""
    out: List[str] = []
    for rule in rules:
        out += _CHOICES.get(rule, [])
    return out


# The native module's table, read once.
_CHOICES: Dict[str, List[str]] = mila_rules()
