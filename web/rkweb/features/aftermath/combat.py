"""Aftermath Combat tab: the worksheet. Attacker and target from the sheets, a missile (AFT-57)
or hand-to-hand (AFT-56) attack with every BCS modifier line by line and the exact chance, then
one press resolves it with the core (roll, critical, location and split, damage, AV, Damage Done,
special effect, stopping, Critical Effect) and applies it to the target, undoably. Turn and
phase drive the condition timers; the values the source lacks are named fields here or on the
sheets, and the worksheet says which step waits for one."""

from __future__ import annotations

from typing import Any

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.systems.aftermath import combat, firearms
from pycore.systems.aftermath import sheet as core
from pycore.systems.aftermath.armor import armor_material
from pycore.systems.aftermath.bcs import plus_one_change
from pycore.systems.aftermath.critical import PHASES, Moment
from pycore.systems.aftermath.locations import DIRECTIONS
from pycore.systems.aftermath.weapons import suspect_rows, weapon, weapon_names, weapons
from pycore.tables import load_table
from pycore.validate import exact
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.aftermath.characters import conditions_card
from rkweb.features.aftermath.state import (
    LOG_LIMIT,
    SETTINGS,
    errors,
    names,
    optional_int,
    quietly,
    state,
    suspect_setting,
    undoable,
    with_error,
)
from rkweb.features.aftermath.widgets import button, chip, chips, field, log_list, odds, select
from rkweb.kit.numbers import odds_text

GUNS = (
    ("pistol|SNUB", "Pistol, SNUB barrel"),
    ("pistol|SHT", "Pistol, SHT barrel"),
    ("pistol|STD", "Pistol, STD barrel"),
    ("pistol|LNG", "Pistol, LNG barrel"),
    ("pistol|XLNG", "Pistol, XLNG barrel"),
    ("long_gun|Carbine", "Long gun, carbine"),
    ("long_gun|Rifle", "Long gun, rifle"),
    ("shotgun|Slug", "Shotgun, slug"),
    ("shotgun|Shot", "Shotgun, shot"),
    ("smg|SMG", "SMG (Inherent Accuracy entered)"),
)
MODE_NAMES = {"missile": "missile", "hth": "hand-to-hand", "thrown": "thrown"}
ZONES = (
    ("character_hex", "In the attacker's own hex"),
    ("front_side_rear_hex", "Front, Side or Rear hex"),
    ("long_hex", "Long Front or Long Side hex"),
)
YES_NO: dict[str, bool] = {"yes": True, "no": False}
INT_FIELDS = {
    "bcs": (-100, 100),
    "count": (1, 8),
    "damage_taken": (0, 1000),
    "bursts": (0, 20),
    "shots": (1, 3),
    "encumbrance": (-2, 0),
    "distractions": (0, 20),
}
OPTIONAL_INT_FIELDS = {
    "ia_value": (-10, 10),
    "bdg": (0, 200),
    "damage_potential": (0, 1000),
    "near_side": (1, 30),
    "durability": (0, 100),
    "max_bursts": (1, 20),
    "cover_av": (0, 200),
}
SETTING_INTS = {
    "critical_hit_rule": (1, 20),
    "critical_miss_rule": (1, 20),
    "bcs_per_distraction": (-20, 0),
    "weapon_note_13_cap": (1, 10),
    "bdg_long_gun_38_40": (1, 200),
    "bdg_long_gun_44_40": (1, 200),
    "bdg_long_gun_44_magnum": (1, 200),
    "bdg_birdshot_10": (1, 200),
    "bdg_birdshot_12": (1, 200),
}
MISSING_BDG = {
    "long gun:38-40": "bdg_long_gun_38_40",
    "long gun:44-40": "bdg_long_gun_44_40",
    "long gun:44 Magnum": "bdg_long_gun_44_magnum",
    "shot:12-9:10": "bdg_birdshot_10",
    "shot:12-9:12": "bdg_birdshot_12",
}


def _now(st: dict[str, Any]) -> Moment:
    c = st["combat"]
    return Moment(int(c["turn"]), int(c["phase"]))


def _char(st: dict[str, Any], key: str) -> tuple[int, dict[str, Any] | None]:
    index = int(st["combat"].get(key, 0) or 0)
    chars = st["characters"]
    return (index, chars[index]) if 0 <= index < len(chars) else (index, None)


def ammunition_options(settings: dict[str, Any]) -> list[tuple[str, str]]:
    """Every cartridge the worksheet offers, with its base BDG (or what it waits for)."""
    out = [
        (f"pistol:{a.name}", f"Pistol {a.name} (BDG {a.bdg})") for a in firearms.pistol_ammunition()
    ]
    out += [
        (
            f"long gun:{a.name}",
            f"Long gun {a.name} (BDG {a.bdg})" + (" — read from '32-30'" if a.note else ""),
        )
        for a in firearms.long_gun_ammunition()
    ]
    for name in ("38-40", "44-40", "44 Magnum"):
        key = f"long gun:{name}"
        given = settings.get(MISSING_BDG[key], "")
        out.append(
            (
                key,
                f"Long gun {name} (BDG {given})"
                if given
                else f"Long gun {name} (BDG not in the source: enter it in settings)",
            )
        )
    table = load_table("aftermath", "bdg_shot_shell")
    for row in table.rows:
        for gauge in firearms.GAUGES:
            cell = table.cell(row["shot"], gauge)
            if cell == "x":
                continue
            key = f"shot:{row['shot']}:{gauge}"
            if cell == "?":
                given = settings.get(MISSING_BDG.get(key, ""), "")
                text = f"BDG {given}" if given else "BDG lost in the source: enter it in settings"
            else:
                text = f"BDG {cell}"
            out.append((key, f"Shot shell {row['shot']}, {gauge} gauge ({text})"))
    return out


