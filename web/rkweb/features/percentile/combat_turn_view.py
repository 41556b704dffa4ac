"""The round, turn first (FIGHT.md): the order strip (who acts now and next, tap a card to make
it the target), the active combatant with its weapons and the chance against that target, the
step under way (:mod:`.combat_turn_step`) and the result where the tap was. The turns and odds
are the core's; what each tap does is :mod:`.combat_turn`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pycore.systems.percentile.fight import Fight
from pycore.systems.percentile.fight import turns as R
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import combat_cards as W
from rkweb.features.percentile import combat_step as C
from rkweb.features.percentile import state as S
from rkweb.features.percentile.combat_turn import (
    CHOICE,
    AttackCancel,
    TurnNext,
    TurnTarget,
    TurnWeapon,
)
from rkweb.features.percentile.combat_turn_step import step_view
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip
from rkweb.kit.fields import error_of
from rkweb.kit.results import result, why

Steps = Sequence[VNode | None]


def _strip(fight: Fight, form: dict[str, Any]) -> VNode:
    acting = W.acting(fight)
    cards = []
    for cid in W.strip_ids(fight, acting):
        fighter = fight.fighter(cid)
        if fighter is None:
            continue
        when = W.when(fight, cid, acting)
        label = f"{fighter.name} · {R.side_of(fight, cid)}" + (f" · {when}" if when else "")
        status = W.status(fighter, fight)
        cards.append(
            chip(
                f"percentile-strip-{cid}",
                label + (f" · {status}" if status else ""),
                form.get("target") == cid,
                TurnTarget(cid),
            )
        )
    return h(
        "div",
        {"class": "quick", "role": "group", "aria-label": "Order of turns; tap the target"},
        *cards,
    )


def _just_begun(fight: Fight, newest: dict[str, Any]) -> bool:
    """Whether the newest logged step is the start of the turn under way (nothing done yet)."""
    now = R.active(fight)
    return now is not None and (
        newest.get("public") == f"{now.name}'s turn ({R.side_of(fight, now.id)})"
    )


def _active(fight: Fight, form: dict[str, Any], newest: dict[str, Any]) -> VNode | None:
    now = W.acting(fight)  # the strip's "now": the attack under way is its attacker's
    if now is None:
        return None
    # "Next turn"'s result is who acts now: an outcome the page brings into view (FIGHT.md 5)
    # until the turn's first step is logged; a tap below it scrolled it off the top.
    begun = _just_begun(fight, newest)
    weapons = [
        chip(
            f"percentile-turn-weapon-{i}",
            f"{w.name} ({W.skill(now, w)}): "
            + (W.chance(fight, form, i) if form.get("target") else "choose a target"),
            form.get("weapon") == str(i),
            TurnWeapon(str(i)),
        )
        for i, w in enumerate(now.weapons)
    ]
    return h(
        "div",
        {"data-testid": "percentile-turn-active", "class": "outcome" if begun else None},
        h(
            "p",
            {"class": "strong"},
            f"Now: {now.name} ({R.side_of(fight, now.id)}) · {W.status(now, fight)}",
        ),
        h(
            "div",
            {"class": "quick", "role": "group", "aria-label": f"{now.name}'s attacks"},
            *weapons,
        )
        if weapons
        else h("p", {"class": "muted"}, f"{now.name} has no weapon on the sheet."),
    )


def turn_view(model: Model, st: dict[str, Any], fight: Fight, due: Steps, ahead: Steps) -> VNode:
    """The round card; ``due``/``ahead``: rolls asked before its first turn/after its last."""
    form = st["combat"].get("attack", {})
    pending = fight.pending
    steps = [*fight.last, *[f"Rule: {w}" for w in fight.last_why]]
    newest = (st["combat"].get("log") or [{}])[0]
    shown = fight.headline and not _just_begun(fight, newest)
    told = result("percentile-turn-result", fight.headline, "", steps) if shown else None
    here = bool(model.ui.get(C.RESULT_HERE))
    return h(
        "section",
        {"class": "card", "aria-labelledby": "pct-turn-h", "data-testid": "percentile-turn"},
        h(  # the round and "Next turn" on one line: the turn's roll stays on the first screen
            "div",
            {"class": "row turn-head"},
            h(
                "h2",
                {"id": "pct-turn-h"},
                f"Round {fight.round}"
                + (f", piece {fight.piece}" if fight.settings.pieces else ""),
            ),
            button(
                "percentile-turn-next",
                "Next turn",
                TurnNext(),
                primary=pending is None,
            ),
            button("percentile-attack-cancel", "Set the attack aside", AttackCancel())
            if pending
            else None,
        ),
        _strip(fight, form),
        h(  # no line kept for it while empty, as the next turn's refusal below
            "div",
            {"class": "step-error"},
            h(
                "p",
                {
                    "class": "field-error",
                    "role": "alert",
                    "data-testid": "percentile-turn-choice-error",
                },
                error_of(model, S.FEATURE, CHOICE),
            ),
        ),
        *[
            h("p", {"class": "notice", "data-testid": "percentile-turn-why"}, why_not)
            for why_not in R.why_no_turn(fight)
        ],
        h(  # no line kept for it while empty: the turn's roll stays on the first screen
            "div",
            {"class": "step-error"},
            h(
                "p",
                {
                    "class": "field-error",
                    "role": "alert",
                    "data-testid": "percentile-turn-next-error",
                },
                error_of(model, S.FEATURE, "turn-next"),
            ),
        ),
        _active(fight, form, newest),
        # the last turn's result is in the log once the next turn starts: under this turn's
        # roll it read as this turn's (issue 29 round 2 item 4). The one a roll just gave
        # lands above the step, where the roll was tapped: under it, it fell below the
        # screen's edge at 768x1024 and the page scrolled to it (issue 25); the next roll
        # follows below it. After any other action it goes back under the step, which keeps
        # its place (a refusal of the next attack in view).
        told if here else None,
        h("div", {"data-testid": "percentile-turn-step"}, *(due or step_view(model, st, fight))),
        *ahead,
        None if here else told,
        why(["Turns: each side in order, each member in the side's order (PCT-07, PCT-08)"]),
    )
