"""The attack under way (issue 25: an attack has a lifetime): it starts from the attacker's
sheet (the weapon chosen, its skill, the gun and the ammunition loaded in it) and the fight so
far; what the GM changes lives in it (its form: :mod:`pycore.systems.aftermath.fight.form`); its
dice are rolled for them or typed one roll at a time; a hit may wait for a value given once the
critical is known; it ends when its result is applied to the sheets (the rounds fired counted
down, the damage taken this Combat Turn recorded), or when the GM drops it. Nothing of it
reaches the next attack except what a rule carries.

A refusal raises the typed error in words (a Stunned attacker, AFT-22; a roll the dice cannot
show, a DiceError naming the roll); the fight is then unchanged.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from pycore.dice import Made, seeded
from pycore.dice.odds import odds_text
from pycore.errors import FieldError, RuleError
from pycore.systems.aftermath.attack import (
    attack_dice,
    bind,
    combat,
    effect_steps,
    worksheet,
    worksheet_forms,
)
from pycore.systems.aftermath.attack.steps import step_rules
from pycore.systems.aftermath.conditions import Moment
from pycore.systems.aftermath.fight.public import aftermath_public
from pycore.systems.aftermath.fight.value import NO_COMBATANTS, Done, Fight, Noted, whole
from pycore.systems.aftermath.gear import arms
from pycore.systems.aftermath.sheet import sheet
from pycore.validate import checked, is_whole

#: The most characters of a typed roll kept (a burst's rolls are typed one at a time).
MAX_TYPED: Final = 40
#: AFT-M03: a critical's Health throws (AFT-23, AFT-27) need the target's Health AST and CST;
#: when their sheet lacks them the hit waits and asks for them right there (issue 28), and what
#: the GM gives is kept on the target's sheet.
HEALTH: Final = "target.ast.HLH"
#: AFT-25: whether the attack cuts, when a Sever needs it and the form does not say (bullets:
#: not in the text); the answer is this attack's, set in its form (yes or no).
CUTS: Final = effect_steps.CUTS
#: What a hit asks once its dice are rolled, beside the worksheet's own (ASKED_AFTER_THE_ROLL),
#: in the order its steps come to them (the Health throws come before the Sever).
ASKED_HERE: Final = (HEALTH, CUTS)
#: The value a waiting hit asks for, in the words of its field (the undo step names it).
_ANSWER_WORDS: Final = {
    "attack.damage_potential": "Damage Potential",
    "attack.near_side_location": "Near-side location",
    HEALTH: "Health AST",
    CUTS: "Cuts",
}


@dataclass(frozen=True)
class AttackDice:
    """Where the attack's rolls come from: "roll for me" (``seed``: the rest of the rolls,
    replayed alike when the hit waits for a value) or one roll the user ``typed`` (the next roll
    the attack waits for: faces, or the total with the modifier, as its label says)."""

    seed: str = ""
    typed: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.seed, str) or not isinstance(self.typed, str | None):
            raise RuleError("the attack's dice are a seed or the roll typed, in words")
        if self.typed is not None and len(self.typed) > MAX_TYPED:
            raise RuleError(f"rolled: at most {MAX_TYPED} characters")


@checked
def roll_for_me(seed: str) -> AttackDice:
    """ "Roll for me": the attack's rolls from ``seed`` (the log keeps it, so a roll replays)."""
    return AttackDice(seed=seed)


@checked
def typed_roll(text: str) -> AttackDice:
    """One roll the user rolled at the table and typed."""
    return AttackDice(typed=text.strip())


@dataclass(frozen=True)
class Attacked(Done):
    """An attack applied: its step (the verdict, the players' line, the rules of its steps)
    and ``details``, what its log entry keeps beside the step (every step in words, what was
    written to the sheets, the chance, the effect, the target, the rolls typed, the seed)."""

    details: Mapping[str, Any] = field(default_factory=dict)


# --- the roll -------------------------------------------------------------------------------


def _who(setup: worksheet.Setup | worksheet.Outcome) -> str:
    return f"{setup.attacker['name']} → {setup.target['name']}"


def _damage_total(sheet: Mapping[str, Any]) -> int:
    """Every kind of damage on a sheet's record, added up (lethal, subdual, critical...)."""
    damage = sheet.get("damage")
    found = damage.values() if isinstance(damage, Mapping) else ()
    return sum(v for v in found if is_whole(v))


