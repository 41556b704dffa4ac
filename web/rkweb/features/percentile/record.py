"""A character's weapons (the DATA SHEETS' fields, the skill with its formula) and damage record
(structure, function, destruction per body part) with healing. Checks and formulas are the
core's (:mod:`pycore.systems.percentile.roster`, :mod:`pycore.systems.percentile.damage`)."""

from __future__ import annotations

from typing import Any

from pycore.errors import FieldError, RulekeeperError
from pycore.systems.percentile import gmtables, roster
from pycore.systems.percentile.checks import fmt
from rkweb.app.messages import Action, Message, entered, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import state as S
from rkweb.kit.buttons import button
from rkweb.kit.fields import error_of, field, number, select, with_error
from rkweb.kit.results import card, why

WEAPON_FORM = (
    ("name", "Name"),
    ("attack_dif", "ATTACK DIF (hand-to-hand)"),
    ("wep_dif", "WEP DIF (weaponry)"),
    ("wep_mod", "WEP MOD (Table #3-3)"),
    ("damage_die", "DAMAGE DIE ROLL (e.g. 4+2, 3, ½)"),
    ("damage_type", "DAMAGE TYPE"),
    ("weight_kg", "Weight in kg (thrown weapons, Table #3-4.0)"),
)
PART_FORM = (("name", "Body part"), ("points", "Points (1–5000)"))
#: Each form's fields, by the form's name in the page's keys (``percentile-wform-wep_dif``).
_FORM_KEYS = {
    "wform": ("category", *(key for key, _ in WEAPON_FORM)),
    "pform": tuple(key for key, _ in PART_FORM),
}


class WForm(Message, action="percentile.wform"):
    """One field of the weapon form, as typed (kept on the page until the weapon is added)."""

    key: str
    value: str = entered(default="")


class PForm(Message, action="percentile.pform"):
    """One field of the body-part form, as typed."""

    key: str
    value: str = entered(default="")


class HForm(Message, action="percentile.hform"):
    """One field of the healing form, as typed."""

    key: str
    value: str = entered(default="")


class Heal(Message, action="percentile.heal"):
    """Heal the form's part of one character, ``medical`` or ``natural``."""

    cid: str
    how: str


class WeaponAdd(Message, action="percentile.weapon_add"):
    """Add the weapon form's weapon to one character."""

    cid: str


class WeaponSheet(Message, action="percentile.weapon_sheet"):
    """Add a weapon of the GM's data sheets (the select's value) to one character."""

    cid: str
    name: str = entered(default="")


class PartAdd(Message, action="percentile.part_add"):
    """Add the body-part form's part to one character."""

    cid: str


class PartsGm(Message, action="percentile.parts_gm"):
    """Take one character's body parts from the GM's sheet for its race."""

    cid: str


class WeaponDel(Message, action="percentile.weapon_del"):
    """Remove one character's weapon, by its place in the list."""

    cid: str
    index: int


class PartDel(Message, action="percentile.part_del"):
    """Remove one character's body part, by its place in the list."""

    cid: str
    index: int


def _edit(
    model: Model, cid: str, change: Any, label: str, ctx: Ctx, ekey: str, form: str = ""
) -> Model:
    """Apply ``change(char, st)`` to a character; a refusal is shown under ``ekey``, or, when
    it names a field of ``form`` (a :class:`FieldError`), beside that field, as on the sheet."""
    st = S.state(model)
    char = S.character(st, cid)
    if char is None:
        return model
    for key in _FORM_KEYS.get(form, ()):  # a new try: the last try's refusal goes
        model = with_error(model, S.FEATURE, f"percentile-{form}-{key}", None)
    try:
        char = change(char, st)
    except FieldError as exc:
        if exc.field in _FORM_KEYS.get(form, ()):
            beside = f"percentile-{form}-{exc.field}"
            model = with_error(model, S.FEATURE, ekey, None)
            return with_error(model, S.FEATURE, beside, str(exc), exc.rules)
        return with_error(model, S.FEATURE, ekey, str(exc))
    except RulekeeperError as exc:
        return with_error(model, S.FEATURE, ekey, str(exc))
    return with_error(S.save(model, S.put_character(st, char), ctx, label), S.FEATURE, ekey, None)


