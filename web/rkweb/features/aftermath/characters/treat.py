"""A fighter bleeding to death, treated where their conditions are (AFT-25, 001 line 32): bandaged
with a First Aid Skill BCS roll, or cauterized (System Shock, and their Health AST to survive it),
each with its exact chance and "Roll for me" or the die typed. A GM's play-through found only
"Remove Bleeding to death" there, and Bo bled to death with "no bandage or cautery recorded".

The GM picks who bandages among the fighters (by default the one whose turn it is, or the first
whose sheet has the skill: ``core.default_bandager``); the BCS is that fighter's First Aid
skill on their sheet, said where it came from. A BCS typed overrides it for that bandager only,
and for the treatment it was typed for: a treatment made, or any step made or undone since,
empties it (a GM's play-through found BCS 9, typed for one bandage, used again for the next);
with no skill on their sheet it is asked for, never made up (AFT-M01).

Each treatment is written to the combat log with its dice, the BCS and (cauterized) the System
Shock, in the same undo step as the treatment (FIGHT.md: the fight holds the log)."""

from __future__ import annotations

from typing import Any

from pycore.dice import RandintSource, seeded, typed_dice
from pycore.errors import RuleError, RulekeeperError
from pycore.step import Step, log_entry
from pycore.systems.aftermath import treat as core
from pycore.systems.aftermath.bcs import bcs_chance, save_chances
from pycore.systems.aftermath.conditions import Moment
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.characters.conditions import draft
from rkweb.features.aftermath.state import (
    LOG_LIMIT,
    err,
    names,
    now_of,
    refused,
    set_err,
    state,
    undoable,
)
from rkweb.kit.dice_entry import dice_entry, typed_text
from rkweb.kit.fields import number, select
from rkweb.kit.odds import odds

#: The drafted First Aid BCS typed over the bandager's sheet (or for one whose sheet has no
#: First Aid), and the bandager picked: their draft keys, and the errors' keys.
FIRST_AID = "first_aid"
BANDAGER = "bandager"
ERRORS = {"bandage": "char.bandage", "cauterize": "char.cauterize"}
#: The fighter whose treatment a strip card's "Treat bleeding" opened (the page's, not saved).
TREATING = "aftermath_treating"
#: The target whose treatment their one line under the strip opened (their place; the page's). One
#: treatment is open at a time: opening it closes a card's (``TREATING``), and the other way.
TARGET_TREATING = "aftermath_target_treating"
#: The last treatment's result, shown in its panel until the next step (the page's).
TREATED = "aftermath_treated"
#: The undo step the First Aid BCS was typed after: typed at another, it is stale.
TYPED_AT = "aftermath_first_aid_at"


class CharTreat(Message, action="aftermath.char_treat"):
    """Bandage or cauterize (``how``) a character's bleeding (their place) with the app's die."""

    who: int
    how: str


class CharTreatTyped(Message, action="aftermath.char_treat_typed"):
    """The same, with the D20 rolled at the table and typed."""

    who: int
    how: str
    text: str = entered(default="")


class CharBandager(Message, action="aftermath.char_bandager"):
    """Who bandages (their place among the fighters); a BCS typed for the one before is not theirs."""

    value: str = entered(default="")


class CharFirstAid(Message, action="aftermath.char_first_aid"):
    """The bandager's First Aid BCS typed over their sheet's (or for a sheet without it)."""

    value: str = entered(default="")


class CharTreatOpen(Message, action="aftermath.char_treat_open"):
    """Open a bleeding fighter's treatment (their place) from their card in the strip; -1 closes."""

    who: int


class CharTreatTarget(Message, action="aftermath.char_treat_target"):
    """Open the target's treatment (their place) from its one line under the strip; -1 closes."""

    who: int


def _step_now(model: Model) -> object:
    """The newest undo step (None at the start): a step made or undone changes it, typing
    (kept quietly) does not."""
    stack = model.history.undo_stack
    return stack[-1] if stack else None


