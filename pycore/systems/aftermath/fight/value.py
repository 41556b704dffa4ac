"""The Aftermath! fight as a frozen value (FIGHT.md): the combat clock (AFT-55), who attacks whom
and how, the attack under way (what the GM changed in it, its dice waiting), the fight so far
between two fighters (range, movement), the damage each took this Combat Turn, the log, and the
sheets and campaign settings the attacks read and write.

The attack forms are never kept: each is derived from the sheets and the fight so far, with what
the GM changed in this attack on top (:attr:`Fight.forms`, FIGHT.md's first law).

>>> Fight().now, Fight().forms["missile"]["meters"]
(Moment(turn=1, phase=1), '')
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Final

from pycore.errors import RuleError
from pycore.step import Step
from pycore.systems.aftermath.attack import weapon_form, worksheet, worksheet_forms
from pycore.systems.aftermath.campaign import campaign, settings_from
from pycore.systems.aftermath.conditions import Moment
from pycore.systems.aftermath.gear import arms
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
    "taken": {},
    "recall": None,
    "aimed": {},
    "acted": {},
}
MAX_OVERRIDE: Final = 200
#: What is kept between two fighters, not per attack (the fight so far): the range between them
#: and the target's movement as last set by the GM for this attacker and target.
PAIR_FIELDS: Final = ("meters", "target_action")
NO_COMBATANTS: Final = "Choose an attacker and a target (create them in the Characters tab)."

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
class Done:
    """What a transition did, for the page to keep and log: ``undo``, the Undo label (""
    when the change is kept without an undo step: typing, a choice), and its :class:`Step`."""

    undo: str = ""
    text: str = ""
    public: str = ""
    rules: tuple[str, ...] = ()

    @property
    def step(self) -> Step:
        """The step as every system logs it: the GM's words, the players' line, the rules."""
        return Step(self.text or self.undo, self.public, self.rules)

    def __str__(self) -> str:
        return self.text or self.undo


@dataclass(frozen=True)
class Noted(Done):
    """A step the fight's log keeps besides the attacks (a fighter getting up)."""


@checked
def whole(name: str, value: object) -> int:
    """A whole number read from saved data, or a RuleError naming ``name``."""
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


