"""A GM's Percentile play-through (three fighters: Ann's AUTO PISTOL and GRENADE, Bob's RIFLE,
Cy's FIST and KNIFE) at 768x1024: the stun's typed modifier, the damage it is asked for, why a
grenade waits for its range, the AP of a stunned fighter's next turn, and the target after an
undo."""

from __future__ import annotations

import pytest
from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, find_all, text_of
from rkweb.features.percentile import state as S
from test_percentile_pages import ann_hits_bob, anns_turn, go, round_ready, texts

from pycore.store import History


def _stunning(m: Model, rows: str) -> Model:
    """The GM's Table #3-7.0 (PCT-M02) replaced by ``rows`` (damage_low,damage_high,modifier)."""
    m = go(m, "percentile.gm_csv", "PCT-M02", "damage_low,damage_high,modifier\n" + rows)
    return go(m, "percentile.gm_save", "PCT-M02")


def test_a_stunned_fighters_card_says_the_ap_of_his_next_turn() -> None:
    """The play-through: Bob's card read "40 AP, stunned for 1 turn"; the stun's AP (the
    Table #3-7.0 modifier ÷ 10, line 74) are lost at the start of his next turn, so the GM had
    to work out the 10 he would have. Here any damage gives modifier 300: 30 of Bob's 50 AP.
    Bob is hit before his turn of the round: that turn, still to come, is his next and has the
    20 (PCT-28: paid at the start of each of his turns)."""
    m = ann_hits_bob(_stunning(round_ready(), "0,0,0\n1,50000,300\n"))
    card = texts(m, "percentile-strip-c2")[0]
    assert "· next ·" in card and card.endswith("20 AP: stunned"), card
    assert "stunned for 1 turn" not in card
    # a stun over his AP: his turn still to come has nothing left, the one after it says so
    m = ann_hits_bob(_stunning(round_ready(), "0,0,0\n1,50000,1100\n"))
    card = texts(m, "percentile-strip-c2")[0]
    assert card.endswith("no-movement turn; next turn 0 (no movement): stunned for 2 turns"), card


def _anns_hit_on_bobs_head(m: Model, damage: str = "5 6 6 6") -> Model:
    """Ann (MARKSmanship (90 + 30) / 2 = 60) hits Bob's head with typed dice: 15 to hit (45
    under), 7 on Table #3-3.4, and ``damage`` on 4:10sd+2, grazed by 45/60 (PCT-44, line 146)."""
    m = go(m, "percentile.turn_next", seed="order-a")
    m = go(m, "percentile.attack_field", "attacker", "c1")
    m = go(m, "percentile.turn_target", "c2")
    for typed in ("15", "7", damage):
        m = go(m, "percentile.turn_typed", typed)
    return m


def test_the_stun_question_says_the_damage_as_the_text_counts_it() -> None:
    """The play-through asked for the modifier "with 16 points of damage taken" where the record
    said 16.8. The text never rounds (R-B: line 137's ½ dice, line 146's grazing "less than the
    original number"), so the damage is said as it is, 25 × 3/4 = 18.75, and how the GM's
    whole-point rows of Table #3-7.0 read it (a fraction has not reached the next point)."""
    m = _anns_hit_on_bobs_head(_stunning(round_ready(), "0,0,0\n"))
    assert texts(m, "percentile-attack-question") == [
        "What is Bob's damage modifier with 18.75 points of damage taken? Table #3-7.0 (read "
        "as 18 on its whole-point rows: 18.75 has not reached 19) leaves it out: enter it once, "
        "it is kept on the GM page; a rise in it stuns (AP lost = the rise ÷ 10)"
    ]
    m = go(m, "percentile.attack_stun", "300")
    assert texts(m, "percentile-log-entry")[0].startswith(
        "round 1: Table #3-7.0: 18.75 points of damage (read as 18 on its whole-point rows: "
        "18.75 has not reached 19) give modifier 300 (kept on the GM page); Bob is stunned: "
        "30 AP lost"
    ), texts(m, "percentile-log-entry")[0]
    # whole damage reads as it is: 24 × 3/4 = 18
    m = _anns_hit_on_bobs_head(_stunning(round_ready(), "0,0,0\n"), "5 6 6 5")
    assert texts(m, "percentile-attack-question")[0].startswith(
        "What is Bob's damage modifier with 18 points of damage taken? Table #3-7.0 leaves it out"
    )


