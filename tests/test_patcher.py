"""The DOM patcher (``rkweb.app.patcher``, issue 30 item 3) against a small fake DOM: after any
patch the page shows exactly the new tree, and a change touches only the nodes that changed."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from rkweb.app.patcher import create, follow, patch
from rkweb.app.vdom import Child, VNode, h


class FakeNodes:
    def __init__(self, owner: FakeElement) -> None:
        self.owner = owner

    def item(self, index: int) -> Any:
        return self.owner.children[index]

    @property
    def length(self) -> int:
        return len(self.owner.children)


class FakeNode:
    """What the patcher uses of a DOM node, and a count of the changes made to the page."""

    def __init__(self, doc: FakeDocument) -> None:
        self.ownerDocument = doc
        self.parent: FakeElement | None = None

    def remove(self) -> None:
        self.ownerDocument.changes += 1
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None

    def replaceWith(self, other: FakeNode) -> None:
        self.ownerDocument.changes += 1
        parent = self.parent
        assert parent is not None
        parent.children[parent.children.index(self)] = other
        other.parent, self.parent = parent, None


class FakeText(FakeNode):
    def __init__(self, doc: FakeDocument, text: str) -> None:
        super().__init__(doc)
        self._text = text

    @property
    def nodeValue(self) -> str:
        return self._text

    @nodeValue.setter
    def nodeValue(self, text: str) -> None:
        self.ownerDocument.changes += 1
        self._text = text


class FakeElement(FakeNode):
    def __init__(self, doc: FakeDocument, tag: str) -> None:
        super().__init__(doc)
        self.tagName = tag.upper()
        self.attrs: dict[str, str] = {}
        self.children: list[FakeNode] = []
        self.value = ""
        self.disabled = False
        self.checked = False

    @property
    def childNodes(self) -> FakeNodes:
        return FakeNodes(self)

    @property
    def firstChild(self) -> FakeNode:
        return self.children[0]

    def setAttribute(self, name: str, value: str) -> None:
        self.ownerDocument.changes += 1
        self.attrs[name] = value

    def removeAttribute(self, name: str) -> None:
        self.ownerDocument.changes += 1
        self.attrs.pop(name, None)

    def querySelector(self, selector: str) -> Any:
        """Only what ``follow`` asks: the first option marked selected, its value read as the
        DOM's ``option.value`` reads it (the attribute)."""
        assert selector == "option[selected]"
        for child in self.children:
            if isinstance(child, FakeElement):
                if child.tagName == "OPTION" and "selected" in child.attrs:
                    return SimpleNamespace(value=child.attrs.get("value", ""))
                found = child.querySelector(selector)
                if found is not None:
                    return found
        return None

    def appendChild(self, child: FakeNode) -> None:
        self.ownerDocument.changes += 1
        if child.parent is not None:
            child.parent.children.remove(child)
        self.children.append(child)
        child.parent = self

    def insertBefore(self, child: FakeNode, anchor: FakeNode) -> None:
        self.ownerDocument.changes += 1
        self.children.insert(self.children.index(anchor), child)
        child.parent = self

    def replaceChildren(self, *children: FakeNode) -> None:
        self.ownerDocument.changes += 1
        self.children = list(children)
        for child in children:
            child.parent = self


class FakeDocument:
    def __init__(self) -> None:
        self.changes = 0

    def createTextNode(self, text: str) -> FakeText:
        return FakeText(self, text)

    def createElement(self, tag: str) -> FakeElement:
        return FakeElement(self, tag)

    def createElementNS(self, namespace: str, tag: str) -> FakeElement:
        return FakeElement(self, tag)


def shown(node: FakeNode) -> Any:
    """What the fake page shows, in a form comparable with a view tree."""
    if isinstance(node, FakeText):
        return node.nodeValue
    assert isinstance(node, FakeElement)
    attrs = dict(node.attrs)
    if node.tagName not in ("OPTION",) and "value" in attrs:
        attrs.pop("value")
    return (node.tagName.lower(), attrs, node.value, [shown(c) for c in node.children])