def base_bdg(form: dict[str, Any], settings: dict[str, Any]) -> int:
    """The base BDG of the chosen ammunition (T40-T42), or the entered override."""
    override = optional_int(form.get("bdg"))
    if override is not None:
        return override
    ammo = str(form.get("ammo", ""))
    supplied = optional_int(settings.get(MISSING_BDG.get(ammo, ""), ""))
    if ammo.startswith("shot:"):
        _, shot, gauge = ammo.split(":", 2)
        return firearms.shot_shell_bdg(shot, gauge, supplied)
    table, _, caliber = ammo.partition(":")
    return firearms.ammunition_bdg(table, caliber, supplied)


def _shot(form: dict[str, Any]) -> str:
    """The shot size of a shot-shell load (AFT-51: its B damage), "" for cartridges."""
    ammo = str(form.get("ammo", ""))
    if ammo.startswith("shot:") and optional_int(form.get("bdg")) is None:
        return ammo.split(":", 2)[1]
    return ""


def _gun_critical_row(form: dict[str, Any], settings: dict[str, Any]) -> str:
    gun = str(form["gun"])
    group = load_table("aftermath", "range_steps").row_by(
        "row", firearms.range_row(str(form["range_row"]))
    )["group"]
    if group == "autofire" or form.get("autofire"):
        return "burst"
    if gun == "pistol":
        return "pistol"
    if gun in ("long_gun", "smg"):
        return "rifle"
    row = str(settings.get("shotgun_critical_row", ""))
    if not row:
        if form.get("critical_hit"):
            raise RuleError(
                "shotguns have no Critical Hit Enhancement row: choose one in settings (AFT-M39)"
            )
        return "none"
    return row


def _critical_rules(settings: dict[str, Any]) -> tuple[int | None, int | None]:
    return optional_int(settings.get("critical_hit_rule")), optional_int(
        settings.get("critical_miss_rule")
    )


