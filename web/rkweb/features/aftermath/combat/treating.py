"""A fighter bleeding to death, treated under the order strip (AFT-25, 001 line 32): one
treatment open at a time, and the target's folded to one line until the GM opens it.

A GM's tablet at 768x1024 found the target's "Stop Bo's bleeding" (430 px: who bandages, the
BCS, bandage and cautery with their dice) between the strip and the attack, and "Resolve"
under the screen's edge: the attack is the GM's next tap, a treatment one they choose. With
Ana's opened from their card as well, two panels (900 px) stood above the attack."""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.conditions import BLEEDING, Moment, condition_from_json
from pycore.systems.aftermath.treat import bleeding_now
from rkweb.app.messages import Message
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.characters.treat import (
    TARGET_TREATING,
    TREATING,
    CharTreatOpen,
    CharTreatTarget,
    treat_block,
)
from rkweb.kit.buttons import button

#: The test ids of the target's treatment (their conditions' ones: the same in their record below).
TARGET_TREAT = "aft-target-conditions"


def treating(model: Model, st: dict[str, Any]) -> int | None:
    """The fighter whose card's "Treat" opened their treatment (their place), if one did."""
    who = model.ui.get(TREATING)
    return who if isinstance(who, int) and 0 <= who < len(st["characters"]) else None


def _panel(
    model: Model,
    raw: dict[str, Any],
    who: int,
    now: Moment,
    testid: str,
    close: Message,
    attrs: dict[str, str],
) -> VNode | None:
    """A fighter's treatment (``treat_block``) in a card of its own, "Close" beside its heading;
    None when they are not bleeding and no treatment of theirs was just made."""
    block = treat_block(model, raw, who, now, testid, button(f"{testid}-close", "Close", close))
    if block is None:
        return None
    label = f"Treat {raw.get('name', '')}'s bleeding"
    return h("section", {"class": "card", "aria-label": label, **attrs}, block)


def _dies(raw: dict[str, Any], now: Moment) -> str:
    """When their bleeding kills them (AFT-25), as their card says it; "" for a countdown with no
    end recorded (a compound fracture added by hand before its 1D6 was rolled)."""
    for saved in raw.get("conditions", []):
        try:
            cond = condition_from_json(saved)
        except RuleError:
            continue
        if cond.name == BLEEDING and cond.active_at(now) and cond.until is not None:
            return f": dies after {cond.until}"
    return ""


def _line(raw: dict[str, Any], index: int, now: Moment) -> VNode:
    """The target bleeding, in one line with "Treat", which opens their treatment in its place."""
    name = str(raw.get("name", ""))
    return h(
        "section",
        {
            "class": "card row between treat-line",
            "aria-label": f"{name} is bleeding to death",
            "data-testid": "aft-target-treat",
        },
        h(
            "p",
            {"data-testid": "aft-target-bleeding"},
            f"{name} is bleeding to death{_dies(raw, now)}",
        ),
        button(
            "aft-target-treat-open",
            "Treat",
            CharTreatTarget(index),
            title=f"Stop {name}'s bleeding: bandage or cauterize",
        ),
    )


def under_strip(
    model: Model,
    st: dict[str, Any],
    now: Moment,
    index: int,
    target: dict[str, Any] | None,
    quiet: bool,
) -> tuple[list[VNode | None], bool]:
    """What stands between the strip and the attacker's panel: the treatment a card's "Treat"
    opened, with its result until closed; and the target's bleeding, in one line, or opened
    from it (their result stays there). ``quiet``: an attack's result shows where the tap was,
    and the target's line would push it down (FIGHT.md 5). Then whether the target's record
    below carries their treatment: only when no treatment is shown above (one at a time)."""
    who = treating(model, st)
    card = None
    if who is not None:
        # Brought into view as a step when opened (app/in_place.py), where "Treat" was tapped.
        attrs = {
            "data-testid": "aft-treating",
            "data-step": "aft-treating",
            "data-step-on": str(who),
        }
        raw = st["characters"][who]
        card = _panel(model, raw, who, now, f"aft-treat-{who}", CharTreatOpen(-1), attrs)
    if target is None or quiet or (who == index and card is not None):
        return [card, None], card is None
    if model.ui.get(TARGET_TREATING) == index:
        attrs = {"data-testid": "aft-target-treat"}
        opened = _panel(model, target, index, now, TARGET_TREAT, CharTreatTarget(-1), attrs)
        if opened is not None:
            return [card, opened], False
    line = _line(target, index, now) if bleeding_now(target, now) else None
    return [card, line], card is None and line is None
