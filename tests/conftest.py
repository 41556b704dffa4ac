"""Make the web layer's pure modules (web/rkweb) importable in tests, as the page's zip does."""

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
settings.load_profile("rulekeeper")
