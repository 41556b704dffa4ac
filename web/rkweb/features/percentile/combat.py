"""The combat tab: sides → surprise → order of attack → rounds → agility points → the attack →
poisons, and the log. The update parses the form, calls a transition of the core's fight
(:mod:`pycore.systems.percentile.fight`, :mod:`pycore.systems.percentile.fight_attack`), stores
the returned fight and logs its result; every step is undoable and saved.
"""

from __future__ import annotations

from typing import Any

from pycore.dice import seeded
from pycore.errors import RulekeeperError
from pycore.systems.percentile import combat, gmtables
from pycore.systems.percentile import fight as F
from pycore.systems.percentile import fight_attack as FA
from pycore.systems.percentile.attack import MissingValue
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.percentile import combat_attack, combat_sides
from rkweb.features.percentile import state as S
from rkweb.kit.fields import with_error
from rkweb.kit.results import card, log_list

# Form edits: saved quietly (typing is not an undo step).
FORM_ACTIONS = frozenset(
    {"side_field", "member_ac", "ap_field", "ap_action", "attack_field", "poison_field"}
)
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
        "attack_cancel",
        "severity_roll",
        "poison",
    }
)
ACTIONS = FORM_ACTIONS | STEP_ACTIONS
# A step's outcome: the new fight, the log line ("" for none) and the undo label.
Outcome = tuple[F.Fight, str, str]


def _combat(st: dict[str, Any]) -> dict[str, Any]:
    return dict(st["combat"])


def _form_edit(model: Model, action: str, msg: Msg) -> Model:
    st = S.state(model)
    cmb = _combat(st)
    if action == "side_field":
        index, key, value = int(msg[1]), str(msg[2]), str(msg[3])
        setter = {
            "name": F.rename_side,
            "modifier": F.set_side_modifier,
            "ac": F.set_side_alertness,
        }
        fight = setter[key](S.fight_of(st), index, value)
        return with_error(S.save(model, S.with_fight(st, fight)), S.FEATURE, f"side-{index}", None)
    if action == "member_ac":
        fight = F.set_member_alertness(S.fight_of(st), int(msg[1]), str(msg[2]), str(msg[3]))
        return S.save(model, S.with_fight(st, fight))
    if action in ("ap_field", "ap_action"):
        cid, value = str(msg[1]), str(msg[-1]).strip()
        if action == "ap_action":
            cost = gmtables.action_cost(st["gm"], value) if value else None
            if cost is None:
                return model
            value = str(cost)
        cmb["ap_input"] = {**cmb.get("ap_input", {}), cid: value}
        return with_error(S.save(model, {**st, "combat": cmb}), S.FEATURE, f"ap-{cid}", None)
    key, value = str(msg[1]), str(msg[2])
    area, ekey = ("attack", f"attack-{key}") if action == "attack_field" else ("poison", "poison")
    if area == "poison" and key == "poison_damage":
        ekey = "attack-poison_damage"
    value = FA.check_field(key, value)
    cmb[area] = {**cmb.get(area, {}), key: value}
    return with_error(S.save(model, {**st, "combat": cmb}), S.FEATURE, ekey, None)


def _error_key(action: str, msg: Msg, exc: RulekeeperError) -> str:
    if isinstance(exc, MissingValue) and exc.field in FA.ATTACK_NUMBERS:
        return f"attack-{exc.field}"
    if action.startswith("ap_") or action == "ap_field":
        return f"ap-{msg[1]}"
    if action == "side_field":
        return f"side-{msg[1]}"
    if action == "attack_field":
        return f"attack-{msg[1]}"
    if action.startswith("poison"):
        return "poison"
    if action.startswith(("attack", "severity")):
        return "attack"
    return "combat"


def _sides_step(fight: F.Fight, action: str, msg: Msg) -> Outcome:
    if action == "side_add":
        return F.add_side(fight), "", "Add side"
    index, cid = int(msg[1]), str(msg[-1])
    if action == "member_add":
        return F.add_member(fight, index, cid), "", "Add member to side"
    if action == "member_remove":
        return F.remove_member(fight, index, cid), "", "Remove member"
    return F.toggle_asleep(fight, index, cid), "", "Asleep / awake"


def _round_step(fight: F.Fight, action: str, msg: Msg, rng: Any) -> Outcome:
    s = fight.settings
    if action == "surprise_roll":
        fight, surprise = F.roll_surprise(fight, rng)
        return fight, f"surprise {s.surprise}: {surprise}", "Surprise roll"
    if action == "order_roll":
        fight, rolled = F.roll_order(fight, rng)
        return fight, f"order {s.order}: {rolled}", "Order of attack"
    if action == "order_pass":
        fight, passed = F.pass_order(fight)
        return fight, str(passed), "Pass primary attack"
    if action == "order_join":
        fight, joined = F.join_order(fight, str(msg[1]), rng)
        return fight, str(joined), f"{joined.side} joins"
    if action == "round_next":
        fight, started = F.next_round(fight)
        return fight, str(started), "Next round"
    if action == "piece_next":
        fight, text = F.next_piece(fight)
        return fight, text, "Next piece"
    fight, off = F.roll_off(fight, int(msg[1]), rng)
    return fight, str(off), "Roll-off within side"


