"""Aftermath Rolls tab: a BCS roll with modifiers picked from the tables, its exact chance and
what +1 changes (AFT-03); saving throws with their three outcomes and odds (AFT-05); opposed
Effect Die checks with win/lose/tie odds (AFT-07). Every roll is logged with its seed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pycore.dice import RandintSource, seeded, typed_dice
from pycore.errors import RuleError, RulekeeperError
from pycore.systems.aftermath import bcs
from pycore.systems.aftermath.attack import situation
from pycore.systems.aftermath.sheet import attributes
from pycore.systems.aftermath.sheet import sheet as core
from rkweb.app.messages import Action, Handler, Message, entered, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.state import (
    LOG_LIMIT,
    err,
    errors_why,
    names,
    optional_int,
    quietly,
    refused,
    set_err,
    state,
    undoable,
)
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip, chips
from rkweb.kit.dice_entry import dice_entry
from rkweb.kit.fields import number, select
from rkweb.kit.odds import odds_list, percent_text
from rkweb.kit.results import log_list, why

INT_FIELDS = {
    "bcs": ("Base BCS", -100, 100),
    "other": ("Other modifier", -100, 100),
    "ast": ("AST", 0, 40),
    "cst": ("CST", 0, 40),
    "blast": ("Blast Buffering level", 0, 20),
}


class RollField(Message, action="aftermath.roll_field"):
    """One field of the roll forms, as typed or picked."""

    key: str
    value: str = entered(default="")


class RollToggle(Message, action="aftermath.roll_toggle"):
    """A situation (or ``halved``) chosen, or unchosen."""

    key: str


class RollBcs(Message, action="aftermath.roll_bcs"):
    """The BCS roll with the app's D20."""


class RollBcsTyped(Message, action="aftermath.roll_bcs_typed"):
    """The BCS roll with the D20 rolled at the table."""

    text: str = entered(default="")


class RollSave(Message, action="aftermath.roll_save"):
    """The saving throw with the app's D20."""


class RollSaveTyped(Message, action="aftermath.roll_save_typed"):
    """The saving throw with the D20 rolled at the table."""

    text: str = entered(default="")


class RollOpposed(Message, action="aftermath.roll_opposed"):
    """Roll both Effect Dice of an opposed check."""


class RollClear(Message, action="aftermath.roll_clear"):
    """Clear the roll log (one undo step)."""


def _who(st: dict[str, Any], rolls: dict[str, Any]) -> dict[str, Any] | None:
    index = optional_int(rolls.get("who"))
    chars = st["characters"]
    return chars[index] if index is not None and 0 <= index < len(chars) else None


def _set(model: Model, key: str, raw: str) -> Model:
    """A field of the roll forms; picking a character or a skill fills the BCS, AST and CST
    from their sheet (by the skill's name)."""
    st = state(model)
    rolls = st["rolls"]
    if key in INT_FIELDS:
        name, low, high = INT_FIELDS[key]
        value = optional_int(raw)
        if value is None or not low <= value <= high:
            return set_err(
                model, f"roll.{key}", f"{name} must be a whole number from {low} to {high}."
            )
        rolls[key] = value
        model = set_err(model, f"roll.{key}", None)
    else:
        rolls[key] = raw
    who = _who(st, rolls)
    if who is not None and key in ("who", "skill"):
        for skill in who["skills"]:
            if skill["name"] == rolls.get("skill"):
                rolls["bcs"] = skill["bcs"]
    if who is not None and key in ("who", "attribute"):
        attr = str(rolls["attribute"])
        if isinstance(who["ast"].get(attr), int):
            rolls["ast"] = who["ast"][attr]
        if isinstance(who["cst"].get(attr), int):
            rolls["cst"] = who["cst"][attr]
    st["rolls"] = rolls
    return quietly(model, st)


def bcs_total(rolls: dict[str, Any], settings: dict[str, Any]) -> bcs.BcsTotal:
    """The core's BCS for the roll form, under the campaign's readings (AFT-M24, AFT-02)."""
    starred = settings["starred_hth_modifiers"] == "apply"
    mods = situation.hth_modifiers(rolls["situations"], starred)
    if int(rolls["other"]):
        mods.append(bcs.BcsModifier("other", int(rolls["other"]), "AFT-03"))
    rounding = str(settings["unstated_rounding"])
    return bcs.modified_bcs(int(rolls["bcs"]), mods, bool(rolls["halved"]), rounding=rounding)


