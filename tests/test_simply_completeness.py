"""Every rule, table and default of the Simply inventory's checklist (shared/rules/simply.md §7)
is named by at least one test: a new ID in the inventory, or a test removed, fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from seedfiles import seeds_dir

ROOT = Path(__file__).resolve().parent.parent


def _checklist() -> list[str]:
    inventory = seeds_dir().parent / "rules" / "simply.md"
    if not inventory.exists():
        pytest.skip("shared/rules/simply.md is not beside the repository")
    text = inventory.read_text(encoding="utf-8")
    section = text.split("## 7. Completeness checklist")[1].split("## Appendix")[0]
    return re.findall(r"- \[ \] (SIM-(?:T|D)?\d+)", section)


def _test_text() -> str:
    files = [
        *ROOT.glob("tests/test_simply*.py"),
        ROOT / "tests" / "test_web_views.py",
        *ROOT.glob("e2e/test_simply*.py"),
        ROOT / "e2e" / "test_app.py",
    ]
    return "\n".join(p.read_text(encoding="utf-8") for p in files if p != Path(__file__))


def test_every_checklist_id_is_cited_by_a_test() -> None:
    ids = _checklist()
    assert len(ids) >= 90  # 58 rules, 17 tables, 22 defaults
    text = _test_text()
    missing = [i for i in ids if not re.search(re.escape(i) + r"(?!\d)", text)]
    assert missing == [], f"no test cites {missing}"
