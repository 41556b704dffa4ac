"""Simply Roleplaying! characters: list, create, duplicate, delete (undoable), and the builder.

Budgets and derived values come from the core (``validate`` and ``derive``); the page only parses
what was typed and shows the core's problems next to the fields they concern.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from pycore.errors import RuleError
from pycore.systems.simply.armor import armor, armor_ids, coating, coating_ids, shield, shield_ids
from pycore.systems.simply.character import (
    CAMPAIGN_FIELDS,
    Campaign,
    Character,
    ability_list,
    armor_choice,
    campaign_from_json,
    character_from_json,
    character_to_json,
    derive,
    shield_choice,
    validate,
)
from pycore.systems.simply.skills import skill_info, skill_names
from pycore.systems.simply.stats import LEVELS, age_names
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.kit import buttons
from rkweb.kit.share import share_button

SECTION = "simply_characters"
STATS = (("strength", "S"), ("coordination", "C"), ("intellect", "I"), ("health", "H"))
INT_FIELDS = {"strength", "coordination", "intellect", "health", "luck"}
TEXT_FIELDS = {
    "name",
    "concept",
    "player",
    "race",
    "age",
    "age_note",
    "appearance",
    "history",
    "personality",
}


def _state(model: Model) -> dict[str, Any]:
    saved = model.section(SECTION)
    return {
        "list": list(saved.get("list", [])),
        "selected": saved.get("selected", 0),
        "campaign": dict(saved.get("campaign", {})),
    }


def _campaign(state: dict[str, Any]) -> Campaign:
    try:
        return campaign_from_json(state["campaign"])
    except RuleError:
        return Campaign()  # never kept: _set_campaign refuses bad values


def _set_campaign(model: Model, key: str, raw: str, ctx: Ctx) -> Model:
    state = _state(model)
    errors = dict(model.ui.get("char_errors", {}))
    if key not in CAMPAIGN_FIELDS:
        return model
    label, low, high, rule = CAMPAIGN_FIELDS[key]
    try:
        value = int(raw.strip())
        campaign_from_json({**state["campaign"], key: value})
    except ValueError as exc:  # RuleError is a ValueError too
        message = (
            str(exc)
            if isinstance(exc, RuleError)
            else (f"{label} {raw!r} is not a whole number from {low} to {high} ({rule})")
        )
        return model.with_ui(char_errors={**errors, f"campaign.{key}": message})
    errors.pop(f"campaign.{key}", None)
    state["campaign"] = {**state["campaign"], key: value}
    return replace(
        _apply(model, state, f"Campaign: {label}", ctx), ui={**model.ui, "char_errors": errors}
    )


def _name(raw: dict[str, Any]) -> str:
    return str(raw.get("name") or "unnamed")


def _apply(model: Model, state: dict[str, Any], label: str, ctx: Ctx) -> Model:
    return replace(model, history=model.history.apply(SECTION, state, label, ctx.now))


def _edit(model: Model, field: str, raw: str, ctx: Ctx) -> Model:
    state = _state(model)
    index = int(state["selected"])
    if not 0 <= index < len(state["list"]):
        return model
    errors = dict(model.ui.get("char_errors", {}))
    value: Any = raw
    if field in INT_FIELDS:
        try:
            value = int(raw.strip())
        except ValueError:
            errors[field] = f"{field.capitalize()} must be a whole number."
            return model.with_ui(char_errors=errors)
    current = dict(state["list"][index])
    if field.startswith(("skill_level:", "skill_specialty:")):
        position = int(field.split(":")[1])
        skills = [dict(s) for s in current.get("skills", [])]
        if field.startswith("skill_level:"):
            skills[position]["level"] = raw
        else:  # SIM-20 / SIM-D21: a specialty is free text, each its own skill
            skills[position]["specialty"] = raw.strip() or None
        current["skills"] = skills
    elif field == "add_skill":
        if not raw:
            return model
        current["skills"] = [*current.get("skills", []), {"name": raw, "level": "Familiar"}]
    elif field.startswith("remove_skill:"):
        position = int(field.split(":")[1])
        current["skills"] = [s for i, s in enumerate(current.get("skills", [])) if i != position]
    elif field in INT_FIELDS | TEXT_FIELDS:
        current[field] = value
    elif not _edit_lists(current, field, raw, errors):
        return model.with_ui(char_errors=errors)
    try:
        character_from_json(current)  # the core's check of every field, before anything is kept
    except RuleError as exc:
        errors[field] = str(exc)
        return model.with_ui(char_errors=errors)
    errors.pop(field, None)
    state["list"][index] = current
    label = f"Edit {_name(current)}: {field.split(':')[0].replace('_', ' ')}"
    return replace(_apply(model, state, label, ctx), ui={**model.ui, "char_errors": errors})


def _edit_lists(current: dict[str, Any], field: str, raw: str, errors: dict[str, str]) -> bool:
    """Abilities, disabilities, gear, armor and shield; False when nothing was changed."""
    name, _, position = field.partition(":")
    if name == "add_ability" and raw:
        kinds = {a.name: a.kind for a in ability_list()}
        key = "abilities" if kinds.get(raw) == "ability" else "disabilities"
        current[key] = [*current.get(key, []), raw]
    elif name in ("remove_ability", "remove_disability"):
        key = "abilities" if name == "remove_ability" else "disabilities"
        current[key] = [x for i, x in enumerate(current.get(key, [])) if i != int(position)]
    elif name == "add_gear" and raw.strip():
        current["gear"] = [*current.get("gear", []), {"name": raw.strip(), "notes": ""}]
    elif name == "remove_gear":
        current["gear"] = [g for i, g in enumerate(current.get("gear", [])) if i != int(position)]
    elif name in ("armor_id", "coating_id"):
        current[name] = raw or None
        suit, layer = current.get("armor_id"), current.get("coating_id")
        try:
            choice = armor_choice(suit, layer) if suit else None
        except RuleError as exc:
            errors[name] = str(exc)  # e.g. a coating on non-Plasteel armor (SIM-30)
            return False
        current["armor"] = None if choice is None else vars(choice)
    elif name == "add_adjustment":
        draft = json.loads(raw)
        try:
            amount = int(str(draft.get("amount", "")).strip())
        except ValueError:
            errors["adjustment"] = "Amount must be a whole number, e.g. -1 or 2."
            return False
        entry = {"source": str(draft.get("source", "")).strip() or "other", "amount": amount}
        current["adjustments"] = [
            *current.get("adjustments", []),
            {**entry, "stat": str(draft.get("stat", "S"))},
        ]
    elif name == "remove_adjustment":
        kept = enumerate(current.get("adjustments", []))
        current["adjustments"] = [a for i, a in kept if i != int(position)]
    elif name == "shield_id":
        current[name] = raw or None
        current["shield"] = vars(shield_choice(raw)) if raw else None
    else:
        return False
    return True


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    kind = msg[0]
    state = _state(model)
    if kind == "simply.char_new":
        state["list"].append(
            character_to_json(
                Character(
                    name=f"Character {len(state['list']) + 1}",
                    luck=_campaign(state).starting_luck,  # SIM-23, SIM-D05
                )
            )
        )
        state["selected"] = len(state["list"]) - 1
        return _apply(model, state, "Create character", ctx)
    if kind == "simply.char_select":
        state["selected"] = int(msg[1])
        return replace(model, history=model.history.set_quietly(SECTION, state))
    if kind == "simply.char_dup":
        original = state["list"][int(msg[1])]
        copy = {**original, "name": f"{_name(original)} (copy)"}
        state["list"].append(copy)
        state["selected"] = len(state["list"]) - 1
        return _apply(model, state, f"Duplicate {_name(original)}", ctx)
    if kind == "simply.char_del":
        index = int(msg[1])
        gone = state["list"].pop(index)
        state["selected"] = max(0, min(int(state["selected"]), len(state["list"]) - 1))
        return _apply(model, state, f"Delete {_name(gone)}", ctx)
    if kind == "simply.char_field":
        return _edit(model, str(msg[1]), str(msg[2]), ctx)
    if kind == "simply.char_adj_draft":
        draft = {**model.ui.get("char_adj", {}), str(msg[1]): str(msg[2])}
        return model.with_ui(char_adj=draft)
    if kind == "simply.char_adj_add":
        draft = {"stat": "S", "amount": "", "source": "", **model.ui.get("char_adj", {})}
        return _edit(model, "add_adjustment", json.dumps(draft), ctx).with_ui(char_adj={})
    if kind == "simply.char_campaign":
        return _set_campaign(model, str(msg[1]), str(msg[2]), ctx)
    return model


def _field(label: str, field: str, value: Any, model: Model, kind: str = "text") -> VNode:
    fid = f"char-{field}"
    error = model.ui.get("char_errors", {}).get(field, "")
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, label),
        h(
            "input",
            {
                "id": fid,
                "type": kind,
                "value": value,
                "data-testid": fid,
                "aria-invalid": "true" if error else "false",
                "aria-describedby": f"{fid}-error",
                "on_change": ("simply.char_field", field),
            },
        ),
        h("p", {"id": f"{fid}-error", "class": "field-error", "role": "alert"}, error),
    )


def _problems(problems: list[Any], field: str, *also: str) -> VNode | None:
    names = (field, *also)
    mine = [
        p
        for p in problems
        if p.field in names or p.field.startswith(tuple(f"{n}{c}" for n in names for c in ".[ "))
    ]
    if not mine:
        return None
    return h(
        "ul",
        {"class": "problems", "data-testid": f"char-problems-{field}"},
        *[h("li", {"class": f"problem {p.severity}"}, p.message) for p in mine],
    )


def _campaign_card(model: Model, campaign: Campaign) -> VNode:
    errors = model.ui.get("char_errors", {})
    fields = []
    for key, (label, low, high, rule) in CAMPAIGN_FIELDS.items():
        fid = f"campaign-{key}"
        error = errors.get(f"campaign.{key}", "")
        fields.append(
            h(
                "div",
                {"class": "field"},
                h("label", {"for": fid}, f"{label} ({rule}, {low} to {high})"),
                h(
                    "input",
                    {
                        "id": fid,
                        "type": "number",
                        "value": getattr(campaign, key),
                        "data-testid": fid,
                        "aria-invalid": "true" if error else "false",
                        "aria-describedby": f"{fid}-error",
                        "on_change": ("simply.char_campaign", key),
                    },
                ),
                h("p", {"id": f"{fid}-error", "class": "field-error", "role": "alert"}, error),
            )
        )
    return h(
        "details",
        {"class": "card", "data-testid": "campaign-settings"},
        h("summary", {}, "Campaign settings (the GM's choices; the defaults are the app's)"),
        h("div", {"class": "grid2"}, *fields),
    )


def _editor(model: Model, raw: dict[str, Any]) -> VNode:
    try:
        character = character_from_json(raw)
    except RuleError as exc:
        return h("p", {"class": "field-error"}, f"This character cannot be read: {exc}")
    campaign = _campaign(_state(model))
    problems = validate(character, campaign)
    derived = derive(character, campaign)
    stats = [
        _field(f"{name.capitalize()} ({short})", name, getattr(character, name), model, "number")
        for name, short in STATS
    ]
    skills = [
        h(
            "li",
            {"class": "skill-row", "data-testid": "char-skill"},
            h("span", {"class": "skill-name"}, line.skill.name),
            h(
                "label",
                {"class": "visually-hidden", "for": f"char-skill-level-{i}"},
                f"Level of {line.skill.name}",
            ),
            h(
                "select",
                {
                    "id": f"char-skill-level-{i}",
                    "on_change": ("simply.char_field", f"skill_level:{i}"),
                },
                *[
                    h("option", {"value": lv, "selected": lv == line.skill.level}, lv)
                    for lv in LEVELS
                ],
            ),
            _specialty(i, line.skill),
            h(
                "span",
                {"class": "rating", "title": f"{line.original.formula}; {line.adjusted.formula}"},
                f"rating {_value(line.original)} (adj {_value(line.adjusted)})",
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "secondary",
                    "on_click": ("simply.char_field", f"remove_skill:{i}", ""),
                },
                f"Remove {line.skill.name}",
            ),
        )
        for i, line in enumerate(derived.skills)
    ]
    derived_rows = [
        derived.skill_purchase_points,
        derived.hit_points,
        derived.fatigue_points,
        derived.initiative_bonus,
        derived.unarmed_max_damage,
    ]
    return h(
        "div",
        {"class": "editor"},
        h(
            "section",
            {"class": "card", "aria-labelledby": "char-who-h"},
            h("h3", {"id": "char-who-h"}, "Concept and age"),
            h(
                "div",
                {"class": "grid2"},
                _field("Name", "name", character.name, model),
                _field("Concept", "concept", character.concept, model),
                h(
                    "div",
                    {"class": "field"},
                    h("label", {"for": "char-age"}, "Age category"),
                    h(
                        "select",
                        {
                            "id": "char-age",
                            "data-testid": "char-age",
                            "on_change": ("simply.char_field", "age"),
                        },
                        *[
                            h("option", {"value": a, "selected": a == character.age}, a)
                            for a in age_names()
                        ],
                    ),
                ),
            ),
        ),
        h(
            "section",
            {"class": "card", "aria-labelledby": "char-stats-h"},
            h("h3", {"id": "char-stats-h"}, "Stats"),
            h(
                "div",
                {"class": "grid2"},
                *stats,
                _field("Luck", "luck", character.luck, model, "number"),
            ),
            _problems(problems, "stats"),
            _adjustments(model, character),
        ),
        h(
            "section",
            {"class": "card", "aria-labelledby": "char-derived-h"},
            h("h3", {"id": "char-derived-h"}, "Derived"),
            h(
                "dl",
                {"class": "facts", "data-testid": "char-derived"},
                *[
                    part
                    for d in derived_rows
                    for part in (h("dt", {}, d.name), h("dd", {}, d.formula))
                ],
            ),
        ),
        h(
            "section",
            {"class": "card", "aria-labelledby": "char-skills-h"},
            h("h3", {"id": "char-skills-h"}, "Skills"),
            h("ul", {"class": "skills"}, *skills),
            h(
                "div",
                {"class": "field"},
                h("label", {"for": "char-add-skill"}, "Add a skill"),
                h(
                    "select",
                    {
                        "id": "char-add-skill",
                        "data-testid": "char-add-skill",
                        # keyed by the skill count: rebuilt, back to its prompt, after each add
                        "data-key": f"add-skill-{len(character.skills)}",
                        "on_change": ("simply.char_field", "add_skill"),
                    },
                    h("option", {"value": "", "selected": True}, "Choose a skill…"),
                    *[h("option", {"value": n}, n) for n in skill_names()],
                ),
            ),
            _problems(problems, "skills", "skill"),
        ),
        _abilities_card(character, problems),
        _armor_card(model, raw, character, problems),
        _details_card(model, character),
        _record(character, derived),
    )


def _adjustments(model: Model, character: Character) -> VNode:
    """SIM-21: the user's stat adjustments (race, powers, gear), besides armor's C Adj."""
    draft = {"stat": "S", "amount": "", "source": "", **model.ui.get("char_adj", {})}
    error = model.ui.get("char_errors", {}).get("adjustment", "") or model.ui.get(
        "char_errors", {}
    ).get("add_adjustment", "")
    rows = [
        h(
            "li",
            {"class": "skill-row", "data-testid": "char-adjustment"},
            h("span", {"class": "skill-name"}, f"{a.source}: {a.stat} {a.amount:+d}"),
            _remove(f"Remove {a.source}", f"remove_adjustment:{i}"),
        )
        for i, a in enumerate(character.adjustments)
    ]

    def draft_field(key: str, label: str, node: VNode) -> VNode:
        return h("div", {"class": "field"}, h("label", {"for": f"char-adj-{key}"}, label), node)

    return h(
        "div",
        {"class": "adjustments"},
        h("h4", {}, "Stat adjustments (SIM-21; armor and shield C Adj are automatic)"),
        h("ul", {"class": "skills"}, *rows),
        h(
            "div",
            {"class": "grid2"},
            draft_field(
                "source",
                "Source",
                h(
                    "input",
                    {
                        "id": "char-adj-source",
                        "type": "text",
                        "value": draft["source"],
                        "data-testid": "char-adj-source",
                        "on_change": ("simply.char_adj_draft", "source"),
                    },
                ),
            ),
            draft_field(
                "stat",
                "Stat",
                h(
                    "select",
                    {
                        "id": "char-adj-stat",
                        "data-testid": "char-adj-stat",
                        "on_change": ("simply.char_adj_draft", "stat"),
                    },
                    *[h("option", {"value": x, "selected": x == draft["stat"]}, x) for x in "SCIH"],
                ),
            ),
            draft_field(
                "amount",
                "Amount (+/−)",
                h(
                    "input",
                    {
                        "id": "char-adj-amount",
                        "type": "number",
                        "value": draft["amount"],
                        "data-testid": "char-adj-amount",
                        "on_change": ("simply.char_adj_draft", "amount"),
                    },
                ),
            ),
        ),
        h("p", {"class": "field-error", "role": "alert", "data-testid": "char-adj-error"}, error),
        h(
            "button",
            {
                "type": "button",
                "class": "secondary",
                "data-testid": "char-adj-add",
                "on_click": ("simply.char_adj_add",),
            },
            "Add adjustment",
        ),
    )


def _specialty(index: int, skill: Any) -> VNode | None:
    """SIM-20: a skill that needs a specialty gets a field, with the text's ones suggested."""
    info = skill_info(skill.name)
    if not info.needs_specialty and not skill.specialty:
        return None
    fid = f"char-skill-specialty-{index}"
    return h(
        "span",
        {},
        h("label", {"class": "visually-hidden", "for": fid}, f"Specialty of {skill.name}"),
        h(
            "input",
            {
                "id": fid,
                "type": "text",
                "placeholder": "specialty",
                "list": f"{fid}-list",
                "value": skill.specialty or "",
                "data-testid": fid,
                "on_change": ("simply.char_field", f"skill_specialty:{index}"),
            },
        ),
        h(
            "datalist",
            {"id": f"{fid}-list"},
            *[h("option", {"value": x}) for x in info.specialties],
        ),
    )


