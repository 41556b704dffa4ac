"""The combat tab: the round, turn first (whose turn, the target, the attack's dice and
questions, the result), then the set-up cards (sides, surprise, order, agility points), the full
attack worksheet, poisons and the log. The update parses the form, calls a transition of the
core's fight (:mod:`pycore.systems.percentile.fight` and its ``fight_*`` modules), stores the
returned fight and logs its result; every step is undoable and saved.
"""

from __future__ import annotations

from typing import Any

from pycore.dice import seeded
from pycore.dice.typed import DiceWanted, TypedRolls
from pycore.errors import RulekeeperError
from pycore.step import Step
from pycore.systems.percentile import combat, gmtables
from pycore.systems.percentile import fight as F
from pycore.systems.percentile.attack import MissingValue
from pycore.systems.percentile.dice import roll_entries
from pycore.systems.percentile.fight import attack as FA
from pycore.systems.percentile.fight import cost as FC
from pycore.systems.percentile.fight import poison as FP
from pycore.systems.percentile.fight import setup as FS
from pycore.systems.percentile.fight import turns as R
from rkweb.app.messages import unknown
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.percentile import combat_attack, combat_sides, combat_turn
from rkweb.features.percentile import state as S
from rkweb.kit.fields import with_error
from rkweb.kit.results import card, log_list

# Form edits: saved quietly (typing is not an undo step).
FORM_ACTIONS = frozenset(
    {
        "side_field",
        "member_ac",
        "member_ac_level",
        "ap_field",
        "ap_action",
        "attack_field",
        "poison_field",
        "turn_target",
        "turn_weapon",
    }
)
#: Rolls that also take the dice rolled at the table (``<roll>_typed``, the text last): one
#: number per roll, spaces, commas or ";" between them, in the order the rule rolls them.
TYPED_ROLLS = ("surprise_roll", "order_roll", "order_join", "rolloff", "severity_roll")
STEP_ACTIONS = frozenset(
    {
        "side_add",
        "member_add",
        "member_remove",
        "member_asleep",
        "surprise_roll",
        "order_roll",
        "order_pass",
        "order_join",
        "round_next",
        "piece_next",
        "rolloff",
        "ap_spend",
        "ap_borrow",
        "ap_stun",
        "attack_resolve",
        "attack_part",
        "attack_stun",
        "attack_cancel",
        "turn_next",
        "turn_roll",
        "turn_typed",
        "turn_override",
        "action_cost",
        "severity_roll",
        "poison",
        *(f"{roll}_typed" for roll in TYPED_ROLLS),
    }
)
ACTIONS = FORM_ACTIONS | STEP_ACTIONS
# A step's outcome: the new fight, the log line ("" for none), the undo label and the new
# attack form (None: unchanged).
Outcome = tuple[F.Fight, str | Step, str, dict[str, str] | None]


def _form(st: dict[str, Any], area: str = "attack") -> dict[str, str]:
    return {str(k): str(v) for k, v in st["combat"].get(area, {}).items()}


def _with_form(st: dict[str, Any], area: str, form: dict[str, str]) -> dict[str, Any]:
    return {**st, "combat": {**st["combat"], area: form}}


def _side_edit(st: dict[str, Any], action: str, msg: Msg) -> F.Fight:
    fight = S.fight_of(st)
    index = int(msg[1])
    if action == "member_ac":
        return F.set_member_alertness(fight, index, str(msg[2]), str(msg[3]))
    if action == "member_ac_level":
        return F.set_member_alertness(fight, index, str(msg[2]), str(msg[3]), level=True)
    key, value = str(msg[2]), str(msg[3])
    if key == "name":
        return F.rename_side(fight, index, value)
    if key == "modifier":
        return F.set_side_modifier(fight, index, value)
    return F.set_side_alertness(fight, index, value, level=key == "ac_level")


