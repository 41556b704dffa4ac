"""Aftermath Reference tab: every reference table of the text besides the combat worksheet's.
The critical miss tables (AFT-28, AFT-53, AFT-54) with exact odds, a D100 roll and the chamber
explosion; the Reaction roll (AFT-31); encumbrance (AFT-32, AFT-33); carrying places (AFT-34);
stopping forward motion (AFT-35); overland movement (AFT-36); climbing (AFT-37); learning (AFT-38);
throws (AFT-39); barrier factors (AFT-40); entanglement (AFT-41); acid (AFT-42); KPH to DAT
(AFT-43); the horse (AFT-30). Values the text leaves out are the user's, and say so.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.systems.aftermath.attributes import attribute_group
from pycore.systems.aftermath.barriers import barrier_factor, barrier_materials
from pycore.systems.aftermath.critical_misses import (
    KINDS,
    chamber_explosion,
    critical_miss_odds,
    roll_critical_miss,
)
from pycore.systems.aftermath.encumbrance import (
    BULKS,
    MASSES,
    enc_value,
    encumbrance_status,
)
from pycore.systems.aftermath.movement import kph_to_dat
from pycore.systems.aftermath.overland import (
    acid_scarring,
    conditions,
    day_after,
    day_after_weathers,
    overland,
    roll_acid,
)
from pycore.systems.aftermath.reaction import reaction_odds, roll_reaction, value_sum
from pycore.systems.aftermath.skills_and_moves import (
    climb,
    entanglement,
    horse,
    learning,
    learning_keys,
    learning_rate,
    rope_height,
    stopping,
    throw,
    throw_damage,
)
from pycore.tables import load_table
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.aftermath.state import optional_int
from rkweb.kit.numbers import odds_text

SECTION = "aftermath_ref"
LOG_LIMIT = 100


def _state(model: Model) -> dict[str, Any]:
    saved = model.section(SECTION)
    return {
        "kind": str(saved.get("kind", "armed")),
        "bdg": str(saved.get("bdg", "")),
        "durability": str(saved.get("durability", "")),
        "bulk": str(saved.get("bulk", "Med")),
        "mass": str(saved.get("mass", "Hvy")),
        "carried": str(saved.get("carried", "")),
        "cap": str(saved.get("cap", "")),
        "kph": str(saved.get("kph", "")),
        "base": str(saved.get("base", "")),
        "terrain": list(saved.get("terrain", [])),
        "study": list(saved.get("study", [])),
        "method": str(saved.get("method", "Ladder")),
        "bma": str(saved.get("bma", "")),
        "en": str(saved.get("en", "")),
        "loc": str(saved.get("loc", "")),
        "category": str(saved.get("category", "3")),
        "pca": str(saved.get("pca", "")),
        "knock": str(saved.get("knock", "0")),
        "soil_bf": str(saved.get("soil_bf", "")),
        "acid_strength": str(saved.get("acid_strength", "")),
        "learning_rate": str(saved.get("learning_rate", "")),
        "thrower_str": str(saved.get("thrower_str", "")),
        "rope_save": str(saved.get("rope_save", "")),
        "combine": str(saved.get("combine", "multiply")),
        "weather": str(saved.get("weather", "")),
        "day": str(saved.get("day", "1")),
        "snow_days": str(saved.get("snow_days", "1")),
        "ladder_bcs": str(saved.get("ladder_bcs", "")),
        "blast": str(saved.get("blast", "0")),
        "learning_rule": str(saved.get("learning_rule", "")),
        "looks": str(saved.get("looks", "")),
        "star_note": str(saved.get("star_note", "")),
        "reactions": [int(v) for v in saved.get("reactions", []) if isinstance(v, int)],
        "log": list(saved.get("log", [])),
    }


def _logged(model: Model, state: dict[str, Any], text: str, label: str, ctx: Ctx) -> Model:
    """A roll's explanation logged with its seed, as one undoable step."""
    entry = {"text": text, "at": ctx.now, "seed": ctx.fresh_seed}
    state["log"] = [entry, *state["log"]][:LOG_LIMIT]
    return replace(model, history=model.history.apply(SECTION, state, label, ctx.now))


