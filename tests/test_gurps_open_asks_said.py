"""The questions an injury leaves open (GUR-58: shock, the knockdown and stun roll, the roll to
stay conscious), as a GM reads them on the Combat tracker. Before: the carried line read "Still to
answer for Kim, Sam: 10" (ten of what?), the fold named "Kim's knockdown and stun roll" once per
hit, a shock whose turn was over stood among them as if it mattered, and every "Round N: X's
turn" log line began with the whole list again. Now: per fighter and counted ("Kim — 3
knockdown rolls"), a shock lapses with the turn it counted on (said in the log), and the log
says the questions a turn leaves open once, when it leaves them."""

from __future__ import annotations

import json
import random
from pathlib import Path

from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, find_all, text_of
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.dice import typed_dice
from pycore.store import History, default_data
from pycore.store.sections import read_section
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import Ask, Fight, open_asks
from pycore.systems.gurps.fight.value import ASK_LABELS
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup

KIM = Combatant(id="k", name="Kim", ht=10)
SAM = Combatant(id="s", name="Sam", ht=11)
TOM = Combatant(id="t", name="Tom")
#: The questions the e2e three-round fight leaves open, in the order they were asked (issue
#: 44's screenshot): three hits on Kim, one on Sam, Kim at 0 HP or below after the second.
AFTER_THREE_ROUNDS = (
    Ask("shock", "k", turns=2, carried=True),
    Ask("knockdown", "k", turns=2, carried=True),
    Ask("shock", "s", turns=1, carried=True),
    Ask("knockdown", "s", turns=1, carried=True),
    Ask("shock", "k", turns=2, carried=True),
    Ask("knockdown", "k", turns=2, carried=True),
    Ask("consciousness", "k", turns=2, carried=True),
    Ask("shock", "k", turns=1, carried=True),
    Ask("knockdown", "k", turns=1, carried=True),
    Ask("consciousness", "k", turns=1, carried=True),
)
OLD_SAVE = Path(__file__).parent / "fixtures" / "gurps_lapsed_shock_old_save.json"


def test_the_carried_line_names_what_is_open_per_fighter_with_counts() -> None:
    fight = Fight((SAM, KIM, TOM), asks=AFTER_THREE_ROUNDS)
    assert gf.carried_line(fight) == (
        "Open from earlier injuries: Kim — shock, 3 knockdown rolls, 2 consciousness rolls,"
        " 2 lapsed shocks (nothing to record); Sam — shock, knockdown roll"
    )


def test_each_fighter_is_counted_by_kind_in_the_injurys_order() -> None:
    asks = (Ask("consciousness", "s"), Ask("knockdown", "s"), Ask("knockdown", "k"))
    groups = gf.open_questions(Fight((KIM, SAM), asks=asks))
    assert groups == (
        gf.FighterAsks("Sam", (("knockdown", 1), ("consciousness", 1))),
        gf.FighterAsks("Kim", (("knockdown", 1),)),
    )
    assert gf.questions_said(groups) == (
        "Sam — knockdown roll, consciousness roll; Kim — knockdown roll"
    )


def test_every_kind_of_question_has_its_words_in_the_injurys_order() -> None:
    assert list(open_asks.KIND_WORDS) == list(ASK_LABELS)


def test_a_lapsed_shock_is_never_counted_among_the_open_questions() -> None:  # GUR-58
    asks = (Ask("shock", "k", turns=2), Ask("shock", "k", turns=1))
    (kim,) = gf.open_questions(Fight((KIM,), asks=asks))
    assert kim.counts == (("shock", 1),) and kim.lapsed == 1
    assert str(kim) == "Kim — shock, a lapsed shock (nothing to record)"
    assert gf.lapsed_shocks_said((kim,)) == (
        "Kim's shock lapsed unanswered (shock counts on the next turn only)"
    )


def test_questions_about_someone_no_longer_in_the_fight_are_left_out() -> None:
    fight = Fight((KIM,), asks=(Ask("knockdown", "gone"), Ask("knockdown", "k")))
    assert gf.questions_said(gf.open_questions(fight)) == "Kim — knockdown roll"


def _hit_on_kim(fight: Fight) -> Fight:
    """The fighter whose turn it is hits Kim in the torso, no defense: a shock, a knockdown.
    Kim's questions that would change the attack's figures (his knockdown roll, his roll to
    stay conscious) are dismissed first: the attack waits for them (``attack_waits``)."""
    who = fight.current()
    assert who is not None
    for index in reversed(gf.bearing_asks(fight, who.id, "k")):
        fight, _ = gf.dismiss(fight, index)
    fight, _ = gf.take_maneuver(fight, "Attack")
    fight, _ = gf.attack(fight, who.id, "k", AttackSetup(), typed_dice("3d6", "3"))
    fight, _ = gf.damage(fight, typed_dice("1d", "6"))
    return fight


