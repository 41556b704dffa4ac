"""One decode per tap (issue 25 "Done when"): what a page read or decoded from its saved section
lately, remembered by the objects it was read from, found again by identity.

A tap's update and the view after it read the same saved section: each page keeps the sections
it read and the fights it decoded here, so the fight is decoded at most once per tap (the Simply
section was read three times and its fight decoded twice). The list is small and bounded (the
last few reads: undo and redo come back to one of them) and holds its keys, so their ids stay
their own while they are remembered.

The memos are the app's, never a module's (the project's rule: no module-level mutable state):
the page model carries one :class:`Memos` (``Model.memos``), which hands out a memo for each
:class:`MemoName` a page declares, so two apps (or two tests) in one interpreter never recall
each other's reads.

>>> memo: Memo[str] = Memo()
>>> saved = {"fight": []}
>>> memo.keep(saved, "decoded")
>>> memo.recall(saved), memo.recall({"fight": []})
('decoded', None)
>>> parts = (saved, "|", ("turn", saved))
>>> memo.keep(parts, "by its parts")
>>> memo.recall((saved, "|", ("turn", saved))), memo.recall((saved, "|", ("turn", {})))
('by its parts', None)
>>> FIGHTS: MemoName[str] = MemoName("dice fights")
>>> one, other = Memos(), Memos()
>>> one[FIGHTS].keep(saved, "decoded")
>>> one[FIGHTS].recall(saved), other[FIGHTS].recall(saved)
('decoded', None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

V = TypeVar("V")

#: How many reads a page remembers.
REMEMBERED = 8


def same(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` are the same key: the same object; for a tuple of the parts a
    value was read from, the same objects one by one (a ``(name, part)`` item: the same name,
    the same part)."""
    if not (isinstance(a, tuple) and isinstance(b, tuple)):
        return a is b

    def one(x: Any, y: Any) -> bool:
        if isinstance(x, tuple) and isinstance(y, tuple):  # a (key, value) item
            return bool(x[0] == y[0]) and x[1] is y[1]
        return x is y

    return len(a) == len(b) and all(one(x, y) for x, y in zip(a, b, strict=True))


class Memo(Generic[V]):
    """The values read lately, newest last, each with the key it was read from."""

    def __init__(self, size: int = REMEMBERED) -> None:
        self._items: list[tuple[Any, V]] = []
        self._size = size

    def recall(self, key: Any) -> V | None:
        """The value kept for ``key`` (the newest, when kept twice), or None."""
        return next((value for kept, value in reversed(self._items) if same(kept, key)), None)

    def knows(self, key: Any) -> bool:
        return any(same(kept, key) for kept, _ in self._items)

    def keep(self, key: Any, value: V) -> None:
        """Remember ``value`` for ``key``; the oldest goes beyond the list's size."""
        self._items.append((key, value))
        del self._items[: -self._size]


@dataclass(frozen=True, eq=False)
class MemoName(Generic[V]):
    """One memo a page keeps (``"simply_combat fights"``), typed by what it remembers; declared
    once in the page's state module, an immutable name. Found by identity, so two pages never
    share a memo by a clash of names."""

    name: str


class Memos:
    """An app's memos, one for each :class:`MemoName`, made when first asked for."""

    def __init__(self) -> None:
        self._memos: dict[MemoName[Any], Memo[Any]] = {}

    def __getitem__(self, name: MemoName[V]) -> Memo[V]:
        found: Memo[V] | None = self._memos.get(name)
        if found is None:
            found = self._memos[name] = Memo()
        return found
