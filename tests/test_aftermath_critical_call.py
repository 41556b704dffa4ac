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


def test_the_save_to_lower_waits_by_its_name_with_the_effect_and_the_damage() -> None:
    fight, _ = F.toggle_chip(_fight(), "missile", "critical_hit")
    for typed in ("6", "79", "39", "2", "10 10", "81"):  # to hit ... the Critical Effect
        fight, _ = F.attack(fight, F.typed_roll(typed))
    fight, _ = F.set_answer(fight, "12")
    fight, _ = F.set_answer(fight, "5", "cst")
    fight, _ = F.give_answer(fight)
    assert fight.pending is not None
    assert fight.pending["what"] == "Health save to lower Lethal to Trauma (Damage Done 21)"


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
