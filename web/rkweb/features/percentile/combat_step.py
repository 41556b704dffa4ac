"""How the combat tab keeps what a message did: a form edit saved quietly, or a step of the core's
fight (:mod:`pycore.systems.percentile.fight`) stored with its log line as one undo step. The tab's
modules (:mod:`.combat_sides`, :mod:`.combat_order`, :mod:`.combat_ap`, :mod:`.combat_turn`,
:mod:`.combat_attack`) declare their messages and handle each by calling :func:`edited` or
:func:`stepped` with the key its refusal shows under.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pycore.dice import seeded
from pycore.dice.typed import DiceWanted, TypedRolls
from pycore.errors import RulekeeperError
from pycore.step import Step
from pycore.systems.percentile import fight as F
from pycore.systems.percentile.attack import MissingValue
from pycore.systems.percentile.checks import one_format
from pycore.systems.percentile.dice import roll_entries
from pycore.systems.percentile.fight import setup as FS
from rkweb.app.messages import Message, wire
from rkweb.app.model import Ctx, Model
from rkweb.features.percentile import state as S
from rkweb.kit import steps
from rkweb.kit.dice_entry import typed_text
from rkweb.kit.fields import with_error

#: The page's note that the last action was a roll (or an answer to one) whose result shows
#: where its tap was (combat_turn_view.turn_view): set by each combat action, not saved (issue 25).
RESULT_HERE = "percentile_result_here"
# A step's outcome: the new fight, the log line ("" for none), the undo label ("": nothing done)
# and the new attack form (None: unchanged).
Outcome = tuple[F.Fight, str | Step, str, dict[str, str] | None]
#: A step of the fight from the saved state.
Run = Callable[[F.Fight, dict[str, Any]], Outcome]
#: A roll of the fight with a random source (the app's dice or the dice typed in).
Roll = Callable[[F.Fight, Any], Outcome]


def form_of(st: dict[str, Any], area: str = "attack") -> dict[str, str]:
    return {str(k): str(v) for k, v in st["combat"].get(area, {}).items()}


def with_form(st: dict[str, Any], area: str, form: dict[str, str]) -> dict[str, Any]:
    return {**st, "combat": {**st["combat"], area: form}}


def _where(key: str, exc: RulekeeperError) -> str:
    """Where a refusal shows: an attack's missing number beside its field, a typed roll's
    beside its own entry, any other under the message's ``key``."""
    if key.startswith("typed-") or not isinstance(exc, MissingValue):
        return key
    return f"attack-{exc.field}" if exc.field in (*FS.ATTACK_NUMBERS, "action_cost") else key


def edited(model: Model, key: str, edit: Callable[[dict[str, Any]], Model]) -> Model:
    """A form edit: ``edit`` saves it quietly (typing is not an undo step); refused under
    ``key``."""
    try:
        return edit(S.state(model)).with_ui(**{RESULT_HERE: False})
    except RulekeeperError as exc:
        return with_error(model, S.FEATURE, _where(key, exc), str(exc))


def attack_entry(model: Model, st: dict[str, Any], key: str, value: str) -> Model:
    """One field of the attack form (the core checks it and derives what follows from it),
    marked as typed since the fight's last step, with the form as it leaves it (:func:`stamped`)."""
    before = S.fight_of(model, st)
    fight, form = FS.enter(before, form_of(st), key, value)
    st = with_form(S.with_fight(st, fight, before), "attack", form)
    st = {**st, "combat": steps.typed(st["combat"], form)}
    model = with_error(S.save(model, st, fight=fight), S.FEATURE, f"attack-{key}", None)
    model = with_error(model, S.FEATURE, "turn-choice", None)  # a choice taken: no refusal
    return with_error(model, S.FEATURE, "turn", None)


def stepped(
    model: Model,
    ctx: Ctx,
    key: str,
    run: Run,
    *,
    example: str = "47 12",
    here: bool = False,
    typed: str = "",
) -> Model:
    """A step of the fight, one undo step with its log line; refused under ``key``. ``here``: a
    roll whose result shows where its tap was; ``typed``: the dice typed for it."""
    st = S.state(model)
    try:
        before = S.fight_of(model, st)
        fight, text, label, form = run(before, st)
    except RulekeeperError as exc:
        return with_error(model, S.FEATURE, _where(key, exc), str(exc))
    except DiceWanted as wanted:  # fewer dice typed than the rule rolls, or a tie's re-roll
        return with_error(model, S.FEATURE, key, S.missing_roll(wanted, example, typed))
    if not label:
        return model
    if form is None and _turn_moved(before, fight):
        form = {str(k): str(v) for k, v in S.afresh(fight).items()}
    new = stamped(
        with_form(S.with_fight(st, fight, before), "attack", form_of(st) if form is None else form),
        fight,
        len(model.history.undo_stack) + 1,  # the undo steps, with this one
    )
    if text:  # the result's step: its players' line and rules go to the log as they are
        step = text if isinstance(text, Step) else Step(text)
        said = f"round {fight.round}:"  # a new round's step names its round itself
        text = step.text if step.text.startswith(said) else f"{said} {step.text}"
        # each line's figures in one format: "26.25 points" beside "DP 262½ %" read as two kinds
        line = Step(one_format(text), one_format(step.public), step.rules)
        new = S.logged(new, "combat", line, ctx)
    saved = _clear_errors(S.save(model, new, ctx, label, fight=fight), key, fight)
    return saved.with_ui(**{RESULT_HERE: here})


