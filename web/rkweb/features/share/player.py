"""The players' view on a second screen: the fight as players see it, following the GM's
window live (the glue passes each new view over a ``BroadcastChannel``) and rebuilt from the
saved fight after a reload: the Simply, 3d6, Aftermath or Percentile fight the core picks (the GM's
choice, else the one changed last). Shows no hidden numbers (:mod:`pycore.share.public`)."""

from __future__ import annotations

import json

from pycore.errors import RuleError
from pycore.share import PublicFight
from pycore.share.public_pick import changed_at, public_view
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.share.preview import fight_view
from rkweb.kit.buttons import button

ACTIONS = frozenset({"update"})


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    """``("player.update", json)``: the GM's window sent a new public view."""
    try:
        fight = PublicFight.of(json.loads(str(msg[1])))
    except (ValueError, RuleError):
        return model  # a message from an older window: the next one will do
    return model.with_ui(player_view=fight)


def view(model: Model) -> VNode:
    fight = model.ui.get("player_view")
    if not isinstance(fight, PublicFight):
        fight = PublicFight.of(public_view(model.history.state, changed_at(model.history)))
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
