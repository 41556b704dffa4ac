"""The round card's step under way (FIGHT.md): its dice ("Roll for me" or "I rolled …") with the
to-hit entries and the AP cost beside them, or its question (the AP cost, the body part, the
stun), or the turn over for want of AP with borrowing and the GM's override one tap away. The
odds, costs and refusals are the core's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pycore.errors import RulekeeperError
from pycore.systems.percentile import table_rise
from pycore.systems.percentile.checks import fmt
from pycore.systems.percentile.fight import Fight
from pycore.systems.percentile.fight import attack as FA
from pycore.systems.percentile.fight import cost as FC
from pycore.systems.percentile.fight import setup as FS
from pycore.systems.percentile.fight import turns as R
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import state as S
from rkweb.features.percentile.combat_attack import range_entry, to_hit_entries
from rkweb.features.percentile.combat_turn import (
    STUN_ASKED,
    ActionCost,
    AttackPart,
    AttackStun,
    AttackStunKeep,
    TurnBorrow,
    TurnNext,
    TurnOverride,
    TurnRoll,
    TurnTyped,
)
from rkweb.kit.buttons import button
from rkweb.kit.dice_entry import dice_entry
from rkweb.kit.fields import error_of, number
from rkweb.kit.results import why


def _question(model: Model, fight: Fight) -> list[VNode | None]:
    pending = fight.pending
    assert pending is not None
    target = fight.fighter(str(pending.form.get("target", "")))
    asked = pending.hit.waits_for or ""
    question = h(  # a sentence on its own: capitalised ("which body part was hit?" is not)
        "p",
        {"class": "strong", "data-testid": "percentile-attack-question"},
        asked[:1].upper() + asked[1:],
    )
    if pending.hit.stage == "part":
        parts = [
            button(f"percentile-turn-part-{i}", p.name, AttackPart(p.name), primary=True)
            for i, p in enumerate(target.parts if target else ())
        ]
        return [
            question,
            h("div", {"class": "row", "role": "group", "aria-label": "Body part"}, *parts),
        ]
    error = error_of(model, S.FEATURE, "attack-stun_modifier")
    against = str(model.ui.get(STUN_ASKED) or "") if error else ""
    # a value said against an earlier row stays in its field beside the question
    entry = number(
        "percentile-attack-stun_modifier",
        "Table #3-7.0 modifier for the damage taken",
        against,
        AttackStun(),
        error=error,
    )
    if not against:
        return [question, entry]
    # The GM's call, not a refusal: the field, what it goes against and both answers (keep it,
    # or type another) as one block in the warning's colours, its rules under its own "Why".
    keep = h(
        "div",
        {"class": "row keep-row", "data-testid": "percentile-attack-stun-asked"},
        button(
            "percentile-attack-stun-keep",
            f"Keep {against} (GM; logged)",
            AttackStunKeep(against),
        ),
        h("span", {"class": "muted"}, "or type another value above"),
        why([table_rise.RISE_WHY]),
    )
    return [question, h("div", {"class": "keep-asked"}, entry, keep)]


def step_view(model: Model, st: dict[str, Any], fight: Fight) -> Sequence[VNode | None]:
    form = st["combat"].get("attack", {})
    error = error_of(model, S.FEATURE, "turn")
    pending = fight.pending
    if pending is not None and pending.hit.stage in ("part", "stun"):
        return _question(model, fight)
    if R.active(fight) is None and pending is None:
        return [h("p", {"class": "muted"}, "Tap Next turn to start the round.")]
    short = FC.shortfall(fight, _plain(form)) if pending is None else None
    if short is not None and short.over:  # no AP left: the turn is over, said before any tap
        return _turn_over(model, form, short)
    if not form.get("target") and pending is None:
        return [h("p", {"class": "muted"}, "Tap the target in the strip above.")]
    try:
        dice = FA.next_dice(fight, FS.setup_of(form))
    except RulekeeperError as exc:
        return [
            h(
                "p",
                {"class": "field-error", "role": "alert", "data-testid": "percentile-turn-error"},
                str(exc),
            )
        ]
    if dice is None:
        return [
            button("percentile-turn-roll-roll", "Work out the damage", TurnRoll(), primary=True)
        ]
    stage = pending.hit.stage if pending else "to_hit"
    what = {"to_hit": "To hit", "location": "Where it hit", "damage": "Damage"}.get(
        stage, "Where it went"
    )
    # the to-hit entries the GM reads off Table #3-1 / #3-2 with the attacker's skill (d2, d3)
    entries = to_hit_entries(model, st, fight, "percentile-turn", asked_only=True)
    if stage == "to_hit" and pending is None and fight.settings.ap == "c2":
        asked = _cost_step(model, fight, form)  # the cost first asked, or refused, not the dice
        if asked:
            reach = range_entry(model, fight, form, "percentile-turn")
            return [h("p", {"class": "strong"}, what), reach, *entries, *asked]
    # the step and its AP cost on one line: on two, with last turn's result below, "Roll for
    # me" sat at the bottom edge of the first screen at 768x1024 (issue 29 round 2 item 4)
    cost = _cost_line(fight, form)
    # a roll that reads the range waits for it, saying why, before it is tapped (a FIST's roll
    # was refused for its range only once tapped: a wasted tap)
    # and one after a move into hand-to-hand range waits for the move's AP (PCT-05, PCT-24:
    # FS.move_first): rolled first, the move went free without a word
    waits = (
        (_range_first(fight, form) or FS.move_first(fight, _plain(form)))
        if stage == "to_hit"
        else None
    )
    return [
        h("p", {}, h("strong", {}, what), *([" · ", cost] if cost else [])),
        *(
            [range_entry(model, fight, form, "percentile-turn"), *entries]
            if stage == "to_hit"
            else []
        ),
        h("p", {"class": "strong", "data-testid": "percentile-turn-waits"}, waits)
        if waits
        else None,
        dice_entry(
            "percentile-turn-roll",
            dice,
            roll=TurnRoll(),
            typed=TurnTyped(),
            error=error,
            entry=_roll_id(st, stage),
            disabled=bool(waits),
            added=True,  # PCT-42: the dice as read, the app adds the Y (roll_typed)
        ),
    ]


def _range_first(fight: Fight, form: dict[str, Any]) -> str | None:
    """What the attack's first roll waits for: the range it reads, while none is known (the
    core's words), else None (a refusal of another kind comes with the roll, as it did)."""
    try:
        return FA.range_first(fight, FS.setup_of(form))
    except RulekeeperError:
        return None


