"""Simply Roleplaying! combat worksheet: participants, initiative, actions, attacks, damage,
injury checks, bleeding, treatment and a log — every step undoable and saved.

The page parses what was typed and calls :mod:`pycore.systems.simply.combat`; every number it
shows (chances, TNs, injuries, effects) is the core's result.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.dice import RandintSource, seeded
from pycore.errors import RuleError
from pycore.systems.simply import combat as core
from pycore.systems.simply.armor import (
    armor,
    armor_ids,
    attack_kind,
    coating,
    coating_ids,
    shield,
    shield_ids,
)
from pycore.systems.simply.character import Character, base_scores, character_from_json
from pycore.systems.simply.damage import raw_from_table, raw_from_weapon
from pycore.systems.simply.tasks import DIFFICULTIES, success_chance, target_number
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.kit.numbers import odds_text

SECTION = "simply_combat"
LOG_LIMIT = 300
LEVELS = ("Default", "Familiar", "Capable", "Professional", "Expert")
KINDS = (("other", "Melee, unarmed, other"), ("projectile", "Projectile"), ("energy", "Energy"))
FORM_DEFAULTS: dict[str, dict[str, str]] = {
    "add": {
        "name": "",
        "hp_max": "20",
        "strength": "6",
        "health": "6",
        "bonus": "0",
        "minor": "",
        "armor": "",
        "coating": "",
        "shield": "",
        "max_damage": "",
        "luck": "0",
        "actions": "2",
    },
    "attack": {
        "attacker": "",
        "target": "",
        "tn": "12",
        "level": "Capable",
        "defend": "",
        "defend_tn": "10",
        "defend_level": "Capable",
        "luck": "0",
    },
    "damage": {
        "target": "",
        "source": "table",
        "raw": "",
        "max_damage": "",
        "d20": "",
        "kind": "other",
        "other": "0",
        "luck": "0",
    },
    "treat": {"patient": "", "treatment": "bandage", "skill": "First Aid", "rating": ""},
    "clock": {"minutes": "5"},
    "act": {"actor": ""},
}
#: Bounds of typed numbers: (low, high); the core checks them again with the rule's words.
NUMBERS: dict[str, tuple[int, int]] = {
    "hp_max": (1, core.MAX_HP),
    "strength": (1, 20),
    "health": (1, 20),
    "bonus": (-core.MAX_BONUS, core.MAX_BONUS),
    "max_damage": (1, 100),
    "luck": (0, core.MAX_LUCK),
    "actions": (1, core.MAX_ACTIONS),
    "tn": (-99, 999),
    "defend_tn": (-99, 999),
    "raw": (0, 999),
    "d20": (1, 20),
    "other": (-99, 99),
    "rating": (-99, 999),
    "minutes": (1, core.MAX_MINUTES),
}
LABELS = {
    "hp_max": "HP",
    "strength": "S",
    "health": "H",
    "bonus": "Initiative bonus",
    "max_damage": "Max damage",
    "luck": "Luck points",
    "actions": "Actions per turn",
    "tn": "Attack TN",
    "defend_tn": "Defend TN",
    "raw": "Raw damage",
    "d20": "D20 roll",
    "other": "Spells/powers modifier",
    "rating": "Skill rating",
    "minutes": "Minutes",
}


# --- state --------------------------------------------------------------------------------


def _state(model: Model) -> dict[str, Any]:
    saved = model.section(SECTION)
    form = {g: {**d, **saved.get("form", {}).get(g, {})} for g, d in FORM_DEFAULTS.items()}
    return {"combat": saved.get("combat", {}), "log": list(saved.get("log", [])), "form": form}


def _combat(state: dict[str, Any]) -> core.Combat:
    return core.combat_from_json(state["combat"])


def _errors(model: Model) -> dict[str, str]:
    return dict(model.ui.get("simply_combat_errors", {}))


def _fail(model: Model, key: str, message: str) -> Model:
    return model.with_ui(simply_combat_errors={**_errors(model), key: message})


def _number(form: dict[str, str], field: str, *, optional: bool = False) -> int | None:
    raw = str(form.get(field, "")).strip()
    low, high = NUMBERS[field]
    if raw == "":
        if optional:
            return None
        raise RuleError(f"{LABELS[field]} is empty; enter a whole number from {low} to {high}")
    try:
        value = int(raw)
    except ValueError:
        raise RuleError(
            f"{LABELS[field]} {raw!r} is not a whole number from {low} to {high}"
        ) from None
    if not low <= value <= high:
        raise RuleError(f"{LABELS[field]} {value} is outside {low} to {high}")
    return value


def _level(value: str) -> str | None:
    return None if value in ("", "Default") else value


def _commit(
    model: Model,
    state: dict[str, Any],
    fight: core.Combat,
    label: str,
    ctx: Ctx,
    texts: tuple[str, ...] = (),
    seed: str = "",
) -> Model:
    entries = [
        {"text": t, "at": ctx.now, "seed": seed, "turn": fight.turn, "clock": fight.clock}
        for t in texts
    ]
    new_state = {
        **state,
        "combat": core.combat_to_json(fight),
        "log": [*reversed(entries), *state["log"]][:LOG_LIMIT],
    }
    history = model.history.apply(SECTION, new_state, label, ctx.now)
    return replace(model, history=history, ui={**model.ui, "simply_combat_errors": {}})


# --- update -------------------------------------------------------------------------------


def _set_form(model: Model, group: str, field: str, value: str) -> Model:
    state = _state(model)
    if group not in FORM_DEFAULTS or field not in FORM_DEFAULTS[group]:
        return model
    form = {**state["form"], group: {**state["form"][group], field: str(value)}}
    errors = _errors(model)
    errors.pop(f"{group}.{field}", None)
    key = f"{group}.{field}"
    if field in NUMBERS and str(value).strip():
        try:
            _number(form[group], field)
        except RuleError as exc:
            errors[key] = str(exc)  # shown by the field; the typed text is kept, not lost
    history = model.history.set_quietly(SECTION, {**state, "form": form})
    return replace(model, history=history, ui={**model.ui, "simply_combat_errors": errors})


def _add(model: Model, ctx: Ctx) -> Model:
    state = _state(model)
    form = state["form"]["add"]
    try:
        fight = core.add_combatant(
            _combat(state),
            name=form["name"],
            hp_max=_number(form, "hp_max") or 1,
            strength=_number(form, "strength") or 1,
            health=_number(form, "health") or 1,
            bonus=_number(form, "bonus") or 0,
            minor=bool(form["minor"]),
            luck_points=_number(form, "luck") or 0,
            actions_per_turn=_number(form, "actions") or 2,
            armor=form["armor"] or None,
            coating=form["coating"] or None,
            shield=form["shield"] or None,
            max_damage=_number(form, "max_damage", optional=True),
        )
    except RuleError as exc:
        return _fail(model, "add", str(exc))
    added = fight.combatants[-1]
    state["form"] = {**state["form"], "add": {**form, "name": ""}}
    text = f"{added.name} joins the fight" + (" (minor NPC)" if added.minor else "")
    return _commit(model, state, fight, f"Add {added.name}", ctx, (text,))


def _add_character(model: Model, index: int, ctx: Ctx) -> Model:
    from pycore.systems.simply.character import character_from_json, derive

    state = _state(model)
    characters = model.section("simply_characters").get("list", [])
    if not 0 <= index < len(characters):
        return _fail(model, "add", "That character no longer exists.")
    try:
        character = character_from_json(characters[index])
        derived = derive(character)
        hp_max = derived.hit_points.value
        if hp_max is None:
            raise RuleError(f"{character.name or 'unnamed'}: {derived.hit_points.formula}")
        bonus = derived.initiative_bonus.value or 0
        form = state["form"]["add"]
        fight = core.add_combatant(
            _combat(state),
            name=character.name or "unnamed",
            hp_max=int(hp_max),
            strength=character.strength,
            health=character.health,
            bonus=int(bonus),
            luck_points=character.luck,
            # The builder's picks (SIM-30, SIM-31), else what the add form says.
            armor=characters[index].get("armor_id") or form["armor"] or None,
            coating=characters[index].get("coating_id") or form["coating"] or None,
            shield=characters[index].get("shield_id") or form["shield"] or None,
            max_damage=derived.unarmed_max_damage.value
            if isinstance(derived.unarmed_max_damage.value, int)
            else None,
            character=index,
        )
    except RuleError as exc:
        return _fail(model, "add", str(exc))
    name = fight.combatants[-1].name
    return _commit(model, state, fight, f"Add {name}", ctx, (f"{name} joins the fight",))


def _step(model: Model, msg: Msg, ctx: Ctx) -> Model:
    """Every rule step: call the core, log its explanation, record it for undo."""
    kind = msg[0]
    state = _state(model)
    form = state["form"]
    seed = ctx.fresh_seed
    rng = seeded(seed)
    error_key = kind.removeprefix("simply.combat_")
    try:
        fight = _combat(state)
        if kind == "simply.combat_initiative":
            fight, initiative = core.roll_initiative(fight, rng)
            return _commit(
                model, state, fight, f"Turn {fight.turn} initiative", ctx, (str(initiative),), seed
            )
        if kind == "simply.combat_act":
            actor = form["act"]["actor"] or fight.cursor or ""
            fight, text = core.take_action(fight, actor, str(msg[1]))
            return _commit(model, state, fight, f"{msg[1]} ({text.split(':')[0]})", ctx, (text,))
        if kind == "simply.combat_hold":
            actor = fight.cursor or ""
            name = fight.get(actor).name if actor else ""
            verb = "gives up the rest" if fight.phase == "held" else "holds"
            fight = core.hold(fight, actor)
            return _commit(model, state, fight, f"{name} {verb}", ctx, (f"{name} {verb}",))
        if kind == "simply.combat_remove":
            who = fight.get(str(msg[1]))
            fight = core.remove_combatant(fight, who.id)
            return _commit(model, state, fight, f"Remove {who.name}", ctx, (f"{who.name} leaves",))
        if kind == "simply.combat_attack":
            a = form["attack"]
            fight, attack = core.roll_attack(
                fight,
                a["attacker"],
                a["target"],
                _number(a, "tn") or 0,
                rng,
                attack_level=_level(a["level"]),
                defend_tn=_number(a, "defend_tn") if a["defend"] else None,
                defend_level=_level(a["defend_level"]),
                luck_points=_number(a, "luck") or 0,
            )
            if attack.hit:  # the damage form follows the attack
                state["form"] = {**form, "damage": {**form["damage"], "target": a["target"]}}
                attacker = fight.get(a["attacker"])
                if attacker.max_damage is not None and not form["damage"]["max_damage"]:
                    state["form"]["damage"]["max_damage"] = str(attacker.max_damage)
            return _commit(model, state, fight, "Attack", ctx, (str(attack),), seed)
        if kind == "simply.combat_damage":
            d = form["damage"]
            raw = _raw(d, rng)
            fight, result = _hit(fight, d, raw)
            state["form"] = {**form, "damage": {**d, "d20": "", "luck": "0"}}
            texts: tuple[str, ...] = (f"{raw}; {result}",)
            return _commit(model, state, fight, f"Damage to {result.name}", ctx, texts, seed)
        if kind == "simply.combat_check":
            fight, rolled = core.roll_check(fight, int(msg[1]), rng)
            return _commit(model, state, fight, rolled.check.check, ctx, (str(rolled),), seed)
        if kind == "simply.combat_waive":
            pending = fight.pending[int(msg[1])]
            fight = core.dismiss_check(fight, int(msg[1]))
            text = f"{pending.name}: {pending.check} waived by the GM"
            return _commit(model, state, fight, "Waive check", ctx, (text,))
        if kind == "simply.combat_clock":
            minutes = int(msg[1]) if len(msg) > 1 else _number(form["clock"], "minutes") or 1
            fight, lines = core.advance_clock(fight, minutes)
            texts = (f"{minutes} minutes pass (clock {fight.clock} min)", *lines)
            return _commit(model, state, fight, f"+{minutes} min", ctx, texts)
        if kind == "simply.combat_treat":
            t = form["treat"]
            fight, done = core.treat(
                fight,
                t["patient"],
                t["treatment"],
                rng,
                skill=t["skill"],
                rating=_number(t, "rating", optional=True),
            )
            return _commit(
                model, state, fight, t["treatment"].capitalize(), ctx, (str(done),), seed
            )
        if kind == "simply.combat_end":
            if not fight.combatants and not state["log"]:
                return model
            state["log"] = []
            return _commit(model, state, core.Combat(), "End fight", ctx, ())
    except RuleError as exc:
        return _fail(model, error_key, str(exc))
    return model


def _hit(fight: core.Combat, d: dict[str, Any], raw: Any) -> tuple[core.Combat, core.HitResult]:
    """The damage form applied to its target, for the preview and for the real hit alike."""
    other = _number(d, "other") or 0
    return core.hit(
        fight,
        d["target"],
        raw,
        d["kind"],
        others=[("spells/powers", other)] if other else [],
        luck_spent=_number(d, "luck") or 0,
    )


def _raw(d: dict[str, str], rng: RandintSource) -> Any:
    if d["source"] == "weapon":
        return raw_from_weapon(_number(d, "raw") or 0, "weapon table")
    max_damage = _number(d, "max_damage")
    d20 = _number(d, "d20", optional=True)
    if d20 is None:  # SIM-40: the damage roll is 1D20, rolled here when not typed in
        d20 = rng.randint(1, 20)
    return raw_from_table(max_damage or 1, d20)


def _attacker_character(model: Model, fight: core.Combat, attacker: str) -> Character | None:
    """The character an attacker was added from, if any."""
    try:
        index = fight.get(attacker).character
    except RuleError:
        return None
    characters = model.section("simply_characters").get("list", [])
    if index is None or not 0 <= index < len(characters):
        return None
    try:
        return character_from_json(characters[index])
    except RuleError:
        return None


def _attacker_scores(model: Model, fight: core.Combat, attacker: str) -> dict[str, Any]:
    """The attacker's skills and checks, when the participant came from a character."""
    character = _attacker_character(model, fight, attacker)
    if character is None:
        return {}
    return {s.key: s for s in base_scores(character) if s.key.startswith("skill:")}


