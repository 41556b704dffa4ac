"""The percentile combat worksheet: sides and members → surprise with odds → order of attack
(ties, exclusive attack, pass, joiners) → rounds → AP spending, borrowing and stun → one full
attack (to-hit, location, damage, grazing, record, description, organs); a log; every step
undoable and saved.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from pycore.dice import RandintSource, seeded
from pycore.errors import RulekeeperError
from pycore.systems.percentile import agility, combat, gmtables, sides
from pycore.systems.percentile.attack import (
    AttackInput,
    MissingValue,
    resolve_attack,
    severity_roll,
)
from pycore.systems.percentile.checks import brawlmanship, fmt, marksmanship, parse_number
from pycore.systems.percentile.damage import ORGAN_SYSTEMS, Poison, poison_damage
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.percentile import state as S
from rkweb.features.percentile.ui import (
    button,
    card,
    error_of,
    field,
    log_list,
    odds,
    select,
    with_error,
)

# attack field → (label, low, high, whole)
ATTACK_NUMBERS: dict[str, tuple[str, int, int, bool]] = {
    "range_m": ("Range (m)", 0, 100_000, False),
    "percent_to_hit": ("Percent to Hit (Table #3-1)", 0, 100, False),
    "percent_against": ("Percent Against (Table #3-2)", 0, 100, False),
    "adversity_total": ("Adversity total (Tables 7.0-7.4)", -1000, 1000, True),
    "table_3_3_damage": ("Damage points (Table #3-3)", 0, 5000, False),
    "damage_percentage": ("DAMAGE PERCENTAGE (damage-type table)", 0, 1000, False),
    "ap_cost": ("AP cost of the attack (Table #3-6)", 0, 10_000, False),
    "stun_modifier": ("Table #3-7.0 modifier for this damage (stun)", 0, 100_000, False),
    "max_throw_m": ("Throwing distance (m, Table #3-4.0)", 0, 100_000, False),
    "poison_damage": ("Poison: Table #3-3 value (damage points)", 0, 5000, False),
    **{f"m_{s}": (f"{s} multiplier (Table #3-3.1)", 0, 100, False) for s in ORGAN_SYSTEMS},
}


def _combat(st: dict[str, Any]) -> dict[str, Any]:
    return dict(st["combat"])


def _put(st: dict[str, Any], cmb: dict[str, Any]) -> dict[str, Any]:
    return {**st, "combat": cmb}


def _log(cmb: dict[str, Any], text: str, ctx: Ctx) -> None:
    cmb["log"] = [S.log_entry(f"round {cmb['round']}: {text}", ctx), *cmb["log"]][: S.LOG_LIMIT]


def _percent(st: dict[str, Any], text: Any, what: str) -> Fraction:
    """An Alertness Condition: a level name from the GM's Table #3-5, or a percentage typed in."""
    name = str(text or "").strip()
    if name and st["gm"].get("PCT-M01") and name in gmtables.alertness_levels(st["gm"]):
        return Fraction(gmtables.alertness_percent(st["gm"], name) or 0)
    if not name:
        raise RulekeeperError(f"{what}: enter the Alertness Percentage or a level of Table #3-5")
    return parse_number(what, name, 0, 100)


def side_values(st: dict[str, Any]) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """Each side's surprise target under the chosen procedure and its damage modifier."""
    settings = S.settings_of(st)
    targets: dict[str, Fraction] = {}
    mods: dict[str, Fraction] = {}
    for side in st["combat"]["sides"]:
        awake = [(m, S.character(st, m["id"])) for m in side["members"] if not m.get("asleep")]
        chars = [(m, c) for m, c in awake if c is not None]
        name = side["name"]
        perceptions = [int(c["perception"]) for _, c in chars]
        if settings.surprise == "a2":
            targets[name] = sides.target_a2(perceptions, _percent(st, side.get("ac"), f"{name} AC"))
        elif settings.surprise == "a3":
            targets[name] = sides.target_a3(
                [
                    (
                        int(c["perception"]),
                        _percent(st, m.get("ac") or c.get("alertness"), f"{c['name']} AC"),
                    )
                    for m, c in chars
                ]
            )
        else:
            targets[name] = sides.target_a1(perceptions)
        override = str(side.get("modifier") or "").strip()
        mods[name] = (
            parse_number(f"{name} damage modifier", override, -100_000, 100_000)
            if override
            else sides.side_modifier([int(c["damage_modifier"]) for _, c in chars])
        )
    return targets, mods


def _members(st: dict[str, Any]) -> list[str]:
    return [m["id"] for side in st["combat"]["sides"] for m in side["members"]]


