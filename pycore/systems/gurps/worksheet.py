"""The attack worksheet: from the attacker's sheet, their maneuver and posture and the attack's
circumstances to the effective skill, the defenses the defender has, the exact chance the
attack lands, and the injury (GUR-03, GUR-10 to GUR-28, GUR-43 to GUR-62).

>>> ana = Combatant(name="Ana", weapon_skill=14, maneuver="Attack")
>>> bo = Combatant(name="Bo", basic_speed="6", weapon_skill=12, maneuver="Attack")
>>> setup = AttackSetup(location="arm")
>>> str(attack_line(ana, bo, setup))
'base 14 + Attack +0 (GUR-14) + location arm −2 (GUR-37) = 12'
>>> [(kind, line.total) for kind, line in defense_options(ana, bo, setup)]
[('dodge', 9), ('parry', 9)]
>>> landing_odds(ana, bo, setup)
Fraction(203, 432)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final

from pycore.errors import RuleError
from pycore.systems.gurps.attacks import armed, no_skill_said
from pycore.systems.gurps.damage_roll import DamageRoll
from pycore.systems.gurps.defenses import (
    DEFENSES,
    allowed_defenses,
    defense_line,
    defenses_against,
    explain_block,
    explain_dodge,
    thrown_parry_modifier,
)
from pycore.systems.gurps.injury import (
    EYE_READINGS,
    InjuryResult,
    aim_refused,
    at_half_damage,
    chink_allowed,
    injury,
    large_area_dr,
)
from pycore.systems.gurps.injury import location_penalty as _penalty
from pycore.systems.gurps.locations import exposed_spots, location_name
from pycore.systems.gurps.modifiers import (
    MAX_MODIFIER,
    EffectiveSkill,
    Modifier,
    TableModifier,
    attack_modifier,
    attack_modifiers,
    effective_skill,
    maneuver,
    maneuver_modifier,
    maneuver_options,
    past_the_table,
    posture,
    size_modifier,
    speed_range_modifier,
)
from pycore.systems.gurps.quantities import exact, yards_text
from pycore.systems.gurps.rolls import defense_chance, hit_chance, landing_chance
from pycore.systems.gurps.sheet import Combatant, dr_at, dr_locations, own_parry
from pycore.validate import checked, shown, whole

_LOCATION_RULE = {
    "torso": "GUR-30",
    "vitals": "GUR-31",
    "skull": "GUR-32",
    "eye": "GUR-33",
    "face": "GUR-34",
    "neck": "GUR-35",
    "groin": "GUR-36",
    "arm": "GUR-37",
    "leg": "GUR-37",
    "shield_arm": "GUR-37",
    "hand": "GUR-38",
    "foot": "GUR-38",
    "shield_hand": "GUR-38",
    "chink_torso": "GUR-42",
    "chink_other": "GUR-42",
}


@dataclass(frozen=True)
class AttackSetup:
    """The circumstances of one attack, as the worksheet gathers them. Distances and speeds are
    exact numbers (a typed "1/3" or "0.1" stays exact; a bad one is a :class:`RuleError`)."""

    location: str = "torso"
    yards: Fraction | int | str = 0
    target_speed: Fraction | int | str = 0
    target_size_yards: Fraction | int | str | None = None
    aim_seconds: int = 0
    braced: bool = False
    scope_max: int = 0
    grappling: bool = False
    table_keys: tuple[tuple[str, int | None], ...] = ()
    extra: int = 0
    from_behind: bool = False
    shield_side: bool = True
    line: int = 0  # which of the attacker's attack lines (004 line 91)
    random_location: bool = False  # struck "whatever presents itself" (003 line 63)
    from_above: bool = False  # a random attack from directly above (003 line 65)
    pinned: bool = False  # a giant's tiny victim is pinned or immobile (003 line 82)
    exposed: str = ""  # large-area injury: the least protected location exposed (003 line 83)
    only_exposed: bool = False  # ... and it is the only location exposed (003 line 85)
    eye_reading: str = EYE_READINGS[0]  # the campaign's reading of 003 line 46 (GUR-33)
    chink: bool = False  # aimed at a chink in the armor at ``location`` (003 lines 86-87)
    # GUR-28: the GM's speed/range modifier past the table's last row, 100 yd (the text stops)
    range_beyond: int | None = None

    def __post_init__(self) -> None:
        # Read once, exactly: every later use sees a Fraction.
        object.__setattr__(self, "yards", exact("range (yards)", self.yards))
        object.__setattr__(self, "target_speed", exact("target speed", self.target_speed))
        if self.target_size_yards is not None:
            size = exact("target size (yards)", self.target_size_yards)
            object.__setattr__(self, "target_size_yards", size)

    @property
    def distance(self) -> Fraction:
        """Range plus the target's speed, for the Speed/Range Table (GUR-28)."""
        return Fraction(self.yards) + Fraction(self.target_speed)


