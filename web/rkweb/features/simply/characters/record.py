"""The Character Record (SIM-29, SIM-T14): the printed sheet's blocks, for the screen and for
print (on paper only the record shows, see ``app.css``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pycore.figures import figure
from pycore.systems.simply.character import Character, Derived
from pycore.systems.simply.fight.value import Combatant
from pycore.systems.simply.scores import weapon_lines
from rkweb.app.vdom import VNode, h
from rkweb.features.simply.characters.builder import rating_text
from rkweb.kit.buttons import button

STAT_ROWS = (("Strength", "S"), ("Coord.", "C"), ("Intellect", "I"), ("Health", "H"))


def _block(title: str, *body: Any, wide: bool = False) -> VNode:
    css = "record-block wide" if wide else "record-block"
    return h("div", {"class": css}, h("h4", {}, title), *body)


def _lines(items: Iterable[Any]) -> VNode:
    shown = [h("li", {}, str(x)) for x in items]
    return h("ul", {}, *shown) if shown else h("p", {}, "—")


def _table(heads: Iterable[str], rows: list[VNode]) -> VNode:
    return h(
        "table",
        {"class": "data"},
        h("thead", {}, h("tr", {}, *[h("th", {"scope": "col"}, x) for x in heads])),
        h("tbody", {}, *rows),
    )


def _stats(character: Character, derived: Derived, fighting: Combatant | None = None) -> VNode:
    rows = [
        h(
            "tr",
            {},
            h("th", {"scope": "row"}, label),
            h("td", {}, str(derived.stats.get(letter))),
            h("td", {}, str(derived.adjusted.get(letter))),
        )
        for label, letter in STAT_ROWS
    ]
    # A shield is named a shield: "Armor: Large" read as a suit called Large (play-through smfix).
    armor_line = character.armor.name if character.armor else "none"
    shield = h("p", {}, f"Shield: {character.shield.name}") if character.shield else None
    return _block(
        "Stats",
        _table(("Stat", "orig", "(adj)"), rows),
        h("p", {}, _luck(derived, fighting)),
        h("p", {}, f"Speed: {derived.speed}"),
        h("p", {}, f"Armor: {armor_line}"),
        shield,
    )


def _skills(derived: Derived) -> VNode:
    rows = [
        h(
            "tr",
            {},
            h("td", {}, line.skill.label()),
            h("td", {}, line.stat),
            h("td", {}, line.skill.level),
            h("td", {}, f"{rating_text(line.original)} / {rating_text(line.adjusted)}"),
        )
        for line in derived.skills
    ]
    return _block("Skills", _table(("Skill", "Stat", "Lvl", "Rat (orig/adj)"), rows), wide=True)


def _luck(derived: Derived, fighting: Combatant | None) -> str:
    """The LP: during a fight the fight's (one truth, FIGHT.md), the sheet's beside it."""
    if fighting is None:
        return f"Luck: {derived.luck}"
    return f"Luck: {fighting.luck} in the fight now (sheet: {derived.luck})"


def _hit_points(character: Character, derived: Derived, fighting: Combatant | None = None) -> str:
    """The derived HP, and what the last fight left: the HP now and the conditions; during a
    fight, the fight's HP and conditions (issue 26: the record said "Hit Points: 20" then)."""
    if fighting is not None:
        status = "" if fighting.status() == "ok" else f"; {fighting.status()}"
        return f"Hit Points: {figure(fighting.hp)}/{fighting.hp_max} in the fight now{status}"
    text = f"Hit Points: {rating_text(derived.hit_points)}"
    if character.hp is not None:
        text += f" (now {figure(character.hp)})"
    return text + (f"; {', '.join(character.conditions)}" if character.conditions else "")


def record(
    character: Character, derived: Derived, live: str = "", fighting: Combatant | None = None
) -> VNode:
    """The record; ``live`` is the character's line from a fight under way and ``fighting``
    its fighter there, whose HP, LP and conditions the record shows meanwhile (one truth)."""
    who = f"{character.age} / {character.age_note or '—'} / {character.race or '—'}"
    return h(
        "section",
        {"class": "card record", "aria-labelledby": "char-record-h", "data-testid": "char-record"},
        h(
            "div",
            {"class": "row between"},
            h("h3", {"id": "char-record-h"}, "Character Record"),
            h("div", {"class": "no-print"}, button("char-print", "Print record", ("app.print",))),
        ),
        h(
            "div",
            {"class": "record-grid"},
            _block(
                "Character",
                h("p", {}, f"Name: {character.name or '—'}"),
                h("p", {}, f"Player: {character.player or '—'}"),
                h("p", {}, f"Age category/Age/Race: {who}"),
                h("p", {}, f"Concept: {character.concept or '—'}"),
            ),
            _block(
                "In the fight now",
                h("p", {"class": "strong", "data-testid": "char-live"}, live),
            )
            if live
            else None,
            _stats(character, derived, fighting),
            _block(
                "Derived",
                h("p", {}, _hit_points(character, derived, fighting)),
                h("p", {}, f"Fatigue: {rating_text(derived.fatigue_points)}"),
                h("p", {}, f"Unarmed Combat Max Dmg: {rating_text(derived.unarmed_max_damage)}"),
                h("p", {}, f"Initiative Bonus: {rating_text(derived.initiative_bonus)}"),
            ),
            _skills(derived),
            _block("Abilities", _lines(character.abilities)),
            _block("Disabilities", _lines(character.disabilities)),
            _block(
                "Weapons, equipment, powers, spells",
                _lines(
                    [*(str(w) for w in weapon_lines(character)), *(g.name for g in character.gear)]
                ),
            ),
            _block("Appearance", h("p", {}, character.appearance or "—")),
            _block("Brief history", h("p", {}, character.history or "—")),
            _block("Personality", h("p", {}, character.personality or "—")),
        ),
    )
