"""The web layer's pure part: views are values, updates are functions; no browser needed."""

from __future__ import annotations

import json
import re

import pytest
from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.registry import ROUTES, SYSTEMS, feature
from rkweb.app.vdom import find_all, h, message_from, text_of

from pycore.store import History, default_data, export_text

NOW = "2026-11-23T10:00:00+01:00"


def ctx(seed: str = "abc") -> Ctx:
    return Ctx(now=NOW, fresh_seed=seed)


def fresh(route: str = "dice") -> Model:
    return Model(History.new(default_data()), route=route)


def texts_by_testid(model: Model, testid: str) -> list[str]:
    return [text_of(n) for n in find_all(shell.view(model), testid)]


def test_h_keeps_text_as_text_and_events_as_data() -> None:
    evil = "<img src=x onerror=alert(1)>"
    node = h("p", {"title": evil, "on_click": ("x", 1)}, evil)
    assert node.children == (evil,)  # a text child, never markup
    assert node.attr("title") == evil
    assert message_from(node.attr("data-on-click") or "") == ("x", 1)
    assert h("b", {"hidden": False, "disabled": True}).attrs == (("disabled", ""),)
    with pytest.raises(ValueError, match="unsupported event"):
        h("b", {"on_hover": ("x",)})


def test_contract_test_ids_are_present() -> None:
    tree = shell.view(fresh())
    for testid in ("nav-dice", "dice-expr", "dice-roll", "dice-result", "dice-error"):
        assert find_all(tree, testid), testid


def test_roll_logs_an_explained_result_with_its_seed() -> None:
    model = shell.update(fresh(), ("dice.expr", "3d6"), ctx())
    model = shell.update(model, ("dice.roll",), ctx("seed-1"))
    entry = model.state["dice"]["log"][0]
    assert entry["seed"] == "seed-1" and entry["at"] == NOW
    assert entry["text"].startswith("3d6 (") and entry["text"].endswith(f"= {entry['total']}")
    assert texts_by_testid(model, "dice-result") == [entry["text"]]
    assert len(texts_by_testid(model, "roll-log-entry")) == 1
    odds = texts_by_testid(model, "dice-odds")[0]
    assert "50%exactly 1/2" in odds  # target 10 by default: P(3d6 <= 10) = 1/2
    # A roll is not an undoable change; the history has nothing to undo.
    assert model.history.undo_label is None


def test_same_seed_same_roll() -> None:
    a = shell.update(fresh(), ("dice.roll",), ctx("s"))
    b = shell.update(fresh(), ("dice.roll",), ctx("s"))
    assert a.state["dice"]["log"][0]["text"] == b.state["dice"]["log"][0]["text"]


def test_user_seed_makes_a_replayable_sequence() -> None:
    model = shell.update(fresh(), ("dice.seed", "table-7"), ctx())
    for _ in range(3):
        model = shell.update(model, ("dice.roll",), ctx())
    seeds = [e["seed"] for e in model.state["dice"]["log"]]
    assert seeds == ["table-7#2", "table-7#1", "table-7#0"]


def test_bad_expression_shows_error_and_logs_nothing() -> None:
    model = shell.update(fresh(), ("dice.expr", "2d6+"), ctx())
    model = shell.update(model, ("dice.roll",), ctx())
    assert model.state["dice"]["log"] == []
    assert texts_by_testid(model, "dice-error")[0]
    dice_expr = find_all(shell.view(model), "dice-expr")[0]
    assert dice_expr.attr("aria-invalid") == "true"


def test_bad_target_names_the_field_and_keeps_the_old_value() -> None:
    model = shell.update(fresh(), ("dice.target", "ten"), ctx())
    assert model.ui["target_error"].startswith("Target must be a whole number")
    assert model.state["dice"]["target"] == 10


def test_clear_log_is_undoable() -> None:
    model = shell.update(fresh(), ("dice.roll",), ctx())
    model = shell.update(model, ("dice.clear_log",), ctx())
    assert model.state["dice"]["log"] == []
    assert texts_by_testid(model, "undo") == ["Undo: Clear roll log"]
    model = shell.update(model, ("shell.undo",), ctx())
    assert len(model.state["dice"]["log"]) == 1