def _form_edit(model: Model, action: str, msg: Msg) -> Model:
    st = S.state(model)
    if action in ("side_field", "member_ac", "member_ac_level"):
        fight = _side_edit(st, action, msg)
        return with_error(
            S.save(model, S.with_fight(st, fight), fight=fight),
            S.FEATURE,
            _error_key(action, msg),
            None,
        )
    if action in ("ap_field", "ap_action"):
        cid, value = str(msg[1]), str(msg[-1]).strip()
        if action == "ap_action":
            cost = gmtables.action_cost(st["gm"], value) if value else None
            if cost is None:
                return model
            value = str(cost)
        st = _with_form(st, "ap_input", {**_form(st, "ap_input"), cid: value})
        return with_error(S.save(model, st), S.FEATURE, f"ap-{cid}", None)
    if action == "poison_field":
        key, value = str(msg[1]), FS.check_field(str(msg[1]), str(msg[2]))
        ekey = "attack-poison_damage" if key == "poison_damage" else "poison"
        st = _with_form(st, "poison", {**_form(st, "poison"), key: value})
        return with_error(S.save(model, st), S.FEATURE, ekey, None)
    key = {"turn_target": "target", "turn_weapon": "weapon"}.get(action, str(msg[1]))
    fight, form = FS.enter(S.fight_of(st), _form(st), key, str(msg[-1]))
    st = _with_form(S.with_fight(st, fight), "attack", form)
    model = with_error(S.save(model, st, fight=fight), S.FEATURE, f"attack-{key}", None)
    return with_error(model, S.FEATURE, "turn", None)


def _error_key(action: str, msg: Msg, exc: RulekeeperError | None = None) -> str:
    if action.endswith("_typed") and action != "turn_typed":  # beside the roll's own field
        return S.typed_key(action.removesuffix("_typed"), tuple(msg[1:-1]))
    if isinstance(exc, MissingValue) and exc.field in (*FS.ATTACK_NUMBERS, "action_cost"):
        return f"attack-{exc.field}"
    if action == "action_cost":
        return "attack-action_cost"
    if action.startswith("ap_"):
        return f"ap-{msg[1]}"
    if action in ("side_field", "member_ac", "member_ac_level"):
        return f"side-{msg[1]}"
    keys = {
        "attack_field": f"attack-{msg[1] if len(msg) > 1 else ''}",
        "attack_stun": "attack-stun_modifier",
    }
    if action in keys:
        return keys[action]
    if action == "turn_next":
        return "turn-next"
    if action.startswith(("turn", "attack_part")):
        return "turn"
    if action.startswith("poison"):
        return "poison"
    if action.startswith(("attack", "severity")):
        return "attack"
    return "combat"


def _sides_step(fight: F.Fight, action: str, msg: Msg) -> Outcome:
    if action == "side_add":
        return F.add_side(fight), "", "Add side", None
    index, cid = int(msg[1]), str(msg[-1])
    if action == "member_add":
        return F.add_member(fight, index, cid), "", "Add member to side", None
    if action == "member_remove":
        return F.remove_member(fight, index, cid), "", "Remove member", None
    return F.toggle_asleep(fight, index, cid), "", "Asleep / awake", None


def _round_step(fight: F.Fight, action: str, msg: Msg, rng: Any) -> Outcome:
    if action == "surprise_roll":
        fight, surprise = F.roll_surprise(fight, rng)
        return fight, surprise.step, "Surprise roll", None
    if action == "order_roll":
        fight, rolled = F.roll_order(fight, rng)
        return fight, rolled.step, "Order of attack", None
    if action == "order_pass":
        fight, passed = F.pass_order(fight)
        return fight, passed.step, "Pass primary attack", None
    if action == "order_join":
        fight, joined = F.join_order(fight, str(msg[1]), rng)
        return fight, joined.step, f"{joined.side} joins", None
    if action == "round_next":
        fight, started = R.next_round(fight)
        return fight, started.step, "Next round", None
    if action == "piece_next":
        fight, piece = R.next_piece(fight)
        return fight, piece.step, "Next piece", None
    fight, off = R.roll_off(fight, int(msg[1]), rng)
    return fight, off.step, "Roll-off within side", None


def _ap_step(fight: F.Fight, action: str, msg: Msg, st: dict[str, Any]) -> Outcome:
    cid = str(msg[1])
    amount = R.ap_amount(_form(st, "ap_input").get(cid, ""))
    kind = action.removeprefix("ap_")
    fight, change = R.change_ap(fight, cid, kind, amount)
    label = {"spend": "Spend AP", "borrow": "Borrow AP", "stun": "Stun"}[kind]
    return fight, change.step, label, None


