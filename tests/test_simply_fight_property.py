"""FIGHT.md's first law on the Simply fight screen, over random sequences of what a GM does
(issue 25 item 3): attack rolls (typed dice, with or without luck and a Defend), damage applied
(twice in a row too), actions that pass the turn on a last action, holding, the next turn,
switching attacker, weapon or target, the GM's own changes to an attack, undo, redo, and a save
and reload through the codec; and the treatment's rolls typed at the table (a stabilization's
treater's roll or hours, each waiting for the other).

At every step, each input of the attack and damage steps equals a fresh set-up for the attack as
chosen (attacker, weapon, target) from the sheets and the fight so far, unless the GM changed it
in this very attack (the damage step belongs to a hit still to be applied); a hit is applied at
most once. The treatment's typed rolls follow the same law: an undo never hands rolls typed
after its step to the treatment restored, and an undo then its redo gives back exactly what was
typed. After an undo the steps shown (attack, damage, treatment) are exactly as they stood at the
step count it goes back to, and after a redo as they stood when the undo was made."""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.features.simply.combat import care
from rkweb.features.simply.combat import state as saved
from test_simply_fight_page import duel

from pycore.store import History

NOW = "2026-11-27T10:00:00+01:00"


def send(model: Model, *msg: object, seed: str = "s") -> Model:
    return shell.update(model, tuple(msg), Ctx(now=NOW, fresh_seed=seed))


@cache
def _fighters() -> str:
    """Mara (a Longsword, Max Dmg 24, and her fists) and Bo (unarmed), built on their sheets,
    and a quick NPC whose TN the GM types; saved as JSON (built once)."""
    model = send(duel(), "simply.combat_form", "add", "name", "Grunt")
    model = send(model, "simply.combat_form", "add", "max_damage", "10")
    model = send(model, "simply.combat_add")
    return model.history.to_json()


def _reload(model: Model) -> Model:
    return send(
        Model(History.from_json(model.history.to_json()), route="simply"), "simply.tab", "combat"
    )


def _section(model: Model) -> dict[str, Any]:
    return saved.load(model)


def _due(model: Model) -> Any:
    return _section(model)["combat"].get("due")


def _hp(model: Model) -> list[int]:
    return [c["hp"] for c in _section(model)["combat"]["combatants"]]


def _arms(model: Model) -> int:
    state = _section(model)
    attacker = state["form"]["attack"]["attacker"]
    fighters = {c["id"]: c for c in state["combat"]["combatants"]}
    return len(fighters[attacker]["arms"]) or 1 if attacker in fighters else 0


FIGHTERS = ("c1", "c2", "c3")
face = st.integers(1, 10)
ACTION = st.one_of(
    st.tuples(st.just("attack"), st.lists(face, min_size=4, max_size=4)),
    st.tuples(st.just("damage"), st.integers(1, 20)),
    st.tuples(st.just("damage twice"), st.integers(1, 20)),
    st.tuples(st.just("act"), st.sampled_from(("Attack", "Move", "Defend", "Other"))),
    st.tuples(st.just("hold")),
    st.tuples(st.just("initiative"), st.lists(face, min_size=3, max_size=3)),
    st.tuples(st.just("attacker"), st.sampled_from(FIGHTERS)),
    st.tuples(st.just("target"), st.sampled_from(FIGHTERS)),
    st.tuples(st.just("aim"), st.sampled_from(FIGHTERS)),
    st.tuples(st.just("weapon"), st.sampled_from(("0", "1", "2"))),
    st.tuples(
        st.just("change"),
        st.sampled_from(
            (
                ("attack", "tn", "14"),
                ("attack", "tn", "3"),
                ("attack", "luck", "yes"),
                ("attack", "defend", "yes"),
                ("attack", "defend_tn", "15"),
                ("attack", "level", "Expert"),
                ("damage", "other", "2"),
                ("damage", "kind", "energy"),
                ("damage", "max_damage", "30"),
            )
        ),
    ),
    # a stabilization's roll typed at the table for a patient: kept while the other waits
    st.tuples(st.just("treat"), st.sampled_from(FIGHTERS), st.sampled_from(("rolled", "hours"))),
    st.tuples(st.just("undo")),
    st.tuples(st.just("redo")),
    st.tuples(st.just("reload")),
)