def _pick_attack_skill(model: Model, key: str) -> Model:
    """The skill sets the attack's TN and level, and the damage's armor row (SIM-D09)."""
    state = _state(model)
    fight = _combat(state)
    attack = state["form"]["attack"]
    score = _attacker_scores(model, fight, attack["attacker"]).get(key)
    character = _attacker_character(model, fight, attack["attacker"])
    if score is None or character is None:
        return model
    skill = character.skills[int(key.split(":")[1])]
    damage = {**state["form"]["damage"], "kind": attack_kind(skill.name, skill.specialty or "")}
    if attack["target"]:
        damage["target"] = attack["target"]
    form = {
        **state["form"],
        "attack": {**attack, "tn": str(score.base), "level": score.level},
        "damage": damage,
    }
    return replace(model, history=model.history.set_quietly(SECTION, {**state, "form": form}))


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    kind = msg[0]
    if kind == "simply.combat_attack_skill":
        return _pick_attack_skill(model, str(msg[-1]))
    if kind == "simply.combat_form":
        return _set_form(model, str(msg[1]), str(msg[2]), str(msg[3]))
    if kind == "simply.combat_add":
        return _add(model, ctx)
    if kind == "simply.combat_add_char":
        raw = str(msg[-1])
        return _add_character(model, int(raw), ctx) if raw.isdigit() else model
    return _step(model, msg, ctx)


