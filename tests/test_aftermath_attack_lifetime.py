"""Issue 25 (Aftermath): an attack is born from the sheets and the fight so far and dies with
its result. Picking a weapon takes the ammunition loaded in that gun (a rifle fired "38 Special,
BDG 10" instead of its .308, BDG 27, AFT-47, T41), the range and movement last set between the
two fighters are kept per pair, what the GM changed lives in that attack only, and an unfinished
attack is never dropped silently when another fighter taps "Acts"."""

from __future__ import annotations

from typing import Any

import pytest
from test_aftermath_arms import RIFLE  # the hunting rifle loaded with .308 (T41: BDG 27)

from pycore.errors import RuleError
from pycore.systems.aftermath import fight as F
from pycore.systems.aftermath.attack import worksheet
from pycore.systems.aftermath.gear import arms
from pycore.systems.aftermath.sheet import sheet as core

REVOLVER = {
    "name": "Revolver",
    "kind": "gun",
    "gun": "pistol|STD",
    "skill": "Pistol",
    "ammo": "pistol:357 Magnum",
}


def _fighter(name: str, *weapons: dict[str, Any]) -> dict[str, Any]:
    sheet = core.new_sheet(name)
    for skill, bcs in (("Rifle", "14"), ("Pistol", "11"), ("Knife", "12")):
        sheet = core.add_skill(sheet, skill, bcs)
    for weapon in weapons:
        sheet = arms.add_weapon(sheet, weapon)
    for key, value in (("cda", "1"), ("mass", "2"), ("drt", "40")):
        sheet = core.set_field(sheet, f"derived.{key}", value)
    return sheet


def _fight() -> F.Fight:
    ana = _fighter("Ana", RIFLE, REVOLVER)
    bo = _fighter(
        "Bo", {"name": "Bowie", "kind": "hand", "listed": "Knife, bowie", "skill": "Knife"}
    )
    cy = _fighter("Cy", REVOLVER)
    fight = F.fight_from_json({"characters": [ana, bo, cy], "combat": {}})
    fight, _ = F.pick_combatant(fight, "attacker", 2)
    fight, _ = F.pick_combatant(fight, "attacker", 0)
    # AFT-46: the range between Ana and Bo, typed (none is assumed; it is held between them)
    fight, _ = F.set_field(fight, "missile", "meters", "25")
    return fight


def test_a_picked_rifle_fires_its_own_ammunition_at_the_range_set_between_the_two() -> None:
    """Issue 25: picking a weapon reset the ammunition to a pistol round, the range to 20 m and
    the target to stationary. The rifle's .308 is BDG 27 (T41); the range and movement last set
    between Ana and Bo are kept, per pair."""
    fight = _fight()
    assert (fight.attacker, fight.weapon) == (0, "Hunting rifle")
    assert fight.forms["missile"]["ammo"] == "long gun:308 (7.62mm NATO)"
    fight, _ = F.set_field(fight, "missile", "meters", "60")
    fight, _ = F.set_field(fight, "missile", "target_action", "running")
    fight, _ = F.choose_weapon(fight, "Revolver")
    assert fight.forms["missile"]["ammo"] == "pistol:357 Magnum"
    fight, _ = F.choose_weapon(fight, "Hunting rifle")
    form = fight.forms["missile"]
    assert (form["ammo"], form["meters"], form["target_action"]) == (
        "long gun:308 (7.62mm NATO)",
        "60",
        "running",
    )
    setup = worksheet.Setup(
        "missile", fight.characters[0], fight.characters[1], form, worksheet.campaign({}), fight.now
    )
    assert setup.attack().base_bdg == 27  # T41: 308 (7.62mm NATO), BDG 27
    # Another target has its own range (none known yet: blank, never Bo's) and movement; back
    # at Bo, his are there again.
    fight, _ = F.pick_combatant(fight, "target", 2)
    assert (fight.forms["missile"]["meters"], fight.forms["missile"]["target_action"]) == (
        "",
        "stationary",
    )
    fight, _ = F.pick_combatant(fight, "target", 1)
    assert (fight.forms["missile"]["meters"], fight.forms["missile"]["target_action"]) == (
        "60",
        "running",
    )
    # Bo shooting back at Ana: the same 60 m between them (range is both ways).
    fight, _ = F.pick_combatant(fight, "attacker", 1)
    fight, _ = F.set_mode(fight, "thrown")
    fight, _ = F.choose_weapon(fight, "Bowie")
    fight, _ = F.set_mode(fight, "missile")
    assert fight.forms["missile"]["meters"] == "60"


def test_a_gun_with_no_ammunition_on_the_sheet_asks_for_it_never_a_pistol_round() -> None:
    """FIGHT.md: the core never picks a default that looks like a rule."""
    bare = {**RIFLE, "ammo": ""}
    ana = _fighter("Ana", bare)
    fight = F.fight_from_json({"characters": [ana, _fighter("Bo")], "combat": {}})
    fight, _ = F.pick_combatant(fight, "attacker", 1)
    fight, _ = F.pick_combatant(fight, "attacker", 0)
    assert fight.forms["missile"]["ammo"] == ""
    with pytest.raises(RuleError, match="Ammunition: load the gun"):
        F.attack(fight, F.roll_for_me("3"))


