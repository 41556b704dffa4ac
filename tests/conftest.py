"""Make the web layer's pure modules (web/rkweb) importable in tests, as the page's zip does."""

import sys
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"
TESTS = Path(__file__).resolve().parent
for folder in (WEB, TESTS):  # tests/ for the shared helper seedfiles.py (importlib import mode)
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
