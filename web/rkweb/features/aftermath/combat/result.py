"""The result where the tap was: the last attack's verdict in words, every step (with its dice
and rule) under "Why" and what was written to the sheets; or a hand-to-hand or thrown hit that
waits for its Damage Potential, asked now that the critical and its WDM bonus are known."""

from __future__ import annotations

from typing import Any

from pycore.systems.aftermath.fight.attack import CUTS, HEALTH
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.combat.update import (
    CbtApply,
    CbtCancel,
    CbtCritical,
    CbtCuts,
    CbtNextPhase,
    CbtPotential,
)
from rkweb.features.aftermath.state import err
from rkweb.kit.buttons import button
from rkweb.kit.fields import number
from rkweb.kit.results import why

#: The verdict is the page's outcome (FIGHT.md 5): after a tap that changed it, the glue brings
#: it into view when the step above pushed it below the screen (app/browser.py, as Simply's).
OUTCOME = "outcome-verdict outcome"


def _steps(source: dict[str, Any]) -> VNode:
    """Every step in words; the rule each applies (``why``: IDs, settings keys) only in its
    "Why" (an entry saved with them in its words had them moved there by the section's
    migration, ``saved.migrate_2_to_3``)."""
    steps = [str(s) for s in source.get("steps", [])]
    cited = ", ".join(str(r) for r in source.get("rules", []))
    rules = [str(r) for r in source.get("why", [])] or ([cited] if cited else [])
    return h(
        "details",
        {"class": "why"},
        h("summary", {}, "Every step"),
        h(
            "ol",
            {"class": "steps", "data-testid": "aft-steps"},
            *[h("li", {"class": "explain small", "data-testid": "aft-step"}, s) for s in steps],
        ),
        why(rules, testid="aft-steps-why", summary="Why (the rule of each step)"),
    )


#: What the pending card asks, by the value the hit waits for: (testid tail, label, step key).
ASKS = {
    "attack.damage_potential": (
        "dp",
        "Damage Potential (yours: the book does not say how WDM becomes it)",
        "Damage Potential",
    ),
    "attack.near_side_location": (
        "near-side",
        "Which location is on the near side (its figure is missing from the book)",
        "Split",
    ),
}


def _pending_card(title: str, verdict: str, *body: VNode | None, seen: bool = True) -> VNode:
    """An attack not finished yet: what it waits for, then the card's own fields. A title not
    ``seen`` is for a screen reader only: the verdict opens the card (where the tap was). A
    card asking for a value is where a reload resumes (app/browser.py); the dice's card is
    not: the next roll's entry below it is."""
    return h(
        "section",
        {
            "class": "card",
            "aria-labelledby": "aft-res-h",
            "data-testid": "aft-pending",
            "data-resume": seen or None,
        },
        h("h3", {"id": "aft-res-h", "class": None if seen else "visually-hidden"}, title),
        h(
            "p",
            {"class": OUTCOME, "data-testid": "aft-attack-result", "aria-live": "polite"},
            verdict,
        ),
        *body,
    )


def _health(model: Model, pending: dict[str, Any]) -> VNode:
    """A critical's Health throw waits for the target's Health AST and CST: asked right here,
    each in its named field, and kept on their sheet (issue 28: the GM was sent to the sheet)."""
    steps = [str(s) for s in pending.get("steps", [])]
    shown = [s for s in steps if s.startswith(("Damage Done", "Critical Effect", "Save to lower"))]
    ast, cst = str(pending.get("answer", "")), str(pending.get("answer_cst", ""))
    return _pending_card(
        "Result: the target's Health AST and CST",
        str(pending.get("summary", "")),
        *[h("p", {"class": "explain", "data-testid": "aft-pending-health"}, s) for s in shown],
        h(
            "div",
            {"class": "grid4"},
            number(
                "aft-health-ast",
                "Target's Health AST (kept on the target's sheet)",
                ast,
                CbtPotential(),
                error=err(model, "cbt.answer"),
            ),
            number(
                "aft-health-cst",
                "Target's Health CST (kept on the target's sheet)",
                cst,
                CbtPotential("cst"),
                error=err(model, "cbt.answer_cst"),
            ),
        ),
        h(
            "div",
            {"class": "row"},
            button(
                "aft-apply-dp",
                "Apply: roll the target's Health save",
                CbtApply(),
                primary=True,
            ),
            button("aft-drop-pending", "Drop this attack", CbtCancel()),
        ),
        _steps(pending),
    )


def _cuts(model: Model, pending: dict[str, Any]) -> VNode:
    """AFT-25: a Sever whose attack does not say whether it cuts (a bullet: the text does not
    say) waits for the GM's answer, asked here before it is applied: it bleeds, or (001 line
    34) it breaks the bone. One tap answers and goes on with the same dice."""
    steps = [str(s) for s in pending.get("steps", [])]
    shown = [s for s in steps if s.startswith(("Critical Effect", "Effect", "Sever"))]
    return _pending_card(
        "Result: does the attack cut?",
        str(pending.get("summary", "")),
        *[h("p", {"class": "explain", "data-testid": "aft-pending-sever"}, s) for s in shown],
        h(
            "div",
            {"class": "row"},
            button("aft-cuts-yes", "It cuts: the Sever bleeds", CbtCuts("yes"), primary=True),
            button("aft-cuts-no", "It does not cut: the bone breaks", CbtCuts("no")),
            button("aft-drop-pending", "Drop this attack", CbtCancel()),
        ),
        h("p", {"class": "field-error", "data-testid": "aft-cuts-error"}, err(model, "cbt.answer"))
        if err(model, "cbt.answer")
        else None,
        _steps(pending),
    )