def _ledger_update(st: dict[str, Any], cid: str, fn: Any) -> dict[str, Any]:
    char = S.character(st, cid)
    if char is None:
        return st
    char["ledger"] = S.ledger_json(fn(S.ledger_of(char)))
    return S.put_character(st, char)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    kind = msg[0]
    st = S.state(model)
    cmb = _combat(st)
    settings = S.settings_of(st)
    rng = seeded(ctx.fresh_seed)
    try:
        if kind == "percentile.side_add":
            cmb["sides"] = [
                *cmb["sides"],
                {
                    "name": f"Side {chr(65 + len(cmb['sides']))}",
                    "members": [],
                    "modifier": "",
                    "ac": "",
                },
            ]
            return S.save(model, _put(st, cmb), ctx, "Add side")
        if kind == "percentile.side_field":
            i, key, value = int(msg[1]), str(msg[2]), str(msg[3]).strip()
            if key == "modifier" and value:
                parse_number("Side damage modifier", value, -100_000, 100_000)
            if key == "name" and (
                not value or any(s["name"] == value for j, s in enumerate(cmb["sides"]) if j != i)
            ):
                raise RulekeeperError(
                    "Side name must be filled in and differ from the other sides."
                )
            cmb["sides"] = [{**s, key: value} if j == i else s for j, s in enumerate(cmb["sides"])]
            return with_error(S.save(model, _put(st, cmb)), f"side-{i}", None)
        if kind == "percentile.member_add":
            i, cid = int(msg[1]), str(msg[-1])
            if not cid:
                return model
            cmb["sides"] = [
                {
                    **s,
                    "members": [m for m in s["members"] if m["id"] != cid]
                    + ([{"id": cid, "asleep": False, "ac": ""}] if j == i else []),
                }
                for j, s in enumerate(cmb["sides"])
            ]
            return S.save(model, _put(st, cmb), ctx, "Add member to side")
        if kind == "percentile.member_remove":
            i, cid = int(msg[1]), str(msg[2])
            cmb["sides"] = [
                {**s, "members": [m for m in s["members"] if m["id"] != cid]} if j == i else s
                for j, s in enumerate(cmb["sides"])
            ]
            return S.save(model, _put(st, cmb), ctx, "Remove member")
        if kind == "percentile.member_asleep":
            i, cid = int(msg[1]), str(msg[2])
            cmb["sides"] = [
                {
                    **s,
                    "members": [
                        {**m, "asleep": not m.get("asleep")} if m["id"] == cid else m
                        for m in s["members"]
                    ],
                }
                if j == i
                else s
                for j, s in enumerate(cmb["sides"])
            ]
            return S.save(model, _put(st, cmb), ctx, "Asleep / awake")
        if kind == "percentile.member_ac":
            i, cid, value = int(msg[1]), str(msg[2]), str(msg[3]).strip()
            cmb["sides"] = [
                {
                    **s,
                    "members": [{**m, "ac": value} if m["id"] == cid else m for m in s["members"]],
                }
                if j == i
                else s
                for j, s in enumerate(cmb["sides"])
            ]
            return S.save(model, _put(st, cmb))
        if kind == "percentile.surprise_roll":
            targets, mods = side_values(st)
            result = sides.roll_surprise(targets, rng, mods)
            cmb["surprise"] = {"winner": result.winner, "text": str(result)}
            _log(cmb, f"surprise {settings.surprise}: {result}", ctx)
            return with_error(S.save(model, _put(st, cmb), ctx, "Surprise roll"), "combat", None)
        if kind == "percentile.order_roll":
            _, mods = side_values(st) if settings.surprise != "none" else ({}, _mods_only(st))
            rolled = sides.roll_primary_attack(mods, rng)
            pa = rolled.result
            cmb["order"] = {
                "results": {k: str(v) for k, v in pa.results.items()},
                "order": pa.order,
                "exclusive": pa.exclusive,
                "passed": [],
            }
            _log(cmb, f"order {settings.order}: {rolled}", ctx)
            return with_error(S.save(model, _put(st, cmb), ctx, "Order of attack"), "combat", None)
        if kind == "percentile.order_pass":
            pa = sides.pass_primary(_order(cmb))
            cmb["order"] = {
                **cmb["order"],
                "order": pa.order,
                "exclusive": False,
                "passed": list(pa.passed),
            }
            _log(cmb, str(pa), ctx)
            return S.save(model, _put(st, cmb), ctx, "Pass primary attack")
        if kind == "percentile.order_join":
            name = str(msg[1])
            _, mods = side_values(st)
            pa = _order(cmb)
            for _ in range(sides.MAX_REROLLS):
                r = rng.randint(1, 100)
                joined = sides.join(pa, name, r + mods.get(name, Fraction(0)))
                if not joined.reroll:
                    break
            cmb["order"] = {
                **cmb["order"],
                "results": {k: str(v) for k, v in joined.results.items()},
                "order": joined.order,
            }
            _log(cmb, f"{name} joins: 1:100sd ({r}); {joined}", ctx)
            return S.save(model, _put(st, cmb), ctx, f"{name} joins")
        if kind == "percentile.round_next":
            for cid in _members(st):
                st = _ledger_update(st, cid, agility.start_turn)
            cmb["round"] = int(cmb["round"]) + 1
            cmb["surprise"] = None
            cmb["piece"] = 1
            # PCT-17: whoever was attacked must rise at least one Alertness Condition this turn.
            cmb["raise_ac"] = list(cmb.get("attacked", []))
            cmb["attacked"] = []
            if combat.order_roll_due(settings, cmb["round"]):
                cmb["order"] = None
            elif cmb.get("order"):
                # PCT-22: a pass lasts one round; the b1 order returns (sorted by its results).
                pa = sides.primary_attack(
                    {k: Fraction(v) for k, v in cmb["order"]["results"].items()}
                )
                cmb["order"] = {**cmb["order"], "order": pa.order, "exclusive": False, "passed": []}
            _log(cmb, combat.round_seconds(cmb["round"]), ctx)
            return S.save(model, _put(st, cmb), ctx, "Next round")
        if kind == "percentile.ap_action":
            cid, action = str(msg[1]), str(msg[-1])
            cost = gmtables.action_cost(st["gm"], action) if action else None
            if cost is not None:
                cmb["ap_input"] = {**cmb.get("ap_input", {}), cid: str(cost)}
            return S.save(model, _put(st, cmb))
        if kind == "percentile.ap_field":
            cmb["ap_input"] = {**cmb.get("ap_input", {}), str(msg[1]): str(msg[2]).strip()}
            return S.save(model, _put(st, cmb))
        if kind in ("percentile.ap_spend", "percentile.ap_borrow", "percentile.ap_stun"):
            cid = str(msg[1])
            char = S.character(st, cid)
            if char is None:
                return model
            amount = parse_number(
                "AP amount", cmb.get("ap_input", {}).get(cid, ""), 0, 100_000, whole=False
            )
            if kind == "percentile.ap_spend":
                st = _ledger_update(st, cid, lambda led: agility.spend(led, amount))
                text, label = f"{char['name']} spends {fmt(amount)} AP", "Spend AP"
            elif kind == "percentile.ap_borrow":
                if not settings.borrowing:
                    raise RulekeeperError("Borrowing is switched off in the settings.")
                st = _ledger_update(st, cid, lambda led: agility.borrow(led, amount))
                text, label = (
                    f"{char['name']} borrows {fmt(amount)} AP of the next turn for {fmt(amount / 3)} now",
                    "Borrow AP",
                )
            else:
                if not settings.stun:
                    raise RulekeeperError("Damage stun is switched off in the settings.")
                st = _ledger_update(st, cid, lambda led: agility.stun(led, amount))
                text, label = (
                    f"{char['name']} stunned: Table #3-7.0 modifier {fmt(amount)} → {fmt(amount / 10)} AP owed",
                    "Stun",
                )
            cmb = _combat(st)
            _log(cmb, text, ctx)
            return with_error(S.save(model, _put(st, cmb), ctx, label), f"ap-{cid}", None)
        if kind == "percentile.attack_field":
            key, value = str(msg[1]), str(msg[2]).strip()
            if key in ATTACK_NUMBERS and value:
                label, low, high, whole = ATTACK_NUMBERS[key]
                try:
                    parse_number(label, value, low, high, whole=whole)
                except RulekeeperError as exc:
                    return with_error(model, f"attack-{key}", str(exc))
            cmb["attack"] = {**cmb.get("attack", {}), key: value}
            return with_error(S.save(model, _put(st, cmb)), f"attack-{key}", None)
        if kind == "percentile.attack_resolve":
            return _resolve(model, st, cmb, settings, rng, ctx)
        if kind == "percentile.severity_roll":
            text = severity_roll(st["gm"], str(cmb.get("last_severity") or ""), rng)
            _log(cmb, text, ctx)
            cmb["last"] = [*cmb.get("last", []), text]
            return with_error(S.save(model, _put(st, cmb), ctx, "Severity roll"), "attack", None)
        if kind == "percentile.poison_field":
            key, value = str(msg[1]), str(msg[2]).strip()
            if key == "poison_damage" and value:
                label, low, high, whole = ATTACK_NUMBERS[key]
                try:
                    parse_number(label, value, low, high, whole=whole)
                except RulekeeperError as exc:
                    return with_error(model, "attack-poison_damage", str(exc))
            if key == "wep_mod" and value:
                parse_number("WEP MOD", value, -1000, 1000)
            cmb["poison"] = {**cmb.get("poison", {}), key: value}
            ekey = "attack-poison_damage" if key == "poison_damage" else "poison"
            return with_error(S.save(model, _put(st, cmb)), ekey, None)
        if kind == "percentile.poison":
            return _poison(model, st, cmb, rng, ctx)
        if kind == "percentile.rolloff":
            i = int(msg[1])
            if not 0 <= i < len(cmb["sides"]):
                return model
            side = cmb["sides"][i]
            names = {
                m["id"]: (S.character(st, m["id"]) or {}).get("name", m["id"])
                for m in side["members"]
            }
            off = sides.roll_within_side(list(names), rng)
            by_id = {m["id"]: m for m in side["members"]}
            cmb["sides"] = [
                {**sd, "members": [by_id[cid] for cid in off.order]} if j == i else sd
                for j, sd in enumerate(cmb["sides"])
            ]
            _log(
                cmb,
                f"{side['name']} "
                + str(off)
                .replace("roll-off", "roll-off within the side")
                .replace(", ".join(off.order), ", ".join(str(names[c]) for c in off.order)),
                ctx,
            )
            return S.save(model, _put(st, cmb), ctx, "Roll-off within side")
        if kind == "percentile.piece_next":
            cmb["piece"] = int(cmb.get("piece", 1)) + 1
            cmb["order"] = None  # PCT-26: the order is checked again every piece
            _log(cmb, f"piece {cmb['piece']} of the round: roll the order again", ctx)
            return S.save(model, _put(st, cmb), ctx, "Next piece")
    except MissingValue as exc:
        # Next to its field when the worksheet has one, else under the attack button.
        key = f"attack-{exc.field}" if exc.field in ATTACK_NUMBERS else "attack"
        return with_error(model, key, str(exc))
    except RulekeeperError as exc:
        key = (
            f"ap-{msg[1]}"
            if kind.startswith("percentile.ap_")
            else (
                "attack"
                if kind.startswith(("percentile.attack", "percentile.severity"))
                else "combat"
            )
        )
        if kind.startswith("percentile.poison"):
            key = "poison"
        if kind == "percentile.side_field":
            key = f"side-{msg[1]}"
        return with_error(model, key, str(exc))
    return model


