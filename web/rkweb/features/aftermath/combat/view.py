"""The Combat tab, one step on one screen at 768x1024 (FIGHT.md): the order strip (the clock,
each character's damage and conditions, who acts and who is aimed at), the attacker's panel
(their weapons with their chance), the step (the attack form with its BCS and chance, the dice),
the result where the tap was; below them the target's full record and the combat log."""

from __future__ import annotations

import zlib
from fractions import Fraction
from typing import Any

from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.characters.conditions import conditions_card
from rkweb.features.aftermath.characters.treat import treat_block
from rkweb.features.aftermath.combat.hand import hth_form
from rkweb.features.aftermath.combat.missile import missile_form
from rkweb.features.aftermath.combat.panel import panel
from rkweb.features.aftermath.combat.pieces import flag
from rkweb.features.aftermath.combat.preview import Worked, preview, refused_notice, worked
from rkweb.features.aftermath.combat.result import result_card
from rkweb.features.aftermath.combat.strip import strip
from rkweb.features.aftermath.combat.thrown import thrown_form
from rkweb.features.aftermath.combat.treating import TARGET_TREAT, under_strip
from rkweb.features.aftermath.combat.update import RESULT_HERE, CbtClear, CbtResolve, CbtTyped
from rkweb.features.aftermath.state import err, errors_why, now_of, person, state
from rkweb.kit.buttons import button
from rkweb.kit.dice_entry import dice_entry
from rkweb.kit.odds import percent_text
from rkweb.kit.results import log_list, why


def _dice(
    model: Model, pending: Any, attacks: str, who: str, refused: VNode | None = None
) -> VNode:
    """Roll every die for me, or type each roll of physical dice in turn: the attack waits for
    the next roll, named (to hit, hit location, damage...). Each roll (of each attack: ``attacks``
    names the newest logged) empties the field: one that still held the 5 typed for the last
    roll ignored a 5 typed for this one (issue 25), as typing the same text is no change."""
    waiting = isinstance(pending, dict) and bool(pending.get("wants"))
    expr = str(pending["wants"]) if waiting else "1d20"
    what = str(pending.get("what") or "the next roll") if waiting else "to hit"
    number = int(pending.get("index", 0)) + 1 if waiting else 1
    if refused is not None and not waiting:
        # An attack the rules refuse (its reason: Stunned, already attacked in this Action
        # Phase) has no dice to roll until the GM gives a reason to allow it, in the refusal
        # that takes their place: a GM's play-through typed the same dice again in the box
        # asking "Roll 1: to hit" and fired a second shot in one phase.
        note = "No roll: refused; the GM's reason allows it"
        return h(
            "div",
            {"data-testid": "aft-dice"},
            refused,
            h("p", {"class": "explain", "data-testid": "aft-dice-next"}, note),
        )
    return h(
        "div",
        # A reload mid-attack brings the next roll back on the screen (app/browser.py); so does
        # a tap that makes it another attack (data-step-on: who attacks whom with what; each
        # roll typed leaves it where the tap was): a GM's tablet found "Resolve (roll for me)"
        # at 1,122 px of 1,024 after choosing another weapon and target, an undo's notice above.
        {
            "class": "row attack-dice",
            "data-testid": "aft-dice",
            "data-resume": waiting or None,
            "data-step": "aft-dice",
            "data-step-on": who,
            # A finished attack's way on is "Next Action Phase" beside its result; the dice
            # that come back under it are for another attack, not this tap's next step: not
            # scrolled to (Bo's Damage Potential applied scrolled the page 27 px for them,
            # moving the result from where the tap was, FIGHT.md 5).
            "data-step-quiet": (not waiting) or None,
        },
        # The one place the roll waited for is named (the card above lists the rolls so far);
        # said to a screen reader as each roll moves it on.
        # Its chance runs on after its name, in the same box (a line of its own made the box
        # taller than the dice beside it and moved their field down).
        h(
            "div",
            {"class": "explain roll-named", "aria-live": "polite"},
            h("span", {"data-testid": "aft-dice-next"}, f"Roll {number}: {what}"),
            *_chances(pending if waiting else {}),
        ),
        dice_entry(
            "aft-dice",
            expr,
            roll=CbtResolve(),
            typed=CbtTyped(),
            error=err(model, "cbt.dice"),
            label="Roll the rest for me" if waiting else "Resolve (roll for me)",
            roll_testid="aft-resolve",
            entry=f"{attacks}-{number}",
        ),
    )