def _entry_error(what: str, exc: Exception) -> str:
    """The core's words for a refused value; a field that is not a number says so."""
    return f"{what}: {exc if isinstance(exc, RuleError) else 'Enter whole numbers.'}"


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    state = _state(model)
    kind = msg[0]
    fields = (
        "kind",
        "bdg",
        "durability",
        "bulk",
        "mass",
        "carried",
        "cap",
        "kph",
        "base",
        "method",
        "bma",
        "en",
        "loc",
        "category",
        "pca",
        "knock",
        "soil_bf",
        "star_note",
        "acid_strength",
        "looks",
        "learning_rate",
        "learning_rule",
        "thrower_str",
        "blast",
        "rope_save",
        "ladder_bcs",
        "combine",
        "weather",
        "day",
        "snow_days",
    )
    if kind == "aftermath.ref_field" and str(msg[1]) in fields:
        state[str(msg[1])] = str(msg[2])
        return replace(model, history=model.history.set_quietly(SECTION, state))
    if kind in ("aftermath.ref_terrain", "aftermath.ref_study"):
        key, name = kind.removeprefix("aftermath.ref_"), str(msg[1])
        chosen = list(state[key])
        state[key] = [c for c in chosen if c != name] if name in chosen else [*chosen, name]
        return replace(model, history=model.history.set_quietly(SECTION, state))
    if kind == "aftermath.ref_throw_damage":
        try:
            group = attribute_group(int(state["thrower_str"]))
            done = throw_damage(
                int(state["en"]),
                group.effect_die,
                int(state["blast"] or 0),
                seeded(ctx.fresh_seed),
            )
        except (RuleError, ValueError) as exc:
            return model.with_ui(aft_ref_error=_entry_error("Throw damage", exc))
        text = f"Throw, Effect Number {state['en']}: " + (
            str(done) if done else "no damage below Effect Number 7 (AFT-39)"
        )
        return _logged(model.with_ui(aft_ref_error=""), state, text, "Throw damage", ctx)
    if kind == "aftermath.ref_rope":
        try:
            group = attribute_group(int(state["thrower_str"]))
            text = f"{state['method']}: " + rope_height(
                state["method"],
                int(state["rope_save"]),
                group.effect_die,
                seeded(ctx.fresh_seed),
            )
        except (RuleError, ValueError) as exc:
            return model.with_ui(aft_ref_error=_entry_error("Rope height", exc))
        return _logged(model.with_ui(aft_ref_error=""), state, text, "Rope height", ctx)
    if kind == "aftermath.ref_acid":
        results = roll_acid(seeded(ctx.fresh_seed))
        try:
            looks = acid_scarring(
                results, optional_int(state["acid_strength"]), optional_int(state["looks"])
            )
        except RuleError as exc:
            looks = str(exc)
        text = (
            "; ".join([*(str(r) for r in results), *([looks] if looks else [])])
            + "; scars enough to be a distinguishing mark"
        )
        return _logged(model, state, text, "Acid roll", ctx)
    if kind == "aftermath.ref_reaction":
        dice, result = roll_reaction(seeded(ctx.fresh_seed))
        state["reactions"] = [*state["reactions"], result.value][-LOG_LIMIT:]
        return _logged(model, state, f"{dice}: {result}. {result.note}", "Reaction roll", ctx)
    if kind == "aftermath.ref_reaction_clear":
        state["reactions"] = []
        history = model.history.apply(SECTION, state, "Clear reaction sum", ctx.now)
        return replace(model, history=history)
    if kind == "aftermath.ref_roll":
        try:
            dice, miss = roll_critical_miss(state["kind"], seeded(ctx.fresh_seed))
        except RuleError as exc:
            return model.with_ui(aft_ref_error=str(exc))
        texts = [f"{dice}: {miss}"]
        if miss.burst_divisor is not None and state["bdg"] and state["durability"]:
            try:
                blast = chamber_explosion(
                    int(state["bdg"]), int(state["durability"]), miss.burst_divisor
                )
                texts.append(("If it goes off: " if miss.effect == "cook-off" else "") + str(blast))
            except (RuleError, ValueError) as exc:
                texts.append(f"chamber explosion: {exc}")
        cleared = model.with_ui(aft_ref_error="")
        return _logged(cleared, state, " · ".join(texts), "Critical miss roll", ctx)
    return model


