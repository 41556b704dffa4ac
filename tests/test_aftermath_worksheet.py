"""The attack worksheet's rules, moved out of the page into the core: the gun's critical row
(AFT-19, AFT-M39), the Range Table row of a gun (AFT-46), the combat clock (AFT-55), the campaign
settings (AFT-M02 and the other ASK values) and the attack built from the two sheets (AFT-14,
AFT-27, AFT-33, AFT-57)."""

from __future__ import annotations

import random

import pytest

from pycore.errors import RuleError
from pycore.systems.aftermath.attack import combat, inputs, worksheet, worksheet_forms
from pycore.systems.aftermath.campaign import campaign, check_setting, settings_from
from pycore.systems.aftermath.clock import next_phase, next_turn
from pycore.systems.aftermath.conditions import moment
from pycore.systems.aftermath.gear import guns
from pycore.systems.aftermath.sheet import sheet as core


def _rifle(**changes: object) -> combat.MissileAttack:
    base = {
        "base_bcs": 40,
        "range_row": "Long Gun Rifle",
        "meters": 50,
        "gun": "long_gun",
        "size": "Rifle",
        "target_cda": 0,
        "base_bdg": 26,
        "critical_hit": True,
    }
    return combat.MissileAttack(**{**base, **changes})  # type: ignore[arg-type]


def _bdg_step(result: combat.Resolution) -> str:
    return next(str(s) for s in result.steps if s.key == "bdg")


def test_aft_19_a_rifle_critical_adds_2d10_not_the_pistol_row() -> None:
    """AFT-19 (001 line 9): Rifle +2D10 BDG; "Rifle" covers the long guns (carbine too)."""
    assert "+ 2D10" in _bdg_step(combat.resolve_missile(_rifle(), random.Random(1)))
    carbine = _rifle(size="Carbine", range_row="Long Gun Carbine")
    assert "+ 2D10" in _bdg_step(combat.resolve_missile(carbine, random.Random(1)))
    pistol = _rifle(gun="pistol", size="STD", range_row="Pistol STD", base_bdg=10)
    assert "+ 1D10" in _bdg_step(combat.resolve_missile(pistol, random.Random(1)))


def test_aft_19_autofire_criticals_are_bursts() -> None:
    """AFT-19: a burst hits with all its rounds plus the effect of 1D3 more; no BDG dice."""
    burst = _rifle(range_row="Autofire Rifle", autofire=True, bursts=1)
    result = combat.resolve_missile(burst, random.Random(2))
    critical = next(str(s) for s in result.steps if s.key == "critical")
    assert "all rounds of the burst hit, plus the effect of 1D3" in critical
    assert "D10" not in _bdg_step(result).split("→")[0].split("=")[0]
    assert guns.critical_row("long_gun", "Autofire Carbine") == "burst"


def test_aft_m39_a_shotgun_critical_waits_for_its_row() -> None:
    """AFT-M39: the text has no shotgun row; the core waits for it instead of using the pistol's."""
    slug = _rifle(gun="shotgun", size="Slug", range_row="Shotgun Slug Load", base_bdg=27)
    waiting = combat.resolve_missile(slug, random.Random(3))
    assert waiting.waits_for == ("settings.shotgun_critical_row",)
    assert waiting.damage_done == 0 and waiting.critical_hit and waiting.location is not None
    assert "waits for the critical row for shotguns" in combat.summary(waiting)
    rifle_row = combat.resolve_missile(
        # Whether the slug cuts is said: a Sever would otherwise ask it (AFT-25).
        _rifle(**{**slug.__dict__, "shotgun_critical_row": "rifle", "cuts": True}),
        random.Random(3),
    )
    assert "+ 2D10" in _bdg_step(rifle_row) and rifle_row.waits_for == ()
    none_row = combat.resolve_missile(
        _rifle(**{**slug.__dict__, "shotgun_critical_row": "none"}), random.Random(3)
    )
    assert "D10" not in _bdg_step(none_row).split("→")[0].split("=")[0]
    with pytest.raises(RuleError):
        guns.critical_row("shotgun", "Shotgun Slug Load", shotgun_row="burst")


def test_aft_46_a_gun_fires_on_its_own_range_row() -> None:
    """AFT-46 (T39): pistols by barrel, long guns carbine or rifle (autofire rows when firing
    automatic), the SMG on its row (L697), slugs on the Slug Load row; a shot load's choke is not
    on the gun listing: asked (None)."""
    assert guns.range_row_for("pistol", "XLNG") == "Pistol XLNG"
    assert guns.range_row_for("long_gun", "Rifle") == "Long Gun Rifle"
    assert guns.range_row_for("long_gun", "Rifle", autofire=True) == "Autofire Rifle"
    assert guns.range_row_for("smg", "SMG") == "Autofire SMG"
    assert guns.range_row_for("shotgun", "Slug") == "Shotgun Slug Load"
    assert guns.range_row_for("shotgun", "Shot") is None
    with pytest.raises(RuleError):
        guns.range_row_for("railgun", "X")


