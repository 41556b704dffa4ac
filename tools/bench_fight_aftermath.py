"""FIGHT.md's measures for the Aftermath fight (make bench --only fights): Ana (a pistol used
with her Pistol skill, BCS 13) and Bo (a bowie knife used with his Knife skill, BCS 12) built on
the sheet, criticals decided by the roll (the campaign's Critical hit setting). Phases taken in
turn: Ana shoots Bo (missile), then Bo stabs Ana (hand-to-hand), from "Next Action Phase" to
the attack applied (its Critical Effect when one comes) with the app's dice. Each turn taps the
attacker's card ("Acts": his first weapon chosen, the other one aimed at), Resolve, and for a
hand-to-hand hit types its Damage Potential (one entry: the book leaves it to the user, asked
once the critical is known) and taps Apply. A card already acting costs no tap (the first
attacker's first weapon is chosen once it is on his sheet). Every turn must log its attack.

Then a real firefight (FIGHT.md "How it is measured", issue 28 item 7, :func:`firefight`): three
Combat Turns, three fighters (rifle, knife, pistol), damage taken this turn applied by the fight,
an empty rifle reloaded, a change of weapon, a knock-back ending Knocked Over, app and typed dice.
"""

from __future__ import annotations

from typing import Any

from bench_common import HeaviestStep, SizeLadder, ViewLadder
from fight_measure import Tap, TurnFigures, install, rows, run_turn
from support import aftermath_fighter, all_ones, enter
from test_aftermath_attack import _second_gun  # Ana's revolver, Pistol BCS 11, .357

READY = 'html[data-ready="1"]'
#: The range typed between two fighters (metres): a pistol's EFF, a rifle's SHT (001 L679, L683).
RANGE = "20"
#: Each fighter: name, skill and BCS, and the weapon on his sheet (name, kind, gun or listed, and
#: the ammunition loaded in a gun).
FIGHTERS = (
    ("Ana", "Pistol", "13", ("Service pistol", "gun", "pistol|STD", "pistol:9mm Parabellum")),
    ("Bo", "Knife", "12", ("Bowie", "hand", "Knife, bowie")),
)


def _fight(browser: Any, origin: str) -> Any:
    context = browser.new_context(service_workers="block", viewport={"width": 768, "height": 1024})
    page = context.new_page()
    install(page)
    page.goto(f"{origin}/#/aftermath")
    page.wait_for_selector(READY, timeout=120_000)
    for name, skill, bcs, arm in FIGHTERS:
        aftermath_fighter(page, name, skill, bcs, arm)
        _health(page)
    page.get_by_test_id("aftermath-tab-settings").click()
    enter(page, "aft-set-critical_hit_rule", "2")  # criticals by the roll, not the GM's call
    page.get_by_test_id("aftermath-tab-combat").click()
    page.evaluate("window.scrollTo(0, 0)")
    return context, page


def _health(page: Any) -> None:
    """The Health AST and CST on the sheet just built (a critical's save reads them there; a
    sheet without them makes a critical by the roll wait for them, which a plain attack does
    not measure)."""
    enter(page, "aft-ast-HLH", "12")
    enter(page, "aft-cst-HLH", "5")


def _acts(page: Any, index: int) -> list[Tap]:
    pressed = page.get_by_test_id(f"aft-card-acts-{index}").get_attribute("aria-pressed")
    return [] if pressed == "true" else [Tap(f"aft-card-acts-{index}", "aft-cbt-use-0")]


def _range(page: Any) -> list[Tap]:
    """A shot's range, typed once for each pair of fighters (AFT-46: none is assumed; the fight
    holds it between the two, so their later shots start from it): one entry, counted."""
    field = page.get_by_test_id("aft-missile-meters")
    if field.count() and field.input_value() == "":
        return [Tap("aft-missile-meters", "aft-cbt-bcs", value=RANGE)]
    return []


def _add(figures: TurnFigures, part: TurnFigures) -> None:
    figures.taps += part.taps
    figures.entries += part.entries
    figures.latencies_ms += part.latencies_ms
    figures.out_of_view += part.out_of_view
    figures.brought_into_view += part.brought_into_view


def _able(page: Any) -> None:
    """Outside the measure: the conditions a Critical Effect left on the one just hit (who acts
    next) are removed, so every turn measures an attack made, not one the rules refuse."""
    while page.get_by_test_id("aft-target-conditions-remove-0").count():
        page.get_by_test_id("aft-target-conditions-remove-0").click()