def _turn_moved(before: F.Fight, after: F.Fight) -> bool:
    """Whether a step gave the turn to another fighter, no attack under way: Primary Attack
    passed (PCT-22, line 60) moves the round's first turn from the passing side to the next.
    The new fighter's attack is set up afresh from their sheet (FIGHT.md's first law); kept, Ann's
    turn showed Bob's weapons' odds and rolled Bob's Finger laser at Ann."""
    now = F.active(after)
    was = F.active(before)
    return after.pending is None and now is not None and (was is None or was.id != now.id)


def stamped(st: dict[str, Any], fight: F.Fight, reach: int) -> dict[str, Any]:
    """The state after a step of the fight: the step counted, and the attack form it leaves
    marked as the step's own (no entry typed since). The form's entries (the target tapped, a
    value typed) are saved quietly, without an undo step of their own, and an undo keeps what
    changed since the step it undoes: so the target Ann tapped stayed chosen after "Turn: Ann"
    was undone, Cy's restored turn aiming at Cy (FIGHT.md's first law). The count and the forms
    kept at each count tell it: :func:`rkweb.features.percentile.state.state` shows the form as
    it stood at the count an undo or a redo goes back to (:mod:`rkweb.kit.steps`). The form the
    step leaves is kept at its count when it is not the one the fight derives afresh (those
    are derived again); ``reach``: the undo steps, beyond which no form is kept."""
    fresh = {str(k): str(v) for k, v in S.afresh(fight).items()}
    own = None if form_of(st) == fresh else st["combat"].get("attack", {})
    return {**st, "combat": steps.counted(st["combat"], own, reach)}


def rolled(model: Model, ctx: Ctx, key: str, msg: Message, roll: Roll) -> Model:
    """A roll: with the app's dice (refused under ``key``), or, when ``msg`` is its "I rolled"
    entry's (``<roll>_typed``), with the dice rolled at the table: one number per roll, spaces,
    commas or ";" between them, in the order the rule rolls them; refused beside that roll's own
    entry."""
    text = typed_text(msg)
    if text is None:
        return stepped(model, ctx, key, lambda fight, st: roll(fight, seeded(ctx.fresh_seed)))
    name = msg.ACTION.split(".", 1)[1].removesuffix("_typed")
    typed_key = S.typed_key(name, wire(msg)[1:])
    example = S.EXAMPLES.get(name, "47 12")
    run: Run = lambda fight, st: roll(fight, TypedRolls(roll_entries(text)))  # noqa: E731
    return stepped(model, ctx, typed_key, run, example=example, typed=text)


def _waits(said: str) -> bool:
    """A refusal that waits for the attack under way (:data:`F.WAITING`, or a choice or a join
    refused until it is rolled on, answered or set aside)."""
    return said == F.WAITING or " is under way: roll it on or answer its question" in said


def _clear_errors(model: Model, key: str, fight: F.Fight) -> Model:
    """The step's own refusal goes, and any that waited for an attack no longer under way (set
    aside from the refusal's own button); so does a typed roll's prompt the fight has moved past:
    the surprise's once it is decided or the order is rolled (a tie's "rolls again" asked for
    the re-roll, PCT-15; kept, it read as an error for the whole fight), the order's once it
    is rolled."""
    errors = dict(model.ui.get(f"{S.FEATURE}_errors", {}))
    drop = ("attack", "turn") if key.startswith(("attack", "turn")) else (key,)
    if fight.surprise is not None or fight.order is not None:
        drop = (*drop, S.typed_key("surprise_roll"))
    if fight.order is not None:
        drop = (*drop, S.typed_key("order_roll"))
    kept = {
        k: v
        for k, v in errors.items()
        if not str(k).startswith(drop) and not (fight.pending is None and _waits(str(v)))
    }
    return model.with_ui(**{f"{S.FEATURE}_errors": kept})
