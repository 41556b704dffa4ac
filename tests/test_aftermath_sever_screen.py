"""The Sever's question and the Health values a critical asks for, on the fight screen
(without a browser): asked in the step's place, answered with one tap, and kept on the target's
sheet (FIGHT.md: the sheet and the fight are one truth)."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import find_all
from rkweb.features.aftermath.characters.conditions import CharAddCond, CharAddCondTyped
from rkweb.features.aftermath.combat.update import CbtCuts, CbtPotential
from test_aftermath_fight_screen import _fight
from test_aftermath_pages import send, texts
from test_undo_labels import shown

from pycore.store.sections import read_section


def _critical(*effect: str, health: bool = True) -> Model:
    """Ana's rifle hits Bo's arm (location 30) for 14, called a critical (critical BDG 5,
    damage 14), then the Critical Effect's rolls ``effect``; Bo's Health AST 10 and CST 4 on
    his sheet when ``health``. Nobody said whether the bullet cuts."""
    model = _fight()
    if health:
        model = send(
            model,
            ("aftermath.char_field", "ast.HLH", "10"),
            ("aftermath.char_field", "cst.HLH", "4"),
        )
    for typed in ("2", "80", "60", "14"):
        model = send(model, ("aftermath.cbt_typed", typed))
    model = send(model, ("aftermath.cbt_critical",))
    for typed in ("5", "14", *effect):
        model = send(model, ("aftermath.cbt_typed", typed))
    return model


def test_aft_25_the_automatic_sever_asks_on_screen_whether_the_bullet_cuts() -> None:
    """D100 90 + 14: Lethal to the arm, the save to lower it fails (15 > AST 10): an automatic
    Sever. A GM's play-through: it was applied with no bleeding and nothing on the screen asked."""
    model = _critical("90", "15")
    assert texts(model, "aft-cuts-yes") == ["It cuts: the Sever bleeds"]
    assert texts(model, "aft-cuts-no") == ["It does not cut: the bone breaks"]
    sever = [s for s in texts(model, "aft-pending-sever") if s.startswith("Sever")]
    assert sever == [
        "Sever: automatic Sever (Lethal to a limb: no roll); whether the attack cuts (it "
        "bleeds) or breaks the bone is not given for this weapon — waits for whether the "
        "attack cuts"
    ]
    assert texts(model, "aft-card-conditions-1") == ["No conditions"]
    model = send(model, CbtCuts("yes"))
    assert model.history.undo_label == "Sever cuts: Bo bleeds"
    nxt = texts(model, "aft-dice-next")[0]
    assert "bleeding: Combat Turns to bleed to death (1D6+2)" in nxt, nxt
    model = send(model, ("aftermath.cbt_typed", "5"))
    bleeding = "Bleeding to death (dies after turn 6, phase 1: 101 phases left)"
    # AFT-26: the arm is lost for good, its own condition beside the countdown.
    assert texts(model, "aft-card-conditions-1") == [f"Severed arm (location 30), {bleeding}"]
    undone = send(model, ("shell.undo",), ("shell.undo",))  # the countdown, then the answer
    assert texts(undone, "aft-cuts-yes") == ["It cuts: the Sever bleeds"]


def test_aft_05_the_health_values_typed_for_a_critical_are_on_his_sheet() -> None:
    """D100 75 + 14: Trauma (Sever chance 14%), D100 50 for the Sever: no Sever. Bo has no
    Health AST and CST: asked in the step's place, they are written to his sheet, and the
    Sever's D100 stays 50 (a play-through: it was read as the Health save's D20 and the values
    never reached the sheet)."""
    model = _critical("75", "50", health=False)
    assert texts(model, "aft-health-ast") == [""]
    model = send(
        model, CbtPotential(value="10"), CbtPotential("cst", "4"), ("aftermath.cbt_apply",)
    )
    assert model.ui.get("aftermath_errors", {}) == {}
    bo = model.state["aftermath"]["characters"][1]
    assert (bo["ast"]["HLH"], bo["cst"]["HLH"]) == (10, 4)
    model = send(model, ("aftermath.cbt_typed", "15"), ("aftermath.cbt_typed", "3"))
    assert "Sever: D100 50 vs 14%: no Sever" in texts(model, "aft-step")
    model = send(model, ("aftermath.tab", "characters"), ("aftermath.char_select", 1))
    view = shell.view(model)
    shown = [find_all(view, t)[0].attr("value") for t in ("aft-ast-HLH", "aft-cst-HLH")]
    assert shown == ["10", "4"]


