"""The orders of `diplo.mila.Game`: set and read in MILA's notation (kept where legal,
reported where not, as MILA does), and the orders possible in a phase."""

from typing import Any, Dict, List, Optional, Union

from .._diplo import DiploError
from .adjudication import _by_unit
from .map import power_key
from .power import ORDER_SET, ORDER_SET_EMPTY, Power


# No order is known to be legal (a power that orders nothing this phase).
_NONE: frozenset = frozenset()


class _Orders:
    """`Game`'s orders and possible orders (a part of `diplo.mila.Game`)."""

    # ---------------------------------------------------------------- orders

    def get_orders(self, power_name: Optional[str] = None):
        """A power's orders for the phase (`A PAR - BUR`), or every power's."""
        if power_name is None:
            return {p.name: self.get_orders(p.name) for p in self.powers.values()}
        power = self.get_power(power_name)
        if self.phase_type == "M":
            if self.no_check:
                return [o for o in power.orders.values() if o]
            return ["%s %s" % (u, o) for u, o in power.orders.items()]
        return [o for o in power.adjust if o and o != "WAIVE" and o.split()[0] != "VOID"]

    def set_orders(self, power_name: str, orders: Union[str, List[str]], expand: bool = True,
                   replace: bool = True):
        """Sets a power's orders for the phase. Each order is checked as it comes: a good one
        is kept (replacing an earlier order to its unit unless `replace` is False), a bad one
        is dropped and reported in `error` (with `NO_CHECK`, kept and void at adjudication)."""
        if self.is_game_done:
            return
        power = self.get_power(power_name)
        if power is None:
            raise DiploError("set_orders: unknown power `%s` (the powers: %s)" % (power_name, ", ".join(self.powers)))
        orders = orders if isinstance(orders, list) else [orders]
        # The orders listed as possible for the power on this very board (None: not listed).
        known = self._known_legal(power)
        quick = known is not None and self.phase_type == "M" and not self.no_check
        if quick and self._set_known(power, orders, expand, replace, known):
            return
        if self.no_check and self.phase_type == "M":
            # As MILA: kept as given (its spacing made single), case and all.
            orders = [" ".join(o.split()) for o in orders if o and o.strip()]
        else:
            orders = [o.strip().upper() for o in orders if o and o.strip()]
        # Typed in other case or spacing, but listed: taken as listed.
        if quick and self._set_known(power, orders, expand, replace, known):
            return
        if self.phase_type == "M":
            # The engine checks the set's orders in one call (an order's legality does not
            # depend on the others); each is then kept or dropped in turn. The units do not
            # move meanwhile: they are looked up by province.
            self._index = self._unit_index()
            try:
                # Each order's MILA words, made once (they depend on the units only).
                normal = {} if self.no_check else {o: self._normal(power, o, expand) for o in orders}
                checked = {} if self.no_check else self._check_many(power, orders, expand, normal, known)
                for order in orders:
                    self._add_movement_order(power, order, expand, replace, checked, normal.get(order))
            finally:
                self._index = None
        elif self.phase_type in ("R", "A") and not orders:
            # As MILA: no orders clear the power's orders.
            power.adjust, power.civil_disorder = [], 0
        elif self.phase_type in ("R", "A"):
            # An order listed as possible on this board is in MILA's words already.
            known = known or _NONE
            checks = _SetChecks(self, power)
            for order in orders:
                text = order if order in known else self._normal(power, order, expand)
                refused = checks.refusal(text)
                if refused:
                    # As MILA: reported, and kept as void (its result is `void`).
                    self.error.append(refused)
                    if text != "WAIVE":
                        power.adjust.append("VOID " + text)
                        continue
                self._add_adjust_order(power, text, replace)
            if self.phase_type == "A":
                self._waive_as_mila(power)
        power.order_is_set = ORDER_SET if self.get_orders(power.name) else ORDER_SET_EMPTY

    def _set_known(self, power: Power, orders: List[str], expand: bool, replace: bool, known: set) -> bool:
        """Sets `orders` if each is in `known`, the texts the engine listed as possible for
        `power` on this very board (`_known_legal`: `get_all_possible_orders`, as a bot picks
        them): each is then in MILA's words already, legal, and orders a unit of the power.
        False (nothing set) otherwise."""
        if not all(type(o) is str and o in known for o in orders):
            return False
        for order in orders:
            if expand and order.count(" ") == 6 and "/" in order:
                order = " ".join(_support_coast(self.map, order.split()))
            a, b, rest = order.split(" ", 2)
            unit = a + " " + b
            if unit in power.orders and not replace:
                self.error.append("Unit %s already ordered" % unit)
                continue
            power.orders[unit] = rest
            if expand:
                self._unexpanded.discard(unit)
            else:
                self._unexpanded.add(unit)
        power.order_is_set = ORDER_SET if power.orders else ORDER_SET_EMPTY
        return True

    def _normal(self, power: Power, order: str, expand: bool, fix_coast: bool = True) -> str:
        """An order's words made as MILA writes them: the unit's type and coast filled in."""
        word = order.replace("(", "/").replace(")", "").split()
        if not word:
            return order
        if expand:
            if word[0] not in ("A", "F") and word[0] != "WAIVE" and len(word) >= 2:
                unit = self._unit_in(word[0])
                if unit:
                    word = [unit[0], unit[2:]] + word[1:]
            if len(word) >= 2 and word[0] in ("A", "F"):
                unit = self._unit_in(word[1])
                if unit and unit[0] == word[0] and self.phase_type != "A" and fix_coast:
                    word[1] = unit[2:]
            # An army's location and destination without a coast (as MILA).
            if word[0] == "A" and len(word) >= 2:
                word[1] = word[1][:3]
                if len(word) == 4 and word[2] in ("-", "R"):
                    word[3] = word[3][:3]
            # A supported or convoyed fleet named without its coast: its coast (as MILA).
            if len(word) >= 5 and word[2] in ("S", "C") and word[3] == "F" and "/" not in word[4]:
                other = self._occupant(word[4], any_coast=1)
                if other and other[0] == "F":
                    word[4] = other[2:]
            if self.phase_type == "R" and len(word) == 4 and word[2] == "-":
                word[2] = "R"
            word = self.map.default_coast(_support_coast(self.map, word))
        return " ".join(word)

    def _unit_in(self, site: str) -> Optional[str]:
        """The unit an order names by its province `site`: in a retreat phase the dislodged
        unit there (not the unit that took its place), else the unit standing there."""
        dislodged = (u for p in self.powers.values() for u in p.retreats if u[2:5] == site[:3])
        if self.phase_type == "R":
            return next(dislodged, None) or self._occupant(site, any_coast=1)
        return self._occupant(site, any_coast=1) or next(dislodged, None)

    def _judge(self, lines: List[str]) -> Dict[str, Any]:
        """The phase adjudicated with `lines` (`POWER: order`) alone on the board as it stands,
        the game not moved: `diplo.adjudicate`'s answer, on the kept engine."""
        return self._engine_at().adjudicate(lines)

    def _check(self, power: Power, order: str, board: Optional[tuple] = None) -> Optional[str]:
        """Why diplo's engine would not carry out `order` by `power` now (None: it would);
        `board`: `_board_key()`, if made already."""
        known = self._known_legal(power, board)
        if known is not None and order in known:
            return None  # listed as possible for this power on this very board
        try:
            out = self._judge(["%s: %s" % (self._ename(power), order)])
        except DiploError as e:
            return str(e)
        for r in out["results"]:
            if r["result"] == "illegal":
                return r["reason"] or "illegal"
        return None

    def _check_many(self, power: Power, orders: List[str], expand: bool,
                    normal: Optional[Dict[str, str]] = None,
                    known: Optional[set] = None) -> Dict[str, Optional[str]]:
        """Why the engine would not carry out each of `orders` (its normal text to the reason,
        None: it would), in one adjudication when every order reads; an order that does not
        read, or a unit ordered twice, is left to be checked alone. `normal`: the orders'
        normal texts, if made already; `known`: `_known_legal(power)`, if asked already."""
        texts = {}
        for order in orders:
            text = normal[order] if normal and order in normal else self._normal(power, order, expand)
            word = text.split()
            unit = " ".join(word[:2])
            if len(word) >= 3 and self._unit_owner(unit) is power and unit not in texts:
                texts[unit] = text
        if not texts:
            return {}
        # Orders the engine listed as possible on this very board are legal: no adjudication.
        known = self._known_legal(power) if known is None else known
        if known is not None and all(t in known for t in texts.values()):
            return {t: None for t in texts.values()}
        try:
            out = self._judge(["%s: %s" % (self._ename(power), t) for t in texts.values()])
        except DiploError:
            return {}
        found = _by_unit(out["results"], list(texts))
        if len(out["results"]) != len(texts):
            return {}
        return {text: (r["reason"] or "illegal") if r["result"] == "illegal" else None
                for text, r in zip(texts.values(), found)}

    def _add_movement_order(self, power: Power, order: str, expand: bool, replace: bool,
                            checked: Optional[Dict[str, Optional[str]]] = None,
                            normal: Optional[str] = None):
        if self.no_check:
            # Kept as given: read (and voided if bad) at adjudication.
            word = order.split()
            if len(word) < 3 and (len(word) < 2 or word[1].upper() != "H"):
                self.error.append("BAD ORDER: %s" % order.upper())
                return
            if replace:
                for key, value in power.orders.items():
                    parts = value.split()
                    if len(parts) >= 2 and parts[1][:3] == word[1][:3]:
                        power.orders[key] = ""
            power.orders["ORDER %d" % (len(power.orders) + 1)] = order
            return
        text = normal if normal is not None else self._normal(power, order, expand)
        word = text.split()
        unit = " ".join(word[:2])
        if self._unit_owner(unit) is not power:
            self.error.append("Unorderable unit: %s" % text)
            return
        if len(word) < 3:
            self.error.append("Bad order: %s" % text)
            return
        why = _coast_refusal(self, word)
        if why is None:
            why = checked[text] if checked and text in checked else self._check(power, text)
        if why is not None:
            self.error.append("Invalid order %s: %s" % (text, why))
            return
        if unit in power.orders and not replace:
            self.error.append("Unit %s already ordered" % unit)
            return
        power.orders[unit] = " ".join(word[2:])
        if expand:
            self._unexpanded.discard(unit)
        else:
            self._unexpanded.add(unit)

    def _waive_as_mila(self, power: Power):
        """As MILA once a power's adjustment orders are set: a waive where the power must
        remove is void; waives beyond the builds it may make are dropped; and the builds it
        does not order are waived (MILA's powers without a player are all "dummies", whose
        missing builds MILA waives)."""
        need = len(power.centers) - len(power.units)
        if need > 0:
            need = min(need, len(self._build_sites(power)))
        if need < 0:
            power.adjust = ["VOID WAIVE" if o == "WAIVE" else o for o in power.adjust]
            return
        while 0 < need < len(power.adjust) and "WAIVE" in power.adjust:
            power.adjust.remove("WAIVE")
        power.adjust.extend(["WAIVE"] * (need - len(power.adjust)))

    def _add_adjust_order(self, power: Power, text: str, replace: bool):
        """Adds a retreat or adjustment order (`text`: in MILA's words, `_normal`)."""
        word = text.split()
        # What MILA refuses when it is set was refused before (`_SetChecks`); an order of
        # another form is kept as void, and the engine judges the rest at adjudication.
        forms = ("B", "D") if self.phase_type == "A" else ("R", "D")
        if text != "WAIVE" and (len(word) < 3 or word[2] not in forms):
            power.adjust.append("VOID " + text)
            return
        if text != "WAIVE":
            same = [o for o in power.adjust if o != "WAIVE" and not o.startswith("VOID ")
                    and o.split()[1][:3] == word[1][:3]]
            if same and not replace:
                return
            power.adjust = [o for o in power.adjust if o not in same]
        power.adjust.append(text)

    # ---------------------------------------------------------------- possible orders

    def get_all_possible_orders(self) -> Dict[str, List[str]]:
        """Every legal order of the phase, by location: every location of the map is a key
        (an empty list where nothing can be ordered), a coast's fleet listed under the
        coast and the province."""
        if self.phase_type not in ("M", "R", "A"):
            return {loc: [] for loc in self.map.locs}
        board = self._board_key()
        engine = self._engine_at(board)
        every = engine.get_all_possible_orders(every_location=True)
        if self._possible is None or self._possible_for != board:
            # Each power's orders, kept for `set_orders` (the orders known to be legal) before
            # the lists are given out (the caller may change them).
            self._possible, self._possible_for = True, board
            self._possible_texts = {}
            for name, locs in engine.get_orderable_locations().items():
                texts: set = set()
                for loc in locs:
                    texts.update(every[loc])
                self._possible_texts[power_key(name)] = texts
        return every

    def _board_key(self) -> tuple:
        """What an order's legality depends on: the phase, every power's units, dislodged
        units, centres and home centres, the rules."""
        # The rules first, the phase, then a tuple a power: its lists, told apart by the
        # numbers between them (no name is a number).
        return (tuple(self.rules), self.phase,
                *[(*p.units, 0, *p.retreats, 1, *p.centers, 2, *p.homes) for p in self.powers.values()])

    def _known_legal(self, power: Power, board: Optional[tuple] = None) -> Optional[set]:
        """The texts of every order the engine listed as possible for `power` on the board as
        it is, if it listed them for this board (`get_all_possible_orders`): each is legal.
        `board`: `_board_key()`, if made already."""
        if self._possible is None or self._possible_for != (self._board_key() if board is None else board):
            return None
        return self._possible_texts.get(power.name, _NONE)

    def get_orderable_locations(self, power_name: Optional[str] = None):
        """The locations a power orders this phase, sorted (or every power's); none for a
        neutral power of the map (diplo's neutral power never orders; MILA has none)."""
        if power_name is None:
            return {p.name: self.get_orderable_locations(p.name) for p in self.powers.values()}
        power = self.get_power(power_name)
        if power.name in self.map.neutral_powers:
            return []
        if self.phase_type == "A":
            count = len(power.centers) - len(power.units)
            if count > 0:
                return sorted(self._build_sites(power))
            if count == 0:
                return []
            return sorted(u[2:5] for u in power.units)
        if self.phase_type == "R":
            return sorted(u[2:5] for u in power.retreats)
        return sorted(u[2:5] for u in power.units)

    def _build_sites(self, power: Power) -> List[str]:
        """Where `power` may build, as MILA has it: its home centres (with `BUILD_ANY`, its
        centres) that it owns and no unit stands in."""
        occupied = {u[2:5] for p in self.powers.values() for u in p.units}
        sites = power.centers if "BUILD_ANY" in self.rules else power.homes
        return [h for h in sites if h in power.centers and h not in occupied]


