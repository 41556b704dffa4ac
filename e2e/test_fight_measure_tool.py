"""The fight measure itself (e2e/fight_measure.py), on a page made here: a result that lands in
another place than the step's (Simply's "Last:" line once the turn passed on) counts only when
the tap put it there, and a result under the fight's sticky bar is not in view."""

from __future__ import annotations

import pytest
from fight_measure import Tap, in_viewport, landed, words
from playwright.sync_api import Error, Page

PAGE = """
<div class="top" style="position: sticky; top: 0; height: 60px; background: #fff; z-index: 2">
  Undo</div>
<div id="app">
  <p data-testid="last" style="margin: 0">Last: Mara misses Bo</p>
  <div style="height: 3000px"></div>
  <p data-testid="step-result" hidden>Bo misses Mara</p>
</div>
"""


@pytest.fixture()
def fake(page: Page) -> Page:
    page.set_viewport_size({"width": 768, "height": 1024})
    page.set_content(PAGE)
    return page


def test_a_last_line_counts_only_when_the_tap_wrote_it(fake: Page) -> None:
    tap = Tap("roll", "step-result", or_shows=("last",))
    before = words(fake, tap.or_shows)
    assert before == {"last": "Last: Mara misses Bo"}
    # The line already on the screen is no result of this tap: nothing else came, it fails.
    with pytest.raises(Error):
        landed(fake, tap, before, timeout=500)
    fake.get_by_test_id("last").evaluate("el => el.textContent = 'Last: Bo misses Mara'")
    assert landed(fake, tap, before, timeout=500) == "last"


def test_the_step_s_own_result_counts_as_before(fake: Page) -> None:
    tap = Tap("roll", "step-result", or_shows=("last",))
    fake.get_by_test_id("step-result").evaluate("el => el.hidden = false")
    assert landed(fake, tap, words(fake, tap.or_shows), timeout=500) == "step-result"
    assert landed(fake, Tap("roll", "step-result"), {}, timeout=500) == "step-result"


def test_a_result_under_the_sticky_bar_is_not_in_view(fake: Page) -> None:
    assert in_viewport(fake, "last")  # the page at its top: the line below the bar's 60 px
    fake.evaluate("window.scrollTo(0, 30)")  # its box still inside the viewport, under the bar
    assert fake.get_by_test_id("last").bounding_box()["y"] > -1  # type: ignore[index]
    assert not in_viewport(fake, "last")
