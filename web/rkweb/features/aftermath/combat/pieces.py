"""The fields every attack form shares: the attacker's skill and base BCS, the target's
movement, damage taken, encumbrance, distractions, whether the attack cuts, where it comes from
(hit location modifier and the side for a split), and the option chips."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pycore.systems.aftermath.attack.locations import DIRECTIONS
from pycore.systems.aftermath.attack.situation import missile_choices
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.combat.update import CbtField, CbtToggle, CbtUnpress
from rkweb.features.aftermath.state import err
from rkweb.kit.chips import chip, chip_label, chips
from rkweb.kit.fields import number, select
from rkweb.kit.folds import fold

TARGET_MOVES = (
    # Short enough for a quarter of a tablet's width; still also covers a fighter in
    # combat or on a Combat Move (AFT-10).
    ("stationary", "Still ×1"),
    ("walking", "Walking ×2"),
    ("running", "Running ×3"),
    ("falling", "Falling ×3"),
)
ENCUMBRANCE = (("0", "Unencumbered (0)"), ("-1", "Partially (−1)"), ("-2", "Fully (−2)"))


#: What each form's fold holds, said on it (a knife's fold holds no ammunition).
MORE = {
    "missile": "More fields (ammunition, cover, hit location…)",
    "hth": "More fields (target's hex, hit location…)",
    "thrown": "More fields (damage taken, hit location…)",
}


def send(mode: str, key: str) -> CbtField:
    """A field of ``mode``'s attack form (its value is what is typed)."""
    return CbtField(mode, key)


def _skills(sheet: dict[str, Any] | None) -> list[tuple[str, str]]:
    return [("", "— enter the BCS below —")] + [
        (s["name"], f"{s['name']} (BCS {s['bcs']})") for s in (sheet or {}).get("skills", [])
    ]


def attacker_fields(
    model: Model, mode: str, form: dict[str, Any], attacker: dict[str, Any] | None
) -> list[VNode]:
    """The attacker's skill (which fills the BCS from their sheet) and the base BCS."""
    return [
        select(
            f"aft-{mode}-skill",
            "Attacker's skill",
            form["skill"],
            _skills(attacker),
            send(mode, "skill"),
        ),
        number(
            f"aft-{mode}-bcs",
            "Base BCS",
            form["bcs"],
            send(mode, "bcs"),
            error=err(model, "cbt.bcs"),
        ),
    ]


def direction_fields(model: Model, mode: str, form: dict[str, Any], body: str) -> list[VNode]:
    """Where the attack comes from: the hit location modifier of the target's body, and the
    side, which splits a double location (the near side is the user's: its figure is missing)."""
    directions = [("", "Level (no modifier)")] + [
        (d, f"From {d}") for d in DIRECTIONS.get(body, ())
    ]
    return [
        select(
            f"aft-{mode}-direction",
            f"Hit location modifier ({body})",
            form["direction"],
            directions,
            send(mode, "direction"),
        ),
        select(
            f"aft-{mode}-from",
            "Attack from (for splitting a double location)",
            form["attack_from"],
            [("front", "Front"), ("rear", "Rear"), ("side", "Side")],
            send(mode, "attack_from"),
        ),
        number(
            f"aft-{mode}-near",
            "Side attacks: the location on the near side",
            form["near_side"],
            send(mode, "near_side"),
            error=err(model, "cbt.near_side"),
        ),
    ]


def target_movement(mode: str, form: dict[str, Any]) -> VNode:
    """The target's movement multiplies its CDA (missiles and thrown weapons)."""
    return select(
        f"aft-{mode}-action",
        "Target's movement",
        form["target_action"],
        TARGET_MOVES,
        send(mode, "target_action"),
    )


def damage_taken(model: Model, mode: str, form: dict[str, Any], who: str) -> VNode:
    return number(
        f"aft-{mode}-damaged",
        f"Damage the {who} took this Combat Turn",
        form["damage_taken"],
        send(mode, "damage_taken"),
        error=err(model, "cbt.damage_taken"),
    )


def encumbrance(mode: str, form: dict[str, Any]) -> VNode:
    return select(
        f"aft-{mode}-enc",
        "Encumbrance (the sheet's, once its ENC CAP is entered)",
        str(form["encumbrance"]),
        ENCUMBRANCE,
        send(mode, "encumbrance"),
    )


def distractions(model: Model, mode: str, form: dict[str, Any]) -> VNode:
    return number(
        f"aft-{mode}-distractions",
        "Distractions suffered (count; BCS each in Settings)",
        form["distractions"],
        send(mode, "distractions"),
        error=err(model, "cbt.distractions"),
    )


def cuts(mode: str, form: dict[str, Any], default: str) -> VNode:
    """Whether the attack cuts (Sever) or breaks the bone: a hand weapon by its damage letter
    unless the user says; a bullet is asked when a Sever is possible."""
    return select(
        f"aft-{mode}-cuts",
        "Does it cut? (Sever or broken bone)",
        form["cuts"],
        [("", default), ("yes", "Yes"), ("no", "No")],
        send(mode, "cuts"),
    )


