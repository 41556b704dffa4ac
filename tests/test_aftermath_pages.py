"""The Aftermath pages without a browser: views are values, updates are functions."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import find_all, text_of
from rkweb.features.aftermath.combat.update import CbtPotential
from rkweb.features.aftermath.state import SETTINGS, suspect_setting

from pycore.errors import RuleError
from pycore.store import History, default_data
from pycore.systems.aftermath.attack import worksheet_forms
from pycore.systems.aftermath.attack.critical import EFFECT_TITLES
from pycore.systems.aftermath.conditions import moment
from pycore.systems.aftermath.gear.weapons import suspect_rows
from pycore.systems.aftermath.reference.overland import conditions
from pycore.systems.aftermath.sheet import sheet

NOW = "2026-11-23T10:00:00+01:00"


def ctx(seed: str = "abc") -> Ctx:
    return Ctx(now=NOW, fresh_seed=seed)


def fresh() -> Model:
    return Model(History.new(default_data()), route="aftermath")


def send(model: Model, *msgs: tuple[object, ...], seed: str = "abc") -> Model:
    for msg in msgs:
        model = shell.update(model, msg, ctx(seed))
    return model


def texts(model: Model, testid: str) -> list[str]:
    return [text_of(n) for n in find_all(shell.view(model), testid)]


def two_fighters() -> Model:
    model = send(
        fresh(),
        ("aftermath.char_new", "character"),
        ("aftermath.char_field", "name", "Ana"),
        ("aftermath.char_field", "attr.STR", "30"),
        ("aftermath.char_new", "character"),
        ("aftermath.char_field", "name", "Bo"),
        ("aftermath.char_field", "derived.cda", "1"),
        ("aftermath.char_field", "derived.mass", "2"),
        ("aftermath.char_draft", "armor_locations", "4-12"),
        ("aftermath.char_draft", "armor_material", "Steel"),
        ("aftermath.char_wear",),
        ("aftermath.tab", "combat"),
        ("aftermath.cbt_pick", "attacker", "0"),
        ("aftermath.cbt_pick", "target", "1"),
        ("aftermath.cbt_field", "missile", "bcs", "12"),
        ("aftermath.cbt_field", "missile", "meters", "20"),  # AFT-46: typed, never assumed
    )
    return model


def test_characters_tab_derives_group_and_effect_die_live() -> None:
    """AFT-06 live; AFT-M03: AST and CST are entered."""
    model = send(
        fresh(),
        ("aftermath.char_new", "character"),
        ("aftermath.char_field", "attr.STR", "30"),
        ("aftermath.char_field", "ast.HLH", "12"),
        ("aftermath.char_field", "cst.HLH", "5"),
    )
    assert texts(model, "aft-group-STR") == ["G4 · 2D6 rating 30 → Group 4, Effect Die 2D6"]
    odds = texts(model, "aft-save-odds-HLH")[0]
    assert "25%exactly 1/4" in odds and "35%exactly 7/20" in odds and "40%exactly 2/5" in odds
    model = send(model, ("aftermath.char_field", "attr.STR", "99"))
    assert "outside 0 to 74" in model.ui["aftermath_errors"]["char.attr.STR"]
    assert model.state["aftermath"]["characters"][0]["attr"]["STR"] == 30
    # The last value kept is the step Undo names; the refused 99 made none.
    assert model.history.undo_label == "Edit Character 1: Health CST"


def test_a_sheet_field_kept_is_an_undo_step_of_its_own() -> None:
    """A GM's play-through: a rename was kept without an undo step, so Undo offered "Create
    character", found the sheet changed under it and took back nothing visible."""
    model = send(
        fresh(), ("aftermath.char_new", "character"), ("aftermath.char_field", "name", "Cyra")
    )
    assert model.history.undo_label == "Edit Cyra: name"
    model = send(model, ("aftermath.char_field", "ast.HLH", "12"))
    assert model.history.undo_label == "Edit Cyra: Health AST"
    back = send(model, ("shell.undo",), ("shell.undo",))
    assert back.state["aftermath"]["characters"][0]["name"] == "Character 1"
    assert back.history.undo_label == "Create character"


def test_character_delete_is_undoable() -> None:
    model = send(fresh(), ("aftermath.char_new", "creature"), ("aftermath.char_del", 0))
    assert model.state["aftermath"]["characters"] == []
    model = send(model, ("shell.undo",))
    assert model.state["aftermath"]["characters"][0]["kind"] == "creature"


def test_armor_and_skills_and_weapons() -> None:
    """AFT-M01: a skill's BCS is entered; AFT-14 on the sheet."""
    model = send(
        fresh(),
        ("aftermath.char_new", "character"),
        ("aftermath.char_draft", "skill_name", "Pistol"),
        ("aftermath.char_draft", "skill_bcs", "13"),
        ("aftermath.char_add_skill",),
        ("aftermath.char_add_weapon", "Sword, machete"),
        ("aftermath.char_draft", "armor_locations", "1-3"),
        ("aftermath.char_draft", "armor_material", "Hercuweave"),
        ("aftermath.char_wear",),
    )
    assert texts(model, "aft-skill")[0].startswith("PistolBCS 13")
    assert "WDM 1.8L" in texts(model, "aft-weapon")[0]
    assert texts(model, "aft-av-2") == ["AV 4 (Hercuweave 4 (BF 35 ÷ 10, nearest))"]


def test_rolls_tab_shows_exact_chance_and_what_plus_one_changes() -> None:
    model = send(
        fresh(),
        ("aftermath.tab", "rolls"),
        ("aftermath.roll_field", "bcs", "12"),
        ("aftermath.roll_toggle", "target_prone"),
    )
    assert texts(model, "aft-roll-formula") == ["BCS 12 + Target is prone +2 = 14"]
    odds = texts(model, "aft-roll-odds")[0]
    assert "70%exactly 7/10" in odds and "(then 75%)5%exactly 1/20" in odds
    model = send(model, ("aftermath.roll_bcs",), seed="r1")
    result = texts(model, "aft-roll-result")[0]
    assert re.match(
        r"^BCS 12 \+ Target is prone \+2 = 14 · 1D20 = \d+ vs BCS 14: (success|failure)", result
    )
    model = send(
        model,
        ("aftermath.roll_toggle", "attacker_prone"),
        ("aftermath.roll_toggle", "attacker_sitting"),
    )
    assert "attacker posture" in model.ui["aftermath_errors"]["roll.situations"]


