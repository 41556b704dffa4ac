"""A GM's play-through of the Simply fight (defects of the care card): a disabled treater was
accepted (SIM-38, SIM-48), a treater without First Aid was asked for a rating (SIM-03: a mental
skill has no default), a treatment had no luck (SIM-10), and the Treater list named the fighter
whose turn it is twice."""

from __future__ import annotations

from refusals import refused
from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, find_all, text_of
from rkweb.features.simply.combat import state as saved
from scripted import Faces as ScriptedRng

from pycore.store import History, default_data
from pycore.systems.simply.fight import Combat, add_combatant, roll_initiative, treat


def _send(model: Model, *msg: object) -> Model:
    return shell.update(model, tuple(msg), Ctx(now="2026-11-29T10:00:00+01:00", fresh_seed="t"))


def _texts(model: Model, testid: str) -> list[str]:
    return [text_of(n) for n in find_all(shell.view(model), testid)]


def _select(model: Model, testid: str) -> VNode:
    (node,) = [n for n in find_all(shell.view(model), testid) if n.tag == "select"]
    return node


def _options(model: Model, testid: str) -> list[str]:
    return [text_of(o) for o in _select(model, testid).children if not isinstance(o, str)]


def _add(model: Model, name: str, hp: str = "24") -> Model:
    for field, value in (
        ("name", name),
        ("hp_max", hp),
        ("strength", "6"),
        ("health", "6"),
        ("luck", "10"),
    ):
        model = _send(model, "simply.combat_form", "add", field, value)
    return _send(model, "simply.combat_add")


def _damage(model: Model, target: str, raw: str) -> Model:
    for field, value in (("target", target), ("source", "weapon"), ("raw", raw)):
        model = _send(model, "simply.combat_form", "damage", field, value)
    return _send(model, "simply.combat_damage")


def _ada_bea_cal() -> Model:
    """Quick NPCs Ada, Bea, Cal (HP 24); Ada's turn; Bea down at HP 0 (unconscious, SIM-48),
    Cal bleeding at HP 13 (SIM-46), their checks waived."""
    model = _send(Model(History.new(default_data()), route="simply"), "simply.tab", "combat")
    for name in ("Ada", "Bea", "Cal"):
        model = _add(model, name)
    model = _send(model, "simply.combat_initiative_typed", "9 5 3")
    model = _damage(_damage(model, "c2", "24"), "c3", "11")
    while saved.fight_of(model, saved.load(model)).pending:
        model = _send(model, "simply.combat_waive", 0)
    return model


def _first_aid(model: Model, treater: str) -> Model:
    for field, value in (
        ("patient", "c3"),
        ("treatment", "first aid"),
        ("treater", treater),
        ("rating", "11"),
    ):
        model = _send(model, "simply.combat_form", "treat", field, value)
    return model


def test_an_unconscious_treater_is_refused_beside_the_field_and_nothing_rolls() -> None:
    """The play-through's repro: Bea (HP 0, unconscious) as Cal's First Aider, "3 3": the log
    said "Cal: first aid… → success" and no error."""
    model = _first_aid(_ada_bea_cal(), "c2")
    page = " ".join(_texts(model, "sc-treat-treater-error"))
    assert "Treater: Bea is unconscious: a disabled character gets no actions" in page, page
    logged = _texts(model, "sc-log-entry")
    model = _send(model, "simply.combat_treat_typed", "3 3")
    error = _texts(model, "sc-error-treat")[0]
    assert "Treater: Bea is unconscious: a disabled character gets no actions" in error, error
    assert "SIM-" not in error
    fight = saved.fight_of(model, saved.load(model))
    assert fight.get("c3").hp == 13 and not fight.get("c3").first_aid_done
    assert _texts(model, "sc-log-entry") == logged  # nothing rolled, nothing logged


def test_the_treater_list_leaves_out_the_disabled_and_names_whose_turn_once() -> None:
    """Offered: Ada once, as whose turn it is (she was listed twice), and Cal; Bea is down and
    not offered, said why."""
    model = _ada_bea_cal()
    assert _options(model, "sc-treat-treater") == ["Ada (whose turn it is)", "Cal"]
    hint = " ".join(_texts(model, "sc-treat-treater-hint"))
    assert "Not offered: Bea (unconscious)" in hint, hint


def test_core_refuses_a_disabled_treater_for_a_treatment_that_charges_no_action() -> None:
    fight = add_combatant(Combat(), name="Ada", hp_max=24, strength=6, health=6)
    fight = add_combatant(fight, name="Bea", hp_max=24, strength=6, health=6, hp=0)
    fight = add_combatant(fight, name="Cal", hp_max=24, strength=6, health=6, hp=-3)
    fight, _ = roll_initiative(fight, ScriptedRng(9, 3))
    with refused("SIM-48", match="Treater: Bea is unconscious"):
        treat(fight, "c3", "stabilize", ScriptedRng(3, 3, 5), rating=11, treater="c2")
    with refused("SIM-38", match="Treater: Bea is unconscious"):
        treat(fight, "c3", "stabilize", ScriptedRng(3, 3, 5), rating=11, treater="c2")
    done, _ = treat(fight, "c3", "stabilize", ScriptedRng(3, 3, 5), rating=11, treater="c1")
    assert done.get("c3").has("stabilized")


