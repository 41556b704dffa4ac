"""The active combatant's panel (FIGHT.md 2): who attacks whom and how, and the attacker's
weapons from their sheet, each with its exact chance against the chosen target (the chosen one
as the step below stands, the others as a fresh set-up from the sheet); tapping one chooses it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath import fight as core
from pycore.systems.aftermath.attack import worksheet, worksheet_forms
from pycore.systems.aftermath.conditions import lost_arms, one_arm_note
from pycore.systems.aftermath.gear import arms
from pycore.systems.aftermath.gear.weapons import weapon
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.characters.weapons import loaded_text
from rkweb.features.aftermath.combat.preview import Worked
from rkweb.features.aftermath.combat.update import CbtPick, CbtPicked, CbtReload
from rkweb.features.aftermath.state import err, fight_of, names, now_of, person, state
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip
from rkweb.kit.fields import select
from rkweb.kit.folds import fold
from rkweb.kit.odds import percent_text

MODES = (
    ("missile", "Missile (guns)"),
    ("hth", "Hand-to-hand"),
    ("thrown", "Thrown weapon (muscle-powered missile)"),
)


def _asked(exc: RuleError | None) -> str:
    """What a weapon's chip says instead of a chance: a shot's range first (AFT-46: none is
    held between the two fighters nor typed, so no chance is shown, never one at a range
    nobody gave), else that a value is asked. Short: the step below says what it waits for,
    and two guns' chips saying "waits for the range" took a row each, which put Resolve under a
    tablet's edge with three fighters; "range?" keeps them on one row."""
    if exc is not None and str(exc) == worksheet_forms.RANGE_FIRST:
        return "range?"
    return "a value is asked"


def _chance(fight: core.Fight | None, name: str, now: Worked) -> str:
    """The chance to hit with weapon ``name``: as set up now when it is the chosen one, else as
    the core sets it up when it is picked (its sheet, the fight so far between the two, this
    attack's own changes); what it waits for when the BCS cannot be had."""
    setup, found = now
    if setup is None or fight is None:
        return "choose a target"
    try:
        if name != fight.weapon:
            # Its own set-up, also while the chosen one's hit waits for a value (the rifle's
            # chip read "a value is asked" while a Bowie hit waited for its Damage Potential).
            mode, form = core.weapon_set_up(fight, name)
            found = worksheet.preview(replace(setup, mode=mode, form=dict(form)))
        if isinstance(found, RuleError | None):
            return _asked(found)
        return f"{percent_text(found.total.chance)} to hit"
    except RuleError as exc:
        return _asked(exc)


def _odds_or_empty(fight: core.Fight | None, weapon: arms.SheetWeapon, now: Worked) -> str:
    """An empty gun cannot fire (the core refuses the shot): its chip says so, not the chance
    the shot would have had loaded (a GM's play-through: "90% to hit" with 0 rounds left)."""
    if weapon.kind == "gun" and weapon.rounds == 0:
        return "empty, reload it"
    return _chance(fight, weapon.name, now)


def _weapons(
    model: Model, st: dict[str, Any], attacker: dict[str, Any] | None, now: Worked
) -> VNode | None:
    own = arms.sheet_weapons(attacker or {})
    if attacker is None or not own:
        return None
    try:
        fight: core.Fight | None = fight_of(model, st)
    except RuleError:
        fight = None
    chosen = str(st["combat"].get("weapon", ""))
    return h(
        "div",
        {"class": "quick", "role": "group", "aria-label": "Weapons on the attacker's sheet"},
        *[
            chip(
                f"aft-cbt-use-{n}",
                f"{w.name} ({w.skill or 'no skill'}): {_odds_or_empty(fight, w, now)}",
                w.name == chosen,
                CbtPicked("weapon", w.name),
            )
            for n, w in enumerate(own)
        ],
    )


def _loaded(st: dict[str, Any], attacker: dict[str, Any] | None) -> list[VNode]:
    """The chosen gun's ammunition and rounds, in view (issue 28: it hid under "More fields"),
    with Reload once rounds were fired and its full load is on the sheet (disabled until then,
    so the line keeps its height when the first shot enables it). One short line beside "By
    list…": the gun is named by its pressed chip above and the attack's heading below; the line
    and its button took two rows and pushed Resolve below a tablet's fold with three fighters
    (y 1,052 of 1,024)."""
    chosen = str(st["combat"].get("weapon", ""))
    try:
        gun = arms.find_weapon(attacker or {}, chosen) if chosen else None
    except RuleError:
        gun = None
    if gun is None or gun.kind != "gun":
        return []
    text = loaded_text(gun, st["settings"])
    shown = [h("p", {"class": "small", "data-testid": "aft-cbt-loaded"}, text)]
    if gun.capacity is not None:
        full = gun.rounds == gun.capacity
        shown.append(button("aft-cbt-reload", "Reload", CbtReload(gun.name), disabled=full))
    return shown


