"""Issue 25, item 3 (Aftermath): a property over random sequences of fight actions (weapon
picks, attacker and target switches, fields and chips changed, the next Action Phase, attacks
rolled and applied, undo, a save and reload). At every step, so at the start of every attack,
each input of the attack equals a fresh set-up for the attacker from the sheets and the fight so
far (the chosen weapon with its skill, gun and loaded ammunition; the range and movement last set
between these two fighters), unless the GM changed it in this attack. A weapon is chosen for one
Action: the next starts from the sheet's first. A result is applied once.

The model below knows only what the GM did; the expected form is built from the sheet by the
weapon rules (``arms``) and the model, never read back from the fight."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from test_aftermath_arms import RIFLE
from test_aftermath_attack_lifetime import REVOLVER, _fighter

from pycore.errors import RulekeeperError
from pycore.systems.aftermath import fight as F
from pycore.systems.aftermath.attack import weapon_form, worksheet_forms
from pycore.systems.aftermath.gear import arms
from pycore.systems.aftermath.sheet import sheet as core

BOWIE = {"name": "Bowie", "kind": "hand", "listed": "Knife, bowie", "skill": "Knife"}
MOVES = ("stationary", "walking", "running")
SITUATIONS = ("surprised", "new_target", "stance")


SHEETS = (
    _fighter("Ana", RIFLE, REVOLVER),
    _fighter("Bo", BOWIE, REVOLVER),
    _fighter("Cy"),
)


@dataclass(frozen=True)
class Model:
    """What the GM did: who attacks whom with what, what he changed in this attack, and the
    range and movement he set between two fighters."""

    attacker: int = 0
    target: int = 1
    weapon: str = "Hunting rifle"
    mode: str = "missile"
    changed: dict[str, dict[str, Any]] = field(default_factory=dict)
    pairs: dict[tuple[int, int], dict[str, str]] = field(default_factory=dict)
    # The damage each fighter took in this Combat Turn, as his sheet's record grew.
    taken: dict[int, int] = field(default_factory=dict)
    # Whom each fighter's last applied attack was at (AFT-09: a newly acquired target).
    aimed: dict[int, int] = field(default_factory=dict)


def _expected(fight: F.Fight, model: Model, mode: str) -> dict[str, Any]:
    """A fresh set-up of ``mode`` for the attacker, from his sheet and the fight so far, with
    what the GM changed in this attack on top."""
    form = worksheet_forms.fresh_form(mode)
    if model.weapon:
        setup = arms.attack_setup(fight.characters[model.attacker], model.weapon)
        if (mode == "missile") == (setup.mode == "missile"):
            form = weapon_form.form_for(setup, mode)
    pair = model.pairs.get((model.attacker, model.target), {})
    form.update({k: v for k, v in pair.items() if k in form})
    taken = model.taken.get(model.attacker, 0)
    if taken and "damage_taken" in form:  # 001 line 67: what the fight saw him take
        name = fight.characters[model.attacker]["name"]
        form.update(damage_taken=taken, damage_source=f"{name} took {taken} this turn")
    last = model.aimed.get(model.attacker)
    if last is not None and "new_target" in form:  # AFT-09: another target than his last
        name, seen = fight.characters[model.attacker]["name"], fight.characters[last]["name"]
        form.update(new_target=last != model.target, target_source=f"{name} last attacked {seen}")
    form.update(copy.deepcopy(model.changed.get(mode, {})))
    return form


def _record(sheet: Any) -> int:
    return sum(v for v in sheet["damage"].values() if isinstance(v, int))


def _took(before: F.Fight, after: F.Fight, model: Model) -> Model:
    """The model once an attack was applied: what each one's damage record grew by."""
    taken = dict(model.taken)
    for index, (old, new) in enumerate(zip(before.characters, after.characters, strict=True)):
        grew = _record(core.merged(dict(new))) - _record(core.merged(dict(old)))
        if grew > 0:
            taken[index] = taken.get(index, 0) + grew
    return replace(model, taken=taken)


