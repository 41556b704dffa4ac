"""Issue 32, "done when": a fuzz over every saved field finds no value the store keeps that breaks
a page. Each system's sections are taken from a page in use (characters built, a fight under
way); one field anywhere in one section is replaced by another JSON value; when the store keeps
the result (it passes the section's codec, as a load or an import would check it), the pages
that read it must still draw every tab, without an exception.

Three parts: a random fuzz (any JSON value, anywhere), a deterministic sweep of every place with
a handful of hostile values, and the breaks found once, kept as fixed cases. A fourth test holds
the other side: every section the pages write in use passes its codec unchanged, so a codec is
never stricter than the pages (it would move a real user's data aside at the next start)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.registry import FEATURES
from test_aftermath_fight_screen import _fight as aftermath_in_use
from test_web_shape import (
    _a_chamber_explosion,
    _aftermath_in_use,
    gurps_fight,
    gurps_stunned,
    percentile_in_use,
    simply_in_use,
)

from pycore.store import History, default_data
from pycore.store.sections import SectionError, codec_for, join_sections, read_section
from pycore.systems.system import SYSTEM_KEYS

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

#: The sweep's values: nothing, empty text, a word, an object, a list, a huge number, a
#: negative one, true.
HOSTILE: tuple[Any, ...] = (None, "", "x", {"a": 1}, [1], 1e300, -1, True)


def in_use_models() -> Iterator[Model]:
    """Every page in use the shape tests build: the four systems, fights under way."""
    yield from (m for _, m in simply_in_use())
    yield from (m for _, m in percentile_in_use())
    yield from (gurps_stunned(), gurps_fight())
    yield from (_aftermath_in_use(), _a_chamber_explosion(_aftermath_in_use()), aftermath_in_use())


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


def places(value: Any, at: tuple[Any, ...] = (), entries: int = 3) -> Iterator[tuple[Any, ...]]:
    """Every place inside a value: each key of an object, each index of a list (its first
    ``entries``: a log's shape repeats)."""
    yield at
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from places(inner, (*at, key), entries)
    elif isinstance(value, list):
        for index, inner in enumerate(value[:entries]):
            yield from places(inner, (*at, index), entries)


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
def every_place(entries: int = 3) -> list[tuple[str, tuple[Any, ...]]]:
    state = in_use()
    return [(name, at) for name in sorted(state) for at in places(state[name], (), entries) if at]


def _reads(page: str, section: str) -> bool:
    """Whether the page at ``page`` reads ``section``: a system's page its own sections; the
    others (settings, share, the players' view...) any section."""
    return page not in SYSTEM_KEYS or section == page or section.startswith(f"{page}_")


def draw_pages(state: dict[str, Any], section: str | None = None) -> None:
    """Every route (or those that read ``section``) and every tab of each."""
    for page in FEATURES:
        if section is not None and not _reads(page.route, section):
            continue
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


def kept(name: str, at: tuple[Any, ...], new: Any) -> dict[str, Any] | None:
    """The whole state with ``new`` at ``at`` in section ``name``, as the store keeps it; None
    when the store refuses it (then in words naming the section)."""
    state = in_use()
    codec = codec_for(name)
    try:
        value = read_section(name, codec.version if codec else 1, replaced(state[name], at, new))
    except SectionError as refused:
        assert name in str(refused) and "Traceback" not in str(refused)
        return None
    return join_sections({**state, name: value})


def test_the_pages_in_use_draw_before_any_change() -> None:
    assert len(every_place()) > 200  # characters, fighters, logs of four systems
    assert {n.split("_")[0] for n, _ in every_place()} >= set(SYSTEM_KEYS)
    draw_pages(in_use())


def test_every_section_the_pages_write_in_use_passes_its_codec_unchanged() -> None:
    """A codec never stricter than the pages: each section of each page in use (and of every
    state its undo steps go back to) is read back as it is, so no user's data is moved aside."""
    seen = 0
    for model in in_use_models():
        history = model.history
        while True:
            for name, value in history.state.items():
                codec = codec_for(name)
                version = codec.version if codec else 1
                assert read_section(name, version, value) == value, name
                seen += 1
            if not history.undo_stack:
                break
            history = history.undo()
    assert seen > 100


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), new=json_values)
def test_a_value_the_store_keeps_never_breaks_a_page(data: st.DataObject, new: Any) -> None:
    name, at = data.draw(st.sampled_from(every_place()))
    state = kept(name, at, new)
    if state is not None:
        draw_pages(state, name)


SECTIONS = sorted({name for name, _ in every_place()})


#: Hostile values kept by the store drawn together, each at its own place of the section: the
#: sweep's draws cost a page each, and one draw for four keeps it within a minute. A group the
#: store refuses whole, or that breaks a page, is drawn again one value at a time.
TOGETHER = 4


def _apart(group: list[tuple[tuple[Any, ...], Any]]) -> bool:
    """No place of the group inside another's (each value replaces its own field)."""
    paths = [at for at, _ in group]
    return not any(a != b and a[: len(b)] == b for a in paths for b in paths)