@checked
def attack_line(attacker: Combatant, defender: Combatant, setup: AttackSetup) -> EffectiveSkill:
    """GUR-03: base skill, the maneuver (GUR-14 to GUR-16), posture (GUR-10), the location
    (GUR-29 to GUR-42), for ranged attacks the target's posture, size, speed and range and the
    Aim bonuses (GUR-11, GUR-27, GUR-28), the table modifiers picked (GUR-23 to GUR-26); then
    Move and Attack's cap of 9 for melee (GUR-15).

    >>> gun = Combatant(name="Cy", weapon_skill=12, attack_kind="firearm", acc=2, maneuver="Attack")
    >>> str(attack_line(gun, Combatant(posture="Kneeling"), AttackSetup(yards=8, aim_seconds=3, braced=True)))
    'base 12 + Attack +0 (GUR-14) + target Kneeling −2 (GUR-10) + speed/range 8 yd −4 (GUR-28) + Aim: Acc +2 (GUR-11) + braced +1 (GUR-11) + extra Aim +2 (GUR-11) = 11'
    """
    if said := no_skill_said(attacker, setup.line):
        raise RuleError(said)  # a new line's skill is typed, never a 10 nobody set
    attacker = armed(attacker, setup.line)
    if not (attacker.damage and attacker.damage_type):
        # A line added on the sheet starts without damage (attacks.added_line): asked, not
        # borrowed from another line, before the roll.
        raise RuleError(
            f"{attacker.weapon}: no damage on {attacker.name}'s sheet yet: type its damage "
            "dice and type under Other attacks"
        )
    chosen = maneuver(attacker.maneuver)
    melee = not attacker.ranged
    items = [maneuver_modifier(chosen.name, melee=melee, option=attacker.option or None)]
    held = posture(attacker.posture).attack
    if held:
        items.append(Modifier(f"posture {attacker.posture}", held, "GUR-10"))
    if setup.location.startswith("chink") or setup.chink:
        chink_allowed(attacker.damage_type, tight_beam=attacker.tight_beam)  # 003 line 86
    if setup.chink and setup.random_location:
        raise RuleError("a chink in the armor is aimed at: not with a random location")
    if setup.chink and setup.location.startswith("chink"):
        raise RuleError("a chink in the armor: pick the location it is in")
    _check_giant(attacker, defender, setup)
    if attacker.damage_type == "fat" and setup.location != "torso" and not setup.random_location:
        # 003 line 35: fatigue damage always ignores hit location; an aimed one would pay the
        # location's penalty for nothing. (A random location costs nothing and is ignored.)
        raise RuleError(
            f"fatigue damage ignores hit location: aim it at no location, "
            f"not the {location_name(setup.location)}",
            rules=("GUR-29",),
        )
    if not setup.random_location and not setup.location.startswith("chink"):
        # 003 lines 41, 46, 70: refused before the dice, not at the damage roll after them.
        refused = aim_refused(
            setup.location, attacker.damage_type, defender.tolerance, attacker.tight_beam
        )
        if refused:
            raise RuleError(refused)
    if setup.chink:
        # 003 line 87: −8 for the torso's chink, −10 for any other location's, instead of the
        # location's own penalty; its other effects still apply (GUR-42).
        chink = "chink_torso" if setup.location == "torso" else "chink_other"
        where = location_name(setup.location)
        label = f"chink in the armor ({where})" + (
            " (grappling: halved)" if setup.grappling else ""
        )
        items.append(Modifier(label, _penalty(chink, setup.grappling), "GUR-42"))
    elif setup.location != "torso" and not setup.random_location:  # 003 line 63: no modifier
        penalty = _penalty(setup.location, setup.grappling)
        items.append(
            Modifier(
                f"location {setup.location.replace('_', ' ')}"
                + (" (grappling: halved)" if setup.grappling else ""),
                penalty,
                _LOCATION_RULE[setup.location],
            )
        )
    if not melee:
        target = posture(defender.posture).target
        if target:
            items.append(Modifier(f"target {defender.posture}", target, "GUR-10"))
        if setup.target_size_yards is not None:
            size = Fraction(setup.target_size_yards)
            sm = size_modifier(size)
            if sm:
                items.append(Modifier(f"target size {yards_text(size)}", sm, "GUR-27"))
        label = f"speed/range {yards_text(setup.distance)}"
        if setup.range_beyond is not None and past_the_table(setup.distance):
            sr = whole(setup.range_beyond, "speed/range modifier", -MAX_MODIFIER, 0)
            label += " (yours: past the table)"
        else:
            sr = speed_range_modifier(setup.distance)  # past the table: the step asks it
        if sr:
            items.append(Modifier(label, sr, "GUR-28"))
        if setup.aim_seconds and not chosen.loses_aim:  # GUR-15: Move and Attack loses Aim
            items.append(Modifier("Aim: Acc", attacker.acc, "GUR-11"))
            if setup.braced and braceable(attacker):
                items.append(Modifier("braced", 1, "GUR-11"))
            if setup.aim_seconds >= 2:
                extra = 2 if setup.aim_seconds >= 3 else 1
                items.append(Modifier("extra Aim", extra, "GUR-11"))
            if setup.scope_max:
                scope = min(setup.aim_seconds, setup.scope_max)
                items.append(Modifier("scope", scope, "GUR-11"))
    for key, amount in setup.table_keys:
        row = attack_modifier(key)
        if row.applies != "any" and row.applies != ("melee" if melee else "ranged"):
            raise RuleError(f"{row.label} applies to {row.applies} attacks only")
        items.append(row.modifier(amount))
    if melee and attacker.large_shield_held and "large_shield" not in dict(setup.table_keys):
        # 004 line 141 (GUR-25): their sheet marks the shield large and their hand holds it, so the
        # −2 is derived from the sheet, never a chip the GM must remember (FIGHT.md's first law)
        items.append(attack_modifier("large_shield").modifier())
    if setup.extra:
        items.append(Modifier("other (GM)", setup.extra, "GUR-26"))
    if attacker.shock:  # what the GM's book gave after their last injury (GUR-58)
        items.append(Modifier("shock", -attacker.shock, "GUR-58"))
    cap = chosen.melee_cap if melee else None
    return effective_skill(attacker.weapon_skill, items, cap)


