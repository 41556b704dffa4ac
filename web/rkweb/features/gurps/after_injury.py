"""After an injury, in the turn's panel: the questions the GM's book answers (shock, the
knockdown and stun roll, staying conscious at 0 HP or below; GUR-58, 004 lines 347-349), one at a
time, each roll "Roll for me" or "I rolled", each outcome one tap. The rules are the core's
(:mod:`pycore.systems.gurps.fight.checks`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pycore.errors import RulekeeperError
from pycore.systems.gurps import fight as gurps_fight
from pycore.systems.gurps.fight import Fight, FighterAsks
from pycore.systems.gurps.quantities import figure
from pycore.systems.gurps.rolls import success_chance
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.gurps import shown
from rkweb.features.gurps.state import (
    SECTION,
    commit,
    dice_source,
    fail,
    fight_of,
    keep,
    page_data,
    typed_whole,
)
from rkweb.features.gurps.turn_step import step_of
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip
from rkweb.kit.dice_entry import dice_entry, typed_text
from rkweb.kit.fields import error_of
from rkweb.kit.odds import odds
from rkweb.kit.results import why


def _check(model: Model, fight: Fight, ctx: Ctx, index: str, typed: str | None) -> Model:
    """The roll the GM's book calls for after an injury (GUR-58): roll for me or typed."""
    rng, seed = dice_source(ctx, "3d6", typed, "HT roll")
    fight, checked = gurps_fight.roll_check(fight, typed_whole(index, "question", 0, 50), rng)
    label = f"{checked.name}: {checked.what}"
    # Its result shows in the question's line, where the tap was; the injury's stays above it
    # (a second result panel would push the next fighter's chips off the screen: issue 27).
    if checked.outcome:
        # A knockdown roll or a roll to stay conscious made closes its question (no effect,
        # stays conscious): its line is gone, so the
        # result panel says it in place of the injury's (the log keeps both).
        return commit(model, fight, label, ctx, [checked], seed=seed, shown=shown.of(checked))
    return commit(model, fight, label, ctx, [checked], seed=seed)


def _settle(model: Model, fight: Fight, ctx: Ctx, index: str, outcome: str) -> Model:
    """The outcome the GM's book gives, recorded in one tap as a condition (GUR-58)."""
    fight, settled = gurps_fight.settle(fight, typed_whole(index, "question", 0, 50), outcome)
    return commit(model, fight, f"{settled.name}: {outcome}", ctx, [settled])


def _dismiss(model: Model, fight: Fight, ctx: Ctx, index: str) -> Model:
    """The GM closes a question unanswered: logged, nothing changes on the sheet (issue 27)."""
    fight, dismissed = gurps_fight.dismiss(fight, typed_whole(index, "question", 0, 50))
    return commit(model, fight, f"{dismissed.name}: dismissed", ctx, [dismissed])


# The questions' messages (this part's view builds them).
class Settle(Message, action="gurps.settle"):
    """The question at ``index`` answered with ``outcome``, one tap."""

    index: str
    outcome: str


class Dismiss(Message, action="gurps.dismiss"):
    """The question at ``index`` closed unanswered."""

    index: str


class Check(Message, action="gurps.check"):
    """Roll the question at ``index`` for me."""

    index: str


class CheckTyped(Message, action="gurps.check_typed"):
    """The question at ``index``, its 3d6 rolled at the table, as typed."""

    index: str
    text: str = entered(default="")


class Answer(Message, action="gurps.answer"):
    """Open the questions carried from an earlier turn, in one tap."""


def _asked(model: Model, ask: Callable[[Fight], Model]) -> Model:
    """A question's step on the saved fight; a refusal shows by the questions."""
    try:
        return ask(fight_of(model))
    except RulekeeperError as exc:
        return fail(model, "fight.check", exc)


def _on_settle(model: Model, msg: Settle, ctx: Ctx) -> Model:
    return _asked(model, lambda fight: _settle(model, fight, ctx, msg.index, msg.outcome))


def _on_dismiss(model: Model, msg: Dismiss, ctx: Ctx) -> Model:
    return _asked(model, lambda fight: _dismiss(model, fight, ctx, msg.index))


def _on_check(model: Model, msg: Check | CheckTyped, ctx: Ctx) -> Model:
    typed = typed_text(msg)
    return _asked(model, lambda fight: _check(model, fight, ctx, msg.index, typed))


def _turn_of(fight: Fight) -> str:
    return f"{fight.round}:{fight.turn}"


def _on_answer(model: Model, msg: Answer, ctx: Ctx) -> Model:
    # Saved with the page, not in the UI's memory: a reload comes back to the open questions
    # (FIGHT.md: a reload at any step continues from it); the next turn folds them again.
    return keep(model, answer_for=_turn_of(fight_of(model)))


#: The questions after an injury, keyed by their message class's action; "answer" opens the
#: questions carried from an earlier turn.
HANDLERS = handlers(_on_settle, _on_dismiss, _on_check, _on_answer)
ACTIONS = frozenset(HANDLERS)