# --- view ---------------------------------------------------------------------------------


def _input(
    group: str,
    field: str,
    label: str,
    form: dict[str, Any],
    errors: dict[str, str],
    kind: str = "number",
) -> VNode:
    fid = f"sc-{group}-{field}"
    error = errors.get(f"{group}.{field}", "")
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, label),
        h(
            "input",
            {
                "id": fid,
                "type": kind,
                "inputmode": "numeric" if kind == "number" else None,
                "value": form[group][field],
                "data-testid": fid,
                "aria-invalid": "true" if error else "false",
                "aria-describedby": f"{fid}-error",
                "on_change": ("simply.combat_form", group, field),
            },
        ),
        h(
            "p",
            {
                "id": f"{fid}-error",
                "class": "field-error",
                "role": "alert",
                "data-testid": f"{fid}-error",
            },
            error,
        ),
    )


def _select(
    group: str, field: str, label: str, form: dict[str, Any], options: list[tuple[str, str]]
) -> VNode:
    fid = f"sc-{group}-{field}"
    value = form[group][field]
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, label),
        h(
            "select",
            {"id": fid, "data-testid": fid, "on_change": ("simply.combat_form", group, field)},
            *[h("option", {"value": v, "selected": v == value}, text) for v, text in options],
        ),
    )


