"""The fight's saved form (FIGHT.md: the fight round-trips through its section codec): the
``percentile`` section's ``combat`` keys and the fighters' live values on their sheets.

Older or hand-edited data still loads: a value that does not read takes its default.

>>> section = {"characters": [{"id": "c1", "name": "Ann"}], "combat": {"round": 3, "log": []}}
>>> f = fight_from_json(section)
>>> f.round, f.fighter("c1").name
(3, 'Ann')
>>> fight_from_json(fight_into_json(section, f)) == f
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pycore.errors import RuleError
from pycore.systems.percentile import combat
from pycore.systems.percentile.attack import hit_from_json
from pycore.systems.percentile.fight.value import (
    Fight,
    Member,
    PendingAttack,
    Side,
    SurpriseOutcome,
)
from pycore.systems.percentile.roster import (
    Fighter,
    Weapon,
    fighter_from_json,
    fighter_into_json,
    ledger_to_json,
)
from pycore.systems.percentile.sides import PrimaryAttack
from pycore.validate import checked, exact, is_whole, mapping, texts


def _count(raw: object) -> int:
    try:
        return max(1, int(str(raw or 1)))
    except ValueError:
        return 1


def _turn(raw: object) -> int:
    return raw if is_whole(raw) and raw >= -1 else -1


def _str_list(raw: object) -> tuple[str, ...]:
    return tuple(str(x) for x in raw) if isinstance(raw, list) else ()


def _side_from_json(raw: Mapping[str, Any]) -> Side:
    members = raw.get("members") if isinstance(raw.get("members"), list) else []
    return Side(
        str(raw.get("name") or "Side"),
        tuple(
            Member(
                str(m.get("id", "")),
                bool(m.get("asleep")),
                str(m.get("ac") or ""),
                str(m.get("ac_level") or ""),
            )
            for m in members or []
            if isinstance(m, Mapping)
        ),
        str(raw.get("modifier") or ""),
        str(raw.get("ac") or ""),
        str(raw.get("ac_level") or ""),
    )


def _order_from_json(raw: object) -> PrimaryAttack | None:
    """The sides' order of attack; one whose results or order do not read is refused naming
    them (the round's order would be drawn from them: issue 32)."""
    if not isinstance(raw, Mapping) or not raw.get("order"):
        return None
    results = mapping(raw.get("results", {}), "saved initiative results")
    order = texts(raw.get("order"), "saved order of attack")
    return PrimaryAttack(
        {str(k): exact(v, f"saved initiative result of {k}") for k, v in results.items()},
        order,
        bool(raw.get("exclusive")),
        False,
        _str_list(raw.get("passed")),
    )


#: The keys of the ``percentile`` section the fight is read from, and the type each must have.
SECTION_KEYS: dict[str, type] = {"characters": list, "combat": dict, "settings": dict, "gm": dict}


def _check_section(section: Mapping[str, Any]) -> None:
    """Refuse what is not a Percentile section in words (a value that does not read inside it
    takes its default: older or hand-edited data still loads)."""
    if section and not any(key in section for key in SECTION_KEYS):
        keys = ", ".join(sorted(map(str, section))[:5])
        raise RuleError(f"not a Percentile fight: it has none of its sections (it has {keys})")
    for key, kind in SECTION_KEYS.items():
        if key in section and section[key] is not None and not isinstance(section[key], kind):
            what = "a list" if kind is list else "a record"
            raise RuleError(f"a Percentile fight's {key!r} must be {what}")


@checked
def fight_from_json(section: Mapping[str, Any]) -> Fight:
    """The fight from the saved ``percentile`` section (characters, settings, GM tables, combat);
    settings that no longer read fall back to the defaults.

    >>> fight_from_json({"combatants": "not a list", "log": 7})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: not a Percentile fight: it has none of its sections (it has combatants, log)
    """
    _check_section(section)
    raw = section.get("combat") if isinstance(section.get("combat"), Mapping) else {}
    assert isinstance(raw, Mapping)
    try:
        settings = combat.settings_from_json(section.get("settings") or {})
    except (RuleError, TypeError, AttributeError):
        settings = combat.Settings()
    surprise = raw.get("surprise")
    pending = raw.get("pending")
    chars = section.get("characters") if isinstance(section.get("characters"), list) else []
    raw_sides = raw.get("sides") if isinstance(raw.get("sides"), list) else None
    return Fight(
        fighters=tuple(fighter_from_json(c) for c in chars or [] if isinstance(c, Mapping)),
        sides=(Side("Side A"), Side("Side B"))
        if raw_sides is None
        else tuple(_side_from_json(s) for s in raw_sides if isinstance(s, Mapping)),
        settings=settings,
        tables=dict(section.get("gm") or {}),
        round=_count(raw.get("round")),
        piece=_count(raw.get("piece")),
        order=_order_from_json(raw.get("order")),
        surprise=SurpriseOutcome(str(surprise["winner"]), str(surprise.get("text", "")))
        if isinstance(surprise, Mapping) and surprise.get("winner")
        else None,
        attacked=_str_list(raw.get("attacked")),
        raise_alertness=_str_list(raw.get("raise_ac")),
        turn=_turn(raw.get("turn")),
        pending=_pending_from_json(pending) if isinstance(pending, Mapping) else None,
        last=_str_list(raw.get("last")),
        last_why=_str_list(raw.get("last_why")),
        headline=str(raw.get("headline") or ""),
        last_severity=str(raw["last_severity"]) if raw.get("last_severity") else None,
        ranges=_ranges_from_json(raw.get("ranges")),
    )


def _pending_from_json(raw: Mapping[str, Any]) -> PendingAttack:
    """The attack waiting for an answer: its form and the to-hit step, refused naming the field
    when either does not read (the page resumes the attack from them: issue 32)."""
    form = mapping(raw.get("form", {}), "saved attack waiting: its form")
    hit = mapping(raw.get("hit", {}), "saved attack waiting: its hit")
    return PendingAttack({str(k): str(v) for k, v in form.items()}, hit_from_json(hit))


def _ranges_from_json(raw: object) -> tuple[tuple[str, str, str], ...]:
    rows = raw if isinstance(raw, list) else []
    return tuple(
        (str(r[0]), str(r[1]), str(r[2])) for r in rows if isinstance(r, list) and len(r) == 3
    )


def _side_to_json(side: Side) -> dict[str, Any]:
    return {
        "name": side.name,
        "members": [
            {"id": m.id, "asleep": m.asleep, "ac": m.alertness, "ac_level": m.alertness_level}
            for m in side.members
        ],
        "modifier": side.modifier,
        "ac": side.alertness,
        "ac_level": side.alertness_level,
    }


def _order_to_json(order: PrimaryAttack | None) -> dict[str, Any] | None:
    if order is None:
        return None
    return {
        "results": {k: str(v) for k, v in order.results.items()},
        "order": list(order.order),
        "exclusive": order.exclusive,
        "passed": list(order.passed),
    }


def _weapon_to_json(weapon: Weapon) -> dict[str, Any]:
    out = {k: v for k, v in vars(weapon).items() if v is not None}
    if weapon.weight_kg is not None:
        out["weight_kg"] = str(weapon.weight_kg)
    return out


@checked
def fighter_to_json(fighter: Fighter) -> dict[str, Any]:
    """A fighter's sheet as the fight knows it (its live values included).

    >>> f = Fighter("c1", "Ann", weapons=(Weapon("FIST", "hth"),))
    >>> fighter_from_json(fighter_to_json(f)) == f
    True
    """
    numbers = ("perception", "brawl", "aim", "strength", "agility", "damage_modifier")
    return {
        "id": fighter.id,
        "name": fighter.name,
        "race": fighter.race,
        **{key: getattr(fighter, key) for key in numbers},
        "ap": str(fighter.ap),
        "alertness": fighter.alertness,
        "alertness_level": fighter.alertness_level,
        "weapons": [_weapon_to_json(w) for w in fighter.weapons],
        "parts": [
            {"name": p.name, "points": str(p.points), "damage": str(p.damage)}
            for p in fighter.parts
        ],
        "ledger": ledger_to_json(fighter.ledger),
    }


@checked
def fight_to_json(fight: Fight) -> dict[str, Any]:
    """The fight as a ``percentile`` section of its own: the sheets as the fight knows them, the
    settings, the GM's tables and the combat keys (:func:`fight_into_json` writes it into a
    saved section, keeping the page's own keys).

    >>> fight_from_json(fight_to_json(Fight())) == Fight()
    True
    """
    section = {
        "characters": [fighter_to_json(f) for f in fight.fighters],
        "settings": fight.settings.to_json(),
        "gm": dict(fight.tables),
    }
    return fight_into_json(section, fight)


@checked
def fight_into_json(
    section: Mapping[str, Any], fight: Fight, before: Fight | None = None
) -> dict[str, Any]:
    """The saved section with the fight written in: its combat keys and the fighters' live
    values on their sheets (the page's own keys, such as the forms and the log, are kept).
    ``before``: the fight decoded from ``section``; a fighter the step left as it was (the same
    object) keeps their saved sheet as it is, not decoded again to find what changed (issue 33: a
    tap re-read all 30 sheets to write back the one or two it touched).

    >>> f = fight_from_json({"characters": [{"id": "c1", "name": "Ann"}]})
    >>> s = {"characters": [{"id": "c1", "name": "Ann"}]}
    >>> fight_into_json(s, f, before=f)["characters"][0] is s["characters"][0]
    True
    """
    by_id = {f.id: f for f in fight.fighters}
    kept = {f.id: f for f in before.fighters} if before is not None else {}
    chars = [
        c
        if not isinstance(c, Mapping)
        or c.get("id") not in by_id
        or kept.get(str(c["id"])) is by_id[c["id"]]
        else fighter_into_json(c, by_id[c["id"]])
        for c in section.get("characters", [])
    ]
    pending = fight.pending
    combat_json = {
        **dict(section.get("combat") or {}),
        "sides": [_side_to_json(s) for s in fight.sides],
        "round": fight.round,
        "piece": fight.piece,
        "order": _order_to_json(fight.order),
        "surprise": {"winner": fight.surprise.winner, "text": fight.surprise.text}
        if fight.surprise
        else None,
        "attacked": list(fight.attacked),
        "raise_ac": list(fight.raise_alertness),
        "turn": fight.turn,
        "pending": {
            "form": dict(pending.form),
            "hit": pending.hit.to_json(),
        }
        if pending
        else None,
        "last": list(fight.last),
        "last_why": list(fight.last_why),
        "headline": fight.headline,
        "last_severity": fight.last_severity,
        "ranges": [list(r) for r in fight.ranges],
    }
    # Table #3-6's costs asked in the fight are the GM's table (PCT-M03), written back with it
    tables = {} if fight.tables == dict(section.get("gm") or {}) else {"gm": dict(fight.tables)}
    return {**section, "characters": chars, "combat": combat_json, **tables}