_AFTER_WHY = (
    "The texts stop at the injury: what follows it (shock, knockdown and stun, staying "
    "conscious) is in a chapter they do not include (GUR-58, 004 lines 347-349), so your book "
    "decides: the app asks and records, it does not decide. Dismiss a question your book does "
    "not ask.",
    "What the texts give: knockdown rolls at −10 on the skull and the eye, −5 on the face "
    "(003 lines 43, 46, 48); a male's groin: −5, and double shock from crushing, at most −8 "
    "(003 line 52).",
    "Stunned: Do Nothing, −4 to defend, an HT roll each turn to recover (004 line 46). "
    "Unconscious: no action and no defense (004 line 210). Shock: taken off the fighter's "
    "attacks on the next turn.",
    "The questions stay with the fighter they concern, across turns, a reload and undo, until "
    "you record an answer or dismiss them (GUR-58). A shock counts on the fighter's next turn only: left "
    "unanswered through that turn, it lapses with it, and the log says so.",
)


def _head(fight: Fight, ask: gurps_fight.Ask) -> tuple[str, int | None]:
    """The question in one line, and the target of its HT roll while it is still to roll."""
    who = fight.combatant(ask.who)
    if ask.kind == "shock":
        note = f" ({ask.note})" if ask.note else ""
        head = f"{who.name}: shock from this injury, as your book gives it{note}"
        if ask.lapsed:  # GUR-58: their next turn, the one it counts on, is over
            head += "; the next turn is over: recorded now, it changes nothing"
        return head, None
    target = who.ht + ask.modifier
    shown_target = figure(target)  # HT 8 −10 = −2
    roll = (
        f"HT {who.ht} −{-ask.modifier} = {shown_target}" if ask.modifier else f"HT {shown_target}"
    )
    head = f"{who.name}: {ask.label[0].upper()}{ask.label[1:]}, {roll}"
    if not ask.rolled:
        return head, target
    margin = target - ask.rolled
    said = f"success by {margin}" if ask.success else f"failure by {-margin}"
    return f"{head}; rolled {ask.rolled}: {said}", None


def _chance(target: int) -> VNode | None:
    """The HT roll's chance as every roll on the page shows it (roll ≤ HT + modifier)."""
    try:
        return odds(success_chance(target), "gurps-check-odds")
    except RulekeeperError:  # a target past the scores the core reads: the roll still works
        return None


def _question(
    model: Model, fight: Fight, index: int, ask: gurps_fight.Ask
) -> tuple[list[Any], VNode]:
    """One question after an injury on two lines (issue 27: the next fighter's chips stay on
    the screen at 768x1024): the question, its chance and its roll (roll for me / I rolled);
    then the outcomes, one tap each, and Dismiss."""
    head, target = _head(fight, ask)
    items = [
        chip(
            f"gurps-settle-{index}-{k}",
            outcome.removeprefix("shock ").replace("no shock", "none"),
            False,
            Settle(str(index), outcome),
        )
        for k, outcome in enumerate(gurps_fight.OUTCOMES[ask.kind])
        # numbered in the full list, so each outcome keeps its testid when one is not offered
        if outcome in gurps_fight.outcomes(fight, ask)
    ]
    entry = None
    if target is not None:
        entry = dice_entry(
            f"gurps-check-{index}",
            "3d6",
            roll=Check(str(index)),
            typed=CheckTyped(str(index)),
            label="Roll for me",
            typed_label="I rolled",
        )
    record = h(
        "div",
        {
            "class": "quick",
            "role": "group",
            "aria-label": f"Record {head}",
            "data-testid": f"gurps-settle-{index}",
        },
        *items,
        # A failed roll is answered, not dismissed (the core's dismiss refuses it).
        None
        if ask.rolled and not ask.success
        else button(f"gurps-dismiss-{index}", "Dismiss", Dismiss(str(index))),
    )
    line = h("p", {"class": "strong ask-head", "data-testid": "gurps-after-injury-ask"}, head)
    chance = _chance(target) if target is not None else None
    return [line, chance, entry], record


def _rows(model: Model, fight: Fight, index: int, fold: VNode | None) -> tuple[VNode, ...]:
    """The question at ``index`` as both pages ask it: its two rows (:func:`_question`) and
    the error line of its roll. ``fold`` (the tracker's: the questions after it and why; the
    Attack tab has none) goes beside the question when there is no roll to make, else beside
    its outcomes, so that it adds no third line."""
    line, record = _question(model, fight, index, fight.asks[index])
    no_roll = line[-1] is None  # the fold beside the question
    return (
        h("div", {"class": "row ask-row"}, *line, fold if no_roll else None),
        h("div", {"class": "row ask-row"}, record, None if no_roll else fold),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "gurps-error-check"},
            error_of(model, SECTION, "fight.check"),
        ),
    )


