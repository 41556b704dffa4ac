"""Every ID of the Simply completeness checklist is cited by a test (rules/simply.md section 7).

The checklist (rules SIM-01..SIM-58, tables SIM-T01..T17, defaults SIM-D01..D22, examples
E01-E76) is read from ``rules/simply.md`` beside the seeds folder, found the way
``tests/seedfiles.py`` finds the seeds; the test skips where it is absent. A citation counts only
in test code: ``tests/test_simply_*.py``, ``tests/golden/simply_*.toml``, ``e2e/test_simply*.py``
and ``e2e/test_app.py``, never the core's docstrings. In a Python file only a test function counts
(its name, decorators, docstring, comments or body), not a module docstring or a section comment;
a golden file counts whole, since its test runs every entry. An ID is cited as written in the
inventory (``SIM-T13``, ``E02``) or as a test name spells it (``test_sim_t13_...``, ``_e02_``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from seedfiles import ROOT, missing, seeds_dir

THIS = Path(__file__).resolve()

# IDs still being built elsewhere, exempt until their tests land (none now).
PENDING_LEAD: set[str] = set()

# IDs with no behaviour in the core to test yet, each with the reason.
NOT_BUILT: dict[str, str] = {}


def inventory() -> str:
    path = seeds_dir().parent / "rules" / "simply.md"
    if not path.exists():
        missing("shared/rules/simply.md")
    return path.read_text(encoding="utf-8")


def checklist(text: str) -> list[str]:
    """The IDs of section 7, in order; an example range "E01–E12" gives each E number."""
    section = text.split("## 7. Completeness checklist", 1)[1].split("\n## ", 1)[0]
    ids: list[str] = []
    for line in section.splitlines():
        item = re.match(r"- \[[ x]\] (SIM-[TD]?\d+|E(\d+)[–-]E(\d+))\b", line)
        if item is None:
            continue
        if item.group(2):
            ids += [f"E{n:02d}" for n in range(int(item.group(2)), int(item.group(3)) + 1)]
        else:
            ids.append(item.group(1))
    return ids


def citing_files() -> list[Path]:
    files = [
        *(ROOT / "tests").glob("test_simply_*.py"),
        *(ROOT / "tests" / "golden").glob("simply_*.toml"),
        *(ROOT / "e2e").glob("test_simply*.py"),
        ROOT / "e2e" / "test_app.py",
        ROOT / "tests" / "test_web_views.py",
    ]
    return sorted(f for f in files if f.exists() and f.resolve() != THIS)


def pattern(identifier: str) -> re.Pattern[str]:
    """``SIM-T13`` matches SIM-T13 or sim_t13; ``E02`` matches E02 or _e02_; SIM-1 not SIM-10."""
    spelled = re.escape(identifier).replace("\\-", "[-_]")
    return re.compile(rf"(?<![A-Za-z0-9]){spelled}(?![0-9])", re.IGNORECASE)


def citing_text(path: Path) -> str:
    """The text that can cite: a golden file whole, or each test function of a test module."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        return text
    lines = text.splitlines()
    parts = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test"
        ):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            parts.append("\n".join(lines[first - 1 : node.end_lineno]))
    return "\n".join(parts)


def cited(ids: list[str], files: list[Path]) -> set[str]:
    text = "\n".join(citing_text(f) for f in files)
    return {i for i in ids if pattern(i).search(text)}


def test_the_checklist_has_every_id() -> None:
    ids = checklist(inventory())
    assert ids[:58] == [f"SIM-{n:02d}" for n in range(1, 59)]
    assert ids[58:75] == [f"SIM-T{n:02d}" for n in range(1, 18)]
    assert ids[75:97] == [f"SIM-D{n:02d}" for n in range(1, 23)]
    assert ids[97:] == [f"E{n:02d}" for n in range(1, 77)]


def test_the_exemption_sets_name_checklist_ids() -> None:
    ids = set(checklist(inventory()))
    assert ids >= PENDING_LEAD | set(NOT_BUILT)
    assert not PENDING_LEAD & set(NOT_BUILT)


def test_every_checklist_id_is_cited_by_a_test() -> None:
    ids = [i for i in checklist(inventory()) if i not in PENDING_LEAD and i not in NOT_BUILT]
    found = cited(ids, citing_files())
    missing = [i for i in ids if i not in found]
    assert not missing, f"no test cites {len(missing)} IDs: {', '.join(missing)}"


def test_not_built_ids_are_really_uncited() -> None:
    # An ID a test now cites is built: take it out of NOT_BUILT.
    assert sorted(cited(sorted(NOT_BUILT), citing_files())) == []


def test_no_test_cites_an_id_outside_the_checklist() -> None:
    known = {i.upper() for i in checklist(inventory())}
    text = "\n".join(f.read_text(encoding="utf-8") for f in citing_files())
    found = re.findall(r"(?<![A-Za-z0-9])SIM-[TD]?\d+", text)
    assert sorted({f for f in found if f.upper() not in known}) == []


def test_only_test_functions_cite(tmp_path: Path) -> None:
    module = tmp_path / "test_simply_x.py"
    module.write_text(
        '"""SIM-01."""\n# SIM-02\n\n\n@mark("SIM-03")\ndef test_sim_04() -> None:\n'
        '    """SIM-05."""\n    x = 1  # SIM-06\n\n\ndef helper() -> None:\n    pass  # SIM-07\n',
        encoding="utf-8",
    )
    golden = tmp_path / "simply_x.toml"
    golden.write_text('id = "E09"\n', encoding="utf-8")
    ids = [f"SIM-{n:02d}" for n in range(1, 8)] + ["E09"]
    assert sorted(cited(ids, [module, golden])) == ["E09", "SIM-03", "SIM-04", "SIM-05", "SIM-06"]


def test_the_citation_pattern() -> None:
    assert pattern("SIM-T13").search("def test_sim_t13_matches")
    assert pattern("E02").search("test_sim_11_e02_tn_20")
    assert not pattern("SIM-01").search("SIM-010")
    assert not pattern("SIM-10").search("SIM-T10")
    assert not pattern("SIM-D01").search("SIM-D010")
    assert not pattern("E01").search("1E01")
    assert [i for i in checklist("## 7. Completeness checklist\n- [ ] E01–E03 (x)\n")] == [
        "E01",
        "E02",
        "E03",
    ]
