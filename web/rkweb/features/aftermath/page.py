"""Aftermath!-style BCS/DAT combat: the system page with five tabs — Characters, Rolls, Combat
(the attack worksheet), Reference (the reference tables) and Settings (the campaign's answers
where the text is silent). Every rule is computed by ``pycore.systems.aftermath``; the tabs
parse what is typed, call the core, and render its result values."""

from __future__ import annotations

from collections.abc import Callable

from rkweb.app.messages import Action, Message, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath import rolls, settings
from rkweb.features.aftermath.characters import update as characters_update
from rkweb.features.aftermath.characters import view as characters_view
from rkweb.features.aftermath.chosen import CHOSEN, kept_since
from rkweb.features.aftermath.combat import update as combat_update
from rkweb.features.aftermath.combat import view as combat_view
from rkweb.features.aftermath.combat.view import attack_words
from rkweb.features.aftermath.reference import update as reference_update
from rkweb.features.aftermath.reference import view as reference_view
from rkweb.features.aftermath.state import SECTION, state
from rkweb.kit import steps
from rkweb.kit.steps import step_count
from rkweb.kit.tabs import tab_bar

TABS = (
    ("characters", "Characters"),
    ("rolls", "Rolls"),
    ("combat", "Combat"),
    ("reference", "Reference"),
    ("settings", "Settings"),
)


class Tab(Message, action="aftermath.tab"):
    """Show one tab (the tab bar's button: ``kit.tabs`` writes the same message)."""

    tab: str


def _tab(model: Model, msg: Tab, ctx: Ctx) -> Model:
    return model.with_ui(aftermath_tab=msg.tab)


#: Each message's handler, keyed by its class's action, from the tabs' tables: ``ACTIONS`` are
#: its names, so the list the shell checks is the one the page dispatches on.
HANDLERS = {
    **handlers(_tab),
    **characters_update.HANDLERS,
    **rolls.HANDLERS,
    **combat_update.HANDLERS,
    **reference_update.HANDLERS,
    **settings.HANDLERS,
}
ACTIONS = frozenset(HANDLERS)
VIEWS: dict[str, Callable[[Model], VNode]] = {
    "characters": characters_view.view,
    "rolls": rolls.view,
    "combat": combat_view.view,
    "reference": reference_view.view,
    "settings": settings.view,
}


def update(model: Model, msg: Action, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


def restored(before: Model, after: Model) -> str | None:
    """What an undo or a redo from ``before`` gave back, for the shell's banner. The page keeps
    the attack as chosen at each step (:mod:`rkweb.features.aftermath.chosen`), so the places
    an undo found changed since its step are the choices made after it: an undo sets them
    aside (the attack as chosen before the step), or keeps what the GM changed in the same
    attack since; a redo gives them back. ``None``: no choice kept per step (nothing to say)."""
    saved = [m.section(SECTION).get("combat") for m in (before, after)]
    was, now = (c if isinstance(c, dict) else {} for c in saved)
    if not now.get(CHOSEN) or step_count(now) == step_count(was):
        return None
    how: steps.Restored = "after"
    if step_count(now) < step_count(was):
        how = "kept" if kept_since(now) else "before"
    return steps.restored_words(how, attack_words(state(after)))


def _opening_tab(model: Model) -> str:
    """The tab a (re)loaded page opens on: the fight when one is under way (issue 28: a reload
    in the middle of a fight opened on Characters), else the characters."""
    combat = model.section(SECTION).get("combat")
    going = isinstance(combat, dict) and any(combat.get(k) for k in ("log", "pending", "edits"))
    return "combat" if going else "characters"


def view(model: Model) -> VNode:
    tab = str(model.ui.get("aftermath_tab") or _opening_tab(model))
    if tab not in VIEWS:
        tab = "characters"
    return h(
        "div",
        {"class": "page system-page"},
        h("h2", {"class": "page-title"}, "Aftermath!-style combat"),
        tab_bar("aftermath", "Aftermath pages", TABS, tab, Tab, opens_at_top=True),
        VIEWS[tab](model),
    )
