"""The fight's form widgets: the kit's fields and choices bound to a form of the saved section
(``state``'s forms and errors), the one message a field sends (:class:`Form`), and the choices of
fighters and of luck (SIM-10) the forms offer."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pycore.errors import RuleError
from pycore.systems.simply import fight as core
from pycore.systems.simply.luck import LUCK_MINIMUM
from rkweb.app.messages import Message, entered
from rkweb.app.model import Model
from rkweb.app.vdom import VNode
from rkweb.features.simply.combat.state import ERRORS
from rkweb.kit.fields import error_of, field, select


def who(fight: core.Combat, blank: str = "choose…") -> list[tuple[str, str]]:
    return [("", blank)] + [(c.id, c.name) for c in fight.combatants]


class Form(Message, action="simply.combat_form"):
    """A field of one of the fight's forms (``group``: add, attack, damage, treat...), as typed."""

    group: str
    name: str
    value: str = entered(default="")


# --- the forms' fields: the kit's, bound to their group ---------------------------------------


def form_field(
    model: Model,
    form: dict[str, Any],
    group: str,
    name: str,
    label: str,
    *,
    text: bool = False,
    hint: str = "",
    placeholder: str | None = None,
) -> VNode:
    """A number (or, with ``text``, a text) field of the form ``group``, with its error (and
    ``hint``, ``placeholder`` as the kit shows them)."""
    error = error_of(model, ERRORS, f"{group}.{name}")
    msg = Form(group, name)
    value = form[group][name]
    return field(
        f"sc-{group}-{name}",
        label,
        value,
        msg,
        error=error,
        numeric=not text,
        hint=hint,
        placeholder=placeholder,
    )


def luck_choice(fight: core.Combat, who: str) -> list[tuple[str, str]]:
    """SIM-10: luck declared (yes/no) before a roll; the LP needed are spent by the rule. With
    fewer than 5 LP luck cannot be declared, so it is not offered."""
    try:
        points = fight.get(who).luck
    except RuleError:
        points = 0
    if points < LUCK_MINIMUM:
        return [("no", f"No ({points} LP: luck needs at least {LUCK_MINIMUM})")]
    return [("no", "No"), ("yes", f"Yes ({points} LP staked; spent by the rule)")]


def luck_declared(fight: core.Combat, index: int, declared: bool) -> bool:
    """Luck declared on the next check counts for the check at ``index`` if its fighter has the
    LP to declare it (SIM-10: at least 5); with fewer they roll without, as the choice says."""
    try:
        points = fight.get(fight.pending[index].combatant).luck
    except RuleError:  # no such fighter: the roll says so
        return declared
    return declared and points >= LUCK_MINIMUM


def form_select(
    form: dict[str, Any], group: str, name: str, label: str, options: list[tuple[str, str]]
) -> VNode:
    return _select(group, name, label, str(form[group][name]), tuple(options))


@lru_cache(maxsize=128)
def _select(
    group: str, name: str, label: str, value: str, options: tuple[tuple[str, str], ...]
) -> VNode:
    """A choice of the form ``group``: the same node at each view while its value and options
    stay (issue 33: the lists of fighters, 30 options each, built anew and compared at each tap)."""
    return select(f"sc-{group}-{name}", label, value, options, Form(group, name))
