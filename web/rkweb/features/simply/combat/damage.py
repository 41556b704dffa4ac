"""The damage step: Raw Damage from a weapon's table or the Master Damage Tables and a D20
(rolled by the core, or the die the GM rolled), armor by attack type, luck against injury, and
the injury effects with their checks (SIM-40 to SIM-50). The page shows the core's preview."""

from __future__ import annotations

from typing import Any

from pycore.dice import RandintSource, seeded, typed_dice
from pycore.systems.simply import fight as core
from pycore.systems.simply.damage import RawDamage, raw_from_weapon, roll_raw_from_table
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.simply.combat import state as saved
from rkweb.features.simply.words import error_line, plain, why_rules
from rkweb.kit.buttons import button

KINDS = [("other", "Melee, unarmed, other"), ("projectile", "Projectile"), ("energy", "Energy")]
SOURCES = [("table", "Master Damage Tables + D20"), ("weapon", "weapon's own table")]


def _raw(d: dict[str, str], rng: RandintSource) -> RawDamage:
    """The Raw Damage the form describes: a weapon's own value, or the core's D20 on the
    Master Damage Tables (SIM-40), from the die the GM typed when there is one."""
    if d["source"] == "weapon":
        return raw_from_weapon(saved.number(d, "raw") or 0, "weapon table")
    typed = saved.number(d, "d20", optional=True)
    source = rng if typed is None else typed_dice("1d20", str(typed), "D20 roll")
    return roll_raw_from_table(saved.number(d, "max_damage") or 1, source)


def _hit(fight: core.Combat, d: dict[str, Any], raw: RawDamage) -> tuple[core.Combat, Any]:
    """The damage form applied to its target, for the preview and for the real hit alike."""
    other = saved.number(d, "other") or 0
    return core.hit(
        fight,
        d["target"],
        raw,
        d["kind"],
        others=[("spells/powers", other)] if other else [],
        luck_spent=saved.number(d, "luck") or 0,
    )


def apply(model: Model, msg: Msg, ctx: Ctx) -> Model:
    state = saved.load(model)
    form = state["form"]
    d = form["damage"]
    raw = _raw(d, seeded(ctx.fresh_seed))
    fight, result = _hit(saved.fight_of(state), d, raw)
    state["form"] = {**form, "damage": {**d, "d20": "", "luck": "0"}}
    texts = (f"{raw}; {result}",)
    return saved.commit(model, state, fight, f"Damage to {result.name}", ctx, texts, ctx.fresh_seed)


def _preview(fight: core.Combat, d: dict[str, str]) -> str:
    """What the hit would do, once the damage is known (a weapon's value or a typed D20)."""
    if not d["target"] or (d["source"] != "weapon" and not d["d20"]):
        return ""
    try:
        raw = _raw(d, seeded("preview"))
        _, result = _hit(fight, d, raw)
    except ValueError as exc:
        return str(exc)
    return f"Preview: {raw}; {result}"


def card(model: Model, fight: core.Combat, form: dict[str, Any]) -> VNode:
    d = form["damage"]
    fields = [
        saved.form_select(form, "damage", "target", "Target", saved.who(fight)),
        saved.form_select(form, "damage", "source", "Raw damage from", SOURCES),
    ]
    if d["source"] == "weapon":
        fields.append(saved.form_field(model, form, "damage", "raw", "Raw damage (weapon table)"))
    else:
        fields.append(saved.form_field(model, form, "damage", "max_damage", "Max damage (1–100)"))
        fields.append(saved.form_field(model, form, "damage", "d20", "D20 roll (blank: roll it)"))
    fields += [
        saved.form_select(form, "damage", "kind", "Attack type (armor row)", KINDS),
        saved.form_field(model, form, "damage", "other", "Spells/powers modifier"),
        saved.form_field(model, form, "damage", "luck", "Luck spent against injury (1:1)"),
    ]
    preview = _preview(fight, d)
    return h(
        "section",
        {"class": "card", "aria-labelledby": "sc-dmg-h"},
        h("h2", {"id": "sc-dmg-h"}, "Damage"),
        h("div", {"class": "grid2"}, *fields),
        h("p", {"class": "explain", "data-testid": "sc-damage-preview"}, plain(preview)),
        why_rules(preview, "sc-damage-preview-why"),
        button("sc-apply-damage", "Apply damage", ("simply.combat_damage",), primary=True),
        error_line(model, saved.ERRORS, "damage", "sc-error-damage"),
    )
