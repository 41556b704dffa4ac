"""The ``gurps`` section as the tabs read and write it: the fight (combatants, order, the attack
under way) is the core's :class:`~pycore.systems.gurps.fight.Fight`; the page keeps beside it the
next id, the selected sheet, the attack worksheet's form, the turn's step (target, location,
chips, the defense picked), the last result shown and the log. Imported by the tab modules only."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pycore.dice import RandintSource, seeded, typed_dice
from pycore.errors import RuleError
from pycore.step import log_entry
from pycore.systems.gurps.fight import Fight, Logged, fight_from_json, fight_to_json
from pycore.systems.gurps.quantities import exact
from pycore.validate import is_whole, shown
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.kit import steps
from rkweb.kit.fields import error_of, errors_key, with_error
from rkweb.kit.memo import MemoName
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
        # How many attacks have ended (each commit that drops the step): the step is typed for
        # one attack (turn_step.step_key), and an undo of its end takes this count back.
        "ended": _whole(saved.get("ended", 0)),
        "shown": dict(saved.get("shown") or {}),
        "log": list(saved.get("log", [])),
        # The seed of the Attack tab's own last roll: its log entry is shown under the tab's
        # buttons (the log holds the tracker's too). The seed, not the text: a second copy of
        # each roll's words would double what an attack adds to the store.
        "attack_seed": str(saved.get("attack_seed", "")),
        "settings": dict(saved.get("settings") or {}),
        # The turn ("round:turn") whose carried questions the GM opened with Answer.
        "answer_for": str(saved.get("answer_for", "")),
    }


def _whole(value: object) -> int:
    return value if is_whole(value) and value >= 0 else 0


def typed_whole(raw: object, field: str, low: int, high: int) -> int:
    """A whole number a control sent, from ``low`` to ``high``; any other value ("1e4000", a
    word) is refused in words naming the field and the range, never a Python error."""
    value = exact(field, str(raw).strip() or "0", low, high)
    if value.denominator != 1:
        raise RuleError(f"{field} {shown(raw)} is not a whole number from {low} to {high}")
    return int(value)


def dice_source(ctx: Ctx, expr: str, typed: str | None, what: str) -> tuple[RandintSource, str]:
    """ "Roll for me" (a fresh seed) or the dice the user typed, checked against ``expr``."""
    if typed is None:
        return seeded(ctx.fresh_seed), ctx.fresh_seed
    return typed_dice(expr, typed, what), f"typed: {typed.strip()}"


def too_long(label: str, typed: str, longest: int, allowed: str = "") -> str | None:
    """Words for a typed value too long to keep (the saved section's limit), or None: such a
    value is refused, never stored, so the page still saves and loads (issue 27). ``allowed``:
    the range of a number field ("from 0 to 100000")."""
    if len(typed) <= longest:
        return None
    if allowed:
        return f"{label} {shown(typed)} is not a number {allowed}"
    return f"{label}: {shown(typed)} is too long; at most {longest} characters"


def line_index(raw: object) -> int:
    """The attack line picked (004 line 91), a choice's value."""
    return typed_whole(raw, "attack line", 0, 50)


#: The keys the fight is saved under in the section (:func:`fight_to_json`).
_FIGHT_KEYS = ("combatants", "fight", "asks", "pending")
#: The fights decoded or encoded lately, each by the saved objects it was read from or written
#: to (held by the app's memos, so their ids stay their own): a tap's update and the view after
#: it decode the fight at most once (issue 25: twice before, in the update and again in the
#: view). A quiet save of page keys (:func:`keep`) keeps those objects, so it is not decoded
#: again either.
_FIGHTS: MemoName[Fight] = MemoName("gurps fights")


#: The fights each commit wrote, by the saved objects it wrote them to: the next commit saves the
#: fighters it left alone as they were, the same objects (``fight_to_json``'s ``before``), so
#: the store's diff of a tap costs the same with 2 fighters or 30 (issue 33). Only a fight this
#: page encoded: a decoded one may read a saved value otherwise than it would write it.
_WRITTEN: MemoName[Fight] = MemoName("gurps fights written")


def _saved_parts(saved: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(saved.get(key) for key in _FIGHT_KEYS)


def fight_of(model: Model) -> Fight:
    """The saved fight, decoded once per saved fight; a :class:`RuleError` when a saved sheet
    cannot be read."""
    saved = model.section(SECTION)
    parts, fights = _saved_parts(saved), model.memos[_FIGHTS]
    known = fights.recall(parts)
    if known is None:
        known = _decoded(saved)
        fights.keep(parts, known)
    return known


def _decoded(saved: dict[str, Any]) -> Fight:
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
    results: Iterable[Logged] = (),
    *,
    seed: str = "",
    keep_errors: bool = False,
    **page: Any,
) -> Model:
    """One undoable step: the new fight (and page keys), each result logged with the round;
    the errors shown go unless ``keep_errors`` (other fields still hold what was refused)."""
    saved = model.section(SECTION)
    written = model.memos[_WRITTEN].recall(_saved_parts(saved))
    data = {**page_data(model), **page, **fight_to_json(fight, written, saved)}
    if page.get("step") == {}:
        # The step dropped: the attack it was for has ended (a miss, a defense that stops it,
        # its damage, abandoned, a new turn). Counted with the step, so an undo of that end
        # counts it back and the entries typed since (quietly, for the next attack) are not
        # the restored attack's (FIGHT.md's first law).
        data["ended"] = data["ended"] + 1
    model.memos[_FIGHTS].keep(_saved_parts(data), fight)  # read back by the view without a decode
    model.memos[_WRITTEN].keep(_saved_parts(data), fight)
    # Each result's step: the GM's line, the players' line built from its values, its rules.
    entries = [log_entry(r.step, at=ctx.now, seed=seed, round=fight.round) for r in results]
    data["log"] = steps.newest_first(data["log"], entries, LOG_LIMIT)
    cleared: dict[str, Any] = {} if keep_errors else {errors_key(SECTION): {}}
    return steps.keep(model, SECTION, data, label, ctx, **cleared)


def keep(model: Model, **page: Any) -> Model:
    """Save page keys without an undo step or a log line (a form field, the selected sheet)."""
    return steps.keep(model, SECTION, {**model.section(SECTION), **page})


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


def no_location(testid: str) -> VNode:
    """Said in place of the hit location a fatigue attack is not offered, on both pages: fatigue
    damage always ignores hit location (003 line 35)."""
    return h(
        "p",
        {"class": "small", "data-testid": testid},
        "Hit location: none. Fatigue damage ignores hit location (torso, no penalty).",
    )