def _hurt(
    before: Sequence[Mapping[str, Any]], after: Sequence[Mapping[str, Any]], who: Sequence[int]
) -> dict[str, int]:
    """The damage each of ``who`` (the attacker and the target: an attack writes to no other
    sheet) took in this attack, by index: what was added to their record (the target's Damage
    Done, AFT-15; the attacker's own from a critical miss, AFT-28)."""
    hurt = {}
    for index in sorted(set(who)):
        taken = _damage_total(after[index]) - _damage_total(before[index])
        if taken > 0:
            hurt[str(index)] = taken
    return hurt


def _rounds_used(form: Mapping[str, Any]) -> int:
    """AFT-45: the rounds one Action fires: its shots, or its bursts of 3 (6) rounds."""
    if form.get("autofire"):
        return whole("bursts", form.get("bursts")) * whole("burst size", form.get("burst_size"))
    return whole("shots", form.get("shots"))


def _loaded(fight: Fight, setup: worksheet.Setup) -> arms.SheetWeapon | None:
    """The attacker's chosen gun when it fires this attack and its rounds are counted."""
    if setup.mode != "missile" or not fight.weapon:
        return None
    try:
        gun = arms.find_weapon(setup.attacker, fight.weapon)
    except RuleError:
        return None
    return gun if gun.kind == "gun" and gun.rounds is not None else None


def _details(fight: Fight, outcome: worksheet.Outcome, rolled: Mapping[str, Any]) -> Attacked:
    """The attack's step and log details: the one-line verdict, every step and what was
    applied; the players' line from the values (``aftermath_public``); the rules as data."""
    result = outcome.resolution
    name = outcome.attacker.get("name", "?")
    how = worksheet_forms.MODE_NAMES.get(fight.mode, fight.mode)
    public = aftermath_public(name, outcome.target.get("name", "?"), how, result)
    cited = (r.strip() for s in result.steps for r in s.rule.split(","))
    rules = tuple(dict.fromkeys(r for r in cited if r))
    details = {
        "steps": [str(s) for s in result.steps],
        "why": step_rules(result.steps),
        "applied": [*outcome.applied, *(f"{name}: {n}" for n in outcome.attacker_applied)],
        "chance": odds_text(result.chance),
        "effect": result.effect,
        "target": fight.target,
        "typed": list(rolled["typed"]),
        "seed": rolled["seed"],
        # A called critical's rolls kept from its plain hit: with the seed, a replay's dice.
        **({"kept": copy.deepcopy(rolled["kept"])} if rolled.get("kept") else {}),
    }
    text = f"{fight.now} · {_who(outcome)} ({how}): {combat.summary(result)}"
    return Attacked(f"Attack: {_who(outcome)}", text, public, rules, details)


def _recall(
    fight: Fight, outcome: worksheet.Outcome, rolled: Mapping[str, Any]
) -> dict[str, Any] | None:
    """What calling this attack a critical needs (AFT-04: the GM's call when the campaign sets
    no rule): how it was rolled and what it changed; None when it cannot be called one (a miss,
    already a critical, or the campaign's rule decides)."""
    hit = outcome.resolution
    if not hit.hit or hit.critical_hit or str(fight.settings.get("critical_hit_rule", "")):
        return None
    sheets = {
        str(i): copy.deepcopy(dict(fight.characters[i])) for i in (fight.attacker, fight.target)
    }
    acted = {k: list(v) for k, v in fight.acted.items()}
    return {"pending": dict(rolled), "sheets": sheets, "taken": dict(fight.taken), "acted": acted}


