"""The Simply fight as FIGHT.md and issue 14 shape it: weapons on the sheet set the attack up
(SIM-17, SIM-28, SIM-39, SIM-40, SIM-D09), unbought skills at their default (SIM-03), and every
roll takes the dice the GM rolled at the table (typed, checked) as well as "roll for me"."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scripted import Faces

from pycore.dice import DiceError, seeded, typed_dice
from pycore.errors import RuleError
from pycore.systems.simply.character import Campaign, Character, Skill, Weapon, validate
from pycore.systems.simply.character_json import character_from_json, character_to_json
from pycore.systems.simply.damage import roll_raw_from_table
from pycore.systems.simply.fight import (
    Combat,
    add_combatant,
    combat_from_json,
    combat_to_json,
    guard_of,
    hit,
    initiative_rollers,
    plan_attack,
    roll_attack,
    roll_check,
    roll_initiative,
    treat,
    typed_initiative,
    typed_rolls,
)
from pycore.systems.simply.fight.dice import ATTACK, CHECK, DEFEND, STABILIZED_HOURS, TREATMENT
from pycore.systems.simply.fight.sheet import add_character
from pycore.systems.simply.scores import base_scores, combat_skills, weapon_lines

MARA = Character(
    name="Mara",
    coordination=7,
    skills=(Skill("Melee Weapon", "Capable", "Sword"), Skill("Martial Arts", "Familiar")),
    weapons=(
        Weapon("Longsword", "Melee Weapon: Sword", 24),
        Weapon("Throwing knife", "Thrown Weapon", 8),
        Weapon("Blaster", "Missile Weapon: Blasters"),
    ),
)


# --- weapons on the sheet -----------------------------------------------------------------------


def test_sim_28_sim_03_a_weapon_uses_its_skills_rating_or_the_default() -> None:
    sword, knife, blaster = weapon_lines(MARA)
    assert (sword.rating, sword.level, sword.max_damage, sword.kind) == (11, "Capable", 24, "other")
    # Thrown Weapon not bought: a physical skill's default, C 7 − 2 (SIM-03), no level.
    assert (knife.rating, knife.level, knife.kind) == (5, None, "projectile")
    # A weapon with its own damage table (SIM-40) and the energy row (SIM-D09).
    assert (blaster.max_damage, blaster.kind) == (None, "energy")


def test_sim_d09_the_record_may_override_the_skills_armor_row() -> None:
    spear = Character(weapons=(Weapon("Thrown spear", "Thrown Weapon", 12, "other"),))
    assert weapon_lines(spear)[0].kind == "other"


def test_sim_39_only_weapon_and_hand_combat_skills_are_attacks() -> None:
    assert "Dodging" not in combat_skills(MARA) and "Combat Awareness" not in combat_skills(MARA)
    assert combat_skills(MARA)[:2] == ("Melee Weapon: Sword", "Martial Arts")
    odd = Character(weapons=(Weapon("Spoon", "Dodging"), Weapon("Axe", "Melee Weapon", 200)))
    problems = validate(odd, Campaign())
    messages = [str(p) for p in problems]
    assert any("'Dodging' is not a combat skill" in m for m in messages)
    assert any(m.endswith("Melee Weapon needs a specialty") for m in messages)
    assert any(p.rules == ("SIM-20",) for p in problems)  # the rule as data, not in the words
    assert any("Max Dmg 200 is outside 1 to 100" in m for m in messages)


def test_weapons_round_trip_and_a_bad_one_is_named() -> None:
    assert character_from_json(character_to_json(MARA)) == MARA
    with pytest.raises(RuleError, match=r"weapons\[0\]\.kind 'laser'"):
        character_from_json({"weapons": [{"name": "X", "skill": "Brawling", "kind": "laser"}]})


def test_sim_03_unbought_skills_are_offered_at_their_default_once() -> None:
    scores = {s.key: s for s in base_scores(MARA)}
    assert scores["default:Climbing"].base == 7 and scores["default:Climbing"].level is None
    assert scores["default:Acrobatics"].base == 5  # physical: C − 2
    assert "default:Medicine" not in scores  # a mental skill not bought has no roll
    assert [k for k in scores if k.startswith("skill:")] == ["skill:0", "skill:1"]


def test_a_character_fights_with_its_weapons_then_unarmed() -> None:
    fight = add_character(Combat(), MARA, "u-mara")
    names = [(a.name, a.skill, a.rating, a.max_damage) for a in fight.get("c1").arms]
    # Martial Arts bought: the unarmed attack uses it (C 7 + Familiar 2); SIM-25 Max Dmg for S 6.
    assert names[-1] == ("Unarmed", "Martial Arts", 9, 6)
    assert names[0] == ("Longsword", "Melee Weapon: Sword", 11, 24)


# --- the attack set up from the sheets -------------------------------------------------------------


def _two() -> Combat:
    bo = Character(name="Bo", skills=(Skill("Brawling", "Expert"),))
    return add_character(add_character(Combat(), MARA, "u-mara"), bo, "u-bo")


def test_the_attack_is_set_up_from_both_sheets() -> None:
    plan = plan_attack(_two(), "c1", "c2")
    assert (plan.weapon, plan.tn, plan.level, plan.max_damage, plan.kind) == (
        "Longsword",
        11,
        "Capable",
        24,
        "other",
    )
    # Bo defends with his first attack, unarmed Brawling at Expert: S 6 + 12 (SIM-39, SIM-28).
    assert (plan.defend_tn, plan.defend_level) == (18, "Expert")
    blaster = plan_attack(_two(), "c1", "c2", 2)
    assert blaster.own_table and blaster.max_damage is None
    with pytest.raises(RuleError, match="weapon 9 is not one of Mara's"):
        plan_attack(_two(), "c1", "c2", 9)


def test_a_quick_npcs_attack_waits_for_its_tn() -> None:
    fight = add_combatant(Combat(), name="Thug", hp_max=12, strength=5, health=5, max_damage=6)
    fight = add_combatant(fight, name="Bo", hp_max=12, strength=5, health=5)
    plan = plan_attack(fight, "c1", "c2")
    assert (plan.tn, plan.defend_tn, plan.max_damage, plan.own_table) == (None, None, 6, False)


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1), st.integers(0, 2)), max_size=6))
def test_fight_md_a_set_up_never_depends_on_the_one_before(
    steps: list[tuple[int, int, int]],
) -> None:
    """FIGHT.md: switching the attacker, weapon or target re-derives every field."""
    fight = _two()
    ids = ("c1", "c2")
    for attacker, target, arm in steps:
        arms = len(fight.get(ids[attacker]).arms)
        plan_attack(fight, ids[attacker], ids[target], arm % arms)
    assert plan_attack(fight, "c1", "c2", 1) == plan_attack(_two(), "c1", "c2", 1)


# --- every roll typed or rolled ----------------------------------------------------------------


def test_initiative_dice_typed_in_the_order_read_then_the_roll_offs() -> None:
    fight = add_combatant(Combat(), name="Grunt", hp_max=9, strength=5, health=5, minor=True)
    fight = add_combatant(fight, name="Ann", hp_max=9, strength=5, health=5)
    fight = add_combatant(fight, name="Bo", hp_max=9, strength=5, health=5)
    assert initiative_rollers(fight) == ("Ann", "Bo", "Grunt")
    # Ann 6, Bo 6 (tied: roll-off 2 and 9), Grunt 10 (a minor NPC goes last anyway).
    fight, rolled = roll_initiative(fight, typed_initiative("6 6 10 2 9"))
    assert fight.order == ("c3", "c2", "c1")
    assert str(rolled).startswith("Turn 1: Bo 1D10 (6) = 6, tie rolled off 1D10 (9)")
    with pytest.raises(DiceError, match="cannot show 11"):
        roll_initiative(fight, typed_initiative("11 1 1"))
    with pytest.raises(DiceError, match="more dice are needed"):
        roll_initiative(fight, typed_initiative("5 5 1"))  # the tie needs its roll-off dice


def test_typed_initiative_refuses_a_die_nobody_rolls() -> None:
    """A die typed past the rollers and their roll-offs is refused, not dropped: a GM who typed
    "3 6 8" for two fighters (one unconscious, SIM-38) was shown an order from "3 6" alone."""
    fight = add_combatant(Combat(), name="Ann", hp_max=9, strength=5, health=5)
    fight = add_combatant(fight, name="Bo", hp_max=9, strength=5, health=5)
    with pytest.raises(DiceError, match="2 dice are rolled, 3 typed"):
        roll_initiative(fight, typed_initiative("3 6 8"))
    with pytest.raises(DiceError, match="4 dice are rolled, 5 typed"):
        roll_initiative(fight, typed_initiative("5 5 1 2 7"))  # the tie's roll-off, then one more
    fight, _ = roll_initiative(fight, typed_initiative("3 6"))
    assert fight.order == ("c2", "c1")


def test_attack_and_defend_each_typed() -> None:
    fight, _ = roll_initiative(_two(), seeded("t"))
    attacker = fight.cursor or "c1"
    target = "c2" if attacker == "c1" else "c1"
    dice = typed_rolls((ATTACK, "3 4", "attacker"), (DEFEND, "9 9", "defender"))
    fight, result = roll_attack(fight, attacker, target, 11, dice, defend_tn=14)
    assert result.hit and result.number.startswith("7 vs TN 11")
    with pytest.raises(DiceError, match="defender: 2d10 can show 2 to 20, not 21"):
        typed_rolls((ATTACK, "7", "attacker"), (DEFEND, "21", "defender"))


def test_damage_checks_and_treatment_typed() -> None:
    fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5)
    raw = roll_raw_from_table(52, typed_dice("1d20", "10"))
    fight, _ = hit(fight, "c1", raw)  # 26: knockback, stamina, bleeding, quarter HP
    fight, check = roll_check(fight, 0, typed_dice(CHECK, "20"))  # a 20 always fails
    assert not check.passed and fight.get("c1").has("knocked down")
    fight, done = treat(fight, "c1", "bandage", typed_dice(TREATMENT, "2"))  # automatic
    assert done.success
    critical = add_combatant(Combat(), name="Cy", hp_max=20, strength=5, health=5, hp=-3)
    dice = typed_rolls((TREATMENT, "2 3", "treater"), (STABILIZED_HOURS, "4", "hours"))
    critical, stabilized = treat(critical, "c1", "stabilize", dice, skill="Medicine", rating=12)
    assert stabilized.success and critical.get("c1").stabilized_until == 4 * 60


# --- typed errors where an audit found others (issue 14) -------------------------------------


def test_bad_inputs_raise_the_typed_error_naming_the_field() -> None:
    from pycore.systems.simply import armor, tasks
    from pycore.systems.simply.fight import dismiss_check

    cases = [
        (lambda: armor.armor(None), "armor None is not a name"),  # type: ignore[arg-type]
        (lambda: armor.wear(5), "armor 5 is not a name"),  # type: ignore[arg-type]
        (lambda: armor.wear(None, "ablative"), "coatings 'ablative' must be a list"),
        (lambda: armor.apply_protection(10, "other", None, [5]), r"not a \(name, value\) pair"),  # type: ignore[list-item]
        (lambda: dismiss_check(Combat(), "x"), "check 'x' is not waiting"),  # type: ignore[arg-type]
        (
            lambda: armor.wear("plasteel_medium", ["ablative"], None, 1.5),  # type: ignore[arg-type]
            "ablative_hits 1.5 is not a whole number",
        ),
        (lambda: tasks.success_chance(10, "no"), "skilled 'no' must be True or False"),  # type: ignore[arg-type]
    ]
    for call, message in cases:
        with pytest.raises(RuleError, match=message):
            call()


def test_a_hit_is_applied_once_and_the_next_attack_waits_for_it() -> None:
    """Issue 25: the same hit could be applied twice. The core applies a hit's damage once and
    refuses a second time in words; an attack rolled while a hit still awaits its damage is
    refused too (the hit is never dropped silently); a reload keeps what is due."""
    fight = add_combatant(Combat(), name="Ann", hp_max=26, strength=6, health=5, bonus=9)
    fight = add_combatant(fight, name="Bo", hp_max=20, strength=5, health=5)
    fight, _ = roll_initiative(fight, Faces(1, 1))
    fight, attack = roll_attack(fight, "c1", "c2", 10, Faces(2, 3))
    assert attack.hit and attack.serial == 1
    fight = combat_from_json(combat_to_json(fight))  # a reload between the roll and the damage
    with pytest.raises(RuleError, match="Ann's hit on Bo still awaits its damage"):
        roll_attack(fight, "c1", "c2", 10, Faces(2, 3))
    fight, _ = hit(fight, "c2", 5, attack=attack.serial)
    assert fight.get("c2").hp == 15
    with pytest.raises(RuleError, match="the damage of attack 1 was applied already"):
        hit(fight, "c2", 5, attack=attack.serial)


def test_a_miss_ends_the_attack_and_its_damage_is_refused_in_words() -> None:
    """Issue 26: after a miss the damage step stayed live and a GM applied damage for it. The
    attack's lifetime ends with its result (FIGHT.md): the core refuses the missed attack's
    damage, saying it missed, also after a reload; the result says the miss ends the attack;
    damage without an attack (a fall, a trap) is still applied."""
    fight = add_combatant(Combat(), name="Ann", hp_max=26, strength=6, health=5, bonus=9)
    fight = add_combatant(fight, name="Bo", hp_max=20, strength=5, health=5)
    fight, _ = roll_initiative(fight, Faces(1, 1))
    fight, missed = roll_attack(fight, "c1", "c2", 10, Faces(9, 9))
    assert not missed.hit and missed.serial == 1 and fight.due is None
    assert missed.ended == "The attack missed: it deals no damage."
    fight = combat_from_json(combat_to_json(fight))  # a reload after the miss
    with pytest.raises(RuleError, match="Ann's attack 1 on Bo missed: a miss deals no damage"):
        hit(fight, "c2", 5, attack=missed.serial)
    assert fight.get("c2").hp == 20
    fallen, _ = hit(fight, "c2", 5)  # a fall: damage without an attack, on purpose
    assert fallen.get("c2").hp == 15
    fight, landed = roll_attack(fight, "c1", "c2", 10, Faces(2, 3))  # the miss blocks nothing
    assert landed.hit and landed.ended == "" and fight.due is not None


@given(
    st.integers(-5, 25),
    st.one_of(st.none(), st.integers(-5, 25)),
    st.sampled_from((0, 5, 7, 20)),
)
def test_the_chance_shown_with_luck_is_the_roll_s(tn: int, defend: int | None, lp: int) -> None:
    """Issue 26 item 5: the chance shown ignored declared luck (20 LP at TN 12 showed 64%; only
    a 20 then misses). Without luck it is the plain test or contest; with luck it counts the
    hits roll_attack itself gives over every pair of faces."""
    from pycore.systems.simply.fight import hit_chance
    from pycore.systems.simply.fight.attack import _lucky_chance

    assert hit_chance(12, luck=20) == Fraction(99, 100)
    assert _lucky_chance(tn, defend, True, True, 0, 0) == hit_chance(tn, defend)
    if defend is not None or not lp:
        return
    fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5, luck_points=lp)
    fight = add_combatant(fight, name="B", hp_max=9, strength=5, health=5)
    fight, _ = roll_initiative(fight, Faces(9, 1))
    hits = sum(
        roll_attack(fight, "c1", "c2", tn, Faces(a, b), attack_level="Capable", luck=True)[1].hit
        for a in range(1, 11)
        for b in range(1, 11)
    )
    assert hit_chance(tn, None, True, True, lp) == Fraction(hits, 100)


def test_sim_d08_a_bow_first_on_the_sheet_does_not_defend() -> None:
    """SIM-37, SIM-39: a Defend is a task with a weapon or hand-combat skill, and a missile or
    thrown weapon parries nothing: Cy, whose sheet lists a Short bow first, defends with his
    sword, and with neither, with his fists (play-through: "Cy defends with Short bow: TN 8")."""
    cy = Character(
        name="Cy",
        skills=(
            Skill("Missile Weapon", "Capable", "Bows"),
            Skill("Melee Weapon", "Familiar", "Sword"),
        ),
        weapons=(
            Weapon("Short bow", "Missile Weapon: Bows", 12),
            Weapon("Sword", "Melee Weapon: Sword", 20),
        ),
    )
    fight = add_character(add_character(Combat(), MARA, "u-mara"), cy, "u-cy")
    plan = plan_attack(fight, "c1", "c2")
    sword = next(line for line in weapon_lines(cy) if line.weapon.name == "Sword")
    assert (plan.defend_tn, plan.defend_level) == (sword.rating, "Familiar")
    archer = Character(
        name="Ann",
        skills=(Skill("Missile Weapon", "Capable", "Bows"), Skill("Brawling", "Expert")),
        weapons=(
            Weapon("Short bow", "Missile Weapon: Bows", 12),
            Weapon("Dagger", "Thrown Weapon", 6),
        ),
    )
    fight = add_character(add_character(Combat(), MARA, "u-mara"), archer, "u-ann")
    plan = plan_attack(fight, "c1", "c2")
    assert plan.defend_level == "Expert"  # her Brawling, unarmed
    assert guard_of(fight.get("c2")).name == "Unarmed"
