"""Aftermath Characters tab: many characters and creatures; attributes → Group and Effect Die
(live, formula shown), AST/CST with save odds, the values the source does not compute entered
by the user (labelled so), skills with BCS, weapons from the listing with their notes, armor per
location with AV, inventory ENC, damage and conditions with their timers."""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath import sheet as core
from pycore.systems.aftermath.armor import armor_materials
from pycore.systems.aftermath.critical import Moment
from pycore.systems.aftermath.rounding import show
from pycore.systems.aftermath.weapons import note_texts, suspect_note, weapon, weapon_names
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.aftermath.state import (
    errors,
    names,
    quietly,
    state,
    suspect_setting,
    undoable,
    with_error,
)
from rkweb.features.aftermath.widgets import button, field, odds, select
from rkweb.kit import buttons
from rkweb.kit.numbers import odds_text
from rkweb.kit.share import share_button

CONDITION_DEFAULT = "system_shock"
DRAFTS = ("skill_name", "skill_bcs", "armor_locations", "armor_material", "item_name", "item_enc")


def _draft(model: Model) -> dict[str, str]:
    found = model.ui.get("aftermath_draft")
    return dict(found) if isinstance(found, dict) else {}


def _current(st: dict[str, Any]) -> tuple[int, dict[str, Any] | None]:
    index = st["selected"]
    chars = st["characters"]
    return (index, chars[index]) if 0 <= index < len(chars) else (index, None)


def _replace(
    model: Model, st: dict[str, Any], index: int, new: dict[str, Any], label: str, ctx: Ctx
) -> Model:
    st["characters"] = [new if i == index else c for i, c in enumerate(st["characters"])]
    return undoable(model, st, label, ctx)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    kind = msg[0]
    st = state(model)
    index, current = _current(st)
    if kind == "aftermath.char_new":
        what = str(msg[1]) if len(msg) > 1 else "character"
        count = sum(1 for c in st["characters"] if c.get("kind") == what) + 1
        st["characters"].append(core.new_sheet(f"{what.capitalize()} {count}", what))
        st["selected"] = len(st["characters"]) - 1
        return undoable(model, st, f"Create {what}", ctx)
    if kind == "aftermath.char_select":
        st["selected"] = int(msg[1])
        return quietly(model, st)
    if kind == "aftermath.char_del":
        gone = st["characters"].pop(int(msg[1]))
        st["selected"] = max(0, min(st["selected"], len(st["characters"]) - 1))
        return undoable(model, st, f"Delete {gone.get('name')}", ctx)
    if kind == "aftermath.char_remove_cond":
        who, position = int(msg[1]), int(msg[2])
        target = core.merged(st["characters"][who])
        gone = target["conditions"][position]
        target["conditions"] = [c for i, c in enumerate(target["conditions"]) if i != position]
        st["characters"][who] = target
        return undoable(model, st, f"Remove {gone.get('name')} from {target['name']}", ctx)
    if kind == "aftermath.char_add_cond":
        who = int(msg[1])
        combat = st["combat"]
        now = Moment(int(combat["turn"]), int(combat["phase"]))
        chosen = _draft(model).get("condition", CONDITION_DEFAULT)
        try:
            target = core.add_condition(st["characters"][who], chosen, now)
        except RuleError as exc:
            return with_error(model, "char.condition", str(exc))
        st["characters"][who] = target
        label = core.MANUAL_CONDITIONS[chosen].split(" (")[0]
        return undoable(
            with_error(model, "char.condition", None), st, f"{label}: {target['name']}", ctx
        )
    if kind == "aftermath.char_draft":
        return model.with_ui(aftermath_draft={**_draft(model), str(msg[1]): str(msg[-1])})
    if current is None:
        return model
    if kind == "aftermath.char_field":
        path, raw = str(msg[1]), str(msg[-1])
        try:
            new = core.set_field(current, path, raw)
        except RuleError as exc:
            return with_error(model, f"char.{path}", str(exc))
        model = with_error(model, f"char.{path}", None)
        st["characters"][index] = new
        return quietly(model, st)
    draft = _draft(model)
    try:
        if kind == "aftermath.char_add_skill":
            new = core.add_skill(current, draft.get("skill_name", ""), draft.get("skill_bcs", ""))
            label = f"Add skill to {current['name']}"
            model = model.with_ui(aftermath_draft={**draft, "skill_name": "", "skill_bcs": ""})
        elif kind == "aftermath.char_add_weapon":
            if not str(msg[-1]):
                return model
            new = core.add_weapon(current, str(msg[-1]))
            label = f"Add weapon to {current['name']}"
        elif kind == "aftermath.char_wear":
            new = core.set_armor(
                current, draft.get("armor_locations", ""), draft.get("armor_material", "")
            )
            label = f"Armor for {current['name']}"
        elif kind == "aftermath.char_add_item":
            new = core.add_item(current, draft.get("item_name", ""), draft.get("item_enc", ""))
            label = f"Add item to {current['name']}"
            model = model.with_ui(aftermath_draft={**draft, "item_name": "", "item_enc": ""})
        elif kind == "aftermath.char_remove":
            part, position = str(msg[1]), int(msg[2])
            new = core.merged(current)
            new[part] = [x for i, x in enumerate(new[part]) if i != position]
            label = f"Remove from {current['name']}: {part}"
        elif kind == "aftermath.char_heal":
            new = {**core.merged(current), "damage": {"lethal": 0, "subdual": 0, "critical": 0}}
            label = f"Clear damage of {current['name']}"
        else:
            return model
    except RuleError as exc:
        return with_error(model, f"char.{kind}", str(exc))
    model = with_error(model, f"char.{kind}", None)
    return _replace(model, st, index, new, label, ctx)


