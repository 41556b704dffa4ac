"""A refusal checked for its rule as data: the error names the rule in ``rules`` and says its
words without the rule ID (issue 25 item 4: rule references only under "Why")."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from pycore.errors import RuleError


@contextmanager
def refused(rule: str, match: str | None = None) -> Iterator[None]:
    """Expect a :class:`RuleError` whose ``rules`` hold ``rule`` and whose text does not."""
    with pytest.raises(RuleError, match=match) as caught:
        yield
    assert rule in caught.value.rules, caught.value.rules
    assert rule not in str(caught.value), str(caught.value)