def test_rolls_tab_saving_throw_and_opposed_dice() -> None:
    model = send(
        fresh(),
        ("aftermath.tab", "rolls"),
        ("aftermath.roll_field", "ast", "10"),
        ("aftermath.roll_field", "cst", "3"),
    )
    odds = texts(model, "aft-save-odds")[0]
    assert "15%exactly 3/20" in odds and "35%exactly 7/20" in odds and "50%exactly 1/2" in odds
    model = send(model, ("aftermath.roll_save",), seed="s")
    assert re.search(
        r"saving throw: 1D20 = \d+ vs CST 3 / AST 10: ", texts(model, "aft-roll-result")[0]
    )
    assert texts(model, "aft-opp-odds")[0].startswith("Target higher")
    model = send(model, ("aftermath.roll_opposed",))
    assert "→" in texts(model, "aft-roll-result")[0]


def test_combat_worksheet_waits_for_missing_values_then_resolves_and_undoes() -> None:
    """AFT-M04: the worksheet waits for target.cda."""
    model = send(
        fresh(),
        ("aftermath.char_new", "character"),
        ("aftermath.char_new", "character"),
        ("aftermath.tab", "combat"),
        ("aftermath.cbt_pick", "target", "1"),
    )
    assert "choose the attacker's skill" in texts(model, "aft-cbt-waiting")[0]
    model = send(model, ("aftermath.cbt_field", "missile", "bcs", "12"))
    # AFT-46: no range is assumed; the shot waits for it (a 20 m nobody typed was taken)
    assert texts(model, "aft-cbt-waiting")[0].startswith(
        "The worksheet waits for a value:Range (m): type how far away the target is"
    )
    model = send(model, ("aftermath.cbt_field", "missile", "meters", "20"))
    waiting = texts(model, "aft-cbt-waiting")[0]
    assert "enter the target's CDA" in waiting and "AFT-" not in waiting.split("Why")[0]
    assert waiting.endswith("WhyAFT-10AFT-M04")  # the refusal's rules, under its "Why"
    model = two_fighters()
    lines = texts(model, "aft-cbt-modifiers")[0]
    assert "range EFF 0" in lines and "Inherent Accuracy +1" in lines
    assert "target stationary (CDA 1 × 1) −1" in lines
    assert "(AFT-" not in lines  # the sources are under "Why"
    why = text_of(find_all(shell.view(model), "aft-cbt-preview")[0])
    assert "range EFF 0: AFT-46" in why and "Inherent Accuracy +1: AFT-44" in why
    assert texts(model, "aft-cbt-bcs") == ["BCS 12"]
    assert "60%exactly 3/5" in texts(model, "aft-cbt-odds")[0]
    model = send(
        model,
        ("aftermath.cbt_field", "missile", "bcs", "30"),
        ("aftermath.cbt_toggle", "missile", "critical_hit"),
    )
    model = send(model, ("aftermath.cbt_resolve",), seed="fight-1")
    # Bo has no Health AST and CST: the critical asks for them right there (issue 28).
    assert texts(model, "aft-health-ast") == [""]
    model = send(
        model,
        CbtPotential(value="12"),
        ("aftermath.cbt_potential", "cst", "5"),
        ("aftermath.cbt_apply",),
    )
    steps = texts(model, "aft-step")
    assert steps[0].startswith("Range: Pistol STD at 20 m: EFF")
    assert any(s.startswith("Hit location: D100") for s in steps)
    assert any(s.startswith("Adjusted BDG: BDG 10 +0 (EFF) + 1D10") for s in steps)
    assert any(s.startswith("Damage Done:") for s in steps)
    entry = model.state["aftermath"]["combat"]["log"][0]
    assert entry["seed"] == "fight-1" and "Ana → Bo" in entry["text"]
    assert model.history.undo_label == "Attack: Ana → Bo"
    target = model.state["aftermath"]["characters"][1]
    undone = send(model, ("shell.undo",))
    assert undone.state["aftermath"]["combat"]["log"] == []
    assert undone.state["aftermath"]["characters"][1]["damage"]["lethal"] == 0
    assert target["damage"]["lethal"] + target["damage"]["critical"] >= 0


def test_hth_worksheet_and_timers() -> None:
    model = send(
        two_fighters(),
        ("aftermath.cbt_pick", "mode", "hth"),
        ("aftermath.cbt_field", "hth", "weapon", "Sword, machete"),
        ("aftermath.cbt_field", "hth", "bcs", "25"),
    )
    assert "BCS 25" in texts(model, "aft-cbt-bcs")[0]
    model = send(model, ("aftermath.cbt_resolve",), seed="h1")
    # AFT-18, AFT-M05: the Damage Potential is asked once the critical is known; nothing is
    # written to the sheets before it is given.
    assert model.state["aftermath"]["combat"]["pending"]["seed"] == "h1"
    assert "waits for the Damage Potential" in texts(model, "aft-attack-result")[0]
    assert "WDM 1.8L" in texts(model, "aft-pending-wdm")[0]
    assert model.state["aftermath"]["combat"]["log"] == []
    assert model.history.undo_label == "Attack roll: Ana → Bo"
    model = send(model, CbtPotential(value="x"), ("aftermath.cbt_apply",))
    assert "0 to 1000" in model.ui["aftermath_errors"]["cbt.damage_potential"]
    model = send(model, CbtPotential(value="15"), ("aftermath.cbt_apply",), seed="h2")
    entry = model.state["aftermath"]["combat"]["log"][0]
    assert entry["seed"] == "h1" and model.state["aftermath"]["combat"]["pending"] is None
    assert "Damage Done" in " ".join(texts(model, "aft-step"))
    assert "Damage Potential: 15 (entered" in " ".join(entry["steps"])
    model = send(model, ("aftermath.cbt_next_phase",))
    assert texts(model, "aft-clock") == ["Turn 1 · Phase 2"]
    model = send(model, ("aftermath.cbt_next_turn",))
    assert texts(model, "aft-clock") == ["Turn 2 · Phase 1"]
    assert model.history.undo_label == "Next Combat Turn (2)"