def _typed_first_aid(model: Model, msg: CharFirstAid, ctx: Ctx) -> Model:
    """The First Aid BCS typed, marked with the step it was typed at."""
    return model.with_ui(
        aftermath_draft={**draft(model), FIRST_AID: msg.value}, **{TYPED_AT: _step_now(model)}
    )


def _first_aid_text(model: Model) -> str:
    """The BCS typed over the sheet's for this treatment: "" once a step was made or undone
    since it was typed."""
    if model.ui.get(TYPED_AT) is not _step_now(model):
        return ""
    return draft(model).get(FIRST_AID, "")


def _bandager(model: Model, msg: CharBandager, ctx: Ctx) -> Model:
    return model.with_ui(aftermath_draft={**draft(model), BANDAGER: msg.value, FIRST_AID: ""})


def _open(model: Model, msg: CharTreatOpen | CharTreatTarget, ctx: Ctx) -> Model:
    """One treatment open at a time: a GM's tablet showed Ana's (opened from their card) and the
    target Bo's together, 900 px of panels above the attack."""
    opened = msg.who if msg.who >= 0 else None
    if isinstance(msg, CharTreatTarget):
        return model.with_ui(**{TARGET_TREATING: opened, TREATING: None})
    return model.with_ui(**{TREATING: opened, TARGET_TREATING: None})


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
            who, bcs = _aid(model, st)
            if bcs is None:
                name = _name(st, who)
                raise RuleError(
                    f"{name}'s sheet has no First Aid skill: type {name}'s First Aid BCS "
                    "(a whole number)"
                )
            done = core.bandage(raw, now, bcs, rng, by=_name(st, who))
    except RulekeeperError as exc:
        return refused(model, key, exc)
    st["characters"][msg.who] = done.sheet
    # Logged with the treatment, one undo step: the log says when, the dice, the BCS, the Shock.
    step = Step(f"{now} · {done.text}", done.public, done.rules)
    st["combat"]["log"] = [log_entry(step, at=ctx.now), *st["combat"]["log"]][:LOG_LIMIT]
    # The BCS typed was this treatment's: the next one reads the sheet again.
    model = set_err(model, key, None).with_ui(aftermath_draft={**draft(model), FIRST_AID: ""})
    model = undoable(model, st, done.text, ctx)
    # Its result stays in the panel until the next step (or its undo), as other results do.
    return model.with_ui(**{TREATED: {"who": msg.who, "text": done.text, "at": _step_now(model)}})


def _name(st: dict[str, Any], who: int) -> str:
    people = names(st)
    return people[who] if 0 <= who < len(people) else f"#{who + 1}"


def _who(model: Model, st: dict[str, Any]) -> int:
    """The bandager: the fighter the GM picked, else ``core.default_bandager``."""
    picked = draft(model).get(BANDAGER, "").strip()
    count = len(st["characters"])
    if picked.isdigit() and int(picked) < count:
        return int(picked)
    acting = int(st["combat"]["attacker"])
    return core.default_bandager(st["characters"], acting if 0 <= acting < count else 0, now_of(st))


def _typed(model: Model) -> int | None:
    """The BCS typed over the sheet's, or None when the field is empty."""
    typed = _first_aid_text(model).strip()
    if typed == "":
        return None
    if not typed.lstrip("-").isdigit():
        raise RuleError(f"First Aid BCS {typed!r} is not a whole number")
    return int(typed)


def _aid(model: Model, st: dict[str, Any]) -> tuple[int, int | None]:
    """Who bandages and their BCS: the one typed, else their sheet's First Aid skill, else None."""
    who = _who(model, st)
    typed = _typed(model)
    if typed is not None:
        return who, typed
    skill = core.first_aid_skill(st["characters"][who]) if st["characters"] else None
    return who, skill.bcs if skill else None


#: The treatments' messages, keyed by their classes' actions.
HANDLERS = handlers(_treat, _bandager, _open, _typed_first_aid)


