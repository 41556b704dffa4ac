"""Shapes of saved values: types, ranges, list and text lengths, checked with the field's path.

Each system describes its saved section with these (``pycore/systems/<system>/saved.py``); the
store checks every section on load and import with them. A refused value raises
:class:`FieldError` naming the path inside the section and what is allowed. Fields a shape does
not name are kept untouched (data written by a newer page survives an older one), but they still
pass :func:`check_limits`: no value anywhere is deeper, longer or bigger than the store allows.

>>> hero = Record({"name": Text(60), "hp": Whole(1, 999), "tags": ListOf(Text(20), 8)})
>>> hero.check({"name": "Ana", "hp": 12, "tags": ["brave"], "note": "kept"}, ())
>>> hero.check({"name": "Ana", "hp": -5}, ())
Traceback (most recent call last):
...
pycore.store.shape.FieldError: hp: -5 is outside 1 to 999
>>> hero.check({"tags": ["x" * 99]}, ())
Traceback (most recent call last):
...
pycore.store.shape.FieldError: tags[0]: text of 99 characters, at most 20 allowed
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pycore.errors import RulekeeperError, StorageError
from pycore.validate import checked, is_whole

Path = tuple[str | int, ...]

#: What any value anywhere in a section may hold, whether a shape names it or not.
MAX_DEPTH = 24
MAX_TEXT = 20_000
MAX_ITEMS = 5_000
MAX_NODES = 400_000
MAX_WHOLE = 10**15
PATH_PARTS = 6  # a field's place named to this depth: deeper is "…", never [0][0][0]… to the end


@checked
def path_text(path: Path) -> str:
    """``("log", 3, "text")`` → ``log[3].text``.

    >>> path_text(("combatants", 0, "hp")), path_text(())
    ('combatants[0].hp', '(the whole section)')
    """
    out = ""
    for part in path[:PATH_PARTS]:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out + ("…" if len(path) > PATH_PARTS else "") if out else "(the whole section)"


class FieldError(StorageError):
    """A value refused at ``path`` inside a section; ``detail`` says what is allowed.

    ``max_text`` is set when the value is only too long a text: saving cuts such a text to fit
    instead of refusing what the user typed.
    """

    def __init__(self, path: Path, detail: str, max_text: int | None = None) -> None:
        super().__init__(f"{path_text(path)}: {detail}")
        self.path = path
        self.detail = detail
        self.max_text = max_text


def _whole_too_large(value: Any) -> bool:
    """A whole number past any limit here (its text alone could be thousands of digits)."""
    return is_whole(value) and value.bit_length() > 128


def _usable_number(value: Any) -> bool:
    """A number, not true/false, and finite (a huge whole number is never made a float)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return isinstance(value, int) or math.isfinite(value)


def _brief(value: Any) -> str:
    """A value as the user would know it: a text quoted, a number as written, else its kind.

    >>> _brief(None), _brief(float("inf")), _brief({"a": 1}), _brief(True), _brief("x"), _brief(3)
    ('nothing', 'a number too large to use', 'a group of values', 'true', "'x'", '3')
    """
    if _whole_too_large(value):
        return "a number too large to use"
    plain = isinstance(value, str) or _usable_number(value)
    if plain:
        text = repr(value)
        return text if len(text) <= 40 else text[:39] + "…"
    if value is None or isinstance(value, bool):
        return {None: "nothing", True: "true", False: "false"}[value]
    if isinstance(value, float):
        # 1e400 or a 30-digit whole number is read as infinite (jsontext): no use anywhere.
        return "a value that is not a number" if math.isnan(value) else "a number too large to use"
    return "a list" if isinstance(value, list) else "a group of values"


def _said(value: Any) -> str:
    """``value`` named in a refusal of its type: ``the number 3``, ``the text 'ten'``."""
    if isinstance(value, str):
        return f"the text {_brief(value)}"
    if _usable_number(value) and not _whole_too_large(value):
        return f"the number {_brief(value)}"
    return _brief(value)


def _misplaced(value: Any, what: str) -> str:
    """``the number 3, where a list belongs``."""
    return f"{_said(value)}, where {what} belongs"


@checked
def check_limits(value: Any, path: Path = ()) -> None:
    """Depth, text length, list length, node count and number range for a whole JSON value,
    walked with an explicit stack (never recursion: Pyodide's stack is small). A quick walk
    first; only a value it refuses is walked again with paths, to name the field."""
    if not _within_limits(value):
        _check_limits_naming(value, path)