def _add_weapon(model: Model, cid: str, ctx: Ctx) -> Model:
    form = dict(model.ui.get("percentile_wform", {}))

    def change(char: dict[str, Any], st: dict[str, Any]) -> dict[str, Any]:
        return {**char, "weapons": [*char["weapons"], roster.weapon_from_form(form)]}

    name = str(form.get("name", "")).strip()
    done = _edit(model, cid, change, f"Add weapon {name}", ctx, "percentile-weapon", "wform")
    return done if _refused(done, "weapon", "wform") else done.with_ui(percentile_wform={})


def _refused(model: Model, what: str, form: str) -> bool:
    """Whether the form's last try was refused: then what was typed stays in it."""
    keys = [f"percentile-{what}", *(f"percentile-{form}-{k}" for k in _FORM_KEYS[form])]
    return any(error_of(model, S.FEATURE, key) for key in keys)


def _weapon_from_sheet(model: Model, cid: str, name: str, ctx: Ctx) -> Model:
    def change(char: dict[str, Any], st: dict[str, Any]) -> dict[str, Any]:
        sheet = gmtables.weapons(st["gm"]).get(name)
        if sheet is None:
            raise RulekeeperError(f"The GM's data sheets have no weapon {name!r}.")
        weapon = {
            k: (str(v) if k == "weight_kg" and v is not None else v) for k, v in sheet.items()
        }
        return {**char, "weapons": [*char["weapons"], weapon]}

    if not name:
        return model
    return _edit(
        model, cid, change, f"Add weapon {name} from the data sheet", ctx, "percentile-weapon"
    )


def _add_part(model: Model, cid: str, ctx: Ctx) -> Model:
    form = dict(model.ui.get("percentile_pform", {}))

    def change(char: dict[str, Any], st: dict[str, Any]) -> dict[str, Any]:
        part = roster.part_from_form(form, [p.get("name") for p in char["parts"]])
        return {**char, "parts": [*char["parts"], part]}

    name = str(form.get("name", "")).strip()
    done = _edit(model, cid, change, f"Add body part {name}", ctx, "percentile-part", "pform")
    return done if _refused(done, "part", "pform") else done.with_ui(percentile_pform={})


def _parts_from_sheet(model: Model, cid: str, ctx: Ctx) -> Model:
    def change(char: dict[str, Any], st: dict[str, Any]) -> dict[str, Any]:
        parts = gmtables.body_parts(st["gm"], str(char["race"]))
        if not parts:
            raise RulekeeperError(f"The GM's body-part sheet has no rows for {char['race']}.")
        return {**char, "parts": [{"name": n, "points": str(p), "damage": "0"} for n, p in parts]}

    return _edit(model, cid, change, "Body parts from the GM sheet", ctx, "percentile-part")


def _remove(model: Model, cid: str, key: str, index: int, ctx: Ctx) -> Model:
    st = S.state(model)
    char = S.character(st, cid)
    if char is None or not 0 <= index < len(char[key]):
        return model
    item = char[key][index]
    char[key] = [x for i, x in enumerate(char[key]) if i != index]
    return S.save(model, S.put_character(st, char), ctx, f"Remove {item.get('name', key)}")


def _heal(model: Model, cid: str, how: str, ctx: Ctx) -> Model:
    form = dict(model.ui.get("percentile_hform", {}))
    part = str(form.get("part") or "")

    def change(char: dict[str, Any], st: dict[str, Any]) -> dict[str, Any]:
        fighter = roster.fighter_from_json(char)
        healed = roster.heal(fighter, part, str(form.get("points", "")), how == "natural")
        return roster.fighter_into_json(char, healed)

    return _edit(model, cid, change, f"Heal {part} ({how})", ctx, "percentile-heal")


def _form(model: Model, name: str, key: str, value: str) -> Model:
    ui = f"percentile_{name}"
    return model.with_ui(**{ui: {**model.ui.get(ui, {}), key: value}})


def _wform(model: Model, msg: WForm, ctx: Ctx) -> Model:
    return _form(model, "wform", msg.key, msg.value)


def _pform(model: Model, msg: PForm, ctx: Ctx) -> Model:
    return _form(model, "pform", msg.key, msg.value)