def _log(model: Model, text: str, ctx: Ctx) -> Model:
    st = state(model)
    entry = {"text": text, "at": ctx.now, "seed": ctx.fresh_seed}
    st["rolls"]["log"] = [entry, *st["rolls"]["log"]][:LOG_LIMIT]
    return quietly(model, st, aftermath_roll_latest=text)


def _name(st: dict[str, Any], rolls: dict[str, Any]) -> str:
    who = _who(st, rolls)
    return f"{who['name']}: " if who else ""


def _toggle(model: Model, st: dict[str, Any], key: str) -> Model:
    rolls = st["rolls"]
    if key == "halved":
        rolls["halved"] = not rolls["halved"]
    else:
        chosen = list(rolls["situations"])
        rolls["situations"] = [k for k in chosen if k != key] if key in chosen else [*chosen, key]
        situation.hth_modifiers(rolls["situations"])  # refuse two of one group now
    return quietly(set_err(model, "roll.situations", None), st)


#: A roll of the tab: the model with its log line, from the saved state and a random source.
Roll = Callable[[Model, dict[str, Any], Ctx, RandintSource], Model]


def _bcs_roll(model: Model, st: dict[str, Any], ctx: Ctx, rng: RandintSource) -> Model:
    rolls = st["rolls"]
    total = bcs_total(rolls, st["settings"])
    result = bcs.roll_bcs(total.total, rng)
    return _log(model, f"{_name(st, rolls)}{total} · {result}", ctx)


def _save_roll(model: Model, st: dict[str, Any], ctx: Ctx, rng: RandintSource) -> Model:
    rolls = st["rolls"]
    save = bcs.roll_saving_throw(int(rolls["ast"]), int(rolls["cst"]), rng, 2 * int(rolls["blast"]))
    attr = core.ATTRIBUTE_NAMES.get(str(rolls["attribute"]), "")
    return _log(model, f"{_name(st, rolls)}{attr} saving throw: {save}", ctx)


def _opposed_roll(model: Model, st: dict[str, Any], ctx: Ctx, rng: RandintSource) -> Model:
    rolls = st["rolls"]
    target, target_text = attributes.roll_effect_die(str(rolls["die_a"]), rng)
    user, user_text = attributes.roll_effect_die(str(rolls["die_b"]), rng)
    verdict = attributes.judge_opposed(str(rolls["comparison"]), target, user)
    return _log(model, f"target {target_text}; user {user_text} → {verdict.verdict}", ctx)


def _rolled(model: Model, ctx: Ctx, roll: Roll) -> Model:
    """A roll of the tab with the app's dice."""
    return roll(model, state(model), ctx, seeded(ctx.fresh_seed))


def _typed(model: Model, ctx: Ctx, roll: Roll, key: str, text: str) -> Model:
    """The 1D20 rolled at the table ("I rolled ..."): checked against what a D20 can show, the
    refusal beside the field (``key``) and nothing rolled."""
    try:
        dice = typed_dice("1d20", text, "the D20 rolled")
    except RulekeeperError as exc:
        return refused(model, key, exc)
    return roll(set_err(model, key, None), state(model), ctx, dice)


def _field(model: Model, msg: RollField, ctx: Ctx) -> Model:
    return _set(model, msg.key, msg.value)


def _toggled(model: Model, msg: RollToggle, ctx: Ctx) -> Model:
    return _toggle(model, state(model), msg.key)


def _roll_bcs(model: Model, msg: RollBcs, ctx: Ctx) -> Model:
    return _rolled(model, ctx, _bcs_roll)


def _roll_bcs_typed(model: Model, msg: RollBcsTyped, ctx: Ctx) -> Model:
    return _typed(model, ctx, _bcs_roll, "roll.roll_bcs_typed", msg.text)


def _roll_save(model: Model, msg: RollSave, ctx: Ctx) -> Model:
    return _rolled(model, ctx, _save_roll)


def _roll_save_typed(model: Model, msg: RollSaveTyped, ctx: Ctx) -> Model:
    return _typed(model, ctx, _save_roll, "roll.roll_save_typed", msg.text)


def _roll_opposed(model: Model, msg: RollOpposed, ctx: Ctx) -> Model:
    return _rolled(model, ctx, _opposed_roll)


