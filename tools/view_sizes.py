"""The size ladder in CPython (issue 33): what the Combat tab's view costs, and how many virtual
nodes it builds, with 2, 10 and 30 fighters and 10, 200 and 1,000 log entries in each system.

Each system's fight is built with the page's own messages, as ``tools/bench.py`` builds it in the
browser (its two fighters, the extra ones added on the characters tab, one attack resolved), then
its saved log is filled to the size and cut to the log's cap as the store saves it. Figures:
``view`` (``shell.view`` of the Combat tab, the median of several), ``tab`` (the tab switch's
update, view and patch of the page: what opening the Combat tab costs), ``tap`` (the heaviest
step's update, view and patch) and ``nodes`` (the virtual nodes of the view).

    python tools/view_sizes.py [system ...] [--profile system:fighters]
"""

from __future__ import annotations

import cProfile
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for extra in (ROOT, ROOT / "web"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from rkweb.app import shell  # noqa: E402
from rkweb.app.model import Ctx, Model  # noqa: E402
from rkweb.app.patcher import patch  # noqa: E402
from rkweb.app.vdom import VNode  # noqa: E402

from pycore.store import History, default_data  # noqa: E402
from pycore.store.sections import LogSpec, fit, log_at, with_log  # noqa: E402
from pycore.systems.system import system as described  # noqa: E402

SIZES = ((2, 10), (10, 200), (30, 1000))
NOW = "2026-11-23T10:00:00+01:00"
RUNS = 9

Msg = tuple[object, ...]


def send(model: Model, *msgs: Msg, seed: str = "abc") -> Model:
    for msg in msgs:
        model = shell.update(model, msg, Ctx(now=NOW, fresh_seed=seed))
    return model


@dataclass(frozen=True)
class Ladder:
    """A system's fight as bench.py builds it, in messages."""

    route: str
    extra: Callable[[int], tuple[Msg, ...]]  # the messages adding the extra fighter ``n``
    make: tuple[Msg, ...]  # the two fighters
    form: tuple[Msg, ...]  # the step's form, on the Combat tab
    tap: tuple[Msg, ...]  # the heaviest step
    combat: Msg  # the tab switch to Combat
    other: Msg  # the tab switch away


LADDERS: dict[str, Ladder] = {
    "simply": Ladder(
        "simply",
        lambda n: (
            ("simply.tab", "combat"),
            ("simply.combat_form", "add", "name", f"Extra {n}"),
            ("simply.combat_form", "add", "hp_max", "10"),
            ("simply.combat_add",),
        ),
        (
            ("simply.tab", "combat"),
            ("simply.combat_form", "add", "name", "Tough"),
            ("simply.combat_form", "add", "hp_max", "1000"),
            ("simply.combat_add",),
            ("simply.combat_form", "add", "name", "Grunt"),
            ("simply.combat_form", "add", "hp_max", "12"),
            ("simply.combat_add",),
        ),
        (
            ("simply.tab", "combat"),
            ("simply.combat_form", "damage", "target", "c1"),
            ("simply.combat_form", "damage", "source", "weapon"),
            ("simply.combat_form", "damage", "raw", "1"),
        ),
        (("simply.combat_damage",),),
        ("simply.tab", "combat"),
        ("simply.tab", "characters"),
    ),
    "gurps": Ladder(
        "gurps",
        lambda n: (("gurps.new",), ("gurps.field", f"g{n + 2}", "name", f"Extra {n}")),
        (
            ("gurps.new",),
            ("gurps.field", "g1", "name", "Ana"),
            ("gurps.field", "g1", "weapon_skill", "14"),
            ("gurps.new",),
            ("gurps.field", "g2", "name", "Bo"),
            ("gurps.field", "g2", "dr", "2"),
        ),
        (
            ("gurps.tab", "attack"),
            ("gurps.attack_form", "attacker", "g1"),
            ("gurps.attack_form", "defender", "g2"),
            ("gurps.field", "g1", "maneuver", "Attack"),  # the attacker's own select (maneuvers.py)
        ),
        (("gurps.attack_full",),),
        ("gurps.tab", "tracker"),
        ("gurps.tab", "combatants"),
    ),
    "aftermath": Ladder(
        "aftermath",
        lambda n: (
            ("aftermath.tab", "characters"),
            ("aftermath.char_new", "character"),
            ("aftermath.char_field", "name", f"Extra {n}"),
        ),
        (
            ("aftermath.tab", "characters"),
            ("aftermath.char_new", "character"),
            ("aftermath.char_field", "name", "Ana"),
            ("aftermath.char_draft", "skill_name", "Pistol"),
            ("aftermath.char_draft", "skill_bcs", "9"),
            ("aftermath.char_add_skill",),
            ("aftermath.char_draft", "skill_name", "Rifle"),
            ("aftermath.char_draft", "skill_bcs", "14"),
            ("aftermath.char_add_skill",),
            ("aftermath.char_draft", "weapon_name", "Hunting rifle"),
            ("aftermath.char_draft", "weapon_kind", "gun"),
            ("aftermath.char_draft", "weapon_gun", "long_gun|Rifle"),
            ("aftermath.char_draft", "weapon_ammo", "long gun:308 (7.62mm NATO)"),
            ("aftermath.char_draft", "weapon_skill", "Rifle"),
            ("aftermath.char_add_weapon",),
            ("aftermath.char_new", "character"),
            ("aftermath.char_field", "name", "Bo"),
            ("aftermath.char_field", "derived.cda", "1"),
            ("aftermath.char_field", "derived.mass", "2"),
            ("aftermath.char_field", "derived.drt", "16"),
        ),
        (
            ("aftermath.tab", "combat"),
            ("aftermath.cbt_pick", "attacker", "0"),
            ("aftermath.cbt_pick", "target", "1"),
            ("aftermath.cbt_field", "missile", "meters", "20"),  # AFT-46: typed, never assumed
        ),
        (("aftermath.cbt_resolve",),),
        ("aftermath.tab", "combat"),
        ("aftermath.tab", "characters"),
    ),
    "percentile": Ladder(
        "percentile",
        lambda n: (
            ("percentile.tab", "characters"),
            ("percentile.char_new",),
            ("percentile.char_field", f"c{n + 2}", "name", f"Extra {n}"),
        ),
        (
            ("percentile.tab", "characters"),
            ("percentile.char_new",),
            ("percentile.char_field", "c1", "name", "Ann"),
            ("percentile.pform", "name", "chest"),
            ("percentile.pform", "points", "5000"),
            ("percentile.part_add", "c1"),
            ("percentile.char_new",),
            ("percentile.char_field", "c2", "name", "Bob"),
            ("percentile.char_field", "c2", "aim", "100"),
            ("percentile.wform", "name", "PISTOL"),
            ("percentile.wform", "wep_dif", "100"),
            ("percentile.wform", "damage_die", "4+2"),
            ("percentile.weapon_add", "c2"),
            ("percentile.setting", "stun", "off"),
            ("percentile.setting", "ap", "c1"),
        ),
        (
            ("percentile.tab", "combat"),
            ("percentile.attack_field", "attacker", "c2"),
            ("percentile.attack_field", "target", "c1"),
            ("percentile.attack_field", "part", "chest"),
        ),
        (("percentile.attack_resolve",),),
        ("percentile.tab", "combat"),
        ("percentile.tab", "characters"),
    ),
}


def fight(key: str, fighters: int, entries: int) -> Model:
    """The system's fight with ``fighters`` fighters, one tap made, its log filled to
    ``entries`` (cut to the log's cap as a save cuts it)."""
    ladder = LADDERS[key]
    model = Model(History.new(default_data()), route=ladder.route)
    extras = [m for n in range(1, fighters - 1) for m in ladder.extra(n)]
    model = send(model, *ladder.make, *extras, *ladder.form, *ladder.tap)
    places = described(key).fight
    section = model.section(places.section)
    log = list(log_at(section, LogSpec(places.log, 10**6)) or [])
    if log:
        one = log[0]
        filled = [{**one, "text": f"old line {entries - i}"} for i in range(entries)]
        section, _ = fit(places.section, with_log(section, places.log, filled))
    history = History.new({**model.history.state, places.section: section})
    return send(replace(model, history=history), ladder.other, *ladder.form)


def nodes(node: Any) -> int:
    if not isinstance(node, VNode):
        return 0
    return 1 + sum(nodes(child) for child in node.children)


def timed(run: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times[2:])


def handled(before: Model, msgs: tuple[Msg, ...]) -> Callable[[], object]:
    """What the page does on a tap: the update, the view, and the patch of the page drawn from
    ``before`` (on the fake DOM of tests/test_patcher.py; in the page, build-dom.js builds a big
    new subtree in one call instead)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_patcher import mounted

    old = shell.view(before)

    def run() -> None:
        _, root = mounted(old)
        patch(root.firstChild, old, shell.view(send(before, *msgs)))

    return run


def row(key: str, fighters: int, entries: int) -> dict[str, float]:
    ladder = LADDERS[key]
    model = fight(key, fighters, entries)
    away = send(model, ladder.other)
    tap = (*ladder.form, *ladder.tap)
    shell.view(model)
    return {
        "view": timed(lambda: shell.view(model)),
        "tab": timed(handled(away, (ladder.combat,))),
        "tap": timed(handled(model, tap)),  # its form filled again first
        "nodes": nodes(shell.view(model)),
    }


def profile(key: str, fighters: int) -> None:
    model = fight(key, fighters, 200)
    shell.view(model)
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(5):
        shell.view(model)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(45)


def main(argv: list[str]) -> None:
    if argv[:1] == ["--profile"]:
        key, count = argv[1].split(":")
        profile(key, int(count))
        return
    for key in argv or list(LADDERS):
        for fighters, entries in SIZES:
            r = row(key, fighters, entries)
            print(
                f"{key:10} {fighters:2} fighters {entries:4} entries: view {r['view']:6.1f} ms"
                f"  tab {r['tab']:6.1f} ms  tap {r['tap']:6.1f} ms  nodes {r['nodes']:5.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main(sys.argv[1:])