def _error(model: Model, key: str) -> str:
    return errors(model).get(key, "")


def _cell_input(fid: str, label: str, value: Any, msg: tuple[Any, ...], error: str) -> VNode:
    return h(
        "td",
        {},
        h("label", {"class": "visually-hidden", "for": fid}, label),
        h(
            "input",
            {
                "id": fid,
                "type": "number",
                "inputmode": "numeric",
                "class": "aft-narrow",
                "value": "" if value is None else value,
                "data-testid": fid,
                "aria-invalid": "true" if error else "false",
                "aria-describedby": f"{fid}-error",
                "on_change": msg,
            },
        ),
        h("p", {"id": f"{fid}-error", "class": "field-error small", "role": "alert"}, error),
    )


def _attributes(model: Model, raw: dict[str, Any], view: core.SheetView) -> VNode:
    rows = []
    odds_rows = []
    for attr in core.ATTRIBUTES:
        name = core.ATTRIBUTE_NAMES[attr]
        group = view.groups[attr]
        effective = view.effective[attr]
        die = group.effect_die or "none"
        now = ""
        if effective != group:
            now = f" (now Group {effective.number}, {effective.effect_die or 'none'})"
        rows.append(
            h(
                "tr",
                {},
                h("th", {"scope": "row"}, f"{name} ({attr})"),
                _cell_input(
                    f"aft-attr-{attr}",
                    f"{name} rating",
                    raw["attr"][attr],
                    ("aftermath.char_field", f"attr.{attr}"),
                    _error(model, f"char.attr.{attr}"),
                ),
                h(
                    "td",
                    {"data-testid": f"aft-group-{attr}", "title": str(group)},
                    h("span", {"class": "aft-big"}, f"G{group.number} · {die}"),
                    h("span", {"class": "visually-hidden"}, f" {group}"),
                    h("span", {"class": "small"}, now) if now else None,
                ),
                _cell_input(
                    f"aft-ast-{attr}",
                    f"{name} AST (entered)",
                    raw["ast"][attr],
                    ("aftermath.char_field", f"ast.{attr}"),
                    _error(model, f"char.ast.{attr}"),
                ),
                _cell_input(
                    f"aft-cst-{attr}",
                    f"{name} CST (entered)",
                    raw["cst"][attr],
                    ("aftermath.char_field", f"cst.{attr}"),
                    _error(model, f"char.cst.{attr}"),
                ),
            )
        )
        odds_rows.append(
            h(
                "div",
                {"class": "aft-save"},
                h("p", {"class": "strong"}, f"{name} saving throw"),
                _save_line(attr, view),
            )
        )
    notes = [h("p", {"class": "notice"}, n) for n in view.notes]
    head = h(
        "thead",
        {},
        h(
            "tr",
            {},
            h("th", {"scope": "col"}, "Attribute"),
            h("th", {"scope": "col"}, "Rating"),
            h("th", {"scope": "col"}, "Group · Effect Die"),
            h("th", {"scope": "col"}, "AST"),
            h("th", {"scope": "col"}, "CST"),
        ),
    )
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-attrs-h"},
        h("h3", {"id": "aft-attrs-h"}, "Attributes, Groups and Effect Dice"),
        h(
            "p",
            {"class": "muted small"},
            "Rating → Group and Effect Die by the Attribute Group Chart (AFT-T20, AFT-06): 0 none, "
            "1-4 1D3, 5-14 1D6, 15-24 1D10, 25-34 2D6, 35-44 2D10, 45-54 2D10+1, 55-64 2D10+2, "
            "65-74 2D10+2. AST and CST are entered: the source does not compute them (AFT-M03).",
        ),
        *notes,
        h("table", {"class": "data aft-attrs"}, head, h("tbody", {}, *rows)),
        h("div", {"class": "grid2"}, *odds_rows),
    )


