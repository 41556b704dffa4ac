"""Dice the user rolled at the table and typed in, as a random source the rules can use.

Every rule rolls through ``rng.randint(1, faces)``; :class:`TypedDice` answers those calls with
the faces the user typed, each checked against the die asked for, so a step rolled with physical
dice is the same code path as "roll for me" and explains itself the same way.

The user may type the faces (``"4 2 5"``, ``"4,2,5"``) or, where the total decides everything
(no dice kept or dropped, no scaling), just the total (``"11"``). A single number is the total
of the whole expression, modifiers included (``3d10+3``: type 14 for a 14). It is checked
against what the roll can show; the rules get faces that make it, and the roll says it was a
typed total and never shows those made-up faces. A percentile ``00`` is read as 100.

>>> from pycore.dice import roll
>>> str(roll("3d6", typed_dice("3d6", "4 2 5")))
'3d6 (4, 2, 5) = 11'
>>> str(roll("2d10", typed_dice("2d10", "14")))
'2d10 = 14 (total typed)'
>>> str(roll("3d10+3", typed_dice("3d10+3", "14")))
'3d10+3 = 14 (total typed)'
>>> typed_dice("3d6", "19")
Traceback (most recent call last):
...
pycore.errors.DiceError: rolled: 3d6 can show 3 to 18, not 19
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from pycore.dice.nodes import Constant, Dice, DiceExpr
from pycore.dice.parser import parse
from pycore.dice.roller import RandintSource
from pycore.errors import DiceError
from pycore.validate import checked, is_whole, texts

MAX_TYPED_LENGTH = 400
_NUMBER = re.compile(r"\d+")


class TypedDice:
    """A random source that returns the typed faces in order (``randint`` as ``random.Random``)."""

    @checked
    def __init__(
        self, faces: tuple[int, ...], field: str = "rolled", invented: tuple[bool, ...] = ()
    ) -> None:
        self.faces = faces
        self.field = field
        #: Per face: made up to reach a typed total (the roll then shows the total only).
        self.invented = invented or (False,) * len(faces)
        if len(self.invented) != len(faces):
            raise DiceError(f"{field}: {len(self.invented)} marks for {len(faces)} dice")
        self.last_invented = False
        self._left: deque[int] = deque(faces)
        self._marks: deque[bool] = deque(self.invented)

    def randint(self, a: int, b: int, /) -> int:
        if not self._left:
            raise DiceError(f"{self.field}: more dice are needed than the {len(self.faces)} typed")
        face = self._left.popleft()
        self.last_invented = self._marks.popleft()
        if face == 0 and b == 100:
            face = 100  # the percentile die's 00
        if not a <= face <= b:
            raise DiceError(f"{self.field}: a die from {a} to {b} cannot show {face}")
        return face

    @property
    def unused(self) -> tuple[int, ...]:
        """Faces typed but not asked for (the step can say the user typed too many)."""
        return tuple(self._left)


@checked
def read_numbers(text: str, field: str = "rolled") -> tuple[int, ...]:
    """The whole numbers in what the user typed, separated by spaces, commas or ``+``.

    >>> read_numbers("4, 2 + 5")
    (4, 2, 5)
    """
    if not isinstance(text, str):
        raise DiceError(f"{field}: type the dice as numbers, got {type(text).__name__}")
    cleaned = text.strip()
    if not cleaned:
        raise DiceError(f"{field}: type what the dice show")
    if len(cleaned) > MAX_TYPED_LENGTH:
        raise DiceError(f"{field}: at most {MAX_TYPED_LENGTH} characters")
    if re.fullmatch(r"[0-9\s,+]+", cleaned) is None:
        raise DiceError(f"{field}: only whole numbers, separated by spaces or commas")
    return tuple(int(n) for n in _NUMBER.findall(cleaned))


def _groups(parsed: DiceExpr) -> list[Dice]:
    return [t.atom for t in parsed.terms if isinstance(t.atom, Dice)]


def _modifier(parsed: DiceExpr) -> int:
    """The roll's constant terms summed (``3d10+3``: 3): what a typed total includes."""
    return sum(t.sign * t.atom.value for t in parsed.terms if isinstance(t.atom, Constant))


def _total_decides(parsed: DiceExpr) -> bool:
    return all(
        not t.scales and t.sign > 0 and (t.atom.keep is None)
        for t in parsed.terms
        if isinstance(t.atom, Dice)
    )


