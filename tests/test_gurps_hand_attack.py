"""A fighter's next attack starts with the weapon in his hand: "a one-handed weapon is ready if
it's being held in your hand" (004 line 93), the one his last attack used or a Ready drew (004
line 95). The old step started every attack on his sheet's first line: Bo readied his knife,
and his next Attack was set up with his Short bow, the GM re-picking the knife each turn.
After a throw his hand is empty (004 line 108): a natural weapon is always ready (004 line
97), so the attack starts with his first one, and the step says his hand is empty."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import find_all
from rkweb.features.gurps import turn_step
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import fight_started, send, texts

from pycore.store import History, default_data
from pycore.store.sections import read_section
from pycore.systems.gurps import fight as gf

BOW = {
    "weapon": "Short bow",
    "weapon_skill": "14",
    "attack_kind": "bow",
    "damage": "1d",
    "damage_type": "imp",
    "max_range": "200",
}
KNIFE = "Knife: 12, 1d-1 imp"
EMPTY_SAID = (
    "Bo's hand is empty after throwing the weapon. A punch or kick needs no weapon in hand; "
    "another weapon is drawn with a Ready maneuver."
)


def _bo(more_attacks: str = KNIFE) -> Model:
    """Bo (a Short bow first on his sheet, then ``more_attacks``) and Ana; Bo's turn."""
    model = fight_started()
    for name, value in {**BOW, "more_attacks": more_attacks}.items():
        model = send(model, "gurps.field", "g2", name, value)
    assert fight_of(model).current().id == "g2"  # type: ignore[union-attr]
    return model


def _his_next_attack(model: Model) -> Model:
    """Ana's turn passes; Bo's next turn, his Attack maneuver chosen."""
    model = send(send(model, "gurps.next"), "gurps.next")
    assert fight_of(model).current().id == "g2"  # type: ignore[union-attr]
    return send(model, "gurps.maneuver", "Attack", "")


def _readied_knife() -> Model:
    """Bo takes Ready and the GM taps the knife he drew (004 line 95); Bo's next Attack."""
    ready = send(_bo(), "gurps.maneuver", "Ready", "")
    return _his_next_attack(send(ready, "gurps.ready_weapon", "g2", "1"))


def _pressed(model: Model, testid: str) -> bool:
    nodes = find_all(shell.view(model), testid)
    return bool(nodes) and all(n.attr("aria-pressed") == "true" for n in nodes)


def _reload(model: Model) -> Model:
    saved = read_section("gurps", 1, model.history.state["gurps"])
    return Model(History.new({**default_data(), "gurps": saved}), route="gurps")


def _starts_with_the_knife(model: Model) -> None:
    fight = fight_of(model)
    step = turn_step.step_of(model, fight)
    assert step["line"] == 1
    assert "Knife (1d-1 imp), skill 12, at Ana" in texts(model, "gurps-turn")[0]
    # His bow is not in his hand: not offered to attack with, but drawn with a Ready (004
    # line 95), one tap.
    assert texts(model, "gurps-fight-line-0") == []
    assert texts(model, "gurps-fight-ready-offers") == ["Ready Short bow"]
    # Melee: no range asked (the bow waited for one), and the skill is the knife's.
    assert texts(model, "gurps-fight-line") == ["base 12 + Attack +0 = 12"]
    rolled = send(model, "gurps.step_attack_typed", "3 3 3")
    pending = fight_of(rolled).pending
    assert pending is not None and pending.setup.line == 1
    landed = send(rolled, "gurps.step_no_defense")
    assert gf.pending_damage_dice(fight_of(landed)) == "1d-1"


def test_a_readied_knife_starts_his_next_attack() -> None:
    _starts_with_the_knife(_readied_knife())


def test_a_readied_knife_starts_his_next_attack_after_a_reload() -> None:
    ready = send(_bo(), "gurps.maneuver", "Ready", "")
    drawn = _reload(send(ready, "gurps.ready_weapon", "g2", "1"))
    _starts_with_the_knife(_his_next_attack(drawn))
    _starts_with_the_knife(_reload(_readied_knife()))


