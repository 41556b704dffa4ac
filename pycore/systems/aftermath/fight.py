"""The Aftermath! fight as a value (FIGHT.md): the combat clock (AFT-55), who attacks whom and
how, the attack forms, the attack waiting for dice or for a value, the log, and the sheets and
campaign settings the attacks read and write. It is read from and written to the saved
``aftermath`` section in the shape the page saves (no saved-state change).

Every action is a transition ``fight, result = step(fight, ...)``: the fight is never changed in
place. A result says what was done (the Undo label), how it is kept (not at all, quietly, or as
an undo step) and the errors it shows or clears beside the worksheet's fields.

>>> f = fight_from_json({"characters": [], "combat": {"turn": 1, "phase": 20}})
>>> f, done = next_action_phase(f)
>>> str(f.now), str(done)
('turn 2, phase 1', 'Next Action Phase (turn 2, phase 1)')
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

from pycore.dice import seeded
from pycore.dice.odds import odds_text
from pycore.errors import DiceError, RuleError, RulekeeperError
from pycore.share.public_aftermath import aftermath_public
from pycore.systems.aftermath import arms, attack_dice, combat, worksheet
from pycore.systems.aftermath.campaign import campaign, settings_from
from pycore.systems.aftermath.clock import next_phase, next_turn
from pycore.systems.aftermath.critical import Moment
from pycore.systems.aftermath.saved import LOG_LIMIT
from pycore.validate import checked

#: The worksheet's defaults: the clock, who attacks whom and how (with which of the attacker's
#: weapons, by name), the GM's override of a refusal, and a hit waiting for a value.
COMBAT: Final[dict[str, Any]] = {
    "turn": 1,
    "phase": 1,
    "attacker": 0,
    "target": 1,
    "mode": "missile",
    "weapon": "",
    "override": "",
    "pending": None,
    "edits": {},
    "pairs": {},
    "ask": None,
}
MAX_OVERRIDE: Final = 200
#: What is kept between two fighters, not per attack (the fight so far): the range between them
#: and the target's movement as last set by the GM for this attacker and target.
PAIR_FIELDS: Final = ("meters", "target_action")
NO_COMBATANTS: Final = "Choose an attacker and a target (create them in the Characters tab)."

Keep = Literal["none", "quiet", "undo"]
#: The form fields as the GM reads them, for saying what an unfinished attack would lose.
_FIELD_WORDS: Final = {
    "bcs": "Base BCS",
    "situations": "modifiers",
    "critical_hit": "critical hit",
    "critical_miss": "critical miss",
    "damage_taken": "damage taken",
    "ammo": "ammunition",
    "range_row": "Range Table row",
    "attack_from": "attack from",
    "near_side": "near side",
    "special_effect": "special effects",
    "damage_potential": "Damage Potential",
}


@dataclass(frozen=True)
class Result:
    """What a transition did: ``text`` (the Undo label, or the refusal), how the new fight is
    kept (``none``: not at all; ``quiet``: without an undo step; ``undo``: as one), and the
    worksheet fields whose error it sets (a message) or clears (None), in order."""

    text: str = ""
    keep: Keep = "quiet"
    errors: tuple[tuple[str, str | None], ...] = ()

    @property
    def refused(self) -> bool:
        return any(message for _, message in self.errors)

    def __str__(self) -> str:
        shown = [f"{key}: {message}" for key, message in self.errors if message]
        return "; ".join(shown) if shown else self.text


def _refused(key: str, message: str) -> Result:
    return Result(message, "none", ((key, message),))


def _whole(name: str, value: object) -> int:
    if isinstance(value, bool):
        raise RuleError(f"{name} {value!r} is not a whole number")
    if isinstance(value, int):
        return value
    if not value:
        return 0
    try:
        return int(value) if isinstance(value, str | float) else int(str(value))
    except (TypeError, ValueError, OverflowError) as exc:
        raise RuleError(f"{name} {str(value)[:40]!r} is not a whole number") from exc


def _mapping(name: str, value: object) -> Mapping[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise RuleError(f"{name} {str(value)[:40]!r} is not a record")
    return value


@dataclass(frozen=True)
class Fight:
    """The fight at one moment. Its records are the saved JSON, never changed in place: each
    transition builds new ones. ``extra`` keeps the worksheet's other saved keys as they were."""

    turn: int = 1
    phase: int = 1
    attacker: int = 0
    target: int = 1
    mode: str = "missile"
    weapon: str = ""
    override: str = ""
    pending: Mapping[str, Any] | None = None
    # The attack under way: what the GM changed in it, per form (the rest of each form is
    # derived, ``derived_forms``); emptied when the attack is applied or dropped.
    edits: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # The fight so far between two fighters, "a>t": the range and the target's movement.
    pairs: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # A question waiting for the GM: another fighter asked to act (or be aimed at) while this
    # attack is unfinished, {"role": ..., "index": ...}.
    ask: Mapping[str, Any] | None = None
    forms: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    log: tuple[Mapping[str, Any], ...] = ()
    characters: tuple[Mapping[str, Any], ...] = ()
    settings: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def now(self) -> Moment:
        """The combat clock: the Combat Turn and Action Phase now (AFT-55)."""
        return Moment(self.turn, self.phase)

    @property
    def last(self) -> Mapping[str, Any] | None:
        """The last attack's log entry (newest first), or None."""
        return self.log[0] if self.log else None

    def person(self, role: str) -> tuple[int, dict[str, Any] | None]:
        """The combatant in ``role`` ("attacker" or "target"): index and sheet (a copy)."""
        index = self.attacker if role == "attacker" else self.target
        if 0 <= index < len(self.characters):
            return index, copy.deepcopy(dict(self.characters[index]))
        return index, None

    @property
    def unfinished(self) -> str:
        """What of the attack under way would be lost, in words ("" when nothing): dice rolled
        and waiting, or fields the GM changed in it."""
        if self.pending:
            return "its dice are rolled and wait"
        changed = sorted({k for e in self.edits.values() for k in e})
        return ("changed: " + ", ".join(_FIELD_WORDS.get(k, k) for k in changed)) if changed else ""

    def combat_json(self) -> dict[str, Any]:
        """The worksheet as the page saves it (a fresh copy)."""
        known = {
            "turn": self.turn,
            "phase": self.phase,
            "attacker": self.attacker,
            "target": self.target,
            "mode": self.mode,
            "weapon": self.weapon,
            "override": self.override,
            "pending": self.pending,
            "edits": {m: dict(e) for m, e in self.edits.items() if e},
            "pairs": {k: dict(v) for k, v in self.pairs.items()},
            "ask": self.ask,
        }
        out = {**known, **self.extra, "log": list(self.log), **self.forms}
        return copy.deepcopy(out)

    def to_json(self) -> dict[str, Any]:
        """The parts of the ``aftermath`` section the fight owns (fresh copies)."""
        return {
            "characters": copy.deepcopy([dict(c) for c in self.characters]),
            "settings": dict(self.settings),
            "combat": self.combat_json(),
        }


