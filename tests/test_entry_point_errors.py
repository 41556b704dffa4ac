"""The bad inputs the outside audits found (issues 14, 15 and 19), one by one: each is refused
with the typed error naming the field, and typed decimals land where the user meant them.
The hypothesis walk (test_public_api_fuzz.py) covers the rest of the public API."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from pycore.errors import RulekeeperError
from pycore.systems.aftermath.gear.encumbrance import encumbrance_status
from pycore.systems.gurps.injury import at_half_damage, injury
from pycore.systems.gurps.modifiers import effective_skill, size_modifier, speed_range_modifier
from pycore.systems.percentile.attack import AttackInput
from pycore.systems.percentile.combat import round_seconds, settings_from_json
from pycore.systems.percentile.tohit import to_hit_d2
from pycore.systems.percentile.wound import resolve_attack
from pycore.systems.simply.armor import apply_protection, armor, wear
from pycore.systems.simply.tasks import success_chance
from pycore.validate import exact

NAN, INF = float("nan"), float("inf")

REFUSED: list[tuple[Callable[[], Any], str]] = [
    # issue 19
    (lambda: armor(None), "armor None"),  # type: ignore[arg-type]
    (lambda: injury(8, 1, "cut", tolerance=5), "tolerance 5"),  # type: ignore[arg-type]
    (lambda: speed_range_modifier(INF), "speed + range (yards) inf"),
    (lambda: speed_range_modifier(NAN), "speed + range (yards) nan"),
    (lambda: encumbrance_status(NAN, 10), "carried nan"),
    (lambda: encumbrance_status(Fraction(3), INF), "ENC CAP inf"),  # type: ignore[arg-type]
    (lambda: settings_from_json(None), "settings must be an object"),  # type: ignore[arg-type]
    (lambda: to_hit_d2(1000, 50), "Percent to Hit"),  # Table #3-1 prints up to 929 (issue 29)
    (lambda: round_seconds(0), "round number"),
    (lambda: wear(ablative_hits=1.5), "ablative_hits 1.5"),  # type: ignore[arg-type]
    (lambda: wear(ablative_hits=Fraction(3, 2)), "ablative_hits"),  # type: ignore[arg-type]
    # issue 14
    (lambda: wear(5), "armor 5"),  # type: ignore[arg-type]
    (lambda: apply_protection(10, "projectile", None, others=[5]), "modifier 5"),  # type: ignore[list-item]
    (lambda: success_chance(15, "no"), "skilled 'no'"),  # type: ignore[arg-type]
    # issue 15
    (lambda: effective_skill(10, [5]), "modifier 5"),  # type: ignore[list-item]
    (lambda: at_half_damage(-5, 10), "range (yards) -5"),
    (lambda: at_half_damage(5, -10), "1/2D (yards) -10"),
    (lambda: at_half_damage(NAN, 10), "range (yards) nan"),
    (lambda: at_half_damage(5, 10, INF), "Max (yards) inf"),
    (lambda: size_modifier(-1), "size (yards) -1"),
]


@pytest.mark.parametrize(("call", "named"), REFUSED)
def test_refused_with_the_typed_error_naming_the_field(call: Callable[[], Any], named: str) -> None:
    with pytest.raises(RulekeeperError) as caught:
        call()
    assert named in str(caught.value)


def test_percent_to_hit_entered_out_of_range_is_refused_in_the_attack() -> None:
    attack = AttackInput(
        skill=Fraction(60), to_hit="d2", percent_to_hit=Fraction(1000), damage_die="4+2"
    )
    with pytest.raises(RulekeeperError, match="Percent to Hit"):
        resolve_attack(attack, {}, _never())


def test_typed_decimals_are_read_as_typed() -> None:
    # 3.3 typed is 33/10, not Fraction(3.3) = 3715469692580659/1125899906842624.
    assert exact("3.3", "ENC") == Fraction(33, 10) == exact(3.3, "ENC")
    assert 3 / exact("0.3", "ENC") == 10
    assert encumbrance_status(exact("3.3", "ENC"), 10).status == "Unencumbered"


def test_gurps_sizes_and_ranges_typed_as_decimals_land_on_their_row() -> None:  # issue 15
    # 003: 1 ft is 1/3 yd, the 1 ft row (SM -5); the binary float 1/3 falls just below that
    # row and was refused as smaller than the table.
    assert size_modifier("1/3") == size_modifier(Fraction(1, 3)) == -5
    assert size_modifier("0.5") == size_modifier(Fraction(1, 2)) == -2  # next row up: 1 yd
    assert speed_range_modifier("2.5") == speed_range_modifier(Fraction(5, 2)) == -1
    assert at_half_damage("9.99", "10") is False and at_half_damage("10", "10") is True


class _never:
    def randint(self, low: int, high: int) -> int:
        raise AssertionError("no roll expected")
