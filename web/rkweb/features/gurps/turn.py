"""The turn-first fight (shared/FIGHT.md), under the order strip of the Combat tracker tab: the
active combatant's panel with their maneuver, their HT roll while stunned, or their attack on the chosen
target with its chance and the situational modifiers as chips; then the defense and the damage
in the same place. Every roll is "Roll for me" or "I rolled ..." (the kit's dice entry, checked by
:func:`pycore.dice.typed_dice`), and the result shows where the tap was. This module draws the
panel; the step it shows is kept in :mod:`.turn_step`, and the form is parsed in
:mod:`.turn_update`, where every step is a transition of :mod:`pycore.systems.gurps.fight`."""

from __future__ import annotations

from typing import Any

from pycore.errors import RulekeeperError
from pycore.systems.gurps import (
    defense_chance,
    maneuver,
    parse_damage,
    success_chance,
)
from pycore.systems.gurps import fight as gurps_fight
from pycore.systems.gurps.aiming import ignores_location, location_choices
from pycore.systems.gurps.attacks import armed
from pycore.systems.gurps.fight import Fight, Pending
from pycore.systems.gurps.locations import location_name
from pycore.systems.gurps.modifiers import past_the_table
from pycore.systems.gurps.rolls import highest_success
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import chink_possible
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.gurps import after_injury, shown, situation
from rkweb.features.gurps.maneuvers import (
    choices,
    chosen_line,
    maneuver_chips,
    next_up,
    own_ids,
    parry_said,
    ready_chips,
    ready_offers,
    shield_said,
    spent_note,
    weapon_asked,
)
from rkweb.features.gurps.situation import StepChip, StepForm
from rkweb.features.gurps.state import SECTION, line_index, no_location, page_data, step_error
from rkweb.features.gurps.turn_step import (
    RANGE_BEYOND,
    chosen_defense,
    fight_setup,
    held_beyond_said,
    reach_asked,
    step_of,
)
from rkweb.features.gurps.turn_update import (
    ROLL_ENTRIES,
    StepCancel,
    StepDamage,
    StepDefend,
    StepDefense,
    StepNoDefense,
)
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip, chips
from rkweb.kit.dice_entry import dice_entry
from rkweb.kit.fields import error_of, field, number, select
from rkweb.kit.odds import odds, percent_text
from rkweb.kit.results import card, result, why

_STUN_WHY = (
    "A stunned fighter must Do Nothing; on each of the fighter's turns a roll of HT may "
    "recover from physical stun or IQ from mental stun, and on a success the stun ends at the "
    "end of that turn (GUR-07, 004 line 46). With both, one roll of each (the text gives no rule for both).",
    "A stunned fighter defends at −4 (GUR-45, 004 line 217).",
)

# --- the view -------------------------------------------------------------------------------------


def _maneuver(c: Combatant, chosen: bool) -> VNode:
    shown = choices(c, own_ids(c), chosen=chosen)
    # With Change Posture taken, their posture is chosen in their step (:func:`_posture_now`).
    return h("div", {"class": "grid2"}, *(shown[:2] if _changing(c, chosen) else shown))


def _changing(c: Combatant, chosen: bool) -> bool:
    return chosen and c.maneuver == "Change Posture"


def _posture_now(c: Combatant, chosen: bool) -> VNode | None:
    """Their posture to choose, in their step right under the maneuver taken, while it is Change
    Posture (GUR-09): a GM's play-through found it at y 1060-1107 at 768x1024, below the next
    fighter's chips."""
    return choices(c, own_ids(c))[2] if _changing(c, chosen) else None


def _roll_entry(
    model: Model, testid: str, expr: str, name: str, label: str, *, disabled: bool = False
) -> VNode:
    roll, typed = ROLL_ENTRIES[name]
    entry = dice_entry(
        testid,
        expr,
        roll=roll,
        typed=typed,
        error=error_of(model, SECTION, f"fight.{name}"),
        label=label,
        disabled=disabled,
    )
    # The step's roll, with a typed roll's error beside its field: brought into view after the
    # tap that changed it (data-step, read by the page's glue in the next frame).
    return h("div", {"data-step": testid}, entry)


