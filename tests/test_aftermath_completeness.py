"""Every id of the Aftermath inventory (shared/rules/aftermath.md) — rules AFT-01..57, tables
AFT-T01..T45, figures AFT-F1..F4, missing material AFT-M01..M44 and the section 4 checks EX-* and
D-* — is cited by at least one Aftermath test (tests/test_aftermath*.py, e2e/test_aftermath.py),
unless it is listed in NOT_BUILT with what is missing. A new id in the inventory, a test removed,
or a NOT_BUILT entry that gets built and tested fails here.

An ASK value counts as asked when the user can give it: a field or setting on a page, or, for a
rule the pages do not use, a core parameter the core refuses to go without (the error names it).
"""

from __future__ import annotations

import re
from pathlib import Path

from seedfiles import missing, seeds_dir

ROOT = Path(__file__).resolve().parent.parent

#: Ids the app does not build (or whose ASK value is asked nowhere): excluded from the check.
#: Most important first.
NOT_BUILT: dict[str, str] = {}

#: Built and tested (so cited), but a named piece of the rule is missing. Not excluded.
PARTIAL: dict[str, str] = {
    "AFT-41": (
        "entanglement is a lookup (the torso's 'flexible weapon of at least Long length' is "
        "asked there): its Distractions are counted into the worksheet by hand"
    ),
    "AFT-M19": (
        "a Durability lost to a dud chamber explosion is recorded on the weapon by hand (the "
        "worksheet asks Durability per attack; no per-weapon Durability on the sheet)"
    ),
    "AFT-29": "settings.parenthesized_wdm does not exist; note 7; weighted version changes WDM only",
    "AFT-M03": "settings.save_die does not exist (1D20 fixed)",
}


def _inventory() -> str:
    path = seeds_dir().parent / "rules" / "aftermath.md"
    if not path.exists():
        missing("shared/rules/aftermath.md")
    return path.read_text(encoding="utf-8")


def _ids() -> list[str]:
    """The checklist of section 7.4 (rules, tables, figures, missing material) and the rows of
    section 4's tables (EX-*, D-*), in the inventory's own spelling."""
    text = _inventory()
    checklist = text.split("### 7.4 Completeness checklist")[1].split("## Appendix")[0]
    checklist = checklist.split("Seed line coverage")[0]
    found = re.findall(r"\bAFT-(?:[TMF])?\d+\b", checklist)
    examples = text.split("## 4. Worked examples")[1].split("## 5.")[0]
    found += re.findall(r"^\| ((?:EX|D)-\d+) \|", examples, flags=re.MULTILINE)
    return list(dict.fromkeys(found))


def _test_text() -> str:
    files = [*ROOT.glob("tests/test_aftermath*.py"), ROOT / "e2e" / "test_aftermath.py"]
    me = Path(__file__).resolve()
    return "\n".join(
        p.read_text(encoding="utf-8") for p in files if p.exists() and p.resolve() != me
    )


def _cited(identifier: str, text: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(identifier) + r"(?![\w])", text) is not None


def test_the_checklist_is_every_id_of_the_inventory() -> None:
    ids = _ids()
    kinds = {
        "rules": [i for i in ids if re.fullmatch(r"AFT-\d+", i)],
        "tables": [i for i in ids if i.startswith("AFT-T")],
        "figures": [i for i in ids if i.startswith("AFT-F")],
        "missing": [i for i in ids if i.startswith("AFT-M")],
        "examples": [i for i in ids if i.startswith("EX-")],
        "derived": [i for i in ids if i.startswith("D-")],
    }
    counts = {k: len(v) for k, v in kinds.items()}
    assert counts == {
        "rules": 57,
        "tables": 45,
        "figures": 4,
        "missing": 44,
        "examples": 19,
        "derived": 25,
    }
    anywhere = set(re.findall(r"\b(?:AFT-(?:[TMF])?\d+|EX-\d+|D-\d+)\b", _inventory()))
    assert anywhere == set(ids), sorted(anywhere ^ set(ids))


def test_every_id_is_cited_by_a_test() -> None:
    ids = _ids()
    text = _test_text()
    missing = [i for i in ids if i not in NOT_BUILT and not _cited(i, text)]
    assert missing == [], f"no Aftermath test cites {missing}"


def test_not_built_and_partial_entries_are_current() -> None:
    ids = set(_ids())
    assert set(NOT_BUILT) <= ids and set(PARTIAL) <= ids
    assert not set(NOT_BUILT) & set(PARTIAL)
    text = _test_text()
    stale = [i for i in NOT_BUILT if _cited(i, text)]
    assert stale == [], f"{stale} are cited by a test now: take them out of NOT_BUILT"
    assert all(_cited(i, text) for i in PARTIAL)
