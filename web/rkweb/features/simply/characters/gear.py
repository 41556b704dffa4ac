"""The builder's cards for what the character has: abilities and disabilities (SIM-16, SIM-T04),
armor and shield (SIM-30 to SIM-32), gear and the record's free text (SIM-17, SIM-29)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pycore.systems.simply.armor import armor, armor_ids, coating, coating_ids, shield, shield_ids
from pycore.systems.simply.character import Character, Problem, ability_list
from pycore.systems.simply.scores import combat_skills, weapon_lines
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.simply.characters.builder import problems_list, text_field
from rkweb.features.simply.characters.edit import CharField, CharWeaponAdd, CharWeaponDraft
from rkweb.features.simply.characters.state import ERRORS
from rkweb.features.simply.words import error_line, why_rules
from rkweb.kit.buttons import button
from rkweb.kit.fields import error_of, error_rules, field, select
from rkweb.kit.results import card, why


def _remove(label: str, edit: str) -> VNode:
    return button(None, label, CharField(edit))


def abilities_card(character: Character, problems: Sequence[Problem]) -> VNode:
    entries = ability_list()
    points = {a.name: a.points for a in entries}
    taken = [
        h(
            "li",
            {"class": "skill-row", "data-testid": f"char-{kind}"},
            h("span", {"class": "skill-name"}, f"{name} ({points.get(name, '?')} pts)"),
            _remove(f"Remove {name}", f"remove_{kind}:{i}"),
        )
        for kind, names in (
            ("ability", character.abilities),
            ("disability", character.disabilities),
        )
        for i, name in enumerate(names)
    ]
    count = len(character.abilities) + len(character.disabilities)
    choices = [("", "Choose…")] + [
        (a.name, f"{a.name} — {a.kind}, {a.points} pts") for a in entries
    ]
    return card(
        "char-abil-h",
        "Abilities and disabilities",
        why(["SIM-16: abilities and disabilities, from the list of SIM-T04."]),
        h("ul", {"class": "skills"}, *taken),
        select(
            "char-add-ability",
            "Add an ability or disability",
            "",
            choices,
            CharField("add_ability"),
            key=f"add-ability-{count}",
        ),
        problems_list(problems, "abilities", "ability", "disability", "zero-point abilities"),
    )


KINDS = (
    ("", "by the skill"),
    ("other", "melee, unarmed, other"),
    ("projectile", "projectile"),
    ("energy", "energy"),
)


def weapons_card(model: Model, character: Character, problems: Sequence[Problem]) -> VNode:
    """SIM-17: weapons with the skill they are used with (bought, or at its default), their Max
    Dmg for the Master Damage Tables (blank: the weapon's own table) and attack type (SIM-D09).
    The fight takes its attacks from here."""
    draft = {
        "name": "",
        "skill": "",
        "max_damage": "",
        "kind": "",
        **model.ui.get("char_weapon", {}),
    }
    rows = [
        h(
            "li",
            {"class": "skill-row", "data-testid": "char-weapon"},
            h("span", {"class": "skill-name"}, str(line)),
            _remove(f"Remove {line.weapon.name}", f"remove_weapon:{i}"),
        )
        for i, line in enumerate(weapon_lines(character))
    ]
    skills = [("", "Choose…"), *[(x, x) for x in combat_skills(character)]]
    return card(
        "char-weapons-h",
        "Weapons",
        h("ul", {"class": "skills"}, *rows),
        h(
            "div",
            {"class": "grid2"},
            field("char-weapon-name", "Weapon", draft["name"], CharWeaponDraft("name")),
            select(
                "char-weapon-skill",
                "Used with the skill",
                draft["skill"],
                skills,
                CharWeaponDraft("skill"),
            ),
            field(
                "char-weapon-max",
                "Max Dmg (blank: its own damage table)",
                draft["max_damage"],
                CharWeaponDraft("max_damage"),
                numeric=True,
            ),
            select(
                "char-weapon-kind",
                "Attack type (armor row)",
                draft["kind"],
                KINDS,
                CharWeaponDraft("kind"),
            ),
        ),
        why(
            ["SIM-39: attacks use a weapon or hand-combat skill; not bought, its default (SIM-03)."]
        ),
        error_line(model, ERRORS, "add_weapon", "char-weapon-error"),
        button("char-weapon-add", "Add weapon", CharWeaponAdd()),
        problems_list(problems, "weapons", "weapon"),
    )


def _picker(
    fid: str, label: str, edit: str, options: list[tuple[str, str]], value: str, error: str = ""
) -> VNode:
    msg = CharField(edit)
    return select(fid, label, value, [("", "none"), *options], msg, error=error)


def armor_card(
    model: Model, raw: dict[str, Any], character: Character, problems: Sequence[Problem]
) -> VNode:
    key = next(
        (k for k in ("coating_id", "armor_id", "shield_id") if error_of(model, ERRORS, k)), ""
    )
    error, rules = error_of(model, ERRORS, key), error_rules(model, ERRORS, key)
    worn = [
        f"{item.name}: Min S {item.min_strength or '—'}, C Adj −{item.c_adj}"
        for item in (character.armor, character.shield)
        if item is not None
    ]
    suits = [(a, armor(a).name) for a in armor_ids()]
    layers = [(c, coating(c).name) for c in coating_ids()]
    shields = [(x, shield(x).name) for x in shield_ids()]
    return card(
        "char-armor-h",
        "Armor and shield",
        why(["SIM-30 to SIM-32: one suit (with one coating or insert) and one shield."]),
        h(
            "div",
            {"class": "grid2"},
            # The card's one error (a coating on the wrong suit, SIM-30) shows by the suit.
            _picker(
                "char-armor",
                "Body armor",
                "armor_id",
                suits,
                raw.get("armor_id") or "",
                error,
            ),
            _picker(
                "char-coating",
                "Coating or insert (Plasteel)",
                "coating_id",
                layers,
                raw.get("coating_id") or "",
            ),
            _picker("char-shield", "Shield", "shield_id", shields, raw.get("shield_id") or ""),
        ),
        why_rules(error, rules),
        h("ul", {"class": "small", "data-testid": "char-worn"}, *[h("li", {}, w) for w in worn]),
        problems_list(problems, "armor", "shield"),
    )


def details_card(model: Model, character: Character) -> VNode:
    gear = [
        h(
            "li",
            {"class": "skill-row", "data-testid": "char-gear"},
            h("span", {"class": "skill-name"}, g.name),
            _remove(f"Remove {g.name}", f"remove_gear:{i}"),
        )
        for i, g in enumerate(character.gear)
    ]
    return card(
        "char-details-h",
        "Record details",
        h(
            "div",
            {"class": "grid2"},
            text_field(model, "Player", "player", character.player),
            text_field(model, "Race", "race", character.race),
            text_field(model, "Age", "age_note", character.age_note),
            text_field(model, "Appearance", "appearance", character.appearance),
            text_field(model, "Brief history", "history", character.history),
            text_field(model, "Personality", "personality", character.personality),
        ),
        h("h4", {}, "Weapons, equipment, powers and spells"),
        h("ul", {"class": "skills"}, *gear),
        field(
            "char-add-gear",
            "Add an item (Enter)",
            "",
            CharField("add_gear"),
            key=f"add-gear-{len(character.gear)}",
        ),
    )
