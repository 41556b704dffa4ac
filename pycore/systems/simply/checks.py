"""Special checks (SIM-09, SIM-T02): knockback, agility, focus and stamina, each 2 x a stat."""

from __future__ import annotations

import functools
from typing import Final

from pycore.errors import RuleError
from pycore.systems.simply.limits import MAX_STAT
from pycore.tables import Row, load_table
from pycore.validate import whole

#: SIM-09: the special checks, in the order of SIM-T02.
SPECIAL_CHECKS: Final[tuple[str, ...]] = tuple(
    str(row["name"]) for row in load_table("simply", "special_checks").rows
)


def _check_row(check: str) -> Row:
    key = check.strip().lower().removesuffix(" check") if isinstance(check, str) else None
    if key not in SPECIAL_CHECKS:
        raise RuleError(f"special check {check!r} is unknown; allowed: {', '.join(SPECIAL_CHECKS)}")
    return _row_of(key)


@functools.lru_cache(maxsize=8)  # a draw lists the four checks of each character; rows frozen
def _row_of(key: str) -> Row:
    return load_table("simply", "special_checks").row_by("name", key)


def special_check(check: str, stat: int) -> int:
    """The base score of a special check: 2 x the UNADJUSTED stat (SIM-09, SIM-T02).

    ``check`` is knockback (S), agility (C), focus (I) or stamina (H), any case, "Check" optional.
    Checks get no automatic success on 2: roll them with ``level=None`` (SIM-06 reading).

    >>> special_check("knockback", 6), special_check("Stamina Check", 5)
    (12, 10)
    """
    row = _check_row(check)
    multiplier, stat_name = row["multiplier"], row["stat"]
    assert isinstance(multiplier, int)
    # SIM-02 3 / SIM-09: checks use the unadjusted stat (line 18).
    value = whole(stat, f"unadjusted {stat_name}", 0, MAX_STAT)
    return multiplier * value


def special_check_stat(check: str) -> str:
    """The stat letter a special check doubles (SIM-T02).

    >>> [special_check_stat(c) for c in SPECIAL_CHECKS]
    ['S', 'C', 'I', 'H']
    """
    return str(_check_row(check)["stat"])