def test_settings_are_remembered_and_checked() -> None:
    """AFT-M02: settings.critical_hit_rule."""
    model = send(
        fresh(), ("aftermath.tab", "combat"), ("aftermath.set_field", "critical_hit_rule", "2")
    )
    assert model.state["aftermath"]["settings"]["critical_hit_rule"] == "2"
    model = send(model, ("aftermath.set_field", "critical_hit_rule", "25"))
    assert "1 to 20" in model.ui["aftermath_errors"]["set.critical_hit_rule"]


def test_quadruped_regions_are_asked_on_the_sheet() -> None:
    model = send(
        fresh(), ("aftermath.char_new", "creature"), ("aftermath.char_field", "body", "quadrupedal")
    )
    assert find_all(shell.view(model), "aft-region-head_neck")
    model = send(model, ("aftermath.char_field", "regions.head_neck", "1-2"))
    assert model.state["aftermath"]["characters"][0]["regions"]["head_neck"] == "1, 2"
    model = send(model, ("aftermath.char_field", "regions.torso", "0-40"))
    assert "1-30" in model.ui["aftermath_errors"]["char.regions.torso"]


def test_thrown_weapon_worksheet() -> None:
    model = send(
        two_fighters(),
        ("aftermath.cbt_pick", "mode", "thrown"),
        ("aftermath.cbt_field", "thrown", "bcs", "12"),
        ("aftermath.cbt_field", "thrown", "weapon", "Shuriken"),
        ("aftermath.cbt_field", "thrown", "count", "2"),
    )
    assert "−2" in texts(model, "aft-cbt-modifiers")[0]  # 2 thrown at once (note 10)
    model = send(model, ("aftermath.cbt_field", "thrown", "count", "5"))
    assert "Deftness Group" in texts(model, "aft-cbt-waiting")[0]
    model = send(
        model,
        ("aftermath.cbt_field", "thrown", "count", "1"),
        ("aftermath.cbt_field", "thrown", "bcs", "30"),
        ("aftermath.cbt_resolve",),
        CbtPotential(value="6"),
        ("aftermath.cbt_apply",),
    )
    assert "(thrown): hit (rolled " in texts(model, "aft-attack-result")[0]


def test_save_to_lower_a_critical_effect() -> None:
    """AFT-27: a personality target's Health AST is rolled in the attack; the lowered effect's
    conditions are the ones applied."""
    model = send(
        two_fighters(),
        ("aftermath.tab", "characters"),
        ("aftermath.char_select", 1),
        ("aftermath.char_field", "personality", "true"),
        ("aftermath.char_field", "ast.HLH", "19"),
        ("aftermath.char_field", "cst.HLH", "5"),
        ("aftermath.tab", "combat"),
        ("aftermath.cbt_field", "missile", "bcs", "30"),
        ("aftermath.cbt_toggle", "missile", "critical_hit"),
    )
    for seed in range(60):  # find a seed whose Critical Effect was lowered
        tried = send(model, ("aftermath.cbt_resolve",), seed=f"s{seed}")
        entry = tried.state["aftermath"]["combat"]["log"][0]
        if any("lowered to" in step for step in entry["steps"]):
            break
    else:
        raise AssertionError("no lowered Critical Effect in 60 seeds")
    step = next(s for s in entry["steps"] if s.startswith("Save to lower"))
    assert "Health AST 1D20 = " in step and "AFT-" not in step
    assert "Save to lower: AFT-27" in entry["why"]
    lowered_to = step.split("lowered to ")[1].split(" (")[0]
    assert entry["effect"] == {t: k for k, t in EFFECT_TITLES.items()}[lowered_to]
    bo = tried.state["aftermath"]["characters"][1]
    names = [c["name"] for c in bo["conditions"]]
    if entry["effect"] == "daze":
        assert names == ["Dazed"]
    if entry["effect"] == "none":
        assert names == []


def test_distractions_count_waits_for_their_bcs_value() -> None:
    """AFT-41, AFT-M21: Distractions are counted; their BCS value is the user's setting."""
    model = send(
        two_fighters(),
        ("aftermath.cbt_field", "missile", "bcs", "14"),
        ("aftermath.cbt_field", "missile", "distractions", "2"),
        ("aftermath.cbt_resolve",),
    )
    assert model.ui["aftermath_errors"]["cbt.resolve"] == (
        "BCS per Distraction is not in the source: enter it in Settings"
    )
    model = send(
        model,
        ("aftermath.set_field", "bcs_per_distraction", "-3"),
        ("aftermath.cbt_resolve",),
    )
    assert "2 Distractions × −3 −6" in model.state["aftermath"]["combat"]["log"][0]["steps"][1]


def test_a_condition_is_recorded_by_hand_and_undone() -> None:
    """AFT-M08, AFT-55: System Shock (e.g. after cauterization, AFT-25) recorded from now."""
    model = send(
        two_fighters(),
        ("aftermath.cbt_next_phase",),
        ("aftermath.char_draft", "condition", "system_shock"),
        ("aftermath.char_add_cond", 1),
    )
    bo = model.state["aftermath"]["characters"][1]
    assert [(c["name"], c["start"], c["until"]) for c in bo["conditions"]] == [
        ("System Shock", [1, 2], None)
    ]
    assert "System Shock from turn 1, phase 2" in texts(model, "aft-target-conditions-entry")[0]
    model = send(
        model, ("aftermath.char_draft", "condition", "stunned"), ("aftermath.char_add_cond", 1)
    )
    names = [c["name"] for c in model.state["aftermath"]["characters"][1]["conditions"]]
    assert names == ["System Shock", "Stunned", "Dazed"]
    model = send(model, ("shell.undo",))
    assert len(model.state["aftermath"]["characters"][1]["conditions"]) == 1