def _remove(label: str, field: str) -> VNode:
    return h(
        "button",
        {"type": "button", "class": "secondary", "on_click": ("simply.char_field", field, "")},
        label,
    )


def _picker(
    fid: str,
    label: str,
    field: str,
    prompt: str,
    options: list[tuple[str, str]],
    key: str = "",
    value: str = "",
) -> VNode:
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, label),
        h(
            "select",
            {
                "id": fid,
                "data-testid": fid,
                "data-key": key or None,
                "on_change": ("simply.char_field", field),
            },
            h("option", {"value": "", "selected": not value}, prompt),
            *[h("option", {"value": v, "selected": v == value}, t) for v, t in options],
        ),
    )


def _abilities_card(character: Character, problems: list[Any]) -> VNode:
    entries = ability_list()
    points = {a.name: a.points for a in entries}
    taken = [
        h(
            "li",
            {"class": "skill-row", "data-testid": f"char-{kind}"},
            h("span", {"class": "skill-name"}, f"{name} ({points.get(name, '?')} pts)"),
            _remove(f"Remove {name}", f"remove_{kind}:{i}"),
        )
        for kind, names in (
            ("ability", character.abilities),
            ("disability", character.disabilities),
        )
        for i, name in enumerate(names)
    ]
    count = len(character.abilities) + len(character.disabilities)
    return h(
        "section",
        {"class": "card", "aria-labelledby": "char-abil-h"},
        h("h3", {"id": "char-abil-h"}, "Abilities and disabilities (SIM-16)"),
        h("ul", {"class": "skills"}, *taken),
        _picker(
            "char-add-ability",
            "Add an ability or disability",
            "add_ability",
            "Choose…",
            [(a.name, f"{a.name} — {a.kind}, {a.points} pts") for a in entries],
            key=f"add-ability-{count}",
        ),
        _problems(problems, "abilities", "ability", "disability", "zero-point abilities"),
    )