def _mods_only(st: dict[str, Any]) -> dict[str, Fraction]:
    out = {}
    for side in st["combat"]["sides"]:
        chars = [S.character(st, m["id"]) for m in side["members"] if not m.get("asleep")]
        override = str(side.get("modifier") or "").strip()
        out[side["name"]] = (
            parse_number("damage modifier", override, -100_000, 100_000)
            if override
            else sides.side_modifier([int(c["damage_modifier"]) for c in chars if c])
        )
    return out


def _order(cmb: dict[str, Any]) -> sides.PrimaryAttack:
    raw = cmb.get("order")
    if not raw:
        raise RulekeeperError("Roll the order of attack first.")
    return sides.PrimaryAttack(
        {k: Fraction(v) for k, v in raw["results"].items()},
        list(raw["order"]),
        bool(raw["exclusive"]),
        False,
        tuple(raw.get("passed", [])),
    )


def _opt(a: dict[str, Any], key: str) -> Fraction | None:
    text = str(a.get(key) or "").strip()
    if not text:
        return None
    label, low, high, whole = ATTACK_NUMBERS[key]
    return parse_number(label, text, low, high, whole=whole)


def _resolve(
    model: Model,
    st: dict[str, Any],
    cmb: dict[str, Any],
    settings: combat.Settings,
    rng: RandintSource,
    ctx: Ctx,
) -> Model:
    a = cmb.get("attack", {})
    attacker = S.character(st, str(a.get("attacker", "")))
    target = S.character(st, str(a.get("target", "")))
    if attacker is None or target is None:
        return with_error(model, "attack", "Choose the attacker and the target.")
    weapons = attacker["weapons"]
    try:
        widx = int(a.get("weapon") or 0)
    except ValueError:
        widx = 0
    if not weapons or not 0 <= widx < len(weapons):
        return with_error(
            model, "attack", f"{attacker['name']} has no weapon: add one on the character sheet."
        )
    weapon = weapons[widx]
    parts = target["parts"]
    part_name = str(a.get("part") or (parts[0]["name"] if parts else ""))
    part = next((p for p in parts if p["name"] == part_name), None)
    if part is None:
        return with_error(
            model,
            "attack",
            f"{target['name']} has no body part {part_name!r}: add body parts on the sheet.",
        )
    category = str(weapon.get("category") or "weaponry")
    skill = (
        brawlmanship(int(attacker["brawl"]), int(weapon.get("attack_dif") or 0))
        if category == "hth"
        else marksmanship(int(attacker["aim"]), int(weapon.get("wep_dif") or 0))
    )
    cost = _opt(a, "ap_cost")
    if settings.ap == "c2" and cost is not None:
        st = _ledger_update(st, attacker["id"], lambda led: agility.spend(led, cost, "the attack"))
    adversity = _opt(a, "adversity_total")
    conditions = [c for c in str(a.get("adversity_conditions") or "").split(",") if c.strip()]
    if adversity is None and conditions:
        # PCT-34: the conditions present are summed from the GM's Tables 7.0-7.4 (PCT-M05).
        summed = gmtables.adversity_total(st["gm"], conditions)
        adversity = None if summed is None else Fraction(summed)
    mults = {s: v for s in ORGAN_SYSTEMS if (v := _opt(a, f"m_{s}")) is not None}
    inp = AttackInput(
        skill=skill,
        category=category,
        to_hit=settings.to_hit,
        brawl=Fraction(int(attacker["brawl"])),
        range_m=_opt(a, "range_m") or Fraction(0),
        percent_to_hit=_opt(a, "percent_to_hit"),
        percent_against=_opt(a, "percent_against"),
        adversity_total=None if adversity is None else int(adversity),
        damage_procedure=settings.damage,
        damage_die=str(weapon.get("damage_die") or ""),
        wep_mod=weapon.get("wep_mod"),
        table_3_3_damage=_opt(a, "table_3_3_damage"),
        damage_type=str(weapon.get("damage_type") or ""),
        damage_percentage=_opt(a, "damage_percentage"),
        grazing=settings.grazing,
        record_grazed=settings.graze_record == "grazed",
        race=S.race_of(str(target["race"])),
        part_name=part_name,
        part_points=S.part_of(part).points,
        part_damage=S.part_of(part).damage,
        body_points=[S.part_of(p).points for p in parts],
        descriptions=settings.descriptions,
        organ=settings.organ_damage,
        organ_multipliers=mults,
        location_mode=str(a.get("location") or "specify"),
        max_throw_m=_throw(st, a, attacker, weapon),
    )
    result = resolve_attack(inp, st["gm"], rng)
    if result.part is not None:
        target = S.character(st, target["id"]) or target
        target["parts"] = [
            {**p, "damage": str(result.part.damage)} if p["name"] == part_name else p
            for p in target["parts"]
        ]
        st = S.put_character(st, target)
        stun_mod = _opt(a, "stun_modifier")
        if st["gm"].get("PCT-M02") and result.damage is not None:
            # PCT-28 reading: the stun is the rise of the Table #3-7.0 modifier (whole points of
            # damage taken; old wounds do not stun again) and the new modifier is the character's.
            taken = sum((S.part_of(p).damage for p in target["parts"]), Fraction(0))
            before = math.floor(taken - result.damage.recorded)
            rise = gmtables.stun_modifier_increase(st["gm"], before, math.floor(taken))
            now = gmtables.damage_modifier(st["gm"], math.floor(taken))
            if now is not None:
                target = {**target, "damage_modifier": str(now)}
                st = S.put_character(st, target)
            if stun_mod is None and rise is not None:
                stun_mod = Fraction(rise)
        if settings.stun and stun_mod is not None:
            st = _ledger_update(st, target["id"], lambda led: agility.stun(led, stun_mod))
    cmb = {**_combat(st), "attack": a}
    cmb["attacked"] = sorted({*cmb.get("attacked", []), target["id"]})
    cmb["last_severity"] = result.severity_table
    _log(cmb, f"{attacker['name']} attacks {target['name']} with {weapon['name']}: {result}", ctx)
    cmb["last"] = list(result.lines)
    model = S.save(model, _put(st, cmb), ctx, f"Attack: {attacker['name']} → {target['name']}")
    errors = {
        k: v
        for k, v in model.ui.get("percentile_errors", {}).items()
        if not str(k).startswith("attack")
    }
    return model.with_ui(percentile_errors=errors)


