"""The difficulty ladder as a reader sees it (SIM-04, table SIM-T01): each level and its
modifier in words, and where the table comes from (for the Task page's reference card)."""

from __future__ import annotations

from dataclasses import dataclass

from pycore.figures import signed
from pycore.tables import load_table


@dataclass(frozen=True)
class DifficultyLadder:
    """The difficulty table as a reader sees it (SIM-04, SIM-T01): each level and its modifier
    in words, with where the table comes from."""

    title: str
    table_id: str
    source: str
    version: int
    rows: tuple[tuple[str, str], ...]


def difficulty_ladder() -> DifficultyLadder:
    """SIM-T01 for the page: "+4" for a modifier, "automatic success" where there is no roll.

    >>> ladder = difficulty_ladder()
    >>> ladder.rows[0], ladder.rows[-1], ladder.table_id
    (('Automatic', 'automatic success'), ('Impossible', 'automatic failure'), 'SIM-T01')
    """
    table = load_table("simply", "difficulty")
    rows = []
    for row in table.rows:
        modifier = row["modifier"]
        shown = signed(modifier) if isinstance(modifier, int) else f"automatic {row['automatic']}"
        rows.append((str(row["name"]), shown))
    return DifficultyLadder(table.title, table.id, str(table.source), table.version, tuple(rows))
