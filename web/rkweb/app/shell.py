"""The app shell around every page: navigation, undo/redo, banners; and message routing."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

from pycore.store.history import LABEL_LIMIT, Change, short_label
from rkweb.app import idle
from rkweb.app.messages import (
    SHELL,
    Action,
    Message,
    UnknownMessage,
    check,
    handle,
    handlers,
    send,
    split,
)
from rkweb.app.model import Banner, Ctx, Model
from rkweb.app.registry import FEATURES, ROUTES, Feature, feature, owner
from rkweb.app.vdom import VNode, h, text_of
from rkweb.kit.folds import Fold, folds_opened
from rkweb.kit.results import ShowLog, logs_shown_all


def route_of(hash_text: str) -> str:
    """``#/dice`` → ``dice``; anything unknown goes to the dice page.

    >>> route_of("#/settings"), route_of(""), route_of("#/nope")
    ('settings', 'dice', 'dice')
    """
    return route_parts(hash_text)[0]


def route_parts(hash_text: str) -> tuple[str, str]:
    """The route and what follows it: ``#/share/1.abc`` → ``("share", "1.abc")``.

    >>> route_parts("#/share/1.abc"), route_parts("#/nope/x")
    (('share', '1.abc'), ('dice', ''))
    """
    name, _, rest = hash_text.lstrip("#").strip("/").partition("/")
    return (name, rest) if name in ROUTES else ("dice", "")


def hash_of(model: Model) -> str:
    """The address fragment that shows ``model``'s page (the glue keeps the address in step)."""
    return f"#/{model.route}/{model.route_arg}" if model.route_arg else f"#/{model.route}"


#: ``model.ui`` key: the test ids of the logs drawn whole ("Show all", :func:`log_list`).
LOGS_SHOWN_ALL = "logs_shown_all"
#: ``model.ui`` key: the folds the user opened or closed (``shell.fold``, :mod:`rkweb.kit.folds`),
#: with the page and tab they were opened on: another page or tab forgets them.
FOLDS = "folds"


def _where(model: Model) -> tuple[str, str]:
    """The page and its tab (each system's page keeps its tab as ``<route>_tab``)."""
    return model.route, str(model.ui.get(f"{model.route}_tab"))


def _folds(model: Model) -> dict[str, bool]:
    where, opened = model.ui.get(FOLDS) or (None, {})
    return dict(opened) if where == _where(model) else {}


def page_view(model: Model) -> VNode:
    page = feature(model.route) or FEATURES[0]
    with logs_shown_all(model.ui.get(LOGS_SHOWN_ALL, ())), folds_opened(_folds(model)):
        return page.view(model)


UNDO_LABEL_CHARS = 40
#: What an Undo or Redo button shows after its verb: the step in a few whole words, so that
#: both buttons fit the bar at 768x1024 (a GM's play-through found "Undo: …" cut off and Redo
#: saying nothing of its step). The whole step is the button's accessible name and title.
UNDO_SHOWN_CHARS = 20
#: At a tablet's width (740 px and more) the bar beside the brand holds about this many
#: characters of the two buttons' words together, verbs included (569 px at 768, some 11 px a
#: character of its bold type, 80 px of padding): Undo shows more of its step there when Redo
#: says little ("Undo: Attack roll: Cy →…" was cut with 300 px of the bar empty beside it).
BAR_CHARS = 40


def _few_words(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters at a word's end, with "…" when cut.

    >>> _few_words("Grukk the Orc's attack on Ana", 16), _few_words("Next turn", 20)
    ("Grukk the Orc's…", 'Next turn')
    """
    if len(text) <= limit:
        return text
    cut = text[:limit]  # one more than is kept: a space there ends the last word kept
    space = cut.rfind(" ")
    kept = cut[:space] if space > 0 else text[: limit - 1]
    return kept.rstrip(" ,;:·—") + "…"


def step_label(model: Model, change: Change | None, limit: int = UNDO_LABEL_CHARS) -> str | None:
    """An undo or redo step's label, naming its page when it is not this one (issue 16: undo on
    the Percentile page offered an Aftermath step without saying so); the label is cut to
    ``limit`` characters, page included, at a word's end."""
    if change is None:
        return None
    pages = sorted({f.label for f in map(owner, change.ops) if f is not None})
    here = feature(model.route)
    where = (
        f" (on {', '.join(pages)})" if pages and (here is None or here.label not in pages) else ""
    )
    return _few_words(" ".join(change.label.split()), max(limit - len(where), 8)) + where


