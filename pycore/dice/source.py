"""Where a roll's randomness comes from: the one place that makes a random generator.

Every rule takes its dice from an injected source with ``randint`` (:class:`RandintSource`):
either "roll for me", a generator seeded so the roll can be replayed (:func:`seeded`), or the
dice the user rolled at the table and typed in (:func:`pycore.dice.typed_dice`).

>>> seeded("abc").randint(1, 6) == seeded("abc").randint(1, 6)
True
"""

from __future__ import annotations

import random

from pycore.validate import checked


@checked
def seeded(seed: str) -> random.Random:
    """A generator replaying the same dice for the same seed (the log keeps the seed)."""
    return random.Random(seed)
