"""The fight as one immutable value (shared/FIGHT.md): the combatants, the turn order and whose
turn it is (GUR-04 to GUR-06), and the attack under way from its roll through the defense to the
damage and the injury (GUR-19). Every action is a transition ``fight, result = step(fight, ...)``;
a result is a value whose ``str()`` explains it. Rolls come from the ``rng`` given: a seeded
``random.Random`` ("roll for me") or the dice the user typed (:func:`pycore.dice.typed_dice`).

>>> from pycore.systems.gurps.sheet import Combatant
>>> from pycore.systems.gurps.worksheet import AttackSetup
>>> from pycore.dice import typed_dice
>>> ana = Combatant(id="a", name="Ana", weapon_skill=14, maneuver="Attack")
>>> fight = Fight((ana, Combatant(id="b", name="Bo", dr=2)))
>>> fight, rolled = attack(fight, "a", "b", AttackSetup(), typed_dice("3d6", "10"))
>>> rolled.waits_for, fight.pending.stage
('defense', 'defense')
>>> fight, defended = defend(fight, "dodge", typed_dice("3d6", "12"))
>>> str(defended)
'Bo dodges: base 8 = 8; 3d6 = 12 (total typed): 3d6 = 12 vs defense 8: failure by 4'
>>> fight, hurt = damage(fight, typed_dice("1d", "5"))
>>> str(hurt)
'Damage: 1d+1 (5) + 1 = 6 cut; Bo: basic 6 − DR 2 = 4 penetrating × 3/2 (cut) = 6 → injury 6; major wound; HP 10 → 4'
>>> fight.combatant("b").hp_now, fight.pending
(4, None)
"""

from pycore.systems.gurps.fight.aims import aim_seconds, aimed_target
from pycore.systems.gurps.fight.attack import (
    Abandoned,
    AttackRolled,
    AttackStep,
    Defended,
    Injured,
    attack,
    cancel,
    damage,
    damage_dice,
    defend,
    defenses_left,
    lasting_effects,
    pending_damage_dice,
    pending_damage_said,
    resolve,
)
from pycore.systems.gurps.fight.card import NO_DEATH_RULE, card_line, past_minus_hp, shocks
from pycore.systems.gurps.fight.checks import (
    OUTCOMES,
    Answered,
    Checked,
    Dismissed,
    Settled,
    ask_after_injury,
    choice_held,
    dismiss,
    failed_rolls,
    next_fighter,
    outcomes,
    roll_check,
    settle,
    turn_held,
)
from pycore.systems.gurps.fight.codec import fight_from_json, fight_to_json
from pycore.systems.gurps.fight.free_hands import EMPTY
from pycore.systems.gurps.fight.hands import (
    CARD_PARRY_UNSAID,
    PARRY_UNSAID,
    UNSAID,
    WeaponReadied,
    drawn_parry,
    empty_hand_said,
    in_hand,
    line_in_hand,
    lines_now,
    parry_withheld,
    preview_now,
    punch_withheld,
    ready_now,
    ready_weapon,
    shield_withheld,
    skill_withheld,
    target_as_held,
    unsaid,
    weapon_withheld,
)
from pycore.systems.gurps.fight.once import preview_left, spent_said, used
from pycore.systems.gurps.fight.open_asks import (
    CARRIED_LEAD,
    FighterAsks,
    attack_waits,
    bearing_asks,
    carried_line,
    lapsed_shocks_said,
    open_questions,
    questions_said,
    waits_said,
)
from pycore.systems.gurps.fight.parry_strike import Struck, strike, strike_said, strike_skill
from pycore.systems.gurps.fight.public import gurps_public
from pycore.systems.gurps.fight.ranges import (
    beyond_between,
    out_of_reach,
    range_between,
    with_range,
    without_range,
)
from pycore.systems.gurps.fight.ready import ready_drawn
from pycore.systems.gurps.fight.targets import last_target, with_target
from pycore.systems.gurps.fight.turns import (
    Joined,
    ManeuverChoice,
    ManeuverTaken,
    OrderDrawn,
    Recovered,
    Removed,
    Renamed,
    Stun,
    TurnBegun,
    add,
    edit,
    maneuver_choices,
    next_target,
    next_turn,
    recover,
    remove,
    start,
    take_maneuver,
    tied_names,
    tied_with,
)
from pycore.systems.gurps.fight.value import (
    NO_DEFENSE,
    Ask,
    Fight,
    Logged,
    Pending,
    Place,
    Recovery,
    Stage,
)

#: The steps a page calls: each ``(fight: Fight, ...) -> tuple[Fight, result]`` whose
#: ``result.step`` is the shared :class:`pycore.step.Step` (the log's line, the players' line,
#: the rules as data). ``resolve`` (the whole attack at once) returns each stage's result.
TRANSITIONS = (
    "add",
    "remove",
    "start",
    "next_turn",
    "take_maneuver",
    "recover",
    "attack",
    "defend",
    "strike",
    "damage",
    "cancel",
    "roll_check",
    "settle",
    "dismiss",
)

__all__ = [
    "CARD_PARRY_UNSAID",
    "CARRIED_LEAD",
    "EMPTY",
    "NO_DEATH_RULE",
    "NO_DEFENSE",
    "OUTCOMES",
    "PARRY_UNSAID",
    "TRANSITIONS",
    "UNSAID",
    "Abandoned",
    "Answered",
    "Ask",
    "AttackRolled",
    "AttackStep",
    "Checked",
    "Defended",
    "Dismissed",
    "Fight",
    "FighterAsks",
    "Injured",
    "Joined",
    "Logged",
    "ManeuverChoice",
    "ManeuverTaken",
    "OrderDrawn",
    "Pending",
    "Place",
    "Recovered",
    "Recovery",
    "Removed",
    "Renamed",
    "Settled",
    "Stage",
    "Struck",
    "Stun",
    "TurnBegun",
    "WeaponReadied",
    "add",
    "aim_seconds",
    "aimed_target",
    "ask_after_injury",
    "attack",
    "attack_waits",
    "bearing_asks",
    "beyond_between",
    "cancel",
    "card_line",
    "carried_line",
    "choice_held",
    "damage",
    "damage_dice",
    "defend",
    "defenses_left",
    "dismiss",
    "drawn_parry",
    "edit",
    "empty_hand_said",
    "failed_rolls",
    "fight_from_json",
    "fight_to_json",
    "gurps_public",
    "in_hand",
    "lapsed_shocks_said",
    "last_target",
    "lasting_effects",
    "line_in_hand",
    "lines_now",
    "maneuver_choices",
    "next_fighter",
    "next_target",
    "next_turn",
    "open_questions",
    "out_of_reach",
    "outcomes",
    "parry_withheld",
    "past_minus_hp",
    "pending_damage_dice",
    "pending_damage_said",
    "preview_left",
    "preview_now",
    "punch_withheld",
    "questions_said",
    "range_between",
    "ready_drawn",
    "ready_now",
    "ready_weapon",
    "recover",
    "remove",
    "resolve",
    "roll_check",
    "settle",
    "shield_withheld",
    "shocks",
    "skill_withheld",
    "spent_said",
    "start",
    "strike",
    "strike_said",
    "strike_skill",
    "take_maneuver",
    "target_as_held",
    "tied_names",
    "tied_with",
    "turn_held",
    "unsaid",
    "used",
    "waits_said",
    "weapon_withheld",
    "with_range",
    "with_target",
    "without_range",
]
