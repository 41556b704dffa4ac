"""What a page remembers of its reads (one decode per tap, issue 25) is the app's own: held by its
model, never by a module (the project's rule: no module-level mutable state). Two apps in one
interpreter (two tests, two pages in Pyodide) then never share a fight remembered."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
import rkweb
from decode_count import count_decodes
from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.features.aftermath import state as aftermath_state
from rkweb.features.gurps import state as gurps_state
from rkweb.features.percentile import state as percentile_state
from rkweb.features.simply.combat import state as simply_state
from rkweb.kit.memo import Memo
from test_aftermath_fight_screen import _fight as aftermath_fight
from test_gurps_pages import fight_started as gurps_fight
from test_percentile_pages import round_ready as percentile_fight
from test_simply_combat_page import send as simply_send
from test_simply_combat_page import two_fighters as simply_fighters


def _simply_fight() -> Model:
    return simply_send(simply_fighters(), "simply.combat_initiative", seed="s1")


#: Each page with a fight under way, its state module and where that module decodes the fight.
PAGES: dict[str, tuple[Callable[[], Model], ModuleType, str]] = {
    "aftermath": (aftermath_fight, aftermath_state, "fight_from_json"),
    "gurps": (gurps_fight, gurps_state, "fight_from_json"),
    "percentile": (percentile_fight, percentile_state, "fight_from_json"),
    "simply": (_simply_fight, simply_state, "core.combat_from_json"),
}


def another_app(model: Model) -> Model:
    """A second app showing the same saved objects (the same history), as a second page or test
    in the same interpreter would: everything of ``model``'s value, nothing it remembered."""
    return Model(model.history, model.route, model.route_arg, model.ui, model.env, model.banners)


@pytest.mark.parametrize("page", sorted(PAGES))
def test_a_fight_remembered_by_one_app_is_not_recalled_by_another(
    page: str, monkeypatch: Any
) -> None:
    made, owner, decoder = PAGES[page]
    first = made()
    decoded = count_decodes(monkeypatch, owner, decoder)
    shell.view(first)
    decoded.clear()
    shell.view(first)
    assert decoded == [], "the app that read the fight remembers it"
    second = another_app(first)
    shell.view(second)
    assert len(decoded) == 1, f"the second app decoded the fight {len(decoded)} times, not once"
    decoded.clear()
    shell.view(first)
    assert decoded == [], "the first app still remembers its own read"


def _modules() -> list[ModuleType]:
    """Every module of the web layer but the browser glue (it imports ``js``)."""
    names = [m.name for m in pkgutil.walk_packages(rkweb.__path__, "rkweb.")]
    return [importlib.import_module(n) for n in names if n != "rkweb.app.browser"]


def test_no_module_of_the_web_layer_holds_a_memo() -> None:
    held = [
        f"{module.__name__}.{name}"
        for module in _modules()
        for name, value in vars(module).items()
        if isinstance(value, Memo)
    ]
    assert held == []