def _throw(
    st: dict[str, Any], a: dict[str, Any], attacker: dict[str, Any], weapon: dict[str, Any]
) -> Fraction | None:
    """PCT-37: the throwing distance typed in, else Table #3-4.0 for Strength and weight."""
    typed = _opt(a, "max_throw_m")
    if typed is not None or weapon.get("weight_kg") in (None, ""):
        return typed
    if weapon.get("category") != "grenade" or not st["gm"].get("PCT-M08"):
        return None
    return gmtables.throw_distance(
        st["gm"], int(attacker["strength"]), Fraction(str(weapon["weight_kg"]))
    )


def _poison(
    model: Model, st: dict[str, Any], cmb: dict[str, Any], rng: RandintSource, ctx: Ctx
) -> Model:
    """PCT-54: a poison acts on the chosen organ systems only; nothing goes on the damage record."""
    p = cmb.get("poison", {})
    target = S.character(st, str(p.get("target", "")))
    if target is None or not target["parts"]:
        return with_error(model, "poison", "Choose a target with body parts.")
    part_name = str(p.get("part") or target["parts"][0]["name"])
    part = next((x for x in target["parts"] if x["name"] == part_name), target["parts"][0])
    systems = tuple(s for s in ORGAN_SYSTEMS if p.get(s) == "on")
    if not systems:
        return with_error(model, "poison", "Choose the organ system(s) the poison acts on (GM).")
    points = _opt(p, "poison_damage")
    wep_mod = str(p.get("wep_mod") or "").strip()
    if points is None and wep_mod and st["gm"].get("PCT-M13"):
        looked = gmtables.table_3_3(
            st["gm"], int(parse_number("WEP MOD", wep_mod, -1000, 1000)), Fraction(0)
        )
        points = None if looked is None else Fraction(looked)
    if points is None:
        return with_error(
            model,
            "attack-poison_damage",
            "Enter the Table #3-3 value, or the WEP MOD with Table #3-3 entered (PCT-M13).",
        )
    race = S.race_of(str(target["race"]))
    from pycore.systems.percentile.damage import organ_row

    mults: dict[str, Fraction] = (
        dict(gmtables.organ_multipliers(st["gm"], organ_row(race, part_name)) or {})
        if st["gm"].get("PCT-M15")
        else {}
    )
    for s in ORGAN_SYSTEMS:
        typed = _opt(cmb.get("attack", {}), f"m_{s}")
        if s not in mults and typed is not None:
            mults[s] = typed
    missing = [s for s in systems if s not in mults and s not in race.decentralized]
    if missing:
        return with_error(
            model,
            "poison",
            f"Enter the Table #3-3.1 multiplier for {', '.join(missing)} (organ damage fields of the attack) or the GM table PCT-M15.",
        )
    poison = Poison(
        str(p.get("name") or "poison"),
        systems,
        int(wep_mod or 0) if wep_mod.lstrip("-").isdigit() else 0,
    )
    organs = poison_damage(
        poison,
        race,
        part_name,
        S.part_of(part).points,
        points,
        mults,
        [S.part_of(x).points for x in target["parts"]],
    )
    lines = [
        f"{poison.name} on {target['name']} ({part_name}), {fmt(points)} points for the organ calculation only"
    ]
    for o in organs:
        desc = gmtables.organ_description(st["gm"], o.system, o.organ_dp)
        lines.append(str(o) + (f": {desc}" if desc else ""))
    cmb["last"] = lines
    _log(cmb, " · ".join(lines), ctx)
    return with_error(S.save(model, _put(st, cmb), ctx, f"Poison: {poison.name}"), "poison", None)


