"""The thrown-weapon form (a muscle-powered missile): the weapon with a thrown skill, how many
at once (shuriken), the Damage Potential (the user's), the missile situation modifiers."""

from __future__ import annotations

from typing import Any

from pycore.systems.aftermath.gear.weapons import weapons
from rkweb.app.model import Model
from rkweb.app.vdom import VNode
from rkweb.features.aftermath.combat.pieces import (
    attacker_fields,
    critical_flags,
    cuts,
    damage_taken,
    direction_fields,
    distractions,
    flag,
    layout,
    missile_situations,
    send,
    special_effect_flag,
    target_movement,
)
from rkweb.features.aftermath.state import err
from rkweb.kit.fields import number, select


def thrown_form(
    model: Model,
    st: dict[str, Any],
    attacker: dict[str, Any] | None,
    body: str,
    dodging_beside: bool = False,
) -> list[VNode]:
    """``dodging_beside``: "Target dodging" is on the BCS's line (combat/view.py), not here."""
    form = st["combat"]["thrown"]
    throwable = [(w.name, w.name) for w in weapons() if "Th" in w.skills]
    flags = [
        *([] if dodging_beside else [flag("thrown", "dodging", "Target dodging", form, "dodging")]),
        *critical_flags("thrown", form, st["settings"]),
        special_effect_flag("thrown", form),
    ]
    first = [
        *attacker_fields(model, "thrown", form, attacker),
        select(
            "aft-thrown-weapon",
            "Thrown weapon",
            form["weapon"],
            throwable,
            send("thrown", "weapon"),
        ),
        target_movement("thrown", form),
    ]

    def more() -> list[VNode]:  # drawn once its fold is opened (issue 33)
        return [
            number(
                "aft-thrown-count",
                "How many at once (shuriken: up to the Deftness Group)",
                form["count"],
                send("thrown", "count"),
                error=err(model, "cbt.count"),
            ),
            damage_taken(model, "thrown", form, "thrower"),
            cuts("thrown", form, "By damage letter (L cuts)"),
            distractions(model, "thrown", form),
            *direction_fields(model, "thrown", form, body),
        ]

    groups = [
        ("Missile situation modifiers", missile_situations("thrown", form)),
        ("Attack options", flags),
    ]
    return layout("thrown", first, more, groups)