def _applied(
    fight: Fight, outcome: worksheet.Outcome, rolled: Mapping[str, Any], setup: worksheet.Setup
) -> tuple[Fight, Attacked]:
    """An attack written to the sheets; what was its own cleared (one undo step). A gun whose
    rounds are counted has those fired taken off (AFT-45, issue 28). The other sheets are kept
    as they are (records never changed in place): copying each was a tap's cost per fighter
    (issue 33)."""
    chars = list(fight.characters)
    chars[fight.target] = outcome.target
    chars[fight.attacker] = outcome.attacker
    taken = dict(fight.taken)
    for who, amount in _hurt(fight.characters, chars, (fight.attacker, fight.target)).items():
        taken[who] = taken.get(who, 0) + amount  # 001 line 67 reads it for the rest of the turn
    done = _details(fight, outcome, rolled)
    gun = _loaded(fight, setup)
    if gun is not None and gun.rounds is not None:
        left = max(gun.rounds - _rounds_used(setup.form), 0)
        chars[fight.attacker] = arms.set_rounds(chars[fight.attacker], gun.name, left)
        name = outcome.attacker.get("name", "?")
        applied = [*done.details["applied"], f"{name}: {gun.name}, {left} rounds left"]
        done = replace(done, details={**done.details, "applied": applied})
    # The attack ends here: nothing the GM set in it reaches the next one (FIGHT.md).
    recall = _recall(fight, outcome, rolled)
    # AFT-09: this target is now the attacker's; their next shot at another is at a newly
    # acquired one.
    aimed = {**fight.aimed, str(fight.attacker): fight.target}
    # AFT-45: this attack was his Action of this Action Phase (``Fight.acted``).
    acted = {**fight.acted, str(fight.attacker): (setup.now.turn, setup.now.phase)}
    ended = replace(
        fight,
        characters=tuple(chars),
        taken=taken,
        aimed=aimed,
        acted=acted,
        edits={},
        ask=None,
        override="",
        pending=None,
        recall=recall,
    )
    return ended, done


def _kept(setup: worksheet.Setup, pending: Mapping[str, Any]) -> worksheet.Setup:
    """The attack in progress as it was set up when its first die was rolled."""
    return replace(
        setup,
        mode=str(pending["mode"]),
        form=dict(pending["form"]),
        now=Moment(int(pending["turn"]), int(pending["phase"])),
        override=str(pending.get("override", "")),
    )


def _waiting(
    setup: worksheet.Setup, typed: list[str], seed: str, kept: Sequence[Made] = ()
) -> dict[str, Any]:
    found: dict[str, Any] = {"kept": [_roll_record(k) for k in kept]} if kept else {}
    return {
        **found,
        "seed": seed,
        "typed": typed,
        "mode": setup.mode,
        "form": dict(setup.form),
        "override": setup.override,
        "turn": setup.now.turn,
        "phase": setup.now.phase,
        "answer": "",
    }


def _roll_record(made: Made) -> dict[str, Any]:
    return {"what": made.what, "dice": made.expr, "faces": list(made.faces), "typed": made.typed}


def _rolls_kept(pending: Mapping[str, Any]) -> tuple[Made, ...]:
    """The rolls of an earlier attack this one goes on with (a called critical's, kept by
    what they decide: the die to hit, the hit location...), as the waiting attack holds them."""
    found = pending.get("kept", [])
    if not isinstance(found, list) or not all(isinstance(k, Mapping) for k in found):
        raise RuleError("the rolls kept for the waiting attack are not a list of rolls")
    try:
        return tuple(Made(k["what"], k["dice"], tuple(k["faces"]), k.get("typed")) for k in found)
    except (KeyError, TypeError):
        raise RuleError(
            "a roll kept for the waiting attack lacks its name, dice or faces"
        ) from None