def _within_limits(value: Any) -> bool:
    stack: list[tuple[Any, int]] = [(value, 0)]
    nodes = 0
    while stack:
        item, depth = stack.pop()
        nodes += 1
        kind = type(item)
        if kind is str:
            if len(item) > MAX_TEXT:
                return False
        elif kind is dict:
            if depth >= MAX_DEPTH or len(item) > MAX_ITEMS:
                return False
            for key in item:
                if type(key) is not str or len(key) > 200:
                    return False
            stack.extend((child, depth + 1) for child in item.values())
        elif kind is list:
            if depth >= MAX_DEPTH or len(item) > MAX_ITEMS:
                return False
            stack.extend((child, depth + 1) for child in item)
        elif kind is int:
            if abs(item) > MAX_WHOLE:
                return False
        elif kind is float:
            if not math.isfinite(item) or abs(item) > MAX_WHOLE:
                return False
        elif item is not None and kind is not bool:
            return False
    return nodes <= MAX_NODES


def _check_limits_naming(value: Any, path: Path) -> None:
    stack: list[tuple[Any, Path]] = [(value, path)]
    nodes = 0
    while stack:
        item, where = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise FieldError(path, f"more than {MAX_NODES:,} values")
        if len(where) - len(path) > MAX_DEPTH:  # named by the field it starts in, not its path
            raise FieldError(
                where[: len(path) + 1], f"lists or groups nested more than {MAX_DEPTH} levels deep"
            )
        if isinstance(item, dict):
            if len(item) > MAX_ITEMS:
                raise FieldError(where, f"{len(item):,} fields, at most {MAX_ITEMS:,} allowed")
            for key, child in item.items():
                if not isinstance(key, str) or len(key) > 200:
                    raise FieldError(where, f"field name {_brief(key)} is not a short text")
                stack.append((child, (*where, key)))
        elif isinstance(item, list):
            if len(item) > MAX_ITEMS:
                raise FieldError(where, f"{len(item):,} entries, at most {MAX_ITEMS:,} allowed")
            stack.extend((child, (*where, i)) for i, child in enumerate(item))
        elif isinstance(item, str):
            if len(item) > MAX_TEXT:
                raise FieldError(
                    where, f"text of {len(item):,} characters, at most {MAX_TEXT:,}", MAX_TEXT
                )
        elif isinstance(item, float):
            if not math.isfinite(item) or abs(item) > MAX_WHOLE:
                raise FieldError(where, _brief(item))
        elif is_whole(item):
            if abs(item) > MAX_WHOLE:
                big = _whole_too_large(item)
                raise FieldError(where, _brief(item) if big else f"{_brief(item)} is too large")
        elif item is not None and not isinstance(item, bool):
            raise FieldError(where, "a value Rulekeeper does not save")


class Shape:
    """What a value at one place must be; :meth:`check` raises :class:`FieldError`."""

    def check(self, value: Any, path: Path) -> None:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class Anything(Shape):
    """Any JSON value within the store's limits (checked once for the whole section)."""

    def check(self, value: Any, path: Path) -> None:
        return None

    def describe(self) -> str:
        return "any value"


@dataclass(frozen=True)
class Text(Shape):
    max: int = 200
    choices: tuple[str, ...] | None = None

    def check(self, value: Any, path: Path) -> None:
        if not isinstance(value, str):
            raise FieldError(path, _misplaced(value, "text"))
        if len(value) > self.max:
            raise FieldError(
                path, f"text of {len(value):,} characters, at most {self.max:,} allowed", self.max
            )
        if self.choices is not None and value not in self.choices:
            raise FieldError(path, f"{_brief(value)} is not one of {', '.join(self.choices)}")

    def describe(self) -> str:
        return f"text of at most {self.max} characters"


@dataclass(frozen=True)
class Whole(Shape):
    low: int
    high: int

    def check(self, value: Any, path: Path) -> None:
        if not is_whole(value):
            raise FieldError(
                path, f"{_brief(value)} is not a whole number from {self.low} to {self.high}"
            )
        if not self.low <= value <= self.high:
            raise FieldError(path, f"{value} is outside {self.low} to {self.high}")

    def describe(self) -> str:
        return f"a whole number from {self.low} to {self.high}"


@dataclass(frozen=True)
class WholeText(Whole):
    """A whole number in range, saved as a number or as the text typed (``"12"``): pages that
    keep what was typed read it back with ``int()``."""

    def check(self, value: Any, path: Path) -> None:
        if isinstance(value, str):
            text = value.strip()
            digits = text[1:] if text[:1] in "+-" else text
            if digits.isascii() and digits.isdigit() and len(digits) <= 18:
                value = int(text)
        super().check(value, path)


