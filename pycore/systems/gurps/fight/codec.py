"""The fight's saved form in the ``gurps`` section, checked as it is read back: a field of the
wrong kind is a :class:`~pycore.errors.RuleError` naming it, never a Python error.

>>> from pycore.systems.gurps.sheet import Combatant
>>> data = fight_to_json(Fight((Combatant(id="a"),), 2, (Place("a", 7),)))
>>> data["fight"], fight_from_json(data).order
({'round': 2, 'order': [{'id': 'a', 'tiebreak': 7}], 'turn': 0, 'recovery': '', 'attacks': 0, 'mental_recovery': '', 'chosen': False, 'ranges': [], 'targets': []}, (Place(id='a', tiebreak=7),))
>>> fight_from_json(fight_to_json(Fight())) == Fight()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, replace
from fractions import Fraction
from typing import Any

from pycore.errors import RuleError
from pycore.systems.gurps.fight.aims import aims_from_json, aims_to_json
from pycore.systems.gurps.fight.hands import hands_from_json, hands_to_json
from pycore.systems.gurps.fight.once import defended_from_json, defended_to_json
from pycore.systems.gurps.fight.ranges import ranges_from_json, ranges_to_json
from pycore.systems.gurps.fight.targets import targets_from_json, targets_to_json
from pycore.systems.gurps.fight.value import (
    ASK_LABELS,
    LATER,
    MAX_SHOCK,
    Ask,
    Fight,
    Later,
    Pending,
    Place,
)
from pycore.systems.gurps.quantities import decimal_text
from pycore.systems.gurps.sheet import combatant_from_json, combatant_to_json
from pycore.systems.gurps.worksheet import AttackSetup
from pycore.validate import checked, declared, is_whole, shown, whole

_MAX_ASKS = 50


@checked
def fight_to_json(
    fight: Fight, before: Fight | None = None, saved: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The fight as the ``gurps`` section stores it: ``combatants``, ``fight`` (round, order,
    turn), the questions after an injury (``asks``) and the attack under way (``pending``).

    ``before`` and ``saved``: a fight and what this function made of it. A fight is immutable,
    so a combatant of ``before`` still in ``fight`` (the same object), and the same order, are
    saved as they were, the same objects: the store's diff of an attack finds the fighters it
    left alone unchanged at once, not key by key (issue 33: 30 fighters encoded again and
    compared at each tap).

    >>> from pycore.systems.gurps.sheet import Combatant
    >>> bo = Combatant(id="b", name="Bo")
    >>> one = Fight((Combatant(id="a"), bo))
    >>> data = fight_to_json(one)
    >>> two = replace(one, combatants=(replace(one.combatants[0], hp_now=3), bo))
    >>> again = fight_to_json(two, one, data)["combatants"]
    >>> again[1] is data["combatants"][1], again[0] is data["combatants"][0], again[0]["hp_now"]
    (True, False, 3)
    """
    pending = fight.pending
    return {
        "combatants": _combatants_json(fight, before, saved),
        "fight": {
            "round": fight.round,
            "order": _order_json(fight, before, saved),
            "turn": fight.turn,
            "recovery": fight.recovery,
            "attacks": fight.attacks,
            "mental_recovery": fight.mental_recovery,
            "chosen": fight.chosen,
            "ranges": ranges_to_json(fight),
            "targets": targets_to_json(fight),
            **hands_to_json(fight),
            **({"aims": aims_to_json(fight)} if fight.aims else {}),  # GUR-11, fight/aims.py
            **({"later": list(fight.later)} if fight.later else {}),  # hurt in their own turn
            **({"next_shock": fight.next_shock} if fight.next_shock else {}),  # GUR-58
            **({"defended": defended_to_json(fight)} if fight.defended else {}),  # GUR-47/48
        },
        "asks": [
            {
                "kind": a.kind,
                "who": a.who,
                "modifier": a.modifier,
                "note": a.note,
                "rolled": a.rolled,
                "success": a.success,
                "turns": a.turns,
                "carried": a.carried,
            }
            for a in fight.asks
        ],
        "pending": None
        if pending is None
        else {
            "attacker": pending.attacker,
            "defender": pending.defender,
            "setup": setup_to_json(pending.setup),
            "stage": pending.stage,
            "maximum": pending.maximum,
            "critical": pending.critical,
            "used": list(pending.used),
        },
    }