def _stunned(model: Model, fight: Fight, c: Combatant) -> list[VNode | None]:
    """004 line 46: Do Nothing, and the roll to recover, once a turn: HT from physical stun, IQ
    from mental stun (one of each when they have both)."""
    if "stun" in fight.later:
        # Stunned in this turn of theirs, after they acted: the Do Nothing turn and its roll to
        # recover are their next (004 line 46, GUR-07); −4 to defend until then (GUR-45).
        said = (
            f"{c.name} is stunned: −4 to defend; {c.name} must Do Nothing on the next turn and "
            f"may roll HT {c.ht} to recover then."
        )
        later = h("p", {"class": "strong", "data-testid": f"gurps-recovery-{c.id}"}, said)
        return [later, next_up(model, fight), why(_STUN_WHY)]
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
            # "made" is GURPS for "succeeded": a failed roll must not read as one made.
            said = (
                "succeeded: {} recovers at the end of this turn"
                if done == "recovered"
                else "failed: {} stays stunned"
            )
            parts.append(h("p", {"data-testid": testid}, f"{stat} roll {said.format(c.name)}."))
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
    model: Model, fight: Fight, step: dict[str, Any], attacker: Combatant, target: Combatant
) -> VNode:
    random_location = bool(step["random_location"])
    line = line_index(step["line"])
    # the target with the weapon in hand: no shield arm while no hand holds it (004 line 93)
    aimed = gurps_fight.target_as_held(fight, target)
    locations = location_choices(attacker, aimed, line, random_location=random_location)
    ranged = armed(attacker, line).ranged
    return h(
        "div",
        {"class": "grid2"},
        select(
            "gurps-fight-location",
            "Where it fell (your 3d table)" if random_location else "Hit location",
            step["location"],
            locations,
            StepForm("location"),
        )
        if locations
        else no_location("gurps-fight-no-location"),
        number(
            "gurps-fight-yards",
            "Range (yards)",
            step["yards"],
            StepForm("yards"),
            error=error_of(model, SECTION, "fight.yards"),
        )
        if ranged
        else None,
        # GUR-28: past the table's last row the text stops; the GM's table gives the figure.
        number(
            "gurps-fight-range-beyond",
            RANGE_BEYOND,
            step["range_beyond"],
            StepForm("range_beyond"),
            error=error_of(model, SECTION, "fight.range_beyond"),
        )
        if ranged and _past_the_table(str(step["yards"]))
        else None,
        h("p", {"class": "small", "data-testid": "gurps-fight-range-beyond-held"}, kept)
        if ranged and (kept := held_beyond_said(step, fight))
        else None,
    )


def _past_the_table(yards: str) -> bool:
    """Whether the range typed lies past the table's 100 yd (False while blank or unreadable:
    its own field says why)."""
    try:
        return bool(yards.strip()) and past_the_table(yards)
    except RulekeeperError:
        return False


Parts = tuple[list[Any], list[Any]]


