"""The percentile pages' saved state (section ``percentile``) and the fight read from it.

Its codec (``pycore.systems.percentile.saved``) checks and migrates it; merged with defaults on
read so older or partial data still loads. The GM's tables are saved under stable keys
(``"random_hit"``) and keyed by inventory ID (``"PCT-M07"``) here, where the rules look them up::

    {"settings": {...}, "characters": [...], "gm": {"random_hit": [rows]}, "check": {...},
     "combat": {"sides": [...], "round": 1, "order": {...} | None, "surprise": {...} | None,
                "pending": {...} | None, "attack": {...fields}, "log": [{"text", "at", "seed"}]}}

Numbers typed by the user are kept as the text they typed once the core accepted it. The fight
itself is the core's value (:mod:`pycore.systems.percentile.fight`); this module only reads it
from the section and writes it back.
"""

from __future__ import annotations

import copy
from typing import Any

from pycore.dice.typed import DiceWanted
from pycore.errors import RulekeeperError
from pycore.step import Step
from pycore.step import log_entry as logged_step
from pycore.systems.percentile import combat, sides
from pycore.systems.percentile.fight import Fight, setup, turns
from pycore.systems.percentile.fight.codec import fight_from_json, fight_into_json
from pycore.systems.percentile.roster import DEFAULTS as NUMBER_DEFAULTS
from pycore.systems.percentile.roster import SHEET_DEFAULTS
from pycore.systems.percentile.saved import VERSION, gm_by_id, gm_by_key
from rkweb.app.messages import Message, wire
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.kit import steps
from rkweb.kit.dice_entry import dice_entry
from rkweb.kit.fields import error_of
from rkweb.kit.memo import MemoName

FEATURE = "percentile"
SECTION = "percentile"
LOG_LIMIT = 200
CHAR_DEFAULTS: dict[str, Any] = SHEET_DEFAULTS
DEFAULTS: dict[str, Any] = {
    "schema": VERSION,
    "settings": {},
    "characters": [],
    "gm": {},
    "check": {
        "target": "50",
        "label": "",
        "skill": "50",
        "pth": "80",
        "pa": "30",
        "brawl": "50",
        "die": "4+2",
        "g_damage": "24",
        "g_target": "60",
        "g_roll": "15",
        "log": [],
    },
    "combat": {
        "sides": [
            {"name": "Side A", "members": [], "modifier": "", "ac": ""},
            {"name": "Side B", "members": [], "modifier": "", "ac": ""},
        ],
        "round": 1,
        "order": None,
        "surprise": None,
        "attack": {},
        "log": [],
    },
}


#: The saved sections read lately (each by its saved object, held by the app's memos so its id
#: stays its own) and the fights decoded from them (by the objects the fight is read from): a
#: tap, its update and the view after it, decodes the fight at most once (issue 25 "Done when":
#: it was decoded for the update and again for the view). Callers set a state's keys, never
#: change its values in place, so a state read already is handed out again as a shallow copy.
_STATES: MemoName[dict[str, Any]] = MemoName("percentile states")
_FIGHTS: MemoName[Fight] = MemoName("percentile fights")
_FIGHT_KEYS = ("combat", "characters", "gm", "settings")


def state(model: Model) -> dict[str, Any]:
    """The saved section merged with the defaults, read once per saved object."""
    saved, states = model.section(SECTION), model.memos[_STATES]
    known = states.recall(saved)
    if known is None:
        known, fight = _read(saved)
        states.keep(saved, known)
        if fight is not None:  # decoded to derive the form afresh: the view reads it again
            model.memos[_FIGHTS].keep(tuple(known.get(k) for k in _FIGHT_KEYS), fight)
    return dict(known)


def _merged(saved: dict[str, Any]) -> dict[str, Any]:
    return _read(saved)[0]


def _read(saved: dict[str, Any]) -> tuple[dict[str, Any], Fight | None]:
    """The saved section merged with the defaults, and the fight when it had to be decoded."""
    merged = copy.deepcopy(DEFAULTS)
    for key, value in saved.items():
        if key in ("check", "combat") and isinstance(value, dict):
            merged[key] = {**merged[key], **value}
        elif key != "characters":
            merged[key] = copy.deepcopy(value)
    chars = saved.get("characters")
    chars = chars if isinstance(chars, list) else []
    merged["characters"] = [_sheet(c) for c in chars if isinstance(c, dict)]
    merged["gm"] = gm_by_id(merged["gm"]) if isinstance(merged["gm"], dict) else {}
    return _current_form(merged)


