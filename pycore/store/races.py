"""Saves that never overwrite each other (issue 32): one tab's bookkeeping of each section's
writes, and the races two tabs' changes run.

localStorage has no compare-and-swap: two tabs saving at the same moment each write over a value
the other has not seen yet, and the last write wins. So each record carries its lineage (its last
write ids, :class:`~pycore.store.persist.Lineage`): a tab that finds a stored value without its
own last write plays its change again onto it (:meth:`Writes.take`), a change already there never
made twice, a field both tabs changed said with both values (a :class:`Race`).

>>> writes = Writes("a")
>>> writes.loaded("notes", {"n": 1})
>>> first = writes.next("notes")
>>> writes.wrote("notes", first, {"n": 2})
>>> theirs = {"n": 1, "m": 5}  # another tab wrote over it, from the loaded value
>>> writes.take("notes", theirs, Lineage(1, ("b:1",)), {"n": 2}, {"n": 2})
{'n': 2, 'm': 5}
>>> writes.late("notes", Lineage(1, ("b:1",))), writes.take_races()
(True, ())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pycore.store.conflicts import both_logged, first_difference
from pycore.store.patch import ABSENT, Conflict, diff, merge
from pycore.store.persist import LINEAGE, Lineage
from pycore.store.sections import codec_for


@dataclass(frozen=True)
class Race:
    """Two tabs changed the same field of ``section`` at the same moment (issue 32): this tab's
    value was kept and the other's is named here for the banner. ``whole``: the section's log
    describes its state, so the other tab's whole change to it was undone with it."""

    section: str
    conflict: Conflict
    whole: bool = False


class Writes:
    """One tab's writes, per section: the lineage the stored text holds (``lineage``), the value
    last taken from another tab or loaded (``anchor``) and this tab's own writes since
    (``own``), each with its id: when another tab's value arrives without this tab's last
    write, that write was overwritten and is played again onto it. ``races`` are those found
    since last asked."""

    def __init__(self, tab: str) -> None:
        self.tab = tab
        self.lineage: dict[str, Lineage] = {}
        self.anchor: dict[str, Any] = {}
        self.own: dict[str, list[tuple[str, Any]]] = {}
        self.races: list[Race] = []

    def loaded(self, name: str, value: Any, lineage: Lineage | None = None) -> None:
        """The section as the page starts from it (a stored record's ``lineage``, or none for
        a default): the base any change of this tab is played from."""
        if lineage is not None:
            self.lineage[name] = lineage
        self.anchor[name] = value

    def late(self, name: str, lineage: Lineage) -> bool:
        """Whether a value with ``lineage`` is older than what this tab wrote or took since."""
        return lineage.head is not None and self.lineage.get(name, Lineage()).holds(lineage.head)

    def next(self, name: str) -> Lineage:
        """The lineage of this tab's next write of the section."""
        return self.lineage.get(name, Lineage()).next(self.tab)

    def wrote(self, name: str, lineage: Lineage, value: Any) -> None:
        """This tab wrote ``value`` with ``lineage``. The oldest of its writes no other tab has
        confirmed are forgotten; the anchor stays: played again from there, a change already
        there is not made twice."""
        self.lineage[name] = lineage
        self.own[name] = [*self.own.get(name, []), (lineage.ids[-1], value)][-LINEAGE:]

    def removed(self, name: str) -> None:
        """This tab removed the section: no write of it is left to play again."""
        self.lineage[name], self.own[name], self.anchor[name] = Lineage(), [], ABSENT

    def take(self, name: str, theirs: Any, lineage: Lineage, base: Any, mine: Any) -> Any:
        """Another tab's ``theirs`` (with its ``lineage``) taken as the section's value, this
        tab's having been saved as ``base`` and being ``mine`` now: returns ``theirs`` with this
        tab's changes it lacks played onto it, those of this tab's saves it overwrote included;
        a field both changed is a race, this tab's value kept."""
        own = self.own.get(name, [])
        ops, start = [], base
        if own and not lineage.holds(own[-1][0]):  # this tab's last save was overwritten
            held = [value for write, value in own if lineage.holds(write)]
            start = held[-1] if held else self.anchor.get(name, ABSENT)
            ops = diff(start, own[-1][1])
        new, conflicts = merge(theirs, ops) if ops else (theirs, [])
        if mine is not base:  # this tab's change not saved yet
            unsaved = diff(base, mine)
            ops += unsaved
            new, more = merge(new, unsaved)
            conflicts += more
        codec = codec_for(name)
        if codec is not None and codec.whole_steps and both_logged(codec, ops, diff(start, theirs)):
            # Two steps from the same state (two hits on one fighter): their log lines and
            # state cannot both stand, so this tab's whole change wins, said with both values.
            conflicts = conflicts or [first_difference(theirs, mine)]
            self.races += [Race(name, c, True) for c in conflicts]
            new = mine
        else:
            self.races += [Race(name, c) for c in conflicts]
        self.lineage[name], self.anchor[name], self.own[name] = lineage, theirs, []
        return new

    def take_races(self) -> tuple[Race, ...]:
        """The races found since last asked (for the banner), forgotten here."""
        races, self.races = tuple(self.races), []
        return races
