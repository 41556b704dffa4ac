"""The characters tab: pick a character, its sheet (race, attributes, AP, alertness, the AP
ledger), then its weapons and damage record (:mod:`.record`). Every bound and formula is the
core's (:mod:`pycore.systems.percentile.roster`)."""

from __future__ import annotations

from typing import Any

from pycore.errors import RulekeeperError
from pycore.figures import figure
from pycore.systems.percentile import damage, gmtables, roster
from rkweb.app.messages import Action, Message, entered, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import paper, record
from rkweb.features.percentile import state as S
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip
from rkweb.kit.fields import error_of, field, number, select, with_error
from rkweb.kit.paper import print_button
from rkweb.kit.results import card, why
from rkweb.kit.share import share_all_button, share_button


class CharNew(Message, action="percentile.char_new"):
    """Add a character (one undo step) and show it."""


class CharSelect(Message, action="percentile.char_select"):
    """Show one character's sheet."""

    cid: str


class CharDelete(Message, action="percentile.char_delete"):
    """Delete one character (one undo step)."""

    cid: str


class CharField(Message, action="percentile.char_field"):
    """One field of a character's sheet, as typed (saved quietly once the core accepts it)."""

    cid: str
    key: str
    value: str = entered(default="")


def selected(model: Model, st: dict[str, Any]) -> dict[str, Any] | None:
    cid = model.ui.get("percentile_char")
    found = S.character(st, str(cid)) if cid else None
    if found is None and st["characters"]:
        return dict(st["characters"][0])
    return found