def test_aft_55_the_clock_counts_20_action_phases_per_turn() -> None:
    """AFT-55: 20 Action Phases per Combat Turn (implied by AFT-43's m/AP = m/ct ÷ 20)."""
    assert next_phase(moment(1, 1)) == moment(1, 2)
    assert next_phase(moment(1, 20)) == moment(2, 1)
    assert next_turn(moment(3, 7)) == moment(4, 1)


def test_aft_m02_the_campaign_settings_are_checked_and_read() -> None:
    """AFT-M02 (critical rules), AFT-M21, AFT-M27/M28 (lost BDG), AFT-M44 (suspect rows)."""
    assert check_setting("critical_hit_rule", " 2 ") == "2"
    with pytest.raises(RuleError, match="from 1 to 20"):
        check_setting("critical_hit_rule", "21")
    with pytest.raises(RuleError, match="-20 to 0"):
        check_setting("bcs_per_distraction", "3")
    with pytest.raises(RuleError, match="listed choices"):
        check_setting("shotgun_critical_row", "burst")
    with pytest.raises(RuleError, match="no campaign setting"):
        check_setting("nope", "1")
    saved = settings_from({"bdg_long_gun_44_40": "14", "suspect_pitchfork": "as printed"})
    read = campaign(saved)
    assert read.supplied_bdg["bdg_long_gun_44_40"] == 14
    assert read.suspect_answers["Pitchfork"] == "as printed"
    assert read.critical_hit_at_or_below is None and read.starred_apply


def _sheets() -> tuple[dict[str, object], dict[str, object]]:
    ana = core.add_item(
        core.set_field(core.new_sheet("Ana"), "derived.enc_cap", "40"), "pack", "35"
    )
    bo = core.set_field(core.new_sheet("Bo"), "derived.cda", "1")
    bo = core.set_field(bo, "ast.HLH", "12")
    bo = core.set_field(bo, "cst.HLH", "5")
    bo = core.set_armor(bo, "4-12", "Steel")
    return ana, bo


def test_aft_57_the_attack_is_built_from_the_two_sheets() -> None:
    """AFT-33: the attacker's encumbrance from his sheet (Fully: −2); AFT-27: the target's
    Health AST and CST; AFT-14: the target's AV per location; AFT-10: its CDA."""
    ana, bo = _sheets()
    form = worksheet_forms.form_of("missile", {"bcs": 12, "meters": "20"})
    attack = inputs.missile_attack(ana, bo, form, campaign({}), moment(1, 1))
    assert attack.encumbrance_bcs == -2 and attack.target_cda == 1
    assert attack.target_save == combat.LowerSave(True, 12, 5, False)
    assert attack.armor[4] == 9 and attack.armor[1] == 0
    assert attack.base_bdg == 10  # 38 Special, T40
    hth_form = worksheet_forms.form_of("hth", {"bcs": 12})
    hth = inputs.hth_attack(ana, bo, hth_form, campaign({}), moment(1, 1))
    assert hth.armor[4] == (9, "R")  # AFT-16: the format of the piece giving the AV


def test_the_worksheet_checks_what_is_typed() -> None:
    form = worksheet_forms.form_of("missile", {})
    assert worksheet_forms.set_form_field(form, "bcs", "14")["bcs"] == 14
    with pytest.raises(RuleError, match="-100 to 100"):
        worksheet_forms.set_form_field(form, "bcs", "x")
    with pytest.raises(RuleError, match="1 to 8"):
        worksheet_forms.set_form_field(worksheet_forms.form_of("thrown", {}), "count", "9")
    assert worksheet_forms.set_form_field(form, "near_side", "")["near_side"] == ""
    with pytest.raises(RuleError, match="metres"):
        worksheet_forms.set_form_field(form, "meters", "far")
    assert worksheet_forms.set_form_field(form, "gun", "long_gun|Rifle")["size"] == "Rifle"
    skilled = core.add_skill(core.new_sheet(), "Rifle", "15")
    assert worksheet_forms.set_form_field(form, "skill", "Rifle", skilled)["bcs"] == 15
    with pytest.raises(RuleError):
        worksheet_forms.set_form_field(form, "nonsense", "1")
    assert worksheet_forms.toggle(form, "sit:stance")["situations"] == ["stance"]


def test_aft_15_resolve_writes_the_damage_to_the_target_sheet() -> None:
    """AFT-15, AFT-55: a resolved attack's damage and conditions are the target sheet's."""
    ana, bo = _sheets()
    form = {**worksheet_forms.form_of("missile", {}), "bcs": 40, "meters": "20"}
    settings = campaign({})
    setup = worksheet.Setup("missile", ana, bo, form, settings, moment(1, 1))
    outcome = worksheet.resolve(setup, random.Random(4))
    assert outcome.resolution.hit
    done = outcome.resolution.damage_done
    assert outcome.target["damage"]["lethal"] == done
    preview = worksheet.preview(setup)
    assert outcome.resolution.bcs is not None
    assert preview.total.total == outcome.resolution.bcs.total
