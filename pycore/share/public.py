"""The players' view of a fight: the order strip, whose turn it is, names, the conditions
anyone at the table can see and the last result in words; never HP, Luck, TNs, skills or dice.

It is what the GM's device shows on a second screen and what a player's phone gets from a QR
snapshot, so it is built from a saved fight section alone, by its system (the descriptor's
``FightPlaces.public``: ``pycore.systems.<system>.fight.players``, Aftermath's
``fight.public``) in the one shape here; which one to show is ``public_pick``'s.

>>> order = [fighter_row("a", "Ana", "ok", True), fighter_row("b", "Bo", "ok", False)]
>>> view = fight_view("simply", 1, order, "Ana attacks Bo → hit")
>>> str(PublicFight.of(view))
'Turn 1: Ana to act (Ana, Bo). Ana attacks Bo → hit'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from pycore.errors import RuleError
from pycore.step import seen as seen  # the other systems' views read it here
from pycore.systems.system import SYSTEM_KEYS, system, systems
from pycore.validate import checked, is_whole

MAX_SHOWN = 40  # SIM fights hold at most 40 combatants (combat.MAX_COMBATANTS)
MAX_TEXT = 200
#: The fights a public view can come from (the system descriptors), and their names.
SYSTEMS: Final = SYSTEM_KEYS
SYSTEM_NAMES: Final = {s.key: s.players_name for s in systems()}


@checked
def last_public(log: Any) -> str:
    """The newest log entry's public line (:class:`pycore.step.Step`, built from the step's
    values); an entry without one (a GM's edit, a save from before public lines) shows
    nothing: the GM's text is never read for the players.

    >>> last_public([{"text": "MDT max 30, D20 11 → raw 16"}, {"text": "x", "public": "Bo holds"}])
    'Bo holds'
    """
    for entry in log if isinstance(log, list) else []:
        shown = entry.get("public") if isinstance(entry, dict) else None
        if isinstance(shown, str) and shown.strip():
            return shown.strip()[:MAX_TEXT]
    return ""


@checked
def fighter_row(row_id: str, name: str, status: str, current: bool) -> dict[str, Any]:
    """One fighter of the order strip as players see it, every system alike (the name cut)."""
    return {"id": row_id, "name": name[:MAX_TEXT], "status": status, "current": current}


@checked
def fight_view(
    system: str,
    turn: int,
    order: list[dict[str, Any]],
    result: str,
    phase: str = "",
    clock: int = 0,
) -> dict[str, Any]:
    """A public view in the one shape :class:`PublicFight` reads, every system alike."""
    return {
        "system": system,
        "turn": turn,
        "phase": phase,
        "clock": clock,
        "order": order,
        "result": result,
    }


@dataclass(frozen=True)
class PublicFight:
    """A checked public view; ``str()`` reads it out in one line. ``turn`` is the system's own
    count (a Simply turn, a 3d6 or Percentile round, an Aftermath Combat Turn) and ``phase`` its
    part in words (an Aftermath Action Phase, a Percentile piece); ``system`` names the fight."""

    turn: int
    phase: str
    clock: int
    order: tuple[tuple[str, str, bool], ...]  # name, status, whose turn
    result: str
    system: str = "simply"

    @staticmethod
    def of(data: Any) -> PublicFight:
        """Check a public view's shape (a snapshot from a link); a RuleError names the problem."""
        if not isinstance(data, dict):
            raise RuleError("the fight view is not an object")
        numbers = [data.get(k) for k in ("turn", "clock")]
        if any(not is_whole(n) or n < 0 for n in numbers):
            raise RuleError("the fight view's turn and clock must be whole numbers from 0")
        rows = data.get("order")
        if not isinstance(rows, list) or len(rows) > MAX_SHOWN:
            raise RuleError(f"the fight view's order must list at most {MAX_SHOWN} combatants")
        order = []
        for i, row in enumerate(rows):
            if not (
                isinstance(row, dict)
                and isinstance(row.get("name"), str)
                and isinstance(row.get("status"), str)
                and isinstance(row.get("current"), bool)
            ):
                raise RuleError(f"the fight view's combatant {i + 1} needs a name and a status")
            order.append((row["name"][:MAX_TEXT], row["status"][:MAX_TEXT], row["current"]))
        phase, result = data.get("phase"), data.get("result")
        if not isinstance(phase, str) or not isinstance(result, str):
            raise RuleError("the fight view needs a phase and a result in words")
        system = data.get("system", "simply")  # a snapshot from before other systems: Simply's
        if system not in SYSTEMS:
            raise RuleError(f"the fight view's system {system!r} is unknown; allowed: {SYSTEMS}")
        return PublicFight(
            int(numbers[0] or 0),
            phase[:20],
            int(numbers[1] or 0),
            tuple(order),
            result[:MAX_TEXT],
            system,
        )

    @property
    def current(self) -> str | None:
        return next((name for name, _, now in self.order if now), None)

    @property
    def heading(self) -> str:
        """The time of the fight as its system counts it.

        >>> PublicFight(2, "7", 0, (), "", "aftermath").heading
        'Turn 2 · Phase 7'
        >>> PublicFight(3, "2", 0, (), "", "percentile").heading, PublicFight(1, "", 0, (), "", "gurps").heading
        ('Round 3 · piece 2', 'Round 1')
        """
        turn, part = system(self.system).fight.clock if self.system in SYSTEM_KEYS else ("Turn", "")
        return f"{turn} {self.turn}" + (f" · {part} {self.phase}" if part and self.phase else "")

    def __str__(self) -> str:
        names = ", ".join(name for name, _, _ in self.order)
        who = f"{self.current} to act" if self.current else "no one to act"
        tail = f". {self.result}" if self.result else ""
        return f"{self.heading}: {who} ({names}){tail}"


@checked
def check_public_fight(data: Any) -> None:
    PublicFight.of(data)
