"""After the blow: the injury checks' rolls (SIM-44, SIM-45, SIM-47; their card: checks.py),
the game clock and bleeding (SIM-46, SIM-49, SIM-D14), and treatment (SIM-51 to SIM-55). Every
TN, chance and effect is the core's."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pycore.dice import DiceError, RandintSource, TypedDice, seeded, typed_dice
from pycore.errors import RuleError
from pycore.systems.simply import fight as core
from pycore.systems.simply.character_json import character_from_json
from pycore.systems.simply.fight.dice import CHECK, STABILIZED_HOURS, TREATMENT
from pycore.systems.simply.fight.sheet import treater_skill
from pycore.systems.simply.links import index_of
from pycore.systems.simply.recovery import treatment_chance
from rkweb.app.messages import Message, entered
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.simply.combat import fields
from rkweb.features.simply.combat import state as saved
from rkweb.features.simply.words import error_line, why_rules
from rkweb.kit import steps
from rkweb.kit.buttons import button
from rkweb.kit.dice_entry import dice_entry, typed_field
from rkweb.kit.fields import rules_of, select, with_error
from rkweb.kit.odds import odds

SKILLS = [("First Aid", "First Aid"), ("Medicine", "Medicine")]
HOLDS = "The stabilization holds: type the 1D10 hours it lasts."


# --- update -----------------------------------------------------------------------------------


def _check(model: Model, index: int, rng: RandintSource, ctx: Ctx, seed: str) -> Model:
    state = saved.load(model)
    before = saved.fight_of(model, state)
    declared = state["form"]["check"]["luck"] == "yes"
    lucky = 0 <= index < len(before.pending) and fields.luck_declared(before, index, declared)
    fight, rolled = core.roll_check(before, index, rng, luck=lucky)
    state["form"] = {**state["form"], "check": {"luck": "no"}}  # declared for one roll
    shown = {
        "verdict": rolled.verdict,
        "number": rolled.number,
        "text": rolled.text,
        "passed": rolled.passed,
        **({"dropped": rolled.dropped_words} if rolled.dropped else {}),
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
    """The treater's 2D10 rolled at the table, as typed."""

    text: str = entered(default="")


class CareJump(Message, action="simply.combat_care_jump"):
    """ "Time and treatment" tapped in the order strip: its card brought into view."""


#: How many times "Time and treatment" was tapped in the strip (the page's, not the fight's).
JUMPS = "simply_care_jumps"


def jump(model: Model, msg: CareJump, ctx: Ctx) -> Model:
    """FIGHT.md: at 768x1024 nothing needs a scroll to be found. With three fighters the card
    sat at y 1270 of 1024, under the attack, damage and checks steps: a tap in the strip brings
    it into view (its ``data-step-on`` is new, so the page reveals it), no undo step."""
    return model.with_ui(**{JUMPS: int(model.ui.get(JUMPS, 0)) + 1})


def jump_button() -> VNode:
    """The strip's way to the clock and the treatments, as short as its folds beside it."""
    return h(
        "button",
        {"type": "button", "class": "jump", "data-testid": "sc-care-jump", "on_click": CareJump()},
        "Time, treatment ↓",
    )


class HoursTyped(Message, action="simply.combat_hours_typed"):
    """A stabilization's 1D10 hours rolled at the table, as typed."""

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


def _rating(
    model: Model, fight: core.Combat, t: dict[str, str]
) -> tuple[int | None, str | None, str]:
    """The treater's skill rating, its level and where it comes from: from the Treater's sheet
    (their First Aid or Medicine, SIM-28), a typed rating winning; a sheet without the skill is
    refused, a mental skill having no default (SIM-03, SIM-51 reading); a quick NPC has no
    skills on record, so their rating is typed (the field says so), else none."""
    typed = saved.number(t, "rating", optional=True)
    who = t["treater"] or fight.cursor
    try:
        c = fight.get(who) if who else None
        records = model.section("simply_characters").get("list", [])
        index = None if c is None else index_of(records, c.character)
        sheet = None if index is None else character_from_json(records[index])
    except RuleError:
        c, sheet = None, None
    if sheet is not None:
        rated = treater_skill(sheet, t["skill"])  # refused: no roll (SIM-03)
        if typed is None:
            return (
                rated[0],
                rated[1],
                f"{rated[0]} ({c.name if c else ''}'s sheet: {t['skill']} {rated[1]})",
            )
    if typed is not None or c is None:
        return typed, None, ""
    return None, None, f"type it ({c.name}: quick NPC, no skills on record)"


