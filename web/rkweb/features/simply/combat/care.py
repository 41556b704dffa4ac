"""After the blow: the injury checks waiting to be rolled (SIM-44, SIM-45, SIM-47), the game
clock and bleeding (SIM-46, SIM-49, SIM-D14), and treatment (SIM-51 to SIM-55). Every TN, chance
and effect is the core's."""

from __future__ import annotations

from typing import Any

from pycore.dice import RandintSource, seeded, typed_dice
from pycore.systems.simply import fight as core
from pycore.systems.simply.fight.dice import CHECK, STABILIZED_HOURS, TREATMENT, typed_two
from pycore.systems.simply.recovery import treatment_chance
from rkweb.app.messages import Message, entered
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.simply.combat import state as saved
from rkweb.features.simply.words import error_line, why_rules
from rkweb.kit.buttons import button
from rkweb.kit.dice_entry import dice_entry
from rkweb.kit.fields import rules_of
from rkweb.kit.odds import odds
from rkweb.kit.results import why

SKILLS = [("First Aid", "First Aid"), ("Medicine", "Medicine")]


# --- update -----------------------------------------------------------------------------------


def _check(model: Model, index: int, rng: RandintSource, ctx: Ctx, seed: str) -> Model:
    state = saved.load(model)
    lucky = state["form"]["check"]["luck"] == "yes"
    fight, rolled = core.roll_check(saved.fight_of(model, state), index, rng, luck=lucky)
    state["form"] = {**state["form"], "check": {"luck": "no"}}  # declared for one roll
    shown = {
        "verdict": rolled.verdict,
        "number": rolled.number,
        "text": rolled.text,
        "passed": rolled.passed,
    }
    state = {**state, "result": {"check": shown}}
    return saved.commit(model, state, fight, rolled.check.check, ctx, (rolled,), seed)


# The care card's messages: injury checks, the clock and treatment.
class Check(Message, action="simply.combat_check"):
    """Roll the pending check at ``index`` for me."""

    index: int


class CheckTyped(Message, action="simply.combat_check_typed"):
    """The pending check at ``index``, its 2D10 rolled at the table, as typed."""

    index: int
    text: str = entered(default="")


class Waive(Message, action="simply.combat_waive"):
    """The GM waives the pending check at ``index``."""

    index: int


class Clock(Message, action="simply.combat_clock"):
    """Time passes: ``minutes``, or (0) the minutes typed in the clock form."""

    minutes: int = 0


class Treat(Message, action="simply.combat_treat"):
    """Roll the treatment for me."""


class TreatTyped(Message, action="simply.combat_treat_typed"):
    """The treatment's dice rolled at the table, as typed."""

    text: str = entered(default="")


def check(model: Model, msg: Check, ctx: Ctx) -> Model:
    return _check(model, msg.index, seeded(ctx.fresh_seed), ctx, ctx.fresh_seed)


def check_typed(model: Model, msg: CheckTyped, ctx: Ctx) -> Model:
    """The check's 2D10 rolled at the table (SIM-09)."""
    return _check(model, msg.index, typed_dice(CHECK, msg.text, "check roll"), ctx, "")


def waive(model: Model, msg: Waive, ctx: Ctx) -> Model:
    state = saved.load(model)
    fight = saved.fight_of(model, state)
    fight, waived = core.dismiss_check(fight, msg.index)
    return saved.commit(model, state, fight, "Waive check", ctx, (waived,))


def clock(model: Model, msg: Clock, ctx: Ctx) -> Model:
    state = saved.load(model)
    minutes = msg.minutes or saved.number(state["form"]["clock"], "minutes") or 1
    fight, passed = core.advance_clock(saved.fight_of(model, state), minutes)
    return saved.commit(model, state, fight, f"+{minutes} min", ctx, (passed,))


def _treat(model: Model, rng: RandintSource, ctx: Ctx, seed: str) -> Model:
    state = saved.load(model)
    t = state["form"]["treat"]
    fight, done = core.treat(
        saved.fight_of(model, state),
        t["patient"],
        t["treatment"],
        rng,
        skill=t["skill"],
        rating=saved.number(t, "rating", optional=True),
    )
    label = t["treatment"].capitalize()
    return saved.commit(model, state, fight, label, ctx, (done,), seed)


def treat(model: Model, msg: Treat, ctx: Ctx) -> Model:
    return _treat(model, seeded(ctx.fresh_seed), ctx, ctx.fresh_seed)


def treat_typed(model: Model, msg: TreatTyped, ctx: Ctx) -> Model:
    """The treater's 2D10 rolled at the table, and for a stabilization its hours (SIM-54)."""
    text = msg.text
    if saved.load(model)["form"]["treat"]["treatment"] == "stabilize":
        dice = typed_two(TREATMENT, STABILIZED_HOURS, text, ("treatment roll", "hours"))
    else:
        dice = typed_dice(TREATMENT, text, "treatment roll")
    return _treat(model, dice, ctx, "")


# --- view -------------------------------------------------------------------------------------