@checked
def chink_possible(attacker: Combatant, line: int = 0) -> bool:
    """Whether this attack may aim at a chink: piercing, impaling or tight-beam burning
    (003 line 86)."""
    using = armed(attacker, line)
    try:
        chink_allowed(using.damage_type, tight_beam=using.tight_beam)
    except RuleError:
        return False
    return True


#: 003 line 65: a random attack from directly above treats feet as hands and legs as arms.
FROM_ABOVE: Final = {"foot": "hand", "leg": "arm"}


@checked
def struck_location(setup: AttackSetup) -> str:
    """Where the blow lands: the location chosen, or for a random hit location the one the
    user's 3d table gave, with feet as hands and legs as arms when the attack comes from
    directly above (003 lines 63, 65).

    >>> struck_location(AttackSetup(location="foot", random_location=True, from_above=True))
    'hand'
    >>> struck_location(AttackSetup(location="leg"))
    'leg'
    """
    if setup.from_above and not setup.random_location:
        raise RuleError("from directly above: applies to a random hit location only (003 line 65)")
    if setup.random_location and setup.from_above:
        return FROM_ABOVE.get(setup.location, setup.location)
    return setup.location


@checked
def giant_blow(attacker: Combatant, defender: Combatant, setup: AttackSetup) -> bool:
    """003 line 82: a melee attack whose attacker's Size Modifier exceeds the target's by 7 or
    more, struck unarmed or with a weapon scaled to their body size.

    >>> giant = Combatant(sm=7, unarmed=True)
    >>> giant_blow(giant, Combatant(), AttackSetup()), giant_blow(giant, Combatant(sm=1), AttackSetup())
    (True, False)
    """
    attacker = armed(attacker, setup.line)
    if attacker.ranged or attacker.sm - defender.sm < 7:
        return False
    return attacker.unarmed or attacker.scaled


