"""The attack step: set up from the two sheets (attacker, weapon, target), its exact chance, the
roll ("Roll for me" or the dice typed at the table) and its result where the tap was (SIM-37,
SIM-39, SIM-10, SIM-D08). The set-up, the chance, the roll and the actions spent are the core's.
"""

from __future__ import annotations

from typing import Any

from pycore.dice import RandintSource, seeded
from pycore.errors import RuleError
from pycore.figures import signed
from pycore.systems.simply import fight as core
from pycore.systems.simply.fight.dice import ATTACK
from rkweb.app.messages import Message, entered
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.simply.combat import contest, declared, fields
from rkweb.features.simply.combat import state as saved
from rkweb.features.simply.combat.declared import DECLARED, AttackDeclared, Declare
from rkweb.features.simply.combat.strip import Aim, initiative_entry
from rkweb.features.simply.words import error_line
from rkweb.kit.dice_entry import dice_entry
from rkweb.kit.fields import with_error
from rkweb.kit.results import Tone, result


#: Choosing these sets the whole step up again from the sheets (FIGHT.md: nothing is kept from
#: the previous attacker, weapon or target).
class Arm(Message, action="simply.combat_arm"):
    """A weapon (its ``weapon`` index) of the active combatant's panel tapped."""

    attacker: str
    weapon: str


class AttackRoll(Message, action="simply.combat_attack"):
    """Roll the attack (and Defend) for me."""


class AttackTyped(Message, action="simply.combat_attack_typed"):
    """The attacker's dice rolled at the table, as typed."""

    text: str = entered(default="")


PLAN_INPUTS = ("attacker", "target", "weapon")


def set_up(model: Model, field: str, value: str) -> Model:
    """A new attacker, weapon or target: the step is set up afresh from the sheets."""
    state = saved.load(model)
    attack = {**state["form"]["attack"], field: value}
    fight = saved.fight_of(model, state)
    if field == "attacker":  # their first weapon, and never themselves as the target
        attack["weapon"] = "0"
        attack["target"] = saved.default_target(fight, value, attack["target"]) if value else ""
    fresh = saved.set_up(model, state, fight, attack)
    return saved.keep_typed(model, fresh)  # a choice: no undo step


def aim(model: Model, msg: Aim, ctx: Ctx) -> Model:
    """A card of the order strip tapped: its participant is the target (not the attacker)."""
    state = saved.load(model)
    target = msg.who
    if target == state["form"]["attack"]["attacker"]:
        name = saved.fight_of(model, state).get(target).name
        raise RuleError(f"{name} cannot attack themselves: choose another target")
    return set_up(model, "target", target)


def arm(model: Model, msg: Arm, ctx: Ctx) -> Model:
    """A weapon of the active combatant's panel tapped: the step is set up with it."""
    state = saved.load(model)
    attack = {**state["form"]["attack"], "attacker": msg.attacker, "weapon": msg.weapon}
    fresh = saved.set_up(model, state, saved.fight_of(model, state), attack)
    return saved.keep_typed(model, fresh)


def _toggled(a: dict[str, str], what: str) -> dict[str, str] | None:
    """The attack's declarations once the chip ``what`` is pressed: the defender's luck goes
    with a Defend (SIM-D08, SIM-10: luck on the Defend's task), so it declares the Defend too,
    and a Defend withdrawn takes its luck with it (a pressed "with luck" beside no Defend)."""
    if what == "luck":
        return {"luck": "no" if a["luck"] == "yes" else "yes"}
    if what in ("defend", "shield"):  # a side's roll typed against a Defend goes with it
        # SIM-D12: the Defend with the weapon or with the shield, one of them: the other chip
        # switches it, the pressed one withdraws it.
        kind = "shield" if what == "shield" else "yes"
        unrolled = {"rolled": "", "defend_rolled": ""}
        if a["defend"] == kind:
            return {"defend": "", "defend_luck": "no", **unrolled}
        return {"defend": kind}
    if what == "defend_luck":
        if a["defend_luck"] == "yes":
            return {"defend_luck": "no"}
        return {"defend": a["defend"] or "yes", "defend_luck": "yes"}
    return None