def _attack_step(
    model: Model, fight: Fight, attacker: Combatant, step: dict[str, Any], bearing: tuple[int, ...]
) -> Parts:
    """Their attack from the sheet against the chosen target, its chance and the roll; then what
    adjusts it (location, range, the situation's chips) with the skill line and its sources.
    ``bearing``: the open questions that change it (:func:`.after_injury.bearing`)."""
    target = fight.combatant(str(step["target"])) if step["target"] else None
    if target is None:
        return [h("p", {}, "Tap a combatant in the order to choose whom to attack.")], []
    using = armed(attacker, line_index(step["line"]))
    weapon = f"{using.weapon} ({using.damage} {using.damage_type})"
    head = h("p", {"class": "strong"}, f"{weapon}, skill {using.weapon_skill}, at {target.name}")
    # Where it lands (and the range) sits above the roll: set before it, read with it at
    # 768x1024 (it was under the roll, at 999-1047 px with three fighters).
    fields = _attack_fields(model, fight, step, attacker, target)
    line = line_index(step["line"])
    adjust: list[VNode | None] = [
        None
        if ignores_location(attacker, line)
        else situation.where(step, chink_possible(attacker, line)),
    ]
    empty = gurps_fight.empty_hand_said(fight, attacker)
    # 004 line 108: a thrown weapon has left their hand; what it may attack with is said.
    hand = h("p", {"class": "small", "data-testid": "gurps-fight-hand"}, empty) if empty else None
    if hand is not None:
        head = h("div", {}, head, hand)
    aim = gurps_fight.aim_seconds(fight, attacker.id, target.id)  # GUR-11
    offered = gurps_fight.lines_now(fight, attacker)
    # GUR-14: a melee line past its reach of the range held says so instead of its chance.
    far = {i: reach_asked(step, fight, attacker, i) for i in offered}
    ways = situation.attack_ways(step, attacker, target, offered, aim, far)
    if punch := gurps_fight.punch_withheld(fight, attacker):
        # 004 line 97: no punching with a hand that holds a weapon; why it is not offered.
        ways = h(
            "div", {}, ways, h("p", {"class": "small", "data-testid": "gurps-fight-punch"}, punch)
        )
    # 004 line 95: a weapon not in their hand is drawn with a Ready, one tap; a line whose weapon
    # the sheet does not tell is asked of the GM, not guessed (004 line 91).
    drawn, asked = ready_offers(fight, attacker), weapon_asked(fight, attacker)
    if drawn is not None or asked is not None:
        ways = h("div", {}, ways, drawn, asked)
    if unset := gurps_fight.skill_withheld(attacker):
        # A line added on the sheet is offered once its skill is typed (never a 10 nobody set).
        said = h("p", {"class": "small", "data-testid": "gurps-fight-no-skill"}, unset)
        ways = h("div", {}, ways, said)
    if not offered and not str(step["override"]).strip():
        # 004 lines 93, 95, 108: no weapon of theirs is in their hand (thrown, and no natural
        # weapon on their sheet): no odds for one not drawn; a Ready draws one (above).
        nothing = f"{attacker.name} has no ready weapon to attack with: a Ready maneuver draws one."
        none = h("p", {"class": "strong", "data-testid": "gurps-fight-none-ready"}, nothing)
        return [ways, hand, none], [_override(step)]
    if ways is not None:
        head = h("div", {}, ways, head)
    try:
        setup = fight_setup(step, fight, attacker)
        seen = gurps_fight.preview_left(fight, attacker, target, setup)
    except RulekeeperError as exc:
        adjust.append(situation.modifier_chips(step, using))
        error = h("p", {"class": "field-error", "role": "alert"}, str(exc))
        return [head, fields, error], adjust
    adjust[1:1] = [situation.giant_fields(step, setup, attacker, target)]
    adjust.append(situation.modifier_chips(step, using))
    # Said in plain words when they have none: "Lands past Grukk's no defense" was not English.
    lands = (
        f"Lands past {target.name}'s {situation.defenses_passed(seen)}"
        if seen.best
        else f"{target.name} has no defense: the blow lands"
    )
    chances = h(
        "dl",
        {"class": "odds"},
        # GUR-20: 17-18 always miss, 3-4 always hit (the odds beside it count them so).
        h("dt", {}, f"To hit (needs {highest_success(seen.line.total)} or less)"),
        h("dd", {}, odds(seen.hit, "gurps-fight-hit")),
        h("dt", {}, lands),
        h("dd", {}, odds(seen.lands, "gurps-fight-lands")),
    )
    # The skill line under the odds it explains ("needs 11 or less"): an answer that changes
    # it (their own turn's shock, GUR-58) shows there, in view; under the situation's chips it
    # sat at 1,280-1,393 px of 1,024.
    skill = h(
        "div",
        {"class": "row skill-line"},
        h("p", {"class": "explain", "data-testid": "gurps-fight-line"}, seen.line.plain()),
        why(seen.line.sources()),
    )
    # An open question whose answer changes these figures is answered first (the core's words).
    waits = gurps_fight.waits_said(fight, bearing)
    wait = h("p", {"class": "strong", "data-testid": "gurps-fight-waits"}, waits) if waits else None
    closed = situation.reach_question(
        far.get(line, ""), "gurps-fight-reach", StepChip("within_reach")
    )
    # A weapon not in their hand is not rolled with (004 line 95; said above, with its Ready),
    # unless the GM overrides.
    unready = line not in offered and not str(step["override"]).strip()
    roll = _roll_entry(
        model,
        "gurps-fight-attack",
        "3d6",
        "attack",
        "Roll for me",
        disabled=bool(waits or closed or unready),
    )
    asked = situation.exposed_field(step, setup, attacker, target)
    # GUR-14: whether they closed within reach is asked above the odds, read before them: a GM
    # reads top-down and taps the roll (a play-through found it under the odds).
    # GUR-11: +1 braced, the GM's word; none under Move and Attack, which loses every bonus
    # from Aim (GUR-15, 004 line 53): a play-through saw the chip still on there, not counted.
    moving = attacker.maneuver == "Move and Attack"
    braced = situation.braced_chip(step, using, 0 if moving else aim)
    return [head, closed, chances, skill, fields, braced, asked, wait, roll], adjust


