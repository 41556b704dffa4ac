"""Aftermath Rolls tab: a BCS roll with modifiers picked from the tables, its exact chance and
what +1 changes (AFT-03); saving throws with their three outcomes and odds (AFT-05); opposed
Effect Die checks with win/lose/tie odds (AFT-07). Every roll is logged with its seed."""

from __future__ import annotations

from typing import Any

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.systems.aftermath import attributes, bcs, situation
from pycore.systems.aftermath import sheet as core
from pycore.tables import load_table
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.aftermath.state import (
    LOG_LIMIT,
    errors,
    names,
    optional_int,
    quietly,
    state,
    undoable,
    with_error,
)
from rkweb.features.aftermath.widgets import button, chip, chips, field, log_list, odds, select
from rkweb.kit.numbers import odds_text

INT_FIELDS = {
    "bcs": (-100, 100),
    "other": (-100, 100),
    "ast": (0, 40),
    "cst": (0, 40),
    "blast": (0, 20),
}


def _who(st: dict[str, Any], rolls: dict[str, Any]) -> dict[str, Any] | None:
    index = optional_int(rolls.get("who"))
    chars = st["characters"]
    return chars[index] if index is not None and 0 <= index < len(chars) else None


def _set(model: Model, key: str, raw: str) -> Model:
    st = state(model)
    rolls = st["rolls"]
    if key in INT_FIELDS:
        low, high = INT_FIELDS[key]
        value = optional_int(raw)
        if value is None or not low <= value <= high:
            return with_error(
                model, f"roll.{key}", f"{key.upper()} must be a whole number from {low} to {high}."
            )
        rolls[key] = value
        model = with_error(model, f"roll.{key}", None)
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


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    kind = msg[0]
    st = state(model)
    rolls = st["rolls"]
    rng = seeded(ctx.fresh_seed)
    try:
        if kind == "aftermath.roll_field":
            return _set(model, str(msg[1]), str(msg[-1]))
        if kind == "aftermath.roll_toggle":
            key = str(msg[1])
            if key == "halved":
                rolls["halved"] = not rolls["halved"]
            else:
                chosen = list(rolls["situations"])
                rolls["situations"] = (
                    [k for k in chosen if k != key] if key in chosen else [*chosen, key]
                )
                situation.hth_modifiers(rolls["situations"])  # refuse two of one group now
            return quietly(with_error(model, "roll.situations", None), st)
        if kind == "aftermath.roll_bcs":
            total = bcs_total(rolls, st["settings"])
            result = bcs.roll_bcs(total.total, rng)
            return _log(model, f"{_name(st, rolls)}{total} · {result}", ctx)
        if kind == "aftermath.roll_save":
            save = bcs.roll_saving_throw(
                int(rolls["ast"]), int(rolls["cst"]), rng, 2 * int(rolls["blast"])
            )
            attr = core.ATTRIBUTE_NAMES.get(str(rolls["attribute"]), "")
            return _log(model, f"{_name(st, rolls)}{attr} saving throw: {save}", ctx)
        if kind == "aftermath.roll_opposed":
            target, target_text = attributes.roll_effect_die(str(rolls["die_a"]), rng)
            user, user_text = attributes.roll_effect_die(str(rolls["die_b"]), rng)
            verdict = attributes.judge_opposed(str(rolls["comparison"]), target, user)
            return _log(model, f"target {target_text}; user {user_text} → {verdict.verdict}", ctx)
        if kind == "aftermath.roll_clear":
            rolls["log"] = []
            return undoable(model, st, "Clear roll log", ctx)
    except RuleError as exc:
        return with_error(model, "roll.situations", str(exc))
    return model


def _err(model: Model, key: str) -> str:
    return errors(model).get(key, "")


def _bcs_card(model: Model, st: dict[str, Any], rolls: dict[str, Any]) -> VNode:
    who = _who(st, rolls)
    skills = [("", "—")] + [
        (s["name"], f"{s['name']} (BCS {s['bcs']})") for s in (who or {}).get("skills", [])
    ]
    table = load_table("aftermath", "situation_modifiers_hth")
    toggles = [
        chip(
            f"aft-roll-sit-{row['key']}",
            f"{row['situation']}{'*' if row['starred'] else ''} {int(str(row['bcs_modifier'])):+d}",
            row["key"] in rolls["situations"],
            ("aftermath.roll_toggle", str(row["key"])),
        )
        for row in table.rows
    ]
    try:
        total = bcs_total(rolls, st["settings"])
        formula = str(total)
        chance = odds_text(total.chance)
        plus = odds_text(bcs.plus_one_change(total.total))
        after = odds_text(bcs.bcs_chance(min(total.total + 1, 100)))
    except RuleError as exc:
        formula, chance, plus, after = str(exc), "—", "—", "—"
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-bcs-h"},
        h("h3", {"id": "aft-bcs-h"}, "BCS roll (1D20 ≤ BCS)"),
        h(
            "p",
            {"class": "muted small"},
            "Reading AFT-03: the text never states the die; 1D20, success on a roll at or under the "
            "modified BCS, no automatic results. Daze/Stun halves the BCS before the modifiers.",
        ),
        h(
            "div",
            {"class": "grid2"},
            select(
                "aft-roll-skill",
                "Skill of the chosen character",
                rolls.get("skill", ""),
                skills,
                ("aftermath.roll_field", "skill"),
            ),
            field(
                "aft-roll-bcs",
                "Base BCS",
                rolls["bcs"],
                ("aftermath.roll_field", "bcs"),
                _err(model, "roll.bcs"),
            ),
            field(
                "aft-roll-other",
                "Other modifier",
                rolls["other"],
                ("aftermath.roll_field", "other"),
                _err(model, "roll.other"),
            ),
        ),
        chips(
            "Character state",
            [
                chip(
                    "aft-roll-halved",
                    "Dazed or Stunned (½ BCS)",
                    bool(rolls["halved"]),
                    ("aftermath.roll_toggle", "halved"),
                )
            ],
            "aft-roll-state",
        ),
        chips(
            "Hand-to-hand situation modifiers (AFT-T04; * footnote missing)",
            toggles,
            "aft-roll-sits",
        ),
        h("p", {"class": "field-error", "role": "alert"}, _err(model, "roll.situations")),
        h(
            "div",
            {"class": "tn", "data-testid": "aft-roll-formula"},
            h("span", {"class": "total"}, formula),
        ),
        odds(
            "aft-roll-odds",
            [("Chance of success", chance), ("What +1 changes", f"{plus} more → {after}")],
        ),
        button("aft-roll-bcs-go", "Roll 1D20", ("aftermath.roll_bcs",)),
    )