def _clear(model: Model, msg: RollClear, ctx: Ctx) -> Model:
    st = state(model)
    st["rolls"]["log"] = []
    return undoable(model, st, "Clear roll log", ctx)


_TABLE = handlers(
    _field,
    _toggled,
    _roll_bcs,
    _roll_bcs_typed,
    _roll_save,
    _roll_save_typed,
    _roll_opposed,
    _clear,
)


def update(model: Model, msg: Action, ctx: Ctx) -> Model:
    try:
        return handle(_TABLE, model, msg, ctx)
    except RuleError as exc:
        return refused(model, "roll.situations", exc)


#: Each Rolls message's handler, by its class's action (the table's names); a refusal shows
#: beside the situations.
HANDLERS: dict[str, Handler] = dict.fromkeys(_TABLE, update)


def _bcs_numbers(rolls: dict[str, Any], settings: dict[str, Any]) -> tuple[str, VNode | None]:
    """The BCS line and its odds, or the core's reason there is none."""
    try:
        total = bcs_total(rolls, settings)
    except RuleError as exc:
        return str(exc), None
    after = bcs.bcs_chance(min(total.total + 1, 100))
    odds = odds_list(
        "aft-roll-odds",
        [
            ("Chance of success", total.chance),
            (f"What +1 changes (then {percent_text(after)})", bcs.plus_one_change(total.total)),
        ],
    )
    return str(total), odds


def _d20_entry(model: Model, roll: Message, typed: Message, label: str) -> VNode:
    """The tab's D20: "Roll for me", or "I rolled ..." with the die on the table."""
    action = roll.ACTION.removeprefix("aftermath.")
    testid = "aft-" + action.replace("_", "-")
    return dice_entry(
        testid,
        "1D20",
        roll=roll,
        typed=typed,
        error=err(model, f"roll.{action}_typed"),
        label=label,
        roll_testid=f"{testid}-go",
    )


def _bcs_card(model: Model, st: dict[str, Any], rolls: dict[str, Any]) -> VNode:
    who = _who(st, rolls)
    skills = [("", "—")] + [
        (s["name"], f"{s['name']} (BCS {s['bcs']})") for s in (who or {}).get("skills", [])
    ]
    toggles = [
        chip(f"aft-roll-sit-{key}", label, key in rolls["situations"], RollToggle(key))
        for key, label in situation.hth_choices()
    ]
    formula, odds = _bcs_numbers(rolls, st["settings"])
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-bcs-h"},
        h("h3", {"id": "aft-bcs-h"}, "BCS roll (1D20 ≤ BCS)"),
        h(
            "p",
            {"class": "muted small"},
            "The text never states the die: 1D20, success on a roll at or under the modified BCS, "
            "no automatic results. Daze or Stun halves the BCS before the modifiers.",
        ),
        why(
            [
                "Reading AFT-03; halving AFT-21, AFT-22; modifiers AFT-08, AFT-T04 (* footnote missing, AFT-M24)"
            ]
        ),
        h(
            "div",
            {"class": "grid2"},
            select(
                "aft-roll-skill",
                "Skill of the chosen character",
                rolls.get("skill", ""),
                skills,
                RollField("skill"),
            ),
            number(
                "aft-roll-bcs",
                "Base BCS",
                rolls["bcs"],
                RollField("bcs"),
                error=err(model, "roll.bcs"),
            ),
            number(
                "aft-roll-other",
                "Other modifier",
                rolls["other"],
                RollField("other"),
                error=err(model, "roll.other"),
            ),
        ),
        chips(
            "Character state",
            [
                chip(
                    "aft-roll-halved",
                    "Dazed or Stunned (½ BCS)",
                    bool(rolls["halved"]),
                    RollToggle("halved"),
                )
            ],
            "aft-roll-state",
        ),
        chips("Hand-to-hand situation modifiers", toggles, "aft-roll-sits"),
        h("p", {"class": "field-error", "role": "alert"}, err(model, "roll.situations")),
        h(
            "div",
            {"class": "tn", "data-testid": "aft-roll-formula"},
            h("span", {"class": "total"}, formula),
        ),
        odds,
        _d20_entry(model, RollBcs(), RollBcsTyped(), "Roll 1D20 for me"),
    )


