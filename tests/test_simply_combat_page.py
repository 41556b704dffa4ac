"""The Simply combat worksheet page as values: messages in, the core's results rendered."""

from __future__ import annotations

from typing import Any

from decode_count import count_decodes, one_decode_per_tap
from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import find_all, text_of

from pycore.store import History, default_data

NOW = "2026-11-23T10:00:00+01:00"


def ctx(seed: str = "abc") -> Ctx:
    return Ctx(now=NOW, fresh_seed=seed)


def combat_page() -> Model:
    model = Model(History.new(default_data()), route="simply")
    return shell.update(model, ("simply.tab", "combat"), ctx())


def texts(model: Model, testid: str) -> list[str]:
    return [text_of(n) for n in find_all(shell.view(model), testid)]


def send(model: Model, *msg: object, seed: str = "abc") -> Model:
    return shell.update(model, tuple(msg), ctx(seed))


def add(model: Model, name: str, **fields: str) -> Model:
    model = send(model, "simply.combat_form", "add", "name", name)
    for field, value in fields.items():
        model = send(model, "simply.combat_form", "add", field, value)
    return send(model, "simply.combat_add")


def two_fighters() -> Model:
    model = add(combat_page(), "Mara", hp_max="26", strength="6", health="5", bonus="2")
    return add(model, "Grunt", hp_max="12", strength="5", health="4", minor="yes")


def weapon_hit(model: Model, target: str, raw: str) -> Model:
    model = send(model, "simply.combat_form", "damage", "target", target)
    model = send(model, "simply.combat_form", "damage", "source", "weapon")
    model = send(model, "simply.combat_form", "damage", "raw", raw)
    return send(model, "simply.combat_damage")


def test_add_participants_and_roll_initiative() -> None:
    model = two_fighters()
    assert len(texts(model, "sc-combatant")) == 2
    model = send(model, "simply.combat_initiative", seed="s1")
    assert texts(model, "sc-current") == ["Now: Mara"]  # Grunt is a minor NPC: last (SIM-34)
    assert texts(model, "sc-log-entry")[0].startswith("Turn 1: Mara 1D10 (")
    assert model.history.undo_label == "Turn 1 initiative"


def test_bad_input_is_shown_by_its_field_and_kept() -> None:
    model = send(combat_page(), "simply.combat_form", "add", "hp_max", "lots")
    assert (
        "HP 'lots' is not a whole number from 1 to 1000" in texts(model, "sc-add-hp_max-error")[0]
    )
    assert model.state["simply_combat"]["form"]["add"]["hp_max"] == "lots"
    model = send(model, "simply.combat_form", "add", "name", "Ogre")
    model = send(model, "simply.combat_add")
    assert "HP 'lots'" in texts(model, "sc-error-add")[0]
    assert texts(model, "sc-combatant") == []


def test_attack_odds_then_damage_with_the_master_damage_table_and_a_check() -> None:
    model = send(two_fighters(), "simply.combat_initiative", seed="s1")
    model = send(model, "simply.combat_form", "attack", "attacker", "c1")
    model = send(model, "simply.combat_form", "attack", "target", "c2")
    model = send(model, "simply.combat_form", "attack", "tn", "12")
    assert texts(model, "sc-hit-chance") == ["Chance to hit: 64%exactly 16/25 (no Defend)"]
    model = send(model, "simply.combat_form", "attack", "defend", "yes")
    model = send(model, "simply.combat_form", "attack", "defend_tn", "10")
    assert "contest" in texts(model, "sc-hit-chance")[0]
    model = send(model, "simply.combat_form", "damage", "target", "c2")
    model = send(model, "simply.combat_form", "damage", "max_damage", "20")
    model = send(model, "simply.combat_form", "damage", "d20", "15")
    preview = texts(model, "sc-damage-preview")[0]
    assert preview.startswith("Preview: Max Dmg 20, damage roll 15 → raw ")
    model = send(model, "simply.combat_damage")
    entry = texts(model, "sc-log-entry")[0]
    assert entry.startswith("Max Dmg 20, damage roll 15 → raw ") and "Grunt: raw" in entry
    checks = texts(model, "sc-check")
    assert checks and "TN" in checks[0] and "%" in checks[0]
    assert model.history.undo_label == "Damage to Grunt"
    undone = send(model, "shell.undo")
    assert texts(undone, "sc-check") == []