def test_what_the_gm_changed_lives_in_that_attack_only() -> None:
    """A chip pressed and a Base BCS typed for one shot are gone once it is applied; the range
    set between the two stays (the fight so far)."""
    fight = _fight()
    fight, _ = F.set_field(fight, "missile", "meters", "30")
    fight, _ = F.toggle_chip(fight, "missile", "sit:surprised")
    fight, _ = F.set_field(fight, "missile", "bcs", "5")
    assert fight.forms["missile"]["situations"] == ["surprised"]
    fight, result = F.attack(fight, F.roll_for_me("3"))
    assert isinstance(result, F.Attacked) and result.undo and fight.pending is None
    form = fight.forms["missile"]
    assert (form["situations"], form["bcs"], form["meters"]) == ([], 14, "30")
    assert fight.edits == {}


def test_acts_on_another_fighter_during_a_half_entered_attack_asks_first() -> None:
    """Issue 25: a half-entered attack disappeared without a word when another fighter tapped
    "Acts". Now the GM is asked; keeping it changes nothing, dropping it is one undo step."""
    fight = _fight()
    fight, _ = F.toggle_chip(fight, "missile", "sit:surprised")
    asked, result = F.pick_combatant(fight, "attacker", 1)
    assert asked.attacker == 0 and asked.forms == fight.forms
    assert asked.ask == {"role": "attacker", "index": 1} and "modifiers" in asked.unfinished
    kept, _ = F.answer_ask(asked, drop=False)
    assert kept.ask is None and kept.forms == fight.forms and kept.attacker == 0
    dropped, result = F.answer_ask(asked, drop=True)
    assert (dropped.attacker, dropped.weapon, dropped.target) == (1, "Bowie", 0)
    assert dropped.edits == {} and result.undo == "Drop the attack; Bo acts"
    # Bo (the target) acts: Ana becomes his target; his first weapon, filled from his sheet.
    hth = dropped.forms["hth"]
    assert (dropped.mode, hth["weapon"], hth["skill"], hth["bcs"]) == (
        "hth",
        "Knife, bowie",
        "Knife",
        12,
    )
    # Dice typed and waiting: the same question, for a new target too.
    waiting, _ = F.attack(_fight(), F.typed_roll("3"))
    assert waiting.pending is not None
    asked, _ = F.pick_combatant(waiting, "target", 2)
    assert asked.target == 1 and asked.pending == waiting.pending and asked.ask is not None
    # Nothing under way: "Acts" switches at once.
    switched, _ = F.pick_combatant(_fight(), "attacker", 2)
    assert switched.attacker == 2 and switched.ask is None


def test_a_fight_saved_before_attacks_kept_their_changes_loses_nothing() -> None:
    """A worksheet saved by an older version: what differs from a fresh set-up is this
    attack's, its range and movement those between the two fighters."""
    ana = _fighter("Ana", RIFLE)
    saved = {
        "characters": [ana, _fighter("Bo")],
        "combat": {"weapon": "Hunting rifle", "missile": {"bcs": 9, "meters": "45"}},
    }
    fight = F.fight_from_json(saved)
    assert fight.edits == {"missile": {"bcs": 9}}
    assert fight.pairs["0>1"] == {"meters": "45"} and fight.forms["missile"]["meters"] == "45"
    assert F.fight_from_json(F.fight_to_json(fight)) == fight


def _hit(fight: F.Fight) -> tuple[F.Fight, F.Attacked]:
    """Ana's rifle at Bo from a seed that hits (seed 3: 13 Damage Done, location 29)."""
    fight, result = F.attack(fight, F.roll_for_me("3"))
    assert isinstance(result, F.Attacked) and result.undo, str(result)
    return fight, result


def test_damage_taken_this_combat_turn_comes_from_the_fight_with_its_source() -> None:
    """Issue 28 item 2, 001 line 67: "Damaged in that Combat Turn −(damage taken/2)". The
    fight's log says Bo took 13 in this turn: his own shot has −7 (13 ÷ 2, rounded half up,
    AFT-02) without a field typed or a chip pressed, and the step names its source; the next
    Combat Turn starts clean."""
    fight, _ = _hit(_fight())
    assert fight.taken == {"1": 13}
    fight, _ = F.next_action_phase(fight)
    fight, _ = F.pick_combatant(fight, "attacker", 1)
    fight, _ = F.set_mode(fight, "missile")
    fight, _ = F.choose_weapon(fight, "")  # Bo's fists by hand: any missile form
    form = fight.forms["missile"]
    assert (form["damage_taken"], form["damage_source"]) == (13, "Bo took 13 this turn")
    setup = worksheet.Setup(
        "missile",
        fight.characters[1],
        fight.characters[0],
        {**form, "bcs": 12},
        worksheet.campaign({}),
        fight.now,
    )
    shown = [str(m) for m in worksheet.preview(setup).total.modifiers]
    assert "Damaged in that Combat Turn: Bo took 13 this turn, ÷ 2 −7" in shown
    assert F.taken_this_turn(fight, 1) == 13 and F.taken_this_turn(fight, 0) == 0
    later, _ = F.next_combat_turn(fight)
    assert later.forms["missile"]["damage_taken"] == 0
    # The GM's own figure replaces the log's, and says no source.
    typed, _ = F.set_field(fight, "missile", "damage_taken", "4")
    assert (typed.forms["missile"]["damage_taken"], typed.forms["missile"]["damage_source"]) == (
        4,
        "",
    )


