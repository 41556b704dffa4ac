"""A GM's play-through: Bo parried with his knife right after shooting his bow; the app parried
with the first melee weapon on his sheet and did not track which weapon was ready. The texts
give the rule: "You cannot parry unless your weapon is ready" (004 line 248); "A one-handed
weapon is ready if it's being held in your hand" (004 line 93); "To draw a new weapon from a
sheath ... you must take a Ready maneuver" (004 line 95). The weapon of his last attack is the
one in his hand: he parries with it or not at all, the reason on screen, until a Ready."""

from __future__ import annotations

from rkweb.app.model import Model
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.store import History, default_data
from pycore.store.sections import read_section
from pycore.systems.gurps import fight as gf

BOW = {"weapon": "Short bow", "attack_kind": "bow", "damage": "1d", "damage_type": "imp"}
SAID = (
    "No parry: Bo holds his Short bow (his last attack) and a parry needs a ready weapon "
    "(004 line 248): another weapon must first be drawn with a Ready maneuver (004 line 95)."
)


def _bo_shot() -> Model:
    """Bo (bow, and a knife on his sheet) shoots Ana at 10 yd and misses; Ana's turn."""
    model = fight_started()
    for name, value in {**BOW, "max_range": "200", "more_attacks": "Knife: 12, 1d-1 imp"}.items():
        model = send(model, "gurps.field", "g2", name, value)
    assert fight_of(model).current().id == "g2"  # type: ignore[union-attr]
    model = send(model, "gurps.maneuver", "Attack", "")
    model = send(model, "gurps.step_form", "yards", "10")
    shot = send(model, "gurps.step_attack_typed", "6 6 6")
    assert gf.in_hand(fight_of(shot), "g2") == 0
    return shot


def _ana_hits(model: Model) -> Model:
    hit = send(attack_turn(model), "gurps.step_attack_typed", "3 3 3")  # 9 against 14: a hit
    assert fight_of(hit).pending.stage == "defense"  # type: ignore[union-attr]
    return hit


def test_no_parry_with_the_bow_in_hand_and_the_reason_on_screen() -> None:
    hit = _ana_hits(_bo_shot())
    assert [k for k, _ in gf.defenses_left(fight_of(hit))] == ["dodge"]
    assert texts(hit, "gurps-fight-defend-parry") == []
    assert texts(hit, "gurps-fight-parry-withheld") == [SAID]
    saved = read_section("gurps", 1, hit.history.state["gurps"])  # kept through a reload
    reloaded = Model(History.new({**default_data(), "gurps": saved}), route="gurps")
    assert gf.in_hand(fight_of(reloaded), "g2") == 0


def test_a_ready_maneuver_readies_another_weapon_to_parry_with() -> None:
    shot = _bo_shot()
    ana = send(send(attack_turn(shot), "gurps.step_attack_typed", "6 6 6"), "gurps.next")
    ready = send(ana, "gurps.maneuver", "Ready", "")  # Bo's turn: he draws his knife
    assert fight_of(ready).current().id == "g2"  # type: ignore[union-attr]
    hit = _ana_hits(ready)
    assert "parry" in dict(gf.defenses_left(fight_of(hit)))
    assert texts(hit, "gurps-fight-parry-withheld") == []


def test_before_any_attack_his_sheet_s_weapons_stand_ready() -> None:
    model = fight_started()
    for name, value in {**BOW, "more_attacks": "Knife: 12, 1d-1 imp"}.items():
        model = send(model, "gurps.field", "g2", name, value)
    hit = _ana_hits(model)
    assert "parry" in dict(gf.defenses_left(fight_of(hit)))