# ------------------------------------------------------------------------------------ views


def _sides_view(model: Model, st: dict[str, Any]) -> VNode:
    settings = S.settings_of(st)
    chars = st["characters"]
    blocks = []
    for i, side in enumerate(st["combat"]["sides"]):
        members = []
        for m in side["members"]:
            c = S.character(st, m["id"])
            if c is None:
                continue
            members.append(
                h(
                    "li",
                    {"class": "char-row", "data-testid": "percentile-member"},
                    h(
                        "span",
                        {"class": "skill-name"},
                        f"{c['name']} (PERCEPTION {c['perception']}, modifier {c['damage_modifier']})"
                        + (" — asleep" if m.get("asleep") else ""),
                    ),
                    field(
                        model,
                        f"percentile-member-ac-{i}-{m['id']}",
                        "AC % or level (a3; blank: the sheet's)",
                        m.get("ac", ""),
                        ("percentile.member_ac", i, m["id"]),
                    )
                    if settings.surprise == "a3"
                    else None,
                    button(
                        f"percentile-member-asleep-{m['id']}",
                        "Wake" if m.get("asleep") else "Asleep",
                        ("percentile.member_asleep", i, m["id"]),
                    ),
                    button(
                        f"percentile-member-remove-{m['id']}",
                        "Remove",
                        ("percentile.member_remove", i, m["id"]),
                    ),
                )
            )
        blocks.append(
            h(
                "div",
                {"class": "card", "data-testid": f"percentile-side-{i}"},
                h(
                    "div",
                    {"class": "grid2"},
                    field(
                        model,
                        f"percentile-side-name-{i}",
                        "Side name",
                        side["name"],
                        ("percentile.side_field", i, "name"),
                        error_key=f"side-{i}",
                    ),
                    field(
                        model,
                        f"percentile-side-modifier-{i}",
                        "Damage modifier (blank: members' mean)",
                        side.get("modifier", ""),
                        ("percentile.side_field", i, "modifier"),
                    ),
                    field(
                        model,
                        f"percentile-side-ac-{i}",
                        "Alertness % or level (a2)",
                        side.get("ac", ""),
                        ("percentile.side_field", i, "ac"),
                    )
                    if settings.surprise == "a2"
                    else None,
                    select(
                        f"percentile-side-add-{i}",
                        "Add a character",
                        "",
                        [("", "— choose —"), *[(c["id"], c["name"]) for c in chars]],
                        ("percentile.member_add", i),
                    ),
                ),
                h("ul", {"class": "chars"}, *members),
                button(
                    f"percentile-rolloff-{i}",
                    "Roll-off for the order within the side",
                    ("percentile.rolloff", i),
                    disabled=len(side["members"]) < 2,
                ),
            )
        )
    levels = gmtables.alertness_levels(st["gm"])
    for cid in st["combat"].get("raise_ac", []):
        c = S.character(st, cid)
        if c is None:
            continue
        member: dict[str, Any] = next(
            (m for sd in st["combat"]["sides"] for m in sd["members"] if m["id"] == cid), {}
        )
        current = str(member.get("ac") or c.get("alertness") or "") or None
        above = sides.higher_levels(levels, current) if levels else []
        if above:
            tail = f": {', '.join(above)}."
        elif levels:
            tail = ": already at the top level."
        else:
            tail = "; enter Table #3-5 (PCT-M01) to pick a level."
        blocks.append(
            h(
                "p",
                {"class": "notice", "data-testid": "percentile-raise-ac"},
                f"{c['name']} was attacked: the Alertness Condition rises this turn, at least one "
                f"level (PCT-17, the GM picks how far){tail}",
            )
        )
    return card(
        "pct-sides-h",
        "1. Sides",
        *blocks,
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-combat-error"},
            error_of(model, "combat"),
        ),
        button("percentile-side-add", "Add side", ("percentile.side_add",)),
    )