def _current_form(merged: dict[str, Any]) -> tuple[dict[str, Any], Fight | None]:
    """The attack form of the fight as it stands. Entries typed after a step that an undo has
    taken back (their mark is not the step count) belong to the undone turn, never to the one
    restored (FIGHT.md's first law; a target tapped in the undone turn stayed chosen, the
    restored turn's fighter aiming at themselves): the form is the one kept at the count gone back
    to, as it stood then (:mod:`rkweb.kit.steps`: as the step left it or as the last entry typed
    after it left it), else derived afresh (:func:`afresh`: the step left the form the fight
    derives). Entries typed after the step as it stands are the form as they left it: a redo
    plays the step's change of the form onto the entries typed since, and put back the target
    an entry had dropped (Bob chosen as the attacker in Ann's turn at Bob: Bob aiming at Bob)."""
    combat = merged["combat"]
    since, kept = steps.typed_since(combat)
    if since == "nothing":
        return merged, None
    if kept is not None:
        if kept == combat.get("attack"):
            return merged, None
        return {**merged, "combat": {**combat, "attack": kept}}, None
    if since == "typed":
        return merged, None
    # the mark past the count (an undo), or kept by a redo after entries typed since the undo,
    # and no form kept at the count: the entries were typed in a state no longer there
    try:
        fight = fight_from_json(merged)
    except RulekeeperError:  # a fight that does not read is refused where it is read
        return merged, None
    return {**merged, "combat": {**steps.unmarked(combat), "attack": afresh(fight)}}, fight


def afresh(fight: Fight) -> dict[str, Any]:
    """The attack form the fight derives with nothing typed: the attack under way's own, or a
    fresh set-up for whoever acts now against their one foe."""
    now = turns.active(fight)
    if fight.pending is not None:
        return dict(fight.pending.form)
    if now is not None:
        return setup.fresh(fight, now.id, setup.only_foe(fight, now.id))
    return {}


def _sheet(saved: dict[str, Any]) -> dict[str, Any]:
    """A saved character with the defaults and cleaned (:func:`_clean`); the saved object itself
    when that changes nothing. Not copied (issue 33: the 30 sheets were deep-copied on every
    tap): callers copy a sheet before they change it (:func:`character`), never in place, and a
    sheet kept as it is stays the saved object, which the undo step's diff passes over."""
    char = _clean({**CHAR_DEFAULTS, **saved})
    return saved if char == saved else char


def _clean(char: dict[str, Any]) -> dict[str, Any]:
    """Saved data edited by hand or by an older version: a number that no longer reads as a whole
    number falls back to its default rather than breaking the page."""
    for key in NUMBER_DEFAULTS:
        try:
            int(str(char[key]))
        except ValueError:
            char[key] = CHAR_DEFAULTS[key]
    for key in ("weapons", "parts"):
        if not isinstance(char.get(key), list):
            char[key] = []
        char[key] = [x for x in char[key] if isinstance(x, dict)]
    return char


def save(
    model: Model,
    new: dict[str, Any],
    ctx: Ctx | None = None,
    label: str | None = None,
    *,
    fight: Fight | None = None,
) -> Model:
    """Undoable with a label (a user action), quiet without (typing into a field). ``fight``:
    the fight ``new`` was written from (:func:`with_fight`), remembered for the saved section so
    the view after the tap does not decode it again."""
    if isinstance(new.get("gm"), dict):
        new = {**new, "gm": gm_by_key(new["gm"])}
    model = steps.keep(model, SECTION, new, label, ctx)
    if fight is not None:
        saved = model.section(SECTION)
        merged = _merged(saved)
        model.memos[_STATES].keep(saved, merged)
        model.memos[_FIGHTS].keep(tuple(merged.get(k) for k in _FIGHT_KEYS), fight)
    return model


def settings_of(st: dict[str, Any]) -> combat.Settings:
    try:
        return combat.settings_from_json(st.get("settings") or {})
    except ValueError:
        return combat.Settings()


def fight_of(model: Model, st: dict[str, Any]) -> Fight:
    """The fight of ``st`` (a state of ``model``'s section), decoded once for the objects it is
    read from, remembered by ``model``'s app."""
    parts, fights = tuple(st.get(k) for k in _FIGHT_KEYS), model.memos[_FIGHTS]
    known = fights.recall(parts)
    if known is not None:
        return known
    fight = fight_from_json(st)
    fights.keep(parts, fight)
    return fight


