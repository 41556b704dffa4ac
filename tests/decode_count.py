"""One decode per tap (issue 25 "Done when"), the check every page's test makes: a tap's update
and the view after it decode the saved fight at most once; after a reload (nothing read yet),
once. Counted where the page decodes it (its state module's decoder, kit.memo in front of it)."""

from __future__ import annotations

import json
import types
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

import pytest
from rkweb.app import shell
from rkweb.app.model import Model

from pycore.store import History

Tap = tuple[Any, ...]


def count_decodes(monkeypatch: pytest.MonkeyPatch, owner: Any, path: str) -> list[str]:
    """Each call of ``owner.<path>`` from now on, one item in the list returned. A dotted path
    (``"core.combat_from_json"``) reaches through a module the page imported: a copy of it takes
    its place there, so only the page's own decodes count."""
    *through, name = path.split(".")
    for attr in through:
        copy = types.SimpleNamespace(**vars(getattr(owner, attr)))
        monkeypatch.setattr(owner, attr, copy)
        owner = copy
    decoded: list[str] = []
    real = getattr(owner, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        decoded.append("decoded")
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counting)
    return decoded


def one_decode_per_tap(
    model: Model,
    decoded: list[str],
    play: Callable[[Model, Tap], Model],
    taps: Iterable[Tap],
    again: Tap,
    check: Callable[[Model], None] | None = None,
) -> Model:
    """Play ``taps`` (each with the view after it): at most one decode each, then ``check``;
    then, on the state reloaded as from storage (new objects), ``again`` decodes once. The
    model after ``taps``."""
    for tap in taps:
        decoded.clear()
        model = play(model, tap)
        shell.view(model)
        assert len(decoded) <= 1, f"{tap}: the fight decoded {len(decoded)} times"
        if check is not None:
            check(model)
    reloaded = json.loads(json.dumps(model.history.state))
    fresh = replace(model, history=History.new(reloaded))
    decoded.clear()
    shell.view(play(fresh, again))
    assert len(decoded) == 1, f"{again} after a reload: the fight decoded {len(decoded)} times"
    return model
