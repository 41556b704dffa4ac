"""Issue 30, item 2: typed messages. A view builds a message class's value, the page writes it as
its action and fields, and the handler gets the same class back, each value of its declared type;
a message whose values do not fit its class is refused by name, never read by position."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rkweb.app.messages import BadMessage, Message, entered, handlers, read, split, wire
from rkweb.app.vdom import h, message_from
from rkweb.features.dice import page as dice


class Pick(Message, action="toy.pick"):
    index: int
    name: str
    loud: bool = False
    value: str = entered(default="")


def _pick(model: object, msg: Pick, ctx: object) -> Pick:  # type: ignore[misc]
    return msg


def test_a_typed_message_is_written_as_its_action_and_fields_without_the_entered_one() -> None:
    node = h("select", {"on_change": Pick(2, "Ann", True)})
    assert json.loads(node.attr("data-on-change") or "") == ["toy.pick", 2, "Ann", True]
    assert split(Pick(1, "x")) == ("toy", "pick")


@given(st.integers(-(10**6), 10**6), st.text(max_size=20), st.booleans(), st.text(max_size=20))
def test_what_the_page_writes_and_the_browser_appends_reads_back_as_the_same_message(
    index: int, name: str, loud: bool, typed: str
) -> None:
    raw = h("input", {"on_input": Pick(index, name, loud)}).attr("data-on-input") or ""
    msg = (*message_from(raw), typed)  # the glue appends the field's text
    assert read(Pick, msg) == Pick(index, name, loud, typed)


def test_the_table_is_keyed_by_the_message_class_and_hands_the_handler_its_class() -> None:
    table = handlers(_pick)  # type: ignore[arg-type]
    assert set(table) == {"pick"}
    assert table["pick"](None, ("toy.pick", "3", "Bo"), None) == Pick(3, "Bo")  # type: ignore[arg-type, comparison-overlap]
    assert table["pick"](None, Pick(4, "Cy"), None) == Pick(4, "Cy")  # type: ignore[arg-type, comparison-overlap]


class Go(Message, action="toy.go"):
    """A roll with the app's dice."""

    index: int


class GoTyped(Message, action="toy.go_typed"):
    """The same roll, as typed at the table."""

    index: int
    text: str = entered(default="")


def _go(model: object, msg: Go | GoTyped, ctx: object) -> Go | GoTyped:  # type: ignore[misc]
    return msg


def test_a_handler_annotated_with_a_union_is_keyed_under_each_class_and_reads_its_own() -> None:
    """Issue 30 item 2: one handler for both ways to roll a step; each action reads the
    message back as the class it arrived as (a tuple from the page or the typed value)."""
    table = handlers(_go)  # type: ignore[arg-type]
    assert set(table) == {"go", "go_typed"}
    assert table["go"](None, ("toy.go", "2"), None) == Go(2)  # type: ignore[arg-type, comparison-overlap]
    assert table["go_typed"](None, ("toy.go_typed", 2, "5 6 1"), None) == GoTyped(2, "5 6 1")  # type: ignore[arg-type, comparison-overlap]
    assert table["go_typed"](None, GoTyped(3, "12"), None) == GoTyped(3, "12")  # type: ignore[arg-type, comparison-overlap]
    with pytest.raises(ValueError, match=r"two handlers take toy\.go"):
        handlers(_go, _go)  # type: ignore[arg-type]


def test_a_union_written_as_types_not_text_is_read_too() -> None:
    """The same table when the annotation is the union itself (a module without postponed
    annotations), and a union with a non-message member is refused."""

    def go(model: object, msg: object, ctx: object) -> object:
        return msg

    go.__annotations__["msg"] = Go | GoTyped
    assert set(handlers(go)) == {"go", "go_typed"}  # type: ignore[arg-type]
    go.__annotations__["msg"] = Go | None
    with pytest.raises(TypeError, match="annotate msg"):
        handlers(go)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("msg", "words"),
    [
        (("toy.pick", "two", "Bo"), "Pick.index must be int, not 'two'"),
        (("toy.pick", 1, "Bo", "yes"), "Pick.loud must be true or false"),
        (("toy.pick", 1), "Pick: "),
        (["toy.pick", 1, "Bo"], "cannot be read from list"),
    ],
)
def test_a_message_that_does_not_fit_its_class_is_refused_by_name(msg: object, words: str) -> None:
    with pytest.raises(BadMessage, match=words):
        read(Pick, msg)


def test_a_handler_without_a_message_class_is_refused_when_the_table_is_made() -> None:
    def untyped(model: object, msg: tuple[object, ...], ctx: object) -> object:
        return model

    with pytest.raises(TypeError, match="annotate msg"):
        handlers(untyped)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="two handlers"):
        handlers(_pick, _pick)  # type: ignore[arg-type]


def test_the_dice_page_builds_its_messages_from_its_classes() -> None:
    assert wire(dice.Quick("3d6")) == ("dice.quick", "3d6")
    assert {"expr", "roll", "quick", "odds", "target", "seed", "clear_log"} == dice.ACTIONS


_BY_POSITION = re.compile(r"\bmsg\[|\blen\(msg\)")


def _reads_by_position() -> set[str]:
    web = Path(__file__).resolve().parent.parent / "web" / "rkweb"
    modules = [*sorted((web / "features").rglob("*.py")), web / "app" / "shell.py"]
    return {m.relative_to(web).as_posix() for m in modules if _BY_POSITION.search(m.read_text())}


def test_no_page_reads_a_message_by_position() -> None:
    """A handler reads its message's named fields (``msg.index``), never ``msg[1]`` or
    ``len(msg)``: the view and the handler agree through the class, not through a count."""
    assert _reads_by_position() == set()


def _tuple_messages() -> set[tuple[str, str]]:
    """The page messages the shared code (``kit``, ``app``) builds as tuples or with ``send``:
    ``(file, action)``; the glue's own effects (``app.*``) are not a page's and not counted, nor
    ``messages.py``, which defines how a message is written."""
    web = Path(__file__).resolve().parent.parent / "web" / "rkweb"

    def text(node: ast.expr) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.JoinedStr):  # f"{system}.tab"
            return "".join(v.value if isinstance(v, ast.Constant) else "x" for v in node.values)
        return None

    found = set()
    for path in sorted([*web.glob("kit/*.py"), *web.glob("app/*.py")]):
        if path.name == "messages.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            first = None
            if isinstance(node, ast.Tuple) and node.elts:
                first = text(node.elts[0])
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "send":
                first = ".".join(filter(None, (text(a) for a in node.args[:2])))
            if first and re.fullmatch(r"[a-z_]+\.[a-z_]+", first) and first[:4] != "app.":
                found.add((path.name, first))
    return found


def test_the_shared_code_builds_typed_messages() -> None:
    """Issue 30 item 2: the kit's tab bar, Share buttons and log list, and the glue's answers
    (the clipboard, an imported file, the players' view, the address, the first odds) build
    their message classes, so an IDE goes from the sender to the class and its handler."""
    assert _tuple_messages() == set()