def _roll_id(st: dict[str, Any], stage: str) -> str:
    """Which roll the "I rolled" field is for: each logged step (a roll, a turn) starts a new
    one, so the field is emptied and the same number typed again is taken (it kept the last
    turn's "15", and a GM typing 15 for the next attack saw nothing happen)."""
    log = st["combat"].get("log") or []
    return f"{stage}-{log[0].get('seed', '')}-{len(log)}" if log else stage


def _plain(form: dict[str, Any]) -> dict[str, str]:
    return {str(k): str(v) for k, v in form.items()}


def _borrow_button(short: FC.Shortfall) -> VNode | None:
    """Borrowing where the shortfall is said (PCT-27, line 74), the GM's choice: the points of
    the next turn that pay the attack, 3 for 1 (it sat in the folded worksheet, 1,600 px down)."""
    if short.borrow is None or short.gain is None:
        return None
    return button(
        "percentile-turn-borrow",
        f"Borrow {fmt(short.borrow)} AP of the next turn for {fmt(short.gain)} now",
        TurnBorrow(str(short.borrow)),
    )


def _uncovered(short: FC.Shortfall) -> VNode | None:
    """Why no borrow button, said under the shortfall: borrowing is on, but the next turn cannot
    cover it (PCT-27, line 74); the button just did not appear, and nothing said why."""
    if short.uncovered is None:
        return None
    return h("p", {"data-testid": "percentile-turn-uncovered"}, short.uncovered)


def _turn_over(model: Model, form: dict[str, Any], short: FC.Shortfall) -> list[VNode | None]:
    """c2: the acting fighter has no AP left, so their turn is over (PCT-07, line 36; PCT-24, line
    68): said plainly with "Next turn", before any tap, not as a refusal of the attack tapped.
    Borrowing (when on and it covers the attack) and the GM's override stay one tap away."""
    return [
        h("p", {"class": "strong", "data-testid": "percentile-turn-over"}, short.said),
        _uncovered(short),
        h(
            "div",
            {"class": "row"},
            button("percentile-turn-over-next", "Next turn", TurnNext(), primary=True),
            _borrow_button(short),
            button("percentile-turn-override", "Attack anyway (GM; logged)", TurnOverride())
            if form.get("target")
            else None,
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-turn-error"},
            error_of(model, S.FEATURE, "turn"),
        ),
    ]


def _cost_step(model: Model, fight: Fight, form: dict[str, Any]) -> list[VNode | None]:
    """c2 (PCT-24, PCT-29): what the attack costs, asked once while Table #3-6 leaves it out, and
    an attack the fighter cannot pay refused in words, with borrowing (PCT-27) and the GM's
    override beside it. Empty when the attack is paid as it stands (its cost is then shown with
    the dice)."""
    plain = _plain(form)
    try:
        action, cost = FC.attack_cost(fight, plain)
    except RulekeeperError:
        return []
    if cost is None:
        return [
            number(
                "percentile-turn-action_cost",
                f"What does {action} cost in AP? (Table #3-6: asked once, kept on the GM page)",
                "",
                ActionCost(),
                error=error_of(model, S.FEATURE, "attack-action_cost"),
            )
        ]
    short = FC.shortfall(fight, plain)
    if short is None:
        return []
    alert = {"class": "field-error", "role": "alert", "data-testid": "percentile-turn-ap"}
    return [
        h("p", alert, short.said),
        _uncovered(short),
        h(
            "div",
            {"class": "row"},
            _borrow_button(short),
            button("percentile-turn-override", "Allow it anyway (GM; logged)", TurnOverride()),
        ),
    ]


def _cost_line(fight: Fight, form: dict[str, Any]) -> VNode | None:
    """The attack's AP cost beside its dice (c2), and what the attacker has left."""
    if fight.settings.ap != "c2" or fight.pending is not None:
        return None
    plain = {str(k): str(v) for k, v in form.items()}
    try:
        action, cost = FC.attack_cost(fight, plain)
    except RulekeeperError:
        return None
    attacker = fight.fighter(plain.get("attacker", ""))
    if cost is None or attacker is None:
        return None
    left = fmt(attacker.ledger.remaining)
    text = f"{action[0].upper()}{action[1:]} costs {fmt(cost)} AP ({attacker.name} has {left})"
    return h("span", {"data-testid": "percentile-turn-ap"}, text)
