"""The hand-to-hand form: the weapon (those on the attacker's sheet first), its use, the
target's hex, the Damage Potential (the user's: the text never says how WDM becomes it), and
the situation modifiers of the hand-to-hand table."""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.attack.situation import hth_choices
from pycore.systems.aftermath.gear.arms import sheet_weapons
from pycore.systems.aftermath.gear.weapons import weapon, weapon_names
from rkweb.app.model import Model
from rkweb.app.vdom import VNode
from rkweb.features.aftermath.combat.pieces import (
    attacker_fields,
    critical_flags,
    cuts,
    direction_fields,
    distractions,
    encumbrance,
    layout,
    send,
    wound_level,
)
from rkweb.features.aftermath.combat.update import CbtToggle
from rkweb.kit.chips import chip
from rkweb.kit.fields import select

ZONES = (
    ("character_hex", "In the attacker's own hex"),
    ("front_side_rear_hex", "Front, Side or Rear hex"),
    ("long_hex", "Long Front or Long Side hex"),
)
USES = (
    ("strike", "Strike"),
    ("thrust", "Thrust (Sai)"),
    ("thrown", "Thrown"),
    ("mounted", "Bayonet on a rifle"),
)


def wdm_hint(name: str, thrown: bool = False) -> str:
    """The weapon's WDM beside the Damage Potential field."""
    if not name:
        return ""
    try:
        found = weapon(name)
    except RuleError as exc:
        return str(exc)
    printed = " (thrown: the value in parentheses where printed)" if thrown else ""
    return (
        f"{found.name}: WDM {found.wdm_text}{printed}. How WDM becomes Damage Potential is not "
        "in the book: it is asked after the roll, with the critical's bonus known."
    )


def hth_form(
    model: Model, st: dict[str, Any], attacker: dict[str, Any] | None, body: str
) -> list[VNode]:
    form = st["combat"]["hth"]
    sits = [
        chip(
            f"aft-hth-sit-{key}",
            label,
            key in form["situations"],
            CbtToggle("hth", f"sit:{key}"),
        )
        for key, label in hth_choices()
    ]
    own = [w.listed for w in sheet_weapons(attacker or {}) if w.kind == "hand"]
    options = [
        ("", "Unarmed"),
        *((n, n) for n in own),  # their own first, named whole (a suffix was cut off)
        *((n, n) for n in weapon_names() if n not in own),
    ]
    first = [
        *attacker_fields(model, "hth", form, attacker),
        select("aft-hth-weapon", "Weapon", form["weapon"], options, send("hth", "weapon")),
        select("aft-hth-use", "Use", form["use"], USES, send("hth", "use")),
    ]

    def more() -> list[VNode]:  # drawn once its fold is opened (issue 33)
        return [
            select(
                "aft-hth-zone",
                "Target's hex (the hex figure is missing from the book)",
                form["zone"],
                ZONES,
                send("hth", "zone"),
            ),
            wound_level("hth", form),
            cuts("hth", form, "By damage letter (L cuts)"),
            distractions(model, "hth", form),
            encumbrance("hth", form),
            *direction_fields(model, "hth", form, body),
        ]

    groups = [
        ("Hand-to-hand situation modifiers", sits),
        ("Attack options", critical_flags("hth", form, st["settings"])),
    ]
    return layout("hth", first, more, groups)