ROLLED = ("d20", "seed", "luck")  # the damage's own entries, typed or rolled in the step
TREAT_TEXT = {"rolled": "3 4", "hours": "4"}  # the treater's 2D10, the hours' 1D10 (SIM-54)
TREAT_KEPT = ("rolled", "hours", "typed_for")  # the rolls typed and the treatment they are for


def _rolls(model: Model) -> dict[str, str]:
    """The treatment's rolls typed at the table for the treatment set up now."""
    return care._typed_now(_section(model)["form"]["treat"])


def _typed_rolls(model: Model) -> dict[str, str]:
    """The treatment's typed rolls as kept, and which treatment they are for."""
    return {k: _section(model)["form"]["treat"][k] for k in TREAT_KEPT}


def _forms(model: Model) -> dict[str, dict[str, str]]:
    """The steps as shown: the attack and damage steps, and the treatment's fields (all chosen
    or typed without an undo step)."""
    form = _section(model)["form"]
    return {
        **{g: form[g] for g in saved.ATTACK_STEPS},
        "treat": {k: form["treat"][k] for k in saved.TREAT_MARKED},
    }


def _check(
    model: Model,
    changed: set[tuple[str, str]] | None,
    hit_form: dict[str, str] | None,
) -> None:
    """Every field the GM did not change in this attack is the fresh set-up's; while a hit
    awaits its damage, the damage step is the one set up for that hit. After an undo or redo
    ``changed`` and ``hit_form`` are the test's own account of the state gone back to (its
    history of them), never re-read from the page: a value typed in an undone step is caught."""
    state = _section(model)
    attack = state["form"]["attack"]
    expected: dict[str, dict[str, str]] = {}
    fighters = [c["id"] for c in state["combat"]["combatants"]]
    if attack["attacker"] in fighters and attack["target"] in ("", *fighters):
        # (an undo may go back to before a fighter joined: the screen keeps the choice only)
        expected = saved.plan_form(saved.fight_of(model, state), attack)
    if _due(model):
        expected = {**expected, "damage": hit_form or {}}
    elif expected and saved.fight_of(model, state).missed is not None:
        # Issue 26: a miss ends its attack (SIM-39); damage without an attack starts blank.
        expected = {**expected, "damage": dict(saved.FORM_DEFAULTS["damage"])}
    for group, fields in expected.items():
        for name, value in fields.items():
            now = state["form"][group][name]
            if changed is not None and (group, name) in changed:
                continue
            if group == "damage" and name in ROLLED:
                continue
            assert now == value, (group, name, now, value, attack)