def _fracture_picked() -> Model:
    """Bo (the default sheet's Health: Group 2) with Compound fracture picked to record by hand
    on the sheet's conditions card (Ana's fight, turn 1, phase 1)."""
    return send(
        _fight(),
        ("aftermath.tab", "characters"),
        ("aftermath.char_select", 1),
        ("aftermath.char_draft", "condition", "compound_fracture"),
    )


def test_aft_25_a_compound_fracture_recorded_by_hand_bleeds_with_the_die_typed() -> None:
    """001 lines 32-34: a compound fracture bleeds to death in Health Group + 1D6 Combat Turns.
    Recorded by hand, the page offers the 1D6 (it recorded no countdown and said "the time is
    yours to keep"); a 5 typed: 5 + 2 = 7 Combat Turns, dies after turn 8, phase 1. A 7 is
    refused beside the field, naming it and what the die shows; Undo takes the countdown back."""
    model = _fracture_picked()
    assert texts(model, "aft-conditions-fracture")[0].startswith(
        "Bo bleeds to death in 1D6+2 Combat Turns unless bandaged or cauterized"
    )
    assert texts(model, "aft-conditions-add") == ["Roll for me"]
    # The rule's number only under "Why" (the plain words above say what it does).
    assert "AFT-25" in texts(model, "aft-conditions-why")[0]
    assert "AFT" not in texts(model, "aft-conditions-fracture")[0]
    refused = send(model, CharAddCondTyped(1, "7"))
    assert texts(refused, "aft-conditions-die-typed-error") == [
        "Bleeding 1D6 rolled: a die from 1 to 6 cannot show 7"
    ]
    assert refused.state["aftermath"]["characters"][1]["conditions"] == []
    model = send(refused, CharAddCondTyped(1, "5"))
    assert texts(model, "aft-conditions-die-typed-error") == [""]
    assert model.history.undo_label == "Compound fracture: Bo"
    assert [t.partition(";")[0] for t in texts(model, "aft-conditions-entry")] == [
        "● Compound fracture from turn 1, phase 1 for the rest of the combat",
        "● Bleeding to death from turn 1, phase 1 until after turn 8, phase 1",
    ]
    fight = send(model, ("aftermath.tab", "combat"))
    assert texts(fight, "aft-card-conditions-1") == [
        "Compound fracture (rest of the combat), "
        "Bleeding to death (dies after turn 8, phase 1: 141 phases left)"
    ]
    undone = send(fight, ("shell.undo",))
    assert undone.state["aftermath"]["characters"][1]["conditions"] == []
    assert texts(undone, "aft-card-conditions-1") == ["No conditions"]


def test_aft_25_a_compound_fracture_recorded_by_hand_rolls_the_apps_die() -> None:
    """ "Roll for me": the app's D6, and the countdown is 2 + 1 to 6 Combat Turns."""
    model = send(_fracture_picked(), CharAddCond(1))
    bo = model.state["aftermath"]["characters"][1]
    bleeding = [c for c in bo["conditions"] if c["name"] == "Bleeding to death"]
    assert [c["start"] for c in bleeding] == [[1, 1]]
    assert 1 + 3 <= bleeding[0]["until"][0] <= 1 + 8 and bleeding[0]["until"][1] == 1


def _said(model: Model, testid: str) -> tuple[str, str]:
    """An Undo or Redo button: its text and its whole step (its title)."""
    button = find_all(shell.view(model), testid)[0]
    return shown(button), str(button.attr("title"))


