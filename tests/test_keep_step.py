"""Issue 30, item 2: one way to keep a step. Each system page's steps (an undoable one with its
label, a quiet one without) are kept by :func:`rkweb.kit.steps.keep`, whatever the page's own
helper is called (Simply ``keep``/``commit``, 3d6 ``commit``/``keep``, Aftermath
``undoable``/``quietly``, Percentile ``save``)."""

from __future__ import annotations

from typing import Any

import pytest
from rkweb.app import shell
from rkweb.app.model import Ctx, Model

from pycore.store import History, default_data

CTX = Ctx(now="2026-11-27T10:00:00+01:00", fresh_seed="seed30")

#: A route, the taps sent in order, and the (section, label) each keeps (None: quietly).
TAPS: dict[str, tuple[tuple[tuple[Any, ...], str, str | None], ...]] = {
    "simply": (
        (("simply.char_new",), "simply_characters", "Create character"),
        (("simply.combat_add_char", "0"), "simply_combat", "Add Character 1"),
    ),
    "gurps": (
        (("gurps.new",), "gurps", "New Fighter 1"),
        (("gurps.select", "g1"), "gurps", None),
    ),
    "aftermath": (
        (("aftermath.char_new",), "aftermath", "Create character"),
        (("aftermath.char_select", "0"), "aftermath", None),
    ),
    "percentile": (
        (("percentile.char_new",), "percentile", "Add character"),
        (("percentile.check_field", "skill", "50"), "percentile", None),
    ),
}


@pytest.mark.parametrize("route", TAPS)
def test_each_page_keeps_its_steps_through_the_kit(
    route: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rkweb.kit import steps

    kept: list[tuple[str, str | None]] = []
    original = steps.keep

    def spy(model: Model, section: str, value: dict[str, Any], *args: Any, **ui: Any) -> Model:
        label = args[0] if args and len(args) > 1 and args[1] is not None else None
        kept.append((section, label))
        return original(model, section, value, *args, **ui)

    monkeypatch.setattr(steps, "keep", spy)
    model = Model(History.new(default_data()), route=route)
    for msg, section, label in TAPS[route]:
        before = len(kept)
        model = shell.update(model, msg, CTX)
        assert (section, label) in kept[before:], (msg, kept[before:])
