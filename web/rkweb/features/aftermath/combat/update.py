"""What the Combat tab's messages do: each message is parsed and handed to the core's fight
(``pycore.systems.aftermath.fight``), whose transition returns the new fight and a result, or
raises its refusal in words; the page stores the fight (quietly, or as an undo step under the
result's label), logs an applied attack's ``step`` and shows a refusal beside the field the
GM used (a roll the dice cannot show beside the dice)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pycore.errors import DiceError, FieldError, RulekeeperError
from pycore.step import log_entry
from pycore.systems.aftermath import fight as core
from pycore.systems.aftermath.attack import worksheet, worksheet_forms
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.features.aftermath.characters.treat import TARGET_TREATING
from rkweb.features.aftermath.state import (
    FEATURE,
    LOG_LIMIT,
    fight_of,
    quietly,
    refused,
    remember,
    set_err,
    state,
    undoable,
)
from rkweb.kit.fields import shown_errors

#: The page's note that the last action was a roll (or an answer to one) whose result shows
#: where its tap was (combat.view): set by each combat action, not saved.
RESULT_HERE = "aftermath_result_here"


class CbtResolve(Message, action="aftermath.cbt_resolve"):
    """Roll the attack with the app's dice."""


class CbtTyped(Message, action="aftermath.cbt_typed"):
    """Roll the attack with the dice rolled at the table, as typed."""

    text: str = entered(default="")


class CbtPotential(Message, action="aftermath.cbt_potential"):
    """The value the hit waits for (``answer``), or the Health CST beside the AST (``cst``),
    as typed."""

    part: str = "answer"
    value: str = entered(default="")


class CbtApply(Message, action="aftermath.cbt_apply"):
    """Apply the hit with the values given."""


class CbtCuts(Message, action="aftermath.cbt_cuts"):
    """The GM's answer whether the attack waiting on its Sever cuts (AFT-25): ``yes`` or
    ``no``; the attack goes on with it."""

    answer: str


class CbtNextPhase(Message, action="aftermath.cbt_next_phase"):
    """Move the fight to the next Action Phase."""


class CbtNextTurn(Message, action="aftermath.cbt_next_turn"):
    """Move the fight to the next Combat Turn."""


class CbtClear(Message, action="aftermath.cbt_clear"):
    """Clear the combat log."""


class CbtCancel(Message, action="aftermath.cbt_cancel"):
    """Drop the attack under way."""


class CbtCritical(Message, action="aftermath.cbt_critical"):
    """Call the last attack a critical hit (the GM's call): its entry is logged again."""


class CbtAsk(Message, action="aftermath.cbt_ask"):
    """The fight's question answered: ``drop`` or ``keep``."""

    answer: str


class CbtField(Message, action="aftermath.cbt_field"):
    """One field of a mode's attack form (``missile``, ``hth``, ``thrown``), as typed."""

    mode: str
    key: str
    value: str = entered(default="")


class CbtToggle(Message, action="aftermath.cbt_toggle"):
    """A chip of a mode's attack form pressed or released."""

    mode: str
    key: str


class CbtUnpress(Message, action="aftermath.cbt_unpress"):
    """Release every situation chip of a mode's attack form."""

    mode: str


class CbtPick(Message, action="aftermath.cbt_pick"):
    """The ``attacker``, ``target``, ``weapon``, ``mode`` or ``override`` picked (a select's
    value)."""

    key: str
    value: str = entered(default="")


class CbtPicked(CbtPick, action="aftermath.cbt_pick"):
    """The same pick, its value named by the view (a chip or a button appends none)."""

    value: str


class CbtGetup(Message, action="aftermath.cbt_getup"):
    """A fighter (their place) gets up."""

    index: int


class CbtReload(Message, action="aftermath.cbt_reload"):
    """Reload the attacker's gun, by name."""

    gun: str


Moved = tuple[core.Fight, core.Done]
Call = Callable[[core.Fight], Moved]


