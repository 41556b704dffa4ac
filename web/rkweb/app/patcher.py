"""The DOM patcher: make the page show a new view tree by touching only what changed.

It needs no browser: it works on any object with the DOM's few methods (``createElement``,
``setAttribute``, ``childNodes.item``, ``replaceWith``, ...), so ``tests/test_patcher.py`` checks
it against a small fake DOM, and ``app/browser.py`` hands it the page's ``document``.
"""

from __future__ import annotations

import json
from typing import Any

from rkweb.app.storage import absent
from rkweb.app.vdom import SVG_TAGS, Child, VNode, same_element

SVG_NS = "http://www.w3.org/2000/svg"


def _set_attr(el: Any, name: str, value: str) -> None:
    if name == "value":
        # The attribute for <option> (whose value otherwise falls back to its text), the live
        # property for fields, set only when it differs so the caret does not jump.
        if str(el.tagName) == "OPTION":
            el.setAttribute("value", value)
        elif el.value != value:
            el.value = value
        return
    el.setAttribute(name, value)
    if name in ("disabled", "checked"):
        setattr(el, name, True)


def _remove_attr(el: Any, name: str) -> None:
    if name == "value" and str(el.tagName) != "OPTION":
        return  # a field keeps what the user typed; an option's value is its attribute
    el.removeAttribute(name)
    if name in ("disabled", "checked"):
        setattr(el, name, False)


def follow(el: Any) -> None:
    """A select shows the option its view marks ``selected`` (the state's value), not the one
    the browser kept: after a pick the view may be unchanged (an "Add a character" select goes
    back to "— choose —"), so no patch touches it, and a pick also leaves the browser ignoring
    later changes of the ``selected`` attribute. Called after a select is changed or patched."""
    chosen = el.querySelector("option[selected]")
    if absent(chosen):  # the view marks none: the browser's first option, as created
        return
    wanted = str(chosen.value)
    if str(el.value) != wanted:
        el.value = wanted


#: A subtree this large is built by the page's ``document.rkBuild`` (web/build-dom.js) from its
#: JSON in one call; a smaller one node by node (each node costs calls across the bridge).
BUILD_IN_ONE_CALL = 12


def spec(node: Child) -> Any:
    """``node`` as the JSON build-dom.js builds: a text, or ``[tag, [[name, value]...], [...]]``.

    >>> spec(VNode("p", (("class", "x"),), ("a", VNode("b", (), ("c",)))))
    ['p', [['class', 'x']], ['a', ['b', [], ['c']]]]
    """
    if isinstance(node, str):
        return node
    return [node.tag, [list(pair) for pair in node.attrs], [spec(c) for c in node.children]]


def _size(node: Child, limit: int) -> int:
    """How many nodes ``node`` holds, counted up to ``limit``."""
    if isinstance(node, str):
        return 1
    total = 1
    for child in node.children:
        total += _size(child, limit - total)
        if total >= limit:
            break
    return total


def create(doc: Any, node: Child) -> Any:
    """A new DOM node of ``doc`` showing ``node``."""
    if isinstance(node, str):
        return doc.createTextNode(node)
    builder = getattr(doc, "rkBuild", None)
    if builder is not None and _size(node, BUILD_IN_ONE_CALL) >= BUILD_IN_ONE_CALL:
        return builder(json.dumps(spec(node), ensure_ascii=False, separators=(",", ":")))
    el = (
        doc.createElementNS(SVG_NS, node.tag)
        if node.tag in SVG_TAGS
        else doc.createElement(node.tag)
    )
    for name, value in node.attrs:
        _set_attr(el, name, value)
    for child in node.children:
        el.appendChild(create(doc, child))
    return el


def _refused(old_attrs: dict[str, Any], new_attrs: dict[str, Any]) -> bool:
    """A field the new view marks invalid while its value is the one it had: the page refused
    what was typed and kept the saved value. Putting that value back would make the user type
    the whole entry again (the error beside it quotes the refused text); a value that did change
    (an undo, another tab) is shown."""
    return new_attrs.get("aria-invalid") == "true" and old_attrs.get("value") == new_attrs.get(
        "value"
    )


def patch(el: Any, old: Child, new: Child) -> Any:
    """Make ``el`` (rendered from ``old``) show ``new``; return the element now in its place."""
    if old == new:
        return el
    if isinstance(new, str) and isinstance(old, str):
        el.nodeValue = new
        return el
    if isinstance(new, str) or isinstance(old, str) or not same_element(old, new):
        fresh = create(el.ownerDocument, new)
        el.replaceWith(fresh)
        return fresh
    old_attrs, new_attrs = dict(old.attrs), dict(new.attrs)
    for name in old_attrs.keys() - new_attrs.keys():
        _remove_attr(el, name)
    for name, value in new_attrs.items():
        if name == "value" and _refused(old_attrs, new_attrs):
            continue  # the refused text stays in the field, to correct beside its error
        if old_attrs.get(name) != value or name == "value":
            _set_attr(el, name, value)
    if old.children != new.children:
        _patch_children(el, old.children, new.children)
        if new.tag == "select":
            follow(el)
    return el


def _keyed(children: tuple[Child, ...]) -> bool:
    keys = [c.key for c in children if isinstance(c, VNode)]
    return len(keys) == len(children) and None not in keys and len(set(keys)) == len(keys)


def _patch_children(el: Any, olds: tuple[Child, ...], news: tuple[Child, ...]) -> None:
    if olds and news and _keyed(olds) and _keyed(news):
        _patch_keyed(el, olds, news)
        return
    nodes = el.childNodes
    common = min(len(olds), len(news))
    changed = [i for i in range(common) if olds[i] != news[i]]
    refs = {i: nodes.item(i) for i in changed}
    for i in range(len(olds) - 1, common - 1, -1):
        nodes.item(i).remove()
    for i in changed:
        patch(refs[i], olds[i], news[i])
    for child in news[common:]:
        el.appendChild(create(el.ownerDocument, child))


def _patch_keyed(el: Any, olds: tuple[Child, ...], news: tuple[Child, ...]) -> None:
    # Only the children that changed, left or anchor an insertion touch the DOM: a roll that
    # prepends one log entry costs a handful of calls, not one per entry.
    old_index = {c.key: i for i, c in enumerate(olds) if isinstance(c, VNode)}
    new_keys = [c.key for c in news if isinstance(c, VNode)]
    surviving = [old_index[k] for k in new_keys if k in old_index]
    if surviving != sorted(surviving):
        el.replaceChildren(*[create(el.ownerDocument, c) for c in news])
        return
    keep = set(new_keys)
    removed = [i for i, c in enumerate(olds) if isinstance(c, VNode) and c.key not in keep]
    changed = [
        (old_index[c.key], c)
        for c in news
        if isinstance(c, VNode) and c.key in old_index and olds[old_index[c.key]] != c
    ]
    anchors: dict[int, int | None] = {}
    next_surviving: int | None = None
    for position in range(len(news) - 1, -1, -1):
        key = new_keys[position]
        if key in old_index:
            next_surviving = old_index[key]
        else:
            anchors[position] = next_surviving
    needed = set(removed) | {j for j, _ in changed} | {j for j in anchors.values() if j is not None}
    nodes = el.childNodes
    refs = {j: nodes.item(j) for j in needed}
    for j in removed:
        refs[j].remove()
    for j, child in changed:
        refs[j] = patch(refs[j], olds[j], child)
    for position, anchor in sorted(anchors.items()):
        fresh = create(el.ownerDocument, news[position])
        if anchor is None:
            el.appendChild(fresh)
        else:
            el.insertBefore(fresh, refs[anchor])
