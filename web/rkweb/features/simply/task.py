"""Simply Roleplaying! task roll: base score, difficulty and modifiers → TN, exact odds, 2D10.

The page only gathers numbers and renders the core's results: the TN, the chance, the verdict and
the contest odds all come from ``pycore.systems.simply``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.systems.simply import luck, tasks
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.kit.numbers import odds_text

SECTION = "simply_task"
LEVELS = ("Default", "Familiar", "Capable", "Professional", "Expert")
LOG_LIMIT = 100
DEFAULTS: dict[str, Any] = {
    "mode": "test",
    "a": {
        "character": "",
        "pick": "",
        "label": "",
        "base": 12,
        "level": "Capable",
        "difficulty": "Average",
        "modifier": 0,
        "luck": 0,
    },
    "b": {
        "character": "",
        "pick": "",
        "label": "",
        "base": 10,
        "level": "Capable",
        "difficulty": "Average",
        "modifier": 0,
    },
    "log": [],
}
NUMBER_FIELDS = {"base": (-99, 99), "modifier": (-99, 99), "luck": (0, 1000)}


def _state(model: Model) -> dict[str, Any]:
    saved = model.section(SECTION)
    merged = {**DEFAULTS, **saved}
    for side in ("a", "b"):
        merged[side] = {**DEFAULTS[side], **saved.get(side, {})}
    return merged


def _level(side: dict[str, Any]) -> str | None:
    level = side.get("level")
    return None if level in (None, "Default") else str(level)


def side_target(side: dict[str, Any], contest: bool) -> tasks.TargetNumber:
    """The core's target number for one side (SIM-01, SIM-08: a contest skips difficulty)."""
    modifiers = [("situation", int(side["modifier"]))] if int(side["modifier"]) else []
    difficulty = "Average" if contest else str(side["difficulty"])
    label = str(side.get("label") or "") or None
    return tasks.target_number(int(side["base"]), difficulty, modifiers, base_label=label)


def _scores(model: Model, side: dict[str, Any]) -> dict[str, Any]:
    """The chosen character's skills and checks as the core computes them, by key."""
    from pycore.systems.simply.character import base_scores, character_from_json

    characters = model.section("simply_characters").get("list", [])
    index = str(side.get("character", ""))
    if not index.isdigit() or int(index) >= len(characters):
        return {}
    try:
        character = character_from_json(characters[int(index)])
    except RuleError:
        return {}
    return {score.key: score for score in base_scores(character)}


def _set_field(model: Model, side: str, field: str, raw: str) -> Model:
    state = _state(model)
    errors = dict(model.ui.get("simply_task_errors", {}))
    key = f"{side}.{field}"
    value: Any = raw
    if field in NUMBER_FIELDS:
        low, high = NUMBER_FIELDS[field]
        try:
            value = int(raw.strip())
        except ValueError:
            errors[key] = f"{field.capitalize()} must be a whole number from {low} to {high}."
            return model.with_ui(simply_task_errors=errors)
        if not low <= value <= high:
            errors[key] = f"{field.capitalize()} must be from {low} to {high}, got {value}."
            return model.with_ui(simply_task_errors=errors)
    errors.pop(key, None)
    state[side] = {**state[side], field: value}
    if field in ("character", "base"):
        state[side]["pick"] = ""
        state[side]["label"] = ""
    if field == "pick" and value:
        score = _scores(model, state[side]).get(str(value))
        if score is not None:  # the core's base score and level fill the fields (SIM-02)
            state[side].update(base=score.base, level=score.level or "Default", label=score.label)
    history = model.history.set_quietly(SECTION, state)
    return replace(model, history=history, ui={**model.ui, "simply_task_errors": errors})


