"""A GM's play-through at 768x1024 (taps and typing only): Cy's machete hits Bo with physical
dice, the GM gives its Damage Potential, then calls it a critical (AFT-04). The critical's
Enhancement adds to the WDM (AFT-18), so its Damage Potential is asked again (the old build used
the 12 given for the plain hit's WDM and went on to the Critical Effect); each roll's field, and
what follows it, is on the screen where the last tap left the page, with no scroll."""

from __future__ import annotations

from fight_measure import next_frame
from playwright.sync_api import Page, expect
from support import READY, aftermath_fighter, enter
from test_aftermath import shot
from test_aftermath_attack import RIFLE, _second_gun

SCREEN = 1024
NEXT_ROLL = ("aft-dice-typed", "aft-resolve")


def _in_view(app: Page, testid: str, when: str) -> None:
    found = app.get_by_test_id(testid).bounding_box()
    scrolled = app.evaluate("() => window.scrollY")
    # Drawn (a control in a closed fold has a box of no height inside the screen) and in view.
    assert found and found["height"] > 0, f"{when}: {testid} not drawn ({found})"
    assert found["y"] >= 0 and found["y"] + found["height"] <= SCREEN, (
        f"{when}: {testid} at {found} (scrollY {scrolled})"
    )


def _typed_in_view(app: Page, value: str, then: tuple[str, ...] = NEXT_ROLL) -> None:
    """Type ``value`` for the roll waited for, committed with Enter (a tablet's keyboard key);
    then what comes next (the next roll's field and its "Roll the rest for me") is wholly on
    the screen, the page not scrolled."""
    scrolled = app.evaluate("() => window.scrollY")
    _in_view(app, "aft-dice-typed", f"before {value}")  # found where the last tap left it
    box = app.get_by_test_id("aft-dice-typed")
    box.fill(value)
    box.press("Enter")
    expect(app.get_by_test_id(then[0])).to_be_visible()
    if then == NEXT_ROLL:
        expect(app.get_by_test_id("aft-dice-given")).to_contain_text(f"= {value}")
    for testid in then:
        _in_view(app, testid, f"after {value}")
    assert app.evaluate("() => window.scrollY") == scrolled


def test_each_typed_roll_of_a_critical_leaves_the_next_field_in_view(
    app: Page, errors: list[str]
) -> None:
    app.get_by_test_id("nav-aftermath").click()
    aftermath_fighter(app, "Bo", "Knife", "12", ("Bowie", "hand", "Knife, bowie"))
    enter(app, "aft-ast-HLH", "10")
    enter(app, "aft-cst-HLH", "4")
    aftermath_fighter(app, "Cy", "Sword", "13", ("Machete", "hand", "Sword, machete"))
    aftermath_fighter(app, "Ana", "Rifle", "14", RIFLE)  # three fighters: two rows of cards
    app.get_by_test_id("aftermath-tab-combat").click()
    app.get_by_test_id("aft-card-acts-1").click()  # Cy acts at Bo, his machete chosen
    # The GM's screen as the tab left it: the page's tabs at the top, the fight under them.
    app.get_by_test_id("aftermath-tab-combat").evaluate("e => e.scrollIntoView()")
    expect(app.get_by_test_id("aft-card-target-0")).to_have_attribute("aria-pressed", "true")
    # To hit 1, location D100 30 (8/9), split 10, its Damage Potential: a plain hit.
    for value in ("1", "30"):
        _typed_in_view(app, value)
    _typed_in_view(app, "10", ("aft-hth-dp", "aft-apply-dp"))
    enter(app, "aft-hth-dp", "12")
    app.get_by_test_id("aft-apply-dp").click()
    # The GM calls it a critical (AFT-04): its Enhancement 12 (+2 WDM), the location and the
    # split typed for the plain hit kept (FIGHT.md: never asked again), the Damage Potential
    # for the new WDM (asked again), then the Critical Effect: D100 50 + Damage Done 10 = 60,
    # Stun (001 lines 17-20), which Bo saves to lower.
    _in_view(app, "aft-res-crit", "the plain hit")
    app.get_by_test_id("aft-res-crit").click()
    _typed_in_view(app, "12", ("aft-hth-dp", "aft-apply-dp"))
    expect(app.get_by_test_id("aft-pending-wdm")).to_contain_text("1.8 + 2 critical")
    enter(app, "aft-hth-dp", "14")
    app.get_by_test_id("aft-apply-dp").click()
    _typed_in_view(app, "50")
    expect(app.get_by_test_id("aft-dice-next")).to_contain_text("Health save to lower Stun")
    shot(app, "typed-critical-save")
    _typed_in_view(app, "3", ("aft-attack-result",))
    expect(app.get_by_test_id("aft-attack-result")).to_contain_text("Cy → Bo (hand-to-hand)")
    expect(app.get_by_test_id("aft-card-conditions-0")).to_contain_text("Dazed")
    assert errors == []


