"""Issue 32, "done when": a fuzz over every saved field finds no value the store keeps that breaks
a page. Each system's sections are taken from a page in use (characters built, a fight under
way); one field anywhere in one section is replaced by an arbitrary JSON value; when the store
keeps the result (it passes the section's codec, as a load or an import would check it), every
route and every tab of the app must still draw, in words, without an exception."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.registry import FEATURES
from test_aftermath_fight_screen import _fight as aftermath_in_use
from test_web_shape import gurps_fight, percentile_in_use, simply_in_use

from pycore.store import History, default_data
from pycore.store.sections import SectionError, codec_for, join_sections, read_section

CTX = Ctx(now="2026-11-27T10:00:00+01:00", fresh_seed="fuzz32")

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**12), max_value=10**12)
    | st.floats(allow_nan=False, allow_infinity=False, width=32)
    | st.text(max_size=12),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.text(max_size=8), children, max_size=3),
    max_leaves=8,
)


@cache
def in_use() -> dict[str, Any]:
    """Every section as the four systems' pages leave it in use."""
    state: dict[str, Any] = dict(default_data())
    models = [
        [m for _, m in simply_in_use()][-1],
        [m for _, m in percentile_in_use()][-1],
        gurps_fight(),
        aftermath_in_use(),
    ]
    for model in models:
        for name, value in model.history.state.items():
            if value != default_data().get(name):
                state[name] = value
    return state


def places(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place inside a value: each key of an object, each index of a list."""
    yield at
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from places(inner, (*at, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:3]):  # the first entries: a log's shape repeats
            yield from places(inner, (*at, index))


def replaced(value: Any, at: tuple[Any, ...], new: Any) -> Any:
    if not at:
        return new
    head, *rest = at
    if isinstance(value, dict):
        return {**value, head: replaced(value[head], tuple(rest), new)}
    copy = list(value)
    copy[head] = replaced(copy[head], tuple(rest), new)
    return copy


@cache
def every_place() -> list[tuple[str, tuple[Any, ...]]]:
    state = in_use()
    return [(name, at) for name in sorted(state) for at in places(state[name]) if at]


def draw_every_page(state: dict[str, Any]) -> None:
    for page in FEATURES:
        model = Model(History.new(state), route=page.route)
        tree = shell.view(model)
        for node in _tabs(tree):
            shell.view(shell.update(model, node, CTX))


def _tabs(tree: Any) -> Iterator[tuple[object, ...]]:
    from rkweb.app.messages import split
    from rkweb.app.vdom import message_from

    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            continue
        raw = node.attr("data-on-click")
        if raw and split(message_from(raw))[1] == "tab":
            yield message_from(raw)
        stack.extend(node.children)


def test_the_pages_in_use_draw_before_any_change() -> None:
    assert len(every_place()) > 200  # characters, fighters, logs of four systems
    draw_every_page(in_use())


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), new=json_values)
def test_a_value_the_store_keeps_never_breaks_a_page(data: st.DataObject, new: Any) -> None:
    name, at = data.draw(st.sampled_from(every_place()))
    state = in_use()
    mutated = replaced(state[name], at, new)
    codec = codec_for(name)
    try:
        kept = read_section(name, codec.version if codec else 1, mutated)
    except SectionError:
        return  # refused in words by the store: never reaches a page
    draw_every_page(join_sections({**state, name: kept}))