def _later(fight: Fight, indexes: list[int]) -> str:
    """The questions after the one asked, per fighter and counted (the core's words)."""
    rest = gurps_fight.open_questions(fight, tuple(fight.asks[i] for i in indexes))
    return gurps_fight.questions_said(rest)


def _said_unbroken(groups: tuple[FighterAsks, ...]) -> list[VNode | str]:
    """The core's words (:func:`~pycore.systems.gurps.fight.questions_said`), each count kept
    on one line with its kind: a narrow line broke "3 / knockdown rolls"."""
    said: list[VNode | str] = []
    for group in groups:
        said.append(f"{'; ' if said else ''}{group.name} — ")
        for index, part in enumerate(group.parts()):
            said += [", " if index else "", h("span", {"class": "unbroken"}, part)]
    return said


def bearing(model: Model, fight: Fight) -> tuple[int, ...]:
    """The open questions that change the acting fighter's attack on their chosen target (the
    core's :func:`~pycore.systems.gurps.fight.bearing_asks`): worked out once per render of
    their turn, then asked first here and said by their attack's step, which waits for them."""
    current = fight.current()
    if current is None:
        return ()
    target = str(step_of(model, fight)["target"]) or current.id
    return gurps_fight.bearing_asks(fight, current.id, target)


def carried(model: Model, fight: Fight, bearing: tuple[int, ...]) -> VNode | None:
    """The questions carried from an earlier turn (GUR-58), folded to one line beside "Change
    maneuver" once they have chosen it, so that no tap of the attack moves (FIGHT.md: no
    scroll); before they choose, :func:`view` shows that line above their maneuver chips."""
    return view(model, fight, bearing, folded=True)


def view(
    model: Model, fight: Fight, bearing: tuple[int, ...], *, folded: bool = False
) -> VNode | None:
    """GUR-58: what the injuries leave for the GM's book, asked in place, one question at a
    time (this turn's first; the rolls, then the shock, a shock whose turn is over last).
    They stay with the fighter they concern across turns until answered or dismissed (issue
    27): once the turn has passed they are one line at the top of the panel at the start of
    each turn, opened with a tap, so the next fighter's step keeps its place (FIGHT.md: no
    scroll). ``bearing``: :func:`bearing`, the questions their attack waits for."""
    if not fight.asks:
        return None
    asks = fight.asks
    # The next fighter's failed rolls, which their turn waits for (the core's turn_held).
    held = gurps_fight.failed_rolls(fight, gurps_fight.next_fighter(fight))
    # Those that change this turn's attack first: the attack waits for them (the core's), and
    # its step says so beside the folded line's Answer; then those the next turn waits for.
    order = sorted(
        range(len(asks)),
        key=lambda i: (
            i not in bearing,
            i not in held,
            asks[i].carried,
            asks[i].lapsed,
            asks[i].kind == "shock",
        ),
    )
    if fight.pending is not None:
        return None  # the attack's step keeps the screen (FIGHT.md: no scroll)
    opened = page_data(model)["answer_for"] == _turn_of(fight) or bool(held)
    carried = asks[order[0]].carried and not opened
    if carried and fight.attacks:
        # Carried from an earlier turn, they are asked at the start of each turn, before the
        # attack, and leave the screen to its result and "Next turn" after it (no scroll).
        return None
    first, rest = order[0], order[1:]
    later = _later(fight, rest)
    # The rest under a fold beside the question or its outcomes: two lines in all.
    more = f"{len(rest)} more" if rest else "Why"
    then = f"Then: {later}." if later else None
    fold = why((*filter(None, [then]), *_AFTER_WHY), summary=more)
    body = _rows(model, fight, first, fold)
    if carried != folded and not (carried and not fight.chosen):
        return None
    if not carried:
        return h("div", {"class": "after-injury", "data-testid": "gurps-after-injury"}, *body)
    # What is open, per fighter and counted (the core's words: it read "... for Kim, Sam: 10"),
    # wrapping beside Answer rather than under it, so the step below keeps its place.
    return h(
        "div",
        {"class": "after-injury carried row", "data-testid": "gurps-after-injury-carried"},
        h(
            "p",
            {"data-testid": "gurps-after-injury-open"},
            h("strong", {}, f"{gurps_fight.CARRIED_LEAD}:"),
            " ",
            *_said_unbroken(gurps_fight.open_questions(fight)),
        ),
        button("gurps-after-injury-answer", "Answer", Answer()),
    )


def holding(model: Model, fight: Fight, held: tuple[int, ...]) -> VNode | None:
    """On the Attack tab: the first of the open questions ``held`` that hold the attack (the
    core's :func:`~pycore.systems.gurps.fight.bearing_asks`), asked in place with its roll,
    its outcomes and Dismiss. The tracker's panel, which asks them, is not on
    this tab (nor there before the fight starts): the worksheet's attack said "Answer Bo —
    knockdown roll first" with nowhere on the screen to answer it."""
    if not held:
        return None
    rows = _rows(model, fight, held[0], None)
    return h("div", {"class": "after-injury", "data-testid": "gurps-attack-asks"}, *rows)