def test_an_undo_step_from_another_page_names_its_page() -> None:
    """Issue 16: undo on the Percentile page offered an Aftermath step without saying so."""
    model = shell.update(fresh("aftermath"), ("aftermath.char_new",), ctx())
    here = texts_by_testid(model, "undo")[0]
    assert here.startswith("Undo: ") and "(on " not in here
    elsewhere = shell.update(model, ("shell.route", "#/percentile"), ctx())
    # The page is said in the few words shown, and with the whole step in its accessible name.
    (undo,) = find_all(shell.view(elsewhere), "undo")
    assert undo.attr("aria-label") == f"{here} (on Aftermath)"
    assert text_of(undo).startswith("Undo: Create") and text_of(undo).endswith(" (on Aftermath)")
    dice = shell.update(elsewhere, ("shell.route", "#/dice"), ctx())
    dice = shell.update(dice, ("dice.roll",), ctx())
    dice = shell.update(dice, ("dice.clear_log",), ctx())
    assert texts_by_testid(dice, "undo") == ["Undo: Clear roll log"]


def test_import_replaces_everything_and_can_be_undone() -> None:
    other = History.new(default_data()).set_quietly("dice", {"expr": "d20", "log": []})
    text = export_text(other, NOW)
    model = shell.update(fresh("settings"), ("settings.import_text", text), ctx())
    assert model.state["dice"]["expr"] == "d20"
    assert model.ui["import_error"] is None
    assert shell.update(model, ("shell.undo",), ctx()).state["dice"]["expr"] == "3d6"


def test_bad_import_changes_nothing() -> None:
    before = fresh("settings")
    after = shell.update(before, ("settings.import_text", json.dumps({"app": "x"})), ctx())
    assert after.history is before.history
    assert "not a Rulekeeper export" in after.ui["import_error"]


@pytest.mark.parametrize("route", ROUTES)
def test_every_route_renders(route: str) -> None:
    tree = shell.view(fresh(route))
    assert text_of(tree)
    ids = re.findall(r"\('id', '([^']+)'\)", repr(tree))
    assert sorted({i for i in ids if ids.count(i) > 1}) == []  # one control per label
    current = [n for n in find_all(tree, f"nav-{route}") if n.attr("aria-current") == "page"]
    page = feature(route)
    assert current or (page is not None and not page.in_nav)


def test_each_system_page_is_drawn_unseen_after_start_as_it_would_be_seen() -> None:
    model = fresh()
    drawn = []
    for system, step in zip(SYSTEMS, shell.first_views(lambda: model), strict=True):
        *imports, draw = step()  # its modules, a step each, then the page
        names = {module.__name__ for module in (one() for one in imports)}
        assert f"pycore.systems.{system}.saved" in names
        assert f"rkweb.features.{system}.page" in names
        drawn.append(text_of(draw()))
    assert drawn == [text_of(feature(r).view(model)) for r in SYSTEMS]  # type: ignore[union-attr]


def test_every_system_is_built_and_simply_shows_its_table() -> None:
    for system in SYSTEMS:
        assert texts_by_testid(fresh(system), "not-built") == [], system
    table = texts_by_testid(fresh("simply"), "simply-difficulty")[0]
    assert "Near Impossible" in table and "−12" in table and "+4" in table


def test_simply_task_page_shows_tn_and_exact_odds_then_rolls() -> None:
    model = fresh("simply")
    model = shell.update(model, ("simply.task_field", "a", "base", "12"), ctx())
    model = shell.update(model, ("simply.task_field", "a", "difficulty", "Difficult"), ctx())
    tn = texts_by_testid(model, "simply-a-tn")[0]
    assert tn == "base 12 + Difficult −4 = TN 8"
    chance = texts_by_testid(model, "simply-a-chance")[0]
    # SIM-11: 28 of 100 outcomes <= 8, percent first, the exact fraction one tap away.
    assert chance.startswith("Chance of success: 28%exactly 7/25") and "table: 28%" in chance
    model = shell.update(model, ("simply.task_roll",), ctx("r1"))
    result = texts_by_testid(model, "simply-result")[0]
    match = re.match(
        r"^base 12 \+ Difficult −4 = TN 8 · 2d10 \((\d+), (\d+)\) = (\d+) vs TN 8: "
        r"(success|failure|automatic)",
        result,
    )
    assert match, result
    total = int(match.group(3))
    assert total == int(match.group(1)) + int(match.group(2))
    assert (match.group(4) == "success") == (total <= 8 and total != 20) or total in (2, 20)
    assert len(model.state["simply_task"]["log"]) == 1