@checked
def large_area_blow(attacker: Combatant, defender: Combatant, setup: AttackSetup) -> bool:
    """GUR-62 (003 line 82): a giant's blow is large-area injury, a torso hit (003 line 85),
    unless the victim is pinned and the giant aims at a location (the project's reading: the
    aimed blow at a pinned victim is an ordinary hit on that location)."""
    if not giant_blow(attacker, defender, setup):
        return False
    return not (setup.pinned and setup.location != "torso")


def _check_giant(attacker: Combatant, defender: Combatant, setup: AttackSetup) -> None:
    """003 line 82: to target a hit location, a giant's tiny victim must be pinned."""
    if setup.location != "torso" and not setup.pinned and giant_blow(attacker, defender, setup):
        raise RuleError(
            "a blow seven or more sizes larger covers most of the body: to aim at a hit "
            "location the victim must be pinned or otherwise immobile (003 line 82)"
        )


def _dr_varies(defender: Combatant) -> bool:
    return any(v != defender.dr for v in dr_locations(defender).values())


@checked
def open_question(attacker: Combatant, defender: Combatant, setup: AttackSetup) -> str | None:
    """What the attack waits for before its roll, in words; None when nothing. A large-area
    blow against a target whose DR varies by location needs the least protected location
    exposed to it (003 line 83): the texts cannot tell which that is.

    >>> giant, vest = Combatant(sm=8, unarmed=True), Combatant(dr=12, dr_locations="skull=0")
    >>> open_question(giant, vest, AttackSetup())
    'Which is the least protected spot exposed to the blow?'
    >>> open_question(giant, vest, AttackSetup(exposed="skull")) is None
    True
    """
    if large_area_blow(attacker, defender, setup) and _dr_varies(defender):
        if not setup.exposed:
            return "Which is the least protected spot exposed to the blow?"
        if setup.exposed not in dict(exposed_spots()):
            raise RuleError(f"exposed location {shown(setup.exposed)} is not a hit location")
    return None


@checked
def braceable(attacker: Combatant) -> bool:
    """004 line 49: bracing adds +1 for firearms and crossbows only."""
    return attacker.attack_kind in ("firearm", "crossbow")


@checked
def defenses_of(c: Combatant) -> tuple[str, ...]:
    """The defenses the combatant's maneuver leaves them (GUR-18), without a block when they have no
    shield (004 line 237: a block needs a ready shield), without a parry when nothing of their
    parries (a bow alone, GUR-48); none while they are unconscious, unable
    to react (004 line 210), as :func:`defense_options` offers none."""
    left = allowed_defenses(c.maneuver, unaware=c.unconscious)
    return tuple(k for k in left if _equipped(c, k))


def _equipped(c: Combatant, kind: str) -> bool:
    """GUR-18's reading: a parry needs a ready weapon that parries or an empty hand (GUR-48,
    GUR-50; a bow gives none: :func:`~pycore.systems.gurps.sheet.own_parry`), a block a ready
    shield (004 line 237; not while both hands grip a two-handed weapon), a dodge nothing."""
    if kind == "parry":
        return own_parry(c) is not None
    return kind != "block" or c.blocks


@checked
def offered_options(c: Combatant, name: str) -> tuple[str, ...]:
    """The options of maneuver ``name`` open to them: All-Out Attack's for their weapon (GUR-16);
    All-Out Defense (Increased) only for a defense they have (GUR-17: +2 to a defense they cannot
    make is no choice; GUR-18: a block needs a shield, a parry a weapon or a hand).

    >>> offered_options(Combatant(), "All-Out Defense")
    ('Increased Dodge', 'Increased Parry', 'Double Defense')
    """
    options = maneuver_options(name, melee=not c.ranged)
    raised = [o.removeprefix("Increased ").lower() for o in options]
    return tuple(
        o for o, k in zip(options, raised, strict=True) if k not in DEFENSES or _equipped(c, k)
    )


