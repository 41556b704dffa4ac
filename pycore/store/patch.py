"""Changes as patches: what changed inside a section, not two copies of it.

:func:`diff` records, for each place that changed, the value before and after; a list that grew
or shrank records only the entries cut and put (a roll prepended to a 200-entry log costs one
entry, not two logs). :func:`apply` plays a patch forwards (redo, or merging another tab's
change) or backwards (undo) onto the value *as it is now*: each step first checks that the place
still holds what the patch expects, and a step whose place has changed since (a later change, or
another tab's) is skipped and counted, never overwritten.

>>> before = {"hp": 10, "log": ["a"]}
>>> after = {"hp": 7, "log": ["b", "a"]}
>>> ops = diff(before, after)
>>> apply(after, ops, forward=False)
({'hp': 10, 'log': ['a']}, 0)
>>> later = {"hp": 7, "log": ["c", "b", "a"]}  # a quiet roll since: kept by the undo
>>> apply(later, ops, forward=False)
({'hp': 10, 'log': ['c', 'a']}, 0)
>>> apply({"hp": 3, "log": ["b", "a"]}, ops, forward=False)  # hp changed since: kept
({'hp': 3, 'log': ['a']}, 1)

Op shapes (plain JSON, stored in the undo history):

- ``{"at": [keys], "was": x, "now": y}``: the value at a path of object keys; ``was`` absent
  means the key did not exist before, ``now`` absent that it was removed.
- ``{"at": [keys], "i": i, "j": j, "cut": [...], "put": [...], "left": fp, "right": fp}``: in
  the list at ``at``, the entries ``cut`` at index ``i`` (of the list before) became ``put`` at
  index ``j`` (of the list after); ``left``/``right`` are fingerprints of the neighbouring
  entries, kept when ``cut`` or ``put`` is empty so the place can be found again after the list
  has grown elsewhere.
- ``{"at": [keys], "i": i, "j": j, "id": id, "ops": [...]}``: the entry at ``i``/``j`` (or the
  one whose ``"id"`` is ``id``) changed inside, as ``ops``.

An undo step keeps its list ops :func:`compact`: the entries a change put into a list (a log's
new lines) are in the list already, so the step keeps only their fingerprints (``put_fp``).
Undo finds them by those (:func:`fill`) and hands the full op to the redo step.
"""

from __future__ import annotations

import hashlib
import json
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from typing import Any

from pycore.validate import checked

Op = dict[str, Any]
#: A value that is not there: a section or key absent before or after a change.
ABSENT: Any = object()
MATCHER_LIMIT = 2_000  # longer lists are cut and put as one run past their common ends


def same(x: Any, y: Any) -> bool:
    """JSON equality: ``1`` is not ``True``, ``1`` is not ``1.0``."""
    if x is y:
        return True
    if type(x) is not type(y):
        return False
    if isinstance(x, dict):
        return x.keys() == y.keys() and all(same(v, y[k]) for k, v in x.items())
    if isinstance(x, list):
        return len(x) == len(y) and all(same(a, b) for a, b in zip(x, y, strict=True))
    return bool(x == y)


def _token(value: Any, memo: dict[int, str]) -> str:
    key = id(value)
    if key not in memo:
        memo[key] = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return memo[key]