def _error(model: Model, key: str) -> VNode:
    return h(
        "p",
        {"class": "field-error", "role": "alert", "data-testid": f"sc-error-{key}"},
        _errors(model).get(key, ""),
    )


def _button(
    label: str,
    msg: Msg,
    testid: str,
    primary: bool = False,
    disabled: bool = False,
    title: str | None = None,
) -> VNode:
    return h(
        "button",
        {
            "type": "button",
            "class": "primary" if primary else "secondary",
            "data-testid": testid,
            "on_click": msg,
            "disabled": disabled,
            "title": title,
        },
        label,
    )


def _who(fight: core.Combat, blank: str) -> list[tuple[str, str]]:
    return [("", blank)] + [(c.id, c.name) for c in fight.combatants]


def _participants(model: Model, fight: core.Combat, form: dict[str, Any]) -> VNode:
    errors = _errors(model)
    rows = []
    order = {cid: i + 1 for i, cid in enumerate(fight.order)}
    for c in sorted(fight.combatants, key=lambda c: order.get(c.id, 999)):
        turn = c.id == fight.cursor
        gear = ", ".join(
            x
            for x in (
                armor(c.armor).name if c.armor else "",
                coating(c.coating).name if c.coating else "",
                shield(c.shield).name if c.shield else "",
            )
            if x
        )
        rows.append(
            h(
                "li",
                {
                    "class": "combatant" + (" current" if turn else ""),
                    "data-testid": "sc-combatant",
                    "data-key": c.id,
                    "aria-current": "true" if turn else None,
                },
                h(
                    "div",
                    {"class": "row between"},
                    h(
                        "strong",
                        {"class": "combatant-name"},
                        f"{order.get(c.id, '–')}. {c.name}" + (" (minor)" if c.minor else ""),
                    ),
                    h(
                        "span",
                        {"class": "hp", "data-testid": f"sc-hp-{c.id}"},
                        f"HP {c.hp}/{c.hp_max}",
                    ),
                ),
                h(
                    "p",
                    {"class": "small"},
                    h("span", {"data-testid": f"sc-status-{c.id}"}, c.status()),
                    f" · actions left {fight.actions_left(c.id)}"
                    f" · luck {c.luck} · init bonus {c.bonus:+d}"
                    + (f" · max dmg {c.max_damage}" if c.max_damage else "")
                    + (f" · {gear}" if gear else ""),
                ),
                _button(f"Remove {c.name}", ("simply.combat_remove", c.id), f"sc-remove-{c.id}"),
            )
        )
    characters = model.section("simply_characters").get("list", [])
    add = h(
        "div",
        {"class": "add-combatant"},
        h("h3", {}, "Add a participant"),
        h(
            "div",
            {"class": "field"},
            h("label", {"for": "sc-add-character"}, "From a character"),
            h(
                "select",
                {
                    "id": "sc-add-character",
                    "data-testid": "sc-add-character",
                    "on_change": ("simply.combat_add_char",),
                },
                h("option", {"value": "", "selected": True}, "Choose a character…"),
                *[
                    h("option", {"value": str(i)}, str(ch.get("name") or "unnamed"))
                    for i, ch in enumerate(characters)
                ],
            ),
        ),
        h("p", {"class": "muted small"}, "Or a quick NPC:"),
        h(
            "div",
            {"class": "grid2"},
            _input("add", "name", "Name", form, errors, "text"),
            _input("add", "hp_max", "HP", form, errors),
            _input("add", "strength", "S (original, for checks)", form, errors),
            _input("add", "health", "H (original, for checks)", form, errors),
            _input("add", "bonus", "Initiative bonus", form, errors),
            _input("add", "max_damage", "Max damage (weapon or unarmed)", form, errors),
            _input("add", "luck", "Luck points", form, errors),
            _input("add", "actions", "Actions per turn (SIM-37)", form, errors),
            _select(
                "add",
                "armor",
                "Armor",
                form,
                [("", "none")] + [(a, armor(a).name) for a in armor_ids()],
            ),
            _select(
                "add",
                "coating",
                "Coating (Plasteel only)",
                form,
                [("", "none")] + [(x, coating(x).name) for x in coating_ids()],
            ),
            _select(
                "add",
                "shield",
                "Shield",
                form,
                [("", "none")] + [(s, shield(s).name) for s in shield_ids()],
            ),
            _select(
                "add", "minor", "Minor NPC (always acts last)", form, [("", "no"), ("yes", "yes")]
            ),
        ),
        _error(model, "add"),
        _button("Add to the fight", ("simply.combat_add",), "sc-add", primary=True),
    )
    return h(
        "section",
        {"class": "card", "aria-labelledby": "sc-part-h"},
        h("h2", {"id": "sc-part-h"}, f"Participants ({len(fight.combatants)})"),
        h("ol", {"class": "combatants"}, *rows) if rows else h("p", {}, "No one yet."),
        add,
        _error(model, "remove"),
    )


