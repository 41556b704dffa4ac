"""A GM's play-through: Bo shot his longbow at Ana from 30 yd, then readied his knife; next turn
"Knife ... at Ana" was offered at 74.1% without a word of the 30 yd the fight holds between them.
GUR-14, GUR-21 (004 lines 52, 88): a melee target must be within reach; the tracker has no map,
so being within reach is the GM's to confirm (the rules file's reading): when the fight holds a
range between the pair past the weapon's reach, the melee line says so and waits for one tap.
Once he struck in melee, they are within reach: the range held for the pair no longer holds."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import VNode
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.attacks import added_line, armed, edited_line
from pycore.systems.gurps.fight.value import Fight
from pycore.systems.gurps.sheet import Combatant

ASKED = "Ana is 30 yd away (the range the fight holds): moved within reach?"


def test_the_core_says_a_held_range_past_the_reach() -> None:
    bo = edited_line(added_line(Combatant(id="b", name="Bo")), 0, "reach", "C,1")
    ana = Combatant(id="a", name="Ana")
    fight = gf.with_range(Fight((ana, bo)), "a", "b", 30)
    assert gf.out_of_reach(fight, armed(bo, 1), ana) == ASKED
    assert gf.out_of_reach(gf.with_range(fight, "a", "b", 1), armed(bo, 1), ana) == ""
    assert gf.out_of_reach(Fight((ana, bo)), armed(bo, 1), ana) == ""  # no range held
    shooter = Combatant(id="b", name="Bo", attack_kind="bow")
    assert gf.out_of_reach(fight, shooter, ana) == ""  # a ranged attack has no reach
    blank = armed(added_line(Combatant(id="b", name="Bo")), 1)  # reach not typed: asked too
    assert gf.out_of_reach(gf.with_range(fight, "a", "b", 2), blank, ana).startswith("Ana is 2")


def _knife_turn() -> Model:
    model = fight_started()  # Bo (g2) first
    for name, value in {"weapon": "Longbow", "damage": "1d+2", "damage_type": "imp"}.items():
        model = send(model, "gurps.field", "g2", name, value)
    for name, value in {"attack_kind": "bow", "acc": "3", "max_range": "220"}.items():
        model = send(model, "gurps.field", "g2", name, value)
    model = send(model, "gurps.line_add", "g2")
    line = {"name": "Knife", "skill": "12", "damage": "1d-2", "damage_type": "cut", "reach": "C,1"}
    for name, value in line.items():
        model = send(model, "gurps.line_field", "g2", "0", name, value)
    # A kick beside the knife (always ready, 004 line 97): the ways show as chips.
    model = send(model, "gurps.line_add", "g2")
    kick = {"name": "Kick", "skill": "10", "damage": "1d-1", "damage_type": "cr", "unarmed": "yes"}
    for name, value in kick.items():
        model = send(model, "gurps.line_field", "g2", "1", name, value)
    model = send(model, "gurps.maneuver", "Attack", "")
    model = send(model, "gurps.step_form", "yards", "30")
    model = send(model, "gurps.step_attack_typed", "6 6 6")  # a miss: the attack ends
    assert gf.range_between(fight_of(model), "g1", "g2") == "30"
    # Ana's turn passes; Bo draws his knife, one tap (004 line 95: not offered to attack with
    # while the longbow is in his hand); Ana's turn passes again; Bo attacks.
    model = send(send(send(model, "gurps.next"), "gurps.next"), "gurps.ready_draw", "1")
    model = attack_turn(send(model, "gurps.next"))
    return send(model, "gurps.step_line", "1")


def test_the_knife_at_30_yd_asks_if_he_closed_in() -> None:
    model = _knife_turn()
    assert texts(model, "gurps-fight-reach") == [ASKED]
    assert texts(model, "gurps-fight-line-1") == ["✓ Knife (1d-2 cut): Ana is 30 yd away"]
    waits = send(model, "gurps.step_attack_typed", "3 4 4")
    assert fight_of(waits).pending is None  # the roll waits for the answer
    closed = send(model, "gurps.step_chip", "within_reach")
    assert texts(closed, "gurps-fight-reach") == []
    assert texts(closed, "gurps-fight-line-1")[0].startswith("✓ Knife (1d-2 cut): ")
    assert texts(closed, "gurps-fight-hit")
    struck = send(closed, "gurps.step_attack_typed", "6 6 6")
    # he struck in melee: within reach, the 30 yd no longer holds between them
    assert gf.range_between(fight_of(struck), "g1", "g2") == ""


def test_another_target_asks_again() -> None:
    closed = send(_knife_turn(), "gurps.step_chip", "within_reach")
    model = send(closed, "gurps.new", seed="n")
    model = send(model, "gurps.target", "g3")
    back = send(model, "gurps.target", "g1")
    assert texts(back, "gurps-fight-reach") == [ASKED]


def _testids(node: object) -> list[str]:
    """Every data-testid under ``node``, in document order (as a GM reads the page)."""
    if not isinstance(node, VNode):
        return []
    own = [str(node.attr("data-testid"))] if node.attr("data-testid") else []
    return own + [t for child in node.children for t in _testids(child)]


def test_the_question_sits_above_the_odds_and_the_roll() -> None:
    """A GM's play-through: the question sat under the line's odds; a GM reads top-down and
    taps the roll. It is read before the chance to hit and the roll."""
    model = send(_knife_turn(), "gurps.step_line", "1")
    order = _testids(shell.view(model))
    assert order.index("gurps-fight-reach") < order.index("gurps-fight-hit")
    assert order.index("gurps-fight-reach") < order.index("gurps-fight-attack-roll")
