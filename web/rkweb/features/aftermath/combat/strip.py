"""The order strip at the top of the fight (FIGHT.md 1): the combat clock with "Next Action
Phase", who attacks now and at whom, and each character as a card with its damage against DRT
and its conditions with the Action Phases they still hold; a card's "Target" aims the attack
at it, its "Acts" makes it the attacker (their first weapon chosen); a fighter bleeding to death
has "Treat", which opens their treatment under the strip (AFT-25): a GM's play-through
with two fighters bleeding could treat only the target's."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.attack.bind import wounds
from pycore.systems.aftermath.clock import phases_left
from pycore.systems.aftermath.conditions import (
    BLEEDING,
    KNOCKED_OVER,
    SEVERED,
    UNTIL_UP,
    Moment,
    condition_from_json,
)
from pycore.systems.aftermath.sheet.sheet import FRACTURE_TIME
from pycore.systems.aftermath.treat import bleeding_now
from pycore.validate import Identity
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.characters.treat import CharTreatOpen
from rkweb.features.aftermath.combat.update import (
    CbtAsk,
    CbtGetup,
    CbtNextPhase,
    CbtNextTurn,
    CbtPicked,
)
from rkweb.features.aftermath.state import fight_of, names, now_of
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip


def _conditions(raw: dict[str, Any], now: Moment) -> list[str]:
    """The conditions holding now or still to come, each with its time left (AFT-55)."""
    out = []
    for saved in raw.get("conditions", []):
        try:
            cond = condition_from_json(saved)
        except RuleError:
            continue
        shown = cond.state_at(now)
        if shown == "active" and (cond.name == "Dead" or cond.name.startswith(f"{SEVERED} ")):
            out.append(cond.name)  # for good: no time left to show (AFT-26 for a lost limb)
        elif shown == "active" and cond.name == BLEEDING and cond.until is not None:
            # AFT-25: when they die is what the GM needs, beside the phases left.
            left = phases_left(cond, now)
            out.append(f"{cond.name} (dies after {cond.until}: {_phases(left)} left)")
        elif shown == "active" and cond.until is None and FRACTURE_TIME in cond.note:
            # AFT-25: a compound fracture recorded by hand before its 1D6 was rolled (a sheet
            # saved then) has no countdown: the card says how long they have and who keeps it.
            out.append(f"{cond.name} ({cond.note.partition('; ')[0]})")
        elif shown == "active" and cond.name == KNOCKED_OVER and cond.until is None:
            out.append(f"{cond.name} ({UNTIL_UP})")  # AFT-41: down until he gets up
        elif shown == "active":
            left = phases_left(cond, now)
            out.append(
                f"{cond.name} ({'rest of the combat' if left is None else f'{_phases(left)} left'})"
            )
        elif shown == "not yet":  # the Daze after a Stun: its start is on the record below
            out.append(f"then {cond.name}")
    return out


def _phases(count: int | None) -> str:
    """ "1 phase", "3 phases": a GM read "Dazed (1 phases left)"."""
    return f"{count} phase" if count == 1 else f"{count} phases"


def _damage(raw: dict[str, Any]) -> str:
    hurt = wounds(raw)
    drt = f"DRT {hurt.drt}" if hurt.drt else "DRT ?"
    crit = f" · Crit {hurt.critical}" if hurt.critical else ""
    return f"Damage {hurt.taken} / {drt}{crit}"


def _down(raw: dict[str, Any], now: Moment) -> bool:
    """Knocked Over holds now (it holds until they get up, AFT-41)."""
    for saved in raw.get("conditions", []):
        try:
            cond = condition_from_json(saved)
        except RuleError:
            continue
        if cond.name == "Knocked Over" and cond.active_at(now):
            return True
    return False


def _card(i: int, raw: dict[str, Any], name: str, combat: dict[str, Any], now: Moment) -> VNode:
    acting, aimed = int(combat["attacker"]) == i, int(combat["target"]) == i
    damage, shown, down, bleeding = _shown(Identity(raw), now)
    return _card_node(i, name, acting, aimed, damage + _waiting(combat, i), shown, down, bleeding)


def _waiting(combat: dict[str, Any], i: int) -> str:
    """A called critical under way took its plain hit's damage back off this fighter's sheet
    (it is rolled again as a critical, AFT-04, AFT-18): the card says a hit is waiting, with
    what the plain hit did, so "Damage 0" is not read as no hit at all (a GM's play-through)."""
    pending = combat.get("pending")
    plain = pending.get("plain") if isinstance(pending, dict) else None
    if not isinstance(plain, dict) or plain.get("target") != i:
        return ""
    return f" · critical waiting (plain hit {plain.get('damage', '?')})"


@lru_cache(maxsize=256)
def _shown(saved: Identity, now: Moment) -> tuple[str, tuple[str, ...], bool, bool]:
    """What a fighter's card shows of their sheet at ``now``, worked out once per sheet and
    moment (issue 33: each view read every fighter's wounds and conditions again, though a tap
    changes one or two sheets)."""
    raw = saved.value
    return _damage(raw), tuple(_conditions(raw, now)), _down(raw, now), bleeding_now(raw, now)


@lru_cache(maxsize=256)
def _card_node(
    i: int,
    name: str,
    acting: bool,
    aimed: bool,
    damage: str,
    shown: tuple[str, ...],
    down: bool,
    bleeding: bool,
) -> VNode:
    """A fighter's card from what it shows: the same node at each view while that does not
    change (issue 33: 30 cards built anew at each tap, and compared node by node)."""
    # The text gives no cost for getting up: the GM ends Knocked Over here, in one tap.
    up = button(f"aft-card-getup-{i}", "Gets up", CbtGetup(i))
    return h(
        "li",
        {
            "class": "combatant strip-card" + (" current" if acting else ""),
            "data-testid": "aft-card",
            "data-key": f"aft-card-{i}",
            "aria-current": "true" if acting else None,
        },
        # The name alone: who acts is said by the pressed "✓Acts" beside it, the card's colour
        # and aria-current; "Ana · acts" took two lines at 768 px beside Acts, Target and Treat.
        h("strong", {"class": "combatant-name"}, name),
        h("span", {"class": "hp", "data-testid": f"aft-card-damage-{i}"}, damage),
        h(
            "span",
            {"class": "small", "data-testid": f"aft-card-conditions-{i}"},
            ", ".join(shown) if shown else "No conditions",
        ),
        h(
            "span",
            {"class": "row card-chips"},
            chip(f"aft-card-acts-{i}", "Acts", acting, CbtPicked("attacker", str(i))),
            chip(f"aft-card-target-{i}", "Target", aimed, CbtPicked("target", str(i))),
            up if down else None,
            # AFT-25: one short button on each bleeding fighter's card ("Treat bleeding" took
            # the name's room at 768 px); the treatment it opens (who bandages, the chances,
            # the dice) would not fit on a card. The card says "Bleeding to death" beside it.
            button(
                f"aft-card-treat-{i}",
                "Treat",
                CharTreatOpen(i),
                title=f"Stop {name}'s bleeding: bandage or cauterize",
            )
            if bleeding
            else None,
        ),
    )


def _ask(model: Model, st: dict[str, Any]) -> VNode | None:
    """Another fighter tapped while the attack under way is unfinished: it is never dropped
    without a word (issue 25); the GM drops it or keeps it, here where they tapped."""
    ask = st["combat"].get("ask")
    if not isinstance(ask, dict):
        return None
    people = names(st)
    index = int(ask.get("index", 0))
    who = people[index] if 0 <= index < len(people) else f"#{index + 1}"
    role = str(ask.get("role", "attacker"))
    acting = people[int(st["combat"]["attacker"])] if people else "the attacker"
    try:
        lost = fight_of(model, st).unfinished
    except RuleError:
        lost = ""
    then = f"{who} acts" if role == "attacker" else f"aim at {who}"
    return h(
        "div",
        {"class": "notice", "role": "alert", "data-testid": "aft-ask"},
        h(
            "p",
            {"class": "strong"},
            f"{acting}'s attack is not finished" + (f" ({lost})" if lost else "") + ".",
        ),
        h(
            "div",
            {"class": "row"},
            button("aft-ask-drop", f"Drop it: {then}", CbtAsk("drop")),
            button(
                "aft-ask-keep",
                f"Keep {acting}'s attack",
                CbtAsk("keep"),
                primary=True,
            ),
        ),
    )


def strip(model: Model, st: dict[str, Any]) -> VNode:
    combat = st["combat"]
    now = now_of(st)
    cards = [
        _card(i, raw, name, combat, now)
        for i, (raw, name) in enumerate(zip(st["characters"], names(st), strict=True))
    ]
    return h(
        "section",
        {
            "class": "card order-strip",
            "aria-label": "Combat time and fighters",
            # A new Action Phase or Combat Turn is a step (app/in_place.py): tapped beside a
            # result far down the page ("Next Action Phase", combat/result.py), the clock and
            # the cards' "Acts" come into view, not a scroll away.
            "data-step": "aft-clock",
            "data-step-on": f"{combat['turn']}-{combat['phase']}",
        },
        h(
            "div",
            {"class": "row between clock-row"},
            h(
                "p",
                {"class": "total", "data-testid": "aft-clock"},
                f"Turn {combat['turn']} · Phase {combat['phase']}",
            ),
            h(
                "div",
                {"class": "row"},
                button(
                    "aft-next-phase",
                    "Next Action Phase",
                    CbtNextPhase(),
                    primary=True,
                ),
                button("aft-next-turn", "Next Combat Turn", CbtNextTurn()),
            ),
        ),
        h("ol", {"class": "combatants strip", "data-testid": "aft-order"}, *cards)
        if cards
        else h("p", {"class": "muted"}, "Create characters in the Characters tab first."),
        _ask(model, st),
    )
