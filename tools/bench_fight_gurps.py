"""FIGHT.md's measures for the GURPS fight (``make bench``'s "fights", and e2e/test_gurps_fight_measures.py).

``make bench`` plays a real fight (FIGHT.md, "How it is measured"; issue 25): three fighters,
three rounds on the Combat tracker tab at 768x1024, once with the app's dice and once typed.
The turn passes on the end of each attack; defenses are rolled (and one succeeds with typed
dice); Ana changes her attack to her other line ("Thrust") in round 2, and round 3's attack
starts with it, the weapon in her hand (004 line 93; no tap); Cy is stunned after
Bo's first attack (the knockdown question's "stunned", or his card's Edit when no injury asks
it) and spends his turns on his HT roll. Each attack is counted from the tap that begins the
turn (the next fighter's maneuver chip: one tap passes the turn and takes it, issue 27) to the
damage applied or the miss or defense that ends it: taps, typed entries, tap → DOM, results
out of view (e2e/fight_measure.py).

The e2e tests also drive the simpler two-fighter turns below (``app_dice_turn``,
``typed_dice_turn``): "Next turn", the maneuver chip, then "Roll for me" on each step."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))

from bench_common import HeaviestStep, SizeLadder, ViewLadder
from fight_measure import Tap, TurnFigures, install, rows, run_turn
from support import enter

READY = 'html[data-ready="1"]'
RESULT = "gurps-fight-result"
#: Ana (sword, skill 14) and Bo (Basic Speed 6, so he acts first; DR 2); both start on Do Nothing.
FIGHTERS = (("Ana", {"weapon_skill": "14"}), ("Bo", {"basic_speed": "6", "dr": "2"}))
#: The step's app-dice buttons in the order an attack asks for them.
ROLLS = (
    "gurps-fight-attack-roll",
    "gurps-fight-defense-roll",
    "gurps-fight-no-defense",
    "gurps-fight-damage-roll",
)
#: Typed dice: 9 hits either fighter, 18 fails every defense, 3 on the damage die.
TYPED = (
    ("gurps-fight-attack-typed", "3 3 3"),
    ("gurps-fight-defense-typed", "18"),
    ("gurps-fight-damage-typed", "3"),
)
#: The chip that takes the Attack maneuver for this turn (GUR-06, GUR-14).
TAKE_ATTACK = "gurps-take-attack"


def _enter(page: Any, testid: str, value: str) -> None:
    field = page.get_by_test_id(testid)
    field.fill(value)
    field.press("Tab")


def set_up(page: Any, fighters: tuple[tuple[str, dict[str, str]], ...] = FIGHTERS) -> None:
    """The sheets, then the fight started on the tracker (not measured)."""
    page.get_by_test_id("nav-gurps").click()
    for name, values in fighters:
        page.get_by_test_id("gurps-new").click()
        _enter(page, "gurps-name", name)
        for key, value in values.items():
            _enter(page, f"gurps-{key}", value)
    page.get_by_test_id("gurps-tab-tracker").click()
    page.get_by_test_id("gurps-start").click()
    page.get_by_test_id("gurps-turn").wait_for()


def _merge(total: TurnFigures, part: TurnFigures) -> None:
    total.taps += part.taps
    total.entries += part.entries
    total.latencies_ms += part.latencies_ms
    total.out_of_view += part.out_of_view


def _waiting(page: Any, testids: tuple[str, ...]) -> str | None:
    """The first of ``testids`` on the page now: what the step waits for."""
    return next((t for t in testids if page.get_by_test_id(t).count()), None)


#: The attack step's words when it waits for a question an injury left (its roll disabled).
WAITS = "gurps-fight-waits"
#: Why the fighter's maneuver chips wait (his open knockdown or consciousness roll).
HELD = "gurps-maneuver-held"


def _dismissed_while(page: Any, shown: str) -> TurnFigures:
    """The open questions dismissed, one at a time, while ``shown`` says something waits for
    them, as a GM whose book calls for nothing would; their taps are the questions', kept
    apart from the plain attack's that FIGHT.md counts."""
    figures = TurnFigures()
    for _ in range(12):
        if not page.get_by_test_id(shown).count():
            break
        if page.get_by_test_id("gurps-after-injury-answer").count():  # carried: one line
            answer = Tap("gurps-after-injury-answer", shows="gurps-after-injury")
            _merge(figures, run_turn(page, [answer]))
        dismiss = page.locator("[data-testid^='gurps-dismiss-']").first
        _merge(figures, run_turn(page, [Tap(dismiss.get_attribute("data-testid") or "")]))
    return figures


