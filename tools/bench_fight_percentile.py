"""FIGHT.md's measures for the Percentile fight ("How it is measured"; make bench --only fights):
a real fight, not one prepared attack repeated. Ann (AUTO PISTOL, then her FIST) against Bob
(VIBRO-KNIFE, then his FINGER LASER), built on their sheets, 2 m apart (the range is kept for the
pair). The GM enters his tables once, before the fight (not measured): Table #3-6's costs, so
every attack spends its AP (c2), and Table #3-3.4 (hit location; made-up rows, the text leaves
it to the GM), so a random hit's body part is rolled with the to-hit roll (app dice) or typed
after it. Three rounds from "Next turn" (surprise and the order rolled on the way, so round 1
is the surprise round), each attacker changing weapon in round 3, Bob spending AP on a move
once, the first damage stunning its target (Table #3-7.0's modifier asked after the damage: a
wound condition); in this duel each turn starts with the one foe as the target (tapped only
where it is not). Two fights: the app's dice, then the dice typed in. Counted per attack with
e2e/fight_measure.py: taps and typed entries from "Next turn" to the damage applied, tap → DOM,
results out of view."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))

from bench_common import HeaviestStep, SizeLadder, ViewLadder
from fight_measure import Tap, TurnFigures, install, rows, run_turn
from support import enter

READY = 'html[data-ready="1"]'
ROUNDS = 3
#: name, AIM, BRAWL, weapons (name, category, DIF, damage die); the first weapon is the sheet's.
FIGHTERS = (
    ("Ann", "90", "70", (("AUTO PISTOL", "weaponry", "30", "4+2"), ("FIST", "hth", "30", "1"))),
    (
        "Bob",
        "80",
        "80",
        (("VIBRO-KNIFE", "hth", "40", "2+1"), ("FINGER LASER", "weaponry", "20", "½")),
    ),
)
#: Ann and Bob stand 2 m apart: typed on the first attack that reads the range (the knife's
#: reach, PCT-05), kept for the pair after it. Without it each knife attack was refused.
RANGE_M = "2"
COSTS = {"AUTO PISTOL": "10", "FIST": "5", "VIBRO-KNIFE": "5", "FINGER LASER": "10"}
#: Typed dice: 15 hits with every weapon here; the damage faces of each weapon's dice.
TYPED_HIT = "15"
#: Table #3-3.4 as a GM might enter it (made up: the text does not print it), and the typed
#: location roll (1:10sd) that lands on the arm.
HIT_LOCATION = "race,roll,instruction,body_part\nhuman,1-6,arm,arm\nhuman,7-10,head,head\n"
TYPED_LOCATION = "3"
TYPED_DAMAGE = {"AUTO PISTOL": "5 6 6 5", "FIST": "4", "VIBRO-KNIFE": "3 4", "FINGER LASER": "6"}


def _enter(page: Any, testid: str, value: str) -> None:
    field = page.get_by_test_id(testid)
    field.fill(value)
    field.press("Tab")


def _sheets(page: Any) -> None:
    for name, aim, brawl, weapons in FIGHTERS:
        page.get_by_test_id("percentile-char-new").click()
        _enter(page, "percentile-char-name", name)
        _enter(page, "percentile-char-aim", aim)
        _enter(page, "percentile-char-brawl", brawl)
        for weapon, category, dif, die in weapons:
            _enter(page, "percentile-wform-name", weapon)
            page.get_by_test_id("percentile-wform-category").select_option(category)
            _enter(
                page, f"percentile-wform-{'attack_dif' if category == 'hth' else 'wep_dif'}", dif
            )
            _enter(page, "percentile-wform-damage_die", die)
            page.get_by_test_id("percentile-weapon-add").click()
        for body, points in (("arm", "200"), ("head", "100")):
            _enter(page, "percentile-pform-name", body)
            _enter(page, "percentile-pform-points", points)
            page.get_by_test_id("percentile-part-add").click()


def _fight(browser: Any, origin: str) -> tuple[Any, Any]:
    """The sheets, Tables #3-6 and #3-3.4 and the sides (not measured: done before the fight)."""
    context = browser.new_context(service_workers="block", viewport={"width": 768, "height": 1024})
    page = context.new_page()
    install(page)
    page.goto(f"{origin}/#/percentile")
    page.wait_for_selector(READY, timeout=120_000)
    _sheets(page)
    page.get_by_test_id("percentile-tab-gm").click()
    page.get_by_test_id("percentile-gm-pick").select_option("PCT-M03")
    costs = "".join(f"an attack with the {w},{c}\n" for w, c in COSTS.items())
    _enter(page, "percentile-gm-csv", "action,ap_cost\n" + costs)
    page.get_by_test_id("percentile-gm-save").click()
    page.get_by_test_id("percentile-gm-pick").select_option("PCT-M07")
    _enter(page, "percentile-gm-csv", HIT_LOCATION)
    page.get_by_test_id("percentile-gm-save").click()
    page.get_by_test_id("percentile-tab-combat").click()
    page.get_by_test_id("percentile-side-add-0").select_option(label="Ann")
    page.get_by_test_id("percentile-side-add-1").select_option(label="Bob")
    page.evaluate("window.scrollTo(0, 0)")
    return context, page