def _turn_step(fight: F.Fight, action: str, msg: Msg, st: dict[str, Any], rng: Any) -> Outcome:
    """The round screen: the next turn (the attacker set up afresh from its sheet), a roll with
    app dice or the dice typed in."""
    form = _form(st)
    if action == "turn_next":
        fight, turn = R.next_turn(fight, rng)
        now = R.active(fight)
        assert now is not None
        # the one foe of a duel is the target already: no tap to choose him (issue 29)
        form = FS.fresh(fight, now.id, FS.only_foe(fight, now.id))
        return fight, turn.step, f"Turn: {turn.name}", form
    if action == "turn_typed":
        fight, step = FA.roll_typed(fight, FS.setup_of(form), str(msg[-1]))
    else:  # app dice; "turn_override": the GM allows an attack the fighter cannot pay (PCT-24)
        override = action == "turn_override"
        fight, step = FA.roll(fight, FS.setup_of(form), rng, through=True, override=override)
    label = f"Attack: {step.attacker} → {step.target}"
    return fight, step.step, label, FS.next_form(fight, form)


def _attack_step(fight: F.Fight, action: str, msg: Msg, st: dict[str, Any], rng: Any) -> Outcome:
    """An attack step; once the attack is applied or set aside the next one starts afresh."""
    fight, text, label, _ = _attack_action(fight, action, msg, st, rng)
    ends = action.startswith("attack_")  # not a severity roll or a poison
    return fight, text, label, FS.next_form(fight, _form(st)) if ends else None


def _attack_action(fight: F.Fight, action: str, msg: Msg, st: dict[str, Any], rng: Any) -> Outcome:
    form = _form(st)
    if action == "attack_resolve":
        fight, step = FA.attack(fight, FS.setup_of(form), rng)
        return fight, step.step, f"Attack: {step.attacker} → {step.target}", None
    if action == "attack_part":
        fight, step = FA.answer_part(fight, str(msg[1]), FS.setup_of(form))
        return fight, step.step, f"Body part: {msg[1]}", None
    if action == "attack_stun":
        fight, change = FA.answer_stun(fight, str(msg[-1]))
        return fight, change.step, "Stun", None
    if action == "attack_cancel":
        fight, aside = FA.set_aside(fight)
        return fight, aside.step, "Set the attack aside", None
    if action == "severity_roll":
        fight, rolled = FP.severity(fight, rng)
        return fight, rolled.step, "Severity roll", None
    poison_form = _form(st, "poison")
    fight, poisoned = FP.poison(fight, poison_form, form)
    return fight, poisoned.step, f"Poison: {poison_form.get('name') or 'poison'}", None


def _step(fight: F.Fight, action: str, msg: Msg, st: dict[str, Any], ctx: Ctx) -> Outcome:
    if action.endswith("_typed") and action.removesuffix("_typed") in TYPED_ROLLS:
        roll = action.removesuffix("_typed")
        dice = TypedRolls(roll_entries(str(msg[-1])))
        if roll == "severity_roll":
            return _attack_step(fight, roll, msg[:-1], st, dice)
        return _round_step(fight, roll, msg[:-1], dice)
    if action in ("side_add", "member_add", "member_remove", "member_asleep"):
        if action == "member_add" and not str(msg[-1]):
            return fight, "", "", None
        return _sides_step(fight, action, msg)
    if action in ("ap_spend", "ap_borrow", "ap_stun"):
        return _ap_step(fight, action, msg, st)
    if action == "action_cost":  # Table #3-6's cost for this attack, asked once (PCT-24)
        fight = FC.set_action_cost(fight, _form(st), str(msg[-1]))
        what = FC.attack_cost(fight, _form(st))[0]
        return fight, f"Table #3-6: {what} costs {str(msg[-1]).strip()} AP", "Table #3-6", None
    rng = seeded(ctx.fresh_seed)
    if action.startswith("turn"):
        return _turn_step(fight, action, msg, st, rng)
    if action.startswith(("attack", "severity", "poison")):
        return _attack_step(fight, action, msg, st, rng)
    return _round_step(fight, action, msg, rng)


