"""Two changes made from one state: where they collide, and a kept change restored onto a newer
state (issue 32).

Two tabs' saves at the same moment are merged field by field (:func:`pycore.store.patch.merge`);
where a section's log describes its state (``whole_steps``: a hit's log line and its HP change),
two steps that both logged cannot both stand (:func:`both_logged`). The same holds for a change
an older build kept aside while a newer build wrote the section: Settings › Moved aside restores
it onto the section as it is now (:func:`restored`), where it still applies.

>>> from pycore.store.patch import diff
>>> kept = restored("notes", {"a": 2}, {"a": 1}, {"a": 1, "b": 5})
>>> kept.value, kept.conflicts, kept.stale
({'a': 2, 'b': 5}, (), False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pycore.store.patch import ABSENT, Conflict, Op, diff, merge
from pycore.store.sections import LogSpec, SectionCodec, codec_for, log_at
from pycore.validate import checked


@checked
def both_logged(codec: SectionCodec, mine: list[Op], theirs: list[Op]) -> bool:
    """Whether both tabs' changes put lines in one of the section's logs: two steps taken from
    the same state (two hits on one fighter, even two alike), which cannot both stand."""

    def logs(ops: list[Op]) -> set[tuple[str, ...]]:
        found = set()
        for op in ops:
            at = tuple(op.get("at", ()))
            for spec in codec.logs:
                if op.get("put") and at == spec.path:
                    found.add(spec.path)
                elif "now" in op and spec.path[: len(at)] == at:  # a section or log made anew
                    lines = log_at(op["now"], LogSpec(spec.path[len(at) :], spec.cap))
                    found |= {spec.path} if lines else set()
        return found

    return bool(logs(mine) & logs(theirs))


@checked
def first_difference(theirs: Any, mine: Any) -> Conflict:
    """The first plain field the two values differ in, for the words of a race."""
    # each op with the value its keys start from, the keys down to that value and the names of
    # the records around it (a weapon inside a fighter: both, outermost first)
    none: tuple[str, ...] = ()
    pending: list[tuple[Op, Any, tuple[str, ...], tuple[str, ...]]]
    pending = [(op, theirs, none, none) for op in diff(theirs, mine)]
    while pending:
        op, base, prefix, names = pending.pop(0)
        if "ops" in op:  # inside a list entry (a fighter): named after it when it has a name
            entry = _entry_at(base, op)
            name = entry.get("name") if isinstance(entry, dict) else None
            inner = (*names, name) if isinstance(name, str) else names
            where = (*prefix, *map(str, op.get("at", [])))
            pending = [(o, entry, where, inner) for o in op["ops"]] + pending
            continue
        was, now = op.get("was", ABSENT), op.get("now", ABSENT)
        if not isinstance(was, (dict, list)) and not isinstance(now, (dict, list)):
            at = (*prefix, *map(str, op.get("at", [])))
            return Conflict(at, was, was, now, names[-1] if names else None, names)
    return Conflict((), ABSENT, theirs, mine)


def _entry_at(value: Any, op: dict[str, Any]) -> Any:
    """The list entry an item op of :func:`diff` changes, as it was."""
    for key in op.get("at", []):
        value = value.get(key) if isinstance(value, dict) else None
    i = op.get("i")
    return value[i] if isinstance(value, list) and isinstance(i, int) and i < len(value) else None


@dataclass(frozen=True)
class Restored:
    """A kept change played onto the section as it is now: ``value`` the section after it,
    ``conflicts`` the fields both changed (the kept change's value taken), ``stale`` when the
    kept change and a change made since both logged a step: nothing is restored then."""

    name: str
    value: Any
    conflicts: tuple[Conflict, ...] = ()
    stale: bool = False


@checked
def restored(name: str, kept: Any, base: Any, current: Any) -> Restored:
    """The kept value ``kept`` of section ``name`` (made from ``base``) onto ``current``. With no
    base (kept before bases were kept) or no current value, the kept value is taken whole.

    >>> log = lambda *lines: {"hp": 25 - 5 * len(lines), "log": list(lines)}
    >>> stale = restored("simply_combat", log("b", "a"), log("a"), log("c", "a"))
    >>> stale.stale, stale.value == log("c", "a")
    (True, True)
    """
    if base is ABSENT or current is ABSENT:
        return Restored(name, kept)
    ops = diff(base, kept)
    codec = codec_for(name)
    if codec is not None and codec.whole_steps and both_logged(codec, ops, diff(base, current)):
        return Restored(name, current, (first_difference(current, kept),), stale=True)
    value, conflicts = merge(current, ops)
    return Restored(name, value, tuple(conflicts))
