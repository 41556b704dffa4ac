"""A GM's play-through: Cy, knocked down, took Change Posture and went from lying down to
standing in one. "You cannot stand directly from a lying position; you must first move to a
crawling, kneeling, or sitting posture before standing" (GUR-09, 004 line 48): standing is not
offered while he lies, and refused in words."""

from __future__ import annotations

import pytest
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import fight_started, send, texts

from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf


def test_the_core_refuses_standing_from_lying_down() -> None:
    fight = gf.edit(fight_of(fight_started()), "g2", "posture", "Lying Down")
    with pytest.raises(RuleError, match="Bo cannot stand directly from lying down"):
        gf.edit(fight, "g2", "posture", "Standing")
    kneeling = gf.edit(fight, "g2", "posture", "Kneeling")
    assert gf.edit(kneeling, "g2", "posture", "Standing").combatant("g2").posture == "Standing"


def test_standing_is_not_offered_while_he_lies() -> None:
    model = send(fight_started(), "gurps.field", "g2", "posture", "Lying Down")  # Bo acts
    model = send(model, "gurps.maneuver", "Change Posture", "")
    (choices,) = texts(model, "gurps-posture-g2")
    assert "Standing" not in choices and "Kneeling" in choices
    refused = send(model, "gurps.field", "g2", "posture", "Standing")
    assert fight_of(refused).combatant("g2").posture == "Lying Down"
