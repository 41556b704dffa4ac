"""The ``gurps`` section as the tabs read and write it: the fight (combatants, order, the attack
under way) is the core's :class:`~pycore.systems.gurps.fight.Fight`; the page keeps beside it the
next id, the selected sheet, the attack worksheet's form, the turn's step (target, location,
chips, the defense picked), the last result shown and the log. Imported by the tab modules only."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from pycore.systems.gurps.fight import Fight, fight_from_json, fight_to_json
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.kit.fields import error_of, errors_key, with_error
from rkweb.kit.results import card, log_list

SECTION = "gurps"
LOG_LIMIT = 300


def page_data(model: Model) -> dict[str, Any]:
    """What the page keeps beside the fight."""
    saved = model.section(SECTION)
    return {
        "next_id": int(saved.get("next_id", 1)),
        "selected": str(saved.get("selected", "")),
        "attack": dict(saved.get("attack", {})),
        "step": dict(saved.get("step") or {}),
        "step_for": str(saved.get("step_for", "")),
        "shown": dict(saved.get("shown") or {}),
        "log": list(saved.get("log", [])),
        "settings": dict(saved.get("settings") or {}),
    }


def fight_of(model: Model) -> Fight:
    """The saved fight; a :class:`RuleError` when a saved sheet cannot be read."""
    saved = model.section(SECTION)
    pending = saved.get("pending")
    if isinstance(pending, dict) and "attacker" not in pending:
        # Saved before the attack under way kept its parties: they were the form's.
        form = saved.get("attack", {})
        pending = {
            **pending,
            "attacker": form.get("attacker", ""),
            "defender": form.get("defender", ""),
            "setup": {"location": form.get("location", "torso")},
        }
    return fight_from_json({**saved, "pending": pending})


def commit(
    model: Model,
    fight: Fight,
    label: str,
    ctx: Ctx,
    results: Iterable[object] = (),
    *,
    seed: str = "",
    keep_errors: bool = False,
    **page: Any,
) -> Model:
    """One undoable step: the new fight (and page keys), each result logged with the round;
    the errors shown go unless ``keep_errors`` (other fields still hold what was refused)."""
    data = {**page_data(model), **page, **fight_to_json(fight)}
    entries = [{"text": str(r), "at": ctx.now, "seed": seed, "round": fight.round} for r in results]
    data["log"] = [*reversed(entries), *data["log"]][:LOG_LIMIT]
    done = replace(model, history=model.history.apply(SECTION, data, label, ctx.now))
    return done if keep_errors else done.with_ui(**{errors_key(SECTION): {}})


def keep(model: Model, **page: Any) -> Model:
    """Save page keys without an undo step or a log line (a form field, the selected sheet)."""
    history = model.history.set_quietly(SECTION, {**model.section(SECTION), **page})
    return replace(model, history=history)


def fail(model: Model, key: str, error: Exception) -> Model:
    return with_error(model, SECTION, key, str(error))


def step_error(model: Model, key: str) -> VNode:
    """The error of a step (not of one field), where the step's buttons are."""
    return h(
        "p",
        {"class": "field-error", "role": "alert", "data-testid": f"gurps-error-{key}"},
        error_of(model, SECTION, key),
    )


def log_view(model: Model) -> VNode:
    log = page_data(model)["log"]
    return card(
        "gurps-log-h",
        f"Combat log ({len(log)})",
        log_list("gurps-log-entry", log, label="Combat log entries"),
    )
