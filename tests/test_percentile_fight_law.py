"""FIGHT.md's first law on the Percentile round screen (issue 25, item 3): over random sequences
of fight actions (attack steps, next turn, switching attacker, target or weapon, entries, undo,
redo, a reload), after every action each input equals a fresh set-up from the sheets and the
fight so far, unless the GM changed it in this attack.

The test keeps its own account of the attack under way (who attacks whom with which weapon,
what the GM set in it) and of the range last set between each pair of fighters, and compares it
with the form after every action and with the inputs the core would roll with
(:func:`pycore.systems.percentile.fight.attack.attack_input`). Its account follows undo and redo
with a history of its own: after either, the form is the account's of the state gone back to, or
a fresh set-up for that state, never re-read from the page (re-reading it could not catch an undo
that kept the undone turn's target)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rkweb.app.model import Model
from rkweb.features.percentile import state as S
from test_percentile_pages import go, round_ready

from pycore.errors import RulekeeperError
from pycore.store import History
from pycore.systems.percentile.fight import attack as FA
from pycore.systems.percentile.fight import setup as FS
from pycore.systems.percentile.fight import turns as R

PEOPLE = ("c1", "c2")
# What the GM may set in one attack, and which of it belongs to the weapon or the target.
SETTABLE = {"percent_to_hit": ("40", "90"), "ap_cost": ("2", "3"), "part": ("arm",)}
PER_WEAPON = ("percent_to_hit", "ap_cost")
# and the move into hand-to-hand range made at the target before (FS.moved_in, PCT-05)
PER_TARGET = ("percent_to_hit", "part", FS.MOVED)


def ready() -> Model:
    """Ann (pistol, fist) and Bob (knife), each with an arm; d2 with no Table #3-1, so the
    Percent to Hit is the GM's to type in each attack."""
    m = round_ready()
    m = go(m, "percentile.tab", "characters")
    for cid, name, category in (("c1", "FIST", "hth"), ("c2", "KNIFE", "hth")):
        m = go(m, "percentile.char_select", cid)
        m = go(m, "percentile.wform", "name", name)
        m = go(m, "percentile.wform", "category", category)
        m = go(m, "percentile.wform", "damage_die", "1")
        m = go(m, "percentile.weapon_add", cid)
    m = go(m, "percentile.char_select", "c1")
    m = go(m, "percentile.pform", "name", "arm")
    m = go(m, "percentile.pform", "points", "20")
    m = go(m, "percentile.part_add", "c1")
    m = go(m, "percentile.setting", "to_hit", "d2")
    m = go(m, "percentile.tab", "combat")
    # the fight starts here: no undo step of the set-up's to take back
    return Model(History.new(m.history.state), route="percentile", ui=dict(m.ui))


READY = ready()

# Weighted towards attacks that start: the other fighter as the target, a range, a roll.
ACTIONS: list[tuple[str, ...]] = [
    ("next",),
    ("next",),
    ("attacker", "c1"),
    ("attacker", "c2"),
    ("target", "other"),
    ("target", "other"),
    ("target", "c1"),
    ("target", "c2"),
    ("weapon", "0"),
    ("weapon", "1"),
    ("range_m", "2"),
    ("range_m", "12"),
    *[("set", k, v) for k, vs in SETTABLE.items() for v in vs],
    ("roll",),
    ("roll",),
    ("part",),
    ("stun",),
    ("cancel",),
    ("pass",),
    ("undo",),
    ("redo",),
    ("reload",),
]
actions = st.sampled_from(ACTIONS)


@dataclass
class Account:
    """The test's own account of the attack under way: who attacks whom with which weapon,
    what the GM set in this attack, the range set per pair; kept from the GM's actions alone."""

    who: dict[str, str] = field(default_factory=dict)
    mine: dict[str, str] = field(default_factory=dict)
    ranges: dict[frozenset[str], str] = field(default_factory=dict)

    def copy(self) -> Account:
        return Account(dict(self.who), dict(self.mine), dict(self.ranges))


