"""Who treats, and what it costs him (SIM-51, SIM-53): a GM's play-through found treatments
charged no actions and the page had no Treater. Revive is "an Other action"; a bandager "can take
no other actions" this turn."""

from __future__ import annotations

from refusals import refused
from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import find_all, text_of
from rkweb.features.simply.combat import state as saved
from scripted import Faces as ScriptedRng

from pycore.store import History, default_data
from pycore.systems.simply.fight import (
    Combat,
    add_combatant,
    adjust,
    roll_initiative,
    take_action,
    treat,
)


def _send(model: Model, *msg: object) -> Model:
    return shell.update(model, tuple(msg), Ctx(now="2026-11-29T10:00:00+01:00", fresh_seed="t"))


def _texts(model: Model, testid: str) -> list[str]:
    return [text_of(n) for n in find_all(shell.view(model), testid)]


def _derived(model: Model) -> str:
    """The Treater as derived: the label of its blank choice."""
    (select,) = [n for n in find_all(shell.view(model), "sc-treat-treater") if n.tag == "select"]
    options = [o for o in select.children if not isinstance(o, str)]
    return text_of(next(o for o in options if o.attr("value") == ""))


def _fight(model: Model) -> Combat:
    return saved.fight_of(model, saved.load(model))


def _page(model: Model | None = None) -> Model:
    """Mara (a quick NPC unless ``model`` has her) and Bo; turn 1, then Bo down at HP 1
    (unconscious, SIM-48); turn 2: Mara to act, alone with her 2 actions (Bo rolls nothing,
    SIM-38)."""
    if model is None:
        model = _send(Model(History.new(default_data()), route="simply"), "simply.tab", "combat")
        model = _add(model, "Mara", "26")
    model = _add(model, "Bo", "12")
    model = _send(model, "simply.combat_initiative_typed", "9 1")
    for field, value in (("target", "c2"), ("source", "weapon"), ("raw", "11")):
        model = _send(model, "simply.combat_form", "damage", field, value)
    model = _send(model, "simply.combat_damage")
    assert "unconscious" in _texts(model, "sc-status-c2")[0]
    model = _send(model, "simply.combat_initiative_typed", "5")
    assert _texts(model, "sc-current") == ["Now: Mara"]
    assert _fight(model).actions_left("c1") == 2
    return model


def _add(model: Model, name: str, hp: str) -> Model:
    for field, value in (("name", name), ("hp_max", hp), ("strength", "5"), ("health", "5")):
        model = _send(model, "simply.combat_form", "add", field, value)
    return _send(model, "simply.combat_add")


def _revive(model: Model) -> Model:
    for field, value in (("patient", "c2"), ("treatment", "revive"), ("rating", "10")):
        model = _send(model, "simply.combat_form", "treat", field, value)
    return _send(model, "simply.combat_treat_typed", "3 3")


def test_revive_costs_the_treater_whose_turn_it_is_an_other_action() -> None:
    """The play-through's repro: Revive, First Aid, rating 10, "3 3": a success, and Mara had
    still 2 actions though the task line said "an Other action" (SIM-51)."""
    model = _page()
    assert _derived(model) == "Mara (whose turn it is)"
    model = _revive(model)
    assert ": success by " in _texts(model, "sc-treat-result")[0]
    fight = _fight(model)
    assert not fight.get("c2").unconscious
    assert fight.actions_left("c1") == 1
    assert "Mara: Other: revive (1 action left)" in _texts(model, "sc-log-entry")[0]
    # The Treater is chosen for one treatment: the next one derives it again.
    assert saved.load(model)["form"]["treat"]["treater"] == ""


def test_a_treater_with_no_action_left_is_refused_naming_the_field() -> None:
    model = _page()
    model = _send(model, "simply.combat_form", "treat", "treater", "c1")
    model = _send(model, "simply.combat_act", "Move")
    model = _send(model, "simply.combat_act", "Move")  # Mara's turn is over: Bo has none
    model = _revive(model)
    error = _texts(model, "sc-error-treat")[0]
    assert "Treater: Mara has no actions left this turn" in error, error
    assert _fight(model).get("c2").unconscious


def test_bandaging_on_one_s_own_turn_takes_the_rest_of_it_and_the_turn_passes() -> None:
    """The play-through's second repro: on Bo's turn with 1 action left, a bandage; the text
    said the bandager takes no other actions this turn, and Bo kept 1 action (SIM-53)."""
    model = _revive(_page())
    model = _send(model, "simply.combat_initiative_typed", "1 9")  # turn 3: Bo first
    assert _texts(model, "sc-current") == ["Now: Bo"]
    model = _send(model, "simply.combat_act", "Move")
    assert _fight(model).actions_left("c2") == 1
    model = _send(model, "simply.combat_form", "treat", "patient", "c2")
    model = _send(model, "simply.combat_form", "treat", "treatment", "bandage")
    assert _derived(model) == "Bo (whose turn it is)"
    model = _send(model, "simply.combat_treat")
    fight = _fight(model)
    assert fight.actions_left("c2") == 0
    assert _texts(model, "sc-current") == ["Now: Mara"]


