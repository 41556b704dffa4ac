"""The dice entry every roll uses: "Roll for me", or "I rolled ..." for physical dice.

What the user types is checked by the core (:func:`pycore.dice.typed_dice`) against what the dice
can show; the step's error is shown beside the field and nothing is rolled.

>>> entry = dice_entry("atk", "3d6", roll=("gurps.attack_roll",), typed=("gurps.attack_typed",))
>>> [n.attr("data-testid") for n in entry.children[1].children if n.tag != "p"]
['atk-roll']
>>> from rkweb.app.vdom import find_all
>>> refused = dice_entry("atk", "3d6", roll=("r",), typed=("t",), error="3d6 cannot show 19")
>>> find_all(entry, "atk-typed")[0].attr("value"), find_all(refused, "atk-typed")[0].attr("value")
('', None)
"""

from __future__ import annotations

from pycore.dice import DiceError, entry_hint
from rkweb.app.messages import Action, Message
from rkweb.app.vdom import VNode, h
from rkweb.kit.buttons import button
from rkweb.kit.fields import field


def dice_entry(
    testid: str,
    expr: str,
    *,
    roll: Action,
    typed: Action,
    typed_value: str = "",
    error: str = "",
    label: str = "Roll for me",
    disabled: bool = False,
    roll_testid: str = "",
    typed_label: str = "",
    entry: str = "",
    also: VNode | None = None,
    placeholder: str | None = None,
    added: bool = False,
) -> VNode:
    """Two ways to roll ``expr``: a button, or a field taking the faces or the dice's total.
    ``roll_testid`` keeps a page's older test id on the button (default ``<testid>-roll``);
    ``typed_label`` replaces the typed field's label (to show an example of several rolls).
    ``entry`` names the roll the field is for: a new one empties the field the user typed in
    (the same element, so it keeps the focus), and typing the same number again is a change.
    ``also`` stands beside the typed field: a second :func:`typed_field`, for a roll the button
    makes with this one (a contest's other side, each typed in its own field), or a button
    that settles the roll another way (a check waived); ``placeholder`` says what to type where
    a short ``typed_label`` does not; ``added``: the app adds the roll's modifier, so the field
    takes what the dice show (:func:`pycore.dice.typed_dice`) and its label says so."""
    fid = f"{testid}-typed"
    # What to type, in the label itself (issue 28: "I rolled (3D10+3)" left a GM who totals it
    # themselves unsure whether to add the +3).
    said = f"I rolled ({expr}: {_hint(expr, added)})" if _parses(expr) else f"I rolled ({expr})"
    return h(
        "div",
        {
            "class": "dice-entry also" if also else "dice-entry",
            "role": "group",
            "aria-label": f"Roll {expr}",
        },
        h("p", {"class": "dice-expr strong"}, expr),
        h(
            "div",
            {"class": "row"},
            button(roll_testid or f"{testid}-roll", label, roll, primary=True, disabled=disabled),
        ),
        typed_field(
            fid,
            typed_label or said,
            typed,
            typed_value=typed_value,
            error=error,
            disabled=disabled,
            entry=entry,
            # The label says what to type; the placeholder only when it cannot.
            placeholder=placeholder or (None if _parses(expr) else _hint(expr, added)),
        ),
        also,
    )


def typed_field(
    fid: str,
    label: str,
    typed: Action,
    *,
    typed_value: str = "",
    error: str = "",
    disabled: bool = False,
    entry: str = "",
    placeholder: str | None = None,
) -> VNode:
    """The "I rolled" field of :func:`dice_entry` (id ``fid``), labelled ``label``."""
    return field(
        fid,
        label,
        "",
        typed,
        error=error,
        placeholder=placeholder,
        css="field dice-typed",
        attrs={
            "inputmode": "numeric",
            "data-entry": entry or None,
            # Refused: no value, so the page leaves what was typed in the field to correct
            # (the glue never clears a value it is not given); else the value.
            "value": typed_value or (None if error else ""),
            "disabled": disabled,
        },
    )


def typed_text(msg: Message) -> str | None:
    """What the user typed in the entry's "I rolled" field when ``msg`` is that field's message
    (its ``text``, which the browser fills), or None for the "Roll for me" button's: one handler
    takes both (``msg: Roll | RollTyped``) and rolls the app's dice only on None.

    >>> from rkweb.app.messages import entered
    >>> class Roll(Message, action="toy.roll"): ...
    >>> class RollTyped(Message, action="toy.roll_typed"):
    ...     text: str = entered(default="")
    >>> typed_text(Roll()), typed_text(RollTyped("4 5 6"))
    (None, '4 5 6')
    """
    text = getattr(msg, "text", None)
    return text if isinstance(text, str) else None


def _parses(expr: str) -> bool:
    """Whether ``expr`` is one dice expression (a page may name several rolls in words).

    >>> _parses("3D10+3"), _parses("1D10 each: Ana, Bo")
    (True, False)
    """
    try:
        entry_hint(expr)
    except DiceError:
        return False
    return True


def _hint(expr: str, added: bool = False) -> str:
    """What to type, in words: a total includes the roll's modifier (issue 28: a typed 14 for
    3d10+3 was once recorded as 17).

    >>> _hint("3d10+3"), _hint("1D10 each")
    ('each die, or the total with +3', 'total, or each die')
    """
    try:
        return entry_hint(expr, added=added)
    except DiceError:
        return "total, or each die"
