"""FIGHT.md's first law for the 3d6 fight, over random sequences of what a GM taps (hypothesis):
choosing a maneuver, setting up the attack (target, location, attack line, chips), rolling the
attack, the defense and the damage with app dice, cancelling, the next turn, and a save and
reload through ``fight_to_json``/``fight_from_json``. After every action:

- at the start of each turn no maneuver or option of an earlier turn is chosen: an attack tapped
  before this turn's maneuver is chosen is refused, and the maneuver select shows none;
- every attack is rolled from a fresh set-up for its attacker (from the sheets and the fight so
  far), changed only by what the GM set in this attack, with this turn's maneuver and option;
- a result is applied at most once: HP changes only on a damage roll that ends the attack
  under way, with one log line, and a second damage roll is refused.

The maneuver is chosen with the sheet's select (``gurps.field``), the message a GM's tap on it
sends."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
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
from pycore.systems.gurps.modifiers import maneuver_names, maneuver_options
from pycore.systems.gurps.worksheet import offered_modifiers

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
            "more_attacks": st.sampled_from(("", "Kick: 11, 1d cr, unarmed")),
        }
    ),
    min_size=2,
    max_size=3,
)
actions = st.lists(
    st.one_of(
        st.tuples(st.just("maneuver"), st.sampled_from(PICKS)),
        st.tuples(st.just("target"), st.integers(0, 2)),
        st.tuples(st.just("location"), st.sampled_from(LOCATIONS)),
        st.tuples(st.just("chip"), st.integers(0, 30)),
        st.tuples(st.just("line"), st.integers(0, 1)),
        st.tuples(st.just("attack"), st.integers(0, 999)),
        st.tuples(st.just("defend"), st.integers(0, 999)),
        st.tuples(st.just("damage"), st.integers(0, 999)),
        st.tuples(st.just("cancel"), st.none()),
        st.tuples(st.just("next"), st.none()),
        st.tuples(st.just("reload"), st.none()),
    ),
    min_size=1,
    max_size=40,
)


def _reload(model: Model) -> Model:
    """What a reload reads: the saved data, the fight through its codec."""
    data = json.loads(json.dumps(model.history.state))
    section = data["gurps"]
    section.update(gf.fight_to_json(gf.fight_from_json(section)))
    return Model(History.new(data), route="gurps")


def _fresh(model: Model) -> dict[str, Any]:
    fight = fight_of(model)
    current = fight.current()
    assert current is not None
    return {**turn_step.FRESH, "attacker": current.id, "target": gf.next_target(fight, current.id)}


def _shown_maneuver(model: Model, cid: str) -> str:
    """The maneuver the acting combatant's select shows as chosen."""
    (select,) = find_all(shell.view(model), f"gurps-maneuver-{cid}")
    return next((str(o.attr("value")) for o in select.children if o.attr("selected")), "")


def _hp(model: Model) -> dict[str, int]:
    return {c.id: c.hp_now for c in fight_of(model).combatants}


class Table:
    """The GM's side of the bookkeeping: what he chose this turn and set in this attack."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.new_turn()

    def new_turn(self) -> None:
        self.chosen: tuple[str, str] | None = None
        self.new_attack()
        current = fight_of(self.model).current()
        assert current is not None
        # GUR-06: nothing of an earlier turn is chosen when his turn begins.
        assert not getattr(fight_of(self.model), "chosen", False)
        assert _shown_maneuver(self.model, current.id) == ""
        assert turn_step.step_of(self.model, fight_of(self.model)) == _fresh(self.model)

    def new_attack(self) -> None:
        self.changes: dict[str, Any] = {}

    def expected(self) -> dict[str, Any]:
        return {**_fresh(self.model), **self.changes}

    def tap(self, *msg: object, seed: str = "abc") -> bool:
        """Send one message; whether it was taken (the history moved or a field was kept)."""
        before = self.model
        self.model = send(self.model, *msg, seed=seed)
        return self.model.history is not before.history

    def act(self, kind: str, arg: Any) -> None:
        fight = fight_of(self.model)
        current = fight.current()
        assert current is not None
        pending = fight.pending
        if kind == "maneuver":
            name, option = arg
            if pending is None and self.tap("gurps.field", current.id, "maneuver", name):
                self.tap("gurps.field", current.id, "option", option)
                after = fight_of(self.model).combatant(current.id)
                self.chosen = (after.maneuver, after.option)
        elif kind == "target":
            ids = [c.id for c in fight.combatants if c.id != current.id]
            self.tap("gurps.target", ids[arg % len(ids)])
            self.changes["target"] = ids[arg % len(ids)]
        elif kind == "location":
            self.tap("gurps.step_form", "location", arg)
            self.changes["location"] = arg
        elif kind == "chip":
            keys = [m.key for m in offered_modifiers(current.ranged) if m.value is not None]
            key = keys[arg % len(keys)]
            self.tap("gurps.step_chip", key)
            pressed = list(self.expected()["chips"])
            self.changes["chips"] = (
                [k for k in pressed if k != key] if key in pressed else [*pressed, key]
            )
        elif kind == "line":
            self.tap("gurps.step_line", str(arg))
            self.changes.update(line=arg, chips=[])
        elif kind == "attack":
            self._attack(current.id, str(arg))
        elif kind == "defend":
            if (
                self.tap("gurps.step_defend", seed=str(arg))
                and fight_of(self.model).pending is None
            ):
                self.new_attack()  # a defense that stops the attack ends it
        elif kind == "damage":
            self._damage(str(arg))
        elif kind == "cancel":
            self.tap("gurps.step_cancel")
            self.new_attack()
        elif kind == "next":
            if pending is None:
                assert self.tap("gurps.next")
                self.new_turn()
        elif kind == "reload":
            self.model = _reload(self.model)

    def _attack(self, cid: str, seed: str) -> None:
        before = fight_of(self.model)
        step = turn_step.step_of(self.model, before)
        taken = self.tap("gurps.step_attack", seed=seed)
        if self.chosen is None:
            assert not taken, "an attack was rolled with a maneuver nobody chose this turn"
            return
        if not taken:
            return
        # The attack rolled is this turn's: its maneuver, and a fresh set-up plus the GM's changes.
        attacker = fight_of(self.model).combatant(cid)
        assert (attacker.maneuver, attacker.option) == self.chosen
        assert step == self.expected()
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
def test_each_turn_and_attack_starts_fresh_and_a_result_is_applied_once(
    people: list[dict[str, Any]], steps: list[tuple[str, Any]]
) -> None:
    table = Table(_fight(people))
    for kind, arg in steps:
        hp = _hp(table.model)
        table.act(kind, arg)
        if kind != "damage":
            assert _hp(table.model) == hp, f"HP changed on {kind}"