def with_fight(st: dict[str, Any], fight: Fight, before: Fight | None = None) -> dict[str, Any]:
    """``st`` with ``fight`` written in; ``before``: the fight decoded from ``st``
    (:func:`fight_of`), whose fighters the step left as they were are not written again."""
    return fight_into_json(st, fight, before)


def character(st: dict[str, Any], cid: str) -> dict[str, Any] | None:
    for c in st["characters"]:
        if c.get("id") == cid:
            return dict(c)
    return None


def put_character(st: dict[str, Any], char: dict[str, Any]) -> dict[str, Any]:
    st = dict(st)
    st["characters"] = [char if c.get("id") == char["id"] else c for c in st["characters"]]
    return st


def log_entry(text: str | Step, ctx: Ctx) -> dict[str, Any]:
    step = text if isinstance(text, Step) else Step(text)
    return logged_step(step, at=ctx.now, seed=ctx.fresh_seed)


def logged(st: dict[str, Any], area: str, text: str | Step, ctx: Ctx) -> dict[str, Any]:
    """``st`` with ``text`` first in the log of ``area`` (``combat`` or ``check``)."""
    part = dict(st[area])
    part["log"] = steps.newest_first(part.get("log", []), [log_entry(text, ctx)], LOG_LIMIT)
    return {**st, area: part}


def typed_key(roll: str, args: tuple[Any, ...] = ()) -> str:
    """Where a typed roll's refusal is shown: beside the field of that roll (and side)."""
    return "-".join(["typed", roll, *map(str, args)])


#: What the GM types for each fight roll of several 1:100sd, as an example in its label.
EXAMPLES = {
    "surprise_roll": "30 70",
    "order_roll": "20 45",
    "rolloff": "12 85",
    "order_join": "40",
    "turn_next": "20 45",
}


def roll_entry(
    model: Model,
    testid: str,
    expr: str,
    roll: Message,
    typed: Message,
    label: str,
    *,
    disabled: bool = False,
) -> VNode:
    """A roll of the fight: "Roll for me" (``roll``; the old test id ``testid`` kept on the
    button), or "I rolled ..." (``typed``) with the dice on the table (one number per roll,
    spaces, commas or ";" between them; the label shows an example)."""
    action, *args = wire(roll)
    name = str(action).split(".", 1)[1]
    example = EXAMPLES.get(name, "47")
    said = error_of(model, FEATURE, typed_key(name, tuple(args)))
    entry = dice_entry(
        testid.removesuffix("-roll"),
        expr,
        roll=roll,
        typed=typed,
        error=said,
        label=label,
        roll_testid=testid,
        disabled=disabled,
        typed_label=f"I rolled ({expr}), e.g. {example}",
    )
    # A tie's re-roll (PCT-15, PCT-20) is the rule asking for more dice, not a refusal: it reads
    # in the page's question style (ink, as the attack's questions), not in the error's red. The
    # wrapper is always there (no layout of its own): added only with the prompt, it made a new
    # field and lost the dice typed so far, which the prompt asks to go on from.
    asked = sides.ROLLS_AGAIN in said
    return h(
        "div",
        {
            "class": "roll-entry roll-asked" if asked else "roll-entry",
            "data-testid": f"{testid}-asked" if asked else None,
        },
        entry,
    )


def missing_roll(wanted: DiceWanted, example: str = "47 12", typed: str = "") -> str:
    """The refusal when fewer dice were typed than the rule rolls (one entry per roll); after a
    tie (PCT-15, PCT-20) a prompt for the re-roll, its example the dice typed and the new ones."""
    if wanted.what.startswith(sides.ROLLS_AGAIN) and typed.strip():
        again = f"{typed.strip()} {example}"
        return f"{wanted}: type the rolls so far, then every side's re-roll (e.g. {again})"
    return f"{wanted}: type every roll, in order, spaces or commas between them (e.g. {example})"


def procedure(code: str) -> str:
    """A procedure in words for a card's title, as the Settings tab names it (issue 29 item 7:
    "Surprise (a1)" is a settings key a GM cannot read); "none" for no surprise check."""
    titles = combat.procedure_titles()
    if code not in titles:
        return "no surprise check"
    title = titles[code][1]
    return title[0].lower() + title[1:]
