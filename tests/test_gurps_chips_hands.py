"""A GM's play-through: Bo, gripping his two-handed longbow, a knife on his sheet: his card read
"Aim · dodge", his turn line "Maneuver: Aim — no attack · dodge, parry", and the chip
"All-Out Defense (Increased Parry)" promised a parry he has not (004 line 248: a parry needs a
ready weapon). The chips and the turn line derive his defenses as his card does."""

from __future__ import annotations

from pycore.dice import seeded
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight.hands import defenses_now, with_hand
from pycore.systems.gurps.fight.value import Fight
from pycore.systems.gurps.lines import lines_from_saved
from pycore.systems.gurps.sheet import Combatant


def _bo_first() -> Fight:
    knife = lines_from_saved("Knife: 12, 1d-2 cut")
    bo = Combatant(
        id="b", name="Bo", dx=13, basic_speed="7", weapon="Longbow", attack_kind="bow",
        two_handed=True, more_attacks=knife,
    )  # fmt: skip
    fight, _ = gf.start(Fight((bo, Combatant(id="a", name="Ana"))), seeded("o"))
    return fight


def test_the_chips_promise_no_parry_while_both_hands_grip_the_bow() -> None:
    fight = _bo_first()
    current = fight.current()
    assert current is not None and current.id == "b"
    assert "parry" in defenses_now(with_hand(fight, "b", 1), current)  # the knife parries
    choices = gf.maneuver_choices(fight)
    aim = next(c for c in choices if c.maneuver == "Aim")
    assert aim.defenses == ("dodge",)
    assert not any(c.option == "Increased Parry" for c in choices)
