"""A GM's play-through at 768x1024: a card of the order strip or a weapon chip tapped where the
fight refuses it (fight.setup.enter: a fighter as his own target, another target or weapon while
an attack waits for its roll or its answer) changed nothing and said nothing while the step
asked a question (the AP cost of Table #3-6, the body part, the stun): the refusal went to the
roll's entry, which those steps do not draw. It is said under the strip and the weapons, where
the tap was, in every step of the turn."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import find_all, text_of
from test_percentile_pages import anns_turn, go, round_ready, texts

SAID = "percentile-turn-choice-error"


def _turn_card(m: Model) -> str:
    return text_of(find_all(shell.view(m), "percentile-turn")[0])


def test_her_own_card_while_the_ap_cost_is_asked_is_refused_beside_the_strip() -> None:
    m = go(round_ready(), "percentile.tab", "characters")
    m = go(m, "percentile.char_select", "c1")
    m = go(m, "percentile.wform", "name", "FINGER LASER")  # no Table #3-6 cost: asked
    m = go(m, "percentile.wform", "damage_die", "½")
    m = go(m, "percentile.weapon_add", "c1")
    m = go(anns_turn(go(m, "percentile.tab", "combat")), "percentile.turn_target", "c2")
    m = go(m, "percentile.turn_weapon", "1")
    assert find_all(shell.view(m), "percentile-turn-action_cost")  # the step asks the cost
    m = go(m, "percentile.turn_target", "c1")  # Ann's own card, mis-tapped
    said = texts(m, SAID)
    assert said == ["Ann cannot attack themselves: choose another target."], said
    assert _turn_card(m).count("cannot attack themselves") == 1
    m = go(m, "percentile.turn_target", "c2")  # Bob again: accepted, the refusal gone
    assert texts(m, SAID) == [""]


def test_another_target_while_the_body_part_is_asked_is_refused_beside_the_strip() -> None:
    m = round_ready(location_table=False)
    for seed in "abcdefghij":
        hit = go(anns_turn(m, seed), "percentile.turn_target", "c2")
        hit = go(hit, "percentile.turn_typed", "15")
        if find_all(shell.view(hit), "percentile-turn-part-0"):
            break
    else:
        raise AssertionError("no body part asked")
    refused = go(hit, "percentile.turn_target", "c1")
    said = texts(refused, SAID)
    assert len(said) == 1 and "Ann's attack on Bob is under way" in said[0], said
    assert "Set the attack aside" in said[0]  # the button's own words: where to set it aside
    m = go(hit, "percentile.turn_target", "c2")  # the attack's own target again: nothing changes
    assert texts(m, SAID) == [""]
    assert refused.state["percentile"]["combat"]["attack"]["target"] == "c2"
