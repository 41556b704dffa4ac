"""The turn-first fight (shared/FIGHT.md), under the order strip of the Combat tracker tab: the
active combatant's panel with his maneuver, his HT roll while stunned, or his attack on the chosen
target with its chance and the situational modifiers as chips; then the defense and the damage
in the same place. Every roll is "Roll for me" or "I rolled ..." (the kit's dice entry, checked by
:func:`pycore.dice.typed_dice`), and the result shows where the tap was. The form is parsed here;
every step is a transition of :mod:`pycore.systems.gurps.fight`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pycore.errors import RulekeeperError
from pycore.systems.gurps import (
    defense_chance,
    maneuver,
    parse_damage,
    success_chance,
)
from pycore.systems.gurps import fight as gurps_fight
from pycore.systems.gurps.attacks import armed
from pycore.systems.gurps.fight import Fight, Stun
from pycore.systems.gurps.quantities import exact
from pycore.systems.gurps.rolls import highest_success
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import (
    AttackSetup,
    aimed_locations,
    best_defense,
    chink_possible,
    preview,
)
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.gurps import after_injury, campaign, shown, situation
from rkweb.features.gurps.maneuvers import (
    Maneuver,
    choices,
    chosen_line,
    maneuver_chips,
    next_up,
    own_ids,
)
from rkweb.features.gurps.situation import StepChip, StepClear, StepForm, StepLine
from rkweb.features.gurps.state import (
    SECTION,
    commit,
    dice_source,
    fail,
    fight_of,
    keep,
    line_index,
    page_data,
    step_error,
    too_long,
)
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip, chips
from rkweb.kit.dice_entry import dice_entry, typed_text
from rkweb.kit.fields import error_of, field, number, select, with_error
from rkweb.kit.odds import odds, percent_text
from rkweb.kit.results import card, result, why

#: A fresh step: nothing is kept from another attacker's turn (FIGHT.md).
FRESH: dict[str, Any] = {
    "attacker": "",
    "target": "",
    "location": "torso",
    "chips": [],
    "line": 0,
    "yards": "0",
    "defense": "",
    "override": "",
    "random_location": False,
    "from_above": False,
    "pinned": False,
    "exposed": "",
    "only_exposed": False,
    "chink": False,
}
_MAX_YARDS = 100_000  # the longest range the step reads (the table goes on past any weapon's)
_FORM_FIELDS = {
    "location": "Hit location",
    "yards": "Range (yards)",
    "override": "GM override",
    "exposed": "Exposed spot",
}
#: The step's yes/no toggles, shown as chips (003 lines 63, 65, 82).
_TOGGLES = ("random_location", "from_above", "pinned", "only_exposed", "chink")
_STUN_WHY = (
    "A stunned fighter must Do Nothing; on each of his turns he may roll HT to recover from "
    "physical stun or IQ from mental stun, and on a success he recovers at the end of that "
    "turn (GUR-07, 004 line 46). With both, one roll of each (the text gives no rule for both).",
    "A stunned fighter defends at −4 (GUR-45, 004 line 217).",
)

# --- the step's form ----------------------------------------------------------------------------


def turn_key(fight: Fight) -> str:
    """Which turn a step belongs to: a step is never carried into another turn (FIGHT.md)."""
    return f"{fight.round}:{fight.turn}"


def step_of(model: Model, fight: Fight) -> dict[str, Any]:
    """The current combatant's step in this turn's attack; a new attacker, a new turn or a new
    attack starts fresh (FIGHT.md: nothing of one attack reaches the next)."""
    current = fight.current()
    cid = current.id if current else ""
    fresh = {**FRESH, "attacker": cid, "target": gurps_fight.next_target(fight, cid)}
    page = page_data(model)
    saved = page["step"]
    if saved.get("attacker") != cid or page["step_for"] != turn_key(fight):
        return fresh
    step = {**fresh, **saved}
    if step["target"] not in {c.id for c in fight.combatants}:
        step["target"] = fresh["target"]
    return step


def setup_of(step: dict[str, Any], attacker: Combatant) -> AttackSetup:
    """The attack's circumstances from the step: the attack line, location, range for a ranged
    attack, chips."""
    line = line_index(step["line"])
    ranged = armed(attacker, line).ranged
    yards = (
        exact("Range (yards)", str(step["yards"]).strip() or "0", 0, _MAX_YARDS) if ranged else 0
    )
    keys = tuple((str(k), None) for k in step["chips"])
    random_location = bool(step["random_location"])
    return AttackSetup(
        location=str(step["location"]),
        yards=yards,
        table_keys=keys,
        line=line,
        random_location=random_location,
        from_above=random_location and bool(step["from_above"]),
        pinned=bool(step["pinned"]),
        exposed=str(step["exposed"]),
        only_exposed=bool(step["exposed"]) and bool(step["only_exposed"]),
        # 003 line 87: a chink is aimed at, so never with a random location.
        chink=bool(step["chink"]) and not random_location,
    )


def _keep_step(model: Model, fight: Fight, **changes: Any) -> Model:
    return keep(model, step={**step_of(model, fight), **changes}, step_for=turn_key(fight))


def _form(model: Model, fight: Fight, name: str, value: str) -> Model:
    if name not in _FORM_FIELDS:
        return model
    key = "fight.yards" if name == "yards" else "fight"
    longest = (
        too_long("Range (yards)", value, 40, f"from 0 to {_MAX_YARDS}")
        if name == "yards"
        else too_long(_FORM_FIELDS[name], value, 400)
    )
    if longest:
        return with_error(model, SECTION, key, longest)
    error = None
    if name == "yards" and value.strip():
        try:
            exact("Range (yards)", value, 0, _MAX_YARDS)
        except RulekeeperError as exc:
            error = str(exc)
    return with_error(_keep_step(model, fight, **{name: value}), SECTION, "fight.yards", error)


def _chip(model: Model, fight: Fight, key: str) -> Model:
    if key in _TOGGLES:
        return _keep_step(model, fight, **{key: not step_of(model, fight)[key]})
    pressed = list(step_of(model, fight)["chips"])
    pressed = [k for k in pressed if k != key] if key in pressed else [*pressed, key]
    return _keep_step(model, fight, chips=pressed)


# --- the rolls ------------------------------------------------------------------------------------


def _attack(model: Model, fight: Fight, ctx: Ctx, typed: str | None) -> Model:
    current = fight.current()
    if current is None:
        raise RulekeeperError("start the fight first")
    step = step_of(model, fight)
    rng, seed = dice_source(ctx, "3d6", typed, "attack roll")
    setup = replace(setup_of(step, current), eye_reading=campaign.eye_reading(model))
    # GUR-06: the maneuver of this turn is the GM's choice (the chips above); the core refuses
    # the attack until it is chosen, never taking last turn's.
    fight, rolled = gurps_fight.attack(
        fight,
        current.id,
        str(step["target"]),
        setup,
        rng,
        override=str(step["override"]),
    )
    return commit(
        model,
        fight,
        "Attack roll" if rolled.waits_for else "Attack (miss)",
        ctx,
        [rolled],
        seed=seed,
        step={**step, "defense": ""} if rolled.waits_for else {},  # a miss ends the attack
        shown=shown.of(rolled),
    )


def _take(model: Model, fight: Fight, ctx: Ctx, name: str, option: str) -> Model:
    """GUR-06: the acting combatant's maneuver for this turn, in one tap."""
    fight, taken = gurps_fight.take_maneuver(fight, name, option)
    return commit(model, fight, f"Maneuver: {name}", ctx, [taken], shown={})


