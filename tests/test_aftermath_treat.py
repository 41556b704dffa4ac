"""AFT-25 (001 line 32): a fighter bleeding to death is saved "cauterized or bandaged with a
First Aid Skill BCS roll"; cauterizing puts him in System Shock and asks a Health Ability Saving
Throw to survive it. A GM's play-through found only "Remove Bleeding to death" on Bo's
conditions, and the log later said "no bandage or cautery recorded" as Bo died. Each treatment
is an action on the bleeding fighter, with its exact chance, rolled for the GM or typed."""

from __future__ import annotations

from rkweb.app.model import Model
from test_aftermath_fight_screen import _fight
from test_aftermath_pages import send, texts


def _bleeding() -> Model:
    """Bo, the target, with a compound fracture recorded by hand (D6 typed 3: bleeds 3 + his
    Health Group Combat Turns) and his Health AST 8, CST 3 on his sheet; the GM opened his
    treatment from its one line under the strip (one tap)."""
    return send(_folded(), ("aftermath.char_treat_target", 1))


def _folded() -> Model:
    """The same, his treatment folded to its line, as the combat tab shows it first."""
    return send(
        _fight(),
        ("aftermath.tab", "characters"),
        ("aftermath.char_select", 1),
        ("aftermath.char_field", "ast.HLH", "8"),
        ("aftermath.char_field", "cst.HLH", "3"),
        ("aftermath.char_draft", "condition", "compound_fracture"),
        ("aftermath.char_add_cond_typed", 1, "3"),
        ("aftermath.tab", "combat"),
    )


def _names(model: Model) -> list[str]:
    return [c["name"] for c in model.state["aftermath"]["characters"][1]["conditions"]]


def test_a_bleeding_target_is_offered_bandage_and_cautery_with_their_chances() -> None:
    model = _bleeding()
    assert "Bleeding to death" in _names(model)
    assert texts(model, "aft-target-conditions-bandage") == ["Bandage (roll for me)"]
    assert texts(model, "aft-target-conditions-cauterize") == ["Cauterize (roll for me)"]
    # His Health AST 8 (CST 3): he survives the cauterization on D20 ≤ 8, 40%.
    assert texts(model, "aft-target-conditions-cauterize-odds") == [
        "saves on D20 ≤ 8: 40%exactly 2/5"
    ]
    model = send(model, ("aftermath.char_first_aid", "12"))
    assert texts(model, "aft-target-conditions-bandage-odds") == [
        "stops it on D20 ≤ 12: 60%exactly 3/5"
    ]


def test_a_first_aid_roll_under_the_bcs_stops_the_bleeding_and_over_it_does_not() -> None:
    model = send(_bleeding(), ("aftermath.char_first_aid", "12"))
    failed = send(model, ("aftermath.char_treat_typed", 1, "bandage", "13"))
    assert "Bleeding to death" in _names(failed)
    assert texts(failed, "aft-target-conditions-treated") == [
        "Bo bandaged by Ana: First Aid 1D20 = 13 vs BCS 12: failure by 1 → still bleeding"
    ]
    done = send(model, ("aftermath.char_treat_typed", 1, "bandage", "12"))
    assert "Bleeding to death" not in _names(done)
    assert texts(done, "aft-target-conditions-bandage") == []  # nothing left to treat
    assert done.history.undo_label.startswith("Bo bandaged")
    # No bleeding on his sheet: the turns pass and he does not die.
    for _ in range(8):
        done = send(done, ("aftermath.cbt_next_turn",))
    assert "Dead" not in _names(done)


def test_no_first_aid_bcs_is_assumed() -> None:
    model = send(_bleeding(), ("aftermath.char_treat_typed", 1, "bandage", "3"))
    assert "Bleeding to death" in _names(model)
    # Ana bandages (her turn; no sheet has the skill): her sheet has none, so it is asked.
    assert texts(model, "aft-target-conditions-first-aid-error") == [
        "Ana's sheet has no First Aid skill: type Ana's First Aid BCS (a whole number)"
    ]


def test_cauterizing_stops_the_bleeding_in_system_shock_and_his_health_ast_decides() -> None:
    survived = send(_bleeding(), ("aftermath.char_treat_typed", 1, "cauterize", "8"))
    assert "Bleeding to death" not in _names(survived)
    assert "System Shock" in _names(survived) and "Dead" not in _names(survived)
    died = send(_bleeding(), ("aftermath.char_treat_typed", 1, "cauterize", "9"))
    assert "Dead" in _names(died) and "Bleeding to death" not in _names(died)
    assert texts(died, "aft-target-conditions-treated") == [
        "Bo cauterized: System Shock; Health AST 1D20 = 9 vs CST 3 / AST 8: failure → dies of it"
    ]


