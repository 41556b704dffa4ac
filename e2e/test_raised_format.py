"""Issue 32 item 1 on two real builds: this build beside a second build of the same sources whose
Simply sections' format is one higher (an identity migration), served side by side on one origin
(one localStorage). The older tab never moves aside, overwrites or deletes what the newer tab
wrote; its own change is kept aside; in the newer build, Restore plays the kept change onto the
section as it is now, and a hit that cannot stand beside a hit made since is not restored."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from localsite import QuietServer, serve
from playwright.sync_api import Browser, BrowserContext, Page, expect
from support import READY
from test_simply_combat import _add as add_fighter
from test_simply_combat import _damage as damage

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
RAISED = {
    # section: (its codec's first lines, its migrations) in pycore/systems/simply/saved.py
    "simply_characters": ("characters_1_to_2",),
    "simply_combat": ("combat_1_to_2",),
}


def raise_formats(saved: Path) -> None:
    """One format number up for each section in RAISED, read by an identity migration."""
    text = saved.read_text()
    for section, (migration,) in RAISED.items():
        head = f'    "{section}",\n    2,'
        assert head in text, section
        text = text.replace(head, f'    "{section}",\n    3,')
        old = f"migrations={{1: {migration}}}"
        assert old in text, migration
        text = text.replace(old, f"migrations={{1: {migration}, 2: dict}}")
    saved.write_text(text)


@pytest.fixture(scope="module")
def raised_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sources copied, their Simply formats raised, built as a second version."""
    src = tmp_path_factory.mktemp("raised")
    for folder in ("pycore", "web", "tools", "tables"):
        shutil.copytree(ROOT / folder, src / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for folder in ("node_modules", "wheels"):
        (src / folder).symlink_to(ROOT / folder, target_is_directory=True)
    raise_formats(src / "pycore" / "systems" / "simply" / "saved.py")
    out = src / "dist"
    command = [sys.executable, str(src / "tools" / "build.py"), "--out", str(out)]
    subprocess.run([*command, "--build-id", "raised"], check=True, capture_output=True, cwd=src)
    return out


@pytest.fixture()
def site(raised_build: Path, tmp_path: Path) -> Iterator[str]:
    """Both builds on one origin: /v1/ this build, /v2/ the raised one."""
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "v1").symlink_to(DIST, target_is_directory=True)
    (folder / "v2").symlink_to(raised_build, target_is_directory=True)
    server: QuietServer
    server, origin = serve(folder)
    yield origin
    server.shutdown()


def stored(page: Page, section: str) -> Any:
    raw = page.evaluate(f"localStorage.getItem('rulekeeper:section:{section}')")
    return None if raw is None else json.loads(raw)


@pytest.fixture()
def context(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    ctx = browser.new_context(**browser_context_args)  # no service worker: two builds side by side
    yield ctx
    ctx.close()


def opened(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(READY, timeout=60_000)
    return page


def test_an_older_build_keeps_its_hit_aside_and_the_newer_build_restores_what_still_applies(
    context: BrowserContext, site: str
) -> None:
    old = opened(context, f"{site}/v1/#/simply")
    old.get_by_test_id("simply-tab-characters").click()
    old.get_by_test_id("char-new").click()
    name = old.get_by_test_id("char-name")
    name.fill("Ann")
    name.press("Tab")
    old.get_by_test_id("simply-tab-combat").click()
    add_fighter(old, "Brok", "25", "3", "4", minor=True)
    old.wait_for_function(
        "() => JSON.parse(localStorage.getItem('rulekeeper:section:simply_combat'))"
        "?.data.combat.combatants.length === 1"
    )
    assert stored(old, "simply_combat")["version"] == 2

    # The newer build reads both sections (its migration), hits Brok and sets Ann's strength.
    new = opened(context, f"{site}/v2/#/simply")
    new.get_by_test_id("simply-tab-combat").click()
    expect(new.get_by_test_id("sc-combatant")).to_have_count(1)
    damage(new, "Brok", "5")
    new.wait_for_function(
        "() => JSON.parse(localStorage.getItem('rulekeeper:section:simply_combat')).version === 3"
    )
    new.get_by_test_id("simply-tab-characters").click()
    strength = new.get_by_test_id("char-strength")
    strength.fill("7")
    strength.press("Tab")
    new.wait_for_function(
        "() => JSON.parse(localStorage.getItem('rulekeeper:section:simply_characters')).version"
        " === 3"
    )
    new.wait_for_timeout(1000)  # its last saves
    newer_fight = old.evaluate("localStorage.getItem('rulekeeper:section:simply_combat')")
    newer_characters = old.evaluate("localStorage.getItem('rulekeeper:section:simply_characters')")

    # The older tab says to reload; its own hit and rename are kept aside, nothing written over.
    expect(old.get_by_test_id("banner-newer")).to_contain_text("reload this tab")
    damage(old, "Brok", "8")
    old.get_by_test_id("simply-tab-characters").click()
    name = old.get_by_test_id("char-name")
    name.fill("Bo")
    name.press("Tab")
    expect(old.get_by_test_id("banner-newer")).to_contain_text("kept aside")
    old.wait_for_timeout(1000)  # its saves
    assert old.evaluate("localStorage.getItem('rulekeeper:section:simply_combat')") == newer_fight
    assert old.evaluate("localStorage.getItem('rulekeeper:section:simply_characters')") == (
        newer_characters
    )
    log = stored(old, "simply_combat")["data"]["log"]  # Brok joined, then the newer tab's hit
    assert [line["public"] for line in log] == ["Brok is hit", "Brok joins the fight"]

    # Reloaded into the newer build: Settings › Moved aside lists both kept changes.
    old.goto(f"{site}/v2/#/settings")
    old.wait_for_selector(READY, timeout=60_000)
    expect(old.get_by_test_id("quarantine-item")).to_have_count(2)
    restore = old.get_by_test_id("quarantine-restore")
    # The rename still applies: played onto the newer build's characters, its strength kept.
    old.locator("[data-testid=quarantine-item]", has_text="characters").get_by_test_id(
        "quarantine-restore"
    ).click()
    expect(old.get_by_test_id("quarantine-item")).to_have_count(1)
    old.wait_for_function(
        "() => JSON.parse(localStorage.getItem('rulekeeper:section:simply_characters'))"
        ".data.list[0].name === 'Bo'"
    )
    character = stored(old, "simply_characters")
    assert character["version"] == 3 and character["data"]["list"][0]["strength"] == 7
    # The hit does not: Brok was hit since from the same state. Said, left listed, nothing lost.
    restore.click()
    expect(old.get_by_test_id("banner-restore")).to_contain_text("was not restored")
    expect(old.get_by_test_id("banner-restore")).to_contain_text("Brok")
    expect(old.get_by_test_id("quarantine-item")).to_have_count(1)
    assert old.evaluate("localStorage.getItem('rulekeeper:section:simply_combat')") == newer_fight