def test_a_shot_uses_the_loaded_rounds_and_an_empty_gun_is_reloaded() -> None:
    """Issue 28 item 1: the gun holds its rounds; a shot counts one down (AFT-45: one shot per
    Action here), an empty gun is refused in words, Reload fills it from the sheet."""
    ana = _fighter("Ana", {**RIFLE, "rounds": "1", "capacity": "5"})
    fight = F.fight_from_json({"characters": [ana, _fighter("Bo")], "combat": {}})
    fight, _ = F.pick_combatant(fight, "attacker", 1)
    fight, _ = F.pick_combatant(fight, "attacker", 0)
    fight, _ = F.set_field(fight, "missile", "meters", "25")
    fight, shot = _hit(fight)
    assert arms.find_weapon(fight.characters[0], "Hunting rifle").rounds == 0
    assert "Ana: Hunting rifle, 0 rounds left" in shot.details["applied"]
    empty = "Hunting rifle has 0 rounds left and this Action fires 1: reload it"
    with pytest.raises(RuleError, match=empty):
        F.attack(fight, F.roll_for_me("3"))
    fight, result = F.reload(fight, "Hunting rifle")
    assert result.undo == "Reload Hunting rifle (5 rounds)"
    assert isinstance(result, F.Noted) and "Ana reloads Hunting rifle: 5 rounds" in result.text
    assert arms.find_weapon(fight.characters[0], "Hunting rifle").rounds == 5
    fight, _ = F.next_action_phase(fight)  # AFT-45: her next shot is her next Action
    assert isinstance(F.attack(fight, F.roll_for_me("3"))[1], F.Attacked)
    # A gun whose full load is not on the sheet is not reloaded by guess.
    bare = F.fight_from_json({"characters": [_fighter("Cy", REVOLVER), ana], "combat": {}})
    with pytest.raises(RuleError, match="enter its rounds when full"):
        F.reload(bare, "Revolver")


def test_a_weapon_chosen_for_one_action_goes_back_to_the_first_at_the_next() -> None:
    """Play-through 56: Ana switched to her Bowie in phase 3; in phase 4 her attack opened on
    the Bowie again (Knife, BCS 12), not her rifle. The text has no weapon in hand: no rule
    readies, draws or puts away a weapon or gives it a cost (its one trace is T12's "Character
    drops weapon", 001 line 170, a critical miss), and the Action Phases' use is not in it
    (aftermath.md AFT-55). So the choice is this Action's: at her next one (the next Action
    Phase or Combat Turn) the attack is born from her sheet again, her first weapon (FIGHT.md's
    first law), as Simply and Percentile do at the next turn. An attack still under way (dice
    waiting, a field changed) keeps its weapon: it is never dropped silently."""
    fight = _fight()
    fight, _ = F.choose_weapon(fight, "Revolver")
    assert (fight.weapon, fight.mode) == ("Revolver", "missile")
    fight, _ = _hit(fight)
    for move in (F.next_action_phase, F.next_combat_turn):
        moved, _ = move(fight)
        assert (moved.weapon, moved.mode) == ("Hunting rifle", "missile")
        assert moved.forms["missile"]["ammo"] == "long gun:308 (7.62mm NATO)"
        assert moved.forms["missile"]["meters"] == "25"  # the range between the two stays
    # Bo (his Bowie first) picks the thrown mode, then a hand-to-hand form with no weapon.
    bo, _ = F.pick_combatant(fight, "attacker", 1)
    bo, _ = F.choose_weapon(bo, "")
    bo, _ = F.set_mode(bo, "missile")
    moved, _ = F.next_action_phase(bo)
    assert (moved.weapon, moved.mode, moved.forms["hth"]["bcs"]) == ("Bowie", "hth", 12)
    # Under way: a field changed, or dice waiting, keeps the attack and its weapon.
    revolver, _ = F.choose_weapon(_fight(), "Revolver")
    typed, _ = F.set_field(revolver, "missile", "bcs", "9")
    moved, _ = F.next_action_phase(typed)
    assert (moved.weapon, moved.forms["missile"]["bcs"]) == ("Revolver", 9)
    waiting, _ = F.attack(revolver, F.typed_roll("3"))
    assert waiting.pending is not None
    moved, _ = F.next_action_phase(waiting)
    assert (moved.weapon, moved.pending) == ("Revolver", waiting.pending)
