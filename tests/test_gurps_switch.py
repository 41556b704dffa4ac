"""FIGHT.md's attacker-switch property for the GURPS fight: after a fully set-up attack (target,
attack line, location, range, situation chips, random location, a pinned victim, the exposed
spot), switching the attacker leaves every pre-filled field equal to a fresh set-up for the new
attacker, over random groups of combatants (hypothesis). A fresh set-up starts with the weapon
in his hand (004 line 93): the one a Ready drew in an earlier round, when the fight holds one;
his sheet's first line when it holds none. The Attack tab's worksheet likewise: another attacker
picked after a fully set-up attack starts from a fresh set-up for him (a GM's play-through: the
first attacker's second line stayed picked for the next)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.features.gurps import attack_form, turn_step
from rkweb.features.gurps.state import fight_of, keep, page_data
from rkweb.kit.fields import shown_errors
from test_gurps_pages import send, texts

from pycore.errors import RuleError
from pycore.store import History, default_data
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.attacks import armed, attack_lines
from pycore.systems.gurps.worksheet import AttackSetup, offered_modifiers

KINDS = ("melee", "thrown", "bow", "firearm")
LOCATIONS = ("torso", "arm", "leg", "skull", "vitals", "foot")

fighters = st.lists(
    st.fixed_dictionaries(
        {
            "weapon_skill": st.integers(8, 18),
            "basic_speed": st.sampled_from(("5", "5.5", "6", "7")),
            "attack_kind": st.sampled_from(KINDS),
            "sm": st.integers(0, 8),
            "unarmed": st.booleans(),
            "more_attacks": st.sampled_from(("", "Kick: 11, 1d cr, unarmed")),
            "dr_locations": st.sampled_from(("", "skull=4")),
        }
    ),
    min_size=2,
    max_size=4,
)
set_ups = st.fixed_dictionaries(
    {
        "location": st.sampled_from(LOCATIONS),
        "yards": st.sampled_from(("0", "3", "1/3", "12.5")),
        "line": st.integers(0, 1),
        "chips": st.lists(st.integers(0, 40), max_size=3),
        "random_location": st.booleans(),
        "from_above": st.booleans(),
        "pinned": st.booleans(),
        "exposed": st.sampled_from(("", "skull", "arm")),
        "target": st.integers(0, 3),
    }
)


def _fight(people: list[dict[str, Any]]) -> Model:
    model = Model(History.new(default_data()), route="gurps")
    for index, values in enumerate(people, start=1):
        model = send(model, "gurps.new")
        for field, value in values.items():
            model = send(model, "gurps.field", f"g{index}", field, str(value))
    model = send(model, "gurps.tab", "tracker")
    return send(model, "gurps.start", seed="order")


def _readied(model: Model, picks: list[int]) -> tuple[Model, dict[str, int]]:
    """A round in which each fighter takes Ready and the GM taps the weapon he drew (his pick
    among his attack lines, 004 line 95); the fight and each one's line in hand, as the test
    counts it from what was tapped."""
    hands: dict[str, int] = {}
    for pick in picks[: len(fight_of(model).combatants)]:
        current = fight_of(model).current()
        assert current is not None
        model = send(model, "gurps.field", current.id, "maneuver", "Ready")
        hands[current.id] = pick % len(attack_lines(current))
        if len(attack_lines(current)) > 1:  # with one, drawn as he takes Ready
            model = send(model, "gurps.ready_weapon", current.id, str(hands[current.id]))
        model = send(model, "gurps.next")
    assert fight_of(model).round == 2
    return model, hands


def _set_up(model: Model, chosen: dict[str, Any], count: int) -> Model:
    """Every field of the step, as a user could set it (refused ones are simply refused)."""
    current = fight_of(model).current()
    assert current is not None
    model = send(model, "gurps.target", f"g{chosen['target'] % count + 1}")
    model = send(model, "gurps.step_line", str(chosen["line"]))
    for name in ("location", "yards", "exposed"):
        model = send(model, "gurps.step_form", name, chosen[name])
    chips = [m.key for m in offered_modifiers(current.ranged) if m.value is not None]
    for pick in chosen["chips"]:
        model = send(model, "gurps.step_chip", chips[pick % len(chips)])
    for toggle in ("random_location", "from_above", "pinned"):
        if chosen[toggle]:
            model = send(model, "gurps.step_chip", toggle)
    return model


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fighters, set_ups, st.none() | st.lists(st.integers(0, 1), min_size=4, max_size=4))
def test_switching_the_attacker_prefills_a_fresh_set_up(
    people: list[dict[str, Any]], chosen: dict[str, Any], picks: list[int] | None
) -> None:  # FIGHT.md: "nothing is kept from the previous combatant"
    model, hands = _fight(people), {}
    if picks is not None:  # a round of Ready first: each one's weapon in hand is said
        model, hands = _readied(model, picks)
    model = _set_up(model, chosen, len(people))
    switched = send(model, "gurps.next")  # the attacker changes
    fight = fight_of(switched)
    current = fight.current()
    assert current is not None
    step = turn_step.step_of(switched, fight)
    line = hands.get(current.id, 0)  # the weapon in his hand; none said: his sheet's first
    target = gf.next_target(fight, current.id)
    fresh = {**turn_step.FRESH, "attacker": current.id, "target": target, "line": line}
    assert step == fresh
    if armed(current, line).ranged:  # no range held or typed: the roll waits for one, never 0
        with pytest.raises(RuleError, match=re.escape(turn_step.RANGE_FIRST)):
            turn_step.setup_of(step, current)
    else:
        assert turn_step.setup_of(step, current) == AttackSetup(line=line)
    # What the screen pre-fills is what a never-touched step shows for him.
    untouched = keep(switched, step={})
    for testid in ("gurps-turn", "gurps-order"):
        assert texts(switched, testid) == texts(untouched, testid)
    assert shell.view(switched) == shell.view(untouched)


# --- the Attack tab's worksheet ------------------------------------------------------------------

worksheet_set_ups = st.fixed_dictionaries(
    {
        "line": st.integers(0, 1),
        "location": st.sampled_from(LOCATIONS),
        "yards": st.sampled_from(("", "3", "1/3", "150")),
        "target_speed": st.sampled_from(("0", "4")),
        "range_beyond": st.sampled_from(("", "-9")),
        "size": st.sampled_from(("", "2")),
        "aim_seconds": st.sampled_from(("0", "2")),
        "braced": st.sampled_from(("", "yes")),
        "scope_max": st.sampled_from(("0", "3")),
        "extra": st.sampled_from(("0", "-2", "x")),  # "x": said beside its field
        "from_behind": st.sampled_from(("", "yes")),
        "chink": st.sampled_from(("", "yes")),
        "random_location": st.sampled_from(("", "yes")),
        "pinned": st.sampled_from(("", "yes")),
        "exposed": st.sampled_from(("", "skull")),
        "keys": st.lists(st.integers(0, 40), max_size=3),
    }
)


def _worksheet(model: Model, attacker: str, defender: str, chosen: dict[str, Any]) -> Model:
    """The worksheet fully set up for ``attacker``, as a user could (refused values refused)."""
    model = send(model, "gurps.tab", "attack")
    model = send(model, "gurps.attack_form", "attacker", attacker)
    model = send(model, "gurps.attack_form", "defender", defender)
    lines = attack_lines(fight_of(model).combatant(attacker))
    model = send(model, "gurps.attack_form", "line", str(chosen["line"] % len(lines)))
    for name, value in chosen.items():
        if name not in ("keys", "line"):
            model = send(model, "gurps.attack_form", name, value)
    ranged = fight_of(model).combatant(attacker).ranged
    keys = [m.key for m in offered_modifiers(ranged) if m.value is not None]
    for pick in chosen["keys"]:
        model = send(model, "gurps.attack_form", f"key:{keys[pick % len(keys)]}", "on")
    return model


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    fighters,
    worksheet_set_ups,
    st.none() | st.lists(st.integers(0, 1), min_size=4, max_size=4),
    st.integers(0, 3),
)
def test_switching_the_worksheet_attacker_prefills_a_fresh_set_up(
    people: list[dict[str, Any]], chosen: dict[str, Any], picks: list[int] | None, pair: int
) -> None:  # FIGHT.md: "nothing is kept from the previous combatant", on the Attack tab too
    model, hands = _fight(people), {}
    if picks is not None:  # a round of Ready first: each one's weapon in hand is said
        model, hands = _readied(model, picks)
    ids = [c.id for c in fight_of(model).combatants]
    first, second = ids[pair % len(ids)], ids[(pair + 1) % len(ids)]
    defender = ids[(pair + 2) % len(ids)]
    if defender == first:  # two fighters: the other one defends, and switching to him swaps
        defender = second  # the two (picking the attacker as the defender swaps them too)
    model = _worksheet(model, first, defender, chosen)
    switched = send(model, "gurps.attack_form", "attacker", second)
    line = str(hands.get(second, 0))  # the weapon in his hand; none said: his sheet's first
    defends = first if defender == second else defender
    fresh = {**attack_form.DEFAULTS, "attacker": second, "defender": defends, "line": line}
    assert page_data(switched)["attack"] == fresh
    assert not any(k.startswith("attack.") for k in shown_errors(switched, "gurps"))
    # What the tab shows is what a never-touched worksheet shows once the two are chosen.
    untouched = send(keep(switched, attack={}), "gurps.attack_form", "defender", defends)
    untouched = send(untouched, "gurps.attack_form", "attacker", second)
    assert shell.view(switched) == shell.view(untouched)


def test_the_worksheet_takes_the_new_attackers_weapon_not_the_line_left_picked() -> None:
    """The GM's play-through: Ana's second line (her knife) picked, then Bo chosen as the
    attacker: Bo's second line stayed picked, though nothing in this attack chose it for him.
    He starts with the weapon in his hand (004 line 93), here the bow his Ready drew."""
    people = [
        {"name": "Ana", "more_attacks": "Knife: 12, 1d-1 imp"},
        {"name": "Bo", "attack_kind": "bow", "more_attacks": "Kick: 9, 1d cr, unarmed"},
    ]
    model = _fight([{**p, "basic_speed": "6" if p["name"] == "Ana" else "5"} for p in people])
    model, hands = _readied(model, [0, 0])  # each draws his sheet's first weapon
    assert hands == {"g1": 0, "g2": 0}
    model = _worksheet(model, "g1", "g2", {"line": 1, "keys": []})
    assert page_data(model)["attack"]["line"] == "1"
    switched = send(model, "gurps.attack_form", "attacker", "g2")
    assert page_data(switched)["attack"]["line"] == "0"
    assert texts(switched, "gurps-attack-yards") and not texts(model, "gurps-attack-yards")


def test_the_worksheet_starts_with_the_weapon_his_ready_drew() -> None:
    """Bo drew his second line with a Ready (004 line 95): chosen as the attacker after Ana's
    first line, he starts with it, not with the line left picked for her."""
    people = [
        {"name": "Ana", "basic_speed": "6", "more_attacks": "Knife: 12, 1d-1 imp"},
        {"name": "Bo", "attack_kind": "bow", "more_attacks": "Kick: 9, 1d cr, unarmed"},
    ]
    model, hands = _readied(_fight(people), [0, 1])
    assert hands == {"g1": 0, "g2": 1}
    model = _worksheet(model, "g1", "g2", {"line": 0, "keys": []})
    switched = send(model, "gurps.attack_form", "attacker", "g2")
    assert page_data(switched)["attack"]["line"] == "1"


def test_the_defender_picked_as_the_attacker_swaps_with_him() -> None:
    """A GM's play-through (390x844): Ana attacking Bo on the Attack tab, Bo picked as the
    attacker: the worksheet said "Bo" against "Bo". The two swap: Bo attacks Ana."""
    people = [{"name": "Ana", "basic_speed": "6"}, {"name": "Bo", "attack_kind": "bow"}]
    model = _worksheet(_fight(people), "g1", "g2", {"line": 0, "keys": []})
    switched = send(model, "gurps.attack_form", "attacker", "g2")
    form = page_data(switched)["attack"]
    assert (form["attacker"], form["defender"]) == ("g2", "g1")


def test_the_attacker_picked_as_the_defender_swaps_with_him() -> None:
    """Ana attacking Bo on the Attack tab, Ana picked as the defender: the worksheet took "Ana"
    against "Ana". The two swap, as when the defender is picked as the attacker: Bo attacks
    Ana, from a fresh set-up for him (his bow, not Ana's second line left picked)."""
    people = [
        {"name": "Ana", "basic_speed": "6", "more_attacks": "Knife: 12, 1d-1 imp"},
        {"name": "Bo", "attack_kind": "bow"},
    ]
    model = _worksheet(_fight(people), "g1", "g2", {"line": 1, "keys": []})
    switched = send(model, "gurps.attack_form", "defender", "g1")
    form = page_data(switched)["attack"]
    assert (form["attacker"], form["defender"]) == ("g2", "g1")
    assert form == {**attack_form.DEFAULTS, "attacker": "g2", "defender": "g1", "line": "0"}