def _skill(model: Model, who: int, name: str, bcs: str) -> Model:
    return send(
        model,
        ("aftermath.tab", "characters"),
        ("aftermath.char_select", who),
        ("aftermath.char_draft", "skill_name", name),
        ("aftermath.char_draft", "skill_bcs", bcs),
        ("aftermath.char_add_skill",),
        ("aftermath.tab", "combat"),
    )


def _both_bleeding() -> Model:
    """Ana (whose turn it is) bleeding too, from a compound fracture (D6 typed 4); Bo, the
    target, with First Aid 11 on his sheet."""
    model = send(
        _bleeding(),
        ("aftermath.tab", "characters"),
        ("aftermath.char_select", 0),
        ("aftermath.char_draft", "condition", "compound_fracture"),
        ("aftermath.char_add_cond_typed", 0, "4"),
    )
    return _skill(model, 1, "First Aid", "11")


def test_each_bleeding_fighter_card_offers_its_treatment_not_only_the_target() -> None:
    # A GM's play-through: with two fighters bleeding, only the target's could be treated.
    model = _both_bleeding()
    assert texts(model, "aft-card-treat-0") == ["Treat"]
    assert texts(model, "aft-card-treat-1") == ["Treat"]
    assert texts(_skill(_fight(), 1, "First Aid", "11"), "aft-card-treat-1") == []
    model = send(model, ("aftermath.char_treat_open", 0))
    assert texts(model, "aft-treat-0-bandage") == ["Bandage (roll for me)"]
    # Ana's turn, but her sheet has no First Aid: Bo, the first whose sheet has it, bandages.
    assert texts(model, "aft-treat-0-first-aid-from") == ["First Aid BCS 11: Bo's sheet"]
    assert texts(model, "aft-treat-0-bandage-odds") == ["stops it on D20 ≤ 11: 55%exactly 11/20"]
    done = send(model, ("aftermath.char_treat_typed", 0, "bandage", "5"))
    assert texts(done, "aft-treat-0-treated") == [
        "Ana bandaged by Bo: First Aid 1D20 = 5 vs BCS 11: success by 6 → the bleeding stops"
    ]
    chars = done.state["aftermath"]["characters"]
    assert "Bleeding to death" not in [c["name"] for c in chars[0]["conditions"]]
    assert texts(done, "aft-card-treat-0") == []
    assert texts(done, "aft-card-treat-1") == ["Treat"]  # Bo still bleeds
    # One treatment open at a time: the target's is folded to its line while Ana's is open,
    # and opens in one tap with its test ids.
    assert texts(done, "aft-target-conditions-bandage") == []
    assert texts(done, "aft-target-treat-open") == ["Treat"]
    closed = send(done, ("aftermath.char_treat_open", -1))
    assert texts(closed, "aft-treat-0-treated") == []
    opened = send(closed, ("aftermath.char_treat_target", 1))
    assert texts(opened, "aft-target-conditions-bandage") == ["Bandage (roll for me)"]


def test_the_bandagers_bcs_is_read_from_his_sheet_and_a_typed_one_only_overrides_it() -> None:
    # Ana, whose turn it is, has the skill as "Medical" 14: she bandages with it by default.
    model = _skill(_bleeding(), 0, "Medical", "14")
    assert texts(model, "aft-target-conditions-first-aid-from") == [
        "First Aid BCS 14: Ana's sheet (Medical)"
    ]
    assert texts(model, "aft-target-conditions-bandage-odds") == [
        "stops it on D20 ≤ 14: 70%exactly 7/10"
    ]
    typed = send(model, ("aftermath.char_first_aid", "9"))
    assert texts(typed, "aft-target-conditions-first-aid-from") == [
        "First Aid BCS 9: typed (Ana's sheet: 14)"
    ]
    done = send(typed, ("aftermath.char_treat_typed", 1, "bandage", "10"))
    assert texts(done, "aft-target-conditions-treated") == [
        "Bo bandaged by Ana: First Aid 1D20 = 10 vs BCS 9: failure by 1 → still bleeding"
    ]
    # Bo bandages himself: his sheet has no First Aid, and the BCS typed for Ana is not his.
    bo = send(typed, ("aftermath.char_bandager", "1"))
    assert texts(bo, "aft-target-conditions-first-aid-from") == [
        "No First Aid on Bo's sheet: type the BCS"
    ]
    assert texts(bo, "aft-target-conditions-bandage-odds") == []
    refused = send(bo, ("aftermath.char_treat_typed", 1, "bandage", "2"))
    assert "Bleeding to death" in _names(refused)
    assert texts(refused, "aft-target-conditions-first-aid-error") == [
        "Bo's sheet has no First Aid skill: type Bo's First Aid BCS (a whole number)"
    ]
    done = send(bo, ("aftermath.char_first_aid", "6"))
    done = send(done, ("aftermath.char_treat_typed", 1, "bandage", "2"))
    assert "Bleeding to death" not in _names(done)