def _cuts(page: Any) -> list[Tap]:
    """A Sever rolled by the app's dice whose attack does not say whether it cuts (a bullet, a
    knife's critical) waits for the GM's answer (AFT-25): one tap, counted, as a GM makes it. A
    rare roll: CI once met it in a knife's turn, which then logged no attack."""
    if page.get_by_test_id("aft-cuts-yes").count():
        return [Tap("aft-cuts-yes", "aft-attack-result")]
    return []


def _why_not(page: Any) -> str:
    """What the page shows when a turn logged no attack: the core's refusal beside Resolve, or
    (no attack step on screen: a question took its place) the combat page's own words."""
    refused = page.get_by_test_id("aft-resolve-error")
    if refused.count() and refused.inner_text().strip():
        return str(refused.inner_text())
    return "no result logged; the page shows: " + " | ".join(
        page.locator("main").inner_text().split("\n")
    )


def _phase(page: Any, first: bool, attacker: int) -> TurnFigures:
    made = page.get_by_test_id("aft-cbt-log-entry").count()
    figures = run_turn(page, [] if first else [Tap("aft-next-phase", "aft-clock")])
    _add(figures, run_turn(page, _acts(page, attacker)))
    _add(figures, run_turn(page, _range(page)))
    _add(figures, run_turn(page, [Tap("aft-resolve", "aft-attack-result")]))
    if page.get_by_test_id("aft-hth-dp").count():  # a hand-to-hand hit: its Damage Potential
        last = [Tap("aft-hth-dp", value="9"), Tap("aft-apply-dp", "aft-attack-result")]
        _add(figures, run_turn(page, last))
    _add(figures, run_turn(page, _cuts(page)))
    if page.get_by_test_id("aft-cbt-log-entry").count() != made + 1:
        raise RuntimeError(f"the turn made no attack: {_why_not(page)}")
    _able(page)
    page.evaluate("window.scrollTo(0, 0)")
    return figures


def _typed_phase(page: Any) -> TurnFigures:
    """Ana shoots with the dice rolled at the table: one entry per roll the step names (a D100
    typed as 50, any other roll as its lowest total), each answered where the result shows."""
    made = page.get_by_test_id("aft-cbt-log-entry").count()
    figures = run_turn(page, [Tap("aft-next-phase", "aft-clock"), *_acts(page, 0)])
    _add(figures, run_turn(page, _range(page)))
    roll = "3"  # to hit: under Ana's BCS
    for _ in range(12):
        _add(figures, run_turn(page, [Tap("aft-dice-typed", "aft-attack-result", value=roll)]))
        if not page.get_by_test_id("aft-dice-given").count():
            break
        expr = page.get_by_test_id("aft-dice").locator(".dice-expr").inner_text()
        roll = "50" if expr == "1d100" else all_ones(expr)  # a total includes its modifier
    if page.get_by_test_id("aft-cbt-log-entry").count() != made + 1:
        raise RuntimeError("the typed shot made no attack")
    _able(page)
    return figures


def _firefight_page(browser: Any, origin: str) -> Any:
    """Ana (a hunting rifle holding 2 rounds of .308, and a revolver), Bo (a bowie knife) and
    Cy (a service pistol); criticals left to the GM (none called here)."""
    context = browser.new_context(service_workers="block", viewport={"width": 768, "height": 1024})
    page = context.new_page()
    install(page)
    page.goto(f"{origin}/#/aftermath")
    page.wait_for_selector(READY, timeout=120_000)
    rifle = ("Hunting rifle", "gun", "long_gun|Rifle", "long gun:308 (7.62mm NATO)", "2", "2")
    aftermath_fighter(page, "Ana", "Rifle", "14", rifle)
    _health(page)
    _second_gun(page)
    for name, fighter in (("Bo", FIGHTERS[1]), ("Cy", FIGHTERS[0])):
        aftermath_fighter(page, name, *fighter[1:])
        _health(page)
    page.get_by_test_id("aftermath-tab-combat").click()
    page.evaluate("window.scrollTo(0, 0)")
    return context, page


def _typed(page: Any, first: str = "3") -> TurnFigures:
    """Each roll the attack waits for, typed where the step names it (a D100 as 50, any other
    roll as its lowest total), from ``first`` to hit."""
    figures, roll = TurnFigures(), first
    for _ in range(14):
        _add(figures, run_turn(page, [Tap("aft-dice-typed", "aft-attack-result", value=roll)]))
        if not page.get_by_test_id("aft-dice-given").count():
            break
        expr = page.get_by_test_id("aft-dice").locator(".dice-expr").inner_text()
        roll = "50" if expr == "1d100" else all_ones(expr)
    return figures


