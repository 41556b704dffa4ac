"""The bounds on values a Percentile user types or saves (STYLE 3), each defined once. Numbers
only, so the saved section's codec may read them without importing any rule."""

from __future__ import annotations

from typing import Final

#: The rows of one GM table, as saved and as checked.
MAX_ROWS: Final = 2000
#: A range or distance typed in metres (R-F: the attack form's range, the throw, the to-hit).
MAX_RANGE_M: Final = 100_000
