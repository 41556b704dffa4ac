"""A sheet's gear: skills with their BCS (entered, the text has no formula; weapons are in
``weapons``), armor per location with the AV that counts (AFT-14), and the
inventory with its ENC total and encumbrance status (AFT-32, AFT-33)."""

from __future__ import annotations

from typing import Any

from pycore.systems.aftermath.gear.armor import armor_materials
from pycore.systems.aftermath.rounding import show
from pycore.systems.aftermath.sheet import sheet as core
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.characters.conditions import CharDraft, draft
from rkweb.features.aftermath.characters.update import (
    CharAddItem,
    CharAddSkill,
    CharField,
    CharRemove,
    CharWear,
)
from rkweb.features.aftermath.state import err
from rkweb.features.aftermath.words import said
from rkweb.kit.buttons import button
from rkweb.kit.fields import field, number, select
from rkweb.kit.results import why


def _row(testid: str | None, name: str, value: str, remove: VNode) -> VNode:
    return h(
        "li",
        {"class": "skill-row", "data-testid": testid},
        h("span", {"class": "skill-name"}, name),
        h("span", {}, value),
        remove,
    )


def skills_card(model: Model, raw: dict[str, Any]) -> VNode:
    drafted = draft(model)
    items = [
        _row(
            "aft-skill",
            s["name"],
            f"BCS {s['bcs']}",
            button(
                f"aft-skill-remove-{i}",
                f"Remove {s['name']}",
                CharRemove("skills", i),
            ),
        )
        for i, s in enumerate(raw["skills"])
    ]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-skills-h"},
        h("h3", {"id": "aft-skills-h"}, "Skills and BCS"),
        h(
            "p",
            {"class": "muted small"},
            "A skill's BCS is entered: the text has no way to compute it.",
        ),
        why(["AFT-M01"]),
        h("ul", {"class": "skills"}, *items),
        h(
            "div",
            {"class": "grid2"},
            field(
                "aft-skill-name",
                "Skill name",
                drafted.get("skill_name", ""),
                CharDraft("skill_name"),
            ),
            number(
                "aft-skill-bcs",
                "Its BCS",
                drafted.get("skill_bcs", ""),
                CharDraft("skill_bcs"),
                error=err(model, "char.add_skill"),
            ),
        ),
        button("aft-skill-add", "Add skill", CharAddSkill(), primary=True),
    )


def _armor_rows(raw: dict[str, Any], view: core.SheetView) -> list[VNode]:
    worn = []
    for n in core.LOCATIONS:
        pieces = raw["armor"].get(str(n), [])
        if pieces:
            worn.append(
                h(
                    "tr",
                    {},
                    h("td", {}, str(n)),
                    h("td", {}, ", ".join(pieces)),
                    h("td", {"data-testid": f"aft-av-{n}"}, str(view.av[n])),
                )
            )
    return worn


def armor_card(model: Model, raw: dict[str, Any], view: core.SheetView) -> VNode:
    drafted = draft(model)
    worn = _armor_rows(raw, view)
    materials = [("", "Remove all armor there")] + [
        (m.material, f"{m.material} ({m.format}, AV {m.armor_value})") for m in armor_materials()
    ]
    head = h(
        "thead",
        {},
        h("tr", {}, *[h("th", {"scope": "col"}, t) for t in ("Location", "Worn", "AV used")]),
    )
    empty = h("tr", {}, h("td", {"colspan": "3"}, "No armor: AV 0 everywhere."))
    totals = "; ".join(str(t) for t in core.armor_worn(raw))
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-armor-h"},
        h("h3", {"id": "aft-armor-h"}, "Armor per location"),
        h(
            "table",
            {"class": "data", "data-testid": "aft-armor-table"},
            head,
            h("tbody", {}, *(worn or [empty])),
        ),
        h(
            "p",
            {"class": "explain", "data-testid": "aft-armor-totals"},
            totals + " (counted in the Total ENC)",
        )
        if worn
        else None,
        why(
            [str(view.av[n]) for n in core.LOCATIONS if raw["armor"].get(str(n))]
            + ["AFT-14: ENC/LOC × locations covered"]
        ),
        h(
            "div",
            {"class": "grid2"},
            field(
                "aft-armor-locations",
                "Locations (e.g. 4-12)",
                drafted.get("armor_locations", ""),
                CharDraft("armor_locations"),
                error=err(model, "char.wear"),
            ),
            select(
                "aft-armor-material",
                "Material",
                drafted.get("armor_material", ""),
                materials,
                CharDraft("armor_material"),
            ),
        ),
        button("aft-armor-wear", "Wear on those locations", CharWear(), primary=True),
        number(
            "aft-cloth-bullet-av",
            "Ballistic Cloth AV against bullets (yours: not in the book)",
            raw["cloth_bullet_av"],
            CharField("cloth_bullet_av"),
            error=err(model, "char.cloth_bullet_av"),
        ),
    )


def inventory_card(model: Model, raw: dict[str, Any], view: core.SheetView) -> VNode:
    drafted = draft(model)
    cap = raw["derived"]["enc_cap"]
    total = f"Total ENC {show(view.enc_total)}, armor worn included" + (
        f" of ENC CAP {cap}" if cap else " (enter ENC CAP above)"
    )
    items = [
        _row(
            None,
            item["name"],
            f"ENC {item['enc']}",
            button(
                f"aft-item-remove-{i}",
                f"Remove {item['name']}",
                CharRemove("inventory", i),
            ),
        )
        for i, item in enumerate(raw["inventory"])
    ]
    status = (
        str(view.encumbrance)
        if view.encumbrance
        else "Encumbrance status: enter ENC CAP (the text does not compute it)."
    )
    rules = view.encumbrance.rules if view.encumbrance else ()
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-inv-h"},
        h("h3", {"id": "aft-inv-h"}, "Inventory"),
        h("ul", {"class": "skills"}, *items),
        h("p", {"data-testid": "aft-enc-total"}, total),
        *said((status, rules), "aft-enc-status"),
        h(
            "p",
            {"class": "muted small"},
            "Item ENC values come from the Encumbrance Value Chart (Reference tab). The status "
            "cuts Deftness and Speed on this sheet and sets the attack's BCS modifier.",
        ),
        h(
            "div",
            {"class": "grid2"},
            field(
                "aft-item-name",
                "Item",
                drafted.get("item_name", ""),
                CharDraft("item_name"),
            ),
            field(
                "aft-item-enc",
                "Its ENC",
                drafted.get("item_enc", ""),
                CharDraft("item_enc"),
                numeric=True,
                error=err(model, "char.add_item"),
            ),
        ),
        button("aft-item-add", "Add item", CharAddItem(), primary=True),
    )