def _drawn(name: str, group: list[tuple[tuple[Any, ...], Any]]) -> list[str]:
    """The changes of ``group`` that break a page, in words (none: every page drew)."""
    value = in_use()[name]
    for at, new in group:
        value = replaced(value, at, new)
    codec = codec_for(name)
    try:
        together = read_section(name, codec.version if codec else 1, value)
        draw_pages(join_sections({**in_use(), name: together}), name)
    except Exception:
        if len(group) == 1:
            at, new = group[0]
            return [f"{'.'.join(map(str, at))} = {new!r}"]
        return [said for one in group for said in _drawn(name, [one])]
    return []


@pytest.mark.parametrize("section", SECTIONS)
def test_every_place_refuses_or_draws_a_hostile_value(section: str) -> None:
    """Deterministic: each place of the section (a list's first entry stands for the rest) with
    each hostile value, refused by the store or drawn by every page that reads it."""
    changes = [
        (at, new)
        for name, at in every_place(entries=1)
        if name == section
        for new in HOSTILE
        if (state := kept(name, at, new)) is not None and state[name] != in_use()[name]
    ]
    stride = -(-len(changes) // TOGETHER)
    groups = [changes[start::stride] for start in range(stride)]
    broken = []
    for group in groups:
        parts = [group] if _apart(group) else [[one] for one in group]
        for part in parts:
            broken += _drawn(section, part)
    assert not broken, broken


#: The breaks the fuzz found (issue 32), each kind once: the place and the value. On the code
#: before the fix the store kept each of them and a page then failed to draw (or the store's
#: own read raised a Python error).
BREAKS: list[tuple[str, tuple[Any, ...], Any]] = [
    ("simply_combat", ("combat", "combatants", 0, "arms"), None),
    ("simply_combat", ("combat", "combatants", 0, "arms", 0, "name"), None),
    ("simply_combat", ("combat", "combatants", 0, "arms", 0, "skill"), {"a": 1}),
    ("simply_combat", ("combat", "combatants", 0, "arms", 0, "level"), -1),
    ("simply_combat", ("combat", "combatants", 0, "id"), "x"),
    ("simply_combat", ("combat", "taken"), -1),
    ("simply_combat", ("form", "attack", "target"), "x"),
    ("simply_combat", ("result",), None),
    ("simply_combat", ("result", "damage"), "x"),
    ("simply_combat", ("log", 0, "rules"), True),
    ("simply_characters", ("list", 0, "strength"), -1),
    ("gurps", ("step",), "x"),
    ("gurps", ("step", "target"), {"a": 1}),
    ("gurps", ("shown",), -1),
    ("gurps", ("shown", "why"), None),
    ("gurps", ("settings",), [1]),
    ("gurps", ("pending", "setup", "table_keys"), None),
    ("gurps", ("pending", "setup", "table_keys", 0), "x"),
    ("percentile", ("characters", 0), {"a": 1}),
    ("percentile", ("characters", 0, "ledger", "spent"), -1),
    ("percentile", ("combat", "turn"), True),
    ("percentile", ("combat", "order", "results"), None),
    ("percentile", ("combat", "order", "results", "Side A"), "x"),
    ("percentile", ("combat", "order", "order"), "x"),
    ("percentile", ("combat", "pending", "form"), -1),
    ("percentile", ("combat", "pending", "hit"), [1]),
    ("percentile", ("combat", "pending", "hit", "lines"), None),
    ("percentile", ("combat", "pending", "hit", "graze_roll"), True),
    ("aftermath", ("characters", 0, "skills", 0), {"a": 1}),
    ("aftermath", ("characters", 0, "damage", "lethal"), "x"),
    ("aftermath", ("characters", 1, "weapons", 0, "listed"), ""),
    ("aftermath", ("rolls", "ast"), None),
    ("aftermath", ("combat", "mode"), "x"),
]


@pytest.mark.parametrize(("name", "at", "new"), BREAKS, ids=lambda v: str(v))
def test_a_break_the_fuzz_found_is_refused_or_drawn(
    name: str, at: tuple[Any, ...], new: Any
) -> None:
    state = kept(name, at, new)
    if state is not None:
        draw_pages(state)


def test_an_aftermath_item_without_a_name_is_refused() -> None:
    """Found by the test above: the store kept ``[{}]`` as a character's inventory, and the
    Characters tab stopped on the item's missing name."""
    assert kept("aftermath", ("characters", 1, "inventory"), [{}]) is None
    assert kept("aftermath", ("characters", 1, "inventory"), [{"name": "rope", "enc": "1"}])


def test_an_aftermath_condition_the_sheet_cannot_read_is_refused() -> None:
    """Found by the test above: the store kept ``[{}]`` as a character's conditions, and the
    sheet stopped on the condition's missing start; a phase past 20 stopped it too."""
    where = ("characters", 1, "conditions")
    assert kept("aftermath", where, [{}]) is None
    assert kept("aftermath", where, [{"name": "Dazed", "start": [1, 21], "until": None}]) is None
    good = {"name": "Dazed", "start": [1, 2], "until": [2, 2], "rule": "AFT-21"}
    assert kept("aftermath", where, [good])


def test_a_body_part_kept_without_a_name_draws_every_page() -> None:
    """Found by the fuzz above: the store keeps any field of a Percentile body part (its shape is
    an open map), and the record's treatment form read each part's name with ``p["name"]``: a
    KeyError on the Characters tab, for the character shown first. A part without a name is not
    offered to heal."""
    state = kept("percentile", ("characters", 0, "parts"), [{"points": "5"}])
    assert state is not None, "the store keeps a part without a name"
    draw_pages(state, "percentile")
