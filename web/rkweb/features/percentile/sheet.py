"""Percentile character sheet: race, attributes, AP, attacks and weapons with their skill
formulas, the damage record per body part, stun debt and borrowed AP (PCT-M17, PCT-M18)."""

from __future__ import annotations

from typing import Any

from pycore.errors import RulekeeperError
from pycore.systems.percentile import damage, gmtables
from pycore.systems.percentile.checks import fmt, parse_number, skill_text
from pycore.systems.percentile.dice import damage_dice
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.percentile import state as S
from rkweb.features.percentile.ui import button, card, field, select, with_error

ATTRIBUTES = (
    ("perception", "PERCEPTION", 0, 100),
    ("brawl", "BRAWL", 0, 100),
    ("aim", "AIM", 0, 100),
    ("strength", "Physical Strength", 0, 100),
    ("agility", "Agility", 0, 100),
    ("ap", "Agility Points (AP)", 1, 10_000),
    ("damage_modifier", "Damage modifier now (Table #3-7.0)", -100_000, 100_000),
)
BOUNDS = {key: (label, low, high) for key, label, low, high in ATTRIBUTES}
CATEGORIES = (("hth", "hand-to-hand"), ("weaponry", "weaponry"), ("grenade", "grenade / explosive"))
WEAPON_FIELDS = {"attack_dif": "ATTACK DIF", "wep_dif": "WEP DIF", "wep_mod": "WEP MOD"}


def selected(model: Model, st: dict[str, Any]) -> dict[str, Any] | None:
    cid = model.ui.get("percentile_char")
    found = S.character(st, str(cid)) if cid else None
    if found is None and st["characters"]:
        return dict(st["characters"][0])
    return found


def _new(model: Model, ctx: Ctx) -> Model:
    st = S.state(model)
    n = 1 + max(
        (int(str(c["id"])[1:]) for c in st["characters"] if str(c.get("id", "")).startswith("c")),
        default=0,
    )
    char = {**S.CHAR_DEFAULTS, "id": f"c{n}", "name": f"Character {n}"}
    st["characters"] = [*st["characters"], char]
    return S.save(model, st, ctx, "Add character").with_ui(percentile_char=char["id"])


def _set(model: Model, cid: str, key: str, raw: str) -> Model:
    st = S.state(model)
    char = S.character(st, cid)
    if char is None:
        return model
    ekey = f"percentile-char-{key}"
    value: Any = raw.strip()
    if key in BOUNDS:
        label, low, high = BOUNDS[key]
        try:
            parse_number(label, raw, low, high)
        except RulekeeperError as exc:
            return with_error(model, ekey, str(exc))
    elif (
        key == "alertness"
        and value
        and not any(value == lv for lv in gmtables.alertness_levels(st["gm"]))
    ):
        try:
            parse_number("Alertness Percentage", value, 0, 100)
        except RulekeeperError:
            levels = ", ".join(gmtables.alertness_levels(st["gm"])) or "none entered (PCT-M01)"
            return with_error(
                model,
                ekey,
                f"Alertness must be a percentage from 0 to 100 or a level of Table #3-5: {levels}; got {value!r}",
            )
    elif key == "name" and not value:
        return with_error(model, ekey, "Name must not be empty.")
    char[key] = value
    if key == "ap":
        char["ledger"] = None  # a new AP score starts a fresh ledger
    return with_error(S.save(model, S.put_character(st, char)), ekey, None)


def _weapon_from_form(form: dict[str, Any]) -> dict[str, Any]:
    name = str(form.get("name", "")).strip()
    if not name:
        raise RulekeeperError("Weapon name must not be empty.")
    weapon: dict[str, Any] = {"name": name, "category": form.get("category") or "weaponry"}
    for key, label in WEAPON_FIELDS.items():
        text = str(form.get(key, "")).strip()
        low, high = (-1000, 1000) if key == "wep_mod" else (-100, 100)
        weapon[key] = int(parse_number(label, text, low, high)) if text else None
    die = str(form.get("damage_die", "")).strip()
    weapon["damage_die"] = damage_dice(die).notation if die else None
    weapon["damage_type"] = str(form.get("damage_type", "")).strip() or None
    weight = str(form.get("weight_kg", "")).strip()
    weapon["weight_kg"] = (
        str(parse_number("Weight (kg)", weight, 0, 10_000, whole=False)) if weight else None
    )
    return weapon


