"""FIGHT.md's measures for the Simply fight (make bench --only fights), on a real fight ("How it
is measured"): two characters built on the sheet, three turns where the turn passes on a last
action, luck is declared once, a Defend is rolled once (with the app's dice, the "Roll"
beside its chip, which declares and rolls in one tap), the attacker changes weapon, and (typed
dice) a hit's injury check fails so a condition binds; with the app's dice and typed dice. Each attack is counted
from its first tap to its damage applied (or its miss): taps and typed entries per attack,
tap → DOM, and results out of view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bench_common import HeaviestStep, SizeLadder, ViewLadder
from fight_measure import Tap, TurnFigures, install, rows, run_turn
from support import enter, simply_character

READY = 'html[data-ready="1"]'
#: Where a result lands when the tap passed the turn on (a miss or damage on the attacker's
#: last action, the checks that damage queued): the "Last:" line above the strip, out of the
#: next attacker's step.
LAST = ("sc-last-result",)


def _fight(browser: Any, origin: str) -> Any:
    context = browser.new_context(service_workers="block", viewport={"width": 768, "height": 1024})
    page = context.new_page()
    install(page)
    page.goto(f"{origin}/#/simply")
    page.wait_for_selector(READY, timeout=120_000)
    page.get_by_test_id("simply-tab-characters").click()
    # Max Dmg 6: three hits cannot kill Bo, so every measured turn has a target standing.
    simply_character(page, "Mara", "Melee Weapon", "Sword", "Longsword", max_dmg=6)
    simply_character(page, "Bo", "Brawling")
    page.get_by_test_id("simply-tab-combat").click()
    page.get_by_test_id("sc-add-character").select_option(label="Mara")
    page.get_by_test_id("sc-add-character").select_option(label="Bo")
    page.evaluate("window.scrollTo(0, 0)")
    return context, page


@dataclass(frozen=True)
class Declare:
    """Luck or a Defend declared for the attack (``what``): with the app's dice the one tap
    that declares and rolls (``sc-attack-roll-<what>``, a Defend's "Roll" beside its chip), or
    where there is none (luck) its chip (``sc-attack-chip-<what>``) and the roll; with typed
    dice the set-up fold opened and its choice made, then the dice typed."""

    what: str


#: One attack: the taps that set it up (a weapon chip, luck, a Defend), then the roll; what the
#: typed fight types for the attack, its damage die and the checks it queues.
Plan = tuple[tuple[Tap | Declare, ...], str, str, str]
PLAIN: Plan = ((), "2 3", "10", "2 2")
#: Three turns, each the acting order's attacks (the initiative typed first): Mara's two (the
#: second with luck: her last action passes the turn) and Bo's; then Bo first, Defended by
#: Mara, and Mara with her fists (a weapon change); then Mara's Longsword hit whose checks fail.
TURNS: tuple[tuple[str, tuple[Plan, ...]], ...] = (
    ("9 2", (PLAIN, ((Declare("luck"),), "7 7", "5", "2 2"), PLAIN)),
    (
        "1 10",
        (
            ((Declare("defend"),), "2 3 | 10 10", "8", "2 2"),
            ((), "10 10", "", ""),
            ((Tap("sc-arm-1"),), "2 3", "6", "2 2"),
            PLAIN,
        ),
    ),
    ("9 2", (((Tap("sc-arm-0"),), "2 3", "20", "10 10"), PLAIN, PLAIN)),
)


def _open(page: Any, testid: str) -> None:
    """Open a fold when it is closed (one tap, counted by the caller's plan when it is one)."""
    fold = page.get_by_test_id(testid)
    if fold.count() and fold.get_attribute("open") is None:
        fold.locator(":scope > summary").click()


def _attack(page: Any, plan: Plan, typed: bool) -> TurnFigures:
    """One attack from its set-up to its damage applied and its checks rolled (or its miss)."""
    setup, attack_dice, damage_die, check_dice = plan
    figures = TurnFigures()
    app = Tap("sc-attack-roll", "sc-attack-result", or_shows=LAST)
    for tap in setup:
        if isinstance(tap, Declare) and not typed:  # one tap declares and rolls
            button = Tap(f"sc-attack-roll-{tap.what}", "sc-attack-result", or_shows=LAST)
            if page.get_by_test_id(button.testid).count():
                app = button
                continue
            # No one-tap roll (luck has its chip only, stop 54): the chip, then the roll; a
            # fallback to the plain roll left luck undeclared and uncounted.
            tap = Tap(f"sc-attack-chip-{tap.what}")
        if isinstance(tap, Declare):  # typed dice: the choice in the set-up fold
            _open(page, "sc-attack-adjust")
            figures.taps += 1
            tap = Tap(f"sc-attack-{tap.what}", option="yes")
        if _offered(page, tap):  # the app's dice may give the turn to the other fighter
            figures.add(run_turn(page, [tap]))
    # Against a Defend each side's roll is typed in its own field (SIM-D08): "2 3 | 10 10".
    mine, _, theirs = attack_dice.partition(" | ")
    if theirs:
        rolls = [Tap("sc-attack-typed", value=mine)]
        rolls.append(Tap("sc-defend-typed", "sc-attack-result", value=theirs, or_shows=LAST))
    else:
        rolls = [Tap("sc-attack-typed", "sc-attack-result", value=mine, or_shows=LAST)]
    figures.add(run_turn(page, rolls if typed else [app]))
    # A hit keeps its result in the step for its damage; a miss on the last action has none
    # there (it is the "Last:" line) and no damage.
    verdict = page.get_by_test_id("sc-attack-result-verdict")
    if verdict.count() and " hits " in verdict.inner_text():
        die = Tap("sc-damage-die-typed", value=damage_die) if typed else Tap("sc-damage-die-roll")
        apply = Tap("sc-apply-damage", "sc-damage-result", or_shows=LAST)
        figures.add(run_turn(page, [die, apply]))
    while page.get_by_test_id("sc-check").count():
        check = Tap("sc-check-0-typed", "sc-check-result", value=check_dice, or_shows=LAST)
        app = Tap("sc-check-0-roll", "sc-check-result", or_shows=LAST)
        figures.add(run_turn(page, [check if typed else app]))
    return figures


def _offered(page: Any, tap: Tap) -> bool:
    """The set-up tap can be made now: Bo has one weapon, luck needs 5 LP, a Defend an action."""
    if tap.option is None:  # a chip: there, and not pressed already (the weapon in hand)
        chip = page.get_by_test_id(tap.testid)
        return bool(chip.count()) and chip.first.get_attribute("aria-pressed") != "true"
    return bool(page.locator(f"[data-testid='{tap.testid}'] option[value='{tap.option}']").count())


def _acting(page: Any) -> bool:
    """Someone still acts this turn ("Now: —" once everyone has acted)."""
    now = page.get_by_test_id("sc-current")
    return bool(now.count()) and "—" not in now.inner_text()


def _fight_turns(page: Any, typed: bool) -> tuple[list[TurnFigures], list[TurnFigures]]:
    """Every attack's figures, and those of the plain ones (FIGHT.md's measure: the attacker's
    weapon in hand, nothing set before the roll)."""
    attacks: list[TurnFigures] = []
    plain: list[TurnFigures] = []
    for dice, plans in TURNS:
        _open(page, "sc-next-turn")  # a GM ending a turn early opens it (not an attack's tap)
        start = Tap("sc-initiative-typed", value=dice) if typed else Tap("sc-initiative-roll")
        figures = run_turn(page, [start])
        for plan in plans:
            if not _acting(page):
                break  # the app's dice knocked someone out: the turn is over sooner
            more = _attack(page, plan, typed)
            figures.add(more)
            attacks.append(figures)
            if not plan[0]:
                plain.append(figures)
            figures = TurnFigures()
    return attacks, plain


def figures(browser: Any, origin: str) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    for typed, label in ((False, "Simply fight, app dice"), (True, "Simply fight, typed dice")):
        context, page = _fight(browser, origin)
        attacks, plain = _fight_turns(page, typed)
        context.close()
        out += rows(f"{label} ({len(attacks)} attacks, per attack)", attacks)
        out += rows(f"{label}, plain attacks ({len(plain)})", plain)
    return out


# The click and size benches' step (tools/bench_clicks.py, tools/bench_sizes.py): this
# system's heaviest step and its size ladder, read from here by the system's key.


def _step_fight(page: Any) -> None:
    """Two participants; the damage form set to a weapon hit of 1 on the tough one."""
    page.click("[data-testid=simply-tab-combat]")
    for name, hp in (("Tough", "1000"), ("Grunt", "12")):
        enter(page, "sc-add-name", name)
        enter(page, "sc-add-hp_max", hp)
        page.click("[data-testid=sc-add]")
    _step_form(page)


def _step_form(page: Any) -> None:
    page.click("[data-testid=simply-tab-combat]")
    if page.get_attribute("[data-testid=sc-free-damage]", "open") is None:  # damage, no attack
        page.click("[data-testid=sc-free-damage] > summary")
    page.select_option("[data-testid=sc-damage-target]", label="Tough")
    page.select_option("[data-testid=sc-damage-source]", "weapon")
    enter(page, "sc-damage-raw", "1")


def _ladder_add(page: Any, name: str) -> None:
    page.click("[data-testid=simply-tab-combat]")
    enter(page, "sc-add-name", name)
    enter(page, "sc-add-hp_max", "10")
    page.click("[data-testid=sc-add]")


#: The heaviest step (tools/bench_clicks.py: click → its log entry).
HEAVIEST = HeaviestStep(
    "Simply apply damage", "sc-apply-damage", "sc-log-entry", _step_fight, _step_form
)

#: The size ladder's pieces (tools/bench_sizes.py): the form after the reload, a fighter more.
LADDER = SizeLadder(_step_form, _ladder_add, "simply-tab-combat", "simply-tab-characters")


#: The size ladder in CPython (tools/view_sizes.py): the fight in the page's own messages.
VIEW_LADDER = ViewLadder(
    lambda n: (
        ("simply.tab", "combat"),
        ("simply.combat_form", "add", "name", f"Extra {n}"),
        ("simply.combat_form", "add", "hp_max", "10"),
        ("simply.combat_add",),
    ),
    (
        ("simply.tab", "combat"),
        ("simply.combat_form", "add", "name", "Tough"),
        ("simply.combat_form", "add", "hp_max", "1000"),
        ("simply.combat_add",),
        ("simply.combat_form", "add", "name", "Grunt"),
        ("simply.combat_form", "add", "hp_max", "12"),
        ("simply.combat_add",),
    ),
    (
        ("simply.tab", "combat"),
        ("simply.combat_form", "damage", "target", "c1"),
        ("simply.combat_form", "damage", "source", "weapon"),
        ("simply.combat_form", "damage", "raw", "1"),
    ),
    (("simply.combat_damage",),),
    ("simply.tab", "combat"),
    ("simply.tab", "characters"),
)