def test_the_log_says_what_a_turn_leaves_open_once_never_the_whole_list_each_turn() -> None:
    sam = Combatant(id="s", name="Sam", weapon_skill=14, damage="1d", damage_type="cr")
    fight, _ = gf.start(Fight((sam, KIM, TOM)), random.Random(1))  # Tom, Kim, Sam
    while fight.current() != fight.combatant("s"):
        fight, _ = gf.next_turn(fight)
    fight = _hit_on_kim(fight)  # Kim: HP 10 → 4
    lines = []
    for _ in range(6):  # two rounds, nothing answered
        fight, begun = gf.next_turn(fight)
        lines.append(str(begun).split(": a maneuver")[0])
        if fight.current() == fight.combatant("s"):
            fight = _hit_on_kim(fight)  # a second hit, Kim at 0 HP or below
    assert lines == [
        "Left open for later: Kim — shock, knockdown roll. Round 2: Tom's turn",
        "Round 2: Kim's turn",  # nothing changed: the panel's one line keeps them
        "Kim's shock lapsed unanswered (shock counts on the next turn only). Round 2: Sam's turn",
        "Left open for later: Kim — shock, knockdown roll, consciousness roll. "
        "Round 3: Tom's turn",  # only the second hit's: the first's knockdown is not said again
        "Round 3: Kim's turn",
        "Kim's shock lapsed unanswered (shock counts on the next turn only). Round 3: Sam's turn",
    ]
    # Sam's third hit, on his turn in round 3: its questions are open, the first two shocks
    # lapsed, the earlier rolls were dismissed before the hits they bore on.
    assert gf.carried_line(fight) == (
        "Open from earlier injuries: Kim — shock, knockdown roll, consciousness roll"
    )


def test_the_questions_after_the_one_asked_are_counted_in_its_fold() -> None:
    model = send(fight_started(), "gurps.field", "g2", "hp", "10")  # 6 > 10/2: a major wound
    model = attack_turn(model)  # Ana at Bo
    model = send(model, "gurps.step_attack_typed", "1 1 2")  # critical: no defense
    hurt = send(model, "gurps.step_damage_typed", "6")
    asked = texts(hurt, "gurps-after-injury")[0]
    assert "Then: Bo — shock." in asked and "shock from this injury" not in asked.split("Then")[1]


def _old_save() -> Model:
    """A fight saved by the app before shocks lapsed (main at e4371d6): Ana hit Bo in round 1;
    Bo's turn went by unanswered, so at Ana's turn in round 2 his shock was still kept, its
    turn over, and each "Round N" log line began "Still to answer: ..."."""
    section = read_section("gurps", 1, json.loads(OLD_SAVE.read_text(encoding="utf-8")))
    model = Model(History.new({**default_data(), "gurps": section}), route="gurps")
    return send(model, "gurps.tab", "tracker")


def test_a_fight_saved_before_shocks_lapsed_still_loads_and_the_shock_goes_next_turn() -> None:
    model = _old_save()
    fight = gf.fight_from_json(model.section("gurps"))
    assert [(a.kind, a.lapsed) for a in fight.asks] == [("shock", True), ("knockdown", False)]
    (carried,) = texts(model, "gurps-after-injury-open")
    assert carried == (
        "Open from earlier injuries: Bo — knockdown roll, a lapsed shock (nothing to record)"
    )
    log = texts(model, "gurps-log-entry")
    assert any(line.startswith("Still to answer: Bo's shock") for line in log)  # kept as saved
    passed = send(model, "gurps.next")  # Ana's turn ends: Bo's
    assert [a.kind for a in gf.fight_from_json(passed.section("gurps")).asks] == ["knockdown"]
    assert texts(passed, "gurps-log-entry")[0].startswith("Bo's shock lapsed unanswered")
    (carried,) = texts(passed, "gurps-after-injury-open")
    assert carried == "Open from earlier injuries: Bo — knockdown roll"


def test_each_count_stays_on_one_line_with_its_kind() -> None:
    """At a narrow width the carried line broke "3 / knockdown rolls"; each counted kind is
    now one unbroken piece, and the words read as the core says them."""
    model = _old_save()
    (line,) = find_all(shell.view(model), "gurps-after-injury-open")
    spans = [n for n in line.children if isinstance(n, VNode) and n.tag == "span"]
    assert [text_of(n) for n in spans] == ["knockdown roll", "a lapsed shock (nothing to record)"]
    assert {n.attr("class") for n in spans} == {"unbroken"}
    fight = gf.fight_from_json(model.section("gurps"))
    assert text_of(line) == gf.carried_line(fight)
