"""The fight as a value (FIGHT.md): sides, surprise, order, rounds, AP and the attack as
transitions of :class:`pycore.systems.percentile.fight.Fight`, with scripted dice. Each test
names the rule it checks (shared/rules/percentile.md)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scripted import Faces as Dice

from pycore.errors import RuleError, RulekeeperError
from pycore.systems.percentile import combat
from pycore.systems.percentile import fight as F
from pycore.systems.percentile.attack import MissingValue
from pycore.systems.percentile.fight import attack as FA
from pycore.systems.percentile.fight import cost as FC
from pycore.systems.percentile.fight import poison as FP
from pycore.systems.percentile.fight import setup as FS
from pycore.systems.percentile.fight import turns as R
from pycore.systems.percentile.fight.codec import fight_from_json, fight_into_json
from pycore.systems.percentile.fight.setup import setup_of
from pycore.systems.percentile.fight.stun import answer_stun

F_ = Fraction


# Table #3-6 (the GM's: the text leaves its values out): what an attack with each weapon costs.
COSTS = [
    {"action": f"an attack with the {w}", "ap_cost": "5"}
    for w in ("PISTOL", "FIST", "GRENADE", "SWORD")
]


def section(**extra: Any) -> dict[str, Any]:
    tables = {"PCT-M03": COSTS, **extra.pop("gm", {})}
    return {
        "gm": tables,
        "characters": [
            {
                "id": "c1",
                "name": "Ann",
                "aim": "70",
                "perception": "50",
                "weapons": [{"name": "PISTOL", "wep_dif": 30, "damage_die": "4:10sd+2"}],
                "parts": [{"name": "arm", "points": "20", "damage": "0"}],
            },
            {
                "id": "c2",
                "name": "Bob",
                "perception": "70",
                "damage_modifier": "10",
                "parts": [
                    {"name": "arm", "points": "20", "damage": "0"},
                    {"name": "head", "points": "10", "damage": "0"},
                ],
            },
            {"id": "c3", "name": "Cy", "perception": "30"},
        ],
        **extra,
    }


def two_sides(**extra: Any) -> F.Fight:
    fight = fight_from_json(section(**extra))
    return F.add_member(F.add_member(fight, 0, "c1"), 1, "c2")


def settings(**values: Any) -> combat.Settings:
    return combat.settings_from_json(values)


def unsurprised(fight: F.Fight | None = None, **values: Any) -> F.Fight:
    """``fight`` (two sides) with no surprise check (R-D): the order is rolled first thing
    (PCT-08: step 1, surprise, comes before the order when the settings ask for it)."""
    fight = two_sides() if fight is None else fight
    return replace(fight, settings=settings(surprise="none", **values))


# --- Sides and surprise ------------------------------------------------------------------------


def test_pct_06_a_side_uses_its_awake_members_mean_and_the_gm_may_override() -> None:
    fight = F.add_member(two_sides(), 1, "c3")  # Bob (modifier 10) and Cy (0) on side B
    assert F.side_modifiers(fight) == {"Side A": 0, "Side B": 5}
    asleep = F.toggle_asleep(fight, 1, "c3")
    assert F.side_modifiers(asleep)["Side B"] == 10  # PCT-06: sleepers are left out
    override = F.set_side_modifier(fight, 1, "25")
    assert F.side_modifiers(override)["Side B"] == 25
    with pytest.raises(RuleError, match="Side damage modifier"):
        F.set_side_modifier(fight, 1, "lots")


def test_pct_06_a_character_is_on_one_side_only_and_names_differ() -> None:
    fight = F.add_member(two_sides(), 0, "c2")
    assert [m.id for m in fight.sides[0].members] == ["c1", "c2"] and not fight.sides[1].members
    with pytest.raises(RuleError, match="differ"):
        F.rename_side(fight, 1, "Side A")


def test_pct_12_to_14_the_core_picks_the_surprise_procedure() -> None:
    a1 = two_sides()
    assert F.surprise_targets(a1) == ({"Side A": 50, "Side B": 70}, {"Side A": 0, "Side B": 10})
    a2 = replace(a1, settings=settings(surprise="a2"))
    with pytest.raises(RuleError, match="Side A: choose an Alertness level"):
        F.surprise_targets(a2)
    a2 = F.set_side_alertness(F.set_side_alertness(a2, 0, "30"), 1, "50")
    assert F.surprise_targets(a2)[0] == {"Side A": 40, "Side B": 60}  # (P + AC%) / 2
    levels = [
        {"level": 1, "name": "relaxed", "percent": 20},
        {"level": 2, "name": "combat", "percent": 90},
    ]
    a3 = replace(a1, settings=settings(surprise="a3"), tables={"PCT-M03": COSTS, "PCT-M01": levels})
    a3 = F.set_member_alertness(a3, 0, "c1", "combat", level=True)
    a3 = F.set_member_alertness(a3, 1, "c2", "10")
    assert F.surprise_targets(a3)[0] == {"Side A": 70, "Side B": 40}
    chances = F.surprise_chances(a3)
    assert sum(chances.values()) == 1 and chances["Side A"] > chances["Side B"]


def test_pct_09_15_the_lowest_score_gets_surprise_ties_re_rolled() -> None:
    fight = two_sides()  # A: roll − 50; B: roll + 10 − 70
    fight, result = F.roll_surprise(fight, Dice(40, 30, 10, 60))  # −10 vs −30 … first: B lower
    assert result.winner == "Side B" and fight.surprise is not None
    assert fight.surprise.winner == "Side B" and "Side B gets SURPRISE" in fight.surprise.text
    _, result = F.roll_surprise(two_sides(), Dice(50, 60, 10, 40))  # 0 vs 0: all re-roll
    assert len(result.rolled.attempts) == 2 and result.winner == "Side A"
    off = replace(two_sides(), settings=settings(surprise="none"))
    with pytest.raises(RuleError, match="switched off"):
        F.roll_surprise(off, Dice())


# --- Order of attack ---------------------------------------------------------------------------


def test_pct_18_21_lowest_result_first_and_a_lead_of_30_attacks_alone() -> None:
    fight, _ = F.roll_order(unsurprised(), Dice(10, 40))  # A 10, B 40 + 10 = 50
    assert fight.order is not None and fight.order.order == ["Side A", "Side B"]
    assert fight.order.exclusive and F.acting_sides(fight) == ["Side A"]
    close, _ = F.roll_order(unsurprised(), Dice(30, 40))  # A 30, B 50: lead 20
    assert close.order is not None and not close.order.exclusive


def test_pct_20_ties_re_roll_every_side() -> None:
    fight, step = F.roll_order(unsurprised(), Dice(60, 50, 5, 90))
    assert len(step.rolled.attempts) == 2 and fight.order is not None
    assert fight.order.order == ["Side A", "Side B"]


def test_pct_22_pass_once_acts_last_and_the_b1_order_returns_next_round() -> None:
    fight, _ = F.roll_order(unsurprised(), Dice(10, 40))
    fight, passed = F.pass_order(fight)
    assert passed.order.order == ["Side B", "Side A"] and not passed.order.exclusive
    with pytest.raises(RuleError, match="already been passed"):
        F.pass_order(fight)
    fight, started = R.next_round(fight)
    assert fight.order is not None and fight.order.order == ["Side A", "Side B"]
    assert not fight.order.exclusive  # PCT-21: b1's exclusive attack was round 1's only
    assert str(started) == "round 2: about 5 to 10 s of game time elapsed"


def test_pct_19_26_b2_and_pieces_roll_the_order_again() -> None:
    fight, _ = F.roll_order(unsurprised(order="b2"), Dice(10, 40))
    assert R.next_round(fight)[0].order is None
    piece, text = R.next_piece(F.roll_order(unsurprised(), Dice(10, 40))[0])
    assert piece.piece == 2 and piece.order is None and "roll the order again" in str(text)


def test_pct_23_a_joining_side_is_slotted_and_only_it_re_rolls_an_equal_result() -> None:
    fight = F.add_member(F.add_side(two_sides()), 2, "c3")
    fight, _ = F.roll_order(unsurprised(replace(fight, sides=fight.sides[:2])), Dice(10, 80))
    fight = replace(fight, sides=F.add_member(F.add_side(fight), 2, "c3").sides)
    fight, joined = F.join_order(fight, "Side C", Dice(10, 45))  # 10 equals A: re-roll
    assert joined.rolls == (10, 45) and fight.order is not None
    assert fight.order.order == ["Side A", "Side C", "Side B"]


# --- Rounds, alertness, agility points ---------------------------------------------------------


def test_pct_17_an_attacked_character_must_rise_a_level_next_turn() -> None:
    levels = [
        {"level": 1, "name": "relaxed", "percent": 20},
        {"level": 2, "name": "wary", "percent": 50},
        {"level": 3, "name": "combat", "percent": 90},
    ]
    fight = replace(two_sides(), attacked=("c2",), tables={"PCT-M03": COSTS, "PCT-M01": levels})
    fight = F.set_member_alertness(fight, 1, "c2", "relaxed", level=True)
    fight, _ = R.next_round(fight)
    assert fight.raise_alertness == ("c2",) and fight.attacked == ()
    assert F.higher_alertness(fight, "c2") == ["wary", "combat"]
    assert F.higher_alertness(replace(fight, tables={}), "c2") is None


def test_pct_24_27_28_spend_borrow_and_stun_are_checked() -> None:
    fight = two_sides()
    fight, spent = R.change_ap(fight, "c1", "spend", F_(20))
    assert str(spent) == "Ann spends 20 AP" and fight.fighter("c1").ledger.remaining == 30  # type: ignore[union-attr]
    with pytest.raises(RuleError, match="costs 40 AP but only 30 are left"):
        R.change_ap(fight, "c1", "spend", F_(40))
    fight, borrowed = R.change_ap(fight, "c2", "borrow", F_(12))  # PCT-D12
    assert "for 4 now" in str(borrowed)
    fight, stunned = R.change_ap(fight, "c1", "stun", F_(200))  # PCT-D11
    assert "20 AP lost" in str(stunned)
    assert str(R.change_ap(fight, "c1", "stun", F_(0))[1]).startswith("Ann is not stunned")
    fight, _ = R.next_round(fight)
    assert fight.fighter("c2").ledger.available == 38  # type: ignore[union-attr]
    assert fight.fighter("c1").ledger.available == 30  # type: ignore[union-attr]
    off = replace(fight, settings=settings(borrowing=False, stun=False))
    for kind in ("borrow", "stun"):
        with pytest.raises(RuleError, match="switched off"):
            R.change_ap(off, "c1", kind, F_(3))


def test_pct_07_a_roll_off_orders_a_side_by_name() -> None:
    fight = F.add_member(two_sides(), 0, "c3")
    fight, off = R.roll_off(fight, 0, Dice(70, 20))
    assert [m.id for m in fight.sides[0].members] == ["c3", "c1"]
    assert str(off) == "Side A roll-off within the side 1:100sd (Ann 70, Cy 20): Cy, Ann"


# --- The attack --------------------------------------------------------------------------------

FORM = {"attacker": "c1", "target": "c2", "part": "arm"}


def test_pct_31_32_44_45_an_attack_writes_the_damage_to_the_targets_sheet() -> None:
    fight = replace(two_sides(), settings=settings(stun=False))
    fight, step = FA.attack(
        fight, setup_of(FORM), Dice(15, 5, 6, 6, 5)
    )  # MARKSmanship 50, 35 under
    assert step.result.damage is not None and step.result.damage.recorded == F_(84, 5)
    assert fight.fighter("c2").part("arm").damage == F_(84, 5)  # type: ignore[union-attr]
    assert fight.attacked == ("c2",) and fight.pending is None
    saved = fight_into_json(section(), fight)
    assert saved["characters"][1]["parts"][0]["damage"] == "84/5"
    assert saved["characters"][1]["parts"][1] == {"name": "head", "points": "10", "damage": "0"}
    assert "ledger" not in saved["characters"][1]  # only what the fight changed is written


def test_pct_24_29_the_attacks_ap_are_paid_under_c2_only() -> None:
    form = {**FORM, "ap_cost": "7"}
    fight, _ = FA.attack(two_sides(), setup_of(form), Dice(99))
    assert fight.fighter("c1").ledger.spent == 7  # type: ignore[union-attr]
    c1 = replace(two_sides(), settings=settings(ap="c1"))
    assert FA.attack(c1, setup_of(form), Dice(99))[0].fighter("c1").ledger.spent == 0  # type: ignore[union-attr]
    with pytest.raises(RuleError, match="costs 70 AP"):
        FA.attack(two_sides(), setup_of({**FORM, "ap_cost": "70"}), Dice())


def test_pct_36_the_fight_waits_for_the_body_part_then_finishes_on_the_answer() -> None:
    fight = replace(two_sides(), settings=settings(stun=False))
    form = {"attacker": "c1", "target": "c2", "location": "roll"}
    fight, step = FA.attack(fight, setup_of(form), Dice(15, 7))
    assert step.waits_for is not None and "Table #3-3.4 is not entered" in step.waits_for
    assert fight.pending is not None and fight.fighter("c2").part("arm").damage == 0  # type: ignore[union-attr]
    with pytest.raises(RuleError, match="under way"):
        FA.attack(fight, setup_of(form), Dice())
    with pytest.raises(RuleError, match="under way"):
        R.next_round(fight)
    again = fight_from_json(fight_into_json(section(settings={"stun": False}), fight))
    assert again.pending == fight.pending
    done, step = FA.answer_part(again, "head", setup_of({}), Dice(1, 1, 1, 1))
    assert done.pending is None and done.fighter("c2").part("head").damage == F_(21, 5)  # type: ignore[union-attr]
    aside, text = FA.set_aside(fight)
    assert aside.pending is None and "set aside" in str(text)


def test_pct_36_the_random_hit_table_names_the_part() -> None:
    m07 = [{"race": "human", "roll": "1-10", "instruction": "head", "body_part": "head"}]
    fight = replace(
        two_sides(), tables={"PCT-M03": COSTS, "PCT-M07": m07}, settings=settings(stun=False)
    )
    fight, step = FA.attack(
        fight,
        setup_of({"attacker": "c1", "target": "c2", "location": "roll"}),
        Dice(15, 3, 1, 1, 1, 1),
    )
    assert step.waits_for is None and step.result.part is not None
    assert step.result.part.name == "head"


def test_r_e_a_missing_value_is_asked_before_any_die_and_nothing_is_spent() -> None:
    fight = replace(two_sides(), settings=settings(damage="3"))
    with pytest.raises(MissingValue) as info:
        FA.attack(fight, setup_of({**FORM, "ap_cost": "7"}), Dice())
    assert info.value.field == "table_3_3_damage"


def test_pct_28_11_damage_raises_the_modifier_and_stuns_by_its_rise() -> None:
    m02 = [
        {"damage_low": 0, "damage_high": 9, "modifier": 0},
        {"damage_low": 10, "damage_high": 50000, "modifier": 30},
    ]
    fight = replace(two_sides(), tables={"PCT-M03": COSTS, "PCT-M02": m02})
    fight, _ = FA.attack(
        fight, setup_of(FORM), Dice(15, 5, 6, 6, 5)
    )  # 16.8 points: modifier 0 → 30
    bob = fight.fighter("c2")  # 3 AP lost by his turn still to come (PCT-28)
    assert bob is not None and bob.damage_modifier == 30 and bob.ledger.stun_paid == 3
    assert (bob.ledger.available, bob.ledger.debt) == (47, 0)
    fight, _ = FA.attack(
        fight, setup_of(FORM), Dice(15, 5, 6, 6, 5)
    )  # old wounds do not stun again
    bob = fight.fighter("c2")
    assert bob is not None and (bob.ledger.available, bob.ledger.stun_paid) == (47, 3)


def test_pct_34_adversity_conditions_are_summed_for_table_3_2() -> None:
    tables = {
        "PCT-M03": COSTS,
        "PCT-M05": [{"condition": "rain", "value": 10}, {"condition": "running", "value": 15}],
        "PCT-M06": [{"adversity_low": 0, "adversity_high": 100, "percent_against": 5}],
    }
    fight = replace(two_sides(), settings=settings(to_hit="d3"), tables=tables)
    form = {**FORM, "percent_to_hit": "100", "adversity_conditions": "rain, running"}
    fight, step = FA.attack(fight, setup_of(form), Dice(99))
    assert "PA 5 (Table #3-2 (GM) for adversity 25)" in str(step)


def test_pct_37_the_throwing_table_gives_the_distance() -> None:
    raw = section()
    raw["characters"][0]["weapons"] = [
        {"name": "GRENADE", "category": "grenade", "damage_die": "3:10sd", "weight_kg": "1/2"}
    ]
    m08 = [
        {
            "strength_low": 0,
            "strength_high": 100,
            "weight_kg_low": 0,
            "weight_kg_high": 1,
            "distance_m": 20,
        }
    ]
    fight = replace(
        two_sides(),
        fighters=fight_from_json(raw).fighters,
        tables={"PCT-M03": COSTS, "PCT-M08": m08},
    )
    fight, step = FA.attack(fight, setup_of({**FORM, "range_m": "30"}), Dice(90, 4))
    assert "beyond the throwing distance 20 m" in str(step) and step.result.to_hit == "miss"


def test_pct_41_the_severity_roll_follows_a_procedure_one_wound() -> None:
    m11 = [
        {
            "damage_type": "cut",
            "roll": "1-10",
            "title": "gash",
            "severity_table": "S1",
            "damage_percentage": "40",
        }
    ]
    m12 = [{"severity_table": "S1", "roll": "1-10", "title": "fever", "description": "hot"}]
    raw = section()
    raw["characters"][0]["weapons"][0]["damage_type"] = "cut"
    fight = replace(
        two_sides(),
        fighters=fight_from_json(raw).fighters,
        settings=settings(damage="1"),
        tables={"PCT-M03": COSTS, "PCT-M11": m11, "PCT-M12": m12},
    )
    with pytest.raises(RuleError, match="no wound"):
        FP.severity(fight, Dice())
    fight, step = FA.attack(fight, setup_of(FORM), Dice(15, 4))
    assert fight.last_severity == "S1" and "gash" in str(step)
    fight, text = FP.severity(fight, Dice(2))
    assert str(text) == "severity table S1: 1:10sd (2): fever — hot" and fight.last[-1] == str(text)


def test_pct_54_a_poison_needs_its_systems_site_and_multipliers_and_spares_the_record() -> None:
    fight = two_sides()
    form = {"target": "c2", "name": "Kurari", "poison_damage": "5"}
    with pytest.raises(RuleError, match="organ system"):
        FP.poison(fight, form, {})
    form["nervous_endocrine"] = "on"
    with pytest.raises(RuleError, match="site"):
        FP.poison(fight, form, {})
    form["part"] = "arm"
    with pytest.raises(MissingValue, match="nervous-endocrine"):
        FP.poison(fight, form, {})
    after, step = FP.poison(fight, form, {"m_nervous_endocrine": "2"})
    assert "nervous_endocrine: organ DP 50" in str(step)
    assert after.fighters == fight.fighters


def test_the_saved_fight_round_trips_and_old_data_loads() -> None:
    fight, _ = F.roll_surprise(two_sides(), Dice(40, 30))
    fight, _ = F.roll_order(fight, Dice(10, 40))
    again = fight_from_json(fight_into_json(section(), fight))
    assert again == fight
    old = fight_from_json(
        {"characters": [{"id": "c1", "name": "Old", "aim": "lots"}], "combat": {"round": "x"}}
    )
    assert old.round == 1 and old.fighter("c1").aim == 50  # type: ignore[union-attr]
    assert [s.name for s in old.sides] == ["Side A", "Side B"]


# --- Issue 17: what a referee met --------------------------------------------------------------


def test_pct_28_line_74_the_stun_is_asked_after_the_damage_is_known() -> None:
    fight, step = FA.attack(two_sides(), setup_of(FORM), Dice(15, 5, 6, 6, 5))
    assert step.stage == "stun" and step.waits_for is not None
    # the question names the damage taken as the text counts it, and how the table reads it
    assert "16.8 points of damage" in step.waits_for and "read as 16" in step.waits_for
    assert fight.fighter("c2").part("arm").damage == F_(84, 5)  # type: ignore[union-attr]
    with pytest.raises(RuleError, match="under way"):
        FA.attack(fight, setup_of(FORM), Dice())
    with pytest.raises(RuleError, match=r"Table #3-7\.0 modifier for the damage taken"):
        answer_stun(fight, "lots")
    fight, change = answer_stun(fight, "210")  # Bob's modifier rises from 10 to 210
    bob = fight.fighter("c2")  # his turn still to come pays the 20 (PCT-28)
    assert fight.pending is None and bob is not None and bob.ledger.stun_paid == 20
    assert str(change) == (
        "Table #3-7.0: 16.8 points of damage (read as 16 on its whole-point rows: 16.8 has not "
        "reached 17) give modifier 210 (kept on the GM page); Bob is stunned: 20 AP lost"
    )
    assert "stun_modifier" not in FA.attack_input(fight, FORM)[3].__dict__  # never asked before


def test_issue_29_r2_the_stun_is_asked_in_words_once_per_damage_and_zero_says_so() -> None:
    """Issue 29 round 2 items 2 and 3: "what Table #3-7.0 modifier does ..." in lower case,
    asked after every hit, and "Ann stunned: Table #3-7.0 modifier 0 → 0 AP owed" logged. The
    GM's value is the Table #3-7.0 row for the damage taken (PCT-28, line 74; PCT-M02): kept,
    so the same damage is never asked again, and no rise says plainly that nobody is stunned."""
    fight, step = FA.attack(two_sides(), setup_of(FORM), Dice(15, 5, 6, 6, 5))
    assert step.waits_for is not None and step.waits_for[0].isupper(), step.waits_for
    assert "Table #3-7.0 modifier" not in step.waits_for  # the words, not the field's name
    fight, said = answer_stun(fight, "10")  # Bob's modifier stays 10: no stun
    assert "0 AP" not in str(said) and "modifier 0" not in str(said)
    assert str(said).endswith("Bob is not stunned")
    assert fight.fighter("c2").ledger.debt == 0  # type: ignore[union-attr]
    assert fight.tables["PCT-M02"] == [{"damage_low": 16, "damage_high": 16, "modifier": 10}]
    # the same 16 points on a fresh fight with the GM's table: read from it, not asked
    again = replace(two_sides(), tables={**two_sides().tables, "PCT-M02": fight.tables["PCT-M02"]})
    again, step = FA.attack(again, setup_of(FORM), Dice(15, 5, 6, 6, 5))
    assert step.stage == "done" and step.waits_for is None


def test_a_character_cannot_attack_itself() -> None:
    with pytest.raises(RuleError, match="Ann cannot attack themselves"):
        FA.attack(two_sides(), setup_of({"attacker": "c1", "target": "c1"}), Dice())


def test_pct_28_a_no_movement_turn_takes_no_action_under_c2() -> None:
    fight, _ = R.change_ap(two_sides(), "c1", "stun", F_(600))  # owes 60 of 50 AP
    fight, _ = R.next_round(fight)
    with pytest.raises(RuleError, match="no-movement turn"):
        FA.attack(fight, setup_of(FORM), Dice())
    # the round says it where the turn is over, in words: no rule ID outside "Why" (STYLE 20)
    said = FC.shortfall(fight, FORM)
    assert said is not None and said.over
    assert said.said == "Ann's turn is over: a no-movement turn, no AP to spend", said.said


def test_the_order_roll_names_the_rule_that_decided_lines_49_60() -> None:
    surprised = replace(two_sides(), surprise=F.SurpriseOutcome("Side B", ""))
    fight, step = F.roll_order(surprised, Dice(10, 40))  # A leads by 40 …
    assert step.acting == ("Side B",) and "Side B has SURPRISE" in str(step)
    assert "leads by 30 or more" in str(step.rolled) and "alone" not in str(step)
    _, step = F.roll_order(unsurprised(), Dice(10, 40))
    assert step.acting == ("Side A",) and "the only attack this round" in str(step)
    # PCT-09: the order rolled in the surprise round starts the next round, lead and all.
    assert R.next_round(fight)[0].order.exclusive  # type: ignore[union-attr]


def test_pct_10_alertness_level_and_percent_are_separate_entries() -> None:
    levels = [{"level": n, "name": f"level {n}", "percent": 22 * n} for n in range(1, 5)]
    fight = replace(
        two_sides(), settings=settings(surprise="a2"), tables={"PCT-M03": COSTS, "PCT-M01": levels}
    )
    fight = F.set_side_alertness(fight, 1, "50")
    typed = F.set_side_alertness(fight, 0, "4")  # a percentage: 4 %
    assert F.surprise_targets(typed)[0]["Side A"] == 27  # (50 + 4) / 2
    chosen = F.set_side_alertness(fight, 0, "level 4", level=True)  # the level: 88 %
    assert F.surprise_targets(chosen)[0]["Side A"] == 69
    with pytest.raises(RuleError, match="Alertness level must be one of"):
        F.set_side_alertness(fight, 0, "4", level=True)
    with pytest.raises(RuleError, match="Alertness Percentage"):
        F.set_side_alertness(fight, 0, "level 4")


def test_switching_the_attacker_sets_up_afresh_from_the_sheets() -> None:
    fight = F.add_member(two_sides(), 0, "c3")
    full = {
        "attacker": "c1",
        "target": "c2",
        "weapon": "0",
        "part": "head",
        "range_m": "5",
        "percent_to_hit": "40",
        "m_circulatory": "1",
    }
    assert FS.set_field(fight, full, "attacker", "c3") == {"attacker": "c3", "target": "c2"}
    assert FS.set_field(fight, full, "attacker", "c2") == {"attacker": "c2"}  # not itself
    assert "part" not in FS.set_field(fight, full, "target", "c3")
    assert "percent_to_hit" not in FS.set_field(fight, {**full, "weapon": "1"}, "weapon", "0")


@given(st.sampled_from(["c1", "c2", "c3"]), st.sampled_from(["c1", "c2", "c3"]), st.data())
def test_a_switched_attacker_equals_a_fresh_set_up(first: str, then: str, data: Any) -> None:
    """FIGHT.md: after a full set-up, switching the attacker leaves what a fresh set-up for the
    new attacker (with the same target) has: nothing is kept from the previous combatant."""
    fight = F.add_member(two_sides(), 0, "c3")
    keys = ("weapon", "part", "location", "range_m", "ap_cost", "percent_to_hit", "m_respiratory")
    form: dict[str, str] = FS.set_field(fight, {}, "attacker", first)
    form = FS.set_field(fight, form, "target", data.draw(st.sampled_from(["c1", "c2", "c3"])))
    for key in data.draw(st.lists(st.sampled_from(keys))):
        form = {**form, key: data.draw(st.sampled_from(["0", "1", "5", "arm", "roll"]))}
    switched = FS.set_field(fight, form, "attacker", then)
    fresh = FS.set_field(fight, FS.set_field(fight, {}, "target", form["target"]), "attacker", then)
    assert switched == fresh


def test_pct_07_08_turns_follow_the_acting_sides_and_start_new_rounds() -> None:
    fight = F.add_member(two_sides(), 0, "c3")  # Side A: Ann, Cy; Side B: Bob
    fight, step = R.next_turn(fight, Dice(40, 30, 50, 20))  # surprise: B; order: A 50, B 30
    assert fight.surprise is not None and fight.surprise.winner == "Side B"
    assert R.turn_order(fight) == ["c2"] and "Bob's turn (Side B)" in str(step)
    fight, step = R.next_turn(fight, Dice())  # the surprise round had one turn: round 2
    assert fight.round == 2 and R.turn_order(fight) == ["c2", "c1", "c3"]
    assert R.active(fight).name == "Bob"  # type: ignore[union-attr]
    fight, _ = R.next_turn(fight, Dice())
    fight, _ = R.next_turn(fight, Dice())
    assert R.active(fight).name == "Cy"  # type: ignore[union-attr]
    b2 = replace(fight, settings=settings(order="b2"))
    b2, step = R.next_turn(b2, Dice(90, 10))  # round 3 rolls the order again
    assert b2.round == 3 and R.turn_order(b2)[0] == "c2" and "Order of attack" in str(step)


def test_typed_dice_drive_each_stage_of_the_attack() -> None:
    from pycore.dice import typed_dice

    m07 = [{"race": "human", "roll": "1-10", "instruction": "head", "body_part": "head"}]
    fight = replace(
        two_sides(), tables={"PCT-M03": COSTS, "PCT-M07": m07}, settings=settings(stun=False)
    )
    form = {"attacker": "c1", "target": "c2", "location": "roll"}
    assert FA.next_dice(fight, setup_of(form)) == "1:100sd"
    fight, step = FA.roll(fight, setup_of(form), typed_dice("1:100sd", "15"))
    assert step.stage == "location" and FA.next_dice(fight, setup_of(form)) == "1:10sd"
    with pytest.raises(RulekeeperError, match="cannot show 11"):
        FA.roll(fight, setup_of(form), typed_dice("1:10sd", "11"))  # nothing changes
    fight, step = FA.roll(fight, setup_of(form), typed_dice("1:10sd", "3"))
    assert step.stage == "damage" and FA.next_dice(fight, setup_of(form)) == "4:10sd+2"
    fight, step = FA.roll(fight, setup_of(form), typed_dice("4:10sd+2", "5 6 6 5"))
    assert fight.pending is None and fight.fighter("c2").part("head").damage == F_(84, 5)  # type: ignore[union-attr]


# --- Bounds an outside audit found open (issue 17) ---------------------------------------------


def test_every_percentage_is_checked_where_it_is_entered_with_its_own_name() -> None:
    with pytest.raises(RuleError, match=r"Percent to Hit \(Table #3-1\) must be from 0 to 999"):
        FS.check_field("percent_to_hit", "1000")
    with pytest.raises(RuleError, match=r"Percent Against \(Table #3-2\) must be from 0 to 100"):
        FS.check_field("percent_against", "-50")


def test_pct_07_line_36_rounds_count_from_one() -> None:
    for bad in (0, -1, None, "2"):
        with pytest.raises(RuleError, match="round number must be a whole number from 1"):
            combat.round_seconds(bad)  # type: ignore[arg-type]
        with pytest.raises(RuleError, match="number must be a whole number from 1"):
            combat.order_roll_due(combat.Settings(), bad)  # type: ignore[arg-type]


def test_wrong_types_are_typed_errors() -> None:
    from pycore.systems.percentile import damage, sides

    with pytest.raises(RuleError, match="a3"):
        sides.target_a3(["x"])  # type: ignore[list-item]
    with pytest.raises(RuleError, match="category must be a whole number"):
        damage.additional_descriptions(None, [])  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="settings must be an object"):
        combat.settings_from_json(None)  # type: ignore[arg-type]


def test_pct_49_a_damage_percentage_states_the_rounding_of_its_category() -> None:
    from pycore.systems.percentile import damage

    result = damage.damage_procedure_one(F_(91, 2), 10)  # 45.5 %
    assert result.category == "46-50"
    assert "DP 45½ % (category 46-50: over 45 up to 50)" in str(result)


# --- Issue 25/29: an attack is born from the sheets and the fight so far -------------------------


def brawlers() -> F.Fight:
    """Ann with a fist (hand-to-hand) and a pistol, Bob on the other side."""
    chars = section()["characters"]
    chars[0]["weapons"] = [
        {"name": "FIST", "category": "hth", "attack_dif": 40, "damage_die": "1"},
        {"name": "PISTOL", "wep_dif": 30, "damage_die": "4:10sd+2"},
    ]
    chars[2]["parts"] = [{"name": "leg", "points": "20"}]
    fight = fight_from_json(
        {"characters": chars, "settings": {"stun": False}, "gm": {"PCT-M03": COSTS}}
    )
    return F.add_member(F.add_member(fight, 0, "c1"), 1, "c2")


def test_pct_05_the_range_is_kept_for_the_pair_across_turns_and_checked_for_hth() -> None:
    """Issue 25: "Next turn" cleared the typed range, so a fist attack at 12 m went ahead at
    0 m. The range is the fight's, between these two, until changed (PCT-05, line 27)."""
    fight = brawlers()
    fight, form = FS.enter(fight, FS.fresh(fight, "c1"), "target", "c2")
    fight, form = FS.enter(fight, form, "range_m", "12")
    assert F.range_between(fight, "c2", "c1") == "12"  # either way round
    fight, _ = R.next_turn(fight, Dice(10, 90, 10, 90))
    fight, _ = R.next_turn(fight, Dice())
    # a later turn: a fresh set-up, with the first weapon that reaches 12 m (PCT-05)
    assert FS.fresh(fight, "c1", "c2")["weapon"] == "1"
    form = FS.fresh(fight, "c1", "c2", "0")  # the GM taps the FIST
    assert FA.attack_input(fight, form)[3].range_m == 12
    with pytest.raises(RuleError, match=r"Ann is 12 m from Bob: .*FIST.*over 3 m"):
        FA.roll(fight, setup_of(form), Dice(15))
    fight, form = FS.enter(fight, form, "range_m", "2")  # Ann moved in
    fight, step = FA.roll(fight, setup_of(form), Dice(15))
    assert step.stage == "part"


