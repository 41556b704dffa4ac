"""The Characters tab: the GM's campaign settings, the list of characters, and the selected
one's builder and record."""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.systems.simply.character import derive, validate
from pycore.systems.simply.character_json import character_from_json
from pycore.systems.simply.fight.codec import combat_from_json
from pycore.systems.simply.fight.sheet import fighters_of, live_line
from pycore.systems.simply.fight.value import Combatant
from pycore.systems.simply.links import uid_of
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.simply.characters import builder, campaign, gear
from rkweb.features.simply.characters.edit import CharDel, CharDup, CharNew, CharSelect
from rkweb.features.simply.characters.record import record
from rkweb.features.simply.characters.state import campaign_of, load, name_of
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip
from rkweb.kit.share import share_all_button, share_button


def _fighter(model: Model, raw: dict[str, Any]) -> Combatant | None:
    """The character's fighter in the fight under way, if it fights (the sheet follows it)."""
    try:
        fight = combat_from_json(model.section("simply_combat").get("combat", {}))
    except RuleError:
        return None
    fighting = fighters_of(fight, uid_of(raw))
    return fighting[0] if fighting else None


def _live(model: Model, raw: dict[str, Any]) -> str:
    """The character's line from the fight under way, if it fights (the sheet follows it)."""
    fighter = _fighter(model, raw)
    return live_line(fighter) if fighter else ""


def _editor(model: Model, raw: dict[str, Any]) -> VNode:
    try:
        character = character_from_json(raw)
    except RuleError as exc:
        return h("p", {"class": "field-error"}, f"This character cannot be read: {exc}")
    settings = campaign_of(load(model))
    problems = validate(character, settings)
    derived = derive(character, settings)
    return h(
        "div",
        {"class": "editor"},
        builder.who_card(model, character),
        builder.stats_card(model, character, problems),
        builder.derived_card(derived),
        builder.skills_card(character, derived, problems),
        gear.weapons_card(model, character, problems),
        gear.abilities_card(character, problems),
        gear.armor_card(model, raw, character, problems),
        gear.details_card(model, character),
        record(character, derived, _live(model, raw), _fighter(model, raw)),
    )


def _row(index: int, raw: dict[str, Any], selected: bool) -> VNode:
    name = name_of(raw)
    return h(
        "li",
        {"class": "char-row", "data-testid": "char-entry", "data-key": f"{index}"},
        chip(None, name, selected, CharSelect(index)),
        button(None, f"Duplicate {name}", CharDup(index)),
        button("char-delete", f"Delete {name}", CharDel(index), tone="danger"),
    )


def view(model: Model) -> VNode:
    state = load(model)
    chars = state["list"]
    selected = int(state["selected"])
    rows = [_row(i, c, i == selected) for i, c in enumerate(chars)]
    listing = h(
        "section",
        {"class": "card", "aria-labelledby": "chars-h"},
        h(
            "div",
            {"class": "row between"},
            h("h2", {"id": "chars-h"}, f"Characters ({len(chars)})"),
            button("char-new", "New character", CharNew(), primary=True),
        ),
        h("ul", {"class": "chars"}, *rows)
        if rows
        else h("p", {"class": "muted"}, "No characters yet."),
    )
    editor = _editor(model, chars[selected]) if 0 <= selected < len(chars) else None
    share = share_button("simply.character", selected, name_of(chars[selected])) if editor else None
    settings = campaign.card(model, campaign_of(state))
    party = share_all_button("simply", "Share every character and the settings")
    return h("div", {"class": "page characters-page"}, settings, listing, share, editor, party)
