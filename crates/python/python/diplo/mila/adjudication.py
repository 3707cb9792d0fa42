"""The adjudication of `diplo.mila.Game`'s phases by diplo's engine, and its results in
MILA's codes."""

from typing import Any, Dict, List, Optional

from .history import GamePhaseData, SortedDict
from .map import power_key

OK, NO_CONVOY, BOUNCE, VOID, CUT = "", "no convoy", "bounce", "void", "cut"
DISLODGED, DISRUPTED, DISBAND = "dislodged", "disrupted", "disband"


class _Adjudication:
    """`Game.process` and what it needs (a part of `diplo.mila.Game`)."""

    # ---------------------------------------------------------------- adjudication

    def process(self):
        """Adjudicates the phase with diplo's engine and moves to the next one; returns the
        phase's data (`GamePhaseData`) as it was before."""
        if self.is_game_done:
            return None
        previous_phase = self.current_short_phase
        previous_orders = self.get_orders()
        previous_messages = self.messages.copy()
        previous_state = self.get_state()
        self.error = []
        # As MILA: where no power owns a centre (`clear_centers`), each power's home centres
        # are its own when the centres are next taken (lent now, taken back if not taken yet).
        lent = self.phase_type in "MR" and not any(p.centers for p in self.powers.values())
        if lent:
            for p in self.powers.values():
                p.centers = list(p.homes)
        year = self.phase.split()[1] if self.phase else None
        if self.phase_type == "M":
            results = self._process_movement()
        elif self.phase_type == "R":
            results = self._process_retreats()
        else:
            results = self._process_adjustments()
        taken = self.phase_type == "A" or self.is_game_done or self.phase.split()[1] != year
        if lent and not taken:
            for p in self.powers.values():
                p.centers = []
        self.result_history.put(previous_phase, results)
        self.clear_orders()
        self.messages = SortedDict()
        self.order_history.put(previous_phase, previous_orders)
        self.message_history.put(previous_phase, previous_messages)
        self.state_history.put(previous_phase, previous_state)
        self._check_end()
        return GamePhaseData(name=previous_phase, state=previous_state, orders=previous_orders,
                             messages=previous_messages, results=results)

    def _run(self, lines: List[str], mila_codes: bool = False) -> Dict[str, Any]:
        """The phase adjudicated by diplo's engine with `lines` (`POWER: order`): the results
        (and with `mila_codes` the results in MILA's codes) and the next position, where the
        engine then stands (`_read_position(..., engine_there=True)` says so once the game has
        taken it)."""
        out = self._engine_at().adjudicate(lines, advance=True, mila_codes=mila_codes)
        self._engine_key = None
        return out

    def _process_movement(self) -> Dict[str, List[str]]:
        results: Dict[str, List[str]] = {}
        self.command, self.ordered_units, self.dislodged, self.popped = {}, {}, {}, []
        self._destroyed = []
        owners = {u: p for p in self.powers.values() for u in p.units}
        no_check = self.no_check
        given: List[tuple] = []  # (power, unit, order text, the unit as the order wrote it)
        for power in self.powers.values():
            self.ordered_units[power.name] = []
            for key, order in power.orders.items():
                if not order:
                    continue
                if no_check:
                    # Kept as given (`a par - bur`), read in upper case as MILA reads it. A
                    # void order is reported under the unit as written (`F SPA/SC` for a
                    # fleet on the north coast); the engine reads it with the coast set right.
                    order = order.upper()
                    written = " ".join(self._normal(power, order, True, fix_coast=False).split()[:2])
                    text = self._normal(power, order, True)
                    unit = " ".join(text.split()[:2])
                else:
                    text = "%s %s" % (key, order)
                    written = key
                    # The unit is the key (`A PAR`) when the key is two words.
                    word = key.split()
                    unit = key if len(word) == 2 and key == word[0] + " " + word[1] else " ".join(text.split()[:2])
                given.append((power, unit, text, written))
        # One order per unit (the last). As MILA (with `NO_CHECK`): an order to another
        # power's unit, or to no unit (none of that kind there), has no result of its own.
        by_unit: Dict[str, tuple] = {}
        for power, unit, text, written in given:
            if owners.get(unit) is not power:
                continue
            if no_check and self._check(power, text) is not None:
                results.setdefault(written, [])
                if VOID not in results[written]:
                    results[written].append(VOID)
                by_unit.pop(unit, None)
                continue
            by_unit[unit] = (power, text)
        for unit, power in owners.items():
            self.command[unit] = by_unit[unit][1].split(" ", 2)[2] if unit in by_unit else "H"
            results.setdefault(unit, [])
            if unit in by_unit:
                self.ordered_units[power.name].append(unit)
        # Unexpanded, as MILA: a support naming a coast the supported move does not name
        # supports nothing (void). (Expanded, MILA puts a fleet's support on the move's coast:
        # the `mila` ruleset's `support_coast = "fleets-ignored"`.)
        for unit in [u for u in by_unit if u in self._unexpanded] if self._unexpanded else ():
            word = by_unit[unit][1].split()
            if len(word) == 7 and word[2] == "S" and "/" in word[6]:
                move = by_unit.get(" ".join(word[3:5]), (None, ""))[1].split()
                if not move or move[-1] != word[6]:
                    results[unit].append(VOID)
                    del by_unit[unit]
                    self.ordered_units[owners[unit].name].remove(unit)
        lines = ["%s: %s" % (self._ename(p), t) for p, t in by_unit.values()]
        out = self._run(lines, mila_codes=True)
        texts = list(by_unit.items())
        out["results"] = _by_unit(out["results"], [u for u, _ in texts])
        # MILA's codes of the orders the engine adjudicated, worked out by diplo's library as
        # MILA works them out (the supports and convoys of a failed convoy, supports against
        # one's own unit, convoys not used, units dislodged): the saved game's codes too.
        for unit, codes in out["codes"].items():
            have = results.setdefault(unit, [])
            for code in codes:
                if code not in have:
                    have.append(code)
        moved = {unit for unit in by_unit if not results[unit] and self.command[unit][:2] == "- "}
        for unit, power in owners.items():
            if unit in moved:
                self._visit(power, self.command[unit].split()[1][:3])
        # As MILA: each unit that moved leaves its place in its power's list for the end, in
        # the order of the list.
        arrived: Dict[str, List[str]] = {}
        for unit, power in owners.items():
            if unit in moved:
                arrived.setdefault(power.name, []).append(self.command[unit].split()[1][:3])
        self._read_position(out["next"], engine_there=True, arrived=arrived, left=moved)
        for unit, d in self._attackers.items():
            self.dislodged[unit] = d["attacker_from"].upper()[:3]
            if DISLODGED not in results.setdefault(unit, []):
                results[unit].append(DISLODGED)
        # A unit gone without retreat (destroyed: nowhere to go) was dislodged too.
        attackers = {}
        for r, (unit, _) in zip(out["results"], texts):
            if "destroyed" in r["result"] or "dislodged" in r["result"]:
                by = r["reason"].split("dislodged by ", 1)
                if len(by) == 2:
                    name = by[1].split(",")[0].split(";")[0].strip()[2:].upper()
                    attackers[unit] = self.map.loc_name.get(name, name[:3])
        still = {(p.name, u) for p in self.powers.values() for u in p.units}
        for unit, power in owners.items():
            if (power.name, unit) not in still and unit not in moved and unit not in self._attackers:
                self.popped.append(unit)
                self._destroyed.append(unit)
                winner = next((m for m in moved if self.command[m].split()[1][:3] == unit[2:5]), "")
                self.dislodged[unit] = attackers.get(unit) or winner[2:5]
                if DISLODGED not in results[unit]:
                    results[unit].append(DISLODGED)
        self.result = results
        return results

    def _process_retreats(self) -> Dict[str, List[str]]:
        results: Dict[str, List[str]] = {}
        # As MILA: the units the movement phase destroyed for want of a retreat stay dislodged
        # until the retreats, which disband them.
        destroyed, self._destroyed = self._destroyed, []
        self.dislodged = {}
        dislodged = {u: p for p in self.powers.values() for u in p.retreats}
        for unit in dislodged:
            results[unit] = []
        lines, units = [], []
        board = self._board_key()
        for power in self.powers.values():
            for order in power.adjust:
                if order.startswith("VOID "):
                    unit = " ".join(order.split()[1:3])
                    results.setdefault(unit, []).append(VOID)
                    continue
                word = order.split()
                unit = " ".join(word[:2])
                if dislodged.get(unit) is not power or len(word) < 3 or self._check(power, order, board) is not None:
                    results.setdefault(unit, [])
                    if VOID not in results[unit]:
                        results[unit].append(VOID)
                    continue
                if unit in units:
                    i = units.index(unit)
                    del units[i], lines[i]
                lines.append("%s: %s" % (self._ename(power), order))
                units.append(unit)
        out = self._run(lines)
        out["results"] = _by_unit(out["results"], units)
        for unit, r in zip(units, out["results"]):
            if r["result"] == "fails":
                results[unit].append(BOUNCE)
            elif r["result"] in ("illegal", "invalid"):
                results[unit].append(VOID)
        # As MILA: a unit that retreated comes last in its power's list, in the order given.
        self._read_position(out["next"], engine_there=True, arrived=_places(lines))
        after = {u for p in self.powers.values() for u in p.units}
        self.popped = []
        for unit in dislodged:
            moved = next((t for u, t in zip(units, lines) if u == unit), None)
            arrived = moved is not None and " R " in moved and \
                _unit_key(moved.split(": ", 1)[1].split()[0] + " " + moved.split()[-1]) in after
            if not arrived:
                self.popped.append(unit)
                results[unit].append(DISBAND)
            else:
                self._visit(dislodged[unit], moved.split()[-1][:3])
        for unit in destroyed:
            if DISBAND not in results.setdefault(unit, []):
                results[unit].append(DISBAND)
        self.result = results
        return results

    def _process_adjustments(self) -> Dict[str, List[str]]:
        results: Dict[str, List[str]] = {}
        lines, units = [], []
        board = self._board_key()
        for power in self.powers.values():
            for order in power.adjust:
                if order.startswith("VOID "):
                    results.setdefault(" ".join(order.split()[1:3]), []).append(VOID)
                    continue
                if order == "WAIVE":
                    # As MILA: a waive is reported void (it orders no unit).
                    results.setdefault("WAIVE", []).append(VOID)
                    continue
                word = order.split()
                unit = " ".join(word[:2])
                why = self._check(power, order, board)
                if why is not None and "may build only" not in why and "may remove only" not in why:
                    results.setdefault(unit, []).append(VOID)
                    continue
                lines.append("%s: %s" % (self._ename(power), order))
                units.append(unit)
        out = self._run(lines)
        for unit, r in zip(units, out["results"]):
            code = OK if r["result"] == "succeeds" else VOID
            results.setdefault(unit, []).append(code)
        before = {u for p in self.powers.values() for u in p.units}
        # As MILA: a unit built comes last in its power's list, in the order given.
        self._read_position(out["next"], engine_there=True, arrived=_places(lines))
        after = {u for p in self.powers.values() for u in p.units}
        # As MILA: a unit the rules remove (civil disorder) is removed by an order MILA makes
        # for the power, which succeeds (`''`).
        for unit in before - after:
            if unit not in units:
                results.setdefault(unit, []).append(OK)
        # As MILA: the units the movement phase before destroyed for want of a retreat, with
        # no retreat phase between (none could retreat), are disbanded now.
        for unit in self._destroyed:
            if DISBAND not in results.setdefault(unit, []):
                results[unit].append(DISBAND)
        self._destroyed = []
        self.popped = []
        self.result = results
        return results

    def _keep_mila_order(self, before: Dict[str, List[str]], arrived: Dict[str, List[str]],
                         left) -> None:
        """Each power's units (as the engine gave them) in the order MILA keeps them: the units
        of `before` (its lists before the phase) still where they were, in that order, then
        those that arrived at the provinces of `arrived` (by power, in MILA's order), then any
        other. `left`: the units of `before` that left their place (another unit may have
        taken it since)."""
        for power in self.powers.values():
            now, old = power.units, before.get(power.name, [])
            if not now:
                continue
            if power.name not in arrived and len(now) == len(old) and set(now) == set(old):
                power.units = old  # none of its units moved: its list as it was
                continue
            by_place = {u[2:5]: u for u in now}
            added = [by_place[p] for p in arrived.get(power.name, ()) if p in by_place]
            taken = set(added)
            here = set(now)
            kept = [u for u in old if u in here and u not in left and u not in taken]
            listed = set(kept) | taken
            power.units = kept + added + [u for u in now if u not in listed]

    def _check_end(self):
        """Ends the game when a power has enough centres, or at the draw year."""
        if self.phase_type == "R":
            return
        counts = {p.name: len(p.centers) for p in self.powers.values()}
        top = max(counts.values(), default=0)
        winners = [n for n, c in counts.items() if c >= self.win and c == top]
        if "SHARED_VICTORY" not in self.rules and len(winners) > 1:
            winners = []
        year = int(self.get_current_phase()[1:-1])
        if winners:
            self._finish(winners)
        elif self.phase_type == "M" and year > self.map.first_year + 99:
            # As MILA: a game still going after a hundred years is drawn among the survivors
            # at the winter of its last year.
            alive = [p.name for p in self.powers.values() if not p.is_eliminated()]
            self._finish(alive, "W%dA" % (year - 1))

    def draw(self, winners: Optional[List[str]] = None):
        """Ends the game in a draw among `winners` (every power left by default)."""
        winners = winners or [p.name for p in self.powers.values() if not p.is_eliminated()]
        self._finish(winners)