def _surprise_view(model: Model, st: dict[str, Any]) -> VNode:
    settings = S.settings_of(st)
    if settings.surprise == "none":
        return card(
            "pct-surprise-h", "2. Surprise", h("p", {}, "Surprise is switched off in the settings.")
        )
    try:
        targets, mods = side_values(st)
        chances = sides.lowest_odds(targets, mods)
        info: VNode = h(
            "div",
            {},
            h(
                "p",
                {"class": "muted small"},
                "; ".join(
                    f"{n}: target {fmt(targets[n])}, modifier {fmt(mods[n])}" for n in targets
                ),
            ),
            odds("percentile-surprise-odds", {f"{n} gets SURPRISE": p for n, p in chances.items()}),
        )
    except RulekeeperError as exc:
        info = h("p", {"class": "notice"}, str(exc))
    done = st["combat"].get("surprise")
    return card(
        "pct-surprise-h",
        f"2. Surprise ({settings.surprise})",
        info,
        button(
            "percentile-surprise-roll", "Roll surprise", ("percentile.surprise_roll",), primary=True
        ),
        h(
            "p",
            {"class": "explain", "data-testid": "percentile-surprise-result"},
            done["text"] if done else "",
        ),
        h(
            "p",
            {"class": "muted small"},
            "The side with SURPRISE has the only turn of this round (PCT-09). If the sides lose sight "
            "of each other, roll again with everyone's present Alertness Condition (PCT-16).",
        ),
    )