def _step_button(
    model: Model,
    testid: str,
    verb: str,
    msg: Message,
    change: Change | None,
    room: int = UNDO_SHOWN_CHARS,
) -> VNode:
    """Undo or Redo: the verb and its step in a few words; the whole step for a screen reader
    and under the pointer (its title). With ``room`` for more than a phone's few words, the
    step in up to ``room`` characters too, which the stylesheet shows at a tablet's width in
    place of the few."""
    full = step_label(model, change, LABEL_LIMIT)
    said = f"{verb}: {full}" if full else f"Nothing to {verb.lower()}"
    shown = step_label(model, change, UNDO_SHOWN_CHARS)
    wide = step_label(model, change, max(room, UNDO_SHOWN_CHARS))
    words: tuple[VNode | str, ...] = (f"{verb}: {shown}" if shown else verb,)
    if wide != shown:
        words = (
            h("span", {"class": "step-few"}, f"{verb}: {shown}"),
            h("span", {"class": "step-wide"}, f"{verb}: {wide}"),
        )
    return h(
        "button",
        {
            "type": "button",
            "class": "secondary",
            "data-testid": testid,
            "on_click": msg,
            "disabled": change is None,
            "title": said,
            "aria-label": said,
        },
        *words,
    )


def _undone(before: Model, model: Model, verb: str, label: str | None) -> Model:
    """After undo or redo: say so when part of the step had changed since and was kept. On a
    page that marks the entries typed since a step, those entries are the places changed since,
    and the page does not keep them (an undo sets them aside, a redo gives them back): the page
    says what the undo or redo gave back instead (a GM undid "Next Action Phase" after picking
    another attacker, read "was kept as it is", and saw the first attacker back)."""
    banners = model.banners_without("undo")
    if model.history.skipped and label:
        stack = model.history.redo_stack if verb == "Undo" else model.history.undo_stack
        pages = {f for f in map(owner, stack[-1].ops if stack else ()) if f is not None}
        said = [s for f in sorted(pages, key=lambda f: f.route) if (s := f.restored(before, model))]
        text = f"{verb} “{short_label(label, UNDO_LABEL_CHARS)}”: " + (
            " ".join(said)
            if said
            else "part of it had changed since (later, or in another tab) and was kept as it is."
        )
        banners = (*banners, Banner("undo", text))
    return replace(model, banners=banners)


# The shell's messages: undo and redo, the address, the banners, a log drawn whole.
class Undo(Message, action="shell.undo"):
    """Undo the last step."""


class Redo(Message, action="shell.redo"):
    """Redo the step undone last."""


class Route(Message, action="shell.route"):
    """The address changed (the glue sends it): show the page of ``hash``."""

    hash: str


class DismissBanner(Message, action="shell.dismiss_banner"):
    """Close the banner at ``index``."""

    index: int


def _undo(model: Model, msg: Undo, ctx: Ctx) -> Model:
    label = model.history.undo_label
    return _undone(model, replace(model, history=model.history.undo()), "Undo", label)


def _redo(model: Model, msg: Redo, ctx: Ctx) -> Model:
    label = model.history.redo_label
    return _undone(model, replace(model, history=model.history.redo()), "Redo", label)


def _route(model: Model, msg: Route, ctx: Ctx) -> Model:
    route, arg = route_parts(msg.hash)
    moved = replace(model, route=route, route_arg=arg)
    if route != model.route:
        moved = _without_undo_banner(moved)  # it spoke of the page left, not this one
    return _forgetting_folds(model, moved)


def _without_undo_banner(model: Model) -> Model:
    """The model without the banner an undo or redo raised: it speaks of that step only (a GM
    saw "Undo “Mara hits Cy” … Redo gives it back" two rounds later, and on another system's
    page, where Redo had long been gone)."""
    if not any(b.kind == "undo" for b in model.banners):
        return model
    return replace(model, banners=model.banners_without("undo"))


