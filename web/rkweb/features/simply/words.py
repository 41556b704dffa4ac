"""Rules on Simply's screens: the core says its words without rule IDs and names its rules as
data (``RulekeeperError.rules``, ``Step.rules``, a result's ``rules``); the page shows the words
where they were and the rules only inside the "Why" a user opens (issue 25 item 4).

>>> from rkweb.app.vdom import text_of
>>> text_of(why_rules("luck points 3 is outside 5 to 1000", ("SIM-10",)))
'WhySIM-10: luck points 3 is outside 5 to 1000'
>>> why_rules("Bo holds", ()) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.kit.fields import error_of, error_rules
from rkweb.kit.results import why


def why_rules(words: str, rules: Sequence[str], testid: str | None = None) -> VNode | None:
    """The "Why" beside a result or an error: the rules it applies, then its words; none
    without rules."""
    return why([f"{', '.join(rules)}: {words}"], testid) if rules else None


def error_line(model: Model, feature: str, key: str, testid: str) -> VNode:
    """A step's error in words, always present (a live region), its rules under "Why"."""
    message = error_of(model, feature, key)
    return h(
        "div",
        {"class": "step-error"},
        h("p", {"class": "field-error", "role": "alert", "data-testid": testid}, message),
        why_rules(message, error_rules(model, feature, key), f"{testid}-why"),
    )