def test_rolling_a_check_applies_its_failure_and_undo_brings_it_back() -> None:
    model = weapon_hit(two_fighters(), "c2", "10")  # HP 12 → 2: injury > ½ HP, at ≤ ¼ HP
    before = texts(model, "sc-check")
    # The injury's own log line names each check's cause as its row and its roll do (a GM's
    # play-through: the hit said "Stamina Check TN 8" twice, its cause only in the roll's line).
    hit = texts(model, "sc-log-entry")[0]
    assert "Stamina Check (an injury over half HP) TN 8 or unconscious" in hit, hit
    assert "Stamina Check (at ¼ HP or less) TN 8 or unconscious" in hit, hit
    # Two Stamina Checks, each with its cause (a GM's play-through, smfix: they looked the same,
    # with no cause given; SIM-45, SIM-47).
    assert [c.split(":")[1].strip().split(" TN")[0] for c in before] == [
        "Stamina Check (an injury over half HP)",
        "Stamina Check (at ¼ HP or less)",
    ]
    # Passed (3 vs TN 8): the other still counts (a failure would make it moot, SIM-47).
    model = send(model, "simply.combat_check_typed", 0, "1 2")
    assert len(texts(model, "sc-check")) == 1
    assert "Stamina Check (an injury over half HP): 2d10" in texts(model, "sc-log-entry")[0]
    waived = send(model, "simply.combat_waive", 0)
    assert "Stamina Check (at ¼ HP or less) waived by the GM" in texts(waived, "sc-log-entry")[0]
    assert len(texts(send(model, "shell.undo"), "sc-check")) == 2


def test_clock_and_bandage() -> None:
    model = weapon_hit(two_fighters(), "c1", "10")
    model = send(model, "simply.combat_clock", 5)
    assert texts(model, "sc-hp-c1") == ["HP 15/26"]
    model = send(model, "simply.combat_form", "treat", "patient", "c1")
    assert "bandage: Automatic" in texts(model, "sc-treat-task")[0]
    model = send(model, "simply.combat_treat")
    model = send(model, "simply.combat_clock", 60)
    assert texts(model, "sc-hp-c1") == ["HP 15/26"]
    assert texts(model, "sc-status-c1") == ["ok"]


def build(model: Model, name: str, *edits: tuple[str, str]) -> Model:
    """A character made on the Characters tab, then back to the fight."""
    model = send(model, "simply.tab", "characters")
    model = send(model, "simply.char_new")
    model = send(model, "simply.char_field", "name", name)
    for field, value in edits:
        model = send(model, "simply.char_field", field, value)
    return send(model, "simply.tab", "combat")


def form(model: Model, group: str) -> dict[str, str]:
    return dict(model.state["simply_combat"]["form"][group])


def test_a_character_joins_with_its_derived_values_and_attacks_with_its_weapon() -> None:
    """SIM-27 HP, SIM-24 initiative bonus, SIM-28 rating and the weapon's Max Dmg (SIM-40)
    carried into the fight: the attack step is set up from the sheet."""
    model = build(
        combat_page(),
        "Mara",
        ("add_skill", "Melee Weapon"),
        ("skill_specialty:0", "Sword"),
        ("armor_id", "chainmail"),
        ("add_weapon", '{"name": "Longsword", "skill": "Melee Weapon: Sword", "max_damage": "24"}'),
    )
    model = send(model, "simply.combat_add_char", "0")
    mara = model.state["simply_combat"]["combat"]["combatants"][0]
    assert (mara["name"], mara["hp_max"], mara["armor"]) == ("Mara", 24, "chainmail")
    model = send(model, "simply.combat_initiative_typed", "5")  # her turn: the attack offered
    model = send(model, "simply.combat_form", "attack", "attacker", "c1")
    assert "Longsword (Melee Weapon: Sword 7, Max Dmg 24)" in texts(model, "sc-attack-weapon")[0]
    attack, damage = form(model, "attack"), form(model, "damage")
    assert (attack["tn"], attack["level"]) == ("7", "Familiar")  # Adj C 5 + Familiar 2
    assert (damage["max_damage"], damage["kind"], damage["source"]) == ("24", "other", "table")
    model = send(model, "simply.combat_form", "attack", "weapon", "1")  # unarmed
    assert (form(model, "attack")["tn"], form(model, "damage")["max_damage"]) == ("6", "6")