def _roll(model: Model, ctx: Ctx) -> Model:
    state = _state(model)
    rng = seeded(ctx.fresh_seed)
    contest = state["mode"] == "contest"
    try:
        lucky = int(state["a"].get("luck", 0)) or int(state["b"].get("luck", 0))
        if contest and lucky:
            text = str(
                luck.roll_lucky_contest(
                    side_target(state["a"], True).total,
                    _level(state["a"]),
                    int(state["a"].get("luck", 0)),
                    side_target(state["b"], True).total,
                    _level(state["b"]),
                    int(state["b"].get("luck", 0)),
                    rng,
                )
            )
        elif contest:
            outcome = tasks.roll_contest(
                side_target(state["a"], True).total,
                _level(state["a"]),
                side_target(state["b"], True).total,
                _level(state["b"]),
                rng,
            )
            text = str(outcome)
        else:
            target = side_target(state["a"], False)
            luck_points = int(state["a"].get("luck", 0))
            if luck_points and target.automatic is None:
                # SIM-10: luck is declared before the roll; the core refuses fewer than 5 LP.
                text = str(luck.roll_luck_test(target.total, luck_points, rng, _level(state["a"])))
            else:
                text = str(tasks.roll_task(target, _level(state["a"]), rng))
    except RuleError as exc:
        return model.with_ui(simply_task_error=str(exc))
    entry = {"text": text, "at": ctx.now, "seed": ctx.fresh_seed, "mode": state["mode"]}
    state["log"] = [entry, *state["log"]][:LOG_LIMIT]
    history = model.history.set_quietly(SECTION, state)
    return replace(model, history=history, ui={**model.ui, "simply_task_error": None})


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    kind = msg[0]
    if kind == "simply.task_field":
        return _set_field(model, str(msg[1]), str(msg[2]), str(msg[3]))
    if kind == "simply.task_mode":
        state = _state(model)
        return replace(model, history=model.history.set_quietly(SECTION, {**state, "mode": msg[1]}))
    if kind == "simply.task_roll":
        return _roll(model, ctx)
    if kind == "simply.task_clear":
        state = _state(model)
        if not state["log"]:
            return model
        history = model.history.apply(SECTION, {**state, "log": []}, "Clear task log", ctx.now)
        return replace(model, history=history)
    return model


def _number(side: str, field: str, label: str, value: Any, model: Model) -> VNode:
    fid = f"simply-{side}-{field}"
    error = model.ui.get("simply_task_errors", {}).get(f"{side}.{field}", "")
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, label),
        h(
            "input",
            {
                "id": fid,
                "type": "number",
                "inputmode": "numeric",
                "value": value,
                "data-testid": fid,
                "aria-invalid": "true" if error else "false",
                "aria-describedby": f"{fid}-error",
                "on_change": ("simply.task_field", side, field),
            },
        ),
        h("p", {"id": f"{fid}-error", "class": "field-error", "role": "alert"}, error),
    )


def _select(side: str, field: str, label: str, value: str, options: tuple[str, ...]) -> VNode:
    return _choice(side, field, label, value, [(o, o) for o in options])


def _choice(side: str, field: str, label: str, value: str, options: list[tuple[str, str]]) -> VNode:
    fid = f"simply-{side}-{field}"
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, label),
        h(
            "select",
            {"id": fid, "data-testid": fid, "on_change": ("simply.task_field", side, field)},
            *[h("option", {"value": v, "selected": v == value}, t) for v, t in options],
        ),
    )


