"""The Percentile fight as one immutable value (shared/FIGHT.md, issue 25): the sides and their
members linked to the sheets by id, surprise, the order of attack, the round and piece, each
fighter's live values and the attack under way.

- :mod:`.value`: the frozen :class:`Fight` (``Fight()`` is an empty fight), its sides, members and
  the range kept between two fighters;
- :mod:`.codec`: :func:`fight_from_json` / :func:`fight_to_json` (checked);
- :mod:`.surprise`: surprise and the sides' damage modifiers;
- :mod:`.turns`: the order of attack, rounds, pieces, turns and agility points;
- :mod:`.joining`: members joining, leaving, asleep or awake, mid-round with the turn kept;
- :mod:`.setup`: an attack's :class:`Setup`, derived from the sheets and the fight so far;
- :mod:`.attack`: the attack's lifetime (to hit, where, the wound, the stun), with :mod:`.cost`
  (its AP), :mod:`.tohit` (how Table #3-1 and #3-2 are read) and :mod:`.poison`;
- :mod:`.public`: the players' line of each step, from its values.

Every step a page calls is in :data:`TRANSITIONS`: ``fight, result = step(fight, ..., dice)``;
``result.step`` is the shared :class:`pycore.step.Step` (the GM's text without rule IDs, the
players' line, the rules as data). What the rules forbid is refused with a typed error in words.

>>> from pycore.dice import typed_dice
>>> from pycore.systems.percentile.roster import Fighter, Weapon
>>> from pycore.systems.percentile.damage import BodyPart
>>> ann = Fighter("c1", "Ann", aim=70, weapons=(Weapon("PISTOL", wep_dif=30, damage_die="4:10sd+2"),))
>>> bob = Fighter("c2", "Bob", parts=(BodyPart("arm", 20),))
>>> costs = {"PCT-M03": [{"action": "an attack with the PISTOL", "ap_cost": "10"}]}
>>> fight = add_member(add_member(Fight((ann, bob), tables=costs), 0, "c1"), 1, "c2")
>>> fight, rolled = resolve(fight, setup_of({"attacker": "c1", "target": "c2"}), typed_dice("1:100sd", "15"))
>>> rolled.step.public, rolled.step.rules
('Ann attacks Bob with PISTOL → hit', ('PCT-32', 'PCT-36'))
>>> fight, hurt = answer_part(fight, "arm", Setup(), typed_dice("4:10sd+2", "5 6 6 5"))
>>> hurt.step.public
'Ann attacks Bob with PISTOL → hit, the arm'
>>> fight_from_json(fight_to_json(fight)) == fight
True
"""

from pycore.systems.percentile.fight.attack import (
    AttackStep,
    answer_part,
    roll,
    roll_typed,
    set_aside,
)
from pycore.systems.percentile.fight.attack import attack as resolve
from pycore.systems.percentile.fight.codec import fight_from_json, fight_into_json, fight_to_json
from pycore.systems.percentile.fight.joining import (
    add_member,
    join_member,
    remove_member,
    toggle_asleep,
)
from pycore.systems.percentile.fight.poison import PoisonStep, severity
from pycore.systems.percentile.fight.poison import poison as apply_poison
from pycore.systems.percentile.fight.public import percentile_public
from pycore.systems.percentile.fight.setup import Setup, setup_of
from pycore.systems.percentile.fight.stun import answer_stun
from pycore.systems.percentile.fight.surprise import (
    Surprised,
    alertness_percent,
    higher_alertness,
    roll_surprise,
    side_modifier,
    side_modifiers,
    surprise_chances,
    surprise_sides,
    surprise_targets,
)
from pycore.systems.percentile.fight.turns import (
    ApChange,
    Joined,
    OrderStep,
    Passed,
    RoundStarted,
    SideRollOff,
    TurnStep,
    acting_now,
    acting_sides,
    active,
    change_ap,
    join_order,
    members_of,
    next_piece,
    next_round,
    next_turn,
    order_chances,
    pass_order,
    roll_off,
    roll_order,
    turn_order,
)
from pycore.systems.percentile.fight.value import (
    AP_RANGE,
    MODIFIER_RANGE,
    RANGE_LABEL,
    WAITING,
    Fight,
    Member,
    Note,
    PendingAttack,
    Side,
    SurpriseOutcome,
    add_side,
    range_between,
    rename_side,
    set_member_alertness,
    set_range,
    set_side_alertness,
    set_side_modifier,
    side_at,
    with_side,
)
from pycore.systems.percentile.limits import MAX_RANGE_M

#: The steps a page calls: each ``(fight: Fight, ...) -> tuple[Fight, result]`` with
#: ``result.step`` a :class:`pycore.step.Step`.
TRANSITIONS = (
    "roll_surprise",
    "roll_order",
    "pass_order",
    "join_order",
    "join_member",
    "next_round",
    "next_piece",
    "next_turn",
    "roll_off",
    "change_ap",
    "resolve",
    "roll",
    "roll_typed",
    "answer_part",
    "answer_stun",
    "set_aside",
    "severity",
    "apply_poison",
)

__all__ = [
    "AP_RANGE",
    "MAX_RANGE_M",
    "MODIFIER_RANGE",
    "RANGE_LABEL",
    "TRANSITIONS",
    "WAITING",
    "ApChange",
    "AttackStep",
    "Fight",
    "Joined",
    "Member",
    "Note",
    "OrderStep",
    "Passed",
    "PendingAttack",
    "PoisonStep",
    "RoundStarted",
    "Setup",
    "Side",
    "SideRollOff",
    "SurpriseOutcome",
    "Surprised",
    "TurnStep",
    "acting_now",
    "acting_sides",
    "active",
    "add_member",
    "add_side",
    "alertness_percent",
    "answer_part",
    "answer_stun",
    "apply_poison",
    "change_ap",
    "fight_from_json",
    "fight_into_json",
    "fight_to_json",
    "higher_alertness",
    "join_member",
    "join_order",
    "members_of",
    "next_piece",
    "next_round",
    "next_turn",
    "order_chances",
    "pass_order",
    "percentile_public",
    "range_between",
    "remove_member",
    "rename_side",
    "resolve",
    "roll",
    "roll_off",
    "roll_order",
    "roll_surprise",
    "roll_typed",
    "set_aside",
    "set_member_alertness",
    "set_range",
    "set_side_alertness",
    "set_side_modifier",
    "setup_of",
    "severity",
    "side_at",
    "side_modifier",
    "side_modifiers",
    "surprise_chances",
    "surprise_sides",
    "surprise_targets",
    "toggle_asleep",
    "turn_order",
    "with_side",
]