@checked
def typed_dice(expr: str, text: str, field: str = "rolled", *, added: bool = False) -> TypedDice:
    """A source for one roll of ``expr`` from what the user typed (faces, or the dice's total).

    ``added``: the app adds the roll's modifier itself, so what is typed is only what the dice
    show, as they are read: the one die, or each die (a total of several dice with a modifier
    is refused, as it could be read with or without it). Percentile's damage dice take this
    (PCT-42, ``1:10sd+1``: the d10 read as 8 is 8, then + 1 = 9), as GURPS's ``1d-2`` takes
    the die.

    >>> typed_dice("1d10+1", "8", added=True).faces, typed_dice("1d10+1", "8").faces
    ((8,), (7,))
    >>> typed_dice("4d10+2", "20", added=True)
    Traceback (most recent call last):
    ...
    pycore.errors.DiceError: rolled: 4d10+2 needs each die typed (4 numbers); the app adds +2
    >>> typed_dice("1d6+1d10", "9", added=True)
    Traceback (most recent call last):
    ...
    pycore.errors.DiceError: rolled: 1d6+1d10 needs each die typed (2 numbers)
    >>> typed_dice("1d6+1d10", "2 7", added=True).faces
    (2, 7)
    """
    parsed = parse(expr)
    groups = _groups(parsed)
    numbers = read_numbers(text, field)
    count = sum(g.count for g in groups)
    constants = _modifier(parsed)
    if added and constants and len(numbers) == 1 and count > 1:
        raise DiceError(
            f"{field}: {parsed.text} needs each die typed ({count} numbers); "
            f"the app adds {_signed(constants)}"
        )
    if added and len(numbers) == 1 and len(groups) > 1:
        # Dice of their own read one by one (a grenade's bounce, 1:6sd+1:10sd: each die looks
        # up its own GM table, PCT-38): a total would make up both faces.
        raise DiceError(f"{field}: {parsed.text} needs each die typed ({count} numbers)")
    # One number for several dice, or for a die with a modifier, is the roll's total with the
    # modifier included (what entry_hint says): a GM who adds the +3 themselves is never 3 off.
    # With ``added`` a die's modifier is the app's: one number is what the one die shows.
    if len(numbers) == 1 and (count > 1 or (constants and not added)) and _total_decides(parsed):
        spread = _spread(groups, numbers[0], constants, parsed.text, field)
        # One die's face is what it showed; several dice's faces are made up.
        return TypedDice(spread, field, (len(spread) > 1,) * len(spread))
    if len(numbers) == count:
        source = TypedDice(numbers, field)
        for group in groups:
            for _ in range(group.count):
                source.randint(1, group.faces)
        return TypedDice(numbers, field)
    if len(numbers) == 1:
        raise DiceError(f"{field}: {parsed.text} needs each die typed ({count} numbers)")
    raise DiceError(f"{field}: {parsed.text} throws {count} dice, {len(numbers)} numbers typed")


@checked
def entry_hint(expr: str, *, added: bool = False) -> str:
    """What to type for ``expr`` in "I rolled", in words (the dice entry's label says it);
    ``added``: the app adds the modifier (:func:`typed_dice`), the label says so.

    >>> entry_hint("1d20"), entry_hint("3d6"), entry_hint("3d10+3"), entry_hint("4d6kh3")
    ('the die', 'each die, or their total', 'each die, or the total with +3', 'each die')
    >>> entry_hint("1d100-5")
    'the total with −5'
    >>> entry_hint("1d10+1", added=True), entry_hint("4d10+2", added=True)
    ('the die; the app adds +1', 'each die; the app adds +2')
    >>> entry_hint("1d6+1d10", added=True), entry_hint("4d10", added=True)
    ('each die', 'each die, or their total')
    """
    parsed = parse(expr)
    count = sum(g.count for g in _groups(parsed))
    constants = _modifier(parsed)
    dice = "the die" if count == 1 else "each die"
    if added and constants:
        return f"{dice}; the app adds {_signed(constants)}"
    if not _total_decides(parsed) or (added and len(_groups(parsed)) > 1):
        return dice
    if constants:
        total = f"the total with {_signed(constants)}"
        return total if count == 1 else f"{dice}, or {total}"
    return dice if count == 1 else f"{dice}, or their total"


def _signed(value: int) -> str:
    """A modifier as a label writes it, with a true minus: ``+2``, ``−5``."""
    return f"+{value}" if value > 0 else f"−{-value}"


def _spread(
    groups: list[Dice], typed: int, constants: int, text: str, field: str
) -> tuple[int, ...]:
    """Faces that make the typed total ``typed`` of the whole roll, ``constants`` included."""
    dice = [g.faces for g in groups for _ in range(g.count)]
    if len(dice) == 1 and dice[0] == 100 and typed == 0 and not constants:
        return (100,)
    low, high = len(dice) + constants, sum(dice) + constants
    if not low <= typed <= high:
        raise DiceError(f"{field}: {text} can show {low} to {high}, not {typed}")
    total = typed - constants
    faces = []
    left = total
    for index, faces_of_die in enumerate(dice):
        rest = len(dice) - index - 1
        face = min(faces_of_die, left - rest)
        faces.append(face)
        left -= face
    return tuple(faces)


