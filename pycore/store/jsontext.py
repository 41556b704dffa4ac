"""JSON text in and out of storage, refusing what would hurt before parsing it.

Pyodide's stack is far smaller than CPython's: a value nested a few thousand levels deep crashes
the interpreter inside ``json.loads`` instead of raising. So the nesting depth and the size are
measured on the raw text first (regular expressions and C-level string methods, no recursion),
and only then is the text parsed. ``NaN``, ``Infinity`` and numbers too big for a float are read
as non-finite floats, which every section's check refuses naming the field (they are not JSON,
and an export must always be valid JSON: :func:`dump` refuses them too).

>>> nesting_depth('{"a": [1, {"b": "[[[["}]}')
3
>>> parse("[" * 5000 + "]" * 5000, what="the file")
Traceback (most recent call last):
...
pycore.store.jsontext.JsonTextError: the file is nested 5000 levels deep, at most 48 allowed
>>> parse('{"hp": 1e400, "mp": 123456789012345678901234}', what="gurps")
{'hp': inf, 'mp': inf}
>>> dump({"name": "Zoë", "hp": 10})
'{"name":"Zoë","hp":10}'
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any, Literal

from pycore.errors import StorageError
from pycore.validate import checked

MAX_DEPTH = 48
MAX_CHARS = 20_000_000
MAX_DIGITS = 18  # whole numbers beyond this lose precision in JavaScript and mean nothing here

Problem = Literal["unparseable", "too_large", "too_deep"]

_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_STRINGS = re.compile(r'"[^"]*"')
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonTextError(StorageError):
    """Text that is not usable JSON; ``problem`` says whether it is unparseable, too large or too
    deeply nested."""

    def __init__(self, problem: Problem, message: str) -> None:
        super().__init__(message)
        self.problem: Problem = problem


@checked
def nesting_depth(text: str) -> int:
    """How deeply ``[`` and ``{`` nest in ``text``, ignoring those inside strings; no parsing.

    Escaped backslashes go first, then escaped quotes, so every remaining quote opens or closes a
    string and strings can be cut out with one linear pattern.
    """
    plain = text.replace("\\\\", "").replace('\\"', "")
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", plain))
    if not brackets:
        return 0
    return max(0, max(accumulate(_STEP[c] for c in brackets)))


def _whole(text: str) -> int | float:
    """A whole number; one with more digits than any count here is read as infinite (then
    refused with its field by the section's check)."""
    return math.inf if len(text.lstrip("-")) > MAX_DIGITS else int(text)


@checked
def parse(text: str, *, what: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """Parse ``text`` after checking its size and depth; raise :class:`JsonTextError` naming
    ``what`` was being read."""
    if len(text) > max_chars:
        raise JsonTextError(
            "too_large", f"{what} is {len(text):,} characters long, at most {max_chars:,} allowed"
        )
    depth = nesting_depth(text)
    if depth > max_depth:
        raise JsonTextError(
            "too_deep", f"{what} is nested {depth} levels deep, at most {max_depth} allowed"
        )
    if not text.strip():
        raise JsonTextError("unparseable", f"{what} is empty")
    try:
        return json.loads(text, parse_int=_whole)
    except json.JSONDecodeError as exc:  # the parser's own words name tokens, not the problem
        raise JsonTextError(
            "unparseable",
            f"{what} cannot be read: it is damaged or cut short at character {exc.pos + 1:,}",
        ) from None
    except (ValueError, RecursionError):
        raise JsonTextError("unparseable", f"{what} cannot be read: it is damaged") from None


def dump(value: Any) -> str:
    """Compact JSON as stored and exported; ``NaN`` or infinity is a :class:`StorageError`."""
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (ValueError, TypeError, RecursionError) as exc:
        raise StorageError(f"value cannot be saved as JSON: {exc}") from None
