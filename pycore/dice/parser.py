"""Tokenize and parse dice expressions into a :class:`~pycore.dice.nodes.DiceExpr`.

One grammar covers every form the four rule texts use (whitespace between tokens is ignored,
letters are case-insensitive)::

    expr  := ['+'|'-'] term (('+'|'-') term)*
    term  := atom (('*'|'×'|'x'|'/'|'÷') INT)*
    atom  := INT | dice
    dice  := [INT] 'd' [INT | '%'] [keep]     3d6, d20, d%, 2d (= 2d6), 4d6kh3
           | INT ':' INT 'sd'                 1:10sd (the percentile text: N dice of M faces)
    keep  := 'k' ['h'|'l'] INT                k3 = kh3

The scanner is hand-written (no regular expressions) and reads the string once, so parsing a
short expression costs a few microseconds: roll() parses on every call and must stay cheap.
Whitespace is removed before scanning (typed expressions rarely have any), except that a space
between two digits is an error rather than joining them: "1 0d6" is not 10d6.
Only ASCII digits count as digits: ``int()`` accepts others ('٣') and ``str.isdigit`` even more
('²', which ``int()`` rejects), and neither may reach ``int()`` here.
"""

from __future__ import annotations

from itertools import pairwise

from pycore.dice.limits import MAX_CONSTANT, MAX_DICE, MAX_EXPR_LENGTH, MAX_FACES
from pycore.dice.nodes import Constant, Dice, DiceExpr, Keep, Scale, Term
from pycore.errors import DiceError
from pycore.validate import checked

EMPTY_MESSAGE = "enter a dice expression, e.g. 3d6+2"

_DIGITS = "0123456789"
_MULTIPLY = "*×xX"
_DIVIDE = "/÷"
# Every character the grammar uses; anything else is reported as an unknown character.
_KNOWN = frozenset(_DIGITS + "dD%kKhHlL:sS+-" + _MULTIPLY + _DIVIDE)
# A number longer than this (leading zeros aside) exceeds every limit; it is rejected before
# int() so a huge literal costs nothing and cannot raise anything but DiceError.
_MAX_DIGITS = len(str(MAX_CONSTANT))
# A bare "d" (GURPS "3d", "2d-1") is a six-sided die.
_GURPS_FACES = 6
# "d%" is a percentile die: faces 1..100, the face read as "00" counting as 100.
_PERCENT_FACES = 100


@checked
def parse(expr: str) -> DiceExpr:
    """Parse ``expr`` into a :class:`DiceExpr`, or raise :class:`DiceError` saying why not.

    >>> e = parse(" 2d-1 ")
    >>> e.text, e.terms[0].atom.faces, e.terms[1].sign, e.terms[1].atom
    ('2d-1', 6, -1, Constant(value=1))
    >>> parse("1:10sd+13").terms[0].atom
    Dice(count=1, faces=10, keep=None, text='1:10sd')
    >>> parse("1d10 / 2").terms[0].scales
    (Scale(multiply=False, factor=2),)
    >>> parse("3d6\u22122").text
    '3d6-2'
    >>> parse("2d6+")
    Traceback (most recent call last):
    ...
    pycore.errors.DiceError: the expression ends with '+'; put a number or dice after it
    """
    if not isinstance(expr, str):
        raise DiceError(f"a dice expression must be text, got {type(expr).__name__}")
    # The true minus the app's explanations print reads as "-": one pasted back is still a roll.
    text = expr.strip().replace("\u2212", "-")
    if not text:
        raise DiceError(EMPTY_MESSAGE)
    if len(text) > MAX_EXPR_LENGTH:
        raise DiceError(
            f"the expression is {len(text)} characters long; the limit is {MAX_EXPR_LENGTH}"
        )
    # Every whitespace character but " " is unprintable, so this finds any whitespace.
    if " " in text or not text.isprintable():
        where = _without_spaces(text)
        return _scan(text, "".join([text[j] for j in where]), where)
    return _scan(text, text, None)


@checked
def validate(expr: str) -> str | None:
    """Return why ``expr`` is not a valid dice expression, or ``None`` if it is.

    >>> validate("4d6kh3") is None
    True
    >>> validate("1d0")
    "a die needs 1 to 1000 faces, got 0 in '1d0'"
    """
    try:
        parse(expr)
    except DiceError as error:
        return str(error)
    return None