def _hform(model: Model, msg: HForm, ctx: Ctx) -> Model:
    return _form(model, "hform", msg.key, msg.value)


def _healed(model: Model, msg: Heal, ctx: Ctx) -> Model:
    return _heal(model, msg.cid, msg.how, ctx)


def _weapon_added(model: Model, msg: WeaponAdd, ctx: Ctx) -> Model:
    return _add_weapon(model, msg.cid, ctx)


def _weapon_sheet(model: Model, msg: WeaponSheet, ctx: Ctx) -> Model:
    return _weapon_from_sheet(model, msg.cid, msg.name, ctx)


def _part_added(model: Model, msg: PartAdd, ctx: Ctx) -> Model:
    return _add_part(model, msg.cid, ctx)


def _parts_gm(model: Model, msg: PartsGm, ctx: Ctx) -> Model:
    return _parts_from_sheet(model, msg.cid, ctx)


def _weapon_del(model: Model, msg: WeaponDel, ctx: Ctx) -> Model:
    return _remove(model, msg.cid, "weapons", msg.index, ctx)


def _part_del(model: Model, msg: PartDel, ctx: Ctx) -> Model:
    return _remove(model, msg.cid, "parts", msg.index, ctx)


#: Each record message's handler, keyed by its class's action (``percentile.<name>``): the
#: forms, then the changes to one character's record.
HANDLERS = handlers(
    _wform,
    _pform,
    _hform,
    _healed,
    _weapon_added,
    _weapon_sheet,
    _part_added,
    _parts_gm,
    _weapon_del,
    _part_del,
)
ACTIONS = frozenset(HANDLERS)


def update(model: Model, msg: Action, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


def _weapon_rows(char: dict[str, Any]) -> list[VNode]:
    fighter = roster.fighter_from_json(char)
    return [
        h(
            "tr",
            {},
            h("td", {}, w.name),
            h("td", {}, dict(roster.CATEGORIES).get(w.category, w.category)),
            h("td", {}, w.damage_die or "—"),
            h(
                "td",
                {"data-testid": "percentile-weapon-skill"},
                roster.weapon_skill_text(fighter, w),
            ),
            h(
                "td",
                {},
                button(
                    f"percentile-weapon-del-{i}",
                    "Remove",
                    WeaponDel(char["id"], i),
                ),
            ),
        )
        for i, w in enumerate(fighter.weapons)
    ]


def _table(testid: str, heads: tuple[str, ...], rows: list[VNode]) -> VNode:
    return h(
        "table",
        {"class": "data", "data-testid": testid},
        h("thead", {}, h("tr", {}, *[h("th", {"scope": "col"}, t) for t in heads])),
        h("tbody", {}, *rows),
    )


def weapons_view(model: Model, st: dict[str, Any], char: dict[str, Any]) -> VNode:
    cid = char["id"]
    form = model.ui.get("percentile_wform", {})
    rows = _weapon_rows(char)
    sheet = sorted(gmtables.weapons(st["gm"]))

    def beside(key: str) -> str:
        return error_of(model, S.FEATURE, f"percentile-wform-{key}")

    entry = [
        field(f"percentile-wform-{key}", label, form.get(key, ""), WForm(key), error=beside(key))
        if key in ("name", "damage_die", "damage_type")
        else number(
            f"percentile-wform-{key}", label, form.get(key, ""), WForm(key), error=beside(key)
        )
        for key, label in WEAPON_FORM
    ]
    category = select(
        "percentile-wform-category",
        "Category",
        str(form.get("category", "weaponry")),
        roster.CATEGORIES,
        WForm("category"),
        error=beside("category"),
    )
    return card(
        "pct-weapons-h",
        "Attacks and weapons",
        _table("percentile-weapons", ("Name", "Category", "Damage die", "Skill", ""), rows)
        if rows
        else h("p", {"class": "muted"}, "No weapons yet."),
        select(
            "percentile-weapon-sheet",
            "Add from the GM's data sheets",
            "",
            [
                ("", "— choose —" if sheet else "— no data sheets entered —"),
                *[(n, n) for n in sheet],
            ],
            WeaponSheet(cid),
        ),
        h("h3", {}, "Or enter one by hand"),
        h("div", {"class": "grid2"}, entry[0], category, *entry[1:]),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-weapon-error"},
            error_of(model, S.FEATURE, "percentile-weapon"),
        ),
        button("percentile-weapon-add", "Add weapon", WeaponAdd(cid), primary=True),
        why(
            [
                "Hand-to-hand or weaponry follows the use (PCT-04, line 27)",
                "BRAWLmanship = (BRAWL + ATTACK DIF) / 2 (PCT-30, line 83); "
                "MARKSmanship = (AIM + WEP DIF) / 2 (PCT-31, line 85)",
                "Damage die abbreviations (PCT-42, lines 131-137); data sheets PCT-M17",
            ]
        ),
    )


