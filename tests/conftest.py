"""Make the web layer's pure modules (web/rkweb) importable in tests, as the page's zip does."""

import sys
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))