class DiceWanted(Exception):
    """Not an error: a roll made one die-roll at a time has reached a roll not yet typed.

    ``expr`` is what to roll (``1d100``), ``what`` what it decides ("hit location", "" when the
    rule did not name it), ``index`` its place among the rolls (0 first) and ``given`` each roll
    typed so far as "what: dice = total".
    """

    def __init__(
        self,
        expr: str,
        what: str,
        index: int,
        given: tuple[str, ...],
        odds: tuple[tuple[str, Fraction], ...] = (),
    ) -> None:
        super().__init__(f"roll {index + 1}: {what or 'the next roll'} ({expr})")
        self.expr = expr
        self.what = what
        self.index = index
        self.given = given
        self.odds = odds  # what the roll decides, each with its exact chance (next_roll_is)


@dataclass(frozen=True)
class Made:
    """One roll a step made: what it decided (``what``, "" when the rule did not name it), its
    dice, the faces they showed and, when the user rolled it, the text they typed (a typed total
    is given again as typed, never as the faces made up for it)."""

    what: str
    expr: str
    faces: tuple[int, ...]
    typed: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.what, str) or not isinstance(self.expr, str):
            raise DiceError("a roll kept: what it decided and its dice, in words")
        if not isinstance(self.faces, tuple) or not all(is_whole(f) for f in self.faces):
            raise DiceError(f"a roll kept ({self.what[:40]}): its faces are whole numbers")
        if not isinstance(self.typed, str | None):
            raise DiceError(f"a roll kept ({self.what[:40]}): what was typed is words")


class TypedRolls:
    """A random source answering each roll of a step from what the user typed for it, in order.

    A rule rolling ``roll("3d10", rng)`` asks for one roll (the three faces, or their total); a
    bare ``rng.randint(1, 100)`` is one roll of ``1d100``; a rule may name the next roll first
    (:func:`next_roll_is`). Past the typed rolls, ``rest`` rolls the others ("roll for me"); with
    no ``rest`` the step stops with :class:`DiceWanted`, naming the roll it waits for.

    >>> from pycore.dice.roller import roll
    >>> rolls = TypedRolls(["14", "00"])
    >>> next_roll_is(rolls, "to hit")
    >>> rolls.randint(1, 20), rolls.randint(1, 100)
    (14, 100)
    >>> str(roll("3d10", rolls))
    Traceback (most recent call last):
    ...
    pycore.dice.typed.DiceWanted: roll 3: the next roll (3d10)
    >>> str(roll("3d10", TypedRolls(["17"])))
    '3d10 = 17 (total typed)'

    A roll made before (``kept``, from :attr:`made`) answers the same roll again, found by its
    name and dice wherever it comes; the typed rolls answer the others:

    >>> before = TypedRolls(["50"])
    >>> next_roll_is(before, "hit location")
    >>> before.randint(1, 100)
    50
    >>> again = TypedRolls(["12"], kept=before.made)
    >>> next_roll_is(again, "Critical Hit Enhancement")
    >>> next_roll_is(again.randint(1, 20) and again, "hit location")
    >>> again.randint(1, 100), again.given
    (50, ['Critical Hit Enhancement: 1d20 = 12', 'hit location: 1d100 = 50'])
    """

    def __init__(
        self,
        entries: Sequence[str],
        rest: RandintSource | None = None,
        kept: Sequence[Made] = (),
    ) -> None:
        self.entries = tuple(texts(entries, "typed dice", DiceError))
        if rest is not None and not callable(getattr(rest, "randint", None)):
            raise DiceError(f"the dice for the other rolls {rest!r:.40} are no dice source")
        if not all(isinstance(k, Made) for k in kept):
            raise DiceError("the rolls kept are rolls made before (what, dice, faces)")
        self.rest = rest
        self.given: list[str] = []
        self._given_at = -1  # the place of the roll the last line of ``given`` is
        self._kept = list(kept)
        self._made: list[tuple[str, str, list[int], str | None]] = []
        self._taken = 0
        self._left = 0
        self._source: RandintSource | None = None
        self._what = ""
        self._odds: tuple[tuple[str, Fraction], ...] = ()

    def name_next(self, what: str, odds: tuple[tuple[str, Fraction], ...] = ()) -> None:
        self._what, self._odds = what, odds

    def judge_last(self, verdict: str) -> None:
        """``verdict`` after the line of the roll just made (:func:`judged`)."""
        if self.given and self._given_at == len(self._made) - 1:  # typed or kept: it has a line
            self.given[-1] = f"{self.given[-1]} {verdict}"

    def begin_roll(self, expr: str) -> None:
        count = sum(g.count for g in _groups(parse(expr)))
        if count:
            self._start(expr, count)

    def _reused(self, what: str, expr: str) -> Made | None:
        """The first roll kept from before that is this roll: the same name, the same dice.
        An unnamed roll is never taken for another: only its name says what it decides."""
        for at, kept in enumerate(self._kept):
            if what and (kept.what, kept.expr) == (what, expr):
                return self._kept.pop(at)
        return None

    def _start(self, expr: str, count: int) -> None:
        what, self._what = self._what, ""
        odds, self._odds = self._odds, ()
        index = len(self._made)  # its place among the step's rolls
        field = f"roll {index + 1} ({what or expr})"
        reused = self._reused(what, expr)
        text: str | None = None
        if reused is not None:
            text = reused.typed
            if text is None:
                self._source = TypedDice(reused.faces, field)
            else:
                self._source = typed_dice(expr, text, field)
            self.given.append(f"{what}: {expr} = {_shown_total(expr, reused.faces)}")
        elif self._taken < len(self.entries):
            text = self.entries[self._taken]
            self._taken += 1
            typed = typed_dice(expr, text, field)
            self.given.append(f"{what or 'roll'}: {expr} = {_shown_total(expr, typed.faces)}")
            self._source = typed
        elif self.rest is not None:
            self._source = self.rest
        else:
            raise DiceWanted(expr, what, index, tuple(self.given), odds)
        if text is not None or reused is not None:
            self._given_at = index
        self._made.append((what, expr, [], text))
        self._left = count

    def randint(self, a: int, b: int, /) -> int:
        if self._left <= 0 or self._source is None:
            self._start(f"1d{b}", 1)
        assert self._source is not None
        self._left -= 1
        face = self._source.randint(a, b)
        self._made[-1][2].append(face)
        return face

    @property
    def made(self) -> tuple[Made, ...]:
        """Every roll made so far, in order: what it decided, its dice, what they showed."""
        return tuple(Made(w, e, tuple(f), t) for w, e, f, t in self._made)

    @property
    def last_invented(self) -> bool:
        """Whether the die just read was made up to reach a typed total."""
        return bool(getattr(self._source, "last_invented", False))

    @property
    def unused(self) -> tuple[str, ...]:
        """Rolls typed but not asked for."""
        return self.entries[self._taken :]


