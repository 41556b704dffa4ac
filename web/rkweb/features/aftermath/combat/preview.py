"""The worksheet before the roll: the BCS line by line with each modifier's source under
"Why", the exact chance to hit and what +1 would change; or, when the BCS needs a value the
sheets do not have yet, what it waits for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeAlias

from pycore.errors import RuleError
from pycore.figures import figure
from pycore.systems.aftermath.attack import combat, worksheet
from pycore.systems.aftermath.attack.bind import ACTED_WHY, refused_now, wounds
from pycore.systems.aftermath.attack.worksheet import Preview, Setup
from pycore.systems.aftermath.bcs import plus_one_change
from pycore.systems.aftermath.rounding import signed
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.combat.update import CbtPick
from rkweb.features.aftermath.state import setup_of
from rkweb.kit.fields import field
from rkweb.kit.odds import odds_list
from rkweb.kit.results import why


def _waiting(text: str, rules: Sequence[str] = (), beside: VNode | None = None) -> VNode:
    """What the worksheet waits for, in words, its rules under "Why"; ``beside`` (a shot's
    "Target dodging") on its line, where the BCS's line comes once the value is given: behind
    the Modifiers fold while the range was asked, a GM had to open it to declare a dodge."""
    notice = h(
        "div",
        {"class": "notice", "data-testid": "aft-cbt-waiting"},
        h(
            "div",
            {"class": "waiting-text"},
            h("p", {"class": "strong"}, "The worksheet waits for a value:"),
            h("p", {"class": "field-error", "role": "alert"}, text),
        ),
        why(list(rules)),
    )
    return notice if beside is None else h("div", {"class": "row waiting-row"}, notice, beside)


def refused_notice(setup: worksheet.Setup, st: dict[str, Any]) -> VNode | None:
    """What the rules forbid this attacker now (Stunned, dead, already attacked in this Action
    Phase), and the GM's override. Shown where the dice are (combat/view.py), which it takes
    the place of until the GM's reason is given: above the BCS line, it pushed the result of
    the shot just applied, and "Next Action Phase" beside it, under the screen's edge."""
    refused, rules = refused_now(setup.attacker, setup.now, setup.acted)
    if not refused:
        return None
    return h(
        "div",
        {"class": "notice", "data-testid": "aft-refused"},
        h("p", {"class": "field-error", "role": "alert"}, refused),
        # The field and "Why" on one row: a line each put the refused roll's error under the
        # screen's edge (play 57: y 1,051 of 1,024 after a second shot typed in one phase).
        h(
            "div",
            {"class": "row"},
            field(
                "aft-override",
                "GM override: the reason to allow it (logged)",
                st["combat"].get("override", ""),
                CbtPick("override"),
            ),
            why([*rules, *([ACTED_WHY] if setup.acted else [])]),
        ),
    )


def _wounds(setup: worksheet.Setup) -> VNode | None:
    hurt = wounds(setup.attacker)
    if not hurt.past_drt:  # their damage is on their card; past DRT it is the GM's to rule
        return None
    return h(
        "p",
        {"class": "notice" if hurt.past_drt else "muted", "data-testid": "aft-attacker-wounds"},
        f"Attacker: {hurt}",
    )


def _from_fight(setup: worksheet.Setup, total: Any) -> VNode | None:
    """What the fight itself applies to this BCS, with its source, in view: the damage the
    attacker took this Combat Turn (001 line 67), e.g. "Jax took 26 this turn: −13" (the
    rule's name is in "How it is made")."""
    source = str(setup.form.get("damage_source", ""))
    found = [m for m in total.modifiers if source and source in m.label]
    if not found:
        return None
    return h(
        "span",
        {"class": "small strong", "data-testid": "aft-cbt-from-fight"},
        f"{source}: {signed(found[0].value)}",
    )