def _chosen_defense(model: Model, fight: Fight) -> str:
    chosen = str(step_of(model, fight)["defense"])
    left = gurps_fight.defenses_left(fight)
    if chosen == gurps_fight.NO_DEFENSE or chosen in dict(left):
        return chosen
    best = best_defense(left)
    return best[0] if best else gurps_fight.NO_DEFENSE


def _defend(model: Model, fight: Fight, ctx: Ctx, typed: str | None) -> Model:
    kind = _chosen_defense(model, fight)
    rng, seed = dice_source(ctx, "3d6", typed, "defense roll")
    fight, defended = gurps_fight.defend(fight, kind, rng)
    label = "No defense" if kind == gurps_fight.NO_DEFENSE else f"Defense: {kind}"
    # A successful defense ends the attack: the next one starts fresh.
    step = {**step_of(model, fight), "defense": ""} if fight.pending else {}
    return commit(
        model, fight, label, ctx, [defended], seed=seed, step=step, shown=shown.of(defended)
    )


def _damage(model: Model, fight: Fight, ctx: Ctx, typed: str | None) -> Model:
    pending = fight.pending
    if pending is None:
        raise RulekeeperError("no hit is waiting for its damage roll")
    dice, _ = parse_damage(gurps_fight.damage_dice(fight.combatant(pending.attacker)))
    rng, seed = dice_source(ctx, f"{dice}d6", typed, "damage roll")
    fight, hurt = gurps_fight.damage(fight, rng)
    label = f"Injury to {hurt.defender}"
    return commit(model, fight, label, ctx, [hurt], seed=seed, step={}, shown=shown.of(hurt))