def test_simply_task_bad_field_names_the_field_and_keeps_the_value() -> None:
    model = shell.update(fresh("simply"), ("simply.task_field", "a", "base", "twelve"), ctx())
    assert model.ui["simply_task_errors"]["a.base"].startswith("Base must be a whole number")
    assert "TN 12" in texts_by_testid(model, "simply-a-tn")[0]


def test_simply_automatic_difficulty_has_no_odds_and_contest_has_three() -> None:
    model = shell.update(
        fresh("simply"), ("simply.task_field", "a", "difficulty", "Impossible"), ctx()
    )
    assert "Automatic failure: no roll" in texts_by_testid(model, "simply-a-chance")[0]
    model = shell.update(fresh("simply"), ("simply.task_mode", "contest"), ctx())
    model = shell.update(model, ("simply.task_field", "a", "base", "10"), ctx())
    model = shell.update(model, ("simply.task_field", "b", "base", "10"), ctx())
    odds = texts_by_testid(model, "simply-contest-odds")[0]
    assert odds.count("669/2000") == 2 and "331/1000" in odds  # E18
    model = shell.update(model, ("simply.task_roll",), ctx("c"))
    result = texts_by_testid(model, "simply-result")[0]
    # SIM-08 by name: the sides are "Side A" and "Side B" until a character is chosen.
    side = r"2d10 \(\d+, \d+\) = \d+ vs TN 10: "
    assert re.match(rf"^Side A {side}.*; Side B {side}.*→ (Side A wins|Side B wins|draw)", result)


def test_simply_characters_create_edit_budgets_and_undo_delete() -> None:
    model = shell.update(fresh("simply"), ("simply.tab", "characters"), ctx())
    model = shell.update(model, ("simply.char_new",), ctx())
    model = shell.update(model, ("simply.char_field", "name", "Ana <b>"), ctx())
    assert texts_by_testid(model, "char-entry")[0].startswith("✓ Ana <b>")  # pressed: chosen
    derived = texts_by_testid(model, "char-derived")[0]
    assert "⌈6 × 3 + 6⌉ = 24" in derived  # SIM-27 with the default stats 6/6/6/6
    model = shell.update(model, ("simply.char_field", "strength", "10"), ctx())
    over = texts_by_testid(model, "char-problems-stats")[0]
    assert "over the" in over  # 10 + 6 + 6 + 6 = 28 > 23 stat points
    model = shell.update(model, ("simply.char_field", "strength", "lots"), ctx())
    assert texts_by_testid(model, "char-strength-error") == [
        "Strength 'lots' is not a whole number from 0 to 100"
    ]
    assert model.state["simply_characters"]["list"][0]["strength"] == 10
    model = shell.update(model, ("simply.char_field", "add_skill", "Brawling"), ctx())
    assert texts_by_testid(model, "char-skill")[0].startswith("Brawling")
    model = shell.update(model, ("simply.char_del", 0), ctx())
    assert model.state["simply_characters"]["list"] == []
    assert model.history.undo_label == "Delete Ana <b>"
    model = shell.update(model, ("shell.undo",), ctx())
    assert model.state["simply_characters"]["list"][0]["name"] == "Ana <b>"


def test_simply_builder_pickers_and_the_character_record() -> None:
    """SIM-16, SIM-17, SIM-30 to SIM-32 in the builder; SIM-29 / SIM-T14 the record's blocks."""
    model = fresh("simply")
    model = shell.update(model, ("simply.tab", "characters"), ctx())
    model = shell.update(model, ("simply.char_new",), ctx())
    model = shell.update(model, ("simply.char_field", "add_ability", "Acute Hearing"), ctx())
    assert texts_by_testid(model, "char-ability") == ["Acute Hearing (1 pts)Remove Acute Hearing"]
    assert "over the balance" in texts_by_testid(model, "char-problems-abilities")[0]
    model = shell.update(model, ("simply.char_field", "armor_id", "plate"), ctx())
    assert "Plate armor: Min S 8" in texts_by_testid(model, "char-worn")[0]
    assert "needs Min S 8" in texts_by_testid(model, "char-problems-armor")[0]
    model = shell.update(model, ("simply.char_field", "coating_id", "ablative"), ctx())
    assert "only Plasteel" in texts_by_testid(model, "char-armor-error")[0]
    model = shell.update(model, ("simply.char_field", "add_gear", "Rope, 10 m"), ctx())
    model = shell.update(model, ("simply.char_field", "appearance", "Tall"), ctx())
    record = texts_by_testid(model, "char-record")[0]
    for block in (
        "STATS",
        "Hit Points:",
        "Unarmed Combat Max Dmg:",
        "Initiative Bonus:",
        "Armor: Plate armor",
        "Rope, 10 m",
        "Tall",
        "Abilities",
        "Acute Hearing",
    ):
        assert block.casefold() in record.casefold(), block
    assert model.history.undo_label == "Edit Character 1: appearance"


