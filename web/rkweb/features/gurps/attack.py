"""The GURPS attack worksheet: the effective skill line by line with the exact chance to hit
and to land past the defender's best allowed defense; the attack roll; the defense the defender
picks (allowed ones only, each with its exact chance); the damage roll; the injury with every
step; the defender's HP. Each stage is an undoable step in the log."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pycore.dice import RandintSource, seeded
from pycore.errors import RuleError
from pycore.systems.gurps import (
    attack_modifiers,
    defense_chance,
    hit_chance,
    landing_chance,
    location_keys,
    maneuver,
    maneuver_names,
    posture_names,
    roll_attack,
    roll_damage,
    roll_defense,
    strong_bonus,
    with_bonus,
)
from pycore.systems.gurps.worksheet import (
    AttackSetup,
    attack_line,
    best_defense,
    defense_options,
    half_range,
    resolve_injury,
)
from pycore.validate import exact
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.gurps.page import (
    button,
    commit,
    error_text,
    find,
    log_view,
    put,
    select,
    state_of,
)
from rkweb.kit.numbers import odds_text

#: Rows set elsewhere on the worksheet (the maneuver, Aim) are not offered as toggles.
_OWN_FIELDS = {
    "move_and_attack",
    "aoa_determined_melee",
    "aoa_ranged",
    "aim",
    "braced",
    "extra_aim_2",
    "extra_aim_3",
    "scope",
}
NUMBERS = {
    "yards": ("Range (yards)", 0, 100_000),
    "target_speed": ("Target speed (yards/second)", 0, 10_000),
    "size": ("Target's longest dimension (yards; blank: human)", 0, 100_000),
    "aim_seconds": ("Seconds of Aim", 0, 60),
    "scope_max": ("Scope's maximum bonus", 0, 20),
    "extra": ("Other modifier (GM)", -50, 50),
}
DEFAULTS: dict[str, Any] = {
    "attacker": "",
    "defender": "",
    "location": "torso",
    "yards": "0",
    "target_speed": "0",
    "size": "",
    "aim_seconds": "0",
    "braced": "",
    "scope_max": "0",
    "grappling": "",
    "from_behind": "",
    "shield_side": "yes",
    "extra": "0",
    "keys": {},
}


def _form(state: dict[str, Any]) -> dict[str, Any]:
    return {**DEFAULTS, **state["attack"]}


def _num(form: dict[str, Any], field: str, *, optional: bool = False) -> Fraction | None:
    label, low, high = NUMBERS[field]
    raw = str(form.get(field, "")).strip()
    if not raw and optional:
        return None
    # As typed, never a binary float: "1/3" yd is the 1 ft row (STYLE 18, issue 15).
    return exact(raw or "0", label, low, high)


def setup_of(form: dict[str, Any]) -> AttackSetup:
    keys: list[tuple[str, int | None]] = []
    for key, amount in dict(form.get("keys", {})).items():
        if amount in ("", None):
            continue
        keys.append((key, None if amount == "on" else int(amount)))
    size = _num(form, "size", optional=True)
    return AttackSetup(
        location=str(form["location"]),
        yards=_num(form, "yards") or 0,
        target_speed=_num(form, "target_speed") or 0,
        target_size_yards=size,
        aim_seconds=int(_num(form, "aim_seconds") or 0),
        braced=bool(form["braced"]),
        scope_max=int(_num(form, "scope_max") or 0),
        grappling=bool(form["grappling"]),
        table_keys=tuple(keys),
        extra=int(_num(form, "extra") or 0),
        from_behind=bool(form["from_behind"]),
        shield_side=bool(form["shield_side"]),
    )


def _set(model: Model, field: str, value: str) -> Model:
    state = state_of(model)
    form = _form(state)
    if field.startswith("key:"):
        keys = dict(form["keys"])
        keys[field[4:]] = value
        form["keys"] = keys
    elif field in DEFAULTS:
        form[field] = value
    else:
        return model
    state["attack"] = form
    errors = dict(model.ui.get("gurps_errors", {}))
    errors.pop(f"attack.{field}", None)
    if field in NUMBERS and value.strip():
        try:
            _num(form, field)
        except RuleError as exc:
            errors[f"attack.{field}"] = str(exc)
    from dataclasses import replace

    history = model.history.set_quietly("gurps", state)
    return replace(model, history=history, ui={**model.ui, "gurps_errors": errors})


def _parties(state: dict[str, Any]) -> tuple[Any, Any, AttackSetup]:
    form = _form(state)
    attacker = find(state, str(form["attacker"]))
    defender = find(state, str(form["defender"]))
    return attacker, defender, setup_of(form)


def _attack(model: Model, ctx: Ctx, *, full: bool) -> Model:
    state = state_of(model)
    attacker, defender, setup = _parties(state)
    rng = seeded(ctx.fresh_seed)
    line = attack_line(attacker, defender, setup)
    rolled = roll_attack(line.total, rng)
    where = setup.location.replace("_", " ")
    texts = [f"{attacker.name} attacks {defender.name} ({where}): {line}; {rolled}"]
    result = rolled.result
    if not result.hit:
        state["pending"] = None
        return commit(model, state, "Attack (miss)", ctx, *texts, seed=ctx.fresh_seed)
    options = defense_options(attacker, defender, setup)
    state["pending"] = {
        "stage": "damage",
        "maximum": result.max_damage,
        "critical": result.critical,
    }
    if not result.critical and options:
        state["pending"]["stage"] = "defense"
        if full:  # one click: the defender uses his best defense
            kind, best = best_defense(options) or options[0]
            defended = roll_defense(best.total, rng)
            texts.append(f"{defender.name} {kind}s: {best}; {defended}")
            if defended.result.success:
                state["pending"] = None
                return commit(model, state, "Attack (defended)", ctx, *texts, seed=ctx.fresh_seed)
            state["pending"]["stage"] = "damage"
    if full:
        return _damage(model, state, ctx, rng, texts)
    return commit(model, state, "Attack roll", ctx, *texts, seed=ctx.fresh_seed)


def _defend(model: Model, ctx: Ctx, kind: str) -> Model:
    state = state_of(model)
    pending = state["pending"]
    if not pending or pending.get("stage") != "defense":
        raise RuleError("no attack is waiting for a defense")
    attacker, defender, setup = _parties(state)
    if kind == "none":
        state["pending"] = {**pending, "stage": "damage"}
        return commit(model, state, "No defense", ctx, f"{defender.name} does not defend")
    used = list(pending.get("used", []))
    options = {k: v for k, v in defense_options(attacker, defender, setup) if k not in used}
    if kind not in options:
        raise RuleError(f"{defender.name} cannot {kind} this attack")
    rolled = roll_defense(options[kind].total, seeded(ctx.fresh_seed))
    text = f"{defender.name} {kind}s: {options[kind]}; {rolled}"
    double = defender.maneuver == "All-Out Defense" and defender.option == "Double Defense"
    if rolled.result.success:
        state["pending"] = None
    elif double and not used and len(options) > 1:
        # GUR-17 Double Defense: a second, different defense against the same attack
        state["pending"] = {**pending, "used": [kind]}
        text += "; Double Defense: a second, different defense may be tried (GUR-17)"
    else:
        state["pending"] = {**pending, "stage": "damage"}
    return commit(model, state, f"Defense: {kind}", ctx, text, seed=ctx.fresh_seed)


def _damage(
    model: Model, state: dict[str, Any], ctx: Ctx, rng: RandintSource, texts: list[str]
) -> Model:
    pending = state["pending"]
    if not pending or pending.get("stage") != "damage":
        raise RuleError("no hit is waiting for its damage roll")
    attacker, defender, setup = _parties(state)
    dice = attacker.damage
    if (
        attacker.maneuver == "All-Out Attack"
        and attacker.option == "Strong"
        and not attacker.ranged
    ):
        dice = with_bonus(dice, strong_bonus(dice))  # GUR-16
    damage = roll_damage(
        dice,
        attacker.damage_type,
        rng,
        maximum=bool(pending.get("maximum")),
        halved=half_range(attacker, setup),
    )
    hurt = resolve_injury(attacker, defender, setup, damage)
    after = defender.hp_now - hurt.injury
    from dataclasses import replace as swap

    lasting = [e for e in hurt.effects if e.startswith(("crippled", "eye blinded", "blinded"))]
    notes = "; ".join(filter(None, [defender.notes, *lasting]))[:500]
    put(state, swap(defender, hp_now=max(after, -9999), notes=notes))
    state["pending"] = None
    texts.append(f"Damage: {damage}; {defender.name}: {hurt}; HP {defender.hp_now} → {after}")
    return commit(model, state, f"Injury to {defender.name}", ctx, *texts, seed=ctx.fresh_seed)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    kind = msg[0]
    try:
        if kind == "gurps.attack_form":
            return _set(model, str(msg[1]), str(msg[2]))
        if kind == "gurps.attack_roll":
            return _attack(model, ctx, full=False)
        if kind == "gurps.attack_full":
            return _attack(model, ctx, full=True)
        if kind == "gurps.attack_defend":
            return _defend(model, ctx, str(msg[1]))
        if kind == "gurps.attack_damage":
            return _damage(model, state_of(model), ctx, seeded(ctx.fresh_seed), [])
        if kind == "gurps.attack_cancel":
            state = state_of(model)
            state["pending"] = None
            return commit(model, state, "Cancel attack", ctx, "attack abandoned")
    except RuleError as exc:
        errors = {**model.ui.get("gurps_errors", {}), "attack": str(exc)}
        return model.with_ui(gurps_errors=errors)
    return model


def _num_field(form: dict[str, Any], field: str, model: Model) -> VNode:
    fid = f"gurps-attack-{field}"
    error = model.ui.get("gurps_errors", {}).get(f"attack.{field}", "")
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, NUMBERS[field][0]),
        h(
            "input",
            {
                "id": fid,
                "type": "number",
                "value": form[field],
                "data-testid": fid,
                "aria-invalid": "true" if error else "false",
                "aria-describedby": f"{fid}-error",
                "on_change": ("gurps.attack_form", field),
            },
        ),
        h("p", {"id": f"{fid}-error", "class": "field-error", "role": "alert"}, error),
    )


def _yes(form: dict[str, Any], field: str, label: str) -> VNode:
    return select(
        f"gurps-attack-{field}",
        label,
        "yes" if form[field] else "",
        [("", "no"), ("yes", "yes")],
        ("gurps.attack_form", field),
    )


def _modifier_rows(form: dict[str, Any], ranged: bool) -> list[VNode]:
    rows = []
    keys = dict(form["keys"])
    for m in attack_modifiers():
        if m.key in _OWN_FIELDS or m.applies == ("melee" if ranged else "ranged"):
            continue
        fid = f"gurps-attack-key-{m.key}"
        if m.value is not None:
            on = keys.get(m.key) == "on"
            rows.append(
                select(
                    fid,
                    f"{m.label} ({m.value:+d})",
                    "on" if on else "",
                    [("", "no"), ("on", "yes")],
                    ("gurps.attack_form", f"key:{m.key}"),
                )
            )
        else:
            rows.append(
                select(
                    fid,
                    m.label,
                    str(keys.get(m.key, "")),
                    [("", "none")]
                    + [
                        (str(v), f"{v:+d}" if m.key != "st_deficit" else str(v))
                        for v in range(m.low or 0, (m.high or 0) + 1)
                        if v or m.key == "st_deficit"
                    ],
                    ("gurps.attack_form", f"key:{m.key}"),
                )
            )
    return rows


def view(model: Model) -> VNode:
    state = state_of(model)
    form = _form(state)
    people = [(c["id"], str(c["name"])) for c in state["combatants"]]
    choose = [("", "choose…"), *people]
    parts: list[Any] = [
        h(
            "div",
            {"class": "grid2"},
            select(
                "gurps-attack-attacker",
                "Attacker",
                str(form["attacker"]),
                choose,
                ("gurps.attack_form", "attacker"),
            ),
            select(
                "gurps-attack-defender",
                "Defender",
                str(form["defender"]),
                choose,
                ("gurps.attack_form", "defender"),
            ),
            select(
                "gurps-attack-location",
                "Hit location",
                str(form["location"]),
                [(k, k.replace("_", " ")) for k in location_keys()],
                ("gurps.attack_form", "location"),
            ),
            h(
                "p",
                {"class": "small muted", "data-testid": "gurps-random-location-note"},
                "Random hit location: its 3d table is not in the texts (003:L63). Roll on "
                "your own table and pick the location it gives here.",
            ),
            _yes(form, "grappling", "Grappling the location (penalty halved)"),
            _yes(form, "from_behind", "Attack from behind (no defense)"),
            _yes(form, "shield_side", "From the front or shield side (shield DB counts)"),
        )
    ]
    summary = ""
    odds: list[VNode] = []
    ranged = False
    try:
        attacker, defender, setup = _parties(state)
        ranged = attacker.ranged
        chosen = maneuver(attacker.maneuver)
        parts.append(
            h(
                "div",
                {"class": "grid2"},
                select(
                    "gurps-attack-maneuver",
                    f"{attacker.name}'s maneuver",
                    attacker.maneuver,
                    [(m, m) for m in maneuver_names()],
                    ("gurps.field", attacker.id, "maneuver"),
                ),
                select(
                    "gurps-attack-option",
                    "Maneuver option",
                    attacker.option,
                    [("", "—")] + [(o, o) for o in chosen.options],
                    ("gurps.field", attacker.id, "option"),
                )
                if chosen.options
                else None,
                select(
                    "gurps-attack-posture",
                    f"{attacker.name}'s posture",
                    attacker.posture,
                    [(p, p) for p in posture_names()],
                    ("gurps.field", attacker.id, "posture"),
                ),
            )
        )
        if ranged:
            parts.append(
                h(
                    "div",
                    {"class": "grid2"},
                    _num_field(form, "yards", model),
                    _num_field(form, "target_speed", model),
                    _num_field(form, "size", model),
                    _num_field(form, "aim_seconds", model),
                    _yes(form, "braced", "Braced (stationary, aimed)"),
                    _num_field(form, "scope_max", model),
                )
            )
        line = attack_line(attacker, defender, setup)
        options = defense_options(attacker, defender, setup)
        best = best_defense(options)
        summary = str(line)
        odds = [
            h("dt", {}, "To hit"),
            h("dd", {"data-testid": "gurps-hit-chance"}, odds_text(hit_chance(line.total))),
            h(
                "dt",
                {},
                "Lands past "
                + (f"best defense ({best[0]} {best[1].total})" if best else "no defense"),
            ),
            h(
                "dd",
                {"data-testid": "gurps-land-chance"},
                odds_text(landing_chance(line.total, best[1].total if best else None)),
            ),
        ]
    except RuleError as exc:
        summary = str(exc)
    parts.append(
        h(
            "div",
            {"class": "grid2"},
            *_modifier_rows(form, ranged),
            _num_field(form, "extra", model),
        )
    )
    pending = state["pending"]
    stage: list[Any] = []
    if pending and pending.get("stage") == "defense":
        try:
            attacker, defender, setup = _parties(state)
            stage = [
                h("h3", {}, f"{defender.name} defends: pick one"),
                h(
                    "div",
                    {"class": "row", "data-testid": "gurps-defense-choices"},
                    *[
                        button(
                            f"{kind.capitalize()} {line.total}: "
                            f"{odds_text(defense_chance(line.total))}",
                            ("gurps.attack_defend", kind),
                            f"gurps-defend-{kind}",
                        )
                        for kind, line in defense_options(attacker, defender, setup)
                        if kind not in pending.get("used", [])
                    ],
                    button("No defense", ("gurps.attack_defend", "none"), "gurps-defend-none"),
                ),
            ]
        except RuleError as exc:
            stage = [h("p", {"class": "field-error"}, str(exc))]
    elif pending and pending.get("stage") == "damage":
        label = "Roll damage (maximum: a roll of 3)" if pending.get("maximum") else "Roll damage"
        stage = [button(label, ("gurps.attack_damage",), "gurps-roll-damage", primary=True)]
    log = state["log"]
    return h(
        "div",
        {"class": "page"},
        h(
            "section",
            {"class": "card", "aria-labelledby": "gurps-attack-h"},
            h("h2", {"id": "gurps-attack-h"}, "Attack worksheet"),
            *parts,
            h("p", {"class": "explain", "data-testid": "gurps-skill-line"}, summary),
            h("dl", {"class": "odds"}, *odds),
            h(
                "div",
                {"class": "row"},
                button(
                    "Roll attack",
                    ("gurps.attack_roll",),
                    "gurps-roll-attack",
                    primary=True,
                    disabled=bool(pending),
                ),
                button(
                    "Resolve all (best defense)",
                    ("gurps.attack_full",),
                    "gurps-resolve",
                    disabled=bool(pending),
                ),
                button("Cancel", ("gurps.attack_cancel",), "gurps-cancel", disabled=not pending),
            ),
            *stage,
            error_text(model, "attack"),
            h(
                "p",
                {"class": "explain", "data-testid": "gurps-attack-result", "aria-live": "polite"},
                log[0]["text"] if log else "Roll to see the dice, the defense and the injury.",
            ),
        ),
        log_view(state),
    )