def declare(model: Model, msg: Declare, ctx: Ctx) -> Model:
    """A chip beside the roll: luck or a Defend declared (or withdrawn) for this attack only,
    as the set-up fold does (a GM typing their dice opened the fold for each one: play-through
    smfix at 768x1024, its selects at y 1058 to 1212, below the screen). The core refuses at
    the roll what the rules forbid (SIM-10, SIM-D08)."""
    state = saved.load(model)
    values = _toggled(state["form"]["attack"], msg.what)
    if values is None:
        return model
    return saved.keep_typed(model, saved.with_set(model, state, "attack", values))


def _roll(
    model: Model, rng: RandintSource, ctx: Ctx, seed: str, extra: dict[str, str] | None = None
) -> Model:
    state = saved.load(model)
    a = {**state["form"]["attack"], **(extra or {})}
    defended = bool(a["defend"])
    defend_tn, defend_level = declared.defend_of(a) if defended else (None, None)
    fight, attack = core.roll_attack(
        saved.fight_of(model, state),
        a["attacker"],
        a["target"],
        saved.number(a, "tn") or 0,
        rng,
        attack_level=saved.level(a["level"]),
        defend_tn=defend_tn,
        defend_level=defend_level,
        luck=a["luck"] == "yes",
        defend_luck=defended and a["defend_luck"] == "yes",
        shield=a["defend"] == "shield",
    )
    shown = {"verdict": attack.verdict, "number": attack.number, "text": attack.text}
    shown["ended"] = attack.ended  # a miss ends the attack: the screen says so (issue 26)
    state = {**state, "result": {"attack": {**shown, "hit": attack.hit}}}
    if attack.hit:  # the damage step follows: this attack's, on the target that was hit
        state["hit"] = {k: a[k] for k in saved.CHOICE}
    return saved.commit(model, state, fight, attack.verdict, ctx, (attack,), seed, ended="attack")


def roll(model: Model, msg: AttackRoll, ctx: Ctx) -> Model:
    return _roll(model, seeded(ctx.fresh_seed), ctx, ctx.fresh_seed)


def roll_declared(model: Model, msg: AttackDeclared, ctx: Ctx) -> Model:
    """A Defend (with the weapon or with the shield) declared by its chip's "Roll" and the
    attack rolled in one tap (the core refuses a Defend without an action left, SIM-D08, or a
    shield Defend without shield or Shield rating, SIM-D12)."""
    values = DECLARED.get(msg.what)
    if values is None:
        return model
    return _roll(model, seeded(ctx.fresh_seed), ctx, ctx.fresh_seed, values)


def typed(model: Model, msg: AttackTyped, ctx: Ctx) -> Model:
    """The attacker's dice rolled at the table: its faces, or their total."""
    return _typed_side(model, "rolled", msg.text, ctx)


def defend_typed(model: Model, msg: contest.DefendTyped, ctx: Ctx) -> Model:
    """The defender's dice rolled at the table: its faces, or their total."""
    return _typed_side(model, "defend_rolled", msg.text, ctx)


def _typed_side(model: Model, side: str, text: str, ctx: Ctx) -> Model:
    """One side's roll typed at the table. With no Defend the attack rolls. Against a Defend
    the contest rolls once both sides' dice are typed, the first kept (this attack's only)
    until the other comes. Play-through simply: both typed in one field, "3 3" read as two
    totals, the attacker's 3 and the defender's 3, where a GM who typed the attacker's dice
    meant 3 + 3 = 6; a field per roll reads each as one 2D10, its faces or their total."""
    state = saved.load(model)
    a = state["form"]["attack"]
    fight = saved.fight_of(model, state)
    if not a["defend"]:
        if side != "rolled":
            return model  # no Defend declared: no defender's roll to type
        return _roll(model, core.typed_rolls((ATTACK, text, "attacker's roll")), ctx, "")
    names = contest.roll_names(fight, a)
    typed = {k: a[k].strip() for k in contest.SIDES} | {side: text.strip()}
    if typed[side]:  # refused at once, beside its roll, not when the other side comes
        contest.read_back(side, typed[side], names[side])
    if not all(typed.values()):
        kept = saved.keep_typed(model, saved.with_set(model, state, "attack", typed))
        return with_error(kept, saved.ERRORS, "attack", None)
    dice = core.typed_rolls(*((contest.SIDES[k], typed[k], names[k]) for k in contest.SIDES))
    return _roll(model, dice, ctx, "")