def _with_a_grenade(m: Model, weight: str = "1") -> Model:
    """Ann's GRENADE (damage die 3, ``weight`` kg), her second weapon."""
    m = go(m, "percentile.tab", "characters")
    m = go(m, "percentile.char_select", "c1")
    for key, value in (("name", "GRENADE"), ("category", "grenade"), ("damage_die", "3")):
        m = go(m, "percentile.wform", key, value)
    m = go(m, "percentile.wform", "weight_kg", weight)
    m = go(m, "percentile.weapon_add", "c1")
    return go(m, "percentile.tab", "combat")


def _grenade_turn(m: Model) -> Model:
    m = go(anns_turn(m), "percentile.turn_target", "c2")
    return go(m, "percentile.turn_weapon", "1")


def test_a_grenade_waits_for_its_range_only_to_check_its_throw_and_says_so() -> None:
    """The play-through: the GRENADE's roll "waited for the range" with no reason, where the
    FIST's said "3 m at most". In a throw the text uses the range once: Table #3-4.0 gives how
    far Physical Strength hurls the object's weight (PCT-37, line 105); a miss lands 1:10sd + 13
    m from the target hexagon (line 113) and a bounce by the bounce chart (line 112), neither
    from the range. So with the distance known the roll says what the range is for; without
    it the range is used for nothing and the roll does not wait."""
    m = _grenade_turn(_with_a_grenade(round_ready()))
    assert not texts(m, "percentile-turn-waits")  # no Table #3-4.0: nothing to compare with
    assert "on target" in texts(m, "percentile-turn-weapon-1")[0]
    m = go(m, "percentile.turn_roll", seed="throw")  # rolled without a range
    assert "grenade d4: 1:100sd" in texts(m, "percentile-log-entry")[0]

    m08 = "strength_low,strength_high,weight_kg_low,weight_kg_high,distance_m\n0,100,0,2,25\n"
    m = go(_with_a_grenade(round_ready()), "percentile.gm_csv", "PCT-M08", m08)
    m = _grenade_turn(go(m, "percentile.gm_save", "PCT-M08"))
    assert texts(m, "percentile-turn-waits") == [
        "Range: type how far away the target is; the roll waits for it (the GRENADE can be "
        "thrown 25 m at most: Table #3-4.0)"
    ]
    m = go(m, "percentile.attack_field", "range_m", "30")
    assert not texts(m, "percentile-turn-waits")
    m = go(m, "percentile.turn_roll", seed="throw")
    assert "beyond the throwing distance 25 m" in texts(m, "percentile-log-entry")[0]


def _field_value(m: Model, testid: str) -> object:
    return find_all(shell.view(m), testid)[0].attr("value")


