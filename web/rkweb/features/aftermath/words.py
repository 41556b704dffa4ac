"""Rules on the Aftermath screens: the core says its words without rule IDs and names its rules as
data (a result's ``rules``, ``RulekeeperError.rules``, a step's ``why``); the page shows the words
where they were and the rules only inside the "Why" a user opens (issue 25 item 4).

>>> from rkweb.app.vdom import text_of
>>> [text_of(n) for n in said(("ENC 3/2", ("AFT-32", "AFT-T22")), "aft-ref-enc") if n]
['ENC 3/2', 'WhyAFT-32, AFT-T22: ENC 3/2']
>>> said(("Enter a speed in kph.", ()))[1] is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from rkweb.app.vdom import VNode, h
from rkweb.kit.fields import rules_of
from rkweb.kit.results import why

#: Words and the rules they apply (as data), as a page shows them: the words, "Why" the rules.
Told = tuple[str, tuple[str, ...]]


class Cited(Protocol):
    """A core result that names its rules as data."""

    @property
    def rules(self) -> tuple[str, ...]: ...


def told(found: Cited) -> Told:
    """A core result's words and its rules."""
    return str(found), tuple(found.rules)


def refusal(what: str, error: BaseException) -> Told:
    """A refused entry in words (``what: why``) and the rules the refusal names."""
    return f"{what}: {error}", rules_of(error)


def rules_line(words: str, rules: Sequence[str]) -> str:
    """One line of a "Why": the rules, then the words they explain ("" without rules)."""
    return f"{', '.join(rules)}: {words}" if rules else ""


def said(
    found: Told, testid: str | None = None, css: str = "explain", tag: str = "p"
) -> list[VNode | None]:
    """A core explanation on screen in its words; its rules under "Why" when it names any."""
    text, rules = found
    return [
        h(tag, {"class": css, "data-testid": testid}, text),
        why([rules_line(text, rules)]) if rules else None,
    ]


def whys(told: Iterable[tuple[str, Sequence[str]]], summary: str = "Why") -> VNode | None:
    """One "Why" holding the rules of several lines shown in words (those that name any)."""
    return why([rules_line(words, rules) for words, rules in told if rules], summary=summary)
