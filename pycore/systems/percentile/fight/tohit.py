"""What the game master reads beside the to-hit entries of an attack (PCT-30–PCT-34): the
attacker's skill, with which Table #3-1 is read, and how the Percent Against will be found from
the adversity (Tables 7.0-7.4 summed, then Table #3-2).

Both are read from the fight and the attack form as they stand; None when the attack has no
attacker and weapon yet (or, for the adversity, when the procedure is not d3).

>>> from pycore.systems.percentile.fight.codec import fight_from_json
>>> f = fight_from_json({"characters": [{"id": "c1", "name": "Ann", "aim": "70",
...     "weapons": [{"name": "AUTO PISTOL", "wep_dif": 30}]}], "settings": {"to_hit": "d3"}})
>>> skill_reading(f, {"attacker": "c1"})
"Ann's AUTO PISTOL: MARKSmanship = (AIM 70 + WEP DIF 30) / 2 = 50; read the Percent to Hit on Table #3-1 with it and the range"
>>> against_reading(f, {"adversity_total": "25"})
'Adversity 25: read the Percent Against on Table #3-2 and enter it'
"""

from __future__ import annotations

from collections.abc import Mapping

from pycore.systems.percentile import gmtables as gm
from pycore.systems.percentile.checks import fmt, parse_number
from pycore.systems.percentile.fight.value import Fight
from pycore.systems.percentile.roster import weapon_skill, weapon_skill_text
from pycore.validate import checked

Form = Mapping[str, str]
ADVERSITY_LABEL = "Adversity total (Tables 7.0-7.4)"  # R-F bounds as the attack form's


@checked
def skill_reading(fight: Fight, form: Form) -> str | None:
    """The attacker's skill for the chosen weapon with its formula (PCT-30, PCT-31) and what the
    to-hit procedure does with it: d1 rolls under it (PCT-32), d2/d3 read Table #3-1 with it
    (PCT-33, PCT-34); a grenade is thrown against BRAWL (d4, PCT-38).

    >>> from pycore.systems.percentile.fight.codec import fight_from_json
    >>> f = fight_from_json({"characters": [{"id": "c1", "name": "Bo", "brawl": "55",
    ...     "weapons": [{"name": "knife", "category": "hth", "attack_dif": 40}]}]})
    >>> skill_reading(f, {"attacker": "c1", "weapon": "0"})
    "Bo's knife: BRAWLmanship = (BRAWL 55 + ATTACK DIF 40) / 2 = 47½; the to-hit roll must be under it"
    >>> print(skill_reading(f, {}))
    None
    """
    attacker = fight.fighter(str(form.get("attacker") or ""))
    index = str(form.get("weapon") or "0")
    weapon = attacker.weapon(int(index)) if attacker and index.isdigit() else None
    if attacker is None or weapon is None:
        return None
    owner = f"{attacker.name}'s {weapon.name}"
    if weapon.category == "grenade":
        name, value = weapon_skill(attacker, weapon)
        return f"{owner}: thrown against {name} {fmt(value)}; under it lands on target"
    formula = weapon_skill_text(attacker, weapon)
    if fight.settings.to_hit == "d1":
        return f"{owner}: {formula}; the to-hit roll must be under it"
    return f"{owner}: {formula}; read the Percent to Hit on Table #3-1 with it and the range"


def _adversity(fight: Fight, form: Form) -> tuple[int | None, str]:
    """The adversity total typed, else the conditions present summed (PCT-34), and how."""
    typed = str(form.get("adversity_total") or "").strip()
    if typed:
        return int(parse_number(ADVERSITY_LABEL, typed, -1000, 1000)), ""
    conditions = [c.strip() for c in str(form.get("adversity_conditions") or "").split(",")]
    conditions = [c for c in conditions if c]
    if not conditions:
        return None, ""
    total = gm.adversity_total(fight.tables, conditions)
    if total is None:
        return None, ""
    parts = " + ".join(f"{c} {gm.adversity_value(fight.tables, c)}" for c in conditions)
    return total, f" ({parts})"


