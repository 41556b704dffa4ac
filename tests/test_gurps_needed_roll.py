"""The roll a step says it needs is the highest that succeeds (GUR-20, GUR-44): 17 and 18
always miss and always fail a defense, 3 and 4 always hit and always defend, so at an effective
skill of 18 (All-Out Attack, Determined +4 on skill 14) the roll needed is 16 or less, not 18,
as the odds beside it (98.1%) already say. A defense says its own figure, the one its chip and
the log give, with the automatic result beside it ("needed 1 or less; 3 or 4 always
succeeds", 004 line 215)."""

from __future__ import annotations

from test_gurps_pages import fight_started, send, texts

from pycore.systems.gurps.rolls import highest_success


def test_the_highest_roll_that_succeeds() -> None:
    assert [highest_success(s) for s in (-5, 1, 4, 5, 12, 16, 17, 18, 25)] == [
        4, 4, 4, 5, 12, 16, 16, 16, 16
    ]  # fmt: skip


def test_all_out_attack_at_18_needs_16_or_less() -> None:
    model = send(fight_started(), "gurps.next")  # Ana (skill 14), at Bo
    model = send(model, "gurps.maneuver", "All-Out Attack", "Determined")
    assert "base 14 + All-Out Attack (Determined) +4 = 18" in texts(model, "gurps-fight-line")
    assert "To hit (needs 16 or less)" in texts(model, "gurps-turn")[0]
    missed = send(model, "gurps.step_attack_typed", "6 6 5")  # 17: always a miss
    assert texts(missed, "gurps-fight-result")[0].startswith("Miss")
    assert "3d6 (6, 6, 5) = 17, needed 16 or less" in texts(missed, "gurps-fight-result")[0]


def test_a_defense_of_18_says_18_and_that_17_always_fails() -> None:
    model = send(fight_started(), "gurps.next")  # Ana, at Bo
    model = send(model, "gurps.field", "g2", "weapon_skill", "30")  # Parry 3 + 15 = 18
    model = send(model, "gurps.maneuver", "Attack", "")
    rolled = send(model, "gurps.step_attack_typed", "3 3 3")
    failed = send(rolled, "gurps.step_defend_typed", "17")
    said = texts(failed, "gurps-fight-result")[0]
    assert "3d6 = 17 (total typed), needed 18 or less; 17 or 18 always fails" in said


def test_a_dodge_under_4_says_it_and_that_3_or_4_always_succeeds() -> None:  # GUR-44, 004 L215
    """A GM's play-through: chip "Dodge 1", result "needed 4 or less", log "vs defense 1": one
    figure now, with the automatic success that overrides it said beside it."""
    model = send(fight_started(), "gurps.field", "g2", "stunned", "yes")
    model = send(model, "gurps.field", "g2", "posture", "Lying Down")
    model = send(model, "gurps.next")  # Ana, at Bo (stunned −4, lying down −3)
    model = send(model, "gurps.maneuver", "Attack", "")
    rolled = send(model, "gurps.step_attack_typed", "3 3 3")
    dodge = next(t for t in texts(rolled, "gurps-fight-defend-dodge"))
    score = int(dodge.split(":")[0].split()[-1].replace("−", "-"))
    assert score < 4, dodge
    failed = send(rolled, "gurps.step_defend_typed", "9")
    said = texts(failed, "gurps-fight-result")[0]
    assert f"3d6 = 9 (total typed), needed {score} or less; 3 or 4 always succeeds" in said, said
    assert f"vs defense {score}: failure by {9 - score}" in " ".join(
        texts(failed, "gurps-log-entry")
    )