def _attack(page: Any, attacker: int, before: list[Tap], typed: bool) -> TurnFigures:
    """One attack from the Action Phase before it to its result applied: ``before`` (the next
    phase or turn, a reload, a weapon changed), the card tapped, the dice (typed or the app's),
    a hand-to-hand hit's Damage Potential. It must log its attack."""
    figures = run_turn(page, before)
    # counted after ``before``: a reload is logged too (its own entry, not the attack's)
    made = page.get_by_test_id("aft-cbt-log-entry").count()
    _add(figures, run_turn(page, _acts(page, attacker)))
    _add(figures, run_turn(page, _range(page)))
    if typed:
        _add(figures, _typed(page))
    else:
        _add(figures, run_turn(page, [Tap("aft-resolve", "aft-attack-result")]))
    if page.get_by_test_id("aft-hth-dp").count():
        last = [Tap("aft-hth-dp", value="9"), Tap("aft-apply-dp", "aft-attack-result")]
        _add(figures, run_turn(page, last))
        if typed:
            _add(figures, _typed(page, "50"))
    _add(figures, run_turn(page, _cuts(page)))
    if page.get_by_test_id("aft-cbt-log-entry").count() != made + 1:
        raise RuntimeError(f"the attack was not made: {_why_not(page)}")
    page.evaluate("window.scrollTo(0, 0)")
    return figures


def _knock_over(page: Any) -> TurnFigures:
    """Ana's rifle with its Missile Special Effect, typed: the D100 50 is Stopping; BDG 27 on
    her target's Mass 2 knocks him over (AFT-50), a condition on his card."""
    figures = run_turn(page, [Tap("aft-next-phase", "aft-clock"), *_acts(page, 0)])
    _add(figures, run_turn(page, _range(page)))
    options = page.get_by_test_id("aft-missile-options")
    if options.get_attribute("open") is None:
        _add(figures, run_turn(page, [Tap("aft-missile-options-on")]))
    _add(figures, run_turn(page, [Tap("aft-missile-special")]))
    _add(figures, _typed(page))
    if "Knocked Over" not in page.get_by_test_id("aft-attack-result").inner_text():
        raise RuntimeError("the knock-back left the target on his feet")
    return figures


def firefight(browser: Any, origin: str) -> list[tuple[str, str, str]]:
    """FIGHT.md "How it is measured", issue 28 item 7: three Combat Turns of a real firefight.
    Each turn Ana shoots Bo, Bo (hurt this turn: 001 line 67 applies by itself) stabs Ana, Cy
    shoots Ana with typed dice. Turn 2: Ana's rifle is empty after two shots, she reloads;
    turn 3: she changes to her revolver, then her rifle knocks Bo over (typed)."""
    context, page = _firefight_page(browser, origin)
    app, typed, plain = [], [], []
    phase = [Tap("aft-next-phase", "aft-clock")]
    for turn in range(3):
        first = [] if turn == 0 else [Tap("aft-next-turn", "aft-clock")]
        ana = [*first]
        if turn == 1:  # her card first: Reload is beside the acting fighter's gun
            ana += [*_acts(page, 0), Tap("aft-cbt-reload", "aft-cbt-loaded")]
        if turn == 2:
            ana += [*_acts(page, 0), Tap("aft-cbt-use-1", "aft-cbt-use-1")]
        shot = _attack(page, 0, ana, typed=False)
        app.append(shot)
        if turn == 0:  # her rifle's own .308, nothing set before the roll (FIGHT.md's measure)
            plain.append(shot)
        _able(page)
        app.append(_attack(page, 1, phase, typed=False))
        _able(page)
        typed.append(_attack(page, 2, phase, typed=True))
        _able(page)
    typed.append(_knock_over(page))
    context.close()
    return [
        *rows(
            "Aftermath firefight, plain attacks (a shot with the gun's own ammunition), app dice",
            plain,
        ),
        *rows("Aftermath firefight (3 Combat Turns, 3 fighters), app dice", app),
        *rows("Aftermath firefight, typed dice (Knocked Over shot included)", typed),
    ]


