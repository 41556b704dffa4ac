"""The bounds on values an Aftermath! user types or saves (STYLE 3), each defined once: the sheet,
its weapons, the worksheets and the saved section refuse the same nonsense with the same range.
Numbers only, so the saved section's codec may read them without importing any rule."""

from __future__ import annotations

from typing import Final

#: A character's, a skill's, an item's and a weapon's name (characters).
MAX_NAME: Final = 60
#: The weapons one sheet holds.
MAX_WEAPONS: Final = 12
#: A range or distance typed in metres.
MAX_METERS: Final = 100_000
#: Damage typed or rolled in one hit (Damage Done, Critical Damage, Damage Potential).
MAX_DAMAGE: Final = 1000
#: The conditions one sheet holds, "Dead" aside: death is always recorded (sheet.DEAD), so a
#: saved sheet holds one more.
MAX_CONDITIONS: Final = 40