def test_a_reload_mid_attack_puts_the_next_rolls_field_in_view(
    app: Page, errors: list[str]
) -> None:
    """FIGHT.md: a reload at any step continues from that step. A GM's tablet: after a reload
    between two typed rolls the "I rolled" field sat at 1,085 px, under the screen's edge,
    where before the reload it was in view: the step brings it into view again."""
    app.get_by_test_id("nav-aftermath").click()
    aftermath_fighter(app, "Bo", "Knife", "12", ("Bowie", "hand", "Knife, bowie"))
    aftermath_fighter(app, "Cy", "Sword", "13", ("Machete", "hand", "Sword, machete"))
    aftermath_fighter(app, "Ana", "Rifle", "14", RIFLE)
    app.get_by_test_id("aftermath-tab-combat").click()
    app.get_by_test_id("aft-card-acts-1").click()  # Cy acts at Bo, his machete chosen
    app.get_by_test_id("aftermath-tab-combat").evaluate("e => e.scrollIntoView()")
    _typed_in_view(app, "1")  # to hit; the hit location waits
    app.reload()
    app.wait_for_selector(READY, timeout=60_000)
    expect(app.get_by_test_id("aft-dice-next")).to_have_text("Roll 2: hit location")
    expect(app.get_by_test_id("aft-dice-given")).to_contain_text("= 1")
    _in_view(app, "aft-dice-typed", "after the reload")
    _typed_in_view(app, "30")  # the attack goes on from there, the next field in view
    assert errors == []


def _ana_and_bo(app: Page) -> None:
    """Ana with her rifle and revolver, Bo with his knife and his Health AST and CST."""
    app.get_by_test_id("nav-aftermath").click()
    aftermath_fighter(app, "Ana", "Rifle", "14", RIFLE)
    _second_gun(app)
    aftermath_fighter(app, "Bo", "Knife", "12", ("Bowie", "hand", "Knife, bowie"))
    enter(app, "aft-ast-HLH", "10")
    enter(app, "aft-cst-HLH", "4")


def test_each_typed_roll_of_a_called_missile_critical_is_in_view(
    app: Page, errors: list[str]
) -> None:
    """A GM's tablet, three fighters on the strip: Ana's rifle at Bo with typed dice, then
    called a critical (AFT-04). The rolls so far took a line each above "Drop this attack",
    and the next roll's field sank with each: the critical's fifth and sixth at 1,011 and
    1,016 px of 1,024. They run on in a line beside the button: each field stays in view."""
    _ana_and_bo(app)
    aftermath_fighter(app, "Cy", "Sword", "13", ("Machete", "hand", "Sword, machete"))
    app.get_by_test_id("aftermath-tab-combat").click()
    app.get_by_test_id("aft-card-acts-0").click()  # Ana acts at Bo, her rifle chosen
    enter(app, "aft-missile-meters", "20")  # AFT-46: typed, never assumed
    app.get_by_test_id("aftermath-tab-combat").evaluate("e => e.scrollIntoView()")
    # 001 line 95, the only defence against a shot: on the BCS's line, where the GM sees the
    # shot's chance (last in the Modifiers fold it was at 1,352 px, the fold open), and taking
    # no row of its own: each roll's field below stays in view.
    _in_view(app, "aft-missile-dodging", "the range typed")
    # To hit 3, location D100 50, damage 3D10+3 as 6: a plain hit.
    for value in ("3", "50"):
        _typed_in_view(app, value)
    _typed_in_view(app, "6", ("aft-attack-result", "aft-res-crit"))
    app.get_by_test_id("aft-res-crit").click()
    # Its critical BDG 2D10 as 2 (BDG 29: still 3D10+3, so the damage typed stands), the
    # Critical Effect D100 50 + Damage Done 6 (a Stun, 001 lines 17-20), then Bo's Health save
    # to lower it.
    for value in ("2", "50"):
        _typed_in_view(app, value)
    expect(app.get_by_test_id("aft-dice-next")).to_contain_text("Health save to lower Stun")
    _typed_in_view(app, "3", ("aft-attack-result",))
    expect(app.get_by_test_id("aft-attack-result")).to_contain_text("daze (critical)")
    assert errors == []