def _coast_refusal(game, word: List[str]) -> Optional[str]:
    """Why MILA refuses an order for the coasts it names (None: it does not): a fleet's move to
    a coast the province has not (an army's loses the coast), a unit named on a coast it is
    not on, an army convoyed to a coast."""
    if len(word) == 4 and word[0] == "F" and "/" in word[3] and word[3] not in game.map.loc_coasts:
        return "%s has no coast %s" % (word[3][:3], word[3][4:])
    if len(word) >= 5 and word[2] in ("S", "C") and "/" in word[4]:
        if game._unit_owner(word[3] + " " + word[4]) is None:
            return "there is no %s %s to support or convoy" % (word[3], word[4])
    if len(word) == 7 and word[2] == "C" and "/" in word[6]:
        return "an army is convoyed to a province, not to a coast"
    return None


def _support_coast(m, word: List[str]) -> List[str]:
    """A support of a move to a coast (`word`, seven words) written as MILA writes it once
    set: an army's move supported to its province (`... S A MAR - SPA`), a fleet's supported
    by a fleet to the coast the moving fleet can reach if it can reach one only, else to the
    province (`F POR S F MAO - SPA`); an army's support of a fleet names the coast as given."""
    if len(word) != 7 or word[2] != "S" or "/" not in word[6]:
        return word
    if word[3] == "A":
        return word[:6] + [word[6][:3]]
    if word[0] == "F" and word[3] == "F":
        return word[:3] + m.default_coast(word[3:6] + [word[6][:3]])
    return word


