"""Percentile sci-fi combat: the characters, checks with exact odds, the combat worksheet, the
game master's tables and the campaign settings. Every rule comes from
:mod:`pycore.systems.percentile`; these pages gather inputs and render its results."""

from __future__ import annotations

from pycore.errors import RulekeeperError
from rkweb.app.messages import Action, Message, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import checks, combat, gm, record, settings, sheet
from rkweb.features.percentile import state as S
from rkweb.features.percentile.combat_attack import attack_words
from rkweb.kit import steps
from rkweb.kit.tabs import tab_bar

TABS = (
    ("characters", "Characters"),
    ("checks", "Checks"),
    ("combat", "Combat"),
    ("gm", "GM tables"),
    ("settings", "Settings"),
)


class Tab(Message, action="percentile.tab"):
    """Show one tab (the tab bar's button: ``kit.tabs`` writes the same message)."""

    tab: str


def _tab(model: Model, msg: Tab, ctx: Ctx) -> Model:
    return model.with_ui(percentile_tab=msg.tab)


#: Each message's handler, keyed by its class's action, from the tabs: ``ACTIONS`` are its names,
#: so the list the shell checks is the one the page dispatches on.
HANDLERS = {
    **handlers(_tab),
    **sheet.HANDLERS,
    **record.HANDLERS,
    **checks.HANDLERS,
    **combat.HANDLERS,
    **gm.HANDLERS,
    **settings.HANDLERS,
}
ACTIONS = frozenset(HANDLERS)
VIEWS = {
    "characters": sheet.view,
    "checks": checks.view,
    "combat": combat.view,
    "gm": gm.view,
    "settings": settings.view,
}


def update(model: Model, msg: Action, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


def restored(before: Model, after: Model) -> str | None:
    """What an undo or a redo from ``before`` gave back, for the shell's banner: the entries
    typed after its step set aside (the attack set up afresh) or given back, with the attack
    now; ``None`` when none were typed since (:func:`rkweb.kit.steps.restored`)."""
    marks = [m.section(S.SECTION).get("combat") for m in (before, after)]
    how = steps.restored(*(m if isinstance(m, dict) else {} for m in marks))
    if how is None:
        return None
    st = S.state(after)
    try:
        attack = attack_words(S.fight_of(after, st), st["combat"].get("attack") or {})
    except RulekeeperError:  # a fight that does not read: its page says why
        return None
    return steps.restored_words(how, attack)


def view(model: Model) -> VNode:
    # a reload (no tab chosen yet) reopens the fight while one is set up, as Simply's page does
    fighting = any(side.get("members") for side in S.state(model)["combat"].get("sides") or [])
    tab = str(model.ui.get("percentile_tab", "combat" if fighting else "characters"))
    return h(
        "div",
        {"class": "page system-page"},
        h("h2", {"class": "page-title"}, "Percentile sci-fi combat"),
        tab_bar("percentile", "Percentile pages", TABS, tab, Tab),
        VIEWS.get(tab, sheet.view)(model),
    )
