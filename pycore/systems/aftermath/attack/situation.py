"""Aftermath! situation modifiers to the BCS: hand-to-hand (AFT-08, AFT-T04), missile (AFT-09,
AFT-T05), target actions (AFT-10, AFT-T07) and the DAT position change to the Strength Group
(AFT-11, AFT-T06).

>>> [str(m) for m in hth_modifiers(["target_prone", "from_rear", "dim_light"])]
['Target is prone +2', 'Attacking from a Rear hex +10', 'In Dim light* −3']
>>> str(target_action_modifier(2, "walking", dodging=True))
'target walking, dodging (CDA 2 × 3) −6'
>>> dat_position("S", "character_hex").group_change, dat_position("A", "long_hex").allowed
(1, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from pycore import figures
from pycore.errors import RuleError
from pycore.systems.aftermath.bcs import BcsModifier
from pycore.systems.aftermath.rounding import check_choice, check_int, signed, unstated
from pycore.tables import Row, load_table
from pycore.validate import checked

ZONES: Final = ("character_hex", "front_side_rear_hex", "long_hex")
#: Each zone in T06's words (001 lines 79-81; "Front, Side Rear hex" read as Front, Side or Rear).
ZONE_WORDS: Final = {
    "character_hex": "the attacker's own hex",
    "front_side_rear_hex": "a Front, Side or Rear hex",
    "long_hex": "a Long Front or Long Side hex",
}
LENGTHS: Final = ("XL", "L", "A", "S")
WOUND_LEVELS: Final = ("none", "over_50", "over_75")
ACTIONS: Final = ("stationary", "walking", "running", "falling")


def hth_keys() -> tuple[str, ...]:
    """The keys of T04's sixteen rows, in printed order.

    >>> hth_keys()[:3]
    ('target_prone', 'attacker_prone', 'target_sitting')
    """
    return tuple(str(k) for k in load_table("aftermath", "situation_modifiers_hth").values("key"))


@checked
def hth_row(key: str) -> Row:
    """One row of T04 by its key."""
    check_choice("hand-to-hand situation", key, hth_keys())
    return load_table("aftermath", "situation_modifiers_hth").row_by("key", key)


def hth_choices() -> tuple[tuple[str, str], ...]:
    """T04's rows as (key, words for a chip): the situation, its * mark and its modifier.

    >>> hth_choices()[0], hth_choices()[10]
    (('target_prone', 'Target is prone +2'), ('dim_light', 'In Dim light* −3'))
    """
    return tuple((key, str(hth_modifiers([key])[0])) for key in hth_keys())


@checked
def hth_modifiers(keys: Iterable[str], starred_apply: bool = True) -> list[BcsModifier]:
    """AFT-08: the BCS modifiers of the chosen T04 rows. Only one row per exclusive group
    (target posture, attacker posture, to/from direction, position, light, wounds); starred rows
    apply unless ``starred_apply`` is False (their footnote is missing, AFT-M24).

    >>> hth_modifiers(["dim_light", "darkness"])
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: hand-to-hand situations 'dim_light' and 'darkness' are both light; allowed: one of them
    >>> [m.value for m in hth_modifiers(["to_side", "from_side"])]
    [-5, 5]
    """
    if keys is None or isinstance(keys, str):
        raise RuleError(f"hand-to-hand situations {keys!r} must be a list of table keys")
    chosen: dict[str, str] = {}
    out = []
    for key in keys:
        row = hth_row(key)
        group = str(row["exclusive_group"])
        if group in chosen:
            raise RuleError(
                f"hand-to-hand situations {chosen[group]!r} and {key!r} are both "
                f"{group.replace('_', ' ')}; allowed: one of them"
            )
        chosen[group] = key
        if row["starred"] and not starred_apply:
            continue
        value = row["bcs_modifier"]
        assert isinstance(value, int)
        star = "*" if row["starred"] else ""
        out.append(BcsModifier(f"{row['situation']}{star}", value, "AFT-08"))
    return out


@checked
def wound_level(damage_taken: int, drt: int) -> str:
    """AFT-08 / AFT-M07 reading: "% wounded" = damage taken ÷ DRT (over 50%, over 75%).

    >>> wound_level(30, 60), wound_level(31, 60), wound_level(46, 60)
    ('none', 'over_50', 'over_75')
    """
    damage_taken = check_int("damage taken", damage_taken, 0, 10_000)
    drt = check_int("DRT", drt, 1, 10_000)
    share = Fraction(damage_taken, drt)
    if share > Fraction(3, 4):
        return "over_75"
    if share > Fraction(1, 2):
        return "over_50"
    return "none"


def missile_keys() -> tuple[str, ...]:
    """The keys of T05's ten rows.

    >>> missile_keys()[0]
    'hip_fire'
    """
    return tuple(
        str(k) for k in load_table("aftermath", "situation_modifiers_missile").values("key")
    )


def missile_choices() -> tuple[tuple[str, str], ...]:
    """T05's rows as (key, words for a chip): the situation and its modifier as printed.

    >>> missile_choices()[0]
    ('hip_fire', 'Hip fire (use Average BCS)')
    """
    rows = load_table("aftermath", "situation_modifiers_missile").rows
    # The table keeps the text's printed "-2" (001 lines 67-75); a chip reads the true minus.
    return tuple(
        (str(r["key"]), f"{r['situation']} ({str(r['printed']).replace('-', figures.MINUS)})")
        for r in rows
    )


@dataclass(frozen=True)
class MissileSituation:
    """AFT-09: the missile modifiers chosen, and whether hip fire replaces the BCS."""

    hip_fire: bool
    modifiers: tuple[BcsModifier, ...]


@checked
def missile_modifiers(
    keys: Iterable[str], damage_taken: int = 0, rounding: str = "half_up", source: str = ""
) -> MissileSituation:
    """AFT-09: T05's modifiers. ``hip_fire`` uses the Average BCS instead of the BCS (the
    caller supplies it, AFT-M06); "damaged" is −(damage taken this turn / 2) rounded per AFT-02,
    applied whenever damage was taken this Combat Turn (001 line 67 is no option), shown with
    its ``source`` when the fight knows it ("Jax took 26 this turn").
    Braced and sighted-in need stance; hip fire excludes stance, braced and sighted-in.

    >>> [str(m) for m in missile_modifiers([], 26, source="Jax took 26 this turn").modifiers]
    ['Damaged in that Combat Turn: Jax took 26 this turn, ÷ 2 −13']

    >>> s = missile_modifiers(["damaged", "stance", "braced"], damage_taken=5)
    >>> [str(m) for m in s.modifiers], s.hip_fire
    (['Damaged in that Combat Turn (5 ÷ 2) −3', 'In firing stance +1', 'Braced weapon (requires firing stance) +1'], False)
    >>> missile_modifiers(["sighted"])
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: missile situation 'sighted' requires stance
    >>> missile_modifiers(["hip_fire", "stance"])
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: hip fire is fire without stance: it does not combine with 'stance'
    """
    table = load_table("aftermath", "situation_modifiers_missile")
    chosen = list(dict.fromkeys(keys))
    for key in chosen:
        check_choice("missile situation", key, missile_keys())
    damage_taken = check_int("damage taken this turn", damage_taken, 0, 10_000)
    if damage_taken and "damaged" not in chosen:
        chosen.append("damaged")  # 001 line 67: the shooter was damaged in that Combat Turn
    hip = "hip_fire" in chosen
    groups: dict[str, str] = {}
    out = []
    for key in chosen:
        row = table.row_by("key", key)
        if row["requires"] == "stance" and "stance" not in chosen:
            raise RuleError(f"missile situation {key!r} requires stance", rules=("AFT-09",))
        if hip and key in ("stance", "braced", "sighted"):
            raise RuleError(
                f"hip fire is fire without stance: it does not combine with {key!r}",
                rules=("AFT-09",),
            )
        group = row["exclusive_group"]
        if isinstance(group, str):
            if group in groups:
                raise RuleError(
                    f"missile situations {groups[group]!r} and {key!r}: allowed: one of them"
                )
            groups[group] = key
        if row["kind"] == "replace_bcs":
            continue
        if row["kind"] == "formula":
            halved = unstated(Fraction(-damage_taken, 2), rounding)
            shown = f": {source}, ÷ 2" if source else f" ({damage_taken} ÷ 2)"
            out.append(BcsModifier(f"{row['situation']}{shown}", halved, "AFT-09"))
            continue
        value = row["value"]
        assert isinstance(value, int)
        out.append(BcsModifier(str(row["situation"]), value, "AFT-09"))
    return MissileSituation(hip, tuple(out))


def _chosen(form: Mapping[str, Any]) -> list[str]:
    """The situation keys of an attack form, or a RuleError naming the field."""
    found = form.get("situations") if isinstance(form, Mapping) else None
    if not isinstance(found, list | tuple) or not all(isinstance(k, str) for k in found):
        raise RuleError("situations must be a list of situation keys")
    return list(found)


@checked
def missile_situations(form: Mapping[str, Any]) -> tuple[str, ...]:
    """AFT-09: the missile situations of an attack form: those pressed, "newly acquired target"
    when its own field says so (derived by the fight, or the GM's in this attack), never
    "damaged", which 001 line 67 applies from the damage taken itself (a chip pressed in an
    older save adds nothing).

    >>> missile_situations({"situations": ["damaged", "stance"], "new_target": True})
    ('stance', 'new_target')
    """
    chosen = [k for k in _chosen(form) if k != "damaged"]
    if form.get("new_target") and "new_target" not in chosen:
        chosen.append("new_target")
    return tuple(chosen)


@checked
def toggled_situation(form: Mapping[str, Any], name: str) -> dict[str, Any]:
    """``form`` with the situation chip ``name`` pressed or released. "Damaged in that Combat
    Turn" is no chip: 001 line 67 applies it from the damage taken (the fight's record or the
    GM's figure), so pressing it would count it twice; "newly acquired target" is its own
    field, which the fight derives (AFT-09).

    >>> toggled_situation({"situations": ["stance"], "new_target": True}, "new_target")
    {'situations': ['stance'], 'new_target': False}
    >>> toggled_situation({"situations": [], "damage_taken": 13}, "damaged")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Damaged in that Combat Turn comes from the damage taken this Combat Turn (the fight's record, or the figure under More fields): it is not pressed
    """
    chosen = _chosen(form)
    out = dict(form)
    if name == "damaged" and "damage_taken" in out:
        raise RuleError(
            "Damaged in that Combat Turn comes from the damage taken this Combat Turn (the "
            "fight's record, or the figure under More fields): it is not pressed"
        )
    if name == "new_target" and "new_target" in out:
        on = bool(out["new_target"]) or name in chosen
        out["situations"], out["new_target"] = [k for k in chosen if k != name], not on
        return out
    out["situations"] = [k for k in chosen if k != name] if name in chosen else [*chosen, name]
    return out


@checked
def target_action_modifier(cda: int, action: str, dodging: bool = False) -> BcsModifier:
    """AFT-10: CDA × the target's multiple (1 stationary, 2 walking, 3 running or falling; +1
    dodging), subtracted from the shooter's BCS (AFT-10 reading). Dodging while falling is not
    covered.

    >>> target_action_modifier(2, "stationary").value, target_action_modifier(3, "running", True).value
    (-2, -12)
    >>> target_action_modifier(2, "falling", True)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: dodging while falling is not covered by the Target Actions table
    """
    cda = check_int("target CDA", cda, 0, 50)
    action = check_choice("target action", action, ACTIONS)
    if dodging and action == "falling":
        raise RuleError(
            "dodging while falling is not covered by the Target Actions table", rules=("AFT-10",)
        )
    table = load_table("aftermath", "target_actions")
    multiple = table.row_by("action", action)["multiplier"]
    assert isinstance(multiple, int)
    if dodging:
        multiple += int(table.meta.get("dodge_bonus", 1))
    label = f"target {action}{', dodging' if dodging else ''} (CDA {cda} × {multiple})"
    return BcsModifier(label, -cda * multiple, "AFT-10")


@dataclass(frozen=True)
class DatPosition:
    """AFT-11: the Strength Group change for weapon length and target zone."""

    length: str
    zone: str
    allowed: bool
    group_change: int
    no_secondary_strike: bool

    def __str__(self) -> str:
        if not self.allowed:
            return f"length {self.length} into a Long Front/Long Side hex: Not Allowed"
        extra = "; no secondary strike" if self.no_secondary_strike else ""
        where = ZONE_WORDS.get(self.zone, self.zone)
        return f"length {self.length}, target in {where}: Strength Group {figures.signed(self.group_change)}{extra}"


@checked
def dat_position(length: str, zone: str) -> DatPosition:
    """AFT-11 (T06): XL −1/0/0*, L −1/0/−1*, A 0/0/not allowed, S +1/0/not allowed for the
    character hex / front, side or rear hex / long front or long side hex.

    >>> str(dat_position("L", "long_hex"))
    'length L, target in a Long Front or Long Side hex: Strength Group −1; no secondary strike'
    """
    length = check_choice("weapon length", length, LENGTHS)
    zone = check_choice("target zone", zone, ZONES)
    row = load_table("aftermath", "dat_position_strength_group").row_by("length", length)
    column = {"character_hex": "character_hex", "front_side_rear_hex": "front_side_rear_hex"}.get(
        zone, "long_front_long_side_hex"
    )
    value = row[column]
    if value is None:
        return DatPosition(length, zone, False, 0, False)
    assert isinstance(value, int)
    secondary = bool(row["no_secondary_strike"]) and zone == "long_hex"
    return DatPosition(length, zone, True, value, secondary)


MAX_DISTRACTIONS: Final = 20


@checked
def burden_modifiers(
    encumbrance_bcs: int = 0, distractions: int = 0, bcs_per_distraction: int | None = None
) -> list[BcsModifier]:
    """The attacker's own burdens on a BCS: encumbrance status (AFT-33, −1 or −2) and the
    Distractions they suffer (AFT-41). The BCS value of one Distraction is not in the text
    (AFT-M21), so a count waits for ``settings.bcs_per_distraction``.

    >>> [str(m) for m in burden_modifiers(-1, 3, -2)]
    ['encumbrance −1', '3 Distractions × −2 −6']
    >>> burden_modifiers(0, 1)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: BCS per Distraction is not in the source: enter it in Settings
    """
    mods: list[BcsModifier] = []
    if check_int("encumbrance BCS", encumbrance_bcs, -2, 0):
        mods.append(BcsModifier("encumbrance", encumbrance_bcs, "AFT-33"))
    count = check_int("distractions", distractions, 0, MAX_DISTRACTIONS)
    if count:
        if bcs_per_distraction is None:
            raise RuleError(
                "BCS per Distraction is not in the source: enter it in Settings",
                rules=("AFT-41", "AFT-M21"),
            )
        per = check_int("BCS per Distraction", bcs_per_distraction, -20, 0)
        label = f"{count} Distraction{'s' if count != 1 else ''} × {signed(per)}"
        mods.append(BcsModifier(label, count * per, "AFT-41, AFT-M21"))
    return mods