def test_core_revive_charges_an_other_action_and_the_turn_passes_on_the_last() -> None:
    fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5, bonus=5)
    fight = add_combatant(fight, name="Bo", hp_max=26, strength=6, health=5, hp=2)
    fight = adjust(fight, "c2", conditions=("unconscious",))
    fight, _ = roll_initiative(fight, ScriptedRng(5))
    fight, _ = take_action(fight, "c1", "Move")
    fight, done = treat(fight, "c2", "revive", ScriptedRng(3, 3), rating=10)
    assert done.success and fight.actions_left("c1") == 0
    assert fight.phase == "done"  # Mara's last action: the turn passes (no one else acts)
    assert done.text.endswith("Mara: Other: revive (0 actions left)"), done.text
    with refused("SIM-53", match="Treater: Mara has no actions left this turn"):
        treat(fight, "c2", "bandage", ScriptedRng(), treater="c1")
    with refused("SIM-37", match="Treater: no one acts now"):
        treat(fight, "c2", "bandage", ScriptedRng())


def test_core_before_the_first_initiative_a_treatment_charges_nothing() -> None:
    fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5)
    fight = add_combatant(fight, name="Bo", hp_max=26, strength=6, health=5, hp=2)
    after, _ = treat(fight, "c2", "bandage", ScriptedRng(), treater="c1")
    assert after.actions == fight.actions and after.phase == "setup"


def test_core_refusals_name_the_treater() -> None:
    fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5, bonus=5)
    fight = add_combatant(fight, name="Bo", hp_max=26, strength=6, health=5, hp=2)
    fight = add_combatant(fight, name="Cy", hp_max=26, strength=6, health=5)
    fight = adjust(fight, "c2", conditions=("unconscious",))
    fight, _ = roll_initiative(fight, ScriptedRng(9, 1))
    for treater, rule, words in (
        ("c2", "SIM-51", "Treater: the one who revives Bo is another character"),
        ("c3", "SIM-35", "Treater: it is not Cy's turn and Cy holds no actions"),
    ):
        with refused(rule, match=words):
            treat(fight, "c2", "revive", ScriptedRng(3, 3), rating=10, treater=treater)


def test_the_treater_s_rating_comes_from_his_sheet_unless_typed() -> None:
    """Mara's sheet has First Aid (Familiar: I 6 + 2 = 8, SIM-28): the Treater's skill rating is
    derived from it, said in the field, and the revive rolls against it with nothing typed."""
    model = Model(History.new(default_data()), route="simply")
    model = _send(model, "simply.tab", "characters")
    model = _send(model, "simply.char_new")
    model = _send(model, "simply.char_field", "name", "Mara")
    model = _send(model, "simply.char_field", "add_skill", "First Aid")
    model = _send(model, "simply.tab", "combat")
    model = _page(_send(model, "simply.combat_add_char", "0"))
    model = _send(model, "simply.combat_form", "treat", "patient", "c2")
    model = _send(model, "simply.combat_form", "treat", "treatment", "revive")
    (rating,) = [n for n in find_all(shell.view(model), "sc-treat-rating") if n.tag == "input"]
    assert rating.attr("placeholder") == "8 (Mara's sheet: First Aid Familiar)"
    assert "TN 6" in _texts(model, "sc-treat-task")[0]  # 8, Above Average −2 (SIM-52)
    typed = _send(model, "simply.combat_form", "treat", "rating", "4")  # the GM's figure wins
    assert "TN 2" in _texts(typed, "sc-treat-task")[0]
    model = _send(model, "simply.combat_treat_typed", "3 3")
    assert ": success by " in _texts(model, "sc-treat-result")[0]
    assert not _fight(model).get("c2").unconscious


def test_an_undo_gives_back_the_treater_as_chosen_before_its_step() -> None:
    """The Treater is a choice marked as the patient and treatment are (steps.py): chosen,
    a minute passes, another chosen, Undo shows the first; Redo the second."""
    model = _send(_page(), "simply.combat_form", "treat", "treater", "c1")
    model = _send(model, "simply.combat_clock", 1)
    model = _send(model, "simply.combat_form", "treat", "treater", "c2")
    undone = _send(model, "shell.undo")
    assert saved.load(undone)["form"]["treat"]["treater"] == "c1"
    assert saved.load(_send(undone, "shell.redo"))["form"]["treat"]["treater"] == "c2"