def _save_card(model: Model, rolls: dict[str, Any]) -> VNode:
    try:
        found = bcs.saving_throw_odds(int(rolls["ast"]), int(rolls["cst"]), 2 * int(rolls["blast"]))
        odds: VNode = odds_list(
            "aft-save-odds",
            [
                ("Critical range (roll ≤ CST)", found.critical),
                ("Ability range (CST < roll ≤ AST)", found.ability),
                ("Failure", found.failure),
                ("An Ability Saving Throw passes", found.ability_save),
            ],
        )
    except RuleError as exc:
        odds = h("p", {"class": "field-error", "data-testid": "aft-save-odds"}, str(exc))
    attributes_ = [(a, f"{core.ATTRIBUTE_NAMES[a]} ({a})") for a in core.ATTRIBUTES]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-save-h"},
        h("h3", {"id": "aft-save-h"}, "Saving throw"),
        h(
            "div",
            {"class": "grid2"},
            select(
                "aft-save-attribute",
                "Attribute",
                rolls["attribute"],
                attributes_,
                RollField("attribute"),
            ),
            number(
                "aft-save-ast",
                "AST",
                rolls["ast"],
                RollField("ast"),
                error=err(model, "roll.ast"),
            ),
            number(
                "aft-save-cst",
                "CST",
                rolls["cst"],
                RollField("cst"),
                error=err(model, "roll.cst"),
            ),
            number(
                "aft-save-blast",
                "Blast Buffering level (adds 2 × level to the AST)",
                rolls["blast"],
                RollField("blast"),
                error=err(model, "roll.blast"),
            ),
        ),
        why(["Saving throws: AFT-05; Blast Buffering: 001 line 522"]),
        odds,
        _d20_entry(model, RollSave(), RollSaveTyped(), "Roll saving throw for me"),
    )


def _opposed_card(rolls: dict[str, Any]) -> VNode:
    dice = [(d, d or "none (group 0)") for d in attributes.EFFECT_DICE]
    try:
        found = attributes.opposed_odds(str(rolls["die_a"]), str(rolls["die_b"]), "target", "user")
        odds: VNode = odds_list(
            "aft-opp-odds",
            [
                ("Target higher", found.first_higher),
                ("User higher", found.second_higher),
                ("Tie", found.tie),
            ],
        )
    except RuleError as exc:
        odds = h("p", {"class": "field-error", "data-testid": "aft-opp-odds"}, str(exc))
    checks = [
        ("check_for_daze", "Check for Daze (tie: Dazed)"),
        ("check_for_knocked_over", "Check for Knocked Over (tie: stays up)"),
        ("torso_entanglement", "Torso entanglement (tie: no second roll)"),
    ]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-opp-h"},
        h("h3", {"id": "aft-opp-h"}, "Opposed Effect Dice"),
        h(
            "div",
            {"class": "grid2"},
            select("aft-opp-a", "Target's die", rolls["die_a"], dice, RollField("die_a")),
            select("aft-opp-b", "User's die", rolls["die_b"], dice, RollField("die_b")),
            select(
                "aft-opp-kind",
                "Check",
                rolls["comparison"],
                checks,
                RollField("comparison"),
            ),
        ),
        why(["AFT-07"]),
        odds,
        button("aft-roll-opp-go", "Roll both dice", RollOpposed(), primary=True),
    )


def view(model: Model) -> VNode:
    st = state(model)
    rolls = st["rolls"]
    people = [("", "Nobody in particular")] + [(str(i), n) for i, n in enumerate(names(st))]
    who = select(
        "aft-roll-who",
        "Whose roll",
        rolls.get("who", ""),
        people,
        RollField("who"),
        hint="Picking a character fills in its skill BCS and its AST/CST.",
    )
    log = rolls["log"]
    latest = log[0]["text"] if log else "Roll to see the dice and the verdict here."
    return h(
        "div",
        {"class": "page aftermath-rolls"},
        h("section", {"class": "card"}, who, errors_why(model, "roll.")),
        _bcs_card(model, st, rolls),
        _save_card(model, rolls),
        _opposed_card(rolls),
        h(
            "section",
            {"class": "card", "aria-labelledby": "aft-rlog-h"},
            h("h3", {"id": "aft-rlog-h"}, f"Rolls ({len(log)})"),
            h(
                "p",
                {"class": "explain", "data-testid": "aft-roll-result", "aria-live": "polite"},
                latest,
            ),
            button("aft-roll-clear", "Clear roll log", RollClear(), disabled=not log),
            log_list(
                "aft-roll-log-entry", log, label="Rolls, newest first", list_testid="aft-roll-log"
            ),
        ),
    )
