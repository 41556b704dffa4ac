"""Their ways to attack, where the blow lands and how big the striker is, in the turn's step: their
attack lines with their chances (004 line 91), a random hit location and one from directly
above (003 lines 63, 65), a giant's blow as large-area injury (003 lines 82-85). Each toggle
or field is shown only where it applies; the rules are the core's."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.errors import RulekeeperError
from pycore.figures import signed
from pycore.systems.gurps.aiming import aimed_location
from pycore.systems.gurps.attacks import attack_lines
from pycore.systems.gurps.locations import exposed_spots
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import (
    AttackPreview,
    AttackSetup,
    braceable,
    giant_blow,
    large_area_blow,
    offered_modifiers,
    open_question,
    preview,
)
from rkweb.app.messages import Action, Message, entered
from rkweb.app.vdom import VNode, h
from rkweb.features.gurps.state import line_index
from rkweb.features.gurps.turn_step import step_yards
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip, chips
from rkweb.kit.fields import select
from rkweb.kit.odds import percent_text
from rkweb.kit.results import why

_WHERE_WHY = (
    "Random location: strike at whatever presents itself, with no modifier for the location; "
    "on a hit, roll 3d on your own hit location table (GUR-41, 003 lines 62-64: the table is "
    "not in the texts).",
    "From directly above, feet count as hands and legs as arms (GUR-41, 003 line 65).",
    "A chink in the armor, for piercing, impaling or tight-beam burning attacks: −8 to hit in "
    "the torso, −10 anywhere else, instead of the location's penalty; on a hit the DR there "
    "is halved, rounded down (GUR-42, GUR-D04, 003 lines 86-87).",
)
_GIANT_WHY = (
    "A melee blow from an attacker whose Size Modifier is 7 or more above the target's, "
    "unarmed or with a weapon scaled to the attacker's size, is large-area injury (GUR-62, 003 line 82).",
    "DR: the average of the torso's and the least protected exposed spot's, rounded up; no "
    "location effects: a torso hit (003 lines 83-85). Which spot is exposed the texts cannot "
    "say: you pick it when the DR differs by location.",
    "With only one spot exposed, the blow is a hit there, and a lone limb loses the injury "
    "past a major wound (003 line 85).",
    "Aiming at a hit location needs the victim pinned or otherwise immobile (003 line 82); "
    "the project reads such an aimed blow as an ordinary hit on that location.",
)


# The step's situation messages (``turn`` takes them; declared here, where they are built).
class StepForm(Message, action="gurps.step_form"):
    """A field of the step (``name``: location, yards, override, exposed), as typed or chosen."""

    name: str
    value: str = entered(default="")


class StepChip(Message, action="gurps.step_chip"):
    """A situation chip (``key``) tapped: on, or off again."""

    key: str


class StepClear(Message, action="gurps.step_clear"):
    """Every situation chip off."""


class StepLine(Message, action="gurps.step_line"):
    """The attacker's attack line at ``index`` (its chips start afresh)."""

    index: str


def toggle(key: str, label: str, step: dict[str, Any]) -> VNode:
    testid = f"gurps-fight-{key.replace('_', '-')}"
    return chip(testid, label, bool(step[key]), StepChip(key))


def where(step: dict[str, Any], chink: bool = False) -> VNode:
    """003 lines 63, 65: strike at whatever presents itself; from directly above, feet count
    as hands and legs as arms. ``chink``: the attack may aim at a chink in the armor at the
    location picked (003 lines 86-87), offered unless the location is random."""
    items = [toggle("random_location", "Random location", step)]
    if step["random_location"]:
        items.append(toggle("from_above", "From directly above", step))
    elif chink:
        items.append(toggle("chink", "Chink in the armor there (DR halved)", step))
    return h("div", {}, chips("Where it lands", items, "gurps-fight-where"), why(_WHERE_WHY))


def giant_fields(
    step: dict[str, Any], setup: AttackSetup, attacker: Combatant, target: Combatant
) -> VNode | None:
    """003 lines 82-85: a blow from seven or more sizes larger covers most of the body; the
    victim pinned lets it aim; the spot exposed, and whether it is the only one. None between
    fighters of a size."""
    if not giant_blow(attacker, target, setup):
        return None
    large = large_area_blow(attacker, target, setup)
    victim = [toggle("pinned", "Pinned or immobile", step)]
    if large and step["exposed"]:
        victim.append(toggle("only_exposed", "Only that spot is exposed", step))
    return h(
        "div",
        {},
        h(
            "p",
            {"class": "small", "data-testid": "gurps-fight-large-area"},
            f"{attacker.name} is seven or more sizes larger: the blow strikes most of "
            f"{target.name}'s body (a torso hit) unless {target.name} is pinned.",
        ),
        chips("The victim", victim, "gurps-fight-victim"),
        _exposed(step) if large and not _asked(setup, attacker, target) else None,
        why(_GIANT_WHY),
    )