def _pending(model: Model, pending: dict[str, Any]) -> VNode:
    """The hit waits for a value given now: its Damage Potential, once the critical and its WDM
    bonus are known (001 lines 7-13), or the near side of a split; the dice rolled stay."""
    steps = [str(s) for s in pending.get("steps", [])]
    asks = str(pending.get("asks", "attack.damage_potential"))
    if asks == HEALTH:
        return _health(model, pending)
    if asks == CUTS:
        return _cuts(model, pending)
    tail, label, step = ASKS.get(asks, ASKS["attack.damage_potential"])
    shown = next((s for s in steps if s.startswith(step)), "")
    mode = str(pending.get("mode", "hth"))
    field_name = "damage_potential" if tail == "dp" else "near_side"
    answer = str(pending.get("answer", ""))
    what = "Damage Potential" if tail == "dp" else "near-side location"
    return _pending_card(
        "Result: one more value",
        str(pending.get("summary", "")),
        h("p", {"class": "explain", "data-testid": "aft-pending-wdm"}, shown),
        number(
            f"aft-{mode}-{tail}",
            label,
            answer,
            CbtPotential(),
            error=err(model, f"cbt.{field_name}"),
        ),
        h(
            "div",
            {"class": "row"},
            button(
                "aft-apply-dp",
                f"Apply: {what} {answer}" if answer else "Apply",
                CbtApply(),
                primary=True,
            ),
            button("aft-drop-pending", "Drop this attack", CbtCancel()),
        ),
        _steps(pending),
    )


def _waiting_for_dice(pending: dict[str, Any]) -> VNode:
    """An attack rolled with the user's dice, waiting for the next roll: the rolls so far. The
    roll waited for is named once, by the entry right below (``aft-dice-next``): this card
    named it too ("Roll 2: hit location (1d100), typed just below"), a tablet's GM read it
    twice in three lines."""
    given = [str(g) for g in pending.get("given", [])]
    # The to-hit roll's verdict first, as soon as it is typed (AFT-03: "Hit:", then "to hit:
    # 1d20 = 5 vs BCS 13"): a GM's play-through saw no hit or miss until the damage was typed.
    # In the headline's place, not added to it: a critical's seven rolls keep to three lines.
    at = next((i for i, g in enumerate(given) if g.startswith("to hit:") and " vs BCS " in g), -1)
    verdict = ""
    if at >= 0:
        given[at], _, verdict = given[at].rpartition(": ")
    return _pending_card(
        "Result: waiting for your dice",
        f"{verdict.capitalize()}:" if verdict else "Your dice so far:",
        # The rolls run on after the verdict, wrapping the card's whole width, "Drop this
        # attack" at the right of their first lines (app.css .dice-given: first in the flow so
        # it floats there). A line each put the sixth roll's field of a called critical at
        # 1,016 px of a 1,024 px tablet; squeezed between the verdict and the button (about 290
        # px) a critical's seven rolls took six lines, the seventh's field at 984-1,032 px.
        h(
            "div",
            {"class": "dice-given"},
            button("aft-drop-pending", "Drop this attack", CbtCancel()),
            h(
                "ul",
                {"class": "small", "data-testid": "aft-dice-given"},
                *[h("li", {}, g) for g in given],
            ),
        ),
        seen=False,  # shown right above the dice (combat/view.py): its verdict says it all
    )


def result_card(
    model: Model, latest: dict[str, Any] | None, pending: Any, recall: Any = None
) -> VNode:
    if isinstance(pending, dict) and pending.get("wants"):
        return _waiting_for_dice(pending)
    if isinstance(pending, dict):
        return _pending(model, pending)
    entry = latest or {}
    applied = [str(n) for n in entry.get("applied", [])]
    return h(
        "section",
        # "Every step", what was applied and "Critical hit (your call)" share a line under the
        # verdict (app.css .result-done): a line each put the call at 1,007 px of a 1,024 px
        # tablet, an unarmed attacker's "By list…" open above.
        {"class": "card result-done", "aria-labelledby": "aft-res-h"},
        h("h3", {"id": "aft-res-h", "class": "visually-hidden"}, "Result"),
        h(
            "p",
            {"class": OUTCOME, "data-testid": "aft-attack-result", "aria-live": "polite"},
            str(entry["text"]) if latest else "Resolve an attack to see every step here.",
        ),
        _steps(entry) if latest else None,
        h(
            "ul",
            {"class": "small", "data-testid": "aft-applied"},
            *[h("li", {}, f"Applied: {n}") for n in applied],
        ),
        # AFT-04: a critical hit is the GM's call, made after seeing the die (issue 28).
        button("aft-res-crit", "Critical hit (your call)", CbtCritical())
        if latest and recall
        else None,
        # The way on beside the result (AFT-55: the clock moves by Action Phases): a GM's
        # tablet found the strip's "Next Action Phase" at y −839 after each shot and scrolled up
        # once a phase. Tapped here, the strip comes into view with the next phase and its
        # fighters' "Acts" (combat/strip.py marks it a step).
        button("aft-res-next-phase", "Next Action Phase", CbtNextPhase(), primary=True)
        if latest
        else None,
    )