def figures(browser: Any, origin: str) -> list[tuple[str, str, str]]:
    context, page = _fight(browser, origin)
    missile: list[TurnFigures] = []
    hand: list[TurnFigures] = []
    for i in range(6):
        (missile if i % 2 == 0 else hand).append(_phase(page, first=i == 0, attacker=i % 2))
    _phase(page, first=False, attacker=1)  # Bo again, so that Ana's card is tapped
    typed = [_typed_phase(page) for _ in range(2)]
    context.close()
    return [
        *rows("Aftermath fight (missile), app dice", missile),
        *rows("Aftermath fight (hand-to-hand, Damage Potential typed), app dice", hand),
        *rows("Aftermath fight (missile), typed dice", typed),
        *firefight(browser, origin),  # issue 28 item 7: a real firefight, not one attack
    ]


# The click and size benches' step (tools/bench_clicks.py, tools/bench_sizes.py): this
# system's heaviest step and its size ladder, read from here by the system's key.


def _step_fight(page: Any) -> None:
    """Ana with Pistol BCS 13 against Bo, on the missile worksheet."""
    for name in ("Ana", "Bo"):
        page.click("[data-testid=aft-char-new]")
        enter(page, "aft-name", name)
        if name == "Ana":
            enter(page, "aft-skill-name", "Pistol")
            enter(page, "aft-skill-bcs", "13")
            page.click("[data-testid=aft-skill-add]")
    for field, value in (("cda", "1"), ("mass", "2")):  # Bo: values the text leaves to the user
        enter(page, f"aft-derived-{field}", value)
    _step_form(page)


def _step_form(page: Any) -> None:
    page.click("[data-testid=aftermath-tab-combat]")
    # Each shot in an Action Phase of its own: Ana's second in one phase is refused (AFT-45,
    # one shot an Action; line 557, an Action restarts on the next phase).
    page.click("[data-testid=aft-next-phase]")
    page.select_option("[data-testid=aft-cbt-attacker]", label="Ana")
    page.select_option("[data-testid=aft-cbt-target]", label="Bo")
    page.select_option("[data-testid=aft-missile-skill]", "Pistol")
    enter(page, "aft-missile-meters", "20")  # AFT-46: typed, never assumed (held afterwards)


def _ladder_add(page: Any, name: str) -> None:
    page.click("[data-testid=aftermath-tab-characters]")
    page.click("[data-testid=aft-char-new]")
    enter(page, "aft-name", name)


#: The heaviest step (tools/bench_clicks.py: click → its log entry).
HEAVIEST = HeaviestStep(
    "Aftermath missile attack", "aft-resolve", "aft-cbt-log-entry", _step_fight, _step_form
)

#: The size ladder's pieces (tools/bench_sizes.py): the form after the reload, a fighter more.
LADDER = SizeLadder(_step_form, _ladder_add, "aftermath-tab-combat", "aftermath-tab-characters")


#: The size ladder in CPython (tools/view_sizes.py): the fight in the page's own messages.
VIEW_LADDER = ViewLadder(
    lambda n: (
        ("aftermath.tab", "characters"),
        ("aftermath.char_new", "character"),
        ("aftermath.char_field", "name", f"Extra {n}"),
    ),
    (
        ("aftermath.tab", "characters"),
        ("aftermath.char_new", "character"),
        ("aftermath.char_field", "name", "Ana"),
        ("aftermath.char_draft", "skill_name", "Pistol"),
        ("aftermath.char_draft", "skill_bcs", "9"),
        ("aftermath.char_add_skill",),
        ("aftermath.char_draft", "skill_name", "Rifle"),
        ("aftermath.char_draft", "skill_bcs", "14"),
        ("aftermath.char_add_skill",),
        ("aftermath.char_draft", "weapon_name", "Hunting rifle"),
        ("aftermath.char_draft", "weapon_kind", "gun"),
        ("aftermath.char_draft", "weapon_gun", "long_gun|Rifle"),
        ("aftermath.char_draft", "weapon_ammo", "long gun:308 (7.62mm NATO)"),
        ("aftermath.char_draft", "weapon_skill", "Rifle"),
        ("aftermath.char_add_weapon",),
        ("aftermath.char_new", "character"),
        ("aftermath.char_field", "name", "Bo"),
        ("aftermath.char_field", "derived.cda", "1"),
        ("aftermath.char_field", "derived.mass", "2"),
        ("aftermath.char_field", "derived.drt", "16"),
    ),
    (
        ("aftermath.tab", "combat"),
        ("aftermath.cbt_pick", "attacker", "0"),
        ("aftermath.cbt_pick", "target", "1"),
        ("aftermath.cbt_field", "missile", "meters", "20"),  # AFT-46: typed, never assumed
    ),
    (("aftermath.cbt_resolve",),),
    ("aftermath.tab", "combat"),
    ("aftermath.tab", "characters"),
)