@checked
def against_reading(fight: Fight, form: Form) -> str | None:
    """How the Percent Against of a d3 attack will be found (PCT-34): as entered; else from the
    GM's Table #3-2 for the adversity (typed, or the conditions present summed on Tables
    7.0-7.4); else the adversity shown for the GM to read Table #3-2 with. None unless d3
    (and not for a grenade).

    >>> from pycore.systems.percentile.fight.codec import fight_from_json
    >>> f = fight_from_json({"settings": {"to_hit": "d3"}, "gm": {
    ...     "PCT-M05": [{"condition": "rain", "value": 10},
    ...                             {"condition": "running", "value": 15}],
    ...     "PCT-M06": [{"adversity_low": 0, "adversity_high": 100, "percent_against": 5}]}})
    >>> against_reading(f, {"adversity_conditions": "rain, running"})
    'Percent Against 5 from Table #3-2 for adversity 25 (rain 10 + running 15)'
    >>> against_reading(f, {"percent_against": "12", "adversity_total": "25"})
    'Percent Against 12 as entered (the adversity is not looked up while it is filled in)'
    """
    if "percent_against" not in to_hit_asks(fight, form):
        return None  # not d3, or a grenade (d4)
    typed = str(form.get("percent_against") or "").strip()
    total, how = _adversity(fight, form)
    if typed:
        pa = parse_number("Percent Against (Table #3-2)", typed, 0, 100, whole=False)
        tail = (
            " (the adversity is not looked up while it is filled in)" if total is not None else ""
        )
        return f"Percent Against {fmt(pa)} as entered{tail}"
    if total is None:
        if fight.tables.get("PCT-M06"):
            return "Enter the adversity (or the conditions present) to look up Table #3-2"
        return "Enter the Percent Against, read on Table #3-2"
    looked = gm.percent_against(fight.tables, total) if fight.tables.get("PCT-M06") else None
    if looked is None:
        return f"Adversity {total}{how}: read the Percent Against on Table #3-2 and enter it"
    return f"Percent Against {looked} from Table #3-2 for adversity {total}{how}"


@checked
def to_hit_asks(fight: Fight, form: Form) -> tuple[str, ...]:
    """The attack form's numbers the to-hit step asks for (keys of the attack form): none under
    d1 (the skill alone, PCT-32) or for a grenade (BRAWL, PCT-38); the Percent to Hit under d2
    (PCT-33); under d3 also the Percent Against, the adversity total where the GM's Table #3-2
    turns it into one, and the conditions present (text) where the GM entered Tables 7.0-7.4
    to sum them (PCT-34).

    >>> from pycore.systems.percentile.fight.codec import fight_from_json
    >>> f = fight_from_json({"settings": {"to_hit": "d3"}, "characters": [{"id": "c1",
    ...     "name": "Bo", "weapons": [{"name": "frag", "category": "grenade"}]}]})
    >>> to_hit_asks(f, {}), to_hit_asks(f, {"attacker": "c1"})
    (('percent_to_hit', 'percent_against'), ())
    """
    attacker = fight.fighter(str(form.get("attacker") or ""))
    index = str(form.get("weapon") or "0")
    weapon = attacker.weapon(int(index)) if attacker and index.isdigit() else None
    procedure = fight.settings.to_hit
    if procedure == "d1" or (weapon is not None and weapon.category == "grenade"):
        return ()
    if procedure == "d2":
        return ("percent_to_hit",)
    used = ("adversity_total",) if adversity_is_used(fight) else ()
    listed = ("adversity_conditions",) if fight.tables.get("PCT-M05") else ()
    return ("percent_to_hit", "percent_against", *used, *listed)


@checked
def adversity_is_used(fight: Fight) -> bool:
    """Whether a typed adversity total can act (PCT-34): only through the GM's Table #3-2 under
    d3; without that table the GM reads the Percent Against and enters it.

    >>> adversity_is_used(Fight())
    False
    """
    return fight.settings.to_hit == "d3" and bool(fight.tables.get("PCT-M06"))
