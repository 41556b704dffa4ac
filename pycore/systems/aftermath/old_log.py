"""Log entries saved before the rules were data (issue 25 item 4): their texts cite rule IDs, seed
lines and settings keys inside the words, and name a value a step waits for by its key. Read
once, by the section's migration (``saved.migrate_2_to_3``): the citations move out of the words
into the entry's ``rules`` (a step's into its line of ``why``), so no page scrubs text when it
draws it.

>>> split_cited("AV 4 (Hercuweave 4 (BF 35 ÷ 10, nearest); AFT-14)")
('AV 4 (Hercuweave 4 (BF 35 ÷ 10, nearest))', ('AFT-14',))
>>> split_cited("may not attack (AFT-22, 001 line 24)")
('may not attack', ('AFT-22', '001 line 24'))
>>> split_cited("BCS per Distraction is not in the source: enter settings.bcs_per_distraction")
('BCS per Distraction is not in the source: enter it in Settings', ('settings.bcs_per_distraction',))
>>> split_cited("Damage Done 12 — waits for target.mass")
("Damage Done 12 — waits for the target's Mass", ())
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pycore.systems.aftermath.attack.questions import question
from pycore.validate import checked

#: A rule ID, seed line, table reference or settings key, as the old texts cited them.
CITED = re.compile(
    r"AFT-[TMF]?\d+(?:\s*(?:…|\.\.\.|-|–|to)\s*(?:AFT-)?[TMF]?\d+)?"
    r"|\bL\d{2,4}(?:\s*[-–]\s*L?\d+)?\b"
    r"|\b\d{3}:L\d+\b"
    r"|\b\d{3} lines? \d+(?:\s*[-–]\s*\d+)?"
    r"|\bT\d{2}\b"
    r"|settings\.[a-z_0-9]+"
)
#: A value named by its key (``target.mass``) or its table name (``bdg_long_gun["44 Magnum"]``).
_KEY = re.compile(r"\b(?:target|attacker|attack|weapon|creature|character)\.[a-z_]+(?:\.[A-Z]{3})?")
_TABLE_NAME = re.compile(r'\b[a-z]+(?:_[a-z]+)+(?:\["[^"\]]*"\])+')
_SETTING = re.compile(r"(?<=enter )settings\.[a-z_0-9]+")
_SEPARATORS = re.compile(r"\s*[,;:]\s*(?=[,;:)]|$)|(?<=\()\s*[,;:]\s*")
_GROUP = re.compile(r"\(([^()]*)\)")


def _without(text: str) -> str:
    text = _SEPARATORS.sub("", CITED.sub("", text))
    return re.sub(r"\s{2,}", " ", text).strip(" ,;")


@checked
def split_cited(text: str) -> tuple[str, tuple[str, ...]]:
    """An old text's words, and the rules, seed lines and settings keys it cited (in order)."""
    rules = tuple(dict.fromkeys(m.group(0) for m in CITED.finditer(text)))
    text = _SETTING.sub("it in Settings", _TABLE_NAME.sub("it in Settings", text))
    text = _KEY.sub(lambda m: question(m.group(0)), text)
    kept: list[str] = []

    def group(match: re.Match[str]) -> str:
        # Innermost brackets first: a group left with nothing but a citation goes.
        inner = _without(match.group(1))
        if not inner or inner in ("reading", "e.g.", "see"):
            return ""
        kept.append(inner)
        return f"\x00{len(kept) - 1}\x01"

    while _GROUP.search(text):
        text = _GROUP.sub(group, text)
    text = _without(text)
    while "\x00" in text:
        text = re.sub(r"\x00(\d+)\x01", lambda m: f"({kept[int(m.group(1))]})", text)
    text = re.sub(r"\s+([,;.:)])", r"\1", text)
    return re.sub(r"\s{2,}", " ", text).strip(), rules


def _step(text: str) -> tuple[str, str]:
    """An old step ("Roll: 1D20 = 4: success (AFT-03)"): its words, its line of ``why``."""
    words, rules = split_cited(text)
    title = words.split(":", 1)[0]
    return words, f"{title}: {', '.join(rules)}" if rules else ""


@checked
def entry_with_rules(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A saved log entry (or a pending attack) with its citations moved out of its words: those
    of its text and of what it applied into ``rules``, those of each step into ``why``.

    >>> old = {"text": "Ana → Bo: hit (AFT-03)", "steps": ["Roll: 1D20 = 4: success (AFT-03)"],
    ...        "applied": ["5 B damage: 3 lethal (L752)"]}
    >>> new = entry_with_rules(old)
    >>> new["text"], new["steps"], new["why"], new["applied"], new["rules"]
    ('Ana → Bo: hit', ['Roll: 1D20 = 4: success'], ['Roll: AFT-03'], ['5 B damage: 3 lethal'], ['AFT-03', 'L752'])
    """
    out = dict(entry)
    cited: list[str] = [str(r) for r in entry.get("rules") or []]
    for key in ("text", "summary"):
        if isinstance(entry.get(key), str):
            out[key], rules = split_cited(entry[key])
            cited.extend(rules)
    if isinstance(entry.get("applied"), list):
        applied = [split_cited(str(a)) for a in entry["applied"]]
        out["applied"] = [words for words, _ in applied]
        cited.extend(r for _, rules in applied for r in rules)
    if isinstance(entry.get("steps"), list):
        steps = [_step(str(s)) for s in entry["steps"]]
        out["steps"] = [words for words, _ in steps]
        if "why" not in entry:
            out["why"] = [why for _, why in steps if why]
    if cited:
        out["rules"] = list(dict.fromkeys(cited))
    return out


@checked
def log_with_rules(log: Any) -> Any:
    """Every entry of a saved log with its citations moved out of its words."""
    if not isinstance(log, list):
        return log
    return [entry_with_rules(e) if isinstance(e, Mapping) else e for e in log]