def _combatants_json(
    fight: Fight, before: Fight | None, saved: Mapping[str, Any] | None
) -> list[Any]:
    kept = saved.get("combatants") if before is not None and saved is not None else None
    if not isinstance(kept, list) or before is None or len(kept) != len(before.combatants):
        return [combatant_to_json(c) for c in fight.combatants]
    known = {id(c): raw for c, raw in zip(before.combatants, kept, strict=True)}
    return [known.get(id(c)) or combatant_to_json(c) for c in fight.combatants]


def _order_json(fight: Fight, before: Fight | None, saved: Mapping[str, Any] | None) -> list[Any]:
    kept = (saved.get("fight") or {}).get("order") if before is not None and saved else None
    if before is not None and fight.order is before.order and isinstance(kept, list):
        return kept
    return [{"id": p.id, "tiebreak": p.tiebreak} for p in fight.order]


def _listed(raw: object, what: str) -> list[Any]:
    if raw is None:
        return []
    if not isinstance(raw, list | tuple):
        raise RuleError(f"saved {what} {shown(raw)} is not a list")
    return list(raw)


def _mapping(raw: object, what: str) -> Mapping[str, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise RuleError(f"saved {what} {shown(raw)} is not a record")
    return raw


def _ask_from_json(raw: Mapping[str, Any], ids: set[str]) -> Ask | None:
    kind, who = raw.get("kind"), str(raw.get("who", ""))
    if kind not in ASK_LABELS or who not in ids:
        return None  # a question about someone gone, or of a kind unknown: dropped
    modifier, rolled = raw.get("modifier", 0), raw.get("rolled", 0)
    if not (isinstance(modifier, int) and -20 <= modifier <= 0):
        raise RuleError(f"saved question's modifier {modifier!r:.20} is outside -20 to 0")
    if not (isinstance(rolled, int) and rolled in (0, *range(3, 19))):
        raise RuleError(f"saved question's roll {rolled!r:.20} is not 0 or 3 to 18")
    turns = raw.get("turns", 0)
    if turns not in (0, 1, 2) or isinstance(turns, bool):
        raise RuleError(f"saved question's turns {turns!r:.20} is not 0, 1 or 2")
    note = str(raw.get("note", ""))[:200]
    success, carried = bool(raw.get("success")), raw.get("carried") is True
    return Ask(kind, who, modifier, note, rolled, success, turns, carried)


def _pending_from_json(raw: Mapping[str, Any]) -> Pending:
    stage = raw.get("stage")
    if stage not in ("defense", "damage", "strike"):
        raise RuleError(f"saved attack stage {stage!r} is not defense, damage or strike")
    return Pending(
        str(raw.get("attacker", "")),
        str(raw.get("defender", "")),
        setup_from_json(_mapping(raw.get("setup"), "attack set-up")),
        stage,
        bool(raw.get("maximum")),
        bool(raw.get("critical")),
        tuple(str(k) for k in _listed(raw.get("used"), "defenses used")),
    )


@checked
def fight_from_json(data: Mapping[str, Any]) -> Fight:
    """The fight back from the section; a bad sheet or field is a :class:`RuleError` naming
    it. Places whose combatant is gone are dropped."""
    data = _mapping(data, "fight")
    people = tuple(combatant_from_json(c) for c in _listed(data.get("combatants"), "combatants"))
    ids = {c.id for c in people}
    saved = _mapping(data.get("fight"), "turn order")
    order = tuple(
        Place(str(p["id"]), whole(p.get("tiebreak", 0), "saved tiebreak"))
        for p in (_mapping(r, "place") for r in _listed(saved.get("order"), "order"))
        if p.get("id") in ids
    )
    turn = whole(saved.get("turn", 0), "saved turn")
    raw = data.get("pending")
    recovery = saved.get("recovery", "")
    mental = saved.get("mental_recovery", "")
    asks = (
        _ask_from_json(r, ids)
        for r in _listed(data.get("asks"), "questions")[:_MAX_ASKS]
        if isinstance(r, Mapping)
    )
    raw_later = saved.get("later")
    later = raw_later if isinstance(raw_later, list) else []
    next_shock = whole(saved.get("next_shock", 0), "saved shock for the next turn")
    if not 0 <= next_shock <= MAX_SHOCK:
        raise RuleError(f"saved shock for the next turn {next_shock} is outside 0 to {MAX_SHOCK}")
    turn = min(max(turn, 0), max(len(order) - 1, 0))
    if "shock" in later and order:
        # Saved before next_shock: "shock" in "later" said that the current fighter's sheet
        # shock was held for their next turn (GUR-58); it moves where it is held now.
        current = next(c for c in people if c.id == order[turn].id)
        next_shock = max(next_shock, current.shock)
        people = tuple(replace(c, shock=0) if c is current else c for c in people)
    return Fight(
        people,
        whole(saved.get("round", 0), "saved round"),
        order,
        turn,
        _pending_from_json(raw) if isinstance(raw, Mapping) else None,
        recovery if recovery in ("failed", "recovered") else "",
        max(whole(saved.get("attacks", 0), "saved attacks"), 0),
        mental if mental in ("failed", "recovered") else "",
        saved.get("chosen") is True,
        tuple(a for a in asks if a is not None),
        ranges_from_json(saved.get("ranges"), {c.id for c in people}),
        targets_from_json(saved.get("targets"), ids),
        *hands_from_json(saved.get("hands"), saved.get("drawing"), ids),
        aims=aims_from_json(saved.get("aims"), ids),
        later=_later(later),
        next_shock=next_shock,
        defended=defended_from_json(saved.get("defended"), ids),
    )


def _later(saved: object) -> tuple[Later, ...]:
    """What an injury in the current fighter's own turn left for their next (value.Fight)."""
    listed = saved if isinstance(saved, list) else []
    return tuple(known for item in listed for known in LATER if known == item)


@checked
def setup_to_json(setup: AttackSetup) -> dict[str, Any]:
    """Plain data for the saved attack under way.

    >>> setup = AttackSetup(yards="1/3", table_keys=(("blind", None),))
    >>> setup_to_json(setup)["yards"], setup_from_json(setup_to_json(setup)) == setup
    ('1/3', True)
    """
    data = asdict(setup)
    data["table_keys"] = [list(pair) for pair in setup.table_keys]
    for name in ("yards", "target_speed", "target_size_yards"):
        if data[name] is not None:
            data[name] = decimal_text(Fraction(data[name]))
    return data


@checked
def setup_from_json(data: Mapping[str, Any]) -> AttackSetup:
    """The saved setup back; unknown keys are ignored, a value of the wrong kind is refused
    naming it, as the attack would refuse it later (issue 32: a saved setup the store keeps
    never breaks the page).

    >>> setup_from_json({"table_keys": [["blind", "x"]]})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: saved table modifier ['blind', 'x'] is not a name and a whole number or nothing
    """
    known = {k: v for k, v in data.items() if k in AttackSetup.__dataclass_fields__}
    pairs = known.pop("table_keys", [])
    if not isinstance(pairs, list | tuple):
        raise RuleError(f"saved table modifiers {shown(pairs)} is not a list")
    for pair in pairs:
        fits = isinstance(pair, list | tuple) and len(pair) == 2 and isinstance(pair[0], str)
        if not (fits and (pair[1] is None or is_whole(pair[1]))):
            raise RuleError(
                f"saved table modifier {shown(pair)} is not a name and a whole number or nothing"
            )
    setup = AttackSetup(**known, table_keys=tuple((k, a) for k, a in pairs))
    return declared(setup, "saved attack set-up")