def _save_line(attr: str, view: core.SheetView) -> VNode:
    found = view.save_odds[attr]
    if found is None:
        return h(
            "p",
            {"class": "muted small"},
            "Enter AST and CST to see the saving-throw odds (AFT-05).",
        )
    return odds(
        f"aft-save-odds-{attr}",
        [
            ("Critical range", odds_text(found.critical)),
            ("Ability range", odds_text(found.ability)),
            ("Failure", odds_text(found.failure)),
        ],
    )


def _derived(model: Model, raw: dict[str, Any]) -> VNode:
    fields = [
        field(
            f"aft-derived-{key}",
            f"{label} (entered)",
            raw["derived"][key],
            ("aftermath.char_field", f"derived.{key}"),
            _error(model, f"char.derived.{key}"),
        )
        for key, (label, _, _) in core.DERIVED.items()
    ]
    fields.append(
        field(
            "aft-average-bcs",
            "Average BCS for hip fire (entered)",
            raw["average_bcs"],
            ("aftermath.char_field", "average_bcs"),
            _error(model, "char.average_bcs"),
        )
    )
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-derived-h"},
        h("h3", {"id": "aft-derived-h"}, "Values the source does not compute"),
        h(
            "p",
            {"class": "muted small"},
            "ODA, CDA, PCA, BAP, MNA, DRT, SF, ENC CAP, BMA, Mass and the Average BCS are used by the "
            "rules but never computed in the text (AFT-M04, AFT-M06): enter them from the book.",
        ),
        h("div", {"class": "grid2"}, *fields),
    )


def _skills(model: Model, raw: dict[str, Any]) -> VNode:
    draft = _draft(model)
    items = [
        h(
            "li",
            {"class": "skill-row", "data-testid": "aft-skill"},
            h("span", {"class": "skill-name"}, s["name"]),
            h("span", {}, f"BCS {s['bcs']}"),
            button(
                f"aft-skill-remove-{i}",
                f"Remove {s['name']}",
                ("aftermath.char_remove", "skills", i),
                False,
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
            "A skill's BCS is entered: the text has no way to compute it (AFT-M01).",
        ),
        h("ul", {"class": "skills"}, *items),
        h(
            "div",
            {"class": "grid2"},
            field(
                "aft-skill-name",
                "Skill name",
                draft.get("skill_name", ""),
                ("aftermath.char_draft", "skill_name"),
                kind="text",
            ),
            field(
                "aft-skill-bcs",
                "Its BCS",
                draft.get("skill_bcs", ""),
                ("aftermath.char_draft", "skill_bcs"),
            ),
        ),
        button("aft-skill-add", "Add skill", ("aftermath.char_add_skill",)),
        h(
            "p",
            {"class": "field-error", "role": "alert"},
            _error(model, "char.aftermath_char_add_skill"),
        ),
    )


def _weapons(model: Model, raw: dict[str, Any]) -> VNode:
    rows = []
    settings = state(model)["settings"]
    note_13 = str(settings["weapon_note_13"])
    for i, name in enumerate(raw["weapons"]):
        found = weapon(name)
        notes = "; ".join(f"{n}: {t}" for n, t in note_texts(name, note_13))
        suspect = suspect_note(name, str(settings.get(suspect_setting(name), "")))
        flag = f" · {suspect}" if suspect else ""
        rows.append(
            h(
                "li",
                {"class": "q-item", "data-testid": "aft-weapon"},
                h("strong", {}, found.name),
                h(
                    "p",
                    {"class": "small"},
                    f"WDM {found.wdm_text} · length {found.length or '-'} · SURV {found.surv or '-'} · "
                    f"format {','.join(found.formats) or '-'} · ENC {show(found.enc) if found.enc is not None else '-'}{flag}",
                ),
                h("p", {"class": "muted small"}, notes) if notes else None,
                button(
                    f"aft-weapon-remove-{i}",
                    f"Remove {found.name}",
                    ("aftermath.char_remove", "weapons", i),
                    False,
                ),
            )
        )
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-weapons-h"},
        h("h3", {"id": "aft-weapons-h"}, "Weapons (Weapons Listing, AFT-T15)"),
        h("ul", {"class": "q-list"}, *rows),
        select(
            "aft-add-weapon",
            "Add a weapon from the listing",
            "",
            [("", "Choose a weapon…"), *[(n, n) for n in weapon_names()]],
            ("aftermath.char_add_weapon",),
            key=f"add-weapon-{len(raw['weapons'])}",
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert"},
            _error(model, "char.aftermath_char_add_weapon"),
        ),
    )