class _SetChecks:
    """What MILA refuses when a power's retreat or adjustment orders are set, with MILA's
    words for it: a retreat of a unit not dislodged (or ordered twice in the set), to a place
    not among its options or taken; a build where the power must remove (or a removal where it
    may build), a removal of a unit not the power's, a build off its free home centres, twice
    in one place or of a unit that cannot stand there, a waive where it must remove. The
    engine would judge these void too; MILA tells the caller at once (`error`) and
    `get_orders` leaves them out."""

    def __init__(self, game, power: Power):
        self.game, self.power = game, power
        # The units retreated or removed, and the places built in, by the orders taken so far.
        self.retreated: List[str] = []
        self.removed: List[str] = []
        self.places: List[str] = []
        if game.phase_type == "A":
            self.need = len(power.centers) - len(power.units)
            self.sites = game._build_sites(power) if self.need > 0 else []

    def refusal(self, text: str) -> Optional[str]:
        """MILA's error for `text` (in MILA's words), or None if MILA takes it."""
        word = text.split()
        if self.game.phase_type == "R":
            return self._retreat(word)
        if text == "WAIVE":
            return "WAIVE NOT ALLOWED FOR DISBAND" if self.need < 0 else None
        if len(word) < 2:
            return None  # as MILA: passed over (kept as void)
        if word[-1] in ("B", "D") and word[-1] != ("D" if self.need < 0 else "B"):
            return "ORDER NOT ALLOWED: %s" % text
        if len(word) != 3 or word[2] not in ("B", "D"):
            return "BAD ADJUSTMENT ORDER: %s" % text
        unit = word[0] + " " + word[1]
        if word[2] == "D":
            if unit not in self.power.units:
                return "NO SUCH UNIT: %s" % unit
            if unit in self.removed:
                return "MULTIPLE ORDERS FOR UNIT: %s" % unit
            self.removed.append(unit)
            return None
        site = word[1][:3]
        if site not in self.sites:
            return "INVALID BUILD SITE: %s" % text
        if site in self.places:
            return "MULTIPLE BUILDS IN SITE: %s" % text
        if not self.game.map.is_valid_unit(unit):
            return "INVALID BUILD ORDER: %s" % text
        self.places.append(site)
        return None

    def _retreat(self, word: List[str]) -> Optional[str]:
        if len(word) < 2:
            return None  # as MILA: passed over (kept as void)
        unit = word[0] + " " + word[1]
        dislodged = [u for u in self.power.retreats if u == unit or u.startswith(unit + "/")]
        if not dislodged:
            return "UNIT NOT IN RETREAT: %s" % unit
        if dislodged[0] in self.retreated:
            return "TWO ORDERS FOR RETREATING UNIT: %s" % dislodged[0]
        if len(word) == 4 and word[2] == "R":
            taken = {u[2:5] for p in self.game.powers.values() for u in p.units}
            if word[3] not in self.power.retreats[dislodged[0]] or word[3][:3] in taken:
                return "INVALID RETREAT DESTINATION: %s" % " ".join(word)
        elif len(word) != 3 or word[2] not in ("R", "D"):
            return "BAD RETREAT ORDER: %s" % " ".join(word)
        self.retreated.append(dislodged[0])
        return None
