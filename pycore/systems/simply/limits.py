"""The bounds on values a Simply Roleplaying! user types (STYLE 3), each defined once: the sheet,
the task roll, the fight, damage and recovery all refuse the same nonsense with the same range.

>>> MAX_LUCK == MAX_HP == MAX_RAW, MAX_ORIGINAL_STAT < MAX_STAT
(True, True)
"""

from __future__ import annotations

from typing import Final

#: Any stat or adjustment typed on the sheet or in a task roll.
MAX_STAT: Final = 100
#: S and H as the fight and the damage rules take them: the rolled stat (SIM-D02) plus adjustments.
MAX_ORIGINAL_STAT: Final = 20
#: Hit Points (HP max, and the current HP down to −MAX_HP).
MAX_HP: Final = 1000
#: Luck Points on the sheet, in a fight and spent (SIM-10, SIM-43).
MAX_LUCK: Final = 1000
#: Raw Damage of one hit, so the Injury after armor too (SIM-40, SIM-42).
MAX_RAW: Final = 1000
