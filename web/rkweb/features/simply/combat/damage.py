"""The damage step: Raw Damage from the weapon's own table or the Master Damage Tables and a D20
("Roll for me" or the die rolled at the table), armor by attack type, luck against injury once the
damage is seen (SIM-43), then Apply: the injury and its effects with their checks (SIM-40 to
SIM-50). What the hit would do is shown before it is applied, where the roll was made."""

from __future__ import annotations

from typing import Any

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.figures import figure
from pycore.systems.simply import fight as core
from pycore.systems.simply.damage import (
    RawDamage,
    raw_from_table,
    raw_from_weapon,
    roll_raw_from_table,
)
from rkweb.app.messages import Message
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.simply.combat import state as saved
from rkweb.features.simply.combat.fields import Form, form_field, form_select, who
from rkweb.features.simply.words import error_line
from rkweb.kit.buttons import button
from rkweb.kit.dice_entry import dice_entry
from rkweb.kit.fields import error_of

KINDS = [("other", "Melee, unarmed, other"), ("projectile", "Projectile"), ("energy", "Energy")]
SOURCES = [("table", "Master Damage Tables + D20"), ("weapon", "weapon's own table")]


def _raw(d: dict[str, str]) -> RawDamage:
    """The Raw Damage the form describes: a weapon's own value, or the Master Damage Tables at
    the D20 rolled (SIM-40)."""
    if d["source"] == "weapon":
        return raw_from_weapon(saved.number(d, "raw") or 0, "weapon table")
    return raw_from_table(saved.number(d, "max_damage") or 1, saved.number(d, "d20") or 1)


def _hit(fight: core.Combat, d: dict[str, Any], raw: RawDamage) -> tuple[core.Combat, Any]:
    """The damage form applied to its target, for the preview and for the real hit alike: the
    damage of the hit rolled (applied once, the core sees to it), or damage the GM applies with
    no attack roll."""
    other = saved.number(d, "other") or 0
    return core.hit(
        fight,
        d["target"],
        raw,
        d["kind"],
        others=[("spells/powers", other)] if other else [],
        luck_spent=saved.number(d, "luck") or 0,
        attack=None if fight.due is None else fight.due.serial,
    )


class DamageRoll(Message, action="simply.combat_damage_roll"):
    """Roll the damage's D20 for me (shown in the step, applied by Apply)."""


class Damage(Message, action="simply.combat_damage"):
    """Apply the damage rolled or typed."""


def roll(model: Model, msg: DamageRoll, ctx: Ctx) -> Model:
    """ "Roll for me": the core rolls the D20 on the Master Damage Tables; the die is shown in
    the step, to be applied (with luck against injury if wanted) by Apply."""
    state = saved.load(model)
    d = state["form"]["damage"]
    raw = roll_raw_from_table(saved.number(d, "max_damage") or 1, seeded(ctx.fresh_seed))
    rolled = saved.with_set(model, state, "damage", {"d20": str(raw.roll), "seed": ctx.fresh_seed})
    return saved.keep_typed(model, rolled)  # the roll waits for Apply: no undo step yet


def apply(model: Model, msg: Damage, ctx: Ctx) -> Model:
    state = saved.load(model)
    form = state["form"]
    d = form["damage"]
    if not _known(d):  # applied already (the step is set up afresh), or nothing rolled yet
        raise RuleError("no damage to apply: choose the target and roll or type the damage")
    raw = _raw(d)
    fight, hit = _hit(saved.fight_of(model, state), d, raw)
    shown = {
        "verdict": f"{hit.name}: HP {figure(hit.damage.hp_after)}",
        "number": "",
        "text": str(hit),
        # The target's checks still queued that the hit made moot (a knockout, a death): said
        # in the checks card, where they were (checks.py).
        **({"dropped": hit.dropped_words} if hit.dropped else {}),
    }
    shown["number"] = f"injury {hit.damage.injury} (raw {raw.value})"
    state = {**state, "result": {"damage": shown}}
    label = f"Damage to {hit.name}"
    seed = d.get("seed", "")
    return saved.commit(model, state, fight, label, ctx, (hit,), seed, ended="damage")


def _known(d: dict[str, str]) -> bool:
    """The damage is known: its target, and the weapon's value or the Max Dmg and the D20.
    Applied, the step is set up afresh (empty), so Apply goes until there is damage to apply
    again."""
    table = bool(d["max_damage"]) and bool(d["d20"])
    return bool(d["target"]) and bool(d["raw"] if d["source"] == "weapon" else table)


