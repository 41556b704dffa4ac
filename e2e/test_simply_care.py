"""The Simply fight's care card and injury checks at a tablet (768x1024), from a GM's
play-through: a disabled fighter was offered and accepted as the treater (SIM-38, SIM-48), the
luck for a check sat below the fold and its odds left the luck out (SIM-10, SIM-11), and a
stabilization's "type the hours" line appeared off screen under the typed roll (SIM-54)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import enter

HEIGHT = 1024


def _on_screen(app: Page, testid: str) -> None:
    box = app.get_by_test_id(testid).first.bounding_box()
    assert box is not None, testid
    assert box["y"] >= -1 and box["y"] + box["height"] <= HEIGHT + 1, (testid, box)


def _fighters(app: Page, *names: str, hp: str = "24", luck: tuple[str, ...] = ()) -> None:
    """Quick NPCs (S 6, H 6, 10 LP unless ``luck`` gives each one's), then initiative typed in
    this order."""
    app.get_by_test_id("nav-simply").click()
    app.get_by_test_id("simply-tab-combat").click()
    for i, name in enumerate(names):
        lp = luck[i] if i < len(luck) else "10"
        typed = {"name": name, "hp_max": hp, "strength": "6", "health": "6", "luck": lp}
        for field, value in typed.items():
            enter(app, f"sc-add-{field}", value)
        app.get_by_test_id("sc-add").click()
    expect(app.get_by_test_id("sc-combatant")).to_have_count(len(names))
    enter(app, "sc-initiative-typed", " ".join(str(9 - 2 * i) for i in range(len(names))))


def _damage(app: Page, target: str, raw: str) -> None:
    free = app.get_by_test_id("sc-free-damage")  # no hit awaits: damage without an attack
    if free.count() and free.get_attribute("open") is None:
        free.locator(":scope > summary").click()
    adjust = app.get_by_test_id("sc-damage-adjust")
    if adjust.get_attribute("open") is None:
        adjust.locator("summary").click()
    app.get_by_test_id("sc-damage-target").select_option(label=target)
    app.get_by_test_id("sc-damage-source").select_option("weapon")
    enter(app, "sc-damage-raw", raw)
    app.get_by_test_id("sc-apply-damage").click()


def _waive_all(app: Page) -> None:
    while app.get_by_test_id("sc-check").count():
        before = app.get_by_test_id("sc-check").count()
        app.get_by_test_id("sc-check-waive-0").click()
        expect(app.get_by_test_id("sc-check")).to_have_count(before - 1)


def test_a_disabled_fighter_is_not_offered_as_the_treater_and_the_field_says_why(
    app: Page, errors: list[str]
) -> None:
    _fighters(app, "Ada", "Bea", "Cal")
    _damage(app, "Bea", "24")  # HP 0: unconscious (SIM-48)
    _waive_all(app)
    _damage(app, "Cal", "11")  # HP 13: bleeding
    _waive_all(app)
    treater = app.get_by_test_id("sc-treat-treater")
    options = treater.locator("option").all_inner_texts()
    assert options == ["Ada (whose turn it is)", "Cal"], options
    hint = app.get_by_test_id("sc-treat-treater-hint")
    expect(hint).to_have_text("Not offered: Bea (unconscious): no actions when disabled.")
    hint.scroll_into_view_if_needed()
    _on_screen(app, "sc-treat-treater")
    _on_screen(app, "sc-treat-treater-hint")
    assert errors == []


def test_the_checks_luck_is_declared_above_their_rolls_and_their_odds_count_it(
    app: Page, errors: list[str]
) -> None:
    _fighters(app, "Ada", "Bea", hp="30")
    _damage(app, "Bea", "24")  # raw 24 > 2 x S, injury > half HP, HP 6 <= 30/4: three checks
    checks = app.get_by_test_id("sc-check")
    expect(checks).to_have_count(3)
    for text in checks.all_inner_texts():
        assert "TN 12" in text and "64%" in text, text
    app.evaluate("window.scrollTo(0, 0)")
    _on_screen(app, "sc-check-luck")
    _on_screen(app, "sc-check-0-roll")
    luck, roll = (
        app.get_by_test_id(t).bounding_box() for t in ("sc-check-luck", "sc-check-0-roll")
    )
    assert luck is not None and roll is not None and luck["y"] < roll["y"]
    app.get_by_test_id("sc-check-luck").select_option("yes")
    expect(checks.first).to_contain_text("99%")  # 10 LP staked at TN 12: only a 20 fails
    for text in checks.all_inner_texts():
        assert "99%" in text and "64%" not in text, text
    _on_screen(app, "sc-check-0-roll")
    assert errors == []


def test_a_knockout_drops_her_stamina_checks_still_queued_saying_so_in_view(
    app: Page, errors: list[str]
) -> None:
    """Bea (HP 30) takes a raw 24: three checks; before they are rolled a raw 5 takes her to
    HP 1, unconscious (SIM-48): her two Stamina Checks could only knock her out, dropped and
    said in the checks card; the Knockback Check stays."""
    _fighters(app, "Ada", "Bea", hp="30")
    _damage(app, "Bea", "24")
    checks = app.get_by_test_id("sc-check")
    expect(checks).to_have_count(3)
    _damage(app, "Bea", "5")
    expect(checks).to_have_count(1)
    expect(checks.first).to_contain_text("Knockback Check")
    dropped = app.get_by_test_id("sc-check-dropped")
    expect(dropped).to_contain_text(
        "Bea: Stamina Check (an injury over half HP) dropped: unconscious already"
    )
    expect(dropped).to_contain_text("Stamina Check (at ¼ HP or less) dropped")
    for testid in ("sc-check-dropped", "sc-check-0-roll"):  # both in view, no scroll
        _on_screen(app, testid)
    assert errors == []


def test_luck_on_the_next_check_stakes_the_lp_of_the_fighter_whose_check_it_is(
    app: Page, errors: list[str]
) -> None:
    """Ada (no LP) and Bea (10 LP) each take a raw 24, Ada's checks first: luck is offered for
    Bea's checks with her LP, Ada's roll without; Bea's check rolled with it spends hers."""
    _fighters(app, "Ada", "Bea", hp="30", luck=("0", "10"))
    _damage(app, "Ada", "24")
    _damage(app, "Bea", "24")
    checks = app.get_by_test_id("sc-check")
    expect(checks).to_have_count(6)
    luck = app.get_by_test_id("sc-check-luck")
    said = luck.locator("option[value=yes]").inner_text()
    assert "Ada 0 LP: rolls without" in said and "Bea 10 LP" in said, said
    app.evaluate("window.scrollTo(0, 0)")
    _on_screen(app, "sc-check-luck")
    luck.select_option("yes")
    expect(checks.nth(3)).to_contain_text("99%")  # 10 LP staked at TN 12: only a 20 fails
    rows = checks.all_inner_texts()
    assert all("64%" in r for r in rows[:3]) and all("99%" in r for r in rows[3:]), rows
    enter(app, "sc-check-3-typed", "10 9")  # 19 vs TN 12: bought off with 7 of Bea's LP
    expect(checks).to_have_count(5)
    result = app.get_by_test_id("sc-check-result")
    expect(result).to_contain_text("Bea passes the Knockback Check")
    assert errors == []


def test_a_stabilization_that_holds_asks_for_its_hours_in_view(
    app: Page, errors: list[str]
) -> None:
    _fighters(app, "Ada", "Dee")
    _damage(app, "Dee", "27")  # HP -3: critical condition (SIM-49)
    _waive_all(app)
    app.get_by_test_id("sc-treat-patient").select_option(label="Dee")
    app.get_by_test_id("sc-treat-treatment").select_option("stabilize")
    enter(app, "sc-treat-rating", "12")  # Difficult: TN 8
    typed = app.get_by_test_id("sc-treat-typed")
    typed.scroll_into_view_if_needed()
    box = typed.bounding_box()
    assert box is not None  # the roll's field at the screen's bottom, as the GM had it
    app.evaluate(f"window.scrollBy(0, {box['y'] + box['height'] - HEIGHT + 4})")
    enter(app, "sc-treat-typed", "3 4")  # 7 vs TN 8: it holds, its hours are due
    expect(app.get_by_test_id("sc-treat-holds")).to_be_visible()
    _on_screen(app, "sc-treat-holds")
    _on_screen(app, "sc-treat-hours")
    enter(app, "sc-treat-hours", "4")
    expect(app.get_by_test_id("sc-treat-result")).to_contain_text("bleeding stops for 1D10 (4)")
    assert errors == []
