"""Simply Roleplaying! task roll: base score, difficulty and modifiers → TN, exact odds, 2D10.

The page only gathers numbers and renders the core's results: the TN, the chance, the verdict and
the contest odds all come from ``pycore.systems.simply``; the roll itself is the core's
(:func:`luck.roll_task_declared`, :func:`luck.roll_contest_declared`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.systems.simply import fight as core_fight
from pycore.systems.simply import luck, tasks
from pycore.systems.simply.fight.sheet import luck_spent_elsewhere
from pycore.systems.simply.links import chosen_index, index_of, uid_of
from rkweb.app.messages import Message, entered, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.simply.characters import state as sheets
from rkweb.features.simply.combat import state as fight_state
from rkweb.features.simply.words import error_line, why_rules
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip, chips
from rkweb.kit.fields import YES_NO, error_of, number, rules_of, select, with_error
from rkweb.kit.odds import odds, odds_list
from rkweb.kit.results import log_list
from rkweb.kit.steps import keep

SECTION = "simply_task"
ERRORS = "simply_task"  # the field errors' home: model.ui["simply_task_errors"]
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
        "luck": "no",
        "lp": 10,
    },
    "b": {
        "character": "",
        "pick": "",
        "label": "",
        "base": 10,
        "level": "Capable",
        "difficulty": "Average",
        "modifier": 0,
        "luck": "no",
        "lp": 10,
    },
    "log": [],
}
NUMBER_FIELDS = {"base": (-99, 99), "modifier": (-99, 99), "lp": (0, 1000)}


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


def _characters(model: Model) -> list[dict[str, Any]]:
    return list(model.section("simply_characters").get("list", []))


def _character(model: Model, side: dict[str, Any]) -> Any:
    """The side's character as the core reads it, or None."""
    from pycore.systems.simply.character_json import character_from_json

    characters = _characters(model)
    index = index_of(characters, str(side.get("character", "")) or None)  # linked by id
    if index is None:
        return None
    try:
        return character_from_json(characters[index])
    except RuleError:
        return None


def _scores(model: Model, side: dict[str, Any]) -> dict[str, Any]:
    """The chosen character's skills and checks as the core computes them, by key."""
    from pycore.systems.simply.scores import base_scores

    character = _character(model, side)
    return {} if character is None else {s.key: s for s in base_scores(character)}


def _names(model: Model, state: dict[str, Any]) -> tuple[str, str]:
    """Each side by its character's name, else "Side A" / "Side B"."""
    names = []
    for key in ("a", "b"):
        character = _character(model, state[key])
        names.append((character.name if character else "") or f"Side {key.upper()}")
    if names[0] == names[1]:
        names = [f"{names[0]} (A)", f"{names[1]} (B)"]
    return names[0], names[1]


def _parse(field: str, raw: str) -> tuple[Any, str]:
    """The typed value, or an error in words naming the field and its range."""
    if field not in NUMBER_FIELDS:
        return raw, ""
    low, high = NUMBER_FIELDS[field]
    try:
        value = int(raw.strip())
    except ValueError:
        return None, f"{field.capitalize()} must be a whole number from {low} to {high}."
    if not low <= value <= high:
        return None, f"{field.capitalize()} must be from {low} to {high}, got {value}."
    return value, ""


def _set_field(model: Model, side: str, field: str, raw: str, ctx: Ctx) -> Model:
    key = f"{side}.{field}"
    value, error = _parse(field, raw)
    if error:
        return with_error(model, ERRORS, key, error)
    if field == "character" and value:  # the side links to the record by its id
        index = chosen_index(_characters(model), str(value))
        if index is None:
            return with_error(model, ERRORS, key, "That character no longer exists.")
        model, value = sheets.linked(model, index, ctx)
    state = _state(model)
    state[side] = {**state[side], field: value}
    if field in ("character", "base"):
        state[side]["pick"] = ""
        state[side]["label"] = ""
    character = _character(model, state[side]) if field == "character" else None
    if character is not None:  # the luck the character has, from the sheet
        state[side]["lp"] = character.luck
    if field == "pick" and value:
        score = _scores(model, state[side]).get(str(value))
        if score is not None:  # the core's base score and level fill the fields (SIM-02)
            state[side].update(base=score.base, level=score.level or "Default", label=score.label)
    return with_error(keep(model, SECTION, state), ERRORS, key, None)  # typing: no undo step


def _stake(side: dict[str, Any]) -> int:
    """SIM-10: luck declared (yes/no) stakes the LP the character has, spent by the rule."""
    return int(side.get("lp", 0)) if str(side.get("luck")) == "yes" else 0


