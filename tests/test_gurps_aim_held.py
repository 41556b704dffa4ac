"""GUR-11 (004 line 49) on the Combat tracker: "one or more Aim maneuvers immediately before"
an Attack on the same target add the weapon's Acc, +1 after 2 seconds, +2 after 3 or more. A
GM's play-through (768x1024): Bo took Aim at Ana with his bow (Acc 3); on his next turn the
attack started at Cy, the Acc nowhere, the Aim forgotten. The fight now holds his Aim as the
turns pass: his next attack starts at Ana with Acc +3; another target, another maneuver, or
the attack that spends it ends it; it is saved with the fight."""

from __future__ import annotations

from rkweb.app.model import Model
from rkweb.features.gurps.state import fight_of
from rkweb.features.gurps.turn_step import step_of
from test_gurps_pages import send, texts
from test_gurps_switch import _fight

from pycore.systems.gurps import fight as gf

PEOPLE = [  # Bo acts first, then Cy, then Ana (Basic Speed); Bo's fresh target is Cy
    {"name": "Bo", "basic_speed": "7", "attack_kind": "bow", "damage": "1d", "acc": "3",
     "damage_type": "imp", "half_d": "150", "max_range": "200", "weapon_skill": "13"},
    {"name": "Cy", "basic_speed": "6"},
    {"name": "Ana", "basic_speed": "5"},
]  # fmt: skip


def _round_of_aim(model: Model, target: str = "g3") -> Model:
    """Bo takes Aim and the GM taps ``target``'s card; Cy and Ana pass their turns."""
    assert fight_of(model).current().name == "Bo"  # type: ignore[union-attr]
    model = send(model, "gurps.maneuver", "Aim", "")
    model = send(model, "gurps.target", target)
    for _ in range(3):
        model = send(model, "gurps.next")
    return model


def _bo_attacks(model: Model) -> Model:
    model = send(model, "gurps.maneuver", "Attack", "")
    return send(model, "gurps.step_form", "yards", "10")  # −4 (004 lines 181-195)


def _line(model: Model) -> str:
    (line,) = texts(model, "gurps-fight-line")
    return line


def test_his_attack_after_aim_starts_at_the_target_with_acc() -> None:
    model = _bo_attacks(_round_of_aim(_fight(PEOPLE)))
    assert step_of(model, fight_of(model))["target"] == "g3"  # Ana, not Cy
    assert _line(model) == "base 13 + Attack +0 + speed/range 10 yd −4 + Aim: Acc +3 = 12"


def test_two_seconds_of_aim_add_one() -> None:
    model = _bo_attacks(_round_of_aim(_round_of_aim(_fight(PEOPLE))))
    assert _line(model).endswith("+ Aim: Acc +3 + extra Aim +1 = 13")


def test_the_aim_is_at_one_target_only() -> None:
    model = _bo_attacks(_round_of_aim(_fight(PEOPLE)))
    at_cy = send(send(model, "gurps.target", "g2"), "gurps.step_form", "yards", "10")
    assert "Aim" not in _line(at_cy)
    # aimed at Cy the second turn: a first second at him, none left at Ana
    model = _round_of_aim(_round_of_aim(_fight(PEOPLE)), "g2")
    assert gf.aim_seconds(fight_of(model), "g1", "g2") == 1
    assert gf.aim_seconds(fight_of(model), "g1", "g3") == 0


def test_another_maneuver_or_the_attack_ends_it() -> None:
    aimed = _round_of_aim(_fight(PEOPLE))
    waited = send(aimed, "gurps.maneuver", "Do Nothing", "")
    for _ in range(3):
        waited = send(waited, "gurps.next")
    assert fight_of(waited).aims == ()
    shot = send(_bo_attacks(aimed), "gurps.step_attack_typed", "6 6 6")  # a miss
    assert fight_of(shot).aims == fight_of(aimed).aims  # held until his turn ends
    for _ in range(3):
        shot = send(shot, "gurps.next")
    assert fight_of(shot).aims == ()
    assert "Aim" not in _line(_bo_attacks(shot))


def test_the_aim_is_saved_with_the_fight() -> None:
    fight = fight_of(_round_of_aim(_fight(PEOPLE)))
    assert fight.aims == (("g1", "g3", 1),)
    assert gf.fight_from_json(gf.fight_to_json(fight)).aims == fight.aims


def test_the_aim_turn_says_whom_he_aims_at() -> None:
    model = send(_round_of_aim(_fight(PEOPLE)), "gurps.maneuver", "Aim", "")
    assert texts(model, "gurps-fight-aim") == [
        "Aiming at Ana: 2 seconds of Aim with this turn; an Attack at Ana next turn adds Acc. "
        "Tap another card to aim at another fighter."
    ]
    at_cy = send(model, "gurps.target", "g2")
    assert texts(at_cy, "gurps-fight-aim")[0].startswith("Aiming at Cy: 1 second of Aim")


def test_the_bow_chip_gives_the_chance_with_the_aim() -> None:
    """Bo's weapon chips each give the chance to hit (004 line 91): the bow's said the chance
    without the Acc his Aim adds, 50% beside the line's 74.1% (skill 12)."""
    # A kick beside it: a natural weapon is always ready (004 line 97), so both are offered
    # (a knife is not, while the bow is in his hand: 004 line 95).
    knife = {**PEOPLE[0], "more_attacks": "Kick: 12, 1d-2 cr, unarmed"}
    model = _bo_attacks(_round_of_aim(_fight([knife, *PEOPLE[1:]])))
    assert _line(model).endswith("= 12")
    assert texts(model, "gurps-fight-line-0")[0].endswith(": 74.1%")
