"""The damage record and conditions of a character, with their timers (AFT-55): on its sheet,
and for the target beside the attack. A condition the worksheet does not add (System Shock
after cauterization, a fall) is recorded here by hand."""

from __future__ import annotations

from typing import Any

from pycore.dice import RandintSource, seeded, typed_dice
from pycore.errors import RuleError, RulekeeperError
from pycore.systems.aftermath.attack.bind import wounds
from pycore.systems.aftermath.conditions import Moment, condition_from_json
from pycore.systems.aftermath.sheet import sheet as core
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.state import (
    campaign_of,
    err,
    now_of,
    refused,
    set_err,
    state,
    undoable,
)
from rkweb.kit.buttons import button
from rkweb.kit.dice_entry import dice_entry, typed_text
from rkweb.kit.fields import select
from rkweb.kit.results import why

#: "Record a condition by hand" starts on no condition: a tap on "Add condition" never records
#: one the GM did not choose (it recorded System Shock, which the text leaves undefined,
#: AFT-M08); the core refuses the add until one is chosen.
CONDITION_DEFAULT = ""
CONDITION_PROMPT = "— choose a condition —"
#: The conditions recorded by hand that are compound fractures (AFT-25): they bleed, and take
#: the bleeding's D6, unless a Death Blow (:func:`_head_blow`).
FRACTURES = ("compound_fracture", "compound_fracture_head")


def draft(model: Model) -> dict[str, str]:
    """What is being typed into the sheet's add-forms (not saved)."""
    found = model.ui.get("aftermath_draft")
    return dict(found) if isinstance(found, dict) else {}


class CharDraft(Message, action="aftermath.char_draft"):
    """One field of the sheet's add-forms, as typed or picked (kept on the page, not saved)."""

    key: str
    value: str = entered(default="")


class CharRemoveCond(Message, action="aftermath.char_remove_cond"):
    """Remove a condition: whose (the character's place) and which (its place in their list)."""

    who: int
    position: int


class CharAddCond(Message, action="aftermath.char_add_cond"):
    """Record the drafted condition on a character (their place) from now (AFT-55); a compound
    fracture's bleeding rolled with the app's D6 (AFT-25)."""

    who: int


class CharAddCondTyped(Message, action="aftermath.char_add_cond_typed"):
    """Record a compound fracture on a character (their place) with the D6 of its bleeding rolled
    at the table and typed (AFT-25)."""

    who: int
    text: str = entered(default="")


#: The typed D6 of a hand-recorded compound fracture: its field's name and its error's key.
FRACTURE_DIE = "Bleeding 1D6 rolled"
DIE_ERROR = "char.condition_die"


def _draft(model: Model, msg: CharDraft, ctx: Ctx) -> Model:
    if msg.key == "condition":  # a condition chosen answers "choose one first"
        model = set_err(model, "char.condition", None)
    return model.with_ui(aftermath_draft={**draft(model), msg.key: msg.value})


def _remove_condition(model: Model, msg: CharRemoveCond, ctx: Ctx) -> Model:
    st = state(model)
    target = core.merged(st["characters"][msg.who])
    gone = target["conditions"][msg.position]
    target["conditions"] = [c for i, c in enumerate(target["conditions"]) if i != msg.position]
    st["characters"][msg.who] = target
    return undoable(model, st, f"Remove {gone.get('name')} from {target['name']}", ctx)


def _add_condition(model: Model, msg: CharAddCond | CharAddCondTyped, ctx: Ctx) -> Model:
    """Record a condition by hand from now (AFT-55); a compound fracture's bleeding takes the
    app's D6 or the one typed, checked against what a D6 shows (AFT-25)."""
    st = state(model)
    chosen = draft(model).get("condition", CONDITION_DEFAULT)
    text = typed_text(msg)
    rng: RandintSource = seeded(ctx.fresh_seed)
    if text is not None:
        try:
            rng = typed_dice("1d6", text, FRACTURE_DIE)
        except RulekeeperError as exc:
            return refused(model, DIE_ERROR, exc)
    try:
        target = core.add_condition(
            st["characters"][msg.who],
            chosen,
            now_of(st),
            rng,
            # AFT-25 reading: the attack's rule, by the campaign's setting (noncutting_head_sever)
            campaign_of(st).head_sever_is_death_blow,
        )
    except RuleError as exc:
        return refused(model, "char.condition", exc)
    st["characters"][msg.who] = target
    label = core.MANUAL_CONDITIONS[chosen].split(",")[0]
    model = set_err(set_err(model, "char.condition", None), DIE_ERROR, None)
    return undoable(model, st, f"{label}: {target['name']}", ctx)


#: The add-forms' drafts and the conditions' messages, keyed by their classes' actions.
HANDLERS = handlers(_draft, _remove_condition, _add_condition)


def damage_line(raw: dict[str, Any]) -> str:
    damage = raw["damage"]
    parts = [
        f"Lethal {damage.get('lethal', 0)}",
        f"Subdual {damage.get('subdual', 0)}",
        f"Critical {damage.get('critical', 0)}",
    ]
    if damage.get("c_type"):
        parts.append(f"C-type {damage['c_type']}")
    drt = raw["derived"]["drt"]
    return " · ".join(parts) + (f" · DRT {drt}" if drt else " · DRT not entered")


