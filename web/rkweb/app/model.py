"""The page model: saved history, the current route, per-page UI state and what the browser told us.

Everything is an immutable value; a page's ``update`` returns a new :class:`Model`. Beside the
value, a model carries the app's memos (``memos``): what its pages read from the saved sections
lately (kit.memo, issue 25: one decode per tap). They are no part of the value (never compared or
shown); ``replace`` hands them on, so an app keeps its own from tap to tap, and a model made anew
(another app, another test) starts with none (no module-level mutable state).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pycore.store import History
from pycore.store.persist import QuarantineItem
from rkweb.kit.memo import Memos


@dataclass(frozen=True)
class Banner:
    """A message across the top of every page (storage full, data moved aside, ...)."""

    kind: str  # "quota", "quarantine", "trimmed", "external", "undo", "error", "info", "update",
    # "newer", "race"
    text: str
    offer_export: bool = False
    offer_reload: bool = False


@dataclass(frozen=True)
class Env:
    """Facts from the browser, refreshed by the glue."""

    storage_used: int = 0
    estimate_usage: int | None = None
    estimate_quota: int | None = None
    persisted: bool | None = None
    quarantine: tuple[QuarantineItem, ...] = ()
    read_only: bool = False
    offline_ready: bool = False
    base_url: str = ""  # the app's address without its fragment: share links start with it
    last_saved: str | None = None
    last_export: str | None = None
    now: str | None = None


@dataclass(frozen=True)
class Ctx:
    """What an update may need from outside: the time now and a fresh random seed."""

    now: str
    fresh_seed: str


@dataclass(frozen=True)
class Model:
    history: History
    route: str = "dice"
    # What follows the route in the address (``#/share/<payload>``: the payload).
    route_arg: str = ""
    ui: Mapping[str, Any] = field(default_factory=dict)
    env: Env = field(default_factory=Env)
    banners: tuple[Banner, ...] = ()
    memos: Memos = field(default_factory=Memos, compare=False, repr=False)

    @property
    def state(self) -> dict[str, Any]:
        return self.history.state

    def with_ui(self, **changes: Any) -> Model:
        return replace(self, ui={**self.ui, **changes})

    def banners_without(self, *kinds: str) -> tuple[Banner, ...]:
        """The banners but those of ``kinds``: one said again replaces its last, a step ends
        the undo's."""
        return tuple(b for b in self.banners if b.kind not in kinds)

    def section(self, name: str) -> dict[str, Any]:
        value = self.history.state.get(name)
        return value if isinstance(value, dict) else {}
