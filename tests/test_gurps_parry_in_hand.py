"""A GM's play-through: Bo parried with his knife right after shooting his bow; the app parried
with the first melee weapon on his sheet and did not track which weapon was ready. The texts
give the rule: "You cannot parry unless your weapon is ready" (004 line 248); "A one-handed
weapon is ready if it's being held in your hand" (004 line 93); "To draw a new weapon from a
sheath ... you must take a Ready maneuver" (004 line 95). The weapon of his last attack is the
one in his hand: he parries with it or not at all, the reason on screen, until a Ready."""

from __future__ import annotations

import re
from dataclasses import replace

from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import find_all, text_of
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.store import History, default_data
from pycore.store.sections import read_section
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight.hands import parry_line, with_hand
from pycore.systems.gurps.lines import lines_from_saved

BOW = {"weapon": "Short bow", "attack_kind": "bow", "damage": "1d", "damage_type": "imp"}
SAID = (
    "No parry: Bo holds the Short bow, which cannot parry. A parry needs a "
    "ready weapon – or, if you are unarmed, an empty hand: holding a weapon, Bo is not unarmed. "
    "Another weapon is drawn with a Ready maneuver."
)
UNSAID = (
    "No parry yet: Bo took Ready and which weapon was drawn is not said. Tap it above: Bo "
    "parries with it if it can parry."
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
    # GUR-14: the fight holds 10 yd between them; the GM says Ana closed within reach.
    closed = send(attack_turn(model), "gurps.step_chip", "within_reach")
    hit = send(closed, "gurps.step_attack_typed", "3 3 3")  # 9 against 14: a hit
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
    # One chip per weapon line, none pressed: which he draws is the GM's to say.
    asked = "Which weapon did Bo draw with the Ready maneuver?"
    assert asked in texts(ready, "gurps-turn")[0]
    assert texts(ready, "gurps-ready-0") == ["Short bowno parry"]
    assert texts(ready, "gurps-ready-1") == ["KnifeParry 9"]
    assert not any(_pressed(ready, f"gurps-ready-{i}") for i in (0, 1))
    drawn = send(ready, "gurps.ready_weapon", "g2", "1")
    assert _pressed(drawn, "gurps-ready-1") and gf.in_hand(fight_of(drawn), "g2") == 1
    assert "Bo readies the Knife: the weapon in hand" in texts(drawn, "gurps-log-entry")[0]
    assert gf.card_line(fight_of(drawn), "g2") == "Ready · dodge, parry"
    hit = _ana_hits(drawn)
    assert "parry" in dict(gf.defenses_left(fight_of(hit)))
    assert texts(hit, "gurps-fight-parry-withheld") == []
    assert texts(hit, "gurps-ready-chips") == []  # said on his turn: not asked again


def _pressed(model: Model, testid: str) -> bool:
    return all(n.attr("aria-pressed") == "true" for n in find_all(shell.view(model), testid))


def test_a_ready_weapon_not_said_withholds_the_parry_until_the_gm_says_it() -> None:
    """The old code took his sheet's first weapon that parries: a default that looks like a
    rule. Now no parry is offered until the GM taps the weapon, on the defence step too."""
    shot = _bo_shot()
    ana = send(send(attack_turn(shot), "gurps.step_attack_typed", "6 6 6"), "gurps.next")
    ready = send(ana, "gurps.maneuver", "Ready", "")
    # the card says the parry waits, as the chip and the turn line do (004 lines 95, 248)
    assert gf.card_line(fight_of(ready), "g2") == f"Ready · dodge, {gf.CARD_PARRY_UNSAID}"
    hit = _ana_hits(ready)
    assert [k for k, _ in gf.defenses_left(fight_of(hit))] == ["dodge"]
    assert gf.in_hand(fight_of(ready), "g2") == gf.UNSAID
    assert texts(hit, "gurps-fight-parry-withheld") == [UNSAID]
    assert texts(hit, "gurps-ready-1") == ["KnifeParry 9"]
    said = send(hit, "gurps.ready_weapon", "g2", "1")  # tapped on the defence step
    assert texts(said, "gurps-fight-defend-parry")[0].startswith("Parry 9")
    assert texts(said, "gurps-fight-parry-withheld") == texts(said, "gurps-ready-chips") == []


def test_the_attack_tab_asks_the_weapon_readied_too() -> None:
    shot = _bo_shot()
    ana = send(send(attack_turn(shot), "gurps.step_attack_typed", "6 6 6"), "gurps.next")
    model = send(send(ana, "gurps.maneuver", "Ready", ""), "gurps.tab", "attack")
    for field, value in (("attacker", "g1"), ("defender", "g2")):
        model = send(model, "gurps.attack_form", field, value)
    # Bo shot Ana from afar: her sword asks whether she closed in (GUR-14), as the tracker does.
    assert texts(model, "gurps-attack-reach")
    model = send(model, "gurps.attack_reach")
    for seed in map(str, range(80)):
        rolled = send(model, "gurps.attack_roll", seed=seed)
        if texts(rolled, "gurps-defense-choices"):
            break
    assert "Parry" not in texts(rolled, "gurps-defense-choices")[0]
    assert texts(rolled, "gurps-parry-withheld") == [UNSAID]
    said = send(rolled, "gurps.ready_weapon", "g2", "1")
    assert "Parry 9:" in texts(said, "gurps-defense-choices")[0]


def test_a_sheet_of_one_weapon_readies_it() -> None:
    """Nothing to choose: his one line is the weapon drawn, no chips asked."""
    model = fight_started()
    model = send(model, "gurps.field", "g2", "more_attacks", "")
    ready = send(model, "gurps.maneuver", "Ready", "")
    assert gf.in_hand(fight_of(ready), "g2") == 0
    assert texts(ready, "gurps-ready-chips") == []


def test_the_card_lists_the_defenses_with_the_weapon_in_hand() -> None:
    """The order strip's card said "dodge, parry" from the sheet while he held his bow."""
    shot = _bo_shot()
    assert gf.card_line(fight_of(shot), "g2") == "Attack · dodge"
    strip = text_of(shell.view(shot))  # Bo's card, then Ana's
    assert re.search(r"Bo \(acting\)HP 10/10Attack · dodge(?!,)", strip), strip[:400]


def test_a_thrown_weapon_leaves_his_hand() -> None:
    """004 line 108: a thrown weapon is hurled at the target; once thrown he holds nothing, and
    parries barehanded (004 lines 248, 266-268: DX 10 gives 8, −3 against a weapon)."""
    model = fight_started()
    knife = "Knife: 12, 1d-1 imp, thrown, light, 1/2D 10, Max 20"
    model = send(model, "gurps.field", "g2", "more_attacks", knife)
    # He draws the knife first (004 line 95: "Ready Knife", one tap), then Ana's turn passes.
    model = send(send(send(model, "gurps.ready_draw", "1"), "gurps.next"), "gurps.next")
    model = send(model, "gurps.maneuver", "Attack", "")
    model = send(model, "gurps.step_form", "yards", "5")
    thrown = send(model, "gurps.step_attack_typed", "6 6 6")
    hit = _ana_hits(thrown)
    parry = dict(gf.defenses_left(fight_of(hit)))["parry"]
    assert parry.total == 5 and texts(hit, "gurps-fight-defend-parry")[0].startswith("Parry 5")
    assert gf.in_hand(fight_of(thrown), "g2") == gf.EMPTY
    saved = read_section("gurps", 1, hit.history.state["gurps"])  # kept through a reload
    reloaded = Model(History.new({**default_data(), "gurps": saved}), route="gurps")
    assert gf.in_hand(fight_of(reloaded), "g2") == gf.EMPTY


def test_before_any_attack_his_sheet_s_first_weapon_stands_ready() -> None:
    """The texts do not say which weapon a fighter starts with; the app takes his sheet's first
    for his attack (his knife "not ready", drawn with a Ready: 004 lines 93, 95) and so for his
    parry (004 line 248: "You cannot parry unless your weapon is ready"). The old code parried
    with the knife the attack step said was not ready."""
    model = fight_started()
    for name, value in {**BOW, "more_attacks": "Knife: 12, 1d-1 imp"}.items():
        model = send(model, "gurps.field", "g2", name, value)
    hit = _ana_hits(model)
    assert "parry" not in dict(gf.defenses_left(fight_of(hit)))
    bo = fight_of(hit).combatant("g2")
    assert gf.parry_withheld(fight_of(hit), bo).startswith(
        "No parry: Bo holds the Short bow, which cannot parry."
    )
    # The same as once his shot puts the bow in his hand on record.
    shot = with_hand(fight_of(hit), "g2", 0)
    assert gf.parry_withheld(shot, bo) == gf.parry_withheld(fight_of(hit), bo)
    # A sword first on his sheet: he parries with it, not with a better knife after it.
    sword = replace(
        bo,
        weapon="Broadsword",
        attack_kind="melee",
        weapon_skill=10,
        more_attacks=lines_from_saved("Knife: 16, 1d-1 imp"),
    )
    assert parry_line(gf.Fight((sword,)), sword) == 0


def _bo_readies(model: Model, *choose: object) -> Model:
    """Ana misses Bo (bow in hand since his shot); Bo's turn: he takes Ready by ``choose``."""
    ana = send(send(attack_turn(model), "gurps.step_attack_typed", "6 6 6"), "gurps.next")
    assert fight_of(ana).current().id == "g2"  # type: ignore[union-attr]
    return send(ana, *choose)


def test_ready_chosen_on_his_select_asks_the_weapon_as_the_chips_do() -> None:
    """The turn's maneuver select (``gurps.field``) took Ready without drawing anything: no
    weapon asked, and the bow of his last shot still counted as the one drawn."""
    ready = _bo_readies(_bo_shot(), "gurps.field", "g2", "maneuver", "Ready")
    assert gf.in_hand(fight_of(ready), "g2") == gf.UNSAID
    assert "Which weapon did Bo draw with the Ready maneuver?" in texts(ready, "gurps-turn")[0]
    assert not any(_pressed(ready, f"gurps-ready-{i}") for i in (0, 1))
    drawn = send(ready, "gurps.ready_weapon", "g2", "1")
    assert gf.card_line(fight_of(drawn), "g2") == "Ready · dodge, parry"


def test_a_ready_never_said_leaves_the_weapon_of_his_last_attack_in_hand() -> None:
    """004 lines 93, 95: the weapon in his hand stays the last one he used unless a Ready draws
    another. A GM's play-through: Bo shot his bow, took Ready and nobody tapped a weapon; on his
    next turn (a Move) he parried with the knife his sheet lists, a weapon nobody drew."""
    ready = _bo_readies(_bo_shot(), "gurps.maneuver", "Ready", "")
    missed = send(attack_turn(ready), "gurps.step_attack_typed", "6 6 6")
    moved = send(send(missed, "gurps.next"), "gurps.maneuver", "Move", "")
    assert gf.in_hand(fight_of(moved), "g2") == 0  # the bow, as before his Ready
    assert gf.card_line(fight_of(moved), "g2") == "Move · dodge"
    assert texts(moved, "gurps-ready-chips") == []  # his Ready is over: nothing asked
    hit = _ana_hits(moved)
    assert [k for k, _ in gf.defenses_left(fight_of(hit))] == ["dodge"]
    assert texts(hit, "gurps-fight-parry-withheld") == [SAID]
    assert texts(hit, "gurps-ready-chips") == []


def test_a_ready_not_said_is_kept_through_a_save() -> None:
    """Saved beside the weapon in hand; a save from before (-2 in the hand) reads as not said."""
    ready = _bo_readies(_bo_shot(), "gurps.maneuver", "Ready", "")
    saved = gf.fight_to_json(fight_of(ready))
    assert saved["fight"]["hands"]["g2"] == 0 and saved["fight"]["drawing"] == ["g2"]
    back = gf.fight_from_json(saved)
    assert back == fight_of(ready)
    older = {**saved, "fight": {**saved["fight"], "hands": {"g2": -2}}}  # Ana's left out
    del older["fight"]["drawing"]
    old = gf.fight_from_json(older)
    assert gf.in_hand(old, "g2") == gf.UNSAID and gf.in_hand(old, "g1") is None