def _check_row(index: int, pending: core.PendingCheck, queued: str) -> VNode:
    """One check to roll, keyed by the checks queued now (``queued``): once one is rolled each
    row is new, with an empty "I rolled", so the same dice typed for two checks in a row are
    taken twice (the second was ignored as an unchanged field)."""
    key = f"{queued}-{index}-{pending.combatant}-{pending.rule}"
    return h(
        "li",
        {"class": "check", "data-testid": "sc-check", "data-key": key},
        h(
            "span",
            {},
            f"{pending.name}: {pending.named} TN {pending.target_number} "
            f"or {pending.on_failure} — ",
        ),
        odds(pending.chance),
        why([f"{pending.rule}: {pending.check} (2D10 under the TN; a 20 fails)."]),
        dice_entry(
            f"sc-check-{index}",
            "2D10",
            roll=Check(index),
            typed=CheckTyped(index),
            # The row names the check: "Roll Stamina Check for me" pushed "I rolled (2D10:
            # each die, or their total)" to two lines and "Waive" to a row of its own
            # (play-through simply); the attack's roll says "Roll attack for me" likewise.
            label="Roll check for me",
            also=button(f"sc-check-waive-{index}", "Waive", Waive(index)),
        ),
    )


def checks_card(
    model: Model, fight: core.Combat, state: dict[str, Any], last: VNode | None = None
) -> VNode:
    """The injury checks waiting (SIM-44, SIM-45, SIM-47), each with its odds and its roll; once
    a hit queues them they are the step under way, under the hit's result (``last``)."""
    queued = f"{fight.attacks}.{len(fight.pending)}"
    items = [_check_row(i, p, queued) for i, p in enumerate(fight.pending)]
    form = state["form"]
    first = fight.pending[0].combatant if fight.pending else ""
    luck = (
        saved.form_select(
            form, "check", "luck", "Luck on the next check", saved.luck_choice(fight, first)
        )
        if items
        else None
    )
    return h(
        "section",
        {"class": "card step", "aria-labelledby": "sc-checks-h", "data-testid": "sc-checks-step"},
        h("h2", {"id": "sc-checks-h"}, f"Checks to roll ({len(fight.pending)})"),
        last,
        # The first check's roll before the luck choice, so it is in view under the hit's
        # result at 768x1024 (issue 26); luck is declared before the roll, just below it.
        h("ul", {"class": "checks"}, *items)
        if items
        else h("p", {"class": "muted"}, "None. Injury effects queue their checks here."),
        luck,
        error_line(model, saved.ERRORS, "check", "sc-error-check"),
    )


def _task_line(fight: core.Combat, t: dict[str, str]) -> VNode:
    """The treatment's task for this patient now and, with the treater's rating, its chance."""
    parts: list[Any] = []
    said = ""
    rules: tuple[str, ...] = ()
    if t["patient"]:
        try:
            task = core.treatment_task(fight, t["patient"], t["treatment"], t["skill"])
            said, rules = str(task), task.rules
            parts.append(said)
            rating = saved.number(t, "rating", optional=True)
            roll = None if rating is None else treatment_chance(task, rating)
            if roll is not None:
                parts += [f" · {roll} · chance ", odds(roll.chance)]
        except ValueError as exc:
            said, rules = str(exc), rules_of(exc)
            parts = [said]
    return h(
        "div",
        {"class": "explain", "data-testid": "sc-treat-task"},
        *parts,
        why_rules(said, rules),
    )


def _automatic(fight: core.Combat, t: dict[str, str]) -> str | None:
    """ "Success"/"failure" when the treatment needs no roll now (SIM-52, SIM-T01: a bandage is
    Automatic), else None."""
    if not t["patient"]:
        return None
    try:
        return core.treatment_task(fight, t["patient"], t["treatment"], t["skill"]).automatic
    except ValueError:
        return None


def _treat_entry(fight: core.Combat, t: dict[str, str]) -> VNode:
    """The treatment's roll; with no roll to make, one button that says so (a "roll for me"
    that rolled nothing misled the GM)."""
    automatic = _automatic(fight, t)
    if automatic is not None:
        words = f"{t['treatment'].capitalize()}: {automatic.lower()} without a roll"
        return h("div", {"class": "row"}, button("sc-treat-roll", words, Treat()))
    return dice_entry(
        "sc-treat",
        "2D10, then 1D10 hours" if t["treatment"] == "stabilize" else "2D10",
        roll=Treat(),
        typed=TreatTyped(),
        label="Treat (roll for me)",
    )


def care_card(model: Model, fight: core.Combat, form: dict[str, Any]) -> VNode:
    treatments = [(x, x.capitalize()) for x in core.TREATMENTS]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "sc-care-h"},
        h("h2", {"id": "sc-care-h"}, "Time and treatment"),
        h(
            "div",
            {"class": "row"},
            button("sc-clock-1", "+1 min", Clock(1)),
            button("sc-clock-5", "+5 min", Clock(5)),
            button("sc-clock-60", "+1 hour", Clock(60)),
        ),
        error_line(model, saved.ERRORS, "clock", "sc-error-clock"),
        h(
            "div",
            {"class": "grid2"},
            saved.form_select(form, "treat", "patient", "Patient", saved.who(fight)),
            saved.form_select(form, "treat", "treatment", "Treatment", treatments),
            saved.form_select(form, "treat", "skill", "Treater's skill", SKILLS),
            saved.form_field(model, form, "treat", "rating", "Treater's skill rating"),
        ),
        _task_line(fight, form["treat"]),
        _treat_entry(fight, form["treat"]),
        error_line(model, saved.ERRORS, "treat", "sc-error-treat"),
    )
