"""The players' view on a second screen: the fight as players see it, following the GM's
window live (the glue passes each new view over a ``BroadcastChannel``) and rebuilt from the
saved fight after a reload: the Simply, 3d6, Aftermath or Percentile fight the core picks (the GM's
choice, else the one the GM is running: :mod:`pycore.share.running`). Shows no hidden numbers (:mod:`pycore.share.public`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pycore.errors import RuleError, StorageError
from pycore.share import PublicFight
from pycore.share.public_pick import fight_key
from pycore.share.running import players_view
from pycore.store import History
from pycore.store.jsontext import parse
from rkweb.app.events import Update
from rkweb.app.messages import handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.share.preview import fight_view
from rkweb.kit.buttons import button

#: Largest view read from the channel: a fight's view is a few kilobytes.
VIEW_CHARS = 1_000_000


def feed(
    state: Mapping[str, Any], history: History, last: tuple[Any, ...] | None
) -> tuple[tuple[Any, ...], str | None]:
    """The players' window's hook (:func:`rkweb.app.registry.players_feed`): the key of the fight
    on show and its public view as text to post, or None when the fight is the one posted last
    (the same saved objects, so unchanged: no view is built).

    >>> from pycore.store import History
    >>> history = History.new({})
    >>> key, text = feed(history.state, history, None)
    >>> text is not None, feed(history.state, history, key)[1]
    (True, None)
    """
    key = fight_key(state)
    if last is not None and all(a is b for a, b in zip(key, last, strict=True)):
        return key, None
    return key, json.dumps(players_view(state, history))


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


def _shown(model: Model, msg: Update, ctx: Ctx) -> Model:
    """The GM's window sent a new public view."""
    try:  # size and depth checked before parsing: any page of this origin may post here
        data = parse(msg.text, what="the fight view", max_chars=VIEW_CHARS, max_depth=6)
        fight = PublicFight.of(data)
    except (StorageError, RuleError):
        return model  # a message from an older window: the next one will do
    return model.with_ui(player_view=fight)


#: The one message this page takes, keyed by its class's action: ``ACTIONS`` are its names.
HANDLERS = handlers(_shown)
ACTIONS = frozenset(HANDLERS)


def view(model: Model) -> VNode:
    fight = model.ui.get("player_view")
    if not isinstance(fight, PublicFight):
        fight = PublicFight.of(players_view(model.history.state, model.history))
    # Presentation: a screen players read across the table; type sized to the screen (app.css)
    return h(
        "div",
        {"class": "page player-page"},
        h(
            "div",
            {"class": "row player-bar no-print"},
            h("h1", {"class": "page-title"}, "The fight"),
            button("player-fullscreen", "Full screen", ("app.fullscreen",)),
        ),
        fight_view(fight),
    )