def test_a_stun_modifier_against_an_earlier_answer_is_said_and_asked_to_keep() -> None:
    """The play-through: 300 typed at 16 points, then 0 at 27 points only logged "not stunned",
    so a typo cancelled a stun without a word. The modifier is "the amount of damage" taken
    (line 49) whose tenth is the AP lost "due to the stunning effects of taking damage" (line
    74): it only grows with the damage. A value against an earlier answer is said beside the
    field, kept there with "Keep 0", and taken only once the GM keeps it (logged)."""
    m = _anns_hit_on_bobs_head(_stunning(round_ready(), "0,0,0\n16,16,300\n"))  # 18.75 taken
    m = go(m, "percentile.attack_stun", "0")
    said = (
        "0 for 18 points is less than the 300 Table #3-7.0 has for 16 points: the modifier only "
        "grows with the damage. Keep 0 anyway?"
    )
    assert texts(m, "percentile-attack-stun_modifier-error") == [said]
    assert _field_value(m, "percentile-attack-stun_modifier") == "0"
    assert texts(m, "percentile-attack-stun-keep") == ["Keep 0 (GM; logged)"]
    assert m.state["percentile"]["combat"].get("pending")  # nothing taken yet
    # a value that agrees goes through, the question and its Keep gone
    agreed = go(m, "percentile.attack_stun", "400")
    assert not agreed.state["percentile"]["combat"].get("pending")
    assert not texts(agreed, "percentile-attack-stun-keep")
    assert "Bob is stunned: 40 AP lost" in texts(agreed, "percentile-log-entry")[0]
    # the GM keeps 0: taken, and the log says it went against the table
    kept = go(m, "percentile.attack_stun_keep", "0")
    assert not kept.state["percentile"]["combat"].get("pending")
    entry = texts(kept, "percentile-log-entry")[0]
    assert (
        "give modifier 0 (kept on the GM page); the GM kept it against the 300 for 16 points; "
        "Bob is not stunned" in entry
    ), entry


def _attack_form(m: Model) -> dict[str, str]:
    return dict(S.state(m)["combat"].get("attack") or {})


def test_after_an_undo_the_restored_turn_has_its_own_target() -> None:
    """The play-through: Cy's turn, then "Next turn" to Ann's, the GM tapped Cy as her target,
    then Undo: Cy's turn came back with Cy still the target ("Cy cannot attack themselves").
    The tap was saved without an undo step, and the undo kept it. FIGHT.md's first law: the
    restored turn's form is the restored state's, never the undone turn's. Redo brings Ann's
    turn back with her target."""
    m = round_ready()
    m = go(m, "percentile.tab", "characters")
    m = go(m, "percentile.char_new")
    m = go(m, "percentile.char_field", "c3", "name", "Cy")
    m = go(m, "percentile.member_add", 1, "c3")  # Bob and Cy: Ann has two foes to tap from
    m = go(m, "percentile.tab", "combat")
    for turn in range(12):
        before = _attack_form(m)
        after = go(m, "percentile.turn_next", seed=f"order-{turn}")
        if _attack_form(after).get("attacker") == "c1" and before.get("attacker") not in (
            None,
            "c1",
        ):
            break
        m = after
    else:
        raise AssertionError("no turn of Ann's after another's")
    assert "target" not in _attack_form(after)  # two foes: the GM taps one
    tapped = go(after, "percentile.turn_target", "c3")
    undone = go(tapped, "shell.undo")
    assert _attack_form(undone) == before
    assert not any("cannot attack themselves" in t for t in texts(undone, "percentile-turn-active"))
    assert _attack_form(go(undone, "shell.redo")) == _attack_form(tapped)
    # the tap belongs to the state before a later step: undoing that step keeps it
    spent = go(go(tapped, "percentile.ap_field", "c1", "5"), "percentile.ap_spend", "c1")
    assert "spends 5 AP" in texts(spent, "percentile-log-entry")[0]
    assert _attack_form(go(spent, "shell.undo")) == _attack_form(tapped)


def test_the_undo_marks_of_the_attack_form_are_declared_in_the_saved_shape() -> None:
    """combat.steps and combat.form_typed_at (the page's undo marks) are checked where the saved
    section is read, as every other saved field: a hand-edited or damaged value is named."""
    from pycore.store.shape import FieldError
    from pycore.systems.percentile.saved import PERCENTILE

    PERCENTILE.shape.check({"combat": {"steps": 3, "form_typed_at": 2}}, ())
    with pytest.raises(FieldError, match=r"combat\.form_typed_at"):
        PERCENTILE.shape.check({"combat": {"form_typed_at": "two"}}, ())