def _merged(parts: list[TurnFigures]) -> TurnFigures:
    """One attack's figures from the runs it took (its steps depend on what the dice did)."""
    return TurnFigures(
        sum(p.taps for p in parts),
        sum(p.entries for p in parts),
        [ms for p in parts for ms in p.latencies_ms],
        [o for p in parts for o in p.out_of_view],
        [o for p in parts for o in p.brought_into_view],
    )


def _round(page: Any) -> int:
    """The round the turn card's heading shows ("Round 2")."""
    return int(page.locator("#pct-turn-h").inner_text().split()[1].rstrip(","))


def _fold(page: Any, opened: bool) -> None:
    """Open or close the worksheet's fold (a build without it shows the worksheet as it is)."""
    fold = page.get_by_test_id("percentile-fold-worksheet")
    if fold.count() and (fold.get_attribute("open") is None) == opened:
        page.get_by_test_id("percentile-fold-worksheet-open").click()


def target_id(me: str) -> str:
    return f"percentile-strip-{'c2' if me == 'Ann' else 'c1'}"


def _roll(typed: str | None, shows: str) -> Tap:
    if typed is None:
        return Tap("percentile-turn-roll-roll", shows)
    return Tap("percentile-turn-roll-typed", shows, value=typed)


def _attack(page: Any, state: dict[str, Any], typed: bool) -> TurnFigures:
    """One turn: "Next turn", the target unless it is the duel's one foe, the weapon when it changes, the to-hit roll (and where
    it landed, typed when the GM rolls), the damage and, after it, the stun's Table #3-7.0
    modifier."""
    runs = [run_turn(page, [Tap("percentile-turn-next", "percentile-turn-active")])]
    active = page.get_by_test_id("percentile-turn-active").inner_text()
    me = "Ann" if "Now: Ann" in active else "Bob"
    round_now = _round(page)
    state["round"] = max(state["round"], round_now)
    weapon = 1 if round_now >= ROUNDS else 0  # round 3: the attacker changes weapon
    name = next(w for n, _, _, ws in FIGHTERS if n == me for i, w in enumerate(ws) if i == weapon)[
        0
    ]
    target = page.get_by_test_id(target_id(me))
    # the one foe of a duel is the target already as the turn starts (no tap then)
    taps = [] if target.get_attribute("aria-pressed") == "true" else [Tap(target_id(me))]
    if weapon:
        taps.append(Tap(f"percentile-turn-weapon-{weapon}"))
    runs.append(run_turn(page, taps))  # the step shows the range field once the target is set
    reach = page.get_by_test_id("percentile-turn-range_m")
    if reach.count() and not reach.input_value():  # typed once, kept for the pair (PCT-05)
        _enter(page, "percentile-turn-range_m", RANGE_M)  # quiet: the knife's odds stay as they are
        runs.append(TurnFigures(entries=1))
    taps = [_roll(TYPED_HIT if typed else None, "percentile-turn-step")]
    runs.append(run_turn(page, taps))
    told = page.get_by_test_id("percentile-turn-result").inner_text()
    assert f"Round {round_now} · {me} →" in told, told  # the attack was made, not refused
    step = page.get_by_test_id("percentile-turn-step")
    if "Where it hit" in step.inner_text():  # typed dice: Table #3-3.4's roll, typed
        runs.append(run_turn(page, [_roll(TYPED_LOCATION, "percentile-turn-step")]))
    if "Damage" in step.inner_text():
        damage = _roll(TYPED_DAMAGE[name] if typed else None, "percentile-turn-result")
        runs.append(run_turn(page, [damage]))
        # Table #3-7.0's modifier for the damage taken, asked only while the GM's table has no
        # row for it: 20 for any damage (the first wound stuns, 2 AP lost; no rise after it)
        if page.get_by_test_id("percentile-attack-stun_modifier").count():
            tap = Tap("percentile-attack-stun_modifier", None, value="20")
            runs.append(run_turn(page, [tap]))
        state["stunned"] = True
    if me == "Bob" and round_now == 2 and not state["moved"]:  # AP spent on a move, once
        # the AP card is in the worksheet folded below the round: opened for the move and
        # closed after it (the move is no step of the attack, its fold taps not counted)
        _fold(page, True)
        _enter(page, "percentile-ap-c2", "5")  # a quiet entry: nothing on screen changes yet
        runs.append(TurnFigures(entries=1))
        runs.append(run_turn(page, [Tap("percentile-ap-spend-c2")]))
        _fold(page, False)
        page.evaluate("window.scrollTo(0, 0)")  # and back up to the round, as the GM does
        state["moved"] = True
    return _merged(runs)