def _order_view(model: Model, st: dict[str, Any]) -> VNode:
    cmb = st["combat"]
    settings = S.settings_of(st)
    raw = cmb.get("order")
    try:
        first = sides.first_odds(_mods_only(st))
        first_node: VNode = odds(
            "percentile-order-odds", {f"{n} attacks first": p for n, p in first.items()}
        )
    except RulekeeperError as exc:
        first_node = h("p", {"class": "notice"}, str(exc))
    text = ""
    joiners: list[VNode] = []
    if raw:
        pa = _order(cmb)
        text = str(pa)
        acting = combat.acting_sides(
            pa.order, pa.exclusive, (cmb.get("surprise") or {}).get("winner")
        )
        text += f" · acting this round: {', '.join(acting)}"
        for side in cmb["sides"]:
            if side["name"] not in pa.results:
                joiners.append(
                    button(
                        f"percentile-join-{side['name']}",
                        f"{side['name']} joins",
                        ("percentile.order_join", side["name"]),
                    )
                )
    return card(
        "pct-order-h",
        f"3. Order of attack ({settings.order}) · round {cmb['round']}",
        first_node,
        h(
            "div",
            {"class": "row"},
            button(
                "percentile-order-roll", "Roll order", ("percentile.order_roll",), primary=not raw
            ),
            button(
                "percentile-order-pass",
                "Primary attack passes",
                ("percentile.order_pass",),
                disabled=not raw or bool(raw.get("passed")),
            ),
            *joiners,
            button(
                "percentile-piece-next",
                f"Next piece ({settings.piece_fraction} of the turn)",
                ("percentile.piece_next",),
            )
            if settings.pieces
            else None,
            button("percentile-round-next", "Next round", ("percentile.round_next",)),
        ),
        h(
            "p",
            {"class": "muted small", "data-testid": "percentile-piece"},
            f"piece {cmb.get('piece', 1)} of the round; each piece is a whole turn: order, actions, "
            "to-hit, damage (PCT-26)",
        )
        if settings.pieces
        else None,
        h("p", {"class": "explain", "data-testid": "percentile-order-result"}, text),
    )


def _ap_view(model: Model, st: dict[str, Any]) -> VNode:
    settings = S.settings_of(st)
    rows = []
    actions = gmtables.action_names(st["gm"])
    for cid in _members(st):
        c = S.character(st, cid)
        if c is None:
            continue
        rows.append(
            h(
                "li",
                {"class": "q-item", "data-testid": "percentile-ap-row"},
                h("p", {"class": "explain"}, f"{c['name']}: {S.ledger_of(c)}"),
                h(
                    "p",
                    {"class": "muted small", "data-testid": "percentile-ap-pieces"},
                    _pieces_text(c, settings),
                )
                if settings.pieces
                else None,
                select(
                    f"percentile-ap-action-{cid}",
                    "Action from Table #3-6 (fills its AP cost)",
                    "",
                    [("", "— choose —"), *[(n, n) for n in actions]],
                    ("percentile.ap_action", cid),
                )
                if actions
                else None,
                h(
                    "div",
                    {"class": "row"},
                    field(
                        model,
                        f"percentile-ap-{cid}",
                        "AP (spend / borrow) or Table #3-7.0 modifier (stun)",
                        st["combat"].get("ap_input", {}).get(cid, ""),
                        ("percentile.ap_field", cid),
                        error_key=f"ap-{cid}",
                    ),
                    button(f"percentile-ap-spend-{cid}", "Spend", ("percentile.ap_spend", cid)),
                    button(
                        f"percentile-ap-borrow-{cid}",
                        "Borrow",
                        ("percentile.ap_borrow", cid),
                        disabled=not settings.borrowing,
                    ),
                    button(
                        f"percentile-ap-stun-{cid}",
                        "Stun",
                        ("percentile.ap_stun", cid),
                        disabled=not settings.stun,
                    ),
                ),
            )
        )
    if settings.ap == "c1":
        return card(
            "pct-ap-h",
            "4. Agility points (c1)",
            h(
                "p",
                {"data-testid": "percentile-ap-c1"},
                "Procedure c1: agility points are not tracked; the GM judges whether a player has "
                "moved enough (line 77). Choose c2 in the settings to spend them.",
            ),
        )
    pieces = ""
    if settings.pieces:
        pieces = f"Pieces of {settings.piece_fraction} of each turn: the order is rolled every piece (PCT-26)."
    return card(
        "pct-ap-h",
        f"4. Agility points ({settings.ap})",
        h(
            "p",
            {"class": "muted small"},
            "½ s per 10 % of a turn's AP; borrowing gives 1 AP now for 3 of the next turn; stun owes modifier ÷ 10 AP. "
            + pieces,
        ),
        h("ul", {"class": "q-list"}, *rows)
        if rows
        else h("p", {"class": "muted"}, "Add characters to the sides first."),
    )


def _pieces_text(c: dict[str, Any], settings: combat.Settings) -> str:
    """PCT-26: this turn's AP cut into pieces of the chosen size, each a fraction of 5 s."""
    ledger = S.ledger_of(c)
    if ledger.available <= 0:
        return "no-movement turn: no pieces"
    pieces = agility.turn_pieces(ledger.available, settings.piece)
    return (
        f"{len(pieces)} pieces: "
        + "; ".join(str(p) for p in pieces[:3])
        + ("; …" if len(pieces) > 3 else "")
    )