def answer_first(page: Any) -> TurnFigures:
    """The questions an injury left that change this attack's figures (the step says it waits
    for them)."""
    return _dismissed_while(page, WAITS)


def answer_held(page: Any) -> TurnFigures:
    """The questions a fighter's maneuver choice waits for (his open knockdown or consciousness
    roll: the page says so, the chips disabled)."""
    return _dismissed_while(page, HELD)


def app_dice_turn(page: Any, *, first: bool = False) -> tuple[TurnFigures, bool]:
    """One turn with "Roll for me": ("Next turn" unless ``first``), then each roll the attack
    asks for. Returns the figures and whether damage was applied."""
    figures = TurnFigures()
    if not first:
        _merge(figures, run_turn(page, [Tap("gurps-next", shows="gurps-turn")]))
    answer_held(page)
    _merge(figures, run_turn(page, [Tap(TAKE_ATTACK, shows="gurps-maneuver-chosen")]))
    answer_first(page)
    damaged = False
    for _ in range(len(ROLLS)):
        waiting = _waiting(page, ROLLS)
        if waiting is None:
            break
        _merge(figures, run_turn(page, [Tap(waiting, shows=RESULT)]))
        damaged = damaged or waiting == ROLLS[-1]
    return figures, damaged


def typed_dice_turn(page: Any, *, first: bool = False) -> TurnFigures:
    """One turn with the dice typed: a hit, a failed defense, the damage."""
    figures = TurnFigures() if first else run_turn(page, [Tap("gurps-next", shows="gurps-turn")])
    answer_held(page)
    _merge(figures, run_turn(page, [Tap(TAKE_ATTACK, shows="gurps-maneuver-chosen")]))
    answer_first(page)
    _merge(figures, run_turn(page, [Tap(t, shows=RESULT, value=value) for t, value in TYPED]))
    return figures


#: The real fight: Ana (sword and a thrust line, Basic Speed 6), Bo (Basic Speed 5.5, DR 2),
#: Cy; the order is Ana, Bo, Cy, each at the next one (the step's default target).
THREE: tuple[tuple[str, dict[str, str]], ...] = (
    ("Ana", {"weapon_skill": "14", "basic_speed": "6"}),
    ("Bo", {"basic_speed": "5.5", "dr": "2"}),
    ("Cy", {}),
)
ROUNDS = 3
#: The maneuver chip that begins the next fighter's turn and takes Attack in one tap.
NEXT_ATTACK = "gurps-next-take-attack"
CHOSEN = "gurps-maneuver-chosen"
#: Typed dice: 9 hits; the damage die shows 3 (the defense is each attack's own).
TYPED_ATTACK = {"attack": "3 3 3", "damage": "3"}


def _thrust_line(page: Any) -> None:
    """Ana's other attack, edited as a list row (issue 27 item 5), before the fight."""
    page.get_by_test_id("gurps-combatant").first.locator("button").first.click()
    page.get_by_test_id("gurps-line-add").click()
    _enter(page, "gurps-line-0-name", "Thrust")
    # A new line starts blank but for its name: the GM types its skill and damage.
    _enter(page, "gurps-line-0-skill", "14")
    _enter(page, "gurps-line-0-damage", "1d+1")
    page.get_by_test_id("gurps-line-0-damage-type").select_option("imp")


def _stage_taps(page: Any, typed: bool, defense: str) -> list[Tap]:
    """The next tap or entry the attack under way waits for, or [] when it is over."""
    for kind, roll in (("attack", ROLLS[0]), ("defense", ROLLS[1]), ("damage", ROLLS[3])):
        if page.get_by_test_id(roll).count():
            if not typed:
                return [Tap(roll, shows=RESULT)]
            value = defense if kind == "defense" else TYPED_ATTACK[kind]
            return [Tap(f"gurps-fight-{kind}-typed", shows=RESULT, value=value)]
    if page.get_by_test_id(ROLLS[2]).count():  # "Take the hit"
        return [Tap(ROLLS[2], shows=RESULT)]
    return []


