"""What a checked call costs (issue 33: the runtime argument checks were about 40 % of an
Aftermath tap's Python time): a checked call whose arguments passed runs the core's own inner
checked calls unchecked, and a frozen record handed in again is not walked again; what the
checks refuse stays refused in the same words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from pycore.errors import RuleError
from pycore.validate import checked, typecheck


@dataclass(frozen=True)
class Sheet:
    name: str
    hp: int


@checked
def inner(hp: int) -> int:
    return hp + 1


@checked
def outer(sheet: Sheet) -> int:
    return inner(sheet.hp)


@checked
def loose(values: Any) -> int:
    return inner(values["hp"])  # a loose annotation: the inner check is what stands


def test_an_inner_checked_call_is_not_checked_again(monkeypatch: Any) -> None:
    walked: list[str] = []
    real = typecheck._bad_field

    def counting(record: object) -> str | None:
        walked.append(type(record).__name__)
        return real(record)

    monkeypatch.setattr(typecheck, "_bad_field", counting)
    sheet = Sheet("Ana", 10)
    assert outer(sheet) == 11
    assert outer(sheet) == 11  # the same frozen record: found right once
    assert walked == ["Sheet"]
    assert inner(3) == 4


def test_garbage_a_loose_annotation_lets_in_meets_the_inner_check() -> None:
    assert loose({"hp": 4}) == 5
    with pytest.raises(RuleError, match="hp 'x' is not"):
        loose({"hp": "x"})  # inner, trusted, breaks on "x" + 1; run again with checks on


def test_a_wrong_record_is_refused_each_time_in_words() -> None:
    bad = Sheet("Ana", "ten")  # type: ignore[arg-type]
    for _ in range(2):
        with pytest.raises(RuleError, match="hp 'ten' is not"):
            outer(bad)
