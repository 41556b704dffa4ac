"""The combat tab's attack cards: the attack set up from the two sheets, the step it waits on
(the body part nobody has named yet), its result with the rules under "Why", and poisons.
Every field's bounds and every rule are the core's (:mod:`pycore.systems.percentile.fight.attack`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pycore.errors import RulekeeperError
from pycore.systems.percentile import fight as F
from pycore.systems.percentile.damage import ORGAN_SYSTEMS
from pycore.systems.percentile.fight import setup as FS
from pycore.systems.percentile.fight import tohit as TH
from pycore.systems.percentile.fight.setup import ATTACK_NUMBERS
from pycore.systems.percentile.roster import CATEGORIES
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import state as S
from rkweb.kit.buttons import button
from rkweb.kit.fields import error_of, field, number, select
from rkweb.kit.results import card, why

LOCATIONS = (("specify", "specified by the GM"), ("roll", "rolled on Table #3-3.4"))


def _num(model: Model, a: dict[str, Any], key: str, prefix: str = "percentile-attack") -> VNode:
    return number(
        f"{prefix}-{key}",
        ATTACK_NUMBERS[key][0],
        a.get(key, ""),
        ("percentile.attack_field", key),
        error=error_of(model, S.FEATURE, f"attack-{key}"),
    )


def range_entry(model: Model, fight: F.Fight, form: dict[str, Any], prefix: str) -> VNode:
    """The range between the attacker and the target: the fight's, kept for these two until
    changed (PCT-05), shown in each attack between them."""
    attacker, target = (
        fight.fighter(str(form.get("attacker"))),
        fight.fighter(str(form.get("target"))),
    )
    label = (
        f"Range from {attacker.name} to {target.name} (m)"
        if attacker and target
        else ATTACK_NUMBERS["range_m"][0]
    )
    return number(
        f"{prefix}-range_m",
        label,
        FS.shown(fight, {str(k): str(v) for k, v in form.items()})["range_m"],
        ("percentile.attack_field", "range_m"),
        error=error_of(model, S.FEATURE, "attack-range_m"),
    )


def _reading(testid: str, read: Callable[[], str | None]) -> VNode | None:
    """A line the GM reads beside the to-hit entries (the core's), or its refusal in words."""
    try:
        text = read()
    except RulekeeperError as exc:
        text = str(exc)
    return h("p", {"class": "explain", "data-testid": testid}, text) if text else None


def to_hit_entries(
    model: Model,
    st: dict[str, Any],
    fight: F.Fight,
    prefix: str = "percentile-attack",
    *,
    asked_only: bool = False,
) -> list[VNode | None]:
    """The to-hit step's entries (the attack card's, or the round card's with its own ``prefix``):
    the attacker's skill to read Table #3-1 with, then the Percent to Hit (d2, d3), the Percent
    Against with the adversity (d3) and how the Percent Against will be found. ``asked_only``:
    nothing when the step asks for no number (d1, a grenade: the weapon's chip names the skill)."""
    a = st["combat"].get("attack", {})
    form = {str(k): str(v) for k, v in a.items()}
    asks = TH.to_hit_asks(fight, form)
    if asked_only and not asks:
        return []
    fields = [_num(model, a, key, prefix) for key in asks if key in ATTACK_NUMBERS]
    if "adversity_conditions" in asks:
        fields.append(
            field(
                f"{prefix}-adversity_conditions",
                "Adversity conditions present (Tables 7.0-7.4, comma-separated)",
                a.get("adversity_conditions", ""),
                ("percentile.attack_field", "adversity_conditions"),
                error=error_of(model, S.FEATURE, "attack-adversity_conditions"),
            )
        )
    return [
        _reading(f"{prefix}-skill", lambda: TH.skill_reading(fight, form)),
        h("div", {"class": "grid2"}, *fields) if fields else None,
        _reading(f"{prefix}-against", lambda: TH.against_reading(fight, form)),
    ]


def _procedure_fields(model: Model, fight: F.Fight, a: dict[str, Any]) -> list[VNode]:
    s = fight.settings
    extra: list[VNode] = []
    if s.damage == "3":
        extra.append(_num(model, a, "table_3_3_damage"))
    if s.damage == "1":
        extra.append(_num(model, a, "damage_percentage"))
    if s.organ_damage:
        extra += [_num(model, a, f"m_{o}") for o in ORGAN_SYSTEMS]
    return extra


def _choosers(fight: F.Fight, a: dict[str, Any]) -> list[VNode]:
    people = [("", "— choose —"), *[(c.id, c.name) for c in fight.fighters]]
    attacker = fight.fighter(str(a.get("attacker", "")))
    target = fight.fighter(str(a.get("target", "")))
    kinds = dict(CATEGORIES)
    weapons = (
        [
            (str(i), f"{w.name} ({kinds.get(w.category, w.category)})")
            for i, w in enumerate(attacker.weapons)
        ]
        if attacker
        else []
    )
    parts = [(p.name, f"{p.name} ({p.points} points)") for p in target.parts] if target else []
    return [
        select(
            "percentile-attack-attacker",
            "Attacker",
            str(a.get("attacker", "")),
            people,
            ("percentile.attack_field", "attacker"),
        ),
        select(
            "percentile-attack-weapon",
            "Weapon",
            str(a.get("weapon", "0")),
            weapons or [("", "— no weapons —")],
            ("percentile.attack_field", "weapon"),
        ),
        select(
            "percentile-attack-target",
            "Target",
            str(a.get("target", "")),
            people,
            ("percentile.attack_field", "target"),
        ),
        select(
            "percentile-attack-part",
            "Body part (GM's or the attacker's choice)",
            str(a.get("part", "")),
            [("", "— not chosen —" if parts else "— no body parts —"), *parts],
            ("percentile.attack_field", "part"),
        ),
        select(
            "percentile-attack-location",
            "Location",
            str(a.get("location", "specify")),
            LOCATIONS,
            ("percentile.attack_field", "location"),
        ),
    ]


def attack_view(model: Model, st: dict[str, Any], fight: F.Fight) -> VNode:
    s = fight.settings
    a = st["combat"].get("attack", {})
    return card(
        "pct-attack-h",
        f"5. Attack. To hit: {S.procedure(s.to_hit)}. Damage: {S.procedure(s.damage)}",
        h(
            "div",
            {"class": "grid2"},
            *_choosers(fight, a),
            range_entry(model, fight, a, "percentile-attack"),
            *[_num(model, a, k) for k in ("ap_cost", "max_throw_m")],
        ),
        *to_hit_entries(model, st, fight),
        h("div", {"class": "grid2"}, *_procedure_fields(model, fight, a)),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-attack-error"},
            error_of(model, S.FEATURE, "attack"),
        ),
        button(
            "percentile-attack-resolve",
            "Roll the attack",
            ("percentile.attack_resolve",),
            primary=True,
            disabled=fight.pending is not None,
        ),
        h(
            "p",
            {"class": "notice", "data-testid": "percentile-attack-pending"},
            "An attack is under way: finish it in the round card at the top.",
        )
        if fight.pending
        else None,
        h(
            "ol",
            {"class": "explain", "data-testid": "percentile-attack-result", "aria-live": "polite"},
            *[h("li", {}, line) for line in fight.last],
        ),
        why(list(fight.last_why)),
        S.roll_entry(
            model,
            "percentile-severity-roll",
            "1:100sd",
            "severity_roll",
            f"Severity roll on {fight.last_severity} (for a wound left untreated for an extended period)",
        )
        if fight.last_severity
        else None,
    )