def _roll_row(
    dice: VNode,
    total: Any = None,
    how: VNode | None = None,
    known: VNode | None = None,
    beside: VNode | None = None,
    after: bool = False,
) -> list[VNode]:
    """The BCS and the chance to hit (with how the BCS is made one tap away, and what the fight
    itself applied, ``known``, on the same line: the result stays where the tap was), then the
    dice that roll against them. ``after`` a finished attack whose result shows between them,
    the line is named the next attack's: a GM read "BCS 17 · 85%" (the dodge ended with the
    shot) just above "miss (rolled 17 against BCS 15)" and could not tell which was which."""
    if total is None:
        return [dice]
    head = h(
        "div",
        {"class": "row bcs-row"},
        h("span", {"class": "strong", "data-testid": "aft-cbt-next"}, "Next attack:")
        if after
        else None,
        h("span", {"class": "total", "data-testid": "aft-cbt-bcs"}, f"BCS {figure(total.total)}"),
        odds_list("aft-cbt-odds", [("Chance to hit", total.chance)]),
        known,
        how,
        beside,
    )
    return [head, dice]


#: The attack on the worksheet and its BCS (or what refuses it), worked out once per view: the
#: chosen weapon's chip and the preview show the same figure (issue 33: it was worked out twice).
Worked: TypeAlias = tuple[Setup | None, Preview | RuleError | None]


def worked(st: dict[str, Any]) -> Worked:
    setup = setup_of(st)
    if setup is None:
        return None, None
    try:
        return setup, worksheet.preview(setup)
    except RuleError as exc:
        return setup, exc


def preview(
    st: dict[str, Any],
    dice: VNode,
    now: Worked,
    beside: VNode | None = None,
    *,
    after: bool = False,
    refusal: bool = True,
) -> VNode:
    """What forbids or waits, then the BCS, its chance and the ``dice`` in one row, then how
    the BCS is made one tap away; ``beside`` (a shot's "Target dodging") on the BCS's line, or
    on the line of what the BCS waits for until it can be worked out; ``after`` a finished
    attack shown in ``dice``, the BCS's line is the next attack's; not ``refusal``: what
    refuses the attack is shown in ``dice`` (:func:`refused_notice`)."""
    setup, found = now
    if setup is None or found is None:
        full = "choose an attacker and a target (create them in the Characters tab)"
        return h("div", {}, _waiting(full.capitalize() + "."), *_roll_row(dice))
    if isinstance(found, RuleError):
        exc = found
        return h(
            "div",
            {},
            refused_notice(setup, st) if refusal else None,
            _wounds(setup),
            _waiting(str(exc), exc.rules, beside),
            *_roll_row(dice),
        )
    total = found.total
    lines = [h("li", {}, f"{total.base_label} {total.base}")]
    if total.halved:
        lines.append(h("li", {}, f"× ½ (Dazed or Stunned) = {total.after_halving}"))
    lines += [h("li", {}, str(m)) for m in total.modifiers]
    sources = [f"{m}: {m.source}" for m in total.modifiers] + [str(s) for s in found.steps]
    asked = ", ".join(combat.question(w) for w in found.waits_for)
    return h(
        "div",
        {"data-testid": "aft-cbt-preview"},
        refused_notice(setup, st) if refusal else None,
        _wounds(setup),
        _waiting(f"A critical hit here waits for {asked}.", ", ".join(found.waits_for))
        if asked
        else None,
        *_roll_row(
            dice, total, _how(found, lines, sources), _from_fight(setup, total), beside, after
        ),
    )


def _how(found: worksheet.Preview, lines: list[VNode], sources: list[str]) -> VNode:
    total = found.total
    return h(
        "details",
        {"class": "more", "data-testid": "aft-cbt-how"},
        h("summary", {}, "How it is made"),
        h(
            "ul",
            {"class": "small"},
            *[h("li", {}, str(s)) for s in found.steps if s.key != "bcs"],
        ),
        h("ol", {"class": "modifiers", "data-testid": "aft-cbt-modifiers"}, *lines),
        odds_list("aft-cbt-plus-one", [("What +1 changes", plus_one_change(total.total))]),
        why(sources + (["Halving: AFT-21, AFT-22"] if total.halved else [])),
    )