def _armor(model: Model, raw: dict[str, Any], view: core.SheetView) -> VNode:
    draft = _draft(model)
    worn = []
    for number in core.LOCATIONS:
        pieces = raw["armor"].get(str(number), [])
        if not pieces:
            continue
        worn.append(
            h(
                "tr",
                {},
                h("td", {}, str(number)),
                h("td", {}, ", ".join(pieces)),
                h("td", {"data-testid": f"aft-av-{number}"}, str(view.av[number])),
            )
        )
    materials = [("", "Remove all armor there")] + [
        (m.material, f"{m.material} ({m.format}, AV {m.armor_value})") for m in armor_materials()
    ]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-armor-h"},
        h("h3", {"id": "aft-armor-h"}, "Armor per location (AFT-14)"),
        h(
            "table",
            {"class": "data", "data-testid": "aft-armor-table"},
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    h("th", {"scope": "col"}, "Location"),
                    h("th", {"scope": "col"}, "Worn"),
                    h("th", {"scope": "col"}, "AV used"),
                ),
            ),
            h("tbody", {}, *worn)
            if worn
            else h(
                "tbody", {}, h("tr", {}, h("td", {"colspan": "3"}, "No armor: AV 0 everywhere."))
            ),
        ),
        h(
            "p",
            {"class": "explain", "data-testid": "aft-armor-totals"},
            "; ".join(str(t) for t in core.armor_worn(raw))
            + " (AFT-14: ENC/LOC × locations covered; counted in the Total ENC)",
        )
        if worn
        else None,
        h(
            "div",
            {"class": "grid2"},
            field(
                "aft-armor-locations",
                "Locations (e.g. 4-12)",
                draft.get("armor_locations", ""),
                ("aftermath.char_draft", "armor_locations"),
                kind="text",
            ),
            select(
                "aft-armor-material",
                "Material",
                draft.get("armor_material", ""),
                materials,
                ("aftermath.char_draft", "armor_material"),
            ),
        ),
        button("aft-armor-wear", "Wear on those locations", ("aftermath.char_wear",)),
        h(
            "p",
            {"class": "field-error", "role": "alert"},
            _error(model, "char.aftermath_char_wear"),
        ),
        field(
            "aft-cloth-bullet-av",
            "Ballistic Cloth AV against bullets (entered: not in the source, AFT-M17)",
            raw["cloth_bullet_av"],
            ("aftermath.char_field", "cloth_bullet_av"),
            _error(model, "char.cloth_bullet_av"),
        ),
    )