def _field(fid: str, label: str, value: str, field: str, input_type: str = "number") -> VNode:
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, label),
        h(
            "input",
            {
                "id": fid,
                "type": input_type,
                "value": value,
                "data-testid": fid,
                "on_change": ("aftermath.ref_field", field),
            },
        ),
    )


def _choice(
    fid: str,
    label: str,
    value: str,
    options: tuple[str, ...],
    field: str,
    labels: dict[str, str] | None = None,
) -> VNode:
    shown = labels or {}
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, label),
        h(
            "select",
            {"id": fid, "data-testid": fid, "on_change": ("aftermath.ref_field", field)},
            *[h("option", {"value": o, "selected": o == value}, shown.get(o, o)) for o in options],
        ),
    )


def _encumbrance(state: dict[str, Any]) -> VNode:
    """AFT-32, AFT-33: an item's ENC, and the status a load gives."""
    try:
        item = f"ENC {enc_value(state['bulk'], state['mass'])} (AFT-T22)"
    except RuleError as exc:
        item = str(exc)
    status = "Enter the ENC carried and the character's ENC CAP (not computed in this text)."
    if state["carried"].strip() and state["cap"].strip():
        try:
            status = str(encumbrance_status(state["carried"], int(state["cap"])))
        except (RuleError, ValueError, ZeroDivisionError) as exc:
            status = f"ENC carried / ENC CAP: {exc}"
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-ref-enc-h"},
        h("h2", {"id": "aft-ref-enc-h"}, "Encumbrance (AFT-32, AFT-33)"),
        h(
            "div",
            {"class": "grid2"},
            _choice("aft-ref-bulk", "Bulk", state["bulk"], BULKS, "bulk"),
            _choice("aft-ref-mass", "Mass", state["mass"], MASSES, "mass"),
            _field("aft-ref-carried", "ENC carried", state["carried"], "carried"),
            _field("aft-ref-cap", "ENC CAP (yours)", state["cap"], "cap"),
        ),
        h("p", {"class": "explain", "data-testid": "aft-ref-enc"}, item),
        h("p", {"class": "explain", "data-testid": "aft-ref-enc-status"}, status),
    )


def _speed(state: dict[str, Any]) -> VNode:
    """AFT-43: a vehicle's or runner's kph on the DAT display."""
    text = "Enter a speed in kph."
    if state["kph"].strip():
        try:
            text = str(kph_to_dat(state["kph"]))
        except (RuleError, ValueError) as exc:
            text = f"Speed: {exc}"
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-ref-kph-h"},
        h("h2", {"id": "aft-ref-kph-h"}, "KPH to DAT movement (AFT-43)"),
        _field("aft-ref-kph", "Speed (kph)", state["kph"], "kph"),
        h("p", {"class": "explain", "data-testid": "aft-ref-kph-result"}, text),
    )