def _attack_view(model: Model, st: dict[str, Any]) -> VNode:
    settings = S.settings_of(st)
    a = st["combat"].get("attack", {})
    chars = st["characters"]
    options = [("", "— choose —"), *[(c["id"], c["name"]) for c in chars]]
    attacker = S.character(st, str(a.get("attacker", "")))
    target = S.character(st, str(a.get("target", "")))
    weapons = (
        [(str(i), f"{w['name']} ({w.get('category')})") for i, w in enumerate(attacker["weapons"])]
        if attacker
        else []
    )
    parts = (
        [(p["name"], f"{p['name']} ({p['points']} points)") for p in target["parts"]]
        if target
        else []
    )

    def num(key: str) -> VNode:
        return field(
            model,
            f"percentile-attack-{key}",
            ATTACK_NUMBERS[key][0],
            a.get(key, ""),
            ("percentile.attack_field", key),
            error_key=f"attack-{key}",
        )

    extra: list[VNode] = []
    if settings.to_hit in ("d2", "d3"):
        extra.append(num("percent_to_hit"))
    if settings.to_hit == "d3":
        extra += [num("percent_against"), num("adversity_total")]
        if st["gm"].get("PCT-M05"):
            extra.append(
                field(
                    model,
                    "percentile-attack-adversity_conditions",
                    "Adversity conditions present (Tables 7.0-7.4, comma-separated)",
                    a.get("adversity_conditions", ""),
                    ("percentile.attack_field", "adversity_conditions"),
                    error_key="attack-adversity_conditions",
                )
            )
    if settings.damage == "3":
        extra.append(num("table_3_3_damage"))
    if settings.damage == "1":
        extra.append(num("damage_percentage"))
    if settings.organ_damage:
        extra += [num(f"m_{s}") for s in ORGAN_SYSTEMS]
    last = st["combat"].get("last") or []
    return card(
        "pct-attack-h",
        f"5. Attack: to-hit {settings.to_hit}, damage procedure {settings.damage}",
        h(
            "div",
            {"class": "grid2"},
            select(
                "percentile-attack-attacker",
                "Attacker",
                str(a.get("attacker", "")),
                options,
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
                options,
                ("percentile.attack_field", "target"),
            ),
            select(
                "percentile-attack-part",
                "Body part (GM / direct hit)",
                str(a.get("part", "")),
                parts or [("", "— no body parts —")],
                ("percentile.attack_field", "part"),
            ),
            select(
                "percentile-attack-location",
                "Location",
                str(a.get("location", "specify")),
                [("specify", "specified by the GM"), ("roll", "rolled on Table #3-3.4")],
                ("percentile.attack_field", "location"),
            ),
            num("range_m"),
            num("ap_cost"),
            num("stun_modifier"),
            num("max_throw_m"),
            *extra,
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-attack-error"},
            error_of(model, "attack"),
        ),
        button(
            "percentile-attack-resolve",
            "Roll the attack",
            ("percentile.attack_resolve",),
            primary=True,
        ),
        h(
            "ol",
            {"class": "explain", "data-testid": "percentile-attack-result", "aria-live": "polite"},
            *[h("li", {}, line) for line in last],
        ),
        button(
            "percentile-severity-roll",
            f"Severity roll on {st['combat']['last_severity']} "
            "(for a wound left untreated for an extended period, line 125)",
            ("percentile.severity_roll",),
        )
        if st["combat"].get("last_severity")
        else None,
    )


def _poison_view(model: Model, st: dict[str, Any]) -> VNode:
    p = st["combat"].get("poison", {})
    chars = st["characters"]
    target = S.character(st, str(p.get("target", "")))
    parts = [(x["name"], x["name"]) for x in target["parts"]] if target else []
    systems = [
        select(
            f"percentile-poison-{s}",
            f"Acts on {s.replace('_', '-')}",
            "on" if p.get(s) == "on" else "off",
            [("off", "no"), ("on", "yes")],
            ("percentile.poison_field", s),
        )
        for s in ORGAN_SYSTEMS
    ]
    return card(
        "pct-poison-h",
        "Poisons and drugs (PCT-54)",
        h(
            "p",
            {"class": "muted small"},
            "A poison acts on the organ systems the GM chooses; its Table #3-3 points feed the organ "
            "damage only, never the damage record. Multipliers come from Table #3-3.1 (PCT-M15) or "
            "the attack's organ fields (organ damage on in the settings).",
        ),
        h(
            "div",
            {"class": "grid2"},
            field(
                model,
                "percentile-poison-name",
                "Poison or drug",
                p.get("name", ""),
                ("percentile.poison_field", "name"),
            ),
            select(
                "percentile-poison-target",
                "Target",
                str(p.get("target", "")),
                [("", "— choose —"), *[(c["id"], c["name"]) for c in chars]],
                ("percentile.poison_field", "target"),
            ),
            select(
                "percentile-poison-part",
                "Site (body part)",
                str(p.get("part", "")),
                parts or [("", "— no body parts —")],
                ("percentile.poison_field", "part"),
            ),
            field(
                model,
                "percentile-poison-wep_mod",
                "WEP MOD (GM)",
                p.get("wep_mod", ""),
                ("percentile.poison_field", "wep_mod"),
            ),
            field(
                model,
                "percentile-poison-poison_damage",
                ATTACK_NUMBERS["poison_damage"][0],
                p.get("poison_damage", ""),
                ("percentile.poison_field", "poison_damage"),
                error_key="attack-poison_damage",
            ),
            *systems,
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-poison-error"},
            error_of(model, "poison"),
        ),
        button("percentile-poison-apply", "Work out the organ damage", ("percentile.poison",)),
    )


def view(model: Model) -> VNode:
    st = S.state(model)
    settings = S.settings_of(st)
    log = st["combat"]["log"]
    return h(
        "div",
        {"class": "page"},
        h(
            "p",
            {"class": "notice", "data-testid": "percentile-worksheet-settings"},
            "Settings: " + settings.summary(),
        ),
        h("p", {"class": "muted small"}, "Sequence: " + " · ".join(combat.combat_sequence())),
        _sides_view(model, st),
        _surprise_view(model, st),
        _order_view(model, st),
        _ap_view(model, st),
        _attack_view(model, st),
        _poison_view(model, st),
        card("pct-log-h", f"Combat log ({len(log)})", log_list("percentile-log-entry", log)),
    )