def _attack(page: Any, typed: bool, *, begin: list[Tap], defense: str = "18") -> TurnFigures:
    """One attack from the tap that begins the turn to its end."""
    answer_held(page)  # the next fighter's choice waits for his knockdown roll
    figures = run_turn(page, begin)
    answer_first(page)
    for _ in range(4):
        taps = _stage_taps(page, typed, defense)
        if not taps:
            break
        _merge(figures, run_turn(page, taps))
    return figures


def _stun_cy(page: Any) -> TurnFigures:
    """Cy is stunned: the knockdown question's "stunned" when Bo's hit asks it, else his card's
    Edit (a condition the GM's book gave)."""
    asked = page.get_by_test_id("gurps-after-injury")
    if asked.count():
        chip = asked.locator("[data-testid^='gurps-settle-'][data-testid$='-0']").first
        return run_turn(page, [Tap(chip.get_attribute("data-testid") or "", shows="gurps-order")])
    edit = page.locator("[data-testid='gurps-slot'][data-key='g3'] summary")
    edit.click()  # his quick edits, opened and closed again (the condition's taps, not an attack's)
    figures = run_turn(page, [Tap("gurps-stunned-g3", shows="gurps-order", option="yes")])
    edit.click()
    return figures


def real_fight(browser: Any, origin: str, typed: bool) -> dict[str, list[TurnFigures]]:
    """Three rounds of Ana, Bo and Cy; the figures of each attack by kind."""
    context = browser.new_context(service_workers="block", viewport={"width": 768, "height": 1024})
    page = context.new_page()
    install(page)
    page.goto(f"{origin}/#/gurps")
    page.wait_for_selector(READY, timeout=120_000)
    set_up(page, THREE)
    page.get_by_test_id("gurps-tab-combatants").click()
    _thrust_line(page)
    page.get_by_test_id("gurps-tab-tracker").click()
    by_kind: dict[str, list[TurnFigures]] = {"plain": [], "weapon changed": [], "stunned": []}
    begin = [Tap(TAKE_ATTACK, shows=CHOSEN)]  # Ana's first turn: no turn to pass
    for rnd in range(ROUNDS):
        # Ana: her first weapon, her thrust in round 2 (one more tap: the line's chip), then the
        # thrust again, in her hand since (004 line 93): no tap.
        change = [Tap("gurps-fight-line-1", shows="gurps-fight-hit")] if rnd == 1 else []
        ana = _attack(page, typed, begin=begin + change, defense="3" if rnd == 1 else "18")
        by_kind["weapon changed" if change else "plain"].append(ana)
        by_kind["plain"].append(_attack(page, typed, begin=[Tap(NEXT_ATTACK, shows=CHOSEN)]))
        if rnd == 0:
            _stun_cy(page)
        # Cy, stunned: "Next turn" (Do Nothing is his), then his HT roll to recover.
        cy = run_turn(page, [Tap("gurps-turn-next", shows="gurps-turn")])
        roll = "gurps-recover-g3"
        if page.get_by_test_id(f"{roll}-roll").count():
            step = Tap(f"{roll}-typed", value="6 6 6") if typed else Tap(f"{roll}-roll")
            _merge(cy, run_turn(page, [step]))
        if not page.get_by_test_id(NEXT_ATTACK).count():  # he recovered: he chooses anew
            answer_held(page)  # once his open knockdown roll is answered
            _merge(cy, run_turn(page, [Tap("gurps-take-do-nothing", shows=CHOSEN)]))
        by_kind["stunned"].append(cy)
        begin = [Tap(NEXT_ATTACK, shows=CHOSEN)]
    context.close()
    return by_kind


