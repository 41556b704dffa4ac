"""The injury checks waiting to be rolled (SIM-44, SIM-45, SIM-47): each with its odds (luck
declared counted, SIM-10, SIM-11) and its roll, the luck declared before them, and the checks a
failure made moot (SIM-47 reading). Every TN and chance is the core's; the messages are
care.py's."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pycore.errors import RuleError
from pycore.systems.simply import fight as core
from pycore.systems.simply.luck import LUCK_MINIMUM
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.simply.combat import fields
from rkweb.features.simply.combat import state as saved
from rkweb.features.simply.combat.care import Check, CheckTyped, Waive
from rkweb.features.simply.words import error_line, why_rules
from rkweb.kit.buttons import button
from rkweb.kit.dice_entry import dice_entry
from rkweb.kit.odds import odds


def _check_odds(fight: core.Combat, index: int, lucky: bool) -> Fraction:
    """The check's chance as it will be rolled: with luck declared, the LP staked (SIM-10); a
    fighter with too few LP to declare it rolls without (their own choice says so)."""
    try:
        return core.check_chance(fight, index, luck=lucky)
    except RuleError:
        return fight.pending[index].chance


def _check_row(index: int, pending: core.PendingCheck, queued: str, chance: Fraction) -> VNode:
    """One check to roll, keyed by the checks queued now (``queued``): once one is rolled each
    row is new, with an empty "I rolled", so the same dice typed for two checks in a row are
    taken twice (the second was ignored as an unchanged field)."""
    key = f"{queued}-{index}-{pending.combatant}-{pending.rule}"
    return h(
        "li",
        {"class": "check", "data-testid": "sc-check", "data-key": key},
        h(
            "span",
            {},
            f"{pending.name}: {pending.named} TN {pending.target_number} "
            f"or {pending.on_failure} — ",
        ),
        odds(chance),
        why_rules(pending.why, pending.rules, "sc-check-why"),
        dice_entry(
            f"sc-check-{index}",
            "2D10",
            roll=Check(index),
            typed=CheckTyped(index),
            # The row names the check: "Roll Stamina Check for me" pushed "I rolled (2D10:
            # each die, or their total)" to two lines and "Waive" to a row of its own
            # (play-through simply); the attack's roll says "Roll attack for me" likewise.
            label="Roll check for me",
            also=button(f"sc-check-waive-{index}", "Waive", Waive(index)),
        ),
    )


def checks_card(
    model: Model, fight: core.Combat, state: dict[str, Any], last: VNode | None = None
) -> VNode:
    """The injury checks waiting (SIM-44, SIM-45, SIM-47), each with its odds and its roll; once
    a hit queues them they are the step under way, under the hit's result (``last``)."""
    queued = f"{fight.attacks}.{len(fight.pending)}"
    form = state["form"]
    lucky = form["check"]["luck"] == "yes"
    items = [
        _check_row(i, p, queued, _check_odds(fight, i, lucky)) for i, p in enumerate(fight.pending)
    ]
    luck = (
        fields.form_select(form, "check", "luck", "Luck on the next check", _luck_choice(fight))
        if items
        else None
    )
    return h(
        "section",
        {
            "class": "card step checks-step",
            "aria-labelledby": "sc-checks-h",
            "data-testid": "sc-checks-step",
        },
        h("h2", {"id": "sc-checks-h"}, f"Checks to roll ({len(fight.pending)})"),
        last,
        _dropped(state),
        # Luck is declared before the roll (SIM-10): its choice comes before the checks' rolls,
        # and their odds count it (play-through simply: the choice sat under three checks,
        # below the fold, and the odds stayed without it).
        luck,
        h("ul", {"class": "checks"}, *items)
        if items
        else h("p", {"class": "muted"}, "None. Injury effects queue their checks here."),
        error_line(model, saved.ERRORS, "check", "sc-error-check"),
    )


def _luck_choice(fight: core.Combat) -> list[tuple[str, str]]:
    """Luck on the next check rolled, whichever it is: it stakes the LP of the fighter whose
    check it is (SIM-10: the one who rolls spends their own). Checks of one fighter offer their LP;
    of several, each one's LP, a fighter with too few rolling without (a GM's play-through: the
    first queued check's fighter, with no LP, left Bea none to stake on their own check)."""
    known = {c.id: c for c in fight.combatants}
    who = [known[c] for c in dict.fromkeys(p.combatant for p in fight.pending) if c in known]
    if len(who) <= 1:
        return fields.luck_choice(fight, who[0].id if who else "")
    lp = [(c.name, c.luck) for c in who]
    if all(points < LUCK_MINIMUM for _, points in lp):
        each = ", ".join(f"{name} {points} LP" for name, points in lp)
        return [("no", f"No ({each}: luck needs at least {LUCK_MINIMUM})")]
    each = ", ".join(
        f"{name} {points} LP" + ("" if points >= LUCK_MINIMUM else ": rolls without")
        for name, points in lp
    )
    return [("no", "No"), ("yes", f"Yes (the roller's LP staked: {each}; spent by the rule)")]


def _dropped(state: dict[str, Any]) -> VNode | None:
    """The checks the last one's failure made moot (SIM-47 reading), or the last hit's knockout
    or death (SIM-48, SIM-50), said where they were."""
    shown = state["result"].get("check") or state["result"].get("damage")
    words = shown.get("dropped") if isinstance(shown, dict) else None
    return h("p", {"class": "explain", "data-testid": "sc-check-dropped"}, words) if words else None
