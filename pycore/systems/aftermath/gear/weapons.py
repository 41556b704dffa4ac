"""Aftermath! hand-to-hand and muscle-powered weapons: the Weapons Listing (AFT-T15) with its
notes as rules (AFT-T16): breakage (AFT-16), penetration caps (AFT-17) and per-weapon WDM rules
(AFT-29).

>>> w = weapon("Sword, machete")
>>> w.length, w.wdm, w.wdm_type, w.surv, w.notes
('A', Fraction(9, 5), 'L', 10, (6,))
>>> breakage_check("Sword, machete", "R", 8), breakage_check("Sword, machete", "R", 9)
(None, Fraction(11, 20))
>>> penetration_cap("Knife, switchblade", 3)
12
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.systems.aftermath.rounding import check_choice, check_int, check_number, show, signed
from pycore.tables import Row, load_table
from pycore.validate import checked

ARMOR_FORMATS: Final = ("R", "SR", "FH", "FS", "FQ")
MAX_ENC: Final = 100


def _frac(value: object) -> Fraction | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return Fraction(str(value))
    return None


def _str(value: object) -> str | None:
    return value if isinstance(value, str) else None


@dataclass(frozen=True)
class Weapon:
    """One row of the Weapons Listing (AFT-T15), numbers as exact fractions."""

    name: str
    printed: str
    skills: tuple[str, ...]
    utility: str
    strength: str
    hand: str
    sec: str
    surv: int | None
    formats: tuple[str, ...]
    length: str | None
    enc: Fraction | None
    wdm_text: str
    wdm: Fraction | None
    wdm_type: str | None
    wdm_thrown: Fraction | None
    wdm_thrust: Fraction | None
    wdm_thrust_type: str | None
    wdm_rule: str | None
    barter: str
    notes: tuple[int, ...]
    line: int
    suspect: bool
    reading: str | None

    @property
    def entangling(self) -> bool:
        """FORMAT E: the weapon can entangle (AFT-41 reading)."""
        return "E" in self.formats

    def __str__(self) -> str:
        notes = f" notes {','.join(map(str, self.notes))}" if self.notes else ""
        return f"{self.name}: WDM {self.wdm_text}, length {self.length or '-'}, SURV {self.surv or '-'}{notes}"


def _weapon(row: Row) -> Weapon:
    skills, formats, notes = row["skills"], row["format"], row["notes"]
    assert isinstance(skills, tuple) and isinstance(formats, tuple) and isinstance(notes, tuple)
    surv, line = row["surv"], row["line"]
    assert isinstance(line, int)
    return Weapon(
        name=str(row["name"]),
        printed=str(row["printed"]),
        skills=tuple(str(s) for s in skills),
        utility=str(row["utility"]),
        strength=str(row["str"]),
        hand=str(row["hand"]),
        sec=str(row["sec"]),
        surv=surv if isinstance(surv, int) else None,
        formats=tuple(str(f) for f in formats),
        length=_str(row["length"]),
        enc=_frac(row["enc"]),
        wdm_text=str(row["wdm_text"]),
        wdm=_frac(row["wdm"]),
        wdm_type=_str(row["wdm_type"]),
        wdm_thrown=_frac(row["wdm_thrown"]),
        wdm_thrust=_frac(row["wdm_thrust"]),
        wdm_thrust_type=_str(row["wdm_thrust_type"]),
        wdm_rule=_str(row["wdm_rule"]),
        barter=str(row["barter"]),
        notes=tuple(int(n) for n in notes if isinstance(n, int)),
        line=line,
        suspect=bool(row["suspect"]),
        reading=_str(row["reading"]),
    )


@functools.cache  # read once like the tables themselves (pycore.tables.loader); every value frozen
def weapons() -> tuple[Weapon, ...]:
    """Every weapon of the listing, in printed order (49 rows).

    >>> len(weapons()), weapons()[0].name, weapons()[-1].name
    (49, 'Ax, fire', 'Whip, cable')
    """
    return tuple(_weapon(row) for row in load_table("aftermath", "weapons_melee").rows)


def weapon_names() -> tuple[str, ...]:
    """The listing's full names, in printed order.

    >>> weapon_names()[:3]
    ('Ax, fire', 'Ax, hatchet', 'Ax, hand')
    """
    return tuple(w.name for w in weapons())


@checked
def weapon(name: str) -> Weapon:
    """A weapon by its full name as listed ("Knife, bowie"), case-insensitive; a printed
    lower-case row name that is unique ("machete") works too.

    >>> weapon("machete").name, weapon("KNIFE, KUKRI").wdm_thrown
    ('Sword, machete', Fraction(13, 10))
    >>> weapon("cable")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: weapon 'cable' matches several rows: Rope whip, cable, Whip, cable
    >>> weapon("Lightsaber")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: weapon 'Lightsaber' is not in the Weapons Listing; allowed: Ax, fire, ...
    """
    if not isinstance(name, str):
        raise RuleError(f"weapon {name!r} is not a name")
    wanted = " ".join(name.split()).casefold()
    everything = weapons()
    exact = [w for w in everything if w.name.casefold() == wanted]
    if exact:
        return exact[0]
    printed = [w for w in everything if w.printed.casefold() == wanted]
    if len(printed) == 1:
        return printed[0]
    if len(printed) > 1:
        raise RuleError(
            f"weapon {name!r} matches several rows: {', '.join(w.name for w in printed)}"
        )
    raise RuleError(
        f"weapon {name!r} is not in the Weapons Listing; allowed: {', '.join(w.name for w in everything)}"
    )


def _note(number: int) -> Row:
    return load_table("aftermath", "weapon_notes").row_by("note", number)


@checked
def break_threshold(name: str, armor_format: str) -> int | None:
    """AFT-16: the AV above which armor of ``armor_format`` makes the weapon check for
    breaking; None when it never does (no note 5/6, no SURV, or format FS/FQ). With both
    notes (hatchet) note 5 governs: its thresholds are lower.

    >>> break_threshold("Ax, hatchet", "R"), break_threshold("Sword, machete", "SR")
    (6, 10)
    >>> break_threshold("Sword, machete", "FQ"), break_threshold("Pistol butt", "R")
    (None, None)
    """
    found = weapon(name)
    armor_format = check_choice("armor format", armor_format, ARMOR_FORMATS)
    notes = [n for n in (5, 6) if n in found.notes]
    if not notes or found.surv is None or armor_format in ("FS", "FQ"):
        return None
    row = _note(notes[0])
    column = "break_over_r" if armor_format == "R" else "break_over_sr_fh"
    value = row[column]
    assert isinstance(value, int)
    return value


@checked
def breakage_check(weapon_name: str, armor_format: str, armor_value: int) -> Fraction | None:
    """AFT-16: None when the weapon need not check, else the exact chance it breaks: 1D20 ≥
    SURV, i.e. (21 − SURV)/20.

    >>> breakage_check("Baseball bat", "R", 7), breakage_check("Baseball bat", "R", 6)
    (Fraction(17, 20), None)
    >>> breakage_check("Baseball bat", "R", 99)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: armor value 99 is outside 0 to 40
    """
    armor_value = check_int("armor value", armor_value, 0, 40)
    threshold = break_threshold(weapon_name, armor_format)
    if threshold is None or armor_value <= threshold:
        return None
    surv = weapon(weapon_name).surv
    assert surv is not None
    return Fraction(21 - surv, 20)


@dataclass(frozen=True)
class BreakRoll:
    """AFT-16 rolled: the D20 against SURV; a broken weapon halves the attack's damage."""

    weapon: str
    surv: int
    roll: int
    broken: bool

    def __str__(self) -> str:
        verdict = "broken: damage halved as the final adjustment" if self.broken else "holds"
        return f"break check {self.weapon}: 1D20 = {self.roll} vs SURV {self.surv} → {verdict}"