def _log(model: Model) -> list[dict[str, object]]:
    return list(model.state["aftermath"]["combat"]["log"])


def test_a_bandage_and_a_cautery_are_written_to_the_combat_log_and_undone_with_it() -> None:
    # FIGHT.md: the fight holds the log; a GM's play-through found no treatment in it.
    model = send(_bleeding(), ("aftermath.char_first_aid", "12"))
    before = _log(model)
    done = send(model, ("aftermath.char_treat_typed", 1, "bandage", "7"))
    entry = _log(done)[0]
    assert entry["text"] == (
        "turn 1, phase 1 · Bo bandaged by Ana: First Aid 1D20 = 7 vs BCS 12: success by 5 → "
        "the bleeding stops"
    )
    assert entry["public"] == "Bo bandaged by Ana: the bleeding stops"
    assert entry["rules"] == ["AFT-25", "AFT-03"]
    assert texts(done, "aft-cbt-log-entry")[0].startswith("turn 1, phase 1 · Bo bandaged")
    undone = send(done, ("shell.undo",))  # one step: the treatment and its line go together
    assert _log(undone) == before and "Bleeding to death" in _names(undone)
    burnt = send(_bleeding(), ("aftermath.char_treat_typed", 1, "cauterize", "8"))
    assert _log(burnt)[0]["text"] == (
        "turn 1, phase 1 · Bo cauterized: System Shock; Health AST 1D20 = 8 vs CST 3 / AST 8: "
        "save in the Ability range → survives it"
    )


def test_the_treatments_result_goes_with_the_next_step_and_with_its_undo() -> None:
    model = send(_bleeding(), ("aftermath.char_first_aid", "12"))
    failed = send(model, ("aftermath.char_treat_typed", 1, "bandage", "13"))
    assert texts(failed, "aft-target-conditions-treated") != []
    later = send(failed, ("aftermath.cbt_next_phase",))
    assert texts(later, "aft-target-conditions-treated") == []
    done = send(model, ("aftermath.char_treat_typed", 1, "bandage", "3"))
    assert texts(done, "aft-target-conditions-treated") != []
    assert texts(send(done, ("aftermath.cbt_next_phase",)), "aft-target-conditions-treated") == []
    assert texts(send(done, ("shell.undo",)), "aft-target-conditions-treated") == []


def _said(model: Model) -> str:
    """Where the bandager's BCS comes from, as the panel says it (none: that it is to be typed)."""
    return " ".join(texts(model, "aft-target-conditions-first-aid-from"))


def test_a_typed_first_aid_bcs_is_for_one_treatment_and_does_not_outlive_an_undo() -> None:
    typed = send(_skill(_bleeding(), 0, "First Aid", "14"), ("aftermath.char_first_aid", "9"))
    assert _said(typed) == "First Aid BCS 9: typed (Ana's sheet: 14)"
    # A failed bandage (10 > 9); the next treatment reads Ana's sheet again: 10 ≤ 14 stops it.
    failed = send(typed, ("aftermath.char_treat_typed", 1, "bandage", "10"))
    assert _said(failed) == "First Aid BCS 14: Ana's sheet"
    again = send(failed, ("aftermath.char_treat_typed", 1, "bandage", "10"))
    assert "Bleeding to death" not in _names(again)
    # Typed, then a step undone (Ana's First Aid added): the BCS typed goes with it.
    undone = send(typed, ("shell.undo",))
    assert _said(undone) == "No First Aid on Ana's sheet: type the BCS"
    refused = send(undone, ("aftermath.char_treat_typed", 1, "bandage", "2"))
    assert "Bleeding to death" in _names(refused)


def _order(model: Model) -> list[str]:
    """The page's test ids in document order (top of the screen first)."""
    from rkweb.app import shell
    from rkweb.app.vdom import Child

    found: list[str] = []

    def walk(node: Child) -> None:
        if isinstance(node, str):
            return
        testid = node.attr("data-testid")
        if isinstance(testid, str):
            found.append(testid)
        for child in node.children:
            walk(child)

    walk(shell.view(model))
    return found


def test_the_targets_treatment_is_under_the_strip_not_under_the_worksheet() -> None:
    # A GM's tablet found "Stop Bo's bleeding" under the attack worksheet (y 1,400-1,600 of
    # 1,024): it is right under the strip, above the attacker's panel and the step.
    model = _bleeding()
    shown = _order(model)
    assert shown.index("aft-target-treat") < shown.index("aft-active") < shown.index("aft-dice")
    assert shown.count("aft-target-conditions-bandage") == 1
    assert shown.index("aft-target-conditions-bandage") < shown.index("aft-active")
    # Its result stays where the tap was, in the same panel.
    done = send(model, ("aftermath.char_first_aid", "12"))
    done = send(done, ("aftermath.char_treat_typed", 1, "bandage", "3"))
    shown = _order(done)
    assert shown.index("aft-target-conditions-treated") < shown.index("aft-active")