def _side(model: Model, key: str, side: dict[str, Any], contest: bool) -> VNode:
    target = side_target(side, contest)
    level = _level(side)
    if target.automatic is not None:
        odds_line = f"Automatic {target.automatic}: no roll (SIM-04)."
    else:
        chance = tasks.success_chance(target.total, skilled=level is not None)
        printed = tasks.table_chance(target.total)
        odds_line = f"Chance of success: {odds_text(chance)}" + (
            f" · the text's table: {printed}" if printed else " · not on the text's table"
        )
    characters = model.section("simply_characters").get("list", [])
    scores = _scores(model, side)
    fields = [
        _choice(
            key,
            "character",
            "Character (optional)",
            str(side.get("character", "")),
            [("", "none: type the base score")]
            + [(str(i), str(c.get("name") or "unnamed")) for i, c in enumerate(characters)],
        ),
        _choice(
            key,
            "pick",
            "Skill or special check",
            str(side.get("pick", "")),
            [("", "choose…" if scores else "pick a character first")]
            + [(k, f"{v.label}: {v.base}") for k, v in scores.items()],
        ),
        _number(key, "base", "Base score (skill rating or check)", side["base"], model),
        _select(key, "level", "Skill level", str(side["level"]), LEVELS),
    ]
    if not contest:
        fields.append(
            _select(key, "difficulty", "Difficulty", str(side["difficulty"]), tasks.DIFFICULTIES)
        )
    fields.append(_number(key, "modifier", "Situation modifier", side["modifier"], model))
    # SIM-10: luck on tests, contests and checks alike, declared before the roll.
    fields.append(
        _number(
            key, "luck", "Luck points declared (0 = none; at least 5)", side.get("luck", 0), model
        )
    )
    return h(
        "section",
        {"class": "card", "aria-labelledby": f"side-{key}-h"},
        h(
            "h2",
            {"id": f"side-{key}-h"},
            "Side B" if key == "b" else ("Side A" if contest else "Task"),
        ),
        h("div", {"class": "grid2"}, *fields),
        h(
            "div",
            {"class": "tn", "data-testid": f"simply-{key}-tn"},
            h("span", {"class": "total"}, str(target)),
        ),
        h("p", {"data-testid": f"simply-{key}-chance"}, odds_line),
    )


def view(model: Model) -> VNode:
    state = _state(model)
    contest = state["mode"] == "contest"
    modes = h(
        "div",
        {"class": "row", "role": "group", "aria-label": "Mode"},
        *[
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary" if state["mode"] == m else "secondary",
                    "aria-pressed": "true" if state["mode"] == m else "false",
                    "data-testid": f"simply-mode-{m}",
                    "on_click": ("simply.task_mode", m),
                },
                label,
            )
            for m, label in (("test", "Test"), ("contest", "Contest"))
        ],
    )
    sides = [_side(model, "a", state["a"], contest)]
    odds_node = None
    if contest:
        sides.append(_side(model, "b", state["b"], contest))
        ta = side_target(state["a"], True).total
        tb = side_target(state["b"], True).total
        odds = tasks.contest_odds(
            ta, tb, _level(state["a"]) is not None, _level(state["b"]) is not None
        )
        odds_node = h(
            "dl",
            {"class": "odds", "data-testid": "simply-contest-odds"},
            h("dt", {}, "A wins"),
            h("dd", {}, odds_text(odds.a)),
            h("dt", {}, "B wins"),
            h("dd", {}, odds_text(odds.b)),
            h("dt", {}, "Draw"),
            h("dd", {}, odds_text(odds.draw)),
        )
    log = state["log"]
    latest = log[0]["text"] if log else "Roll to see 2D10 and the verdict here."
    roller = h(
        "section",
        {"class": "card", "aria-labelledby": "simply-roll-h"},
        h("h2", {"id": "simply-roll-h"}, "Roll"),
        odds_node,
        h(
            "button",
            {
                "type": "button",
                "class": "primary",
                "data-testid": "simply-roll",
                "on_click": ("simply.task_roll",),
            },
            "Roll contest" if contest else "Roll 2D10",
        ),
        h("p", {"class": "field-error", "role": "alert"}, model.ui.get("simply_task_error") or ""),
        h("p", {"class": "explain", "data-testid": "simply-result", "aria-live": "polite"}, latest),
        h(
            "div",
            {"class": "row between"},
            h("h3", {}, f"Task log ({len(log)})"),
            h(
                "button",
                {
                    "type": "button",
                    "class": "secondary",
                    "disabled": not log,
                    "data-testid": "simply-clear-log",
                    "on_click": ("simply.task_clear",),
                },
                "Clear log",
            ),
        ),
        h(
            "ol",
            {"class": "log", "tabindex": "0", "aria-label": "Task log entries"},
            *[
                h(
                    "li",
                    {
                        "class": "log-entry",
                        "data-testid": "simply-log-entry",
                        "data-key": f"{e['at']}|{e['seed']}",
                    },
                    h("span", {"class": "log-text"}, e["text"]),
                    h("span", {"class": "log-meta"}, e["at"][11:19]),
                )
                for e in log
            ],
        ),
    )
    return h("div", {"class": "page simply-page"}, modes, *sides, roller)