def _overland(state: dict[str, Any]) -> VNode:
    """AFT-36 overland movement and AFT-42 acid."""
    text = "Enter the party's base overland movement (not in this text) and pick conditions."
    if state["base"].strip():
        try:
            text = str(overland(state["base"], state["terrain"], state["combine"]))
        except (RuleError, ValueError) as exc:
            text = f"Base movement: {exc}"
    after = "Pick the weather that ended to see the days after (T27)."
    if state["weather"]:
        try:
            day, snow = int(state["day"]), int(state["snow_days"])
            pct = day_after(state["weather"], day, snow)
            after = (
                f"{state['weather']}, day {day} after it ended: {pct}% of normal movement (AFT-T27)"
            )
        except (RuleError, ValueError) as exc:
            after = f"Day after: {exc}"
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-ref-move-h"},
        h("h2", {"id": "aft-ref-move-h"}, "Overland movement (AFT-36) and acid (AFT-42)"),
        _field("aft-ref-base", "Base overland movement (yours)", state["base"], "base"),
        h(
            "div",
            {"class": "row", "role": "group", "aria-label": "Movement conditions"},
            *[
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary" if c in state["terrain"] else "secondary",
                        "aria-pressed": "true" if c in state["terrain"] else "false",
                        "on_click": ("aftermath.ref_terrain", c),
                    },
                    c,
                )
                for c in conditions()
            ],
        ),
        _choice(
            "aft-ref-combine",
            "Several conditions combine by (not in the text)",
            state["combine"],
            ("multiply", "lowest"),
            "combine",
            {"multiply": "multiplying them (reading)", "lowest": "the lowest one"},
        ),
        h("p", {"class": "explain", "data-testid": "aft-ref-overland"}, text),
        h(
            "div",
            {"class": "grid2"},
            _choice(
                "aft-ref-weather",
                "Weather that ended (T27)",
                state["weather"],
                ("", *day_after_weathers()),
                "weather",
                {"": "none"},
            ),
            _field("aft-ref-day", "Day after it ended", state["day"], "day"),
            _field(
                "aft-ref-snow-days",
                "Days it snowed (prolonged snow)",
                state["snow_days"],
                "snow_days",
            ),
        ),
        h("p", {"class": "explain", "data-testid": "aft-ref-day-after"}, after),
        h(
            "div",
            {"class": "grid2"},
            _field(
                "aft-ref-acid-strength",
                "Acid strength when it began its attack (AFT-M34)",
                state["acid_strength"],
                "acid_strength",
            ),
            _field("aft-ref-looks", "Looks category (AFT-M34)", state["looks"], "looks"),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "secondary",
                "data-testid": "aft-ref-acid-roll",
                "on_click": ("aftermath.ref_acid",),
            },
            "Roll acid special effects",
        ),
    )


def _skills(state: dict[str, Any]) -> VNode:
    """AFT-38 learning, AFT-37 climbing, AFT-39 throws."""
    labels = {str(r["key"]): str(r["label"]) for r in load_table("aftermath", "learning_rate").rows}
    try:
        found = learning(state["study"])
        rate = learning_rate(
            found, optional_int(state["learning_rate"]), state["learning_rule"] or None
        )
        study = f"{found}. {rate}"
    except RuleError as exc:
        study = str(exc)
    climbing = "Enter the character's BMA."
    if state["bma"].strip():
        try:
            climbing = str(
                climb(state["method"], int(state["bma"]), optional_int(state["ladder_bcs"]))
            )
        except (RuleError, ValueError) as exc:
            climbing = f"BMA: {exc}"
    thrown = "Enter the throw's Effect Number."
    if state["en"].strip():
        try:
            thrown = str(throw(int(state["en"])))
        except (RuleError, ValueError) as exc:
            thrown = f"Effect Number: {exc}"
    tangled = "Enter the Effect Number and the location hit by an entangling weapon (AFT-41)."
    if state["en"].strip() and state["loc"].strip():
        try:
            tangled = str(entanglement(int(state["en"]), int(state["loc"])))
        except (RuleError, ValueError) as exc:
            tangled = f"Entanglement: {exc}"
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-ref-skills-h"},
        h(
            "h2",
            {"id": "aft-ref-skills-h"},
            "Learning (AFT-38), climbing (AFT-37), throws (AFT-39)",
        ),
        h(
            "div",
            {"class": "row", "role": "group", "aria-label": "Learning aids and hindrances"},
            *[
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary" if k in state["study"] else "secondary",
                        "aria-pressed": "true" if k in state["study"] else "false",
                        "on_click": ("aftermath.ref_study", k),
                    },
                    labels[k],
                )
                for k in learning_keys()
            ],
        ),
        h(
            "div",
            {"class": "grid2"},
            _field(
                "aft-ref-learning-rate",
                "Learning Rate (yours: not in the text, AFT-M22)",
                state["learning_rate"],
                "learning_rate",
            ),
            _choice(
                "aft-ref-learning-rule",
                "How aids change it (AFT-M22)",
                state["learning_rule"],
                ("", "aids_lower", "aids_raise"),
                "learning_rule",
                {
                    "": "not chosen",
                    "aids_lower": "aids lower it, hindrances raise it",
                    "aids_raise": "aids raise it, hindrances lower it",
                },
            ),
        ),
        h("p", {"class": "explain", "data-testid": "aft-ref-learning"}, study),
        h(
            "div",
            {"class": "grid2"},
            _choice(
                "aft-ref-method",
                "Climbing on",
                state["method"],
                ("Simple rope", "Knotted rope", "Ladder", "Stairs"),
                "method",
            ),
            _field("aft-ref-bma", "BMA", state["bma"], "bma"),
            _field("aft-ref-en", "Throw Effect Number", state["en"], "en"),
        ),
        h("p", {"class": "explain", "data-testid": "aft-ref-climb"}, climbing),
        h(
            "div",
            {"class": "grid2"},
            _field(
                "aft-ref-rope-save",
                "Strength CST (simple rope) or AST (knotted rope)",
                state["rope_save"],
                "rope_save",
            ),
            _field(
                "aft-ref-ladder-bcs",
                "BCS on a ladder (garbled: −2 read; yours)",
                state["ladder_bcs"],
                "ladder_bcs",
            ),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "secondary",
                "data-testid": "aft-ref-rope-roll",
                "on_click": ("aftermath.ref_rope",),
            },
            "Roll a rope's maximum height (Strength rating below)",
        ),
        h("p", {"class": "explain", "data-testid": "aft-ref-throw"}, thrown),
        h(
            "div",
            {"class": "grid2"},
            _field(
                "aft-ref-thrower-str",
                "Strength rating of the climber or thrower (its Effect Die)",
                state["thrower_str"],
                "thrower_str",
            ),
            _field("aft-ref-blast", "Target's Blast Buffering level", state["blast"], "blast"),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "secondary",
                "data-testid": "aft-ref-throw-damage",
                "on_click": ("aftermath.ref_throw_damage",),
            },
            "Roll throw damage (Effect Number 7+)",
        ),
        _field(
            "aft-ref-loc",
            "Entangled location (1-30; uses the Effect Number above)",
            state["loc"],
            "loc",
        ),
        h("p", {"class": "explain", "data-testid": "aft-ref-entangle"}, tangled),
    )


