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
    assert texts(model, "gurps-skill-line")[0].endswith("location arm −2 (GUR-37) = 12")
    assert texts(model, "gurps-hit-chance") == ["20/27 (74.07%)"]
    land = texts(model, "gurps-land-chance")[0]
    assert "/" in land and "%" in land
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
    assert "defenses: none" in texts(model, "gurps-slot")[0]
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


def test_a_size_typed_as_a_fraction_lands_on_its_row() -> None:  # GUR-27, issue 15
    model = send(two_fighters(), "gurps.field", "g1", "ranged", "yes")
    model = send(model, "gurps.tab", "attack")
    for field, value in (("attacker", "g1"), ("defender", "g2"), ("size", "1/3")):
        model = send(model, "gurps.attack_form", field, value)
    # 1/3 yd is the 1 ft row (SM -5); read as a binary float it fell below the table.
    assert "−5 (GUR-27)" in texts(model, "gurps-skill-line")[0]
