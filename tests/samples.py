"""Well-formed values of the core's own types, for the public-API fuzz test: a hostile value in
a later parameter only reaches the code behind a good first one (``dismiss_check(combat, "x")``).
Built with the core's own constructors, the way a page or a test builds them."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Any

from pycore.store.envelope import Envelope
from pycore.store.history import History
from pycore.store.persist import MemoryStorage, Storage
from pycore.store.state import default_data
from pycore.systems.aftermath.attack.hand import HthAttack
from pycore.systems.aftermath.attack.missile import MissileAttack
from pycore.systems.aftermath.attack.missile_effects import SpecialEffect
from pycore.systems.aftermath.attack.steps import Resolution
from pycore.systems.aftermath.bcs import BcsModifier
from pycore.systems.aftermath.conditions import Condition, Moment
from pycore.systems.aftermath.reference.overland import AcidEffect
from pycore.systems.aftermath.reference.skills_and_moves import Learning
from pycore.systems.gurps.damage_roll import DamageRoll, roll_damage
from pycore.systems.gurps.defenses import Defense
from pycore.systems.gurps.modifiers import EffectiveSkill, Modifier, effective_skill
from pycore.systems.gurps.order import Fighter
from pycore.systems.gurps.sheet import Combatant as GurpsCombatant
from pycore.systems.gurps.worksheet import AttackSetup
from pycore.systems.percentile.agility import Ledger
from pycore.systems.percentile.attack import AttackInput
from pycore.systems.percentile.combat import Settings
from pycore.systems.percentile.damage import BodyPart, Poison, Race
from pycore.systems.percentile.dice import DamageDice
from pycore.systems.percentile.sides import PrimaryAttack
from pycore.systems.simply.armor import Protection, wear
from pycore.systems.simply.character import Campaign, Character
from pycore.systems.simply.damage import RawDamage
from pycore.systems.simply.fight.turns import roll_initiative
from pycore.systems.simply.fight.value import Combat, add_combatant
from pycore.systems.simply.stats import Adjustment, Stats
from pycore.systems.simply.tasks import TargetNumber, target_number
from pycore.tables import Table, load_table


def _fight() -> list[Combat]:
    fight = add_combatant(Combat(), name="Ann", hp_max=26, strength=6, health=5, bonus=2)
    fight = add_combatant(fight, name="Bo", hp_max=20, strength=5, health=5)
    started, _ = roll_initiative(fight, random.Random(1))
    return [Combat(), fight, started]


def _gurps_damage() -> list[DamageRoll]:
    return [roll_damage("1d+1", "cut", random.Random(1))]


FACTORIES: dict[type, Callable[[], list[Any]]] = {
    Combat: _fight,
    GurpsCombatant: lambda: [GurpsCombatant(), GurpsCombatant(id="g2", name="Bo", hp_now=-3)],
    AttackSetup: lambda: [AttackSetup(), AttackSetup(location="skull", yards=Fraction(10))],
    Ledger: lambda: [Ledger(ap=Fraction(50), available=Fraction(50))],
    Storage: lambda: [MemoryStorage(), MemoryStorage({"rulekeeper": "{not json"}, quota=100)],
    Moment: lambda: [Moment(1, 1), Moment(3, 2)],
    Race: lambda: [Race("human")],
    Character: lambda: [Character(), Character(name="Ann", strength=8)],
    Campaign: lambda: [Campaign()],
    History: lambda: [History(default_data())],
    HthAttack: lambda: [HthAttack(base_bcs=10, weapon="Knife, bowie", strength_group=3)],
    MissileAttack: lambda: [
        MissileAttack(
            base_bcs=12,
            range_row="Long Gun Rifle",
            meters=200,
            gun="long_gun",
            size="Rifle",
            target_cda=2,
            base_bdg=26,
        )
    ],
    Modifier: lambda: [Modifier("cover", -2, "GUR-1")],
    EffectiveSkill: lambda: [effective_skill(12, [Modifier("cover", -2, "GUR-1")])],
    BodyPart: lambda: [BodyPart("arm", Fraction(10)), BodyPart("head", Fraction(5), Fraction(6))],
    PrimaryAttack: lambda: [PrimaryAttack({"A": Fraction(10), "B": Fraction(20)})],
    Protection: lambda: [Protection(), wear()],
    RawDamage: lambda: [RawDamage(5), RawDamage(12, max_damage=12, roll=20)],
    TargetNumber: lambda: [target_number(12, "Average")],
    Envelope: lambda: [Envelope("rulekeeper", 1, "", default_data())],
    BcsModifier: lambda: [BcsModifier("cover", -2, "AFT-1")],
    Resolution: lambda: [Resolution("hth", ()), Resolution("missile", (), hit=True, location=3)],
    SpecialEffect: lambda: [SpecialEffect(5, "graze", "1D6", False, False, False, False, 0)],
    AcidEffect: lambda: [AcidEffect(50, "burns", "skin burns", 1)],
    Condition: lambda: [Condition("Dazed", Moment(1, 1), Moment(2, 1), "AFT-1")],
    Learning: lambda: [Learning((), (), True), Learning((("book", 1),), (), False)],
    Defense: lambda: [Defense("Dodge", 8, "speed + 3")],
    Fighter: lambda: [Fighter("A", 6, 12)],
    DamageRoll: _gurps_damage,
    Poison: lambda: [Poison("venom", ("nervous",), 10)],
    DamageDice: lambda: [DamageDice(1, Fraction(1), 0)],
    AttackInput: lambda: [AttackInput(skill=Fraction(50))],
    Settings: lambda: [Settings()],
    Stats: lambda: [Stats(6, 6, 6, 6)],
    Adjustment: lambda: [Adjustment("race", "strength", 1)],
    Table: lambda: [load_table("gurps", "postures")],
}


@cache
def samples(cls: type) -> tuple[Any, ...]:
    """Good values of ``cls`` (none if the test does not know how to build one)."""
    factory = FACTORIES.get(cls)
    return () if factory is None else tuple(factory())