def _mara_from_sheet(skill: str = "") -> Model:
    """Mara from her Character Record (``skill`` bought, or none), Bo a quick NPC down at HP 1
    (unconscious, SIM-48); Mara's turn."""
    model = Model(History.new(default_data()), route="simply")
    model = _send(model, "simply.tab", "characters")
    model = _send(model, "simply.char_new")
    model = _send(model, "simply.char_field", "name", "Mara")
    if skill:
        model = _send(model, "simply.char_field", "add_skill", skill)
    model = _send(model, "simply.tab", "combat")
    model = _send(model, "simply.combat_add_char", "0")
    model = _add(model, "Bo", "12")
    model = _send(model, "simply.combat_initiative_typed", "9 1")
    model = _damage(model, "c2", "11")
    model = _send(model, "simply.combat_initiative_typed", "5")
    for field, value in (("patient", "c2"), ("treatment", "revive")):
        model = _send(model, "simply.combat_form", "treat", field, value)
    return model


def test_a_treater_without_first_aid_is_refused_not_asked_for_a_rating() -> None:
    """The play-through: Mara (no First Aid on her sheet) reviving was asked "First Aid rating:
    enter the treater's skill rating"; a mental skill has no default: no roll (SIM-03)."""
    model = _mara_from_sheet()
    task = _texts(model, "sc-treat-task")[0]
    assert "Mara has no First Aid: cannot treat" in task, task
    model = _send(model, "simply.combat_treat_typed", "3 3")
    error = _texts(model, "sc-error-treat")[0]
    assert "Mara has no First Aid: cannot treat" in error, error
    assert "enter the treater's skill rating" not in error
    assert saved.fight_of(model, saved.load(model)).get("c2").unconscious
    # A rating typed does not teach her the skill: the sheet is the truth.
    model = _send(model, "simply.combat_form", "treat", "rating", "11")
    model = _send(model, "simply.combat_treat_typed", "3 3")
    assert "Mara has no First Aid" in _texts(model, "sc-error-treat")[0]
    assert saved.fight_of(model, saved.load(model)).get("c2").unconscious
    # Medicine is another mental skill she lacks; a bandage needs none (SIM-53).
    model = _send(model, "simply.combat_form", "treat", "skill", "Medicine")
    assert "Mara has no Medicine: cannot treat" in _texts(model, "sc-treat-task")[0]
    model = _send(model, "simply.combat_form", "treat", "treatment", "bandage")
    assert "cannot treat" not in _texts(model, "sc-treat-task")[0]
    # The patient's refusal comes first: Mara has no injury for her First Aid.
    model = _send(model, "simply.combat_form", "treat", "patient", "c1")
    model = _send(model, "simply.combat_form", "treat", "treatment", "first aid")
    model = _send(model, "simply.combat_treat")
    assert _texts(model, "sc-error-treat")[0] == "Mara has no injury to treat"


def test_a_quick_npc_treater_s_rating_is_typed_and_the_field_says_so() -> None:
    model = _first_aid(_ada_bea_cal(), "")
    model = _send(model, "simply.combat_form", "treat", "rating", "")
    (rating,) = [n for n in find_all(shell.view(model), "sc-treat-rating") if n.tag == "input"]
    assert rating.attr("placeholder") == "type it (Ada: quick NPC, no skills on record)"


def test_a_treatment_roll_may_have_the_treater_s_luck_with_its_odds() -> None:
    """A treatment rolled is a Test: luck may be spent on it (SIM-10). Ada's First Aid on Cal,
    rating 11, Average: TN 11, 55%; with her 10 LP staked only a 20 fails: 99%. "9 9" fails by
    7, bought off with 7 LP."""
    model = _first_aid(_ada_bea_cal(), "")
    assert "TN 11 · chance 55%" in _texts(model, "sc-treat-task")[0]
    assert _options(model, "sc-treat-luck") == ["No", "Yes (10 LP staked; spent by the rule)"]
    model = _send(model, "simply.combat_form", "treat", "luck", "yes")
    assert "TN 11 · chance 99%" in _texts(model, "sc-treat-task")[0]
    model = _send(model, "simply.combat_treat_typed", "9 9")
    said = _texts(model, "sc-treat-result")[0]
    assert "luck: 7 LP spent" in said and "→ TN 18, success by 0" in said, said
    fight = saved.fight_of(model, saved.load(model))
    assert fight.get("c1").luck == 3 and fight.get("c3").hp == 15
    assert saved.load(model)["form"]["treat"]["luck"] == "no"  # declared for one roll


def test_core_treatment_luck_is_the_treater_s() -> None:
    fight = add_combatant(Combat(), name="Ada", hp_max=24, strength=6, health=6, luck_points=4)
    fight = add_combatant(fight, name="Cal", hp_max=24, strength=6, health=6, luck_points=9)
    fight = add_combatant(fight, name="Dee", hp_max=24, strength=6, health=6, hp=-3)
    with refused("SIM-10", match="Luck: choose the treater"):
        treat(fight, "c3", "stabilize", ScriptedRng(9, 9, 5), rating=11, luck=True)
    fight, _ = roll_initiative(fight, ScriptedRng(9, 3))
    with refused("SIM-10", match="Ada has 4 LP"):
        treat(fight, "c3", "stabilize", ScriptedRng(9, 9, 5), rating=11, luck=True)
    # Stabilize, Difficult: TN 7; 18 fails by 11, Cal's 9 LP cannot buy it: 5 spent (SIM-10 c).
    done, rolled = treat(
        fight, "c3", "stabilize", ScriptedRng(9, 9), rating=11, luck=True, treater="c2"
    )
    assert not rolled.success and done.get("c2").luck == 4 and done.get("c1").luck == 4