def _play(browser: Any, origin: str, typed: bool) -> list[TurnFigures]:
    context, page = _fight(browser, origin)
    state: dict[str, Any] = {"round": 1, "stunned": False, "moved": False}
    turns: list[TurnFigures] = []
    while state["round"] <= ROUNDS and len(turns) < 4 * ROUNDS:
        turn = _attack(page, state, typed)
        if _round(page) > ROUNDS:  # the fourth round's first turn is not part of the three
            break
        turns.append(turn)
    context.close()
    return turns


def figures(browser: Any, origin: str) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    for label, typed in (("app dice", False), ("typed dice", True)):
        turns = _play(browser, origin, typed)
        out += rows(f"Percentile fight, {label}", turns)
        out.append(
            (
                f"Percentile fight, {label}: taps/entries per attack",
                " ".join(f"{t.taps}/{t.entries}" for t in turns),
                "each attack from Next turn to the damage applied",
            )
        )
    return out


# The click and size benches' step (tools/bench_clicks.py, tools/bench_sizes.py): this
# system's heaviest step and its size ladder, read from here by the system's key.


def _step_fight(page: Any) -> None:
    """Bob with a pistol attacks Ann's chest of 5000 points (no stun to answer between clicks)."""
    page.click("[data-testid=percentile-char-new]")
    enter(page, "percentile-char-name", "Ann")
    enter(page, "percentile-pform-name", "chest")
    enter(page, "percentile-pform-points", "5000")
    page.click("[data-testid=percentile-part-add]")
    page.click("[data-testid=percentile-char-new]")
    enter(page, "percentile-char-name", "Bob")
    enter(page, "percentile-char-aim", "100")
    enter(page, "percentile-wform-name", "PISTOL")
    enter(page, "percentile-wform-wep_dif", "100")
    enter(page, "percentile-wform-damage_die", "4+2")
    page.click("[data-testid=percentile-weapon-add]")
    page.click("[data-testid=percentile-tab-settings]")
    page.select_option("[data-testid=percentile-setting-stun]", "off")
    # c1: the attack is clicked again and again in one turn; under c2 each would cost AP
    page.select_option("[data-testid=percentile-setting-ap]", "c1")
    _step_form(page)


def _step_form(page: Any) -> None:
    page.click("[data-testid=percentile-tab-combat]")
    if page.get_attribute("[data-testid=percentile-fold-worksheet]", "open") is None:
        page.click("[data-testid=percentile-fold-worksheet] > summary")  # folded once a fight runs
    page.select_option("[data-testid=percentile-attack-attacker]", label="Bob")
    page.select_option("[data-testid=percentile-attack-target]", label="Ann")
    page.select_option("[data-testid=percentile-attack-part]", "chest")


def _ladder_add(page: Any, name: str) -> None:
    page.click("[data-testid=percentile-tab-characters]")
    page.click("[data-testid=percentile-char-new]")
    enter(page, "percentile-char-name", name)


#: The heaviest step (tools/bench_clicks.py: click → its log entry).
HEAVIEST = HeaviestStep(
    "Percentile full attack",
    "percentile-attack-resolve",
    "percentile-log-entry",
    _step_fight,
    _step_form,
)

#: The size ladder's pieces (tools/bench_sizes.py): the form after the reload, a fighter more.
LADDER = SizeLadder(_step_form, _ladder_add, "percentile-tab-combat", "percentile-tab-characters")


#: The size ladder in CPython (tools/view_sizes.py): the fight in the page's own messages.
VIEW_LADDER = ViewLadder(
    lambda n: (
        ("percentile.tab", "characters"),
        ("percentile.char_new",),
        ("percentile.char_field", f"c{n + 2}", "name", f"Extra {n}"),
    ),
    (
        ("percentile.tab", "characters"),
        ("percentile.char_new",),
        ("percentile.char_field", "c1", "name", "Ann"),
        ("percentile.pform", "name", "chest"),
        ("percentile.pform", "points", "5000"),
        ("percentile.part_add", "c1"),
        ("percentile.char_new",),
        ("percentile.char_field", "c2", "name", "Bob"),
        ("percentile.char_field", "c2", "aim", "100"),
        ("percentile.wform", "name", "PISTOL"),
        ("percentile.wform", "wep_dif", "100"),
        ("percentile.wform", "damage_die", "4+2"),
        ("percentile.weapon_add", "c2"),
        ("percentile.setting", "stun", "off"),
        ("percentile.setting", "ap", "c1"),
    ),
    (
        ("percentile.tab", "combat"),
        ("percentile.attack_field", "attacker", "c2"),
        ("percentile.attack_field", "target", "c1"),
        ("percentile.attack_field", "part", "chest"),
    ),
    (("percentile.attack_resolve",),),
    ("percentile.tab", "combat"),
    ("percentile.tab", "characters"),
)
