"""FIGHT.md's measures of a fight screen, shared by every system's e2e test and `make bench`.

A turn is driven as a person drives it: a list of taps (a button, a chip, a card) and entries
(typing the dice one rolled). For each, the probe records the time from the event to the first
change of the page (click → DOM) and, once the page has settled, whether the element showing the
step's result is inside the viewport without a scroll.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any

PROBE = """
window.__fightLat = [];
const mark = () => {
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    window.__fightLat.push(performance.now() - t0); obs.disconnect();
  });
  obs.observe(document.getElementById("app"), {childList: true, subtree: true, characterData: true, attributes: true});
};
document.addEventListener("click", mark, true);
document.addEventListener("change", mark, true);
"""


@dataclass(frozen=True)
class Tap:
    """A tap on ``testid``; with ``value``, typing it there instead (one entry: "I rolled ...").

    ``shows`` names the element that shows this step's result (must be in view afterwards);
    ``or_shows`` the places it may land instead, when the fight moved on with the tap (Simply:
    a miss or damage on the attacker's last action is the "Last:" line above the strip, out of
    the next attacker's step). One of these counts only when the tap put it there (absent
    before the tap, or its words changed): a "Last:" line already on the screen is not the
    tap's result. Whichever it is must be in view afterwards.
    """

    testid: str
    shows: str | None = None
    value: str | None = None
    option: str | None = None  # a <select>: choose the option of this value or label (one tap)
    or_shows: tuple[str, ...] = ()


@dataclass
class TurnFigures:
    taps: int = 0
    entries: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    out_of_view: list[str] = field(default_factory=list)
    brought_into_view: list[str] = field(default_factory=list)  # by the page, not in place

    def add(self, part: TurnFigures) -> None:
        """Count ``part`` (a step of the same attack or turn) in these figures."""
        self.taps += part.taps
        self.entries += part.entries
        self.latencies_ms += part.latencies_ms
        self.out_of_view += part.out_of_view
        self.brought_into_view += part.brought_into_view


def install(page: Any) -> None:
    """Call before ``page.goto``: the probe must see every event."""
    page.add_init_script(PROBE)


#: Whether the point (x, y) of the screen shows ``el`` (or what it holds), not a bar over it.
_UNCOVERED = "(el, [x, y]) => el.contains(document.elementFromPoint(x, y))"


def in_viewport(page: Any, testid: str) -> bool:
    """The first of ``testid`` is on the screen as the GM sees it: its top (up to 60 px) inside
    the viewport, and not under the fight's sticky bar (Undo, Redo): a "Last:" line scrolled
    under it had its box inside the viewport and could not be read."""
    shown = page.get_by_test_id(testid).first
    box = shown.bounding_box()
    if box is None:
        return False
    height = int(page.evaluate("() => window.innerHeight"))
    top = box["y"]  # relative to the viewport: where the page is now, however it got there
    # (> -1: a result the page scrolled to the top edge sits a fraction of a pixel above it)
    seen = min(box["height"], 60)
    if not (top > -1 and top + seen <= height):
        return False
    middle = (box["x"] + box["width"] / 2, max(top, 0) + seen / 2)
    return bool(shown.evaluate(_UNCOVERED, middle))


#: The first of the tap's result places that is visible (``shows`` as it is; one of
#: ``or_shows`` only when its words are not those it had before the tap), else null.
_LANDED = """({shows, fresh, before}) => {
  const visible = (id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    return el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden"
      ? el : null;
  };
  if (shows !== null && visible(shows)) return shows;
  for (const id of fresh) {
    const el = visible(id);
    if (el && el.textContent !== before[id]) return id;
  }
  return null;
}"""


def words(page: Any, testids: tuple[str, ...]) -> dict[str, str]:
    """What each of ``testids`` says now (those on the page), read before a tap."""
    return {
        t: page.get_by_test_id(t).first.text_content() or ""
        for t in testids
        if page.get_by_test_id(t).count()
    }


def landed(page: Any, tap: Tap, before: dict[str, str], timeout: float = 30_000) -> str:
    """Wait for the tap's result where it lands (``tap.shows``, or one of ``tap.or_shows``
    that the tap put there: not as it was in ``before``); its test id. Nothing there within
    ``timeout`` ms fails, as a result that never appears does."""
    arg = {"shows": tap.shows, "fresh": list(tap.or_shows), "before": before}
    found = page.wait_for_function(_LANDED, arg=arg, timeout=timeout)
    return str(found.json_value())


def next_frame(page: Any) -> None:
    """Wait for the page's next frame: the glue reveals a result there, not inside the tap."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => done()))")


