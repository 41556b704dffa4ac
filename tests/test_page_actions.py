"""Issue 30, item 2: a page's actions are derived from its handler tables, never hand-listed.

Every name a page lists in ``ACTIONS`` reaches a handler (sending it never falls through to a
silent ``return model``), and an action no handler takes raises :class:`UnknownMessage` from the
page's own ``update`` (the shell already refuses one missing from ``ACTIONS``; this checks that the
page itself cannot drift from its list)."""

from __future__ import annotations

import pytest
from rkweb.app.messages import UnknownMessage
from rkweb.app.model import Ctx, Model
from rkweb.app.registry import FEATURES, Feature

from pycore.store import History, default_data

CTX = Ctx(now="2026-11-27T10:00:00+01:00", fresh_seed="seed30")
PAGES = [f for f in FEATURES if f.actions()]


def _model(page: Feature) -> Model:
    return Model(History.new(default_data()), route=page.route)


@pytest.mark.parametrize("page", PAGES, ids=lambda f: f.route)
def test_an_action_no_handler_takes_raises(page: Feature) -> None:
    with pytest.raises(UnknownMessage):
        page.load().update(_model(page), (f"{page.route}.no_such_action", "x", "y"), CTX)


@pytest.mark.parametrize("page", PAGES, ids=lambda f: f.route)
def test_every_listed_action_reaches_a_handler(page: Feature) -> None:
    unknown = []
    for action in sorted(page.actions()):
        for args in (("0", "0", "0"), ()):
            try:
                page.load().update(_model(page), (f"{page.route}.{action}", *args), CTX)
            except UnknownMessage:
                unknown.append((action, args))
            except Exception:  # a handler took it (and refused these args)
                pass
    assert unknown == []
