"""The dice roller: any expression of the four texts, its explained roll and exact odds."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from pycore.dice import DiceError, distribution, roll, seeded
from pycore.store.state import ROLL_LOG_LIMIT
from rkweb.app.events import Odds
from rkweb.app.messages import Message, entered, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.kit.buttons import button
from rkweb.kit.fields import field, number
from rkweb.kit.odds import odds as odds_value
from rkweb.kit.odds import percent_text
from rkweb.kit.results import card, dice_text

QUICK_EXPRESSIONS = ("3d6", "2d10", "d20", "d%", "4d6kh3", "1:10sd+13")
TARGET_LIMIT = 1_000_000
CHART_WIDTH = 600
CHART_HEIGHT = 160


# The page's messages: what each tap or entry says (the view builds them, ``handlers`` reads them).
class Expr(Message, action="dice.expr"):
    """The expression field's text, as typed."""

    text: str = entered(default="")


class Roll(Message, action="dice.roll"):
    """Roll the expression."""


class Quick(Message, action="dice.quick"):
    """Roll one of the quick expressions."""

    expr: str


class Target(Message, action="dice.target"):
    """The odds chart's target field, as typed."""

    text: str = entered(default="")


class Seed(Message, action="dice.seed"):
    """The replay seed field, as typed."""

    text: str = entered(default="")


class ClearLog(Message, action="dice.clear_log"):
    """Clear the roll log (one undoable step)."""


def compute_odds(expr: str) -> dict[str, Any]:
    """The exact distribution for the odds panel, or the reason there is none."""
    try:
        dist = distribution(expr)
    except DiceError as exc:
        return {"expr": expr, "dist": None, "error": str(exc)}
    return {"expr": expr, "dist": tuple(dist.items()), "error": None}


def _check_target(raw: str) -> tuple[int | None, str | None]:
    try:
        value = int(raw.strip())
    except ValueError:
        return None, f"Target must be a whole number from {-TARGET_LIMIT} to {TARGET_LIMIT}."
    if abs(value) > TARGET_LIMIT:
        return None, f"Target must be from {-TARGET_LIMIT} to {TARGET_LIMIT}, got {value}."
    return value, None


def _roll_seed(dice: dict[str, Any], ctx: Ctx) -> tuple[str, dict[str, Any]]:
    """Seed for the next roll: the user's seed and a counter (replayable), else a fresh one."""
    user_seed = str(dice.get("seed", "")).strip()
    if not user_seed:
        return ctx.fresh_seed, dice
    count = int(dice.get("seed_count", 0))
    return f"{user_seed}#{count}", {**dice, "seed_count": count + 1}


def do_roll(model: Model, ctx: Ctx) -> Model:
    dice = model.section("dice")
    expr = str(dice.get("expr", "")).strip()
    seed, dice = _roll_seed(dice, ctx)
    try:
        result = roll(expr, seeded(seed))
    except DiceError as exc:
        return model.with_ui(dice_error=str(exc))
    entry = {
        "expr": result.expr,
        "total": result.total,
        "text": str(result),
        "at": ctx.now,
        "seed": seed,
    }
    log = [entry, *dice.get("log", [])][:ROLL_LOG_LIMIT]
    # A roll happened at the table: it is logged, not undone; clearing the log is undoable.
    history = model.history.set_quietly("dice", {**dice, "log": log})
    odds = model.ui.get("odds")
    if not odds or odds.get("expr") != expr:
        odds = compute_odds(expr)
    return replace(model, history=history, ui={**model.ui, "dice_error": None, "odds": odds})


def _expr(model: Model, msg: Expr, ctx: Ctx) -> Model:
    dice = model.section("dice")
    history = model.history.set_quietly("dice", {**dice, "expr": msg.text[:400]})
    return replace(model, history=history, ui={**model.ui, "dice_error": None})


def _quick(model: Model, msg: Quick, ctx: Ctx) -> Model:
    history = model.history.set_quietly("dice", {**model.section("dice"), "expr": msg.expr})
    return do_roll(replace(model, history=history), ctx)


def _odds(model: Model, msg: Odds, ctx: Ctx) -> Model:
    return model.with_ui(odds=compute_odds(str(model.section("dice").get("expr", "")).strip()))