def _stored(model: Model, ctx: Ctx, moved: Moved, keys: tuple[str, ...], called: bool) -> Model:
    """The fight a transition returned, kept as its result says; the errors of ``keys`` (the
    fields of this action) cleared; an applied attack logged from its step (``called``: the
    attack called again, a critical hit: its entry replaces the last one)."""
    fight, result = moved
    for key in keys:
        model = set_err(model, f"cbt.{key}", None)
    st = state(model)
    saved = core.fight_to_json(fight)
    st["characters"], st["combat"] = saved["characters"], saved["combat"]
    noted = isinstance(result, core.Attacked | core.Noted)
    logged = called or noted
    if called:  # the attack called again: its entry goes
        st["combat"]["log"] = st["combat"]["log"][1:]
    if isinstance(result, core.Attacked):
        entry = log_entry(result.step, at=ctx.now, **result.details)
        st["combat"]["log"] = [entry, *st["combat"]["log"]][:LOG_LIMIT]
    elif isinstance(result, core.Noted):  # a step the log keeps (a fighter getting up)
        entry = log_entry(result.step, at=ctx.now)
        st["combat"]["log"] = [entry, *st["combat"]["log"]][:LOG_LIMIT]
    ended = isinstance(result, core.Attacked)  # the attack is over: what follows is the next
    model = (
        undoable(model, st, result.undo, ctx, ended=ended) if result.undo else quietly(model, st)
    )
    # The fight saved is the transition's, with the log as the page left it when it logged
    # (the damage taken this Combat Turn is the fight's own record, 001 line 67, never read
    # back from the log): decoding it again cost a tap a copy of every sheet (issue 33).
    return remember(model, replace(fight, log=tuple(st["combat"]["log"])) if logged else fight)


def _answer_key(fight: core.Fight) -> str:
    """Where a refused answer shows: beside the value the hit waits for."""
    asks = str((fight.pending or {}).get("asks", ""))
    return worksheet.ASKED_AFTER_THE_ROLL.get(asks, "answer")


def _pick(key: str, raw: str) -> tuple[str, Call] | None:
    """A new attacker or target re-derives the set-up (FIGHT.md); choosing one of the
    attacker's weapons fills the form from their sheet."""
    if key in ("attacker", "target"):
        return "weapon", lambda f: core.pick_combatant(f, key, int(raw))
    if key == "weapon":
        return "weapon", lambda f: core.choose_weapon(f, raw)
    if key == "mode":
        return "mode", lambda f: core.set_mode(f, raw)
    if key == "override":
        return "override", lambda f: core.set_override(f, raw)
    return None


def _moved(
    model: Model,
    ctx: Ctx,
    key: str,
    call: Call,
    *,
    rolled: bool = False,
    clears: bool = False,
    called: bool = False,
) -> Model:
    """The fight moved by ``call``, its refusals beside ``key``. ``rolled``: a roll's (or an
    answer's) result, shown where its tap was, until the next action; ``clears``: a change that
    clears the attack form's refusals (the dice's too once rolled)."""
    clears = clears or rolled
    try:
        moved = call(fight_of(model, state(model)))
    except DiceError as exc:  # a typed roll the dice cannot show: said beside the dice
        return refused(model, "cbt.dice", exc)
    except FieldError as exc:  # beside the field it names (and beside the tap, if elsewhere)
        if exc.field != key and key == "resolve":
            model = refused(model, f"cbt.{key}", exc)
        return refused(model, f"cbt.{exc.field}", exc)
    except RulekeeperError as exc:
        return refused(model, f"cbt.{key}", exc)
    # A change the core took clears every refusal of the attack form: one a Resolve left beside
    # a field (the Base BCS) is answered as well by choosing the skill that fills it.
    shown = shown_errors(model, FEATURE)
    old = tuple(k.removeprefix("cbt.") for k in shown if k.startswith("cbt.")) if clears else ()
    keys = (*old, key, "dice") if rolled else (*old, key) if clears else ()
    aimed = state(model)["combat"].get("target")
    stored = _stored(model, ctx, moved, keys, called).with_ui(**{RESULT_HERE: rolled})
    if state(stored)["combat"].get("target") != aimed:
        # The target's treatment opened from his line was that aim's: aimed at another and
        # back, it stood open again, 470 px above the attack (FIGHT.md: nothing of it
        # outlives its use). A treatment opened from a card is the GM's and stays.
        stored = stored.with_ui(**{TARGET_TREATING: None})
    return stored


def _resolve(model: Model, msg: CbtResolve, ctx: Ctx) -> Model:
    call: Call = lambda f: core.attack(f, core.roll_for_me(ctx.fresh_seed))  # noqa: E731
    return _moved(model, ctx, "resolve", call, rolled=True)


