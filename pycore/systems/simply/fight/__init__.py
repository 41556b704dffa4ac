"""Simply Roleplaying! fight (SIM-33 to SIM-57 as a running fight): the fight is an immutable
value, and every step (initiative, an action, an attack, a hit, a check, a treatment, the clock)
is a pure function returning the new fight and an explained result, so the page can store each
step for undo and replay every roll from its seed or the dice the GM typed.

``state`` holds the value, ``order`` the turn, ``attack``, ``injury`` and ``care`` the steps,
``sheet`` what comes from and goes back to the Character Records, ``codec`` the saved form.

>>> import random
>>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5, bonus=2)
>>> fight = add_combatant(fight, name="Grunt", hp_max=12, strength=5, health=4, minor=True)
>>> fight, roll = roll_initiative(fight, random.Random(1))
>>> str(roll)
'Turn 1: Mara 1D10 (3) + 2 = 5; Grunt 1D10 (10) = 10 (minor NPC, goes last)'
>>> current_actor(fight)
'c1'
>>> fight, text = take_action(fight, "c1", "Attack")
>>> text
'Mara: Attack (1 action left)'
>>> fight, hit_result = hit(fight, "c2", raw_from_weapon(8))
>>> str(hit_result)
'Grunt: raw 8 = injury 8; HP 12 → 4; Stamina Check TN 8 or unconscious (SIM-45)'
>>> [str(c) for c in fight.pending]
['Grunt: Stamina Check TN 8 or unconscious (SIM-45) — 7/25 (28.00%)']
"""

from pycore.systems.simply.damage import raw_from_weapon
from pycore.systems.simply.fight.attack import (
    AttackPlan,
    AttackRoll,
    arms_of,
    hit_chance,
    luck_pool,
    plan_attack,
    roll_attack,
)
from pycore.systems.simply.fight.care import TREATMENTS, TreatmentRoll, treat, treatment_task
from pycore.systems.simply.fight.codec import combat_from_json, combat_to_json
from pycore.systems.simply.fight.dice import typed_initiative, typed_rolls
from pycore.systems.simply.fight.injury import (
    CheckRoll,
    HitResult,
    advance_clock,
    dismiss_check,
    hit,
    roll_check,
)
from pycore.systems.simply.fight.order import (
    Initiative,
    InitiativeLine,
    adjust,
    current_actor,
    give_up,
    hold,
    initiative_rollers,
    remove_combatant,
    roll_initiative,
    spend_for_roll,
    take_action,
)
from pycore.systems.simply.fight.state import (
    ACTIONS,
    BLEED_EVERY,
    DEFAULT_ACTIONS,
    FIRST_AID_WINDOW,
    MAX_ACTIONS,
    MAX_BONUS,
    MAX_COMBATANTS,
    MAX_HP,
    MAX_LUCK,
    MAX_MINUTES,
    Arm,
    Combat,
    Combatant,
    Due,
    PendingCheck,
    add_combatant,
)

__all__ = [
    "ACTIONS",
    "BLEED_EVERY",
    "DEFAULT_ACTIONS",
    "FIRST_AID_WINDOW",
    "MAX_ACTIONS",
    "MAX_BONUS",
    "MAX_COMBATANTS",
    "MAX_HP",
    "MAX_LUCK",
    "MAX_MINUTES",
    "TREATMENTS",
    "Arm",
    "AttackPlan",
    "AttackRoll",
    "CheckRoll",
    "Combat",
    "Combatant",
    "Due",
    "HitResult",
    "Initiative",
    "InitiativeLine",
    "PendingCheck",
    "TreatmentRoll",
    "add_combatant",
    "adjust",
    "advance_clock",
    "arms_of",
    "combat_from_json",
    "combat_to_json",
    "current_actor",
    "dismiss_check",
    "give_up",
    "hit",
    "hit_chance",
    "hold",
    "initiative_rollers",
    "luck_pool",
    "plan_attack",
    "raw_from_weapon",
    "remove_combatant",
    "roll_attack",
    "roll_check",
    "roll_initiative",
    "spend_for_roll",
    "take_action",
    "treat",
    "treatment_task",
    "typed_initiative",
    "typed_rolls",
]