def _entry(testid: str, index: int, i: int, raw_cond: Any, now: Moment) -> tuple[VNode, str]:
    cond = condition_from_json(raw_cond)
    shown = cond.state_at(now)
    active = shown == "active"
    mark = {"active": "● ", "ended": "○ ended: ", "not yet": "◌ not yet: "}[shown]
    node = h(
        "li",
        {"class": "skill-row", "data-testid": f"{testid}-entry"},
        h("span", {"class": "strong" if active else "muted"}, mark + str(cond)),
        button(
            f"{testid}-remove-{i}",
            f"Remove {cond.name}",
            CharRemoveCond(index, i),
        ),
    )
    return node, f"{cond.name}: {cond.rule}"


def conditions_card(
    model: Model,
    raw: dict[str, Any],
    index: int,
    now: Moment,
    testid: str = "aft-conditions",
    treat: VNode | None = None,
) -> VNode:
    """The damage record and the conditions with their timers, then ``treat`` (a bleeding's
    treatments, characters/treat.py); "Add condition" records one by hand from now."""
    chosen = draft(model).get("condition", CONDITION_DEFAULT)
    fracture = chosen in FRACTURES
    # A Death Blow by the setting has no countdown: no die is asked, "Add condition" records it.
    blow = fracture and _head_blow(model, chosen)
    hurt = wounds(raw)
    entries = [_entry(testid, index, i, c, now) for i, c in enumerate(raw["conditions"])]
    return h(
        "section",
        {"class": "card", "aria-labelledby": f"{testid}-h"},
        h("h3", {"id": f"{testid}-h"}, f"Damage and conditions of {raw['name']} (now {now})"),
        h("p", {"data-testid": f"{testid}-damage"}, damage_line(raw)),
        h(
            "p",
            {
                "class": "notice" if hurt.past_drt else "muted small",
                "data-testid": f"{testid}-wounds",
            },
            str(hurt),
        ),
        h("ul", {"class": "skills"}, *[node for node, _ in entries])
        if entries
        else h("p", {"class": "muted"}, "No conditions."),
        treat,
        why(
            [rule for _, rule in entries]
            + ["Wounds: damage ÷ DRT, AFT-08, AFT-M07"]
            + (
                ["Past DRT, Critical Damage kept apart: AFT-M43"]
                if hurt.past_drt or hurt.critical
                else []
            )
            + (
                [
                    "Compound fracture of the head or neck: a Death Blow by the campaign "
                    "settings, AFT-25 (lines 32, 34)"
                ]
                if blow
                else ["Compound fracture: Health Group + 1D6 Combat Turns, AFT-25 (lines 32-34)"]
                if fracture
                else []
            ),
            testid=f"{testid}-why",
        ),
        h(
            "div",
            {"class": "row cond-pick"},
            select(
                f"{testid}-kind",
                "Record a condition by hand (starts now)",
                chosen,
                [("", CONDITION_PROMPT), *core.MANUAL_CONDITIONS.items()],
                CharDraft("condition"),
                error=err(model, "char.condition"),
            ),
            None
            if fracture and not blow
            else button(f"{testid}-add", "Add condition", CharAddCond(index)),
        ),
        _death_blow(raw, testid) if blow else None,
        _fracture_die(model, raw, index, testid) if fracture and not blow else None,
    )


def _head_blow(model: Model, chosen: str) -> bool:
    """AFT-25 reading: a compound fracture of the head or neck is a Death Blow when the campaign
    says so (settings.noncutting_head_sever), as an attack's is; it bleeds as printed else."""
    return chosen == "compound_fracture_head" and campaign_of(state(model)).head_sever_is_death_blow


def _death_blow(raw: dict[str, Any], testid: str) -> VNode:
    """What the fracture will be, said before the tap (the die's place keeps its test id)."""
    return h(
        "p",
        {"class": "muted small", "data-testid": f"{testid}-fracture"},
        f"By the campaign settings, a compound fracture of the head or neck is a Death Blow "
        f"for {raw['name']}, like a Sever there: it does not bleed.",
    )


def _fracture_die(model: Model, raw: dict[str, Any], index: int, testid: str) -> VNode:
    """A compound fracture bleeds to death in Health Group + 1D6 Combat Turns (AFT-25): its
    D6 rolled with the app's dice or typed, and the fracture recorded with its countdown.
    "Roll for me" keeps the "Add condition" button's test id."""
    dice = core.fracture_bleeding_dice(raw)
    return h(
        "div",
        {"data-testid": f"{testid}-fracture"},
        h(
            "p",
            {"class": "muted small"},
            f"{raw['name']} bleeds to death in {dice} Combat Turns unless bandaged or "
            "cauterized: roll the 1D6 to add the fracture and its countdown.",
        ),
        dice_entry(
            f"{testid}-die",
            "1D6",
            roll=CharAddCond(index),
            typed=CharAddCondTyped(index),
            error=err(model, DIE_ERROR),
            roll_testid=f"{testid}-add",
        ),
    )