def _treat(model: Model, rng: RandintSource, ctx: Ctx, seed: str) -> Model:
    state = saved.load(model)
    t = state["form"]["treat"]
    fight = saved.fight_of(model, state)
    # The patient's task is refused first ("Mara has no injury to treat"); a bandage needs no
    # skill (SIM-53), so no rating.
    task = core.treatment_task(fight, t["patient"], t["treatment"], t["skill"])
    rolled = task.automatic is None
    rating, level, _ = _rating(model, fight, t) if rolled else (None, None, "")
    fight, done = core.treat(
        fight,
        t["patient"],
        t["treatment"],
        rng,
        skill=t["skill"],
        rating=rating,
        level=level,
        treater=t["treater"] or None,
        luck=t.get("luck") == "yes" and rolled,
    )
    label = t["treatment"].capitalize()
    # The next treatment's own rolls and Treater (derived again: whoever acts then).
    untyped = {**t, **dict.fromkeys(PARTS, ""), "typed_for": "", "treater": "", "luck": "no"}
    # The roll said back where it was typed, its dice as read (the log is a scroll away).
    verdict = "Success" if done.success else "Failure"
    said = {"verdict": verdict, "number": "", "text": done.text, "passed": done.success}
    result = {**state["result"], "treat": said}
    state = {**state, "form": {**state["form"], "treat": untyped}, "result": result}
    return saved.commit(model, state, fight, label, ctx, (done,), seed)


def treat(model: Model, msg: Treat, ctx: Ctx) -> Model:
    return _treat(model, seeded(ctx.fresh_seed), ctx, ctx.fresh_seed)


def treat_typed(model: Model, msg: TreatTyped, ctx: Ctx) -> Model:
    """The treater's 2D10 rolled at the table (SIM-52): its dice or their total."""
    return _typed_part(model, "rolled", msg.text, ctx)


def hours_typed(model: Model, msg: HoursTyped, ctx: Ctx) -> Model:
    """A stabilization's 1D10 hours rolled at the table (SIM-54)."""
    return _typed_part(model, "hours", msg.text, ctx)


#: The treatment's rolls typed at the table, each in its own field: the treater's 2D10 (SIM-52)
#: and, for a stabilization that holds, its 1D10 hours (SIM-54); the form's key of each, its
#: dice and who rolls what, as said on screen.
PARTS = {
    "rolled": (TREATMENT, "Treater rolled", "Treater's roll"),
    "hours": (STABILIZED_HOURS, "Hours it holds", "Hours it holds"),
}


class _HoursDue(Exception):
    """The stabilization holds and its hours are not typed yet (SIM-54: 1D10 hours)."""


class _UpToHours(TypedDice):
    """The treater's typed dice; a die asked for past them is the stabilization's hours, due
    from the GM (the core rolls them only when the stabilization holds)."""

    def randint(self, a: int, b: int, /) -> int:
        if not self.unused:
            raise _HoursDue
        return super().randint(a, b)


