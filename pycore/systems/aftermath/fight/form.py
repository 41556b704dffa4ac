"""The attack's form before its dice (issue 25: an attack has a lifetime): the weapon chosen
from the attacker's sheet, the kind of attack, the fields and situation chips the GM changes,
their reason to let a forbidden attack go ahead. What they change lives in this attack only
(``Fight.edits``), except the range and the target's movement, which are known between the two
fighters (``Fight.pairs``); the roll is :mod:`pycore.systems.aftermath.fight.attack`'s.

A refusal raises the typed error in words (a field the worksheet refuses, an unknown mode or
weapon); the fight is then unchanged.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.attack import worksheet_forms
from pycore.systems.aftermath.fight.codec import with_pair
from pycore.systems.aftermath.fight.value import MAX_OVERRIDE, PAIR_FIELDS, Done, Fight
from pycore.systems.aftermath.gear import arms
from pycore.validate import checked


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
    pairs = with_pair(fight, pair) if pair else fight.pairs
    return replace(fight, edits={m: e for m, e in edits.items() if e}, pairs=pairs)


def _form(fight: Fight, mode: str) -> Mapping[str, Any]:
    if mode not in fight.forms:
        raise RuleError(f"mode {mode!r} is unknown; allowed: {', '.join(worksheet_forms.MODES)}")
    return fight.forms[mode]


@checked
def set_field(fight: Fight, mode: str, key: str, raw: str) -> tuple[Fight, Done]:
    """A field of the ``mode`` form typed (checked by the core's worksheet)."""
    _, attacker = fight.person("attacker")
    before = _form(fight, mode)
    form = worksheet_forms.set_form_field(before, key, raw, attacker)
    return _changed(fight, mode, before, form, key), Done()


@checked
def toggle_chip(fight: Fight, mode: str, key: str) -> tuple[Fight, Done]:
    """A situation chip (or a tick) of the ``mode`` form pressed or released."""
    before = _form(fight, mode)
    form = worksheet_forms.toggle(before, key)
    name = "situations" if key.startswith("sit:") else key
    return _changed(fight, mode, before, form, name), Done()


@checked
def clear_chips(fight: Fight, mode: str) -> tuple[Fight, Done]:
    """ "Clear": every situation chip of the form released (a newly acquired target too, in
    this attack; the damage taken is no chip, 001 line 67)."""
    before = _form(fight, mode)
    form = {**before, "situations": []}
    if form.get("new_target"):
        form["new_target"] = False
    return _changed(fight, mode, before, form, "situations"), Done()


@checked
def choose_weapon(fight: Fight, name: str) -> tuple[Fight, Done]:
    """One of the attacker's weapons chosen: every field derived again from it on their sheet
    (its skill, its gun and the ammunition loaded in it) and from the fight so far; nothing is
    kept from the previous weapon (FIGHT.md). "" fills the attack by hand."""
    if fight.pending:
        raise RuleError("an attack waits for its dice: finish it or drop it first")
    return _with_weapon(fight, name), Done()


@checked
def weapon_set_up(fight: Fight, name: str) -> tuple[str, Mapping[str, Any]]:
    """The attack the attacker's weapon ``name`` would open: its mode and form, set up as
    :func:`choose_weapon` sets it (their sheet, the fight so far), without choosing it. Its
    chip's chance is read from it, also while another weapon's attack waits for its dice or a
    value: what that attack waits for is its own, not this weapon's."""
    picked = _with_weapon(fight, name)
    return picked.mode, picked.forms[picked.mode]


def _with_weapon(fight: Fight, name: str) -> Fight:
    _, attacker = fight.person("attacker")
    mode = fight.mode
    chosen = " ".join(name.split())
    if chosen:
        setup = arms.attack_setup(attacker or {}, chosen)
        chosen = setup.weapon.name
        keep_thrown = setup.mode == "hth" and fight.mode == "thrown"
        mode = "thrown" if keep_thrown else setup.mode
    return replace(fight, weapon=chosen, mode=mode, edits={})


@checked
def weapons_changed(fight: Fight, index: int) -> tuple[Fight, Done]:
    """Combatant ``index``'s weapons changed on their sheet: when they are the attacker with no
    weapon chosen and no attack waiting for dice, their first weapon becomes the chosen one
    (FIGHT.md: the first weapon is the default); the forms are derived again either way."""
    _, attacker = fight.person("attacker")
    own = arms.sheet_weapons(attacker or {})
    if index != fight.attacker or fight.weapon or fight.pending or not own:
        return fight, Done()
    return choose_weapon(replace(fight, mode=own[0].mode), own[0].name)


@checked
def set_mode(fight: Fight, mode: str) -> tuple[Fight, Done]:
    """The kind of attack: missile (AFT-57), hand-to-hand or thrown (AFT-56); another word is
    ignored, as the page has always done."""
    return (replace(fight, mode=mode) if mode in worksheet_forms.MODES else fight), Done()


@checked
def set_override(fight: Fight, reason: str) -> tuple[Fight, Done]:
    """The GM's reason to let an attack the rules forbid go ahead; it is logged with the attack
    (its first step, ``bind.may_attack``)."""
    return replace(fight, override=reason.strip()[:MAX_OVERRIDE]), Done()