def _add_weapon(model: Model, cid: str, ctx: Ctx) -> Model:
    st = S.state(model)
    char = S.character(st, cid)
    if char is None:
        return model
    try:
        weapon = _weapon_from_form(dict(model.ui.get("percentile_wform", {})))
    except RulekeeperError as exc:
        return with_error(model, "percentile-weapon", str(exc))
    char["weapons"] = [*char["weapons"], weapon]
    model = S.save(model, S.put_character(st, char), ctx, f"Add weapon {weapon['name']}")
    return with_error(model.with_ui(percentile_wform={}), "percentile-weapon", None)


def _weapon_from_sheet(model: Model, cid: str, name: str, ctx: Ctx) -> Model:
    st = S.state(model)
    char = S.character(st, cid)
    sheet = gmtables.weapons(st["gm"]).get(name)
    if char is None or sheet is None:
        return model
    weapon = {k: (str(v) if k == "weight_kg" and v is not None else v) for k, v in sheet.items()}
    char["weapons"] = [*char["weapons"], weapon]
    return S.save(model, S.put_character(st, char), ctx, f"Add weapon {name} from the data sheet")


def _add_part(model: Model, cid: str, ctx: Ctx) -> Model:
    st = S.state(model)
    char = S.character(st, cid)
    if char is None:
        return model
    form = dict(model.ui.get("percentile_pform", {}))
    name = str(form.get("name", "")).strip()
    try:
        if not name:
            raise RulekeeperError("Body part name must not be empty.")
        if any(p["name"] == name for p in char["parts"]):
            raise RulekeeperError(f"Body part {name!r} is already on the record.")
        points = parse_number("Body-part points", form.get("points", ""), 1, 5000)
    except RulekeeperError as exc:
        return with_error(model, "percentile-part", str(exc))
    char["parts"] = [*char["parts"], {"name": name, "points": str(points), "damage": "0"}]
    model = S.save(model, S.put_character(st, char), ctx, f"Add body part {name}")
    return with_error(model.with_ui(percentile_pform={}), "percentile-part", None)


def _parts_from_sheet(model: Model, cid: str, ctx: Ctx) -> Model:
    st = S.state(model)
    char = S.character(st, cid)
    if char is None:
        return model
    parts = gmtables.body_parts(st["gm"], str(char["race"]))
    if not parts:
        return with_error(
            model,
            "percentile-part",
            f"The GM's body-part sheet (PCT-M18) has no rows for {char['race']}.",
        )
    char["parts"] = [{"name": n, "points": str(p), "damage": "0"} for n, p in parts]
    return with_error(
        S.save(model, S.put_character(st, char), ctx, "Body parts from the GM sheet"),
        "percentile-part",
        None,
    )


def _remove(model: Model, cid: str, key: str, index: int, ctx: Ctx) -> Model:
    st = S.state(model)
    char = S.character(st, cid)
    if char is None or not 0 <= index < len(char[key]):
        return model
    item = char[key][index]
    char[key] = [x for i, x in enumerate(char[key]) if i != index]
    return S.save(model, S.put_character(st, char), ctx, f"Remove {item.get('name', key)}")