def _inventory(model: Model, raw: dict[str, Any], view: core.SheetView) -> VNode:
    draft = _draft(model)
    cap = raw["derived"]["enc_cap"]
    total = f"Total ENC {show(view.enc_total)}, armor worn included" + (
        f" of ENC CAP {cap}" if cap else " (enter ENC CAP above)"
    )
    items = [
        h(
            "li",
            {"class": "skill-row"},
            h("span", {"class": "skill-name"}, item["name"]),
            h("span", {}, f"ENC {item['enc']}"),
            button(
                f"aft-item-remove-{i}",
                f"Remove {item['name']}",
                ("aftermath.char_remove", "inventory", i),
                False,
            ),
        )
        for i, item in enumerate(raw["inventory"])
    ]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-inv-h"},
        h("h3", {"id": "aft-inv-h"}, "Inventory"),
        h("ul", {"class": "skills"}, *items),
        h("p", {"data-testid": "aft-enc-total"}, total),
        h(
            "p",
            {"class": "explain", "data-testid": "aft-enc-status"},
            str(view.encumbrance)
            if view.encumbrance
            else "Encumbrance status: enter ENC CAP (not computed in this text, AFT-33).",
        ),
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
                draft.get("item_name", ""),
                ("aftermath.char_draft", "item_name"),
                kind="text",
            ),
            field(
                "aft-item-enc",
                "Its ENC",
                draft.get("item_enc", ""),
                ("aftermath.char_draft", "item_enc"),
                kind="text",
            ),
        ),
        button("aft-item-add", "Add item", ("aftermath.char_add_item",)),
        h(
            "p",
            {"class": "field-error", "role": "alert"},
            _error(model, "char.aftermath_char_add_item"),
        ),
    )


def conditions_card(
    model: Model, raw: dict[str, Any], index: int, now: Moment, testid: str = "aft-conditions"
) -> VNode:
    """The damage record and conditions with their timers (AFT-55, AFT-M43); a condition the
    worksheet does not add (System Shock after cauterization, a fall) is recorded by hand."""
    chosen = _draft(model).get("condition", CONDITION_DEFAULT)
    error = errors(model).get("char.condition", "")
    damage = raw["damage"]
    parts = [
        f"Lethal {damage.get('lethal', 0)}",
        f"Subdual {damage.get('subdual', 0)}",
        f"Critical {damage.get('critical', 0)}",
    ]
    if damage.get("c_type"):
        parts.append(f"C-type {damage['c_type']}")
    drt = raw["derived"]["drt"]
    items = []
    for i, raw_cond in enumerate(raw["conditions"]):
        cond = core.condition_from_json(raw_cond)
        active = cond.active_at(now)
        items.append(
            h(
                "li",
                {"class": "skill-row", "data-testid": f"{testid}-entry"},
                h(
                    "span",
                    {"class": "strong" if active else "muted"},
                    ("● " if active else "○ ended: ") + str(cond),
                ),
                button(
                    f"{testid}-remove-{i}",
                    f"Remove {cond.name}",
                    ("aftermath.char_remove_cond", index, i),
                    False,
                ),
            )
        )
    return h(
        "section",
        {"class": "card", "aria-labelledby": f"{testid}-h"},
        h("h3", {"id": f"{testid}-h"}, f"Damage and conditions of {raw['name']} (now {now})"),
        h(
            "p",
            {"data-testid": f"{testid}-damage"},
            " · ".join(parts) + (f" · DRT {drt}" if drt else " · DRT not entered"),
        ),
        h(
            "p",
            {"class": "muted small"},
            "How Critical Damage counts against DRT is not in this text (AFT-M43).",
        ),
        h("ul", {"class": "skills"}, *items)
        if items
        else h("p", {"class": "muted"}, "No conditions."),
        h(
            "div",
            {"class": "row"},
            select(
                f"{testid}-kind",
                "Record a condition by hand (starts now)",
                chosen,
                list(core.MANUAL_CONDITIONS.items()),
                ("aftermath.char_draft", "condition"),
            ),
            button(f"{testid}-add", "Add condition", ("aftermath.char_add_cond", index), False),
        ),
        h("p", {"class": "field-error", "role": "alert"}, error),
    )


