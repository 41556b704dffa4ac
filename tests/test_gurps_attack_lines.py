"""Issue 27 item 5: a fighter's other attacks are a list of lines edited field by field (name,
skill, damage, type, kind, reach, parry...), not a mini-syntax to guess; sheets saved with the
old text form load as lines."""

from __future__ import annotations

import pytest
from test_gurps_pages import send, two_fighters

from pycore.errors import RuleError
from pycore.systems.gurps.attacks import (
    added_line,
    armed,
    attack_lines,
    edited_line,
    removed_line,
)
from pycore.systems.gurps.sheet import Combatant, combatant_from_json, combatant_to_json


def test_the_old_text_form_loads_as_lines_and_saves_as_a_list() -> None:
    old = {"weapon": "Broadsword", "more_attacks": "Broadsword thrust: 14, 1d+1 cr, thrust"}
    c = combatant_from_json(old)
    (line,) = c.more_attacks
    assert (line.name, line.skill, line.damage, line.damage_type, line.thrust) == (
        "Broadsword thrust",
        14,
        "1d+1",
        "cr",
        True,
    )
    saved = combatant_to_json(c)["more_attacks"]
    assert isinstance(saved, list) and saved[0]["name"] == "Broadsword thrust"
    assert combatant_from_json(combatant_to_json(c)) == c


def test_lines_are_added_edited_and_removed_field_by_field() -> None:
    c = added_line(Combatant(weapon="Broadsword", weapon_skill=13, damage="2d", reach="1"))
    assert [x.name for x in attack_lines(c)] == ["Broadsword", "Attack 2"]
    c = edited_line(c, 0, "name", "Thrust")
    c = edited_line(c, 0, "damage_type", "imp")
    c = edited_line(c, 0, "parry", "-1")
    c = edited_line(c, 0, "reach", "C,1")
    thrust = armed(c, 1)
    assert (thrust.weapon, thrust.damage_type, thrust.parry_bonus, thrust.reach) == (
        "Thrust",
        "imp",
        -1,
        "C,1",
    )
    assert removed_line(c, 0).more_attacks == ()


@pytest.mark.parametrize(
    ("field", "typed", "words"),
    [
        ("skill", "99", "Skill 99 is not 0 to 40"),
        ("skill", "1e4000", "Skill '1e4000' is not a whole number from 0 to 40"),
        ("damage_type", "zap", "damage type 'zap' is not one of"),
        ("name", " ", "each line needs a name"),
        ("half_d", "lots", "1/2D"),
    ],
)
def test_a_bad_value_is_refused_in_words(field: str, typed: str, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        edited_line(added_line(Combatant()), 0, field, typed)


def test_the_sheet_edits_the_list_and_the_turn_offers_each_line() -> None:
    model = send(two_fighters(), "gurps.line_add", "g1")
    model = send(model, "gurps.line_field", "g1", "0", "name", "Thrust")
    bad = send(model, "gurps.line_field", "g1", "0", "skill", "99")
    assert "Skill 99 is not 0 to 40" in str(bad.ui)
    saved = bad.state["gurps"]["combatants"][0]["more_attacks"]
    assert [x["name"] for x in saved] == ["Thrust"] and saved[0]["skill"] != 99
    gone = send(model, "gurps.line_remove", "g1", "0")
    assert gone.state["gurps"]["combatants"][0]["more_attacks"] == []
