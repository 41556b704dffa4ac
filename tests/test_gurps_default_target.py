"""FIGHT.md's first law for the GURPS target: a new attack starts at the foe its attacker last
attacked while that foe is in the fight and conscious, else at the first conscious fighter after
him in the order. A GM's play-through found the default was always the next fighter in the
order (an ally, when the order put one there), derived afresh after each attack: the target
was tapped again every turn."""

from __future__ import annotations

import random
from dataclasses import replace

from rkweb.app.model import Model
from rkweb.features.gurps.state import fight_of
from rkweb.features.gurps.turn_step import step_of
from test_gurps_pages import send

from pycore.dice import typed_dice
from pycore.store import History, default_data
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup


def _three() -> gf.Fight:
    """Ana, then her ally Cy, then the orc Grukk in the order (by Basic Speed)."""
    people = (
        Combatant(id="a", name="Ana", basic_speed="7"),
        Combatant(id="c", name="Cy", basic_speed="6"),
        Combatant(id="g", name="Grukk the Orc", basic_speed="5"),
    )
    fight, _ = gf.start(gf.Fight(people), random.Random(1))
    return fight


def _ana_attacks_grukk(fight: gf.Fight) -> gf.Fight:
    fight, _ = gf.take_maneuver(fight, "Attack")
    fight, _ = gf.attack(fight, "a", "g", AttackSetup(), typed_dice("3d6", "18"))  # a miss
    return fight


def _round_later(fight: gf.Fight) -> gf.Fight:
    for _ in fight.order:
        fight, _ = gf.next_turn(fight)
    return fight


def test_the_next_attack_starts_at_the_foe_last_attacked() -> None:
    fight = _three()
    assert gf.next_target(fight, "a") == "c"  # nobody attacked yet: the next in the order
    later = _round_later(_ana_attacks_grukk(fight))
    assert later.current().id == "a"  # type: ignore[union-attr]
    assert gf.last_target(later, "a") == "g"
    assert gf.next_target(later, "a") == "g"  # the old code: "c", Ana's ally, every turn


def test_a_foe_unconscious_or_gone_is_no_longer_the_default() -> None:
    fight = _ana_attacks_grukk(_three())
    grukk = replace(fight.combatant("g"), unconscious=True)
    assert gf.next_target(fight.with_combatant(grukk), "a") == "c"
    cy_down = replace(fight.combatant("c"), unconscious=True)
    knocked = fight.with_combatant(grukk).with_combatant(cy_down)
    assert gf.next_target(knocked, "a") == "c"  # everyone down: the next one still
    assert gf.next_target(fight.with_combatant(cy_down), "g") == "a"  # Cy skipped
    assert gf.next_target(_three().with_combatant(cy_down), "a") == "g"  # old: "c", down
    gone, _ = gf.remove(fight, "g")
    assert gf.next_target(gone, "a") == "c"


def test_whom_he_attacked_survives_the_saved_form() -> None:
    fight = _ana_attacks_grukk(_three())
    saved = gf.fight_to_json(fight)
    assert saved["fight"]["targets"] == [["a", "g"]]
    assert gf.fight_from_json(saved).targets == (("a", "g"),)
    without_grukk = {**saved, "combatants": saved["combatants"][:2]}
    assert gf.fight_from_json(without_grukk).targets == ()


def test_the_turns_step_starts_at_the_foe_last_attacked() -> None:
    """The page renders the core's derivation: after Ana's attack on Grukk, her next turn's
    step is aimed at Grukk with no tap."""
    model = Model(History.new(default_data()), route="gurps")
    for index, (name, speed) in enumerate((("Ana", "7"), ("Cy", "6"), ("Grukk", "5")), 1):
        model = send(model, "gurps.new")
        model = send(model, "gurps.field", f"g{index}", "name", name)
        model = send(model, "gurps.field", f"g{index}", "basic_speed", speed)
    model = send(send(model, "gurps.tab", "tracker"), "gurps.start", seed="o")
    model = send(model, "gurps.maneuver", "Attack", "")
    assert step_of(model, fight_of(model))["target"] == "g2"  # Cy, next in the order
    model = send(model, "gurps.target", "g3")
    model = send(model, "gurps.step_attack_typed", "6 6 6")  # a miss: the attack ends
    for _ in range(3):
        model = send(model, "gurps.next")
    assert fight_of(model).current().name == "Ana"  # type: ignore[union-attr]
    assert step_of(model, fight_of(model))["target"] == "g3"
