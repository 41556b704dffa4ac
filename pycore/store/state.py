"""A new user's data: the sections every codec with a default starts with.

>>> sorted(default_data())
['dice', 'settings']
"""

from __future__ import annotations

from typing import Any

from pycore.store.sections import ROLL_LOG_LIMIT, defaults

__all__ = ["ROLL_LOG_LIMIT", "default_data"]


def default_data() -> dict[str, Any]:
    """A new user's data."""
    return defaults()