def _reveals(page: Any) -> int:
    """How often the page scrolled a result into view (``<html data-reveals>``, app/browser.py)."""
    return int(page.evaluate("() => document.documentElement.dataset.reveals || 0"))


def run_turn(page: Any, taps: list[Tap]) -> TurnFigures:
    """Drive one turn; the page must have been prepared with ``install``."""
    figures = TurnFigures()
    for tap in taps:
        before = int(page.evaluate("() => window.__fightLat.length"))
        reveals, said = _reveals(page), words(page, tap.or_shows)
        target = page.get_by_test_id(tap.testid).first
        if tap.value is not None:
            target.fill(tap.value)
            target.press("Tab")
            figures.entries += 1
        elif tap.option is not None:
            target.select_option(tap.option)  # its value or its label
            figures.taps += 1
        else:
            target.click()
            figures.taps += 1
        page.wait_for_function(f"() => window.__fightLat.length > {before}", timeout=30_000)
        figures.latencies_ms.append(float(page.evaluate(f"() => window.__fightLat[{before}]")))
        if tap.shows is not None:
            shown = landed(page, tap, said)
            next_frame(page)  # a result off screen is brought into view in the tap's next frame
            if _reveals(page) > reveals:
                figures.brought_into_view.append(f"{tap.testid} → {shown}")
            if not in_viewport(page, shown):
                figures.out_of_view.append(f"{tap.testid} → {shown}")
    return figures


def rows(label: str, turns: list[TurnFigures]) -> list[tuple[str, str, str]]:
    """Figures for the closing note: taps and entries per turn, click → DOM, results out of view."""
    latencies = [v for turn in turns for v in turn.latencies_ms]
    ordered = sorted(latencies)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0
    return [
        (
            f"{label}: taps per turn (max)",
            str(max(t.taps for t in turns)),
            "<= 4 (+1 per typed roll)",
        ),
        (f"{label}: typed entries per turn (max)", str(max(t.entries for t in turns)), ""),
        (f"{label}: tap → DOM, median", f"{statistics.median(latencies):.1f} ms", "< 50 ms"),
        (f"{label}: tap → DOM, p95", f"{p95:.1f} ms", ""),
        (
            f"{label}: results out of view",
            ", ".join(sorted({o for t in turns for o in t.out_of_view})) or "none",
            "none",
        ),
        (
            f"{label}: results the page scrolled into view",
            ", ".join(sorted({o for t in turns for o in t.brought_into_view})) or "none",
            "none (each one a result that did not land where the tap was)",
        ),
    ]


def in_place(page: Any, tap: Tap) -> list[str]:
    """FIGHT.md "How it is measured", strictly: ``tap`` made where the GM sees it (its control
    brought into view first, as he scrolls to it), then its result (``tap.shows``) wholly
    inside the viewport and the page not scrolled by the tap: ``window.scrollY`` as before it
    and no reveal by the glue (``data-reveals``). A typed entry is committed with Enter (Tab
    would move the focus, and the page with it). What failed, in words; empty when it held."""
    target = page.get_by_test_id(tap.testid).first
    target.scroll_into_view_if_needed()
    before = int(page.evaluate("() => window.__fightLat.length"))
    scrolled, reveals = page.evaluate("() => window.scrollY"), _reveals(page)
    if tap.value is not None:
        target.fill(tap.value)
        target.press("Enter")
    else:
        target.click()
    page.wait_for_function(f"() => window.__fightLat.length > {before}", timeout=30_000)
    if tap.shows is None:
        return []
    shown = page.get_by_test_id(tap.shows).first
    shown.wait_for(timeout=30_000)
    next_frame(page)  # the glue reveals a result in the tap's next frame
    next_frame(page)
    failed = []
    now = page.evaluate("() => window.scrollY")
    if now != scrolled or _reveals(page) > reveals:
        failed.append(f"{tap.testid} → {tap.shows}: the page scrolled ({scrolled} → {now})")
    box, height = shown.bounding_box(), int(page.evaluate("() => window.innerHeight"))
    if box is None or box["y"] < 0 or box["y"] + box["height"] > height:
        failed.append(f"{tap.testid} → {tap.shows}: out of view at {box} (height {height})")
    return failed