def test_simply_record_names_a_shield_a_shield() -> None:
    """Play-through smfix: a Large shield on the record read "Armor: Large", a suit's name."""
    model = fresh("simply")
    model = shell.update(model, ("simply.tab", "characters"), ctx())
    model = shell.update(model, ("simply.char_new",), ctx())
    model = shell.update(model, ("simply.char_field", "shield_id", "large"), ctx())
    record = texts_by_testid(model, "char-record")[0]
    assert "Shield: Large" in record and "Armor: none" in record, record
    assert "Armor: Large" not in record
    model = shell.update(model, ("simply.char_field", "armor_id", "plate"), ctx())
    record = texts_by_testid(model, "char-record")[0]
    assert "Armor: Plate armor" in record and "Shield: Large" in record, record


def test_simply_task_from_a_characters_skill_and_a_check() -> None:
    """SIM-02: the base score comes from the character's rating (SIM-28) or a check (SIM-09)."""
    model = fresh("simply")
    model = shell.update(model, ("simply.tab", "characters"), ctx())
    model = shell.update(model, ("simply.char_new",), ctx())
    model = shell.update(model, ("simply.char_field", "name", "Mara"), ctx())
    model = shell.update(model, ("simply.char_field", "add_skill", "Brawling"), ctx())
    model = shell.update(model, ("simply.tab", "task"), ctx())
    model = shell.update(model, ("simply.task_field", "a", "character", "0"), ctx())
    options = texts_by_testid(model, "simply-a-pick")[0]
    assert "Brawling (Familiar): 8" in options  # once, at the adjusted rating (SIM-28)
    assert "Climbing (not bought, default): 6" in options  # SIM-03: a personal skill, at C
    assert "Stamina Check (2 × H): 12" in options
    model = shell.update(model, ("simply.task_field", "a", "pick", "check:stamina"), ctx())
    assert texts_by_testid(model, "simply-a-tn")[0].startswith("base 12 (Stamina Check (2 × H))")
    side = model.state["simply_task"]["a"]
    assert side["base"] == 12 and side["level"] == "Default"
    model = shell.update(model, ("simply.task_field", "a", "base", "9"), ctx())
    assert texts_by_testid(model, "simply-a-tn")[0].startswith("base 9 ")


def test_simply_campaign_settings_change_the_budgets_and_refuse_bad_values() -> None:
    """SIM-D01 to SIM-D06 are the GM's: shown with their defaults, validated by the core."""
    model = fresh("simply")
    model = shell.update(model, ("simply.tab", "characters"), ctx())
    settings = texts_by_testid(model, "campaign-settings")[0]
    assert "Starting stat points4 to 200; the app's default is 24WhySIM-D01" in settings
    model = shell.update(model, ("simply.char_campaign", "starting_luck", "15"), ctx())
    model = shell.update(model, ("simply.char_new",), ctx())
    assert model.state["simply_characters"]["list"][0]["luck"] == 15
    model = shell.update(model, ("simply.char_campaign", "starting_stat_points", "40"), ctx())
    assert "undistributed" in texts_by_testid(model, "char-problems-stats")[0]
    bad = shell.update(model, ("simply.char_campaign", "stat_max", "99"), ctx())
    assert bad.history is model.history
    # Plain words by the field; the rule it breaks under "Why".
    assert texts_by_testid(bad, "campaign-stat_max-error") == ["Highest stat 99 is outside 1 to 20"]
    assert (
        "SIM-D02: Highest stat 99 is outside 1 to 20"
        in texts_by_testid(bad, "campaign-settings")[0]
    )
    assert shell.update(model, ("shell.undo",), ctx()).state["simply_characters"]["campaign"] == {
        "starting_luck": 15
    }