def _chances(pending: dict[str, Any]) -> list[VNode]:
    """What the roll waited for decides, each with its exact chance, after its name: a save's
    "saves on D20 ≤ 8" 40% (AFT-05), as the to-hit roll shows its chance (a GM's play-through:
    the critical's Health throws waited with none)."""
    found = pending.get("odds")
    if not isinstance(found, list):
        return []
    return [
        # Plain text in the name's flow: the chance's tap target (44 px high) made the box
        # taller than the dice beside it; its exact fraction is the span's title.
        h(
            "span",
            {"class": "roll-odds", "data-testid": "aft-dice-odds", "title": f"exactly {p}"},
            f" · {label}: {percent_text(p)}",
        )
        for label, p in _pairs(found)
    ]


def _pairs(found: list[Any]) -> list[tuple[str, Fraction]]:
    pairs = []
    for item in found:
        try:
            label, text = item
            pairs.append((str(label), Fraction(str(text))))
        except (TypeError, ValueError, ZeroDivisionError):
            continue  # a damaged record shows the roll's name alone
    return pairs


def _newest(log: list[dict[str, Any]]) -> str:
    """The newest attack logged, as a short stable name (the log is capped: not its length)."""
    return f"{len(log)}-{zlib.crc32(repr(log[0]).encode()) if log else 0}"


def _log(log: list[dict[str, Any]]) -> VNode:
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-clog-h"},
        h(
            "div",
            {"class": "row between"},
            h("h3", {"id": "aft-clog-h"}, f"Combat log ({len(log)})"),
            button("aft-cbt-clear", "Clear combat log", CbtClear(), disabled=not log),
        ),
        log_list(
            "aft-cbt-log-entry", log, label="Combat log, newest first", list_testid="aft-cbt-log"
        ),
        # Named for what it explains: a bare "Why" under the log read as its last entry's.
        why(
            ["AFT-55: 20 Action Phases per Combat Turn, implied by the KPH table (AFT-43)"],
            "aft-clog-why",
            "Why 20 Action Phases a turn",
        ),
    )


