"""Benchmarks without a browser (``tools/bench.py --only cpython``): the core's rolls and odds
in CPython, the tables loaded in Pyodide under node, and the built site's size.
"""

from __future__ import annotations

import functools
import json
import random
import subprocess
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"


def pyodide_table_figures() -> list[tuple[str, str, str]]:
    """Loading every table of each system inside Pyodide (node), from the page's zip."""
    out = subprocess.run(
        ["node", str(ROOT / "tools" / "pyodide_tables_bench.mjs")],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    figures = json.loads(out.strip().splitlines()[-1])
    return [
        (f"load all {system} tables in Pyodide ({f['tables']})", f"{f['cold_ms']} ms", "—")
        for system, f in figures.items()
    ]


def cpython_figures() -> list[tuple[str, str, str]]:
    import d20  # type: ignore[import-untyped]

    from pycore.dice import distribution, roll

    rows = []
    rng = random.Random(1)
    for expr in ("3d6", "4d6kh3", "2d10+3"):
        n = 20_000
        ours = n / timeit.timeit(functools.partial(roll, expr, rng), number=n)
        theirs = n / timeit.timeit(functools.partial(d20.roll, expr), number=n)
        rows.append(
            (
                f"roll('{expr}') per second vs d20",
                f"{ours:,.0f} vs {theirs:,.0f}",
                f"ratio {ours / theirs:.2f} (>= 1.0)",
            )
        )
    for expr in ("3d6", "2d10", "10d10", "1:10sd+13"):
        runs = 20
        seconds = min(timeit.repeat(functools.partial(distribution, expr), number=1, repeat=runs))
        rows.append((f"distribution('{expr}')", f"{seconds * 1000:.2f} ms", "< 20 ms"))
    from pycore.systems.simply.tasks import contest_odds

    pairs = [(a, b) for a in range(2, 21) for b in range(2, 21)]
    seconds = timeit.timeit(lambda: [contest_odds(a, b) for a, b in pairs], number=1)
    rows.append(("Simply contest_odds, all TN pairs 2-20 (361)", f"{seconds * 1000:.0f} ms", ""))
    from pycore.systems.gurps import landing_chance

    pairs = [(a, d) for a in range(3, 21) for d in range(3, 21)]
    seconds = timeit.timeit(lambda: [landing_chance(a, d) for a, d in pairs], number=1)
    rows.append(
        ("GURPS landing_chance, all skill/defense pairs 3-20 (324)", f"{seconds * 1000:.0f} ms", "")
    )
    return rows


def size_figures() -> list[tuple[str, str, str]]:
    files = [p for p in DIST.rglob("*") if p.is_file() and "bench" not in p.parts]
    total = sum(p.stat().st_size for p in files)
    return [("dist/ size", f"{total / 1048576:.1f} MiB in {len(files)} files", "")]