def test_the_condition_picker_starts_empty_and_add_waits_for_a_choice() -> None:
    """Play-through 56: "Record a condition by hand" came set to System Shock, so one tap on
    "Add condition" recorded a condition the text leaves undefined (AFT-M08) without the GM
    choosing it. The picker starts on "— choose a condition —"; Add is refused beside it, and
    nothing recorded, until one is chosen; choosing one takes the refusal away."""
    before = two_fighters()
    picker = find_all(shell.view(before), "aft-target-conditions-kind")[0]
    options = [o for o in picker.children if not isinstance(o, str)]
    chosen = [(o.attr("value"), text_of(o)) for o in options if o.attr("selected") is not None]
    assert chosen == [("", "— choose a condition —")]
    model = send(before, ("aftermath.char_add_cond", 1))
    assert model.state == before.state  # nothing recorded
    assert texts(model, "aft-target-conditions-kind-error") == [
        "Condition: choose one to record first"
    ]
    model = send(model, ("aftermath.char_draft", "condition", "dazed"))
    assert texts(model, "aft-target-conditions-kind-error") == [""]
    model = send(model, ("aftermath.char_add_cond", 1))
    assert [c["name"] for c in model.state["aftermath"]["characters"][1]["conditions"]] == ["Dazed"]
    # The core refuses it the same way (the sheet's own check, whoever calls it).
    with pytest.raises(RuleError, match=r"^Condition: choose one to record first$"):
        sheet.add_condition(sheet.new_sheet("Bo"), "", moment(1, 1))


def test_a_critical_miss_lands_on_the_attacker() -> None:
    """AFT-28: the Unarmed/Natural table's Dazed or Stunned is recorded on the attacker."""
    model = send(
        two_fighters(),
        ("aftermath.cbt_pick", "mode", "hth"),
        ("aftermath.cbt_field", "hth", "bcs", "-20"),
        ("aftermath.cbt_toggle", "hth", "critical_miss"),
    )
    for seed in range(60):
        tried = send(model, ("aftermath.cbt_resolve",), seed=f"m{seed}")
        entry = tried.state["aftermath"]["combat"]["log"][0]
        if any("Character is Stunned" in step for step in entry["steps"]):
            break
    else:
        raise AssertionError("no Stunned critical miss in 60 seeds")
    ana, bo = tried.state["aftermath"]["characters"]
    assert [c["name"] for c in ana["conditions"]] == ["Stunned", "Dazed"]
    assert bo["conditions"] == []
    assert any(line.startswith("Ana: Stunned from turn 1") for line in entry["applied"])


def test_barrier_soil_value_and_star_note_are_the_users() -> None:
    """AFT-40, AFT-M25: soil's Barrier Factor picked in 8-20; the * footnote as the user gives it."""
    model = send(
        fresh(),
        ("aftermath.tab", "reference"),
        ("aftermath.ref_field", "soil_bf", "14"),
        ("aftermath.ref_field", "star_note", "half against bullets"),
    )
    lines = find_all(shell.view(model), "aft-ref-barriers")[0]
    text = text_of(lines)
    assert "Soil: Barrier Factor 14 per inch (your value, 8-20" in text
    assert "Stone: Barrier Factor 30 per inch; * (your note): half against bullets" in text
    assert "AFT-T31, L542, AFT-M25: Stone: Barrier Factor 30" in text_of(shell.view(model))  # Why
    model = send(model, ("aftermath.ref_field", "soil_bf", "30"))
    assert "Soil Barrier Factor 30 is outside 8 to 20" in text_of(shell.view(model))


def test_acid_scarring_lowers_the_users_looks_category() -> None:
    """AFT-42, AFT-M34: acid strength and Looks category are asked; scarring subtracts."""
    model = send(
        fresh(),
        ("aftermath.tab", "reference"),
        ("aftermath.ref_field", "acid_strength", "2"),
        ("aftermath.ref_field", "looks", "7"),
    )
    for seed in range(40):
        tried = send(model, ("aftermath.ref_acid",), seed=f"a{seed}")
        entry = tried.state["aftermath_ref"]["log"][0]["text"]
        if "Extensive scarring" in entry:
            break
    else:
        raise AssertionError("no scarring in 40 seeds")
    assert "Looks category 7 − acid strength 2" in entry


def test_learning_rate_follows_the_users_rate_and_reading() -> None:
    """AFT-38, AFT-M22: the Learning Rate and the direction of the aids are the user's."""
    model = send(fresh(), ("aftermath.tab", "reference"), ("aftermath.ref_study", "expert_teacher"))
    assert "enter the Learning Rate" in texts(model, "aft-ref-learning")[0]
    model = send(
        model,
        ("aftermath.ref_field", "learning_rate", "10"),
        ("aftermath.ref_field", "learning_rule", "aids_lower"),
    )
    assert (
        "Learning Rate 10 − aids 1 + hindrances 0 = 9 (your reading)"
        in texts(model, "aft-ref-learning")[0]
    )


def test_the_attackers_encumbrance_comes_from_his_sheet() -> None:
    """AFT-33: once ENC CAP is entered, the sheet's status sets the attack's BCS modifier."""
    model = send(
        two_fighters(),
        ("aftermath.tab", "characters"),
        ("aftermath.char_select", 0),
        ("aftermath.char_field", "derived.enc_cap", "40"),
        ("aftermath.char_draft", "item_name", "pack"),
        ("aftermath.char_draft", "item_enc", "35"),
        ("aftermath.char_add_item",),
    )
    assert "Fully Encumbered" in texts(model, "aft-enc-status")[0]
    model = send(model, ("aftermath.tab", "combat"), ("aftermath.cbt_resolve",), seed="e1")
    assert "encumbrance −2" in model.state["aftermath"]["combat"]["log"][0]["steps"][1]


