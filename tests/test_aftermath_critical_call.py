"""Issue 28 item 3: a critical is finished. The GM calls it after seeing the die (AFT-04 leaves
when to him; "Roll for me" rolled and applied at once, so he could only call it before); a
critical waiting for the target's Health AST and CST (AFT-M03) asks for them right there and
keeps them on his sheet; the Health save that lowers the effect (AFT-27, 001 line 39) is asked
by its name, with the effect it is against and the damage done."""

from __future__ import annotations

import pytest
from test_aftermath_attack_lifetime import REVOLVER, _fighter
from test_aftermath_rule_data import CITED

from pycore.errors import RuleError
from pycore.systems.aftermath import fight as F


def _fight() -> F.Fight:
    """Ana with her revolver (Pistol BCS 11) at Bo, who has no Health AST or CST yet."""
    fight = F.fight_from_json({"characters": [_fighter("Ana", REVOLVER), _fighter("Bo")]})
    fight, _ = F.pick_combatant(fight, "attacker", 1)
    fight, _ = F.pick_combatant(fight, "attacker", 0)
    fight, _ = F.set_field(fight, "missile", "meters", "20")  # AFT-46: typed, never assumed
    return fight


def test_the_gm_calls_a_critical_after_roll_for_me_showed_the_die() -> None:
    """Seed 4: a hit (1D20 6 vs BCS 11) applied at once; called a critical, the same dice go
    on as a critical (its 1D10 BDG, the Critical Effect), from the sheets as they were."""
    fight = _fight()
    before = fight.characters[1]
    plain, shot = F.attack(fight, F.roll_for_me("4"))
    assert isinstance(shot, F.Attacked) and "(critical)" not in shot.step.text
    assert plain.characters[1] != before and plain.recall is not None
    called, _ = F.call_critical(plain)
    assert called.pending is not None and called.pending["asks"] == "target.ast.HLH"
    assert called.characters[1] == before and called.taken == {} and called.recall is None
    assert "critical hit ticked by the user" in called.pending["steps"][2]
    with pytest.raises(RuleError, match="no attack to call a critical"):
        F.call_critical(called)
    # Anything else done first ends the attack: nothing is left to call.
    moved, _ = F.next_action_phase(plain)
    assert moved.recall is None
    assert F.fight_from_json(F.fight_to_json(plain)) == plain


def test_the_health_ast_and_cst_are_asked_there_and_kept_on_the_targets_sheet() -> None:
    fight, _ = F.toggle_chip(_fight(), "missile", "critical_hit")
    waiting, _ = F.attack(fight, F.roll_for_me("4"))
    assert waiting.pending is not None and waiting.pending["asks"] == "target.ast.HLH"
    with pytest.raises(RuleError, match="Health AST and CST: enter both"):
        F.give_answer(F.set_answer(waiting, "12")[0])
    given, _ = F.set_answer(waiting, "12")
    given, _ = F.set_answer(given, "5", "cst")
    done, result = F.give_answer(given)
    assert isinstance(result, F.Attacked) and "(critical)" in result.step.text
    assert (done.characters[1]["ast"]["HLH"], done.characters[1]["cst"]["HLH"]) == (12, 5)
    assert any(s.startswith("Save to lower: Health AST 1D20") for s in result.details["steps"])


def _typed_critical(*rolls: str) -> F.Fight:
    """Ana's critical shot at Bo with ``rolls`` typed (to hit ... the Critical Effect), then
    Bo's Health AST 12 and CST 5 given where the effect asks for them."""
    fight, _ = F.toggle_chip(_fight(), "missile", "critical_hit")
    for typed in rolls:
        fight, _ = F.attack(fight, F.typed_roll(typed))
    fight, _ = F.set_answer(fight, "12")
    fight, _ = F.set_answer(fight, "5", "cst")
    fight, _ = F.give_answer(fight)
    assert fight.pending is not None
    return fight


def test_the_save_to_lower_waits_by_its_name_with_the_effect_and_the_damage() -> None:
    fight = _typed_critical("6", "79", "39", "2", "10 10", "81")
    assert fight.pending is not None
    assert fight.pending["what"] == "Health save to lower Lethal to Trauma (Damage Done 21)"


