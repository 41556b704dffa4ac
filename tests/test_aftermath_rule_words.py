"""Rule references as data on the Aftermath sheets and Reference tab (issue 25 item 4, the
leftovers): each text the core hands these pages says its words without a rule ID or seed line
and names its rules beside them; the page shows the rules only under "Why", and no page scrubs
text as it draws it. Logs saved with the rules inside their words are migrated once, by the
section's codec."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from rkweb.app import shell
from rkweb.app.vdom import VNode, find_all, text_of
from test_aftermath_pages import fresh, send
from test_aftermath_rule_data import CITED

from pycore.store import read_section
from pycore.systems.aftermath.conditions import moment
from pycore.systems.aftermath.gear import encumbrance
from pycore.systems.aftermath.reference import barriers, movement, overland, reaction
from pycore.systems.aftermath.reference import skills_and_moves as moves
from pycore.systems.aftermath.sheet import sheet as aft_sheet

WEB = Path(__file__).resolve().parents[1] / "web" / "rkweb" / "features" / "aftermath"

#: Each result a sheet or the Reference tab shows, and a rule it must name as data.
RESULTS: list[tuple[Callable[[], Any], str]] = [
    (lambda: encumbrance.encumbrance_status(Fraction(30), 40), "AFT-T23"),
    (lambda: movement.kph_to_dat(Fraction(60)), "AFT-T34"),
    (lambda: moves.climb("Ladder", 12), "AFT-37"),
    (lambda: moves.throw(12), "AFT-T30"),
    (lambda: moves.entanglement(8, 15), "AFT-T32"),
    (lambda: moves.stopping(3, 6), "AFT-T25"),
    (lambda: moves.learning([]), "AFT-38"),
    (lambda: barriers.barrier_factor("Stone"), "AFT-T31"),
    (lambda: reaction.reaction(50), "AFT-T21"),
    (lambda: overland.acid_effect(40), "AFT-T33"),
]


@pytest.mark.parametrize(("make", "rule"), RESULTS)
def test_a_reference_result_says_words_and_names_its_rules(
    make: Callable[[], Any], rule: str
) -> None:
    found = make()
    assert not CITED.search(str(found)), str(found)
    assert rule in found.rules


def test_the_other_reference_texts_say_no_rule() -> None:
    rope = moves.rope_height("Knotted rope", 9, "1D6", random.Random(1))
    for text in (rope, moves.horse(), moves.learning_rate(moves.learning([]), None, None)):
        assert not CITED.search(text), text


def _stunned_and_loaded() -> dict[str, Any]:
    """A sheet with an encumbrance status and every attribute note: Partially Encumbered
    (25 of ENC CAP 40) and Stunned."""
    sheet = aft_sheet.set_field(aft_sheet.new_sheet("Ana"), "derived.enc_cap", "40")
    sheet = aft_sheet.set_field(sheet, "attr.DFT", "30")
    sheet = aft_sheet.add_item(sheet, "pack", "25")
    return aft_sheet.add_condition(sheet, "stunned", moment(1, 1))


def test_the_attribute_notes_say_words_and_name_their_rules() -> None:
    view = aft_sheet.derive(_stunned_and_loaded(), moment(1, 2))
    rules = {r for note in view.notes for r in note.rules}
    assert {"AFT-33", "AFT-22", "AFT-21"} <= rules
    assert view.notes and not [n for n in view.notes if CITED.search(str(n))]


def _outside_why(tree: VNode) -> list[str]:
    """Every text shown outside an explanation ("Why", "Every step") that cites a rule."""

    def walk(node: VNode | str) -> list[str]:
        if isinstance(node, str):
            return [node] if CITED.search(node) else []
        if node.tag == "details" and "why" in (node.attr("class") or "").split():
            return []
        return [t for child in node.children for t in walk(child)]

    return walk(tree)


def test_the_sheet_shows_its_status_and_notes_in_words_and_their_rules_under_why() -> None:
    model = send(fresh(), ("aftermath.tab", "characters"))
    data = {**model.section("aftermath"), "characters": [_stunned_and_loaded()], "selected": 0}
    view = shell.view(_with_aftermath(model, data))
    status = text_of(find_all(view, "aft-enc-status")[0])
    assert status.startswith("carrying 25 of ENC CAP 40"), status
    assert _outside_why(view) == []
    shown = text_of(view)
    assert "AFT-33, AFT-T23: carrying 25" in shown  # under the status's Why
    assert "AFT-22: Stunned: Deftness" in shown  # under the notes' Why


def _with_aftermath(model: Any, data: dict[str, Any]) -> Any:
    from dataclasses import replace

    return replace(model, history=model.history.set_quietly("aftermath", data))


OLD_ENTRY = {
    "text": "turn 1, phase 1 · Ana → Bo (Missile): hit location 4 (AFT-12): Damage Done 12",
    "at": "2026-11-23T10:00:00+01:00",
    "seed": "s",
    "steps": ["Roll: 1D20 = 4 vs BCS 12: success (AFT-03)", "Hit location: 4 (AFT-12, L186)"],
    "applied": ["5 B damage: 3 lethal (L752)"],
}


def test_an_old_combat_log_entry_is_migrated_its_rules_out_of_its_words() -> None:
    """An entry saved at version 2 with its rules inside its words."""
    old = {"schema": 2, "combat": {"log": [OLD_ENTRY]}, "rolls": {"log": [dict(OLD_ENTRY)]}}
    new = read_section("aftermath", None, old)
    for entry in (new["combat"]["log"][0], new["rolls"]["log"][0]):
        assert (
            entry["text"] == "turn 1, phase 1 · Ana → Bo (Missile): hit location 4: Damage Done 12"
        )
        assert entry["steps"] == ["Roll: 1D20 = 4 vs BCS 12: success", "Hit location: 4"]
        assert entry["why"] == ["Roll: AFT-03", "Hit location: AFT-12, L186"]
        assert entry["applied"] == ["5 B damage: 3 lethal"]
        assert entry["rules"] == ["AFT-12", "L752"]


def test_an_old_attack_waiting_for_a_value_is_migrated() -> None:
    pending = {"asks": "target.ast.HLH", "steps": ["Save to lower: waits for target.ast.HLH"]}
    old = {"schema": 2, "combat": {"log": [], "pending": pending}}
    new = read_section("aftermath", None, old)["combat"]["pending"]
    assert new["steps"] == ["Save to lower: waits for the target's Health AST and CST"]
    assert new["asks"] == "target.ast.HLH"  # a key the fight reads, not words: kept


def test_an_old_reference_log_entry_is_migrated() -> None:
    old = {
        "log": [{"text": "Acid D100 21: No serious effect (AFT-T33 L571)", "at": "", "seed": ""}]
    }
    entry = read_section("aftermath_ref", 1, old)["log"][0]
    assert entry["text"] == "Acid D100 21: No serious effect"
    assert entry["rules"] == ["AFT-T33", "L571"]


def test_a_migrated_old_log_shows_words_and_each_entrys_rules_under_its_why() -> None:
    """The combat log and the result card of an old entry: no rule outside "Why", and the rules
    still there, under the entry's own "Why" (a scrubber at draw time had dropped them)."""
    migrated = read_section("aftermath", None, {"schema": 2, "combat": {"log": [OLD_ENTRY]}})
    model = send(fresh(), ("aftermath.tab", "combat"))
    view = shell.view(_with_aftermath(model, {**model.section("aftermath"), **migrated}))
    assert _outside_why(view) == []
    entry = find_all(view, "aft-cbt-log-entry")[0]
    assert "AFT-12" in text_of(entry)  # its own "Why"
    assert "Roll: AFT-03" in text_of(find_all(view, "aft-steps-why")[0])


def test_a_reference_roll_keeps_its_rules_under_its_own_why() -> None:
    model = send(fresh(), ("aftermath.tab", "reference"), ("aftermath.ref_reaction",))
    entry = model.state["aftermath_ref"]["log"][0]
    assert not CITED.search(entry["text"]) and "AFT-T21" in entry["rules"]
    view = shell.view(model)
    assert "AFT-T21" in text_of(find_all(view, "aft-ref-log-entry")[0])
    assert _outside_why(view) == []


def test_no_aftermath_page_scrubs_rule_text_as_it_draws() -> None:
    """The regex scrubber (``words.plain``) is gone: the pages render the core's words."""
    scrubbing = [
        str(p.relative_to(WEB))
        for p in WEB.rglob("*.py")
        if "import re\n" in p.read_text() or "plain(" in p.read_text()
    ]
    assert scrubbing == []