def _drawn(model: Model, line: str) -> Model:
    """Bo draws line ``line``'s weapon in one tap ("Ready Knife", 004 line 95); his next
    Attack."""
    return _his_next_attack(send(model, "gurps.ready_draw", line))


def test_the_knife_of_his_last_attack_starts_the_next() -> None:
    model = _drawn(_bo(), "1")
    missed = send(model, "gurps.step_attack_typed", "6 6 6")
    assert fight_of(missed).pending is None
    _starts_with_the_knife(_his_next_attack(missed))


def test_a_weapon_the_gm_picks_in_this_attack_wins() -> None:
    model = send(_readied_knife(), "gurps.step_line", "0")  # he shoots his bow after all
    model = send(model, "gurps.step_form", "location", "arm")
    step = turn_step.step_of(model, fight_of(model))
    assert (step["line"], step["location"]) == (0, "arm")
    assert "Short bow (1d imp), skill 14" in texts(model, "gurps-turn")[0]


def test_a_weapon_tapped_after_other_fields_still_starts_the_attack() -> None:
    """A field set before the GM taps the weapon his Ready drew does not pin the sheet's first
    line: the line follows the hand until the GM picks one in this attack."""
    model = send(_bo(), "gurps.maneuver", "Ready", "")
    model = send(model, "gurps.step_form", "location", "arm")
    model = send(model, "gurps.ready_weapon", "g2", "1")
    assert turn_step.step_of(model, fight_of(model))["line"] == 1
    model = send(model, "gurps.maneuver", "Attack", "")  # the GM changes his mind: he attacks
    step = turn_step.step_of(model, fight_of(model))
    assert (step["line"], step["location"]) == (1, "arm")


def test_after_a_throw_his_hand_is_empty_and_he_starts_with_a_kick() -> None:
    thrown = "Knife: 12, 1d-1 imp, thrown, 1/2D 10, Max 20; Kick: 11, 1d cr, unarmed"
    model = send(_drawn(_bo(thrown), "1"), "gurps.step_form", "yards", "5")
    missed = send(model, "gurps.step_attack_typed", "6 6 6")
    assert gf.in_hand(fight_of(missed), "g2") == gf.EMPTY
    assert texts(missed, "gurps-fight-hand") == []  # said on his next attack, not this one's end
    model = _his_next_attack(missed)
    assert turn_step.step_of(model, fight_of(model))["line"] == 2
    assert "Kick (1d cr), skill 11, at Ana" in texts(model, "gurps-turn")[0]
    assert texts(model, "gurps-fight-hand") == [EMPTY_SAID]


def test_after_a_throw_with_no_natural_weapon_he_starts_with_his_first_line() -> None:
    model = _drawn(_bo("Knife: 12, 1d-1 imp, thrown, 1/2D 10, Max 20"), "1")
    model = send(model, "gurps.step_form", "yards", "5")
    model = _his_next_attack(send(model, "gurps.step_attack_typed", "6 6 6"))
    assert turn_step.step_of(model, fight_of(model))["line"] == 0
    said = (
        "Bo's hand is empty after throwing the weapon. Another weapon is drawn with a Ready "
        "maneuver."
    )
    assert texts(model, "gurps-fight-hand") == [said]
    # Nothing ready to attack with (004 lines 95, 108): no odds for the bow not drawn, no roll;
    # a Ready draws one, one tap.
    assert texts(model, "gurps-fight-none-ready") == [
        "Bo has no ready weapon to attack with: a Ready maneuver draws one."
    ]
    assert texts(model, "gurps-fight-hit") == texts(model, "gurps-fight-attack-roll") == []
    assert texts(model, "gurps-fight-ready-0") == ["Ready Short bow"]
    assert texts(model, "gurps-fight-ready-1") == ["Ready Knife"]
