"""A GM's play-through: Ana parried and blocked Bo's blows, and against his next attack in the
same turn of hers she was still offered Parry and Block. "Only one block per turn" (GUR-47, 004
line 243), "only one parry per turn" (GUR-48, 004 line 249), counted across all weapons and bare
hands; her own turn gives them back (GUR-04, 004 line 23). What she used is read from the
fight's record of the defences rolled, so an undo gives it back with the record."""

from __future__ import annotations

import pytest
from rkweb.app.model import Model
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import fight_started, send, texts

from pycore.dice import typed_dice
from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import fight_from_json, fight_to_json
from pycore.systems.gurps.fight.hands import with_hand
from pycore.systems.gurps.lines import lines_from_saved
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup


def _kinds(model: Model) -> list[str]:
    return [k for k, _ in gf.defenses_left(fight_of(model))]


def _bo_double() -> Model:
    """Ana (shield skill 12, DB 2) against Bo's All-Out Attack (Double), Bo's turn first."""
    model = fight_started()
    model = send(model, "gurps.field", "g1", "shield_skill", "12")
    model = send(model, "gurps.field", "g1", "shield_db", "2")
    model = send(model, "gurps.maneuver", "All-Out Attack", "Double")
    return send(model, "gurps.step_attack_typed", "3 3 3")  # 9: a hit, Ana defends


def _defends(model: Model, kind: str, faces: str) -> Model:
    return send(send(model, "gurps.step_defense", kind), "gurps.step_defend_typed", faces)


def test_one_block_per_turn_and_the_reason_on_screen() -> None:
    first = _bo_double()
    assert _kinds(first) == ["dodge", "parry", "block"]
    assert texts(first, "gurps-fight-spent") == []
    blocked = _defends(first, "block", "3 3 3")  # a success: the blow is stopped
    assert fight_of(blocked).pending is None
    second = send(blocked, "gurps.step_attack_typed", "3 3 3")  # his second attack
    assert _kinds(second) == ["dodge", "parry"]
    assert texts(second, "gurps-fight-defend-block") == []
    assert texts(second, "gurps-fight-spent") == [
        "Block: already used this turn (one block per turn)."
    ]
    # Undo takes the block back with the record it was read from.
    undone = send(send(second, "shell.undo"), "shell.undo")
    assert gf.used(fight_of(undone), "g1") == ()
    assert _kinds(undone) == ["dodge", "parry", "block"]


def test_a_failed_parry_is_spent_too_and_her_own_turn_gives_both_back() -> None:
    hit = _defends(_bo_double(), "parry", "6 6 6")  # 18: the parry fails
    hurt = send(hit, "gurps.step_damage_typed", "1")
    second = send(hurt, "gurps.step_attack_typed", "3 3 3")
    assert _kinds(second) == ["dodge", "block"]
    assert texts(second, "gurps-fight-spent") == [
        "Parry: already used this turn (one parry per turn)."
    ]
    blocked = _defends(second, "block", "3 3 3")
    assert gf.used(fight_of(blocked), "g1") == ("block", "parry")
    # Her card says it (the rules file's tracker: "parry/block used this turn").
    assert gf.card_line(fight_of(blocked), "g1") == "Attack · dodge; block and parry used"
    # Saved and read back, the record holds (a reload continues from this step).
    fight = fight_of(blocked)
    assert fight_from_json(fight_to_json(fight)).defended == fight.defended
    # Ana's own turn begins: both are hers again; Bo's turn beginning does not touch hers.
    ana = send(blocked, "gurps.next")
    assert gf.used(fight_of(ana), "g1") == ()


def test_the_limit_holds_across_weapons_and_double_defense_in_the_core() -> None:
    ana = Combatant(id="a", name="Ana", weapon_skill=14, maneuver="Attack", option="")
    bo = Combatant(
        id="b",
        name="Bo",
        weapon_skill=12,
        maneuver="All-Out Defense",
        option="Double Defense",
        more_attacks=lines_from_saved("Knife: 12, 1d-1 imp"),
    )
    fight = gf.Fight((ana, bo))
    fight, _ = gf.attack(fight, "a", "b", AttackSetup(), typed_dice("3d6", "9"))
    fight, defended = gf.defend(fight, "parry", typed_dice("3d6", "18"))
    assert defended.again  # Double Defense: a second, different defense against this attack
    assert [k for k, _ in gf.defenses_left(fight)] == ["dodge"]
    fight, _ = gf.defend(fight, "dodge", typed_dice("3d6", "18"))
    fight, _ = gf.damage(fight, typed_dice("1d", "1"))
    fight = with_hand(fight, "b", 1)  # the knife in his hand now: still his one parry spent
    fight, _ = gf.attack(fight, "a", "b", AttackSetup(), typed_dice("3d6", "9"))
    assert [k for k, _ in gf.defenses_left(fight)] == ["dodge"]  # no parry with any weapon
    with pytest.raises(RuleError, match="cannot parry"):
        gf.defend(fight, "parry", typed_dice("3d6", "3"))
