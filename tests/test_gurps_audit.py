"""The GURPS rules an outside audit found wrong (issue 15), each against the lines of the texts
(003 = the injury text, 004 = the combat text) it comes from."""

from __future__ import annotations

from contextlib import suppress
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pycore.errors import RuleError
from pycore.systems.gurps import (
    at_half_damage,
    effective_skill,
    injury,
    size_modifier,
    speed_range_modifier,
)
from pycore.systems.gurps.attacks import attack_lines
from pycore.systems.gurps.damage_roll import DamageRoll
from pycore.systems.gurps.defenses import defenses_against
from pycore.systems.gurps.fight.codec import setup_from_json, setup_to_json
from pycore.systems.gurps.injury import chink_dr
from pycore.systems.gurps.lines import lines_from_saved
from pycore.systems.gurps.modifiers import maneuver_options
from pycore.systems.gurps.quantities import decimal_text, exact
from pycore.systems.gurps.sheet import Combatant, combatant_from_json, derived_defenses
from pycore.systems.gurps.worksheet import (
    AttackSetup,
    attack_line,
    defense_options,
    defenses_of,
    resolve_injury,
)

SHIELDED = Combatant(name="Bo", shield_skill=12, weapon_skill=12)


def kinds(attacker: Combatant, defender: Combatant = SHIELDED) -> list[str]:
    return [k for k, _ in defense_options(attacker, defender, AttackSetup())]


# --- defenses by the kind of attack -------------------------------------------------------------


def test_firearms_can_only_be_dodged() -> None:  # 004:L226, L241
    assert kinds(Combatant(attack_kind="firearm")) == ["dodge"]


def test_muscle_powered_missiles_can_be_blocked_not_parried() -> None:  # 004:L241, L253
    assert kinds(Combatant(attack_kind="bow")) == ["dodge", "block"]
    assert kinds(Combatant(attack_kind="crossbow")) == ["dodge", "block"]


def test_melee_attacks_allow_every_defense() -> None:  # 004:L253
    assert kinds(Combatant(attack_kind="melee")) == ["dodge", "parry", "block"]


def test_thrown_weapons_can_be_parried_at_minus_1_or_minus_2_if_small() -> None:  # 004:L108, L257
    assert kinds(Combatant(attack_kind="thrown")) == ["dodge", "parry", "block"]
    plain = Combatant(weapon_skill=12)
    parry_vs = {
        light: dict(defense_options(Combatant(attack_kind="thrown", light=light), plain, AttackSetup()))
        for light in (False, True)
    }  # fmt: skip
    assert parry_vs[False]["parry"].total == 9 - 1
    assert parry_vs[True]["parry"].total == 9 - 2
    assert "(004:L257)" in str(parry_vs[True]["parry"])


def test_thrown_is_a_ranged_attack() -> None:  # 004:L108
    assert Combatant(attack_kind="thrown").ranged and not Combatant().ranged


def test_unknown_kind_is_a_typed_error() -> None:
    with pytest.raises(RuleError, match="kind of attack 'laser' is unknown"):
        defenses_against("laser")
    with pytest.raises(RuleError, match="kind of attack"):
        combatant_from_json({"attack_kind": "laser"})


def test_a_sheet_saved_as_ranged_reads_as_a_bow() -> None:
    assert combatant_from_json({"ranged": True}).attack_kind == "bow"
    assert combatant_from_json({"ranged": False}).attack_kind == "melee"


def test_no_block_without_a_shield() -> None:  # 004:L237
    assert defenses_of(Combatant(maneuver="Attack")) == ("dodge", "parry")
    assert defenses_of(Combatant(maneuver="Attack", shield_skill=11)) == ("dodge", "parry", "block")


def test_brace_only_for_firearms_and_crossbows() -> None:  # 004:L49
    setup = AttackSetup(yards=2, aim_seconds=1, braced=True)

    def braced(kind: str) -> bool:
        line = attack_line(Combatant(attack_kind=kind, maneuver="Attack"), Combatant(), setup)
        return any(m.reason == "braced" for m in line.modifiers)

    assert braced("firearm") and braced("crossbow")
    assert not braced("bow") and not braced("thrown")


def test_all_out_attack_options_fit_the_weapon() -> None:  # 004:L54
    assert "Ranged" not in maneuver_options("All-Out Attack", melee=True)
    assert maneuver_options("All-Out Attack", melee=False) == ("Ranged",)
    assert maneuver_options("All-Out Defense", melee=True)[-1] == "Double Defense"


# --- the unarmed parry on the sheet -------------------------------------------------------------


def test_a_barehanded_karateka_parries_a_sword_in_full() -> None:  # 004:L266-270
    karateka = Combatant(name="Kim", dx=12, unarmed=True, brawling=14, karate=12)
    sword = Combatant(attack_kind="melee")
    parry = dict(defense_options(sword, karateka, AttackSetup()))["parry"]
    assert parry.total == 9  # Karate 12, full; Brawling 14 would be 10 − 3 = 7