def test_a_disables_health_saving_throw_waits_by_what_it_is_for() -> None:
    """A GM's play-through: a Disable to the torso (001 lines 26-28, D100 60 + Damage Done 21 =
    81), not lowered, asked "Roll 7: the target's Health saving throw (Health Saving Throw)":
    the throw named twice, not what it decides. It names the Disable it decides."""
    fight = _typed_critical("6", "35", "39", "2", "10 10", "60")  # location 8/9 (torso)
    assert fight.pending is not None
    assert fight.pending["what"] == "Health save to lower Disable to Stun (Damage Done 21)"
    fight, _ = F.attack(fight, F.typed_roll("20"))  # the save to lower fails: Disable stands
    assert fight.pending is not None
    assert fight.pending["what"] == "Health Saving Throw for the Disable"


def test_the_waiting_save_reads_in_words_and_each_refusal_names_its_field() -> None:
    """Item 4 of issue 28 played on screen: the waiting step read "...the target's Health AST
    and CST, HLH" (the CST's key became "HLH"); a refused CST showed beside the AST field."""
    from pycore.errors import FieldError

    fight, _ = F.toggle_chip(_fight(), "missile", "critical_hit")
    waiting, _ = F.attack(fight, F.roll_for_me("4"))
    assert waiting.pending is not None
    shown = [str(s) for s in waiting.pending["steps"] if s.startswith("Save to lower")]
    assert shown and "HLH" not in shown[0] and not CITED.search(shown[0]), shown
    given, _ = F.set_answer(F.set_answer(waiting, "12")[0], "55", "cst")
    with pytest.raises(FieldError, match="Health CST 55 is outside 0 to 40") as refused:
        F.give_answer(given)
    assert refused.value.field == "answer_cst"


BOWIE = {"name": "Bowie", "kind": "hand", "listed": "Knife, bowie", "skill": "Knife"}


def test_a_critical_called_after_a_hand_to_hand_hit_asks_its_damage_potential_again() -> None:
    """A GM's play-through at 768x1024: Bo's bowie hit (typed 2, location 50: location 12), the
    GM gave its Damage Potential 9 for WDM 1.3L, then called the critical; the critical's
    Enhancement (D20 12: +2 to WDM, 001 lines 7-11) made it WDM 3.3, and the 9 typed for 1.3
    was used again without a word. The Damage Potential is asked after the roll with the
    critical's bonus known (AFT-15, AFT-18): calling the critical asks it again."""
    fight = F.fight_from_json({"characters": [_fighter("Bo", BOWIE), _fighter("Ana")]})
    fight, _ = F.pick_combatant(fight, "attacker", 1)
    fight, _ = F.pick_combatant(fight, "attacker", 0)
    for typed in ("2", "50"):  # a hit; D100 50: location 12 (T08)
        fight, _ = F.attack(fight, F.typed_roll(typed))
    assert fight.pending is not None and fight.pending["asks"] == "attack.damage_potential"
    fight, _ = F.set_answer(fight, "9")
    plain, hit = F.give_answer(fight)
    assert isinstance(hit, F.Attacked) and "Damage Done 9" in hit.step.text
    called, _ = F.call_critical(plain)
    # The Enhancement (+2 to WDM); the location typed for the plain hit stands (FIGHT.md).
    called, _ = F.attack(called, F.typed_roll("12"))
    assert called.pending is not None and called.pending.get("asks") == "attack.damage_potential"
    shown = [s for s in called.pending["steps"] if s.startswith("Damage Potential")]
    assert shown and "1.3 + 2 critical" in shown[0] and "entered" not in shown[0], shown
    given, _ = F.set_answer(called, "14")
    done, _ = F.give_answer(given)
    done, critical = F.attack(done, F.typed_roll("10"))  # Critical Effect 10 + 14: none
    assert isinstance(critical, F.Attacked), done.pending
    assert "Damage Done 14" in critical.step.text
