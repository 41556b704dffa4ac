"""The build's dataclass methods (rkweb.app.precompiled, issue 33): a first start takes them
instead of compiling, and a class it has no code for is made as Python makes it."""

from __future__ import annotations
import __future__

import dataclasses
import marshal
from collections.abc import Iterator

import pytest
from rkweb.app import precompiled


@pytest.fixture(autouse=True)
def _released() -> Iterator[None]:
    yield
    precompiled.release()
    assert "exec" not in vars(dataclasses)


def make_point() -> type:
    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: str = "a"
        tags: tuple[str, ...] = ()

    return Point


def make_other() -> type:
    @dataclasses.dataclass
    class Other:
        name: str
        items: list[int] = dataclasses.field(default_factory=list)

    return Other


def test_a_class_recorded_by_the_build_takes_its_code_and_works_as_compiled() -> None:
    with precompiled.recording() as codes:
        make_point()
    assert codes and "exec" not in vars(dataclasses)
    # Through marshal, as the build ships them.
    lookup = precompiled.install(marshal.loads(marshal.dumps(codes)))
    assert lookup is not None
    point = make_point()
    assert lookup.compiled == 0 and lookup.found == len(codes)
    one, two = point(1), point(1, "a", ())
    assert (
        one == two and hash(one) == hash(two) and repr(one).endswith("Point(x=1, y='a', tags=())")
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.x = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        point()


def test_a_class_the_build_did_not_see_is_compiled_and_counted() -> None:
    with precompiled.recording() as codes:
        make_point()
    lookup = precompiled.install(codes)
    assert lookup is not None
    other = make_other()
    assert lookup.compiled >= 1 and lookup.found == 0
    made = other("a")
    assert made.items == [] and made == other("a", []) and made.items is not other("a").items


def test_release_gives_the_look_up_back_once_and_python_compiles_again() -> None:
    lookup = precompiled.install({"no such source": compile("", "<string>", "exec")})
    assert precompiled.release() is lookup
    assert precompiled.release() is None
    assert "exec" not in vars(dataclasses)
    assert make_other()("b").name == "b"


def test_nothing_is_installed_without_codes() -> None:
    # A source checkout ships none: the classes compile as Python does.
    assert precompiled.shipped_codes() == {}
    assert precompiled.install() is None
    assert "exec" not in vars(dataclasses)


def test_recorded_codes_do_not_take_this_modules_future_imports() -> None:
    # dataclasses has no __future__ imports; annotations in its methods stay evaluated.
    with precompiled.recording() as codes:
        make_point()
    for code in codes.values():
        assert not code.co_flags & __future__.annotations.compiler_flag


def test_the_idle_steps_find_their_own_codes_and_the_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A class of the idle steps whose methods' source is a start class's (every message
    without fields shares one) is in the start's file only: 102 of them compiled without it."""
    with precompiled.recording() as start:
        make_point()
    with precompiled.recording() as later:
        make_other()
    files = {
        precompiled.CODES_FILE: marshal.dumps(start),
        precompiled.IDLE_CODES_FILE: marshal.dumps(precompiled.chunked(later, 1)),
    }
    monkeypatch.setattr(precompiled.pkgutil, "get_data", lambda package, name: files[name])
    lookup = precompiled.install_idle()
    assert lookup is not None
    make_point(), make_other()
    assert (lookup.found, lookup.compiled) == (len(start) + len(later), 0)


def test_later_codes_are_read_a_chunk_at_a_time_as_classes_need_them() -> None:
    # A chunk a class (Python 3.13 on makes a class's methods from one source; 3.11 from one a
    # method): the second class's chunk is read only when it is made.
    with precompiled.recording() as first:
        make_point()
    with precompiled.recording() as second:
        make_other()
    chunks = [*precompiled.chunked(first, len(first)), *precompiled.chunked(second, len(second))]
    lookup = precompiled.install({}, chunks)
    assert lookup is not None
    make_point()
    assert (len(lookup.later), lookup.found, lookup.compiled) == (1, len(first), 0)
    make_other()
    assert (len(lookup.later), lookup.found, lookup.compiled) == (0, len(first) + len(second), 0)


def test_a_source_in_no_chunk_reads_them_all_then_compiles() -> None:
    with precompiled.recording() as codes:
        make_point()
    lookup = precompiled.install({}, precompiled.chunked(codes, 1))
    assert lookup is not None
    make_other()
    assert lookup.later == [] and lookup.compiled >= 1