def test_a_redo_brings_back_the_form_as_typed_never_mixed_with_the_step_s() -> None:
    """Found by the first law's property test (undo and redo followed by its own account): in
    Ann's turn at Bob the GM chose Bob as the attacker (the target, Bob himself, dropped), then
    Undo and Redo: the redo played "Turn: Ann"'s change of the form onto the entries typed
    since, and put back the target it had set, Bob aiming at Bob. A redo brings back the form as
    the GM left it."""
    m = go(round_ready(), "percentile.turn_next", seed="n0")
    assert _attack_form(m)["target"] == "c2"
    typed = go(m, "percentile.attack_field", "attacker", "c2")
    assert "target" not in _attack_form(typed)
    undone = go(typed, "shell.undo")
    assert _attack_form(undone) == {}  # before the first turn: no one acts
    assert _attack_form(go(undone, "shell.redo")) == _attack_form(typed)


def test_entries_typed_after_an_undo_are_not_mixed_into_the_step_redone() -> None:
    """Found by the same property test: the GM chose Ann as the attacker, then Next turn, Undo,
    chose Bob, and Redo: the redo took the mark of Bob's entry (the same count as Ann's) and
    played "Turn: Ann"'s target onto it, Bob aiming at Bob. The redone turn is Ann's, set up
    afresh (her one foe the target)."""
    m = go(round_ready(), "percentile.attack_field", "attacker", "c1")
    turn = go(m, "percentile.turn_next", seed="n0")
    assert _attack_form(turn)["attacker"] == "c1"
    bob = go(go(turn, "shell.undo"), "percentile.attack_field", "attacker", "c2")
    assert _attack_form(bob)["attacker"] == "c2"
    assert _attack_form(go(bob, "shell.redo")) == _attack_form(turn)


def test_the_gm_page_says_table_3_7_0_rows_that_fall_as_the_damage_rises() -> None:
    """The GM page took a Table #3-7.0 whose modifier falls as the damage rises (300 for 10 to
    19 points, 100 for 20 to 29), which the fight page asks about ("Keep 0") when one answer
    does it: the modifier only grows with the damage (lines 49, 74). The rows stay typed in the
    box, the message beside it names the row, the column and the range that would agree, and
    they are saved only once the GM keeps them (said in the undo label)."""
    m = go(round_ready(), "percentile.tab", "gm")
    m = go(m, "percentile.gm_pick", "PCT-M02")
    before = S.state(m)["gm"]["PCT-M02"]
    typed = "damage_low,damage_high,modifier\n20,29,100\n0,9,0\n10,19,300\n"
    m = go(go(m, "percentile.gm_csv", "PCT-M02", typed), "percentile.gm_save", "PCT-M02")
    assert texts(m, "percentile-gm-error") == [
        "Row 1, column 'modifier': 100 for 20 to 29 points is less than the 300 of row 3 for "
        "10 to 19 points; allowed: 300 to 100000, as the modifier only grows with the damage. "
        "Keep these rows anyway?"
    ]
    assert find_all(shell.view(m), "percentile-gm-csv")[0].attr("value") == typed
    assert S.state(m)["gm"]["PCT-M02"] == before  # nothing saved yet
    assert texts(m, "percentile-gm-keep") == ["Keep these rows (GM; logged)"]
    # rows typed again are checked again: the Keep of the old draft goes
    retyped = go(m, "percentile.gm_csv", "PCT-M02", typed.replace("100", "50"))
    assert not texts(retyped, "percentile-gm-keep")
    kept = go(m, "percentile.gm_keep", "PCT-M02")
    assert [r["modifier"] for r in S.state(kept)["gm"]["PCT-M02"]] == [100, 0, 300]
    assert texts(kept, "percentile-gm-error") == [""]
    assert "kept as typed: Row 1, column 'modifier'" in texts(kept, "percentile-gm-note")[0]
    # rows that only grow are saved at once
    rising = go(m, "percentile.gm_csv", "PCT-M02", typed.replace("100", "400"))
    rising = go(rising, "percentile.gm_save", "PCT-M02")
    assert [r["modifier"] for r in S.state(rising)["gm"]["PCT-M02"]] == [400, 0, 300]


