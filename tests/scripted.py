"""A scripted random source for the rule tests: the test chooses every die (STYLE 2)."""

from __future__ import annotations

from collections.abc import Iterator


class Faces:
    """``randint`` returns the given faces in order, each checked against the die's range."""

    def __init__(self, *faces: int) -> None:
        self._faces: Iterator[int] = iter(faces)

    def randint(self, a: int, b: int, /) -> int:
        face = next(self._faces)
        assert a <= face <= b, (face, a, b)
        return face
