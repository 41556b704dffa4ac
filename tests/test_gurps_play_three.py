"""A third GM play-through of the GURPS tracker: Cy punches Ana, her sword parry strikes his arm
(GUR-49) and wounds him in his own turn; and the questions an injury asks (GUR-58)."""

from __future__ import annotations

import pytest
from rkweb.app.model import Model
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import send, texts
from test_gurps_play_two import _punch_parried

from pycore.dice import typed_dice
from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import Fight
from pycore.systems.gurps.sheet import Combatant


def _struck_in_his_turn() -> Model:
    """Bo punches Ana on his turn; her parry strikes his arm: 1d+1 cut (6 + 1 = 7 − DR 2 = 5,
    ×1.5 = 7, capped at 6 on the arm, GUR-37), a major wound of HP 10; then the GM records
    the knockdown roll failed (stunned and prone) and shock −4 (GUR-58)."""
    struck = send(_punch_parried(), "gurps.step_strike_typed", "4 4 4")
    hurt = send(struck, "gurps.step_damage_typed", "6")
    kinds = [a.kind for a in fight_of(hurt).asks]
    assert kinds == ["shock", "knockdown"]
    failed = send(hurt, "gurps.check_typed", "1", "6 6 6")
    stunned = send(failed, "gurps.settle", "1", "stunned and prone")
    return send(stunned, "gurps.settle", "0", "shock −4")


def test_shock_from_a_wound_in_his_own_turn_counts_on_his_next() -> None:  # GUR-58
    model = _struck_in_his_turn()
    fight = fight_of(model)
    assert fight.current() == fight.combatant("g2")  # still Bo's turn, which he has used
    assert gf.card_line(fight, "g2").endswith("shock −4 next turn")
    reloaded = gf.fight_from_json(gf.fight_to_json(fight))
    assert reloaded.next_shock == fight.next_shock == 4  # a reload keeps it
    fight, _ = gf.next_turn(fight)  # Ana's turn: the shock waits for Bo's
    assert fight.combatant("g2").shock == 4
    assert gf.card_line(fight, "g2").endswith("shock −4 next turn")
    fight, _ = gf.next_turn(fight)  # Bo's next turn: the shock counts on it
    assert fight.combatant("g2").shock == 4
    assert gf.card_line(fight, "g2").endswith("shock −4 this turn")
    fight, _ = gf.next_turn(fight)  # over with that turn
    assert fight.combatant("g2").shock == 0


def test_a_stun_begun_in_his_own_turn_is_recovered_from_on_his_next() -> None:  # 004 L46
    model = _struck_in_his_turn()
    said = texts(model, "gurps-recovery-g2")[0]
    assert said == (
        "Bo is stunned: −4 to defend; Bo must Do Nothing on the next turn and may roll HT 10 "
        "to recover then."
    )
    fight = fight_of(model)
    with pytest.raises(RuleError, match="the roll to recover comes on the next one"):
        gf.recover(fight, typed_dice("3d6", "6"))
    fight, _ = gf.next_turn(fight)  # Ana's turn: Bo still stunned, −4 to defend (GUR-45)
    assert gf.card_line(fight, "g2").startswith(
        "Stunned: Do Nothing · dodge, parry · defenses −7 (stunned −4, lying down −3)"
    )
    fight, begun = gf.next_turn(fight)  # Bo's Do Nothing turn, and his roll
    assert begun.stunned and fight.combatant("g2").maneuver == "Do Nothing"
    fight, rolled = gf.recover(fight, typed_dice("3d6", "6"))
    assert rolled.rolled.success
    fight, _ = gf.next_turn(fight)
    assert not fight.combatant("g2").stunned


def test_a_made_roll_to_stay_conscious_records_itself() -> None:  # GUR-58, as the knockdown
    bo = Combatant(id="b", name="Bo", ht=11, hp=10, hp_now=-2)
    fight = gf.ask_after_injury(Fight((bo,)), "b", "torso", "cr", injury=2)
    index = [a.kind for a in fight.asks].index("consciousness")
    made, said = gf.roll_check(fight, index, typed_dice("3d6", "9"))
    assert [a.kind for a in made.asks] == ["shock"]  # closed: no tap
    assert str(said).endswith("success by 2; stays conscious")
    assert not made.combatant("b").unconscious
    failed, _ = gf.roll_check(fight, index, typed_dice("3d6", "14"))  # failed: the GM's pick
    assert [a.kind for a in failed.asks] == ["shock", "consciousness"]


def test_a_wound_in_his_own_turn_is_no_second_shock_for_this_turn() -> None:  # GUR-58
    # Shock −2 from a hit before his turn counts on this turn; the parry's wound in it gives
    # shock for his next: another turn, so not "the worst applies".
    bo = Combatant(id="b", name="Bo", ht=11, hp=10, hp_now=10, shock=2)
    fight, _ = gf.start(Fight((bo,)), typed_dice("1d6", "1"))
    fight = gf.ask_after_injury(fight, "b", "arm", "cut", injury=3)
    assert [a.note for a in fight.asks] == [""]
    fight, said = gf.settle(fight, 0, "shock −3")
    assert said.worst == 0 and fight.next_shock == 3  # held for his next turn
    assert fight.combatant("b").shock == 2  # this turn's stays (test_gurps_shock_own_turn.py)
