"""Campaign settings (PCT-03, R-D) and the combat sequence (PCT-07, PCT-08).

Every alternative procedure the text offers is a setting; the defaults are percentile.md's
project choice: a1, b1, c2, d1, damage 2, grazing on, descriptions on, organ damage off, pieces
off, borrowing on, stun on.

>>> s = Settings(); s.surprise, s.order, s.ap, s.to_hit, s.damage
('a1', 'b1', 'c2', 'd1', '2')
>>> settings_from_json({"to_hit": "d9"})
Traceback (most recent call last):
...
pycore.errors.RuleError: setting 'to_hit' must be one of d1, d2, d3, got 'd9'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from fractions import Fraction
from typing import Any

from pycore.errors import RuleError
from pycore.systems.percentile.checks import fmt
from pycore.validate import checked, exact, is_whole

#: A fight longer than this many five-second rounds is a typing slip.
MAX_ROUNDS = 100_000

CHOICES: dict[str, tuple[str, ...]] = {
    "surprise": ("a1", "a2", "a3", "none"),
    "order": ("b1", "b2"),
    "ap": ("c1", "c2"),
    "to_hit": ("d1", "d2", "d3"),
    "damage": ("1", "2", "3"),
    "graze_record": ("grazed", "unmodified"),
}
TOGGLES = ("grazing", "descriptions", "organ_damage", "pieces", "borrowing", "stun")
PIECE_FRACTIONS = ("1/10", "1/4", "1/2")


@dataclass(frozen=True)
class Settings:
    """The R-D choices; ``piece_fraction`` is the deci-percentage piece size (PCT-26)."""

    surprise: str = "a1"
    order: str = "b1"
    ap: str = "c2"
    to_hit: str = "d1"
    damage: str = "2"
    graze_record: str = "grazed"
    grazing: bool = True
    descriptions: bool = True
    organ_damage: bool = False
    pieces: bool = False
    piece_fraction: str = "1/10"
    borrowing: bool = True
    stun: bool = True

    @property
    def piece(self) -> Fraction:
        return exact(self.piece_fraction, "piece fraction")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def summary(self) -> str:
        """One line for the worksheet, in words (the procedures' names under each setting).

        >>> Settings().summary()
        'Surprise: simple Perception check per side · Order: roll the order once at the beginning of combat · Agility points: spend agility points per Table #3-6 · To hit: skill only: roll under MARKSmanship or BRAWLmanship (grenades: roll against BRAWL) · Damage: damage die roll from the data sheet · grazing on (the grazed value recorded) · descriptions on · organ damage off · pieces off · borrowing AP on · damage stun on'
        """
        titles = {k: t[1][0].lower() + t[1][1:] for k, t in procedure_titles().items()}
        onoff = {True: "on", False: "off"}
        surprise = titles.get(self.surprise, "no surprise check")
        pieces = f"pieces of {self.piece_fraction} of a turn" if self.pieces else "pieces off"
        graze = f" (the {self.graze_record} value recorded)" if self.grazing else ""
        return (
            f"Surprise: {surprise} · Order: {titles[self.order]} · "
            f"Agility points: {titles[self.ap]} · To hit: {titles[self.to_hit]} "
            f"(grenades: {titles['d4'].split(': ', 1)[-1]}) · Damage: {titles[self.damage]} · "
            f"grazing {onoff[self.grazing]}{graze} · descriptions {onoff[self.descriptions]} · "
            f"organ damage {onoff[self.organ_damage]} · {pieces} · "
            f"borrowing AP {onoff[self.borrowing]} · damage stun {onoff[self.stun]}"
        )


@checked
def settings_from_json(raw: Mapping[str, Any]) -> Settings:
    """Read saved settings, defaults for anything missing; a bad value is a :class:`RuleError`.

    >>> settings_from_json({"pieces": True, "piece_fraction": "1/4"}).piece
    Fraction(1, 4)
    """
    if not isinstance(raw, Mapping):
        raise RuleError(f"settings must be an object of setting → value, got {raw!r}")
    values: dict[str, Any] = {}
    known = {f.name for f in fields(Settings)}
    for key, value in raw.items():
        if key not in known:
            continue  # unknown keys from newer data are ignored, not fatal
        if key in CHOICES and value not in CHOICES[key]:
            raise RuleError(
                f"setting {key!r} must be one of {', '.join(CHOICES[key])}, got {value!r}"
            )
        if key in TOGGLES and not isinstance(value, bool):
            raise RuleError(f"setting {key!r} must be true or false, got {value!r}")
        if key == "piece_fraction":
            try:
                f = exact(str(value), "setting 'piece_fraction'")  # no "1e99999999"
            except (ValueError, ZeroDivisionError):
                raise RuleError(
                    f"setting 'piece_fraction' must be a fraction such as 1/10, got {value!r}"
                ) from None
            if not Fraction(1, 100) <= f <= 1:
                raise RuleError(f"setting 'piece_fraction' must be from 1/100 to 1, got {value!r}")
            value = f"{f.numerator}/{f.denominator}"
        values[key] = value
    return Settings(**values)


def combat_sequence() -> list[str]:
    """PCT-08 (PCT-T01): the seven steps of combat.

    >>> combat_sequence()[0], len(combat_sequence())
    ('1 Check For Surprise', 7)
    """
    from pycore.tables import load_table

    table = load_table("percentile", "combat_sequence")
    return [f"{row['step']} {row['name']}" for row in table.rows]


@checked
def order_roll_due(settings: Settings, round_number: int, piece: int = 1) -> bool:
    """Whether the order is rolled now (PCT-18, 19, 26): b1 once (round 1), b2 every round,
    pieces every piece.

    >>> order_roll_due(Settings(), 2), order_roll_due(Settings(order="b2"), 2)
    (False, True)
    >>> order_roll_due(Settings(pieces=True), 1, 3)
    True
    """
    for name, value in (("round", round_number), ("piece", piece)):
        if not is_whole(value) or value < 1:
            raise RuleError(f"{name} number must be a whole number from 1, got {value!r}")
    if settings.pieces:
        return True
    return settings.order == "b2" or round_number == 1


@checked
def order_rolled_when(settings: Settings) -> str:
    """When the order is rolled (PCT-18, 19, 26), in words, for a refusal to roll it again: the
    rule's ID is not said there (it belongs under "Why").

    >>> order_rolled_when(Settings()), order_rolled_when(Settings(order="b2"))
    ('once, at the start of combat', 'at the start of each round')
    """
    if settings.pieces:
        return "at the start of each piece"  # PCT-26
    if settings.order == "b2":
        return "at the start of each round"  # PCT-19
    return "once, at the start of combat"  # PCT-18


@checked
def acting_sides(
    order: Sequence[str], exclusive: bool, surprise_winner: str | None = None
) -> list[str]:
    """The sides that act this round: only the surprise winner in a surprise round (PCT-09),
    only the first side after an exclusive lead (PCT-21), else all in order.

    >>> acting_sides(["B", "A"], True), acting_sides(["B", "A"], False), acting_sides(["B", "A"], False, "A")
    (['B'], ['B', 'A'], ['A'])
    """
    if surprise_winner is not None:
        return [surprise_winner]
    return [order[0]] if exclusive and order else list(order)


@checked
def round_seconds(round_number: int) -> str:
    """PCT-07 / E21: a round is about five seconds of game time; rounds count from 1 (line 36).

    >>> round_seconds(3)
    'round 3: about 10 to 15 s of game time elapsed'
    >>> round_seconds(0)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: round number must be a whole number from 1, got 0
    """
    if not is_whole(round_number) or round_number < 1:
        raise RuleError(f"round number must be a whole number from 1, got {round_number!r}")
    return f"round {round_number}: about {fmt(5 * (round_number - 1))} to {fmt(5 * round_number)} s of game time elapsed"


def procedure_titles() -> dict[str, tuple[str, str, str]]:
    """PCT-T09: procedure id → (step, title, lines), for the settings labels.

    >>> procedure_titles()["d4"][0], procedure_titles()["b2"][2]
    ('to_hit', '65')
    """
    from pycore.tables import load_table

    table = load_table("percentile", "procedures")
    return {str(r["id"]): (str(r["step"]), str(r["title"]), str(r["lines"])) for r in table.rows}


def constants() -> dict[str, Fraction]:
    """PCT-T07: the rule constants (the modules' own constants are tested against these).

    >>> constants()["seconds_per_10pct_ap"], constants()["exclusive_attack_lead"]
    (Fraction(1, 2), Fraction(30, 1))
    """
    from pycore.tables import load_table

    table = load_table("percentile", "constants")
    return {str(r["key"]): Fraction(str(r["value"])) for r in table.rows}