def test_an_unarmed_attackers_typed_rolls_and_critical_call_are_in_view(
    app: Page, errors: list[str]
) -> None:
    """A GM's tablet, three fighters: Cy has no weapon, so his "By list…" stays open (no chip
    to tap) and takes a row. His blow's next roll field sat at 1,003 px of 1,024 after the to-hit
    typed, and "Critical hit (your call)" at 1,007 after the Damage Potential applied: the
    verdict "Your dice so far:" now runs on the rolls' line, and "Every step", what was applied
    and the call share one line. Called, its Critical Effect's field was at 1,029 px."""
    _ana_and_bo(app)
    enter(app, "aft-armor-locations", "1-20")
    app.get_by_test_id("aft-armor-material").select_option("Heavy Leather")
    app.get_by_test_id("aft-armor-wear").click()
    app.get_by_test_id("aft-char-new").click()  # Cy: Brawling 13, nothing in his hands
    enter(app, "aft-name", "Cy")
    enter(app, "aft-skill-name", "Brawling")
    enter(app, "aft-skill-bcs", "13")
    app.get_by_test_id("aft-skill-add").click()
    for field, value in (("cda", "1"), ("mass", "2"), ("drt", "40")):
        enter(app, f"aft-derived-{field}", value)
    app.get_by_test_id("aftermath-tab-combat").click()
    app.get_by_test_id("aft-card-acts-2").click()
    if app.get_by_test_id("aft-card-target-1").get_attribute("aria-pressed") != "true":
        app.get_by_test_id("aft-card-target-1").click()
    app.get_by_test_id("aft-cbt-mode").select_option("hth")  # "By list…", open: no chip
    app.evaluate("window.scrollTo(0, 0)")
    # To hit 1, location D100 30 (8), split 10, then his Damage Potential: a plain hit.
    for value in ("1", "30"):
        _typed_in_view(app, value)
    _typed_in_view(app, "10", ("aft-hth-dp", "aft-apply-dp"))
    enter(app, "aft-hth-dp", "9")
    app.get_by_test_id("aft-apply-dp").click()
    expect(app.get_by_test_id("aft-applied")).to_contain_text("Applied")
    _in_view(app, "aft-res-crit", "the blow applied")
    # The GM calls it a critical (AFT-04), the page at its top: the Enhancement 12, the
    # Damage Potential for the new WDM, then the Critical Effect's field (at 1,029-1,077 px:
    # its label "I rolled (1d100: the die)" took three lines; now one, over the button).
    app.evaluate("window.scrollTo(0, 0)")
    app.get_by_test_id("aft-res-crit").click()
    _typed_in_view(app, "12", ("aft-hth-dp", "aft-apply-dp"))
    enter(app, "aft-hth-dp", "11")
    app.get_by_test_id("aft-apply-dp").click()
    expect(app.get_by_test_id("aft-dice-next")).to_have_text("Roll 5: Critical Effect")
    _in_view(app, "aft-dice-typed", "the Critical Effect asked")
    _in_view(app, "aft-resolve", "the Critical Effect asked")
    assert errors == []


def test_another_weapon_and_target_bring_the_roll_into_view(app: Page, errors: list[str]) -> None:
    """A GM's tablet, turn 3: Ana took her revolver and aimed at Cy, and "Resolve (roll for
    me)" sat at 1,122 px of 1,024 (an undo's notice above the page; 1,030 without it: the new
    pair's range asked above it). The tap that changes the attack brings its roll into view
    (data-step, app/browser.py), the range field still on the screen."""
    _ana_and_bo(app)
    aftermath_fighter(app, "Cy", "Sword", "13", ("Machete", "hand", "Sword, machete"))
    app.get_by_test_id("aftermath-tab-combat").click()
    app.get_by_test_id("aft-card-acts-0").click()  # Ana acts at Bo, her rifle chosen
    enter(app, "aft-missile-meters", "20")
    app.evaluate("window.scrollTo(0, 0)")
    app.get_by_test_id("aft-cbt-use-1").click()  # her revolver
    app.get_by_test_id("aft-card-target-2").click()  # at Cy: their range is asked
    expect(app.locator("#aft-attack-h")).to_have_text("Missile attack: Revolver")
    expect(app.get_by_test_id("aft-card-target-2")).to_have_attribute("aria-pressed", "true")
    next_frame(app)  # the glue reveals in the tap's next frame
    next_frame(app)
    _in_view(app, "aft-resolve", "Cy aimed at")
    _in_view(app, "aft-missile-meters", "Cy aimed at")
    assert errors == []


