"""Plain words on screen: the core's explanations cite rule IDs, seed lines and the names of the
values a step waits for; a player reads them without those, and opens "Why" for the full text.

>>> plain("AV 4 (Hercuweave 4 (BF 35 ÷ 10, nearest); AFT-14)")
'AV 4 (Hercuweave 4 (BF 35 ÷ 10, nearest))'
>>> plain("the target's CDA is not in the source: enter target.cda (AFT-10, AFT-M04)")
"the target's CDA is not in the source: enter the target's CDA"
>>> plain("may not attack (AFT-22, 001 line 24)"), plain("lines (001 lines 7-13)")
('may not attack', 'lines')
>>> plain("Stunned: Deftness 15 × ½ = 7 (AFT-22)"), plain("5 B damage: 3 lethal (L752)")
('Stunned: Deftness 15 × ½ = 7', '5 B damage: 3 lethal')
>>> plain("BCS per Distraction is not in the source: enter settings.bcs_per_distraction (AFT-41)")
'BCS per Distraction is not in the source: enter it in Settings'
>>> plain('enter bdg_long_gun["44 Magnum"] (AFT-M27); see AFT-T41, settings.bdg_order')
'enter it in Settings; see'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from pycore.systems.aftermath.combat import question
from rkweb.app.vdom import VNode, h
from rkweb.kit.results import why

#: A rule ID, seed line, table reference or settings key: what "Why" holds.
_CITED = (
    r"(?:AFT-[TMF]?\d+(?:\s*(?:…|\.\.\.|-|–|to)\s*(?:AFT-)?[TMF]?\d+)?"
    r"|\bL\d{2,4}(?:\s*[-–]\s*L?\d+)?\b"
    r"|\b\d{3}:L\d+\b"
    r"|\b\d{3} lines? \d+(?:\s*[-–]\s*\d+)?"
    r"|\bT\d{2}\b"
    r"|settings\.[a-z_0-9]+"
    r")"
)
CITED = re.compile(_CITED)
#: An internal name of a value a step waits for: ``target.mass``, ``weapon.durability``.
INTERNAL = re.compile(
    r"\b(?:target|attacker|attack|weapon|creature|character)\.[a-z_]+(?:\.[A-Z]{3})?"
)
#: A value by its table name: ``bdg_long_gun["44 Magnum"]``.
TABLE_NAME = re.compile(r'\b[a-z]+(?:_[a-z]+)+(?:\["[^"\]]*"\])+')
#: "enter settings.bcs_per_distraction": the value is asked on the Settings tab.
SETTING = re.compile(r"(?<=enter )settings\.[a-z_0-9]+")
_SEPARATORS = re.compile(r"\s*[,;:]\s*(?=[,;:)]|$)|(?<=\()\s*[,;:]\s*")
_PAREN = re.compile(r"\(([^()]*)\)")


def _strip(text: str) -> str:
    text = CITED.sub("", text)
    text = _SEPARATORS.sub("", text)
    return re.sub(r"\s{2,}", " ", text).strip(" ,;")


def plain(text: str) -> str:
    """``text`` without rule IDs, seed lines or settings keys; internal names in words."""
    text = TABLE_NAME.sub("it in Settings", text)
    text = SETTING.sub("it in Settings", text)
    text = INTERNAL.sub(lambda m: question(m.group(0)), text)
    # Innermost parentheses first: drop the citations inside, and a group left empty.
    marked: list[str] = []

    def group(match: re.Match[str]) -> str:
        inner = _strip(match.group(1))
        if not inner or inner in ("reading", "e.g.", "see"):
            return ""
        marked.append(inner)
        return f"\x00{len(marked) - 1}\x01"

    while _PAREN.search(text):
        text = _PAREN.sub(group, text)
    text = _strip(text)
    while "\x00" in text:
        text = re.sub(r"\x00(\d+)\x01", lambda m: f"({marked[int(m.group(1))]})", text)
    text = re.sub(r"\s+([,;.:)])", r"\1", text)
    return re.sub(r"\s{2,}", " ", text).strip()


def is_plain(text: str) -> bool:
    """Whether ``text`` reads without "Why" (no ID, seed line, settings key or internal name).

    >>> is_plain("BCS 12 + range EFF 0 = 12"), is_plain("range EFF 0 (AFT-46)")
    (True, False)
    """
    return plain(text) == re.sub(r"\s{2,}", " ", text).strip()


def said(
    text: str, testid: str | None = None, css: str = "explain", tag: str = "p"
) -> list[VNode | None]:
    """A core explanation on screen: in plain words, the full text under "Why" when they
    differ."""
    shown = plain(text)
    return [
        h(tag, {"class": css, "data-testid": testid}, shown),
        None if shown == text.strip() else why([text]),
    ]


def whys(texts: Iterable[str], summary: str = "Why") -> VNode | None:
    """One "Why" holding the full texts of several plain lines (only those that changed)."""
    full = [t for t in texts if plain(t) != t.strip()]
    return why(full, summary=summary)


def plain_lines(texts: Sequence[str]) -> list[str]:
    return [plain(t) for t in texts]
