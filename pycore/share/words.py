"""A shared record's values in the game's words, for the preview someone reads before importing
it (issue 31). Each kind's words are its own system's (the descriptor's ``ShareKind.words``,
e.g. ``pycore.systems.gurps.share``: the share page may import no system); these are the helpers
they share, and the words of a value no system names ("bdg order: range first").

>>> rows, lists = sheet_words("gurps.settings", {"eye_reading": "if it does not blind"})
>>> rows
[('An eye hit that blinds', 'is not a skull hit (ordinary wounding)')]
>>> sheet_words("simply.campaign", {"stat_max": 12})[0][:3]
[('Starting stat points', 24), ('Lowest stat', 1), ('Highest stat', 12)]
>>> sheet_words("toy.nothing", {"bdg_order": "range first", "rows": [1, 2]})
([('Bdg order', 'range first'), ('Rows', '2 entries')], [])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pycore.errors import RulekeeperError
from pycore.systems.system import ref, systems
from pycore.validate import checked

Rows = list[tuple[str, Any]]
Lists = list[tuple[str, list[str]]]
Words = Callable[[Mapping[str, Any]], tuple[Rows, Lists]]


@checked
def plain(value: Any) -> str:
    """A saved key or choice in words: ``range_first`` → ``range first``."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value).replace("_", " ")


@checked
def row_words(row: Any) -> str:
    """A table row or a record in one line: each value after its key, empty ones left out."""
    if not isinstance(row, Mapping):
        return plain(row)
    return "; ".join(f"{plain(k)} {plain(v)}" for k, v in row.items() if v not in (None, ""))


@checked
def names(items: Any, show: Callable[[Mapping[str, Any]], str]) -> list[str]:
    """Each entry of a list in words (a plain text entry as it is)."""
    out = []
    for item in items if isinstance(items, list) else []:
        words = show(item) if isinstance(item, dict) else str(item)
        if words.strip():
            out.append(words.strip())
    return out


@checked
def named(item: Mapping[str, Any], *parts: str) -> str:
    """An entry's name, then the parts of it that are set: ``Sword (Blades, 3)``."""
    extra = [str(item[p]) for p in parts if item.get(p) not in (None, "", False)]
    return str(item.get("name", "")) + (f" ({', '.join(extra)})" if extra else "")


@checked
def other_words(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    """A record its system has no words for: each value under its key in words."""
    rows: Rows = []
    for key, value in d.items():
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            rows.append((str(key).replace("_", " ").capitalize(), value))
        elif isinstance(value, list):
            rows.append((key.replace("_", " ").capitalize(), f"{len(value)} entries"))
    return rows, []


@checked
def sheet_words(kind: str, data: Mapping[str, Any]) -> tuple[Rows, Lists]:
    """The rows (a name and a value) and lists (a title and its entries) of a shared record of
    ``kind``, its data read with its defaults filled in, in its system's words."""
    found = next((k for s in systems() for k in s.shares if k.kind == kind and k.words), None)
    if found is None:
        return other_words(data)
    words: Words = ref(found.words)
    try:
        return words(data)
    except RulekeeperError:  # a record the loader accepted, in a shape its words never meant
        return [(plain(k).capitalize(), plain(v)) for k, v in data.items()], []
