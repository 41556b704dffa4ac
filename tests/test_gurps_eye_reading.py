"""The eye hit (003 line 46, GUR-33) read two ways, as a campaign setting: "otherwise" as "in
other respects" (the project's reading, the default) or as "if it does not blind" (an audit's).
Each test cites the seed line."""

from __future__ import annotations

import pytest
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.errors import RuleError
from pycore.systems.gurps.injury import EYE_READINGS, injury

OTHER_RESPECTS, IF_NOT_BLINDED = EYE_READINGS


def test_gur33_default_every_eye_hit_is_a_skull_hit_and_may_blind() -> None:  # 003:L46
    hit = injury(3, 0, "pi", "eye", hp=10)  # 3 × 4 = 12 > 1
    assert (hit.multiplier, hit.injury) == (4, 12)
    assert "eye blinded (injury over HP/10)" in hit.effects
    assert "knockdown rolls at −10" in hit.effects
    assert injury(3, 0, "pi", "eye", hp=10, eye_reading=OTHER_RESPECTS) == hit


def test_gur33_other_reading_a_blinding_blow_is_no_skull_hit() -> None:  # 003:L46
    hit = injury(3, 0, "pi", "eye", hp=10, eye_reading=IF_NOT_BLINDED)  # ordinary 3 > 1
    assert (hit.multiplier, hit.injury) == (1, 3)
    assert "eye blinded (injury over HP/10)" in hit.effects
    assert not any(e.startswith("knockdown") for e in hit.effects)


def test_gur33_other_reading_a_small_blow_is_a_skull_hit_that_does_not_blind() -> None:  # 003:L46
    hit = injury(2, 0, "pi", "eye", hp=40, eye_reading=IF_NOT_BLINDED)  # ordinary 2, not > 4
    assert (hit.multiplier, hit.injury) == (4, 8)  # skull ×4, without the extra DR 2
    assert hit.effective_dr == 0
    assert not any(e.startswith("eye blinded") for e in hit.effects)
    assert "knockdown rolls at −10" in hit.effects


def test_gur33_the_reading_is_checked() -> None:
    with pytest.raises(RuleError, match="eye reading 'maybe' is unknown"):
        injury(3, 0, "pi", "eye", hp=10, eye_reading="maybe")


def test_the_campaign_setting_reaches_the_fight() -> None:  # 003:L46
    model = send(fight_started(), "gurps.tab", "combatants")
    setting = texts(model, "gurps-setting-eye")[0]
    assert "is also a skull hit" in setting
    why = texts(model, "gurps-setting-eye-why")[0]
    assert "GUR-33" in why and "003 line 46" in why
    model = send(model, "gurps.setting", "eye_reading", IF_NOT_BLINDED)
    assert model.state["gurps"]["settings"] == {"eye_reading": IF_NOT_BLINDED}
    model = attack_turn(send(model, "gurps.tab", "tracker"))  # Ana at Bo (DR 2)
    model = send(model, "gurps.field", "g1", "damage_type", "imp")
    model = send(model, "gurps.step_form", "location", "eye")
    rolled = send(model, "gurps.step_attack_typed", "1 1 1")  # a 3: critical, maximum damage
    hurt = send(rolled, "gurps.step_damage")  # 1d+1 max 7 − DR 2 = 5 imp ×2 = 10 > 1: blinded
    text = hurt.state["gurps"]["log"][0]["text"]
    assert "eye blinded" in text and "no skull hit" in text
    assert "injury 10" in text
