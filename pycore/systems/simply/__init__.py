"""Simply Roleplaying! (2D10 roll-under): rules of seed 002, mapped in shared/rules/simply.md.

The contract names of the issue, gathered here; each module holds its part of the rules.

>>> from pycore.systems.simply import contest_odds, hit_points, success_chance
>>> hit_points(7, 3), success_chance(10), contest_odds(10, 10).draw
(21, Fraction(9, 20), Fraction(331, 1000))
"""

from typing import TYPE_CHECKING

from pycore.lazy import exports

if TYPE_CHECKING:
    from pycore.systems.simply.character import Campaign, Character, Problem, derive, validate
    from pycore.systems.simply.damage import apply_damage, master_damage
    from pycore.systems.simply.luck import luck_on_injury, luck_on_test, roll_luck_test
    from pycore.systems.simply.recovery import (
        bandage,
        first_aid,
        hospital_care,
        natural_healing,
        revive,
        stabilize,
        treatment,
        treatment_difficulty,
    )
    from pycore.systems.simply.skills import skill_purchase_points, skill_rating
    from pycore.systems.simply.stats import fatigue_points, hit_points, unarmed_max_damage
    from pycore.systems.simply.tasks import (
        ContestResult,
        TaskResult,
        contest,
        contest_odds,
        success_chance,
        target_number,
        test,
    )

__getattr__, __dir__ = exports(
    __name__,
    {
        "pycore.systems.simply.character": "Campaign Character Problem derive validate",
        "pycore.systems.simply.damage": "apply_damage master_damage",
        "pycore.systems.simply.luck": "luck_on_injury luck_on_test roll_luck_test",
        "pycore.systems.simply.recovery": (
            "bandage first_aid hospital_care natural_healing revive stabilize treatment "
            "treatment_difficulty"
        ),
        "pycore.systems.simply.skills": "skill_purchase_points skill_rating",
        "pycore.systems.simply.stats": "fatigue_points hit_points unarmed_max_damage",
        "pycore.systems.simply.tasks": (
            "ContestResult TaskResult contest contest_odds success_chance target_number test"
        ),
    },
)

__all__ = [
    "Campaign",
    "Character",
    "ContestResult",
    "Problem",
    "TaskResult",
    "apply_damage",
    "bandage",
    "contest",
    "contest_odds",
    "derive",
    "fatigue_points",
    "first_aid",
    "hit_points",
    "hospital_care",
    "luck_on_injury",
    "luck_on_test",
    "master_damage",
    "natural_healing",
    "revive",
    "roll_luck_test",
    "skill_purchase_points",
    "skill_rating",
    "stabilize",
    "success_chance",
    "target_number",
    "test",
    "treatment",
    "treatment_difficulty",
    "unarmed_max_damage",
    "validate",
]
