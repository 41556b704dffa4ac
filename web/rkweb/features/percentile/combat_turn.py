"""The round card's messages and what each does (FIGHT.md): a card or weapon tapped, the next
turn, the attack's roll (the app's dice or typed), the GM's override, and the answers to the
step's questions (the AP cost, the body part, the stun). The turns, odds and steps are the
core's; the card is drawn by :mod:`.combat_turn_view`, its step by :mod:`.combat_turn_step`."""

from __future__ import annotations

from typing import Any

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.systems.percentile.fight import Fight
from pycore.systems.percentile.fight import attack as FA
from pycore.systems.percentile.fight import cost as FC
from pycore.systems.percentile.fight import setup as FS
from pycore.systems.percentile.fight import turns as R
from pycore.systems.percentile.fight.stun import Contradicted, answer_stun
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.features.percentile import combat_step as C
from rkweb.features.percentile import state as S
from rkweb.kit.dice_entry import typed_text


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
        form = C.form_of(st)
        waits = None if override or fight.pending else FS.move_first(fight, form)
        if waits:  # the move's AP first (PCT-05, PCT-24), as the step says beside its dice
            raise RuleError(waits)
        setup = FS.setup_of(form)
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