def _recover(model: Model, fight: Fight, ctx: Ctx, typed: str | None) -> Model:
    return _recovery(model, fight, ctx, typed, "physical")


def _recover_mental(model: Model, fight: Fight, ctx: Ctx, typed: str | None) -> Model:
    return _recovery(model, fight, ctx, typed, "mental")


def _recovery(model: Model, fight: Fight, ctx: Ctx, typed: str | None, kind: Stun) -> Model:
    stat = "IQ" if kind == "mental" else "HT"
    rng, seed = dice_source(ctx, "3d6", typed, f"{stat} roll")
    fight, recovered = gurps_fight.recover(fight, rng, kind)
    label = f"{recovered.name}: {stat} roll to recover"
    return commit(model, fight, label, ctx, [recovered], seed=seed, shown=shown.of(recovered))


# The turn's messages: its rolls (for me, or typed at the table) and its other steps; the
# situation's are in ``situation``, the maneuver chips' in ``maneuvers``.
class Target(Message, action="gurps.target"):
    """The order strip's card ``cid`` tapped: he is the target."""

    cid: str


class StepDefense(Message, action="gurps.step_defense"):
    """The defense ``kind`` chosen (or none)."""

    kind: str


class StepCancel(Message, action="gurps.step_cancel"):
    """Abandon the attack under way."""


class StepAttack(Message, action="gurps.step_attack"):
    """Roll the attack for me."""


class StepAttackTyped(Message, action="gurps.step_attack_typed"):
    """The attack's 3d6 rolled at the table, as typed."""

    text: str = entered(default="")


class StepDefend(Message, action="gurps.step_defend"):
    """Roll the defense for me (or take the hit)."""


class StepDefendTyped(Message, action="gurps.step_defend_typed"):
    """The defense's 3d6 rolled at the table, as typed."""

    text: str = entered(default="")


class StepDamage(Message, action="gurps.step_damage"):
    """Roll the damage for me."""


class StepDamageTyped(Message, action="gurps.step_damage_typed"):
    """The damage dice rolled at the table, as typed."""

    text: str = entered(default="")


class Recover(Message, action="gurps.recover"):
    """Roll HT to recover from stun for me."""


class RecoverTyped(Message, action="gurps.recover_typed"):
    """The HT roll to recover, rolled at the table, as typed."""

    text: str = entered(default="")


class RecoverMental(Message, action="gurps.recover_mental"):
    """Roll IQ to recover from mental stun for me."""


class RecoverMentalTyped(Message, action="gurps.recover_mental_typed"):
    """The IQ roll to recover, rolled at the table, as typed."""

    text: str = entered(default="")


#: Each roll's "Roll for me" and "I rolled" messages, by the step whose error shows by it.
_ROLL_ENTRIES: dict[str, tuple[Message, Message]] = {
    "attack": (StepAttack(), StepAttackTyped()),
    "defend": (StepDefend(), StepDefendTyped()),
    "damage": (StepDamage(), StepDamageTyped()),
    "recover": (Recover(), RecoverTyped()),
    "recover_mental": (RecoverMental(), RecoverMentalTyped()),
}


def _in_fight(model: Model, key: str, step: Callable[[Fight], Model]) -> Model:
    """A step on the saved fight; a refusal shows by ``key`` (its roll, or the step)."""
    try:
        return step(fight_of(model))
    except RulekeeperError as exc:
        return fail(model, key, exc)


_Roll = Callable[[Model, Fight, Ctx, "str | None"], Model]


def _roll(model: Model, ctx: Ctx, name: str, roll: _Roll, typed: str | None) -> Model:
    return _in_fight(model, f"fight.{name}", lambda fight: roll(model, fight, ctx, typed))


def _step_attack(model: Model, msg: StepAttack | StepAttackTyped, ctx: Ctx) -> Model:
    return _roll(model, ctx, "attack", _attack, typed_text(msg))


def _step_defend(model: Model, msg: StepDefend | StepDefendTyped, ctx: Ctx) -> Model:
    return _roll(model, ctx, "defend", _defend, typed_text(msg))


def _step_damage(model: Model, msg: StepDamage | StepDamageTyped, ctx: Ctx) -> Model:
    return _roll(model, ctx, "damage", _damage, typed_text(msg))