class Kept:
    """A field whose value attribute went away keeps what it showed (the user's typing): the
    patcher never clears a live value, so any value matches."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, str)

    __hash__ = None  # type: ignore[assignment]


def expected(node: Child) -> Any:
    if isinstance(node, str):
        return node
    attrs = dict(node.attrs)
    value = attrs.pop("value", Kept()) if node.tag != "option" else ""
    if node.tag == "option" and "value" in dict(node.attrs):
        attrs["value"] = dict(node.attrs)["value"]
    return (node.tag, attrs, value, [expected(c) for c in node.children])


def mounted(tree: VNode) -> tuple[FakeDocument, FakeElement]:
    doc = FakeDocument()
    root = doc.createElement("main")
    root.appendChild(create(doc, tree))
    doc.changes = 0
    return doc, root


def test_a_new_log_entry_on_top_touches_only_it() -> None:
    """Keyed children (a log): prepending one entry is one insertion, not a redraw."""
    old = h("ol", {}, *[h("li", {"data-key": str(i)}, f"line {i}") for i in range(30)])
    new = h("ol", {}, h("li", {"data-key": "new"}, "line new"), *old.children)
    doc, root = mounted(old)
    patch(root.firstChild, old, new)
    assert shown(root.firstChild) == expected(new)
    assert doc.changes <= 3


def test_a_field_keeps_what_the_user_typed_when_its_value_is_unchanged() -> None:
    old = h("input", {"value": "12", "data-testid": "x"})
    _, root = mounted(old)
    field = root.firstChild
    assert isinstance(field, FakeElement)
    patch(field, old, h("input", {"value": "12", "data-testid": "x", "disabled": True}))
    assert field.value == "12" and field.disabled and "disabled" in field.attrs


def test_a_refused_field_keeps_what_was_typed_until_its_value_changes() -> None:
    """A sheet refused IQ '1x': its view is the saved 10 with the error, and the field showed 10
    again, so the player typed the whole entry anew. The typed text stays while the view's
    value is the one it had; a new value (an undo, another tab's) is shown."""
    view = h("input", {"value": "10", "aria-invalid": "false"})
    _, root = mounted(view)
    field = root.firstChild
    assert isinstance(field, FakeElement)
    field.value = "1x"  # typed, then refused
    refused = h("input", {"value": "10", "aria-invalid": "true"})
    patch(field, view, refused)
    assert field.value == "1x" and field.attrs["aria-invalid"] == "true"
    patch(field, refused, h("input", {"value": "12", "aria-invalid": "true"}))
    assert field.value == "12"
    field.value = "1y"
    patch(field, refused, h("input", {"value": "10", "aria-invalid": "false"}))
    assert field.value == "10"  # taken back to the saved value once no error is shown


def _picker(chosen: str) -> VNode:
    options = (("", "— choose —"), ("c1", "Ann"), ("c2", "Bob"))
    return h(
        "select",
        {"id": "add"},
        *[h("option", {"value": v, "selected": v == chosen}, t) for v, t in options],
    )


def test_a_select_shows_the_option_its_view_marks_selected() -> None:
    """The Percentile set-up's "Add a character" select: after a pick the view is the same
    (back to "— choose —"), so no patch touches it and the browser kept showing the name just
    added. ``follow`` (the glue calls it after a select's change) shows the view's option; a
    patch of a select's options does too (a picked select no longer follows its attribute)."""
    view = _picker("")
    _, root = mounted(view)
    select = root.firstChild
    assert isinstance(select, FakeElement)
    select.value = "c1"  # the GM's pick, made by the browser
    patch(select, view, view)
    assert select.value == "c1"  # nothing changed in the view: the patch leaves it
    follow(select)
    assert select.value == ""
    select.value = "c2"
    patch(select, view, _picker("c1"))  # the state's value is Ann now
    assert select.value == "c1"
    bare = h("select", {"id": "b"}, h("option", {"value": "x"}, "X"))
    _, other = mounted(bare)
    unmarked = other.firstChild
    assert isinstance(unmarked, FakeElement)
    unmarked.value = "x"
    follow(unmarked)  # no option marked selected: the browser's stays
    assert unmarked.value == "x"


# Random view trees: a few tags, keyed or not, attributes, text.
TAGS = st.sampled_from(["div", "p", "span", "li", "option", "input", "button"])
TEXT = st.text(alphabet="abc ", max_size=4)
ATTRS = st.dictionaries(
    st.sampled_from(["class", "title", "value", "disabled", "data-testid"]),
    st.one_of(TEXT, st.just(True)),
    max_size=3,
)


def _trees(children: st.SearchStrategy[list[Child]]) -> st.SearchStrategy[VNode]:
    return st.builds(lambda tag, attrs, kids: h(tag, attrs, *kids), TAGS, ATTRS, children)


TREES = st.recursive(
    _trees(st.just([])),
    lambda inner: _trees(st.lists(st.one_of(TEXT.filter(bool), inner), max_size=4)),
    max_leaves=12,
)
KEYED = st.lists(st.integers(0, 8), unique=True, max_size=8).map(
    lambda keys: h("ul", {}, *[h("li", {"data-key": str(k)}, f"entry {k}") for k in keys])
)


@given(TREES, TREES)
def test_any_patch_shows_exactly_the_new_tree(old: VNode, new: VNode) -> None:
    _, root = mounted(h("div", {}, old))
    patch(root.firstChild, h("div", {}, old), h("div", {}, new))
    assert shown(root.firstChild) == expected(h("div", {}, new))


@given(KEYED, KEYED)
def test_any_keyed_patch_shows_exactly_the_new_list(old: VNode, new: VNode) -> None:
    _, root = mounted(old)
    patch(root.firstChild, old, new)
    assert shown(root.firstChild) == expected(new)