def poison_view(model: Model, st: dict[str, Any], fight: F.Fight) -> VNode:
    p = st["combat"].get("poison", {})
    target = fight.fighter(str(p.get("target", "")))
    parts = [(x.name, x.name) for x in target.parts] if target else []
    systems = [
        select(
            f"percentile-poison-{o}",
            f"Acts on {o.replace('_', '-')}",
            "on" if p.get(o) == "on" else "off",
            [("off", "no"), ("on", "yes")],
            ("percentile.poison_field", o),
        )
        for o in ORGAN_SYSTEMS
    ]
    return card(
        "pct-poison-h",
        "Poisons and drugs",
        h(
            "p",
            {"class": "muted small"},
            "A poison acts on the organ systems the GM chooses; its Table #3-3 points feed the organ "
            "damage only, never the damage record. Multipliers come from Table #3-3.1 on the GM "
            "page, or the attack's organ fields (organ damage on in the settings).",
        ),
        why(["Poisons and drugs (PCT-54, line 161); organ multipliers (PCT-52, line 158)"]),
        h(
            "div",
            {"class": "grid2"},
            field(
                "percentile-poison-name",
                "Poison or drug",
                p.get("name", ""),
                ("percentile.poison_field", "name"),
            ),
            select(
                "percentile-poison-target",
                "Target",
                str(p.get("target", "")),
                [("", "— choose —"), *[(c.id, c.name) for c in fight.fighters]],
                ("percentile.poison_field", "target"),
            ),
            select(
                "percentile-poison-part",
                "Site (body part)",
                str(p.get("part", "")),
                [("", "— choose —" if parts else "— no body parts —"), *parts],
                ("percentile.poison_field", "part"),
            ),
            number(
                "percentile-poison-wep_mod",
                "WEP MOD (GM)",
                p.get("wep_mod", ""),
                ("percentile.poison_field", "wep_mod"),
            ),
            number(
                "percentile-poison-poison_damage",
                ATTACK_NUMBERS["poison_damage"][0],
                p.get("poison_damage", ""),
                ("percentile.poison_field", "poison_damage"),
                error=error_of(model, S.FEATURE, "attack-poison_damage"),
            ),
            *systems,
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-poison-error"},
            error_of(model, S.FEATURE, "poison"),
        ),
        button("percentile-poison-apply", "Work out the organ damage", ("percentile.poison",)),
    )