@dataclass(frozen=True)
class Number(Shape):
    """A whole or decimal number (finite) within a range."""

    low: float
    high: float

    def check(self, value: Any, path: Path) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise FieldError(path, f"{_brief(value)} is not a number")
        if not (_usable_number(value) and self.low <= value <= self.high):
            raise FieldError(path, f"{_brief(value)} is outside {self.low:g} to {self.high:g}")

    def describe(self) -> str:
        return f"a number from {self.low:g} to {self.high:g}"


@dataclass(frozen=True)
class Flag(Shape):
    def check(self, value: Any, path: Path) -> None:
        if not isinstance(value, bool):
            raise FieldError(path, f"{_brief(value)} is not true or false")

    def describe(self) -> str:
        return "true or false"


@dataclass(frozen=True)
class Null(Shape):
    def check(self, value: Any, path: Path) -> None:
        if value is not None:
            raise FieldError(path, f"{_brief(value)} must be empty (null)")

    def describe(self) -> str:
        return "empty"


@dataclass(frozen=True)
class Either(Shape):
    """The first of ``options`` that accepts the value; refused when none does."""

    options: tuple[Shape, ...]

    def check(self, value: Any, path: Path) -> None:
        for option in self.options:
            try:
                option.check(value, path)
            except FieldError as exc:
                if exc.path != path:  # the right type, a problem further in: report that
                    raise
            else:
                return
        raise FieldError(path, f"{_brief(value)} is not {self.describe()}")

    def describe(self) -> str:
        return " or ".join(o.describe() for o in self.options)


def maybe(shape: Shape) -> Shape:
    """``shape`` or null."""
    return Either((Null(), shape))


@dataclass(frozen=True)
class ListOf(Shape):
    item: Shape
    max: int

    def check(self, value: Any, path: Path) -> None:
        if not isinstance(value, list):
            raise FieldError(path, _misplaced(value, "a list"))
        if len(value) > self.max:
            raise FieldError(path, f"{len(value):,} entries, at most {self.max:,} allowed")
        for index, item in enumerate(value):
            self.item.check(item, (*path, index))

    def describe(self) -> str:
        return f"a list of at most {self.max}"


@dataclass(frozen=True)
class Record(Shape):
    """An object whose named fields have shapes; other fields are kept as they are."""

    fields: Mapping[str, Shape]
    required: frozenset[str] = field(default=frozenset())

    def check(self, value: Any, path: Path) -> None:
        if not isinstance(value, dict):
            raise FieldError(path, _misplaced(value, "a group of values"))
        missing = sorted(self.required - value.keys())
        if missing:
            raise FieldError((*path, missing[0]), "is missing")
        for name, shape in self.fields.items():
            if name in value:
                shape.check(value[name], (*path, name))

    def describe(self) -> str:
        return "an object"


@dataclass(frozen=True)
class MapOf(Shape):
    """An object used as a map: every value has one shape, keys are short texts."""

    value: Shape
    max: int
    keys: Text = field(default_factory=lambda: Text(80))

    def check(self, value: Any, path: Path) -> None:
        if not isinstance(value, dict):
            raise FieldError(path, _misplaced(value, "a group of values"))
        if len(value) > self.max:
            raise FieldError(path, f"{len(value):,} entries, at most {self.max:,} allowed")
        for key, item in value.items():
            self.keys.check(key, (*path, key))
            self.value.check(item, (*path, key))

    def describe(self) -> str:
        return "an object"


@dataclass(frozen=True)
class Check(Shape):
    """A check owned by the system: ``test`` raises a :class:`RulekeeperError` naming the problem
    (for example the core's own ``combatant_from_json``); it becomes a :class:`FieldError`."""

    test: Callable[[Any], object]
    what: str = "a valid value"

    def check(self, value: Any, path: Path) -> None:
        try:
            self.test(value)
        except FieldError as exc:
            raise FieldError((*path, *exc.path), exc.detail, exc.max_text) from None
        except RulekeeperError as exc:
            raise FieldError(path, str(exc)) from None

    def describe(self) -> str:
        return self.what


@dataclass(frozen=True)
class All(Shape):
    """Every one of ``shapes`` must accept the value (a structure, then the system's check)."""

    shapes: tuple[Shape, ...]

    def check(self, value: Any, path: Path) -> None:
        for shape in self.shapes:
            shape.check(value, path)

    def describe(self) -> str:
        return self.shapes[0].describe() if self.shapes else "any value"


#: Shared pieces of many sections.
WHEN = Text(40)
SEED = Text(120)
LOG_TEXT = Text(4_000)
#: The rules a logged step applied, as data (``pycore.step.Step.rules``): rule IDs, seed lines;
#: the "Why" a user opens lists them, so each is text.
RULES = ListOf(Text(200), 100)