def _check(fight: F.Fight, model: Model) -> None:
    assert (fight.attacker, fight.target, fight.weapon, fight.mode) == (
        model.attacker,
        model.target,
        model.weapon,
        model.mode,
    )
    for mode in worksheet_forms.MODES:
        assert dict(fight.forms[mode]) == _expected(fight, model, mode), mode


def _switch_attacker(model: Model, index: int) -> Model:
    target = model.attacker if model.target == index else model.target
    own = arms.sheet_weapons(SHEETS[index])
    weapon, mode = (own[0].name, own[0].mode) if own else ("", model.mode)
    return replace(model, attacker=index, target=target, weapon=weapon, mode=mode, changed={})


def _next_action(fight: F.Fight, model: Model) -> Model:
    """The clock moved: the attacker's next Action starts from his sheet's first weapon (the
    text holds no weapon in hand), unless an attack is under way (dice waiting, a change)."""
    own = arms.sheet_weapons(SHEETS[model.attacker])
    if fight.pending is not None or any(model.changed.values()) or not own:
        return model
    return replace(model, weapon=own[0].name, mode=own[0].mode)


def _pick(fight: F.Fight, model: Model, role: str, index: int, drop: bool) -> tuple[F.Fight, Model]:
    current = model.attacker if role == "attacker" else model.target
    busy = fight.pending is not None or (role == "attacker" and any(model.changed.values()))
    fight, _ = F.pick_combatant(fight, role, index)
    if index == current:
        return fight, model
    if busy:  # never dropped silently: asked, then kept or dropped by the GM
        assert fight.ask == {"role": role, "index": index}
        fight, _ = F.answer_ask(fight, drop=drop)
        if not drop:
            return fight, model
        model = replace(model, changed={})
    if role == "attacker":
        return fight, _switch_attacker(model, index)
    return fight, replace(model, target=index)


def _set(fight: F.Fight, model: Model, key: str, value: str) -> tuple[F.Fight, Model]:
    fight, _ = F.set_field(fight, model.mode, key, value)
    if key in ("meters", "target_action"):
        pairs = {k: dict(v) for k, v in model.pairs.items()}
        there, back = (model.attacker, model.target), (model.target, model.attacker)
        pairs[there] = {**pairs.get(there, {}), key: value}
        if key == "meters":
            pairs[back] = {**pairs.get(back, {}), key: value}
        return fight, replace(model, pairs=pairs)
    stored: Any = int(value) if key in ("bcs", "distractions") else value
    changed = {m: dict(c) for m, c in model.changed.items()}
    changed[model.mode] = {**changed.get(model.mode, {}), key: stored}
    return fight, replace(model, changed=changed)


def _toggle(fight: F.Fight, model: Model, situation: str) -> tuple[F.Fight, Model]:
    form = fight.forms[model.mode]
    before = list(form["situations"])
    fight, _ = F.toggle_chip(fight, model.mode, f"sit:{situation}")
    changed = {m: dict(c) for m, c in model.changed.items()}
    if situation == "new_target":  # its own field, derived by the fight (AFT-09)
        now = {"situations": before, "new_target": not form["new_target"]}
        changed[model.mode] = {**changed.get(model.mode, {}), **now}
        return fight, replace(model, changed=changed)
    after = [s for s in before if s != situation] if situation in before else [*before, situation]
    changed[model.mode] = {**changed.get(model.mode, {}), "situations": after}
    return fight, replace(model, changed=changed)


def _attack(fight: F.Fight, model: Model, seed: int) -> tuple[F.Fight, Model]:
    start = fight
    try:
        fight, result = F.attack(fight, F.roll_for_me(str(seed)))
    except RulekeeperError:  # a value asked (a BCS, the ammunition...): nothing happens
        return fight, model
    if fight.pending is not None:  # a hit waiting for its Damage Potential: given up here
        fight, _ = F.drop_pending(fight)
        return fight, replace(model, changed={})
    assert isinstance(result, F.Attacked)
    again, nothing = F.give_answer(fight)  # nothing waits: applying again does nothing
    assert again == fight and not isinstance(nothing, F.Attacked)  # applied at most once
    aimed = {**model.aimed, model.attacker: model.target}
    return fight, replace(_took(start, fight, model), changed={}, aimed=aimed)