def _editor(
    model: Model, raw: dict[str, Any], index: int, settings: dict[str, Any], now: Moment
) -> VNode:
    try:
        view = core.derive(
            raw, now, str(settings["group8_effect_die"]), str(settings["unstated_rounding"])
        )
    except RuleError as exc:
        return h("p", {"class": "field-error"}, f"This sheet cannot be read: {exc}")
    head = h(
        "section",
        {"class": "card", "aria-labelledby": "aft-who-h"},
        h("h3", {"id": "aft-who-h"}, "Who"),
        h(
            "div",
            {"class": "grid2"},
            field(
                "aft-name",
                "Name",
                raw["name"],
                ("aftermath.char_field", "name"),
                _error(model, "char.name"),
                "text",
            ),
            select(
                "aft-body",
                "Body (hit location table)",
                raw["body"],
                [("bipedal", "Bipedal"), ("quadrupedal", "Quadrupedal")],
                ("aftermath.char_field", "body"),
            ),
            select(
                "aft-personality",
                "PC or personality NPC (may save to lower a Critical Effect, AFT-27)",
                "true" if raw["personality"] else "false",
                [("true", "Yes"), ("false", "No")],
                ("aftermath.char_field", "personality"),
            ),
        ),
    )
    regions = None
    if raw["body"] == "quadrupedal":
        regions = h(
            "section",
            {"class": "card", "aria-labelledby": "aft-regions-h"},
            h(
                "h3",
                {"id": "aft-regions-h"},
                "Quadruped regions (entered: not in the source, AFT-M31)",
            ),
            h(
                "p",
                {"class": "muted small"},
                "The Critical Effects depend on the region hit; the text gives them for bipeds only. "
                "Belly locations are 7, 10, 13, 16.",
            ),
            h(
                "div",
                {"class": "grid2"},
                *[
                    field(
                        f"aft-region-{key}",
                        f"{label} locations (e.g. 1-4)",
                        raw["regions"][key],
                        ("aftermath.char_field", f"regions.{key}"),
                        _error(model, f"char.regions.{key}"),
                        "text",
                    )
                    for key, label in (
                        ("head_neck", "Head and neck"),
                        ("torso", "Torso"),
                        ("limb", "Limb"),
                    )
                ],
            ),
        )
    return h(
        "div",
        {"class": "editor"},
        head,
        regions,
        _attributes(model, raw, view),
        _derived(model, raw),
        _skills(model, raw),
        _weapons(model, raw),
        _armor(model, raw, view),
        _inventory(model, raw, view),
        conditions_card(model, raw, index, now),
        h(
            "details",
            {"class": "card", "data-testid": "aft-damage-edit"},
            h("summary", {"class": "strong"}, "Correct the damage record by hand (GM)"),
            h(
                "div",
                {"class": "grid2"},
                *[
                    field(
                        f"aft-damage-{kind}",
                        f"{label} damage",
                        str(raw["damage"].get(kind, 0)),
                        ("aftermath.char_field", f"damage.{kind}"),
                        _error(model, f"char.damage.{kind}"),
                    )
                    for kind, label in (
                        ("lethal", "Lethal"),
                        ("subdual", "Subdual"),
                        ("critical", "Critical"),
                    )
                ],
            ),
        ),
        button("aft-heal", "Clear damage record", ("aftermath.char_heal",), False),
    )


def view(model: Model) -> VNode:
    st = state(model)
    chars = st["characters"]
    index, current = _current(st)
    rows = [
        h(
            "li",
            {"class": "char-row", "data-testid": "aft-char-entry", "data-key": str(i)},
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary" if i == index else "secondary",
                    "aria-pressed": "true" if i == index else "false",
                    "on_click": ("aftermath.char_select", i),
                },
                name,
            ),
            buttons.button(
                "aft-char-delete", f"Delete {name}", ("aftermath.char_del", i), tone="danger"
            ),
        )
        for i, name in enumerate(names(st))
    ]
    listing = h(
        "section",
        {"class": "card", "aria-labelledby": "aft-chars-h"},
        h(
            "div",
            {"class": "row between"},
            h("h2", {"id": "aft-chars-h"}, f"Characters and creatures ({len(chars)})"),
            h(
                "div",
                {"class": "row"},
                button("aft-char-new", "New character", ("aftermath.char_new", "character")),
                button(
                    "aft-creature-new", "New creature", ("aftermath.char_new", "creature"), False
                ),
            ),
        ),
        h("ul", {"class": "chars"}, *rows)
        if rows
        else h("p", {"class": "muted"}, "No characters yet."),
    )
    combat = st["combat"]
    now = Moment(int(combat["turn"]), int(combat["phase"]))
    editor = _editor(model, current, index, st["settings"], now) if current else None
    share = share_button("aftermath.character", index, names(st)[index]) if current else None
    return h("div", {"class": "page aftermath-characters"}, listing, share, editor)
