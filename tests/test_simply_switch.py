"""FIGHT.md's attacker-switch property for the Simply fight (issue 14: "Max damage pre-filled
wrong ... the previous attacker's value kept"): after a fully set-up attack (weapon, target, TN,
level, a Defend, luck, the damage's source, Max Dmg, armor row, modifiers, a typed D20), switching
the attacker leaves every pre-filled field equal to a fresh set-up for the new attacker, over
random groups of characters built on their sheets (hypothesis)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rkweb.app.model import Model
from test_simply_fight_page import send

from pycore.store import History, default_data

SKILLS = (("Melee Weapon", "Sword"), ("Brawling", ""), ("Melee Weapon", "Axe"))

characters = st.lists(
    st.fixed_dictionaries(
        {
            "skill": st.integers(0, len(SKILLS) - 1),
            "strength": st.integers(1, 12),
            "max_damage": st.one_of(st.none(), st.integers(1, 100)),
        }
    ),
    min_size=2,
    max_size=4,
)
set_ups = st.fixed_dictionaries(
    {
        "target": st.integers(0, 3),
        "tn": st.integers(-99, 999),
        "level": st.sampled_from(("Default", "Capable", "Skilled", "Master")),
        "defend": st.booleans(),
        "defend_tn": st.integers(-99, 999),
        "luck": st.sampled_from(("yes", "no")),
        "source": st.sampled_from(("table", "weapon")),
        "max_damage": st.integers(1, 100),
        "d20": st.integers(1, 20),
        "kind": st.sampled_from(("other", "cutting", "piercing", "crushing")),
        "other": st.integers(-9, 9),
    }
)


def _group(people: list[dict[str, Any]]) -> Model:
    model = send(Model(History.new(default_data()), route="simply"), "simply.tab", "characters")
    for index, person in enumerate(people):
        skill, specialty = SKILLS[person["skill"]]
        model = send(model, "simply.char_new")
        model = send(model, "simply.char_field", "name", f"Fighter {index + 1}")
        model = send(model, "simply.char_field", "strength", str(person["strength"]))
        model = send(model, "simply.char_field", "add_skill", skill)
        if specialty:
            model = send(model, "simply.char_field", "skill_specialty:0", specialty)
        if person["max_damage"] is not None:
            rated = f"{skill}: {specialty}" if specialty else skill
            weapon = {"name": "Blade", "skill": rated, "max_damage": str(person["max_damage"])}
            model = send(model, "simply.char_field", "add_weapon", json.dumps(weapon))
    model = send(model, "simply.tab", "combat")
    for index in range(len(people)):
        model = send(model, "simply.combat_add_char", str(index))
    return model


def _forms(model: Model) -> dict[str, dict[str, str]]:
    form = model.state["simply_combat"]["form"]
    return {"attack": dict(form["attack"]), "damage": dict(form["damage"])}


def _set_up(model: Model, chosen: dict[str, Any], count: int) -> Model:
    """Every field of the attack and damage steps, as a user could set them."""
    model = send(model, "simply.combat_form", "attack", "attacker", "c1")
    model = send(
        model, "simply.combat_form", "attack", "target", f"c{chosen['target'] % count + 1}"
    )
    for name in ("tn", "level", "defend_tn", "luck"):
        model = send(model, "simply.combat_form", "attack", name, str(chosen[name]))
    if chosen["defend"]:
        model = send(model, "simply.combat_form", "attack", "defend", "yes")
    for name in ("source", "max_damage", "d20", "kind", "other"):
        model = send(model, "simply.combat_form", "damage", name, str(chosen[name]))
    return model


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(characters, set_ups, st.integers(1, 3))
def test_switching_the_attacker_keeps_nothing_of_the_last_set_up(
    people: list[dict[str, Any]], chosen: dict[str, Any], other: int
) -> None:
    count = len(people)
    newcomer = f"c{other % (count - 1) + 2}"  # anyone but the first attacker
    group = _group(people)
    switched = send(
        _set_up(group, chosen, count), "simply.combat_form", "attack", "attacker", newcomer
    )
    target = switched.state["simply_combat"]["form"]["attack"]["target"]
    assert target and target != newcomer  # never themselves
    fresh = send(group, "simply.combat_form", "attack", "attacker", newcomer)
    fresh = send(fresh, "simply.combat_form", "attack", "target", target)
    assert _forms(switched) == _forms(fresh)
