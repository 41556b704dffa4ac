"""The shield on the sheet and in the fight (GUR-45, GUR-25, GUR-47).

- "If you have a ready shield, add its Defense Bonus (DB) to any Dodge, Parry, or Block roll
  against an attack that came from in front of you or from your shield side" (004 line 219):
  the fight added it, the sheet's Dodge, Parry and Block did not, so they disagreed.
- "Holding a large shield −2" (004 line 141) was offered for any shield: the sheet had no
  "large" mark (GUR-25: a shield-record flag, the texts give no sizes).
- A shield is held in a hand (003 line 58: "a hand holding a shield"), and "a two-handed weapon
  is ready if you are gripping it with both hands" (004 line 93): while both hands grip one,
  none holds the shield, so it is not the ready shield that adds its DB or blocks (004 lines
  219, 237). The fight counted its DB all the same."""

from __future__ import annotations

from rkweb.app.model import Model
from rkweb.app.vdom import text_of
from rkweb.features.gurps import paper
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import fight_started, send, texts, two_fighters

from pycore.systems.gurps import fight as gf
from pycore.systems.gurps import sheet as sheets
from pycore.systems.gurps.aiming import aimed_locations
from pycore.systems.gurps.fight.hands import with_hand
from pycore.systems.gurps.lines import lines_from_saved
from pycore.systems.gurps.sheet import Combatant, derived_defenses
from pycore.systems.gurps.worksheet import AttackSetup, attack_line, defense_options

GREATSWORD = lines_from_saved("Greatsword: 12, 2d cut, two-handed")


def _ana_shielded(model: Model, **more: str) -> Model:
    """Ana (g1: Basic Speed 5, weapon skill 14) with Shield-11 and a shield of DB 2."""
    for field, value in {"shield_skill": "11", "shield_db": "2", **more}.items():
        model = send(model, "gurps.field", "g1", field, value)
    return model


def _sheet(model: Model, who: str = "g1") -> Model:
    return send(send(model, "gurps.tab", "combatants"), "gurps.select", who)


def _bo_hits_ana(model: Model) -> Model:
    """Bo's turn (first): an Attack on Ana, rolled 9 against 12, a hit she may defend."""
    model = send(model, "gurps.maneuver", "Attack", "")
    return send(model, "gurps.step_attack_typed", "3 3 3")


# --- 1. the sheet shows the defences with the shield's DB ------------------------------------


def test_the_sheet_shows_dodge_parry_and_block_with_the_shield_db() -> None:
    model = _sheet(_ana_shielded(fight_started()))
    shown = texts(model, "gurps-defenses")[0]
    assert "Dodge = ⌊5 + 3⌋ − 0 + shield DB 2 = 10 (8 from the unshielded side)" in shown
    assert "Parry = ⌊3 + 14/2⌋ + 0 + shield DB 2 = 12 (10 from the unshielded side)" in shown
    assert "Block = ⌊3 + 11/2⌋ + shield DB 2 = 10 (8 from the unshielded side)" in shown
    # and on paper (the print view) alike
    printed = text_of(paper.view(fight_of(model).combatant("g1")))
    assert "Dodge = ⌊5 + 3⌋ − 0 + shield DB 2 = 10" in printed


def test_a_shield_with_no_db_changes_nothing_on_the_sheet() -> None:
    assert [str(d) for d in derived_defenses(Combatant(shield_skill=11))] == [
        "Dodge = ⌊5 + 3⌋ − 0 = 8",
        "Parry = ⌊3 + 12/2⌋ + 0 = 9",
        "Block = ⌊3 + 11/2⌋ = 8",
    ]


def test_the_sheet_and_the_fight_agree_on_a_blow_from_the_front() -> None:
    hit = _bo_hits_ana(_ana_shielded(fight_started()))
    fight = fight_of(hit)
    in_fight = {k: line.total for k, line in gf.defenses_left(fight)}
    on_sheet = {d.name.lower(): d.value for d in derived_defenses(fight.combatant("g1"))}
    assert in_fight == on_sheet == {"dodge": 10, "parry": 12, "block": 10}


# --- 2. a large shield: stored with the sheet, the chip only for it --------------------------


