"""Form fields, each with its label, hint and error beside it, and the errors' one home.

A field's message gets the typed value appended by the glue (``on_change``). Errors live in the
page's UI state under ``"<feature>_errors"``, keyed by field id: :func:`with_error` sets or
clears one, :func:`error_of` reads it. The rules a refusal applies (``RulekeeperError.rules``)
are kept beside its words (:func:`error_rules`), for the "Why" only; the words carry none.

>>> from pycore.store import History
>>> from rkweb.app.model import Model
>>> m = with_error(Model(History.new({})), "dice", "target", "Target must be 1 to 20.")
>>> error_of(m, "dice", "target")
'Target must be 1 to 20.'
>>> m = with_error(m, "dice", "luck", "luck points 3 is outside 5 to 1000", ("SIM-10",))
>>> error_of(m, "dice", "luck"), error_rules(m, "dice", "luck"), error_rules(m, "dice", "target")
('luck points 3 is outside 5 to 1000', ('SIM-10',), ())
>>> f = field("target", "Target", 7, ("dice.target",), error=error_of(m, "dice", "target"))
>>> [n.attr("aria-invalid") for n in f.children if n.tag == "input"]
['true']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, Literal

from rkweb.app.messages import Action
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h

InputKind = Literal["text", "number", "search"]
YES_NO: tuple[tuple[str, str], ...] = (("yes", "Yes"), ("no", "No"))


def errors_key(feature: str) -> str:
    return f"{feature}_errors"


def error_of(model: Model, feature: str, key: str) -> str:
    errors = model.ui.get(errors_key(feature), {})
    return str(errors.get(key, "")) if isinstance(errors, dict) else ""


def _rules_key(key: str) -> str:
    return f"{key}#rules"  # beside the words, so clearing a feature's errors clears both


def error_rules(model: Model, feature: str, key: str) -> tuple[str, ...]:
    """The rules the error beside ``key`` applies (shown only under "Why"); () for none."""
    errors = model.ui.get(errors_key(feature), {})
    rules = errors.get(_rules_key(key), ()) if isinstance(errors, dict) else ()
    return tuple(str(r) for r in rules) if isinstance(rules, list | tuple) else ()


def shown_errors(model: Model, feature: str) -> dict[str, str]:
    """Every error shown on ``feature``'s page by field key (without the rules kept beside)."""
    errors = model.ui.get(errors_key(feature), {})
    if not isinstance(errors, dict):
        return {}
    return {k: str(v) for k, v in errors.items() if v and not k.endswith(_rules_key(""))}


def rules_of(error: BaseException) -> tuple[str, ...]:
    """The rules a core refusal names as data (``RulekeeperError.rules``); () for any other.

    >>> from pycore.errors import RuleError
    >>> rules_of(RuleError("no", rules=("SIM-10",))), rules_of(ValueError("no"))
    (('SIM-10',), ())
    """
    rules = getattr(error, "rules", ())
    return tuple(str(r) for r in rules) if isinstance(rules, tuple) else ()


def with_error(
    model: Model, feature: str, key: str, message: str | None, rules: Sequence[str] = ()
) -> Model:
    """Set (or, with ``None``/empty, clear) the error shown beside field ``key``, with the
    rules it applies (:func:`error_rules`)."""
    errors = dict(model.ui.get(errors_key(feature), {}))
    errors.pop(_rules_key(key), None)
    if message:
        errors[key] = message
        if rules:
            errors[_rules_key(key)] = list(rules)
    else:
        errors.pop(key, None)
    return model.with_ui(**{errors_key(feature): errors})


def describe(fid: str, hint: str = "") -> str:
    """The ``aria-describedby`` of a control wrapped by :func:`labelled`."""
    return f"{fid}-error" + (f" {fid}-hint" if hint else "")


def labelled(
    fid: str, label: str, control: VNode, error: str, hint: str = "", css: str = "field"
) -> VNode:
    """A control with its label, hint and the error shown beside it (ids from ``fid``)."""
    return h(
        "div",
        {"class": css},
        h("label", {"for": fid}, label),
        control,
        h("p", {"id": f"{fid}-hint", "class": "muted small", "data-testid": f"{fid}-hint"}, hint)
        if hint
        else None,
        h(
            "p",
            {
                "id": f"{fid}-error",
                "class": "field-error",
                "role": "alert",
                "data-testid": f"{fid}-error",
            },
            error,
        ),
    )


def field(
    fid: str,
    label: str,
    value: Any,
    msg: Action,
    *,
    error: str = "",
    hint: str = "",
    kind: InputKind = "text",
    numeric: bool = False,
    placeholder: str | None = None,
    key: str | None = None,
    attrs: Mapping[str, Any] | None = None,
    css: str = "field",
) -> VNode:
    """A labelled input; ``numeric`` brings up the number pad (numbers travel as typed text);
    ``attrs`` set more of the input's attributes (or others), ``css`` the wrapper's class."""
    return labelled(
        fid,
        label,
        h(
            "input",
            {
                "id": fid,
                "type": kind,
                "inputmode": "decimal" if numeric or kind == "number" else None,
                "autocomplete": "off",
                "value": "" if value is None else str(value),
                "placeholder": placeholder,
                "data-testid": fid,
                "data-key": key,
                "aria-invalid": "true" if error else "false",
                "aria-describedby": describe(fid, hint),
                "on_change": msg,
                **(attrs or {}),
            },
        ),
        error,
        hint,
        css,
    )


def number(
    fid: str, label: str, value: Any, msg: Action, *, error: str = "", hint: str = ""
) -> VNode:
    """A number field: the number pad, the typed text kept as typed (never a float)."""
    return field(fid, label, value, msg, error=error, hint=hint, numeric=True)


def select(
    fid: str,
    label: str,
    value: Any,
    options: Iterable[tuple[str, str]],
    msg: Action,
    *,
    error: str = "",
    hint: str = "",
    key: str | None = None,
) -> VNode:
    """A labelled select of ``(value, text)``; a new ``key`` rebuilds it (back to its prompt)."""
    return labelled(
        fid,
        label,
        h(
            "select",
            {
                "id": fid,
                "data-testid": fid,
                "data-key": key,
                "aria-invalid": "true" if error else "false",
                "aria-describedby": describe(fid, hint),
                "on_change": msg,
            },
            *_options(tuple((str(v), str(t)) for v, t in options), str(value)),
        ),
        error,
        hint,
    )


@lru_cache(maxsize=256)
def _options(options: tuple[tuple[str, str], ...], value: str) -> tuple[VNode, ...]:
    """A select's options, the same nodes at each view while its choices and value are the
    same (issue 33: the Attack tab's attacker and defender, one option a fighter, were built
    anew at each tap and compared option by option; the same nodes are found unchanged at
    once, so a tap costs the same with 2 fighters or 30)."""
    return tuple(h("option", {"value": v, "selected": v == value}, t) for v, t in options)


def yes_no(
    fid: str,
    label: str,
    value: bool | None,
    msg: Action,
    *,
    hint: str = "",
    unknown: str | None = None,
) -> VNode:
    """A yes/no question; ``unknown`` adds a third "not known yet" choice."""
    options: Sequence[tuple[str, str]] = ((("", unknown),) if unknown is not None else ()) + YES_NO
    shown = "" if value is None else ("yes" if value else "no")
    return select(fid, label, shown, options, msg, hint=hint)


def read_yes_no(raw: str) -> bool | None:
    """The value of a :func:`yes_no` field: ``True``, ``False`` or ``None`` (not known)."""
    return {"yes": True, "no": False}.get(raw.strip().lower())