def _ap_step(fight: F.Fight, action: str, msg: Msg, st: dict[str, Any]) -> Outcome:
    cid = str(msg[1])
    amount = F.ap_amount(str(st["combat"].get("ap_input", {}).get(cid, "")))
    kind = action.removeprefix("ap_")
    fight, change = F.change_ap(fight, cid, kind, amount)
    label = {"spend": "Spend AP", "borrow": "Borrow AP", "stun": "Stun"}[kind]
    return fight, str(change), label


def _attack_step(fight: F.Fight, action: str, msg: Msg, st: dict[str, Any], rng: Any) -> Outcome:
    form = {str(k): str(v) for k, v in st["combat"].get("attack", {}).items()}
    if action == "attack_resolve":
        fight, step = FA.attack(fight, form, rng)
        return fight, str(step), f"Attack: {step.attacker} → {step.target}"
    if action == "attack_part":
        fight, step = FA.answer_part(fight, str(msg[1]), form, rng)
        return fight, str(step), f"Attack: {step.attacker} → {step.target} ({msg[1]})"
    if action == "attack_cancel":
        fight, text = FA.set_aside(fight)
        return fight, text, "Set the attack aside"
    if action == "severity_roll":
        fight, text = FA.severity(fight, rng)
        return fight, text, "Severity roll"
    poison_form = {str(k): str(v) for k, v in st["combat"].get("poison", {}).items()}
    fight, poisoned = FA.poison(fight, poison_form, form)
    return fight, str(poisoned), f"Poison: {poison_form.get('name') or 'poison'}"


def _step(fight: F.Fight, action: str, msg: Msg, st: dict[str, Any], ctx: Ctx) -> Outcome:
    if action in ("side_add", "member_add", "member_remove", "member_asleep"):
        if action == "member_add" and not str(msg[-1]):
            return fight, "", ""
        return _sides_step(fight, action, msg)
    if action in ("ap_spend", "ap_borrow", "ap_stun"):
        return _ap_step(fight, action, msg, st)
    rng = seeded(ctx.fresh_seed)
    if action.startswith(("attack", "severity", "poison")):
        return _attack_step(fight, action, msg, st, rng)
    return _round_step(fight, action, msg, rng)


def _clear_errors(model: Model, action: str, msg: Msg) -> Model:
    errors = dict(model.ui.get(f"{S.FEATURE}_errors", {}))
    key = _error_key(action, msg, RulekeeperError())
    drop = ("attack",) if key.startswith("attack") else (key,)
    kept = {k: v for k, v in errors.items() if not str(k).startswith(drop)}
    return model.with_ui(**{f"{S.FEATURE}_errors": kept})


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    action = str(msg[0]).split(".", 1)[1]
    try:
        if action in FORM_ACTIONS:
            return _form_edit(model, action, msg)
        st = S.state(model)
        fight, text, label = _step(S.fight_of(st), action, msg, st, ctx)
    except RulekeeperError as exc:
        return with_error(model, S.FEATURE, _error_key(action, msg, exc), str(exc))
    if not label:
        return model
    new = S.with_fight(st, fight)
    if text:
        new = S.logged(new, "combat", f"round {fight.round}: {text}", ctx)
    model = _clear_errors(S.save(model, new, ctx, label), action, msg)
    pending = fight.pending
    if pending is not None and pending.field != "part" and pending.hit.waits_for:
        # Waiting for a value after the roll: ask for it beside its field.
        field = pending.field if pending.field in FA.ATTACK_NUMBERS else ""
        key = f"attack-{field}" if field else "attack"
        return with_error(model, S.FEATURE, key, pending.hit.waits_for)
    return model


def view(model: Model) -> VNode:
    st = S.state(model)
    fight = S.fight_of(st)
    log = st["combat"]["log"]
    return h(
        "div",
        {"class": "page"},
        h(
            "p",
            {"class": "notice", "data-testid": "percentile-worksheet-settings"},
            "Settings: " + fight.settings.summary(),
        ),
        h("p", {"class": "muted small"}, "Sequence: " + " · ".join(combat.combat_sequence())),
        combat_sides.sides_view(model, st, fight),
        combat_sides.surprise_view(st, fight),
        combat_sides.order_view(st, fight),
        combat_sides.ap_view(model, st, fight),
        combat_attack.attack_view(model, st, fight),
        combat_attack.poison_view(model, st, fight),
        card("pct-log-h", f"Combat log ({len(log)})", log_list("percentile-log-entry", log)),
    )
