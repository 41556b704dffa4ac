"""A called critical goes on with the rolls of the hit it was called on (FIGHT.md's first law:
nothing the GM rolled is asked again or changed). A GM's play-through: with "Roll for me", the
critical's Critical Hit Enhancement (AFT-18) took the die of the hit location and every later
roll moved on one place (location 5, the torso, became 26, an arm, without a word); with typed
dice he typed the location and its split again, and could type others. Each roll is kept by what
it decides (to hit, hit location, split, damage with the same dice...), and only the critical's
own rolls are new: typed, or from a seed made from the plain hit's, so a replay rolls the same."""

from __future__ import annotations

from typing import Any

from test_aftermath_attack_lifetime import _fighter
from test_aftermath_critical_call import BOWIE
from test_aftermath_critical_call import _fight as _shooting

from pycore.systems.aftermath import fight as F

KEPT = ("Roll: 1D20", "Hit location", "Split")


def _hand_to_hand() -> F.Fight:
    """Bo with his bowie (Knife BCS 12) at Ana."""
    fight = F.fight_from_json({"characters": [_fighter("Bo", BOWIE), _fighter("Ana")]})
    fight, _ = F.pick_combatant(fight, "attacker", 1)
    fight, _ = F.pick_combatant(fight, "attacker", 0)
    return fight


def _steps(found: Any, *starts: str) -> list[str]:
    """The steps of ``found`` (an applied attack or a waiting one) that begin with ``starts``,
    the to-hit roll without the critical's words beside it."""
    steps = found.details["steps"] if isinstance(found, F.Attacked) else found["steps"]
    return [s.split("; critical")[0] for s in steps if s.startswith(starts)]


def test_roll_for_me_keeps_the_location_of_a_hand_to_hand_hit_called_a_critical() -> None:
    """Seed 11: D20 12 hits, D100 66 is location 25/26 and the split's 73 the arm's 26. On the
    old code the Enhancement took the 66, the location the 73."""
    waiting, _ = F.attack(_hand_to_hand(), F.roll_for_me("11"))
    assert waiting.pending is not None
    plain = _steps(waiting.pending, *KEPT)
    assert len(plain) == 3 and "location 26" in plain[2], plain
    hit, _ = F.give_answer(F.set_answer(waiting, "9")[0])
    called, _ = F.call_critical(hit)
    assert called.pending is not None and called.pending["asks"] == "attack.damage_potential"
    assert _steps(called.pending, *KEPT) == plain
    assert _steps(called.pending, "Critical Hit Enhancement: D20")
    # After its Damage Potential it goes on with the same rolls, its new ones from its seed.
    done, critical = F.give_answer(F.set_answer(called, "14")[0])
    assert isinstance(critical, F.Attacked) and "(critical)" in critical.step.text
    assert _steps(critical, *KEPT) == plain and "location 26" in critical.step.text
    assert critical.details["seed"] == "11/critical"
    # Called again from the same hit, the critical rolls the same.
    again, _ = F.give_answer(F.set_answer(F.call_critical(hit)[0], "14")[0])
    assert again.characters == done.characters


def test_typed_dice_ask_only_the_criticals_own_rolls_of_a_hand_to_hand_hit() -> None:
    """The GM typed 2 (a hit), 50 (location 12) and gave the Damage Potential; called a critical,
    only its Enhancement is asked (the old code asked the location again, as roll 3)."""
    fight = _hand_to_hand()
    for typed in ("2", "50"):
        fight, _ = F.attack(fight, F.typed_roll(typed))
    hit, _ = F.give_answer(F.set_answer(fight, "9")[0])
    called, _ = F.call_critical(hit)
    assert called.pending is not None
    assert (called.pending["what"], called.pending["index"]) == ("Critical Hit Enhancement", 1)
    assert called.pending["given"] == ["to hit: 1d20 = 2 vs BCS 12: critical hit"]
    called, _ = F.attack(called, F.typed_roll("12"))
    assert called.pending is not None and called.pending.get("asks") == "attack.damage_potential"
    assert _steps(called.pending, "Hit location") == ["Hit location: D100 50 → location 12 (torso)"]
    # Kept through a reload and the value given: the next roll asked is the Critical Effect.
    called = F.fight_from_json(F.fight_to_json(called))
    given, _ = F.give_answer(F.set_answer(called, "14")[0])
    assert given.pending is not None and given.pending["what"] == "Critical Effect"
    _, critical = F.attack(given, F.typed_roll("10"))
    assert isinstance(critical, F.Attacked) and "location 12" in critical.step.text
    assert critical.details["typed"] == ["12", "10"]
    assert [k["what"] for k in critical.details["kept"]] == ["to hit", "hit location"]


def test_roll_for_me_keeps_a_shots_rolls_and_its_damage_dice_when_they_stay_the_same() -> None:
    """Seed 16: D20 9, location 21/22 (78: 22), damage 2D10+1 (9, 7) + 1 = 17. The critical's
    1D10 (1) makes BDG 12, still 2D10+1 (AFT-48): the same damage roll. On the old code the
    critical's 1D10 took the damage's 9."""
    plain, shot = F.attack(_shooting(), F.roll_for_me("16"))
    assert isinstance(shot, F.Attacked)
    rolled = _steps(shot, *KEPT, "Damage dice")
    assert rolled[-1] == "Damage dice: BDG 11 → 2D10+1 (9, 7) + 1 = 17", rolled
    called, _ = F.call_critical(plain)
    assert called.pending is not None
    assert _steps(called.pending, *KEPT) == rolled[:3]
    assert _steps(called.pending, "Damage dice") == ["Damage dice: BDG 12 → 2D10+1 (9, 7) + 1 = 17"]


def test_typed_dice_of_a_shot_ask_the_critical_bdg_and_new_damage_dice_only() -> None:
    """Typed 6, 79, 39 (location 29), damage 10 10 (2D10+1 = 21). Called: the critical BDG is
    asked first. A 2 makes BDG 13, still 2D10+1 (AFT-48): the damage typed stands (the old code
    asked it again); a 10 makes BDG 21, 3D10+2: other dice, asked."""
    fight = _shooting()
    for typed in ("6", "79", "39", "10 10"):
        fight, shot = F.attack(fight, F.typed_roll(typed))
    assert isinstance(shot, F.Attacked)
    called, _ = F.call_critical(fight)
    assert called.pending is not None
    assert (called.pending["what"], called.pending["index"]) == ("critical BDG", 3)
    same, _ = F.attack(called, F.typed_roll("2"))
    assert same.pending is not None
    assert (same.pending["what"], same.pending["index"]) == ("Critical Effect", 5)
    assert same.pending["given"] == [
        "to hit: 1d20 = 6 vs BCS 11: critical hit",
        "hit location: 1d100 = 79",
        "split: 1d100 = 39",
        "critical BDG: 1D10 = 2",
        "damage: 2D10+1 = 21",
    ]
    other, _ = F.attack(called, F.typed_roll("10"))
    assert other.pending is not None
    assert (other.pending["what"], other.pending["wants"]) == ("damage", "3D10+2")
    # "Roll the rest for me" half-way keeps them too (the hit then waits for Bo's Health).
    rest, _ = F.attack(other, F.roll_for_me("1"))
    assert rest.pending is not None and rest.pending["asks"] == "target.ast.HLH"
    split = "Split: split 29/30 from the front: D100 39 → first → location 29"
    assert _steps(rest.pending, "Split") == [split]