@checked
def defense_options(
    attacker: Combatant, defender: Combatant, setup: AttackSetup
) -> tuple[tuple[str, EffectiveSkill], ...]:
    """The defenses the defender may use against this attack, each as its effective line: the
    maneuver's (GUR-18, GUR-T10), none from behind (GUR-51); those the kind of attack allows
    (004 lines 226, 241, 253), a thrown weapon parried at −1 or −2 (004 line 257); no block
    without a shield (004 line 237); a barehanded parry at −3 against a weapon unless the
    attack is a thrust or the parry uses Karate (004 line 270).

    >>> aoa = Combatant(maneuver="All-Out Attack")
    >>> defense_options(Combatant(), aoa, AttackSetup())
    ()
    >>> gun = Combatant(attack_kind="firearm")
    >>> [k for k, _ in defense_options(gun, Combatant(shield_skill=12), AttackSetup())]
    ['dodge']
    """
    attacker = armed(attacker, setup.line)
    against = defenses_against(attacker.attack_kind)
    # 004 line 210: no active defense for one unable to react; unconscious is such (GUR-43).
    kinds = allowed_defenses(
        defender.maneuver, from_behind=setup.from_behind, unaware=defender.unconscious
    )
    db = defender.shield_db_now if setup.shield_side else 0  # a ready shield's (004 line 219)
    options = []
    for kind in kinds:
        if kind not in against or kind not in defenses_of(defender):
            continue
        extra: tuple[Modifier, ...] = ()
        if kind == "dodge":
            base = explain_dodge(defender.speed, defender.encumbrance)
        elif kind == "parry":
            weapon = not attacker.unarmed
            parried = own_parry(defender, vs_weapon=weapon, thrust=attacker.thrust)
            if parried is None:  # nothing to parry with (defenses_of has kept no parry)
                continue
            base = parried
            if attacker.attack_kind == "thrown":
                extra = (thrown_parry_modifier(attacker.light),)
        else:
            base = explain_block(defender.shield_skill)
        line = defense_line(
            kind,
            base,
            posture_name=defender.posture,
            shield_db=db,
            aod_option=defender.option or None,
            stunned=defender.dazed,
            extra=extra,
        )
        options.append((kind, line))
    return tuple(options)


@checked
def best_defense(
    options: tuple[tuple[str, EffectiveSkill], ...],
) -> tuple[str, EffectiveSkill] | None:
    """The defense with the highest effective value, or None when there is none."""
    return max(options, key=lambda o: o[1].total) if options else None


@dataclass(frozen=True)
class AttackPreview:
    """What the worksheet shows before the roll: the effective skill, the defenses left to the
    defender with their chances, and the exact chances to hit and to land past the best one."""

    line: EffectiveSkill
    defenses: tuple[tuple[str, EffectiveSkill], ...]
    best: tuple[str, EffectiveSkill] | None
    hit: Fraction
    lands: Fraction
    #: The defense the odds assume they try after a failed ``best`` (Double Defense, GUR-17).
    second: tuple[str, EffectiveSkill] | None = None

    def defense_odds(self) -> tuple[tuple[str, int, Fraction], ...]:
        """Each defense left: its kind, its effective value and its chance (GUR-44)."""
        return tuple((kind, d.total, defense_chance(d.total)) for kind, d in self.defenses)


def preview(
    attacker: Combatant,
    defender: Combatant,
    setup: AttackSetup,
    options: tuple[tuple[str, EffectiveSkill], ...] | None = None,
) -> AttackPreview:
    """The attack before its roll (GUR-03, GUR-20, GUR-44, GUR-45). ``options``: the defenses
    the fight leaves them (the weapon in their hand), else their sheet's. Under All-Out Defense
    (Double Defense) a failed defense is followed by a second, different one (GUR-17): the odds
    count their best two, and say which (``second``).

    >>> p = preview(Combatant(weapon_skill=14, maneuver="Attack"), Combatant(), AttackSetup())
    >>> p.line.total, p.best[0], p.hit, p.lands
    (14, 'parry', Fraction(49, 54), Fraction(31, 54))
    """
    line = attack_line(attacker, defender, setup)
    if options is None:
        options = defense_options(attacker, defender, setup)
    best = best_defense(options)
    double = defender.maneuver == "All-Out Defense" and defender.option == "Double Defense"
    second = None
    if double and best is not None:
        second = best_defense(tuple(o for o in options if o[0] != best[0]))
    lands = landing_chance(
        line.total,
        None if best is None else best[1].total,
        None if second is None else second[1].total,
    )
    return AttackPreview(line, options, best, hit_chance(line.total), lands, second)


@checked
def landing_odds(attacker: Combatant, defender: Combatant, setup: AttackSetup) -> Fraction:
    """The exact chance this attack lands past the defender's best allowed defense."""
    return preview(attacker, defender, setup).lands