def test_aft_25_undo_and_redo_name_the_sever_answer_in_the_games_words() -> None:
    """The answer whether the bullet cuts is one undo step; Undo named it for the roll it led
    to ("Attack dice: Ana → Bo"), not for the answer it takes back. It names the Sever and what
    the answer made of it (AFT-25: it bleeds, or the bone breaks), and so does Redo."""
    waiting = _critical("90", "15")
    cut = send(waiting, CbtCuts("yes"))
    assert _said(cut, "undo") == ("Undo: Sever cuts: Bo…", "Undo: Sever cuts: Bo bleeds")
    undone = send(cut, ("shell.undo",))
    assert texts(undone, "aft-cuts-yes") == ["It cuts: the Sever bleeds"]
    assert _said(undone, "redo")[1] == "Redo: Sever cuts: Bo bleeds"
    broke = send(waiting, CbtCuts("no"))
    assert _said(broke, "undo")[1] == "Undo: Sever: Bo's bone breaks"
    assert _said(send(broke, ("shell.undo",)), "redo")[1] == "Redo: Sever: Bo's bone breaks"


def test_aft_25_an_attacks_compound_fracture_is_named_as_one_recorded_by_hand() -> None:
    """001 line 34: a Sever by what does not cut has "broken the bone"; a failed Health AST
    makes it "a compound fracture". An attack's showed "Broken bone" (and its bleeding) where
    one recorded by hand showed "Compound fracture": now both say "Compound fracture". Here
    Lethal to the arm (save 15 > AST 10 fails), automatic Sever, the bullet does not cut, the
    fracture's Health AST 15 fails, 1D6 5: 5 + 2 = 7 Combat Turns."""
    model = send(_critical("90", "15"), CbtCuts("no"))
    for typed in ("15", "5"):
        model = send(model, ("aftermath.cbt_typed", typed))
    attacked = texts(model, "aft-card-conditions-1")
    assert attacked == [
        "Compound fracture (rest of the combat), "
        "Bleeding to death (dies after turn 6, phase 1: 101 phases left)"
    ], attacked
    by_hand = send(_fracture_picked(), CharAddCondTyped(1, "5"), ("aftermath.tab", "combat"))
    named = [c.partition(" (")[0] for c in texts(by_hand, "aft-card-conditions-1")[0].split("), ")]
    assert named == [c.partition(" (")[0] for c in attacked[0].split("), ")]
    # a simple break (the Health AST passes) stays a broken bone
    simple = send(_critical("90", "15"), CbtCuts("no"), ("aftermath.cbt_typed", "3"))
    assert texts(simple, "aft-card-conditions-1") == ["Broken bone (rest of the combat)"]


def test_aft_25_a_sheet_saved_with_an_attacks_broken_bone_reads_as_compound_fracture() -> None:
    """A sheet saved before an attack's compound fracture was named so holds "Broken bone" and
    its bleeding: read back (the section's version 3 migrated), it shows as "Compound fracture"
    with the same countdown (saved.fractures_named)."""
    model = send(_critical("90", "15"), CbtCuts("no"))
    for typed in ("15", "5"):
        model = send(model, ("aftermath.cbt_typed", typed))
    saved = model.state["aftermath"]
    bo = saved["characters"][1]
    old = [
        {**c, "name": "Broken bone"} if c["name"] == "Compound fracture" else c
        for c in bo["conditions"]
    ]
    chars = [*saved["characters"][:1], {**bo, "conditions": old}, *saved["characters"][2:]]
    stored = read_section("aftermath", 3, {**saved, "schema": 3, "characters": chars})
    reread = Model(model.history.set_quietly("aftermath", stored), route="aftermath").with_ui(
        **model.ui
    )
    assert texts(reread, "aft-card-conditions-1") == [
        "Compound fracture (rest of the combat), "
        "Bleeding to death (dies after turn 6, phase 1: 101 phases left)"
    ]