def _armor_card(
    model: Model, raw: dict[str, Any], character: Character, problems: list[Any]
) -> VNode:
    error = model.ui.get("char_errors", {}).get("coating_id", "")
    worn = [
        f"{item.name}: Min S {item.min_strength or '—'}, C Adj −{item.c_adj}"
        for item in (character.armor, character.shield)
        if item is not None
    ]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "char-armor-h"},
        h("h3", {"id": "char-armor-h"}, "Armor and shield (SIM-30 to SIM-32)"),
        h(
            "div",
            {"class": "grid2"},
            _picker(
                "char-armor",
                "Body armor",
                "armor_id",
                "none",
                [(a, armor(a).name) for a in armor_ids()],
                value=raw.get("armor_id") or "",
            ),
            _picker(
                "char-coating",
                "Coating or insert (Plasteel)",
                "coating_id",
                "none",
                [(c, coating(c).name) for c in coating_ids()],
                value=raw.get("coating_id") or "",
            ),
            _picker(
                "char-shield",
                "Shield",
                "shield_id",
                "none",
                [(x, shield(x).name) for x in shield_ids()],
                value=raw.get("shield_id") or "",
            ),
        ),
        h("p", {"class": "field-error", "role": "alert", "data-testid": "char-armor-error"}, error),
        h("ul", {"class": "small", "data-testid": "char-worn"}, *[h("li", {}, w) for w in worn]),
        _problems(problems, "armor", "shield"),
    )