def flag(mode: str, tail: str, label: str, form: dict[str, Any], key: str) -> VNode:
    """An attack option toggled on the form, pressed when on."""
    return chip(f"aft-{mode}-{tail}", label, bool(form[key]), CbtToggle(mode, key))


def _damaged(mode: str, label: str, form: dict[str, Any]) -> VNode:
    """001 line 67 is no chip to press: the fight applies it from the damage taken this Combat
    Turn (its record, or the figure under More fields), so it shows applied, with its source,
    and cannot be pressed again (issue 28: pressing it looked like a second −7)."""
    taken = int(form["damage_taken"] or 0)
    source = str(form["damage_source"]) or "typed under More fields"
    note = f"Applied by the fight: {source}" if taken else "No damage taken this Combat Turn"
    return chip(f"aft-{mode}-sit-damaged", label, bool(taken), None, note, disabled=True)


def missile_situations(mode: str, form: dict[str, Any]) -> list[VNode]:
    """The missile situation modifiers as chips, for guns and muscle-powered missiles alike.
    "Newly acquired target" is pressed as the fight derives it (AFT-09: another target than
    the shooter's last), with its source; the GM may change it for this attack."""
    out = []
    for key, label in missile_choices():
        if key == "damaged":
            out.append(_damaged(mode, label, form))
            continue
        fresh = key == "new_target"
        pressed = key in form["situations"] or (fresh and bool(form.get("new_target")))
        msg = CbtToggle(mode, f"sit:{key}")
        note = str(form.get("target_source", "")) if fresh else ""
        out.append(chip(f"aft-{mode}-sit-{key}", label, pressed, msg, note))
    return out


def special_effect_flag(mode: str, form: dict[str, Any]) -> VNode:
    # AFT-M16: the text never says when a Missile Special Effect occurs: the GM says whether.
    return flag(
        mode,
        "special",
        "Roll for a Missile Special Effect (your call)",
        form,
        "special_effect",
    )


def critical_flags(mode: str, form: dict[str, Any], settings: dict[str, Any]) -> list[VNode]:
    """Critical hit and miss as the user calls them, since the text gives no rule for when
    (AFT-04); once the campaign sets a rule the roll decides, and the chips give way to it."""
    hit, miss = str(settings["critical_hit_rule"]), str(settings["critical_miss_rule"])
    return [
        h(
            "p",
            {"class": "muted", "data-testid": f"aft-{mode}-crit-rule"},
            f"Critical hit on a roll of {hit} or less (Settings).",
        )
        if hit
        else flag(mode, "crit", "Critical hit (your call)", form, "critical_hit"),
        h(
            "p",
            {"class": "muted", "data-testid": f"aft-{mode}-fumble-rule"},
            f"Critical miss on a roll of {miss} or more (Settings).",
        )
        if miss
        else flag(mode, "fumble", "Critical miss (your call)", form, "critical_miss"),
    ]


WOUNDS = (
    ("", "From the sheet (damage ÷ DRT)"),
    ("none", "Not over 50% wounded"),
    ("over_50", "Over 50% wounded (−2)"),
    ("over_75", "Over 75% wounded (−4)"),
)


def wound_level(mode: str, form: dict[str, Any]) -> VNode:
    """The attacker's wounds in hand-to-hand: their sheet's, unless the user says otherwise."""
    return select(
        f"aft-{mode}-wounds",
        "Attacker's wounds",
        form["wound_level"],
        WOUNDS,
        send(mode, "wound_level"),
    )


def _pressed(items: list[VNode]) -> list[str]:
    return [
        chip_label(c) for c in items if isinstance(c, VNode) and c.attr("aria-pressed") == "true"
    ]


def layout(
    mode: str,
    first: list[VNode],
    more: Callable[[], list[VNode]],
    groups: list[tuple[str, list[VNode]]],
) -> list[VNode]:
    """An attack form as the step shows it (FIGHT.md 3): the fields most attacks change in
    view, the rarer ones one tap away (built only once opened: issue 33, the missile's were 245
    of the tab's 569 nodes, drawn at each tap though closed), and the modifier chips behind a
    summary that names every pressed one (with "Clear" for the situations)."""
    on = [label for _, items in groups for label in _pressed(items)]
    return [
        h("div", {"class": "grid4"}, *first),
        h(
            "div",
            {"class": "step-more"},
            fold(
                f"aft-{mode}-more",
                MORE.get(mode, "More fields"),
                lambda: h("div", {"class": "grid3"}, *more()),
                attrs={"class": "more", "data-key": f"{mode}-more"},
            ),
            h(
                "details",
                {"class": "more", "data-testid": f"aft-{mode}-options", "data-key": f"{mode}-opt"},
                h(
                    "summary",
                    {"data-testid": f"aft-{mode}-options-on"},
                    "Modifiers: " + (", ".join(on) if on else "none pressed"),
                ),
                *[
                    chips(
                        label,
                        items,
                        f"aft-{mode}-{'sits' if n == 0 else 'flags'}",
                        clear=CbtUnpress(mode) if n == 0 else None,
                    )
                    for n, (label, items) in enumerate(groups)
                ],
            ),
        ),
    ]