def fingerprint(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


def diff(before: Any, after: Any) -> list[Op]:
    """The ops that turn ``before`` into ``after`` (empty when they are the same)."""
    out: list[Op] = []
    _diff(before, after, [], out, {})
    return out


def _diff(before: Any, after: Any, at: list[str], out: list[Op], memo: dict[int, str]) -> None:
    if same(before, after):
        return
    if before is ABSENT or after is ABSENT:
        out.append({"at": at, "now": after} if before is ABSENT else {"at": at, "was": before})
        return
    if isinstance(before, dict) and isinstance(after, dict):
        for key, value in before.items():
            if key not in after:
                out.append({"at": [*at, key], "was": value})
            else:
                _diff(value, after[key], [*at, key], out, memo)
        out.extend({"at": [*at, k], "now": v} for k, v in after.items() if k not in before)
        return
    if isinstance(before, list) and isinstance(after, list):
        _diff_list(before, after, at, out, memo)
        return
    out.append({"at": at, "was": before, "now": after})


def _ids(items: Sequence[Any]) -> list[Any] | None:
    ids = [x.get("id") if isinstance(x, dict) else None for x in items]
    usable = all(isinstance(i, str) for i in ids) and len(set(ids)) == len(ids)
    return ids if usable else None


def _diff_list(
    before: list[Any], after: list[Any], at: list[str], out: list[Op], memo: dict[int, str]
) -> None:
    start = 0
    limit = min(len(before), len(after))
    while start < limit and same(before[start], after[start]):
        start += 1
    end = 0
    while end < limit - start and same(before[-1 - end], after[-1 - end]):
        end += 1
    b_mid, a_mid = before[start : len(before) - end], after[start : len(after) - end]
    blocks: Sequence[tuple[str, int, int, int, int]]
    shifted = _shift(b_mid, a_mid)
    if shifted is not None:
        blocks = shifted
    elif len(b_mid) + len(a_mid) > MATCHER_LIMIT:
        blocks = [("replace", 0, len(b_mid), 0, len(a_mid))]
    else:
        matcher = SequenceMatcher(
            None, [_token(x, memo) for x in b_mid], [_token(x, memo) for x in a_mid], False
        )
        blocks = matcher.get_opcodes()
    # Entries' ids matter where entries are matched one to one (a "replace"); a log's new lines
    # (an insert, a delete) are not walked for them (issue 33: 300 entries read at each tap).
    replaced = any(block[0] == "replace" for block in blocks)
    ids = _ids(before) if replaced and _ids(after) is not None else None
    for tag, i1, i2, j1, j2 in blocks:
        if tag == "equal":
            continue
        i, j = start + i1, start + j1
        # An entry with another id is another entry (a hit logged in its place), cut and put,
        # never one entry changed inside: a merge must see the new log line (issue 32 item 3).
        pairs = zip(before[i : start + i2], after[j : start + j2], strict=False)
        renamed = ids is not None and any(x.get("id") != y.get("id") for x, y in pairs)
        if (
            tag == "replace"
            and i2 - i1 == j2 - j1
            and not renamed
            and _containers(b_mid[i1:i2], a_mid[j1:j2])
        ):
            for k in range(i2 - i1):
                inner: list[Op] = []
                _diff(before[i + k], after[j + k], [], inner, memo)
                item: Op = {"at": at, "i": i + k, "j": j + k, "ops": inner}
                if ids is not None and before[i + k].get("id") == after[j + k].get("id"):
                    item["id"] = before[i + k]["id"]
                out.append(item)
            continue
        op: Op = {
            "at": at,
            "i": i,
            "j": j,
            "cut": before[i : start + i2],
            "put": after[j : start + j2],
        }
        if not op["cut"] or not op["put"]:
            if i > 0:
                op["left"] = fingerprint(before[i - 1])
            if start + i2 < len(before):
                op["right"] = fingerprint(before[start + i2])
        out.append(op)


def _shift(olds: list[Any], news: list[Any]) -> list[tuple[str, int, int, int, int]] | None:
    """The common change of a newest-first log, found by identity without comparing entries:
    ``k`` new entries in front, the same entries after them, some dropped off the end."""
    if not olds or len(news) < 2:
        return None
    first = olds[0]
    k = next((i for i in range(1, min(len(news), 64)) if news[i] is first), None)
    if k is None:
        return None
    kept = min(len(olds), len(news) - k)
    if len(news) - k != kept or not all(map(operator.is_, news[k : k + kept], olds[:kept])):
        return None
    blocks = [("insert", 0, 0, 0, k)]
    if kept < len(olds):
        blocks.append(("delete", kept, len(olds), len(news), len(news)))
    return blocks


@checked
def compact(ops: Sequence[Op]) -> list[Op]:
    """``ops`` with the entries each list op put replaced by their fingerprints.

    >>> compact([{"at": ["log"], "i": 0, "j": 0, "cut": [], "put": [{"text": "hit"}]}])
    [{'at': ['log'], 'i': 0, 'j': 0, 'cut': [], 'put_fp': ['5e6b3b041777']}]
    """
    out = []
    for op in ops:
        if "cut" in op and op.get("put"):
            op = {k: v for k, v in op.items() if k != "put"} | {
                "put_fp": [fingerprint(x) for x in op["put"]]
            }
        out.append(op)
    return out


@checked
def fill(value: Any, ops: Sequence[Op]) -> list[Op]:
    """Compacted ``ops`` with the entries they put found again in ``value`` (the value after
    the change); an op whose entries are gone is left as it is (undo then skips it)."""
    out = []
    for op in ops:
        if "put_fp" in op:
            try:
                found = _entries(value, op)
            except (KeyError, IndexError, TypeError, AttributeError, ValueError):
                found = None
            if found is not None:
                op = {k: v for k, v in op.items() if k != "put_fp"} | {"put": found}
        out.append(op)
    return out


def _entries(value: Any, op: Op) -> list[Any] | None:
    for key in op.get("at", []):
        value = value.get(key) if isinstance(value, dict) else None
    if not isinstance(value, list):
        return None
    prints = list(op["put_fp"])
    position = _find_run(value, prints, int(op["j"]), op.get("left"), op.get("right"), _printed)
    return None if position is None else value[position : position + len(prints)]


def _printed(item: Any, print_: Any) -> bool:
    return bool(fingerprint(item) == print_)


def _containers(olds: Sequence[Any], news: Sequence[Any]) -> bool:
    return all(isinstance(a, dict) and isinstance(b, dict) for a, b in zip(olds, news, strict=True))


# ---------------------------------------------------------------------------- applying


@checked
def apply(value: Any, ops: Sequence[Op], *, forward: bool) -> tuple[Any, int]:
    """Play ``ops`` onto ``value`` (``forward`` for redo and merges, backwards for undo);
    return the new value and how many ops were skipped because their place had changed.
    ``value`` and the result may be :data:`ABSENT` (a section that does not exist).

    Ops run last to first in both directions: list positions to the left of each op are then
    still those the op recorded (``i`` before, ``j`` after the change).
    """
    return _play(value, ops, forward, None)


@dataclass
class Conflict:
    """One place two tabs changed to different values (issue 32): ``at`` the keys down to it,
    ``was`` the value both started from, ``theirs`` the other tab's, ``mine`` this tab's (kept),
    ``whose`` the name of the record it sits in, when the record has one, and ``names`` the
    names of every named record down to it, outermost first (a weapon's field: its owner's name,
    then the weapon's), so the words can say whose weapon it is."""

    at: tuple[str, ...]
    was: Any
    theirs: Any
    mine: Any
    whose: str | None = None
    names: tuple[str, ...] = ()


@dataclass
class _Merge:
    """How :func:`merge` plays ops: a change already there is not made twice, and a field the
    other tab set to another value is set to this tab's (the later save wins), said in
    ``conflicts``."""

    conflicts: list[Conflict] = field(default_factory=list)
    path: tuple[str, ...] = ()
    whose: str | None = None
    names: tuple[str, ...] = ()


@checked
def merge(value: Any, ops: Sequence[Op]) -> tuple[Any, list[Conflict]]:
    """This tab's change ``ops`` played onto another tab's ``value`` (issue 32: a save that
    another tab overwrote is played again onto its value). Unlike :func:`apply`, playing a
    change already there changes nothing (entries a list already holds are not put twice), and
    a field both tabs changed takes this tab's value, reported as a :class:`Conflict`.

    >>> ops = diff({"name": "Ann", "log": ["a"]}, {"name": "Cy", "log": ["c", "a"]})
    >>> merged, conflicts = merge({"name": "Bo", "log": ["b", "a"]}, ops)
    >>> merged, [(c.at, c.was, c.theirs, c.mine) for c in conflicts]
    ({'name': 'Cy', 'log': ['b', 'c', 'a']}, [(('name',), 'Ann', 'Bo', 'Cy')])
    >>> merge(merged, ops)[0] == merged  # played twice: nothing added
    True
    """
    mode = _Merge()
    value, _ = _play(value, ops, True, mode)
    return value, mode.conflicts


def _play(value: Any, ops: Sequence[Op], forward: bool, mode: _Merge | None) -> tuple[Any, int]:
    skipped = 0
    for op in reversed(ops):
        try:
            value, ok = _apply_at(value, op, op.get("at", []), forward, mode)
        except (KeyError, IndexError, TypeError, AttributeError, ValueError):
            ok = False  # a damaged op: skipped like a conflict, never a crash
        skipped += 0 if ok else 1
    return value, skipped


def _apply_at(
    value: Any, op: Op, at: Sequence[Any], forward: bool, mode: _Merge | None = None
) -> tuple[Any, bool]:
    if "cut" in op or "ops" in op:
        if at:
            return _descend(value, op, at, forward, mode)
        if "cut" in op:
            return _splice(value, op, forward, mode)
        return _item(value, op, forward, mode)
    if len(at) > 1:
        return _descend(value, op, at, forward, mode)
    old, new = ("was", "now") if forward else ("now", "was")
    expected, wanted = op.get(old, ABSENT), op.get(new, ABSENT)
    if not at:
        return _replace(value, expected, wanted, forward, mode)
    if not isinstance(value, dict):
        return value, False
    key = at[0]
    inner = None if mode is None else replace(mode, path=(*mode.path, str(key)))
    current, ok = _replace(value.get(key, ABSENT), expected, wanted, forward, inner)
    if not ok or current is value.get(key, ABSENT):
        return value, ok
    if current is ABSENT:
        return {k: v for k, v in value.items() if k != key}, True
    return {**value, key: current}, True


def _replace(
    current: Any, expected: Any, wanted: Any, forward: bool, mode: _Merge | None = None
) -> tuple[Any, bool]:
    """``wanted`` in place of ``current`` if that is still ``expected``. A container created
    on both sides (two tabs each adding a section or a list) is merged, entry by entry."""
    if same(current, wanted):
        return current, True
    if same(current, expected):
        return wanted, True
    both = isinstance(current, dict) and isinstance(wanted, dict)
    if (
        forward
        and expected is ABSENT
        and (both or (isinstance(current, list) and isinstance(wanted, list)))
    ):
        merged, skipped = _play(current, diff({} if both else [], wanted), True, mode)
        return merged, skipped == 0
    if mode is not None:  # both tabs changed it: this tab's save is the later one, said
        mode.conflicts.append(
            Conflict(mode.path, expected, current, wanted, mode.whose, mode.names)
        )
        return wanted, True
    return current, False


def _descend(
    value: Any, op: Op, at: Sequence[Any], forward: bool, mode: _Merge | None = None
) -> tuple[Any, bool]:
    key = at[0]
    if not isinstance(value, dict) or key not in value:
        return value, False
    inner_mode = None if mode is None else replace(mode, path=(*mode.path, str(key)))
    inner, ok = _apply_at(value[key], op, at[1:], forward, inner_mode)
    return ({**value, key: inner} if ok else value), ok


def _item(items: Any, op: Op, forward: bool, mode: _Merge | None = None) -> tuple[Any, bool]:
    if not isinstance(items, list):
        return items, False
    position = _find_item(items, op, forward)
    if position is None:
        return items, False
    entry = items[position]
    inner_mode = mode
    if mode is not None:
        name = entry.get("name") if isinstance(entry, dict) else None
        if isinstance(name, str):  # a named record inside a named one: both kept, in order
            inner_mode = replace(mode, whose=name, names=(*mode.names, name))
    inner, skipped = _play(entry, op["ops"], forward, inner_mode)
    return [*items[:position], inner, *items[position + 1 :]], skipped == 0


def _find_item(items: list[Any], op: Op, forward: bool) -> int | None:
    if "id" in op:
        found = [k for k, x in enumerate(items) if isinstance(x, dict) and x.get("id") == op["id"]]
        return found[0] if len(found) == 1 else None
    position = int(op["i"] if forward else op["j"])
    return position if 0 <= position < len(items) else None


def _splice(items: Any, op: Op, forward: bool, mode: _Merge | None = None) -> tuple[Any, bool]:
    if not isinstance(items, list):
        return items, False
    run, put = (op["cut"], op["put"]) if forward else (op["put"], op["cut"])
    hint = int(op["i"] if forward else op["j"])
    if mode is not None and put and _holds(items, put):
        # Merging: these entries are there already (this change was played before, or came
        # back through another tab): never put twice. What it cut goes, where still there.
        return [x for x in items if not any(same(x, c) for c in run)], True
    position = _find_run(items, run, hint, op.get("left"), op.get("right"))
    if position is None:
        if mode is not None and not put and not any(same(x, c) for x in items for c in run):
            return items, True  # merging: what this change cut is gone already
        return items, False
    return [*items[:position], *put, *items[position + len(run) :]], True


def _holds(items: list[Any], run: list[Any]) -> bool:
    """Whether every entry of ``run`` is in ``items`` (a log's entries carry their time and seed:
    two rolls are never the same entry)."""
    prints = {fingerprint(x) for x in items} if len(items) * len(run) > 400 else None
    if prints is not None:
        return all(fingerprint(x) in prints for x in run)
    return all(any(same(x, r) for x in items) for r in run)


def _find_run(
    items: list[Any],
    run: list[Any],
    hint: int,
    left: str | None,
    right: str | None,
    matches: Callable[[Any, Any], bool] = same,
) -> int | None:
    """Where ``run`` sits in ``items`` between neighbours with these fingerprints: at ``hint`` if
    it still fits there, else the nearest place that does. An empty run with no neighbours (the
    list was empty) goes to the end: lists are newest first, so entries added since stay ahead.
    ``matches`` compares an item with an entry of ``run`` (equal, or of that fingerprint)."""

    def fits(q: int) -> bool:
        if not all(matches(a, b) for a, b in zip(items[q : q + len(run)], run, strict=False)):
            return False
        if q + len(run) > len(items):
            return False
        if left is not None and (q == 0 or fingerprint(items[q - 1]) != left):
            return False
        return not (
            right is not None
            and (q + len(run) >= len(items) or fingerprint(items[q + len(run)]) != right)
        )

    if not run and left is None and right is None:
        return len(items)
    if 0 <= hint <= len(items) - len(run) and fits(hint):
        return hint
    places = [q for q in range(len(items) - len(run) + 1) if fits(q)]
    return min(places, key=lambda q: abs(q - hint)) if places else None