def _details_card(model: Model, character: Character) -> VNode:
    gear = [
        h(
            "li",
            {"class": "skill-row", "data-testid": "char-gear"},
            h("span", {"class": "skill-name"}, g.name),
            _remove(f"Remove {g.name}", f"remove_gear:{i}"),
        )
        for i, g in enumerate(character.gear)
    ]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "char-details-h"},
        h("h3", {"id": "char-details-h"}, "Record details"),
        h(
            "div",
            {"class": "grid2"},
            _field("Player", "player", character.player, model),
            _field("Race", "race", character.race, model),
            _field("Age", "age_note", character.age_note, model),
            _field("Appearance", "appearance", character.appearance, model),
            _field("Brief history", "history", character.history, model),
            _field("Personality", "personality", character.personality, model),
        ),
        h("h4", {}, "Weapons, equipment, powers and spells (SIM-17)"),
        h("ul", {"class": "skills"}, *gear),
        h(
            "div",
            {"class": "field"},
            h("label", {"for": "char-add-gear"}, "Add an item (Enter)"),
            h(
                "input",
                {
                    "id": "char-add-gear",
                    "data-testid": "char-add-gear",
                    "data-key": f"add-gear-{len(character.gear)}",
                    "type": "text",
                    "value": "",
                    "on_change": ("simply.char_field", "add_gear"),
                },
            ),
        ),
    )


