"""The GURPS pages as values: sheets, the attack worksheet stage by stage, the tracker."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import find_all, text_of

from pycore.store import History, default_data

NOW = "2026-11-23T10:00:00+01:00"


def send(model: Model, *msg: object, seed: str = "abc") -> Model:
    return shell.update(model, tuple(msg), Ctx(now=NOW, fresh_seed=seed))


def texts(model: Model, testid: str) -> list[str]:
    return [text_of(n) for n in find_all(shell.view(model), testid)]


def two_fighters() -> Model:
    model = Model(History.new(default_data()), route="gurps")
    model = send(model, "gurps.new")
    model = send(model, "gurps.field", "g1", "name", "Ana")
    model = send(model, "gurps.field", "g1", "weapon_skill", "14")
    model = send(model, "gurps.field", "g1", "maneuver", "Attack")
    model = send(model, "gurps.new")
    model = send(model, "gurps.field", "g2", "name", "Bo")
    model = send(model, "gurps.field", "g2", "basic_speed", "6")
    model = send(model, "gurps.field", "g2", "dr", "2")
    model = send(model, "gurps.field", "g2", "maneuver", "Attack")
    return model


def test_sheet_shows_defenses_with_formulas_and_refuses_bad_values() -> None:
    model = two_fighters()
    model = send(model, "gurps.select", "g1")
    defenses = texts(model, "gurps-defenses")[0]
    assert "Dodge = ⌊5 + 3⌋ − 0 = 8" in defenses and "Parry = ⌊3 + 14/2⌋ + 0 = 10" in defenses
    bad = send(model, "gurps.field", "g1", "dx", "99")
    assert bad.history is model.history
    assert "DX 99 is outside 0 to 40" in text_of(shell.view(bad))


def test_attack_stage_by_stage_to_injury_and_undo() -> None:
    model = two_fighters()
    model = send(model, "gurps.tab", "attack")
    for field, value in (("attacker", "g1"), ("defender", "g2"), ("location", "arm")):
        model = send(model, "gurps.attack_form", field, value)
    assert texts(model, "gurps-skill-line") == ["base 14 + Attack +0 + location arm −2 = 12"]
    assert "location arm −2: GUR-37" in texts(model, "gurps-skill-why")[0]
    assert texts(model, "gurps-hit-chance") == ["74.1%exactly 20/27"]  # percent first
    land = texts(model, "gurps-land-chance")[0]
    assert "%exactly " in land and "/" in land
    for seed in (str(n) for n in range(40)):  # find a hit that can be defended
        rolled = send(model, "gurps.attack_roll", seed=seed)
        if texts(rolled, "gurps-defense-choices"):
            break
    choices = texts(rolled, "gurps-defense-choices")[0]
    assert "Dodge 9:" in choices and "Parry 9:" in choices
    after = send(rolled, "gurps.attack_defend", "none")
    after = send(after, "gurps.attack_damage", seed="d")
    entry = texts(after, "gurps-log-entry")[0]
    assert entry.startswith("Damage: 1d+1 (") and "penetrating" in entry and "HP 10 →" in entry
    assert send(after, "shell.undo").state["gurps"]["pending"]["stage"] == "damage"


def test_resolve_all_in_one_click_and_the_tracker() -> None:
    model = send(two_fighters(), "gurps.tab", "attack")
    for field, value in (("attacker", "g1"), ("defender", "g2")):
        model = send(model, "gurps.attack_form", field, value)
    model = send(model, "gurps.attack_full", seed="s")
    assert texts(model, "gurps-log-entry")[0]
    model = send(model, "gurps.tab", "tracker")
    model = send(model, "gurps.start", seed="o")
    slots = texts(model, "gurps-slot")
    assert slots[0].startswith("Bo")  # Basic Speed 6 before 5 (GUR-05)
    model = send(model, "gurps.field", "g2", "maneuver", "All-Out Attack")
    assert "All-Out Attack · no defense" in texts(model, "gurps-slot")[0]
    model = send(model, "gurps.next")
    model = send(model, "gurps.next")
    assert texts(model, "gurps-log-entry")[0].startswith("Round 2: Bo's turn")


def test_double_defense_gives_a_second_different_defense() -> None:
    model = send(two_fighters(), "gurps.tab", "attack")
    model = send(model, "gurps.field", "g2", "maneuver", "All-Out Defense")
    model = send(model, "gurps.field", "g2", "option", "Double Defense")
    for field, value in (("attacker", "g1"), ("defender", "g2")):
        model = send(model, "gurps.attack_form", field, value)
    for seed in (str(n) for n in range(80)):
        rolled = send(model, "gurps.attack_roll", seed=seed)
        if not texts(rolled, "gurps-defense-choices"):
            continue
        for dseed in (str(n) for n in range(80)):
            after = send(rolled, "gurps.attack_defend", "dodge", seed=dseed)
            if "Double Defense" in texts(after, "gurps-log-entry")[0]:
                choices = texts(after, "gurps-defense-choices")[0]
                assert "Dodge" not in choices and "Parry" in choices
                return
    raise AssertionError("no failed first defense found")


def test_a_crippling_injury_stays_on_the_tracker() -> None:
    model = send(two_fighters(), "gurps.tab", "attack")
    model = send(model, "gurps.field", "g1", "damage", "6d")
    for field, value in (("attacker", "g1"), ("defender", "g2"), ("location", "hand")):
        model = send(model, "gurps.attack_form", field, value)
    for seed in (str(n) for n in range(60)):
        rolled = send(model, "gurps.attack_roll", seed=seed)
        if rolled.state["gurps"]["pending"]:
            break
    if rolled.state["gurps"]["pending"]["stage"] == "defense":
        rolled = send(rolled, "gurps.attack_defend", "none")
    hurt = send(rolled, "gurps.attack_damage", seed="d")
    hurt = send(hurt, "gurps.tab", "tracker")
    hurt = send(hurt, "gurps.start", seed="o")
    assert "crippled hand" in texts(hurt, "gurps-conditions-g2")[0]


def test_a_stunned_fighter_rolls_ht_on_the_tracker_and_cannot_attack() -> None:  # 004:L46
    model = send(two_fighters(), "gurps.field", "g2", "stunned", "yes")
    model = send(model, "gurps.tab", "tracker")
    model = send(model, "gurps.start", seed="o")  # Bo first (Basic Speed 6), stunned
    assert model.state["gurps"]["combatants"][1]["maneuver"] == "Do Nothing"
    panel = texts(model, "gurps-turn")[0]
    assert "Bo is stunned: must Do Nothing" in panel and "Roll HT 10 to recover: 50%" in panel
    assert texts(model, "gurps-recover-g2-roll") == ["Roll for me"]
    attack = send(model, "gurps.tab", "attack")
    for field, value in (("attacker", "g2"), ("defender", "g1")):
        attack = send(attack, "gurps.attack_form", field, value)
    refused = send(attack, "gurps.attack_roll")
    assert "Bo is stunned" in texts(refused, "gurps-error-attack")[0]
    rolled = send(model, "gurps.recover", seed="r")
    assert texts(rolled, "gurps-log-entry")[0].startswith("Bo rolls to recover from stun: HT 10")
    assert texts(rolled, "gurps-recovery-g2")


def test_a_fighter_added_mid_fight_joins_the_order() -> None:  # GUR-D01
    model = send(two_fighters(), "gurps.tab", "tracker")
    model = send(model, "gurps.start", seed="o")
    model = send(model, "gurps.new", seed="n")
    assert len(texts(model, "gurps-slot")) == 3
    assert "joins the fight at place" in texts(model, "gurps-log-entry")[0]


# --- the turn-first fight (shared/FIGHT.md) -------------------------------------------------------


def fight_started() -> Model:
    model = send(two_fighters(), "gurps.tab", "tracker")
    return send(model, "gurps.start", seed="o")  # Bo (Basic Speed 6) first, then Ana


def attack_turn(model: Model) -> Model:
    """The next turn, its fighter taking the Attack maneuver (GUR-06: chosen each turn)."""
    return send(send(model, "gurps.next"), "gurps.maneuver", "Attack", "")


def test_from_next_turn_to_damage_applied_in_four_taps() -> None:  # FIGHT.md measure
    model = attack_turn(fight_started())  # tap 1: Ana's turn, Bo already the target
    assert "Ana's turn" in texts(model, "gurps-turn")[0]
    assert texts(model, "gurps-fight-hit")[0].startswith("90.7%")
    for seed in map(str, range(200)):
        rolled = send(model, "gurps.step_attack", seed=seed)  # tap 2
        if (
            rolled.state["gurps"]["pending"]
            and rolled.state["gurps"]["pending"]["stage"] == "defense"
        ):
            break
    assert texts(rolled, "gurps-fight-result-verdict") == ["Hit: Bo may defend"]
    assert "Dodge 9: 37.5%" in texts(rolled, "gurps-fight-defenses")[0]
    for seed in map(str, range(200)):
        defended = send(rolled, "gurps.step_defend", seed=seed)  # tap 3: his best defense
        if defended.state["gurps"]["pending"]:
            break
    hurt = send(defended, "gurps.step_damage", seed="d")  # tap 4
    assert texts(hurt, "gurps-fight-result-verdict")[0].startswith("Bo: injury ")
    assert texts(hurt, "gurps-hp-g2")[0] != "HP 10/10"


def test_typed_dice_are_checked_and_drive_the_same_steps() -> None:  # FIGHT.md: "I rolled"
    model = attack_turn(fight_started())
    bad = send(model, "gurps.step_attack_typed", "2 2")
    assert "3d6 throws 3 dice, 2 numbers typed" in texts(bad, "gurps-fight-attack-typed-error")[0]
    assert bad.history is model.history
    rolled = send(model, "gurps.step_attack_typed", "3 3 3")  # 9 vs 14: hit
    assert texts(rolled, "gurps-fight-result")[0].startswith("Hit: Bo may defend")
    defended = send(rolled, "gurps.step_defend_typed", "18")  # always fails
    hurt = send(defended, "gurps.step_damage_typed", "5")  # 1d+1 = 6 cut − DR 2 = 4 × 1.5
    assert texts(hurt, "gurps-fight-result-verdict") == ["Bo: injury 6 (major wound)"]
    assert texts(hurt, "gurps-hp-g2") == ["HP 4/10"]
    assert hurt.state["gurps"]["log"][0]["seed"] == "typed: 5"


def test_a_new_attacker_starts_a_fresh_step() -> None:  # FIGHT.md: nothing kept
    model = attack_turn(fight_started())  # Ana
    model = send(model, "gurps.step_form", "location", "arm")
    model = send(model, "gurps.step_chip", "minor_distraction")
    assert "minor distraction" in texts(model, "gurps-fight-line")[0].lower()
    model = send(model, "gurps.next")  # Bo: fresh step, Ana his target, torso, no chips
    bo = send(model, "gurps.field", "g2", "maneuver", "Attack")
    assert texts(bo, "gurps-fight-line")[0] == "base 12 + Attack +0 = 12"
    assert "Target Ana" in texts(bo, "gurps-order")[0]


def test_tapping_a_card_makes_him_the_target() -> None:
    model = send(fight_started(), "gurps.new", seed="n")  # a third fighter joins
    model = send(model, "gurps.field", "g2", "maneuver", "Attack")
    assert "at Ana" in texts(model, "gurps-turn")[0]
    model = send(model, "gurps.target", "g3")
    assert "at Fighter 3" in texts(model, "gurps-turn")[0]


def test_the_attack_line_is_picked_before_the_roll() -> None:  # 004:L91
    model = send(
        fight_started(), "gurps.field", "g1", "more_attacks", "Thrust: 14, 1d+2 imp, thrust"
    )
    model = attack_turn(model)  # Ana
    ways = texts(model, "gurps-fight-lines")[0]
    assert "Broadsword (1d+1 cut): 90.7%" in ways and "Thrust (1d+2 imp): 90.7%" in ways
    model = send(model, "gurps.step_line", "1")
    assert "Thrust (1d+2 imp), skill 14, at Bo" in texts(model, "gurps-turn")[0]
    rolled = send(model, "gurps.step_attack_typed", "3 3 3")
    hurt = send(send(rolled, "gurps.step_defend_typed", "18"), "gurps.step_damage_typed", "4")
    assert hurt.state["gurps"]["log"][0]["text"].startswith("Damage: 1d+2 (4) + 2 = 6 imp")