def test_pct_05_an_unknown_range_is_asked_for_a_hand_to_hand_attack() -> None:
    fight = brawlers()
    with pytest.raises(MissingValue, match="Range from Ann to Bob") as refused:
        FA.roll(fight, setup_of(FS.fresh(fight, "c1", "c2")), Dice(15))
    assert refused.value.field == "range_m"
    pistol = FS.fresh(fight, "c1", "c2", "1")  # d1 weaponry reads no range (PCT-32)
    assert FA.roll(fight, setup_of(pistol), Dice(99))[1].result.to_hit == "miss"


def test_the_percent_to_hit_and_against_belong_to_one_weapon_and_target() -> None:
    """Issue 29 item 5: a Percent to Hit typed for one weapon was used for another's odds."""
    fight = replace(brawlers(), settings=settings(to_hit="d3"))
    fight = F.add_member(fight, 1, "c3")
    form = FS.fresh(fight, "c1", "c2", "1")
    for key, value in (("percent_to_hit", "90"), ("percent_against", "10")):
        fight, form = FS.enter(fight, form, key, value)
    assert FA.hit_chances(fight, setup_of(form))["miss"] == F_(21, 100)
    for key, value in (("weapon", "0"), ("target", "c3")):
        other = FS.enter(fight, form, key, value)[1]
        assert "percent_to_hit" not in other and "percent_against" not in other, key
        with pytest.raises(MissingValue):
            FA.hit_chances(fight, setup_of(other))
    assert FS.enter(fight, form, "weapon", "1")[1] == form  # the same weapon again: kept


