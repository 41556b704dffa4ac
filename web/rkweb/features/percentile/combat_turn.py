"""The round, turn first (FIGHT.md): the order strip (who acts now and next, tap a card to make
it the target), the active combatant with its weapons and the chance against that target, the
step under way with its dice ("Roll for me" or "I rolled …") or its question, and the result
where the tap was. The turns, odds and steps are the core's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pycore.dice import seeded
from pycore.errors import RulekeeperError
from pycore.systems.percentile import table_rise
from pycore.systems.percentile.checks import fmt
from pycore.systems.percentile.fight import Fight
from pycore.systems.percentile.fight import attack as FA
from pycore.systems.percentile.fight import cost as FC
from pycore.systems.percentile.fight import setup as FS
from pycore.systems.percentile.fight import turns as R
from pycore.systems.percentile.fight.stun import Contradicted, answer_stun
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import combat_cards as W
from rkweb.features.percentile import combat_step as C
from rkweb.features.percentile import state as S
from rkweb.features.percentile.combat_attack import range_entry, to_hit_entries
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip
from rkweb.kit.dice_entry import dice_entry, typed_text
from rkweb.kit.fields import error_of, number
from rkweb.kit.results import result, why


class TurnTarget(Message, action="percentile.turn_target"):
    """The strip's card tapped: that fighter is the attack's target."""

    cid: str


class TurnWeapon(Message, action="percentile.turn_weapon"):
    """The attacker's weapon (its place on the sheet) tapped."""

    weapon: str


class TurnNext(Message, action="percentile.turn_next"):
    """The next turn: its attacker's attack set up afresh from the sheets."""


class TurnNextTyped(Message, action="percentile.turn_next_typed"):
    """The next turn, the next round's (or piece's) order rolled at the table (b2, pieces)."""

    text: str = entered(default="")


class TurnRoll(Message, action="percentile.turn_roll"):
    """The attack's next roll with the app's dice."""


class TurnTyped(Message, action="percentile.turn_typed"):
    """The attack's next roll with the dice rolled at the table."""

    text: str = entered(default="")


class TurnOverride(Message, action="percentile.turn_override"):
    """The GM allows an attack the fighter cannot pay (PCT-24)."""


class ActionCost(Message, action="percentile.action_cost"):
    """Table #3-6's cost for this attack, asked once (PCT-24), as typed."""

    cost: str = entered(default="")


class AttackPart(Message, action="percentile.attack_part"):
    """The body part the attack hit, as the GM names it."""

    part: str


class AttackStun(Message, action="percentile.attack_stun"):
    """Table #3-7.0's modifier for the damage taken, as typed."""

    modifier: str = entered(default="")


class AttackStunKeep(Message, action="percentile.attack_stun_keep"):
    """The GM keeps a Table #3-7.0 modifier that goes against an earlier row (asked first)."""

    modifier: str


class AttackCancel(Message, action="percentile.attack_cancel"):
    """Set the attack under way aside."""


class TurnBorrow(Message, action="percentile.turn_borrow"):
    """The acting fighter borrows ``amount`` AP of their next turn where their shortfall is said
    (PCT-27: 3 of the next turn for 1 now)."""

    amount: str


Steps = Sequence[VNode | None]
#: Where a card or weapon tapped and refused (fight.setup.enter) is said: under the strip, where
#: the tap was. Said under the roll's entry, it was not drawn at all while the step asked a
#: question (the AP cost, the body part, the stun): the tap did nothing, silently.
CHOICE = "turn-choice"


def _target(model: Model, msg: TurnTarget, ctx: Ctx) -> Model:
    return C.edited(model, CHOICE, lambda st: C.attack_entry(model, st, "target", msg.cid))


def _weapon(model: Model, msg: TurnWeapon, ctx: Ctx) -> Model:
    return C.edited(model, CHOICE, lambda st: C.attack_entry(model, st, "weapon", msg.weapon))


def _next(model: Model, msg: TurnNext | TurnNextTyped, ctx: Ctx) -> Model:
    """The next turn; the next order (b2, pieces) rolled on the way, the app's or typed dice."""
    typed = isinstance(msg, TurnNextTyped)

    def roll(fight: Fight, rng: Any) -> C.Outcome:
        fight, turn = (R.next_turn_ordered if typed else R.next_turn)(fight, rng)
        now = R.active(fight)
        assert now is not None
        # the one foe of a duel is the target already: no tap to choose them (issue 29)
        form = FS.fresh(fight, now.id, FS.only_foe(fight, now.id))
        return fight, turn.step, f"Turn: {turn.name}", form

    return C.rolled(model, ctx, "turn-next", msg, roll)