def _step(model: Model, st: dict[str, Any], now: Worked, result: VNode | None) -> VNode:
    """The attack under way: its form filled from the two sheets, the BCS and chance, the
    dice, and the core's refusal beside the Resolve button; ``result`` (the one its roll just
    gave) right above the dice, where the tap was: it takes the place the dice had, which the
    GM saw as they tapped, and the dice move down under it."""
    combat = st["combat"]
    _, attacker = person(st, "attacker")
    _, target = person(st, "target")
    body = str((target or {}).get("body", "bipedal"))
    mode = str(combat["mode"])
    # A shot's "Target dodging" (001 line 95, the only defence against one) on the BCS's line
    # it changes, where the line has room (no height added): at the end of the Modifiers fold
    # a GM's tablet found it at 1,352 px of 1,024; in the first fields it took a row of its own.
    # While the BCS waits (the range asked), on the line that says so, where the BCS comes:
    # in the fold until then, a GM had to open it to declare a dodge.
    setup, _ = now
    beside = mode != "hth" and setup is not None
    shot = "thrown" if mode == "thrown" else "missile"
    if mode == "hth":
        form = hth_form(model, st, attacker, body)
    else:
        form = (thrown_form if mode == "thrown" else missile_form)(
            model, st, attacker, body, beside
        )
    dodging = flag(shot, "dodging", "Target dodging", combat[shot], "dodging") if beside else None
    title = {"hth": "Hand-to-hand", "thrown": "Thrown"}.get(mode, "Missile")
    weapon = str(combat.get("weapon") or "")
    who = f"{(attacker or {}).get('name', '')} at {(target or {}).get('name', '')}" + (
        f" with {weapon}" if weapon else ""
    )
    refused = refused_notice(setup, st) if setup is not None else None
    pending = combat.get("pending")
    if (setup is not None and setup.override.strip()) or isinstance(pending, dict):
        refused = None  # the GM's reason given (or an attack under way): the dice
    dice = _dice(model, combat.get("pending"), _newest(combat["log"]), f"{mode}: {who}", refused)
    return h(
        "section",
        {"class": "card step", "aria-labelledby": "aft-attack-h"},
        h("h3", {"id": "aft-attack-h"}, f"{title} attack" + (f": {weapon}" if weapon else "")),
        *form,
        preview(
            st,
            h("div", {}, h("div", {"class": "step-result"}, result), dice) if result else dice,
            now,
            dodging,
            # A finished attack's result between them: the worksheet is the next attack's.
            after=result is not None and not isinstance(combat.get("pending"), dict),
            refusal=refused is None,
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "aft-resolve-error"},
            err(model, "cbt.resolve"),
        ),
        errors_why(model, "cbt."),
    )


def attack_words(st: dict[str, Any]) -> str:
    """The attack on the worksheet in a few words ("Ana attacks Bo with Hunting rifle"), as
    the undo banner says what an undo gave back."""
    _, attacker = person(st, "attacker")
    _, target = person(st, "target")
    if attacker is None or target is None:
        return "no attack set up"
    weapon = str(st["combat"].get("weapon") or "")
    return f"{attacker.get('name', '')} attacks {target.get('name', '')}" + (
        f" with {weapon}" if weapon else ""
    )


def _target_card(
    model: Model, target: dict[str, Any], index: int, now: Any, treat_here: bool
) -> VNode:
    """The target's damage and conditions; bleeding to death, their treatments (AFT-25) when
    they are not shown under the strip (``treat_here``)."""
    treat = treat_block(model, target, index, now, TARGET_TREAT) if treat_here else None
    return conditions_card(model, target, index, now, TARGET_TREAT, treat)


def view(model: Model) -> VNode:
    """A hit waiting for a value (its Damage Potential once the critical is known) takes the
    attack's place: the field and "Apply" where Resolve was tapped (FIGHT.md 5). The result a
    roll or an answer just gave lands above the dice that were tapped, inside the step: below
    the step it fell under the screen's edge at 768x1024 and the page had to scroll to it
    (issue 25); once another action follows, it goes back under the step, out of the next
    attack's way."""
    st = state(model)
    combat = st["combat"]
    target_index, target = person(st, "target")
    log = combat["log"]
    pending = combat.get("pending")
    # The newest attack's result: a reload or a fighter getting up is logged, beside its own
    # tap already (the rounds, the card), and would pull the page to the result card.
    attack = next((entry for entry in log if "steps" in entry), None)
    result = result_card(model, attack, pending, st["combat"].get("recall"))
    asking = isinstance(pending, dict) and not pending.get("wants")
    here = model.ui.get(RESULT_HERE) or isinstance(pending, dict)  # an attack's own rolls
    now = worked(st)
    clock = now_of(st)
    # The treatment a card opened, the target's bleeding (one line, or opened from it); their
    # treatment in their record below when none is shown above (one at a time).
    top, record_treats = under_strip(model, st, clock, target_index, target, here or asking)
    return h(
        "div",
        {"class": "page aftermath-combat"},
        strip(model, st),
        *top,
        panel(model, now),
        None if asking else _step(model, st, now, result if here else None),
        result if asking or not here else None,
        _target_card(model, target, target_index, clock, record_treats) if target else None,
        _log(log),
    )