# --- view -------------------------------------------------------------------------------------


def _weapons(fight: core.Combat, attacker: str) -> list[tuple[str, str]]:
    try:
        arms = core.arms_of(fight.get(attacker))
    except RuleError:
        return [("0", "choose the attacker first")]
    return [(str(i), str(arm)) for i, arm in enumerate(arms)]


def _adjust(model: Model, fight: core.Combat, form: dict[str, Any]) -> VNode:
    """What the sheets set, to change for the situation: who, with what, the TN, a Defend, luck."""
    levels = [(x, x) for x in saved.LEVELS]
    a = form["attack"]
    yes_no = (
        [("", "no"), ("yes", "yes")] if declared.can_defend(fight, a["target"]) else [("", "no")]
    )
    held = declared.shield_of(fight, a["target"])
    if held and len(yes_no) > 1:  # SIM-D12: or with their shield, its own TN below
        yes_no.append(("shield", f"yes, with {held.shield}"))
    # Keyed by the attack: the next one (rolled, or a new turn) starts with the fold closed, as
    # its set-up is afresh from the sheets (issue 26: opened to declare a Defend, it stayed open
    # and pushed the next roll below 768x1024).
    # A luck or Defend declared in it closes it too (play-through playsm: with dice typed at
    # the table, luck chosen here left the "I rolled" field at y 1567 and the chance it changed
    # at y 1366 of a 1024 screen: a scroll to find both; closed, both are back in view).
    chosen = "-".join(a[k] or "no" for k in ("luck", "defend", "defend_luck"))
    key = f"adjust-{fight.turn}-{fight.attacks}-{chosen}"
    return h(
        "details",
        {"class": "adjust", "data-testid": "sc-attack-adjust", "data-key": key},
        h("summary", {}, "Change who, the TN, a Defend, luck"),
        h(
            "div",
            {"class": "grid3"},
            fields.form_select(form, "attack", "attacker", "Attacker", fields.who(fight)),
            fields.form_select(form, "attack", "weapon", "Weapon", _weapons(fight, a["attacker"])),
            fields.form_select(form, "attack", "target", "Target", fields.who(fight)),
            fields.form_field(model, form, "attack", "tn", "Attack TN (with modifiers)"),
            fields.form_select(form, "attack", "level", "Attacker's skill level", levels),
            fields.form_select(
                form,
                "attack",
                "luck",
                "Attacker uses luck",
                fields.luck_choice(fight, a["attacker"]),
            ),
            fields.form_select(form, "attack", "defend", "Target defends (an action)", yes_no),
            fields.form_field(
                model,
                form,
                "attack",
                "defend_tn",
                "Defend TN (weapon)" if held else "Defend TN (incl. shield)",
            ),
            fields.form_select(form, "attack", "defend_level", "Defender's skill level", levels),
            *(
                [
                    fields.form_field(
                        model, form, "attack", "shield_tn", f"Defend TN with {held.shield}"
                    ),
                    fields.form_select(
                        form, "attack", "shield_level", "Defender's Shield level", levels
                    ),
                ]
                if held
                else []
            ),
            fields.form_select(
                form,
                "attack",
                "defend_luck",
                "Defender uses luck",
                fields.luck_choice(fight, a["target"]),
            ),
        ),
    )


def _rules_logged(state: dict[str, Any], text: str) -> list[str]:
    """The rules of the logged step whose words the result shows (kept once, in the log)."""
    for entry in state.get("log", [])[:3]:
        if text and isinstance(entry, dict) and str(entry.get("text", "")).endswith(text):
            return [str(r) for r in entry.get("rules", [])]
    return []