def _turn(model: Model, fight: core.Combat, form: dict[str, Any]) -> VNode:
    phase = {
        "setup": "not started",
        "first": "first pass",
        "held": "held actions (reverse order)",
        "done": "everyone has acted",
    }.get(fight.phase, fight.phase)
    current = fight.get(fight.cursor).name if fight.cursor else "—"
    actors = [("", f"whose turn it is ({current})")] + [
        (c.id, c.name) for c in fight.combatants if not c.disabled
    ]
    acting = fight.phase in ("first", "held")
    return h(
        "section",
        {"class": "card", "aria-labelledby": "sc-turn-h"},
        h("h2", {"id": "sc-turn-h"}, f"Turn {fight.turn}" if fight.turn else "Turn"),
        h(
            "p",
            {"class": "tn", "data-testid": "sc-current"},
            h("span", {"class": "total"}, f"Now: {current}"),
        ),
        h("p", {"class": "small muted"}, f"{phase} · game clock {fight.clock} min (SIM-D14)"),
        _button(
            "Roll initiative" if fight.turn == 0 else "New turn: roll initiative",
            ("simply.combat_initiative",),
            "sc-initiative",
            primary=True,
            disabled=not fight.combatants,
        ),
        _error(model, "initiative"),
        _select("act", "actor", "Acting", form, actors),
        h(
            "div",
            {"class": "row", "role": "group", "aria-label": "Actions"},
            *[
                _button(a, ("simply.combat_act", a), f"sc-act-{a.lower()}", disabled=not acting)
                for a in core.ACTIONS
            ],
            _button(
                "Give up the rest" if fight.phase == "held" else "Hold the rest",
                ("simply.combat_hold",),
                "sc-hold",
                disabled=fight.cursor is None,
            ),
        ),
        h(
            "p",
            {"class": "small muted"},
            "2 actions each (SIM-37). Held actions are played after everyone, in reverse order "
            "(SIM-35); an interrupt needs a held action, and two may not follow each other "
            "(SIM-36). A Defend may be taken out of turn with any unused action (SIM-D08).",
        ),
        _error(model, "act"),
        _error(model, "hold"),
    )


