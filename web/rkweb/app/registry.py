"""The one list of features: each route's nav label, the saved section it owns and its module.

The rule systems come from their descriptors (``pycore.systems.system``): adding one is its
folders (``pycore/systems/<system>/``, ``rkweb/features/<system>/``) and one line in
``SYSTEM_KEYS``, never this list. Feature modules are imported on first use: a rule system is not needed to start the app (start-up bench).

>>> [f.route for f in FEATURES]
['dice', 'simply', 'gurps', 'aftermath', 'percentile', 'share', 'settings', 'about', 'player']
>>> feature("gurps").label, feature("nope"), SYSTEMS
('3d6 GURPS', None, ('simply', 'gurps', 'aftermath', 'percentile'))
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from pycore.systems.system import systems

if TYPE_CHECKING:
    from rkweb.app.messages import Action
    from rkweb.app.model import Ctx, Model
    from rkweb.app.vdom import VNode


@dataclass(frozen=True)
class Feature:
    """One page of the app. ``module`` has ``view(model)``, ``update(model, msg, ctx)`` and
    ``ACTIONS``, the names of the messages it takes."""

    route: str
    label: str
    title: str
    section: str | None
    module: str
    system: bool = False
    in_nav: bool = True  # False: a page opened by a link or for another screen only

    def load(self) -> ModuleType:
        return importlib.import_module(self.module)

    def view(self, model: Model) -> VNode:
        page: Callable[[Model], VNode] = self.load().view
        return page(model)

    def actions(self) -> frozenset[str]:
        actions: Mapping[str, Any] | frozenset[str] = self.load().ACTIONS
        return frozenset(actions)

    def update(self, model: Model, msg: Action, ctx: Ctx) -> Model:
        update: Callable[[Model, Action, Ctx], Model] = self.load().update
        return update(model, msg, ctx)

    def restored(self, before: Model, after: Model) -> str | None:
        """What an undo or a redo from ``before`` to ``after`` gave back on this page, in
        words, when the page knows (its module's ``restored``: a page that marks the entries
        typed since a step, :mod:`rkweb.kit.steps`); else ``None``."""
        said: Callable[[Model, Model], str | None] | None = getattr(self.load(), "restored", None)
        return said(before, after) if said is not None else None


FEATURES: tuple[Feature, ...] = (
    Feature("dice", "Dice", "Dice", "dice", "rkweb.features.dice.page"),
    # The rule systems, from their descriptors (pycore/systems/<system>/system.py).
    *(Feature(s.key, s.nav, s.title, s.section, s.page, system=True) for s in systems()),
    Feature("share", "Share", "Share and import", None, "rkweb.features.share.page"),
    Feature(
        "settings", "Settings", "Settings and data", "settings", "rkweb.features.settings.page"
    ),
    Feature("about", "About", "About", None, "rkweb.features.about.page"),
    # The players' screen: opened by the share page in a second window, never from the nav.
    Feature(
        "player", "Player view", "Player view", None, "rkweb.features.share.player", in_nav=False
    ),
)

ROUTES: tuple[str, ...] = tuple(f.route for f in FEATURES)
SYSTEMS: tuple[str, ...] = tuple(f.route for f in FEATURES if f.system)
_BY_ROUTE = {f.route: f for f in FEATURES}


def feature(route: str) -> Feature | None:
    return _BY_ROUTE.get(route)


def owner(section: str) -> Feature | None:
    """The feature whose saved section this is (``simply_combat`` is Simply's).

    >>> owner("simply_combat").label, owner("aftermath").label, owner("nothing")
    ('Simply', 'Aftermath', None)
    """
    for f in FEATURES:
        if f.section and (section == f.section or section.startswith(f.section + "_")):
            return f
    return None


def players_feed() -> Callable[..., tuple[tuple[Any, ...], str | None]]:
    """The players' window's hook: ``feed(state, history, last_key)`` of the players' page, whose
    module (and every system's public view) loads only once a players' window is open."""
    player = feature("player")
    assert player is not None
    feed: Callable[..., tuple[tuple[Any, ...], str | None]] = player.load().feed
    return feed