def _typed(model: Model, msg: CbtTyped, ctx: Ctx) -> Model:
    call: Call = lambda f: core.attack(f, core.typed_roll(msg.text))  # noqa: E731
    return _moved(model, ctx, "resolve", call, rolled=True)


def _potential(model: Model, msg: CbtPotential, ctx: Ctx) -> Model:
    key = "answer_cst" if msg.part == "cst" else _answer_key(fight_of(model, state(model)))
    return _moved(model, ctx, key, lambda f: core.set_answer(f, msg.value, msg.part))


def _apply(model: Model, msg: CbtApply, ctx: Ctx) -> Model:
    key = _answer_key(fight_of(model, state(model)))
    return _moved(model, ctx, key, core.give_answer, rolled=True)


def _cuts(model: Model, msg: CbtCuts, ctx: Ctx) -> Model:
    """The answer is one undo step named for it in the game's words (AFT-25: a Sever from
    something that cuts bleeds, from something that does not it breaks the bone): it was named
    for the roll it led to ("Attack dice: Ana → Bo"), and Undo did not say it took back the
    answer."""
    cuts = msg.answer == "yes"

    def call(fight: core.Fight) -> Moved:
        moved, done = core.answer_cuts(fight, cuts)
        if not done.undo:
            return moved, done
        name = str((fight.person("target")[1] or {}).get("name") or "the target")
        owner = f"{name}'" if name.endswith("s") else f"{name}'s"
        said = f"Sever cuts: {name} bleeds" if cuts else f"Sever: {owner} bone breaks"
        return moved, replace(done, undo=said)

    return _moved(model, ctx, "answer", call, rolled=True)


def _next_phase(model: Model, msg: CbtNextPhase, ctx: Ctx) -> Model:
    return _moved(model, ctx, "resolve", core.next_action_phase)


def _next_turn(model: Model, msg: CbtNextTurn, ctx: Ctx) -> Model:
    return _moved(model, ctx, "resolve", core.next_combat_turn)


def _clear(model: Model, msg: CbtClear, ctx: Ctx) -> Model:
    return _moved(model, ctx, "resolve", core.clear_log)


def _cancel(model: Model, msg: CbtCancel, ctx: Ctx) -> Model:
    return _moved(model, ctx, "resolve", core.drop_pending)


def _critical(model: Model, msg: CbtCritical, ctx: Ctx) -> Model:
    return _moved(model, ctx, "resolve", core.call_critical, rolled=True, called=True)


def _ask(model: Model, msg: CbtAsk, ctx: Ctx) -> Model:
    return _moved(model, ctx, "resolve", lambda f: core.answer_ask(f, msg.answer == "drop"))


def _field(model: Model, msg: CbtField, ctx: Ctx) -> Model:
    call: Call = lambda f: core.set_field(f, msg.mode, msg.key, msg.value)  # noqa: E731
    return _moved(model, ctx, msg.key, call, clears=True)


def _toggle(model: Model, msg: CbtToggle, ctx: Ctx) -> Model:
    return _moved(model, ctx, "resolve", lambda f: core.toggle_chip(f, msg.mode, msg.key))


def _unpress(model: Model, msg: CbtUnpress, ctx: Ctx) -> Model:
    if msg.mode not in worksheet_forms.MODES:
        return model
    return _moved(model, ctx, "resolve", lambda f: core.clear_chips(f, msg.mode))


def _picked(model: Model, msg: CbtPick, ctx: Ctx) -> Model:
    found = _pick(msg.key, msg.value)
    if found is None:  # a pick the fight does not take
        return model
    key, call = found
    return _moved(model, ctx, key, call, clears=key == "weapon")


def _getup(model: Model, msg: CbtGetup, ctx: Ctx) -> Model:
    return _moved(model, ctx, "resolve", lambda f: core.get_up(f, msg.index))


def _reload(model: Model, msg: CbtReload, ctx: Ctx) -> Model:
    return _moved(model, ctx, "reload", lambda f: core.reload(f, msg.gun), clears=True)


#: Each Combat message's handler, keyed by its class's action (``aftermath.cbt_<name>``).
HANDLERS = handlers(
    _resolve,
    _typed,
    _potential,
    _apply,
    _cuts,
    _next_phase,
    _next_turn,
    _clear,
    _cancel,
    _critical,
    _ask,
    _field,
    _toggle,
    _unpress,
    _picked,
    _getup,
    _reload,
)