def test_simply_contest_with_luck_declared_on_one_side() -> None:
    """SIM-10 in a contest: the lucky side's raised TN and margin are what SIM-08 judges."""
    model = fresh("simply")
    model = shell.update(model, ("simply.task_mode", "contest"), ctx())
    model = shell.update(model, ("simply.task_field", "b", "luck", "yes"), ctx())
    model = shell.update(model, ("simply.task_roll",), ctx("seed-7"))
    text = model.state["simply_task"]["log"][0]["text"]
    assert text.startswith("Side A 2d10 (") and "; Side B 2d10 (" in text and "luck:" in text
    assert model.state["simply_task"]["b"]["lp"] < 10  # spent by the rule from the 10 LP
    bad = shell.update(model, ("simply.task_field", "b", "lp", "3"), ctx())
    bad = shell.update(bad, ("simply.task_roll",), ctx("seed-8"))
    error = texts_by_testid(bad, "simply-roll-error")[0]
    assert (
        error
        == "luck points 3 is outside 5 to 1000 (at least 5 LP to declare luck before the roll)"
    )


def test_simply_luck_spent_on_the_task_page_leaves_the_sheet() -> None:
    """Issue 14: luck spent on a task roll is deducted from the character's sheet (SIM-10)."""
    model = shell.update(fresh("simply"), ("simply.tab", "characters"), ctx())
    model = shell.update(model, ("simply.char_new",), ctx())  # 10 LP (SIM-D05 default)
    model = shell.update(model, ("simply.tab", "task"), ctx())
    model = shell.update(model, ("simply.task_field", "a", "character", "0"), ctx())
    model = shell.update(model, ("simply.task_field", "a", "luck", "yes"), ctx())
    model = shell.update(model, ("simply.task_roll",), ctx("seed-1"))
    left = model.state["simply_characters"]["list"][0]["luck"]
    assert left == model.state["simply_task"]["a"]["lp"] and left <= 5
    assert model.history.undo_label is not None and "spends" in model.history.undo_label


def test_simply_luck_spent_on_the_task_page_during_a_fight_stays_spent_after_it() -> None:
    """Issue 14 / FIGHT.md (one truth): LP spent on the Task page while the character fights
    leave its fighter too, so ending the fight does not write the old LP back to the sheet."""
    model = shell.update(fresh("simply"), ("simply.tab", "characters"), ctx())
    model = shell.update(model, ("simply.char_new",), ctx())  # 10 LP (SIM-D05 default)
    model = shell.update(model, ("simply.combat_add_char", "0"), ctx())
    model = shell.update(model, ("simply.tab", "task"), ctx())
    model = shell.update(model, ("simply.task_field", "a", "character", "0"), ctx())
    model = shell.update(model, ("simply.task_field", "a", "luck", "yes"), ctx())
    model = shell.update(model, ("simply.task_roll",), ctx("seed-1"))
    left = model.state["simply_characters"]["list"][0]["luck"]
    assert left < 10
    fighters = model.state["simply_combat"]["combat"]["combatants"]
    assert [f["luck"] for f in fighters] == [left]
    model = shell.update(model, ("simply.combat_end",), ctx())
    assert model.state["simply_characters"]["list"][0]["luck"] == left


def test_a_reload_during_a_simply_fight_opens_the_fight() -> None:
    """FIGHT.md: a reload continues from the step; the tab is not saved, the fight is."""
    model = shell.update(fresh("simply"), ("simply.tab", "characters"), ctx())
    model = shell.update(model, ("simply.char_new",), ctx())
    model = shell.update(model, ("simply.combat_add_char", "0"), ctx())
    reloaded = Model(History.new(model.state), route="simply")
    assert find_all(shell.view(reloaded), "sc-strip")
    assert not find_all(shell.view(fresh("simply")), "sc-strip")  # no fight: the Task roll


def test_about_credits_each_rule_text() -> None:
    """SIM-58: the notices are credited on the About page, no rulebook prose copied."""
    model = fresh("about")
    assert "MicroTactix" in texts_by_testid(model, "source-simply")[0]
    assert "Steve Jackson Games" in texts_by_testid(model, "source-gurps")[0]