def test_a_throws_subdual_damage_is_rolled_from_the_throwers_strength() -> None:
    """AFT-39: Effect Number 7-9 adds the thrower's Strength Effect Die as subdual damage, 5
    less per Blast Buffering level."""
    model = send(
        fresh(),
        ("aftermath.tab", "reference"),
        ("aftermath.ref_field", "en", "8"),
        ("aftermath.ref_field", "thrower_str", "30"),
        ("aftermath.ref_field", "blast", "1"),
        ("aftermath.ref_throw_damage",),
    )
    entry = model.state["aftermath_ref"]["log"][0]["text"]
    assert entry.startswith("Throw, Effect Number 8: subdual damage: Strength Effect Die 2D6 = ")
    assert "− 5 × Blast Buffering 1" in entry


def test_armor_worn_shows_its_enc_and_barter_and_is_carried() -> None:
    """AFT-14: ENC/LOC and barter × locations covered; the armor counts in the Total ENC."""
    model = send(
        two_fighters(),
        ("aftermath.tab", "characters"),
        ("aftermath.char_select", 1),
    )
    assert texts(model, "aft-armor-totals")[0].startswith("Steel on 9 locations: ENC 0.63")
    assert texts(model, "aft-enc-total")[0].startswith("Total ENC 0.63, armor worn included")


def test_reaction_value_numbers_keep_a_running_sum() -> None:
    """AFT-31: a running sum of Value Numbers, shown only, cleared by the user."""
    model = send(fresh(), ("aftermath.tab", "reference"))
    model = send(model, ("aftermath.ref_reaction",), seed="r1")
    model = send(model, ("aftermath.ref_reaction",), seed="r2")
    values = model.state["aftermath_ref"]["reactions"]
    assert len(values) == 2
    assert texts(model, "aft-ref-reaction-sum")[0].endswith(
        "(a running sum only: how they combine is the GM's)"
    )
    model = send(model, ("aftermath.ref_reaction_clear",))
    assert texts(model, "aft-ref-reaction-sum") == ["no reactions rolled"]


def test_rope_height_and_the_ladder_modifier() -> None:
    """AFT-37: a knotted rope's maximum height = Strength AST + Strength Effect Die; the ladder's
    garbled BCS modification is the user's to change."""
    model = send(
        fresh(),
        ("aftermath.tab", "reference"),
        ("aftermath.ref_field", "method", "Knotted rope"),
        ("aftermath.ref_field", "rope_save", "9"),
        ("aftermath.ref_field", "thrower_str", "30"),
        ("aftermath.ref_rope",),
    )
    entry = model.state["aftermath_ref"]["log"][0]["text"]
    assert entry.startswith("Knotted rope: maximum height: Strength AST 9 + (2D6 (")
    model = send(
        model,
        ("aftermath.ref_field", "method", "Ladder"),
        ("aftermath.ref_field", "bma", "10"),
        ("aftermath.ref_field", "ladder_bcs", "-1"),
    )
    assert "BCS −1 while on it" in texts(model, "aft-ref-climb")[0]


def test_the_gun_action_limits_what_one_action_fires() -> None:
    """AFT-45, AFT-M37: shots per Action by the gun's action code; FA asks its burst limit."""
    model = send(
        two_fighters(),
        ("aftermath.cbt_field", "missile", "gun_action", "DA"),
        ("aftermath.cbt_field", "missile", "shots", "2"),
        ("aftermath.cbt_resolve",),
    )
    steps = model.state["aftermath"]["combat"]["log"][0]["steps"]
    assert steps[0].startswith("Fire: DA: 2 shot(s) = 2 rounds; each shot is rolled")
    # The next attack starts afresh (issue 25): what it fires is typed for it. It is Ana's
    # next Action, in the next Action Phase (AFT-45).
    model = send(
        model,
        ("aftermath.cbt_next_phase",),
        ("aftermath.cbt_field", "missile", "bcs", "12"),
        ("aftermath.cbt_field", "missile", "gun_action", "SA"),
        ("aftermath.cbt_field", "missile", "shots", "2"),
        ("aftermath.cbt_resolve",),
    )
    assert "SA allows 1 shot(s) per Action, not 2" in model.ui["aftermath_errors"]["cbt.resolve"]
    model = send(
        model,
        ("aftermath.cbt_field", "missile", "gun_action", "FA"),
        ("aftermath.cbt_toggle", "missile", "autofire"),
        ("aftermath.cbt_field", "missile", "bursts", "2"),
        ("aftermath.cbt_resolve",),
    )
    assert "enter the most bursts per Action" in model.ui["aftermath_errors"]["cbt.resolve"]


def test_the_gm_corrects_a_damage_record_by_hand() -> None:
    """AFT-F2: any worksheet result can be overridden: here the damage record."""
    model = send(
        two_fighters(),
        ("aftermath.tab", "characters"),
        ("aftermath.char_select", 1),
        ("aftermath.char_field", "damage.lethal", "7"),
        ("aftermath.char_field", "damage.critical", "-1"),
    )
    assert model.state["aftermath"]["characters"][1]["damage"]["lethal"] == 7
    assert (
        "Critical damage -1 is outside 0 to 10000"
        in model.ui["aftermath_errors"]["char.damage.critical"]
    )
    assert "Lethal 7" in texts(model, "aft-conditions-damage")[0]


def test_a_suspect_weapon_row_is_confirmed_or_corrected_by_the_user() -> None:
    """AFT-M44: the Pitchfork row is used as printed, marked, until the user says."""
    model = send(
        two_fighters(),
        ("aftermath.tab", "characters"),
        ("aftermath.char_select", 0),
        ("aftermath.char_add_weapon", "Pitchfork"),
    )
    assert "confirm or correct it in the settings" in texts(model, "aft-weapon")[0]
    model = send(model, ("aftermath.set_field", "suspect_pitchfork", "as printed"))
    assert "row suspect in the source; yours: as printed" in texts(model, "aft-weapon")[0]