def _without_spaces(text: str) -> tuple[int, ...]:
    """Where each non-whitespace character of ``text`` is; rejects a space between digits."""
    where = tuple(j for j, c in enumerate(text) if not c.isspace())
    for a, b in pairwise(where):
        if b > a + 1 and text[a] in _DIGITS and text[b] in _DIGITS:
            raise DiceError(
                f"a space separates two numbers at position {a + 2}; join the digits or put "
                "an operator (+, -, × or ÷) between them"
            )
    return where


def _scan(source: str, text: str, where: tuple[int, ...] | None) -> DiceExpr:
    """Parse ``text``, the typed ``source`` without whitespace (``where`` maps back; ``None``
    when they are the same).

    One function with the common path inline: roll() parses on every call, and calls and
    attribute look-ups are what a short expression spends its time on.
    """
    end = len(text)
    terms: list[Term] = []
    dice_total = 0
    i = 0  # text is not empty
    sign = 1
    op = -1  # index of the operator before the current term, -1 for none
    if text[0] == "+" or text[0] == "-":
        sign = -1 if text[0] == "-" else 1
        op = 0
        i = 1
    while True:
        if i == end:
            raise DiceError(f"the expression ends with '{text[op]}'; put a number or dice after it")
        start = i
        c = text[i]
        atom: Dice | Constant
        if c in _DIGITS:
            i += 1
            while i < end and text[i] in _DIGITS:
                i += 1
            if i - start > _MAX_DIGITS:
                _check_long_number(text, start, i, where)
            value = int(text[start:i])
            c = text[i] if i < end else ""
            if c == "d" or c == "D":
                atom, i = _dice(text, start, value, i + 1, where)
                dice_total += value
            elif c == ":":
                atom, i = _percentile(text, start, value, i + 1, where)
                dice_total += value
            elif value > MAX_CONSTANT:
                raise DiceError(f"a number must be 0 to {MAX_CONSTANT}, got {value}")
            else:
                atom = Constant(value)
        elif c == "d" or c == "D":
            atom, i = _dice(text, start, 1, i + 1, where)
            dice_total += 1
        elif op >= 0 and c in "+-*×xX/÷":
            raise DiceError(
                f"two operators in a row: '{c}' at position {_at(where, i)} follows "
                f"'{text[op]}'; put a number or dice between them"
            )
        else:
            raise _unexpected(text, i, where, "a number or dice")
        if dice_total > MAX_DICE:
            raise DiceError(
                f"too many dice: {dice_total} in all; an expression may roll 1 to {MAX_DICE} dice"
            )
        if i == end:
            terms.append(Term(sign, atom, ()))
            return DiceExpr(source, tuple(terms))
        c = text[i]
        if c == "+" or c == "-":
            terms.append(Term(sign, atom, ()))
        else:
            scales, i = _scales(text, i, where)
            terms.append(Term(sign, atom, scales))
            if i == end:
                return DiceExpr(source, tuple(terms))
            c = text[i]
            if c != "+" and c != "-":
                raise _unexpected(text, i, where, "an operator (+, -, × or ÷)")
        sign = -1 if c == "-" else 1
        op = i
        i += 1


def _number(text: str, i: int, where: tuple[int, ...] | None) -> tuple[int, int]:
    """Read the ASCII digits starting at ``i`` (there is one); return the value and the end."""
    end = len(text)
    j = i + 1
    while j < end and text[j] in _DIGITS:
        j += 1
    if j - i > _MAX_DIGITS:
        _check_long_number(text, i, j, where)
    return int(text[i:j]), j


def _check_long_number(text: str, i: int, j: int, where: tuple[int, ...] | None) -> None:
    """Reject ``text[i:j]`` unless leading zeros alone make it longer than any limit."""
    digits = text[i:j]
    if len(digits.lstrip("0")) > _MAX_DIGITS:
        shown = digits if len(digits) <= 12 else digits[:12] + "…"
        raise DiceError(
            f"the number {shown} at position {_at(where, i)} is too large; "
            f"no number in a dice expression may exceed {MAX_CONSTANT}"
        )