def outcome(state: dict[str, Any], *, brief: bool = False) -> VNode | None:
    """The last result, where its tap was: the attack's, or the damage just applied; ``brief``
    leaves the explanation to the log (above the damage step, where room is short)."""
    shown = state.get("result", {})
    if "attack" in shown:
        last, testid = shown["attack"], "sc-attack-result"
        tone: Tone = "good" if last.get("hit") else "bad"
    elif "damage" in shown:
        last, testid, tone = shown["damage"], "sc-damage-result", "neutral"
    elif "check" in shown:
        last, testid = shown["check"], "sc-check-result"
        tone = "good" if shown["check"].get("passed") else "bad"
    else:
        return None
    text, rules = str(last["text"]), _rules_logged(state, str(last["text"]))
    steps = [] if brief else [f"{', '.join(rules)}: {text}" if rules else text]
    panel = result(testid, str(last["verdict"]), str(last["number"]), steps, tone=tone)
    ended = str(last.get("ended", "")) if testid == "sc-attack-result" else ""
    said = h("p", {"class": "explain", "data-testid": "sc-attack-ended"}, ended) if ended else None
    return h("div", {"class": "step-result"}, panel, said)


def passed(state: dict[str, Any]) -> bool:
    """The last result is another fighter's than the attack step's (its ``by``, saved.commit):
    the turn went on, so it leaves the step for the "Last:" line (:func:`last_line`). A hit
    whose damage is still to apply keeps its result over its damage step."""
    shown = state.get("result", {})
    by = next((str(v["by"]) for k, v in shown.items() if k in saved.OWNED and "by" in v), None)
    due = saved.hit_awaits_damage(state)
    return by is not None and by != state["form"]["attack"]["attacker"] and not due


def last_line(state: dict[str, Any]) -> VNode | None:
    """The result the turn passed on from, in one line under the strip, over "Now:" and the
    next attacker's panel: out of their roll (their dice field sat at y 986 of 1024 under it), its
    steps in the log. Under the strip, not above it: with ten fighters (five rows of cards) a
    line above it left the next dice field at y 1029 once the GM had scrolled to the roll;
    here a panel's height over the roll, both are seen. A result (``outcome``): when the GM
    had scrolled past it, the page brings it into view after its tap (FIGHT.md 5)."""
    shown = state.get("result", {})
    last = next((v for k, v in shown.items() if k in saved.OWNED), None)
    if last is None or not passed(state):
        return None
    said = " · ".join(str(last[k]) for k in ("verdict", "number") if last.get(k))
    return h(
        "p",
        {"class": "outcome last-result", "data-testid": "sc-last-result", "role": "status"},
        f"Last: {said}",
    )


def _summary(fight: core.Combat, a: dict[str, str]) -> str:
    """The attack as set up, in one line: who attacks whom, with what, at which TN."""
    try:
        who = fight.get(a["attacker"])
        target = fight.get(a["target"]).name if a["target"] else "no target"
        weapon = core.arms_of(who)[int(a["weapon"] or 0)]
    except (RuleError, ValueError, IndexError):
        return "Attack: choose the attacker and the target"
    # A quick NPC has no weapon: its attack is the attack skill typed for it in the add form,
    # said as its Defend says it ("Grunt attacks Mara with Attack: TN 8" read as a weapon
    # named "Attack": play-through simply); with none typed, only the TN to type is said.
    arm = f" with {weapon.name}" if who.character else ""
    if not who.character and weapon.rating is not None:
        arm = " (its attack skill)"
    tn = f"TN {a['tn']}" if a["tn"] else "TN to type"
    # The Defend's own clause with its own TN (SIM-D08: each side keeps its TN): "Mara, who
    # defends with Longbow" read as if the defender held the attacker's weapon, and the Defend
    # TN the contest used showed only inside the fold.
    defend = ""
    if a["defend"] == "shield":
        # SIM-D12: the shield's Defend, its TN the Shield skill + Def Mod unless the GM typed one.
        shield = declared.shield_of(fight, a["target"])
        own = shield is not None and a["shield_tn"] == str(shield.tn)
        how = f" ({shield.rating} + Def Mod {signed(shield.def_mod)})" if shield and own else ""
        named = f" with {shield.shield}" if shield else " with a shield"
        defend = f"; {target} defends{named}: " + (
            f"TN {a['shield_tn']}{how}" if a["shield_tn"] else "TN to type"
        )
    elif a["defend"]:
        # The weapon the Defend's TN comes from, while the TN is its (SIM-37: the first on the
        # sheet that parries, never a bow; the text saying none): Cy's Pistol defended against a sword at "TN 10", its
        # weapon unsaid (play-through simply). A TN the GM typed is theirs, with no weapon.
        # A quick NPC has no weapon: its Defend is the attack skill typed for it.
        defender = fight.get(a["target"]) if a["target"] else None
        guard = core.guard_of(defender) if defender else None
        own = guard is not None and a["defend_tn"] == str(guard.rating)
        held = guard.name if guard and defender and defender.character else "its attack skill"
        named = f" with {held}" if own else ""
        defend = f"; {target} defends{named}: " + (
            f"TN {a['defend_tn']}" if a["defend_tn"] else "TN to type"
        )
    return f"{who.name} attacks {target}{arm}: {tn}{defend}"


