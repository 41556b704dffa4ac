"""The Attack tab's worksheet after an injury: the next attack waits for the questions whose
answer changes its figures (GUR-58; FIGHT.md: the step waits for the value), and said "Answer
Bo — knockdown roll first" with nowhere on the tab to answer it: the tracker's panel asks them,
and not before the fight starts. Found by ``make bench``'s click figures, stuck on a disabled
"Resolve all" (main at 941f004). The question is now asked on the tab, in place."""

from __future__ import annotations

from rkweb.app.model import Model
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import send, texts, two_fighters

from pycore.systems.gurps import fight as gf


def _worksheet_injury() -> Model:
    model = send(two_fighters(), "gurps.tab", "attack")
    for field, value in (("attacker", "g1"), ("defender", "g2")):
        model = send(model, "gurps.attack_form", field, value)
    for seed in map(str, range(200)):
        hurt = send(model, "gurps.attack_full", seed=seed)
        if gf.bearing_asks(fight_of(hurt), "g1", "g2"):
            return hurt
    raise AssertionError("no seed of 200 injured Bo")


def test_the_question_that_holds_the_attack_is_asked_on_the_tab() -> None:
    hurt = _worksheet_injury()
    assert not fight_of(hurt).started  # the tracker would not ask it yet
    waits = texts(hurt, "gurps-attack-unready")[0]
    assert waits.startswith("Answer Bo")
    asked = texts(hurt, "gurps-attack-asks")
    assert asked and asked[0].startswith("Bo: ") and "Dismiss" in asked[0]
    index = gf.bearing_asks(fight_of(hurt), "g1", "g2")[0]
    answered = send(hurt, "gurps.dismiss", str(index))
    left = gf.bearing_asks(fight_of(answered), "g1", "g2")
    assert len(left) == len(gf.bearing_asks(fight_of(hurt), "g1", "g2")) - 1
    while left:
        answered = send(answered, "gurps.dismiss", str(left[0]))
        left = gf.bearing_asks(fight_of(answered), "g1", "g2")
    assert not texts(answered, "gurps-attack-asks")
    assert not texts(answered, "gurps-attack-unready")
    again = send(answered, "gurps.attack_full", seed="1")
    logged = len(texts(answered, "gurps-log-entry"))
    assert len(texts(again, "gurps-log-entry")) > logged  # the next attack is rolled
