"""The Reference tab's saved state (section ``aftermath_ref``: what was typed, the chosen
conditions and aids, the reaction values and the log) and what its messages do. Every roll and
value is the core's; a refused entry is shown beside its card."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.systems.aftermath.attack.critical_misses import chamber_explosion, roll_critical_miss
from pycore.systems.aftermath.reference.overland import acid_scarring, roll_acid
from pycore.systems.aftermath.reference.reaction import roll_reaction
from pycore.systems.aftermath.reference.skills_and_moves import rope_height, throw_damage
from pycore.systems.aftermath.sheet.attributes import attribute_group
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.features.aftermath.state import optional_int, refused, set_err

SECTION = "aftermath_ref"
LOG_LIMIT = 100
#: Every typed field and its default.
FIELDS: dict[str, str] = {
    "kind": "armed",
    "bdg": "",
    "durability": "",
    "bulk": "Med",
    "mass": "Hvy",
    "carried": "",
    "cap": "",
    "kph": "",
    "base": "",
    "method": "Ladder",
    "bma": "",
    "en": "",
    "loc": "",
    "length": "",
    "category": "3",
    "pca": "",
    "knock": "0",
    "soil_bf": "",
    "acid_strength": "",
    "learning_rate": "",
    "thrower_str": "",
    "rope_save": "",
    "combine": "multiply",
    "weather": "",
    "day": "1",
    "snow_days": "1",
    "ladder_bcs": "",
    "blast": "0",
    "learning_rule": "",
    "looks": "",
    "star_note": "",
}


class RefField(Message, action="aftermath.ref_field"):
    """One of the tab's fields, as typed or picked (kept quietly)."""

    key: str
    value: str = entered(default="")


class RefTerrain(Message, action="aftermath.ref_terrain"):
    """A terrain condition chosen, or unchosen."""

    name: str


class RefStudy(Message, action="aftermath.ref_study"):
    """A study aid chosen, or unchosen."""

    name: str


class RefReaction(Message, action="aftermath.ref_reaction"):
    """Roll a reaction (its value joins the sum)."""


class RefReactionClear(Message, action="aftermath.ref_reaction_clear"):
    """Clear the reaction sum (one undo step)."""


class RefThrowDamage(Message, action="aftermath.ref_throw_damage"):
    """Roll a throw's damage (AFT-39)."""


class RefRope(Message, action="aftermath.ref_rope"):
    """Roll a rope's height (AFT-37)."""


class RefAcid(Message, action="aftermath.ref_acid"):
    """Roll the acid's special effects (AFT-42)."""


class RefRoll(Message, action="aftermath.ref_roll"):
    """Roll D100 on the chosen critical miss table."""


def ref_state(model: Model) -> dict[str, Any]:
    saved = model.section(SECTION)
    out: dict[str, Any] = {key: str(saved.get(key, default)) for key, default in FIELDS.items()}
    out["terrain"] = list(saved.get("terrain", []))
    out["study"] = list(saved.get("study", []))
    out["reactions"] = [int(v) for v in saved.get("reactions", []) if isinstance(v, int)]
    out["log"] = list(saved.get("log", []))
    return out


def _logged(
    model: Model,
    state: dict[str, Any],
    text: str,
    label: str,
    ctx: Ctx,
    rules: Sequence[str] = (),
) -> Model:
    """A roll's explanation logged with its seed, as one undoable step; the rules it applied
    kept as data beside its words (shown only under its "Why")."""
    entry: dict[str, Any] = {"text": text, "at": ctx.now, "seed": ctx.fresh_seed}
    if rules:
        entry["rules"] = list(dict.fromkeys(rules))
    state["log"] = [entry, *state["log"]][:LOG_LIMIT]
    return replace(model, history=model.history.apply(SECTION, state, label, ctx.now))


def _refused(model: Model, key: str, what: str, exc: Exception) -> Model:
    """The core's words for a refused value; a field that is not a number says so."""
    if isinstance(exc, RuleError):
        return set_err(model, key, f"{what}: {exc}", exc.rules)
    return set_err(model, key, f"{what}: Enter whole numbers.")


def _throw(model: Model, state: dict[str, Any], ctx: Ctx) -> Model:
    """AFT-39: a throw of Effect Number 7+ does the thrower's Strength Effect Die in subdual."""
    try:
        group = attribute_group(int(state["thrower_str"]))
        done = throw_damage(
            int(state["en"]), group.effect_die, int(state["blast"] or 0), seeded(ctx.fresh_seed)
        )
    except (RuleError, ValueError) as exc:
        return _refused(model, "ref.throw", "Throw damage", exc)
    text = f"Throw, Effect Number {state['en']}: " + (
        str(done) if done else "no damage below Effect Number 7"
    )
    cleared = set_err(model, "ref.throw", None)
    return _logged(cleared, state, text, "Throw damage", ctx, ("AFT-39",))