ACTIONS = st.one_of(
    st.tuples(st.just("attacker"), st.integers(0, 2), st.booleans()),
    st.tuples(st.just("target"), st.integers(0, 2), st.booleans()),
    st.tuples(st.just("weapon"), st.integers(0, 2)),
    st.tuples(st.just("mode"), st.sampled_from(worksheet_forms.MODES)),
    st.tuples(st.just("meters"), st.integers(0, 300)),
    st.tuples(st.just("target_action"), st.sampled_from(MOVES)),
    st.tuples(st.just("bcs"), st.integers(-5, 25)),
    st.tuples(st.just("chip"), st.sampled_from(SITUATIONS)),
    st.tuples(st.just("attack"), st.integers(0, 50)),
    st.tuples(st.just("typed"), st.integers(1, 20)),
    st.tuples(st.just("next_phase")),
    st.tuples(st.just("next_turn")),
    st.tuples(st.just("undo")),
    st.tuples(st.just("reload")),
)


def _step(fight: F.Fight, model: Model, action: tuple[Any, ...]) -> tuple[F.Fight, Model]:
    kind = action[0]
    if kind in ("attacker", "target"):
        return _pick(fight, model, kind, action[1], action[2])
    if kind == "weapon":
        own = arms.sheet_weapons(SHEETS[model.attacker])
        if not own or fight.pending is not None:
            return fight, model
        weapon = own[action[1] % len(own)]
        fight, _ = F.choose_weapon(fight, weapon.name)
        thrown = weapon.mode == "hth" and model.mode == "thrown"
        mode = "thrown" if thrown else weapon.mode
        return fight, replace(model, weapon=weapon.name, mode=mode, changed={})
    if kind == "mode":
        return F.set_mode(fight, action[1])[0], replace(model, mode=action[1])
    if kind in ("meters", "target_action", "bcs"):
        if kind not in worksheet_forms.FORMS[model.mode]:  # no range in hand-to-hand...
            return fight, model
        return _set(fight, model, kind, str(action[1]))
    if kind == "chip":
        if model.mode == "hth":
            return fight, model
        return _toggle(fight, model, action[1])
    if kind == "attack":
        return _attack(fight, model, action[1])
    if kind == "typed":  # one roll of the user's dice: the attack waits for the next
        try:
            done, _ = F.attack(fight, F.typed_roll(str(action[1])))
        except RulekeeperError:
            return _attack(fight, model, action[1])
        if done.pending is None:
            return _attack(fight, model, action[1])
        return done, model
    if kind == "next_phase":
        return F.next_action_phase(fight)[0], _next_action(fight, model)
    if kind == "next_turn":  # a new Combat Turn: no damage taken in it yet
        return F.next_combat_turn(fight)[0], replace(_next_action(fight, model), taken={})
    if kind == "reload":
        again = F.fight_from_json(copy.deepcopy(F.fight_to_json(fight)))
        assert again == fight
        return again, model
    return fight, model


@given(st.lists(ACTIONS, min_size=1, max_size=25))
@settings(max_examples=60, deadline=None)
def test_every_attack_starts_from_the_sheets_and_the_fight_so_far(
    actions: list[tuple[Any, ...]],
) -> None:
    fight = F.fight_from_json({"characters": [copy.deepcopy(s) for s in SHEETS], "combat": {}})
    fight, _ = F.pick_combatant(fight, "attacker", 2)
    fight, _ = F.pick_combatant(fight, "attacker", 0)
    fight, _ = F.pick_combatant(fight, "target", 1)
    model = Model()
    history: list[tuple[F.Fight, Model]] = []
    _check(fight, model)
    for action in actions:
        if action[0] == "undo":  # the page's Undo: the fight and what the GM did, as before
            if history:
                fight, model = history.pop()
        else:
            before = (fight, model)
            fight, model = _step(fight, model, action)
            if fight != before[0]:
                history.append(before)
        _check(fight, model)