def test_an_attack_result_where_the_tap_was_is_not_pushed_down_by_the_treatment() -> None:
    # The Resolve tapped: its result lands in the step; the treatment then waits in the
    # target's card below it (FIGHT.md 5), and comes back under the strip with the next phase.
    rolled = send(_bleeding(), ("aftermath.cbt_typed", "19"))
    shown = _order(rolled)
    assert "aft-target-treat" not in shown
    assert shown.index("aft-dice") < shown.index("aft-target-conditions-bandage")
    later = send(rolled, ("aftermath.cbt_next_phase",))
    assert _order(later).index("aft-target-treat") < _order(later).index("aft-active")


def test_the_bleeding_targets_treatment_is_one_line_until_the_gm_opens_it() -> None:
    # A GM's tablet at 768x1024: "Stop Bo's bleeding" (430 px) between the strip and the attack
    # put "Resolve" under the screen's edge. Folded, it is one line with "Treat" (AFT-25).
    model = _folded()
    shown = _order(model)
    assert "aft-target-conditions-bandage" not in shown and "aft-dice" in shown
    assert shown.index("aft-target-treat") < shown.index("aft-active")
    assert texts(model, "aft-target-bleeding") == [
        "Bo is bleeding to death: dies after turn 6, phase 1"
    ]
    opened = send(model, ("aftermath.char_treat_target", 1))
    shown = _order(opened)
    assert shown.count("aft-target-conditions-bandage") == 1
    assert shown.index("aft-target-conditions-bandage") < shown.index("aft-active")
    assert "aft-target-treat-open" not in shown
    closed = send(opened, ("aftermath.char_treat_target", -1))
    assert "aft-target-conditions-bandage" not in _order(closed)
    assert texts(closed, "aft-target-treat-open") == ["Treat"]
    # Another target (Ana, not bleeding): no line, no treatment above the attack.
    other = send(opened, ("aftermath.cbt_pick", "target", "0"))
    assert "aft-target-treat" not in _order(other)


def test_one_treatment_is_open_at_a_time() -> None:
    # A GM's tablet showed Ana's treatment (opened from her card) and the target Bo's together.
    model = send(_both_bleeding(), ("aftermath.char_treat_open", 0))
    shown = _order(model)
    assert shown.count("aft-treat-0-bandage") == 1
    assert not [t for t in shown if t.endswith("-bandage") and t != "aft-treat-0-bandage"]
    # Bo's line opens his, and closes Ana's.
    bo = _order(send(model, ("aftermath.char_treat_target", 1)))
    assert [t for t in bo if t.endswith("-bandage")] == ["aft-target-conditions-bandage"]
    # Bo's card "Treat" (he is the target): his treatment once, not again in his record below.
    card = _order(send(model, ("aftermath.char_treat_open", 1)))
    assert [t for t in card if t.endswith("-bandage")] == ["aft-treat-1-bandage"]
    assert "aft-target-treat" not in card


def test_the_targets_opened_treatment_closes_when_the_gm_aims_at_another() -> None:
    # Session of 2026-11-30: opened for Bo, it stayed open for him when the GM aimed at Ana and
    # back at Bo; it was that aim's treatment (FIGHT.md: nothing of it outlives its use).
    opened = send(_both_bleeding(), ("aftermath.char_treat_target", 1))
    assert "aft-target-conditions-bandage" in _order(opened)
    away = send(opened, ("aftermath.cbt_pick", "target", "0"))
    back = send(away, ("aftermath.cbt_pick", "target", "1"))
    assert "aft-target-conditions-bandage" not in _order(back)
    assert texts(back, "aft-target-treat-open") == ["Treat"]  # folded to its line again
    # Aimed at the same target again (his card's "Target" pressed once more): it stays open.
    same = send(opened, ("aftermath.cbt_pick", "target", "1"))
    assert "aft-target-conditions-bandage" in _order(same)


def test_the_opened_treatment_is_compact_close_beside_its_heading() -> None:
    # Session of 2026-11-30, 768x1024, two fighters bleeding: the opened panel was 470 px tall,
    # "Close" on a row of its own under the cautery, the BCS field's label on two lines, the
    # cautery's note on two. "Close" is beside "Stop Bo's bleeding:", before the dice.
    shown = _order(send(_both_bleeding(), ("aftermath.char_treat_target", 1)))
    close = shown.index("aft-target-conditions-close")
    assert close < shown.index("aft-target-conditions-bandager")
    # No First Aid on Ana's sheet: the field's label is short, the source says why it is asked.
    model = send(_bleeding())
    assert texts(model, "aft-target-conditions-first-aid-from") == [
        "No First Aid on Ana's sheet: type the BCS"
    ]