def _clear_errors(model: Model, action: str, msg: Msg) -> Model:
    errors = dict(model.ui.get(f"{S.FEATURE}_errors", {}))
    key = _error_key(action, msg)
    drop = ("attack", "turn") if key.startswith(("attack", "turn")) else (key,)
    kept = {k: v for k, v in errors.items() if not str(k).startswith(drop)}
    return model.with_ui(**{f"{S.FEATURE}_errors": kept})


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    action = str(msg[0]).split(".", 1)[1]
    if action not in ACTIONS:  # _step routes by prefix: a name it does not list goes no further
        raise unknown(msg)
    try:
        if action in FORM_ACTIONS:
            return _form_edit(model, action, msg).with_ui(**{combat_turn.RESULT_HERE: False})
        st = S.state(model)
        fight, text, label, form = _step(S.fight_of(st), action, msg, st, ctx)
    except RulekeeperError as exc:
        return with_error(model, S.FEATURE, _error_key(action, msg, exc), str(exc))
    except DiceWanted as wanted:  # fewer dice typed than the rule rolls
        example = S.EXAMPLES.get(action.removesuffix("_typed"), "47 12")
        return with_error(
            model, S.FEATURE, _error_key(action, msg), S.missing_roll(wanted, example)
        )
    if not label:
        return model
    new = S.with_fight(st, fight)
    if form is not None:
        new = _with_form(new, "attack", form)
    if text:  # the result's step: its players' line and rules go to the log as they are
        step = text if isinstance(text, Step) else Step(text)
        said = f"round {fight.round}:"  # a new round's step names its round itself
        text = step.text if step.text.startswith(said) else f"{said} {step.text}"
        told = Step(text, step.public, step.rules)
        new = S.logged(new, "combat", told, ctx)
    saved = _clear_errors(S.save(model, new, ctx, label, fight=fight), action, msg)
    # a roll's result shows where its tap was (combat_turn.turn_view), until the next action
    return saved.with_ui(**{combat_turn.RESULT_HERE: action in combat_turn.ROLLS})


def _fold(testid: str, summary: str, *cards: VNode, opened: bool = False) -> VNode:
    """A closed fold of cards that are not the current step (issue 29 item 7: the set-up and the
    worksheet stacked about 5,200 px below the round at 768x1024). ``data-key`` changes with
    ``opened`` so the fold is built anew, closed, once the round starts."""
    return h(
        "details",
        {
            "class": "more",
            "data-testid": testid,
            "open": True if opened else None,
            "data-key": f"{testid}-{opened}",
        },
        h("summary", {"class": "strong", "data-testid": f"{testid}-open"}, summary),
        *cards,
    )


def view(model: Model) -> VNode:
    st = S.state(model)
    fight = S.fight_of(st)
    log = st["combat"]["log"]
    # Before the first turn the set-up is the current step; from then on the round is.
    started = fight.turn >= 0 or fight.round > 1
    return h(
        "div",
        {"class": "page"},
        combat_turn.turn_view(model, st, fight),
        _fold(
            "percentile-fold-setup",
            "The set-up: settings, sides, surprise and order of attack",
            h(
                "p",
                {"class": "notice", "data-testid": "percentile-worksheet-settings"},
                "Settings: " + fight.settings.summary(),
            ),
            h("p", {"class": "muted small"}, "Sequence: " + " · ".join(combat.combat_sequence())),
            combat_sides.sides_view(model, st, fight),
            combat_sides.surprise_view(model, st, fight),
            combat_sides.order_view(model, st, fight),
            opened=not started,
        ),
        _fold(
            "percentile-fold-worksheet",
            "The whole attack worksheet: agility points, every attack field, poisons",
            combat_sides.ap_view(model, st, fight),
            combat_attack.attack_view(model, st, fight),
            combat_attack.poison_view(model, st, fight),
        ),
        card("pct-log-h", f"Combat log ({len(log)})", log_list("percentile-log-entry", log)),
    )
