"""Checks at the core's entry points: one set of helpers, one wording, typed errors only.

Whatever reaches a public function (a page's parse, a saved file, a test) either satisfies the
function's annotations or is refused with the error of the function's package (``DiceError`` in
``pycore.dice``, ``TableError`` in ``pycore.tables``, ``StorageError`` in ``pycore.store``,
``RuleError`` elsewhere) naming the field, the value and what is allowed (STYLE 3).
:func:`checked` reads that from the annotations; :func:`whole`, :func:`exact` and :func:`choice`
add the ranges a rule sets.

Numbers a user types are read as the decimal typed (STYLE 18): ``"3.3"`` is 33/10, never the
binary float 3.299999999999999822... that ``Fraction(3.3)`` would give. Pages pass the text or a
Fraction; a float that still arrives is read as the decimal it prints as.

>>> exact("3.3", "ENC"), exact("1/3", "size (yd)"), exact(7, "range"), exact(3.3, "ENC")
(Fraction(33, 10), Fraction(1, 3), Fraction(7, 1), Fraction(33, 10))
>>> exact(float("nan"), "ENC")
Traceback (most recent call last):
...
pycore.errors.RuleError: ENC nan is not a number
>>> whole(150, "Percent to Hit", 0, 100)
Traceback (most recent call last):
...
pycore.errors.RuleError: Percent to Hit 150 is outside 0 to 100
>>> @checked
... def armor_row(name: str, hits: int = 0) -> str:
...     return name
>>> armor_row(None)
Traceback (most recent call last):
...
pycore.errors.RuleError: name None is not text
"""

from __future__ import annotations

from pycore.validate.calls import checked
from pycore.validate.kinds import (
    choice,
    declared,
    fields_as_declared,
    instance,
    mapping,
    string,
    texts,
)
from pycore.validate.ranges import MAX_NUMBER_TEXT, Exact, Number, exact, is_whole, whole
from pycore.validate.typecheck import Identity
from pycore.validate.wording import shown

__all__ = [
    "MAX_NUMBER_TEXT",
    "Exact",
    "Identity",
    "Number",
    "checked",
    "choice",
    "declared",
    "exact",
    "fields_as_declared",
    "instance",
    "is_whole",
    "mapping",
    "shown",
    "string",
    "texts",
    "whole",
]