def _attack(model: Model, fight: core.Combat, form: dict[str, Any]) -> VNode:
    errors = _errors(model)
    a = form["attack"]
    try:
        tn = _number(a, "tn") or 0
        defend = _number(a, "defend_tn") if a["defend"] else None
        chance = core.hit_chance(
            tn, defend, _level(a["level"]) is not None, _level(a["defend_level"]) is not None
        )
        odds = f"Chance to hit: {odds_text(chance)}" + (
            " (contest: the attacker must win; a draw misses, SIM-D08)"
            if defend is not None
            else ""
        )
    except RuleError as exc:
        odds = str(exc)
    return h(
        "section",
        {"class": "card", "aria-labelledby": "sc-attack-h"},
        h("h2", {"id": "sc-attack-h"}, "Attack"),
        h(
            "div",
            {"class": "grid2"},
            _select("attack", "attacker", "Attacker", form, _who(fight, "choose…")),
            _select("attack", "target", "Target", form, _who(fight, "choose…")),
            _skill_picker(model, fight, a["attacker"]),
            _input("attack", "tn", "Attack TN (rating + difficulty + modifiers)", form, errors),
            _select("attack", "level", "Attacker's skill level", form, [(x, x) for x in LEVELS]),
            _select(
                "attack",
                "defend",
                "Target defends (spends an action)",
                form,
                [("", "no"), ("yes", "yes")],
            ),
            _input("attack", "defend_tn", "Defend TN (incl. shield Def Mod)", form, errors),
            _select(
                "attack", "defend_level", "Defender's skill level", form, [(x, x) for x in LEVELS]
            ),
            _input("attack", "luck", "Luck declared (0 or at least 5)", form, errors),
        ),
        h("p", {"class": "odds-line", "data-testid": "sc-hit-chance"}, odds),
        _button("Roll attack", ("simply.combat_attack",), "sc-roll-attack", primary=True),
        _error(model, "attack"),
    )