def _heal(model: Model, cid: str, how: str, ctx: Ctx) -> Model:
    """Heal a part by the GM's amount (the text gives no healing amounts or rates)."""
    st = S.state(model)
    char = S.character(st, cid)
    if char is None or not char["parts"]:
        return model
    form = dict(model.ui.get("percentile_hform", {}))
    name = str(form.get("part") or char["parts"][0]["name"])
    try:
        amount = parse_number("Points healed", form.get("points", ""), 0, 50_000, whole=False)
    except RulekeeperError as exc:
        return with_error(model, "percentile-heal", str(exc))
    parts = []
    for raw in char["parts"]:
        if raw["name"] == name:
            healed = damage.heal(S.part_of(raw), amount, natural=how == "natural")
            raw = {**raw, "damage": str(healed.damage)}
        parts.append(raw)
    char["parts"] = parts
    model = S.save(model, S.put_character(st, char), ctx, f"Heal {name} ({how})")
    return with_error(model, "percentile-heal", None)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    kind = msg[0]
    if kind == "percentile.char_new":
        return _new(model, ctx)
    if kind == "percentile.char_select":
        return model.with_ui(percentile_char=str(msg[1]))
    if kind == "percentile.char_delete":
        st = S.state(model)
        st["characters"] = [c for c in st["characters"] if c.get("id") != msg[1]]
        return S.save(model, st, ctx, "Delete character").with_ui(percentile_char=None)
    if kind == "percentile.char_field":
        return _set(model, str(msg[1]), str(msg[2]), str(msg[3]))
    if kind == "percentile.wform":
        return model.with_ui(
            percentile_wform={**model.ui.get("percentile_wform", {}), str(msg[1]): str(msg[2])}
        )
    if kind == "percentile.pform":
        return model.with_ui(
            percentile_pform={**model.ui.get("percentile_pform", {}), str(msg[1]): str(msg[2])}
        )
    if kind == "percentile.hform":
        hform = {**model.ui.get("percentile_hform", {}), str(msg[1]): str(msg[2])}
        return model.with_ui(percentile_hform=hform)
    if kind == "percentile.heal":
        return _heal(model, str(msg[1]), str(msg[2]), ctx)
    if kind == "percentile.weapon_add":
        return _add_weapon(model, str(msg[1]), ctx)
    if kind == "percentile.weapon_sheet":
        return _weapon_from_sheet(model, str(msg[1]), str(msg[2]), ctx)
    if kind == "percentile.part_add":
        return _add_part(model, str(msg[1]), ctx)
    if kind == "percentile.parts_gm":
        return _parts_from_sheet(model, str(msg[1]), ctx)
    if kind == "percentile.weapon_del":
        return _remove(model, str(msg[1]), "weapons", int(msg[2]), ctx)
    if kind == "percentile.part_del":
        return _remove(model, str(msg[1]), "parts", int(msg[2]), ctx)
    return model


def weapon_skill(char: dict[str, Any], weapon: dict[str, Any]) -> str:
    """The weapon's skill with its formula, from the core (PCT-30, PCT-31; d4 uses BRAWL)."""
    try:
        if weapon.get("category") == "grenade":
            return f"grenades roll against BRAWL {char['brawl']} (d4)"
        if weapon.get("category") == "hth":
            return skill_text("hth", int(char["brawl"]), int(weapon.get("attack_dif") or 0))
        return skill_text("weaponry", int(char["aim"]), int(weapon.get("wep_dif") or 0))
    except (RulekeeperError, ValueError) as exc:
        return f"skill not available: {exc}"