def _fight_rows(label: str, by_kind: dict[str, list[TurnFigures]]) -> list[tuple[str, str, str]]:
    plain, changed = by_kind["plain"], by_kind["weapon changed"]
    each = "; ".join(f"{t.taps}+{t.entries}" for t in plain)
    return [
        *rows(label, [t for turns in by_kind.values() for t in turns]),
        (f"{label}: each plain attack, taps+entries", each, "<= 4 taps (+1 entry per roll)"),
        (
            f"{label}: attack with the weapon changed, taps+entries",
            "; ".join(f"{t.taps}+{t.entries}" for t in changed),
            "one tap more: the line's chip",
        ),
    ]


def figures(browser: Any, origin: str) -> list[tuple[str, str, str]]:
    """FIGHT.md's rows for GURPS: the real fight with app dice, then typed."""
    return _fight_rows("gurps fight, app dice", real_fight(browser, origin, typed=False)) + (
        _fight_rows("gurps fight, typed dice", real_fight(browser, origin, typed=True))
    )


# The click and size benches' step (tools/bench_clicks.py, tools/bench_sizes.py): this
# system's heaviest step and its size ladder, read from here by the system's key.


def _step_fight(page: Any) -> None:
    """Ana (skill 14, Attack) against Bo (Basic Speed 6, DR 2), on the attack worksheet."""
    for name, field, value in (("Ana", "weapon_skill", "14"), ("Bo", "dr", "2")):
        page.click("[data-testid=gurps-new]")
        enter(page, "gurps-name", name)
        enter(page, f"gurps-{field}", value)
    _step_form(page)


def _step_form(page: Any) -> None:
    page.click("[data-testid=gurps-tab-attack]")
    page.select_option("[data-testid=gurps-attack-attacker]", label="Ana")
    page.select_option("[data-testid=gurps-attack-defender]", label="Bo")
    page.select_option("[data-testid=gurps-attack-maneuver]", "Attack")


def _step_answered(page: Any) -> None:
    """The questions an injury left that hold the next attack, dismissed on the Attack tab as
    a GM whose book calls for none (GUR-58: the app asks, the book decides)."""
    dismiss = page.locator("[data-testid=gurps-attack-asks] [data-testid^=gurps-dismiss-]")
    while dismiss.count():
        before = page.locator("[data-testid=gurps-attack-asks]").inner_text()
        dismiss.first.click()
        page.wait_for_function(
            "(before) => document.querySelector('[data-testid=gurps-attack-asks]')?.innerText"
            " !== before",
            arg=before,
        )


def _ladder_add(page: Any, name: str) -> None:
    page.click("[data-testid=gurps-tab-combatants]")
    page.click("[data-testid=gurps-new]")
    enter(page, "gurps-name", name)


def _ladder_form(page: Any) -> None:
    """The GURPS Attack tab's form, once the questions an injury left are dismissed: with one
    parry per turn (GUR-48) Bo soon only dodges, falls to 0 HP, and the consciousness roll
    asked holds the next attack (measured: every size timed out on its click)."""
    _step_answered(page)
    _step_form(page)


#: The heaviest step (tools/bench_clicks.py: click → its log entry).
HEAVIEST = HeaviestStep(
    "GURPS full attack", "gurps-resolve", "gurps-log-entry", _step_fight, _step_answered
)

#: The size ladder's pieces (tools/bench_sizes.py): the form after the reload, a fighter more.
LADDER = SizeLadder(_ladder_form, _ladder_add, "gurps-tab-tracker", "gurps-tab-combatants")


#: The size ladder in CPython (tools/view_sizes.py): the fight in the page's own messages.
VIEW_LADDER = ViewLadder(
    lambda n: (("gurps.new",), ("gurps.field", f"g{n + 2}", "name", f"Extra {n}")),
    (
        ("gurps.new",),
        ("gurps.field", "g1", "name", "Ana"),
        ("gurps.field", "g1", "weapon_skill", "14"),
        ("gurps.new",),
        ("gurps.field", "g2", "name", "Bo"),
        ("gurps.field", "g2", "dr", "2"),
    ),
    (
        ("gurps.tab", "attack"),
        ("gurps.attack_form", "attacker", "g1"),
        ("gurps.attack_form", "defender", "g2"),
        ("gurps.field", "g1", "maneuver", "Attack"),  # the attacker's own select (maneuvers.py)
    ),
    (("gurps.attack_full",),),
    ("gurps.tab", "tracker"),
    ("gurps.tab", "combatants"),
)