def _places(lines: List[str]) -> Dict[str, List[str]]:
    """The province each order of `lines` (`POWER: A PAR R BUR`, `POWER: A PAR B`) puts a
    unit in, by power, in their order: a retreat's destination, a build's place."""
    out: Dict[str, List[str]] = {}
    for line in lines:
        power, order = line.split(": ", 1)
        word = order.split()
        if len(word) == 4 and word[2] in ("R", "-"):
            out.setdefault(power_key(power), []).append(word[3][:3])
        elif len(word) == 3 and word[2] == "B":
            out.setdefault(power_key(power), []).append(word[1][:3])
    return out


def _unit_key(unit: str) -> str:
    """`A par`, `F stp/sc` -> `A PAR`, `F STP/SC`."""
    return unit.upper()


def _by_unit(results: List[Dict[str, str]], units: List[str]) -> List[Dict[str, str]]:
    """diplo's results put in the order of `units` (each result found by the unit its order
    names); a unit with no result of its own gets an empty one."""
    if len(results) == len(units):
        # Mostly each result is the one of the order at its place: taken as they are.
        for r, unit in zip(results, units):
            order = r["order"]
            n = len(unit)
            if order[:n].upper() != unit or order[n:n + 1] not in ("", " "):
                break
        else:
            return results
    found: Dict[str, Dict[str, str]] = {}
    for r in results:
        word = r["order"].upper().split()
        if len(word) >= 2:
            found.setdefault(" ".join(word[:2]), r)
    out = []
    for i, unit in enumerate(units):
        r = found.get(unit)
        if r is None:
            r = results[i] if i < len(results) else {"order": unit, "result": "", "reason": ""}
        out.append(r)
    return out