def _asked(setup: AttackSetup, attacker: Combatant, target: Combatant) -> bool:
    """Whether the core needs the exposed spot before the roll (the DR differs by location)."""
    return open_question(attacker, target, replace(setup, exposed="")) is not None


def _exposed(step: dict[str, Any]) -> VNode:
    return select(
        "gurps-fight-exposed",
        "Least protected spot exposed to the blow",
        step["exposed"],
        [("", "—"), *exposed_spots()],
        StepForm("exposed"),
    )


def exposed_field(
    step: dict[str, Any], setup: AttackSetup, attacker: Combatant, target: Combatant
) -> VNode | None:
    """003 line 83: the least protected spot exposed to a large-area blow, asked before the
    roll when the target's DR differs by location (the texts cannot tell which it is)."""
    if not large_area_blow(attacker, target, setup) or not _asked(setup, attacker, target):
        return None
    return _exposed(step)


def modifier_chips(step: dict[str, Any], attacker: Combatant) -> VNode:
    """The situation's modifiers from the core's table, each a chip (GUR-23 to GUR-26)."""
    pressed = set(step["chips"])
    items = [
        chip(
            f"gurps-chip-{m.key}",
            f"{m.label} {signed(m.value)}",
            m.key in pressed,
            StepChip(m.key),
        )
        for m in offered_modifiers(attacker.ranged)
        if m.value is not None
    ]
    return chips("Situation", items, "gurps-chips", clear=StepClear())


def attack_ways(
    step: dict[str, Any],
    attacker: Combatant,
    target: Combatant,
    offered: tuple[int, ...],
    aim_seconds: int = 0,
    far: dict[int, str] | None = None,
) -> VNode | None:
    """Their ways to attack (004 line 91) among those ``offered`` now (no punch while both hands
    are full, 004 line 97: the core's ``lines_now``), each with its chance to hit this target
    with the seconds of Aim they hold at it (GUR-11: a ranged way's Acc); the one used is
    pressed. None when they have one. ``far``: a melee way's question whether they closed within
    reach (GUR-14), said in place of its chance."""
    lines = attack_lines(attacker)
    if len(offered) < 2:
        return None
    items = []
    for index, way in ((i, lines[i]) for i in offered):
        try:
            # A ranged way's chance is at the range held or typed (GUR-28); with none yet it
            # shows no chance (it was the chance at 0 yards, 83.8% for 62.5% at 5 yards).
            yards = step_yards(step, attacker, index)
            # The chance the tap gives: at the torso for a line that cannot aim where this one
            # does (a cut at the vitals, 003 line 41).
            where = aimed_location(str(step["location"]), attacker, target, index)
            setup = AttackSetup(location=where, line=index, yards=yards, aim_seconds=aim_seconds)
            chance = f": {percent_text(preview(attacker, target, setup).hit)}"
        except RulekeeperError:
            chance = ""
        if asked := (far or {}).get(index):
            chance = f": {asked.partition(' (')[0]}"  # "Ana is 30 yd away", not their odds
        said = f"{way.damage} {way.damage_type}" if way.damage and way.damage_type else ""
        label = f"{way.name} ({said or 'no damage on the sheet yet'}){chance}"
        items.append(
            chip(
                f"gurps-fight-line-{index}",
                label,
                index == line_index(step["line"]),
                StepLine(str(index)),
            )
        )
    return chips("Attack with", items, "gurps-fight-lines")


def reach_question(asked: str, testid: str, said: Action) -> VNode | None:
    """GUR-14, GUR-21: the question whether they closed within reach (the core's words), with its
    one-tap answer ``said`` (the tracker has no map: the GM's word, for this attack only); set
    above the odds and the roll on both tabs, read before the tap."""
    if not asked:
        return None
    return h(
        "div",
        {"class": "row"},
        h("p", {"class": "strong", "data-testid": testid}, asked),
        button(f"{testid}-yes", "Moved within reach", said),
    )


def defenses_passed(seen: AttackPreview) -> str:
    """The defense the "lands past" odds count ("parry 12"), with the second one they assume
    after a failed first under Double Defense (GUR-17): "parry 12, then dodge 11"."""
    assert seen.best is not None
    said = f"{seen.best[0]} {seen.best[1].total}"
    if seen.second is not None:
        said += f", then {seen.second[0]} {seen.second[1].total}"
    return said


def braced_chip(step: dict[str, Any], using: Combatant, aim_seconds: int) -> VNode | None:
    """GUR-11 (004 lines 49, 157): "+1 if stationary and took a turn to Aim", for firearms and
    crossbows: a chip the GM presses for this aimed attack; none without an Aim held at the
    target or for another weapon (its odds then would change nothing)."""
    if not (aim_seconds and using.ranged and braceable(using)):
        return None
    label = "Braced (stationary, took a turn to Aim) +1"
    item = chip("gurps-fight-braced", label, bool(step["braced"]), StepChip("braced"))
    return chips("Aim", [item], "gurps-fight-aim-chips")
