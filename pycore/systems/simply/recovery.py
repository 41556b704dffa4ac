"""Simply Roleplaying! treatment and recovery (SIM-51 to SIM-57; table SIM-T16).

Task functions return the task to roll (skill, SIM-T01 difficulty, what success gives); healing
functions return the HP gained. Difficulties come from ``load_table("simply", "treatment")`` and
the SIM-T01 ladder.

>>> str(treatment(hp=6, hp_max=26, skill="First Aid"))
'treatment: Above Average First Aid (−2); stops bleeding'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from pycore.dice.roller import RandintSource, Roll, roll
from pycore.errors import RuleError
from pycore.figures import figure
from pycore.systems.simply.limits import MAX_HP
from pycore.systems.simply.tasks import TargetNumber, success_chance, target_number
from pycore.tables import Row, load_table
from pycore.validate import checked, is_whole, whole

Skill = Literal["First Aid", "Medicine"]
SKILLS: Final = ("First Aid", "Medicine")
MAX_WEEKS: Final = 520
MAX_ATTEMPTS: Final = 100


def _skill(skill: str) -> Skill:
    if skill == "First Aid":
        return "First Aid"
    if skill == "Medicine":
        return "Medicine"
    raise RuleError(f"skill {skill!r} is unknown; allowed: {', '.join(SKILLS)}")


def _row(row_id: str) -> Row:
    return load_table("simply", "treatment").row_by("id", row_id)


def _int(row: Row, column: str) -> int:
    value = row[column]
    assert isinstance(value, int)
    return value


@dataclass(frozen=True)
class TreatmentTask:
    """A treatment task: the skill, its SIM-T01 difficulty, and what success gives.

    ``modifier`` is None and ``automatic`` is set for Automatic / Impossible (no roll).
    """

    treatment: str
    skill: Skill | None
    difficulty: str
    modifier: int | None
    automatic: str | None
    hp_gain: int
    stops_bleeding: bool
    rules: tuple[str, ...]
    note: str = ""

    def __str__(self) -> str:
        return self.words

    @property
    def words(self) -> str:
        """The task for the GM without its rules (``rules`` holds them)."""
        if self.automatic is not None:
            what = f"{self.difficulty} ({self.automatic} without a roll)"
        else:
            sign = "−" if self.modifier is not None and self.modifier < 0 else "+"
            mod = f"{sign}{abs(self.modifier)}" if self.modifier else "0"
            what = f"{self.difficulty} {self.skill} ({mod})"
        parts = [f"{self.treatment}: {what}"]
        if self.hp_gain:
            parts.append(f"+{self.hp_gain} HP")
        if self.stops_bleeding:
            parts.append("stops bleeding")
        if self.note:
            parts.append(self.note)
        return "; ".join(parts)


@dataclass(frozen=True)
class TreatmentChance:
    """A treatment's roll before it is made: the treater's TN and the exact chance (SIM-52)."""

    target: TargetNumber
    chance: Fraction

    def __str__(self) -> str:
        return str(self.target)


@checked
def treatment_chance(
    task: TreatmentTask, rating: int, level: str | None = None
) -> TreatmentChance | None:
    """The TN from the treater's skill ``rating`` and the task's difficulty, and its chance;
    None when the difficulty decides without a roll (SIM-04). ``level`` None is a default
    rating: no automatic 2 (SIM-06), as the roll itself is judged.

    >>> str(treatment_chance(treatment(hp=6, hp_max=26, skill="First Aid"), 12))
    'base 12 (First Aid) + Above Average −2 = TN 10'
    >>> treatment_chance(treatment(hp=6, hp_max=26, skill="First Aid"), 12).chance
    Fraction(9, 20)
    >>> treatment_chance(bandage(5), 12) is None
    True
    """
    if task.automatic is not None:
        return None
    target = target_number(rating, task.difficulty, base_label=task.skill)
    return TreatmentChance(target, success_chance(target.total, skilled=level is not None))


def _ladder_row(index: int) -> Row:
    return load_table("simply", "difficulty").row_by("ladder_index", index)


def _task(
    treatment_name: str,
    skill: Skill | None,
    difficulty: str,
    hp_gain: int,
    stops_bleeding: bool,
    rules: tuple[str, ...],
    note: str = "",
) -> TreatmentTask:
    level = load_table("simply", "difficulty").row_by("name", difficulty)
    modifier = level["modifier"]
    automatic = level["automatic"]
    return TreatmentTask(
        treatment_name,
        skill,
        difficulty,
        modifier if isinstance(modifier, int) else None,
        automatic if isinstance(automatic, str) else None,
        hp_gain,
        stops_bleeding,
        rules,
        note,
    )


@checked
def at_quarter_or_less(hp: int, hp_max: int) -> bool:
    """SIM-52: HP ≤ ¼ HP_max, compared exactly as 4 × HP ≤ HP_max.

    >>> at_quarter_or_less(7, 26), at_quarter_or_less(6, 26)
    (False, True)
    """
    hp_max = whole(hp_max, "HP max", 1, MAX_HP)
    hp = whole(hp, "HP", -MAX_HP, hp_max)
    return 4 * hp <= hp_max


@checked
def treatment_difficulty(hp: int, hp_max: int, skill: str) -> str:
    """The SIM-T01 difficulty of treatment for the patient's remaining HP (SIM-52).

    >>> treatment_difficulty(7, 26, "First Aid"), treatment_difficulty(7, 26, "Medicine")
    ('Average', 'Easy')
    >>> treatment_difficulty(6, 26, "First Aid"), treatment_difficulty(6, 26, "Medicine")
    ('Above Average', 'Average')
    """
    checked = _skill(skill)
    quarter = at_quarter_or_less(hp, hp_max)
    row = _row("treatment_quarter_or_less" if quarter else "treatment_above_quarter")
    value = row["first_aid" if checked == "First Aid" else "medicine"]
    assert isinstance(value, str)
    return value


@checked
def treatment(hp: int, hp_max: int, skill: str) -> TreatmentTask:
    """A First Aid or Medicine treatment; success stops bleeding (SIM-52, SIM-46).

    >>> str(treatment(hp=7, hp_max=26, skill="Medicine"))
    'treatment: Easy Medicine (+2); stops bleeding'
    """
    checked = _skill(skill)
    return _task(
        "treatment", checked, treatment_difficulty(hp, hp_max, checked), 0, True, ("SIM-52",)
    )


@checked
def revive(hp: int, hp_max: int, skill: str) -> TreatmentTask:
    """Revive an unconscious character with an Other action: +1 HP, acts from the next
    Initiative Roll (SIM-51); difficulty by SIM-52. Refused in Critical Condition (SIM-D16).
    Success stops bleeding: the revive is the treatment task of SIM-52 (SIM-51 reading), and a
    successful treatment stops bleeding (SIM-52 reading; SIM-46: "until treated"). A GM's
    play-through: the revived fighter went on bleeding.

    >>> str(revive(hp=1, hp_max=26, skill="First Aid"))
    'revive: Above Average First Aid (−2); +1 HP; stops bleeding; an Other action; acts again from the next Initiative Roll'
    >>> revive(hp=-1, hp_max=26, skill="First Aid")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: HP −1 is outside 0 to 26: stabilize and heal a critical character first
    """
    checked = _skill(skill)
    if is_whole(hp) and hp < 0:
        raise RuleError(
            f"HP {figure(hp)} is outside 0 to {hp_max}: stabilize and heal a critical character first",
            rules=("SIM-D16",),
        )
    difficulty = treatment_difficulty(hp, hp_max, checked)
    return _task(
        "revive",
        checked,
        difficulty,
        _int(_row("revive"), "hp_gain"),
        True,  # SIM-51 and SIM-52 readings: a successful revive is a treatment
        ("SIM-51", "SIM-52", "SIM-46"),
        "an Other action; acts again from the next Initiative Roll",
    )


@checked
def first_aid(hp: int, hp_max: int, skill: str, minutes_since_injury: int) -> TreatmentTask:
    """First Aid within 15 minutes of the injury: +2 HP once per injury (SIM-55, SIM-D19);
    difficulty by SIM-52.

    >>> str(first_aid(hp=10, hp_max=26, skill="First Aid", minutes_since_injury=5))
    'first aid: Average First Aid (0); +2 HP; stops bleeding'
    """
    checked = _skill(skill)
    window = load_table("simply", "treatment").meta["first_aid_window_minutes"]
    assert isinstance(window, int)
    whole(minutes_since_injury, "minutes since injury", 0, window)
    row = _row("first_aid")
    return _task(
        "first aid",
        checked,
        treatment_difficulty(hp, hp_max, checked),
        _int(row, "hp_gain"),
        True,
        ("SIM-55", "SIM-52"),
    )


@checked
def bandage(hp: int) -> TreatmentTask:
    """Bandaging: no task roll, stops bleeding; the bandager takes no other actions; no help in
    Critical Condition (SIM-53).

    >>> str(bandage(5))
    'bandage: Automatic (success without a roll); stops bleeding; the bandager takes no other actions this turn'
    >>> bandage(-2)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: HP −2 is below 0: bandaging does not help in Critical Condition
    """
    whole(hp, "HP", -MAX_HP, MAX_HP)
    if hp < 0:
        raise RuleError(
            f"HP {figure(hp)} is below 0: bandaging does not help in Critical Condition",
            rules=("SIM-53",),
        )
    return _task(
        "bandage",
        None,
        "Automatic",
        0,
        True,
        ("SIM-53",),
        "the bandager takes no other actions this turn",
    )


@checked
def stabilize(attempt: int, skill: str) -> TreatmentTask:
    """Stabilize a character in Critical Condition (SIM-54): Difficult First Aid or Above
    Average Medicine, one SIM-T01 level harder per attempt, up to Impossible. Success stops the
    bleeding for 1D10 hours.

    >>> [stabilize(n, "First Aid").difficulty for n in (1, 2, 5)]
    ['Difficult', 'Very Difficult', 'Impossible']
    >>> [stabilize(n, "Medicine").modifier for n in (1, 2, 6)]
    [-2, -4, None]
    """
    checked = _skill(skill)
    attempt = whole(attempt, "stabilization attempt", 1, MAX_ATTEMPTS)
    row = _row("stabilize")
    base = row["first_aid" if checked == "First Aid" else "medicine"]
    assert isinstance(base, str)
    start = load_table("simply", "difficulty").row_by("name", base)["ladder_index"]
    assert isinstance(start, int)
    index = min(9, start + attempt - 1)  # 9 = Impossible, the top of the SIM-T01 ladder
    name = _ladder_row(index)["name"]
    assert isinstance(name, str)
    return _task(
        f"stabilize (attempt {attempt})",
        checked,
        name,
        0,
        True,
        ("SIM-54",),
        f"bleeding stops for {row['dice']} hours",
    )


@dataclass(frozen=True)
class Healing:
    """HP regained over whole weeks, capped at HP_max (SIM-56, SIM-57, SIM-D18).

    ``rolls`` are the state-of-the-art hospital's weekly 1D10/2 rolls (SIM-57, SIM-D17).
    """

    kind: str
    weeks: int
    per_week: int
    rolls: tuple[Roll, ...]
    hp_before: int
    hp_after: int
    hp_max: int
    rules: tuple[str, ...]

    @property
    def gained(self) -> int:
        """HP actually regained.

        >>> natural_healing(3, "inactive", hp=10, hp_max=26).gained
        6
        """
        return self.hp_after - self.hp_before

    def __str__(self) -> str:
        extra = f" + {' + '.join(str(r.total) for r in self.rolls)}" if self.rolls else ""
        return (
            f"{self.kind}: {self.weeks} wk × {self.per_week}{extra}; "
            f"HP {figure(self.hp_before)} → {figure(self.hp_after)}"
        )


def _heal(
    kind: str,
    weeks: int,
    per_week: int,
    rolls: tuple[Roll, ...],
    hp: int,
    hp_max: int,
    rules: tuple[str, ...],
) -> Healing:
    total = weeks * per_week + sum(r.total for r in rolls)
    return Healing(kind, weeks, per_week, rolls, hp, min(hp_max, hp + total), hp_max, rules)


@checked
def natural_healing(weeks: int, activity: str, hp: int, hp_max: int) -> Healing:
    """Natural healing: 2 HP per week of complete inactivity, 1 of moderate activity (SIM-56).

    >>> str(natural_healing(2, "moderate", hp=10, hp_max=26))
    'natural healing (moderate): 2 wk × 1; HP 10 → 12'
    >>> natural_healing(3, "inactive", hp=25, hp_max=26).hp_after
    26
    """
    if activity not in ("inactive", "moderate"):
        raise RuleError(f"activity {activity!r} is unknown; allowed: inactive, moderate")
    weeks = whole(weeks, "weeks", 0, MAX_WEEKS)
    hp_max = whole(hp_max, "HP max", 1, MAX_HP)
    hp = whole(hp, "HP", -MAX_HP, hp_max)
    per_week = _int(_row(f"natural_{activity}"), "hp_gain")
    return _heal(
        f"natural healing ({activity})", weeks, per_week, (), hp, hp_max, ("SIM-56", "SIM-D18")
    )


def comprehensive_treatment() -> TreatmentTask:
    """Admission to hospital care, the "more comprehensive treatment" that ends a
    stabilization's countdown (SIM-54, SIM-D20): the GM marks it, so no roll.

    >>> str(comprehensive_treatment())
    'hospital care: Automatic (success without a roll); the stabilization no longer runs out'
    """
    return _task(
        "hospital care",
        None,
        "Automatic",
        0,
        False,
        ("SIM-54", "SIM-D20"),
        "the stabilization no longer runs out",
    )


@checked
def hospital_care(
    weeks: int,
    hp: int,
    hp_max: int,
    state_of_the_art: bool = False,
    rng: RandintSource | None = None,
) -> Healing:
    """Hospital care: 4 HP per week; a state-of-the-art hospital adds 1D10/2 (rounded up, 1-5)
    per week, rolled with ``rng`` (SIM-57, SIM-D17, SIM-D18).

    >>> hospital_care(2, hp=5, hp_max=26).gained
    8
    >>> import random
    >>> str(hospital_care(2, hp=5, hp_max=26, state_of_the_art=True, rng=random.Random(1)))
    'hospital care (state of the art): 2 wk × 4 + 2 + 5; HP 5 → 20'
    """
    weeks = whole(weeks, "weeks", 0, MAX_WEEKS)
    hp_max = whole(hp_max, "HP max", 1, MAX_HP)
    hp = whole(hp, "HP", -MAX_HP, hp_max)
    per_week = _int(_row("hospital"), "hp_gain")
    rolls: tuple[Roll, ...] = ()
    rules: tuple[str, ...] = ("SIM-57", "SIM-D18")
    kind = "hospital care"
    if state_of_the_art:
        if rng is None:
            raise RuleError("rng None: a state-of-the-art hospital rolls 1D10/2 per week")
        dice = _row("hospital_state_of_the_art")["dice"]
        assert isinstance(dice, str)
        rolls = tuple(roll(dice, rng) for _ in range(weeks))
        rules = ("SIM-57", "SIM-D17", "SIM-D18")
        kind = "hospital care (state of the art)"
    return _heal(kind, weeks, per_week, rolls, hp, hp_max, rules)
