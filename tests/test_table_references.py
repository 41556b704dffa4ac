"""Every table the code loads exists, and every table file is loaded by some code (STYLE 4)."""

from __future__ import annotations

import re
from pathlib import Path

from pycore.tables import list_tables, load_table

ROOT = Path(__file__).resolve().parent.parent
CALL = re.compile(r"""load_table\(\s*["'](\w+)["']\s*,\s*["'](\w+)["']""")


def referenced() -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for folder in ("pycore", "web"):
        for path in (ROOT / folder).rglob("*.py"):
            found.update(CALL.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_referenced_table_exists() -> None:
    for system, table in sorted(referenced()):
        assert load_table(system, table).table == table


def test_every_table_file_is_used_by_code() -> None:
    unused = set(list_tables()) - referenced()
    assert unused == set(), f"table files no code loads: {sorted(unused)}"