@dataclass
class Book:
    """The account now, and the accounts the page's undo and redo steps go back to: one per
    step of the fight, taken just before it (undo) or just before it was undone (redo)."""

    now: Account = field(default_factory=Account)
    undo: list[Account] = field(default_factory=list)
    redo: list[Account] = field(default_factory=list)


def combat(m: Model) -> dict[str, Any]:
    return dict(S.state(m)["combat"])


def form_of(m: Model) -> dict[str, str]:
    return {str(k): str(v) for k, v in combat(m).get("attack", {}).items()}


def the_other(cid: str) -> str:
    return "c2" if cid == "c1" else "c1"


# Each sheet's weapons, hand-to-hand or not: Ann's AUTO PISTOL and FIST, Bob's KNIFE.
HAND_TO_HAND = {"c1": (False, True), "c2": (True,)}


def with_attacker(account: Account, cid: str) -> None:
    """A new attacker: a fresh set-up from his sheet (his first weapon that reaches the target
    at the range held between them, PCT-05: hand-to-hand at 3 m at most; a target other than
    himself kept), nothing the GM set kept."""
    target = account.who.get("target", "")
    account.who = {"attacker": cid}
    if target and target != cid:
        account.who["target"] = target
    far = float(account.ranges.get(frozenset((cid, target)), "0")) > 3 and target != cid
    weapon = next((i for i, hth in enumerate(HAND_TO_HAND[cid]) if not (far and hth)), None)
    if weapon is not None:
        account.who["weapon"] = str(weapon)
    account.mine = {}


def expected_form(account: Account) -> dict[str, str]:
    """The form the account expects: the choices, Table #3-3.4's roll, what the GM set."""
    form = {k: v for k, v in account.who.items() if v}
    if form.get("attacker"):
        form["location"] = "roll"  # Table #3-3.4 is entered: hits are located by its roll
    return {**form, **account.mine}


def ranges_of(m: Model) -> dict[frozenset[str], str]:
    return {frozenset(r[:2]): str(r[2]) for r in combat(m).get("ranges") or []}


def check_form(m: Model, account: Account) -> None:
    """After every action: the form is the account's, and so are the ranges."""
    assert form_of(m) == expected_form(account), (form_of(m), account)
    assert ranges_of(m) == account.ranges, (combat(m).get("ranges"), account)


def check_fresh(m: Model, account: Account) -> None:
    """At the start of an attack: every input is the fresh set-up's, or what the GM set in it."""
    form = form_of(m)
    who = {form.get("attacker"), form.get("target")}
    if None in who or "" in who or len(who) < 2:
        return
    try:
        a = FA.attack_input(S.fight_of(m, S.state(m)), form)[3]
    except RulekeeperError:
        return  # refused in words: no attack starts
    mine = account.mine
    assert a.range_m == Fraction(account.ranges.get(frozenset(who), "0")), (form, account)
    typed = mine.get("percent_to_hit")
    assert a.percent_to_hit == (None if typed is None else Fraction(typed)), (form, account)
    assert a.part_name == mine.get("part", ""), (form, account)
    assert form.get("ap_cost") == mine.get("ap_cost"), (form, account)
    assert a.location_mode == "roll"  # Table #3-3.4 is entered: hits are located by its roll


def restored(m: Model, book: Book, account: Account) -> None:
    """After an undo or redo: the attack is exactly the one the account had at the step count
    gone back (or forward) to: :mod:`rkweb.kit.steps` keeps each count's form, so an undo is
    deterministic and a fresh set-up in its place is a defect, not a second answer. Never a
    value set in a step that is no longer there (the form's entries have no undo step of their
    own, so an undo that kept them left the undone turn's target in the restored turn)."""
    book.now = account
    if form_of(m).get("weapon") != account.who.get("weapon") and out_of_reach(account):
        # The range typed after the step stays (PCT-05), so an undo to a step whose form was
        # not kept derives the attack afresh: the first weapon that reaches at that range
        # (:func:`pycore.systems.percentile.fight.setup.first_reaching`), not the hand-to-hand
        # weapon the account had when no range was set.
        with_attacker(account, account.who["attacker"])
    check_form(m, account)