def _skill_picker(model: Model, fight: core.Combat, attacker: str) -> VNode | None:
    scores = _attacker_scores(model, fight, attacker)
    if not scores:
        return None
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": "sc-attack-skill"}, "Attacker's skill (sets TN and level)"),
        h(
            "select",
            {
                "id": "sc-attack-skill",
                "data-testid": "sc-attack-skill",
                "data-key": f"skill-{attacker}",
                "on_change": ("simply.combat_attack_skill",),
            },
            h("option", {"value": "", "selected": True}, "choose…"),
            *[h("option", {"value": k}, f"{v.label}: {v.base}") for k, v in scores.items()],
        ),
    )


def _damage(model: Model, fight: core.Combat, form: dict[str, Any]) -> VNode:
    errors = _errors(model)
    d = form["damage"]
    fields = [
        _select("damage", "target", "Target", form, _who(fight, "choose…")),
        _select(
            "damage",
            "source",
            "Raw damage from",
            form,
            [("table", "Master Damage Tables + D20"), ("weapon", "weapon's own table")],
        ),
    ]
    if d["source"] == "weapon":
        fields.append(_input("damage", "raw", "Raw damage (weapon table)", form, errors))
    else:
        fields.append(_input("damage", "max_damage", "Max damage (1–100)", form, errors))
        fields.append(_input("damage", "d20", "D20 roll (blank: roll it)", form, errors))
    fields += [
        _select("damage", "kind", "Attack type (armor row)", form, list(KINDS)),
        _input("damage", "other", "Spells/powers modifier", form, errors),
        _input("damage", "luck", "Luck spent against injury (1:1)", form, errors),
    ]
    preview = ""
    if d["target"] and (d["source"] == "weapon" or d["d20"]):
        try:
            raw = _raw(d, seeded("preview"))
            _, result = _hit(fight, d, raw)
            preview = f"Preview: {raw}; {result}"
        except RuleError as exc:
            preview = str(exc)
    return h(
        "section",
        {"class": "card", "aria-labelledby": "sc-dmg-h"},
        h("h2", {"id": "sc-dmg-h"}, "Damage"),
        h("div", {"class": "grid2"}, *fields),
        h("p", {"class": "explain", "data-testid": "sc-damage-preview"}, preview),
        _button("Apply damage", ("simply.combat_damage",), "sc-apply-damage", primary=True),
        _error(model, "damage"),
    )


