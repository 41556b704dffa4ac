"""The order strip at the top of the fight (FIGHT.md 1): the turn, who acts now, the initiative
roll ("Roll for me" or the dice rolled at the table), and each participant in acting order as a
card with its HP and conditions; tapping a card's "Target" aims the attack at it."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pycore.figures import figure
from pycore.systems.simply import fight as core
from rkweb.app.messages import Message
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.simply.combat import state as saved
from rkweb.features.simply.combat.order import Initiative, InitiativeTyped
from rkweb.features.simply.words import error_line
from rkweb.kit.chips import chip
from rkweb.kit.dice_entry import dice_entry


class Aim(Message, action="simply.combat_aim"):
    """A card of the strip tapped: participant ``who`` is the target (``attack.aim`` takes it;
    declared here, where it is built, since ``attack`` uses this strip's initiative entry)."""

    who: str


def _card(fight: core.Combat, c: core.Combatant, place: str, target: str) -> VNode:
    """One participant; its place in the order once initiative is rolled (none before)."""
    return _card_node(
        c.id,
        f"{place}. {c.name}" if place else c.name,
        f"HP {figure(c.hp)}/{c.hp_max}",
        c.status(),
        f" · LP {c.luck} · actions {fight.actions_left(c.id)}",
        c.id == fight.cursor,
        c.id == target,
    )


@lru_cache(maxsize=256)
def _card_node(
    cid: str, title: str, hp: str, status: str, more: str, now: bool, aimed: bool
) -> VNode:
    """A participant's card from what it shows: the same node at each view while that does not
    change (issue 33: 30 cards built anew at each tap, and compared node by node)."""
    return h(
        "li",
        {
            "class": "combatant strip-card" + (" current" if now else ""),
            "data-testid": "sc-combatant",
            "data-key": cid,
            "aria-current": "true" if now else None,
        },
        h("strong", {"class": "combatant-name"}, title),
        h("span", {"class": "hp", "data-testid": f"sc-hp-{cid}"}, hp),
        h("span", {"class": "small"}, h("span", {"data-testid": f"sc-status-{cid}"}, status), more),
        chip(f"sc-aim-{cid}", "Target", aimed, Aim(cid)),
    )


def _who_rolls(rollers: tuple[str, ...], idle: tuple[str, ...]) -> str:
    """The initiative dice asked for: the names in the order the dice are read, the strip's
    (core.acting_order); those who cannot act said with why, asked no die (SIM-38)."""
    said = f" (no roll for {', '.join(idle)})" if idle else ""
    if not rollers:  # nobody added yet, or everyone out: the entry says so, disabled
        return (
            "1D10 each: no fighter can act" if idle else "1D10 each: no fighter to roll for yet"
        ) + said
    offs = ", then any roll-offs" if len(rollers) > 1 else ""
    return f"1D10 each: {', '.join(rollers)}{offs}{said}"


def initiative_entry(fight: core.Combat, testid: str, entry: str = "") -> VNode:
    """The next turn's initiative roll (the strip's, and the attack card's between turns)."""
    rollers = core.initiative_rollers(fight)
    return dice_entry(
        testid,
        _who_rolls(rollers, core.initiative_idle(fight)),
        roll=Initiative(),
        typed=InitiativeTyped(),
        label="Roll initiative" if fight.turn == 0 else "Next turn: roll initiative",
        disabled=not rollers,
        entry=entry,
    )


def _initiative(fight: core.Combat) -> VNode:
    """The next turn's initiative: open when no turn is under way, one tap away during one."""
    entry = initiative_entry(fight, "sc-initiative")
    if fight.phase in ("setup", "done"):
        return entry
    return h(
        "details",
        # Keyed by the turn: a new turn rebuilds it closed, so the strip stays short.
        {"class": "next-turn", "data-testid": "sc-next-turn", "data-key": f"next-{fight.turn}"},
        h("summary", {}, "Next turn, early"),
        entry,
    )


def strip(
    model: Model,
    fight: core.Combat,
    state: dict[str, Any],
    add: VNode,
    later: VNode | None,
    care: VNode,
) -> VNode:
    """The strip; ``add`` is "Add a participant" and ``later`` "Out of turn", folded beside
    "Next turn" while a turn runs, then ``care``, the way to "Time and treatment" below (on one
    line: the step below stays in view at 768x1024)."""
    places = {cid: str(i + 1) for i, cid in enumerate(fight.order)}
    ordered = core.acting_order(fight)  # the order the initiative dice are read in
    target = state["form"]["attack"]["target"]
    return h(
        "section",
        {"class": "card order-strip", "aria-label": "Acting order", "data-testid": "sc-strip"},
        h(
            "ol",
            {"class": "combatants strip"},
            *[_card(fight, c, places.get(c.id, ""), target) for c in ordered],
        )
        if ordered
        else h("p", {"class": "muted"}, "Add the participants, then roll initiative."),
        # The initiative's refusal above the folds, next to its entry: below them it sat under
        # an open "Add a participant" form, off the screen (y 1624 of 1024).
        error_line(model, saved.ERRORS, "initiative", "sc-error-initiative"),
        h("div", {"class": "row strip-folds"}, _initiative(fight), add, later, care),
    )
