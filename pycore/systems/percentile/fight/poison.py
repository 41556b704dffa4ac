"""Two steps beside the attack: the severity roll of a wound left untreated (PCT-41) and
poisons and drugs (PCT-54), as transitions of the fight.

>>> from pycore.systems.percentile.fight import Fight
>>> severity(Fight(), None)  # type: ignore[arg-type]
Traceback (most recent call last):
...
pycore.errors.RuleError: There is no wound from the damage-type table to roll severity for.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from pycore.dice import RandintSource
from pycore.errors import RuleError, RulekeeperError
from pycore.step import Step
from pycore.systems.percentile import gmtables as gm
from pycore.systems.percentile.attack import MissingValue
from pycore.systems.percentile.checks import fmt, parse_number
from pycore.systems.percentile.damage import ORGAN_SYSTEMS, Poison, organ_row, poison_damage
from pycore.systems.percentile.fight.attack import Form, typed_multipliers
from pycore.systems.percentile.fight.setup import number
from pycore.systems.percentile.fight.value import Fight, Note
from pycore.systems.percentile.roster import race_of
from pycore.systems.percentile.wound import severity_roll
from pycore.validate import checked


@checked
def severity(fight: Fight, rng: RandintSource) -> tuple[Fight, Note]:
    """PCT-41: the severity roll for the last procedure-one wound (a wound left untreated)."""
    if not fight.last_severity:
        raise RuleError("There is no wound from the damage-type table to roll severity for.")
    text = severity_roll(fight.tables, fight.last_severity, rng)
    return replace(fight, last=(*fight.last, text)), Note(text, "", ("PCT-41",))


@dataclass(frozen=True)
class PoisonStep:
    lines: tuple[str, ...]

    def __str__(self) -> str:
        return " · ".join(self.lines)

    @property
    def step(self) -> Step:
        return Step(str(self), "", ("PCT-54",))


@checked
def poison(fight: Fight, form: Form, attack_form: Form) -> tuple[Fight, PoisonStep]:
    """PCT-54: a poison acts on the organ systems the GM chose; its Table #3-3 points feed the
    organ damage only, never the damage record. Multipliers come from Table #3-3.1 or the
    attack form's organ fields."""
    target = fight.fighter(str(form.get("target") or ""))
    if target is None or not target.parts:
        raise RuleError("Choose a target with body parts.")
    systems = tuple(s for s in ORGAN_SYSTEMS if form.get(s) == "on")
    if not systems:
        raise RuleError("Choose the organ system(s) the poison acts on (the GM's call).")
    part = target.part(str(form.get("part") or ""))
    if part is None:
        raise RuleError("Choose the site (body part) the poison acts on.")
    wep_mod = str(form.get("wep_mod") or "").strip()
    mod = int(parse_number("WEP MOD", wep_mod, -1000, 1000)) if wep_mod else None
    points = number(form, "poison_damage")
    if points is None and mod is not None and fight.tables.get("PCT-M13"):
        looked = gm.table_3_3(fight.tables, mod, Fraction(0))
        points = None if looked is None else Fraction(looked)
    if points is None:
        raise MissingValue(
            "poison_damage",
            "Enter the Table #3-3 value, or the WEP MOD with Table #3-3 entered on the GM page.",
        )
    race = race_of(target.race)
    mults = _poison_multipliers(fight, organ_row(race, part.name), attack_form)
    missing = [s for s in systems if s not in mults and s not in race.decentralized]
    if missing:
        names = ", ".join(s.replace("_", "-") for s in missing)
        raise MissingValue(
            "organ_multiplier",
            f"Enter the Table #3-3.1 multiplier for {names} (the attack's organ fields), or "
            "Table #3-3.1 on the GM page.",
        )
    name = str(form.get("name") or "poison")
    organs = poison_damage(
        Poison(name, systems, mod or 0),
        race,
        part.name,
        part.points,
        points,
        mults,
        [p.points for p in target.parts],
    )
    lines = [
        f"{name} on {target.name} ({part.name}), {fmt(points)} points for the organ calculation only"
    ]
    for o in organs:
        desc = gm.organ_description(fight.tables, o.system, o.organ_dp)
        lines.append(str(o) + (f": {desc}" if desc else ""))
    return replace(fight, last=tuple(lines)), PoisonStep(tuple(lines))


def _poison_multipliers(fight: Fight, row: str, attack_form: Form) -> dict[str, Fraction]:
    mults: dict[str, Fraction] = {}
    if fight.tables.get("PCT-M15"):
        try:
            mults = dict(gm.organ_multipliers(fight.tables, row) or {})
        except RulekeeperError:
            mults = {}
    for s, typed in typed_multipliers(attack_form).items():
        mults.setdefault(s, typed)
    return mults