def _defense(model: Model, fight: Fight) -> list[Any]:
    """The defender picks among the defenses left (their best pressed first), then rolls."""
    pending = fight.pending
    assert pending is not None
    defender = fight.combatant(pending.defender)
    chosen = chosen_defense(model, fight)
    items = [
        chip(
            f"gurps-fight-defend-{kind}",
            f"{kind.capitalize()} {line.total}: {percent_text(defense_chance(line.total))}",
            kind == chosen,
            StepDefense(kind),
        )
        for kind, line in gurps_fight.defenses_left(fight)
    ]
    take = button("gurps-fight-no-defense", "Take the hit", StepDefend(), primary=True)
    # 004 lines 93, 95, 248: they parry with the weapon in their hand only; why none, in words.
    said = parry_said(fight, defender, "gurps-fight-parry-withheld")
    said.append(spent_note(fight, defender, "gurps-fight-spent"))  # GUR-47, GUR-48
    said.append(shield_said(fight, defender, "gurps-fight-shield-withheld"))
    if not items:  # nothing to defend with: taking the hit is all there is (one tap)
        return [*said, take]
    # No defense is one tap where nothing else needs deciding; Undo takes it back.
    none = button("gurps-fight-defend-none", "No defense", StepNoDefense())
    roll = _roll_entry(model, "gurps-fight-defense", "3d6", "defend", "Roll for me")
    step_roll = h("div", {"class": "row"}, roll, none)
    return [chips(f"{defender.name} defends", items, "gurps-fight-defenses"), *said, step_roll]


def _damage_step(model: Model, fight: Fight) -> list[Any]:
    pending = fight.pending
    assert pending is not None
    dice = gurps_fight.pending_damage_dice(fight)
    said = gurps_fight.pending_damage_said(fight)  # the type and its wounding (GUR-56)
    if pending.maximum:
        label = f"Apply maximum damage ({said}: a roll of 3)"
        return [button("gurps-fight-damage-roll", label, StepDamage(), primary=True)]
    count, _ = parse_damage(dice)
    return [
        h("p", {"class": "strong", "data-testid": "gurps-fight-damage-said"}, f"Damage {said}"),
        _roll_entry(model, "gurps-fight-damage", f"{count}d6", "damage", "Roll for me"),
    ]


def _strike_step(model: Model, fight: Fight) -> list[Any]:
    """GUR-49 (004 lines 259-261): their weapon parried a punch or kick; they may roll against their
    skill with it to strike the attacker's limb squarely, its chance beside the question."""
    target, _ = gurps_fight.strike_skill(fight)
    said = f"{gurps_fight.strike_said(fight)}: {percent_text(success_chance(target))}"
    asked = h("p", {"class": "strong", "data-testid": "gurps-fight-strike-asked"}, said)
    return [asked, _roll_entry(model, "gurps-fight-strike", "3d6", "strike", "Roll for me")]


def _lands_on(pending: Pending) -> VNode:
    """Where the blow under way lands, read with the verdict above it (the location was set
    on the attack's step, which the roll replaced)."""
    where = location_name(pending.setup.location)
    return h("p", {"class": "strong", "data-testid": "gurps-fight-lands-on"}, f"Lands on: {where}")


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