def _target(model: Model, msg: Target, ctx: Ctx) -> Model:
    value, error = _check_target(msg.text)
    model = model.with_ui(target_text=msg.text, target_error=error)
    if value is None:
        return model
    history = model.history.set_quietly("dice", {**model.section("dice"), "target": value})
    return replace(model, history=history)


def _seed(model: Model, msg: Seed, ctx: Ctx) -> Model:
    seed = msg.text.strip()[:100]
    dice = model.section("dice")
    history = model.history.set_quietly("dice", {**dice, "seed": seed, "seed_count": 0})
    return replace(model, history=history)


def _clear_log(model: Model, msg: ClearLog, ctx: Ctx) -> Model:
    dice = model.section("dice")
    if not dice.get("log"):
        return model
    history = model.history.apply("dice", {**dice, "log": []}, "Clear roll log", ctx.now)
    return replace(model, history=history)


def _roll(model: Model, msg: Roll, ctx: Ctx) -> Model:
    return do_roll(model, ctx)


#: Each message's handler, keyed by its message class's action: ``ACTIONS`` are its names.
HANDLERS = handlers(_expr, _roll, _quick, _odds, _target, _seed, _clear_log)
ACTIONS = frozenset(HANDLERS)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


def _chart(dist: tuple[tuple[int, Fraction], ...], target: int) -> VNode:
    peak = max(p for _, p in dist)
    width = CHART_WIDTH / len(dist)
    bars = []
    for index, (outcome, p) in enumerate(dist):
        height = max(1.0, float(p / peak) * (CHART_HEIGHT - 20))
        bars.append(
            h(
                "rect",
                {
                    "x": f"{index * width:.2f}",
                    "y": f"{CHART_HEIGHT - 20 - height:.2f}",
                    "width": f"{max(width - 1, 0.5):.2f}",
                    "height": f"{height:.2f}",
                    "class": "bar bar-low" if outcome <= target else "bar bar-high",
                },
                h("title", {}, f"{outcome}: {percent_text(p)}"),
            )
        )
    lo, hi = dist[0][0], dist[-1][0]
    labels = [
        h("text", {"x": "0", "y": str(CHART_HEIGHT - 4), "class": "axis"}, str(lo)),
        h(
            "text",
            {"x": str(CHART_WIDTH), "y": str(CHART_HEIGHT - 4), "class": "axis end"},
            str(hi),
        ),
    ]
    return h(
        "svg",
        {
            "viewBox": f"0 0 {CHART_WIDTH} {CHART_HEIGHT}",
            "class": "chart",
            "role": "img",
            "data-testid": "dice-chart",
            "aria-label": f"Distribution of outcomes {lo} to {hi}; bars at or below "
            f"{target} are shaded dark.",
        },
        *bars,
        *labels,
    )


def _target_field(model: Model) -> VNode:
    target = int(model.section("dice").get("target", 10))
    return number(
        "dice-target",
        "Target",
        model.ui.get("target_text", target),
        Target(),
        error=model.ui.get("target_error") or "",
    )


def _odds_body(expr: str, target: int, odds: dict[str, Any] | None) -> list[Any]:
    if not odds or odds.get("expr") != expr:
        return [button(None, f"Show odds for {expr}", Odds())]
    if odds["error"]:
        return [h("p", {"class": "muted"}, odds["error"])]
    dist: tuple[tuple[int, Fraction], ...] = odds["dist"]
    at_most = sum((p for v, p in dist if v <= target), Fraction(0))
    at_least = sum((p for v, p in dist if v >= target), Fraction(0))
    mean = sum((v * p for v, p in dist), Fraction(0))
    return [
        h(
            "dl",
            {"class": "odds", "data-testid": "dice-odds"},
            h("dt", {}, f"{expr} ≤ {target}"),
            h("dd", {}, odds_value(at_most)),
            h("dt", {}, f"{expr} ≥ {target}"),
            h("dd", {}, odds_value(at_least)),
            h("dt", {}, "Mean"),
            h("dd", {}, f"{float(mean):.2f}"),
            h("dt", {}, "Range"),
            h("dd", {}, f"{dist[0][0]} to {dist[-1][0]}"),
        ),
        _chart(dist, target),
        h(
            "p",
            {"class": "muted small"},
            "Exact odds, computed, not sampled: tap one for its fraction.",
        ),
    ]