# Found by this test since it follows undo (stop 51), after its fresh-clone CI had passed by luck:
# a TN typed for a new attacker after a hit's damage stayed when that damage was undone, so the
# restored attack's TN was 14, not its sheet's 8 (entries saved without an undo step outlived
# the step undone before them; the page now marks them with the steps they follow, as
# Percentile's does).
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(ACTION, min_size=1, max_size=25))
@example(actions=[("damage", 1), ("attacker", "c1"), ("change", ("attack", "tn", "14")), ("undo",)])
# and its redo gives back the TN 14 typed after the step
@example(
    actions=[
        ("damage", 1),
        ("attacker", "c1"),
        ("change", ("attack", "tn", "14")),
        ("undo",),
        ("redo",),
    ]
)
# Found by hypothesis: the undo put back Ana's weapon 1 beside Grunt, chosen after it (its patch
# skips what changed since); Grunt has one weapon, so the set-up failed (weapon 1 is not one of
# Grunt's): an undone choice reads as his own first weapon.
@example(actions=[("weapon", "1"), ("initiative", [1, 3, 2]), ("attacker", "c3"), ("undo",)])
# The treatment's rolls were kept without marks: the hours typed after the damage stayed when
# the damage was undone, for a treatment no longer the same; the redo gives them back.
@example(actions=[("damage", 1), ("treat", "c2", "hours"), ("undo",), ("redo",)])
# Stop 53: an undo set the whole attack up afresh when an entry followed its step, so the TN 14
# typed for the attack before the step was lost; the steps are back as they stood at its count.
@example(
    actions=[
        ("change", ("attack", "tn", "14")),
        ("damage", 1),
        ("change", ("attack", "defend_tn", "15")),
        ("undo",),
        ("redo",),
    ]
)
# Found by hypothesis at stop 53: an entry typed after an undo took the serial of the one before
# the step (the page's state had dropped the last serial given), so the redo found nothing
# changed since and showed the section as saved, not the d20 typed after the step.
@example(
    actions=[
        ("attack", [1, 8, 1, 1]),
        ("damage", 1),
        ("act", "Attack"),
        ("damage", 1),
        ("undo",),
        ("damage", 1),
        ("redo",),
    ]
)
@example(actions=[("change", ("attack", "defend", "yes")), ("attack", [1, 1, 1, 1]), ("undo",)])
def test_every_attack_starts_from_the_sheets_and_a_hit_is_applied_once(
    actions: list[tuple[Any, ...]],
) -> None:
    model = Model(History.from_json(_fighters()), route="simply")
    model = send(model, "simply.combat_initiative_typed", "9 2 5")
    # the fight starts here: no undo step of the set-up's to take back
    model = Model(History.new(model.history.state), route="simply")
    changed: set[tuple[str, str]] | None = set()
    hit_form: dict[str, str] | None = None
    # The test's own account of the states undo and redo go back to: what the GM had changed
    # in the attack then, and the damage step of the hit then due (never re-read from the page).
    # ``attack``: which attack the GM is in (counted as they begin); what he typed since a step
    # of the same attack stays his when the step is undone (the page keeps changes since).
    attack = 0
    # ``rolls``: the treatment's rolls typed at the table in the state (read from the page after
    # each action of the GM's, never after an undo or a redo).
    rolls = _rolls(model)
    Account = tuple[set[tuple[str, str]], dict[str, str] | None, int, dict[str, str]]
    undo: list[Account] = []
    undone: dict[str, Any] | None = None  # the steps as they were before an undo just made
    redo: list[Account] = []
    # The steps as shown at each step count an undo or a redo can go back to: an undo shows
    # them as they stood when the step it takes back began (what the GM typed for the attack
    # before it kept, what he typed after it set aside), a redo as they stood when the undo
    # was made (exactly what was typed after the step).
    stood: list[dict[str, Any]] = []
    stood_after: list[dict[str, Any]] = []
    shown = _forms(model)

    def go(model: Model, *msg: object) -> Model:
        """``send``, noting the steps as shown when a step begins."""
        nonlocal shown
        new = send(model, *msg)
        if msg[0] not in ("shell.undo", "shell.redo"):
            if len(new.history.undo_stack) > len(model.history.undo_stack):
                stood.append(shown)
                stood_after.clear()
            shown = _forms(new)
        return new

    for action in actions:
        kind = action[0]
        just_undone, undone = undone, None
        account = (set(changed or ()), hit_form, attack, rolls)
        history = model.history
        before = _section(model)
        turn_before = (before["combat"].get("cursor"), before["combat"].get("turn"))
        due_before = _due(model)
        began = False  # a new attack: nothing the GM set before stays
        if kind == "attack":
            faces = action[1]
            model = go(model, "simply.combat_attack_typed", " ".join(map(str, faces[:2])))
            if before["form"]["attack"]["defend"]:  # SIM-D08: the defender's roll, its own
                if changed is not None:  # typed in this attack: kept while it is refused
                    changed |= {("attack", "rolled"), ("attack", "defend_rolled")}
                    # the attacker's roll waits, typed before the step the defender's makes
                    # (found at stop 53: an undo of that step shows it waiting)
                    account = (set(changed), hit_form, attack, rolls)
                model = go(model, "simply.combat_defend_typed", " ".join(map(str, faces[2:])))
            began = _section(model)["log"] != before["log"]
        elif kind in ("damage", "damage twice"):
            model = go(model, "simply.combat_form", "damage", "d20", str(action[1]))
            if changed is not None:
                changed.add(("damage", "d20"))
            model = go(model, "simply.combat_damage")
            applied = _section(model)["log"] != before["log"]
            if applied and changed is not None:
                changed = {c for c in changed if c[0] != "damage"}
            if kind == "damage twice" and applied:
                hp = _hp(model)
                model = go(model, "simply.combat_damage")  # a second tap on the same hit
                assert _hp(model) == hp, "the same damage was applied twice"
            if due_before and applied:
                assert _due(model) is None, "the hit was applied and is still due"
        elif kind == "act":
            model = go(model, "simply.combat_act", action[1])
        elif kind == "hold":
            model = go(model, "simply.combat_hold")
        elif kind == "initiative":
            model = go(model, "simply.combat_initiative_typed", " ".join(map(str, action[1])))
        elif kind == "weapon" and int(action[1]) >= _arms(model):
            continue  # the screen offers only the attacker's own weapons
        elif kind in ("attacker", "target", "weapon"):
            model = go(model, "simply.combat_form", "attack", kind, action[1])
            began = True
        elif kind == "aim":
            model = go(model, "simply.combat_aim", action[1])
            # refused when the card is the attacker's own: nothing is set up then, even when
            # the form already names them as the target (the GM's changes stay)
            began = (
                action[1] != before["form"]["attack"]["attacker"]
                and _section(model)["form"]["attack"]["target"] == action[1]
            )
        elif kind == "change":
            group, name, value = action[1]
            model = go(model, "simply.combat_form", group, name, value)
            if changed is not None:
                changed.add((group, name))
        elif kind == "treat":
            _, patient, part = action
            for name, value in (("patient", patient), ("treatment", "stabilize")):
                model = go(model, "simply.combat_form", "treat", name, value)
            typed = "simply.combat_treat_typed" if part == "rolled" else "simply.combat_hours_typed"
            model = go(model, typed, TREAT_TEXT[part])
        elif kind in ("undo", "redo"):
            back, forth = (undo, redo) if kind == "undo" else (redo, undo)
            model = go(model, f"shell.{kind}")
            if model.history is not history:
                gone, come = (stood, stood_after) if kind == "undo" else (stood_after, stood)
                come.append(shown)
                shown = gone.pop()
                # the steps as they stood at the step count gone back to
                assert _forms(model) == shown, (kind, _forms(model), shown)
            if kind == "redo" and just_undone is not None and model.history is not history:
                # an undo then its redo: the steps exactly as they were, what the GM typed
                # after the step undone included (the treatment's rolls too)
                assert {g: _section(model)["form"][g] for g in saved.ATTACK_STEPS} == {
                    g: just_undone[g] for g in saved.ATTACK_STEPS
                }
                assert _typed_rolls(model) == just_undone["treat"]
            if kind == "undo" and model.history is not history:
                undone = {g: before["form"][g] for g in saved.ATTACK_STEPS}
                undone["treat"] = {k: before["form"]["treat"][k] for k in TREAT_KEPT}
            if model.history is not history and back:
                forth.append(account)
                was, hit_form, same, rolls = back.pop()
                changed = was | (changed or set()) if same == attack else was
                attack = same
                # The rolls shown are those typed in the state gone back to, or none (typed
                # again since, they were set aside with what else was typed after the step):
                # never rolls typed in another state.
                assert all(v in ("", rolls[k]) for k, v in _rolls(model).items()), (
                    _rolls(model),
                    rolls,
                )
        else:
            reloaded = _reload(model)
            assert _section(reloaded) == _section(model)  # a reload continues from the step
            model = reloaded
        after = _section(model)
        moved = (after["combat"].get("cursor"), after["combat"].get("turn")) != turn_before
        turned = moved and kind not in ("undo", "redo")  # an undo goes back, starts nothing
        if began or turned:
            attack += 1
            keep_damage = changed if _due(model) and changed is not None else set()
            changed = {c for c in keep_damage if c[0] == "damage"}
            if kind == "attack" and not _due(model):
                changed = set()
        if kind == "attack" and _due(model) and not due_before:  # a hit: its damage step
            attack += 1
            hit_form = dict(_section(model)["form"]["damage"])
            changed = set()
        if kind not in ("undo", "redo") and len(model.history.undo_stack) > len(
            history.undo_stack
        ):  # a step: undo goes back to the account before it
            undo.append(account)
            redo.clear()
        if kind not in ("undo", "redo"):
            rolls = _rolls(model)
        _check(model, changed, hit_form)