def _weapons(model: Model, st: dict[str, Any], char: dict[str, Any]) -> VNode:
    cid = char["id"]
    form = model.ui.get("percentile_wform", {})
    rows = [
        h(
            "tr",
            {},
            h("td", {}, str(w.get("name"))),
            h("td", {}, str(w.get("category"))),
            h("td", {}, str(w.get("damage_die") or "—")),
            h("td", {"data-testid": "percentile-weapon-skill"}, weapon_skill(char, w)),
            h(
                "td",
                {},
                button(f"percentile-weapon-del-{i}", "Remove", ("percentile.weapon_del", cid, i)),
            ),
        )
        for i, w in enumerate(char["weapons"])
    ]
    sheet = sorted(gmtables.weapons(st["gm"]))
    return card(
        "pct-weapons-h",
        "Attacks and weapons",
        h(
            "table",
            {"class": "data", "data-testid": "percentile-weapons"},
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    *[
                        h("th", {"scope": "col"}, t)
                        for t in ("Name", "Category", "Damage die", "Skill", "")
                    ],
                ),
            ),
            h("tbody", {}, *rows),
        )
        if rows
        else h("p", {"class": "muted"}, "No weapons yet."),
        select(
            "percentile-weapon-sheet",
            "Add from the GM's data sheets (PCT-M17)",
            "",
            [
                ("", "— choose —" if sheet else "— no data sheets entered —"),
                *[(n, n) for n in sheet],
            ],
            ("percentile.weapon_sheet", cid),
        ),
        h("h3", {}, "Or enter one by hand"),
        h(
            "div",
            {"class": "grid2"},
            field(
                model,
                "percentile-wform-name",
                "Name",
                form.get("name", ""),
                ("percentile.wform", "name"),
            ),
            select(
                "percentile-wform-category",
                "Category (PCT-04)",
                str(form.get("category", "weaponry")),
                CATEGORIES,
                ("percentile.wform", "category"),
            ),
            field(
                model,
                "percentile-wform-attack_dif",
                "ATTACK DIF (hand-to-hand)",
                form.get("attack_dif", ""),
                ("percentile.wform", "attack_dif"),
            ),
            field(
                model,
                "percentile-wform-wep_dif",
                "WEP DIF (weaponry)",
                form.get("wep_dif", ""),
                ("percentile.wform", "wep_dif"),
            ),
            field(
                model,
                "percentile-wform-wep_mod",
                "WEP MOD (Table #3-3)",
                form.get("wep_mod", ""),
                ("percentile.wform", "wep_mod"),
            ),
            field(
                model,
                "percentile-wform-damage_die",
                "DAMAGE DIE ROLL (e.g. 4+2, 3, ½)",
                form.get("damage_die", ""),
                ("percentile.wform", "damage_die"),
            ),
            field(
                model,
                "percentile-wform-damage_type",
                "DAMAGE TYPE",
                form.get("damage_type", ""),
                ("percentile.wform", "damage_type"),
            ),
            field(
                model,
                "percentile-wform-weight_kg",
                "Weight in kg (thrown weapons, Table #3-4.0)",
                form.get("weight_kg", ""),
                ("percentile.wform", "weight_kg"),
            ),
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-weapon-error"},
            model.ui.get("percentile_errors", {}).get("percentile-weapon", ""),
        ),
        button("percentile-weapon-add", "Add weapon", ("percentile.weapon_add", cid), primary=True),
    )


def _record(model: Model, st: dict[str, Any], char: dict[str, Any]) -> VNode:
    cid = char["id"]
    form = model.ui.get("percentile_pform", {})
    rows = []
    for i, raw in enumerate(char["parts"]):
        part = S.part_of(raw)
        state = (
            "DESTROYED" if part.destroyed else ("no function" if part.no_function else "working")
        )
        rows.append(
            h(
                "tr",
                {"data-testid": "percentile-part-row"},
                h("td", {}, part.name),
                h("td", {}, fmt(part.points)),
                h("td", {}, fmt(part.damage)),
                h("td", {}, f"{fmt(part.structure_left)} / 10"),
                h("td", {}, f"{fmt(part.function_left)} / {fmt(part.points)}"),
                h("td", {}, f"{state} (at {fmt(part.destruction_at)})"),
                h(
                    "td",
                    {},
                    button(f"percentile-part-del-{i}", "Remove", ("percentile.part_del", cid, i)),
                ),
            )
        )
    return card(
        "pct-record-h",
        "Damage record",
        h(
            "p",
            {"class": "muted small"},
            "Each part has 10 structure points before its function points (PCT-46); it is destroyed at 5 × its points (PCT-47).",
        ),
        h(
            "table",
            {"class": "data", "data-testid": "percentile-record"},
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    *[
                        h("th", {"scope": "col"}, t)
                        for t in ("Part", "Points", "Damage", "Structure", "Function", "State", "")
                    ],
                ),
            ),
            h("tbody", {}, *rows),
        )
        if rows
        else h("p", {"class": "muted"}, "No body parts yet: add them or load the GM's sheet."),
        h(
            "div",
            {"class": "grid2"},
            field(
                model,
                "percentile-pform-name",
                "Body part",
                form.get("name", ""),
                ("percentile.pform", "name"),
            ),
            field(
                model,
                "percentile-pform-points",
                "Points (1–5000)",
                form.get("points", ""),
                ("percentile.pform", "points"),
            ),
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-part-error"},
            model.ui.get("percentile_errors", {}).get("percentile-part", ""),
        ),
        h(
            "div",
            {"class": "row"},
            button(
                "percentile-part-add", "Add body part", ("percentile.part_add", cid), primary=True
            ),
            button(
                "percentile-parts-gm",
                "Body parts from the GM sheet (PCT-M18)",
                ("percentile.parts_gm", cid),
            ),
        ),
        _heal_view(model, char),
    )


