"""What every part of the benchmarks (``tools/bench*.py``) prints its figures with."""

from __future__ import annotations

import os

Row = tuple[str, str, str]


def shown(rows: list[Row]) -> list[Row]:
    """Print ``rows`` now (flushed): a long run's figures appear as they are measured."""
    for name, figure, target in rows:
        print(f"{name}: {figure}" + (f"  (target {target})" if target else ""), flush=True)
    return rows


def progress(text: str) -> None:
    """One measured load, printed at once with the machine's load average."""
    print(f"  {text} (load average {os.getloadavg()[0]:.2f})", flush=True)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