def _show_log(model: Model, msg: ShowLog, ctx: Ctx) -> Model:
    shown = set(model.ui.get(LOGS_SHOWN_ALL, ()))
    (shown.add if msg.whole else shown.discard)(msg.testid)
    return model.with_ui(**{LOGS_SHOWN_ALL: frozenset(shown)})


def _fold(model: Model, msg: Fold, ctx: Ctx) -> Model:
    return model.with_ui(**{FOLDS: (_where(model), {**_folds(model), msg.key: msg.opened})})


def _dismiss_banner(model: Model, msg: DismissBanner, ctx: Ctx) -> Model:
    index = msg.index
    return replace(model, banners=model.banners[:index] + model.banners[index + 1 :])


#: The shell's own messages' handlers, keyed by their class's action: ``SHELL_ACTIONS``.
HANDLERS = handlers(_undo, _redo, _route, _show_log, _fold, _dismiss_banner)
SHELL_ACTIONS = frozenset(HANDLERS)


def update(model: Model, msg: Action, ctx: Ctx) -> Model:
    """Apply one message: the shell's own, or the feature it names (see ``messages``)."""
    name, _ = split(msg)
    if name == SHELL:
        return handle(HANDLERS, model, msg, ctx)
    page = feature(name)
    if page is None:
        raise UnknownMessage(f"no feature takes {msg!r}")
    check(msg, page.actions())
    after = page.update(model, msg, ctx)
    if after.history.undo_stack is not model.history.undo_stack:
        after = _without_undo_banner(after)  # a new step: the redo it promised is gone
    return _forgetting_folds(model, after)


def _forgetting_folds(before: Model, after: Model) -> Model:
    """Another page or tab: the folds opened on this one are forgotten (drawn afresh, closed)."""
    if after.ui.get(FOLDS) is not None and _where(after) != _where(before):
        return after.with_ui(**{FOLDS: None})
    return after


def _banners(model: Model) -> list[VNode]:
    return [
        h(
            "div",
            {
                "class": f"banner banner-{b.kind}",
                "role": "alert",
                "data-testid": f"banner-{b.kind}",
            },
            h("p", {}, b.text),
            h(
                "div",
                {"class": "row"},
                h(
                    "button",
                    {"type": "button", "class": "primary", "on_click": send("app", "export")},
                    "Export all data",
                )
                if b.offer_export
                else None,
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary",
                        "data-testid": "update-reload",
                        "on_click": send("app", "reload"),
                    },
                    "Reload",
                )
                if b.offer_reload
                else None,
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "secondary",
                        "on_click": DismissBanner(index),
                    },
                    "Dismiss",
                ),
            ),
        )
        for index, b in enumerate(model.banners)
    ]


def view(model: Model) -> VNode:
    page = feature(model.route)
    if page is not None and not page.in_nav:
        # A page for another screen (the players' view): no navigation, no undo, nothing to tap.
        return h("div", {"class": "shell bare"}, h("main", {"id": "main"}, page_view(model)))
    history = model.history
    nav = h(
        "nav",
        {"class": "nav", "aria-label": "Main"},
        h(
            "ul",
            {},
            *[
                h(
                    "li",
                    {},
                    h(
                        "a",
                        {
                            "href": f"#/{f.route}",
                            "data-testid": f"nav-{f.route}",
                            "aria-current": "page" if model.route == f.route else None,
                        },
                        f.label,
                    ),
                )
                for f in FEATURES
                if f.in_nav
            ],
        ),
    )
    redo = _step_button(
        model, "redo", "Redo", Redo(), history.redo_stack[-1] if history.redo_stack else None
    )
    # Undo takes the bar's room that Redo's few words leave (BAR_CHARS).
    room = BAR_CHARS - len(text_of(redo)) - len("Undo: ")
    undo = _step_button(
        model, "undo", "Undo", Undo(), history.undo_stack[-1] if history.undo_stack else None, room
    )
    tools = h("div", {"class": "tools"}, undo, redo)
    return h(
        "div",
        {"class": "shell"},
        h("header", {"class": "top"}, h("h1", {"class": "brand"}, "Rulekeeper"), tools),
        nav,
        h("div", {"class": "banners"}, *_banners(model)),
        h("main", {"id": "main"}, page_view(model)),
    )