def _dice(
    text: str, start: int, count: int, i: int, where: tuple[int, ...] | None
) -> tuple[Dice, int]:
    """Read what follows the 'd' at ``i - 1``: faces, then an optional keep suffix."""
    end = len(text)
    c = text[i] if i < end else ""
    if c and c in _DIGITS:
        faces, i = _number(text, i, where)
        c = text[i] if i < end else ""
    elif c == "%":
        faces = _PERCENT_FACES
        i += 1
        c = text[i] if i < end else ""
    else:
        faces = _GURPS_FACES
    keep = None
    if c == "k" or c == "K":
        i += 1
        highest = True
        if i < end and text[i] in "hHlL":
            highest = text[i] in "hH"
            i += 1
        if i == end or text[i] not in _DIGITS:
            raise _unexpected(text, i, where, "how many dice to keep, e.g. 4d6kh3")
        kept, i = _number(text, i, where)
        keep = Keep(highest, kept)
    return _checked(Dice(count, faces, keep, text[start:i])), i


def _percentile(
    text: str, start: int, count: int, i: int, where: tuple[int, ...] | None
) -> tuple[Dice, int]:
    """Read what follows the ':' of ``N:Msd`` at ``i - 1``: M, then 'sd'."""
    if i == len(text) or text[i] not in _DIGITS:
        raise _unexpected(text, i, where, f"the number of faces after '{count}:', e.g. 1:10sd")
    faces, i = _number(text, i, where)
    if text[i : i + 2].lower() == "sd":
        return _checked(Dice(count, faces, None, text[start : i + 2])), i + 2
    if i < len(text) and text[i] in "sS":
        i += 1
    raise _unexpected(text, i, where, f"'sd' after '{count}:{faces}', e.g. 1:10sd")


def _scales(text: str, i: int, where: tuple[int, ...] | None) -> tuple[tuple[Scale, ...], int]:
    """Read the ``*k`` / ``/k`` scalings starting at ``i``; stop at anything else."""
    end = len(text)
    scales: list[Scale] = []
    while i < end:
        c = text[i]
        if c in _MULTIPLY:
            multiply = True
        elif c in _DIVIDE:
            multiply = False
        else:
            break
        i += 1
        if i == end:
            raise DiceError(f"the expression ends with '{c}'; put a whole number after it")
        if text[i] not in _DIGITS:
            raise _unexpected(text, i, where, f"a whole number after '{c}'")
        start = i
        factor, i = _number(text, i, where)
        if factor == 0 and not multiply:
            raise DiceError(
                f"cannot divide by 0 at position {_at(where, start)}; "
                f"a divisor must be 1 to {MAX_CONSTANT}"
            )
        if not 1 <= factor <= MAX_CONSTANT:
            what = "multiplier" if multiply else "divisor"
            raise DiceError(f"a {what} must be 1 to {MAX_CONSTANT}, got {factor}")
        scales.append(Scale(multiply, factor))
    return tuple(scales), i


def _checked(dice: Dice) -> Dice:
    """``dice`` if its count, faces and keep are in range; otherwise the error naming the range."""
    if not 1 <= dice.count <= MAX_DICE:
        raise DiceError(f"dice count must be 1 to {MAX_DICE}, got {dice.count} in '{dice.text}'")
    if not 1 <= dice.faces <= MAX_FACES:
        raise DiceError(f"a die needs 1 to {MAX_FACES} faces, got {dice.faces} in '{dice.text}'")
    keep = dice.keep
    if keep is not None and not 1 <= keep.count <= dice.count:
        raise DiceError(
            f"cannot keep {keep.count} of {dice.count} dice in '{dice.text}'; "
            f"the keep count must be 1 to {dice.count}"
        )
    return dice


def _at(where: tuple[int, ...] | None, i: int) -> int:
    """The 1-based position in the typed expression of index ``i`` of the scanned text."""
    return (i if where is None else where[i]) + 1


def _unexpected(text: str, i: int, where: tuple[int, ...] | None, wanted: str) -> DiceError:
    """The error for index ``i``: an unknown character, or a known one out of place."""
    if i >= len(text):
        return DiceError(f"expected {wanted}, but the expression ends")
    c = text[i]
    if c not in _KNOWN:
        return DiceError(
            f"unknown character {c!r} at position {_at(where, i)}; dice expressions use "
            "digits, d, %, k/kh/kl, N:Msd, + - × ÷ (or * x /) and spaces"
        )
    return DiceError(f"expected {wanted} at position {_at(where, i)}, got {c!r}")
