"""Plain words on Simply's screens: the core's messages cite their rules ("(SIM-10: at least 5
LP ...)"); on screen the rule IDs move under "Why", the words stay where they were.

>>> plain("luck points 3 is outside 5 to 1000 (SIM-10: at least 5 LP to declare luck)")
'luck points 3 is outside 5 to 1000 (at least 5 LP to declare luck)'
>>> plain("Armor and shield (SIM-30 to SIM-32)"), plain("2 actions (SIM-37). Held (SIM-35, SIM-36)")
('Armor and shield', '2 actions. Held')
>>> rules_in("not your turn (SIM-35, SIM-36)")
('SIM-35', 'SIM-36')
"""

from __future__ import annotations

import re

from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.kit.fields import error_of
from rkweb.kit.results import why

_ID = r"SIM-[A-Z]?\d+[a-z]?"
RULE_REFS = re.compile(rf"{_ID}(?:\s*(?:to|and|or|,|/)\s*{_ID})*")
_ONE = re.compile(_ID)


def rules_in(message: str) -> tuple[str, ...]:
    """The rule IDs a message cites, in order."""
    return tuple(_ONE.findall(message))


def plain(message: str) -> str:
    """``message`` without its rule IDs, tidied so it still reads as a sentence."""
    text = RULE_REFS.sub("", message)
    text = re.sub(r"\(\s*[:;,]?\s*", "(", text)
    text = re.sub(r"\s*[:;,]?\s*\)", ")", text)
    text = re.sub(r"\s*\(\)", "", text)
    text = re.sub(r"\s+([,.;:])", r"\1", text)
    return re.sub(r"\s{2,}", " ", text).strip()


def why_rules(message: str, testid: str | None = None) -> VNode | None:
    """The "Why" beside a result or an error: the core's own words, rule IDs included."""
    return why([message], testid) if rules_in(message) else None


def error_line(model: Model, feature: str, key: str, testid: str) -> VNode:
    """A step's error in plain words, always present (a live region), its rules under "Why"."""
    message = error_of(model, feature, key)
    return h(
        "div",
        {"class": "step-error"},
        h("p", {"class": "field-error", "role": "alert", "data-testid": testid}, plain(message)),
        why_rules(message, f"{testid}-why"),
    )
