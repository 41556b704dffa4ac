"""A GM's play-through (768x1024): Cy took All-Out Defense (Increased Dodge); on Bo's next turn
Cy's card on the order strip said "All-Out Defense · dodge, parry", the +2 to his dodge until
his next turn (GUR-17) dropped, though the chip he took said "dodge +2, parry" and the attack on
him counts it. The card says what the chip said: the defense raised, and a Double Defense."""

from __future__ import annotations

from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight.value import Fight, Place
from pycore.systems.gurps.sheet import Combatant

BO = Combatant(id="b", name="Bo")


def _cy(option: str) -> Fight:
    cy = Combatant(id="c", name="Cy", maneuver="All-Out Defense", option=option)
    return Fight((BO, cy), 2, (Place("b", 1), Place("c", 2)))


def test_the_card_says_the_increased_defense_plus_2() -> None:
    assert gf.card_line(_cy("Increased Dodge"), "c") == "All-Out Defense · dodge +2, parry"
    assert gf.card_line(_cy("Increased Parry"), "c") == "All-Out Defense · dodge, parry +2"


def test_the_card_says_a_double_defense() -> None:
    assert gf.card_line(_cy("Double Defense"), "c") == (
        "All-Out Defense (Double Defense) · dodge, parry"
    )


def test_the_card_says_what_the_chip_said() -> None:
    """The chip Cy tapped and his card after it give his defenses alike."""
    cy = Combatant(id="c", name="Cy")
    fight = Fight((cy, BO), 1, (Place("c", 1), Place("b", 2)))
    choice = next(c for c in gf.maneuver_choices(fight) if c.option == "Increased Dodge")
    taken, _ = gf.take_maneuver(fight, choice.maneuver, choice.option)
    assert gf.card_line(taken, "c").endswith(", ".join(choice.defenses))