def test_simply_skill_specialty_is_asked_for_and_kept() -> None:
    """SIM-20: Melee Weapon needs a specialty; SIM-D21: free text, shown with both ratings."""
    model = fresh("simply")
    model = shell.update(model, ("simply.tab", "characters"), ctx())
    model = shell.update(model, ("simply.char_new",), ctx())
    model = shell.update(model, ("simply.char_field", "add_skill", "Melee Weapon"), ctx())
    assert "needs a specialty" in texts_by_testid(model, "char-problems-skills")[0]
    assert find_all(shell.view(model), "char-skill-specialty-0")
    model = shell.update(model, ("simply.char_field", "skill_specialty:0", "Sword"), ctx())
    assert model.state["simply_characters"]["list"][0]["skills"][0]["specialty"] == "Sword"
    assert (
        not texts_by_testid(model, "char-problems-skills")
        or "specialty" not in (texts_by_testid(model, "char-problems-skills")[0])
    )
    assert "(adj " in texts_by_testid(model, "char-skill")[0]


def test_simply_stat_adjustments_change_the_adjusted_stats() -> None:
    """SIM-21: a user adjustment changes the (adj) column and what is derived from it."""
    model = fresh("simply")
    model = shell.update(model, ("simply.tab", "characters"), ctx())
    model = shell.update(model, ("simply.char_new",), ctx())
    model = shell.update(model, ("simply.char_adj_draft", "source", "Ogre blood"), ctx())
    model = shell.update(model, ("simply.char_adj_draft", "amount", "x"), ctx())
    bad = shell.update(model, ("simply.char_adj_add",), ctx())
    assert "whole number" in texts_by_testid(bad, "char-adj-error")[0]
    model = shell.update(model, ("simply.char_adj_draft", "amount", "2"), ctx())
    model = shell.update(model, ("simply.char_adj_add",), ctx())
    assert texts_by_testid(model, "char-adjustment")[0].startswith("Ogre blood: S +2")
    assert "⌈8 × 3 + 6⌉" in texts_by_testid(model, "char-derived")[0].replace("[", "⌈")


def test_simply_negative_stat_adjustment_reads_with_the_true_minus_sign() -> None:
    """A typed "-1" is saved as -1 and listed as "S −1" (U+2212, as every shown modifier)."""
    model = _new_simply_character()
    for field, typed in (("source", "Frail"), ("amount", "-1")):
        model = shell.update(model, ("simply.char_adj_draft", field, typed), ctx())
    model = shell.update(model, ("simply.char_adj_add",), ctx())
    assert model.state["simply_characters"]["list"][0]["adjustments"][0]["amount"] == -1
    assert texts_by_testid(model, "char-adjustment")[0].startswith("Frail: S −1")


def _new_simply_character() -> Model:
    model = shell.update(fresh("simply"), ("simply.tab", "characters"), ctx())
    return shell.update(model, ("simply.char_new",), ctx())


def test_after_a_refused_expression_the_total_no_longer_shows_the_previous_roll() -> None:
    model = shell.update(fresh(), ("dice.roll",), ctx("seed-1"))
    assert texts_by_testid(model, "dice-total") != ["–"]
    model = shell.update(model, ("dice.expr", "3d"), ctx())
    model = shell.update(model, ("dice.expr", "3d6+"), ctx())
    model = shell.update(model, ("dice.roll",), ctx("seed-2"))
    assert texts_by_testid(model, "dice-error") != [""]
    assert texts_by_testid(model, "dice-total") == ["–"]


def test_simply_luck_below_none_is_refused_naming_its_range() -> None:
    """Luck Points are points a roll or an injury spends from those available (SIM-10, SIM-43):
    fewer than none means nothing, yet the builder took −1 (it allowed −1000 to 1000)."""
    model = fresh("simply")
    model = shell.update(model, ("simply.tab", "characters"), ctx())
    model = shell.update(model, ("simply.char_new",), ctx())
    before = model.state["simply_characters"]["list"][0]["luck"]
    bad = shell.update(model, ("simply.char_field", "luck", "-1"), ctx())
    assert bad.history is model.history
    assert texts_by_testid(bad, "char-luck-error") == ["Luck −1 is outside 0 to 1000"]
    assert bad.state["simply_characters"]["list"][0]["luck"] == before
    none_left = shell.update(model, ("simply.char_field", "luck", "0"), ctx())
    assert none_left.state["simply_characters"]["list"][0]["luck"] == 0