def test_large_is_stored_with_the_sheet_and_old_sheets_load_not_large() -> None:
    old = sheets.combatant_from_json({"name": "Ana", "shield_skill": 11, "shield_db": 2})
    assert old.shield_large is False
    large = sheets.edited(old, "shield_large", "yes")
    assert large.shield_large is True
    assert sheets.combatant_to_json(large)["shield_large"] is True
    assert sheets.combatant_from_json(sheets.combatant_to_json(large)) == large
    fight = gf.Fight((large,))
    assert gf.fight_from_json(gf.fight_to_json(fight)).combatants[0].shield_large is True


def test_the_sheet_has_the_large_mark_and_the_paper_says_it() -> None:
    model = _sheet(fight_started())
    assert texts(model, "gurps-shield_large") != []
    marked = send(_ana_shielded(model), "gurps.field", "g1", "shield_large", "yes")
    assert fight_of(marked).combatant("g1").shield_large
    assert "skill 11, DB 2, large" in text_of(paper.view(fight_of(marked).combatant("g1")))


def test_no_large_shield_penalty_while_both_hands_grip_a_two_handed_weapon() -> None:
    """Bo (g2, first to act) holds a large shield: −2 on his attack line, from his sheet; with
    his weapon two-handed, none holds the shield (004 line 93): no −2."""
    model = fight_started()
    for field, value in (("shield_skill", "12"), ("shield_large", "yes")):
        model = send(model, "gurps.field", "g2", field, value)
    turn = send(model, "gurps.maneuver", "Attack", "")
    assert "+ Holding a large shield −2 =" in texts(turn, "gurps-fight-line")[0]
    gripped = send(turn, "gurps.field", "g2", "two_handed", "yes")
    assert "large shield" not in texts(gripped, "gurps-fight-line")[0]


def test_a_large_shield_pressed_in_an_old_save_counts_once() -> None:
    """A step saved before the −2 came from the sheet may hold its chip pressed: counted once."""
    held = Combatant(
        name="Bo", weapon_skill=12, maneuver="Attack", shield_skill=12, shield_large=True
    )
    pressed = AttackSetup(table_keys=(("large_shield", None),))
    line = str(attack_line(held, Combatant(), pressed))
    assert line.count("Holding a large shield") == 1 and line.endswith("= 10")
    assert str(attack_line(held, Combatant(), AttackSetup())).endswith("= 10")


# --- 3. a two-handed weapon: no hand holds the shield -----------------------------------------


def test_no_db_and_no_block_while_both_hands_grip_a_two_handed_weapon() -> None:
    foe = Combatant(name="Bo")
    hugh = Combatant(
        name="Hugh", weapon="Greatsword", two_handed=True, shield_skill=11, shield_db=2
    )
    gripped = dict(defense_options(foe, hugh, AttackSetup()))
    assert sorted(gripped) == ["dodge", "parry"]
    assert gripped["dodge"].total == 8 and "shield DB" not in str(gripped["dodge"])
    one_hand = dict(defense_options(foe, Combatant(shield_skill=11, shield_db=2), AttackSetup()))
    assert sorted(one_hand) == ["block", "dodge", "parry"]
    assert one_hand["dodge"].total == 10


def test_the_weapon_in_his_hands_decides_it_in_the_fight() -> None:
    """Hugh's sheet: a broadsword first, a greatsword second. With the greatsword in his hands
    (the fight's record) his shield adds nothing; with the broadsword it does."""
    hugh = Combatant(
        id="h",
        name="Hugh",
        shield_skill=11,
        shield_db=2,
        maneuver="Attack",
        more_attacks=GREATSWORD,
    )
    bo = Combatant(id="b", name="Bo", maneuver="Attack")
    fight = gf.Fight((hugh, bo))
    sword = dict(gf.preview_now(fight, bo, hugh, AttackSetup()).defenses)
    assert sword["dodge"].total == 10 and "block" in sword
    great = with_hand(fight, "h", 1)
    gripped = dict(gf.preview_now(great, bo, hugh, AttackSetup()).defenses)
    assert gripped["dodge"].total == 8 and "block" not in gripped
    assert gf.shield_withheld(great, hugh) == (
        "No shield DB and no block: both hands grip the Greatsword, so none holds the shield."
    )