#: Table rows the worksheet sets from its own fields (the maneuver, Aim), not offered as toggles.
_OWN_ROWS: Final = frozenset(
    {
        "move_and_attack",
        "aoa_determined_melee",
        "aoa_ranged",
        "aim",
        "braced",
        "extra_aim_2",
        "extra_aim_3",
        "scope",
        "large_shield",
    }
)


def offered_modifiers(ranged: bool) -> tuple[TableModifier, ...]:
    """The table modifiers (GUR-23 to GUR-26) a melee or a ranged attack may pick, without the
    rows the worksheet already sets: from the maneuver and Aim (GUR-11, GUR-15, GUR-16), and
    "Holding a large shield" from the sheet (004 line 141, :func:`attack_line`).

    >>> [m.key for m in offered_modifiers(ranged=False)][-2:]
    ['partial_darkness', 'off_hand_melee']
    """
    other = "melee" if ranged else "ranged"
    return tuple(m for m in attack_modifiers() if m.key not in _OWN_ROWS and m.applies != other)


@checked
def half_range(attacker: Combatant, setup: AttackSetup) -> bool:
    """GUR-22 / GUR-54: a ranged attack at or beyond the weapon's 1/2D does half damage.

    >>> half_range(Combatant(attack_kind="bow", half_d="10", max_range="100"), AttackSetup(yards=10))
    True
    """
    attacker = armed(attacker, setup.line)
    if not attacker.ranged:
        return False
    half = attacker.half_d.strip() or None
    top = attacker.max_range.strip() or None
    return at_half_damage(setup.yards, half, top)


@checked
def resolve_injury(
    attacker: Combatant, defender: Combatant, setup: AttackSetup, damage: DamageRoll
) -> InjuryResult:
    """The injury from a damage roll: the location's DR, type, location and the defender's
    Injury Tolerance (GUR-55 to GUR-62).

    >>> from pycore.systems.gurps.damage_roll import DamageRoll
    >>> roll = DamageRoll("1d+1", (6,), "cut", False, 7, False, 7)
    >>> resolve_injury(Combatant(), Combatant(dr=2), AttackSetup(), roll).injury
    7
    """
    attacker = armed(attacker, setup.line)
    if large_area_blow(attacker, defender, setup):
        question = open_question(attacker, defender, setup)
        if question is not None:
            raise RuleError(question)
        return _large_area_injury(defender, setup, damage)
    location = struck_location(setup)
    chink = setup.chink or location.startswith("chink")
    if location == "chink_other":
        # Saved before the chink went with its location: which location it was is not known.
        raise RuleError("a chink elsewhere: pick the location struck and press Chink in armor")
    real = "torso" if location == "chink_torso" else location
    return injury(
        damage.final,
        dr_at(defender, real),
        damage.damage_type,
        real,
        defender.tolerance or None,
        defender.hp,
        chink=chink,
        tight_beam=attacker.tight_beam,
        male=defender.male,
        eye_reading=setup.eye_reading,
    )


def _large_area_injury(defender: Combatant, setup: AttackSetup, damage: DamageRoll) -> InjuryResult:
    """GUR-62: a torso hit (003 line 85), or the exposed location's hit when it is the only
    one exposed, against the average of the torso DR and the least protected exposed
    location's, rounded up (003 line 83; kept literal with one location, GUR-D06). Not an
    area-effect, cone or explosion attack: a Diffuse target's cap still holds (003 line 77)."""
    if setup.only_exposed and not setup.exposed:
        raise RuleError("only one spot exposed: which one? (large-area injury, 003 line 85)")
    torso = dr_at(defender, "torso")
    spot = dr_at(defender, setup.exposed) if setup.exposed else torso
    least = spot if setup.only_exposed else min(torso, spot)  # torso exposed too, or not
    dr = large_area_dr(torso, least)
    # 003 line 85: a torso hit unless only one location is exposed; that location's effects
    # then apply, and a lone limb's injury past a major wound is lost (GUR-37, GUR-38 caps).
    where = setup.exposed if setup.only_exposed else "torso"
    hurt = injury(
        damage.final,
        dr,
        damage.damage_type,
        where,
        defender.tolerance or None,
        defender.hp,
        male=defender.male,
    )
    text = f"DR ⌈({torso} + {least})/2⌉ = {dr} (large-area: torso and least protected, GUR-62)"
    if hurt.effective_dr != dr:  # a lone skull keeps its extra DR 2 (003 line 43)
        text += f" + skull 2 = {hurt.effective_dr}"
    return replace(hurt, dr_steps=(text,))
