"""A GM's play-through: on Bo's sheet (longbow 1d+2 imp) he tapped "Add an attack" and typed
only the name Knife, skill 12 and kind melee; the tracker offered "Knife (1d+2 imp)", the bow's
damage, until he retyped it. FIGHT.md's first law: a value the GM did not set is derived, never
taken from another line. A new line starts without damage dice and says so, the roll waiting
for them, rather than borrow the first weapon's."""

from __future__ import annotations

import pytest
from rkweb.app.model import Model
from test_gurps_pages import fight_started, send, texts

from pycore.errors import RuleError
from pycore.systems.gurps.attacks import added_line, armed
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup, preview


def test_a_new_line_takes_nothing_from_the_weapon() -> None:
    bow = Combatant(weapon="Longbow", damage="1d+2", damage_type="imp", attack_kind="bow")
    (line,) = added_line(bow).more_attacks
    assert (line.damage, line.damage_type, line.kind) == ("", "", "melee")
    assert (line.acc, line.half_d, line.max_range, line.parry) == (0, "", "", 0)


def test_a_line_without_damage_asks_for_it() -> None:
    knife = armed(added_line(Combatant(name="Bo", damage="1d+2", damage_type="imp")), 1)
    with pytest.raises(RuleError, match="Attack 2: no damage on Bo's sheet yet"):
        preview(knife, Combatant(), AttackSetup())


def _bo_with_a_knife(damage: str = "") -> Model:
    model = fight_started()  # Bo (g2) acts first
    for name, value in {"weapon": "Longbow", "damage": "1d+2", "damage_type": "imp"}.items():
        model = send(model, "gurps.field", "g2", name, value)
    model = send(model, "gurps.line_add", "g2")
    for name, value in {"name": "Knife", "skill": "12", "kind": "melee"}.items():
        model = send(model, "gurps.line_field", "g2", "0", name, value)
    if damage:
        model = send(model, "gurps.line_field", "g2", "0", "damage", damage)
        model = send(model, "gurps.line_field", "g2", "0", "damage_type", "cut")
    # A kick beside it (always ready, 004 line 97), so the ways show as chips; the knife is
    # drawn with a Ready first (004 line 95: the longbow is in his hand), then Ana's turn.
    model = send(model, "gurps.line_add", "g2")
    kick = {"name": "Kick", "skill": "10", "damage": "1d-1", "damage_type": "cr", "unarmed": "yes"}
    for name, value in kick.items():
        model = send(model, "gurps.line_field", "g2", "1", name, value)
    model = send(send(model, "gurps.ready_draw", "1"), "gurps.next")
    return send(send(model, "gurps.next"), "gurps.maneuver", "Attack", "")


def test_the_tracker_offers_the_knife_without_the_bow_s_damage() -> None:
    model = _bo_with_a_knife()
    assert texts(model, "gurps-fight-line-1") == ["✓ Knife (no damage on the sheet yet)"]
    picked = send(model, "gurps.step_line", "1")
    said = texts(picked, "gurps-turn")[0]
    assert "Knife: no damage on Bo's sheet yet" in said
    typed = _bo_with_a_knife("1d-2")
    assert texts(typed, "gurps-fight-line-1")[0].startswith("✓ Knife (1d-2 cut): ")


def test_the_sheet_says_the_new_line_s_damage_is_not_given() -> None:
    model = send(fight_started(), "gurps.line_add", "g2")
    model = send(send(model, "gurps.tab", "combatants"), "gurps.select", "g2")
    assert texts(model, "gurps-line-0-damage-type")[0].startswith("not chosen yet")