def test_the_range_asked_leaves_range_dodge_and_resolve_on_the_first_screen(
    app: Page, errors: list[str]
) -> None:
    """A GM's tablet, three fighters, Ana's two guns, the page at its top: while the range was
    asked, each gun's chip ("waits for the range") took a row and the notice four lines, and
    Resolve sat at 1,034-1,082 px of 1,024; "Target dodging" (001 line 95, the only defence
    against a shot) was inside the closed Modifiers fold. The range field, the dodge and
    Resolve are on the first screen; the roll named in the page's font, not monospace."""
    _ana_and_bo(app)
    aftermath_fighter(app, "Cy", "Sword", "13", ("Machete", "hand", "Sword, machete"))
    app.get_by_test_id("aftermath-tab-combat").click()
    app.get_by_test_id("aft-card-acts-0").click()  # Ana acts at Bo, her rifle chosen
    expect(app.get_by_test_id("aft-cbt-waiting")).to_contain_text("Range (m)")
    app.evaluate("window.scrollTo(0, 0)")
    for testid in ("aft-missile-meters", "aft-missile-dodging", "aft-resolve"):
        _in_view(app, testid, "the range asked")
    app.get_by_test_id("aft-missile-dodging").click()  # declared before the range is known
    enter(app, "aft-missile-meters", "20")
    # 001 lines 89-97: Bo's CDA 1 × (1 + 1 dodging) = −2: BCS 14 + 1 + 4 − 2 = 17.
    expect(app.get_by_test_id("aft-cbt-bcs")).to_have_text("BCS 17")
    expect(app.get_by_test_id("aft-missile-dodging")).to_have_attribute("aria-pressed", "true")
    fonts = app.evaluate(
        """() => [document.querySelector('[data-testid="aft-dice-next"]'),
                  document.getElementById("aft-attack-h")].map(e => getComputedStyle(e).fontFamily)"""
    )
    assert fonts[0] == fonts[1] and "mono" not in fonts[0], fonts
    assert errors == []


def test_a_critical_s_seven_typed_rolls_keep_the_next_field_in_place(
    app: Page, errors: list[str]
) -> None:
    """A GM's tablet, three fighters: Ana's rifle at Bo with typed dice, called a critical that
    Disables (001 lines 26-28), his save to lower it failed: seven typed rolls. The rolls so
    far, squeezed between "Your dice so far:" and "Drop this attack" (about 290 px), took a line
    more with each roll, six in all, and the next roll's field sank 86 px from the second roll's
    (the seventh's at 984-1,032 px of 1,024 on a GM's screen). They run across the card's width
    now, three lines at most: the seventh's field 26 px higher, within 64 px of the second's."""
    _ana_and_bo(app)
    aftermath_fighter(app, "Cy", "Sword", "13", ("Machete", "hand", "Sword, machete"))
    app.get_by_test_id("aftermath-tab-combat").click()
    app.get_by_test_id("aft-card-acts-0").click()  # Ana acts at Bo, her rifle chosen
    enter(app, "aft-missile-meters", "20")
    app.get_by_test_id("aftermath-tab-combat").evaluate("e => e.scrollIntoView()")
    _typed_in_view(app, "3")  # to hit
    first = app.get_by_test_id("aft-dice-typed").bounding_box()
    assert first is not None
    _typed_in_view(app, "50")  # location
    _typed_in_view(app, "6", ("aft-attack-result", "aft-res-crit"))  # damage: a plain hit
    app.get_by_test_id("aft-res-crit").click()
    # The critical BDG 2, the Critical Effect D100 75 + Damage Done 6, Bo's save to lower the
    # Disable to a Stun (20: failed), then the Health Saving Throw for the Disable.
    for value in ("2", "75", "20"):
        _typed_in_view(app, value)
        found = app.get_by_test_id("aft-dice-typed").bounding_box()
        assert found is not None and found["y"] - first["y"] <= 64, (value, first, found)
    expect(app.get_by_test_id("aft-dice-next")).to_have_text(
        "Roll 7: Health Saving Throw for the Disable"
    )
    lines = app.get_by_test_id("aft-dice-given").evaluate(
        "u => new Set([...u.getClientRects()].map(r => Math.round(r.top))).size"
    )
    assert lines <= 3, lines
    _typed_in_view(app, "5", ("aft-attack-result",))
    assert errors == []