@checked
def fight_from_json(section: Mapping[str, Any]) -> Fight:
    """The fight from the saved ``aftermath`` section (its characters, settings and worksheet),
    the worksheet merged over its defaults as the page reads it.

    >>> fight_from_json({"combat": {"turn": "x"}})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: turn 'x' is not a whole number
    """
    return _from_json(section)


def _from_json(section: Mapping[str, Any]) -> Fight:
    section = _mapping("section", section)
    saved = _mapping("combat", section.get("combat"))
    raw_chars = section.get("characters") or []
    if not isinstance(raw_chars, list | tuple):
        raise RuleError(f"characters {str(raw_chars)[:40]!r} is not a list")
    chars = tuple(copy.deepcopy(dict(_mapping("character", c))) for c in raw_chars)
    merged = {**COMBAT, **saved}
    raw_log = merged.get("log") or []
    if not isinstance(raw_log, list | tuple):
        raise RuleError(f"log {str(raw_log)[:40]!r} is not a list")
    pending = merged.get("pending")
    ask = merged.get("ask")
    known = {*COMBAT, "log", *worksheet.MODES}
    fight = Fight(
        turn=_whole("turn", merged["turn"]),
        phase=_whole("phase", merged["phase"]),
        attacker=_whole("attacker", merged["attacker"]),
        target=_whole("target", merged["target"]),
        mode=str(merged["mode"]),
        weapon=str(merged["weapon"] or ""),
        override=str(merged["override"] or ""),
        pending=copy.deepcopy(dict(pending)) if isinstance(pending, Mapping) else None,
        edits=_edits(merged.get("edits")),
        pairs=_pairs(merged.get("pairs")),
        ask=copy.deepcopy(dict(ask)) if isinstance(ask, Mapping) else None,
        log=tuple(copy.deepcopy(raw_log)),
        characters=chars,
        settings=settings_from(section.get("settings")),
        extra=copy.deepcopy({k: v for k, v in saved.items() if k not in known}),
    )
    if "edits" not in saved:
        fight = _migrated(fight, saved)
    return _settled(fight)