def _roll(
    fight: Fight,
    setup: worksheet.Setup,
    typed: list[str],
    seed: str,
    kept: Sequence[Made] = (),
) -> tuple[Fight, Done | Attacked]:
    """Roll the attack with the rolls ``kept`` from before where one is the same roll, the dice
    typed so far, then ``seed`` ("roll for me") or, with no seed, up to the next roll not typed
    yet."""
    rest = seeded(seed) if seed else None
    fight = replace(fight, recall=None)  # a new roll: the last attack is over
    same = fight.attacker == fight.target
    found, made = attack_dice.with_rolls(setup, typed, rest, same, kept)
    kept_now = _waiting(setup, typed, seed, kept)
    if isinstance(found, attack_dice.WaitsForDice):
        # The attack waits for the next roll of the user's dice; nothing is written yet.
        given = {"wants": found.expr, "what": found.what, "index": found.index}
        if found.odds:  # a save's chance, shown beside its name while it waits (AFT-05)
            given["odds"] = [[label, str(p)] for label, p in found.odds]
        pending = {**kept_now, **given, "given": list(found.given)}
        return replace(fight, pending=pending), Done(f"Attack dice: {_who(setup)}")
    waits = found.resolution.waits_for
    asks = worksheet.asked(found) or next((w for w in ASKED_HERE if w in waits), "")
    if not asks:
        return _applied(fight, found, kept_now, setup)
    if asks in ASKED_HERE:
        # Its answer adds rolls before some already made (the Health throws before the Sever's
        # D100): every roll made is kept by what it decided, so each answers its own roll again
        # and the new ones are asked by name (a GM's play-through: the Sever's D100 typed
        # before their Health AST was read as the Health save's D20, and the answer refused).
        kept_now = _waiting(setup, [], seed, made)
    # The hit waits for a value given now (its Damage Potential once the critical is known,
    # AFT-18; the near side of a split, AFT-12): nothing is written to the sheets yet; the dice
    # rolled are kept (the seed and the typed rolls) and go on once it is given.
    steps = [str(s) for s in found.resolution.steps]
    summary = combat.summary(found.resolution)
    why = step_rules(found.resolution.steps)
    pending = {**kept_now, "asks": asks, "steps": steps, "why": why, "summary": summary}
    return replace(fight, pending=pending), Done(f"Attack roll: {_who(setup)}")


def _empty(fight: Fight, setup: worksheet.Setup) -> None:
    """Refused when the chosen gun has fewer rounds left than this Action fires (AFT-45: SS
    fires one, then is reloaded)."""
    gun = _loaded(fight, setup)
    if gun is None or gun.rounds is None:
        return
    try:
        used = _rounds_used(setup.form)
    except RuleError:
        return  # the worksheet names a wrong count itself
    if used > gun.rounds:
        raise RuleError(
            f"{gun.name} has {gun.rounds} rounds left and this Action fires {used}: reload it "
            "(Reload, beside the weapon) or change its rounds on the sheet"
        )


@checked
def attack(fight: Fight, dice: AttackDice) -> tuple[Fight, Done | Attacked]:
    """ "Roll for me" or one roll the user typed (``dice``): a new attack, or the next roll of
    the attack waiting for dice (AFT-03). Applied when it needs nothing more (:class:`Attacked`);
    else it waits for a roll or a value (:class:`Done`, one undo step)."""
    setup = fight.setup()
    if setup is None:
        raise RuleError(NO_COMBATANTS)
    pending = fight.pending
    rolls: list[str] = []
    kept: tuple[Made, ...] = ()
    going_on = None  # a new attack carries nothing of the one before
    if isinstance(pending, Mapping) and pending.get("wants"):
        going_on = pending
        setup = _kept(setup, pending)
        rolls = [str(r) for r in pending.get("typed", [])]
        kept = _rolls_kept(pending)
    else:
        _empty(fight, setup)
    if dice.typed is None:
        return _carried(going_on, *_roll(fight, setup, rolls, dice.seed, kept))
    return _carried(going_on, *_roll(fight, setup, [*rolls, dice.typed], "", kept))


@checked
def reload(fight: Fight, name: str) -> tuple[Fight, Done]:
    """The attacker's gun ``name`` loaded full again (its rounds when full, from the sheet).
    The text gives no time for reloading (AFT-45 says only that an SS gun is reloaded after
    each shot): the Action Phases it takes are the GM's call, as they play them."""
    index, attacker = fight.person("attacker")
    gun = arms.find_weapon(attacker or {}, name)
    if gun.kind != "gun" or gun.capacity is None:
        raise RuleError(f"{gun.name}: enter its rounds when full on the sheet (Weapons) to reload")
    chars = list(fight.characters)  # the others kept as they are (never changed in place)
    chars[index] = arms.set_rounds(chars[index], gun.name, gun.capacity)
    who = str((attacker or {}).get("name", ""))
    # The log keeps it (a GM's play-through: the rifle fired again with no word of a reload).
    text = f"{fight.now} · {who} reloads {gun.name}: {gun.capacity} rounds"
    undo = f"Reload {gun.name} ({gun.capacity} rounds)"
    done = Noted(undo, text, f"{who} reloads", ("AFT-45",))
    return replace(fight, characters=tuple(chars), recall=None), done