def _horse_and_stopping(state: dict[str, Any]) -> VNode:
    """AFT-30 the horse; AFT-35 stopping forward motion."""
    text = "Enter the character's PCA."
    if state["pca"].strip():
        try:
            text = str(
                stopping(int(state["category"]), int(state["pca"]), int(state["knock"] or "0"))
            )
        except (RuleError, ValueError) as exc:
            text = f"Stopping: {exc}"
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-ref-stop-h"},
        h(
            "h2",
            {"id": "aft-ref-stop-h"},
            "Stopping forward motion (AFT-35) and the horse (AFT-30)",
        ),
        h(
            "div",
            {"class": "grid2"},
            _choice(
                "aft-ref-category",
                "Movement category",
                state["category"],
                ("3", "2", "1", "0"),
                "category",
            ),
            _field("aft-ref-pca", "PCA", state["pca"], "pca"),
            _field("aft-ref-knock", "Knock-back (metres)", state["knock"], "knock"),
        ),
        h("p", {"class": "explain", "data-testid": "aft-ref-stopping"}, text),
        h("p", {"class": "small", "data-testid": "aft-ref-horse"}, horse()),
    )


def _barriers(state: dict[str, Any]) -> VNode:
    """AFT-40 (data only, with the user's soil value and * note, AFT-M25) and AFT-34."""
    soil = state["soil_bf"].strip()
    note = state["star_note"]
    error = ""
    try:
        chosen = int(soil) if soil else None
        lines = [str(barrier_factor(m, chosen, note)) for m in barrier_materials()]
    except (RuleError, ValueError) as exc:
        error = str(exc) if isinstance(exc, RuleError) else "Soil BF must be a whole number."
        lines = [str(barrier_factor(m, None, note)) for m in barrier_materials()]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-ref-bf-h"},
        h("h2", {"id": "aft-ref-bf-h"}, "Barrier factors (AFT-40) and carrying places (AFT-34)"),
        h(
            "div",
            {"class": "grid2"},
            _field(
                "aft-ref-soil", "Soil Barrier Factor, 8-20 (yours)", state["soil_bf"], "soil_bf"
            ),
            _field(
                "aft-ref-star-note",
                "The * footnote, missing from the text (AFT-M25)",
                note,
                "star_note",
                "text",
            ),
        ),
        h("p", {"class": "field-error", "role": "alert"}, error),
        h(
            "ul",
            {"class": "small", "data-testid": "aft-ref-barriers"},
            *[h("li", {}, line) for line in lines],
        ),
        h(
            "p",
            {"class": "small muted"},
            "How a Barrier Factor stops a bullet or a blow is not in this text. A character may "
            "carry 1 thing on the back, 1 up to Very Large in each hand, 1 over each shoulder and "
            "10 on a belt (AFT-34).",
        ),
    )


