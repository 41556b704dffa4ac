"""The decorator of a system's share functions (its descriptor's ``ShareKind``: ``check``,
``fresh``, ``words``, ``local_id``, ``upgrade``): they read data from a link, written by another
device or by hand, and a shape their code never meant must say so as the package's error.

>>> @share_hook
... def first(items: list[int]) -> int:
...     return items[0]
>>> first([])
Traceback (most recent call last):
...
pycore.errors.StorageError: IndexError
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

from pycore.errors import RulekeeperError, StorageError
from pycore.validate import checked

F = TypeVar("F", bound=Callable[..., Any])
#: What Python's own code raises on data of a shape it does not expect.
BROKEN = (TypeError, KeyError, AttributeError, IndexError, ValueError, RecursionError)


def share_hook(function: F) -> F:
    """``function`` with its arguments checked (``checked``), and any error its code raises on
    a shape it never meant turned into a :class:`StorageError` naming the error's type (what
    ``pycore.share.records.validate`` reports: "the shared ... is not valid: TypeError")."""
    inner = checked(function)

    @functools.wraps(function)
    def hooked(*args: Any, **kwargs: Any) -> Any:
        try:
            return inner(*args, **kwargs)
        except RulekeeperError:  # the function's own words (a RulekeeperError is a ValueError)
            raise
        except BROKEN as exc:
            raise StorageError(type(exc).__name__) from None

    return cast(F, hooked)
