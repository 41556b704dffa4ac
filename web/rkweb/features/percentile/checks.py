"""Percentile task rolls: any check with exact odds and the margin, to-hit d1/d2/d3 odds,
grenade bands with the miss distance, damage dice with their distribution, a grazing preview."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pycore.dice import seeded
from pycore.errors import RulekeeperError
from pycore.systems.percentile import tohit
from pycore.systems.percentile.checks import check_chance, fmt, parse_number, roll_check
from pycore.systems.percentile.dice import damage_dice, roll_damage
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.percentile import state as S
from rkweb.features.percentile.ui import button, card, error_of, field, log_list, odds, with_error
from rkweb.kit.numbers import odds_text

# field → (label, low, high, whole)
FIELDS: dict[str, tuple[str, int, int, bool]] = {
    "target": ("Target", -1000, 1000, False),
    "skill": ("Skill (MARKSmanship or BRAWLmanship)", -100, 100, False),
    "pth": ("Percent to Hit", 0, 100, False),
    "pa": ("Percent Against", 0, 100, False),
    "brawl": ("BRAWL", 0, 100, False),
    "g_damage": ("Potential damage", 0, 5000, False),
    "g_target": ("Value the roll had to beat", 1, 200, False),
    "g_roll": ("The to-hit 1:100sd roll", 1, 100, True),
}


def _num(st: dict[str, Any], key: str) -> Fraction:
    label, low, high, whole = FIELDS[key]
    return parse_number(label, st["check"][key], low, high, whole=whole)


def _set(model: Model, key: str, raw: str) -> Model:
    st = S.state(model)
    ekey = f"percentile-check-{key}"
    try:
        if key in FIELDS:
            label, low, high, whole = FIELDS[key]
            parse_number(label, raw, low, high, whole=whole)
        elif key == "die":
            damage_dice(raw)
    except RulekeeperError as exc:
        return with_error(model, ekey, str(exc))
    st["check"] = {**st["check"], key: raw.strip()}
    return with_error(S.save(model, st), ekey, None)


def _log(model: Model, text: str, ctx: Ctx) -> Model:
    st = S.state(model)
    st["check"] = {
        **st["check"],
        "log": [S.log_entry(text, ctx), *st["check"]["log"]][: S.LOG_LIMIT],
    }
    return S.save(model, st)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    kind = msg[0]
    if kind == "percentile.check_field":
        return _set(model, str(msg[1]), str(msg[2]))
    st = S.state(model)
    rng = seeded(ctx.fresh_seed)
    try:
        if kind == "percentile.check_roll":
            label = str(st["check"].get("label") or "check")
            return _log(model, str(roll_check(_num(st, "target"), rng, label)), ctx)
        if kind == "percentile.tohit_roll":
            proc = str(msg[1])
            value = _num(st, "skill") if proc == "d1" else _num(st, "pth")
            return _log(model, str(tohit.roll_to_hit(proc, value, rng, _num(st, "pa"))), ctx)
        if kind == "percentile.grenade_roll":
            return _log(model, str(tohit.roll_grenade(_num(st, "brawl"), rng)), ctx)
        if kind == "percentile.damage_roll":
            return _log(
                model, "damage " + str(roll_damage(damage_dice(st["check"]["die"]), rng)), ctx
            )
    except RulekeeperError as exc:
        return model.with_ui(percentile_check_error=str(exc))
    if kind == "percentile.check_clear":
        st["check"] = {**st["check"], "log": []}
        return S.save(model, st, ctx, "Clear check log")
    return model


def _safe(fn: Any) -> Any:
    try:
        return fn()
    except RulekeeperError as exc:
        return str(exc)


def view(model: Model) -> VNode:
    st = S.state(model)
    c = st["check"]

    def f(key: str, label: str) -> VNode:
        return field(
            model, f"percentile-check-{key}", label, c[key], ("percentile.check_field", key)
        )

    chance = _safe(lambda: check_chance(_num(st, "target")))
    latest = (
        c["log"][0]["text"]
        if c["log"]
        else "Roll to see the 1:100sd, the verdict and the margin here."
    )
    check_card = card(
        "pct-check-h",
        "Percentile check",
        h(
            "p",
            {"class": "muted small"},
            "Roll 1:100sd; success on a roll strictly under the target (R-A). Halves are kept exact: 47½ succeeds on 47 or less.",
        ),
        h(
            "div",
            {"class": "grid2"},
            f("target", "Target (attribute or skill; 47.5 or 95/2 allowed)"),
            field(
                model,
                "percentile-check-label",
                "What is checked (optional)",
                c.get("label", ""),
                ("percentile.check_field", "label"),
            ),
        ),
        h(
            "p",
            {"class": "tn", "data-testid": "percentile-check-odds"},
            h(
                "span",
                {"class": "total"},
                odds_text(chance) if isinstance(chance, Fraction) else "",
            ),
            "" if isinstance(chance, Fraction) else str(chance),
        ),
        button("percentile-check-roll", "Roll 1:100sd", ("percentile.check_roll",), primary=True),
        h(
            "p",
            {"class": "field-error", "role": "alert"},
            model.ui.get("percentile_check_error") or "",
        ),
        h(
            "p",
            {"class": "explain", "data-testid": "percentile-check-result", "aria-live": "polite"},
            latest,
        ),
    )
    d1 = _safe(lambda: tohit.to_hit_d1_odds(_num(st, "skill")))
    d2 = _safe(lambda: tohit.to_hit_d2_odds(_num(st, "pth")))
    d3 = _safe(lambda: tohit.to_hit_d3_odds(_num(st, "pth"), _num(st, "pa")))
    tohit_card = card(
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
        odds("percentile-d1-odds", d1) if isinstance(d1, dict) else h("p", {}, str(d1)),
        h("h3", {}, "d2: under the Percent to Hit"),
        odds("percentile-d2-odds", d2) if isinstance(d2, dict) else h("p", {}, str(d2)),
        h("h3", {}, "d3: under N = PTH − PA; more than 20 under is direct"),
        odds("percentile-d3-odds", d3) if isinstance(d3, dict) else h("p", {}, str(d3)),
        h(
            "div",
            {"class": "row"},
            *[
                button(f"percentile-tohit-roll-{p}", f"Roll {p}", ("percentile.tohit_roll", p))
                for p in ("d1", "d2", "d3")
            ],
        ),
    )
    g = _safe(lambda: tohit.grenade_odds(_num(st, "brawl")))
    grenade_card = card(
        "pct-grenade-h",
        "Grenade throw (d4)",
        f("brawl", "Thrower's BRAWL"),
        odds("percentile-grenade-odds", g) if isinstance(g, dict) else h("p", {}, str(g)),
        h(
            "p",
            {"class": "muted small"},
            "A miss lands 1:10sd + 13 m (14–23 m, each 1/10) from the target hex; the direction is the GM's.",
        ),
        button("percentile-grenade-roll", "Throw", ("percentile.grenade_roll",)),
    )
    dice = _safe(lambda: damage_dice(c["die"]))
    if isinstance(dice, str):
        dist_node = h("p", {}, dice)
    else:
        dist = dice.distribution()
        top = max(dist.values())
        dist_node = h(
            "div",
            {},
            h(
                "p",
                {"data-testid": "percentile-die-summary"},
                f"{dice.notation}: {fmt(dice.low)}–{fmt(dice.high)}, mean {fmt(dice.mean)}, most likely "
                + ", ".join(fmt(k) for k, p in dist.items() if p == top)
                + f" ({odds_text(top)} each)",
            ),
            h(
                "details",
                {},
                h("summary", {}, f"Every outcome ({len(dist)}) with its exact chance"),
                h(
                    "p",
                    {"class": "dist", "data-testid": "percentile-die-dist"},
                    *[
                        h("span", {}, f"{fmt(k)}: {p.numerator}/{p.denominator}")
                        for k, p in dist.items()
                    ],
                ),
            ),
        )
    die_card = card(
        "pct-die-h",
        "Damage dice",
        field(
            model,
            "percentile-check-die",
            "DAMAGE DIE ROLL (4+2, 3, ½ or 4:10sd+2)",
            c["die"],
            ("percentile.check_field", "die"),
        ),
        dist_node,
        button("percentile-damage-roll", "Roll damage", ("percentile.damage_roll",)),
    )
    graze = _safe(
        lambda: tohit.grazed_damage(
            _num(st, "g_damage"), _num(st, "g_target"), int(_num(st, "g_roll"))
        )
    )
    graze_card = card(
        "pct-graze-h",
        "Grazing preview (PCT-44)",
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
    )
    log = card(
        "pct-checklog-h",
        f"Roll log ({len(c['log'])})",
        button(
            "percentile-check-clear",
            "Clear log",
            ("percentile.check_clear",),
            disabled=not c["log"],
        ),
        log_list("percentile-check-log-entry", c["log"]),
    )
    _ = error_of
    return h(
        "div", {"class": "page"}, check_card, tohit_card, grenade_card, die_card, graze_card, log
    )
