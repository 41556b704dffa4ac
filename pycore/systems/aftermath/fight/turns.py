"""Who fights and when: the attacker and the target picked (a fighter joins the attack), the
GM's answer when another fighter is asked for during an unfinished attack, the Action Phases
and Combat Turns (AFT-55), and the log emptied.

>>> from pycore.systems.aftermath.fight.value import Fight
>>> fight, done = next_action_phase(Fight(turn=1, phase=20, taken={"0": 26}))
>>> str(fight.now), fight.taken, str(done)
('turn 2, phase 1', {}, 'Next Action Phase (turn 2, phase 1)')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.clock import next_phase, next_turn
from pycore.systems.aftermath.conditions import BLEEDING, Condition, Moment, condition_from_json
from pycore.systems.aftermath.fight.value import Done, Fight, Noted
from pycore.systems.aftermath.gear import arms
from pycore.systems.aftermath.sheet import sheet
from pycore.validate import checked


def _moved(fight: Fight, moved: Moment, label: str) -> tuple[Fight, Done]:
    """The fight at ``moved``. 001 line 67 counts the damage taken "in that Combat Turn": a
    new Combat Turn starts its count afresh. A fighter whose bleeding ran out on the way is
    dead (:func:`_bled_out`): a step the log keeps."""
    taken = fight.taken if moved.turn == fight.turn else {}
    chars, dead = _bled_out(fight, moved)
    ended = replace(
        fight, turn=moved.turn, phase=moved.phase, taken=taken, recall=None, characters=chars
    )
    ended = _first_weapon(ended)
    if not dead:
        return ended, Done(label)
    who = ", ".join(name for name, _ in dead)
    verb = "bleeds" if len(dead) == 1 else "bleed"
    whys = "; ".join(f"{name}: {why}" for name, why in dead)
    text = (
        f"{moved} · {who} {verb} to death: the Health Group + 1D6 Combat Turns ran out with "
        f"no bandage or cautery recorded ({whys})"
    )
    public = f"{who} {verb} to death"
    return ended, Noted(f"{label}; {public}", text, public, ("AFT-25", "AFT-55"))


def _first_weapon(fight: Fight) -> Fight:
    """The attacker's next Action starts from their sheet's first weapon (FIGHT.md's first law:
    the weapon chosen is this Action's, never remembered from an earlier one). The text holds
    no weapon in hand: no rule readies, draws or puts away a weapon or gives that a cost (its
    one trace, T12's "Character drops weapon", 001 line 170, is a critical miss's result), and
    the use of the Action Phases is not in it (AFT-55). An attack still under way (dice
    waiting, a field the GM changed) keeps its weapon: it is never dropped silently."""
    if fight.pending or fight.edits or not 0 <= fight.attacker < len(fight.characters):
        return fight
    own = arms.sheet_weapons(fight.characters[fight.attacker])
    if not own or (fight.weapon, fight.mode) == (own[0].name, own[0].mode):
        return fight
    return replace(fight, weapon=own[0].name, mode=own[0].mode)


def _bled_out(
    fight: Fight, moved: Moment
) -> tuple[tuple[Mapping[str, Any], ...], list[tuple[str, str]]]:
    """AFT-25 (001 line 32): a Sever "will cause the character to bleed to death in a number
    of Combat Turns equal to the character's Health Group plus 1D6 unless cauterized or
    bandaged". The countdown is on their sheet as a timed condition (``effect_steps._bleeding``),
    counted like a Daze (001 line 22): it holds until after the phase its last Combat Turn
    ends on. One that ends between the clock's old place and ``moved`` kills them then: they are
    Dead from the phase after it. Bandaging or cauterizing is the GM's, recorded by taking the
    condition off their sheet (the text gives the First Aid roll's BCS nowhere here). The text
    gives no damage for the bleeding and no unconsciousness before death: none is added."""
    chars, dead = list(fight.characters), []
    for index, raw in enumerate(fight.characters):
        saved = raw.get("conditions")
        if not (isinstance(saved, list) and any(_bleeds(c) for c in saved)):
            continue  # the others' sheets are not read again at each phase (issue 33)
        full = sheet.merged(dict(raw))
        found = [condition_from_json(c) for c in full["conditions"]]
        if any(c.name == "Dead" and c.start <= moved for c in found):
            continue
        ran_out = [
            (c.until, c)
            for c in found
            if c.name == BLEEDING and c.until is not None and fight.now <= c.until < moved
        ]
        if not ran_out:
            continue
        until, first = min(ran_out, key=lambda pair: pair[0])
        name = str(full.get("name") or f"#{index + 1}")
        why = f"bleeding from {first.start}, {first.note.partition(';')[0]}"
        death = Condition("Dead", next_phase(until), None, "AFT-25", f"bled to death: {why}")
        chars[index] = sheet.with_conditions(full, (death,))
        dead.append((name, f"{why}, ran out after {until}"))
    return tuple(chars), dead


def _bleeds(saved: object) -> bool:
    return isinstance(saved, Mapping) and saved.get("name") == BLEEDING


@checked
def next_action_phase(fight: Fight) -> tuple[Fight, Done]:
    """AFT-55: the next Action Phase (after phase 20 the next Combat Turn). Timed conditions
    (a Stun, a Daze...) are read against the clock, so those that end by then are over."""
    moved = next_phase(fight.now)
    return _moved(fight, moved, f"Next Action Phase (turn {moved.turn}, phase {moved.phase})")


@checked
def next_combat_turn(fight: Fight) -> tuple[Fight, Done]:
    """AFT-55: the next Combat Turn, from its first Action Phase."""
    moved = next_turn(fight.now)
    return _moved(fight, moved, f"Next Combat Turn ({moved.turn})")


@checked
def clear_log(fight: Fight) -> tuple[Fight, Done]:
    """The combat log emptied (Undo brings it back); what the fight counts (the damage taken
    this Combat Turn) stays, as it is the fight's, not the log's."""
    return replace(fight, log=()), Done("Clear combat log")


@checked
def pick_combatant(fight: Fight, role: str, index: int, drop: bool = False) -> tuple[Fight, Done]:
    """A new attacker or target. A new attacker starts a fresh attack: their first weapon chosen,
    every field derived from the sheets and the fight so far (FIGHT.md); when they were the target
    the previous attacker becomes the target. A new target keeps the attack under way and
    derives its range and movement from what is known between the two. An unfinished attack
    (changed fields, or dice waiting) is never dropped silently: the GM is asked (``ask``),
    unless ``drop`` says they chose to drop it."""
    if role not in ("attacker", "target"):
        raise RuleError(f"role {role!r} is unknown; allowed: attacker, target")
    if isinstance(index, bool) or not 0 <= index <= 10_000:
        raise RuleError(f"{role} {index!r} is outside 0 to 10000")
    current = fight.attacker if role == "attacker" else fight.target
    if index == current:
        return replace(fight, ask=None), Done()
    losing = fight.pending if role == "target" else fight.unfinished
    if losing and not drop:  # issue 25: never a silent drop
        return replace(fight, ask={"role": role, "index": index}), Done()
    if drop:
        fight = replace(fight, pending=None, edits={})
    fight = replace(
        fight, ask=None, recall=None, override="" if role == "attacker" else fight.override
    )
    if role == "target":
        return replace(fight, target=index), Done()
    target = fight.attacker if fight.target == index else fight.target
    chosen = replace(fight, attacker=index, target=target, edits={}, weapon="")
    _, attacker = chosen.person("attacker")
    own = arms.sheet_weapons(attacker or {})
    if own:  # FIGHT.md: their first weapon is the default, the GM can pick another
        chosen = replace(chosen, weapon=own[0].name, mode=own[0].mode)
    return chosen, Done()


@checked
def answer_ask(fight: Fight, drop: bool) -> tuple[Fight, Done]:
    """The GM's answer when another fighter was asked for during an unfinished attack: drop the
    attack and let them act (or aim at them), one undo step; or keep the attack."""
    ask = fight.ask
    if not isinstance(ask, Mapping):
        return fight, Done()
    if not drop:
        return replace(fight, ask=None), Done()
    role, index = str(ask["role"]), int(ask["index"])
    done, _ = pick_combatant(fight, role, index, drop=True)
    names = [str(c.get("name") or f"#{i + 1}") for i, c in enumerate(fight.characters)]
    who = names[index] if 0 <= index < len(names) else f"#{index + 1}"
    label = f"Drop the attack; {who} {'acts' if role == 'attacker' else 'is the target'}"
    return done, Done(label)


@checked
def get_up(fight: Fight, index: int) -> tuple[Fight, Noted]:
    """Fighter ``index`` gets back on their feet: their Knocked Over ends now (one undo step, a
    log line). Knocked Over (AFT-41, AFT-50) holds "until up" on their card (001 line 557:
    knocked from their feet, not a lasting state), yet the text gives no Action or cost for
    getting up (the falling rules it cites are in another book, AFT-M10): when they get up is
    the GM's call, made with this tap.

    >>> from pycore.systems.aftermath.sheet.sheet import new_sheet
    >>> down = {**new_sheet("Bo"), "conditions": [{"name": "Knocked Over", "start": [1, 2],
    ...     "until": None, "rule": "AFT-50"}]}
    >>> up, done = get_up(Fight(characters=(down,), phase=4), 0)
    >>> up.characters[0]["conditions"], done.undo, done.step.public
    ([], 'Bo gets up', 'Bo gets up')
    """
    if isinstance(index, bool) or not 0 <= index < len(fight.characters):
        raise RuleError(f"fighter {index!r} is not in this fight")
    raw = sheet.merged(dict(fight.characters[index]))
    name = str(raw.get("name") or f"#{index + 1}")
    kept = []
    for saved in raw["conditions"]:
        found = condition_from_json(saved)
        if not (found.name == "Knocked Over" and found.active_at(fight.now)):
            kept.append(saved)
    if len(kept) == len(raw["conditions"]):
        raise RuleError(f"{name} is not Knocked Over: nothing to get up from")
    chars = list(fight.characters)
    chars[index] = {**raw, "conditions": kept}
    text = (
        f"{fight.now} · {name} gets up: Knocked Over ends (the GM's call: the text gives no cost)"
    )
    done = Noted(f"{name} gets up", text, f"{name} gets up", ("AFT-41", "AFT-50", "AFT-M10"))
    return replace(fight, characters=tuple(chars), recall=None), done


__all__ = [
    "answer_ask",
    "clear_log",
    "get_up",
    "next_action_phase",
    "next_combat_turn",
    "pick_combatant",
]