def _typed_part(model: Model, part: str, text: str, ctx: Ctx) -> Model:
    """One of the treatment's rolls typed at the table. Play-through simply: a stabilization's
    2D10 and 1D10 hours were typed in one field, and "12 4" read as a total 12 and 4 hours
    while "3 4" read as a total 3 and 4 hours, where a GM who typed the treater's dice meant
    3 + 4 = 7. Each roll has its own field, named by who rolls what dice, and takes one roll:
    its dice or their total. The treatment rolls once the treater's roll is typed; a
    stabilization that holds waits for its hours, the treater's roll said back meanwhile."""
    state = saved.load(model)
    t = state["form"]["treat"]
    stabilize = t["treatment"] == "stabilize"
    if part == "hours" and not stabilize:
        return model  # only a stabilization has hours to type
    typed = _typed_now(t) | {part: text.strip()}
    if typed[part]:  # refused at once, beside its roll, in words that say what to type
        _read_back(part, typed[part])
    if not stabilize:
        return _treat(model, _typed(typed["rolled"], "rolled"), ctx, "")
    if not typed["rolled"]:
        return _keep(model, state, typed)
    if typed["hours"]:
        both = core.typed_rolls(*((PARTS[k][0], typed[k], PARTS[k][2]) for k in PARTS))
        return _treat(model, both, ctx, "")
    alone = _typed(typed["rolled"], "rolled")
    try:
        return _treat(model, _UpToHours(alone.faces, alone.field, alone.invented), ctx, "")
    except _HoursDue:
        return _keep(model, state, typed)


def _keep(model: Model, state: dict[str, Any], typed: dict[str, str]) -> Model:
    """The treatment's rolls typed so far, kept (no undo step) until the other comes, for this
    patient, treatment and treater only (:func:`_typed_now`), and marked with the steps they
    follow (:func:`saved.keep_typed`): an undo of the step before them sets them aside, a
    redo gives them back."""
    t = state["form"]["treat"]
    treat = {**t, **typed, "typed_for": _treated(t)}
    waiting = {**state, "form": {**state["form"], "treat": treat}}
    return with_error(saved.keep_typed(model, waiting), saved.ERRORS, "treat", None)


def _treated(t: dict[str, str]) -> str:
    """Which treatment the rolls typed are for: its patient, treatment, treater, skill and
    rating."""
    return "|".join(t[k] for k in ("patient", "treatment", "treater", "skill", "rating"))


def _typed_now(t: dict[str, str]) -> dict[str, str]:
    """The rolls typed for the treatment set up now; typed for another (a patient, treatment
    or treater changed since), none."""
    mine = t.get("typed_for") == _treated(t)
    return {k: t[k].strip() if mine else "" for k in PARTS}


def _typed(text: str, part: str) -> TypedDice:
    return core.typed_rolls((PARTS[part][0], text, PARTS[part][2]))


def _read_back(part: str, text: str) -> str:
    """How one typed roll is read: "3 + 4 = 7" for its dice, "9 (total)" for a total, "4" for
    one die; refused in words naming the field and what it takes (play-through simply: "12 4"
    for a 2D10 said only "a die from 1 to 10 cannot show 12")."""
    expr = PARTS[part][0]
    try:
        dice = _typed(text, part)
    except DiceError as exc:
        raise DiceError(f"{exc}; {_form_of(expr)}") from None
    if any(dice.invented):
        return f"{sum(dice.faces)} (total)"
    if len(dice.faces) == 1:
        return str(dice.faces[0])
    return f"{' + '.join(map(str, dice.faces))} = {sum(dice.faces)}"


def _form_of(expr: str) -> str:
    """What one roll of ``expr`` takes, in words with an example.

    >>> _form_of("2d10"), _form_of("1d10")
    ('type its 2 dice (1 to 10 each, as 3 4) or their total (2 to 20), one roll only', 'type the die (1 to 10)')
    """
    count, faces = (int(n) for n in expr.split("d"))
    if count == 1:
        return f"type the die (1 to {faces})"
    return (
        f"type its {count} dice (1 to {faces} each, as 3 4) or their total "
        f"({count} to {count * faces}), one roll only"
    )


# --- view -------------------------------------------------------------------------------------


def _derived_rating(model: Model, fight: core.Combat, t: dict[str, str]) -> str | None:
    """Where the treater's rating comes from, said in its empty field: their sheet, or typed for
    a quick NPC; a sheet without the skill, "none" (the task line says why)."""
    try:
        return _rating(model, fight, {**t, "rating": ""})[2] or None
    except RuleError:
        return "none: not learned"