def _checks(model: Model, fight: core.Combat) -> VNode:
    items = [
        h(
            "li",
            {"class": "check", "data-testid": "sc-check"},
            h("span", {}, str(p)),
            h(
                "div",
                {"class": "row"},
                _button(
                    f"Roll {p.check}",
                    ("simply.combat_check", i),
                    f"sc-check-roll-{i}",
                    primary=True,
                ),
                _button("Waive", ("simply.combat_waive", i), f"sc-check-waive-{i}"),
            ),
        )
        for i, p in enumerate(fight.pending)
    ]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "sc-checks-h"},
        h("h2", {"id": "sc-checks-h"}, f"Checks to roll ({len(fight.pending)})"),
        h("ul", {"class": "checks"}, *items)
        if items
        else h("p", {"class": "muted"}, "None. Injury effects queue their checks here."),
        _error(model, "check"),
    )


def _care(model: Model, fight: core.Combat, form: dict[str, Any]) -> VNode:
    errors = _errors(model)
    t = form["treat"]
    task_line = ""
    if t["patient"]:
        try:
            task = core.treatment_task(fight, t["patient"], t["treatment"], t["skill"])
            task_line = str(task)
            rating = _number(t, "rating", optional=True)
            if task.automatic is None and rating is not None:
                tn = target_number(rating, task.difficulty)
                task_line += f" · {tn} · chance {odds_text(success_chance(tn.total, True))}"
        except RuleError as exc:
            task_line = str(exc)
    return h(
        "section",
        {"class": "card", "aria-labelledby": "sc-care-h"},
        h("h2", {"id": "sc-care-h"}, "Time and treatment"),
        h(
            "div",
            {"class": "row"},
            _button("+1 min", ("simply.combat_clock", 1), "sc-clock-1"),
            _button("+5 min", ("simply.combat_clock", 5), "sc-clock-5"),
            _button("+1 hour", ("simply.combat_clock", 60), "sc-clock-60"),
        ),
        _error(model, "clock"),
        h(
            "div",
            {"class": "grid2"},
            _select("treat", "patient", "Patient", form, _who(fight, "choose…")),
            _select(
                "treat",
                "treatment",
                "Treatment",
                form,
                [(x, x.capitalize()) for x in core.TREATMENTS],
            ),
            _select(
                "treat",
                "skill",
                "Treater's skill",
                form,
                [("First Aid", "First Aid"), ("Medicine", "Medicine")],
            ),
            _input("treat", "rating", "Treater's skill rating", form, errors),
        ),
        h("p", {"class": "explain", "data-testid": "sc-treat-task"}, task_line),
        _button("Treat", ("simply.combat_treat",), "sc-treat", primary=True),
        _error(model, "treat"),
    )


def _log(state: dict[str, Any]) -> VNode:
    log = state["log"]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "sc-log-h"},
        h(
            "div",
            {"class": "row between"},
            h("h2", {"id": "sc-log-h"}, f"Combat log ({len(log)})"),
            _button("End fight", ("simply.combat_end",), "sc-end", disabled=not log),
        ),
        h(
            "ol",
            # Scrolls once long, so it must be reachable by keyboard (axe scrollable-region).
            {"class": "log", "tabindex": "0", "aria-label": "Combat log entries"},
            *[
                h(
                    "li",
                    {
                        "class": "log-entry",
                        "data-testid": "sc-log-entry",
                        "data-key": f"{len(log) - i}",
                    },
                    h("span", {"class": "log-text"}, e["text"]),
                    h("span", {"class": "log-meta"}, f"turn {e.get('turn', 0)}"),
                )
                for i, e in enumerate(log)
            ],
        ),
    )


def view(model: Model) -> VNode:
    state = _state(model)
    form = state["form"]
    try:
        fight = _combat(state)
    except RuleError as exc:
        return h("p", {"class": "field-error"}, f"The saved fight cannot be read: {exc}")
    return h(
        "div",
        {"class": "page simply-combat", "data-testid": "simply-combat"},
        _turn(model, fight, form),
        _checks(model, fight),
        _participants(model, fight, form),
        _attack(model, fight, form),
        _damage(model, fight, form),
        _care(model, fight, form),
        _log(state),
        h("p", {"class": "small muted"}, f"Difficulties: {', '.join(DIFFICULTIES)}."),
    )
