"""A combatant's maneuver, its option and his posture: one set of choices for every tab (the
worksheet, the acting combatant's panel, the quick edits on the order strip). The options offered
are the core's for his weapon (All-Out Attack's melee or ranged options, GUR-16)."""

from __future__ import annotations

from pycore.systems.gurps import maneuver_names, posture_names
from pycore.systems.gurps.modifiers import maneuver_options
from pycore.systems.gurps.sheet import Combatant
from rkweb.app.vdom import VNode
from rkweb.kit.fields import select


def choices(c: Combatant, ids: tuple[str, str, str], *, chosen: bool = True) -> list[VNode | None]:
    """The three selects, with the element ids ``(maneuver, option, posture)``; the option only
    when the maneuver has options. ``chosen`` False: the acting combatant has not chosen this
    turn's maneuver, so none shows as chosen (GUR-06: last turn's is not pre-chosen)."""
    maneuver_id, option_id, posture_id = ids
    options = maneuver_options(c.maneuver, melee=not c.ranged) if chosen else ()
    own = ("gurps.field", c.id)
    unset = [] if chosen else [("", "— not chosen yet —")]
    return [
        select(
            maneuver_id,
            f"{c.name}'s maneuver",
            c.maneuver if chosen else "",
            [*unset, *[(m, m) for m in maneuver_names()]],
            (*own, "maneuver"),
        ),
        select(
            option_id,
            "Maneuver option",
            c.option,
            [("", "—"), *[(o, o) for o in options]],
            (*own, "option"),
        )
        if options
        else None,
        select(
            posture_id,
            f"{c.name}'s posture",
            c.posture,
            [(p, p) for p in posture_names()],
            (*own, "posture"),
        ),
    ]


def own_ids(c: Combatant) -> tuple[str, str, str]:
    """The ids the tracker gives each combatant's choices."""
    return (f"gurps-maneuver-{c.id}", f"gurps-option-{c.id}", f"gurps-posture-{c.id}")