def _task_line(model: Model, fight: core.Combat, t: dict[str, str]) -> VNode:
    """The treatment's task for this patient now and, with the treater's rating, its chance."""
    parts: list[Any] = []
    said = ""
    rules: tuple[str, ...] = ()
    if t["patient"]:
        try:
            task = core.treatment_task(fight, t["patient"], t["treatment"], t["skill"])
            said, rules = str(task), task.rules
            parts.append(said)
            rating, level, _ = (None, None, "") if task.automatic else _rating(model, fight, t)
            roll = None if rating is None else treatment_chance(task, rating, level)
            if roll is not None:
                chance = _lucky(fight, t, roll.target.total, level) or roll.chance
                parts += [f" · {roll} · chance ", odds(chance)]
        except ValueError as exc:
            said, rules = str(exc), rules_of(exc)
            parts = [said]
    return h(
        "div",
        {"class": "explain", "data-testid": "sc-treat-task"},
        *parts,
        why_rules(said, rules),
    )


def _lucky(fight: core.Combat, t: dict[str, str], tn: int, level: str | None) -> Fraction | None:
    """The treatment's chance with the treater's luck declared (SIM-10: their LP staked, a
    failure bought off 1:1), as :func:`core.treat` rolls it; None without luck."""
    who = t["treater"] or fight.cursor
    if t.get("luck") != "yes" or not who:
        return None
    try:
        stake = core.luck_pool(fight.get(who), True)
    except RuleError:
        return None
    return core.hit_chance(tn, None, attacker_skilled=level is not None, luck=stake)


def _automatic(fight: core.Combat, t: dict[str, str]) -> str | None:
    """ "Success"/"failure" when the treatment needs no roll now (SIM-52, SIM-T01: a bandage is
    Automatic), else None."""
    if not t["patient"]:
        return None
    try:
        return core.treatment_task(fight, t["patient"], t["treatment"], t["skill"]).automatic
    except ValueError:
        return None


def _treat_entry(fight: core.Combat, t: dict[str, str], count: int) -> VNode:
    """The treatment's roll; with no roll to make, one button that says so (a "roll for me"
    that rolled nothing misled the GM). Typed at the table, each roll in its own field named
    by who rolls what dice (:func:`_typed_part`), a roll typed first said back in its label
    until the treatment rolls."""
    automatic = _automatic(fight, t)
    if automatic is not None:
        words = f"{t['treatment'].capitalize()}: {automatic.lower()} without a roll"
        return h("div", {"class": "row"}, button("sc-treat-roll", words, Treat()))
    typed = _typed_now(t)
    said = {k: f"{PARTS[k][1]} {_said(k, typed[k])}" for k in PARTS}
    # Each treatment's roll its own field (``count``: the fight's steps so far): rolled, the
    # next one's is empty, and the same dice typed again are taken.
    entry = f"{_treated(t)}|{count}"
    hours = None
    if t["treatment"] == "stabilize":
        hours = typed_field(
            "sc-treat-hours",
            said["hours"],
            HoursTyped(),
            typed_value=typed["hours"],
            entry=entry,
            placeholder="the die",
        )
    return h(
        "div",
        {"class": "treat-roll"},
        dice_entry(
            "sc-treat",
            "2D10",
            roll=Treat(),
            typed=TreatTyped(),
            label="Treat (roll for me)",
            typed_label=said["rolled"],
            typed_value=typed["rolled"],
            placeholder="each die, or total",
            entry=entry,
            also=hours,
        ),
        # Only a stabilization that holds asks for its hours (SIM-54): the treater's roll
        # waits here for them, so it held.
        # A step the typed roll brings: revealed if it lands off screen (in_place.py; a GM
        # typing the roll near the screen's bottom found it at y 1039 of 1024).
        h(
            "p",
            {"class": "small", "data-testid": "sc-treat-holds", "data-step": "treat-holds"},
            HOLDS,
        )
        if typed["rolled"] and hours is not None
        else None,
    )


