"""Simply Roleplaying! fight (SIM-33 to SIM-57 as a running fight), on the fight protocol
(shared/FIGHT.md): the fight is an immutable value (:class:`Fight`), and every step a page calls
(:data:`TRANSITIONS`: joining, initiative, an action, an attack, a hit, a check, a treatment, the
clock) is a pure function ``(fight, ...) -> (Fight, result)`` whose ``result.step`` is the logged
:class:`pycore.step.Step` (the GM's words, the players' line, the rules as data), so the page
can store each step for undo and replay every roll from its seed or the dice the GM typed.

``value`` holds the value, ``turns`` the turn, ``attack``, ``injury`` and ``care`` the steps,
``public`` the players' lines, ``sheet`` what comes from and goes back to the Character
Records, ``codec`` the saved form.

>>> import random
>>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5, bonus=2)
>>> fight = add_combatant(fight, name="Grunt", hp_max=12, strength=5, health=4, minor=True)
>>> fight, roll = roll_initiative(fight, random.Random(1))
>>> str(roll)
'Turn 1: Mara 1D10 (3) + 2 = 5; Grunt 1D10 (10) = 10 (minor NPC, goes last)'
>>> current_actor(fight)
'c1'
>>> fight, taken = take_action(fight, "c1", "Attack")
>>> str(taken)
'Mara: Attack (1 action left)'
>>> fight, hit_result = hit(fight, "c2", raw_from_weapon(8))
>>> hit_result.step.text, hit_result.step.rules
('weapon → raw 8; Grunt: raw 8 = injury 8; HP 12 → 4; Stamina Check (an injury over half HP) TN 8 or unconscious', ('SIM-40', 'SIM-45'))
>>> [str(c) for c in fight.pending]
['Grunt: Stamina Check (an injury over half HP) TN 8 or unconscious — 7/25 (28.00%)']
"""

from pycore.systems.simply.damage import raw_from_weapon
from pycore.systems.simply.fight.attack import (
    AttackPlan,
    AttackRoll,
    arms_of,
    guard_of,
    hit_chance,
    luck_pool,
    plan_attack,
    roll_attack,
)
from pycore.systems.simply.fight.care import (
    TREATMENTS,
    TreatmentRoll,
    check_treater,
    treat,
    treatment_task,
)
from pycore.systems.simply.fight.codec import (
    combat_from_json,
    combat_to_json,
    fight_from_json,
    fight_to_json,
)
from pycore.systems.simply.fight.dice import typed_initiative, typed_rolls
from pycore.systems.simply.fight.injury import (
    CheckRoll,
    HitResult,
    TimePassed,
    advance_clock,
    check_chance,
    dismiss_check,
    hit,
    roll_check,
)
from pycore.systems.simply.fight.public import simply_public
from pycore.systems.simply.fight.quick import quick_hp
from pycore.systems.simply.fight.sheet import join_character
from pycore.systems.simply.fight.shield import ShieldDefend, shield_defend, shield_strike
from pycore.systems.simply.fight.turns import (
    Initiative,
    InitiativeLine,
    TurnStep,
    acting_order,
    adjust,
    current_actor,
    give_up,
    hold,
    initiative_idle,
    initiative_rollers,
    join,
    remove_combatant,
    roll_initiative,
    spend_for_roll,
    take_action,
)
from pycore.systems.simply.fight.value import (
    ACTIONS,
    BLEED_EVERY,
    DEFAULT_ACTIONS,
    FIRST_AID_WINDOW,
    MAX_ACTIONS,
    MAX_BONUS,
    MAX_COMBATANTS,
    MAX_MINUTES,
    Arm,
    Combat,
    Combatant,
    Due,
    Fight,
    PendingCheck,
    add_combatant,
)
from pycore.systems.simply.limits import MAX_HP, MAX_LUCK

#: The steps a page calls, each ``(fight, ...) -> (Fight, result)`` with ``result.step``.
TRANSITIONS = (
    "join",
    "join_character",
    "remove_combatant",
    "roll_initiative",
    "take_action",
    "hold",
    "roll_attack",
    "hit",
    "roll_check",
    "dismiss_check",
    "advance_clock",
    "treat",
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
    "TRANSITIONS",
    "TREATMENTS",
    "Arm",
    "AttackPlan",
    "AttackRoll",
    "CheckRoll",
    "Combat",
    "Combatant",
    "Due",
    "Fight",
    "HitResult",
    "Initiative",
    "InitiativeLine",
    "PendingCheck",
    "ShieldDefend",
    "TimePassed",
    "TreatmentRoll",
    "TurnStep",
    "acting_order",
    "add_combatant",
    "adjust",
    "advance_clock",
    "arms_of",
    "check_chance",
    "check_treater",
    "combat_from_json",
    "combat_to_json",
    "current_actor",
    "dismiss_check",
    "fight_from_json",
    "fight_to_json",
    "give_up",
    "guard_of",
    "hit",
    "hit_chance",
    "hold",
    "initiative_idle",
    "initiative_rollers",
    "join",
    "join_character",
    "luck_pool",
    "plan_attack",
    "quick_hp",
    "raw_from_weapon",
    "remove_combatant",
    "roll_attack",
    "roll_check",
    "roll_initiative",
    "shield_defend",
    "shield_strike",
    "simply_public",
    "spend_for_roll",
    "take_action",
    "treat",
    "treatment_task",
    "typed_initiative",
    "typed_rolls",
]