def _weapon_select(model: Model, st: dict[str, Any]) -> list[VNode | None]:
    """The attacker's own weapons: choosing one fills the attack from their sheet (the skill and
    its BCS by name, the gun and its Range Table row); what it still waits for, in words."""
    _, attacker = person(st, "attacker")
    own = arms.sheet_weapons(attacker or {})
    chosen = str(st["combat"].get("weapon", ""))
    options = [("", "— none: fill the attack by hand —" if own else "— no weapons on the sheet —")]
    options += [(w.name, f"{w.name} ({w.what}, skill {w.skill or 'not chosen'})") for w in own]
    waits: tuple[str, ...] = ()
    if chosen and attacker is not None:
        try:
            waits = arms.attack_setup(attacker, chosen).waits_for
        except RuleError as exc:
            waits = (str(exc),)
    return [
        select(
            "aft-cbt-weapon",
            "Weapon",
            chosen,
            options,
            CbtPick("weapon"),
            error=err(model, "cbt.weapon"),
        ),
        h(
            "ul",
            {"class": "muted small", "data-testid": "aft-cbt-weapon-waits"},
            *[h("li", {}, f"Asked: {w}") for w in waits],
        )
        if waits
        else None,
    ]


def _one_arm(st: dict[str, Any], attacker: dict[str, Any] | None) -> VNode | None:
    """A severed arm on the attacker (AFT-26), said beside their weapons: the text gives no BCS
    change for a lost limb (none is made); the chosen weapon's HAND as printed, theirs to judge."""
    if attacker is None:
        return None
    lost = lost_arms(list(attacker.get("conditions", [])), now_of(st))
    if not lost:
        return None
    chosen = str(st["combat"].get("weapon", ""))
    hand = None
    try:
        held = arms.find_weapon(attacker, chosen) if chosen else None
        hand = weapon(held.listed).hand if held is not None and held.listed else None
    except RuleError:
        pass  # a weapon not on the Weapons Listing: no HAND to show
    name = str(attacker.get("name", ""))
    note = one_arm_note(name, lost, chosen, hand)
    return h("p", {"class": "small", "data-testid": "aft-cbt-one-arm"}, note)


def panel(model: Model, now: Worked) -> VNode:
    st = state(model)
    combat = st["combat"]
    _, attacker = person(st, "attacker")
    people = [(str(i), n) for i, n in enumerate(names(st))] or [
        ("0", "— create characters first —")
    ]
    weapon, waits = _weapon_select(model, st)
    chips = _weapons(model, st, attacker, now)

    def lists() -> VNode:  # drawn once its fold is opened (issue 33: 84 nodes at 30 fighters)
        return h(
            "div",
            {"class": "grid4"},
            select(
                "aft-cbt-attacker",
                "Attacker",
                str(combat["attacker"]),
                people,
                CbtPick("attacker"),
            ),
            select(
                "aft-cbt-target",
                "Target",
                str(combat["target"]),
                people,
                CbtPick("target"),
            ),
            weapon,
            select("aft-cbt-mode", "Attack", str(combat["mode"]), MODES, CbtPick("mode")),
        )

    return h(
        "section",
        {"class": "card active-panel", "aria-label": "The attacker", "data-testid": "aft-active"},
        chips,
        _one_arm(st, attacker),
        # One line: the gun's load, its Reload, and "By list…" (open while there is no weapon
        # chip to tap: the attack is then chosen by list).
        h(
            "div",
            {"class": "row between loaded-row"},
            *_loaded(st, attacker),
            fold(
                "aft-cbt-lists",
                "By list…",
                lists,
                key=f"aft-cbt-lists-{bool(chips)}",
                default=not chips,
                attrs={"class": "more", "data-key": f"lists-{bool(chips)}"},
            ),
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "aft-cbt-reload-error"},
            err(model, "cbt.reload"),
        ),
        waits,
    )
