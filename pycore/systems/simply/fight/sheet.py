"""What a fight takes from a Character Record: the participant's HP, initiative bonus, luck,
armor and unarmed Max Dmg (SIM-24, SIM-25, SIM-27, SIM-30, SIM-31), and its weapons ready to
attack with, each at its skill's rating or default, Max Dmg and armor row (SIM-03, SIM-28,
SIM-40, SIM-D09), then an unarmed attack.

>>> from pycore.systems.simply.character import Character, Skill, Weapon
>>> mara = Character(name="Mara", skills=(Skill("Melee Weapon", "Capable", "Sword"),),
...                  weapons=(Weapon("Longsword", "Melee Weapon: Sword", 24),),
...                  extra={"armor_id": "chainmail"})
>>> fight = add_character(Combat(), mara, "u-mara")
>>> c = fight.get("c1")
>>> c.name, c.hp_max, c.armor, c.max_damage, c.character
('Mara', 24, 'chainmail', 6, 'u-mara')
>>> [str(arm) for arm in c.arms]
['Longsword (Melee Weapon: Sword 10, Max Dmg 24)', 'Unarmed (Brawling 6, Max Dmg 6)']
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.errors import RuleError
from pycore.figures import figure
from pycore.systems.simply.character import Character, Weapon, derive
from pycore.systems.simply.fight.turns import TurnStep, joined
from pycore.systems.simply.fight.value import Arm, Combat, Combatant, add_combatant
from pycore.systems.simply.scores import weapon_lines
from pycore.systems.simply.skills import skill_rating
from pycore.validate import checked


def _table_id(character: Character, key: str) -> str | None:
    """The builder keeps the table id of its armor, coating and shield picks beside the record's
    Armor line (SIM-30, SIM-31)."""
    value = character.extra.get(key)
    return value if isinstance(value, str) and value else None


@checked
def arms_from_sheet(character: Character) -> tuple[Arm, ...]:
    """The record's weapons, then an unarmed attack with Martial Arts when bought, else Brawling
    (bought or at its default), at the unarmed Max Dmg (SIM-25).

    >>> [a.name for a in arms_from_sheet(Character())]
    ['Unarmed']
    """
    unarmed_max = derive(character).unarmed_max_damage.value
    fists = (
        "Martial Arts" if any(s.name == "Martial Arts" for s in character.skills) else "Brawling"
    )
    unarmed = Weapon("Unarmed", fists, unarmed_max if isinstance(unarmed_max, int) else None)
    lines = weapon_lines(replace(character, weapons=(*character.weapons, unarmed)))
    return tuple(
        Arm(line.weapon.name, line.skill, line.rating, line.level, line.max_damage, line.kind)
        for line in lines
    )


@checked
def add_character(
    combat: Combat,
    character: Character,
    uid: str | None,
    *,
    armor: str | None = None,
    coating: str | None = None,
    shield: str | None = None,
) -> Combat:
    """Add a character to the fight with the values the builder derives: HP (SIM-27), the
    initiative bonus (SIM-24), luck, the unarmed Max Dmg (SIM-25), its weapons and the builder's
    armor and shield (SIM-30, SIM-31); ``armor``, ``coating`` and ``shield`` stand in where the
    builder has none. ``uid`` links the participant to its record by the record's stable id
    (``pycore.systems.simply.links``; None: a plain fighter, linked to no record).

    >>> add_character(Combat(), Character(name="Ogre", strength=0), "u3")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: S 0 is outside 1 to 20
    """
    derived = derive(character)
    name = character.name or "unnamed"
    hp_max = derived.hit_points.value
    if hp_max is None:
        raise RuleError(f"{name}: {derived.hit_points.formula}")
    unarmed = derived.unarmed_max_damage.value
    # SIM-D12: a Defend or a strike made with the shield rolls on the Shield skill, as bought on
    # the record's skill list (SIM-28); not bought, on its default (SIM-03: a physical skill,
    # SIM-T08, defaults to Adj C − 2; level None says it is the default).
    default = skill_rating(derived.adjusted.coordination, None, "physical")
    shield_skill = next(
        (
            (int(line.adjusted.value), line.skill.level)
            for line in derived.skills
            if line.skill.name == "Shield" and line.adjusted.value is not None
        ),
        (default, None),
    )
    return add_combatant(
        combat,
        name=name,
        hp_max=int(hp_max),
        strength=character.strength,
        health=character.health,
        bonus=int(derived.initiative_bonus.value or 0),
        luck_points=character.luck,
        armor=_table_id(character, "armor_id") or armor,
        coating=_table_id(character, "coating_id") or coating,
        shield=_table_id(character, "shield_id") or shield,
        max_damage=unarmed if isinstance(unarmed, int) else None,
        character=uid,
        arms=arms_from_sheet(character),
        hp=None if character.hp is None else min(character.hp, int(hp_max)),
        conditions=character.conditions,
        shield_skill=shield_skill[0],
        shield_level=shield_skill[1],
    )


@checked
def join_character(
    combat: Combat, character: Character, uid: str | None, **gear: str | None
) -> tuple[Combat, TurnStep]:
    """The transition of a character joining (:func:`add_character`; ``gear``: its armor,
    coating and shield where the builder has none), with its logged step.

    >>> fight, step = join_character(Combat(), Character(name="Mara"), "u1")
    >>> step.step.public
    'Mara joins the fight'
    """
    unknown = set(gear) - {"armor", "coating", "shield"}
    if unknown:
        raise RuleError(f"{', '.join(sorted(unknown))}: only armor, coating and shield are worn")
    bigger = add_character(combat, character, uid, **gear)
    return bigger, joined(bigger.combatants[-1])


@checked
def after_fight(character: Character, combatant: Combatant) -> Character:
    """The record as the fight left it: HP, luck and conditions (FIGHT.md: the sheet and the
    fight are one truth); HP back at the derived maximum reads as unhurt.

    >>> mara = Character(name="Mara")
    >>> fight = add_character(Combat(), mara, "u1")
    >>> from pycore.systems.simply.fight import hit
    >>> fight, _ = hit(fight, "c1", 12)
    >>> after = after_fight(mara, fight.get("c1"))
    >>> after.hp, after.luck, after.conditions
    (12, 10, ('bleeding',))
    >>> after_fight(after, add_character(Combat(), after, "u1").get("c1")) == after
    True
    """
    hp = None if combatant.hp >= combatant.hp_max else combatant.hp
    return replace(character, hp=hp, luck=combatant.luck, conditions=combatant.conditions)


#: What a fighter takes from its record's build (the live values, HP lost, luck and conditions,
#: are the fight's own).
_FROM_SHEET = (
    "name",
    "strength",
    "health",
    "bonus",
    "armor",
    "coating",
    "shield",
    "max_damage",
    "arms",
    "shield_skill",
    "shield_level",
)


@checked
def sheet_changed(combat: Combat, uid: str, before: Character, after: Character) -> Combat:
    """The fight once the record with id ``uid`` is edited from ``before`` to ``after`` during
    it: each value the edit changed in what the record gives a fighter (its weapons with their
    skills and Max Dmg, armor, shield, unarmed Max Dmg, S and H for the checks, initiative
    bonus, name) reaches its fighters, as the next attack derives its fields from the sheet
    (FIGHT.md's first law: a Greatsword added between rounds was never offered). A changed
    HP maximum keeps the injury taken (SIM-42); a value the edit left alone stays as the fight
    holds it (armor given in the add form to a record without any).

    >>> from pycore.systems.simply.character import Skill, Weapon
    >>> mara = Character(name="Mara", skills=(Skill("Melee Weapon", "Capable", "Sword"),),
    ...                  weapons=(Weapon("Longsword", "Melee Weapon: Sword", 12),))
    >>> fight = add_character(Combat(), mara, "u1", armor="chainmail")
    >>> from pycore.systems.simply.fight import hit
    >>> fight, _ = hit(fight, "c1", 12)  # raw 12 − chainmail 8: HP 24 → 20
    >>> armed = replace(mara, strength=7,
    ...                 weapons=(*mara.weapons, Weapon("Greatsword", "Melee Weapon: Sword", 24)))
    >>> c = sheet_changed(fight, "u1", mara, armed).get("c1")
    >>> [str(arm) for arm in c.arms][1], c.armor, (c.hp, c.hp_max), c.strength
    ('Greatsword (Melee Weapon: Sword 10, Max Dmg 24)', 'chainmail', (23, 27), 7)
    >>> sheet_changed(fight, "u2", mara, armed) == fight
    True
    """
    fighters = fighters_of(combat, uid)
    if not fighters:
        return combat
    old = add_character(Combat(), before, uid).combatants[0]
    new = add_character(Combat(), after, uid).combatants[0]
    changed = {k for k in _FROM_SHEET if getattr(old, k) != getattr(new, k)}
    for c in fighters:
        taken: dict[str, Any] = {k: getattr(new if k in changed else c, k) for k in _FROM_SHEET}
        if "coating" in changed:
            taken["ablative_hits"] = 0  # a fresh coating (footnote #: five energy attacks)
        hp_max = c.hp_max + new.hp_max - old.hp_max
        if hp_max > 0:  # the injury taken stays taken (SIM-42)
            taken.update(hp_max=hp_max, hp=c.hp + hp_max - c.hp_max)
        combat = combat.with_combatant(replace(c, **taken))
    return combat


@checked
def live_line(combatant: Combatant) -> str:
    """The participant's live values, as the sheet shows them during the fight.

    >>> live_line(add_character(Combat(), Character(name="Mara"), "u1").get("c1"))
    'In the fight now: HP 24/24, 10 LP, ok'
    """
    c = combatant
    return f"In the fight now: HP {figure(c.hp)}/{c.hp_max}, {c.luck} LP, {c.status()}"


@checked
def luck_spent_elsewhere(combat: Combat, uid: str, points: int) -> Combat:
    """The fight once the character whose record has id ``uid`` spent ``points`` LP outside it
    (a task roll on the Task page, SIM-10): its fighters' LP go down too, so the sheet and the
    fight stay one truth and the fight's end does not give the LP back (FIGHT.md).

    >>> fight = add_character(Combat(), Character(name="Mara"), "u1")
    >>> luck_spent_elsewhere(fight, "u1", 6).get("c1").luck, luck_spent_elsewhere(fight, "u2", 6) == fight
    (4, True)
    """
    if isinstance(points, bool) or points < 0:
        raise RuleError(f"luck points spent {points!r} must be a whole number of 0 or more")
    for c in combat.combatants:
        if c.character == uid:
            combat = combat.with_combatant(replace(c, luck=max(0, c.luck - points)))
    return combat


@checked
def sheet_deleted(combat: Combat, uid: str) -> Combat:
    """The fight once the Character Record with id ``uid`` is deleted: its fighters stay in the
    fight as plain fighters that no longer write to a sheet; every other link is by id, so it
    still names its own record wherever that record now is in the list.

    >>> fight = add_character(Combat(), Character(name="A"), "ua")
    >>> fight = add_character(fight, Character(name="B"), "ub")
    >>> [c.character for c in sheet_deleted(fight, "ua").combatants]
    [None, 'ub']
    """
    for c in combat.combatants:
        if c.character == uid:
            combat = combat.with_combatant(replace(c, character=None))
    return combat


@checked
def fighters_of(combat: Combat, uid: str | None) -> tuple[Combatant, ...]:
    """The fighters linked to the record with id ``uid`` (none for None).

    >>> fight = add_character(Combat(), Character(name="A"), "ua")
    >>> [c.name for c in fighters_of(fight, "ua")], fighters_of(fight, None)
    (['A'], ())
    """
    if uid is None:
        return ()
    return tuple(c for c in combat.combatants if c.character == uid)


@checked
def treater_rating(character: Character, skill: str) -> tuple[int, str] | None:
    """The treater's rating and level in ``skill`` (First Aid or Medicine) from their sheet, at
    the adjusted stats (SIM-28); None when they have not bought it: both are mental skills with no
    default (SIM-51 reading), so the GM types a rating or picks another treater.

    >>> from pycore.systems.simply.character import Skill
    >>> mara = Character(name="Mara", intellect=6, skills=(Skill("First Aid", "Capable"),))
    >>> treater_rating(mara, "First Aid"), treater_rating(mara, "Medicine")
    ((10, 'Capable'), None)
    """
    for line in derive(character).skills:
        if line.skill.name == skill and line.adjusted.value is not None:
            return int(line.adjusted.value), line.skill.level
    return None


@checked
def treater_skill(character: Character, skill: str) -> tuple[int, str]:
    """The treater's rating and level in ``skill`` from their sheet; refused when they have not
    bought it: First Aid and Medicine are mental skills, and a mental skill has no default, so
    no roll is made (SIM-03, SIM-51 reading).

    >>> treater_skill(Character(name="Mara"), "First Aid")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Mara has no First Aid: cannot treat (a mental skill not learned gives no roll)
    """
    rated = treater_rating(character, skill)
    if rated is None:
        raise RuleError(
            f"{character.name} has no {skill}: cannot treat (a mental skill not learned gives "
            "no roll)",
            rules=("SIM-03", "SIM-51"),
        )
    return rated