def _action(model: Model, fight: Fight, current: Combatant, bearing: tuple[int, ...]) -> Parts:
    """What the step waits for (the attack under way, else what the current combatant may do),
    then what adjusts it; ``bearing``: the open questions their attack waits for."""
    step = step_of(model, fight)
    if fight.pending is not None:
        # The GM may drop the attack under way; also where focus goes after a typed roll.
        stage = fight.pending.stage
        parts = (
            _defense(model, fight)
            if stage == "defense"
            else _strike_step(model, fight)
            if stage == "strike"
            else _damage_step(model, fight)
        )
        # GUR-49: the parrier "may" roll; not rolling ends the attack, their foe unhurt.
        said = "No roll" if stage == "strike" else "Cancel attack"
        cancel = button("gurps-fight-cancel", said, StepCancel())
        *before, roll = parts
        step_roll = h("div", {"class": "row step-roll"}, roll, cancel)
        # The roll to injure names the limb it strikes (GUR-49): no "Lands on" above it.
        where = None if stage == "strike" else _lands_on(fight.pending)
        return [where, *before, step_roll], []
    if current.unconscious and not str(step["override"]).strip():
        said = (
            f"{current.name} is unconscious: no action and no defense until your book says "
            f"{current.name} wakes (Edit on the card)."
        )
        done = next_up(model, fight)
        return [h("p", {"class": "strong"}, said), done], [_override(step)]
    if current.dazed and not str(step["override"]).strip():
        return _stunned(model, fight, current), [_override(step)]
    if not fight.chosen:
        # GUR-06 (004 line 27): the turn opens on their maneuver; nothing from last turn is chosen.
        # Beside it, each weapon not in their hand is drawn in one tap, "Ready <weapon>" (GUR-13,
        # 004 line 95), the Ready maneuver taken with it.
        return [maneuver_chips(model, fight, current), ready_offers(fight, current)], []
    if current.maneuver == "All-Out Attack" and not current.option:
        # GUR-16: All-Out Attack is rolled with its option; "—" is no choice to roll with.
        return [chosen_line(fight, current), maneuver_chips(model, fight, current)], []
    change = h(
        "details",
        {"class": "quick-edits"},
        h("summary", {}, "Change maneuver"),
        maneuver_chips(model, fight, current),
    )
    if (folded := after_injury.carried(model, fight, bearing)) is not None:
        change = h("div", {"class": "row"}, change, folded)
    head = [chosen_line(fight, current), None if fight.attacks else change]
    if not maneuver(current.maneuver).can_attack:
        said = f"{current.name} takes {current.maneuver}: no attack this turn."
        done = next_up(model, fight)
        drawn = ready_chips(fight, current)  # Ready: which weapon they draw (004 line 95)
        aim = _aim_said(fight, current, str(step["target"]))
        posture = _posture_now(current, fight.chosen)
        return [*head, h("p", {"class": "strong"}, said), posture, aim, drawn, done], [
            _override(step)
        ]
    if fight.attacks >= fight.attacks_allowed(current) and not str(step["override"]).strip():
        # Their turn is done: its result, the questions it leaves and the next fighter's chips
        # share the screen at 768x1024 (issue 27): how it ended is said beside "Next turn".
        said = f"{current.name} has attacked this turn ({current.maneuver})."
        return [next_up(model, fight, said)], [_override(step)]
    now, adjust = _attack_step(model, fight, current, step, bearing)
    return [*head, *now], adjust


def _aim_said(fight: Fight, current: Combatant, target: str) -> VNode | None:
    """Whom their Aim is at and its seconds with this turn (GUR-11): their next Attack at them adds
    their Acc; the card tapped is the one aimed at."""
    if (
        current.maneuver != "Aim"
        or not fight.chosen
        or target not in {c.id for c in fight.combatants}
    ):
        return None
    seconds = gurps_fight.aim_seconds(fight, current.id, target) + 1
    name = fight.combatant(target).name
    said = (
        f"Aiming at {name}: {seconds} second{'s' if seconds > 1 else ''} of Aim with this turn;"
        f" an Attack at {name} next turn adds Acc. Tap another card to aim at another fighter."
    )
    held = armed(current, gurps_fight.line_in_hand(fight, current))
    if not held.ranged:
        # GUR-11: Aim is with a ranged weapon; one not in hand is drawn with a Ready first
        # (004 line 95): a play-through fired an undrawn crossbow with Acc after a knife's Aim.
        said = (
            f"{current.name} holds the {held.weapon}, no ranged weapon: Aim adds Acc only to "
            "a ranged weapon ready in hand. Another weapon is drawn with a Ready maneuver."
        )
    return h("p", {"data-testid": "gurps-fight-aim"}, said)


def panel(model: Model, fight: Fight) -> VNode | None:
    """The active combatant's panel, or nothing before the fight starts: the last step's result
    first (it stays in view while the next roll is made below it), the step, what adjusts it,
    their maneuver."""
    current = fight.current()
    if current is None:
        return None
    # The questions their attack waits for, worked out once: asked first above, said by their step.
    bearing = after_injury.bearing(model, fight)
    now, adjust = _action(model, fight, current, bearing)
    return card(
        "gurps-turn-h",
        f"{current.name}'s turn",
        _shown(model),
        after_injury.view(model, fight, bearing),
        *now,
        step_error(model, "fight"),
        *adjust,
        # The maneuver is set while no attack is under way (it is chosen as the turn begins).
        _maneuver(current, fight.chosen) if fight.pending is None else None,
        testid="gurps-turn",
    )