@checked
def judge_breakage(weapon_name: str, d20: int) -> BreakRoll:
    """AFT-16: a D20 ≥ SURV breaks the weapon.

    >>> str(judge_breakage("Sword, machete", 10))
    'break check Sword, machete: 1D20 = 10 vs SURV 10 → broken: damage halved as the final adjustment'
    """
    found = weapon(weapon_name)
    if found.surv is None:
        raise RuleError(
            f"weapon {found.name!r} has no Survival Value; it never checks for breaking"
        )
    d20 = check_int("D20 roll", d20, 1, 20, " (1D20)")
    return BreakRoll(found.name, found.surv, d20, d20 >= found.surv)


@checked
def roll_breakage(weapon_name: str, rng: RandintSource) -> BreakRoll:
    """Roll the AFT-16 break check with ``rng``.

    >>> import random
    >>> roll_breakage("Club", random.Random(2)).surv
    3
    """
    weapon(weapon_name)
    return judge_breakage(weapon_name, rng.randint(1, 20))


MAX_NOTE_13_MULTIPLE: Final = 10


@checked
def penetration_cap(
    weapon_name: str, strength_group: int, note_13_multiple: int | None = None
) -> int | None:
    """AFT-17: the highest AV the weapon can penetrate (note 11: 2 × Strength Group, note 12:
    4 ×), or None when the weapon has no cap. Note 13's text is missing (AFT-M23): it is a cap
    only when the user's reading of it gives one, ``note_13_multiple`` × Strength Group.

    >>> penetration_cap("Rope", 3), penetration_cap("Sword, saber", 3)
    (6, None)
    >>> penetration_cap("Club", 3), penetration_cap("Club", 3, note_13_multiple=5)
    (None, 15)
    """
    found = weapon(weapon_name)
    strength_group = check_int("Strength Group", strength_group, 0, 8)
    for number in (11, 12):
        if number in found.notes:
            multiple = _note(number)["max_av_multiple"]
            assert isinstance(multiple, int)
            return multiple * strength_group
    if 13 in found.notes and note_13_multiple is not None:
        multiple = check_int("note 13 multiple", note_13_multiple, 1, MAX_NOTE_13_MULTIPLE)
        return multiple * strength_group
    return None