@checked
def set_answer(fight: Fight, raw: str, part: str = "answer") -> tuple[Fight, Done]:
    """What the user typed for the value the pending hit waits for (its Damage Potential, the
    near side, the target's Health AST); ``part`` "cst": the Health CST beside the AST."""
    if part not in ("answer", "cst"):
        raise RuleError(f"part {part[:20]!r} is unknown; allowed: answer, cst")
    if not isinstance(fight.pending, Mapping):
        return fight, Done()
    key = "answer" if part == "answer" else "answer_cst"
    value = raw.strip()[:MAX_TYPED]
    if value == str(fight.pending.get(key, "")):
        return fight, Done()
    # Its own undo step (a GM's play-through): kept quietly, the value changed the waiting
    # attack after the step that made it wait, which Undo then could not take back whole (the
    # sheets went back, the attack stayed, and a called critical was applied over its plain hit).
    asks = str(fight.pending.get("asks", "attack.damage_potential"))
    what = "Health CST" if part == "cst" else _ANSWER_WORDS.get(asks, "Damage Potential")
    label = f"{what} {value}" if value else f"{what} cleared"
    return replace(fight, pending={**fight.pending, key: value}), Done(label)


def _with_health(fight: Fight, pending: Mapping[str, Any]) -> Fight:
    """The fight with the target's Health AST and CST the GM gave written on their sheet (they
    are theirs, not this attack's: the next critical against them finds them there)."""
    ast, cst = str(pending.get("answer", "")), str(pending.get("answer_cst", ""))
    if not ast.strip() or not cst.strip():
        missing = "answer" if not ast.strip() else "answer_cst"
        raise FieldError(missing, "Health AST and CST: enter both, whole numbers from 0 to 40")
    index, target = fight.person("target")
    if target is None:
        raise RuleError(NO_COMBATANTS)
    chars = list(fight.characters)
    try:  # each refusal beside its own field of the card (issue 28)
        target = sheet.set_field(target, "ast.HLH", ast)
    except RuleError as exc:
        raise FieldError("answer", str(exc), rules=exc.rules) from None
    try:
        chars[index] = sheet.set_field(target, "cst.HLH", cst)
    except RuleError as exc:
        raise FieldError("answer_cst", str(exc), rules=exc.rules) from None
    return replace(fight, characters=tuple(chars))


def _cuts(raw: str) -> str:
    """The GM's answer whether the attack cuts, as the form's field holds it."""
    answer = raw.strip().lower()
    if answer not in worksheet_forms.YES_NO:
        raise FieldError("answer", "Whether the attack cuts: answer yes or no")
    return answer


@checked
def answer_cuts(fight: Fight, cuts: bool) -> tuple[Fight, Done | Attacked]:
    """AFT-25: the GM says whether the attack waiting on its Sever cuts (it bleeds) or not (it
    breaks the bone, 001 line 34), and it goes on with the same dice: one tap, one undo step."""
    pending = fight.pending
    if not isinstance(pending, Mapping) or pending.get("asks") != CUTS:
        raise RuleError("no attack waits for whether it cuts")
    answered = replace(fight, pending={**pending, "answer": "yes" if cuts else "no"})
    return give_answer(answered)


@checked
def give_answer(fight: Fight) -> tuple[Fight, Done | Attacked]:
    """The pending hit with the value the user gave: the same dice, then the rest (AFT-56,
    AFT-57). Nothing waiting: nothing done."""
    pending = fight.pending
    setup = fight.setup()
    if not isinstance(pending, Mapping) or setup is None:
        return fight, Done()
    asks = str(pending.get("asks", "attack.damage_potential"))
    typed = [str(r) for r in pending.get("typed", [])]
    seed, kept = str(pending.get("seed", "")), _rolls_kept(pending)
    if asks == HEALTH:  # the same dice again, the target's sheet now holding their Health throws
        fight = _with_health(fight, pending)
        given = _kept(fight.setup() or setup, pending)
        return _carried(pending, *_roll(fight, given, typed, seed, kept))
    if asks == CUTS:  # AFT-25: the same dice again, the attack's form saying whether it cuts
        given = _kept(setup, pending)
        cuts = _cuts(str(pending.get("answer", "")))
        given = replace(given, form={**given.form, "cuts": cuts})
        return _carried(pending, *_roll(fight, given, typed, seed, kept))
    if asks not in worksheet.ASKED_AFTER_THE_ROLL:
        raise RuleError(f"the attack waits for {asks[:40]!r}, which is not asked after the roll")
    given = worksheet.with_answer(_kept(setup, pending), asks, str(pending.get("answer", "")))
    return _carried(pending, *_roll(fight, given, typed, seed, kept))