@checked
def mapping(name: str, value: object) -> Mapping[str, Any]:
    """A record read from saved data ({} for nothing), or a RuleError naming ``name``."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise RuleError(f"{name} {str(value)[:40]!r} is not a record")
    return value


@checked
def pair_key(attacker: int, target: int) -> str:
    return f"{attacker}>{target}"


@dataclass(frozen=True)
class Fight:
    """The fight at one moment; ``Fight()`` is an empty fight. Its records are the saved JSON,
    never changed in place: each transition builds new ones. ``extra`` keeps the worksheet's
    other saved keys as they were."""

    turn: int = 1
    phase: int = 1
    attacker: int = 0
    target: int = 1
    mode: str = "missile"
    weapon: str = ""
    override: str = ""
    pending: Mapping[str, Any] | None = None
    # The attack under way: what the GM changed in it, per form (the rest of each form is
    # derived, ``forms``); emptied when the attack is applied or dropped.
    edits: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # The fight so far between two fighters, "a>t": the range and the target's movement.
    pairs: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # A question waiting for the GM: another fighter asked to act (or be aimed at) while this
    # attack is unfinished, {"role": ..., "index": ...}.
    ask: Mapping[str, Any] | None = None
    # 001 line 67 ("Damaged in that Combat Turn −(damage taken/2)"): the damage each fighter
    # took in the Combat Turn now, by index; a new Combat Turn empties it.
    taken: Mapping[str, int] = field(default_factory=dict)
    # AFT-04 leaves a critical hit to the GM: the last attack applied, as it was rolled, with
    # the two sheets and the damage record before it, so they may call it a critical after seeing
    # the die (issue 28); gone once anything else is rolled, the clock moves or someone acts.
    recall: Mapping[str, Any] | None = None
    # AFT-09 "Shooting at a newly acquired target −2": whom each fighter's last attack was at,
    # by index (the fight so far; it outlives the Combat Turn, as a target stays acquired).
    aimed: Mapping[str, int] = field(default_factory=dict)
    # An attack is one Action (AFT-45, 001 lines 628-643: "1 Shot per Action"), and an Action
    # resolves on an Action Phase, the next one initiated on the next (001 line 557): the
    # Action Phase each fighter's last attack was applied in, by index, [turn, phase]. A second
    # attack in the same phase is refused unless the GM overrides (a GM's play-through fired
    # twice in turn 1, phase 1 by typing the same dice again, with no word of it).
    acted: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    log: tuple[Mapping[str, Any], ...] = ()
    characters: tuple[Mapping[str, Any], ...] = ()
    settings: Mapping[str, Any] = field(default_factory=lambda: settings_from(None))
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

    @cached_property
    def forms(self) -> dict[str, dict[str, Any]]:
        """Each attack form: derived again (:func:`derived_forms`), the GM's changes of this
        attack on top."""
        forms = derived_forms(self)
        for mode, changed in self.edits.items():
            if mode in forms and changed:
                forms[mode] = {**forms[mode], **copy.deepcopy(dict(changed))}
                if "damage_taken" in changed:  # the GM's figure, not the fight's record
                    forms[mode]["damage_source"] = ""
        return forms

    @property
    def unfinished(self) -> str:
        """What of the attack under way would be lost, in words ("" when nothing): dice rolled
        and waiting, or fields the GM changed in it."""
        if self.pending:
            return "its dice are rolled and wait"
        changed = sorted({k for e in self.edits.values() for k in e})
        return ("changed: " + ", ".join(_FIELD_WORDS.get(k, k) for k in changed)) if changed else ""

    def setup(self) -> worksheet.Setup | None:
        """The attack on the worksheet now (None until an attacker and a target exist)."""
        _, attacker = self.person("attacker")
        _, target = self.person("target")
        if attacker is None or target is None:
            return None
        form = dict(self.forms[self.mode]) if self.mode in self.forms else {}
        rules = campaign(dict(self.settings))
        used = action_used(self.acted, self.attacker, self.now, str(attacker.get("name", "")))
        return worksheet.Setup(
            self.mode, attacker, target, form, rules, self.now, self.override, used
        )

    def combat_json(self) -> dict[str, Any]:
        """The worksheet as the page saves it (a fresh copy but the log's entries, which are
        shared), the forms as derived now."""
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
            "taken": dict(self.taken),
            "recall": self.recall,
            "aimed": dict(self.aimed),
            "acted": {k: list(v) for k, v in self.acted.items()},
        }
        out = copy.deepcopy({**known, **self.extra, "log": [], **self.forms})
        # The log's entries are the saved ones, never changed in place (a new entry is a new
        # list): copying them cost a tap time for each of the log's 80 entries (issue 33), and
        # the store finds the same entries by identity, so a new one costs one entry to save.
        out["log"] = list(self.log)
        return out


@checked
def action_used(acted: Mapping[str, Any], index: int, now: Moment, name: str) -> str:
    """Why fighter ``index`` (``name``) may not attack again now, in words, or "": his attack
    already applied in this Action Phase (:attr:`Fight.acted`). The text gives one shot per
    Action for most guns (AFT-45) and reinitiates an Action "on the next Action Phase" (001
    line 557); how many Actions a fighter has in a Combat Turn (MNA) is not in it (AFT-55).

    >>> from pycore.systems.aftermath.conditions import Moment
    >>> action_used({"0": (1, 1)}, 0, Moment(1, 1), "Ana")
    'Ana already attacked in this Action Phase (turn 1, phase 1)'
    >>> action_used({"0": (1, 1)}, 0, Moment(1, 2), "Ana"), action_used({}, 0, Moment(1, 1), "Ana")
    ('', '')
    """
    at = acted.get(str(index))
    if at is None or tuple(at) != (now.turn, now.phase):
        return ""
    # One line at 768 px: why (an attack is one Action) is under "Why" (bind.ACTED_RULES).
    return f"{name} already attacked in this Action Phase ({now})"


@checked
def taken_this_turn(fight: Fight, index: int) -> int:
    """The damage fighter ``index`` took in the Combat Turn now, from the fight's own record
    (001 line 67: "Damaged in that Combat Turn −(damage taken/2)")."""
    return whole("damage taken", fight.taken.get(str(index), 0))


@checked
def derived_forms(fight: Fight) -> dict[str, dict[str, Any]]:
    """Every attack form as a fresh set-up for the attacker now (FIGHT.md's first law): from
    their sheet (the chosen weapon, its skill's BCS, the gun's row and the ammunition loaded in
    it; with no weapon on their sheet, their one skill and its BCS), the fight so far between them
    and the target (range, movement, the damage they took this Combat Turn), and nothing else."""
    forms = {m: worksheet_forms.fresh_form(m) for m in worksheet_forms.MODES}
    _, attacker = fight.person("attacker")
    setup = None
    if attacker is not None and fight.weapon:
        with contextlib.suppress(RuleError):  # a weapon gone from the sheet: filled by hand
            setup = arms.attack_setup(attacker, fight.weapon)
    # No weapon on their sheet: a sheet that lists one skill gives it, with its BCS, to every
    # form. (With weapons listed, the chosen one gives its skill; none chosen, the GM fills
    # the attack by hand.)
    only = None
    if attacker is not None and not arms.sheet_weapons(attacker):
        only = arms.only_skill(attacker)
    for mode in worksheet_forms.MODES:
        if setup is not None and (mode == "missile") == (setup.mode == "missile"):
            forms[mode] = weapon_form.form_for(setup, mode)
        elif only is not None:
            forms[mode]["skill"], forms[mode]["bcs"] = only
    pair = fight.pairs.get(pair_key(fight.attacker, fight.target), {})
    taken = taken_this_turn(fight, fight.attacker) if attacker is not None else 0
    who = str((attacker or {}).get("name") or "the attacker")
    aimed = _aimed(fight, who)
    for form in forms.values():
        form.update({k: v for k, v in pair.items() if k in form})
        if "damage_taken" in form and taken:  # 001 line 67, from the fight's own record
            form["damage_taken"] = taken
            form["damage_source"] = f"{who} took {taken} this turn"
        if "new_target" in form and aimed:
            form["new_target"], form["target_source"] = aimed
    return forms


def _aimed(fight: Fight, who: str) -> tuple[bool, str] | None:
    """AFT-09 "Shooting at a newly acquired target −2" from the fight so far: whether the
    target differs from the one the attacker's last attack was at, and that attack in words.
    None when the fight knows no earlier attack of their (their first shot of the combat): the
    text does not say whether a first target is "newly acquired" (aftermath.md 6.3 leaves it
    to the GM, a toggle), so it stays their chip, unpressed, never a default that looks like a
    rule."""
    last = fight.aimed.get(str(fight.attacker))
    if last is None:
        return None
    index = whole("last target", last)
    seen = fight.characters[index] if 0 <= index < len(fight.characters) else {}
    name = str(seen.get("name") or f"#{index + 1}")
    return index != fight.target, f"{who} last attacked {name}"


__all__ = [
    "COMBAT",
    "MAX_OVERRIDE",
    "NO_COMBATANTS",
    "PAIR_FIELDS",
    "Done",
    "Fight",
    "Noted",
    "action_used",
    "derived_forms",
    "taken_this_turn",
]