def _pay(model: Model, state: dict[str, Any], spent: tuple[int, int], at: str) -> Model:
    """The LP spent leave the side's LP and, for a character, the sheet (undoable)."""
    characters = _characters(model)
    combat = fight_state.load(model)
    fight = fight_state.fight_of(model, combat)
    paid = []
    for key, points in zip(("a", "b"), spent, strict=True):
        state[key] = {**state[key], "lp": int(state[key].get("lp", 0)) - points}
        uid = str(state[key].get("character", "")) or None
        index = index_of(characters, uid)
        if points and uid is not None and index is not None:
            sheet = characters[index]
            characters[index] = {**sheet, "luck": int(sheet.get("luck", 0)) - points}
            # A fighter of a fight under way spends them too: its end keeps them spent.
            fight = luck_spent_elsewhere(fight, uid, points)
            paid.append(f"{sheet.get('name') or 'unnamed'} spends {points} LP")
    if not paid:
        return model
    values: dict[str, Any] = {
        "simply_characters": {**model.section("simply_characters"), "list": characters}
    }
    if fight.combatants:
        combat_now = model.section(fight_state.SECTION)
        values[fight_state.SECTION] = {**combat_now, "combat": core_fight.combat_to_json(fight)}
    history = model.history.apply_many(values, "; ".join(paid), at)
    return replace(model, history=history)


def _roll(model: Model, ctx: Ctx) -> Model:
    state = _state(model)
    rng = seeded(ctx.fresh_seed)
    a, b = state["a"], state["b"]
    try:
        if state["mode"] == "contest":
            result: Any = luck.roll_contest_declared(
                (side_target(a, True).total, _level(a), _stake(a)),
                (side_target(b, True).total, _level(b), _stake(b)),
                rng,
                _names(model, state),
            )
        else:
            result = luck.roll_task_declared(side_target(a, False), _level(a), _stake(a), rng)
    except RuleError as exc:
        return with_error(model, ERRORS, "roll", str(exc), rules_of(exc))
    entry = {"text": str(result), "at": ctx.now, "seed": ctx.fresh_seed, "mode": state["mode"]}
    state["log"] = [entry, *state["log"]][:LOG_LIMIT]
    model = _pay(model, state, luck.luck_spent(result), ctx.now)
    return with_error(keep(model, SECTION, state), ERRORS, "roll", None)


# The Task tab's messages (its view builds them, ``HANDLERS`` reads them).
class TaskField(Message, action="simply.task_field"):
    """A side's field (``a``/``b``), as typed or chosen."""

    side: str
    field: str
    value: str = entered(default="")


class TaskMode(Message, action="simply.task_mode"):
    """Test or contest."""

    mode: str


class TaskRoll(Message, action="simply.task_roll"):
    """Roll the task or the contest."""


class TaskClear(Message, action="simply.task_clear"):
    """Clear the task log (one undoable step)."""


def _field(model: Model, msg: TaskField, ctx: Ctx) -> Model:
    return _set_field(model, msg.side, msg.field, msg.value, ctx)


def _mode(model: Model, msg: TaskMode, ctx: Ctx) -> Model:
    state = _state(model)
    return keep(model, SECTION, {**state, "mode": msg.mode})


def _roll_task(model: Model, msg: TaskRoll, ctx: Ctx) -> Model:
    return _roll(model, ctx)


def _clear(model: Model, msg: TaskClear, ctx: Ctx) -> Model:
    state = _state(model)
    if not state["log"]:
        return model
    return keep(model, SECTION, {**state, "log": []}, "Clear task log", ctx)


#: Each Task message's handler, keyed by its message class's action (``simply.task_<name>``).
HANDLERS = handlers(_field, _mode, _roll_task, _clear)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


# --- view -------------------------------------------------------------------------------------


def _number(model: Model, side: str, field: str, label: str, value: Any) -> VNode:
    error = error_of(model, ERRORS, f"{side}.{field}")
    return number(f"simply-{side}-{field}", label, value, TaskField(side, field), error=error)


def _select(side: str, field: str, label: str, value: str, options: Any) -> VNode:
    msg = TaskField(side, field)
    return select(f"simply-{side}-{field}", label, value, options, msg)


def _chance(key: str, target: tasks.TargetNumber, skilled: bool) -> VNode:
    """The chance of the side's roll, percent first (SIM-11), beside the text's own table."""
    testid = f"simply-{key}-chance"
    if target.automatic is not None:
        said = f"Automatic {target.automatic}: no roll."
        return h(
            "div",
            {"class": "odds-line", "data-testid": testid},
            said,
            why_rules(said, ("SIM-04",)),
        )
    printed = tasks.table_chance(target.total)
    return h(
        "div",
        {"class": "odds-line", "data-testid": testid},
        "Chance of success: ",
        odds(tasks.success_chance(target.total, skilled=skilled)),
        f" · the text's table: {printed}" if printed else " · not on the text's table",
    )