def _part_rows(char: dict[str, Any]) -> list[VNode]:
    rows = []
    for i, part in enumerate(roster.fighter_from_json(char).parts):
        state = (
            "DESTROYED" if part.destroyed else ("no function" if part.no_function else "working")
        )
        rows.append(
            h(
                "tr",
                {"data-testid": "percentile-part-row"},
                h("td", {"class": "whole-words"}, part.name),  # "head", not "hea/d"
                h("td", {}, fmt(part.points)),
                h("td", {}, fmt(part.damage)),
                h("td", {}, f"{fmt(part.structure_left)} / 10"),
                h("td", {}, f"{fmt(part.function_left)} / {fmt(part.points)}"),
                h("td", {}, f"{state} (destroyed at {fmt(part.destruction_at)} damage)"),
                h(
                    "td",
                    {},
                    button(f"percentile-part-del-{i}", "Remove", PartDel(char["id"], i)),
                ),
            )
        )
    return rows


def record_view(model: Model, char: dict[str, Any]) -> VNode:
    cid = char["id"]
    form = model.ui.get("percentile_pform", {})
    rows = _part_rows(char)
    heads = ("Part", "Points", "Damage", "Structure", "Function", "State", "")
    return card(
        "pct-record-h",
        "Damage record",
        h(
            "p",
            {"class": "muted small"},
            "Each part has 10 structure points before its function points; it is destroyed at "
            "5 × its points.",
        ),
        why(["Structure points (PCT-46, line 121); total destruction (PCT-47, line 121)"]),
        _table("percentile-record", heads, rows)
        if rows
        else h("p", {"class": "muted"}, "No body parts yet: add them or load the GM's sheet."),
        h(
            "div",
            {"class": "grid2"},
            field(
                "percentile-pform-name",
                PART_FORM[0][1],
                form.get("name", ""),
                PForm("name"),
                error=error_of(model, S.FEATURE, "percentile-pform-name"),
            ),
            number(
                "percentile-pform-points",
                PART_FORM[1][1],
                form.get("points", ""),
                PForm("points"),
                error=error_of(model, S.FEATURE, "percentile-pform-points"),
            ),
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-part-error"},
            error_of(model, S.FEATURE, "percentile-part"),
        ),
        h(
            "div",
            {"class": "row"},
            button("percentile-part-add", "Add body part", PartAdd(cid), primary=True),
            button(
                "percentile-parts-gm",
                "Body parts from the GM's sheet",
                PartsGm(cid),
            ),
        ),
        _heal_view(model, char),
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
            "points only; structure comes back only by natural healing.",
        ),
        h(
            "div",
            {"class": "grid2"},
            select(
                "percentile-heal-part",
                "Body part",
                str(form.get("part", "")),
                [("", "— choose —"), *[(n, n) for n in _part_names(char)]],
                HForm("part"),
            ),
            number(
                "percentile-heal-points",
                "Points healed",
                form.get("points", ""),
                HForm("points"),
                error=error_of(model, S.FEATURE, "percentile-heal"),
            ),
        ),
        h(
            "div",
            {"class": "row"},
            button("percentile-heal-medical", "Heal (medical)", Heal(cid, "medical")),
            button("percentile-heal-natural", "Heal (natural)", Heal(cid, "natural")),
        ),
    )


def _part_names(char: dict[str, Any]) -> list[str]:
    """The body parts a treatment may heal, by name: a saved part without one (the store keeps
    any part's fields, tests/test_saved_fields_fuzz.py) is not offered, never a KeyError."""
    return [str(p["name"]) for p in char["parts"] if isinstance(p, dict) and p.get("name")]