def treat_block(
    model: Model,
    raw: dict[str, Any],
    index: int,
    now: Moment,
    testid: str,
    close: VNode | None = None,
) -> VNode | None:
    """Bandage and Cauterize for a fighter bleeding to death now, each with its chance; the
    last treatment's result below them (where the tap was). None when they are not bleeding and
    no treatment of theirs was just made. ``close`` (the fight's panel) stands beside the heading:
    on a row of its own under the cautery it made the panel 470 px tall at 768x1024."""
    shown = model.ui.get(TREATED)
    result = (
        shown.get("text")
        if isinstance(shown, dict)
        and shown.get("who") == index
        and shown.get("at") is _step_now(model)
        else None
    )
    if not core.bleeding_now(raw, now):
        if not result:
            return None
        said = h("p", {"class": "outcome", "data-testid": f"{testid}-treated"}, result)
        return h("div", {"class": "row between treat-head"}, said, close) if close else said
    st = state(model)
    who = _who(model, st)
    name = _name(st, who)
    skill = core.first_aid_skill(st["characters"][who])
    aid = _first_aid_text(model)
    try:
        typed = _typed(model)
        bcs = typed if typed is not None else (skill.bcs if skill else None)
        aid_chance = bcs_chance(bcs) if bcs is not None else None
    except RuleError:
        typed = bcs = aid_chance = None
    save = core.health_save(raw)
    return h(
        "div",
        {"class": "treat", "data-testid": f"{testid}-treat"},
        h(
            "div",
            {"class": "row between treat-head"},
            h("p", {"class": "strong"}, f"Stop {raw['name']}'s bleeding:"),
            close,
        ),
        # Who, their BCS typed over the sheet's, and where the BCS comes from with its chance,
        # on one row: the dice below stay on the screen at 768x1024.
        h(
            "div",
            {"class": "grid3"},
            select(
                f"{testid}-bandager",
                "Who bandages",
                str(who),
                [(str(i), n) for i, n in enumerate(names(st))],
                CharBandager(),
            ),
            number(
                f"{testid}-first-aid",
                # One line in its column: where the BCS comes from is said beside it.
                f"{name}'s BCS over the sheet's" if skill else f"{name}'s First Aid BCS",
                aid,
                CharFirstAid(),
                error=err(model, ERRORS["bandage"]),
            ),
            h(
                "div",
                {},
                _source(f"{testid}-first-aid-from", name, skill, typed),
                _chance(f"{testid}-bandage-odds", f"stops it on D20 ≤ {bcs}", aid_chance),
            ),
        ),
        dice_entry(
            f"{testid}-bandage",
            "1D20",
            roll=CharTreat(index, "bandage"),
            typed=CharTreatTyped(index, "bandage"),
            label="Bandage (roll for me)",
            roll_testid=f"{testid}-bandage",
            entry=f"bandage-{index}",
        ),
        # The cautery's rule and its chance on one line: the panel sits under the strip, and
        # each line it takes pushes the attack's dice down.
        h(
            "p",
            {"class": "small"},
            "Cauterize: System Shock, a Health AST to survive it · ",
            *[
                h("span", {"data-testid": f"{testid}-cauterize-odds"}, f"{k}: ", odds(p))
                for k, p in save_chances(*save)
            ]
            if save
            else [
                h(
                    "span",
                    {"class": "muted"},
                    "needs the Health AST and CST on the sheet",
                )
            ],
        ),
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


def _source(testid: str, name: str, skill: core.AidSkill | None, typed: int | None) -> VNode:
    """Where the bandager's BCS comes from: their sheet's skill (named when the sheet calls it
    otherwise than First Aid), or typed over it; with neither, that it is to be typed."""
    if typed is not None:
        said = f"First Aid BCS {typed}: typed" + (
            f" ({name}'s sheet: {skill.bcs})" if skill else ""
        )
    elif skill is not None:
        other = "" if skill.name.casefold() == "first aid" else f" ({skill.name})"
        said = f"First Aid BCS {skill.bcs}: {name}'s sheet{other}"
    else:  # why the field asks (its label said it on a second line)
        said = f"No First Aid on {name}'s sheet: type the BCS"
    return h("p", {"class": "small", "data-testid": testid}, said)


def _chance(testid: str, label: str, p: Any) -> VNode | None:
    if p is None:
        return None
    return h("p", {"class": "small", "data-testid": testid}, f"{label}: ", odds(p))
