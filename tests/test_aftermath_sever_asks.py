"""What a critical's Sever and Health throws wait for, asked where the attack stands (FIGHT.md:
"where the text is silent ... the step waits for the value (a named question)").

Whether a bullet cuts is not in the text (AFT-25 reading, 001 lines 32-34: "Sever results due
to things which do not cut are considered to have broken the bone"): a Sever by an attack whose
form does not say asks it before the attack is applied (a GM's play-through: an automatic
Sever from a rifle was applied with no bleeding and no question on the screen). The Health AST
and CST a critical asks for are the target's, kept on his sheet, and the rolls the GM made
before he gave them stay what they were (a play-through: the Sever's D100 typed before the
answer was read as the Health save's D20, and the answer was refused)."""

from __future__ import annotations

from typing import Any

from test_aftermath_attack_lifetime import RIFLE, _fighter

from pycore.systems.aftermath import fight as F
from pycore.systems.aftermath.attack import bind
from pycore.systems.aftermath.sheet import sheet as core


def _called(*extra: tuple[str, str], health: bool = True) -> F.Fight:
    """Ana's rifle hits Bo's arm (typed 2; D100 80, split 60: location 30) for 14; the GM calls
    it a critical (AFT-04), its 2D10 critical BDG typed 5 (001 line 9), damage 14 again. Bo, a
    player character, has Health AST 10 and CST 4 on his sheet (``health``)."""
    bo = _fighter("Bo")
    if health:
        bo = core.set_field(core.set_field(bo, "ast.HLH", "10"), "cst.HLH", "4")
    fight = F.fight_from_json({"characters": [_fighter("Ana", RIFLE), bo]})
    fight, _ = F.pick_combatant(fight, "attacker", 1)
    fight, _ = F.pick_combatant(fight, "attacker", 0)
    fight, _ = F.set_field(fight, "missile", "meters", "20")
    for key, value in extra:
        fight, _ = F.set_field(fight, "missile", key, value)
    for typed in ("2", "80", "60", "14"):
        fight, _ = F.attack(fight, F.typed_roll(typed))
    assert fight.pending is None and bind.wounds(fight.characters[1]).taken == 14
    fight, _ = F.call_critical(fight)
    for typed in ("5", "14"):
        fight, _ = F.attack(fight, F.typed_roll(typed))
    return fight


def _conditions(fight: F.Fight) -> list[str]:
    return [str(c["name"]) for c in fight.characters[1]["conditions"]]


def _typed(fight: F.Fight, *rolls: str) -> tuple[F.Fight, Any]:
    done: Any = None
    for typed in rolls:
        fight, done = F.attack(fight, F.typed_roll(typed))
    return fight, done


def test_aft_25_an_automatic_sever_asks_whether_the_bullet_cuts_before_it_is_applied() -> None:
    """Critical Effect D100 90 + 14 = 104: Lethal to the arm (Bo's save to lower it, 15 against
    AST 10, fails: 001 line 39), an automatic Sever (001 lines 36-37): no D100 is due."""
    fight, done = _typed(_called(), "90", "15")
    pending = fight.pending
    assert pending is not None and pending.get("asks") == "attack.cuts", done
    assert _conditions(fight) == []  # nothing written yet
    sever = [s for s in pending["steps"] if s.startswith("Sever:")]
    assert sever == [
        "Sever: automatic Sever (Lethal to a limb: no roll); whether the attack cuts (it "
        "bleeds) or breaks the bone is not given for this weapon — waits for whether the "
        "attack cuts"
    ]
    assert "D100" not in sever[0] and "chance" not in sever[0]
    fight, _ = F.set_answer(fight, "yes")
    fight, done = F.give_answer(fight)
    # The countdown asked by its name, then applied with the bleeding on Bo's sheet.
    assert fight.pending is not None and str(fight.pending["what"]).startswith("bleeding:")
    fight, done = _typed(fight, "3")
    assert isinstance(done, F.Attacked), fight.pending
    assert "Bleeding to death" in _conditions(fight)
    assert "Sever: automatic Sever (Lethal to a limb: no roll)" in done.details["steps"]


def test_aft_25_a_bullet_that_does_not_cut_breaks_the_bone() -> None:
    fight, _ = _typed(_called(), "90", "15")
    fight, _ = F.give_answer(F.set_answer(fight, "no")[0])
    # 001 line 34: a broken bone, and his Health AST (15 > 10 fails) makes it compound: he
    # bleeds to death as for a Sever.
    assert fight.pending is not None
    assert fight.pending["what"] == "the target's Health saving throw (Broken bone)"
    fight, done = _typed(fight, "15", "3")
    assert isinstance(done, F.Attacked), fight.pending
    assert _conditions(fight) == ["Compound fracture", "Bleeding to death"]


def test_aft_25_a_trauma_sever_chance_is_rolled_then_asked_only_when_it_severs() -> None:
    """D100 75 + 14 = 89: Trauma, Sever chance 14% (001 line 32); the save to lower it fails
    (15), the Health AST against its Disable passes (3); D100 50 > 14: no Sever, so nothing is
    asked of cutting; D100 9: a Sever, and whether it cuts."""
    fight, done = _typed(_called(), "75", "15", "3", "50")
    assert isinstance(done, F.Attacked), fight.pending
    assert "Sever: D100 50 vs 14%: no Sever" in done.details["steps"]
    fight, done = _typed(_called(), "75", "15", "3", "9")
    assert fight.pending is not None and fight.pending.get("asks") == "attack.cuts", done
    assert "Sever: D100 9 vs 14%: Sever; whether the attack cuts" in " ".join(
        fight.pending["steps"]
    )


def test_aft_05_the_health_values_given_reach_his_sheet_and_the_rolls_made_stay() -> None:
    """The Health AST and CST typed when the critical asks are written to Bo's sheet (FIGHT.md:
    the sheet and the fight are one truth), and the Sever's D100 typed before them stays the
    Sever's: the Health throws are asked next, by name."""
    fight, _ = _typed(_called(("cuts", "yes"), health=False), "75", "50")
    assert fight.pending is not None and fight.pending.get("asks") == "target.ast.HLH"
    fight, _ = F.set_answer(fight, "10")
    fight, _ = F.set_answer(fight, "4", "cst")
    fight, done = F.give_answer(fight)
    bo = fight.characters[1]
    assert (bo["ast"]["HLH"], bo["cst"]["HLH"]) == (10, 4)
    assert fight.pending is not None
    assert str(fight.pending["what"]).startswith("Health save to lower Trauma to Disable")
    fight, done = _typed(fight, "15", "3")  # the save fails; 3 ≤ AST 10: no Disable
    assert isinstance(done, F.Attacked), fight.pending
    steps = done.details["steps"]
    assert "Sever: D100 50 vs 14%: no Sever" in steps
    assert any(s.startswith("Health AST: ") and s.endswith("→ no Disable") for s in steps)
    assert (fight.characters[1]["ast"]["HLH"], fight.characters[1]["cst"]["HLH"]) == (10, 4)