def _edits(raw: object) -> dict[str, dict[str, Any]]:
    found = _mapping("edits", raw)
    out = {}
    for mode in worksheet.MODES:
        form = _mapping(f"edits of {mode}", found.get(mode))
        known = worksheet.FORMS[mode]
        out[mode] = {k: copy.deepcopy(v) for k, v in form.items() if k in known}
    return out


def _pairs(raw: object) -> dict[str, dict[str, str]]:
    found = _mapping("pairs", raw)
    return {
        str(k): {f: str(v) for f, v in _mapping("pair", pair).items() if f in PAIR_FIELDS}
        for k, pair in found.items()
    }


def _migrated(fight: Fight, saved: Mapping[str, Any]) -> Fight:
    """A worksheet saved before attacks kept their own changes: what differs from a fresh
    set-up is taken as changed in the attack under way, its range and movement as those
    between the two fighters (nothing the user entered is lost)."""
    fresh = derived_forms(fight)
    edits: dict[str, dict[str, Any]] = {}
    pair: dict[str, str] = {}
    for mode in worksheet.MODES:
        form = _mapping(mode, saved.get(mode))
        known = worksheet.FORMS[mode]
        changed = {
            k: copy.deepcopy(v) for k, v in form.items() if k in known and fresh[mode][k] != v
        }
        pair.update({k: str(changed.pop(k)) for k in PAIR_FIELDS if k in changed})
        edits[mode] = changed
    pairs = _with_pair(fight, pair) if pair else fight.pairs
    return replace(fight, edits=edits, pairs=pairs)


def _pair_key(attacker: int, target: int) -> str:
    return f"{attacker}>{target}"