def out_of_reach(account: Account) -> bool:
    """Whether the account's weapon is a hand-to-hand one its target is now too far for."""
    who = account.who
    cid, target, weapon = who.get("attacker", ""), who.get("target", ""), who.get("weapon")
    if not cid or not target or weapon is None:
        return False
    far = float(account.ranges.get(frozenset((cid, target)), "0")) > 3
    return far and HAND_TO_HAND[cid][int(weapon)]


def step(m: Model, action: tuple[str, ...], book: Book, n: int) -> Model:
    """One action of the GM's, the account kept beside it; the form checked after it."""
    kind = action[0]
    if kind in ("undo", "redo"):
        back, forth = (book.undo, book.redo) if kind == "undo" else (book.redo, book.undo)
        after = go(m, f"shell.{kind}")
        if after.history is m.history or not back:
            check_form(after, book.now)
            return after
        forth.append(book.now.copy())
        # the range between two is where they stand, typed without a step of its own: an undo
        # keeps it (PCT-05: kept until changed), as it keeps every quiet change since
        restored(after, book, replace(back.pop(), ranges=dict(book.now.ranges)))
        return after
    before = book.now.copy()
    m2 = act(m, action, book.now, n)
    if len(m2.history.undo_stack) > len(m.history.undo_stack):  # a step of the fight
        book.undo.append(before)
        book.redo.clear()
    check_form(m2, book.now)
    return m2


def act(m: Model, action: tuple[str, ...], account: Account, n: int) -> Model:
    kind = action[0]
    before = form_of(m)
    turn = (combat(m).get("round"), combat(m).get("turn"))
    if kind == "next":
        m = go(m, "percentile.turn_next", seed=f"n{n}")
        if (combat(m).get("round"), combat(m).get("turn")) != turn:
            now = R.active(S.fight_of(m, S.state(m)))
            assert now is not None
            account.who["target"] = the_other(now.id)  # a new turn: at his one foe
            with_attacker(account, now.id)  # a new attack, from his sheet
        return m
    if kind == "pass":  # PCT-22: the turn goes to the next side's fighter, or is refused
        was = R.active(S.fight_of(m, S.state(m)))
        m = go(m, "percentile.order_pass")
        now = R.active(S.fight_of(m, S.state(m)))
        if now is not None and (was is None or was.id != now.id):
            account.who["target"] = the_other(now.id)  # his own attack, at his one foe
            with_attacker(account, now.id)
        return m
    if kind in ("attacker", "target", "weapon"):
        msg = {"attacker": "attack_field", "target": "turn_target", "weapon": "turn_weapon"}
        value = action[1]
        if value == "other":  # whoever is not attacking
            value = "c2" if before.get("attacker") == "c1" else "c1"
        m = go(m, f"percentile.{msg[kind]}", *(("attacker",) if kind == "attacker" else ()), value)
        if form_of(m).get(kind) != value:
            return m  # refused in words: nothing changes
        old = account.who.get(kind, "")
        if kind == "attacker":
            with_attacker(account, value)
        elif old not in ("", value):  # another weapon or target: what was set for the old goes
            drop = PER_WEAPON if kind == "weapon" else PER_TARGET
            account.mine = {k: v for k, v in account.mine.items() if k not in drop}
        if kind != "attacker":
            account.who[kind] = value
        return m
    if kind == "range_m":
        m = go(m, "percentile.attack_field", "range_m", action[1])
        who = frozenset((before.get("attacker", ""), before.get("target", "")))
        refused = dict(m.ui.get(f"{S.FEATURE}_errors") or {}).get("attack-range_m")
        if not refused:
            account.mine.pop(FS.MOVED, None)  # the move made in this attack: typed again
        if len(who) == 2 and "" not in who and not refused:
            was = account.ranges.get(who)
            account.ranges[who] = action[1]
            # PCT-05/PCT-24 (c2, the default): brought inside 3 m, a move to pay (FS.moved_in)
            if was is not None and float(was) > 3 >= float(action[1]):
                a, t = before["attacker"], before["target"]
                account.mine[FS.MOVED] = f"{a}:{t}:{action[1]}:{was}"
        return m
    if kind == "set":
        m = go(m, "percentile.attack_field", action[1], action[2])
        if form_of(m).get(action[1]) == action[2]:
            account.mine[action[1]] = action[2]
        return m
    if kind in ("roll", "part", "stun", "cancel"):
        if kind == "roll" and not combat(m).get("pending"):
            check_fresh(m, account)
        msg = {
            "roll": ("percentile.turn_roll",),
            "part": ("percentile.attack_part", "arm"),
            "stun": ("percentile.attack_stun", "0"),
            "cancel": ("percentile.attack_cancel",),
        }[kind]
        log = len(combat(m).get("log", []))
        m = go(m, *msg, seed=f"r{n}")
        if len(combat(m).get("log", [])) > log and not combat(m).get("pending"):
            account.mine = {}  # the attack is over: applied, missed or set aside
        return m
    # a reload: the saved history, read back; the attack and the fight go on as they were
    return Model(History.from_json(m.history.to_json()), route="percentile", ui=dict(m.ui))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(actions, min_size=1, max_size=30))
