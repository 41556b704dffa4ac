"""Mental stun (004 line 46, GUR-07): a mentally stunned fighter must Do Nothing, defends at −4
(004 line 217, GUR-45) and may roll IQ each turn to recover at its end, as physical stun is
recovered with HT. Each test cites the seed lines."""

from __future__ import annotations

import pytest
from test_gurps_pages import fight_started, send, texts

from pycore.dice import typed_dice
from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import Fight, Place, fight_from_json, fight_to_json
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup, defense_options

DAZED = Combatant(id="d", name="Dee", iq=12, ht=9, mental_stun=True, maneuver="Attack")
FOE = Combatant(id="f", name="Foe", maneuver="Attack", weapon_skill=14)


def _fight(*people: Combatant) -> Fight:
    people = people or (DAZED, FOE)
    return Fight(people, 1, tuple(Place(c.id, i) for i, c in enumerate(people)))


def test_gur07_mentally_stunned_must_do_nothing() -> None:  # 004:L46
    with pytest.raises(RuleError, match=r"Dee is stunned: .* may roll IQ to recover"):
        gf.attack(_fight(), "d", "f", AttackSetup(), typed_dice("3d6", "10"))
    fight, begun = gf.next_turn(_fight(FOE, DAZED))
    assert fight.current() is not None and fight.current().maneuver == "Do Nothing"
    assert "may roll IQ to recover" in str(begun)


def test_gur45_mentally_stunned_defends_at_minus_4() -> None:  # 004:L217
    dodge = dict(defense_options(FOE, DAZED, AttackSetup()))["dodge"]
    assert "stunned −4" in str(dodge)


def test_gur07_iq_roll_recovers_at_the_end_of_the_turn() -> None:  # 004:L46
    fight, rolled = gf.recover(_fight(), typed_dice("3d6", "12"), "mental")  # IQ 12
    assert rolled.rolled.success and "recover from mental stun: IQ 12" in str(rolled)
    assert fight.combatant("d").mental_stun  # still stunned until the turn ends
    with pytest.raises(RuleError, match="already rolled"):
        gf.recover(fight, typed_dice("3d6", "3"), "mental")
    with pytest.raises(RuleError, match="Dee is not stunned"):
        gf.recover(fight, typed_dice("3d6", "3"))  # no physical stun to roll HT against
    after, begun = gf.next_turn(fight)
    assert not after.combatant("d").mental_stun
    assert str(begun).startswith("Dee recovers from stun at the end of the turn.")


def test_gur07_failed_iq_roll_stays_stunned() -> None:  # 004:L46
    fight, rolled = gf.recover(_fight(), typed_dice("3d6", "13"), "mental")
    assert not rolled.rolled.success
    after, _ = gf.next_turn(fight)
    assert after.combatant("d").mental_stun


def test_gur07_both_stuns_one_roll_of_each() -> None:  # 004:L46
    both = Combatant(id="d", name="Dee", iq=12, ht=9, stunned=True, mental_stun=True)
    fight, _ = gf.recover(_fight(both, FOE), typed_dice("3d6", "9"))  # HT 9: recovers
    fight, _ = gf.recover(fight, typed_dice("3d6", "13"), "mental")  # IQ 12: fails
    data = fight_to_json(fight)
    assert fight_from_json(data) == fight  # saved with both rolls
    after, _ = gf.next_turn(fight)
    assert (after.combatant("d").stunned, after.combatant("d").mental_stun) == (False, True)


def test_the_panel_offers_the_iq_roll() -> None:  # 004:L46
    model = send(fight_started(), "gurps.field", "g2", "mental_stun", "yes")
    model = send(model, "gurps.next")
    model = send(model, "gurps.next")  # back to Bo, mentally stunned
    panel = texts(model, "gurps-turn")[0]
    assert "Bo is stunned: must Do Nothing" in panel and "Roll IQ 10 to recover: 50%" in panel
    assert "Roll HT" not in panel
    rolled = send(model, "gurps.recover_mental_typed", "3 3 3")
    assert texts(rolled, "gurps-mental-recovery-g2") == [
        "IQ roll succeeded: Bo recovers at the end of this turn."
    ]
    assert texts(rolled, "gurps-fight-result-verdict") == [
        "Bo recovers from mental stun at the end of the turn"
    ]


def test_a_failed_recovery_roll_does_not_read_as_made() -> None:  # 004:L46
    """play3: after a failed HT roll the panel said "HT roll made: Bo stays stunned." (in GURPS
    "made" means succeeded); it now says the roll failed."""
    model = send(fight_started(), "gurps.field", "g2", "stunned", "yes")
    model = send(model, "gurps.next")
    model = send(model, "gurps.next")  # back to Bo, stunned
    rolled = send(model, "gurps.recover_typed", "12")  # HT 10: fails
    assert texts(rolled, "gurps-recovery-g2") == ["HT roll failed: Bo stays stunned."]


# --- distances as players read them (STYLE: numbers as players read them; 004 lines 174-184) ---


def test_ranges_read_as_players_read_them() -> None:  # 004:L184 (the 1 ft row is 1/3 yd)
    from pycore.systems.gurps.quantities import yards_text
    from pycore.systems.gurps.worksheet import attack_line

    bow = Combatant(attack_kind="bow", maneuver="Attack")
    line = attack_line(bow, Combatant(), AttackSetup(yards="2.333333")).plain()
    assert "speed/range ≈7 ft" in line and "2.333333" not in line
    assert "speed/range 8 yd" in attack_line(bow, Combatant(), AttackSetup(yards=8)).plain()
    assert yards_text("1/3") == "1 ft" and yards_text("2.5") == "2.5 yd"
    assert yards_text("12.3456789") == "≈12.35 yd"


def test_a_stunned_fighters_gm_override_is_folded_until_a_reason_is_typed() -> None:
    """Stop 39's play-through: the override field was drawn open in the stunned fighter's panel,
    between his HT roll and the next fighter; it is the exception, one tap away."""
    from rkweb.app import shell
    from test_web_shape import gurps_stunned

    def fold_of(tree: object) -> object:
        stack = [tree]
        while stack:
            node = stack.pop()
            if isinstance(node, str):
                continue
            if node.attr("data-testid") == "gurps-fight-override-fold":
                return node
            stack.extend(node.children)
        raise AssertionError("no GM override fold in the stunned fighter's panel")

    fold = fold_of(shell.view(gurps_stunned()))
    assert fold.tag == "details" and not fold.attr("open")
