"""Aftermath! firearms: Range Table (AFT-46, AFT-T39), Adjusted BDG (AFT-47), bullet damage dice
(AFT-48), Inherent Accuracy and autofire (AFT-44, AFT-T35), gun actions and bursts (AFT-45,
AFT-T36), ammunition BDG (AFT-T40 to AFT-T42), shot shells (AFT-51) and cartridge ENC (AFT-52).

>>> step = range_step("Pistol STD", 30)
>>> step.step, step.bcs_modifier, str(step)
('EFF', 0, 'Pistol STD at 30 m: EFF (up to 30 m) → BCS 0, BDG +0')
>>> adjusted_bdg(20, "Long Gun Rifle", 600), bullet_damage_dice(11), bullet_damage_dice(25)
(15, '2D10+1', '3D10+3')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from pycore.dice import RandintSource, distribution, roll
from pycore.errors import RuleError
from pycore.systems.aftermath.limits import MAX_METERS
from pycore.systems.aftermath.rounding import (
    check_choice,
    check_int,
    check_number,
    round_half_up,
    round_up,
    show,
    signed,
    unstated,
)
from pycore.tables import Row, load_table

STEPS: Final = ("PBR", "SHT", "EFF", "LNG", "EXT", "MAX")
MAX_BDG: Final = 200
PBR_MODES: Final = ("add", "percent")
GAUGES: Final = ("10", "12", "16", "20", ".410", "28")
#: Other spellings of the Range Table rows (the table prints a group then a row name).
_ALIASES: Final = {
    "long guns carbine": "Long Gun Carbine",
    "long guns rifle": "Long Gun Rifle",
    "carbine": "Long Gun Carbine",
    "rifle": "Long Gun Rifle",
    "autofire smg": "Autofire SMG",
    "smg": "Autofire SMG",
    "shotgun slug": "Shotgun Slug Load",
    "shotguns slug load": "Shotgun Slug Load",
    "slug load": "Shotgun Slug Load",
    "shot full choke": "Shot Load Full Choke",
    "shot modified choke": "Shot Load Modified Choke",
    "shot open choke": "Shot Load Open Choke",
    "shot riot gun": "Shot Load Riot Gun",
    "shot load riot": "Shot Load Riot Gun",
    "riot gun": "Shot Load Riot Gun",
}


def range_rows() -> tuple[str, ...]:
    """The Range Table's 15 rows, in printed order.

    >>> range_rows()[0], range_rows()[-1], len(range_rows())
    ('Pistol SNUB', 'Shot Load Riot Gun', 15)
    """
    return tuple(str(r["row"]) for r in load_table("aftermath", "range_steps").rows)


def range_row(name: str) -> str:
    """The Range Table row for ``name``, case- and space-insensitive ("autofire rifle").

    >>> range_row("autofire  rifle"), range_row("Shot Load Riot Gun"), range_row("SMG")
    ('Autofire Rifle', 'Shot Load Riot Gun', 'Autofire SMG')
    >>> range_row("Railgun")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: range row 'Railgun' is not on the Range Table; allowed: Pistol SNUB, ...
    """
    if not isinstance(name, str):
        raise RuleError(f"range row {name!r} is not a name")
    wanted = " ".join(name.split()).casefold()
    rows = range_rows()
    for row in rows:
        if row.casefold() == wanted:
            return row
    if wanted in _ALIASES:
        return _ALIASES[wanted]
    raise RuleError(f"range row {name!r} is not on the Range Table; allowed: {', '.join(rows)}")


@dataclass(frozen=True)
class RangeStep:
    """AFT-46: the Range Step of a shot and the modifiers it gives (L692-693)."""

    row: str
    meters: Fraction
    step: str
    limit: int
    bcs_modifier: int
    bdg_add: int
    bdg_percent: int

    def bdg_text(self) -> str:
        """The BDG modifier as printed ("+10", "−25%")."""
        if self.bdg_percent:
            return f"{signed(self.bdg_percent)}%"
        return signed(self.bdg_add) if self.bdg_add else "+0"

    def __str__(self) -> str:
        return (
            f"{self.row} at {show(self.meters)} m: {self.step} (up to {self.limit} m) → "
            f"BCS {signed(self.bcs_modifier)}, BDG {self.bdg_text()}"
        )


def _step_row(step: str) -> Row:
    return load_table("aftermath", "range_step_modifiers").row_by("step", step)


def range_step(row: str, meters: float | int | Fraction) -> RangeStep:
    """AFT-46: the step whose upper limit is the first at or above the range (D-06); beyond MAX
    is out of range (a RuleError naming the row's MAX).

    >>> range_step("Pistol STD", 31).step, range_step("Pistol STD", 0).step
    ('LNG', 'PBR')
    >>> range_step("Autofire Rifle", 1001)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: range 1001 m is beyond MAX (1000 m) for Autofire Rifle: out of range
    """
    name = range_row(row)
    distance = check_number("range (m)", meters, 0, MAX_METERS)
    limits = load_table("aftermath", "range_steps").row_by("row", name)["limits"]
    assert isinstance(limits, tuple)
    for step, limit in zip(STEPS, limits, strict=True):
        assert isinstance(limit, int)
        if distance <= limit:
            mods = _step_row(step)
            bcs, add, percent = mods["bcs_modifier"], mods["bdg_add"], mods["bdg_percent"]
            assert isinstance(bcs, int) and isinstance(add, int) and isinstance(percent, int)
            return RangeStep(name, distance, step, limit, bcs, add, percent)
    raise RuleError(
        f"range {show(distance)} m is beyond MAX ({limits[-1]} m) for {name}: out of range"
    )


@dataclass(frozen=True)
class AdjustedBdg:
    """AFT-47: base BDG → range modifier → critical bonus, each step shown."""

    base: int
    step: RangeStep
    after_range: int
    critical_dice: str
    critical_roll: int
    total: int
    pbr_mode: str
    order: str = "range_first"

    def _range_text(self) -> str:
        if self.step.bdg_percent:
            return f"{signed(self.step.bdg_percent)}% ({self.step.step})"
        if self.step.bdg_add and self.pbr_mode == "percent":
            return f"+{self.step.bdg_add}% ({self.step.step})"
        return f"{signed(self.step.bdg_add)} ({self.step.step})"

    def __str__(self) -> str:
        if self.order == "critical_first" and self.critical_dice:
            start = self.base + self.critical_roll
            return (
                f"BDG {self.base} + {self.critical_dice} {self.critical_roll} (critical) "
                f"= {start}, then {self._range_text()} = {self.total} → Adjusted BDG "
                f"{self.total} (critical first)"
            )
        text = f"BDG {self.base}"
        if self.step.bdg_percent:
            text += f" {signed(self.step.bdg_percent)}% ({self.step.step}) = {self.after_range}"
        elif self.step.bdg_add:
            if self.pbr_mode == "percent":
                text += f" +{self.step.bdg_add}% ({self.step.step}) = {self.after_range}"
            else:
                text += f" +{self.step.bdg_add} ({self.step.step}) = {self.after_range}"
        else:
            text += f" +0 ({self.step.step})"
        if self.critical_dice:
            text += f" + {self.critical_dice} {self.critical_roll} (critical) = {self.total}"
        return f"{text} → Adjusted BDG {self.total}"


#: AFT-47 reading: the range modifier first, then the critical bonus; the other order on request.
BDG_ORDERS: Final = ("range_first", "critical_first")


def adjust_bdg(
    base_bdg: int,
    row: str,
    meters: float | int | Fraction,
    critical_dice: str = "",
    critical_roll: int = 0,
    pbr_mode: str = "add",
    rounding: str = "half_up",
    order: str = "range_first",
) -> AdjustedBdg:
    """AFT-47 with the steps: percentages round per AFT-02; PBR adds 10 (``pbr_mode``
    "percent" reads it as +10%, settings.pbr_bdg_modifier); a critical gun hit adds the rolled
    ``critical_dice`` (1D10 pistol, 2D10 rifle).

    >>> str(adjust_bdg(11, "Pistol STD", 90, "1D10", 7))
    'BDG 11 −25% (EXT) = 8 + 1D10 7 (critical) = 15 → Adjusted BDG 15'
    >>> adjust_bdg(20, "Pistol STD", 3).total, adjust_bdg(20, "Pistol STD", 3, pbr_mode="percent").total
    (30, 22)
    >>> str(adjust_bdg(11, "Pistol STD", 90, "1D10", 7, order="critical_first"))
    'BDG 11 + 1D10 7 (critical) = 18, then −25% (EXT) = 13 → Adjusted BDG 13 (critical first)'
    """
    base_bdg = check_int("base BDG", base_bdg, 0, MAX_BDG)
    pbr_mode = check_choice("PBR BDG modifier", pbr_mode, PBR_MODES)
    order = check_choice("BDG order", order, BDG_ORDERS)
    step = range_step(row, meters)
    critical_dice = check_choice("critical dice", critical_dice, ("", "1D10", "2D10"))
    top = 20 if critical_dice == "2D10" else (10 if critical_dice else 0)
    low = 2 if critical_dice == "2D10" else (1 if critical_dice else 0)
    critical_roll = check_int("critical BDG roll", critical_roll, low, top)

    def ranged(bdg: int) -> int:
        if step.bdg_percent:
            return bdg + unstated(Fraction(bdg * step.bdg_percent, 100), rounding)
        if step.bdg_add and pbr_mode == "percent":
            return bdg + unstated(Fraction(bdg * step.bdg_add, 100), rounding)
        return bdg + step.bdg_add

    if order == "critical_first":
        total = ranged(base_bdg + critical_roll)
        return AdjustedBdg(
            base_bdg, step, ranged(base_bdg), critical_dice, critical_roll, total, pbr_mode, order
        )
    after = ranged(base_bdg)
    return AdjustedBdg(
        base_bdg, step, after, critical_dice, critical_roll, after + critical_roll, pbr_mode
    )


def adjusted_bdg(base_bdg: int, row: str, meters: float) -> int:
    """AFT-47: the BDG after the Range Step's modifier (no critical bonus).

    >>> adjusted_bdg(38, "Long Gun Rifle", 2000), adjusted_bdg(5, "Pistol SNUB", 2)
    (19, 15)
    """
    return adjust_bdg(base_bdg, row, meters).total


def bullet_damage_dice(bdg: int) -> str:
    """AFT-48: ⌈BDG/10⌉ D10 plus round_half_up(BDG/10) points; "" for BDG 0 (no damage dice).

    >>> [bullet_damage_dice(b) for b in (0, 1, 4, 5, 10, 11, 15, 21, 27, 41)]
    ['', '1D10+0', '1D10+0', '1D10+1', '1D10+1', '2D10+1', '2D10+2', '3D10+2', '3D10+3', '5D10+4']
    """
    bdg = check_int("BDG", bdg, 0, MAX_BDG)
    if bdg == 0:
        return ""
    return f"{round_up(Fraction(bdg, 10))}D10+{round_half_up(Fraction(bdg, 10))}"


def bullet_damage_odds(bdg: int) -> dict[int, Fraction]:
    """The exact distribution of a bullet's damage (AFT-48).

    >>> d = bullet_damage_odds(11)
    >>> min(d), max(d), sum(d.values())
    (3, 21, Fraction(1, 1))
    """
    dice = bullet_damage_dice(bdg)
    return {0: Fraction(1)} if not dice else distribution(dice)


def roll_bullet_damage(bdg: int, rng: RandintSource) -> tuple[int, str]:
    """Roll a bullet's damage dice (AFT-48): (Damage Potential, explanation).

    >>> import random
    >>> roll_bullet_damage(0, random.Random(1))
    (0, 'BDG 0: no damage dice')
    """
    dice = bullet_damage_dice(bdg)
    if not dice:
        return 0, "BDG 0: no damage dice"
    result = roll(dice, rng)
    return result.total, f"BDG {bdg} → {result}"


@dataclass(frozen=True)
class InherentAccuracy:
    """AFT-44: a gun's Inherent Accuracy and how autofire and a match weapon change it."""

    weapon: str
    size: str
    base: int
    autofire: bool
    bursts: int
    match: bool
    total: int

    def __str__(self) -> str:
        text = f"Inherent Accuracy {self.weapon} {self.size} {signed(self.base)}"
        if self.match:
            text += " + 1 (match weapon)"
        if self.autofire:
            text += f" − 2 (autofire) + {self.bursts} (full bursts)"
        return f"{text} = {signed(self.total)}"


def inherent_accuracy(
    weapon: str,
    size: str,
    autofire: bool = False,
    bursts: int = 0,
    match: bool = False,
    value: int | None = None,
) -> InherentAccuracy:
    """AFT-44 (T35): pistol SNUB −1 … XLNG +2; carbine +3, rifle +4; shotgun slug +3, shot +4.
    Autofire −2, +1 per full burst fired; a match weapon +1. An SMG has no row: ``value`` is
    the user's (weapon.inherent_accuracy, AFT-M36).

    >>> inherent_accuracy("pistol", "STD").total, inherent_accuracy("long_gun", "Rifle", True, 2).total
    (1, 4)
    >>> inherent_accuracy("smg", "SMG", value=2, autofire=True, bursts=1).total
    1
    >>> inherent_accuracy("smg", "SMG")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: SMG Inherent Accuracy is not in the source; enter the gun's Inherent Accuracy
    """
    bursts = check_int("full bursts", bursts, 0, 20)
    if weapon == "smg":
        if value is None:
            raise RuleError(
                "SMG Inherent Accuracy is not in the source; enter the gun's Inherent Accuracy",
                rules=("AFT-M36",),
            )
        base = check_int("Inherent Accuracy", value, -10, 10)
    else:
        weapon = check_choice("gun", weapon, ("pistol", "long_gun", "shotgun"))
        table = load_table("aftermath", "inherent_accuracy")
        rows = [
            r
            for r in table.rows_where("weapon", weapon)
            if str(r["size"]).casefold() == str(size).casefold()
        ]
        if not rows:
            sizes = ", ".join(str(r["size"]) for r in table.rows_where("weapon", weapon))
            raise RuleError(f"{weapon} size {size!r} is unknown; allowed: {sizes}")
        found = rows[0]["inherent_accuracy"]
        assert isinstance(found, int)
        base, size = found, str(rows[0]["size"])
    total = base + (1 if match else 0) + ((-2 + bursts) if autofire else 0)
    if bursts and not autofire:
        raise RuleError("full bursts count only for automatic fire", rules=("AFT-44",))
    return InherentAccuracy(weapon, size, base, bool(autofire), bursts, bool(match), total)


@dataclass(frozen=True)
class GunAction:
    """AFT-45 (T36): what a gun action allows per Action."""

    code: str
    printed: str
    shots: tuple[int, ...]
    bursts: tuple[int, ...]
    variable_bursts: bool
    reload_after: bool

    def __str__(self) -> str:
        return f"{self.code}: {self.printed}"


def gun_action_codes() -> tuple[tuple[str, str], ...]:
    """The gun action codes of T37 with their printed meaning.

    >>> gun_action_codes()[0]
    ('SS', '1 Shot and reload for next shot')
    """
    return tuple(
        (str(r["code"]), str(r["printed"])) for r in load_table("aftermath", "gun_actions").rows
    )


def gun_action(code: str) -> GunAction:
    """A gun action code (SS, SA, BA, LA, PA, DA, AL, FA, AB), case-insensitive.

    >>> gun_action("al").shots, gun_action("AB").bursts, gun_action("FA").variable_bursts
    ((1, 2, 3), (1, 2, 3), True)
    """
    table = load_table("aftermath", "gun_actions")
    codes = tuple(str(c) for c in table.values("code"))
    code = check_choice("gun action", str(code).upper() if isinstance(code, str) else code, codes)
    row = table.row_by("code", code)
    shots, bursts = row["shots"], row["bursts"]
    return GunAction(
        code,
        str(row["printed"]),
        tuple(s for s in shots if isinstance(s, int)) if isinstance(shots, tuple) else (),
        tuple(b for b in bursts if isinstance(b, int)) if isinstance(bursts, tuple) else (),
        bool(row["variable_bursts"]),
        bool(row["reload_after"]),
    )


@dataclass(frozen=True)
class Fire:
    """AFT-45: the shots or bursts of one Action and the rounds spent."""

    action: str
    shots: int
    bursts: int
    burst_size: int
    rounds: int

    def __str__(self) -> str:
        if self.bursts:
            return (
                f"{self.action}: {self.bursts} burst(s) of {self.burst_size} = {self.rounds} rounds"
            )
        return f"{self.action}: {self.shots} shot(s) = {self.rounds} rounds"


def fire(
    code: str, shots: int = 0, bursts: int = 0, burst_size: int = 3, max_bursts: int | None = None
) -> Fire:
    """AFT-45: check a choice of shots or bursts against the gun action. A burst is 3 rounds
    (6 for super-automatic guns, weapon.burst_size); FA's limit is the user's (AFT-M37).

    >>> str(fire("DA", shots=2)), str(fire("AB", bursts=2, burst_size=6))
    ('DA: 2 shot(s) = 2 rounds', 'AB: 2 burst(s) of 6 = 12 rounds')
    >>> fire("SA", shots=2)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: SA allows 1 shot(s) per Action, not 2
    >>> fire("FA", bursts=2)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: FA fires a variable number of bursts: enter the most bursts per Action
    """
    action = gun_action(code)
    size = int(check_choice("burst size", str(burst_size), ("3", "6")))
    shots = check_int("shots", shots, 0, 3)
    bursts = check_int("bursts", bursts, 0, 20)
    if action.shots:
        if bursts or shots not in action.shots:
            allowed = " or ".join(map(str, action.shots))
            raise RuleError(
                f"{action.code} allows {allowed} shot(s) per Action, not {shots or bursts}"
            )
        return Fire(action.code, shots, 0, size, shots)
    if action.variable_bursts:
        if max_bursts is None:
            raise RuleError(
                "FA fires a variable number of bursts: enter the most bursts per Action",
                rules=("AFT-M37",),
            )
        limit = check_int("max bursts per action", max_bursts, 1, 20)
        check_int("bursts", bursts, 1, limit)
    elif shots or bursts not in action.bursts:
        allowed = ", ".join(map(str, action.bursts))
        raise RuleError(
            f"{action.code} allows {allowed} burst(s) per Action, not {bursts or shots}"
        )
    return Fire(action.code, 0, bursts, size, bursts * size)
