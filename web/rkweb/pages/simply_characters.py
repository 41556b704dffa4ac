"""Simply Roleplaying! characters: list, create, duplicate, delete (undoable), and the builder.

Budgets and derived values come from the core (``validate`` and ``derive``); the page only parses
what was typed and shows the core's problems next to the fields they concern.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.errors import RuleError
from pycore.systems.simply.character import (
    Campaign,
    Character,
    character_from_json,
    character_to_json,
    derive,
    validate,
)
from pycore.systems.simply.skills import skill_names
from pycore.systems.simply.stats import LEVELS, age_names
from rkweb.model import Ctx, Model
from rkweb.vdom import Msg, VNode, h

SECTION = "simply_characters"
STATS = (("strength", "S"), ("coordination", "C"), ("intellect", "I"), ("health", "H"))
INT_FIELDS = {"strength", "coordination", "intellect", "health", "luck"}
TEXT_FIELDS = {"name", "concept", "player", "race", "age"}


def _state(model: Model) -> dict[str, Any]:
    saved = model.section(SECTION)
    return {"list": list(saved.get("list", [])), "selected": saved.get("selected", 0)}


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
    if field.startswith("skill_level:"):
        position = int(field.split(":")[1])
        skills = [dict(s) for s in current.get("skills", [])]
        skills[position]["level"] = raw
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
    else:
        return model
    try:
        character_from_json(current)  # the core's check of every field, before anything is kept
    except RuleError as exc:
        errors[field] = str(exc)
        return model.with_ui(char_errors=errors)
    errors.pop(field, None)
    state["list"][index] = current
    label = f"Edit {_name(current)}: {field.split(':')[0].replace('_', ' ')}"
    return replace(_apply(model, state, label, ctx), ui={**model.ui, "char_errors": errors})


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    kind = msg[0]
    state = _state(model)
    if kind == "simply_char_new":
        state["list"].append(
            character_to_json(Character(name=f"Character {len(state['list']) + 1}"))
        )
        state["selected"] = len(state["list"]) - 1
        return _apply(model, state, "Create character", ctx)
    if kind == "simply_char_select":
        state["selected"] = int(msg[1])
        return replace(model, history=model.history.set_quietly(SECTION, state))
    if kind == "simply_char_dup":
        original = state["list"][int(msg[1])]
        copy = {**original, "name": f"{_name(original)} (copy)"}
        state["list"].append(copy)
        state["selected"] = len(state["list"]) - 1
        return _apply(model, state, f"Duplicate {_name(original)}", ctx)
    if kind == "simply_char_del":
        index = int(msg[1])
        gone = state["list"].pop(index)
        state["selected"] = max(0, min(int(state["selected"]), len(state["list"]) - 1))
        return _apply(model, state, f"Delete {_name(gone)}", ctx)
    if kind == "simply_char_field":
        return _edit(model, str(msg[1]), str(msg[2]), ctx)
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
                "on_change": ("simply_char_field", field),
            },
        ),
        h("p", {"id": f"{fid}-error", "class": "field-error", "role": "alert"}, error),
    )


def _problems(problems: list[Any], field: str) -> VNode | None:
    mine = [
        p
        for p in problems
        if p.field == field or p.field.startswith(f"{field}.") or p.field.startswith(f"{field}[")
    ]
    if not mine:
        return None
    return h(
        "ul",
        {"class": "problems", "data-testid": f"char-problems-{field}"},
        *[h("li", {"class": f"problem {p.severity}"}, p.message) for p in mine],
    )


def _editor(model: Model, raw: dict[str, Any]) -> VNode:
    try:
        character = character_from_json(raw)
    except RuleError as exc:
        return h("p", {"class": "field-error"}, f"This character cannot be read: {exc}")
    campaign = Campaign()
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
                    "on_change": ("simply_char_field", f"skill_level:{i}"),
                },
                *[
                    h("option", {"value": lv, "selected": lv == line.skill.level}, lv)
                    for lv in LEVELS
                ],
            ),
            h(
                "span",
                {"class": "rating", "title": line.original.formula},
                f"rating {line.original.value if line.original.value is not None else '—'}",
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "secondary",
                    "on_click": ("simply_char_field", f"remove_skill:{i}", ""),
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
                            "on_change": ("simply_char_field", "age"),
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
                        "on_change": ("simply_char_field", "add_skill"),
                    },
                    h("option", {"value": "", "selected": True}, "Choose a skill…"),
                    *[h("option", {"value": n}, n) for n in skill_names()],
                ),
            ),
            _problems(problems, "skills"),
        ),
        _problems(problems, "abilities"),
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
                    "on_click": ("simply_char_select", i),
                },
                _name(c),
            ),
            h(
                "button",
                {"type": "button", "class": "secondary", "on_click": ("simply_char_dup", i)},
                f"Duplicate {_name(c)}",
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "danger",
                    "data-testid": "char-delete",
                    "on_click": ("simply_char_del", i),
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
                    "on_click": ("simply_char_new",),
                },
                "New character",
            ),
        ),
        h("ul", {"class": "chars"}, *rows)
        if rows
        else h("p", {"class": "muted"}, "No characters yet."),
    )
    editor = _editor(model, chars[selected]) if 0 <= selected < len(chars) else None
    return h("div", {"class": "page characters-page"}, listing, editor)