def view(model: Model) -> VNode:
    state = _state(model)
    odds = critical_miss_odds(state["kind"]) if state["kind"] in KINDS else {}
    log = state["log"]
    return h(
        "div",
        {"class": "page"},
        h(
            "section",
            {"class": "card", "aria-labelledby": "aft-ref-miss-h"},
            h("h2", {"id": "aft-ref-miss-h"}, "Critical misses (AFT-28, AFT-53, AFT-54)"),
            h(
                "div",
                {"class": "grid2"},
                h(
                    "div",
                    {"class": "field"},
                    h("label", {"for": "aft-ref-kind"}, "Table"),
                    h(
                        "select",
                        {
                            "id": "aft-ref-kind",
                            "data-testid": "aft-ref-kind",
                            "on_change": ("aftermath.ref_field", "kind"),
                        },
                        *[
                            h("option", {"value": k, "selected": k == state["kind"]}, k)
                            for k in KINDS
                        ],
                    ),
                ),
                _field("aft-ref-bdg", "BDG of the round (firearms)", state["bdg"], "bdg"),
                _field(
                    "aft-ref-durability",
                    "Weapon Durability (firearms)",
                    state["durability"],
                    "durability",
                ),
            ),
            h(
                "dl",
                {"class": "odds", "data-testid": "aft-ref-odds"},
                *[
                    node
                    for effect, chance in odds.items()
                    for node in (h("dt", {}, effect), h("dd", {}, odds_text(chance)))
                ],
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary",
                    "data-testid": "aft-ref-roll",
                    "on_click": ("aftermath.ref_roll",),
                },
                "Roll D100",
            ),
            h("p", {"class": "field-error", "role": "alert"}, model.ui.get("aft_ref_error") or ""),
            h(
                "ol",
                {"class": "log", "tabindex": "0", "aria-label": "Critical miss rolls"},
                *[
                    h(
                        "li",
                        {
                            "class": "log-entry",
                            "data-testid": "aft-ref-log-entry",
                            "data-key": f"{e['at']}|{e['seed']}",
                        },
                        h("span", {"class": "log-text"}, e["text"]),
                    )
                    for e in log
                ],
            ),
        ),
        h(
            "section",
            {"class": "card", "aria-labelledby": "aft-ref-reaction-h"},
            h("h2", {"id": "aft-ref-reaction-h"}, "Reaction (AFT-31)"),
            h(
                "dl",
                {"class": "odds", "data-testid": "aft-ref-reaction-odds"},
                *[
                    node
                    for name, chance in reaction_odds().items()
                    for node in (h("dt", {}, name), h("dd", {}, odds_text(chance)))
                ],
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary",
                    "data-testid": "aft-ref-reaction-roll",
                    "on_click": ("aftermath.ref_reaction",),
                },
                "Roll a reaction",
            ),
            h(
                "p",
                {"class": "explain", "data-testid": "aft-ref-reaction-sum"},
                value_sum(state["reactions"]),
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "secondary",
                    "data-testid": "aft-ref-reaction-clear",
                    "on_click": ("aftermath.ref_reaction_clear",),
                },
                "Clear the sum",
            ),
            h(
                "p",
                {"class": "small muted"},
                "Modifiers to the roll and how Value Numbers add up are not in the text.",
            ),
        ),
        _encumbrance(state),
        _speed(state),
        _overland(state),
        _skills(state),
        _barriers(state),
        _horse_and_stopping(state),
    )