def view(model: Model) -> VNode:
    st = S.state(model)
    char = selected(model, st)
    chooser = h(
        "div",
        {"class": "row", "role": "group", "aria-label": "Characters"},
        *[
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary" if char and c["id"] == char["id"] else "secondary",
                    "aria-pressed": "true" if char and c["id"] == char["id"] else "false",
                    "data-testid": "percentile-char-pick",
                    "on_click": ("percentile.char_select", c["id"]),
                },
                str(c["name"]),
            )
            for c in st["characters"]
        ],
        button(
            "percentile-char-new",
            "New character",
            ("percentile.char_new",),
            primary=not st["characters"],
        ),
    )
    if char is None:
        return h("div", {"class": "page"}, card("pct-chars-h", "Characters", chooser))
    cid = char["id"]
    races = sorted(damage.races())
    race_options = [(r, r) for r in races]
    if char["race"] not in races:
        race_options.append((char["race"], char["race"]))
    race = S.race_of(str(char["race"]))
    facts = f"skeleton {race.skeleton}; head {race.head_location}" + (
        f"; decentralised {', '.join(race.decentralized)}" if race.decentralized else ""
    )
    ledger = S.ledger_of(char)
    sheet = card(
        "pct-sheet-h",
        f"{char['name']}",
        h(
            "div",
            {"class": "grid2"},
            field(
                model,
                "percentile-char-name",
                "Name",
                char["name"],
                ("percentile.char_field", cid, "name"),
            ),
            select(
                "percentile-char-race",
                "Race (PCT-T04)",
                str(char["race"]),
                race_options,
                ("percentile.char_field", cid, "race"),
            ),
            *[
                field(
                    model,
                    f"percentile-char-{key}",
                    f"{label} ({low}–{high})",
                    char[key],
                    ("percentile.char_field", cid, key),
                )
                for key, label, low, high in ATTRIBUTES
            ],
        ),
        field(
            model,
            "percentile-char-alertness",
            "Alertness Condition now (a level of Table #3-5, or its %)",
            char.get("alertness", ""),
            ("percentile.char_field", cid, "alertness"),
        ),
        h("p", {"class": "muted small"}, f"What the text states about {race.name}: {facts}."),
        h("p", {"class": "explain", "data-testid": "percentile-char-ledger"}, str(ledger)),
        button("percentile-char-delete", "Delete character", ("percentile.char_delete", cid)),
    )
    return h(
        "div",
        {"class": "page"},
        card("pct-chars-h", "Characters", chooser),
        sheet,
        _weapons(model, st, char),
        _record(model, st, char),
    )


def _heal_view(model: Model, char: dict[str, Any]) -> VNode | None:
    if not char["parts"]:
        return None
    cid = char["id"]
    form = model.ui.get("percentile_hform", {})
    return h(
        "div",
        {},
        h("h3", {}, "Healing"),
        h(
            "p",
            {"class": "muted small"},
            "The text gives no healing amounts: the GM decides. Medical treatment restores function "
            "points only; structure comes back only by natural healing (PCT-46).",
        ),
        h(
            "div",
            {"class": "grid2"},
            select(
                "percentile-heal-part",
                "Body part",
                str(form.get("part", "")),
                [(p["name"], p["name"]) for p in char["parts"]],
                ("percentile.hform", "part"),
            ),
            field(
                model,
                "percentile-heal-points",
                "Points healed",
                form.get("points", ""),
                ("percentile.hform", "points"),
                error_key="percentile-heal",
            ),
        ),
        h(
            "div",
            {"class": "row"},
            button(
                "percentile-heal-medical", "Heal (medical)", ("percentile.heal", cid, "medical")
            ),
            button(
                "percentile-heal-natural", "Heal (natural)", ("percentile.heal", cid, "natural")
            ),
        ),
    )