def attack_words(fight: core.Combat, state: dict[str, Any]) -> str:
    """The attack step's heading in words (the undo banner says what an undo gave back):
    its summary in a turn, "no turn under way" between turns."""
    if fight.phase not in ("first", "held"):
        return "no turn under way"
    return _summary(fight, state["form"]["attack"])


def _no_turn(fight: core.Combat, state: dict[str, Any]) -> VNode:
    """Between turns no attack can be rolled (SIM-33: the core refuses it): the card says so
    instead of offering a roll whose refusal showed below the screen (a GM tapped and saw
    nothing). The last result stays where it was, and once everyone has acted the next turn's
    initiative is offered right under it (the strip's own is above, out of view by then)."""
    rollers = core.initiative_rollers(fight)
    after_a_turn = fight.phase == "done" and rollers
    return h(
        "section",
        {"class": "card step", "aria-labelledby": "sc-attack-h", "data-testid": "sc-attack-step"},
        h("h2", {"id": "sc-attack-h", "data-testid": "sc-attack-summary"}, "Attack"),
        outcome(state),
        h(
            "p",
            {"class": "explain", "data-testid": "sc-attack-waits"},
            "No turn under way: roll initiative for the next turn"
            + ("." if after_a_turn else " (above)."),
        ),
        initiative_entry(fight, "sc-next-initiative", f"next-{fight.turn}")
        if after_a_turn
        else None,
    )


def _declared_step(a: dict[str, str]) -> str | None:
    """The roll as the step a declaration brings (``data-step``: the glue brings it into view
    when its key is new): luck or a Defend declared in the set-up fold is for dice typed next.
    A GM at 768x1024 with three fighters declared luck, and the "I rolled" field sat 58 px below
    the screen, under the last result and the chance line the luck lengthened. Nothing
    declared: no step, so a tap elsewhere never moves the page to the roll."""
    named = [k for k in ("luck", "defend", "defend_luck") if a[k] == "yes"]
    if a["defend"] == "shield":  # SIM-D12: the Defend with the shield
        named.insert(1 if "luck" in named else 0, "shield")
    return f"sc-attack-roll-{'-'.join(named)}" if named else None


def card(model: Model, fight: core.Combat, state: dict[str, Any]) -> VNode:
    if fight.phase not in ("first", "held"):
        return _no_turn(fight, state)
    form = state["form"]
    a = form["attack"]
    expr = "2D10, then the defender's 2D10" if a["defend"] else "2D10"
    # Each attack's roll its own field: the last attack's dice typed stayed in it, shown as the
    # next attacker's, and the same dice typed again were no change (issue 26).
    entry = f"{fight.turn}-{fight.attacks}-{a['attacker']}"
    return h(
        "section",
        {"class": "card step", "aria-labelledby": "sc-attack-h", "data-testid": "sc-attack-step"},
        h("h2", {"id": "sc-attack-h", "data-testid": "sc-attack-summary"}, _summary(fight, a)),
        # The set-up fold and the chance on one line (an open fold takes the whole width),
        # so the chips and the roll below stay in view at 768x1024 (issue 26).
        h(
            "div",
            {"class": "row attack-head"},
            _adjust(model, fight, form),
            declared.chance(fight, a),
        ),
        outcome(state),
        h(
            "div",
            {"class": "attack-roll", "data-step": _declared_step(a)},
            declared.chips(fight, a),
            dice_entry(
                "sc-attack",
                expr,
                roll=AttackRoll(),
                typed=AttackTyped(),
                label="Roll attack for me",
                entry=entry,
                **contest.contest_fields(fight, a, entry),
            ),
        ),
        error_line(model, saved.ERRORS, "attack", "sc-error-attack"),
    )