def _with_pair(fight: Fight, values: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """The fight so far with the range or the target's movement set for the two fighters now:
    the range is the same both ways, the movement is the target's as this attacker sees it."""
    pairs = {k: dict(v) for k, v in fight.pairs.items()}
    there = _pair_key(fight.attacker, fight.target)
    back = _pair_key(fight.target, fight.attacker)
    pairs[there] = {**pairs.get(there, {}), **values}
    if "meters" in values:
        pairs[back] = {**pairs.get(back, {}), "meters": values["meters"]}
    return pairs


@checked
def derived_forms(fight: Fight) -> dict[str, dict[str, Any]]:
    """Every attack form as a fresh set-up for the attacker now (FIGHT.md's first law): from
    his sheet (the chosen weapon, its skill's BCS, the gun's row and the ammunition loaded in
    it), the fight so far between him and the target (range, movement), and nothing else."""
    forms = {m: worksheet.fresh_form(m) for m in worksheet.MODES}
    _, attacker = fight.person("attacker")
    setup = None
    if attacker is not None and fight.weapon:
        with contextlib.suppress(RuleError):  # a weapon gone from the sheet: filled by hand
            setup = arms.attack_setup(attacker, fight.weapon)
    for mode in worksheet.MODES:
        if setup is not None and (mode == "missile") == (setup.mode == "missile"):
            forms[mode] = arms.form_for(setup, mode)
    pair = fight.pairs.get(_pair_key(fight.attacker, fight.target), {})
    taken = taken_this_turn(fight, fight.attacker) if attacker is not None else 0
    who = str((attacker or {}).get("name") or "the attacker")
    for form in forms.values():
        form.update({k: v for k, v in pair.items() if k in form})
        if "damage_taken" in form and taken:  # 001 line 67, from the fight's own record
            form["damage_taken"] = taken
            form["damage_source"] = f"{who} took {taken} this turn"
    return forms


def _settled(fight: Fight) -> Fight:
    """The fight with each form derived again and the GM's changes of this attack on top."""
    forms = derived_forms(fight)
    edits = {m: dict(e) for m, e in fight.edits.items() if e}
    for mode, changed in edits.items():
        forms[mode] = {**forms[mode], **copy.deepcopy(changed)}
        if "damage_taken" in changed:  # the GM's figure, not the log's
            forms[mode]["damage_source"] = ""
    return replace(fight, forms=forms, edits=edits)


def _setup(fight: Fight) -> worksheet.Setup | None:
    """The attack on the worksheet now (None until an attacker and a target exist)."""
    _, attacker = fight.person("attacker")
    _, target = fight.person("target")
    if attacker is None or target is None:
        return None
    form = dict(fight.forms[fight.mode]) if fight.mode in fight.forms else {}
    rules = campaign(dict(fight.settings))
    return worksheet.Setup(fight.mode, attacker, target, form, rules, fight.now, fight.override)


# --- the worksheet: fields, chips, who and how ---------------------------------------------


def _changed(
    fight: Fight, mode: str, before: Mapping[str, Any], after: Mapping[str, Any], key: str
) -> Fight:
    """``fight`` once the GM changed ``key`` of the ``mode`` form (and what it moved with it,
    a gun's row, a skill's BCS): the range and the target's movement go to what is known
    between the two fighters, the rest lives in this attack only."""
    moved = {k: v for k, v in after.items() if k == key or before.get(k) != v}
    pair = {k: str(moved.pop(k)) for k in PAIR_FIELDS if k in moved}
    edits = {m: dict(e) for m, e in fight.edits.items()}
    edits[mode] = {**edits.get(mode, {}), **copy.deepcopy(moved)}
    pairs = _with_pair(fight, pair) if pair else fight.pairs
    return _settled(replace(fight, edits=edits, pairs=pairs))


@checked
def set_field(fight: Fight, mode: str, key: str, raw: str) -> tuple[Fight, Result]:
    """A field of the ``mode`` form typed (checked by the core's worksheet)."""
    _, attacker = fight.person("attacker")
    try:
        form = worksheet.set_form_field(fight.forms[mode], key, raw, attacker)
    except KeyError as exc:
        raise RuleError(f"mode {mode!r} is unknown; allowed: {', '.join(worksheet.MODES)}") from exc
    except RuleError as exc:
        return fight, _refused(key, str(exc))
    return _changed(fight, mode, fight.forms[mode], form, key), Result(errors=((key, None),))


def _form(fight: Fight, mode: str) -> Mapping[str, Any]:
    if mode not in fight.forms:
        raise RuleError(f"mode {mode!r} is unknown; allowed: {', '.join(worksheet.MODES)}")
    return fight.forms[mode]


@checked
def toggle_chip(fight: Fight, mode: str, key: str) -> tuple[Fight, Result]:
    """A situation chip (or a tick) of the ``mode`` form pressed or released."""
    before = _form(fight, mode)
    form = worksheet.toggle(before, key)
    name = "situations" if key.startswith("sit:") else key
    return _changed(fight, mode, before, form, name), Result()


@checked
def clear_chips(fight: Fight, mode: str) -> tuple[Fight, Result]:
    """ "Clear": every situation chip of the form released."""
    before = _form(fight, mode)
    form = dict(before)
    for key in list(form.get("situations", [])):
        form = worksheet.toggle(form, f"sit:{key}")
    return _changed(fight, mode, before, form, "situations"), Result()


def _asked(fight: Fight, role: str, index: int) -> tuple[Fight, Result]:
    """Another fighter asked for while the attack is unfinished: nothing is dropped, the GM is
    asked (issue 25: never a silent drop); ``answer_ask`` drops it or keeps it."""
    return replace(fight, ask={"role": role, "index": index}), Result()


@checked
def pick_combatant(fight: Fight, role: str, index: int, drop: bool = False) -> tuple[Fight, Result]:
    """A new attacker or target. A new attacker starts a fresh attack: his first weapon chosen,
    every field derived from the sheets and the fight so far (FIGHT.md); when he was the target
    the previous attacker becomes the target. A new target keeps the attack under way and
    derives its range and movement from what is known between the two. An unfinished attack
    (changed fields, or dice waiting) is never dropped silently: the GM is asked, unless
    ``drop`` says he chose to drop it."""
    if role not in ("attacker", "target"):
        raise RuleError(f"role {role!r} is unknown; allowed: attacker, target")
    if isinstance(index, bool) or not 0 <= index <= 10_000:
        raise RuleError(f"{role} {index!r} is outside 0 to 10000")
    current = fight.attacker if role == "attacker" else fight.target
    if index == current:
        return replace(fight, ask=None), Result()
    losing = fight.pending if role == "target" else fight.unfinished
    if losing and not drop:
        return _asked(fight, role, index)
    if drop:
        fight = replace(fight, pending=None, edits={})
    fight = replace(fight, ask=None, override="" if role == "attacker" else fight.override)
    if role == "target":
        return _settled(replace(fight, target=index)), Result(errors=(("weapon", None),))
    target = fight.attacker if fight.target == index else fight.target
    chosen = replace(fight, attacker=index, target=target, edits={}, weapon="")
    _, attacker = chosen.person("attacker")
    own = arms.sheet_weapons(attacker or {})
    if own:  # FIGHT.md: his first weapon is the default, the GM can pick another
        chosen = replace(chosen, weapon=own[0].name, mode=own[0].mode)
    return _settled(chosen), Result(errors=(("weapon", None),))


@checked
def answer_ask(fight: Fight, drop: bool) -> tuple[Fight, Result]:
    """The GM's answer when another fighter was asked for during an unfinished attack: drop the
    attack and let him act (or aim at him), one undo step; or keep the attack."""
    ask = fight.ask
    if not isinstance(ask, Mapping):
        return fight, Result(keep="none")
    if not drop:
        return replace(fight, ask=None), Result()
    role, index = str(ask["role"]), int(ask["index"])
    done, result = pick_combatant(fight, role, index, drop=True)
    names = [str(c.get("name") or f"#{i + 1}") for i, c in enumerate(fight.characters)]
    who = names[index] if 0 <= index < len(names) else f"#{index + 1}"
    label = f"Drop the attack; {who} {'acts' if role == 'attacker' else 'is the target'}"
    return done, replace(result, text=label, keep="undo")


@checked
def choose_weapon(fight: Fight, name: str) -> tuple[Fight, Result]:
    """One of the attacker's weapons chosen: every field derived again from it on his sheet
    (its skill, its gun and the ammunition loaded in it) and from the fight so far; nothing is
    kept from the previous weapon (FIGHT.md). "" fills the attack by hand."""
    if fight.pending:
        return fight, _refused("weapon", "an attack waits for its dice: finish it or drop it first")
    _, attacker = fight.person("attacker")
    mode = fight.mode
    chosen = " ".join(name.split())
    if chosen:
        try:
            setup = arms.attack_setup(attacker or {}, chosen)
        except RuleError as exc:
            return fight, _refused("weapon", str(exc))
        chosen = setup.weapon.name
        keep_thrown = setup.mode == "hth" and fight.mode == "thrown"
        mode = "thrown" if keep_thrown else setup.mode
    done = _settled(replace(fight, weapon=chosen, mode=mode, edits={}))
    return done, Result(errors=(("weapon", None),))


@checked
def weapons_changed(fight: Fight, index: int) -> tuple[Fight, Result]:
    """Combatant ``index``'s weapons changed on his sheet: when he is the attacker with no
    weapon chosen and no attack waiting for dice, his first weapon becomes the chosen one
    (FIGHT.md: the first weapon is the default); the forms are derived again either way."""
    _, attacker = fight.person("attacker")
    own = arms.sheet_weapons(attacker or {})
    if index != fight.attacker or fight.weapon or fight.pending or not own:
        return _settled(fight), Result()
    return choose_weapon(replace(fight, mode=own[0].mode), own[0].name)


@checked
def set_mode(fight: Fight, mode: str) -> tuple[Fight, Result]:
    """The kind of attack: missile (AFT-57), hand-to-hand or thrown (AFT-56); another word is
    ignored, as the page has always done."""
    return (replace(fight, mode=mode) if mode in worksheet.MODES else fight), Result()


@checked
def set_override(fight: Fight, reason: str) -> tuple[Fight, Result]:
    """The GM's reason to let an attack the rules forbid go ahead; it is logged with the attack
    (its first step, ``bind.may_attack``)."""
    return replace(fight, override=reason.strip()[:MAX_OVERRIDE]), Result()


# --- the attack -----------------------------------------------------------------------------


def _who(setup: worksheet.Setup | worksheet.Outcome) -> str:
    return f"{setup.attacker['name']} → {setup.target['name']}"


def _entry(fight: Fight, outcome: worksheet.Outcome, at: str, seed: str) -> dict[str, Any]:
    """The log entry of an attack: the one-line verdict, every step and what was applied."""
    result = outcome.resolution
    attacker_name = outcome.attacker.get("name", "?")
    how = worksheet.MODE_NAMES.get(fight.mode, fight.mode)
    public = aftermath_public(
        attacker_name, outcome.target.get("name", "?"), how, result
    )  # the players' line, from the values (pycore.step)
    return {
        "text": f"{fight.now} · {_who(outcome)} ({how}): {combat.summary(result)}",
        "public": public,
        "steps": [str(s) for s in result.steps],
        "applied": [*outcome.applied, *(f"{attacker_name}: {n}" for n in outcome.attacker_applied)],
        "at": at,
        "seed": seed,
        "chance": odds_text(result.chance),
        "effect": result.effect,
        "target": fight.target,
    }


def _damage_total(sheet: Mapping[str, Any]) -> int:
    """Every kind of damage on a sheet's record, added up (lethal, subdual, critical...)."""
    damage = sheet.get("damage")
    found = damage.values() if isinstance(damage, Mapping) else ()
    return sum(v for v in found if isinstance(v, int) and not isinstance(v, bool))


def _hurt(
    before: Sequence[Mapping[str, Any]], after: Sequence[Mapping[str, Any]]
) -> dict[str, int]:
    """The damage each one took in this attack, by index: what was added to his record (the
    target's Damage Done, AFT-15; the attacker's own from a critical miss, AFT-28)."""
    hurt = {}
    for index, (old, new) in enumerate(zip(before, after, strict=True)):
        taken = _damage_total(new) - _damage_total(old)
        if taken > 0:
            hurt[str(index)] = taken
    return hurt


@checked
def taken_this_turn(fight: Fight, index: int) -> int:
    """The damage fighter ``index`` took in the Combat Turn now, from the fight's own log
    (001 line 67: "Damaged in that Combat Turn −(damage taken/2)")."""
    total = 0
    for entry in fight.log:
        hurt = entry.get("hurt")
        if entry.get("turn") == fight.turn and isinstance(hurt, Mapping):
            total += _whole("damage taken", hurt.get(str(index), 0))
    return total


def _rounds_used(form: Mapping[str, Any]) -> int:
    """AFT-45: the rounds one Action fires: its shots, or its bursts of 3 (6) rounds."""
    if form.get("autofire"):
        return _whole("bursts", form.get("bursts")) * _whole("burst size", form.get("burst_size"))
    return _whole("shots", form.get("shots"))


def _loaded(fight: Fight, setup: worksheet.Setup) -> arms.SheetWeapon | None:
    """The attacker's chosen gun when it fires this attack and its rounds are counted."""
    if setup.mode != "missile" or not fight.weapon:
        return None
    try:
        gun = arms.find_weapon(setup.attacker, fight.weapon)
    except RuleError:
        return None
    return gun if gun.kind == "gun" and gun.rounds is not None else None


def _applied(
    fight: Fight,
    outcome: worksheet.Outcome,
    at: str,
    seed: str,
    typed: list[str],
    setup: worksheet.Setup,
) -> tuple[Fight, Result]:
    """An attack written to the sheets and the log; what was its own cleared (one undo step).
    A gun whose rounds are counted has those fired taken off (issue 28)."""
    chars = [copy.deepcopy(dict(c)) for c in fight.characters]
    chars[fight.target] = outcome.target
    chars[fight.attacker] = outcome.attacker
    # The fight's own record of who took what in this Combat Turn (001 line 67 reads it).
    hurt = _hurt(fight.characters, chars)
    entry = {**_entry(fight, outcome, at, seed), "typed": typed, "turn": fight.turn, "hurt": hurt}
    gun = _loaded(fight, setup)
    if gun is not None and gun.rounds is not None:
        left = max(gun.rounds - _rounds_used(setup.form), 0)
        chars[fight.attacker] = arms.set_rounds(chars[fight.attacker], gun.name, left)
        name = outcome.attacker.get("name", "?")
        entry["applied"] = [*entry["applied"], f"{name}: {gun.name}, {left} rounds left"]
    # The attack ends here: nothing the GM set in it reaches the next one (FIGHT.md).
    done = _settled(
        replace(
            fight,
            characters=tuple(chars),
            log=(entry, *fight.log)[:LOG_LIMIT],
            edits={},
            ask=None,
            override="",
            pending=None,
        )
    )
    return done, Result(f"Attack: {_who(outcome)}", "undo", (("resolve", None),))


def _kept(setup: worksheet.Setup, pending: Mapping[str, Any]) -> worksheet.Setup:
    """The attack in progress as it was set up when its first die was rolled."""
    return replace(
        setup,
        mode=str(pending["mode"]),
        form=dict(pending["form"]),
        now=Moment(int(pending["turn"]), int(pending["phase"])),
        override=str(pending.get("override", "")),
    )


def _waiting(setup: worksheet.Setup, typed: list[str], seed: str) -> dict[str, Any]:
    return {
        "seed": seed,
        "typed": typed,
        "mode": setup.mode,
        "form": dict(setup.form),
        "override": setup.override,
        "turn": setup.now.turn,
        "phase": setup.now.phase,
        "answer": "",
    }


def _roll(
    fight: Fight,
    setup: worksheet.Setup,
    typed: list[str],
    seed: str,
    at: str,
    error: str,
) -> tuple[Fight, Result]:
    """Roll the attack with the dice typed so far, then ``seed`` ("roll for me") or, with no
    seed, up to the next roll not typed yet. A wrong roll is refused beside the dice; the
    core's other refusals (a Stunned attacker, AFT-55...) beside ``error``."""
    try:
        rest = seeded(seed) if seed else None
        same = fight.attacker == fight.target
        found = attack_dice.resolve_typed(setup, typed, rest, same=same)
    except DiceError as exc:  # a typed roll the dice cannot show
        return fight, _refused("dice", str(exc))
    except RulekeeperError as exc:
        return fight, _refused(error, str(exc))
    cleared: tuple[tuple[str, str | None], ...] = ((error, None), ("dice", None))
    kept = _waiting(setup, typed, seed)
    if isinstance(found, attack_dice.WaitsForDice):
        # The attack waits for the next roll of the user's dice; nothing is written yet.
        given = {"wants": found.expr, "what": found.what, "index": found.index}
        pending = {**kept, **given, "given": list(found.given)}
        return replace(fight, pending=pending), Result(
            f"Attack dice: {_who(setup)}", "undo", cleared
        )
    asks = worksheet.asked(found)
    if not asks:
        done, result = _applied(fight, found, at, seed, typed, setup)
        return done, replace(result, errors=(*cleared, *result.errors))
    # The hit waits for a value given now (its Damage Potential once the critical is known,
    # AFT-18; the near side of a split, AFT-12): nothing is written to the sheets yet; the dice
    # rolled are kept (the seed and the typed rolls) and go on once it is given.
    steps = [str(s) for s in found.resolution.steps]
    summary = combat.summary(found.resolution)
    pending = {**kept, "asks": asks, "steps": steps, "summary": summary}
    return replace(fight, pending=pending), Result(f"Attack roll: {_who(setup)}", "undo", cleared)


@checked
def attack(fight: Fight, seed: str, at: str, typed: str | None = None) -> tuple[Fight, Result]:
    """ "Roll for me" (``typed`` None: the rolls from ``seed``) or one roll the user typed: a
    new attack, or the next roll of the attack waiting for dice (AFT-03). ``at`` is the time
    written to the log."""
    setup = _setup(fight)
    if setup is None:
        return fight, _refused("resolve", NO_COMBATANTS)
    pending = fight.pending
    rolls: list[str] = []
    if isinstance(pending, Mapping) and pending.get("wants"):
        setup = _kept(setup, pending)
        rolls = [str(r) for r in pending.get("typed", [])]
    else:
        empty = _empty(fight, setup)
        if empty:
            return fight, _refused("resolve", empty)
    if typed is None:
        return _roll(fight, setup, rolls, seed, at, "resolve")
    return _roll(fight, setup, [*rolls, typed.strip()], "", at, "resolve")


def _empty(fight: Fight, setup: worksheet.Setup) -> str:
    """Why the chosen gun cannot fire this Action ("" when it can): fewer rounds left than it
    fires (AFT-45: SS fires one, then is reloaded)."""
    gun = _loaded(fight, setup)
    if gun is None or gun.rounds is None:
        return ""
    try:
        used = _rounds_used(setup.form)
    except RuleError:
        return ""  # the worksheet names a wrong count itself
    if used <= gun.rounds:
        return ""
    return (
        f"{gun.name} has {gun.rounds} rounds left and this Action fires {used}: reload it "
        "(Reload, beside the weapon) or change its rounds on the sheet"
    )


@checked
def reload(fight: Fight, name: str) -> tuple[Fight, Result]:
    """The attacker's gun ``name`` loaded full again (its rounds when full, from the sheet).
    The text gives no time for reloading (AFT-45 says only that an SS gun is reloaded after
    each shot): the Action Phases it takes are the GM's call, as he plays them."""
    index, attacker = fight.person("attacker")
    try:
        gun = arms.find_weapon(attacker or {}, name)
    except RuleError as exc:
        return fight, _refused("reload", str(exc))
    if gun.kind != "gun" or gun.capacity is None:
        message = f"{gun.name}: enter its rounds when full on the sheet (Weapons) to reload it"
        return fight, _refused("reload", message)
    chars = [copy.deepcopy(dict(c)) for c in fight.characters]
    chars[index] = arms.set_rounds(chars[index], gun.name, gun.capacity)
    done = _settled(replace(fight, characters=tuple(chars)))
    label = f"Reload {gun.name} ({gun.capacity} rounds)"
    return done, Result(label, "undo", (("reload", None),))


@checked
def set_answer(fight: Fight, raw: str) -> tuple[Fight, Result]:
    """What the user typed for the value the pending hit waits for (its Damage Potential...)."""
    if not isinstance(fight.pending, Mapping):
        return fight, Result()
    return replace(fight, pending={**fight.pending, "answer": raw.strip()}), Result()


@checked
def give_answer(fight: Fight, at: str) -> tuple[Fight, Result]:
    """The pending hit with the value the user gave: the same dice, then the rest (AFT-56,
    AFT-57). Nothing waiting: nothing done."""
    pending = fight.pending
    setup = _setup(fight)
    if not isinstance(pending, Mapping) or setup is None:
        return fight, Result(keep="none")
    asks = str(pending.get("asks", "attack.damage_potential"))
    error = worksheet.ASKED_AFTER_THE_ROLL.get(asks, "answer")
    try:
        given = worksheet.with_answer(_kept(setup, pending), asks, str(pending.get("answer", "")))
    except (RuleError, KeyError) as exc:
        return fight, _refused(error, str(exc))
    typed = [str(r) for r in pending.get("typed", [])]
    return _roll(fight, given, typed, str(pending.get("seed", "")), at, error)


# --- the clock and the log ------------------------------------------------------------------


@checked
def next_action_phase(fight: Fight) -> tuple[Fight, Result]:
    """AFT-55: the next Action Phase (after phase 20 the next Combat Turn). Timed conditions
    (a Stun, a Daze...) are read against the clock, so those that end by then are over."""
    moved = next_phase(fight.now)
    label = f"Next Action Phase (turn {moved.turn}, phase {moved.phase})"
    return _settled(replace(fight, turn=moved.turn, phase=moved.phase)), Result(label, "undo")


@checked
def next_combat_turn(fight: Fight) -> tuple[Fight, Result]:
    """AFT-55: the next Combat Turn, from its first Action Phase."""
    moved = next_turn(fight.now)
    label = f"Next Combat Turn ({moved.turn})"
    return _settled(replace(fight, turn=moved.turn, phase=moved.phase)), Result(label, "undo")


@checked
def clear_log(fight: Fight) -> tuple[Fight, Result]:
    """The combat log emptied (Undo brings it back)."""
    return replace(fight, log=()), Result("Clear combat log", "undo")


@checked
def drop_pending(fight: Fight) -> tuple[Fight, Result]:
    """The attack under way given up: its dice waiting or the value it waits for, and what the
    GM changed in it."""
    dropped = _settled(replace(fight, pending=None, edits={}, ask=None))
    return dropped, Result("Drop the attack waiting for a value", "undo")


__all__ = [
    "COMBAT",
    "Fight",
    "Result",
    "answer_ask",
    "attack",
    "choose_weapon",
    "clear_chips",
    "clear_log",
    "derived_forms",
    "drop_pending",
    "fight_from_json",
    "give_answer",
    "next_action_phase",
    "next_combat_turn",
    "pick_combatant",
    "reload",
    "set_answer",
    "set_field",
    "set_mode",
    "set_override",
    "taken_this_turn",
    "toggle_chip",
    "weapons_changed",
]
