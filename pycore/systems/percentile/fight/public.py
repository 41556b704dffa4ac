"""The players' line of a Percentile fight step (issue 25 item 5), built from the step's values by
an allow list: whose turn it is, a new round, the side with SURPRISE and who acts this round, who
attacked whom with what, hit or miss, the body part and whether it still works. Never skills,
damage, AP or dice, and never a number read out of the GM's text.

>>> from pycore.systems.percentile.fight.turns import TurnStep
>>> percentile_public(TurnStep(("about 5 to 10 s of game time elapsed",), "Bob", "Side B"))
"Bob's turn (Side B)"
>>> attack_line("Ann", "Bob", "FIST", "miss")
'Ann attacks Bob with FIST → miss'
"""

from __future__ import annotations

from typing import Any

from pycore.step import Step
from pycore.validate import checked


def _hidden(text: str) -> bool:
    """A name with a digit in it could carry a number the players must not see."""
    return any(c.isdigit() for c in text)


@checked
def attack_line(
    attacker: str, target: str, weapon: str, verdict: str, part: Any = None, landed: bool = True
) -> str:
    """Who attacked whom with what, and hit or miss (``verdict``: the to-hit outcome); once the
    body part is known, the part and whether it still works."""
    head = f"{attacker} attacks {target} with {weapon}"
    if verdict in ("miss", "bounce") or not landed:
        return f"{head} → {'the grenade bounces' if verdict == 'bounce' else 'miss'}"
    words = ["hit"]
    if part is not None and not _hidden(part.name):
        words.append(f"the {part.name}")
        if part.destroyed:
            words.append("destroyed")
        elif part.no_function:
            words.append("no function")
    return f"{head} → {', '.join(words)}"


@checked
def percentile_public(step: object) -> str:
    """The players' line of a Percentile fight step (any result of the fight's ``TRANSITIONS``);
    ``""`` for anything else."""
    shown = getattr(type(step), "step", None)
    if not isinstance(shown, property):
        return ""
    told = getattr(step, "step", None)
    return told.public if isinstance(told, Step) else ""
