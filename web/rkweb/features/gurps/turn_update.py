"""The turn's messages and their handlers (shared/FIGHT.md): the step's form edits, its rolls
(each "Roll for me" or "I rolled ...", the kit's dice entry checked by
:func:`pycore.dice.typed_dice`) and its other steps. The form is parsed here; every step is a
transition of :mod:`pycore.systems.gurps.fight`, and the panel (:mod:`.turn`) shows the
result where the tap was."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pycore.errors import RulekeeperError
from pycore.systems.gurps import fight as gurps_fight
from pycore.systems.gurps import parse_damage
from pycore.systems.gurps.fight import Fight, Stun
from pycore.systems.gurps.injury import MAX_YARDS
from pycore.systems.gurps.quantities import exact
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.features.gurps import campaign, shown
from rkweb.features.gurps.maneuvers import Maneuver, ReadyDraw, ReadyWeapon
from rkweb.features.gurps.situation import StepChip, StepClear, StepForm, StepLine
from rkweb.features.gurps.state import (
    SECTION,
    commit,
    dice_source,
    fail,
    fight_of,
    line_index,
    too_long,
)
from rkweb.features.gurps.turn_step import (
    RANGE_BEYOND,
    chosen_defense,
    fight_setup,
    held,
    keep_step,
    range_beyond,
    reach_asked,
    retargeted,
    same_range,
    step_of,
)
from rkweb.kit.dice_entry import typed_text
from rkweb.kit.fields import with_error

_FORM_FIELDS = {
    "location": "Hit location",
    "yards": "Range (yards)",
    "range_beyond": RANGE_BEYOND,
    "override": "GM override",
    "exposed": "Exposed spot",
}
#: The step's number fields, each with its error under it.
NUMBERS = ("yards", "range_beyond")
#: The step's yes/no toggles, shown as chips (003 lines 63, 65, 82).
_TOGGLES = (
    "random_location",
    "from_above",
    "pinned",
    "only_exposed",
    "chink",
    "within_reach",
    "braced",
)

# --- the step's form edits ------------------------------------------------------------------------


def _form(model: Model, fight: Fight, name: str, value: str) -> Model:
    if name not in _FORM_FIELDS:
        return model
    key = f"fight.{name}" if name in NUMBERS else "fight"
    longest = (
        too_long("Range (yards)", value, 40, f"from 0 to {MAX_YARDS}")
        if name == "yards"
        else too_long(_FORM_FIELDS[name], value, 400)
    )
    if longest:
        return with_error(model, SECTION, key, longest)
    error = None
    try:
        if name == "yards" and value.strip():
            exact("Range (yards)", value, 0, MAX_YARDS)
        if name == "range_beyond":
            range_beyond({name: value})
    except RulekeeperError as exc:
        error = str(exc)
    changes = {name: value}
    if name == "yards":
        # GUR-28: the modifier past the table is the held range's; a new range asks it again.
        step = step_of(model, fight)
        kept = held(fight, str(step["attacker"]), str(step["target"]))
        changes["range_beyond"] = kept["range_beyond"] if same_range(value, kept["yards"]) else ""
    changed = keep_step(model, fight, **changes)
    return with_error(changed, SECTION, key if name in NUMBERS else "fight.yards", error)


def _chip(model: Model, fight: Fight, key: str) -> Model:
    if key in _TOGGLES:
        return keep_step(model, fight, **{key: not step_of(model, fight)[key]})
    pressed = list(step_of(model, fight)["chips"])
    pressed = [k for k in pressed if k != key] if key in pressed else [*pressed, key]
    return keep_step(model, fight, chips=pressed)


# --- the rolls ------------------------------------------------------------------------------------


def _attack(model: Model, fight: Fight, ctx: Ctx, typed: str | None) -> Model:
    current = fight.current()
    if current is None:
        raise RulekeeperError("start the fight first")
    step = step_of(model, fight)
    rng, seed = dice_source(ctx, "3d6", typed, "attack roll")
    setup = replace(fight_setup(step, fight, current), eye_reading=campaign.eye_reading(model))
    if far := reach_asked(step, fight, current):
        raise RulekeeperError(far)  # GUR-14: the GM confirms they closed in first
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


def _defend(
    model: Model, fight: Fight, ctx: Ctx, typed: str | None, kind: str | None = None
) -> Model:
    """The defense chosen on the step rolled (``kind``: taken as it is, no defense's one tap)."""
    kind = chosen_defense(model, fight) if kind is None else kind
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
    dice, _ = parse_damage(gurps_fight.pending_damage_dice(fight))
    rng, seed = dice_source(ctx, f"{dice}d6", typed, "damage roll")
    fight, hurt = gurps_fight.damage(fight, rng)
    label = f"Injury to {hurt.defender}"
    return commit(model, fight, label, ctx, [hurt], seed=seed, step={}, shown=shown.of(hurt))


def _strike(model: Model, fight: Fight, ctx: Ctx, typed: str | None) -> Model:
    """GUR-49: the roll after a weapon parry of a punch; a success waits for the damage."""
    rng, seed = dice_source(ctx, "3d6", typed, "roll to injure")
    fight, struck = gurps_fight.strike(fight, rng)
    label = f"{struck.name}'s parry: roll to injure"
    return commit(model, fight, label, ctx, [struck], seed=seed, step={}, shown=shown.of(struck))


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
    """The order strip's card ``cid`` tapped: they are the target."""

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


class StepNoDefense(Message, action="gurps.step_no_defense"):
    """No defense: the hit lands, in one tap (Undo takes it back)."""


class StepDefendTyped(Message, action="gurps.step_defend_typed"):
    """The defense's 3d6 rolled at the table, as typed."""

    text: str = entered(default="")


class StepStrike(Message, action="gurps.step_strike"):
    """Roll for me the parrier's roll to strike the attacker's limb (GUR-49)."""


class StepStrikeTyped(Message, action="gurps.step_strike_typed"):
    """That roll rolled at the table, as typed."""

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
ROLL_ENTRIES: dict[str, tuple[Message, Message]] = {
    "attack": (StepAttack(), StepAttackTyped()),
    "defend": (StepDefend(), StepDefendTyped()),
    "damage": (StepDamage(), StepDamageTyped()),
    "strike": (StepStrike(), StepStrikeTyped()),
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


def _step_no_defense(model: Model, msg: StepNoDefense, ctx: Ctx) -> Model:
    none = gurps_fight.NO_DEFENSE
    return _in_fight(model, "fight.defend", lambda fight: _defend(model, fight, ctx, None, none))


def _step_damage(model: Model, msg: StepDamage | StepDamageTyped, ctx: Ctx) -> Model:
    return _roll(model, ctx, "damage", _damage, typed_text(msg))


def _step_strike(model: Model, msg: StepStrike | StepStrikeTyped, ctx: Ctx) -> Model:
    return _roll(model, ctx, "strike", _strike, typed_text(msg))


def _step_recover(model: Model, msg: Recover | RecoverTyped, ctx: Ctx) -> Model:
    return _roll(model, ctx, "recover", _recover, typed_text(msg))


def _step_recover_mental(model: Model, msg: RecoverMental | RecoverMentalTyped, ctx: Ctx) -> Model:
    return _roll(model, ctx, "recover_mental", _recover_mental, typed_text(msg))


def _target(model: Model, msg: Target, ctx: Ctx) -> Model:
    def aimed(fight: Fight) -> Model:
        # The range is between these two: the fight's, never the one typed for another target;
        # so is the modifier past the table for it (GUR-28). Where it lands, within reach
        # (GUR-14) and the situation about this foe start afresh: only the attacker's own
        # choices (their weapon, their off hand, their shield) stay (turn_step.retargeted).
        return keep_step(model, fight, **retargeted(step_of(model, fight), fight, msg.cid))

    return _in_fight(model, "fight", aimed)


def _step_form(model: Model, msg: StepForm, ctx: Ctx) -> Model:
    return _in_fight(model, "fight", lambda fight: _form(model, fight, msg.name, msg.value))


def _step_chip(model: Model, msg: StepChip, ctx: Ctx) -> Model:
    return _in_fight(model, "fight", lambda fight: _chip(model, fight, msg.key))


def _step_clear(model: Model, msg: StepClear, ctx: Ctx) -> Model:
    return _in_fight(model, "fight", lambda fight: keep_step(model, fight, chips=[]))


def _step_defense(model: Model, msg: StepDefense, ctx: Ctx) -> Model:
    return _in_fight(model, "fight", lambda fight: keep_step(model, fight, defense=msg.kind))


def _step_line(model: Model, msg: StepLine, ctx: Ctx) -> Model:
    line = line_index(msg.index)
    return _in_fight(model, "fight", lambda fight: keep_step(model, fight, line=line, chips=[]))


def _step_cancel(model: Model, msg: StepCancel, ctx: Ctx) -> Model:
    def cancelled(fight: Fight) -> Model:
        fight, abandoned = gurps_fight.cancel(fight)
        return commit(model, fight, "Attack abandoned", ctx, [abandoned], step={}, shown={})

    return _in_fight(model, "fight", cancelled)


def _maneuver_taken(model: Model, msg: Maneuver, ctx: Ctx) -> Model:
    """Its refusal shows by the maneuver chips."""
    take = msg.maneuver, msg.option
    return _in_fight(model, "fight.maneuver", lambda fight: _take(model, fight, ctx, *take))


def _ready_weapon(model: Model, msg: ReadyWeapon, ctx: Ctx) -> Model:
    """004 line 95: the weapon they drew with their Ready maneuver, theirs to parry with."""

    def readied(fight: Fight) -> Model:
        index = line_index(msg.index)
        fight, said = gurps_fight.ready_weapon(fight, msg.fighter, index)
        return commit(model, fight, f"Ready: {said.weapon}", ctx, [said])

    return _in_fight(model, "fight.maneuver", readied)


def _ready_draw(model: Model, msg: ReadyDraw, ctx: Ctx) -> Model:
    """One tap, "Ready <weapon>": Ready taken this turn, that weapon drawn (004 line 95)."""

    def drawn(fight: Fight) -> Model:
        fight, said = gurps_fight.ready_drawn(fight, line_index(msg.index))
        return commit(model, fight, f"Ready: {said[1].weapon}", ctx, list(said), shown={})

    return _in_fight(model, "fight", drawn)


#: The turn's messages' handlers, keyed by their message class's action: each roll (one handler
#: for both its messages, "Roll for me" and "I rolled") and the other steps.
HANDLERS = handlers(
    _step_attack,
    _step_defend,
    _step_no_defense,
    _step_damage,
    _step_strike,
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
    _ready_weapon,
    _ready_draw,
)
ACTIONS = frozenset(HANDLERS)