def _shown_total(expr: str, faces: tuple[int, ...]) -> int:
    """The roll's total from the typed faces as the dice read them (a percentile 00 is 100),
    its modifiers included.

    >>> _shown_total("3d10+3", (4, 4, 3)), _shown_total("1d100", (0,))
    (14, 100)
    """
    parsed = parse(expr)
    sizes = [g.faces for g in _groups(parsed) for _ in range(g.count)]
    dice = sum(100 if f == 0 and size == 100 else f for f, size in zip(faces, sizes, strict=False))
    return dice + _modifier(parsed)


def judged(rng: RandintSource, verdict: str) -> None:
    """Say what the roll just made decided, after it, for a source that takes rolls one at a
    time (others ignore it): a to-hit roll typed shows "vs BCS 13: hit" at once, not only once
    the attack's last roll is typed (a GM's play-through saw "to hit: 1d20 = 5" and no verdict
    until the damage).

    >>> rolls = TypedRolls(["5"])
    >>> next_roll_is(rolls, "to hit")
    >>> rolls.randint(1, 20)
    5
    >>> judged(rolls, "vs BCS 13: hit")
    >>> rolls.given
    ['to hit: 1d20 = 5 vs BCS 13: hit']
    """
    judge = getattr(rng, "judge_last", None)
    if judge is not None:
        judge(verdict)


def next_roll_is(
    rng: RandintSource, what: str, odds: tuple[tuple[str, Fraction], ...] = ()
) -> None:
    """Name the next roll for a source that takes rolls one at a time (others ignore it), with
    ``odds``: what it decides, each with its exact chance, shown while it waits for the dice.

    >>> from fractions import Fraction
    >>> rolls = TypedRolls([])
    >>> next_roll_is(rolls, "Health save", (("save (D20 ≤ 8)", Fraction(2, 5)),))
    >>> try:
    ...     rolls.randint(1, 20)
    ... except DiceWanted as wanted:
    ...     print(wanted.what, wanted.odds)
    Health save (('save (D20 ≤ 8)', Fraction(2, 5)),)
    """
    name = getattr(rng, "name_next", None)
    if name is not None:
        if odds:
            name(what, odds)
        else:
            name(what)