@checked
def drop_pending(fight: Fight) -> tuple[Fight, Done]:
    """The attack under way given up: its dice waiting or the value it waits for, and what the
    GM changed in it."""
    dropped = replace(fight, pending=None, edits={}, ask=None, recall=None)
    return dropped, Done("Drop the attack waiting for a value")


@checked
def call_critical(fight: Fight) -> tuple[Fight, Done | Attacked]:
    """The GM calls the last attack a critical hit after seeing its die (AFT-04: when is their
    call; issue 28: "Roll for me" left them no moment to make it): its effects are taken back
    and it is rolled again from the same dice as a critical, going on to what a critical needs
    (its Critical Effect, a value or a roll it waits for)."""
    recall = fight.recall
    if not isinstance(recall, Mapping):
        raise RuleError("no attack to call a critical hit: roll one first")
    chars = list(fight.characters)
    hit = fight.target
    before_hit = recall["sheets"].get(str(hit), chars[hit])
    plain_damage = bind.wounds(chars[hit]).taken - bind.wounds(before_hit).taken
    for index, before in recall["sheets"].items():
        chars[whole("fighter", index)] = copy.deepcopy(dict(before))
    taken = {str(k): whole("damage taken", v) for k, v in recall["taken"].items()}
    # The attack called a critical is the same Action, not a second one (AFT-45): the record of
    # who acted goes back to before it (a save from before it kept one: his mark taken off).
    before = recall.get("acted")
    if isinstance(before, Mapping):
        acted = {str(k): (whole("turn", v[0]), whole("phase", v[1])) for k, v in before.items()}
    else:
        acted = {k: v for k, v in fight.acted.items() if k != str(fight.attacker)}
    fight = replace(fight, characters=tuple(chars), taken=taken, acted=acted, recall=None)
    setup = fight.setup()
    if setup is None:
        raise RuleError(NO_COMBATANTS)
    pending = recall["pending"]
    plain = _kept(setup, pending)
    # The plain hit's rolls, each with what it decided: the critical keeps those it rolls
    # again (the die to hit, the hit location and its split...) and rolls only its own (the
    # Critical Hit Enhancement, AFT-18; the critical BDG, AFT-19), wherever they come. Kept by
    # their place, the Enhancement took the location's die and every later roll moved on one
    # (a GM's play-through: location 5, the torso, became 26, an arm, without a word); FIGHT.md:
    # nothing the GM rolled is asked again or changed.
    seed = str(pending["seed"])
    typed = [str(r) for r in pending.get("typed", [])]
    rest = seeded(seed) if seed else None
    same = fight.attacker == fight.target
    _, made = attack_dice.with_rolls(plain, typed, rest, same, ())
    # The Damage Potential given for the plain hit was for its WDM; the critical's Enhancement
    # adds to the WDM (AFT-18), so it is asked again once that bonus is known (AFT-15).
    form = {**plain.form, "critical_hit": True}
    if "damage_potential" in form:  # hand-to-hand and thrown; a gun's damage is its dice
        form["damage_potential"] = ""
    critical = replace(plain, form=form)
    # Its own rolls: typed like the plain hit's, or from a seed of its own made from the plain
    # hit's, so the same attack called again rolls the same.
    rolled = _roll(fight, critical, [], f"{seed}/critical" if seed else "", made)
    return _carried({"plain": {"target": hit, "damage": plain_damage}}, *rolled)


def _carried(before: object, fight: Fight, done: Done | Attacked) -> tuple[Fight, Done | Attacked]:
    """A called critical still waiting keeps what its plain hit did (``plain``: whom, how
    much), taken back from the sheets when it was called: the target's card says it is
    waiting, not a bare "Damage 0" (a GM's play-through read the strip as no hit at all)."""
    plain = before.get("plain") if isinstance(before, Mapping) else None
    if isinstance(plain, Mapping) and isinstance(fight.pending, Mapping):
        fight = replace(fight, pending={**fight.pending, "plain": dict(plain)})
    return fight, done
