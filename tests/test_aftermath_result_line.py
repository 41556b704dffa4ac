"""The result line of an attack says the verdict and the die it came from first (FIGHT.md: "the
result appears where the tap was: the verdict and the number first"). A GM's play-through read
"Ana → Bo (missile): miss", the D20 only under "Every step"; the Percentile fight reads
"Miss (rolled 80, not under 50)". Aftermath's roll is 1D20 against the modified BCS (AFT-03).
The players' line keeps no die (built from values, public.py)."""

from __future__ import annotations

from test_aftermath_critical_call import _fight as _shooting
from test_aftermath_critical_rolls import _hand_to_hand

from pycore.systems.aftermath import fight as F


def test_a_miss_says_the_die_and_the_bcs_it_was_against() -> None:
    _, shot = F.attack(_shooting(), F.roll_for_me("1"))  # D20 16 against BCS 11
    assert isinstance(shot, F.Attacked)
    assert shot.step.text == "turn 1, phase 1 · Ana → Bo (missile): miss (rolled 16 against BCS 11)"
    assert shot.step.public == "Ana → Bo (missile) → miss"


def test_a_hit_says_its_die_before_the_location_and_the_damage() -> None:
    _, shot = F.attack(_shooting(), F.roll_for_me("4"))  # D20 6, location 29, 2D10+1 = 13
    assert isinstance(shot, F.Attacked)
    assert shot.step.text.endswith("hit (rolled 6 against BCS 11): location 29, Damage Done 13")
    waiting, _ = F.attack(_hand_to_hand(), F.roll_for_me("11"))  # D20 12 against Knife 12
    assert waiting.pending is not None
    summary = "hit (rolled 12 against BCS 12): location 26; waits for the Damage Potential"
    assert waiting.pending["summary"] == summary