def test_switching_the_attacker_sets_the_step_up_afresh() -> None:
    """FIGHT.md: nothing is kept from the previous attacker (issue 14: Max Dmg 24 kept)."""
    model = build(
        combat_page(),
        "Mara",
        (
            "add_weapon",
            '{"name": "Greatsword", "skill": "Melee Weapon: Sword", "max_damage": "24"}',
        ),
    )
    model = build(model, "Bo")
    model = send(model, "simply.combat_add_char", "0")
    model = send(model, "simply.combat_add_char", "1")
    model = send(model, "simply.combat_form", "attack", "target", "c2")
    model = send(model, "simply.combat_form", "attack", "attacker", "c1")
    model = send(model, "simply.combat_form", "attack", "tn", "30")  # the GM's change
    model = send(model, "simply.combat_form", "attack", "attacker", "c2")
    switched = (form(model, "attack"), form(model, "damage"))
    fresh = send(model, "simply.combat_form", "attack", "target", "")
    fresh = send(fresh, "simply.combat_form", "attack", "attacker", "")
    fresh = send(fresh, "simply.combat_form", "attack", "target", "c2")
    fresh = send(fresh, "simply.combat_form", "attack", "attacker", "c2")
    assert switched == (form(fresh, "attack"), form(fresh, "damage"))
    assert switched[1]["max_damage"] == "6"  # Bo's unarmed Max Dmg (S 6), not Mara's 24


def test_sim_d09_the_weapon_sets_the_damage_armor_row() -> None:
    """SIM-D09: Missile Weapon: Lasers takes the energy row, Bows the projectile row."""
    weapons = [
        ("Fist", "Brawling"),
        ("Laser pistol", "Missile Weapon: Lasers"),
        ("Longbow", "Missile Weapon: Bows"),
    ]
    edits = [
        ("add_weapon", f'{{"name": "{name}", "skill": "{skill}", "max_damage": "10"}}')
        for name, skill in weapons
    ]
    model = build(combat_page(), "Vex", *edits)
    model = send(model, "simply.combat_add_char", "0")
    model = send(model, "simply.combat_form", "attack", "attacker", "c1")
    kinds = []
    for index in range(3):
        model = send(model, "simply.combat_form", "attack", "weapon", str(index))
        kinds.append(form(model, "damage")["kind"])
    assert kinds == ["other", "energy", "projectile"]


def test_one_tap_decodes_the_fight_at_most_once(monkeypatch: Any) -> None:
    """Issue 25 "Done when": a tap (its update and the view after it) decodes the saved fight at
    most once; after a reload (nothing read yet), once. Counted where the page decodes it."""
    from rkweb.features.simply.combat import state as saved

    model = send(two_fighters(), "simply.combat_initiative", seed="s1")
    shell.view(model)
    decoded = count_decodes(monkeypatch, saved, "core.combat_from_json")
    taps = [
        ("simply.combat_form", "attack", "tn", "11"),
        ("simply.combat_attack",),
        ("simply.combat_clock", 1),
        ("simply.combat_hold",),
        ("shell.undo",),
    ]
    again = ("simply.combat_clock", 1)
    one_decode_per_tap(model, decoded, lambda m, tap: send(m, *tap), taps, again)


def _names_on_strip(model: Model) -> list[str]:
    return [t.split(". ", 1)[-1].split("HP")[0].strip() for t in texts(model, "sc-combatant")]


def test_initiative_asks_the_dice_in_the_strip_s_order_and_none_of_who_cannot_act() -> None:
    """A GM's play-through (smfix) at the table: the entry read the dice in joining order while
    the strip listed last turn's order (typed down the strip, the dice went to the wrong
    fighters, silently), and it asked a 1D10 of an unconscious fighter (SIM-38: no actions)."""
    model = add(combat_page(), "Ann", hp_max="20", strength="5", health="5")
    model = add(model, "Bo", hp_max="12", strength="5", health="4")
    model = add(model, "Cy", hp_max="20", strength="5", health="5")
    model = send(model, "simply.combat_initiative_typed", "1 5 9")  # Cy, Bo, Ann
    assert _names_on_strip(model) == ["Cy", "Bo", "Ann"]
    entry = texts(model, "sc-next-turn")[0]
    assert "1D10 each: Cy, Bo, Ann, then any roll-offs" in entry, entry
    model = weapon_hit(model, "c2", "11")  # Bo: HP 12 → 1, unconscious (SIM-48)
    assert "unconscious" in texts(model, "sc-status-c2")[0]
    entry = texts(model, "sc-next-turn")[0]
    assert "1D10 each: Cy, Ann, then any roll-offs (no roll for Bo (unconscious))" in entry, entry
    # Typed down the strip: Cy 2, Ann 8. Ann first; Bo after, with no actions.
    model = send(model, "simply.combat_initiative_typed", "2 8")
    assert texts(model, "sc-current") == ["Now: Ann"]
    assert _names_on_strip(model) == ["Ann", "Cy", "Bo"]
    assert texts(model, "sc-log-entry")[0].startswith(
        "Turn 2: Ann 1D10 (8) = 8; Cy 1D10 (2) = 2; no roll for Bo (unconscious): no actions"
    )
