"""Conditions bind and the core asks (issue 16): a Stunned character may not attack (001 line
24, AFT-22), the dead cannot act (line 36, AFT-26), wounds cost BCS in hand-to-hand (lines
60-61, AFT-08, AFT-M07), past DRT is flagged (AFT-M43), the hand-to-hand Critical Hit
Enhancement reaches the Damage Potential asked after the roll (001 lines 7-13, AFT-18, AFT-M05),
and choosing a gun sets its Range Table row (AFT-46)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pycore.errors import RuleError
from pycore.systems.aftermath.attack import bind, worksheet, worksheet_forms
from pycore.systems.aftermath.attack.worksheet import Setup
from pycore.systems.aftermath.campaign import campaign
from pycore.systems.aftermath.conditions import Condition, moment, stun_conditions
from pycore.systems.aftermath.sheet import sheet as core


def _target() -> dict[str, Any]:
    return core.set_field(core.new_sheet("Bo"), "derived.cda", "0")


def _setup(attacker: dict[str, Any], mode: str = "missile", **form: Any) -> Setup:
    filled = worksheet_forms.form_of(mode, {"bcs": 40, "meters": "20", **form})  # AFT-46: typed
    return Setup(mode, attacker, _target(), filled, campaign({}), moment(1, 5))


def test_aft_22_a_stunned_character_may_not_attack_unless_the_gm_says() -> None:
    """001 line 24: a Stunned character "may not initiate any attacks or fire any weapons"; the
    GM's override is logged with its reason (AFT-F2). The Daze after the Stun does not bind."""
    mara = core.add_condition(core.new_sheet("Mara"), "stunned", moment(1, 3))
    with pytest.raises(RuleError, match=r"Mara is Stunned .* may not initiate attacks or fire"):
        worksheet.resolve(_setup(mara), random.Random(1))
    allowed = worksheet.resolve(replace_override(_setup(mara), "a reflex shot"), random.Random(1))
    first = allowed.resolution.steps[0]
    assert first.key == "override" and "the GM allows it: a reflex shot" in str(first)
    later = Setup(**{**_setup(mara).__dict__, "now": moment(2, 4)})  # the trailing Daze
    assert bind.refusal(mara, later.now) == ""
    assert worksheet.resolve(later, random.Random(1)).resolution.bcs is not None
    assert "Stunned" in bind.refusal(mara, moment(1, 5))


def replace_override(setup: Setup, reason: str) -> Setup:
    return Setup(**{**setup.__dict__, "override": reason})


def test_aft_26_the_dead_cannot_act() -> None:
    """001 line 36: Lethal to the head, neck or torso is death; the dead do not attack."""
    dead = Condition("Dead", moment(1, 2), None, "AFT-26", "Lethal to location 5")
    skab = {**core.new_sheet("Skab"), "conditions": [core.condition_to_json(dead)]}
    with pytest.raises(RuleError, match=r"Skab is dead .* the dead cannot act"):
        worksheet.resolve(_setup(skab), random.Random(2))
    assert bind.refusal(skab, moment(1, 1)) == ""  # not yet dead in phase 1


def test_aft_08_wounds_cost_bcs_in_hand_to_hand() -> None:
    """Lines 60-61: over 50% wounded −2, over 75% −4 (damage ÷ DRT, AFT-M07); no DRT with
    damage taken: the worksheet asks; the user's own level replaces the sheet's."""
    ana = core.set_field(core.new_sheet("Ana"), "derived.drt", "20")
    half = core.set_field(ana, "damage.lethal", "11")
    found = worksheet.preview(_setup(half, "hth"))
    assert "Attacker is over 50% wounded* −2" in str(found.total)
    worse = core.set_field(ana, "damage.subdual", "16")
    assert "over 75% wounded* −4" in str(worksheet.preview(_setup(worse, "hth")).total)
    assert "wounded" not in str(worksheet.preview(_setup(half, "missile")).total)
    no_drt = core.set_field(core.new_sheet("Cy"), "damage.lethal", "3")
    with pytest.raises(RuleError, match="DRT is not entered"):
        worksheet.preview(_setup(no_drt, "hth"))
    chosen = worksheet.preview(_setup(no_drt, "hth", wound_level="over_75"))
    assert "over 75% wounded" in str(chosen.total)
    stale = _setup(half, "hth", situations=["wounded_75"])  # the sheet's level wins over a chip
    assert "over 75%" not in str(worksheet.preview(stale).total)


def test_aft_m43_past_drt_is_flagged() -> None:
    """Past DRT is flagged; what follows is the GM's (AFT-M43); Critical Damage kept apart."""
    bo = core.set_field(core.set_field(_target(), "derived.drt", "10"), "damage.lethal", "12")
    bo = core.set_field(bo, "damage.critical", "4")
    hurt = bind.wounds(bo)
    assert hurt.past_drt and hurt.level == "over_75"
    assert "past DRT" in str(hurt) and "4 Critical Damage kept apart" in str(hurt)


