"""What a fight takes from a Character Record: the participant's HP, initiative bonus, luck,
armor and unarmed Max Dmg (SIM-24, SIM-25, SIM-27, SIM-30, SIM-31), and the attack a skill
sets up: its rating, level and armor row (SIM-28, SIM-D09).

>>> from pycore.systems.simply.character import Character, Skill
>>> mara = Character(name="Mara", skills=(Skill("Missile Weapon", "Capable", "Bows"),),
...                  extra={"armor_id": "chainmail"})
>>> fight = add_character(Combat(), mara, 0)
>>> c = fight.get("c1")
>>> c.name, c.hp_max, c.armor, c.max_damage, c.character
('Mara', 24, 'chainmail', 6, 0)
>>> str(attack_setup(mara, "skill:0:adj"))
'Missile Weapon: Bows (Capable), adjusted stats: TN 10, projectile row'
"""

from __future__ import annotations

from dataclasses import dataclass

from pycore.errors import RuleError
from pycore.systems.simply.armor import DamageKind, attack_kind
from pycore.systems.simply.character import Character, base_scores, derive
from pycore.systems.simply.fight.state import Combat, add_combatant


def _table_id(character: Character, key: str) -> str | None:
    """The builder keeps the table id of its armor, coating and shield picks beside the record's
    Armor line (SIM-30, SIM-31)."""
    value = character.extra.get(key)
    return value if isinstance(value, str) and value else None


def add_character(
    combat: Combat,
    character: Character,
    index: int,
    *,
    armor: str | None = None,
    coating: str | None = None,
    shield: str | None = None,
) -> Combat:
    """Add a character to the fight with the values the builder derives: HP (SIM-27), the
    initiative bonus (SIM-24), luck, the unarmed Max Dmg (SIM-25) and the builder's armor and
    shield (SIM-30, SIM-31); ``armor``, ``coating`` and ``shield`` stand in where the builder
    has none. ``index`` links the participant to its record.

    >>> add_character(Combat(), Character(name="Ogre", strength=0), 3)
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
        character=index,
    )


@dataclass(frozen=True)
class AttackSetup:
    """An attack with one of the character's skills: the TN before difficulty and modifiers
    (the rating, SIM-28), the skill level (SIM-06) and the armor row it takes (SIM-D09)."""

    label: str
    tn: int
    level: str | None
    kind: DamageKind

    def __str__(self) -> str:
        return f"{self.label}: TN {self.tn}, {self.kind} row"


def attack_setup(character: Character, key: str) -> AttackSetup:
    """The attack that the skill score ``key`` (from :func:`base_scores`) sets up.

    >>> attack_setup(Character(), "check:stamina")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: attack skill 'check:stamina' is not one of the character's skills
    """
    scores = {s.key: s for s in base_scores(character) if s.key.startswith("skill:")}
    score = scores.get(key)
    if score is None:
        raise RuleError(f"attack skill {key!r} is not one of the character's skills")
    skill = character.skills[int(key.split(":")[1])]
    kind = attack_kind(skill.name, skill.specialty or "")
    return AttackSetup(score.label, score.base, score.level, kind)