def test_an_attack_applied_leaves_nothing_for_the_next_one() -> None:
    fight = brawlers()
    form = {**FS.fresh(fight, "c1", "c2", "1"), "ap_cost": "5", "part": "arm"}
    fight, _ = FA.attack(fight, setup_of(form), Dice(15, 5, 6, 6, 5))
    assert fight.pending is None
    assert FS.next_form(fight, form) == FS.fresh(fight, "c1", "c2", "1")


def test_pct_24_29_every_attack_costs_its_table_3_6_ap_asked_once() -> None:
    """Issue 29 item 1: attacks never cost AP in the round; a second attack in the same turn
    was free. Under c2 (the default) every action costs AP (line 68) per Table #3-6 (line 78),
    whose values the text leaves out: asked once, then read from the GM's table."""
    fight = replace(brawlers(), tables={})
    form = FS.fresh(fight, "c1", "c2", "1")  # the pistol, Ann's AP 50
    with pytest.raises(MissingValue, match="What does an attack with the PISTOL cost in AP"):
        FA.attack(fight, setup_of(form), Dice(99))
    from pycore.systems.percentile.fight import cost as FC

    fight = FC.set_action_cost(fight, form, "20")
    assert fight_into_json(section(), fight)["gm"]["PCT-M03"] == [
        {"action": "an attack with the PISTOL", "ap_cost": "20"}
    ]
    for left in (30, 10):  # a second attack in the same turn is paid too
        fight, step = FA.attack(fight, setup_of(form), Dice(99))
        assert fight.fighter("c1").ledger.remaining == left  # type: ignore[union-attr]
        assert f"Ann spends 20 AP on an attack with the PISTOL: {left} left" in step.new
    with pytest.raises(
        RuleError, match="Ann cannot pay for an attack with the PISTOL: it costs 20"
    ):
        FA.attack(fight, setup_of(form), Dice(99))
    fight, step = FA.roll(fight, setup_of(form), Dice(99), through=True, override=True)
    assert step.new[0].startswith("GM override: Ann cannot pay")
    assert fight.fighter("c1").ledger.remaining == 0  # type: ignore[union-attr]
    c1 = replace(brawlers(), tables={}, settings=settings(ap="c1"))  # AP ignored: nothing asked
    assert FA.attack(c1, setup_of(form), Dice(99))[1].result.to_hit == "miss"


def test_the_one_foe_of_a_duel_is_the_target_without_a_tap() -> None:
    """Issue 29 "at most 4 taps": with one fighter on the other sides, he is the target; with
    two to choose from, the GM taps one."""
    duel = two_sides()
    assert (FS.only_foe(duel, "c1"), FS.only_foe(duel, "c2")) == ("c2", "c1")
    assert FS.fresh(duel, "c1", FS.only_foe(duel, "c1"))["target"] == "c2"
    three = F.add_member(duel, 1, "c3")  # Bob and Cy on side B
    assert (FS.only_foe(three, "c1"), FS.only_foe(three, "c2")) == ("", "c1")


def test_a_negative_damage_modifier_reads_with_the_true_minus_sign() -> None:
    fight, _ = FA.attack(two_sides(), setup_of(FORM), Dice(15, 5, 6, 6, 5))
    fight, said = answer_stun(fight, "-5")  # typed with the ASCII "-", read with "−"
    assert "give modifier −5" in str(said)
    assert fight.fighter("c2").damage_modifier == -5  # type: ignore[union-attr]