def test_no_minus_3_against_an_unarmed_attack_or_a_thrust() -> None:  # 004:L270
    brawler = Combatant(name="Bo", dx=10, unarmed=True, brawling=14)
    assert (
        dict(defense_options(Combatant(unarmed=True), brawler, AttackSetup()))["parry"].total == 10
    )
    assert (
        dict(defense_options(Combatant(thrust=True), brawler, AttackSetup()))["parry"].total == 10
    )
    assert dict(defense_options(Combatant(), brawler, AttackSetup()))["parry"].total == 7


def test_the_sheet_shows_the_barehanded_parry() -> None:  # 004:L268
    sheet = derived_defenses(Combatant(dx=12, unarmed=True, brawling=13))
    assert str(sheet[1]) == "Parry (unarmed, Brawling) = ⌊3 + Brawling 13/2⌋ = 9"


# --- chinks in armor, in one place ---------------------------------------------------------------


@pytest.mark.parametrize("kind", ["pi-", "pi", "pi+", "pi++", "imp"])
def test_piercing_and_impaling_may_target_a_chink(kind: str) -> None:  # 003:L86
    assert injury(10, 6, kind, "chink_torso").effective_dr == 3 == chink_dr(6, kind)


@pytest.mark.parametrize("kind", ["cut", "cr", "burn", "cor", "tox", "fat"])
def test_other_attacks_may_not_target_a_chink(kind: str) -> None:  # 003:L86
    with pytest.raises(RuleError, match="chink in armor can be targeted only by piercing"):
        injury(10, 6, kind, "chink_torso")
    with pytest.raises(RuleError, match="chink in armor"):
        injury(10, 6, kind, "arm", chink=True)
    axe = Combatant(damage_type=kind, maneuver="Attack")
    with pytest.raises(RuleError, match="chink in armor"):
        attack_line(axe, Combatant(), AttackSetup(location="chink_torso"))


def test_a_tight_beam_burn_may_target_a_chink() -> None:  # 003:L86
    assert injury(10, 6, "burn", "chink_torso", tight_beam=True).effective_dr == 3
    laser = Combatant(damage_type="burn", tight_beam=True, attack_kind="firearm")
    roll = DamageRoll("1d", (6,), "burn", False, 6, False, 6)
    hit = resolve_injury(laser, Combatant(dr=4), AttackSetup(location="chink_torso"), roll)
    assert hit.effective_dr == 2 and hit.injury == 4


# --- an eye hit is a skull hit without the extra DR 2 ------------------------------------------


def test_an_eye_hit_is_a_skull_hit_without_the_extra_dr() -> None:  # 003:L43, L46
    eye, skull = injury(5, 2, "pi", "eye", hp=40), injury(5, 2, "pi", "skull", hp=40)
    assert (eye.effective_dr, skull.effective_dr) == (2, 4)  # no extra DR 2 for the eye
    assert eye.multiplier == skull.multiplier == 4
    assert "knockdown rolls at −10" in eye.effects and "knockdown rolls at −10" in skull.effects


def test_an_eye_hit_over_hp_over_10_also_blinds() -> None:  # 003:L46
    hit = injury(3, 0, "imp", "eye", hp=10)
    assert "eye blinded (injury over HP/10)" in hit.effects
    assert "knockdown rolls at −10" in hit.effects


def test_no_brain_an_eye_hit_is_a_face_hit() -> None:  # GUR-60, 003:L46
    hit = injury(3, 0, "imp", "eye", tolerance="no brain", hp=40)
    assert "knockdown rolls at −5" in hit.effects


# --- a crippled hand or foot is a major wound ------------------------------------------------------


@pytest.mark.parametrize("where", ["hand", "foot", "shield_hand"])
def test_a_crippled_hand_or_foot_is_a_major_wound(where: str) -> None:  # 003:L57
    hit = injury(5, 0, "cut", where, hp=12)  # 7 > 12/3: crippled, capped at 5
    assert hit.injury == 5
    assert hit.effects[0].startswith(f"crippled {where.replace('_', ' ')}")
    assert "major wound" in hit.effects


def test_a_hand_hit_under_hp_over_3_is_no_major_wound() -> None:  # 003:L57
    assert injury(3, 0, "cr", "hand", hp=12).effects == ()


# --- numbers read as typed ---------------------------------------------------------------------


def test_a_size_typed_as_one_third_yard_is_the_1_ft_row() -> None:  # 004:L184, GUR-27
    assert size_modifier("1/3") == -5
    line = attack_line(
        Combatant(attack_kind="bow", maneuver="Attack"),
        Combatant(),
        AttackSetup(target_size_yards="1/3"),
    )
    assert "target size 1 ft −5" in line.plain()  # shown as players read it
    with pytest.raises(RuleError, match="below the table's 1 ft"):
        size_modifier("0.333")


def test_typed_decimals_stay_exact() -> None:  # STYLE 18
    setup = AttackSetup(yards="0.1", target_speed="0.2")
    assert setup.distance == Fraction(3, 10)
    assert setup_from_json(setup_to_json(setup)) == setup
    assert exact("Basic Speed", "5.75") == Fraction(23, 4)
    assert decimal_text(Fraction(3, 10)) == "0.3"


