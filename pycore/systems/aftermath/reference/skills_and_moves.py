"""Learning rate modifications (AFT-38, T29), climbing (AFT-37, T28) and the unarmed combat throw
(AFT-39, T30).

>>> str(learning(["expert_teacher", "wounded", "seriously_wounded"]))
'aids 1 (Expert Teacher); hindrances 3 (Character is Seriously Wounded for at least part of the week); how these change the Learning Rate is not in this text'
>>> str(climb("Ladder", 12))
'Ladder: BMA 12 × 0.25 = 3; Treacherous Ground.; BCS −2 while on it (reading)'
>>> throw(5).line
520
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from pycore.dice import RandintSource, roll
from pycore.errors import RuleError
from pycore.systems.aftermath.rounding import check_choice, check_int, show
from pycore.tables import Row, load_table
from pycore.validate import checked, whole


def learning_keys() -> tuple[str, ...]:
    """Every aid and hindrance of T29.

    >>> learning_keys()[0], len(learning_keys())
    ('expert_teacher', 17)
    """
    return tuple(str(r["key"]) for r in load_table("aftermath", "learning_rate").rows)


def learning_choices() -> tuple[tuple[str, str], ...]:
    """The learning aids and hindrances of T29 as (key, label), in printed order.

    >>> learning_choices()[0][0] == learning_keys()[0]
    True
    """
    rows = load_table("aftermath", "learning_rate").rows
    return tuple((str(r["key"]), str(r["label"])) for r in rows)


@dataclass(frozen=True)
class Learning:
    aids: tuple[tuple[str, int], ...]
    hindrances: tuple[tuple[str, int], ...]
    allowed: bool

    @property
    def aid_total(self) -> int:
        return sum(v for _, v in self.aids)

    @property
    def hindrance_total(self) -> int:
        return sum(v for _, v in self.hindrances)

    @property
    def rules(self) -> tuple[str, ...]:
        return ("AFT-38", "AFT-T29")

    def __str__(self) -> str:
        if not self.allowed:
            return "study not allowed: a Prerequisite Skill's required score is missing"
        aids = ", ".join(label for label, _ in self.aids) or "none"
        hind = ", ".join(label for label, _ in self.hindrances) or "none"
        return (
            f"aids {self.aid_total} ({aids}); hindrances {self.hindrance_total} ({hind}); how "
            "these change the Learning Rate is not in this text"
        )


LEARNING_RULES: Final = ("aids_lower", "aids_raise")


@checked
def learning_rate(study: Learning, base_rate: int | None, rule: str | None) -> str:
    """AFT-38, AFT-M22: the text gives the aids and hindrances but not the Learning Rate nor
    which way they move it; with the user's rate and reading the modified rate is shown.

    >>> study = Learning((("Expert Teacher", 1),), (("Solo study", 2),), True)
    >>> learning_rate(study, 10, "aids_lower"), learning_rate(study, 10, "aids_raise")
    ('Learning Rate 10 − aids 1 + hindrances 2 = 11 (your reading)', 'Learning Rate 10 + aids 1 − hindrances 2 = 9 (your reading)')
    >>> learning_rate(study, None, "aids_lower")
    'enter the Learning Rate and how aids change it (not in the text)'
    """
    if not study.allowed:
        return str(study)
    if base_rate is None or rule is None:
        return "enter the Learning Rate and how aids change it (not in the text)"
    base = check_int("Learning Rate", base_rate, 0, 1000)
    rule = check_choice("learning rate rule", rule, LEARNING_RULES)
    aids, hind = study.aid_total, study.hindrance_total
    if rule == "aids_lower":
        return f"Learning Rate {base} − aids {aids} + hindrances {hind} = {base - aids + hind} (your reading)"
    return f"Learning Rate {base} + aids {aids} − hindrances {hind} = {base + aids - hind} (your reading)"


@checked
def learning(chosen: Sequence[str]) -> Learning:
    """AFT-38: the aids and hindrances that apply; of an exclusive pair only the higher counts,
    and Solo Study excludes both teacher aids (reading).

    >>> learning(["solo_study", "expert_teacher"])
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Solo Study excludes a teacher
    """
    table = load_table("aftermath", "learning_rate")
    rows: dict[str, Row] = {str(r["key"]): r for r in table.rows}
    unknown = [k for k in chosen if k not in rows]
    if unknown:
        raise RuleError(f"learning modifiers {unknown} are unknown; allowed: {', '.join(rows)}")
    if "solo_study" in chosen and {"expert_teacher", "gifted_teacher"} & set(chosen):
        raise RuleError("Solo Study excludes a teacher", rules=("AFT-38",))
    if any(rows[k]["not_allowed"] for k in chosen):
        return Learning((), (), False)
    kept: dict[str, tuple[str, str, int]] = {}
    for key in dict.fromkeys(chosen):
        row = rows[key]
        value = int(str(row["value"]))
        group = str(row["exclusive"]) if row["exclusive"] else key
        entry = (str(row["kind"]), str(row["label"]), value)
        if (
            group not in kept
            or kept[group][2] < value
            or (kept[group][0] == "aid" and entry[0] != "aid")
        ):
            kept[group] = entry
    aids = tuple((label, v) for kind, label, v in kept.values() if kind == "aid")
    hind = tuple((label, v) for kind, label, v in kept.values() if kind != "aid")
    return Learning(aids, hind, True)


@dataclass(frozen=True)
class Climb:
    method: str
    bma: int
    factor: Fraction
    rate: Fraction
    notes: str
    bcs: int

    def __str__(self) -> str:
        text = (
            f"{self.method}: BMA {self.bma} × {show(self.factor)} = {show(self.rate)}; {self.notes}"
        )
        if self.bcs:
            text += f"; BCS −{-self.bcs} while on it (reading)"
        return text

    @property
    def rules(self) -> tuple[str, ...]:
        return ("AFT-37", "AFT-T28")


@checked
def climb(method: str, bma: int, ladder_bcs: int | None = None) -> Climb:
    """AFT-37: climbing movement = BMA × the method's factor; the rope's maximum height needs a
    Strength save and Effect Die roll (the notes say which). ``ladder_bcs`` replaces the −2 read
    into the garbled ladder note (settings.ladder_bcs_modifier).

    >>> climb("Rope", 10)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: climbing method 'Rope' is unknown; allowed: Simple rope, Knotted rope, Ladder, Stairs
    >>> climb("Ladder", 10).bcs, climb("Ladder", 10, ladder_bcs=2).bcs
    (-2, 2)
    """
    table = load_table("aftermath", "climbing")
    methods = [str(r["method"]) for r in table.rows]
    if method not in methods:
        raise RuleError(f"climbing method {method!r} is unknown; allowed: {', '.join(methods)}")
    whole(bma, "BMA", 0, 200)
    row = table.row_by("method", method)
    factor = row["bma_factor"]
    assert isinstance(factor, Fraction)
    bcs = int(str(row["bcs"]))
    if bcs and ladder_bcs is not None:
        bcs = check_int("ladder BCS modifier", ladder_bcs, -10, 10)
    return Climb(method, bma, factor, bma * factor, str(row["notes"]), bcs)


@checked
def rope_height(method: str, strength_save: int, effect_die: str, rng: RandintSource) -> str:
    """AFT-37: a rope's maximum climb in metres = the Strength CST (simple rope) or AST
    (knotted rope) + a Strength Group Effect Die roll.

    >>> import random
    >>> rope_height("Knotted rope", 9, "1D6", random.Random(1))
    'maximum height: Strength AST 9 + (1D6 (2) = 2) = 11 m'
    """
    save = {"Simple rope": "CST", "Knotted rope": "AST"}.get(method)
    if save is None:
        raise RuleError(
            f"climbing method {method!r} has no maximum height (ropes only)", rules=("AFT-37",)
        )
    value = check_int(f"Strength {save}", strength_save, 0, 40)
    if not effect_die:
        return f"maximum height: Strength {save} {value} (Group 0: no Effect Die) = {value} m"
    rolled = roll(effect_die, rng)
    return (
        f"maximum height: Strength {save} {value} + ({rolled.explain()}) = {value + rolled.total} m"
    )


@dataclass(frozen=True)
class Throw:
    effect_number: int
    outcome: str
    line: int

    def __str__(self) -> str:
        # The outcome is the book's row as printed (AFT-T30, 001 lines 518-522), "he" and all:
        # in quotation marks, it reads as the book's words, not the app's (no screen string of
        # the app gives a fighter a pronoun: tests/test_no_pronouns.py).
        return f"Throw, Effect Number {self.effect_number}: “{self.outcome}”"

    @property
    def rules(self) -> tuple[str, ...]:
        return ("AFT-39", "AFT-T30", f"L{self.line}")


@checked
def throw(effect_number: int) -> Throw:
    """AFT-39: the throw's outcome by its Effect Number (10 and more: the last row).

    >>> throw(-1)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Effect Number -1 is outside 0 to 99
    """
    whole(effect_number, "Effect Number", 0, 99)
    row = load_table("aftermath", "unarmed_throw").row_for_roll(effect_number)
    return Throw(effect_number, str(row["outcome"]), int(str(row["line"])))


@dataclass(frozen=True)
class ThrowDamage:
    """AFT-39 7-9 and 10+: subdual damage = the thrower's Strength Effect Die roll, armor not
    subtracted, less 5 per level of Blast Buffering (not below 0)."""

    dice: str
    rolled: int
    blast_buffering: int

    @property
    def damage(self) -> int:
        return max(0, self.rolled - 5 * self.blast_buffering)

    def __str__(self) -> str:
        less = f" − 5 × Blast Buffering {self.blast_buffering}" if self.blast_buffering else ""
        return (
            f"subdual damage: Strength Effect Die {self.dice} = {self.rolled}{less} = "
            f"{self.damage}; armor does not reduce it"
        )


@checked
def throw_damage(
    effect_number: int, strength_effect_die: str, blast_buffering: int, rng: RandintSource
) -> ThrowDamage | None:
    """AFT-39: the damage of a throw with Effect Number 7 or more; None below (no damage).

    >>> import random
    >>> str(throw_damage(8, "2D6", 1, random.Random(1)))
    'subdual damage: Strength Effect Die 2D6 = 7 − 5 × Blast Buffering 1 = 2; armor does not reduce it'
    >>> throw_damage(5, "2D6", 0, random.Random(2)) is None
    True
    """
    throw(effect_number)  # validates the Effect Number
    level = check_int("Blast Buffering level", blast_buffering, 0, 20)
    if effect_number < 7:
        return None
    if not strength_effect_die:
        raise RuleError(
            "Strength Group 0 has no Effect Die: no throw damage to roll", rules=("AFT-06",)
        )
    return ThrowDamage(strength_effect_die, roll(strength_effect_die, rng).total, level)


@dataclass(frozen=True)
class Entanglement:
    effect_number: int
    location: int
    group: str
    result: str
    line: int

    def __str__(self) -> str:
        name = self.group.replace("_", " & ")
        return (
            f"Entanglement, Effect Number {self.effect_number}, location {self.location} "
            f"({name}): {self.result}"
        )

    @property
    def rules(self) -> tuple[str, ...]:
        return ("AFT-41", "AFT-T32", f"L{self.line}")


#: AFT-41 (L563): a torso hit entangles only with a flexible weapon of at least Long length.
LONG_ENOUGH: Final = ("XL", "L")
WEAPON_LENGTHS: Final = ("XL", "L", "A", "S")


@checked
def entanglement(
    effect_number: int, location: int, weapon_length: str | None = None
) -> Entanglement:
    """AFT-41: the chart's cell for the Effect Number and the bipedal location struck (1-30). On
    the torso the flexible weapon must be at least of Long length (001 lines 550, 563): its
    ``weapon_length`` (XL, L, A, S) is asked there; shorter, the torso takes no effect.

    >>> str(entanglement(5, 2))
    'Entanglement, Effect Number 5, location 2 (head & neck): As 2-3 plus Check for Daze'
    >>> entanglement(5, 8, "A").result, entanglement(5, 8, "L").result
    ('No Effect (the weapon is shorter than Long)', 'Multiple Distraction')
    >>> entanglement(5, 8)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: a torso hit entangles only with a flexible weapon of at least Long length: give the weapon's length
    >>> entanglement(5, 31)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: location 31 is outside 1 to 30 (bipedal)
    """
    whole(effect_number, "Effect Number", 0, 99)
    whole(location, "location", 1, 30, why=" (bipedal)")
    table = load_table("aftermath", "entanglement")
    groups = table.meta["groups"]
    assert isinstance(groups, Mapping)
    group = next(g for g, (low, high) in groups.items() if low <= location <= high)
    row = table.row_for_roll(effect_number)
    result = str(row[group])
    if group == "torso":
        if weapon_length is None:
            raise RuleError(
                "a torso hit entangles only with a flexible weapon of at least Long length: "
                "give the weapon's length",
                rules=("AFT-41", "001 line 563"),
            )
        if check_choice("weapon length", weapon_length, WEAPON_LENGTHS) not in LONG_ENOUGH:
            result = "No Effect (the weapon is shorter than Long)"
    return Entanglement(effect_number, location, group, result, int(str(row["line"])))


def entanglement_terms() -> dict[str, str]:
    """The chart's terms as printed (L557-561).

    >>> entanglement_terms()["Distraction"][:40]
    'The target receives 1 Distraction to all'
    """
    terms = load_table("aftermath", "entanglement").meta["terms"]
    assert isinstance(terms, Mapping)
    return {str(k): str(v) for k, v in terms.items()}


@dataclass(frozen=True)
class Stopping:
    category: int
    phases: int
    exit: str
    next_category: int
    line: int

    def __str__(self) -> str:
        if self.category == 0:
            return "category 0: normal movement in DAT"
        return (
            f"category {self.category}: must move {self.phases} phase(s) at normal BMA out of "
            f"{self.exit}, then category {self.next_category}"
        )

    @property
    def rules(self) -> tuple[str, ...]:
        return ("AFT-35", "AFT-T25", f"L{449 if self.category == 0 else self.line}")


@checked
def stopping(category: int, pca: int, knock_back_m: int = 0) -> Stopping:
    """AFT-35: what stopping from a movement category takes; each 2 m of knock-back drops one
    category first (L669).

    >>> str(stopping(3, 6))
    'category 3: must move 6 phase(s) at normal BMA out of the central Front hex, then category 2'
    >>> stopping(3, 6, knock_back_m=5).category
    1
    """
    for field, value, high in (
        ("category", category, 3),
        ("PCA", pca, 50),
        ("knock-back", knock_back_m, 100),
    ):
        whole(value, field, 0, high)
    now = max(0, category - knock_back_m // 2)
    row = load_table("aftermath", "stopping_forward_motion").row_by("category", now)
    phases = pca if row["phases"] == "PCA" else int(str(row["phases"]))
    return Stopping(now, phases, str(row["exit"]), int(str(row["next"])), int(str(row["line"])))


def horse() -> str:
    """AFT-30: the average horse's stat block as printed; its AV is the user's.

    >>> horse()[:60]
    'The average horse: STR 30, DFT 14, SPD 24, HLH 24, BAP 12, M'
    """
    table = load_table("aftermath", "creature_horse")
    attrs = table.meta["attributes"]
    stats = table.meta["statistics"]
    assert isinstance(attrs, Mapping) and isinstance(stats, Mapping)
    parts = ", ".join(f"{k} {v}" for k, v in {**attrs, **stats}.items())
    attacks = "; ".join(
        f"{r['attack']} WDM {r['wdm']}, length {r['length']}, BCS {r['bcs']}"
        + ("" if r["bcs_printed"] else " (blank in the text: as the unshod hoof)")
        + f", {r['notes']}"
        for r in table.rows
    )
    return f"The average horse: {parts}; AV: yours (blank in the text). Attacks: {attacks}"