def test_overland_combination_and_the_day_after() -> None:
    """AFT-36: conditions multiply or take the lowest (the user's reading); T27 day after."""
    model = send(
        fresh(),
        ("aftermath.tab", "reference"),
        ("aftermath.ref_field", "base", "40"),
        ("aftermath.ref_terrain", conditions()[0]),
        ("aftermath.ref_terrain", conditions()[1]),
    )
    multiplied = texts(model, "aft-ref-overland")[0]
    model = send(model, ("aftermath.ref_field", "combine", "lowest"))
    assert texts(model, "aft-ref-overland")[0] != multiplied
    model = send(
        model,
        ("aftermath.ref_field", "weather", "Heavy Snow"),
        ("aftermath.ref_field", "day", "2"),
        ("aftermath.ref_field", "snow_days", "2"),
    )
    assert texts(model, "aft-ref-day-after") == [
        "Heavy Snow, day 2 after it ended: 25% of normal movement"
    ]


def test_cover_adds_the_users_av_against_a_shot() -> None:
    """AFT-M17: how a Barrier Factor stops a bullet is not in the text: the cover's AV is asked."""
    model = send(
        two_fighters(),
        ("aftermath.cbt_field", "missile", "bcs", "30"),
        ("aftermath.cbt_field", "missile", "cover_av", "50"),
        ("aftermath.cbt_resolve",),
    )
    steps = model.state["aftermath"]["combat"]["log"][0]["steps"]
    cover = next(s for s in steps if s.startswith("Cover:"))
    assert cover.startswith("Cover: cover AV 50 (yours) + armor AV ")
    assert any("Damage Done 0" in s for s in steps)


def _ids(node: object) -> list[str]:
    if isinstance(node, str):
        return []
    assert hasattr(node, "attr") and hasattr(node, "children")
    own = [node.attr("id")] if node.attr("id") else []
    return [*own, *(i for child in node.children for i in _ids(child))]


def test_every_aftermath_view_has_unique_element_ids() -> None:
    """A label points at one control: no id twice on a page (WCAG 4.1.1, axe duplicate-id)."""
    model = two_fighters()
    views = []
    for mode in ("missile", "hth", "thrown"):
        views.append(send(model, ("aftermath.cbt_pick", "mode", mode)))
    for tab in ("characters", "rolls", "reference"):
        views.append(send(model, ("aftermath.tab", tab)))
    for shown in views:
        ids = _ids(shell.view(shown))
        duplicated = sorted({i for i in ids if ids.count(i) > 1})
        assert duplicated == []


def test_every_suspect_row_has_its_setting() -> None:
    """AFT-M44: the settings hold one answer per row the listing marks suspect."""
    assert {suspect_setting(n) for n in suspect_rows()} <= set(SETTINGS)


@given(
    st.lists(
        st.lists(st.sampled_from(["Pistol", "Rifle", "Swing", "Brawl"]), max_size=3, unique=True),
        min_size=2,
        max_size=4,
    ),
    st.data(),
)
@settings(max_examples=12, deadline=None)
def test_switching_the_attacker_keeps_nothing_of_the_previous_one(
    skill_sets: list[list[str]], data: st.DataObject
) -> None:
    """FIGHT.md, issue 16: after a fully set-up attack, a new attacker's worksheet equals a fresh
    set-up (no skill, BCS, chips, ticks or options kept; his one skill, when his sheet lists one,
    derived from it); skills go by name."""
    model = fresh()
    for i, skills in enumerate(skill_sets):
        model = send(
            model, ("aftermath.char_new", "character"), ("aftermath.char_field", "name", f"C{i}")
        )
        for n, name in enumerate(skills):
            model = send(
                model,
                ("aftermath.char_draft", "skill_name", name),
                ("aftermath.char_draft", "skill_bcs", str(8 + n + i)),
                ("aftermath.char_add_skill",),
            )
    first = data.draw(st.integers(0, len(skill_sets) - 1))
    second = data.draw(st.integers(0, len(skill_sets) - 1).filter(lambda n: n != first))
    model = send(model, ("aftermath.tab", "combat"), ("aftermath.cbt_pick", "attacker", str(first)))
    for mode in ("missile", "hth", "thrown"):
        model = send(
            model,
            ("aftermath.cbt_field", mode, "skill", (skill_sets[first] or [""])[0]),
            ("aftermath.cbt_field", mode, "bcs", "17"),
            ("aftermath.cbt_field", mode, "distractions", "2"),
            ("aftermath.cbt_toggle", mode, "critical_hit"),
            ("aftermath.cbt_toggle", mode, "sit:target_prone" if mode == "hth" else "sit:stance"),
        )
    model = send(model, ("aftermath.cbt_pick", "attacker", str(second)))
    # Issue 25: the half-entered attack is not dropped without a word: the GM drops it.
    assert model.state["aftermath"]["combat"]["attacker"] == first
    model = send(model, ("aftermath.cbt_ask", "drop"))
    combat = model.state["aftermath"]["combat"]
    assert combat["attacker"] == second
    own = skill_sets[second]
    for mode in ("missile", "hth", "thrown"):
        expected = worksheet_forms.fresh_form(mode)
        if len(own) == 1:  # his one skill is what his sheet gives (no weapon on it)
            expected.update(skill=own[0], bcs=8 + second)
        assert combat[mode] == expected
    options = [
        text_of(o)
        for o in find_all(shell.view(model), "aft-missile-skill")[0].children
        if not isinstance(o, str)
    ]
    assert options[1:] == [f"{s} (BCS {8 + n + second})" for n, s in enumerate(skill_sets[second])]