def _said(part: str, text: str) -> str:
    """A roll typed as read ("3 + 4 = 7"), or its dice while none is typed ("(2D10)")."""
    if text:
        try:
            return _read_back(part, text)
        except ValueError:
            pass
    return f"({PARTS[part][0].upper()})"


def _treated_line(state: dict[str, Any]) -> VNode | None:
    """The last treatment's roll and outcome, under its entry, until another step's result."""
    shown = state["result"].get("treat")
    if not isinstance(shown, dict):
        return None
    return h("p", {"class": "explain", "data-testid": "sc-treat-result"}, str(shown.get("text")))


def _treaters(fight: core.Combat, chosen: str) -> list[tuple[str, str]]:
    """The Treater: derived, whoever acts now (a revive is their Other action, SIM-51; a bandage
    the rest of their turn, SIM-53), or another the GM picks (one acting out of turn with held
    actions, SIM-36). Outside a turn no action is charged and no one is derived. Whoever acts
    now is listed once, as derived (play-through simply: "Mara (whose turn it is)", then
    "Mara"); the disabled get no actions (SIM-38) and are not offered, but the one chosen
    stays, said so (the form refuses them beside the field)."""
    now = fight.cursor
    derived = f"{fight.get(now).name} (whose turn it is)" if now else "no one: no turn yet"
    offered = [
        (c.id, c.name if not c.disabled else f"{c.name} ({_down(c)}: no actions)")
        for c in fight.combatants
        if c.id != now and (not c.disabled or c.id == chosen)
    ]
    return [("", derived), *offered]


def _down(c: core.Combatant) -> str:
    """Why a disabled fighter takes no action (SIM-48 to SIM-50)."""
    return "dead" if c.dead else "critical condition" if c.critical else "unconscious"


def _treater_field(fight: core.Combat, form: dict[str, Any]) -> VNode:
    """The Treater's choice, with whom it leaves out and why, and a treater the rules refuse
    said beside it before any roll (SIM-38: a disabled character gets no actions)."""
    chosen = form["treat"]["treater"]
    try:
        core.check_treater(fight, chosen or None)
        error = ""
    except RuleError as exc:
        error = str(exc)
    down = [f"{c.name} ({_down(c)})" for c in fight.combatants if c.disabled]
    hint = f"Not offered: {', '.join(down)}: no actions when disabled." if down else ""
    return select(
        "sc-treat-treater",
        "Treater",
        chosen,
        _treaters(fight, chosen),
        fields.Form("treat", "treater"),
        error=error,
        hint=hint,
    )


def care_card(model: Model, fight: core.Combat, form: dict[str, Any]) -> VNode:
    treatments = [(x, x.capitalize()) for x in core.TREATMENTS]
    # Revealed when "Time and treatment" is tapped in the strip (jump), never on its own: new
    # on the page it stays quiet, and its other changes (the clock) are not what it is keyed on.
    asked = f"jump-{model.ui.get(JUMPS, 0)}"
    return h(
        "section",
        {
            "class": "card",
            "aria-labelledby": "sc-care-h",
            "data-testid": "sc-care",
            "data-step": "sc-care",
            "data-step-on": asked,
            "data-step-quiet": True,
        },
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
            fields.form_select(form, "treat", "patient", "Patient", fields.who(fight)),
            fields.form_select(form, "treat", "treatment", "Treatment", treatments),
            _treater_field(fight, form),
            fields.form_select(form, "treat", "skill", "Treater's skill", SKILLS),
            fields.form_field(
                model,
                form,
                "treat",
                "rating",
                "Treater's skill rating",
                placeholder=_derived_rating(model, fight, form["treat"]),
            ),
            # A treatment rolled is a Test: the treater may declare luck (SIM-10).
            fields.form_select(
                form,
                "treat",
                "luck",
                "Treater's luck",
                fields.luck_choice(fight, form["treat"]["treater"] or fight.cursor or ""),
            ),
        ),
        _task_line(model, fight, form["treat"]),
        _treat_entry(fight, form["treat"], steps.step_count(saved.load(model))),
        _treated_line(saved.load(model)),
        error_line(model, saved.ERRORS, "treat", "sc-error-treat"),
    )