def _rope(model: Model, state: dict[str, Any], ctx: Ctx) -> Model:
    """AFT-37: a rope's maximum height from the climber's Strength save and Effect Die."""
    try:
        group = attribute_group(int(state["thrower_str"]))
        height = rope_height(
            state["method"], int(state["rope_save"]), group.effect_die, seeded(ctx.fresh_seed)
        )
    except (RuleError, ValueError) as exc:
        return _refused(model, "ref.throw", "Rope height", exc)
    text = f"{state['method']}: {height}"
    cleared = set_err(model, "ref.throw", None)
    return _logged(cleared, state, text, "Rope height", ctx, ("AFT-37",))


def _acid(model: Model, state: dict[str, Any], ctx: Ctx) -> Model:
    """AFT-42: the acid's special effects; scarring lowers the user's Looks category."""
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
    rules = [
        "AFT-42",
        *(r for found in results for r in found.rules),
        *(["AFT-M34"] if looks else []),
    ]
    return _logged(model, state, text, "Acid roll", ctx, rules)


def _miss(model: Model, state: dict[str, Any], ctx: Ctx) -> Model:
    """AFT-28, AFT-53, AFT-54: D100 on the chosen table; a firearm's chamber explosion with the
    round's BDG and the weapon's Durability when they are given."""
    try:
        dice, miss = roll_critical_miss(state["kind"], seeded(ctx.fresh_seed))
    except RuleError as exc:
        return refused(model, "ref.roll", exc)
    texts = [f"{dice}: {miss}"]
    if miss.burst_divisor is not None and state["bdg"] and state["durability"]:
        try:
            blast = chamber_explosion(
                int(state["bdg"]), int(state["durability"]), miss.burst_divisor
            )
            texts.append(("If it goes off: " if miss.effect == "cook-off" else "") + str(blast))
        except (RuleError, ValueError) as exc:
            texts.append(f"chamber explosion: {exc}")
    rules = (miss.table_id, f"L{miss.line}")
    cleared = set_err(model, "ref.roll", None)
    return _logged(cleared, state, " · ".join(texts), "Critical miss roll", ctx, rules)


def _field(model: Model, msg: RefField, ctx: Ctx) -> Model:
    if msg.key not in FIELDS:  # a field this tab does not keep: nothing to change
        return model
    state = ref_state(model)
    state[msg.key] = msg.value
    return replace(model, history=model.history.set_quietly(SECTION, state))


def _chosen(model: Model, part: str, name: str) -> Model:
    """A terrain or a study aid (``part``) chosen, or unchosen."""
    state = ref_state(model)
    chosen = list(state[part])
    state[part] = [c for c in chosen if c != name] if name in chosen else [*chosen, name]
    return replace(model, history=model.history.set_quietly(SECTION, state))


def _terrain(model: Model, msg: RefTerrain, ctx: Ctx) -> Model:
    return _chosen(model, "terrain", msg.name)


def _study(model: Model, msg: RefStudy, ctx: Ctx) -> Model:
    return _chosen(model, "study", msg.name)


def _reaction(model: Model, msg: RefReaction, ctx: Ctx) -> Model:
    state = ref_state(model)
    dice, result = roll_reaction(seeded(ctx.fresh_seed))
    state["reactions"] = [*state["reactions"], result.value][-LOG_LIMIT:]
    text = f"{dice}: {result}. {result.note}"
    return _logged(model, state, text, "Reaction roll", ctx, result.rules)


def _reaction_clear(model: Model, msg: RefReactionClear, ctx: Ctx) -> Model:
    state = {**ref_state(model), "reactions": []}
    return replace(
        model, history=model.history.apply(SECTION, state, "Clear reaction sum", ctx.now)
    )


def _throw_damage(model: Model, msg: RefThrowDamage, ctx: Ctx) -> Model:
    return _throw(model, ref_state(model), ctx)


def _rope_height(model: Model, msg: RefRope, ctx: Ctx) -> Model:
    return _rope(model, ref_state(model), ctx)


def _acid_roll(model: Model, msg: RefAcid, ctx: Ctx) -> Model:
    return _acid(model, ref_state(model), ctx)


def _miss_roll(model: Model, msg: RefRoll, ctx: Ctx) -> Model:
    return _miss(model, ref_state(model), ctx)


#: Each Reference message's handler, keyed by its class's action (``aftermath.ref_<name>``).
HANDLERS = handlers(
    _field,
    _terrain,
    _study,
    _reaction,
    _reaction_clear,
    _throw_damage,
    _rope_height,
    _acid_roll,
    _miss_roll,
)