def _value(d: Any) -> str:
    return "—" if d.value is None else str(d.value)


def _record(character: Character, derived: Any) -> VNode:
    """SIM-29 / SIM-T14: the Character Record's blocks, for the screen and for print."""
    stats = [
        h(
            "tr",
            {},
            h("th", {"scope": "row"}, label),
            h("td", {}, str(derived.stats.get(letter))),
            h("td", {}, str(derived.adjusted.get(letter))),
        )
        for label, letter in (
            ("Strength", "S"),
            ("Coord.", "C"),
            ("Intellect", "I"),
            ("Health", "H"),
        )
    ]
    skills = [
        h(
            "tr",
            {},
            h("td", {}, line.skill.label()),
            h("td", {}, line.stat),
            h("td", {}, line.skill.level),
            h("td", {}, f"{_value(line.original)} / {_value(line.adjusted)}"),
        )
        for line in derived.skills
    ]

    def block(title: str, *body: Any) -> VNode:
        return h("div", {"class": "record-block"}, h("h4", {}, title), *body)

    def lines(items: Any) -> VNode:
        return h("ul", {}, *[h("li", {}, str(x)) for x in items]) if items else h("p", {}, "—")

    armor_line = " + ".join(x.name for x in (character.armor, character.shield) if x) or "none"
    return h(
        "section",
        {"class": "card record", "aria-labelledby": "char-record-h", "data-testid": "char-record"},
        h(
            "div",
            {"class": "row between"},
            h("h3", {"id": "char-record-h"}, "Character Record"),
            h(
                "button",
                {
                    "type": "button",
                    "class": "secondary no-print",
                    "data-testid": "char-print",
                    "on_click": ("app.print",),
                },
                "Print record",
            ),
        ),
        h(
            "div",
            {"class": "record-grid"},
            block(
                "Character",
                h("p", {}, f"Name: {character.name or '—'}"),
                h("p", {}, f"Player: {character.player or '—'}"),
                h(
                    "p",
                    {},
                    f"Age category/Age/Race: {character.age} / "
                    f"{character.age_note or '—'} / {character.race or '—'}",
                ),
                h("p", {}, f"Concept: {character.concept or '—'}"),
            ),
            block(
                "Stats",
                h(
                    "table",
                    {"class": "data"},
                    h(
                        "thead",
                        {},
                        h("tr", {}, h("th", {}, ""), h("th", {}, "orig"), h("th", {}, "(adj)")),
                    ),
                    h("tbody", {}, *stats),
                ),
                h("p", {}, f"Luck: {derived.luck}"),
                h("p", {}, f"Speed: {derived.speed}"),
                h("p", {}, f"Armor: {armor_line}"),
            ),
            block(
                "Derived",
                h("p", {}, f"Hit Points: {_value(derived.hit_points)}"),
                h("p", {}, f"Fatigue: {_value(derived.fatigue_points)}"),
                h("p", {}, f"Unarmed Combat Max Dmg: {_value(derived.unarmed_max_damage)}"),
                h("p", {}, f"Initiative Bonus: {_value(derived.initiative_bonus)}"),
            ),
            block(
                "Skills",
                h(
                    "table",
                    {"class": "data"},
                    h(
                        "thead",
                        {},
                        h(
                            "tr",
                            {},
                            *[h("th", {}, x) for x in ("Skill", "Stat", "Lvl", "Rat (orig/adj)")],
                        ),
                    ),
                    h("tbody", {}, *skills),
                ),
            ),
            block("Abilities", lines(character.abilities)),
            block("Disabilities", lines(character.disabilities)),
            block("Weapons, equipment, powers, spells", lines(g.name for g in character.gear)),
            block("Appearance", h("p", {}, character.appearance or "—")),
            block("Brief history", h("p", {}, character.history or "—")),
            block("Personality", h("p", {}, character.personality or "—")),
        ),
    )