def test_a_stunned_attacker_is_refused_unless_the_gm_overrides() -> None:
    """001 line 24 (AFT-22): the worksheet refuses, says why, and takes the GM's reason."""
    model = send(
        two_fighters(),
        ("aftermath.char_draft", "condition", "stunned"),
        ("aftermath.char_add_cond", 0),
        ("aftermath.cbt_resolve",),
    )
    assert "Ana is Stunned" in model.ui["aftermath_errors"]["cbt.resolve"]
    assert "may not initiate attacks or fire" in texts(model, "aft-refused")[0]
    assert model.state["aftermath"]["combat"]["log"] == []
    model = send(
        model, ("aftermath.cbt_pick", "override", "a reflex shot"), ("aftermath.cbt_resolve",)
    )
    entry = model.state["aftermath"]["combat"]["log"][0]
    assert entry["steps"][0].startswith("GM override: Ana is Stunned")
    assert model.state["aftermath"]["combat"]["override"] == ""  # for that attack only


def test_choosing_a_gun_sets_its_range_row_on_the_page() -> None:
    """AFT-46: the rifle fires on the rifle row, not the pistol's."""
    model = send(two_fighters(), ("aftermath.cbt_field", "missile", "gun", "long_gun|Rifle"))
    assert model.state["aftermath"]["combat"]["missile"]["range_row"] == "Long Gun Rifle"
    assert "Inherent Accuracy +4" in texts(model, "aft-cbt-modifiers")[0]


def test_an_attack_takes_physical_dice_one_roll_at_a_time() -> None:
    """AFT-03, AFT-12: each roll typed in turn, the step naming the next; a roll the dice cannot
    show is refused beside the field and rolls nothing; "roll for me" rolls the rest."""
    model = send(two_fighters(), ("aftermath.cbt_field", "missile", "bcs", "30"))
    assert texts(model, "aft-dice-next") == ["Roll 1: to hit"]
    wrong = send(model, ("aftermath.cbt_typed", "21"))
    assert "a die from 1 to 20 cannot show 21" in texts(wrong, "aft-dice-typed-error")[0]
    assert wrong.state["aftermath"]["combat"]["pending"] is None
    model = send(model, ("aftermath.cbt_typed", "5"))
    assert texts(model, "aft-dice-next") == ["Roll 2: hit location"]
    assert texts(model, "aft-dice-given") == ["to hit: 1d20 = 5 vs BCS 30"]
    rest = send(model, ("aftermath.cbt_resolve",), seed="rest")
    assert rest.state["aftermath"]["combat"]["log"][0]["typed"] == ["5"]
    typed = ["5"]
    for _ in range(10):
        pending = model.state["aftermath"]["combat"]["pending"]
        if pending is None:
            break
        roll_ = "00" if pending["wants"] == "1d100" else "2"
        typed.append(roll_)
        model = send(model, ("aftermath.cbt_typed", roll_))
    entry = model.state["aftermath"]["combat"]["log"][0]
    assert entry["typed"] == typed and entry["seed"] == ""
    assert any(s.startswith("Hit location: D100 100") for s in entry["steps"])
    assert model.history.undo_label == "Attack: Ana → Bo"


def test_rolls_tab_takes_the_d20_rolled_at_the_table() -> None:
    """FIGHT.md 4 (issue 16): every roll is "Roll for me" or "I rolled ...": the BCS roll and the
    saving throw take the D20 typed, checked against what a D20 shows (the refusal beside it)."""
    model = send(fresh(), ("aftermath.tab", "rolls"), ("aftermath.roll_field", "bcs", "12"))
    refused = send(model, ("aftermath.roll_bcs_typed", "21"))
    assert "21" in texts(refused, "aft-roll-bcs-typed-error")[0]
    assert texts(refused, "aft-roll-result") == ["Roll to see the dice and the verdict here."]
    model = send(model, ("aftermath.roll_bcs_typed", "12"))
    assert texts(model, "aft-roll-result") == ["BCS 12 = 12 · 1D20 = 12 vs BCS 12: success by 0"]
    model = send(
        model,
        ("aftermath.roll_field", "ast", "12"),
        ("aftermath.roll_field", "cst", "5"),
        ("aftermath.roll_save_typed", "3"),
    )
    assert "1D20 = 3" in texts(model, "aft-roll-result")[0]


def _rifleman() -> Model:
    """Ana with a Pistol and a Rifle skill and a hunting rifle used with the Rifle skill; Bo."""
    return send(
        fresh(),
        ("aftermath.char_new", "character"),
        ("aftermath.char_field", "name", "Ana"),
        ("aftermath.char_draft", "skill_name", "Pistol"),
        ("aftermath.char_draft", "skill_bcs", "9"),
        ("aftermath.char_add_skill",),
        ("aftermath.char_draft", "skill_name", "Rifle"),
        ("aftermath.char_draft", "skill_bcs", "14"),
        ("aftermath.char_add_skill",),
        ("aftermath.char_draft", "weapon_name", "Hunting rifle"),
        ("aftermath.char_draft", "weapon_kind", "gun"),
        ("aftermath.char_draft", "weapon_gun", "long_gun|Rifle"),
        ("aftermath.char_draft", "weapon_ammo", "long gun:308 (7.62mm NATO)"),
        ("aftermath.char_draft", "weapon_skill", "Rifle"),
        ("aftermath.char_add_weapon",),
        ("aftermath.char_new", "character"),
        ("aftermath.char_field", "name", "Bo"),
        ("aftermath.char_draft", "skill_name", "Club"),
        ("aftermath.char_draft", "skill_bcs", "8"),
        ("aftermath.char_add_skill",),
        ("aftermath.char_draft", "weapon_name", "Bat"),
        ("aftermath.char_draft", "weapon_kind", "hand"),
        ("aftermath.char_draft", "weapon_listed", "Baseball bat"),
        ("aftermath.char_draft", "weapon_skill", "Club"),
        ("aftermath.char_add_weapon",),
    )


