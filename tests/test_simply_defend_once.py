"""Each Defend choice on the attack step once (play-through, session of 2026-11-30): the Defend
with the weapon and the Defend with the shield (SIM-D08, SIM-D12) were each a button that
declared and rolled (app dice), "Roll against Bo's Defend" / "with Large shield" in a row of
their own, and a chip that declared (typed dice), the same choice twice. One chip per choice
now, beside it until pressed its exact chance and "Roll" (declared and rolled in one tap: a
Defend at the start of a turn within 4 taps, issue 26); the roll below rolls what is pressed. The shield strike of a shield carrier without the Shield
skill is at its default (SIM-03: a physical skill, C − 2), and its chip says so."""

from __future__ import annotations

from fractions import Fraction

from rkweb.app.model import Model
from test_simply_fight_page import _exact, _form, _pressed, duel, send, texts

from pycore.systems.simply import fight as core


def _duel(*bo: tuple[str, str]) -> Model:
    model = duel((("add_skill", "Brawling"), ("shield_id", "large"), *bo))
    return send(model, "simply.combat_initiative_typed", "9 2")


def test_each_defend_choice_is_offered_once_with_its_chance() -> None:
    model = _duel(("add_skill", "Shield"))
    # Each Defend named once, by its chip; beside it its chance and "Roll" (declared and
    # rolled in one tap), no "Roll against Bo's Defend" / "with Large shield" buttons again.
    (step,) = texts(model, "sc-attack-step")
    (fold,) = texts(model, "sc-attack-adjust")  # the set-up fold's selects keep the choices
    step = step.replace(fold, "")
    assert "Roll against" not in step
    assert step.count("with Large shield") == 1 and step.count("Bo defends") == 1
    assert texts(model, "sc-attack-chip-defend") == ["Bo defends"]
    assert len(texts(model, "sc-attack-chip-shield")) == 1
    assert texts(model, "sc-attack-roll-defend") == ["Roll"]
    assert texts(model, "sc-attack-roll-shield") == ["Roll"]
    # Each chip's exact chance beside it, as the chance line says it once declared.
    bo = core.combat_from_json(model.state["simply_combat"]["combat"]).get("c2")
    held = core.shield_defend(bo)
    assert held is not None
    brawling = int(_form(model, "attack")["defend_tn"])
    assert Fraction(_exact(model, "sc-hit-chance-defend")) == core.hit_chance(
        8, brawling, True, False
    )
    assert Fraction(_exact(model, "sc-hit-chance-shield")) == core.hit_chance(
        8, held.tn, True, True
    )
    for what in ("defend", "shield"):
        pressed = send(model, "simply.combat_declare", what)
        assert _pressed(pressed, f"sc-attack-chip-{what}") == ["true"]
        assert texts(pressed, f"sc-hit-chance-{what}") == []  # the chance line has it
        assert texts(pressed, f"sc-attack-roll-{what}") == []  # the roll below rolls it
        assert _exact(pressed, "sc-hit-chance") == _exact(model, f"sc-hit-chance-{what}")


def test_the_roll_after_the_chip_or_its_own_roll_rolls_the_defend_with_the_app_s_dice() -> None:
    model = _duel(("add_skill", "Shield"))
    one_tap = send(model, "simply.combat_attack_declared", "shield", seed="s")
    assert "with Large shield" in one_tap.state["simply_combat"]["log"][0]["text"]
    shielded = send(model, "simply.combat_declare", "shield")
    rolled = send(shielded, "simply.combat_attack", seed="s")
    assert "with Large shield" in rolled.state["simply_combat"]["log"][0]["text"]
    assert rolled.state["simply_combat"]["combat"]["actions"]["c2"] == 1  # SIM-D08: an action
    defended = send(send(model, "simply.combat_declare", "defend"), "simply.combat_attack")
    assert "defends" in defended.state["simply_combat"]["log"][0]["text"]


def test_a_shield_strike_without_the_shield_skill_says_it_is_at_its_default() -> None:
    """SIM-03: the Shield skill is physical (SIM-T08), so not bought it defaults to C − 2 and
    can be rolled; SIM-31/SIM-T07: a Large shield strikes at Dmg 8. Its chip says "default", as
    the sheet says a weapon's unbought skill ("Thrown Weapon (default) 5")."""
    model = send(_duel(), "simply.combat_hold")  # Bo's turn
    (arms,) = texts(model, "sc-arms")
    assert "Large shield (default) " in arms
    bought = send(_duel(("add_skill", "Shield")), "simply.combat_hold")
    assert "(default)" not in texts(bought, "sc-arm-1")[0]
    assert "Large shield" in texts(bought, "sc-arm-1")[0]


def test_a_buckler_cannot_strike() -> None:
    """SIM-T07: a Buckler's Dmg is "−": it cannot be used to strike (SIM-31 reading)."""
    model = duel((("add_skill", "Shield"), ("shield_id", "buckler")))
    model = send(send(model, "simply.combat_initiative_typed", "9 2"), "simply.combat_hold")
    assert "Buckler" not in texts(model, "sc-arms")[0]
    assert len(texts(model, "sc-attack-chip-shield")) <= 1