def _attack(fight: Fight, st: dict[str, Any], step: FA.AttackStep) -> C.Outcome:
    label = f"Attack: {step.attacker} → {step.target}"
    return fight, step.step, label, FS.next_form(fight, C.form_of(st))


def _roll(model: Model, msg: TurnRoll | TurnTyped, ctx: Ctx) -> Model:
    return _rolled(model, ctx, typed_text(msg), override=False)


def _override(model: Model, msg: TurnOverride, ctx: Ctx) -> Model:
    return _rolled(model, ctx, None, override=True)


def _rolled(model: Model, ctx: Ctx, typed: str | None, *, override: bool) -> Model:
    """The attack's next roll: with the app's dice, or ``typed`` at the table; ``override``:
    the GM allows an attack the fighter cannot pay (PCT-24)."""

    def run(fight: Fight, st: dict[str, Any]) -> C.Outcome:
        setup = FS.setup_of(C.form_of(st))
        if typed is None:
            rng = seeded(ctx.fresh_seed)
            fight, step = FA.roll(fight, setup, rng, through=True, override=override)
        else:
            fight, step = FA.roll_typed(fight, setup, typed)
        return _attack(fight, st, step)

    return C.stepped(model, ctx, "turn", run, here=not override)


def _cost(model: Model, msg: ActionCost, ctx: Ctx) -> Model:
    def run(fight: Fight, st: dict[str, Any]) -> C.Outcome:
        fight = FC.set_action_cost(fight, C.form_of(st), msg.cost)
        what = FC.attack_cost(fight, C.form_of(st))[0]
        return fight, f"Table #3-6: {what} costs {msg.cost.strip()} AP", "Table #3-6", None

    return C.stepped(model, ctx, "attack-action_cost", run)


def _part(model: Model, msg: AttackPart, ctx: Ctx) -> Model:
    def run(fight: Fight, st: dict[str, Any]) -> C.Outcome:
        fight, step = FA.answer_part(fight, msg.part, FS.setup_of(C.form_of(st)))
        return fight, step.step, f"Body part: {msg.part}", FS.next_form(fight, C.form_of(st))

    return C.stepped(model, ctx, "turn", run, here=True)


#: The Table #3-7.0 modifier typed against an earlier row, kept for the GM's "Keep" beside it.
STUN_ASKED = f"{S.FEATURE}_stun_against"


def _stun(model: Model, msg: AttackStun | AttackStunKeep, ctx: Ctx) -> Model:
    """The GM's Table #3-7.0 modifier; one against an earlier row for less (or more) damage is
    said beside the field with "Keep it", never taken silently (PCT-28, lines 49, 74)."""
    keep = isinstance(msg, AttackStunKeep)
    against: list[str] = []

    def run(fight: Fight, st: dict[str, Any]) -> C.Outcome:
        try:
            fight, change = answer_stun(fight, msg.modifier, confirmed=keep)
        except Contradicted:
            against.append(msg.modifier.strip())
            raise
        return fight, change.step, "Stun", FS.next_form(fight, C.form_of(st))

    done = C.stepped(model, ctx, "attack-stun_modifier", run, here=True)
    return done.with_ui(**{STUN_ASKED: against[0] if against else None})


def _borrow(model: Model, msg: TurnBorrow, ctx: Ctx) -> Model:
    def run(fight: Fight, st: dict[str, Any]) -> C.Outcome:
        cid = str(C.form_of(st).get("attacker") or "")
        fight, change = R.change_ap(fight, cid, "borrow", R.ap_amount(msg.amount))
        return fight, change.step, "Borrow AP", None

    return C.stepped(model, ctx, "turn", run)


def _cancel(model: Model, msg: AttackCancel, ctx: Ctx) -> Model:
    def run(fight: Fight, st: dict[str, Any]) -> C.Outcome:
        fight, aside = FA.set_aside(fight)
        return fight, aside.step, "Set the attack aside", FS.next_form(fight, C.form_of(st))

    return C.stepped(model, ctx, "attack", run)


#: The round card's messages, keyed by their actions: the turn, its roll and its questions.
HANDLERS = handlers(
    _target, _weapon, _next, _roll, _override, _cost, _part, _stun, _cancel, _borrow
)


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


def _step(model: Model, st: dict[str, Any], fight: Fight) -> Sequence[VNode | None]:
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
    waits = _range_first(fight, form) if stage == "to_hit" else None
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
        h("div", {"data-testid": "percentile-turn-step"}, *(due or _step(model, st, fight))),
        *ahead,
        None if here else told,
        why(["Turns: each side in order, each member in the side's order (PCT-07, PCT-08)"]),
    )
