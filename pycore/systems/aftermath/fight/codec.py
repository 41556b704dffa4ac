"""The fight's saved form: the parts of the ``aftermath`` section it owns (the characters, the
campaign settings and the combat worksheet), read with every field checked and written back in
the shape the page saves (no saved-state change).

>>> from pycore.systems.aftermath.fight.value import Fight
>>> fight_from_json(fight_to_json(Fight())) == Fight()
True
>>> fight_from_json({"combat": {"turn": "x"}})
Traceback (most recent call last):
...
pycore.errors.RuleError: turn 'x' is not a whole number
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final

from pycore.errors import RuleError
from pycore.systems.aftermath.attack import worksheet_forms
from pycore.systems.aftermath.campaign import settings_from
from pycore.systems.aftermath.fight.value import (
    COMBAT,
    PAIR_FIELDS,
    Fight,
    derived_forms,
    mapping,
    pair_key,
    whole,
)
from pycore.validate import checked

#: The parts of the ``aftermath`` section that are the fight's.
PARTS: Final = ("characters", "settings", "combat")


@checked
def fight_to_json(fight: Fight) -> dict[str, Any]:
    """The parts of the ``aftermath`` section the fight owns: fresh records, but the sheets and
    the log's entries are the fight's own (records never changed in place, :class:`Fight`), so
    saving a tap costs the same with 2 or 30 fighters and the store sees the unchanged sheets
    at once (issue 33: each tap copied, then compared, every sheet)."""
    return {
        "characters": [c if isinstance(c, dict) else dict(c) for c in fight.characters],
        "settings": dict(fight.settings),
        "combat": fight.combat_json(),
    }


@checked
def fight_from_json(section: Mapping[str, Any]) -> Fight:
    """The fight from its parts of the saved ``aftermath`` section (``characters``,
    ``settings``, ``combat``), the worksheet merged over its defaults; anything else is refused
    in words."""
    section = mapping("section", section)
    strange = sorted(str(k) for k in section if k not in PARTS)
    if strange:
        raise RuleError(
            f"{', '.join(strange)[:60]} is not part of an Aftermath fight; "
            f"allowed: {', '.join(PARTS)}"
        )
    saved = mapping("combat", section.get("combat"))
    raw_chars = section.get("characters") or []
    if not isinstance(raw_chars, list | tuple):
        raise RuleError(f"characters {str(raw_chars)[:40]!r} is not a list")
    # The sheets and the log's entries are kept as saved, not copied (records never changed
    # in place, :class:`Fight`): copying them made each decode cost more with each fighter and
    # entry (issue 33), and the store then compared each copy with its original.
    chars = tuple(_record(mapping("character", c)) for c in raw_chars)
    merged = {**COMBAT, **saved}
    raw_log = merged.get("log") or []
    if not isinstance(raw_log, list | tuple):
        raise RuleError(f"log {str(raw_log)[:40]!r} is not a list")
    pending = merged.get("pending")
    ask = merged.get("ask")
    known = {*COMBAT, "log", *worksheet_forms.MODES}
    fight = Fight(
        turn=whole("turn", merged["turn"]),
        phase=whole("phase", merged["phase"]),
        attacker=whole("attacker", merged["attacker"]),
        target=whole("target", merged["target"]),
        mode=str(merged["mode"]),
        weapon=str(merged["weapon"] or ""),
        override=str(merged["override"] or ""),
        pending=copy.deepcopy(dict(pending)) if isinstance(pending, Mapping) else None,
        edits=_edits(merged.get("edits")),
        pairs=_pairs(merged.get("pairs")),
        ask=copy.deepcopy(dict(ask)) if isinstance(ask, Mapping) else None,
        taken=_taken(saved, raw_log, whole("turn", merged["turn"])),
        recall=_recall(merged.get("recall")),
        aimed={
            str(k): whole("last target", v) for k, v in mapping("aimed", merged["aimed"]).items()
        },
        acted=_acted(merged["acted"]),
        log=tuple(raw_log),
        characters=chars,
        settings=settings_from(section.get("settings")),
        extra=copy.deepcopy({k: v for k, v in saved.items() if k not in known}),
    )
    return fight if "edits" in saved else _migrated(fight, saved)


def _record(found: Mapping[str, Any]) -> dict[str, Any]:
    return found if isinstance(found, dict) else dict(found)


def _edits(raw: object) -> dict[str, dict[str, Any]]:
    found = mapping("edits", raw)
    out = {}
    for mode in worksheet_forms.MODES:
        form = mapping(f"edits of {mode}", found.get(mode))
        known = worksheet_forms.FORMS[mode]
        changed = {k: copy.deepcopy(v) for k, v in form.items() if k in known}
        if changed:
            out[mode] = changed
    return out


def _pairs(raw: object) -> dict[str, dict[str, str]]:
    """The fight so far between two fighters, as saved; a range held is checked as if typed
    (it starts the pair's next shot, AFT-46)."""
    found = mapping("pairs", raw)
    out = {}
    for k, pair in found.items():
        kept = {f: _pair_value(f, v) for f, v in mapping("pair", pair).items() if f in PAIR_FIELDS}
        out[str(k)] = kept
    return out


def _pair_value(name: str, value: object) -> str:
    if name != "meters":
        return str(value)
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise RuleError(f"range {str(value)[:40]!r} is not a number of metres")
    return worksheet_forms.range_text(str(value))


def _taken(saved: Mapping[str, Any], log: Any, turn: int) -> dict[str, int]:
    """The damage taken this Combat Turn: as saved, or (a fight saved before the fight kept it)
    from the log's entries of this turn, each with who took what (001 line 67)."""
    if "taken" in saved:
        found = mapping("taken", saved["taken"])
        kept = {str(k): whole("damage taken", v) for k, v in found.items()}
        return {k: v for k, v in kept.items() if v}
    taken: dict[str, int] = {}
    for entry in log:
        hurt = entry.get("hurt") if isinstance(entry, Mapping) else None
        if isinstance(entry, Mapping) and entry.get("turn") == turn and isinstance(hurt, Mapping):
            for who, amount in hurt.items():
                taken[str(who)] = taken.get(str(who), 0) + whole("damage taken", amount)
    return taken


def _acted(raw: object) -> dict[str, tuple[int, int]]:
    """The Action Phase each fighter last attacked in, as saved ([turn, phase] by index)."""
    out = {}
    for k, at in mapping("acted", raw).items():
        if not isinstance(at, list | tuple) or len(at) != 2:
            raise RuleError(f"acted {str(at)[:40]!r} is not a turn and a phase")
        out[str(k)] = (whole("turn", at[0]), whole("phase", at[1]))
    return out


def _recall(raw: object) -> dict[str, Any] | None:
    """The last attack kept so a critical may be called on it, or None."""
    found = mapping("recall", raw)
    if not found:
        return None
    for key, kind in (("pending", Mapping), ("sheets", Mapping), ("taken", Mapping)):
        if not isinstance(found.get(key), kind):
            raise RuleError(f"recall {key} {str(found.get(key))[:40]!r} is not a record")
    return copy.deepcopy(dict(found))


def _migrated(fight: Fight, saved: Mapping[str, Any]) -> Fight:
    """A worksheet saved before attacks kept their own changes: what differs from a fresh
    set-up is taken as changed in the attack under way, its range and movement as those
    between the two fighters (nothing the user entered is lost)."""
    fresh = derived_forms(fight)
    edits: dict[str, dict[str, Any]] = {}
    pair: dict[str, str] = {}
    for mode in worksheet_forms.MODES:
        form = mapping(mode, saved.get(mode))
        known = worksheet_forms.FORMS[mode]
        changed = {
            k: copy.deepcopy(v) for k, v in form.items() if k in known and fresh[mode][k] != v
        }
        pair.update({k: str(changed.pop(k)) for k in PAIR_FIELDS if k in changed})
        if changed:
            edits[mode] = changed
    pairs = with_pair(fight, pair) if pair else fight.pairs
    return replace(fight, edits=edits, pairs=pairs)


@checked
def with_pair(fight: Fight, values: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """The fight so far with the range or the target's movement set for the two fighters now:
    the range is the same both ways, the movement is the target's as this attacker sees it."""
    pairs = {k: dict(v) for k, v in fight.pairs.items()}
    there = pair_key(fight.attacker, fight.target)
    back = pair_key(fight.target, fight.attacker)
    pairs[there] = {**pairs.get(there, {}), **values}
    if "meters" in values:
        pairs[back] = {**pairs.get(back, {}), "meters": values["meters"]}
    return pairs


__all__ = ["PARTS", "fight_from_json", "fight_to_json"]