def _new(model: Model, ctx: Ctx) -> Model:
    st = S.state(model)
    n = 1 + max(
        (
            int(str(c["id"])[1:])
            for c in st["characters"]
            if str(c.get("id", "")).startswith("c") and str(c["id"])[1:].isdigit()
        ),
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
    try:
        if key in roster.DEFAULTS:
            value = roster.check_attribute(key, raw)
        elif key in ("alertness", "alertness_level"):
            levels = gmtables.alertness_levels(st["gm"])
            value = roster.check_alertness(levels, raw, level=key == "alertness_level")
        elif key == "name":
            value = raw.strip()
            if not value:
                raise RulekeeperError("Name must not be empty.")
        else:
            value = raw.strip()
    except RulekeeperError as exc:
        return with_error(model, S.FEATURE, ekey, str(exc))
    char[key] = value
    if key == "ap":
        char["ledger"] = None  # a new AP score starts a fresh ledger
    return with_error(S.save(model, S.put_character(st, char)), S.FEATURE, ekey, None)


def _delete(model: Model, msg: CharDelete, ctx: Ctx) -> Model:
    st = S.state(model)
    st["characters"] = [c for c in st["characters"] if c.get("id") != msg.cid]
    return S.save(model, st, ctx, "Delete character").with_ui(percentile_char=None)


def _added(model: Model, msg: CharNew, ctx: Ctx) -> Model:
    return _new(model, ctx)


def _select(model: Model, msg: CharSelect, ctx: Ctx) -> Model:
    return model.with_ui(percentile_char=msg.cid)


def _field(model: Model, msg: CharField, ctx: Ctx) -> Model:
    return _set(model, msg.cid, msg.key, msg.value)


#: Each Characters message's handler, keyed by its class's action (``percentile.char_<name>``).
HANDLERS = handlers(_added, _select, _delete, _field)
ACTIONS = frozenset(HANDLERS)


def update(model: Model, msg: Action, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


def _chooser(st: dict[str, Any], char: dict[str, Any] | None) -> VNode:
    return h(
        "div",
        {"class": "row", "role": "group", "aria-label": "Characters"},
        *[
            chip(
                "percentile-char-pick",
                str(c["name"]),
                bool(char and c["id"] == char["id"]),
                CharSelect(c["id"]),
            )
            for c in st["characters"]
        ],
        button(
            "percentile-char-new",
            "New character",
            CharNew(),
            primary=not st["characters"],
        ),
    )


#: The sheet's labels of its fields (the numbers' from the core's list, their range beside).
LABELS = {
    "name": "Name",
    "race": "Race",
    **{key: label for key, label, _, _ in roster.ATTRIBUTES},
    "alertness_level": "Alertness level now (Table #3-5)",
    "alertness": "Alertness Percentage now",
    "weapons": "weapons",
    "parts": "body parts",
    "ledger": "AP spent",
}


def field_words(at: tuple[str, ...]) -> str | None:
    """The sheet's label of the saved field at ``at`` in the Percentile section (the
    descriptor's ``field_words``), a table's number left out.

    >>> field_words(("characters", "brawl")), field_words(("characters", "damage_modifier"))
    ('BRAWL', 'Damage modifier now')
    >>> field_words(("characters", "weapons", "wep_dif"))
    'WEP DIF'
    """
    inner = {"weapons": dict(record.WEAPON_FORM), "parts": dict(record.PART_FORM)}
    if len(at) > 1 and at[-2] in inner and at[-1] in inner[at[-2]]:
        return inner[at[-2]][at[-1]].partition(" (")[0]  # "WEP DIF (weaponry)": "WEP DIF"
    words = next((LABELS[key] for key in reversed(at) if key in LABELS), None)
    return None if words is None else words.partition(" (Table")[0]


def _race_options(char: dict[str, Any]) -> list[tuple[str, str]]:
    races = sorted(damage.races())
    options = [(r, r) for r in races]
    if char["race"] not in races:
        options.append((char["race"], char["race"]))
    return options


def _alertness(model: Model, st: dict[str, Any], char: dict[str, Any]) -> list[VNode]:
    """PCT-10: the Alertness Condition now, a level of the GM's Table #3-5 or a percentage: two
    entries, so a level is never read as a percentage."""
    cid = char["id"]
    levels = gmtables.alertness_levels(st["gm"])
    out = []
    if levels:
        current = str(char.get("alertness_level", ""))
        options = [("", "— no level —"), *[(n, n) for n in levels]]
        if current and current not in levels:
            options.append((current, current))
        out.append(
            select(
                "percentile-char-alertness_level",
                LABELS["alertness_level"],
                current,
                options,
                CharField(cid, "alertness_level"),
                error=error_of(model, S.FEATURE, "percentile-char-alertness_level"),
            )
        )
    out.append(
        number(
            "percentile-char-alertness",
            LABELS["alertness"] + (" (if no level)" if levels else ""),
            char.get("alertness", ""),
            CharField(cid, "alertness"),
            error=error_of(model, S.FEATURE, "percentile-char-alertness"),
        )
    )
    return out


def _sheet(model: Model, st: dict[str, Any], char: dict[str, Any]) -> VNode:
    cid = char["id"]
    fighter = roster.fighter_from_json(char)
    race = fighter.race_facts
    facts = f"skeleton {race.skeleton}; head {race.head_location}" + (
        f"; decentralised {', '.join(race.decentralized)}" if race.decentralized else ""
    )

    def err(key: str) -> str:
        return error_of(model, S.FEATURE, f"percentile-char-{key}")

    return card(
        "pct-sheet-h",
        f"{char['name']}",
        h(
            "div",
            {"class": "grid2"},
            field(
                "percentile-char-name",
                LABELS["name"],
                char["name"],
                CharField(cid, "name"),
                error=err("name"),
            ),
            select(
                "percentile-char-race",
                LABELS["race"],
                str(char["race"]),
                _race_options(char),
                CharField(cid, "race"),
            ),
            *[
                number(
                    f"percentile-char-{key}",
                    f"{label} ({figure(low)}–{figure(high)})",  # "−100000", a true minus
                    char[key],
                    CharField(cid, key),
                    error=err(key),
                )
                for key, label, low, high in roster.ATTRIBUTES
            ],
        ),
        h("div", {"class": "grid2"}, *_alertness(model, st, char)),
        h("p", {"class": "muted small"}, f"What the text states about {race.name}: {facts}."),
        why(["Races: PCT-T04 (lines 149, 158); bounds R-F; sheet fields PCT-M17, PCT-M18"]),
        h("p", {"class": "explain", "data-testid": "percentile-char-ledger"}, str(fighter.ledger)),
        button("percentile-char-delete", "Delete character", CharDelete(cid)),
    )


def _index(st: dict[str, Any], char: dict[str, Any]) -> int:
    """The character's place in the list (what a share finds it by)."""
    ids = [c.get("id") for c in st["characters"]]
    return ids.index(char["id"]) if char["id"] in ids else 0


def view(model: Model) -> VNode:
    st = S.state(model)
    char = selected(model, st)
    chooser = card(
        "pct-chars-h",
        "Characters",
        _chooser(st, char),
        share_all_button("percentile", "Share every character, table and setting"),
    )
    if char is None:
        return h("div", {"class": "page"}, chooser)
    return h(
        "div",
        {"class": "page"},
        chooser,
        share_button("percentile.character", _index(st, char), str(char["name"])),
        print_button("percentile-print"),
        _sheet(model, st, char),
        record.weapons_view(model, st, char),
        record.record_view(model, char),
        paper.view(char),
    )