def _save_card(model: Model, rolls: dict[str, Any]) -> VNode:
    try:
        found = bcs.saving_throw_odds(int(rolls["ast"]), int(rolls["cst"]), 2 * int(rolls["blast"]))
        pairs = [
            ("Critical range (roll ≤ CST)", odds_text(found.critical)),
            ("Ability range (CST < roll ≤ AST)", odds_text(found.ability)),
            ("Failure", odds_text(found.failure)),
            ("An Ability Saving Throw passes", odds_text(found.ability_save)),
        ]
    except RuleError as exc:
        pairs = [("Odds", str(exc))]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-save-h"},
        h("h3", {"id": "aft-save-h"}, "Saving throw (AFT-05)"),
        h(
            "div",
            {"class": "grid2"},
            select(
                "aft-save-attribute",
                "Attribute",
                rolls["attribute"],
                [(a, f"{core.ATTRIBUTE_NAMES[a]} ({a})") for a in core.ATTRIBUTES],
                ("aftermath.roll_field", "attribute"),
            ),
            field(
                "aft-save-ast",
                "AST",
                rolls["ast"],
                ("aftermath.roll_field", "ast"),
                _err(model, "roll.ast"),
            ),
            field(
                "aft-save-cst",
                "CST",
                rolls["cst"],
                ("aftermath.roll_field", "cst"),
                _err(model, "roll.cst"),
            ),
            field(
                "aft-save-blast",
                "Blast Buffering level (adds 2 × level to the AST, L522)",
                rolls["blast"],
                ("aftermath.roll_field", "blast"),
                _err(model, "roll.blast"),
            ),
        ),
        odds("aft-save-odds", pairs),
        button("aft-roll-save-go", "Roll saving throw", ("aftermath.roll_save",)),
    )


def _opposed_card(rolls: dict[str, Any]) -> VNode:
    dice = [(d, d or "none (group 0)") for d in attributes.EFFECT_DICE]
    try:
        found = attributes.opposed_odds(str(rolls["die_a"]), str(rolls["die_b"]), "target", "user")
        pairs = [
            ("Target higher", odds_text(found.first_higher)),
            ("User higher", odds_text(found.second_higher)),
            ("Tie", odds_text(found.tie)),
        ]
    except RuleError as exc:
        pairs = [("Odds", str(exc))]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-opp-h"},
        h("h3", {"id": "aft-opp-h"}, "Opposed Effect Dice (AFT-07)"),
        h(
            "div",
            {"class": "grid2"},
            select(
                "aft-opp-a", "Target's die", rolls["die_a"], dice, ("aftermath.roll_field", "die_a")
            ),
            select(
                "aft-opp-b", "User's die", rolls["die_b"], dice, ("aftermath.roll_field", "die_b")
            ),
            select(
                "aft-opp-kind",
                "Check",
                rolls["comparison"],
                [
                    ("check_for_daze", "Check for Daze (tie: Dazed)"),
                    ("check_for_knocked_over", "Check for Knocked Over (tie: stays up)"),
                    ("torso_entanglement", "Torso entanglement (tie: no second roll)"),
                ],
                ("aftermath.roll_field", "comparison"),
            ),
        ),
        odds("aft-opp-odds", pairs),
        button("aft-roll-opp-go", "Roll both dice", ("aftermath.roll_opposed",)),
    )


def view(model: Model) -> VNode:
    st = state(model)
    rolls = st["rolls"]
    who = select(
        "aft-roll-who",
        "Whose roll",
        rolls.get("who", ""),
        [("", "Nobody in particular")] + [(str(i), n) for i, n in enumerate(names(st))],
        ("aftermath.roll_field", "who"),
        "Picking a character fills in its skill BCS and its AST/CST.",
    )
    log = rolls["log"]
    latest = log[0]["text"] if log else "Roll to see the dice and the verdict here."
    return h(
        "div",
        {"class": "page aftermath-rolls"},
        h("section", {"class": "card"}, who),
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
            button("aft-roll-clear", "Clear roll log", ("aftermath.roll_clear",), False, not log),
            log_list("aft-roll", log),
        ),
    )