def _preview(fight: core.Combat, d: dict[str, str]) -> str:
    """What the hit would do, once the damage is known (a weapon's value or the D20)."""
    if not _known(d):
        return ""
    try:
        _, hit = _hit(fight, d, _raw(d))
    except ValueError as exc:
        return str(exc)
    return f"Preview: {hit.step.text}"


def _title(fight: core.Combat, d: dict[str, str]) -> str:
    """The damage as set up, in one line."""
    try:
        target = fight.get(d["target"]).name if d["target"] else "no target"
    except ValueError:
        target = "no target"
    if d["source"] == "weapon":
        return f"Damage to {target}: the weapon's own table"
    return f"Damage to {target}: Max Dmg {d['max_damage'] or '?'}"


def _adjust(model: Model, fight: core.Combat, form: dict[str, Any], open_: bool) -> VNode:
    """The damage's set-up: closed after a hit (it comes from the sheets), open for damage the
    GM applies without an attack roll."""
    d = form["damage"]
    fields = [
        form_select(form, "damage", "target", "Target", who(fight)),
        form_select(form, "damage", "source", "Raw damage from", SOURCES),
    ]
    if d["source"] == "weapon":
        fields.append(form_field(model, form, "damage", "raw", "Raw damage (weapon table)"))
    else:
        fields.append(form_field(model, form, "damage", "max_damage", "Max damage (1–100)"))
    fields += [
        form_select(form, "damage", "kind", "Attack type (armor row)", KINDS),
        form_field(model, form, "damage", "other", "Spells/powers modifier"),
    ]
    return h(
        "details",
        {"class": "adjust", "data-testid": "sc-damage-adjust", "open": open_},
        h("summary", {}, "Change the damage: target, source, Max Dmg, armor, spells"),
        h("div", {"class": "grid3"}, *fields),
    )


def card(
    model: Model, fight: core.Combat, state: dict[str, Any], attack_outcome: VNode | None = None
) -> VNode:
    """The damage step; after a hit it comes first, under the attack's result. Luck against
    injury is decided once the damage is seen, beside Apply (SIM-43)."""
    form = state["form"]
    d = form["damage"]
    entry = dice_entry(
        "sc-damage-die",
        "1D20",
        roll=DamageRoll(),
        typed=Form("damage", "d20"),
        typed_value=d["d20"],
        error=error_of(model, saved.ERRORS, "damage.d20"),
        label="Roll damage for me",
    )
    preview = _preview(fight, d)
    return h(
        "section",
        {"class": "card step", "aria-labelledby": "sc-dmg-h", "data-testid": "sc-damage-step"},
        h("h2", {"id": "sc-dmg-h"}, _title(fight, d)),
        attack_outcome,
        # What the hit would do, and Apply with it, sit above the dice: once the die is in,
        # the next tap is Apply, in view at 768x1024 (issue 26: it had slid to y 1026).
        h("p", {"class": "explain", "data-testid": "sc-damage-preview"}, preview),
        h(
            "div",
            {"class": "row apply-row"},
            form_field(model, form, "damage", "luck", "Luck spent against injury (1:1)"),
            button("sc-apply-damage", "Apply damage", Damage(), primary=True),
        )
        if _known(d)
        else None,
        entry if d["source"] != "weapon" else None,
        error_line(model, saved.ERRORS, "damage", "sc-error-damage"),
        _adjust(model, fight, form, d["source"] == "weapon" or attack_outcome is None),
    )


def without_attack(model: Model, fight: core.Combat, state: dict[str, Any]) -> VNode:
    """Damage with no attack roll (a fall, a trap, the GM's call), folded: opened on purpose.
    No hit awaits its damage, so nothing here is an attack's (issue 26: after a miss the step
    stayed live and a GM applied damage for the missed attack; SIM-39: a miss deals none).
    Keyed by the attack count, so each attack's result starts with the fold closed."""
    return h(
        "details",
        {
            "class": "adjust free-damage",
            "data-testid": "sc-free-damage",
            "data-key": f"free-damage-{fight.turn}-{fight.attacks}",
        },
        h("summary", {}, "Damage without an attack (a fall, a trap, the GM's call)"),
        card(model, fight, state),
    )