def _sheets(st: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    _, attacker = _char(st, "attacker")
    _, target = _char(st, "target")
    if attacker is None or target is None:
        raise RuleError("choose an attacker and a target (create them in the Characters tab)")
    return attacker, target


def missile_attack(st: dict[str, Any]) -> combat.MissileAttack:
    """The core's missile attack from the form, the two sheets and the settings."""
    settings = st["settings"]
    form = st["combat"]["missile"]
    attacker, target = _sheets(st)
    now = _now(st)
    attacker_view = _derived(attacker, now, settings)
    target_view = _derived(target, now, settings)
    armor = {n: core.bullet_av(target, n) for n in core.LOCATIONS}
    hit_rule, miss_rule = _critical_rules(settings)
    return combat.MissileAttack(
        base_bcs=int(form["bcs"]),
        range_row=str(form["range_row"]),
        meters=exact(str(form["meters"]).strip() or "0", "range (m)"),
        gun=str(form["gun"]),
        size=str(form["size"]),
        target_cda=target["derived"]["cda"],
        base_bdg=base_bdg(form, settings),
        armor=armor,
        average_bcs=attacker["average_bcs"],
        situations=tuple(form["situations"]),
        damage_taken_this_turn=int(form["damage_taken"]),
        dazed=attacker_view.dazed,
        ia_value=optional_int(form["ia_value"]),
        autofire=bool(form["autofire"]),
        bursts=int(form["bursts"]),
        match=bool(form["match"]),
        target_action=str(form["target_action"]),
        dodging=bool(form["dodging"]),
        encumbrance_bcs=_encumbrance_bcs(attacker_view, form),
        distractions=int(form["distractions"]),
        bcs_per_distraction=optional_int(settings["bcs_per_distraction"]),
        target_save=_target_save(target, settings),
        gun_critical_row=_gun_critical_row(form, settings),
        critical_hit=bool(form["critical_hit"]),
        critical_miss=bool(form["critical_miss"]),
        critical_hit_at_or_below=hit_rule,
        critical_miss_at_or_above=miss_rule,
        body=str(target["body"]),
        direction=str(form["direction"]) or None,
        attack_from=str(form["attack_from"]),
        near_side=optional_int(form["near_side"]),
        special_effect_roll=bool(form["special_effect"]),
        target_mass=target["derived"]["mass"],
        target_health_group=target_view.groups["HLH"].number,
        cuts=YES_NO.get(str(form.get("cuts", ""))),
        pbr_mode=str(settings["pbr_bdg_modifier"]),
        shot=_shot(form),
        regions=core.location_regions(target),
        rounding=str(settings["unstated_rounding"]),
        at=now,
        critical_miss_table=str(form["miss_table"]),
        durability=optional_int(form["durability"]),
        modern_96=str(settings["modern_crit_miss_96"]),
        autoloading=YES_NO.get(str(form["autoloading"])),
        gun_action=str(form["gun_action"]),
        bdg_order=str(settings["bdg_order"]),
        cover_av=optional_int(form["cover_av"]) or 0,
        shots=int(form["shots"]),
        burst_size=int(form["burst_size"]),
        max_bursts=optional_int(form["max_bursts"]),
        has_extractor=YES_NO.get(str(form["extractor"])),
    )


def hth_attack(st: dict[str, Any], thrown: bool = False) -> combat.HthAttack:
    """The core's hand-to-hand (or thrown, muscle-powered missile) attack from the form, the
    two sheets and the settings."""
    settings = st["settings"]
    form = st["combat"]["thrown" if thrown else "hth"]
    attacker, target = _sheets(st)
    now = _now(st)
    attacker_view = _derived(attacker, now, settings)
    target_view = _derived(target, now, settings)
    armor: dict[int, tuple[int, str]] = {}
    for n in core.LOCATIONS:
        pieces = target["armor"].get(str(n), [])
        av = target_view.av[n]
        fmt = ""
        for piece in pieces:
            found = armor_material(piece)
            if found.material == av.source:
                fmt = found.format
        armor[n] = (av.av, fmt)
    hit_rule, miss_rule = _critical_rules(settings)
    cuts = YES_NO.get(str(form["cuts"]))
    extra: dict[str, Any] = {}
    if thrown:
        extra = {
            "thrown": True,
            "missile_situations": tuple(form["situations"]),
            "average_bcs": attacker["average_bcs"],
            "damage_taken_this_turn": int(form["damage_taken"]),
            "target_cda": target["derived"]["cda"],
            "target_action": str(form["target_action"]),
            "dodging": bool(form["dodging"]),
            "count": int(form["count"]),
            "deftness_group": attacker_view.effective["DFT"].number,
            "special_effect_roll": bool(form["special_effect"]),
            "target_mass": target["derived"]["mass"],
        }
    return combat.HthAttack(
        **extra,
        base_bcs=int(form["bcs"]),
        weapon=str(form["weapon"]),
        use=str(form.get("use", "strike")),
        strength_group=attacker_view.groups["STR"].number,
        zone=str(form.get("zone", "front_side_rear_hex")),
        situations=() if thrown else tuple(form["situations"]),
        starred_apply=settings["starred_hth_modifiers"] == "apply",
        dazed=attacker_view.dazed,
        encumbrance_bcs=_encumbrance_bcs(attacker_view, form),
        distractions=int(form["distractions"]),
        bcs_per_distraction=optional_int(settings["bcs_per_distraction"]),
        target_save=_target_save(target, settings),
        damage_potential=optional_int(form["damage_potential"]),
        armor=armor,
        critical_hit=bool(form["critical_hit"]),
        critical_miss=bool(form["critical_miss"]),
        critical_hit_at_or_below=hit_rule,
        critical_miss_at_or_above=miss_rule,
        body=str(target["body"]),
        direction=str(form["direction"]) or None,
        attack_from=str(form["attack_from"]),
        near_side=optional_int(form["near_side"]),
        target_health_group=target_view.groups["HLH"].number,
        cuts=cuts,
        regions=core.location_regions(target),
        rounding=str(settings["unstated_rounding"]),
        at=now,
        note_13=str(settings["weapon_note_13"]),
        note_13_cap_multiple=optional_int(settings["weapon_note_13_cap"]),
        thrown_critical_miss_table=str(settings["thrown_critical_miss_table"]),
    )


def _field(model: Model, mode: str, key: str, raw: str) -> Model:
    st = state(model)
    form = st["combat"][mode]
    if key in INT_FIELDS:
        low, high = INT_FIELDS[key]
        value = optional_int(raw)
        if value is None or not low <= value <= high:
            return with_error(model, f"cbt.{key}", f"Must be a whole number from {low} to {high}.")
        form[key] = value
    elif key in OPTIONAL_INT_FIELDS:
        low, high = OPTIONAL_INT_FIELDS[key]
        value = optional_int(raw)
        if raw.strip() and (value is None or not low <= value <= high):
            return with_error(
                model, f"cbt.{key}", f"Must be empty or a whole number from {low} to {high}."
            )
        form[key] = "" if value is None else value
    elif key == "meters":
        try:
            meters = exact(raw, "range (m)")  # as typed; no "1e99999999" to work out
        except (ValueError, ZeroDivisionError):
            return with_error(
                model, "cbt.meters", "Range must be a number of metres, e.g. 25 or 12.5."
            )
        if not 0 <= meters <= 100_000:
            return with_error(model, "cbt.meters", "Range must be from 0 to 100000 m.")
        form[key] = raw.strip()
    elif key == "gun":
        gun, _, size = raw.partition("|")
        form["gun"], form["size"] = gun, size
    elif key == "skill":
        form["skill"] = raw
        _, attacker = _char(st, "attacker")
        for skill in (attacker or {}).get("skills", []):
            if skill["name"] == raw:
                form["bcs"] = skill["bcs"]
    else:
        form[key] = raw
    model = with_error(model, f"cbt.{key}", None)
    st["combat"][mode] = form
    return quietly(model, st)


def _toggle(model: Model, mode: str, key: str) -> Model:
    st = state(model)
    form = st["combat"][mode]
    if key.startswith("sit:"):
        name = key[4:]
        chosen = list(form["situations"])
        form["situations"] = [k for k in chosen if k != name] if name in chosen else [*chosen, name]
    else:
        form[key] = not form[key]
    st["combat"][mode] = form
    return quietly(model, st)


def _resolve(model: Model, ctx: Ctx) -> Model:
    st = state(model)
    mode = str(st["combat"]["mode"])
    rng = seeded(ctx.fresh_seed)
    try:
        if mode in ("hth", "thrown"):
            result = combat.resolve_hth(hth_attack(st, mode == "thrown"), rng)
        else:
            result = combat.resolve_missile(missile_attack(st), rng)
        target_index, target = _char(st, "target")
        assert target is not None
        new_target, notes = core.apply_resolution(target, result)
        attacker_index, attacker = _char(st, "attacker")
        hurt: tuple[str, ...] = ()
        if attacker is not None:
            same = attacker_index == target_index
            new_attacker, hurt = core.apply_to_attacker(new_target if same else attacker, result)
    except RuleError as exc:
        return with_error(model, "cbt.resolve", str(exc))
    who = f"{(attacker or {}).get('name', '?')} → {target['name']}"
    summary = combat.summary(result)
    entry = {
        "text": f"{_now(st)} · {who} ({MODE_NAMES.get(mode, mode)}): {summary}",
        "steps": [str(s) for s in result.steps],
        "applied": [*notes, *(f"{(attacker or {}).get('name', '?')}: {n}" for n in hurt)],
        "at": ctx.now,
        "seed": ctx.fresh_seed,
        "chance": odds_text(result.chance),
        "effect": result.effect,
        "target": target_index,
    }
    st["characters"][target_index] = new_target
    if attacker is not None and (hurt or attacker_index == target_index):
        st["characters"][attacker_index] = new_attacker
    st["combat"]["log"] = [entry, *st["combat"]["log"]][:LOG_LIMIT]
    model = with_error(model, "cbt.resolve", None)
    return undoable(model, st, f"Attack: {who}", ctx)


def _derived(sheet_: dict[str, Any], now: Moment, settings: dict[str, Any]) -> core.SheetView:
    """The sheet's derived values under the campaign's readings (AFT-M29, AFT-02)."""
    return core.derive(
        sheet_, now, str(settings["group8_effect_die"]), str(settings["unstated_rounding"])
    )


def _encumbrance_bcs(view: core.SheetView, form: dict[str, Any]) -> int:
    """AFT-33: the attacker's status from his sheet once ENC CAP is entered, else the form's."""
    return view.encumbrance.bcs if view.encumbrance is not None else int(form["encumbrance"])


def _target_save(target: dict[str, Any], settings: dict[str, Any]) -> combat.LowerSave:
    """The target's Health throws (AFT-23 to AFT-27): a PC or personality NPC may lower an
    effect; the Health AST and CST are the sheet's (AFT-M03)."""
    return combat.LowerSave(
        bool(target.get("personality")),
        optional_int(target["ast"]["HLH"]),
        optional_int(target["cst"]["HLH"]),
        settings["noncutting_head_sever"] == "death_blow",
    )


def _advance(model: Model, ctx: Ctx, turns: int) -> Model:
    st = state(model)
    c = st["combat"]
    if turns:
        c["turn"], c["phase"] = int(c["turn"]) + 1, 1
        label = f"Next Combat Turn ({c['turn']})"
    else:
        phase = int(c["phase"]) + 1
        if phase > PHASES:
            c["turn"], phase = int(c["turn"]) + 1, 1
        c["phase"] = phase
        label = f"Next Action Phase (turn {c['turn']}, phase {phase})"
    return undoable(model, st, label, ctx)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    kind = msg[0]
    if kind == "aftermath.cbt_field":
        return _field(model, str(msg[1]), str(msg[2]), str(msg[-1]))
    if kind == "aftermath.cbt_toggle":
        return _toggle(model, str(msg[1]), str(msg[2]))
    if kind == "aftermath.cbt_pick":
        st = state(model)
        key, raw = str(msg[1]), str(msg[-1])
        st["combat"][key] = int(raw) if key in ("attacker", "target") else raw
        return quietly(model, st)
    if kind == "aftermath.cbt_resolve":
        return _resolve(model, ctx)
    if kind == "aftermath.cbt_next_phase":
        return _advance(model, ctx, 0)
    if kind == "aftermath.cbt_next_turn":
        return _advance(model, ctx, 1)
    if kind == "aftermath.cbt_clear":
        st = state(model)
        st["combat"]["log"] = []
        return undoable(model, st, "Clear combat log", ctx)
    if kind == "aftermath.set_field":
        st = state(model)
        key, raw = str(msg[1]), str(msg[-1]).strip()
        if key in SETTING_INTS and raw:
            low, high = SETTING_INTS[key]
            value = optional_int(raw)
            if value is None or not low <= value <= high:
                return with_error(
                    model, f"set.{key}", f"Must be empty or a whole number from {low} to {high}."
                )
        if key not in SETTINGS:
            return model
        st["settings"][key] = raw
        return quietly(with_error(model, f"set.{key}", None), st)
    return model


def _err(model: Model, key: str) -> str:
    return errors(model).get(key, "")


def _skills(sheet_: dict[str, Any] | None) -> list[tuple[str, str]]:
    return [("", "— enter the BCS below —")] + [
        (s["name"], f"{s['name']} (BCS {s['bcs']})") for s in (sheet_ or {}).get("skills", [])
    ]


def _direction_fields(model: Model, mode: str, form: dict[str, Any], body: str) -> list[VNode]:
    directions = [("", "Level (no modifier)")] + [
        (d, f"From {d}") for d in DIRECTIONS.get(body, ())
    ]
    return [
        select(
            f"aft-{mode}-direction",
            f"Hit location modifier ({body}, AFT-T09)",
            form["direction"],
            directions,
            ("aftermath.cbt_field", mode, "direction"),
        ),
        select(
            f"aft-{mode}-from",
            "Attack from (for splitting a multiple location)",
            form["attack_from"],
            [("front", "Front"), ("rear", "Rear"), ("side", "Side")],
            ("aftermath.cbt_field", mode, "attack_from"),
        ),
        field(
            f"aft-{mode}-near",
            "Side attacks: location on the near side (figure missing, AFT-F1)",
            form["near_side"],
            ("aftermath.cbt_field", mode, "near_side"),
            _err(model, "cbt.near_side"),
        ),
    ]


def _attacker_fields(
    model: Model, mode: str, form: dict[str, Any], attacker: dict[str, Any] | None
) -> list[VNode]:
    """The attacker's skill (which fills the BCS) and the base BCS, on every form."""
    return [
        select(
            f"aft-{mode}-skill",
            "Attacker's skill",
            form["skill"],
            _skills(attacker),
            ("aftermath.cbt_field", mode, "skill"),
        ),
        field(
            f"aft-{mode}-bcs",
            "Base BCS",
            form["bcs"],
            ("aftermath.cbt_field", mode, "bcs"),
            _err(model, "cbt.bcs"),
        ),
    ]


def _target_movement(mode: str, form: dict[str, Any]) -> VNode:
    """AFT-T07: the target's movement multiplies its CDA (missiles and thrown weapons)."""
    return select(
        f"aft-{mode}-action",
        "Target's movement (AFT-T07)",
        form["target_action"],
        [
            ("stationary", "Not moving / in combat / Combat Move ×1"),
            ("walking", "Walking ×2"),
            ("running", "Running ×3"),
            ("falling", "Falling ×3"),
        ],
        ("aftermath.cbt_field", mode, "target_action"),
    )


def _damage_taken(model: Model, mode: str, form: dict[str, Any], who: str) -> VNode:
    return field(
        f"aft-{mode}-damaged",
        f"Damage the {who} took this Combat Turn",
        form["damage_taken"],
        ("aftermath.cbt_field", mode, "damage_taken"),
        _err(model, "cbt.damage_taken"),
    )


def _encumbrance(mode: str, form: dict[str, Any]) -> VNode:
    return select(
        f"aft-{mode}-enc",
        "Encumbrance status (AFT-33; the sheet's, once its ENC CAP is entered)",
        form["encumbrance"],
        [("0", "Unencumbered (0)"), ("-1", "Partially (−1)"), ("-2", "Fully (−2)")],
        ("aftermath.cbt_field", mode, "encumbrance"),
    )


def _distractions(model: Model, mode: str, form: dict[str, Any]) -> VNode:
    return field(
        f"aft-{mode}-distractions",
        "Distractions suffered (count, AFT-41; BCS each in settings)",
        form["distractions"],
        ("aftermath.cbt_field", mode, "distractions"),
        _err(model, "cbt.distractions"),
    )


def _cuts_by_letter(mode: str, form: dict[str, Any]) -> VNode:
    """AFT-25 reading: a hand weapon cuts by its damage letter unless the user says."""
    return select(
        f"aft-{mode}-cuts",
        "Does it cut? (Sever or broken bone, AFT-25)",
        form["cuts"],
        [("", "By damage letter (L cuts)"), ("yes", "Yes"), ("no", "No")],
        ("aftermath.cbt_field", mode, "cuts"),
    )


def _flag(mode: str, tail: str, label: str, form: dict[str, Any], key: str) -> VNode:
    """An attack option toggled on the form."""
    return chip(f"aft-{mode}-{tail}", label, bool(form[key]), ("aftermath.cbt_toggle", mode, key))


def _missile_situations(mode: str, form: dict[str, Any]) -> list[VNode]:
    """AFT-T05 as chips, for guns and muscle-powered missiles alike."""
    return [
        chip(
            f"aft-{mode}-sit-{row['key']}",
            f"{row['situation']} ({row['printed']})",
            row["key"] in form["situations"],
            ("aftermath.cbt_toggle", mode, f"sit:{row['key']}"),
        )
        for row in load_table("aftermath", "situation_modifiers_missile").rows
    ]


def _missile_form(
    model: Model, st: dict[str, Any], attacker: dict[str, Any] | None, body: str
) -> list[VNode]:
    form = st["combat"]["missile"]
    settings = st["settings"]
    sits = _missile_situations("missile", form)
    flags = [
        _flag("missile", "autofire", "Automatic fire", form, "autofire"),
        _flag("missile", "match", "Match weapon (+1)", form, "match"),
        _flag("missile", "dodging", "Target dodging", form, "dodging"),
        _flag("missile", "crit", "Critical hit (user's call, AFT-04)", form, "critical_hit"),
        _flag("missile", "fumble", "Critical miss (user's call)", form, "critical_miss"),
        _flag(
            "missile",
            "special",
            "Roll Missile Special Effects (AFT-M16: when is not in the source)",
            form,
            "special_effect",
        ),
    ]
    return [
        h(
            "div",
            {"class": "grid2"},
            *_attacker_fields(model, "missile", form, attacker),
            select(
                "aft-missile-gun",
                "Gun (Inherent Accuracy, AFT-T35)",
                f"{form['gun']}|{form['size']}",
                GUNS,
                ("aftermath.cbt_field", "missile", "gun"),
            ),
            select(
                "aft-missile-row",
                "Range Table row (AFT-T39)",
                form["range_row"],
                [(r, r) for r in firearms.range_rows()],
                ("aftermath.cbt_field", "missile", "range_row"),
            ),
            field(
                "aft-missile-meters",
                "Range (m)",
                form["meters"],
                ("aftermath.cbt_field", "missile", "meters"),
                _err(model, "cbt.meters"),
                "text",
            ),
            select(
                "aft-missile-ammo",
                "Ammunition (base BDG, AFT-T40–T42)",
                form["ammo"],
                ammunition_options(settings),
                ("aftermath.cbt_field", "missile", "ammo"),
            ),
            field(
                "aft-missile-bdg",
                "Base BDG override (empty: from the ammunition)",
                form["bdg"],
                ("aftermath.cbt_field", "missile", "bdg"),
                _err(model, "cbt.bdg"),
            ),
            _target_movement("missile", form),
            _damage_taken(model, "missile", form, "shooter"),
            _encumbrance("missile", form),
            _distractions(model, "missile", form),
            select(
                "aft-missile-cuts",
                "Does the bullet cut? (Sever or broken bone, AFT-25: no default)",
                form["cuts"],
                [("", "Ask when a Sever is possible"), ("yes", "Yes"), ("no", "No")],
                ("aftermath.cbt_field", "missile", "cuts"),
            ),
            *_direction_fields(model, "missile", form, body),
        ),
        h(
            "details",
            {"class": "more", "data-testid": "aft-missile-more"},
            h(
                "summary",
                {},
                "Gun, cover and critical-miss details (SMG accuracy, action, bursts, weapon kind)",
            ),
            h(
                "div",
                {"class": "grid2"},
                field(
                    "aft-missile-ia",
                    "SMG Inherent Accuracy (entered, AFT-M36)",
                    form["ia_value"],
                    ("aftermath.cbt_field", "missile", "ia_value"),
                    _err(model, "cbt.ia_value"),
                ),
                field(
                    "aft-missile-cover",
                    "Cover: AV it adds against this shot (yours; Barrier Factors, Reference tab)",
                    form["cover_av"],
                    ("aftermath.cbt_field", "missile", "cover_av"),
                    _err(model, "cbt.cover_av"),
                ),
                select(
                    "aft-missile-gun-action",
                    "Gun action (AFT-45; code not on the gun listing)",
                    form["gun_action"],
                    [("", "Not said"), *((c, f"{c}: {p}") for c, p in firearms.gun_action_codes())],
                    ("aftermath.cbt_field", "missile", "gun_action"),
                ),
                field(
                    "aft-missile-shots",
                    "Shots this Action (no autofire)",
                    form["shots"],
                    ("aftermath.cbt_field", "missile", "shots"),
                    _err(model, "cbt.shots"),
                ),
                select(
                    "aft-missile-burst-size",
                    "Rounds per burst (AFT-M37)",
                    str(form["burst_size"]),
                    [("3", "3 (most guns)"), ("6", "6 (super-automatic)")],
                    ("aftermath.cbt_field", "missile", "burst_size"),
                ),
                field(
                    "aft-missile-max-bursts",
                    "FA: most bursts per Action (not in the text, AFT-M37)",
                    form["max_bursts"],
                    ("aftermath.cbt_field", "missile", "max_bursts"),
                    _err(model, "cbt.max_bursts"),
                ),
                field(
                    "aft-missile-bursts",
                    "Full bursts fired (autofire)",
                    form["bursts"],
                    ("aftermath.cbt_field", "missile", "bursts"),
                    _err(model, "cbt.bursts"),
                ),
                select(
                    "aft-missile-miss-table",
                    "Weapon kind, for a critical miss (AFT-28, AFT-53, AFT-54)",
                    form["miss_table"],
                    [
                        ("", "Ask when a critical miss happens"),
                        ("modern", "Modern firearm (T45)"),
                        ("black powder", "Black-powder firearm (T44)"),
                        ("bow", "Bow or crossbow (T13)"),
                    ],
                    ("aftermath.cbt_field", "missile", "miss_table"),
                ),
                select(
                    "aft-missile-autoloading",
                    "Autoloader or autoweapon? (clearing a dud, AFT-54)",
                    form["autoloading"],
                    [("", "Not said"), ("yes", "Yes"), ("no", "No")],
                    ("aftermath.cbt_field", "missile", "autoloading"),
                ),
                select(
                    "aft-missile-extractor",
                    "Has an extractor? (clearing a jam, AFT-54)",
                    form["extractor"],
                    [("", "Not said"), ("yes", "Yes"), ("no", "No")],
                    ("aftermath.cbt_field", "missile", "extractor"),
                ),
                field(
                    "aft-missile-durability",
                    "Weapon Durability, for a chamber explosion (not in the text, AFT-M19)",
                    form["durability"],
                    ("aftermath.cbt_field", "missile", "durability"),
                    _err(model, "cbt.durability"),
                ),
            ),
        ),
        chips("Missile situation modifiers (AFT-T05)", sits, "aft-missile-sits"),
        chips("Attack options", flags, "aft-missile-flags"),
    ]


def _hth_form(
    model: Model, st: dict[str, Any], attacker: dict[str, Any] | None, body: str
) -> list[VNode]:
    form = st["combat"]["hth"]
    table = load_table("aftermath", "situation_modifiers_hth")
    sits = [
        chip(
            f"aft-hth-sit-{row['key']}",
            f"{row['situation']}{'*' if row['starred'] else ''} {int(str(row['bcs_modifier'])):+d}",
            row["key"] in form["situations"],
            ("aftermath.cbt_toggle", "hth", f"sit:{row['key']}"),
        )
        for row in table.rows
    ]
    own = list((attacker or {}).get("weapons", []))
    options = (
        [("", "Unarmed")]
        + [(n, f"{n} (carried)") for n in own]
        + [(n, n) for n in weapon_names() if n not in own]
    )
    hint = ""
    if form["weapon"]:
        try:
            found = weapon(str(form["weapon"]))
            hint = f"{found.name}: WDM {found.wdm_text}; a critical hit adds T01's +1 to +4 to the WDM. How WDM becomes Damage Potential is not in the source (AFT-M05)."
        except RuleError as exc:
            hint = str(exc)
    flags = [
        _flag("hth", "crit", "Critical hit (user's call, AFT-04)", form, "critical_hit"),
        _flag("hth", "fumble", "Critical miss (user's call)", form, "critical_miss"),
    ]
    return [
        h(
            "div",
            {"class": "grid2"},
            *_attacker_fields(model, "hth", form, attacker),
            select(
                "aft-hth-weapon",
                "Weapon (AFT-T15)",
                form["weapon"],
                options,
                ("aftermath.cbt_field", "hth", "weapon"),
            ),
            select(
                "aft-hth-use",
                "Use",
                form["use"],
                [
                    ("strike", "Strike"),
                    ("thrust", "Thrust (Sai, note 8)"),
                    ("thrown", "Thrown"),
                    ("mounted", "Bayonet on a rifle (note 4)"),
                ],
                ("aftermath.cbt_field", "hth", "use"),
            ),
            select(
                "aft-hth-zone",
                "Target's hex (AFT-T06; the DAT figure is missing)",
                form["zone"],
                ZONES,
                ("aftermath.cbt_field", "hth", "zone"),
            ),
            field(
                "aft-hth-dp",
                "Damage Potential (entered, AFT-M05)",
                form["damage_potential"],
                ("aftermath.cbt_field", "hth", "damage_potential"),
                _err(model, "cbt.damage_potential"),
                hint=hint,
            ),
            _cuts_by_letter("hth", form),
            _distractions(model, "hth", form),
            _encumbrance("hth", form),
            *_direction_fields(model, "hth", form, body),
        ),
        chips("Hand-to-hand situation modifiers (AFT-T04)", sits, "aft-hth-sits"),
        chips("Attack options", flags, "aft-hth-flags"),
    ]


def _thrown_form(
    model: Model, st: dict[str, Any], attacker: dict[str, Any] | None, body: str
) -> list[VNode]:
    form = st["combat"]["thrown"]
    sits = _missile_situations("thrown", form)
    throwable = [w for w in weapons() if "Th" in w.skills]
    hint = ""
    try:
        found = weapon(str(form["weapon"]))
        hint = (
            f"{found.name}: WDM {found.wdm_text} (thrown: the value in parentheses where printed); "
            "how WDM becomes Damage Potential is not in the source (AFT-M05)."
        )
    except RuleError as exc:
        hint = str(exc)
    flags = [
        _flag("thrown", "dodging", "Target dodging", form, "dodging"),
        _flag("thrown", "crit", "Critical hit (user's call, AFT-04)", form, "critical_hit"),
        _flag("thrown", "fumble", "Critical miss (user's call)", form, "critical_miss"),
        _flag(
            "thrown", "special", "Roll Missile Special Effects (AFT-M16)", form, "special_effect"
        ),
    ]
    return [
        h(
            "div",
            {"class": "grid2"},
            *_attacker_fields(model, "thrown", form, attacker),
            select(
                "aft-thrown-weapon",
                "Thrown weapon (Th skill, AFT-T15)",
                form["weapon"],
                [(w.name, w.name) for w in throwable],
                ("aftermath.cbt_field", "thrown", "weapon"),
            ),
            field(
                "aft-thrown-count",
                "How many at once (shuriken: up to the Deftness Group, note 10)",
                form["count"],
                ("aftermath.cbt_field", "thrown", "count"),
                _err(model, "cbt.count"),
            ),
            field(
                "aft-thrown-dp",
                "Damage Potential (entered, AFT-M05)",
                form["damage_potential"],
                ("aftermath.cbt_field", "thrown", "damage_potential"),
                _err(model, "cbt.damage_potential"),
                hint=hint,
            ),
            _target_movement("thrown", form),
            _damage_taken(model, "thrown", form, "thrower"),
            _cuts_by_letter("thrown", form),
            _distractions(model, "thrown", form),
            *_direction_fields(model, "thrown", form, body),
        ),
        chips("Missile situation modifiers (AFT-T05)", sits, "aft-thrown-sits"),
        chips("Attack options", flags, "aft-thrown-flags"),
    ]


def _preview(st: dict[str, Any]) -> VNode:
    """The BCS line by line and the exact chance, before anything is rolled."""
    mode = st["combat"]["mode"]
    try:
        if mode in ("hth", "thrown"):
            total, steps, _ = combat.hth_bcs(hth_attack(st, mode == "thrown"))
        else:
            total, steps = combat.missile_bcs(missile_attack(st))
    except RuleError as exc:
        return h(
            "div",
            {"class": "notice", "data-testid": "aft-cbt-waiting"},
            h("p", {"class": "strong"}, "The worksheet waits for a value:"),
            h("p", {"class": "field-error", "role": "alert"}, str(exc)),
        )
    lines = [h("li", {}, f"{total.base_label} {total.base}")]
    if total.halved:
        lines.append(h("li", {}, f"× ½ (Dazed or Stunned, AFT-21) = {total.after_halving}"))
    lines += [h("li", {}, f"{m} ({m.source})") for m in total.modifiers]
    return h(
        "div",
        {"data-testid": "aft-cbt-preview"},
        h("ul", {"class": "small"}, *[h("li", {}, str(s)) for s in steps if s.key != "bcs"]),
        h("ol", {"class": "modifiers", "data-testid": "aft-cbt-modifiers"}, *lines),
        h(
            "div",
            {"class": "tn"},
            h("span", {"class": "total", "data-testid": "aft-cbt-bcs"}, f"BCS {total.total}"),
        ),
        odds(
            "aft-cbt-odds",
            [
                ("Chance to hit (1D20 ≤ BCS)", odds_text(total.chance)),
                ("What +1 changes", odds_text(plus_one_change(total.total))),
            ],
        ),
    )


def _settings_card(model: Model, settings: dict[str, Any]) -> VNode:
    def text(key: str, label: str, hint: str = "") -> VNode:
        return field(
            f"aft-set-{key}",
            label,
            settings[key],
            ("aftermath.set_field", key),
            _err(model, f"set.{key}"),
            "text",
            hint,
        )

    def pick(key: str, label: str, options: list[tuple[str, str]]) -> VNode:
        return select(f"aft-set-{key}", label, settings[key], options, ("aftermath.set_field", key))

    return h(
        "details",
        {"class": "card", "data-testid": "aft-settings"},
        h(
            "summary",
            {"class": "strong"},
            "Campaign settings: values and readings the source leaves open",
        ),
        h(
            "div",
            {"class": "grid2"},
            text(
                "critical_hit_rule",
                "Critical hit: a roll at or under (empty: tick each attack)",
                "AFT-04, AFT-M02",
            ),
            text(
                "critical_miss_rule",
                "Critical miss: a roll at or over (empty: tick each attack)",
                "AFT-04, AFT-M02",
            ),
            pick(
                "unstated_rounding",
                "Rounding where the text gives none (AFT-02)",
                [("half_up", "Half up (default)"), ("down", "Down"), ("up", "Up")],
            ),
            pick(
                "group8_effect_die",
                "Group 8 Effect Die (AFT-M29)",
                [("2D10+2", "2D10+2 as printed"), ("2D10+3", "2D10+3")],
            ),
            pick(
                "starred_hth_modifiers",
                "Starred hand-to-hand rows (* note missing, AFT-M24)",
                [("apply", "Apply as printed"), ("ignore", "Ignore")],
            ),
            pick(
                "shotgun_critical_row",
                "Shotgun critical hit row (AFT-M39)",
                [
                    ("", "Not set: asked on a critical"),
                    ("pistol", "As pistol (+1D10)"),
                    ("rifle", "As rifle (+2D10)"),
                    ("none", "No bonus"),
                ],
            ),
            pick(
                "thrown_critical_miss_table",
                "Critical miss table for thrown weapons (AFT-M40)",
                [
                    ("armed", "Armed Combat (T12)"),
                    ("bow", "Bow and Crossbow (T13)"),
                    ("unarmed", "Unarmed/Natural (T14)"),
                ],
            ),
            pick(
                "bdg_order",
                "Adjusted BDG order (AFT-47)",
                [
                    ("range_first", "Range modifier, then critical bonus (reading)"),
                    ("critical_first", "Critical bonus, then range modifier"),
                ],
            ),
            pick(
                "noncutting_head_sever",
                "Compound fracture of the head or neck (AFT-25)",
                [
                    ("bleeds", "Bleeds to death like any other (as printed)"),
                    ("death_blow", "A Death Blow, like a Sever there"),
                ],
            ),
            pick(
                "modern_crit_miss_96",
                "Modern firearm critical miss 96-00, missing from the text (AFT-M26)",
                [
                    ("reconstructed", "As black powder 96-00: burst BDG/20 (reconstruction)"),
                    ("ask", "The GM rules it"),
                ],
            ),
            pick(
                "pbr_bdg_modifier",
                "PBR BDG 'plus 10' (AFT-46)",
                [("add", "+10 BDG (as printed)"), ("percent", "+10%")],
            ),
            text("bcs_per_distraction", "BCS per Distraction (AFT-M21)"),
            text("weapon_note_13", "Weapon note 13 text (missing, AFT-M23)"),
            *[
                text(
                    suspect_setting(name),
                    f"{name} row (L{weapon(name).line}, suspect): 'as printed' or yours",
                )
                for name in suspect_rows()
            ],
            text(
                "weapon_note_13_cap",
                "If note 13 is a penetration cap: highest AV = this × Strength Group "
                "(blank: no cap, AFT-M23)",
            ),
            text("bdg_long_gun_38_40", "Long-gun BDG of 38-40 (AFT-M27)"),
            text("bdg_long_gun_44_40", "Long-gun BDG of 44-40 (AFT-M27)"),
            text("bdg_long_gun_44_magnum", "Long-gun BDG of 44 Magnum (AFT-M27)"),
            text("bdg_birdshot_10", "BDG of 12-9 shot, 10 gauge (AFT-M28)"),
            text("bdg_birdshot_12", "BDG of 12-9 shot, 12 gauge (AFT-M28)"),
        ),
    )


def view(model: Model) -> VNode:
    st = state(model)
    c = st["combat"]
    people = [(str(i), n) for i, n in enumerate(names(st))] or [
        ("0", "— create characters first —")
    ]
    attacker_index, attacker = _char(st, "attacker")
    target_index, target = _char(st, "target")
    body = str((target or {}).get("body", "bipedal"))
    mode = str(c["mode"])
    if mode == "hth":
        form = _hth_form(model, st, attacker, body)
    elif mode == "thrown":
        form = _thrown_form(model, st, attacker, body)
    else:
        form = _missile_form(model, st, attacker, body)
    clock = h(
        "section",
        {"class": "card", "aria-labelledby": "aft-clock-h"},
        h("h3", {"id": "aft-clock-h"}, "Combat time (20 Action Phases per Combat Turn, AFT-55)"),
        h(
            "p",
            {"class": "total", "data-testid": "aft-clock"},
            f"Turn {c['turn']} · Phase {c['phase']}",
        ),
        h(
            "div",
            {"class": "row"},
            button("aft-next-phase", "Next Action Phase", ("aftermath.cbt_next_phase",)),
            button("aft-next-turn", "Next Combat Turn", ("aftermath.cbt_next_turn",), False),
        ),
    )
    who = h(
        "section",
        {"class": "card", "aria-labelledby": "aft-who-h"},
        h("h3", {"id": "aft-who-h"}, "Attacker and target"),
        h(
            "div",
            {"class": "grid2"},
            select(
                "aft-cbt-attacker",
                "Attacker",
                str(attacker_index),
                people,
                ("aftermath.cbt_pick", "attacker"),
            ),
            select(
                "aft-cbt-target",
                "Target",
                str(target_index),
                people,
                ("aftermath.cbt_pick", "target"),
            ),
            select(
                "aft-cbt-mode",
                "Attack",
                mode,
                [
                    ("missile", "Missile (guns, AFT-57)"),
                    ("hth", "Hand-to-hand (AFT-56)"),
                    ("thrown", "Thrown weapon (muscle-powered missile)"),
                ],
                ("aftermath.cbt_pick", "mode"),
            ),
        ),
    )
    log = c["log"]
    latest = log[0] if log else None
    result = h(
        "section",
        {"class": "card", "aria-labelledby": "aft-res-h"},
        h("h3", {"id": "aft-res-h"}, "Result"),
        h(
            "p",
            {"class": "explain", "data-testid": "aft-attack-result", "aria-live": "polite"},
            latest["text"] if latest else "Resolve an attack to see every step here.",
        ),
        h(
            "ol",
            {"class": "steps", "data-testid": "aft-steps"},
            *[
                h("li", {"class": "explain small", "data-testid": "aft-step"}, s)
                for s in (latest or {}).get("steps", [])
            ],
        ),
        h(
            "ul",
            {"class": "small", "data-testid": "aft-applied"},
            *[h("li", {}, f"Applied: {n}") for n in (latest or {}).get("applied", [])],
        ),
    )
    attack = h(
        "section",
        {"class": "card", "aria-labelledby": "aft-attack-h"},
        h(
            "h3",
            {"id": "aft-attack-h"},
            f"{MODE_NAMES.get(mode, mode).capitalize()} attack",
        ),
        *form,
        _preview(st),
        button("aft-resolve", "Resolve attack (roll every die)", ("aftermath.cbt_resolve",)),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "aft-resolve-error"},
            _err(model, "cbt.resolve"),
        ),
    )
    target_card = (
        conditions_card(model, target, target_index, _now(st), "aft-target-conditions")
        if target
        else None
    )
    history = h(
        "section",
        {"class": "card", "aria-labelledby": "aft-clog-h"},
        h(
            "div",
            {"class": "row between"},
            h("h3", {"id": "aft-clog-h"}, f"Combat log ({len(log)})"),
            button("aft-cbt-clear", "Clear combat log", ("aftermath.cbt_clear",), False, not log),
        ),
        log_list("aft-cbt", log),
    )
    return h(
        "div",
        {"class": "page aftermath-combat"},
        clock,
        who,
        attack,
        result,
        target_card,
        history,
        _settings_card(model, st["settings"]),
    )