def _step_recover(model: Model, msg: Recover | RecoverTyped, ctx: Ctx) -> Model:
    return _roll(model, ctx, "recover", _recover, typed_text(msg))


def _step_recover_mental(model: Model, msg: RecoverMental | RecoverMentalTyped, ctx: Ctx) -> Model:
    return _roll(model, ctx, "recover_mental", _recover_mental, typed_text(msg))


def _target(model: Model, msg: Target, ctx: Ctx) -> Model:
    return _in_fight(model, "fight", lambda fight: _keep_step(model, fight, target=msg.cid))


def _step_form(model: Model, msg: StepForm, ctx: Ctx) -> Model:
    return _in_fight(model, "fight", lambda fight: _form(model, fight, msg.name, msg.value))


def _step_chip(model: Model, msg: StepChip, ctx: Ctx) -> Model:
    return _in_fight(model, "fight", lambda fight: _chip(model, fight, msg.key))


def _step_clear(model: Model, msg: StepClear, ctx: Ctx) -> Model:
    return _in_fight(model, "fight", lambda fight: _keep_step(model, fight, chips=[]))


def _step_defense(model: Model, msg: StepDefense, ctx: Ctx) -> Model:
    return _in_fight(model, "fight", lambda fight: _keep_step(model, fight, defense=msg.kind))


def _step_line(model: Model, msg: StepLine, ctx: Ctx) -> Model:
    line = line_index(msg.index)
    return _in_fight(model, "fight", lambda fight: _keep_step(model, fight, line=line, chips=[]))


def _step_cancel(model: Model, msg: StepCancel, ctx: Ctx) -> Model:
    def cancelled(fight: Fight) -> Model:
        fight, abandoned = gurps_fight.cancel(fight)
        return commit(model, fight, "Attack abandoned", ctx, [abandoned], step={}, shown={})

    return _in_fight(model, "fight", cancelled)


def _maneuver_taken(model: Model, msg: Maneuver, ctx: Ctx) -> Model:
    """Its refusal shows by the maneuver chips."""
    take = msg.maneuver, msg.option
    return _in_fight(model, "fight.maneuver", lambda fight: _take(model, fight, ctx, *take))


#: The turn's messages' handlers, keyed by their message class's action: each roll (one handler
#: for both its messages, "Roll for me" and "I rolled") and the other steps.
HANDLERS = handlers(
    _step_attack,
    _step_defend,
    _step_damage,
    _step_recover,
    _step_recover_mental,
    _target,
    _step_form,
    _step_chip,
    _step_clear,
    _step_defense,
    _step_line,
    _step_cancel,
    _maneuver_taken,
)
ACTIONS = frozenset(HANDLERS)


# --- the view -------------------------------------------------------------------------------------


def _maneuver(c: Combatant, chosen: bool) -> VNode:
    return h("div", {"class": "grid2"}, *choices(c, own_ids(c), chosen=chosen))


def _roll_entry(model: Model, testid: str, expr: str, name: str, label: str) -> VNode:
    roll, typed = _ROLL_ENTRIES[name]
    return dice_entry(
        testid,
        expr,
        roll=roll,
        typed=typed,
        error=error_of(model, SECTION, f"fight.{name}"),
        label=label,
    )


def _stunned(model: Model, fight: Fight, c: Combatant) -> list[VNode | None]:
    """004 line 46: Do Nothing, and the roll to recover, once a turn: HT from physical stun, IQ
    from mental stun (one of each when he has both)."""
    head = h("p", {"class": "strong"}, f"{c.name} is stunned: must Do Nothing this turn.")
    parts: list[VNode | None] = [head]
    kinds = (
        ("HT", c.ht, c.stunned, fight.recovery, "recover", f"gurps-recovery-{c.id}"),
        (
            "IQ",
            c.iq,
            c.mental_stun,
            fight.mental_recovery,
            "recover_mental",
            f"gurps-mental-recovery-{c.id}",
        ),
    )
    for stat, value, on, done, action, testid in kinds:
        if not on:
            continue
        if done:
            said = "recovers at the end of this turn" if done == "recovered" else "stays stunned"
            parts.append(h("p", {"data-testid": testid}, f"{stat} roll made: {c.name} {said}."))
            continue
        entry = testid.replace("recovery", "recover")
        chance = percent_text(success_chance(value))
        parts.append(h("p", {}, f"Roll {stat} {value} to recover: {chance}"))
        parts.append(_roll_entry(model, entry, "3d6", action, "Roll for me"))
    return [*parts, next_up(model, fight), why(_STUN_WHY)]


