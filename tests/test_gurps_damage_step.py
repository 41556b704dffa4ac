"""The GURPS tracker's damage step (GUR-16, GUR-53): what it shows and counts a typed roll
against is the attack the attacker chose, not his first weapon (a GM's play-through saw
"Damage 1d+5" for a second attack of 1d+1 under All-Out Attack (Strong))."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest
from rkweb.app.model import Model
from test_gurps_pages import send, texts, two_fighters

from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.damage_roll import roll_damage
from pycore.systems.gurps.fight.value import Fight, Pending
from pycore.systems.gurps.injury import damage_types
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup, resolve_injury


def test_the_damage_step_shows_and_counts_the_chosen_attacks_dice() -> None:  # GUR-16
    model = send(two_fighters(), "gurps.field", "g1", "damage", "2d+3")
    model = send(model, "gurps.field", "g1", "more_attacks", "Thrust: 14, 1d+1 cr, thrust")
    model = send(send(model, "gurps.tab", "tracker"), "gurps.start", seed="o")
    model = send(send(model, "gurps.next"), "gurps.maneuver", "All-Out Attack", "Strong")
    model = send(model, "gurps.step_line", "1")
    hit = send(model, "gurps.step_attack_typed", "1 1 2")  # a critical hit: no defense
    assert "Damage 1d+3" in texts(hit, "gurps-turn")[0]
    hurt = send(hit, "gurps.step_damage_typed", "4")  # one die, as the attack's dice have
    assert "1d+3 (4)" in " ".join(texts(hurt, "gurps-log-entry"))


def _hit_with(line: str, typed: str = "2 2 3") -> Model:
    """Ana's hit on Bo with attack line ``line`` (0: her sheet's, 1: a Thrust 1d+1 imp), Bo
    taking it (no defense)."""
    model = send(two_fighters(), "gurps.field", "g1", "damage", "1d+1")
    model = send(model, "gurps.field", "g1", "damage_type", "cut")
    model = send(model, "gurps.field", "g1", "more_attacks", "Thrust: 14, 1d+1 imp, thrust")
    model = send(send(model, "gurps.tab", "tracker"), "gurps.start", seed="o")
    model = send(send(model, "gurps.next"), "gurps.maneuver", "Attack", "")
    model = send(model, "gurps.step_line", line)
    rolled = send(model, "gurps.step_attack_typed", typed)
    if rolled.state["gurps"]["pending"]["stage"] == "defense":
        rolled = send(rolled, "gurps.step_defend")  # "Take the hit"
    return rolled


def test_the_damage_step_says_each_lines_type_and_wounding() -> None:  # GUR-53, GUR-56
    """A GM's play-through: after switching to "Thrust (1d+1 imp)" the step said only "Damage
    1d+1"; the type and its ×2 showed nowhere until the injury."""
    assert texts(_hit_with("0"), "gurps-fight-damage-said") == ["Damage 1d+1 cut, wounding ×3/2"]
    assert texts(_hit_with("1"), "gurps-fight-damage-said") == ["Damage 1d+1 imp, wounding ×2"]
    critical = _hit_with("1", "1 1 1")  # a roll of 3: maximum damage, said with its type
    assert (
        "Apply maximum damage (1d+1 imp, wounding ×2: a roll of 3)"
        in texts(critical, "gurps-turn")[0]
    )


@pytest.mark.parametrize("kind", damage_types())
def test_every_damage_type_is_said_with_the_injurys_multiplier(kind: str) -> None:  # GUR-56
    ana = Combatant(id="a", name="Ana", damage="2d", damage_type=kind)
    fight = Fight((ana, Combatant(id="b", name="Bo")))
    for where in ("torso", "skull", "arm", "neck"):
        setup = AttackSetup(location=where)
        pending = Pending("a", "b", setup, "damage")
        said = gf.pending_damage_said(replace(fight, pending=pending))
        hurt = resolve_injury(ana, fight.combatant("b"), setup, roll_damage("2d", kind, Random(1)))
        assert said.startswith(f"2d {kind}, wounding ×"), said
        assert f"× {said.rsplit('×', 1)[1]} (" in str(hurt) or kind == "fat", (said, str(hurt))
