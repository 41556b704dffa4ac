"""FIGHT.md's first law for the 3d6 fight, over random sequences of what a GM taps (hypothesis):
choosing a maneuver, setting up the attack (target, location, attack line, chips), rolling the
attack, the defense and the damage with app dice, cancelling, tapping the weapon a Ready
maneuver drew (a chip per weapon line, 004 line 95), the next turn, and a save and reload
through ``fight_to_json``/``fight_from_json``. After every action:

- at the start of each turn no maneuver or option of an earlier turn is chosen: an attack tapped
  before this turn's maneuver is chosen is refused, and the maneuver select shows none;
- every attack is rolled from a fresh set-up for its attacker (from the sheets and the fight so
  far: it starts with the weapon in his hand), changed only by what the GM set in this attack,
  with this turn's maneuver and option;
- a result is applied at most once: HP changes only on a damage roll that ends the attack
  under way, with one log line, and a second damage roll is refused;
- each fighter parries with the weapon in his hand as the GM's own actions leave it (004 lines
  93, 95, 248): his last attack's, or the one he said a Ready drew; nothing is in his hand
  before either (his sheet's weapons stand ready); while his Ready's weapon is not said he has
  no parry, and a Ready left unsaid draws nothing: the weapon in his hand stays the last one.

The maneuver is chosen with the sheet's select (``gurps.field``), the message a GM's tap on it
sends."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import find_all
from rkweb.features.gurps import campaign, turn_step
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import send
from test_gurps_switch import _fight

from pycore.store import History
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.aiming import aimed_location
from pycore.systems.gurps.attacks import armed, attack_lines
from pycore.systems.gurps.fight.hands import defenses_now, holding
from pycore.systems.gurps.modifiers import maneuver_names, maneuver_options
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import defenses_of, offered_modifiers

LOCATIONS = ("torso", "arm", "skull", "vitals", "leg")
#: (maneuver, option) pairs a GM can pick for a melee fighter, "—" included.
PICKS = tuple(
    (name, option)
    for name in maneuver_names()
    for option in ("", *maneuver_options(name, melee=True))
)

fighters = st.lists(
    st.fixed_dictionaries(
        {
            "weapon_skill": st.integers(10, 18),
            "basic_speed": st.sampled_from(("5", "5.5", "6")),
            "hp": st.integers(12, 40),
            "maneuver": st.sampled_from(("Attack", "All-Out Attack", "All-Out Defense")),
            "option": st.sampled_from(("", "Determined", "Double")),
            "more_attacks": st.sampled_from(
                ("", "Kick: 11, 1d cr, unarmed", "Knife: 12, 1d-1 imp; Kick: 11, 1d cr, unarmed")
            ),
        }
    ),
    min_size=2,
    max_size=3,
)
#: A plain fighter (an @example's).
PLAIN = {
    "weapon_skill": 10,
    "basic_speed": "5",
    "hp": 12,
    "maneuver": "Attack",
    "option": "",
    "more_attacks": "",
}
#: A fighter with a second attack line (a Ready asks which he drew).
KICKER = {**PLAIN, "more_attacks": "Kick: 11, 1d cr, unarmed"}
actions = st.lists(
    st.one_of(
        st.tuples(st.just("maneuver"), st.sampled_from(PICKS)),
        st.tuples(st.just("target"), st.integers(0, 2)),
        st.tuples(st.just("location"), st.sampled_from(LOCATIONS)),
        st.tuples(st.just("chip"), st.integers(0, 30)),
        st.tuples(st.just("line"), st.integers(0, 2)),
        st.tuples(st.just("ready"), st.tuples(st.integers(0, 2), st.integers(0, 2))),
        st.tuples(st.just("attack"), st.integers(0, 999)),
        st.tuples(st.just("defend"), st.integers(0, 999)),
        st.tuples(st.just("damage"), st.integers(0, 999)),
        st.tuples(st.just("cancel"), st.none()),
        st.tuples(st.just("next"), st.none()),
        st.tuples(st.just("undo"), st.none()),
        st.tuples(st.just("undo"), st.none()),
        st.tuples(st.just("redo"), st.none()),
        st.tuples(st.just("reload"), st.none()),
    ),
    min_size=1,
    max_size=40,
)


def _reload(model: Model) -> Model:
    """What a reload reads: the saved data, the fight through its codec, and the saved undo and
    redo steps (the page's Undo goes on after a reload)."""
    data = json.loads(json.dumps(model.history.state))
    section = data["gurps"]
    section.update(gf.fight_to_json(gf.fight_from_json(section)))
    steps = json.loads(json.dumps(model.history.steps_json()))
    return Model(History.from_json({"state": data, **steps}), route="gurps")


def _fresh(model: Model, hands: dict[str, int]) -> dict[str, Any]:
    """A fresh set-up for the acting combatant: from the sheets and the fight so far (his next
    target, the range the fight holds between the two, and the weapon in his hand as the
    test's account ``hands`` has it: his last attack's or the one his Ready drew, 004 line 93;
    his sheet's first line before either)."""
    fight = fight_of(model)
    current = fight.current()
    assert current is not None
    target = gf.next_target(fight, current.id)
    held = {
        "yards": gf.range_between(fight, current.id, target),
        "range_beyond": gf.beyond_between(fight, current.id, target),
    }
    line = hands.get(current.id, 0)
    return {**turn_step.FRESH, "attacker": current.id, "target": target, "line": line, **held}


def _aimed(model: Model, step: dict[str, Any]) -> dict[str, Any]:
    """``step`` with its location as the rules let it be aimed: a line or target that cannot hit
    the location chosen aims at the torso (003 line 39; the core's own rule)."""
    fight = fight_of(model)
    attacker = fight.combatant(str(step["attacker"]))
    target = fight.combatant(str(step["target"]))
    line = int(step["line"])
    where = aimed_location(str(step["location"]), attacker, target, line)
    return {**step, "location": where}


def _shown_maneuver(model: Model, cid: str) -> str:
    """The maneuver the acting combatant's select shows as chosen."""
    (select,) = find_all(shell.view(model), f"gurps-maneuver-{cid}")
    return next((str(o.attr("value")) for o in select.children if o.attr("selected")), "")


def _hp(model: Model) -> dict[str, int]:
    return {c.id: c.hp_now for c in fight_of(model).combatants}


@dataclass
class Account:
    """The test's own account of the turn and the attack under way, kept from the GM's actions
    alone: the maneuver he chose this turn (None: none yet), what he set in this attack, which
    attack it is (counted as they begin), the attack line in each fighter's hand (his last
    attack's or the one he readied; none before either) and who took Ready with the weapon he
    drew not said."""

    chosen: tuple[str, str] | None = None
    changes: dict[str, Any] = field(default_factory=dict)
    attack: int = 0
    held: dict[str, int] = field(default_factory=dict)
    drawing: set[str] = field(default_factory=set)

    def copy(self) -> Account:
        return Account(
            self.chosen, dict(self.changes), self.attack, dict(self.held), {*self.drawing}
        )


class Table:
    """The GM's side of the bookkeeping: the account now, and the accounts the page's undo and
    redo steps go back to (one per step of the fight, taken just before it, or just before it
    was undone): a history of its own, never re-read from the page."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.now = Account()
        self.undo: list[Account] = []
        self.redo: list[Account] = []
        self.new_turn()

    def new_turn(self) -> None:
        self.now = Account(attack=self.now.attack + 1, held=self.now.held, drawing=self.now.drawing)
        current = fight_of(self.model).current()
        assert current is not None
        # GUR-06: nothing of an earlier turn is chosen when his turn begins.
        assert not fight_of(self.model).chosen
        assert _shown_maneuver(self.model, current.id) == ""
        fresh = _fresh(self.model, self.now.held)
        assert turn_step.step_of(self.model, fight_of(self.model)) == fresh

    def new_attack(self) -> None:
        now = self.now
        self.now = Account(now.chosen, attack=now.attack + 1, held=now.held, drawing=now.drawing)

    def expected(self, account: Account | None = None) -> dict[str, Any]:
        account = account or self.now
        return _aimed(self.model, {**_fresh(self.model, account.held), **account.changes})

    def tap(self, *msg: object, seed: str = "abc") -> bool:
        """Send one message; whether it was taken (the history moved or a field was kept). A
        step of the fight (an undo step) puts the account as it was before it in the history."""
        before, account = self.model, self.now.copy()
        self.model = send(self.model, *msg, seed=seed)
        if len(self.model.history.undo_stack) > len(before.history.undo_stack):
            self.undo.append(account)
            self.redo.clear()
        return self.model.history is not before.history

    def check(self) -> None:
        """After every action: every input of the attack under way is what the GM set in this
        attack (the account's), over a fresh set-up from the sheets and the fight so far; the
        maneuver chosen is this turn's."""
        fight = fight_of(self.model)
        current = fight.current()
        assert current is not None
        step = turn_step.step_of(self.model, fight)
        assert step == self.expected(), (step, self.now)
        assert fight.chosen == (self.now.chosen is not None), (fight.chosen, self.now)
        if self.now.chosen is not None:
            assert (current.maneuver, current.option) == self.now.chosen, self.now
        for c in fight.combatants:
            self._in_hand(fight, c)

    def _in_hand(self, fight: gf.Fight, c: Combatant) -> None:
        """He defends with the weapon in his hand as the account has it (004 lines 93, 248);
        with no parry while the weapon his Ready drew is not said."""
        line = self.now.held.get(c.id)
        natural = tuple(x for x in c.more_attacks if x.unarmed)
        if line is None and c.unarmed:  # no weapon in hand: his natural weapons (004 line 97)
            expected = replace(c, more_attacks=natural)
        else:  # no record: his sheet's first line stands in his hand, none other ready
            expected = replace(armed(c, 0 if line is None else line), more_attacks=())
        assert holding(fight, c) == expected, (c.id, gf.in_hand(fight, c.id), self.now)
        waiting = c.id in self.now.drawing and c.maneuver == "Ready"
        defenses = defenses_now(fight, c)
        assert defenses == tuple(k for k in defenses_of(expected) if k != "parry" or not waiting), (
            c.id,
            defenses,
            self.now,
        )

    def act(self, kind: str, arg: Any) -> None:
        """One action of the GM's, the account kept beside it and checked after it."""
        if kind in ("undo", "redo"):
            self._back_or_forth(kind)
        else:
            self._act(kind, arg)
        self.check()

    def _back_or_forth(self, kind: str) -> None:
        """Undo or redo: the account goes back (or forth) to its own of that state; the step is
        that account's, or a fresh set-up for the state gone back to (what the GM had set in
        it was kept quietly, without an undo step), never a value set in a step no longer
        there. What the GM set since a step of the same attack stays his when the step is
        undone (the page keeps quiet changes since; they were set in this very attack)."""
        back, forth = (self.undo, self.redo) if kind == "undo" else (self.redo, self.undo)
        history = self.model.history
        self.model = send(self.model, f"shell.{kind}")
        if self.model.history is history or not back:
            return
        forth.append(self.now.copy())
        account = back.pop()
        if account.attack == self.now.attack:
            account.changes = dict(self.now.changes)
        step = turn_step.step_of(self.model, fight_of(self.model))
        if step != self.expected(account) and step == self.expected(Account(held=account.held)):
            account.changes = {}  # fresh: nothing the GM set kept
        self.now = account

    def _act(self, kind: str, arg: Any) -> None:
        fight = fight_of(self.model)
        current = fight.current()
        assert current is not None
        pending = fight.pending
        if kind == "maneuver":
            name, option = arg
            if pending is None and self.tap("gurps.field", current.id, "maneuver", name):
                self._chosen(current.id)
                self.tap("gurps.field", current.id, "option", option)
                self._chosen(current.id)
        elif kind == "target":
            ids = [c.id for c in fight.combatants if c.id != current.id]
            pressed = list(self.expected()["chips"])
            if self.tap("gurps.target", ids[arg % len(ids)]):
                # FIGHT.md: a new target starts the choices about him afresh (where it lands,
                # the situation about him); the attacker's own rows stay.
                for name in turn_step.TARGET_FIELDS:
                    self.now.changes.pop(name, None)
                kept = [k for k in pressed if k in turn_step.ATTACKER_ROWS]
                self.now.changes.update(target=ids[arg % len(ids)], chips=kept)
                self._aim()
        elif kind == "location":
            if self.tap("gurps.step_form", "location", arg):
                self.now.changes["location"] = arg
                self._aim()
        elif kind == "chip":
            keys = [m.key for m in offered_modifiers(current.ranged) if m.value is not None]
            key = keys[arg % len(keys)]
            pressed = list(self.expected()["chips"])
            if self.tap("gurps.step_chip", key):
                self.now.changes["chips"] = (
                    [k for k in pressed if k != key] if key in pressed else [*pressed, key]
                )
        elif kind == "line":
            if self.tap("gurps.step_line", str(arg)):
                self.now.changes.update(line=arg, chips=[])
                self._aim()
        elif kind == "attack":
            self._attack(current.id, str(arg))
        elif kind == "ready":  # a weapon chip: the weapon his Ready drew (004 line 95)
            who = fight.combatants[arg[0] % len(fight.combatants)]
            line = arg[1] % len(attack_lines(who))
            if self.tap("gurps.ready_weapon", who.id, str(line)):
                self.now.held[who.id] = line
                self.now.drawing.discard(who.id)
        elif kind == "defend":
            if (
                self.tap("gurps.step_defend", seed=str(arg))
                and fight_of(self.model).pending is None
            ):
                self.new_attack()  # a defense that stops the attack ends it
        elif kind == "damage":
            self._damage(str(arg))
        elif kind == "cancel":
            if self.tap("gurps.step_cancel"):
                self.new_attack()
        elif kind == "next":
            if pending is None:
                assert self.tap("gurps.next")
                self.new_turn()
        elif kind == "reload":
            reloaded = _reload(self.model)
            assert reloaded.state["gurps"] == self.model.state["gurps"]  # it goes on as it was
            self.model = reloaded

    def _chosen(self, cid: str) -> None:
        """The maneuver (and option) chosen on his select, as the fight now holds it."""
        after = fight_of(self.model)
        who = after.combatant(cid)
        self.now.chosen = (who.maneuver, who.option) if after.chosen else None
        self.now.drawing.discard(cid)
        if who.maneuver == "Ready" and len(attack_lines(who)) == 1:
            self.now.held[cid] = 0  # one weapon: the one he draws, nothing to say
        elif who.maneuver == "Ready":
            self.now.drawing.add(cid)  # which one, the GM's to say; his hand as it was

    def _aim(self) -> None:
        """The location as the page keeps it: aimed anew for the line and target now."""
        if "location" in self.now.changes:
            self.now.changes["location"] = self.expected()["location"]

    def _attack(self, cid: str, seed: str) -> None:
        before = fight_of(self.model)
        step = turn_step.step_of(self.model, before)
        taken = self.tap("gurps.step_attack", seed=seed)
        if self.now.chosen is None:
            assert not taken, "an attack was rolled with a maneuver nobody chose this turn"
            return
        if not taken:
            return
        # The attack rolled is this turn's: its maneuver, and a fresh set-up plus the GM's changes.
        attacker = fight_of(self.model).combatant(cid)
        assert (attacker.maneuver, attacker.option) == self.now.chosen
        assert step == self.expected()
        line = int(step["line"])
        if not attack_lines(attacker)[line].unarmed or self.now.held.get(cid) == gf.EMPTY:
            self.now.held[cid] = line  # he attacked with it: in his hand (004 line 93)
        # else a punch or kick: the weapon he held stays in his hand (004 line 97)
        self.now.drawing.discard(cid)
        pending = fight_of(self.model).pending
        if pending is not None:
            setup = turn_step.setup_of(step, before.combatant(cid))
            assert pending.setup.location == setup.location
            assert pending.setup.table_keys == setup.table_keys
            assert pending.setup.line == setup.line
            assert pending.setup.eye_reading == campaign.eye_reading(self.model)
        else:
            self.new_attack()

    def _damage(self, seed: str) -> None:
        hp = _hp(self.model)
        log = len(self.model.state["gurps"]["log"])
        if not self.tap("gurps.step_damage", seed=seed):
            assert _hp(self.model) == hp
            return
        assert fight_of(self.model).pending is None
        assert len(self.model.state["gurps"]["log"]) == log + 1
        self.new_attack()
        again = send(self.model, "gurps.step_damage", seed=seed)
        assert again.history is self.model.history, "the same hit was applied twice"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fighters, actions)
# Failed on main once aiming came (de77fde): the test's account kept the vitals its crushing
# line cannot be aimed at, where the page aims at the torso (003 lines 39, 41).
@example(
    people=[PLAIN, PLAIN],
    steps=[("maneuver", ("Attack", "")), ("location", "vitals"), ("attack", 0)],
)
# Found by this test once it drove the page's undo: a location typed (saved without an undo
# step) after an attack was abandoned stayed when the abandon was undone, the restored attack
# aimed at the arm nobody chose in it.
@example(people=[PLAIN, PLAIN], steps=[("cancel", None), ("location", "arm"), ("undo", None)])
# Found by this test once it tapped the Ready chips: Ready chosen on the turn's select drew no
# weapon to ask (the chips' Ready did), his parry still the sheet's.
@example(people=[KICKER, KICKER], steps=[("maneuver", ("Ready", ""))])
# A Ready whose weapon nobody tapped: on his next turn he parried with his sheet's first weapon,
# not the kick of his last attack (004 lines 93, 95).
@example(
    people=[KICKER, KICKER],
    steps=[
        ("maneuver", ("Attack", "")),
        ("line", 1),
        ("attack", 0),
        ("cancel", None),
        ("next", None),
        ("next", None),
        ("maneuver", ("Ready", "")),
        ("next", None),
        ("next", None),
        ("maneuver", ("Move", "")),
    ],
)
def test_each_turn_and_attack_starts_fresh_and_a_result_is_applied_once(
    people: list[dict[str, Any]], steps: list[tuple[str, Any]]
) -> None:
    # the fight starts here: no undo step of the set-up's to take back
    start = _fight(people)
    table = Table(Model(History.new(start.history.state), route="gurps"))
    for kind, arg in steps:
        hp = _hp(table.model)
        table.act(kind, arg)
        if kind not in ("damage", "undo", "redo"):
            assert _hp(table.model) == hp, f"HP changed on {kind}"