def test_the_weapons_card_adds_edits_and_removes_with_errors_beside_the_fields() -> None:
    """Issue 16: a weapon names its kind and its skill (by name); refusals sit by their field."""
    model = send(_rifleman(), ("aftermath.char_select", 0))
    assert texts(model, "aft-weapon")[0].startswith("Hunting rifleGun: Rifle · Range Table row")
    assert texts(model, "aft-weapon-skill-0") == ["Skill: Rifle, BCS 14"]
    assert model.history.undo_label == "Add weapon of Bo: Bat"
    model = send(
        model,
        ("aftermath.char_draft", "weapon_name", "hunting rifle"),
        ("aftermath.char_draft", "weapon_kind", "gun"),
        ("aftermath.char_add_weapon",),
    )
    assert texts(model, "aft-weapon-name-error") == [
        "Weapon name 'hunting rifle' is already on this sheet"
    ]
    assert texts(model, "aft-weapon-gun-error") == ["Gun: choose one of the list"]
    assert len(model.state["aftermath"]["characters"][0]["weapons"]) == 1
    model = send(
        model,
        ("aftermath.char_edit_weapon", "Hunting rifle"),
        ("aftermath.char_draft", "weapon_gun", "long_gun|Carbine"),
        ("aftermath.char_draft", "weapon_skill", "Pistol"),
        ("aftermath.char_add_weapon",),
    )
    assert texts(model, "aft-weapon-name-error") == [""]
    saved = model.state["aftermath"]["characters"][0]["weapons"]
    assert saved == [
        {
            "name": "Hunting rifle",
            "kind": "gun",
            "gun": "long_gun|Carbine",
            "listed": "",
            "skill": "Pistol",
            "ammo": "long gun:308 (7.62mm NATO)",
            "rounds": "",
            "capacity": "",
        }
    ]
    model = send(model, ("aftermath.char_remove_weapon", "Hunting rifle"))
    assert model.state["aftermath"]["characters"][0]["weapons"] == []
    assert model.history.undo_label == "Remove Hunting rifle from Ana"


def test_choosing_the_attackers_weapon_fills_skill_bcs_and_range_row() -> None:
    """001 L683 (Long Gun Rifle row), L624 (rifle accuracy +4): the attack comes from Ana's
    sheet; a new attacker drops her weapon, skill and chips; Bo's bat fills hand-to-hand."""
    model = send(
        _rifleman(),
        ("aftermath.tab", "combat"),
        ("aftermath.cbt_pick", "attacker", "0"),
        ("aftermath.cbt_pick", "target", "1"),
    )
    lists = send(model, ("shell.fold", "aft-cbt-lists-True", True))  # "By list…" opened
    options = [
        text_of(o)
        for o in find_all(shell.view(lists), "aft-cbt-weapon")[0].children
        if not isinstance(o, str)
    ]
    assert options[1:] == ["Hunting rifle (Rifle, skill Rifle)"]
    model = send(
        model,
        ("aftermath.cbt_toggle", "missile", "sit:stance"),
        ("aftermath.cbt_pick", "weapon", "Hunting rifle"),
    )
    combat = model.state["aftermath"]["combat"]
    form = combat["missile"]
    assert (combat["mode"], combat["weapon"]) == ("missile", "Hunting rifle")
    assert (form["skill"], form["bcs"], form["range_row"]) == ("Rifle", 14, "Long Gun Rifle")
    assert form["situations"] == []  # a new weapon re-derives the set-up
    assert "Range (m)" in texts(model, "aft-cbt-waiting")[0]  # none known between them yet
    model = send(model, ("aftermath.cbt_field", "missile", "meters", "200"))
    assert "CDA" in texts(model, "aft-cbt-waiting")[0]  # Bo's CDA is asked, not the BCS
    model = send(model, ("aftermath.tab", "characters"), ("aftermath.char_select", 1))
    model = send(model, ("aftermath.char_field", "derived.cda", "1"), ("aftermath.tab", "combat"))
    assert "Inherent Accuracy +4" in texts(model, "aft-cbt-modifiers")[0]
    assert texts(model, "aft-cbt-bcs") == ["BCS 16"]  # 14 − 1 (LNG) + 4 − 1 (CDA 1)
    model = send(model, ("aftermath.cbt_pick", "target", "0"))  # the weapon stays, re-derived
    assert model.state["aftermath"]["combat"]["missile"]["bcs"] == 14
    model = send(model, ("aftermath.cbt_pick", "attacker", "1"))  # Bo's first weapon, his bat
    combat = model.state["aftermath"]["combat"]
    assert (combat["weapon"], combat["mode"]) == ("Bat", "hth")
    # Nothing of Ana's rifle; the 200 m between Ana and Bo is the fight's, both ways (issue 25).
    assert combat["missile"] == {**worksheet_forms.fresh_form("missile"), "meters": "200"}
    assert (combat["hth"]["weapon"], combat["hth"]["bcs"]) == ("Baseball bat", 8)
    assert combat["target"] == 0  # Ana, the target she had chosen
    model = send(model, ("aftermath.cbt_pick", "weapon", ""))  # the GM fills it by hand
    combat = model.state["aftermath"]["combat"]
    assert combat["weapon"] == "" and combat["hth"] == worksheet_forms.fresh_form("hth")


def test_a_weapons_missing_skill_is_asked_in_the_fight() -> None:
    """AFT-M01: the skill's BCS is the user's; when the linked skill has gone it is asked."""
    model = send(
        _rifleman(),
        ("aftermath.char_select", 0),
        ("aftermath.char_remove", "skills", 1),
        ("aftermath.tab", "combat"),
        ("aftermath.cbt_pick", "attacker", "0"),
        ("aftermath.cbt_pick", "target", "1"),
        ("aftermath.cbt_pick", "weapon", "Hunting rifle"),
    )
    assert model.state["aftermath"]["combat"]["missile"]["bcs"] == ""
    assert "the skill 'Rifle'" in texts(model, "aft-cbt-weapon-waits")[0]
    assert "not on Ana's sheet" in texts(model, "aft-cbt-weapon-waits")[0]
    model = send(model, ("aftermath.cbt_resolve",))
    shown = model.ui["aftermath_errors"]
    # Issue 28: the refusal names the field and its range, beside Resolve and beside the field.
    assert shown["cbt.resolve"] == shown["cbt.bcs"]
    assert shown["cbt.bcs"] == "Base BCS: choose the attacker's skill, or type it (-100 to 100)"
    assert model.state["aftermath"]["combat"]["log"] == []