@dataclass(frozen=True)
class Wdm:
    """A weapon's WDM for one use, with how it was found (AFT-29)."""

    value: Fraction | None
    damage_type: str | None
    how: str
    #: The rules of ``how`` (a rifle butt's L229, a thrown value's AFT-29...), as data.
    rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        value = (
            "no WDM" if self.value is None else f"WDM {show(self.value)}{self.damage_type or ''}"
        )
        return f"{value} ({self.how})"


@checked
def wdm_for(
    weapon_name: str,
    use: str = "strike",
    gun_enc: Fraction | float | None = None,
    weighted: bool = False,
    critical_bonus: int = 0,
) -> Wdm:
    """AFT-29: the WDM number and letter for a use: ``strike``, ``thrown`` (the value in
    parentheses), ``thrust`` (Sai, note 8), ``mounted`` (bayonet on a rifle, note 4: +.3);
    Rifle butt = 1 + the gun's ENC, type C; ``weighted`` rope whips +1 WDM ("-" becomes 1).
    ``critical_bonus`` is the AFT-18 enhancement added to the number.

    >>> str(wdm_for("Sai", "thrust")), str(wdm_for("Bayonet, long", "mounted"))
    ('WDM 1.2L (Sai thrust, note 8)', 'WDM 1.8L (bayonet on a rifle: 1.5 + .3, note 4)')
    >>> str(wdm_for("Rifle butt", gun_enc=Fraction(4))), str(wdm_for("Club", "thrown"))
    ('WDM 5C (1 + the gun ENC 4)', 'WDM 1C (thrown: value in parentheses)')
    >>> str(wdm_for("Rope whip, hemp", weighted=True)), str(wdm_for("Sword, saber", critical_bonus=2))
    ('WDM 1 (weighted version)', 'WDM 3.8L (listed 1.8 + 2 critical)')
    """
    found = weapon(weapon_name)
    use = check_choice("use", use, ("strike", "thrown", "thrust", "mounted"))
    critical_bonus = check_int("critical WDM bonus", critical_bonus, 0, 4)
    value, kind, how = found.wdm, found.wdm_type, f"listed {found.wdm_text}"
    rules: list[str] = []
    if found.wdm_rule == "rifle_butt":
        if gun_enc is None:
            raise RuleError("Rifle butt needs the gun's ENC: WDM = 1 + ENC of Gun", rules=("L229",))
        enc = check_number("gun ENC", gun_enc, 0, MAX_ENC)
        value, how = 1 + enc, f"1 + the gun ENC {show(enc)}"
        rules.append("L229")
    elif found.wdm_rule == "special":
        raise RuleError(
            f"{found.name}: WDM is 'special' in the source; ask the GM for the sap's rule",
            rules=("AFT-M35",),
        )
    if use == "thrown":
        if found.wdm_thrown is not None:
            value, how = found.wdm_thrown, "thrown: value in parentheses"
            rules.append("AFT-29")
        elif "Th" not in found.skills:
            raise RuleError(f"{found.name} is not a thrown weapon (no Th skill)")
    elif use == "thrust":
        if found.wdm_thrust is None:
            raise RuleError(f"{found.name} has no thrust WDM (note 8 is the Sai's)")
        value, kind, how = found.wdm_thrust, found.wdm_thrust_type, "Sai thrust, note 8"
    elif use == "mounted":
        if 4 not in found.notes or found.wdm is None:
            raise RuleError(f"{found.name} cannot be mounted on a rifle (note 4)")
        value = found.wdm + Fraction(3, 10)
        how = f"bayonet on a rifle: {show(found.wdm)} + .3, note 4"
    if weighted:
        if not found.name.startswith("Rope whip"):
            raise RuleError(
                f"{found.name} has no weighted version (rope whips only)", rules=("L247",)
            )
        value = Fraction(1) if value is None else value + 1
        how = "weighted version"
        rules.append("L247")
    if critical_bonus:
        if value is None:
            raise RuleError(f"{found.name} has no WDM to enhance")
        base = f"listed {show(value)}" if how.startswith("listed ") else how
        how = f"{base} + {critical_bonus} critical"
        rules.append("AFT-18")
        value = value + critical_bonus
    return Wdm(value, kind, how, tuple(rules))