def test_a_value_against_an_earlier_row_is_asked_as_the_gms_call_with_its_why() -> None:
    """The "Keep 0" row at 768x1024 read as a red refusal, its button pressed against the next
    block and no "Why" of its own (the one under it was the turns'). Now the field, its words
    and both answers (keep it, or type another) are one block, in the warning's colours
    (app.css .keep-asked), with the lines it rests on (49, 74) under its own "Why"."""
    m = _anns_hit_on_bobs_head(_stunning(round_ready(), "0,0,0\n16,16,300\n"))
    m = go(m, "percentile.attack_stun", "0")
    blocks = [n for n in _walk(shell.view(m)) if "keep-asked" in str(n.attr("class") or "")]
    assert len(blocks) == 1
    block = blocks[0]
    for testid in ("percentile-attack-stun_modifier", "percentile-attack-stun-keep"):
        assert find_all(block, testid), testid
    asked = text_of(find_all(block, "percentile-attack-stun-asked")[0])
    assert "or type another value above" in asked
    assert "line 49" in asked and "line 74" in asked and "PCT-28" in asked  # under "Why" only
    assert "PCT" not in text_of(find_all(block, "percentile-attack-stun_modifier-error")[0])
    # the GM page's rows against the rise: the same block
    g = go(go(round_ready(), "percentile.tab", "gm"), "percentile.gm_pick", "PCT-M02")
    g = go(g, "percentile.gm_csv", "PCT-M02", "damage_low,damage_high,modifier\n0,9,5\n10,19,1\n")
    g = go(g, "percentile.gm_save", "PCT-M02")
    gm_blocks = [n for n in _walk(shell.view(g)) if "keep-asked" in str(n.attr("class") or "")]
    assert len(gm_blocks) == 1 and find_all(gm_blocks[0], "percentile-gm-keep")
    assert find_all(gm_blocks[0], "percentile-gm-csv")


def _walk(node: object) -> list[VNode]:
    if not isinstance(node, VNode):
        return []
    return [node, *(n for c in node.children for n in _walk(c))]


def _bob(m: Model) -> dict[str, str]:
    bob = next(c for c in m.state["percentile"]["characters"] if c["id"] == "c2")
    return {k: str(bob["ledger"][k]) for k in ("available", "debt", "stun_paid", "turn")}


def test_a_stun_before_his_turn_is_undone_redone_and_reloaded_with_his_turn() -> None:
    """PCT-28: Bob stunned (modifier 300: 30 AP) by Ann before his turn of the round: that
    turn, still to come, has 20 AP. Undo gives him his 50 back, Redo and a reload the 20, and
    his own turn then begins with the 20 (it began with 50, the 30 owed by the next round's)."""
    m = ann_hits_bob(_stunning(round_ready(), "0,0,0\n1,50000,300\n"))
    turn = _bob(m)["turn"]  # his own turn still to come this round
    stunned = {"available": "20", "debt": "0", "stun_paid": "30", "turn": turn}
    assert _bob(m) == stunned
    undone = go(m, "shell.undo")
    assert _bob(undone) == {"available": "50", "debt": "0", "stun_paid": "0", "turn": turn}
    m = go(undone, "shell.redo")
    assert _bob(m) == stunned
    m = Model(History.from_json(m.history.to_json()), route="percentile", ui=dict(m.ui))
    assert _bob(m) == stunned
    m = go(m, "percentile.turn_next", seed="bob")
    assert m.state["percentile"]["combat"]["attack"]["attacker"] == "c2"
    assert texts(m, "percentile-strip-c2")[0].endswith("20 AP: stunned")
    assert _bob(m) == stunned
