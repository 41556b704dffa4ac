"""Exact odds of a dice expression, computed with icepool.

The arithmetic on distributions is icepool's (``Die + Die``, ``Die.highest``/``lowest``, ``*``,
``//``); this module only chooses the calls and refuses, before starting, computations too costly
to finish quickly (see :func:`odds_work`). Nothing is cached here.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from pycore.dice.limits import MAX_ODDS_WORK
from pycore.dice.nodes import Dice, DiceExpr, Term
from pycore.dice.parser import parse
from pycore.errors import DiceError
from pycore.validate import checked

# icepool is untyped: its Die is Any to mypy, named here so signatures still say what they hold.
_Die = Any

_OPS = ("<=", "<", ">=", ">", "==")

# Work units, fitted to CPython timings of icepool 2.1.3 (one unit is about 0.25 µs, the cost of
# one product of outcome counts in Die + Die). See _keep_work for the keep-pool terms.
_KEEP_STATE = 1.1
_KEEP_POOL = 0.1
_KEEP_DONE = 12
# A Fraction costs about 0.75 µs plus a gcd that grows with the size of the numbers: 6 µs at
# 1000 bits, 150 µs at 10000 bits.
_FRACTION_BASE = 3
_FRACTION_PER_KBIT = 24
_FRACTION_POWER = 1.4


@checked
def distribution(expr: str) -> dict[int, Fraction]:
    """The exact probability of every total of ``expr``, keys ascending, values summing to 1.

    >>> distribution("1d10/2")
    {1: Fraction(1, 5), 2: Fraction(1, 5), 3: Fraction(1, 5), 4: Fraction(1, 5), 5: Fraction(1, 5)}
    >>> d = distribution("3d6")
    >>> d[10], sum(d.values())
    (Fraction(1, 8), Fraction(1, 1))
    >>> distribution("100d100")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pycore.errors.DiceError: exact odds for '100d100' are too costly ... roll it instead
    """
    die = _die(parse(expr))
    denominator = die.denominator()
    return {outcome: Fraction(quantity, denominator) for outcome, quantity in sorted(die.items())}


@checked
def chance(expr: str, op: str, target: int) -> Fraction:
    """The exact probability that ``expr`` rolls a total ``op target``.

    ``op`` is one of ``<=``, ``<``, ``>=``, ``>``, ``==``.

    >>> chance("3d6", "<=", 10)
    Fraction(1, 2)
    >>> chance("4d6kh3", "==", 18)
    Fraction(7, 432)
    >>> chance("2d10", "<=", 10)
    Fraction(9, 20)
    >>> chance("3d6", "=<", 10)
    Traceback (most recent call last):
    ...
    pycore.errors.DiceError: unknown comparison '=<'; use one of <=, <, >=, >, ==
    """
    if op not in _OPS:
        raise DiceError(f"unknown comparison {op!r}; use one of {', '.join(_OPS)}")
    die = _die(parse(expr))
    if op == "<=":
        hits = sum(q for o, q in die.items() if o <= target)
    elif op == "<":
        hits = sum(q for o, q in die.items() if o < target)
    elif op == ">=":
        hits = sum(q for o, q in die.items() if o >= target)
    elif op == ">":
        hits = sum(q for o, q in die.items() if o > target)
    else:
        hits = sum(q for o, q in die.items() if o == target)
    return Fraction(hits, die.denominator())


@checked
def odds_work(expr: str) -> float:
    """Estimated cost of the exact odds of ``expr``, in the units of ``MAX_ODDS_WORK``.

    :func:`distribution` and :func:`chance` refuse expressions above the limit; a UI can ask
    first and offer only a roll.

    >>> odds_work("3d6") < 1000 < MAX_ODDS_WORK < odds_work("100d100")
    True
    """
    return _work(parse(expr))


def _die(parsed: DiceExpr) -> _Die:
    """The icepool Die of the whole expression, after checking its cost."""
    work = _work(parsed)
    if work > MAX_ODDS_WORK:
        shown, limit = _scientific(work, 2), _scientific(MAX_ODDS_WORK, 2)
        if shown == limit:  # just over the limit: show enough digits to see it is over
            shown = _scientific(work, 3)
        raise DiceError(
            f"exact odds for {parsed.text!r} are too costly to compute here "
            f"(work {shown}, limit {limit}); roll it instead"
        )
    try:
        total = _term_die(parsed.terms[0])
        for term in parsed.terms[1:]:
            total = total + _term_die(term)
    except RecursionError:
        # icepool recurses once per face in keep pools; the work limit keeps that shallow in
        # CPython, and this guards a smaller stack (Pyodide) all the same.
        raise DiceError(
            f"exact odds for {parsed.text!r} need a deeper stack than this Python has; "
            "roll it instead"
        ) from None
    return total


def _scientific(value: float, digits: int) -> str:
    """``value`` as plain-text scientific notation: 37279947.0 → '3.7e7'."""
    mantissa, exponent = f"{value:.{digits - 1}e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def _term_die(term: Term) -> _Die:
    # Imported here, not at module level: icepool takes about 250 ms to import in Pyodide, and
    # the page should not pay that before its first paint (the benchmark's start-up ratio).
    import icepool  # type: ignore[import-untyped]  # icepool ships no type information

    atom = term.atom
    if isinstance(atom, Dice):
        die = icepool.d(atom.faces)
        keep = atom.keep
        if keep is None or keep.count == atom.count:
            result = _sum(die, atom.count)
        elif keep.highest:
            result = die.highest(atom.count, keep.count)
        else:
            result = die.lowest(atom.count, keep.count)
    else:
        result = icepool.Die([atom.value])
    for scale in term.scales:
        # SIM-D17: division rounds up. Outcomes are >= 0 here (the sign comes after), and
        # -((-x) // k) is the ceiling of x / k.
        result = result * scale.factor if scale.multiply else -((-result) // scale.factor)
    return -result if term.sign < 0 else result


def _sum(die: _Die, count: int) -> _Die:
    """``count @ die`` by repeated doubling with icepool's own ``Die + Die``.

    ``count @ die`` adds one die at a time, recursing once per die: 1000 dice overflow the
    stack, and many small dice are slow. Doubling needs log2(count) steps and gives the same
    exact result as fast or faster (500d2: 37 ms against 401 ms; 100d10: 93 against 220 ms).
    """
    result = None
    power = die
    while True:
        if count & 1:
            result = power if result is None else result + power
        count >>= 1
        if not count:
            return result
        power = power + power


def _sum_work(count: int, faces: int) -> int:
    """Products of outcome counts done by :func:`_sum`; it mirrors that loop on sizes."""
    work = 0
    result = 0  # dice summed so far into result
    power = 1  # dice in power
    while True:
        if count & 1:
            if result:
                work += (result * (faces - 1) + 1) * (power * (faces - 1) + 1)
            result += power
        count >>= 1
        if not count:
            return work
        work += (power * (faces - 1) + 1) ** 2
        power *= 2


def _keep_work(count: int, faces: int, kept: int) -> float:
    """Work of icepool's pool evaluation keeping ``kept`` of ``count`` dice (1 < kept < count).

    icepool reads the faces one at a time from the kept end. While j < kept dice are placed, a
    state is j and the sum of those dice (j·(i-1)+1 sums after i faces) and branches on how many
    of the dice left show the next face; every branch builds a pool whose keep tuple has an
    entry per die, so it costs in proportion to ``count``. Once all kept dice are placed, a
    state is just the sum (kept·i of them) and moves on alone. The last face needs no choice.
    """
    k, n, m = kept, count, faces
    branching = (k + 1) * k * (k - 1) // 2 - (k - 1) * k * (2 * k - 1) // 6  # Σ j(k+1-j), j < k
    first = k * (k + 1) - k * (k - 1) // 2  # Σ (k+1-j), j < k
    states = (m - 1) * (m - 2) // 2 * branching + m * first
    pools = n * ((n + 1) + max(m - 2, 0) * (k * (n + 1) - k * (k - 1) // 2))
    done = k * m * m // 2
    return _KEEP_STATE * states + _KEEP_POOL * pools + _KEEP_DONE * done


def _work(parsed: DiceExpr) -> float:
    """Estimated work units of :func:`_die` and the Fractions made from it.

    Besides each term's own cost, adding two distributions multiplies their numbers of
    outcomes; those are tracked with the range they span, since scaled terms are sparse.
    """
    work = 0.0
    bits = 0.0  # size of the denominator, the number of equally likely rolls
    size = lo = hi = 0
    for index, term in enumerate(parsed.terms):
        atom = term.atom
        if isinstance(atom, Dice):
            n, m = atom.count, atom.faces
            keep = atom.keep
            term_bits = n * math.log2(m)
            bits += term_bits
            if keep is None or keep.count == n:
                work += _sum_work(n, m)
                t_size, t_lo, t_hi = n * (m - 1) + 1, n, n * m
            elif keep.count == 1:
                # icepool's single highest/lowest die: one power m**n per face.
                work += m * (1 + term_bits / 64)
                t_size, t_lo, t_hi = m, 1, m
            else:
                work += _keep_work(n, m, keep.count)
                k = keep.count
                t_size, t_lo, t_hi = k * (m - 1) + 1, k, k * m
        else:
            t_size, t_lo, t_hi = 1, atom.value, atom.value
        for scale in term.scales:
            work += t_size
            if scale.multiply:
                t_lo, t_hi = t_lo * scale.factor, t_hi * scale.factor
            else:
                t_lo, t_hi = -(-t_lo // scale.factor), -(-t_hi // scale.factor)
                t_size = min(t_size, t_hi - t_lo + 1)
        if term.sign < 0:
            t_lo, t_hi = -t_hi, -t_lo
        if index == 0:
            size, lo, hi = t_size, t_lo, t_hi
        else:
            work += size * t_size
            lo, hi = lo + t_lo, hi + t_hi
            size = min(size * t_size, hi - lo + 1)
    fraction = _FRACTION_BASE + _FRACTION_PER_KBIT * math.pow(bits / 1000, _FRACTION_POWER)
    return work + fraction * size


@checked
def percent(p: Fraction) -> str:
    """A percentage with enough digits that a small chance never reads as 0."""
    if p in (0, 1):
        return f"{int(p * 100)}%"
    value = float(p * 100)
    if value >= 1:
        return f"{value:.2f}%"
    return f"{value:.2g}%" if value >= 0.001 else f"{value:.1e}%"


@checked
def odds_text(p: Fraction) -> str:
    exact = str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
    return f"{exact} ({percent(p)})"