def _override(step: dict[str, Any]) -> VNode:
    """The GM may let a fighter attack when the rules say no; the reason goes to the log. Folded
    (one tap away) unless a reason is typed: it is the exception, not the turn's next step."""
    reason = str(step["override"]).strip()
    return h(
        "details",
        {"class": "quick-edits", "data-testid": "gurps-fight-override-fold", "open": bool(reason)},
        h("summary", {}, "GM override"),
        field(
            "gurps-fight-override",
            "GM override: why another attack is allowed",
            step["override"],
            StepForm("override"),
        ),
    )


def _attack_fields(
    model: Model, step: dict[str, Any], attacker: Combatant, target: Combatant
) -> VNode:
    locations = [(k, k.replace("_", " ")) for k in aimed_locations()]
    random_location = bool(step["random_location"])
    ranged = armed(attacker, line_index(step["line"])).ranged
    return h(
        "div",
        {"class": "grid2"},
        select(
            "gurps-fight-location",
            "Where it fell (your 3d table)" if random_location else "Hit location",
            step["location"],
            locations,
            StepForm("location"),
        ),
        number(
            "gurps-fight-yards",
            "Range (yards)",
            step["yards"],
            StepForm("yards"),
            error=error_of(model, SECTION, "fight.yards"),
        )
        if ranged
        else None,
    )


Parts = tuple[list[Any], list[Any]]


def _attack_step(model: Model, fight: Fight, attacker: Combatant, step: dict[str, Any]) -> Parts:
    """His attack from the sheet against the chosen target, its chance and the roll; then what
    adjusts it (location, range, the situation's chips) with the skill line and its sources."""
    target = fight.combatant(str(step["target"])) if step["target"] else None
    if target is None:
        return [h("p", {}, "Tap a combatant in the order to attack him.")], []
    using = armed(attacker, line_index(step["line"]))
    weapon = f"{using.weapon} ({using.damage} {using.damage_type})"
    head = h("p", {"class": "strong"}, f"{weapon}, skill {using.weapon_skill}, at {target.name}")
    adjust: list[VNode | None] = [
        _attack_fields(model, step, attacker, target),
        situation.where(step, chink_possible(attacker, line_index(step["line"]))),
    ]
    ways = situation.attack_ways(step, attacker, target)
    if ways is not None:
        head = h("div", {}, ways, head)
    try:
        setup = setup_of(step, attacker)
        seen = preview(attacker, target, setup)
    except RulekeeperError as exc:
        adjust.append(situation.modifier_chips(step, using))
        return [head, h("p", {"class": "field-error", "role": "alert"}, str(exc))], adjust
    adjust[1:1] = [situation.giant_fields(step, setup, attacker, target)]
    adjust.append(situation.modifier_chips(step, using))
    best = f"{seen.best[0]} {seen.best[1].total}" if seen.best else "no defense"
    chances = h(
        "dl",
        {"class": "odds"},
        # GUR-20: 17-18 always miss, 3-4 always hit (the odds beside it count them so).
        h("dt", {}, f"To hit (needs {highest_success(seen.line.total)} or less)"),
        h("dd", {}, odds(seen.hit, "gurps-fight-hit")),
        h("dt", {}, f"Lands past {target.name}'s {best}"),
        h("dd", {}, odds(seen.lands, "gurps-fight-lands")),
    )
    skill = h("p", {"class": "explain", "data-testid": "gurps-fight-line"}, seen.line.plain())
    roll = _roll_entry(model, "gurps-fight-attack", "3d6", "attack", "Roll for me")
    asked = situation.exposed_field(step, setup, attacker, target)
    return [head, chances, asked, roll], [*adjust, skill, why(seen.line.sources())]


def _defense(model: Model, fight: Fight) -> list[Any]:
    """The defender picks among the defenses left (his best pressed first), then rolls."""
    pending = fight.pending
    assert pending is not None
    defender = fight.combatant(pending.defender)
    chosen = _chosen_defense(model, fight)
    items = [
        chip(
            f"gurps-fight-defend-{kind}",
            f"{kind.capitalize()} {line.total}: {percent_text(defense_chance(line.total))}",
            kind == chosen,
            StepDefense(kind),
        )
        for kind, line in gurps_fight.defenses_left(fight)
    ]
    none = gurps_fight.NO_DEFENSE
    items.append(chip("gurps-fight-defend-none", "No defense", chosen == none, StepDefense(none)))
    roll: VNode = (
        button("gurps-fight-no-defense", "Take the hit", StepDefend(), primary=True)
        if chosen == none
        else _roll_entry(model, "gurps-fight-defense", "3d6", "defend", "Roll for me")
    )
    return [chips(f"{defender.name} defends", items, "gurps-fight-defenses"), roll]