def _pickers(model: Model, key: str, side: dict[str, Any]) -> list[VNode]:
    characters = _characters(model)
    scores = _scores(model, side)
    return [
        _select(
            key,
            "character",
            "Character (optional)",
            str(side.get("character", "")),
            [("", "none: type the base score")]
            + [
                (uid_of(c) or str(i), str(c.get("name") or "unnamed"))
                for i, c in enumerate(characters)
            ],
        ),
        _select(
            key,
            "pick",
            "Skill or special check",
            str(side.get("pick", "")),
            [("", "choose…" if scores else "pick a character first")]
            + [(k, f"{v.label}: {v.base}") for k, v in scores.items()],
        ),
    ]


def _side(model: Model, key: str, side: dict[str, Any], contest: bool, title: str) -> VNode:
    target = side_target(side, contest)
    fields = [
        *_pickers(model, key, side),
        _number(model, key, "base", "Base score (skill rating or check)", side["base"]),
        _select(key, "level", "Skill level", str(side["level"]), [(x, x) for x in LEVELS]),
    ]
    if not contest:
        difficulties = [(x, x) for x in tasks.DIFFICULTIES]
        fields.append(
            _select(key, "difficulty", "Difficulty", str(side["difficulty"]), difficulties)
        )
    fields.append(_number(model, key, "modifier", "Situation modifier", side["modifier"]))
    # SIM-10: luck on tests, contests and checks alike, declared before the roll.
    uses = "yes" if str(side.get("luck")) == "yes" else "no"
    fields.append(_select(key, "luck", "Use luck (declared before the roll)", uses, YES_NO))
    fields.append(_number(model, key, "lp", "Luck points the character has", side.get("lp", 0)))
    return h(
        "section",
        {"class": "card", "aria-labelledby": f"side-{key}-h"},
        h("h2", {"id": f"side-{key}-h"}, title),
        h("div", {"class": "grid2"}, *fields),
        h(
            "div",
            {"class": "tn", "data-testid": f"simply-{key}-tn"},
            h("span", {"class": "total"}, str(target)),
        ),
        _chance(key, target, _level(side) is not None),
    )


def _contest_odds(state: dict[str, Any], names: tuple[str, str]) -> VNode:
    a, b = state["a"], state["b"]
    chances = tasks.contest_odds(
        side_target(a, True).total,
        side_target(b, True).total,
        _level(a) is not None,
        _level(b) is not None,
    )
    pairs = [
        (f"{names[0]} wins", chances.a),
        (f"{names[1]} wins", chances.b),
        ("Draw", chances.draw),
    ]
    return odds_list("simply-contest-odds", pairs)


def _roller(model: Model, state: dict[str, Any], names: tuple[str, str]) -> VNode:
    contest = state["mode"] == "contest"
    log = state["log"]
    latest = log[0]["text"] if log else "Roll to see 2D10 and the verdict here."
    return h(
        "section",
        {"class": "card", "aria-labelledby": "simply-roll-h"},
        h("h2", {"id": "simply-roll-h"}, "Roll"),
        _contest_odds(state, names) if contest else None,
        button(
            "simply-roll",
            "Roll contest" if contest else "Roll 2D10",
            TaskRoll(),
            primary=True,
        ),
        error_line(model, ERRORS, "roll", "simply-roll-error"),
        h("p", {"class": "explain", "data-testid": "simply-result", "aria-live": "polite"}, latest),
        h(
            "div",
            {"class": "row between"},
            h("h3", {}, f"Task log ({len(log)})"),
            button("simply-clear-log", "Clear log", TaskClear(), disabled=not log),
        ),
        log_list("simply-log-entry", log, label="Task log entries"),
    )


def view(model: Model) -> VNode:
    state = _state(model)
    contest = state["mode"] == "contest"
    names = _names(model, state)
    modes = chips(
        "Mode",
        [
            chip(f"simply-mode-{m}", label, state["mode"] == m, TaskMode(m))
            for m, label in (("test", "Test"), ("contest", "Contest"))
        ],
        "simply-mode",
    )
    sides = [_side(model, "a", state["a"], contest, names[0] if contest else "Task")]
    if contest:
        sides.append(_side(model, "b", state["b"], contest, names[1]))
    return h("div", {"class": "page simply-page"}, modes, *sides, _roller(model, state, names))
