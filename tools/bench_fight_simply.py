"""FIGHT.md's measures for the Simply fight (make bench --only fights): two characters built on
the sheet, three turns from "Next turn" to damage applied, with the app's dice and typed dice."""

from __future__ import annotations

from typing import Any

from fight_measure import Tap, TurnFigures, install, rows, run_turn
from support import enter

READY = 'html[data-ready="1"]'


def _build(page: Any, name: str, skill: str, specialty: str = "", weapon: str = "") -> None:
    page.get_by_test_id("char-new").click()
    enter(page, "char-name", name)
    page.get_by_test_id("char-add-skill").select_option(skill)
    if specialty:
        enter(page, "char-skill-specialty-0", specialty)
    if weapon:
        enter(page, "char-weapon-name", weapon)
        page.get_by_test_id("char-weapon-skill").select_option(f"{skill}: {specialty}")
        # Max Dmg 6: three hits cannot kill Bo, so every measured turn has a target standing.
        enter(page, "char-weapon-max", "6")
        page.get_by_test_id("char-weapon-add").click()


def _fight(browser: Any, origin: str) -> Any:
    context = browser.new_context(service_workers="block", viewport={"width": 768, "height": 1024})
    page = context.new_page()
    install(page)
    page.goto(f"{origin}/#/simply")
    page.wait_for_selector(READY, timeout=120_000)
    page.get_by_test_id("simply-tab-characters").click()
    _build(page, "Mara", "Melee Weapon", "Sword", "Longsword")
    _build(page, "Bo", "Brawling")
    page.get_by_test_id("simply-tab-combat").click()
    page.get_by_test_id("sc-add-character").select_option(label="Mara")
    page.get_by_test_id("sc-add-character").select_option(label="Bo")
    page.evaluate("window.scrollTo(0, 0)")
    return context, page


def _cut_turn_short(page: Any) -> None:
    """The bench attacks once a turn, so the turn is still under way and "Next turn" is folded
    (a GM ending it before everyone has acted opens it: one tap not counted here). Once everyone
    has acted it is open and the turn starts with the initiative roll."""
    later = page.get_by_test_id("sc-next-turn")
    if later.count() and later.get_attribute("open") is None:
        later.locator("summary").click()


def _turn(page: Any, typed: bool) -> TurnFigures:
    _cut_turn_short(page)
    steps = (
        [
            Tap("sc-initiative-typed", value="9 2"),
            Tap("sc-attack-typed", "sc-attack-result", value="2 3"),
            Tap("sc-damage-die-typed", value="10"),
        ]
        if typed
        else [
            Tap("sc-initiative-roll"),
            Tap("sc-attack-roll", "sc-attack-result"),
            Tap("sc-damage-die-roll"),
        ]
    )
    return run_turn(page, [*steps, Tap("sc-apply-damage", "sc-damage-result")])


def figures(browser: Any, origin: str) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    for typed, label in ((False, "Simply fight, app dice"), (True, "Simply fight, typed dice")):
        context, page = _fight(browser, origin)
        turns = [_turn(page, typed) for _ in range(3)]
        context.close()
        out += rows(label, turns)
    return out