def _damage_step(model: Model, fight: Fight) -> list[Any]:
    pending = fight.pending
    assert pending is not None
    dice = gurps_fight.damage_dice(fight.combatant(pending.attacker))
    if pending.maximum:
        label = f"Apply maximum damage ({dice}: a roll of 3)"
        return [button("gurps-fight-damage-roll", label, StepDamage(), primary=True)]
    count, _ = parse_damage(dice)
    return [
        h("p", {"class": "strong"}, f"Damage {dice}"),
        _roll_entry(model, "gurps-fight-damage", f"{count}d6", "damage", "Roll for me"),
    ]


def _shown(model: Model) -> VNode | None:
    last = page_data(model)["shown"]
    if not last:
        return None
    return result(
        "gurps-fight-result",
        str(last.get("verdict", "")),
        str(last.get("number", "")),
        [str(line) for line in last.get("why", [])],
        tone=shown.tone(last.get("tone")),
    )


def _action(model: Model, fight: Fight, current: Combatant) -> Parts:
    """What the step waits for (the attack under way, else what the current combatant may do),
    then what adjusts it."""
    step = step_of(model, fight)
    if fight.pending is not None:
        # The GM may drop the attack under way; also where focus goes after a typed roll.
        parts = (
            _defense(model, fight)
            if fight.pending.stage == "defense"
            else _damage_step(model, fight)
        )
        cancel = button("gurps-fight-cancel", "Cancel attack", StepCancel())
        *before, roll = parts
        return [*before, h("div", {"class": "row step-roll"}, roll, cancel)], []
    if current.unconscious and not str(step["override"]).strip():
        said = (
            f"{current.name} is unconscious: no action and no defense until your book wakes "
            "him (Edit on his card)."
        )
        done = next_up(model, fight)
        return [h("p", {"class": "strong"}, said), done], [_override(step)]
    if current.dazed and not str(step["override"]).strip():
        return _stunned(model, fight, current), [_override(step)]
    if not fight.chosen:
        # GUR-06 (004 line 27): the turn opens on his maneuver; nothing from last turn is chosen.
        return [maneuver_chips(model, fight, current)], []
    if current.maneuver == "All-Out Attack" and not current.option:
        # GUR-16: All-Out Attack is rolled with its option; "—" is no choice to roll with.
        return [chosen_line(fight, current), maneuver_chips(model, fight, current)], []
    change = h(
        "details",
        {"class": "quick-edits"},
        h("summary", {}, "Change maneuver"),
        maneuver_chips(model, fight, current),
    )
    if (folded := after_injury.carried(model, fight)) is not None:
        change = h("div", {"class": "row"}, change, folded)
    head = [chosen_line(fight, current), None if fight.attacks else change]
    if not maneuver(current.maneuver).can_attack:
        said = f"{current.name} takes {current.maneuver}: no attack this turn."
        done = next_up(model, fight)
        return [*head, h("p", {"class": "strong"}, said), done], [_override(step)]
    if fight.attacks >= fight.attacks_allowed(current) and not str(step["override"]).strip():
        # His turn is done: its result, the questions it leaves and the next fighter's chips
        # share the screen at 768x1024 (issue 27): how it ended is said beside "Next turn".
        said = f"{current.name} has attacked this turn ({current.maneuver})."
        return [next_up(model, fight, said)], [_override(step)]
    now, adjust = _attack_step(model, fight, current, step)
    return [*head, *now], adjust


def panel(model: Model, fight: Fight) -> VNode | None:
    """The active combatant's panel, or nothing before the fight starts: the last step's result
    first (it stays in view while the next roll is made below it), the step, what adjusts it,
    his maneuver."""
    current = fight.current()
    if current is None:
        return None
    now, adjust = _action(model, fight, current)
    return card(
        "gurps-turn-h",
        f"{current.name}'s turn",
        _shown(model),
        after_injury.view(model, fight),
        *now,
        step_error(model, "fight"),
        *adjust,
        # The maneuver is set while no attack is under way (it is chosen as the turn begins).
        _maneuver(current, fight.chosen) if fight.pending is None else None,
        testid="gurps-turn",
    )