def test_aft_18_the_enhancement_reaches_the_damage_potential_asked_after_the_roll() -> None:
    """001 lines 7-13: the critical's +1 to +4 goes to the WDM, so the Damage Potential is asked
    once the critical is known; given then, the same dice go on to the damage."""
    ana = core.new_sheet("Ana")
    setup = _setup(ana, "hth", weapon="Sword, machete", critical_hit=True)
    waiting = worksheet.resolve(setup, random.Random(5))
    assert worksheet.waits_for_potential(waiting)
    asked = next(str(s) for s in waiting.resolution.steps if s.key == "potential")
    assert "critical" in asked and "WDM" in asked
    assert "AFT-18" in next(s.rule for s in waiting.resolution.steps if s.key == "potential")
    assert waiting.target["damage"] == _target()["damage"]
    done = worksheet.resolve(worksheet.with_potential(setup, "15"), random.Random(5))
    before = [str(s) for s in waiting.resolution.steps if s.key != "potential"]
    assert [str(s) for s in done.resolution.steps][: len(before)] == before
    assert done.resolution.damage_potential == 15
    assert "attack.damage_potential" not in done.resolution.waits_for
    with pytest.raises(RuleError, match="0 to 1000"):
        worksheet.with_potential(setup, "much")


def test_aft_46_choosing_a_gun_sets_its_range_row() -> None:
    """AFT-46 (T39): the gun's row follows it, autofire included; a shot load's choke is asked."""
    form = worksheet_forms.form_of("missile", {})
    rifle = worksheet_forms.set_form_field(form, "gun", "long_gun|Rifle")
    assert rifle["range_row"] == "Long Gun Rifle"
    assert worksheet_forms.toggle(rifle, "autofire")["range_row"] == "Autofire Rifle"
    shot = worksheet_forms.set_form_field(rifle, "gun", "shotgun|Shot")
    assert shot["range_row"] == ""
    with pytest.raises(RuleError, match="choke"):
        worksheet.preview(
            Setup(
                "missile",
                core.new_sheet(),
                _target(),
                {**shot, "bcs": 12},
                campaign({}),
                moment(1, 1),
            )
        )
    choke = worksheet_forms.set_form_field(shot, "range_row", "Shot Load Riot Gun")
    assert (
        worksheet_forms.set_form_field(choke, "gun", "shotgun|Shot")["range_row"]
        == "Shot Load Riot Gun"
    )


def test_aft_55_a_condition_not_yet_started_is_not_ended() -> None:
    stun, daze = stun_conditions(moment(2, 5))
    assert daze.state_at(moment(2, 6)) == "not yet" and stun.state_at(moment(2, 6)) == "active"


def test_a_fresh_setup_keeps_nothing_of_a_previous_attacker() -> None:
    """FIGHT.md: a new attacker's worksheet starts fresh; the skill and BCS are asked."""
    for mode in worksheet_forms.MODES:
        fresh = worksheet_forms.fresh_form(mode)
        assert (
            fresh == dict(worksheet_forms.FORMS[mode])
            and fresh["bcs"] == ""
            and fresh["skill"] == ""
        )
        with pytest.raises(RuleError, match="skill"):
            worksheet.preview(
                Setup(mode, core.new_sheet(), _target(), fresh, campaign({}), moment(1, 1))
            )
    used = {**worksheet_forms.fresh_form("hth"), "critical_hit": True, "damage_potential": 9}
    assert worksheet_forms.after_attack(used)["critical_hit"] is False
    assert worksheet_forms.after_attack(used)["damage_potential"] == ""


def test_aft_12_a_side_split_asks_for_the_near_side_then_goes_on() -> None:
    """AFT-12, AFT-F1: which member of a pair is nearest is in the missing figure; a side attack
    whose split needs it waits (no first-listed default), then goes on with the same dice."""
    ana = core.new_sheet("Ana")
    for n in range(300):
        setup = _setup(ana, attack_from="side")
        waiting = worksheet.resolve(setup, random.Random(n))
        if worksheet.asked(waiting) == "attack.near_side_location":
            break
    else:
        raise AssertionError("no side split in 300 seeds")
    step = next(str(s) for s in waiting.resolution.steps if s.key == "split")
    assert "which of them is on the near side" in step
    assert waiting.target["damage"] == _target()["damage"]  # nothing applied yet
    pair = [int(x) for x in step.split("split ")[1].split(" ")[0].split("/")]
    done = worksheet.resolve(
        worksheet.with_answer(setup, "attack.near_side_location", str(pair[0])), random.Random(n)
    )
    assert done.resolution.location in pair and not worksheet.asked(done)
    with pytest.raises(RuleError, match="1 to 30"):
        worksheet.with_answer(setup, "attack.near_side_location", "31")


def test_aft_50_numbers_are_exact_as_typed() -> None:
    """AFT-50 (001 line 671): force 3 over Mass 0.3 is exactly 10, the (5, 10] band, not > 10."""
    from pycore.systems.aftermath.attack.missile_effects import stopping

    assert stopping(3, 0.3).knock_down == "deftness_cst"


def test_typed_errors_for_wrong_types_and_nan() -> None:
    """AFT-32, AFT-33, AFT-36, AFT-08: wrong types, NaN and ∞ are typed errors in words."""
    from pycore.systems.aftermath.attack.situation import hth_modifiers
    from pycore.systems.aftermath.gear.encumbrance import enc_value, encumbrance_status
    from pycore.systems.aftermath.reference.overland import day_after

    for call in (
        lambda: enc_value(None, "Lt"),  # type: ignore[arg-type]
        lambda: encumbrance_status(float("inf"), 10),  # type: ignore[arg-type]
        lambda: encumbrance_status(float("nan"), 10),  # type: ignore[arg-type]
        lambda: day_after([], 1),  # type: ignore[arg-type]
        lambda: hth_modifiers(None),  # type: ignore[arg-type]
    ):
        with pytest.raises(RuleError):
            call()
