"""The quick NPC's HP (SIM-27): a GM at the table met HP 20 pre-filled beside S 6 and H 6, which
give 24. A number the GM did not set is derived from S and H with the rule's formula, shown with
it; a typed HP stands instead and the core checks it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, find_all, text_of

from pycore.errors import RuleError
from pycore.store import History, default_data
from pycore.systems.simply.fight import Combat, join, quick_hp
from pycore.systems.simply.stats import hit_points


def _page() -> Model:
    model = Model(History.new(default_data()), route="simply")
    return _send(model, "simply.tab", "combat")


def _send(model: Model, *msg: object) -> Model:
    return shell.update(model, tuple(msg), Ctx(now="2026-11-23T10:00:00+01:00", fresh_seed="s"))


def _node(model: Model, testid: str) -> list[VNode]:
    return list(find_all(shell.view(model), testid))


def _texts(model: Model, testid: str) -> list[str]:
    return [text_of(n) for n in find_all(shell.view(model), testid)]


def _add(model: Model, name: str, **fields: str) -> Model:
    for field, value in {"name": name, **fields}.items():
        model = _send(model, "simply.combat_form", "add", field, value)
    return _send(model, "simply.combat_add")


def _joined(model: Model) -> list[tuple[str, int]]:
    fighters = model.state["simply_combat"]["combat"].get("combatants", [])
    return [(c["name"], c["hp_max"]) for c in fighters]


@pytest.mark.parametrize(
    ("strength", "health", "hp"),
    [(6, 5, 23), (7, 3, 21), (8, 10, 42), (5, 8, 26), (6, 6, 24)],  # SIM-27's own examples
)
def test_the_rule_s_examples(strength: int, health: int, hp: int) -> None:
    assert quick_hp(strength, health).value == hp


@given(st.integers(1, 20), st.integers(1, 10))
def test_a_quick_npc_has_a_character_s_hp_for_the_same_s_and_h(strength: int, health: int) -> None:
    derived = quick_hp(strength, health)
    assert derived.value == hit_points(strength, health)
    assert str(derived).startswith(f"HP {derived.value} = ⌈S × m + H⌉ = ⌈{strength} × ")


def test_join_without_hp_derives_them_and_says_how() -> None:
    fight, step = join(Combat(), name="Grunt", strength=7, health=3)
    assert fight.combatants[0].hp_max == fight.combatants[0].hp == 21
    assert step.step.text == "Grunt joins the fight; HP 21 = ⌈S × m + H⌉ = ⌈7 × 5/2 + 3⌉ = ⌈41/2⌉"
    assert "SIM-27" in step.step.rules
    assert step.step.public == "Grunt joins the fight"  # the players never see HP
    fight, step = join(Combat(), name="Boss", hp_max=30, strength=7, health=3)
    assert (fight.combatants[0].hp_max, step.step.text) == (30, "Boss joins the fight")


def test_join_refuses_a_bad_typed_hp_and_waits_for_one_past_the_table() -> None:
    with pytest.raises(RuleError, match=r"^HP max 0 is outside 1 to 1000$"):
        join(Combat(), name="Grunt", hp_max=0, strength=6, health=6)
    with pytest.raises(RuleError, match=r"H 11 is past the HP table \(H 1 to 10\); type the HP"):
        join(Combat(), name="Ogre", strength=9, health=11)
    fight, _ = join(Combat(), name="Ogre", hp_max=60, strength=9, health=11)
    assert fight.combatants[0].hp_max == 60


def test_the_form_shows_the_derived_hp_and_a_blank_hp_joins_with_it() -> None:
    model = _page()
    hp_field = _node(model, "sc-add-hp_max")[0]
    assert (hp_field.attr("value"), hp_field.attr("placeholder")) == ("", "24")
    assert _texts(model, "sc-add-hp_max-hint") == ["HP 24 = ⌈S × m + H⌉ = ⌈6 × 3 + 6⌉"]
    model = _add(model, "Grunt")
    assert _joined(model) == [("Grunt", 24)]
    logged = _texts(model, "sc-log-entry")[0]
    assert logged.startswith("Grunt joins the fight; HP 24 = ⌈S × m + H⌉ = ⌈6 × 3 + 6⌉")
    # S and H change: the HP follow them, never a number left from before.
    model = _add(model, "Scout", strength="7", health="3")
    assert _texts(model, "sc-add-hp_max-hint") == ["HP 21 = ⌈S × m + H⌉ = ⌈7 × 5/2 + 3⌉ = ⌈41/2⌉"]
    assert _joined(model)[-1] == ("Scout", 21)


def test_a_typed_hp_stands_and_a_bad_one_is_named_with_its_range() -> None:
    model = _send(_page(), "simply.combat_form", "add", "hp_max", "30")
    assert _texts(model, "sc-add-hp_max-hint") == [
        "As typed (S and H give 24); clear it for the rule's HP."
    ]
    assert _joined(_add(model, "Boss")) == [("Boss", 30)]
    model = _add(_page(), "Grunt", hp_max="0")
    assert _texts(model, "sc-add-hp_max-error") == ["HP 0 is outside 1 to 1000"]
    assert _joined(model) == []
    model = _add(_page(), "Ogre", health="12")
    assert _texts(model, "sc-add-hp_max-hint") == [
        "HP: H 12 is past the HP table (H 1 to 10); type the HP, 1 to 1000"
    ]
    assert "H 12 is past the HP table" in _texts(model, "sc-error-add")[0]
    assert _joined(model) == []
    assert _joined(_add(model, "Ogre", hp_max="60")) == [("Ogre", 60)]


def test_a_quick_npc_s_attack_skill_is_typed_once_for_every_attack_and_defend() -> None:
    """playsm2, a GM's three rounds at 768x1024: the quick NPC's form had no attack skill, so
    for each of Grunt's attacks the GM opened the attack's fold and typed its TN again ("Grunt
    attacks Mara with Attack: TN to type"), and no one could roll against Grunt's Defend. The
    skill rating typed once in the form is the TN of every attack and its Defend TN (SIM-39,
    SIM-D08)."""
    model = _page()
    model = _send(model, "simply.combat_form", "add", "max_damage", "8")
    model = _send(model, "simply.combat_form", "add", "attack_skill", "10")
    model = _add(model, "Grunt", health="5")
    model = _add(model, "Scout")
    model = _send(model, "simply.combat_initiative_typed", "2 9")  # Scout first
    assert _texts(model, "sc-hit-chance-defend"), "a Defend at Grunt's skill is offered"
    attack = model.state["simply_combat"]["form"]["attack"]
    assert (attack["target"], attack["defend_tn"]) == ("c1", "10")
    model = _send(model, "simply.combat_attack_typed", "10 10")  # a 20 misses
    model = _send(model, "simply.combat_attack_typed", "10 10")  # his last: Grunt's turn
    assert _texts(model, "sc-attack-summary") == ["Grunt attacks Scout (its attack skill): TN 10"]
    assert _texts(model, "sc-arm-0") == ["✓ Attack 10: 45%"]  # SIM-T13: TN 10, 45%
    model = _send(model, "simply.combat_attack_typed", "10 10")
    assert _texts(model, "sc-attack-summary") == ["Grunt attacks Scout (its attack skill): TN 10"]
    blank = _add(_page(), "Grunt")  # left blank: typed at each attack, as before
    blank = _add(blank, "Scout")
    blank = _send(blank, "simply.combat_initiative_typed", "9 2")
    assert _texts(blank, "sc-attack-summary") == ["Grunt attacks Scout: TN to type"]


def test_a_bad_attack_skill_is_named_with_its_range() -> None:
    model = _send(_page(), "simply.combat_form", "add", "attack_skill", "1000")
    assert _texts(model, "sc-add-attack_skill-error") == [
        "Attack skill rating 1000 is outside -99 to 999"
    ]
