"""The attack worksheet: the attack about to be made (its mode, the attacker's and the target's
sheets, the saved form of :mod:`.worksheet_forms`, the campaign settings), its BCS before the
roll, and the attack the core resolves (built by :mod:`.inputs`) written to the sheets, with the
values a hit asks for after the roll.

>>> from pycore.systems.aftermath.sheet.sheet import new_sheet, set_field
>>> from pycore.systems.aftermath.conditions import moment
>>> from pycore.systems.aftermath.attack.worksheet_forms import form_of
>>> target = set_field(new_sheet("Bo"), "derived.cda", "1")
>>> form = form_of("missile", {"bcs": 12})
>>> setup = Setup("missile", new_sheet("Ana"), target, form, campaign({}), moment(1, 1))
>>> preview(setup)  # AFT-46: no range is assumed
Traceback (most recent call last):
...
pycore.errors.RuleError: Range (m): type how far away the target is; the odds and the roll wait for it
>>> found = preview(replace(setup, form={**form, "meters": "20"}))
>>> str(found.total)
'BCS 12 + range EFF 0 + Inherent Accuracy +1 + target stationary (CDA 1 × 1) −1 = 12'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from pycore.dice import RandintSource
from pycore.errors import FieldError
from pycore.systems.aftermath.attack.apply import apply_resolution, apply_to_attacker
from pycore.systems.aftermath.attack.bind import may_attack
from pycore.systems.aftermath.attack.hand import HthAttack, hth_bcs, resolve_hth
from pycore.systems.aftermath.attack.inputs import hth_attack, missile_attack
from pycore.systems.aftermath.attack.missile import MissileAttack, missile_bcs, resolve_missile
from pycore.systems.aftermath.attack.steps import Resolution, Step
from pycore.systems.aftermath.attack.worksheet_forms import OPTIONAL_FIELDS, whole
from pycore.systems.aftermath.bcs import BcsTotal
from pycore.systems.aftermath.campaign import Campaign, campaign
from pycore.systems.aftermath.conditions import Moment
from pycore.systems.aftermath.gear.guns import critical_row
from pycore.validate import checked


@dataclass(frozen=True)
class Setup:
    """An attack about to be made: its mode, the attacker's and the target's sheets, the form,
    the campaign settings and the moment (AFT-55)."""

    mode: str
    attacker: Mapping[str, Any]
    target: Mapping[str, Any]
    form: Mapping[str, Any]
    settings: Campaign
    now: Moment
    # The GM's reason to let an attack the rules forbid go ahead (a Stunned attacker...).
    override: str = ""
    # Why the fight so far refuses this attacker now ("" when it does not): his attack already
    # applied in this Action Phase (``fight.value.action_used``, AFT-45).
    acted: str = ""

    def attack(self) -> MissileAttack | HthAttack:
        """The core's attack: a missile (AFT-57), hand-to-hand or thrown (AFT-56, AFT-29)."""
        parts = (self.attacker, self.target, self.form, self.settings, self.now)
        if self.mode in ("hth", "thrown"):
            return hth_attack(*parts, thrown=self.mode == "thrown")
        return missile_attack(*parts)


@dataclass(frozen=True)
class Preview:
    """The BCS line by line before anything is rolled, and what the attack will wait for that
    is known already (a ticked critical with a shotgun and no row for it, AFT-M39)."""

    total: BcsTotal
    steps: tuple[Step, ...]
    waits_for: tuple[str, ...] = ()


@checked
def preview(setup: Setup) -> Preview:
    """The worksheet before the roll; a RuleError names a value the BCS itself needs."""
    attack = setup.attack()
    if isinstance(attack, HthAttack):
        total, steps, _ = hth_bcs(attack)
        return Preview(total, tuple(steps))
    total, steps = missile_bcs(attack)
    waits: tuple[str, ...] = ()
    row = critical_row(attack.gun, attack.range_row, attack.autofire, attack.shotgun_critical_row)
    if attack.critical_hit and attack.critical_hit_at_or_below is None and row is None:
        waits = ("settings.shotgun_critical_row",)
    return Preview(total, tuple(steps), waits)


@dataclass(frozen=True)
class Outcome:
    """A resolved attack applied: the resolution, the target's and the attacker's sheets after
    it (the same sheet when one attacks themselves), and what was written to them."""

    resolution: Resolution
    target: dict[str, Any]
    attacker: dict[str, Any]
    applied: tuple[str, ...]
    attacker_applied: tuple[str, ...]


@checked
def resolve(setup: Setup, rng: RandintSource, same: bool = False) -> Outcome:
    """Roll the attack and write it to the sheets: damage and conditions to the target
    (AFT-15, AFT-55), what a critical miss did to the attacker (AFT-28, AFT-53)."""
    allowed = may_attack(setup.attacker, setup.now, setup.override, setup.acted)
    attack = setup.attack()
    if isinstance(attack, HthAttack):
        result = resolve_hth(attack, rng)
    else:
        result = resolve_missile(attack, rng)
    if allowed is not None:
        result = replace(result, steps=(allowed, *result.steps))
    new_target, notes = apply_resolution(dict(setup.target), result)
    attacker = new_target if same else dict(setup.attacker)
    new_attacker, hurt = apply_to_attacker(attacker, result)
    if same:
        new_target = new_attacker
    return Outcome(result, new_target, new_attacker, notes, hurt)


#: What a hit may wait for and the user give right then, the dice rolled so far kept: the
#: Damage Potential once the critical is known (001 lines 7-13, AFT-18, AFT-M05), and the near
#: side of a side attack's split (AFT-12, AFT-F1). The form's field each answer fills.
ASKED_AFTER_THE_ROLL: Final = {
    "attack.damage_potential": "damage_potential",
    "attack.near_side_location": "near_side",
}


@checked
def asked(outcome: Outcome) -> str:
    """The value a hit waits for that is given now, or "" (the attack is done)."""
    waits = outcome.resolution.waits_for
    return waits[0] if len(waits) == 1 and waits[0] in ASKED_AFTER_THE_ROLL else ""


@checked
def waits_for_potential(outcome: Outcome) -> bool:
    """Whether a hand-to-hand or thrown hit waits for its Damage Potential."""
    return asked(outcome) == "attack.damage_potential"


@checked
def with_answer(setup: Setup, key: str, raw: str) -> Setup:
    """The same attack with the value the user gave after the roll; resolved again from the same
    seed it rolls the same dice up to that point, then goes on (AFT-56, AFT-57)."""
    name = ASKED_AFTER_THE_ROLL[key]
    value = whole(raw)
    low, high, what = OPTIONAL_FIELDS[name]
    if value is None or not low <= value <= high:
        raise FieldError(name, f"{what}: a whole number from {low} to {high}.")
    return replace(setup, form={**setup.form, name: value})


@checked
def with_potential(setup: Setup, damage_potential: str) -> Setup:
    """The attack with its Damage Potential, given once the critical is known."""
    return with_answer(setup, "attack.damage_potential", damage_potential)


__all__ = [
    "Outcome",
    "Preview",
    "Setup",
    "asked",
    "campaign",
    "preview",
    "resolve",
    "waits_for_potential",
    "with_answer",
    "with_potential",
]