# Found in Pyodide at stop 25: an undo back before the turn left no location chosen, and the
# attack then waited for the GM's choice although Table #3-3.4 is entered.
@example(
    [("target", "other")] * 7 + [("next",), ("attacker", "c1"), ("target", "other"), ("undo",)]
)
# The play-through's defect (the fix b1e25fc): an undo of a turn kept what was typed in it, the
# restored turn aiming as the undone one did (percent to hit, attacker).
@example([("next",), ("next",), ("set", "percent_to_hit", "40"), ("undo",)])
@example([("next",), ("attacker", "c2"), ("undo",)])
# Found by this test once its account followed undo and redo: a redo played the step's change of
# the form onto entries typed since, Bob aiming at Bob.
@example([("next",), ("attacker", "c2"), ("undo",), ("redo",)])
@example([("attacker", "c1"), ("next",), ("undo",), ("attacker", "c2"), ("redo",)])
# Found in CI: Ann's own card tapped as her target while her attack on Bob waited for its damage
# roll. The form showed Ann aiming at Ann, the damage landed on Bob, and the next attack lost its
# target. The app was wrong, not this account: the core now refuses both in words (a fighter as
# his own target; another target while an attack is under way, fight.setup.enter), so the
# account's "refused: nothing changes" holds and the target stays Bob.
@example([("next",), ("set", "percent_to_hit", "90"), ("roll",), ("target", "c1")])
# Found by this test once the app marked a move into hand-to-hand range (PCT-05, PCT-24): the
# account did not know the mark; the attack's roll now waits for the move's AP.
@example([("next",), ("range_m", "12"), ("range_m", "2")])
@example([("next",), ("range_m", "12"), ("range_m", "2"), ("roll",), ("target", "other")])
# The play-through's defect: "Primary attack passes" in Bob's turn gave the turn to Ann with
# Bob's attack kept (his weapon, his odds, "Bob attacks Ann" logged for Ann's roll).
@example([("next",), ("weapon", "1"), ("pass",)])
# An undo after a range that puts the restored attacker's hand-to-hand weapon out of reach.
@example([("next",), ("pass",), ("next",), ("range_m", "12"), ("undo",)])
# The play-through's: the first weapon was ticked at a range it cannot reach (Bob's KNIFE at 12 m)
@example([("next",), ("range_m", "12"), ("next",), ("next",), ("next",)])
def test_every_attack_starts_from_the_sheets_and_the_fight_so_far(
    sequence: list[tuple[str, ...]],
) -> None:
    m, book = READY, Book()
    for n, action in enumerate(sequence):
        m = step(m, action, book, n)
    m = step(m, ("roll",), book, len(sequence))  # the last attack starts too
