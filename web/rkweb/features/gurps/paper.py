"""The 3d6 fighter's printed sheet (issue 31): every field of their sheet and their state in the
fight, in the sheet's words, on one page (``kit/paper.py``)."""

from __future__ import annotations

from pycore.systems.gurps.quantities import figure
from pycore.systems.gurps.sheet import Combatant, derived_defenses
from rkweb.app.vdom import VNode
from rkweb.kit.paper import block, facts, lines, sheet, table


def _grip(two_handed: bool) -> str:
    """A two-handed weapon's mark on paper: ready only gripped with both hands (004 line 93)."""
    return ", two-handed" if two_handed else ""


def _weapon(c: Combatant) -> VNode:
    ranged = [("Acc", c.acc), ("1/2D yards", c.half_d), ("Max yards", c.max_range)]
    return block(
        "Weapon and shield",
        facts(
            [
                ("Weapon", f"{c.weapon}, skill {c.weapon_skill}" + _grip(c.two_handed)),
                ("Damage", f"{c.damage} {c.damage_type}" + (" (thrust)" if c.thrust else "")),
                ("Kind", c.attack_kind),
                ("Reach", c.reach),
                ("Parry modifier", c.parry_bonus),
                *(ranged if c.ranged else []),
                ("Shield", c.shield_said),  # its skill, DB and large (004 line 141)
                ("Barehanded", "yes" if c.unarmed else "no"),
                ("Brawling / Karate", f"{c.brawling or '—'} / {c.karate or '—'}"),
            ]
        ),
    )


def _others(c: Combatant) -> VNode:
    rows = [
        (
            x.name + _grip(x.two_handed),
            "—" if x.skill is None else x.skill,  # not set yet
            f"{x.damage} {x.damage_type}",
            x.kind,
            x.reach,
            x.parry,
        )
        for x in c.more_attacks
    ]
    heads = ("Attack", "Skill", "Damage", "Kind", "Reach", "Parry")
    return block("Other attacks", table(heads, rows), wide=True)


def _state(c: Combatant, shocks: tuple[tuple[int, str], ...]) -> VNode:
    """Their state in the fight: posture, maneuver and what an injury left (GUR-58): each shock
    with the turn it counts on (``gurps_fight.shocks``)."""
    marks = [
        "stunned" if c.stunned else "",
        "mentally stunned" if c.mental_stun else "",
        "unconscious" if c.unconscious else "",
        *(f"shock −{n} {'on the next turn' if w == 'next turn' else w}" for n, w in shocks),
    ]
    return block(
        "Conditions",
        facts(
            [
                ("Posture", c.posture),
                ("Maneuver", f"{c.maneuver}{f' ({c.option})' if c.option else ''}"),
            ]
        ),
        lines(m for m in marks if m),
        facts([("Notes", c.notes)]) if c.notes else None,
    )


def view(c: Combatant, shocks: tuple[tuple[int, str], ...] = ()) -> VNode:
    return sheet(
        "gurps-paper",
        c.name,
        [
            block(
                "Attributes",
                facts(
                    [
                        ("ST / DX / IQ / HT", f"{c.st} / {c.dx} / {c.iq} / {c.ht}"),
                        ("HP", f"{figure(c.hp_now)} of {c.hp}"),
                        ("Basic Speed", c.basic_speed),
                        ("Move", c.move),
                        ("Encumbrance level", c.encumbrance),
                        ("Size Modifier", c.sm),
                    ]
                ),
            ),
            block("Defenses", lines(derived_defenses(c))),
            _weapon(c),
            block(
                "DR and Injury Tolerance",
                facts(
                    [
                        ("DR", c.dr),
                        ("DR by location", c.dr_locations),
                        ("Injury Tolerance", c.tolerance),
                        ("Male", c.male),
                    ]
                ),
            ),
            _others(c),
            _state(c, shocks),
        ],
    )
