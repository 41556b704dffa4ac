"""Make the web layer's pure modules (web/rkweb) importable in tests, as the page's zip does."""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
TESTS = ROOT / "tests"
# ROOT first, so a second checkout (git worktree) tests its own pycore, not the installed one;
# tests/ for the shared helper seedfiles.py (importlib import mode).
for folder in (TESTS, WEB, ROOT):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from hypothesis import settings  # noqa: E402

# Properties are about results, not speed: a loaded 2-core CI machine must not fail a test on
# hypothesis's 200 ms per-example deadline (benchmarks measure speed, `make bench`).
settings.register_profile("rulekeeper", deadline=None)
# `make fast`, the inner loop: every property tried on a few examples, not a hundred.
settings.register_profile("fast", deadline=None, max_examples=5)
settings.load_profile(os.environ.get("RULEKEEPER_HYPOTHESIS", "rulekeeper"))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _saved_sections_always_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every section a page writes must pass its codec (pycore/store/sections.py): what is saved
    has to load again. Each page test doubles as a check that the codecs accept real data."""
    from rkweb.app import shell

    from pycore.store.sections import check_section

    update = shell.update

    def checked(model, msg, ctx):  # type: ignore[no-untyped-def]
        new = update(model, msg, ctx)
        for name, value in new.history.state.items():
            if value is not model.history.state.get(name):
                check_section(name, value)
        return new

    monkeypatch.setattr(shell, "update", checked)
