"""A shot past the Size and Speed/Range Table's last row, 100 yd (004 lines 181-195, GUR-28):
the text is silent, so the step asks the GM for the modifier his table gives (the rule map's
ASK, "beyond the printed table (100 yd)") and the attack goes on with it.

A GM's play-through at 768x1024: Bo's short bow (1/2D 150, Max 200) at Cy 150 yards away read
"speed + range 150 yd is beyond the table's 100 yd: enter the modifier yourself" with no field
to enter it in, on the tracker's step as on the Attack tab: the shot could not be made, and
typing 100 yards instead to get past it would have lost the 1/2D halving (004 line 320)
silently."""

from __future__ import annotations

import pytest
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.errors import RuleError
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup, attack_line

BOW = {"attack_kind": "bow", "damage": "1d", "damage_type": "imp", "half_d": "150"}


def _archer() -> object:
    model = fight_started()
    for name, value in {**BOW, "max_range": "200"}.items():
        model = send(model, "gurps.field", "g1", name, value)
    return attack_turn(model)  # Ana (skill 14) at Bo (DR 2)


def test_the_core_takes_the_gm_s_modifier_past_the_table() -> None:  # GUR-28
    bow = Combatant(weapon_skill=14, maneuver="Attack", **BOW)
    with pytest.raises(RuleError, match="beyond the table's 100 yd"):
        attack_line(bow, Combatant(), AttackSetup(yards=150))
    line = attack_line(bow, Combatant(), AttackSetup(yards=150, range_beyond=-11))
    assert (
        line.plain() == "base 14 + Attack +0 + speed/range 150 yd (yours: past the table) −11 = 3"
    )
    # Within the table the table's figure counts, whatever was typed.
    assert attack_line(bow, Combatant(), AttackSetup(yards=8, range_beyond=-11)).total == 10


def test_the_step_asks_the_modifier_and_the_shot_is_halved_at_1_2d() -> None:  # 004:L320
    model = _archer()
    assert texts(model, "gurps-fight-range-beyond") == []  # no range yet: not asked
    model = send(model, "gurps.step_form", "yards", "150")
    assert texts(model, "gurps-fight-range-beyond")  # asked, beside the range
    model = send(model, "gurps.step_form", "range_beyond", "-11")
    assert texts(model, "gurps-fight-line")[0].endswith("(yours: past the table) −11 = 3")
    rolled = send(model, "gurps.step_attack_typed", "1 1 1")  # a critical hit: no defense
    hurt = send(rolled, "gurps.step_damage_typed", "6")  # 6, halved at 1/2D: 3 − DR 2 = 1 × 2
    assert "Bo: injury 2" in texts(hurt, "gurps-fight-result")[0]


def test_the_attack_tab_asks_it_too() -> None:  # GUR-28
    model = send(_archer(), "gurps.tab", "attack")
    for name, value in (("attacker", "g1"), ("defender", "g2"), ("yards", "150")):
        model = send(model, "gurps.attack_form", name, value)
    model = send(model, "gurps.attack_form", "range_beyond", "-11")
    assert texts(model, "gurps-skill-line")[0].endswith("(yours: past the table) −11 = 3")
