"""The checks tab: any check with exact odds and the margin, to-hit d1/d2/d3 odds, grenade
bands with the miss distance, damage dice with their distribution and a grazing preview. Every
number and roll comes from the core; odds are shown percent first (the exact fraction a tap away)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, TypeVar

from pycore.dice import RandintSource, seeded
from pycore.dice.typed import DiceWanted, TypedRolls, typed_dice
from pycore.errors import RulekeeperError
from pycore.systems.percentile import tohit
from pycore.systems.percentile.check_prefill import check_sources, check_values, default_source
from pycore.systems.percentile.checks import (
    TASK_FIELDS,
    check_chance,
    fmt,
    roll_check,
    task_number,
)
from pycore.systems.percentile.dice import damage_dice, roll_damage, roll_entries
from pycore.systems.percentile.roster import Fighter, fighter_from_json
from rkweb.app.messages import Action, Message, entered, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import state as S
from rkweb.kit.buttons import button
from rkweb.kit.dice_entry import dice_entry, typed_text
from rkweb.kit.fields import error_of, field, number, select, with_error
from rkweb.kit.odds import odds, odds_list, percent_text
from rkweb.kit.results import card, log_list, why


class CheckField(Message, action="percentile.check_field"):
    """One value of the tab, as typed (saved quietly once the core accepts it)."""

    key: str
    value: str = entered(default="")


class CheckClear(Message, action="percentile.check_clear"):
    """Clear the roll log (one undo step)."""


class CheckChar(Message, action="percentile.check_char"):
    """Link the tab to a character (the select's id; "" for none)."""

    cid: str = entered(default="")


class CheckSource(Message, action="percentile.check_source"):
    """What the linked character is checked on (the select's value)."""

    source: str = entered(default="")


# Each roll with the app's dice, and ``<roll>_typed``: the dice rolled at the table (the text).
class CheckRoll(Message, action="percentile.check_roll"):
    """Roll the percentile check."""


class CheckRollTyped(Message, action="percentile.check_roll_typed"):
    text: str = entered(default="")


class TohitRoll(Message, action="percentile.tohit_roll"):
    """Roll to hit with a procedure (``d1``, ``d2``, ``d3``)."""

    procedure: str


class TohitRollTyped(Message, action="percentile.tohit_roll_typed"):
    procedure: str
    text: str = entered(default="")


class GrenadeRoll(Message, action="percentile.grenade_roll"):
    """Roll the grenade throw."""


class GrenadeRollTyped(Message, action="percentile.grenade_roll_typed"):
    text: str = entered(default="")


class DamageRoll(Message, action="percentile.damage_roll"):
    """Roll the damage dice."""


class DamageRollTyped(Message, action="percentile.damage_roll_typed"):
    text: str = entered(default="")


T = TypeVar("T")


def _num(st: dict[str, Any], key: str) -> Fraction:
    return task_number(key, st["check"][key])


def _set(model: Model, key: str, raw: str) -> Model:
    st = S.state(model)
    ekey = f"percentile-check-{key}"
    try:
        if key in TASK_FIELDS:
            task_number(key, raw)
        elif key == "die":
            damage_dice(raw)
    except RulekeeperError as exc:
        return with_error(model, S.FEATURE, ekey, str(exc))
    st["check"] = {**st["check"], key: raw.strip()}
    if raw.strip() != str(st["check"].get(f"sheet_{key}", raw.strip())):
        st["check"]["filled"] = ""  # typed by hand: no longer what the sheet gave (item 7)
    return with_error(S.save(model, st), S.FEATURE, ekey, None)


def _picked(st: dict[str, Any]) -> Fighter | None:
    """The character the checks are linked to (none: the values are typed). The link, what it is
    checked on and the note are saved with the values, so an undo takes them back together."""
    cid = str(st["check"].get("char") or "")
    raw = S.character(st, cid) if cid else None
    return None if raw is None else fighter_from_json(raw)


def _prefill(model: Model, cid: str, source: str, ctx: Ctx) -> Model:
    """Link the tab to a character (or to none) and fill the fields its sheet gives (the core's
    :func:`check_values`); one undo step. "No character" keeps the typed values."""
    st = S.state(model)
    st["check"] = {**st["check"], "char": cid, "source": "", "filled": ""}
    fighter = _picked(st)
    if fighter is None:
        return S.save(model, st)
    try:
        filled = check_values(fighter, source or default_source(fighter), S.settings_of(st).to_hit)
    except RulekeeperError as exc:
        return with_error(model, S.FEATURE, "check-source", str(exc))
    st["check"] = {
        **st["check"],
        **filled.values,
        **{f"sheet_{k}": v for k, v in filled.values.items()},
        "source": source or default_source(fighter),
        "filled": str(filled),
    }
    errors = model.ui.get(f"{S.FEATURE}_errors", {})
    kept = {
        k: v for k, v in errors.items() if not str(k).startswith(("percentile-check-", "check-"))
    }
    model = model.with_ui(**{f"{S.FEATURE}_errors": kept})
    return S.save(model, st, ctx, f"Check values from {fighter.name}'s sheet")


#: A roll of the tab: its log line from the saved values and a random source.
Roll = Callable[[dict[str, Any], RandintSource], str]


def _check(st: dict[str, Any], rng: RandintSource) -> str:
    return str(roll_check(_num(st, "target"), rng, str(st["check"].get("label") or "check")))


def _tohit(procedure: str) -> Roll:
    def roll(st: dict[str, Any], rng: RandintSource) -> str:
        value = _num(st, "skill") if procedure == "d1" else _num(st, "pth")
        return str(tohit.roll_to_hit(procedure, value, rng, _num(st, "pa")))

    return roll


def _grenade(st: dict[str, Any], rng: RandintSource) -> str:
    return str(tohit.roll_grenade(_num(st, "brawl"), rng))


def _damage(st: dict[str, Any], rng: RandintSource) -> str:
    return "damage " + str(roll_damage(damage_dice(st["check"]["die"]), rng))


def _rolled(model: Model, ctx: Ctx, roll: Roll, rng: RandintSource, key: str) -> Model:
    """The roll logged, or its refusal under ``key``: the tab's line for the app's dice, beside
    its field for dice typed in."""
    st = S.state(model)
    try:
        text = roll(st, rng)
    except RulekeeperError as exc:
        return with_error(model, S.FEATURE, key, str(exc))
    except DiceWanted as wanted:  # fewer dice typed than the rule rolls
        return with_error(model, S.FEATURE, key, S.missing_roll(wanted))
    saved = S.save(model, S.logged(st, "check", text, ctx))
    return with_error(saved, S.FEATURE, key, None)


def _dice(model: Model, ctx: Ctx, msg: Message, roll: Roll, key: str, one: bool = False) -> Model:
    """The roll with the app's dice (refused on the tab's line), or with the dice typed in
    ``msg``'s "I rolled" field (refused beside it, ``typed-<key>``): one number per roll
    (1:100sd, 1:10sd), or, ``one``, a single roll of several dice whose faces or total are
    one entry."""
    text = typed_text(msg)
    if text is None:
        return _rolled(model, ctx, roll, seeded(ctx.fresh_seed), "check")
    entries = [text] if one else roll_entries(text)
    return _rolled(model, ctx, roll, TypedRolls(entries), f"typed-{key}")


def _check_roll(model: Model, msg: CheckRoll | CheckRollTyped, ctx: Ctx) -> Model:
    return _dice(model, ctx, msg, _check, "check_roll")


def _tohit_roll(model: Model, msg: TohitRoll | TohitRollTyped, ctx: Ctx) -> Model:
    return _dice(model, ctx, msg, _tohit(msg.procedure), f"tohit_roll-{msg.procedure}")


def _grenade_roll(model: Model, msg: GrenadeRoll | GrenadeRollTyped, ctx: Ctx) -> Model:
    return _dice(model, ctx, msg, _grenade, "grenade_roll")


def _damage_roll(model: Model, msg: DamageRoll | DamageRollTyped, ctx: Ctx) -> Model:
    # the damage is one roll of several dice: its faces (or total) are one entry
    text = typed_text(msg)
    if text is not None:
        # PCT-42: the dice as read, the app adds the Y; one number for several dice and a Y
        # (with it or without?) is refused as the fight's damage entry refuses it
        try:
            die = damage_dice(S.state(model)["check"]["die"]).notation
            typed_dice(die, text, "I rolled", added=True)
        except RulekeeperError as exc:
            return with_error(model, S.FEATURE, "typed-damage_roll", str(exc))
    return _dice(model, ctx, msg, _damage, "damage_roll", one=True)


def _field(model: Model, msg: CheckField, ctx: Ctx) -> Model:
    return _set(model, msg.key, msg.value)


def _char(model: Model, msg: CheckChar, ctx: Ctx) -> Model:
    return _prefill(model, msg.cid, "", ctx)


def _source(model: Model, msg: CheckSource, ctx: Ctx) -> Model:
    return _prefill(model, str(S.state(model)["check"].get("char") or ""), msg.source, ctx)


def _clear(model: Model, msg: CheckClear, ctx: Ctx) -> Model:
    st = S.state(model)
    st["check"] = {**st["check"], "log": []}
    return S.save(model, st, ctx, "Clear check log")


#: Each Checks message's handler, keyed by its class's action: ``ACTIONS`` are its names.
HANDLERS = handlers(
    _field,
    _clear,
    _char,
    _source,
    _check_roll,
    _tohit_roll,
    _grenade_roll,
    _damage_roll,
)
ACTIONS = frozenset(HANDLERS)


def update(model: Model, msg: Action, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


def _safe(fn: Callable[[], T]) -> T | str:
    try:
        return fn()
    except RulekeeperError as exc:
        return str(exc)


def _odds(testid: str, values: Mapping[str, Fraction] | str) -> VNode:
    if isinstance(values, str):
        return h("p", {"class": "notice"}, values)
    return odds_list(testid, values.items())


def _die_said(st: dict[str, Any]) -> str:
    """The damage die as the platform writes it (``1:10sd+1``), so the entry's label says what
    to type and that the app adds the Y (PCT-42); in words while the die is not readable."""
    try:
        return damage_dice(st["check"]["die"]).notation
    except RulekeeperError:
        return "the damage dice"


def _entry(
    model: Model, testid: str, expr: str, roll: Message, typed: Message, label: str, *args: str
) -> VNode:
    """A roll of the tab: "Roll for me" (its old test id ``<testid>-roll`` kept, with the
    procedure for the to-hit rolls), or "I rolled ..." with the dice on the table, typed as
    they are read: the app adds a roll's modifier (the damage die's Y, PCT-42; the others
    have none)."""
    old = f"percentile-tohit-roll-{args[0]}" if args else f"{testid}-roll"
    return dice_entry(
        testid,
        expr,
        roll=roll,
        typed=typed,
        label=label,
        roll_testid=old,
        error=error_of(model, S.FEATURE, "-".join(["typed", roll.ACTION.split(".")[1], *args])),
        added=True,
    )


def _character_card(model: Model, st: dict[str, Any]) -> VNode:
    """Pick a character (its sheet fills the fields below) or none (the values are typed)."""
    fighter = _picked(st)
    people = [("", "— no character: type the values —")]
    people += [(str(c["id"]), str(c["name"])) for c in st["characters"]]
    sources = check_sources(fighter) if fighter else ()
    note = str(st["check"].get("filled") or "") if fighter else ""
    if fighter and not note:
        note = f"Values typed by hand; pick what {fighter.name} is checked on to take the sheet's."
    return card(
        "pct-checkchar-h",
        "Whose check",
        h(
            "div",
            {"class": "grid2"},
            select(
                "percentile-check-char",
                "Character",
                fighter.id if fighter else "",
                people,
                CheckChar(),
            ),
            select(
                "percentile-check-source",
                "Check on",
                str(st["check"].get("source") or ""),
                list(sources),
                CheckSource(),
                error=error_of(model, S.FEATURE, "check-source"),
            )
            if fighter
            else None,
        ),
        h(
            "p",
            {"class": "explain", "data-testid": "percentile-check-filled", "aria-live": "polite"},
            note
            or (
                "Pick a character and the fields below take its sheet's values; "
                "every field can still be changed."
                if st["characters"]
                else "No characters yet: type the values, or add one on the Characters tab."
            ),
        ),
        why(
            [
                "Checks under an attribute or a skill (PCT-02); MARKSmanship and BRAWLmanship "
                "(PCT-30, PCT-31); grenades against BRAWL (PCT-38); damage dice (PCT-42); "
                "grazing under d1 against the skill (PCT-44)"
            ]
        ),
    )


def _check_card(model: Model, st: dict[str, Any], f: Callable[[str, str], VNode]) -> VNode:
    c = st["check"]
    chance = _safe(lambda: check_chance(_num(st, "target")))
    latest = (
        c["log"][0]["text"]
        if c["log"]
        else "Roll to see the 1:100sd, the verdict and the margin here."
    )
    return card(
        "pct-check-h",
        "Percentile check",
        h(
            "p",
            {"class": "muted small"},
            "Roll 1:100sd; success on a roll strictly under the target. Halves are kept exact: "
            "47½ succeeds on 47 or less.",
        ),
        why(["Roll under, strictly (PCT-02, R-A; lines 55, 89, 111); exact halves (R-B)"]),
        h(
            "div",
            {"class": "grid2"},
            f("target", "Target (attribute or skill; 47.5 or 95/2 allowed)"),
            field(
                "percentile-check-label",
                "What is checked (optional)",
                c.get("label", ""),
                CheckField("label"),
            ),
        ),
        h(
            "div",
            {"class": "tn", "data-testid": "percentile-check-odds"},
            odds(chance) if isinstance(chance, Fraction) else h("p", {"class": "notice"}, chance),
        ),
        _entry(
            model,
            "percentile-check",
            "1:100sd",
            CheckRoll(),
            CheckRollTyped(),
            "Roll 1:100sd for me",
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-check-error"},
            error_of(model, S.FEATURE, "check"),
        ),
        h(
            "p",
            {"class": "explain", "data-testid": "percentile-check-result", "aria-live": "polite"},
            latest,
        ),
    )


def _tohit_card(model: Model, st: dict[str, Any], f: Callable[[str, str], VNode]) -> VNode:
    d1 = _safe(lambda: tohit.to_hit_d1_odds(_num(st, "skill")))
    d2 = _safe(lambda: tohit.to_hit_d2_odds(_num(st, "pth")))
    d3 = _safe(lambda: tohit.to_hit_d3_odds(_num(st, "pth"), _num(st, "pa")))
    return card(
        "pct-tohit-h",
        "To-hit odds (d1, d2, d3)",
        h(
            "div",
            {"class": "grid2"},
            f("skill", "Skill for d1"),
            f("pth", "Percent to Hit (d2, d3)"),
            f("pa", "Percent Against (d3)"),
        ),
        h("h3", {}, "d1: under the skill"),
        _odds("percentile-d1-odds", d1),
        h("h3", {}, "d2: under the Percent to Hit"),
        _odds("percentile-d2-odds", d2),
        h("h3", {}, "d3: under N = PTH − PA; more than 20 under is direct"),
        _odds("percentile-d3-odds", d3),
        h(
            "div",
            {"class": "row"},
            *[
                _entry(
                    model,
                    f"percentile-tohit-{p}",
                    "1:100sd",
                    TohitRoll(p),
                    TohitRollTyped(p),
                    f"Roll {p} for me",
                    p,
                )
                for p in ("d1", "d2", "d3")
            ],
        ),
        why(["d1 PCT-32, d2 PCT-33, d3 PCT-34 and PCT-35 (lines 89-99)"]),
    )


def _grenade_card(model: Model, st: dict[str, Any], f: Callable[[str, str], VNode]) -> VNode:
    g = _safe(lambda: tohit.grenade_odds(_num(st, "brawl")))
    return card(
        "pct-grenade-h",
        "Grenade throw (d4)",
        f("brawl", "Thrower's BRAWL"),
        _odds("percentile-grenade-odds", g),
        h(
            "p",
            {"class": "muted small"},
            "A miss lands 1:10sd + 13 m (14–23 m, each 10%) from the target hex; the direction "
            "is the GM's.",
        ),
        _entry(
            model,
            "percentile-grenade",
            "the throw's dice",
            GrenadeRoll(),
            GrenadeRollTyped(),
            "Throw for me",
        ),
        why(["Grenades and explosives (PCT-38, lines 104-115)"]),
    )


def _distribution(text: str) -> VNode:
    dice = _safe(lambda: damage_dice(text))
    if isinstance(dice, str):
        return h("p", {"class": "notice"}, dice)
    dist = dice.distribution()
    modes, top = dice.most_likely()
    return h(
        "div",
        {},
        h(
            "p",
            {"data-testid": "percentile-die-summary"},
            f"{dice.notation}: {fmt(dice.low)}–{fmt(dice.high)}, mean {fmt(dice.mean)}, most likely "
            + ", ".join(fmt(k) for k in modes)
            + f" ({percent_text(top)} each)",
        ),
        h(
            "details",
            {},
            h("summary", {}, f"Every outcome ({len(dist)}) with its chance"),
            h(
                "p",
                {"class": "dist", "data-testid": "percentile-die-dist"},
                *[
                    h("span", {"title": f"exactly {p}"}, f"{fmt(k)}: {percent_text(p)}")
                    for k, p in dist.items()
                ],
            ),
        ),
    )


def _die_card(model: Model, st: dict[str, Any]) -> VNode:
    return card(
        "pct-die-h",
        "Damage dice",
        field(
            "percentile-check-die",
            "DAMAGE DIE ROLL (4+2, 3, ½ or 4:10sd+2)",
            st["check"]["die"],
            CheckField("die"),
            error=error_of(model, S.FEATURE, "percentile-check-die"),
        ),
        _distribution(st["check"]["die"]),
        _entry(
            model,
            "percentile-damage",
            _die_said(st),
            DamageRoll(),
            DamageRollTyped(),
            "Roll damage for me",
        ),
        why(["Damage die abbreviations (PCT-01, PCT-42; lines 131-137)"]),
    )


def _graze_card(st: dict[str, Any], f: Callable[[str, str], VNode]) -> VNode:
    graze = _safe(
        lambda: tohit.grazed_damage(
            _num(st, "g_damage"), _num(st, "g_target"), int(_num(st, "g_roll"))
        )
    )
    return card(
        "pct-graze-h",
        "Grazing preview",
        h(
            "div",
            {"class": "grid2"},
            f("g_damage", "Potential damage"),
            f("g_target", "Value the roll had to beat"),
            f("g_roll", "The to-hit roll"),
        ),
        h(
            "p",
            {"class": "explain", "data-testid": "percentile-graze"},
            f"grazed damage {fmt(graze)}" if isinstance(graze, Fraction) else str(graze),
        ),
        why(["Grazing: damage × percent under ÷ the value to beat (PCT-44, lines 141-146)"]),
    )


def view(model: Model) -> VNode:
    st = S.state(model)
    c = st["check"]

    def f(key: str, label: str) -> VNode:
        fid = f"percentile-check-{key}"
        return number(
            fid,
            label,
            c[key],
            CheckField(key),
            error=error_of(model, S.FEATURE, fid),
        )

    log = card(
        "pct-checklog-h",
        f"Roll log ({len(c['log'])})",
        button(
            "percentile-check-clear",
            "Clear log",
            CheckClear(),
            disabled=not c["log"],
        ),
        log_list("percentile-check-log-entry", c["log"]),
    )
    return h(
        "div",
        {"class": "page"},
        _character_card(model, st),
        _check_card(model, st, f),
        _tohit_card(model, st, f),
        _grenade_card(model, st, f),
        _die_card(model, st),
        _graze_card(st, f),
        log,
    )