def _odds_panel(model: Model) -> VNode:
    dice = model.section("dice")
    expr = str(dice.get("expr", "")).strip()
    target = int(dice.get("target", 10))
    return card(
        "odds-h",
        "Odds",
        _target_field(model),
        *_odds_body(expr, target, model.ui.get("odds")),
    )


def _log_entry(entry: dict[str, Any]) -> VNode:
    return h(
        "li",
        {
            "class": "log-entry",
            "data-testid": "roll-log-entry",
            "data-key": f"{entry['at']}|{entry['seed']}",
        },
        h("span", {"class": "log-text"}, *dice_text(entry["text"])),
        h(
            "span",
            {"class": "log-meta"},
            h("time", {"datetime": entry["at"]}, entry["at"][11:19]),
            f" · seed {entry['seed']}",
        ),
    )


def _log(model: Model) -> VNode:
    log = model.section("dice").get("log", [])
    return h(
        "section",
        {"class": "card", "aria-labelledby": "log-h"},
        h(
            "div",
            {"class": "row between"},
            h("h2", {"id": "log-h"}, f"Roll log ({len(log)})"),
            button("dice-clear-log", "Clear log", ClearLog(), disabled=not log),
        ),
        h(
            "ol",
            # A long log scrolls, so it must be reachable by keyboard (axe scrollable-region).
            {"class": "log", "reversed": True, "tabindex": "0", "aria-label": "Roll log entries"},
            *[_log_entry(entry) for entry in log],
        )
        if log
        else h("p", {"class": "muted"}, "No rolls yet."),
    )


def _expression_form(model: Model) -> VNode:
    dice = model.section("dice")
    error = model.ui.get("dice_error")
    return h(
        "form",
        {"class": "roller", "on_submit": Roll(), "novalidate": True},
        h("label", {"for": "dice-expr"}, "Dice expression"),
        h(
            "div",
            {"class": "row"},
            h(
                "input",
                {
                    "id": "dice-expr",
                    "data-testid": "dice-expr",
                    "type": "text",
                    "value": dice.get("expr", ""),
                    "autocomplete": "off",
                    "autocapitalize": "off",
                    "spellcheck": "false",
                    "aria-invalid": "true" if error else "false",
                    "aria-describedby": "dice-error dice-help",
                    "on_input": Expr(),
                    "on_change": Odds(),
                },
            ),
            h("button", {"type": "submit", "class": "primary", "data-testid": "dice-roll"}, "Roll"),
        ),
        h(
            "p",
            {
                "id": "dice-error",
                "class": "field-error",
                "data-testid": "dice-error",
                "role": "alert",
            },
            error or "",
        ),
        h(
            "p",
            {"id": "dice-help", "class": "muted small"},
            "e.g. 3d6, 2d10+3, 4d6kh3, d%, 3d-1, 1d10/2 (rounds up), 1:10sd+13",
        ),
    )


def _latest(model: Model) -> VNode:
    log = model.section("dice").get("log", [])
    # After a refused expression the big number must not go on showing the previous roll.
    latest = log[0] if log and not model.ui.get("dice_error") else None
    return h(
        "div",
        {"class": "result", "aria-live": "polite"},
        h(
            "div",
            {"class": "total", "data-testid": "dice-total"},
            str(latest["total"]) if latest else "–",
        ),
        h(
            "p",
            {"class": "explain", "data-testid": "dice-result"},
            *(
                dice_text(latest["text"])
                if latest
                else ["Roll to see the dice and the total here."]
            ),
        ),
    )


def view(model: Model) -> VNode:
    dice = model.section("dice")
    roller = card(
        "roll-h",
        "Roll dice",
        _expression_form(model),
        h(
            "div",
            {"class": "quick", "role": "group", "aria-label": "Quick rolls"},
            *[button(None, e, Quick(e), tone="secondary") for e in QUICK_EXPRESSIONS],
        ),
        h(
            "div",
            {"class": "seed"},
            field(
                "dice-seed",
                "Seed (optional, for replayable rolls)",
                dice.get("seed", ""),
                Seed(),
            ),
        ),
        _latest(model),
    )
    return h("div", {"class": "page dice-page"}, roller, _odds_panel(model), _log(model))
