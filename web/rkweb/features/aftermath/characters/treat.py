"""A fighter bleeding to death, treated where his conditions are (AFT-25, 001 line 32): bandaged
with a First Aid Skill BCS roll, or cauterized (System Shock, and his Health AST to survive it),
each with its exact chance and "Roll for me" or the die typed. A GM's play-through found only
"Remove Bleeding to death" there, and Bo bled to death with "no bandage or cautery recorded"."""

from __future__ import annotations

from typing import Any

from pycore.dice import RandintSource, seeded, typed_dice
from pycore.errors import RuleError, RulekeeperError
from pycore.systems.aftermath import treat as core
from pycore.systems.aftermath.bcs import bcs_chance, save_chances
from pycore.systems.aftermath.conditions import Moment
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.characters.conditions import CharDraft, draft
from rkweb.features.aftermath.state import err, now_of, refused, set_err, state, undoable
from rkweb.kit.dice_entry import dice_entry, typed_text
from rkweb.kit.fields import number
from rkweb.kit.odds import odds

#: The drafted First Aid BCS (of the one who bandages): its draft key, and the errors' keys.
FIRST_AID = "first_aid"
ERRORS = {"bandage": "char.bandage", "cauterize": "char.cauterize"}


class CharTreat(Message, action="aftermath.char_treat"):
    """Bandage or cauterize (``how``) a character's bleeding (his place) with the app's die."""

    who: int
    how: str


class CharTreatTyped(Message, action="aftermath.char_treat_typed"):
    """The same, with the D20 rolled at the table and typed."""

    who: int
    how: str
    text: str = entered(default="")


def _treat(model: Model, msg: CharTreat | CharTreatTyped, ctx: Ctx) -> Model:
    key = ERRORS.get(msg.how, "char.bandage")
    st = state(model)
    text = typed_text(msg)
    rng: RandintSource = seeded(ctx.fresh_seed)
    try:
        if text is not None:
            rng = typed_dice("1d20", text, "the D20 rolled")
        raw, now = st["characters"][msg.who], now_of(st)
        if msg.how == "cauterize":
            done = core.cauterize(raw, now, rng)
        else:
            done = core.bandage(raw, now, _first_aid(model), rng)
    except RulekeeperError as exc:
        return refused(model, key, exc)
    st["characters"][msg.who] = done.sheet
    model = set_err(model, key, None).with_ui(aftermath_treated={"who": msg.who, "text": done.text})
    return undoable(model, st, done.text, ctx)


def _first_aid(model: Model) -> int:
    typed = draft(model).get(FIRST_AID, "").strip()
    if not typed.lstrip("-").isdigit():
        raise RuleError("type the First Aid BCS of the one who bandages (a whole number)")
    return int(typed)


#: The treatments' messages, keyed by their classes' actions.
HANDLERS = handlers(_treat)


def treat_block(
    model: Model, raw: dict[str, Any], index: int, now: Moment, testid: str
) -> VNode | None:
    """Bandage and Cauterize for a fighter bleeding to death now, each with its chance; the
    last treatment's result below them (where the tap was). None when he is not bleeding and
    no treatment of his was just made."""
    shown = model.ui.get("aftermath_treated")
    result = shown.get("text") if isinstance(shown, dict) and shown.get("who") == index else None
    if not core.bleeding_now(raw, now):
        return (
            h("p", {"class": "outcome", "data-testid": f"{testid}-treated"}, result)
            if result
            else None
        )
    aid = draft(model).get(FIRST_AID, "")
    try:
        aid_chance = bcs_chance(int(aid)) if aid.strip().lstrip("-").isdigit() else None
    except RuleError:
        aid_chance = None
    save = core.health_save(raw)
    return h(
        "div",
        {"class": "treat", "data-testid": f"{testid}-treat"},
        h("p", {"class": "strong"}, f"Stop {raw['name']}'s bleeding:"),
        number(
            f"{testid}-first-aid",
            "First Aid BCS of the one who bandages",
            aid,
            CharDraft(FIRST_AID),
            error=err(model, ERRORS["bandage"]),
        ),
        _chance(f"{testid}-bandage-odds", f"stops it on D20 ≤ {aid}", aid_chance),
        dice_entry(
            f"{testid}-bandage",
            "1D20",
            roll=CharTreat(index, "bandage"),
            typed=CharTreatTyped(index, "bandage"),
            label="Bandage (roll for me)",
            roll_testid=f"{testid}-bandage",
            entry=f"bandage-{index}",
        ),
        h("p", {"class": "small"}, "Cauterize: System Shock, and a Health AST to survive it."),
        *[_chance(f"{testid}-cauterize-odds", k, p) for k, p in save_chances(*save)]
        if save
        else [
            h(
                "p",
                {"class": "muted small"},
                "Cauterizing needs his Health AST and CST: enter them on his sheet.",
            )
        ],
        dice_entry(
            f"{testid}-cauterize",
            "1D20",
            roll=CharTreat(index, "cauterize"),
            typed=CharTreatTyped(index, "cauterize"),
            error=err(model, ERRORS["cauterize"]),
            label="Cauterize (roll for me)",
            roll_testid=f"{testid}-cauterize",
            entry=f"cauterize-{index}",
        ),
        h("p", {"class": "outcome", "data-testid": f"{testid}-treated"}, result)
        if result
        else None,
    )


def _chance(testid: str, label: str, p: Any) -> VNode | None:
    if p is None:
        return None
    return h("p", {"class": "small", "data-testid": testid}, f"{label}: ", odds(p))
