"""The missile attack form: the gun, its Range Table row and the range, the cartridge (base BDG),
the shooter's state and the target's movement; in "more", the details a critical miss or an
unusual gun needs (SMG accuracy, cover, action, bursts, weapon kind, Durability)."""

from __future__ import annotations

from typing import Any

from pycore.systems.aftermath.campaign import campaign
from pycore.systems.aftermath.gear import firearms
from pycore.systems.aftermath.gear.guns import GUNS, ammunition_choices
from rkweb.app.model import Model
from rkweb.app.vdom import VNode
from rkweb.features.aftermath.combat.pieces import (
    attacker_fields,
    critical_flags,
    cuts,
    damage_taken,
    direction_fields,
    distractions,
    encumbrance,
    flag,
    layout,
    missile_situations,
    send,
    special_effect_flag,
    target_movement,
)
from rkweb.features.aftermath.state import err
from rkweb.kit.fields import field, number, select

NOT_SAID = (("", "Not said"), ("yes", "Yes"), ("no", "No"))
MISS_TABLES = (
    ("", "Ask when a critical miss happens"),
    ("modern", "Modern firearm"),
    ("black powder", "Black-powder firearm"),
    ("bow", "Bow or crossbow"),
)


def _gun_fields(model: Model, form: dict[str, Any]) -> list[VNode]:
    return [
        select(
            "aft-missile-gun", "Gun", f"{form['gun']}|{form['size']}", GUNS, send("missile", "gun")
        ),
        select(
            "aft-missile-row",
            "Range Table row",
            form["range_row"],
            [
                *([("", "Choose the choke…")] if not form["range_row"] else []),
                *((r, r) for r in firearms.range_rows()),
            ],
            send("missile", "range_row"),
            error=err(model, "cbt.range_row"),
        ),
    ]


def _load_fields(model: Model, form: dict[str, Any], settings: dict[str, Any]) -> list[VNode]:
    ammo = [(c.key, c.label) for c in ammunition_choices(campaign(settings).supplied_bdg)]
    return [
        select(
            "aft-missile-ammo",
            "Ammunition (base BDG)",
            form["ammo"],
            ammo,
            send("missile", "ammo"),
            error=err(model, "cbt.ammo"),
        ),
        number(
            "aft-missile-bdg",
            "Base BDG override (empty: from the ammunition)",
            form["bdg"],
            send("missile", "bdg"),
            error=err(model, "cbt.bdg"),
        ),
    ]


def _more_fields(model: Model, form: dict[str, Any]) -> list[VNode]:
    actions = [("", "Not said"), *((c, f"{c}: {p}") for c, p in firearms.gun_action_codes())]
    return [
        number(
            "aft-missile-ia",
            "SMG Inherent Accuracy (yours: not in the book)",
            form["ia_value"],
            send("missile", "ia_value"),
            error=err(model, "cbt.ia_value"),
        ),
        number(
            "aft-missile-cover",
            "Cover: AV it adds against this shot (yours; Barrier Factors on the Reference tab)",
            form["cover_av"],
            send("missile", "cover_av"),
            error=err(model, "cbt.cover_av"),
        ),
        select(
            "aft-missile-gun-action",
            "Gun action",
            form["gun_action"],
            actions,
            send("missile", "gun_action"),
        ),
        number(
            "aft-missile-shots",
            "Shots this Action (no autofire)",
            form["shots"],
            send("missile", "shots"),
            error=err(model, "cbt.shots"),
        ),
        *_fire_fields(model, form),
    ]


def _fire_fields(model: Model, form: dict[str, Any]) -> list[VNode]:
    """Bursts, the weapon kind of a critical miss and what clearing it needs."""
    return [
        select(
            "aft-missile-burst-size",
            "Rounds per burst",
            str(form["burst_size"]),
            [("3", "3 (most guns)"), ("6", "6 (super-automatic)")],
            send("missile", "burst_size"),
        ),
        number(
            "aft-missile-max-bursts",
            "Full auto: most bursts per Action (not in the book)",
            form["max_bursts"],
            send("missile", "max_bursts"),
            error=err(model, "cbt.max_bursts"),
        ),
        number(
            "aft-missile-bursts",
            "Full bursts fired (autofire)",
            form["bursts"],
            send("missile", "bursts"),
            error=err(model, "cbt.bursts"),
        ),
        select(
            "aft-missile-miss-table",
            "Weapon kind, for a critical miss",
            form["miss_table"],
            MISS_TABLES,
            send("missile", "miss_table"),
        ),
        select(
            "aft-missile-autoloading",
            "Autoloader or autoweapon? (clearing a dud)",
            form["autoloading"],
            NOT_SAID,
            send("missile", "autoloading"),
        ),
        select(
            "aft-missile-extractor",
            "Has an extractor? (clearing a jam)",
            form["extractor"],
            NOT_SAID,
            send("missile", "extractor"),
        ),
        number(
            "aft-missile-durability",
            "Weapon Durability, for a chamber explosion (not in the book)",
            form["durability"],
            send("missile", "durability"),
            error=err(model, "cbt.durability"),
        ),
    ]


def missile_form(
    model: Model,
    st: dict[str, Any],
    attacker: dict[str, Any] | None,
    body: str,
    dodging_beside: bool = False,
) -> list[VNode]:
    """``dodging_beside``: "Target dodging" is on the BCS's line (combat/view.py), not here."""
    form = st["combat"]["missile"]
    flags = [
        flag("missile", "autofire", "Automatic fire", form, "autofire"),
        flag("missile", "match", "Match weapon (+1)", form, "match"),
        *(
            []
            if dodging_beside
            else [flag("missile", "dodging", "Target dodging", form, "dodging")]
        ),
        *critical_flags("missile", form, st["settings"]),
        special_effect_flag("missile", form),
    ]
    first = [
        *attacker_fields(model, "missile", form, attacker),
        field(
            "aft-missile-meters",
            "Range (m)",
            form["meters"],
            send("missile", "meters"),
            error=err(model, "cbt.meters"),
            numeric=True,
        ),
        target_movement("missile", form),
    ]

    def more() -> list[VNode]:  # drawn once its fold is opened (issue 33)
        return [
            *_gun_fields(model, form),
            *_load_fields(model, form, st["settings"]),
            damage_taken(model, "missile", form, "shooter"),
            encumbrance("missile", form),
            distractions(model, "missile", form),
            cuts("missile", form, "Ask when a Sever is possible"),
            *direction_fields(model, "missile", form, body),
            *_more_fields(model, form),
        ]

    groups = [
        ("Missile situation modifiers", missile_situations("missile", form)),
        ("Attack options", flags),
    ]
    return layout("missile", first, more, groups)