def test_a_speed_typed_with_decimals_gives_the_dodge_as_written() -> None:  # 004:L223-232
    assert str(derived_defenses(Combatant(basic_speed="5.75"))[0]) == "Dodge = ⌊5.75 + 3⌋ − 0 = 8"


# --- bad input is the typed error naming the field ----------------------------------------------


def test_bad_tolerance_is_a_typed_error() -> None:
    with pytest.raises(RuleError, match="injury tolerance 5 is not text"):
        injury(5, 0, "cut", tolerance=5)  # type: ignore[arg-type]


def test_a_modifier_that_is_not_one_is_a_typed_error() -> None:
    with pytest.raises(RuleError, match="modifier 5 is not a named modifier"):
        effective_skill(10, [5])  # type: ignore[list-item]


@pytest.mark.parametrize("bad", [float("inf"), float("-inf"), float("nan"), -1, "x", True])
def test_impossible_ranges_are_typed_errors(bad: object) -> None:
    for call in (
        lambda: speed_range_modifier(bad),  # type: ignore[arg-type]
        lambda: size_modifier(bad),  # type: ignore[arg-type]
        lambda: at_half_damage(bad, 10),  # type: ignore[arg-type]
        lambda: at_half_damage(5, 10, bad),  # type: ignore[arg-type]
        lambda: AttackSetup(yards=bad),  # type: ignore[arg-type]
    ):
        with pytest.raises(RuleError, match=r"range|size|Max|yards"):
            call()


def test_a_negative_range_is_refused_not_read_as_close() -> None:  # 004:L320
    with pytest.raises(RuleError, match="range \\(yards\\) -5 is outside 0 and up"):
        at_half_damage(-5, 10)


@given(st.one_of(st.floats(), st.integers(), st.text(max_size=12), st.none(), st.fractions()))
def test_any_distance_is_read_or_refused_by_name(value: object) -> None:
    for call in (speed_range_modifier, size_modifier, lambda v: at_half_damage(v, 10)):
        with suppress(RuleError):
            call(value)  # type: ignore[operator]


@given(
    st.one_of(st.integers(), st.text(max_size=8), st.none(), st.floats()),
    st.one_of(st.text(max_size=12), st.integers(), st.none()),
)
def test_any_injury_input_is_computed_or_refused_by_name(basic: object, tolerance: object) -> None:
    with suppress(RuleError):
        injury(basic, 2, "cut", tolerance=tolerance)  # type: ignore[arg-type]


# --- more than one way to attack (004 line 91) ---------------------------------------------------


SWORDSMAN = Combatant(
    id="s",
    name="Sam",
    weapon="Shortsword swing",
    weapon_skill=14,
    maneuver="Attack",
    # The text form of sheets saved before the list (issue 27 item 5), read as lines.
    more_attacks=lines_from_saved(
        "Thrust: 14, 1d imp, thrust; Knife: 12, 1d-1 imp, thrown, light, 1/2D 10, Max 20"
    ),
)


def test_a_weapon_used_two_ways_and_a_second_weapon_are_lines() -> None:  # 004:L91
    lines = attack_lines(SWORDSMAN)
    assert [line.name for line in lines] == ["Shortsword swing", "Thrust", "Knife"]
    assert (lines[2].kind, lines[2].light, lines[2].half_d, lines[2].max_range) == (
        "thrown",
        True,
        "10",
        "20",
    )


def test_the_line_named_before_the_roll_decides_the_attack() -> None:  # 004:L91, L257
    defender = Combatant(weapon_skill=12)
    by_line = {
        index: dict(defense_options(SWORDSMAN, defender, AttackSetup(line=index, yards=5)))
        for index in (0, 2)
    }
    assert by_line[0]["parry"].total == 9 and by_line[2]["parry"].total == 9 - 2
    knife = attack_line(SWORDSMAN, defender, AttackSetup(line=2, yards=5))
    assert knife.base == 12 and any(m.reason.startswith("speed/range") for m in knife.modifiers)


def test_a_line_the_sheet_does_not_have_is_refused() -> None:
    with pytest.raises(RuleError, match="attack line 5 is not one of the 3"):
        attack_line(SWORDSMAN, Combatant(), AttackSetup(line=5))


@pytest.mark.parametrize(
    ("typed", "error"),
    [
        ("Thrust 14, 1d imp", "is not 'name: skill, damage type'"),
        ("Thrust: 99, 1d imp", "skill '99' is not 0 to 40"),
        ("Thrust: 14, 1d zap", "damage type 'zap'"),
        ("Thrust: 14, 1d imp, sideways", "'sideways' is not a kind of attack"),
    ],
)
def test_a_badly_typed_line_is_a_typed_error(typed: str, error: str) -> None:
    with pytest.raises(RuleError, match=error):
        combatant_from_json({"more_attacks": typed})
