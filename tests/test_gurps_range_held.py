"""FIGHT.md's first law for the GURPS range: what the fight holds between two fighters (the
yards of their last ranged attack) starts their next attack, and a change of target takes the
new pair's. A GM's play-through found the range back at 0 every turn: 20 yards' −6 (GUR-28)
was gone unless re-typed."""

from __future__ import annotations

from rkweb.app.model import Model
from rkweb.features.gurps.state import fight_of
from rkweb.features.gurps.turn_step import RANGE_FIRST, step_of
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.store import History, default_data
from pycore.store.sections import read_section
from pycore.systems.gurps import fight as gf


def _yards(model: Model) -> str:
    return str(step_of(model, fight_of(model))["yards"])


def _ana_shoots_bo_at_20_yards() -> Model:
    model = attack_turn(send(fight_started(), "gurps.field", "g1", "attack_kind", "bow"))
    assert _yards(model) == ""  # nothing held yet: asked, never 0
    model = send(model, "gurps.step_form", "yards", "20")
    return send(model, "gurps.step_attack_typed", "6 6 6")  # a miss: the attack ends


def test_the_next_attack_between_the_two_starts_at_their_range() -> None:
    shot = _ana_shoots_bo_at_20_yards()
    assert gf.range_between(fight_of(shot), "g2", "g1") == "20"
    again = attack_turn(send(shot, "gurps.next"))  # Bo's turn passes, Ana's again: round 2
    assert fight_of(again).round == 2 and _yards(again) == "20"
    assert "speed/range 20 yd −6" in " ".join(texts(again, "gurps-turn"))


def test_the_range_survives_a_reload_and_belongs_to_the_pair() -> None:
    shot = _ana_shoots_bo_at_20_yards()
    saved = read_section("gurps", 1, shot.history.state["gurps"])
    reloaded = Model(History.new({**default_data(), "gurps": saved}), route="gurps")
    assert gf.range_between(fight_of(reloaded), "g1", "g2") == "20"
    model = send(send(reloaded, "gurps.new"), "gurps.field", "g3", "name", "Cy")
    model = send(model, "gurps.next")
    while fight_of(model).current().id != "g1":  # type: ignore[union-attr]
        model = send(model, "gurps.next")
    model = send(send(model, "gurps.maneuver", "Attack", ""), "gurps.target", "g2")
    assert _yards(model) == "20"
    aimed = send(model, "gurps.target", "g3")  # a new pair: nothing held between them
    assert _yards(aimed) == ""
    back = send(aimed, "gurps.target", "g2")
    assert _yards(back) == "20"


def test_a_ranged_attack_waits_for_a_range_never_taking_0() -> None:
    """A GM's play-through: a thrown knife's "Range (yards)" read 0 though nobody had typed it,
    and the roll went ahead with no range modifier (GUR-28). Until a range is held between the
    two or typed, the panel says what it waits for, shows no odds, and refuses the roll."""
    model = attack_turn(send(fight_started(), "gurps.field", "g1", "attack_kind", "thrown"))
    said = " ".join(texts(model, "gurps-turn"))
    assert RANGE_FIRST in said and "To hit" not in said
    refused = send(model, "gurps.step_attack_typed", "3 3 3")
    assert fight_of(refused).pending is None and fight_of(refused).attacks == 0
    assert RANGE_FIRST in " ".join(texts(refused, "gurps-turn"))
    typed = send(model, "gurps.step_form", "yards", "7")
    assert "To hit" in " ".join(texts(typed, "gurps-turn"))
    rolled = send(typed, "gurps.step_attack_typed", "3 3 3")
    assert fight_of(rolled).pending is not None
    assert gf.range_between(fight_of(rolled), "g1", "g2") == "7"


def test_a_ranged_way_shows_its_chance_at_the_range_and_none_before() -> None:
    """A GM's play-through: Pat's "Attack with" chips read "Knife (1d-1 imp): 83.8%" (skill 13
    at 0 yards) while the step waited for the range; at 5 yards (−2, GUR-28) it is 62.5%."""
    model = send(fight_started(), "gurps.field", "g1", "attack_kind", "thrown")
    model = send(model, "gurps.field", "g1", "weapon_skill", "13")
    model = attack_turn(
        send(model, "gurps.field", "g1", "more_attacks", "Kick: 11, 1d cr, unarmed")
    )
    ways = texts(model, "gurps-fight-lines")[0]
    assert "%" not in ways.split("Kick")[0] and "Kick (1d cr): 62.5%" in ways  # Kick at 11
    typed = send(model, "gurps.step_form", "yards", "5")
    assert ": 62.5%" in texts(typed, "gurps-fight-lines")[0].split("Kick")[0]  # 13 − 2 = 11


def test_the_attack_tab_asks_the_range_of_a_ranged_attack_never_taking_0() -> None:
    """The Attack tab's worksheet started its "Range (yards)" at 0: a bow's attack went ahead
    with no range modifier (GUR-28) unless the GM noticed. Now the field starts blank and a
    ranged attack's odds and roll wait for it; a melee attack needs none."""
    model = send(fight_started(), "gurps.field", "g1", "attack_kind", "bow")
    model = send(model, "gurps.tab", "attack")
    for field, value in (("attacker", "g1"), ("defender", "g2")):
        model = send(model, "gurps.attack_form", field, value)
    assert texts(model, "gurps-attack-yards") and RANGE_FIRST in texts(model, "gurps-skill-line")
    assert texts(model, "gurps-attack-unready") == [RANGE_FIRST]  # said by the roll buttons
    refused = send(model, "gurps.attack_roll")
    assert fight_of(refused).pending is None
    assert texts(refused, "gurps-error-attack") == [RANGE_FIRST]
    typed = send(model, "gurps.attack_form", "yards", "20")
    assert "speed/range 20 yd −6" in texts(typed, "gurps-skill-line")[0]
    assert gf.range_between(fight_of(send(typed, "gurps.attack_roll")), "g1", "g2") == "20"
    melee = send(model, "gurps.attack_form", "attacker", "g2")
    melee = send(melee, "gurps.attack_form", "defender", "g1")
    assert not texts(melee, "gurps-attack-yards") and not texts(melee, "gurps-attack-unready")
    assert texts(melee, "gurps-hit-chance")  # the odds, with no range asked