def first_views(
    model_of: Callable[[], Model],
    order: Sequence[str] = (),
    slices: idle.Slices | None = None,
    loads: idle.Loads | None = None,
) -> list[Callable[[], object]]:
    """Each system's page drawn once, unseen, in idle time after start: its rules imported one
    module per step (a tap waits for one at most) and its tables read before its first tap,
    which otherwise waits for all of it (issue 20: Simply's first visit took 336 ms at 1x CPU
    and 833 ms at 4x on a first start). With the build's recorded ``order`` of those imports
    (:mod:`rkweb.app.idle`), each step runs one module's body; without it, one page's module
    and whatever it imports that is not loaded yet. A sliced package's statements load what
    each imports a module per step first (``loads``: tomllib's, its parser and its regular
    expressions, ran in one step)."""
    pages = [f for f in FEATURES if f.system]
    if order:
        views = [partial(_draw_unseen, f, model_of) for f in pages]
        return [partial(idle.import_next, order, 0, slices, loads), *views]
    return [partial(_page_steps, f, model_of) for f in pages]


def idle_steps(
    model_of: Callable[[], Model], between: Sequence[Callable[[], object]] = ()
) -> list[Callable[[], object]]:
    """The idle time's imports and unseen drawings after a start, in the page's order: icepool's
    import, ``between`` (the page's: the saved expression's odds), then each system's page
    drawn once (:func:`first_views`). The page runs them (rkweb.app.browser.start), and the
    build runs the same list to make their classes' methods (tools/dataclass_codes.py).

    The build's files that order them (rkweb.app.idle: the order, the sliced statements and
    what each loads) are read by the first step, not at start: their 63 KB, read and
    unmarshalled (1 ms in node), came before ready."""
    return [partial(shipped_steps, model_of, between)]


def shipped_steps(
    model_of: Callable[[], Model], between: Sequence[Callable[[], object]]
) -> list[Callable[[], object]]:
    """:func:`idle_steps`' first: the steps in the order the build shipped."""
    order, slices, loads = idle.shipped_order(), idle.shipped_slices(), idle.shipped_loads()
    cut = order.index("icepool") + 1 if "icepool" in order else 0
    icepool = idle.package_steps(order[:cut], "icepool", slices, loads)
    return [*icepool, *between, *first_views(model_of, order[cut:], slices, loads)]


def idle_roots() -> list[str]:
    """What the idle steps import, in their order: icepool (the odds), then each system page's
    rules and page modules; tools/pycompile.py records the order Python loads them in."""
    pages = [f for f in FEATURES if f.system]
    return ["icepool", *(name for page in pages for name in _page_modules(page))]


def _draw_unseen(page: Feature, model_of: Callable[[], Model]) -> object:
    return page.view(model_of())


def _page_steps(page: Feature, model_of: Callable[[], Model]) -> list[Callable[[], object]]:
    names = _page_modules(page)
    return [
        *(partial(importlib.import_module, n) for n in names),
        partial(_draw_unseen, page, model_of),
    ]


def _page_modules(page: Feature) -> list[str]:
    return [*_modules(f"pycore.systems.{page.route}"), *_modules(page.module.rpartition(".")[0])]


def _modules(package: str, paths: list[str] | None = None) -> list[str]:
    """Every module under ``package``, found without importing any (walk_packages would import
    each subpackage: Simply's fight package alone is 8 modules, 190 ms in one step)."""
    if paths is None:
        spec = importlib.util.find_spec(package)
        paths = list(spec.submodule_search_locations or []) if spec else []
    names: list[str] = []
    for found in pkgutil.iter_modules(paths):
        name = f"{package}.{found.name}"
        names.append(name)
        if found.ispkg:
            names += _modules(name, [f"{path}/{found.name}" for path in paths])
    return names