@dataclass(frozen=True)
class ShurikenThrow:
    """AFT-29 note 10: N shuriken at once; each rolled separately at −N when N > 1."""

    count: int
    deftness_group: int
    bcs_modifier: int

    def __str__(self) -> str:
        return f"{self.count} shuriken, each rolled separately at BCS {signed(self.bcs_modifier)} (note 10)"


@checked
def shuriken_throw(count: int, deftness_group: int) -> ShurikenThrow:
    """AFT-29 note 10 / D-19: at most the Deftness Group at once; −N to each when N > 1.

    >>> shuriken_throw(3, 3).bcs_modifier, shuriken_throw(1, 3).bcs_modifier
    (-3, 0)
    >>> shuriken_throw(4, 3)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: shuriken thrown 4 is outside 1 to 3 (at most the Deftness Group, note 10)
    """
    deftness_group = check_int("Deftness Group", deftness_group, 0, 8)
    count = check_int(
        "shuriken thrown", count, 1, deftness_group, " (at most the Deftness Group, note 10)"
    )
    return ShurikenThrow(count, deftness_group, -count if count > 1 else 0)


@checked
def hand_guard(weapon_name: str) -> tuple[int, str] | None:
    """Note 3: a hand guard with AV 4, format SR; None without one.

    >>> hand_guard("Sword, saber"), hand_guard("Club")
    ((4, 'SR'), None)
    """
    found = weapon(weapon_name)
    if 3 not in found.notes:
        return None
    row = _note(3)
    av, fmt = row["hand_guard_av"], row["hand_guard_format"]
    assert isinstance(av, int) and isinstance(fmt, str)
    return av, fmt


#: Said after the note's number ("Weapon note 13: …", "13: …"): never the number twice.
NOTE_13_MISSING: Final = "text missing from the source"


@checked
def note_13_text(user_text: str = "") -> str:
    """Note 13 as the user gave it (AFT-M23), or that its text is missing.

    >>> note_13_text(), note_13_text("as printed in my copy")
    ('text missing from the source', 'your text: as printed in my copy')
    """
    given = user_text.strip()
    return f"your text: {given}" if given else NOTE_13_MISSING


@checked
def note_texts(weapon_name: str, note_13: str = "") -> tuple[tuple[int, str], ...]:
    """The weapon's notes as printed; note 13 as the user gave it, else missing (AFT-M23).

    >>> note_texts("Knife, bowie")[1]
    (13, 'text missing from the source')
    """
    found = weapon(weapon_name)
    texts = []
    for number in found.notes:
        if number == 13:
            texts.append((13, note_13_text(note_13)))
        else:
            texts.append((number, str(_note(number)["text"])))
    return tuple(texts)


def suspect_rows() -> tuple[str, ...]:
    """The weapon rows the inventory marks suspect (AFT-M44).

    >>> suspect_rows()
    ('Pistol butt', 'Pitchfork', 'Rifle butt')
    """
    return tuple(w.name for w in weapons() if w.suspect)


@checked
def suspect_note(weapon_name: str, user_text: str = "") -> str:
    """AFT-M44: a suspect row is used as printed until the user confirms or corrects it; the
    user's words are shown with it ("" for a row that is not suspect).

    >>> suspect_note("Pitchfork"), suspect_note("Pitchfork", "as printed")
    ('row marked suspect in the source: confirm or correct it in the settings', 'row suspect in the source; yours: as printed')
    >>> suspect_note("Club")
    ''
    """
    if not weapon(weapon_name).suspect:
        return ""
    given = user_text.strip()
    if given:
        return f"row suspect in the source; yours: {given}"
    return "row marked suspect in the source: confirm or correct it in the settings"
