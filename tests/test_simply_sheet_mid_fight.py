"""A record edited during the fight (playsm2, a GM's three-round play-through at 768x1024): Mara's
Greatsword (Max Dmg 24) added on the Characters tab between rounds was never offered on the
Combat tab, whose fighter kept the weapons, armor and shield it joined with; the GM typed Max Dmg
24 in the damage fold instead. FIGHT.md's first law: an attack is born from the sheets, so an
edit reaches the record's fighters, in the same undo step."""

from __future__ import annotations

from rkweb.app.model import Model
from test_simply_fight_page import _options, send, started, texts

from pycore.systems.simply.character import Character, Skill, Weapon
from pycore.systems.simply.fight import Combat, hit
from pycore.systems.simply.fight.sheet import add_character, sheet_changed

GREATSWORD = '{"name": "Greatsword", "skill": "Melee Weapon: Sword", "max_damage": "24"}'


def _edit_mara(model: Model, *edit: str) -> Model:
    model = send(model, "simply.tab", "characters")
    model = send(model, "simply.char_select", 0)
    model = send(model, "simply.char_field", *edit)
    return send(model, "simply.tab", "combat")


def test_a_weapon_added_to_the_sheet_mid_fight_is_the_next_attack_s() -> None:
    model = _edit_mara(started(), "add_weapon", GREATSWORD)
    assert any("Greatsword" in t for t in texts(model, "sc-arm-1"))
    assert _options(model, "sc-attack-weapon") == ["0", "1", "2"]
    model = send(model, "simply.combat_arm", "1")
    model = send(model, "simply.combat_attack_typed", "2 3")  # Mara hits Bo
    assert model.state["simply_combat"]["form"]["damage"]["max_damage"] == "24"
    model = send(model, "shell.undo")
    model = send(model, "shell.undo")
    model = send(model, "shell.undo")  # the edit is one step: the record and its fighter
    fighters = model.state["simply_combat"]["combat"]["combatants"]
    assert [a["name"] for a in fighters[0]["arms"]] == ["Longsword", "Unarmed"]
    assert [w["name"] for w in model.state["simply_characters"]["list"][0]["weapons"]] == [
        "Longsword"
    ]


def test_armor_and_a_shield_put_on_the_sheet_mid_fight_are_worn_in_the_fight() -> None:
    model = _edit_mara(started(), "armor_id", "chainmail")
    model = _edit_mara(model, "shield_id", "large")
    mara = model.state["simply_combat"]["combat"]["combatants"][0]
    assert (mara["armor"], mara["shield"]) == ("chainmail", "large")


def test_a_stronger_sheet_keeps_the_injury_taken() -> None:
    """SIM-27: S 6 → 7 at H 6 raises HP 24 to 27; the 4 HP lost stay lost (SIM-42)."""
    mara = Character(name="Mara", skills=(Skill("Melee Weapon", "Capable", "Sword"),))
    fight, _ = hit(add_character(Combat(), mara, "u1"), "c1", 4)
    stronger = Character(name="Mara", strength=7, skills=mara.skills)
    c = sheet_changed(fight, "u1", mara, stronger).get("c1")
    assert (c.hp, c.hp_max, c.strength) == (23, 27, 7)


def test_armor_given_at_joining_stays_when_the_edit_leaves_the_armor_alone() -> None:
    mara = Character(name="Mara")
    fight = add_character(Combat(), mara, "u1", armor="chainmail")
    armed = Character(name="Mara", weapons=(Weapon("Club", "Brawling", 8),))
    c = sheet_changed(fight, "u1", mara, armed).get("c1")
    assert c.armor == "chainmail" and [a.name for a in c.arms] == ["Club", "Unarmed"]
