"""The Reference tab, topic by topic."""

from __future__ import annotations

from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.reference.barriers import barriers_card, stopping_card
from rkweb.features.aftermath.reference.loads import encumbrance_card, speed_card
from rkweb.features.aftermath.reference.misses import misses_card, reaction_card
from rkweb.features.aftermath.reference.overland import overland_card
from rkweb.features.aftermath.reference.skills import skills_card
from rkweb.features.aftermath.reference.update import ref_state
from rkweb.features.aftermath.state import errors_why


def view(model: Model) -> VNode:
    state = ref_state(model)
    return h(
        "div",
        {"class": "page"},
        errors_why(model, "ref."),
        misses_card(model, state),
        reaction_card(state),
        encumbrance_card(state),
        speed_card(state),
        overland_card(state),
        skills_card(model, state),
        barriers_card(state),
        stopping_card(state),
    )