def test_the_defence_step_and_the_sheet_say_why_the_shield_adds_nothing() -> None:
    model = _ana_shielded(fight_started(), weapon="Greatsword", two_handed="yes")
    hit = _bo_hits_ana(model)
    assert [k for k, _ in gf.defenses_left(fight_of(hit))] == ["dodge", "parry"]
    assert texts(hit, "gurps-fight-shield-withheld") == [
        "No shield DB and no block: both hands grip the Greatsword, so none holds the shield."
    ]
    shown = texts(_sheet(model), "gurps-defenses")[0]
    assert "Dodge = ⌊5 + 3⌋ − 0 = 8 (no shield DB: both hands grip the Greatsword)" in shown
    assert "Block = ⌊3 + 11/2⌋ = 8 (no block: both hands grip the Greatsword)" in shown


def test_the_attack_tab_says_it_too() -> None:
    model = _ana_shielded(two_fighters(), weapon="Greatsword", two_handed="yes")
    model = send(model, "gurps.tab", "attack")
    for field, value in (("attacker", "g2"), ("defender", "g1")):
        model = send(model, "gurps.attack_form", field, value)
    rolled = next(
        r
        for r in (send(model, "gurps.attack_roll", seed=str(n)) for n in range(40))
        if texts(r, "gurps-defense-choices")
    )
    assert texts(rolled, "gurps-shield-withheld") == [
        "No shield DB and no block: both hands grip the Greatsword, so none holds the shield."
    ]
    assert "Block" not in texts(rolled, "gurps-defense-choices")[0]


# --- 4. no shield arm or shield hand to aim at while no hand holds the shield -----------------


def _locations(model: Model, testid: str) -> str:
    return texts(model, testid)[0]


def test_no_shield_arm_to_aim_at_while_both_hands_grip_a_two_handed_weapon() -> None:
    """003 lines 55, 58: the shield arm (−4) and shield hand (−8) are an arm and a hand holding
    a shield. While both of Ana's hands grip her greatsword none holds it (004 line 93), as her
    DB and block already say (004 lines 219, 237): the tracker's step and the Attack tab offered
    them all the same, following her Shield skill."""
    shielded = _ana_shielded(fight_started())
    turn = send(shielded, "gurps.maneuver", "Attack", "")  # Bo's turn, at Ana
    assert "shield arm" in _locations(turn, "gurps-fight-location")
    gripped = send(turn, "gurps.field", "g1", "two_handed", "yes")
    assert "shield arm" not in _locations(gripped, "gurps-fight-location")
    assert "shield hand" not in _locations(gripped, "gurps-fight-location")
    tab = send(gripped, "gurps.tab", "attack")
    for field, value in (("attacker", "g2"), ("defender", "g1")):
        tab = send(tab, "gurps.attack_form", field, value)
    assert "shield arm" not in _locations(tab, "gurps-attack-location")
    one_hand = send(tab, "gurps.field", "g1", "two_handed", "")
    assert "shield arm" in _locations(one_hand, "gurps-attack-location")


def test_the_weapon_in_the_fighters_hands_decides_the_shield_side() -> None:
    """Hugh's sheet: a broadsword first, a greatsword second; his shield has a DB but no skill
    (carried all the same: 003 line 55). With the greatsword in both hands, no shield arm."""
    hugh = Combatant(id="h", name="Hugh", shield_db=2, more_attacks=GREATSWORD)
    bo = Combatant(id="b", name="Bo")
    fight = gf.Fight((hugh, bo))
    assert "shield_arm" in aimed_locations(bo, gf.target_as_held(fight, hugh))
    great = with_hand(fight, "h", 1)
    assert not {"shield_arm", "shield_hand"} & set(
        aimed_locations(bo, gf.target_as_held(great, hugh))
    )
    assert "shield_hand" in aimed_locations(bo, gf.target_as_held(with_hand(fight, "h", 0), hugh))


# --- 5. the share preview says the shield as the printed sheet does --------------------------


def test_the_share_preview_says_a_large_shield() -> None:
    """The sheet marks the shield large (−2 to his melee attacks, 004 line 141; GUR-25): the
    share preview someone reads before importing the fighter said only "skill 11"."""
    from pycore.share.words import sheet_words

    ana = Combatant(name="Ana", shield_skill=11, shield_db=2, shield_large=True)
    rows = dict(sheet_words("gurps.fighter", sheets.combatant_to_json(ana))[0])
    assert rows["Shield"] == "skill 11, DB 2, large"
    assert "skill 11, DB 2, large" in text_of(paper.view(ana))  # one wording, both places
    none = dict(sheet_words("gurps.fighter", sheets.combatant_to_json(Combatant()))[0])
    assert none["Shield"] == ""