def view(model: Model) -> VNode:
    state = _state(model)
    chars = state["list"]
    selected = int(state["selected"])
    rows = [
        h(
            "li",
            {"class": "char-row", "data-testid": "char-entry", "data-key": f"{i}"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary" if i == selected else "secondary",
                    "aria-pressed": "true" if i == selected else "false",
                    "on_click": ("simply.char_select", i),
                },
                _name(c),
            ),
            buttons.button(None, f"Duplicate {_name(c)}", ("simply.char_dup", i)),
            h(
                "button",
                {
                    "type": "button",
                    "class": "danger",
                    "data-testid": "char-delete",
                    "on_click": ("simply.char_del", i),
                },
                f"Delete {_name(c)}",
            ),
        )
        for i, c in enumerate(chars)
    ]
    listing = h(
        "section",
        {"class": "card", "aria-labelledby": "chars-h"},
        h(
            "div",
            {"class": "row between"},
            h("h2", {"id": "chars-h"}, f"Characters ({len(chars)})"),
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary",
                    "data-testid": "char-new",
                    "on_click": ("simply.char_new",),
                },
                "New character",
            ),
        ),
        h("ul", {"class": "chars"}, *rows)
        if rows
        else h("p", {"class": "muted"}, "No characters yet."),
    )
    editor = _editor(model, chars[selected]) if 0 <= selected < len(chars) else None
    share = share_button("simply.character", selected, _name(chars[selected])) if editor else None
    campaign = _campaign_card(model, _campaign(state))
    return h("div", {"class": "page characters-page"}, campaign, listing, share, editor)
