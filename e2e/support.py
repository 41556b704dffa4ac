"""Shared pieces of the end-to-end tests (importable: e2e/ is put on sys.path by conftest)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
READY = 'html[data-ready="1"]'


def run_axe(page: Page) -> list[dict[str, Any]]:
    # add_script_tag injects an inline script, which the page's CSP refuses; evaluate goes over CDP.
    page.evaluate(AXE.read_text())
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [v for v in result["violations"] if v["impact"] in ("serious", "critical")]


def enter(page: Page, testid: str, value: str) -> None:
    """Type into a field and leave it, as a user does (the change event commits it)."""
    box = page.get_by_test_id(testid)
    box.fill(value)
    box.press("Tab")


def aftermath_fighter(page: Page, name: str, skill: str, bcs: str, arm: tuple[str, ...]) -> None:
    """A character built on the Aftermath sheet: one skill, one weapon (name, kind, the gun or
    the Weapons Listing row it is, and for a gun the ammunition loaded in it, with its rounds
    left and when full) used with that skill, and the values a user types for CDA, mass and
    DRT. The firefight e2e and its benchmark build their fighters with this."""
    page.get_by_test_id("aft-char-new").click()
    enter(page, "aft-name", name)
    expect(page.get_by_test_id("aft-char-entry").last).to_contain_text(name)
    enter(page, "aft-skill-name", skill)
    enter(page, "aft-skill-bcs", bcs)
    page.get_by_test_id("aft-skill-add").click()
    weapon, kind, what, *loaded = arm
    enter(page, "aft-weapon-name", weapon)
    page.get_by_test_id("aft-weapon-kind").select_option(kind)
    page.get_by_test_id("aft-weapon-gun" if kind == "gun" else "aft-weapon-listed").select_option(
        what
    )
    if loaded:
        page.get_by_test_id("aft-weapon-ammo").select_option(loaded[0])
    for tail, value in zip(("rounds", "capacity"), loaded[1:], strict=False):
        enter(page, f"aft-weapon-{tail}", value)
    page.get_by_test_id("aft-weapon-skill").select_option(skill)
    page.get_by_test_id("aft-weapon-add").click()
    expect(page.get_by_test_id("aft-weapon-skill-0")).to_contain_text(f"Skill: {skill}")
    for field, value in (("cda", "1"), ("mass", "2"), ("drt", "40")):
        enter(page, f"aft-derived-{field}", value)


def all_ones(expr: str) -> str:
    """What to type for ``expr`` when every die shows 1: its lowest total, modifiers included
    (a single number typed for a roll with a modifier is its total)."""
    from pycore.dice import distribution

    return str(min(distribution(expr)))
