"""A GM's play-through of the Aftermath fight: the missile attack's range started at a 20 m
nobody typed; from it the shot took its Range Step (a rifle's SHT +1, 001 line 683) and every
weapon chip its chance ("BCS 18 · 90%"). FIGHT.md's first law: a value the GM did not set in
this attack is derived (the range held between the two fighters) or asked, never a default.

Until a range is held between the attacker and the target or typed, the range is empty, the
shot waits for it in words and shows no chance; a range typed is held between the two (both
ways, saved with the fight) and starts their next shot; another target has its own, or none.
A thrown weapon has no Range Table row (T39 lists guns only, 001 lines 674-691): no range."""

from __future__ import annotations

import pytest
from seedfiles import seed_lines
from test_aftermath_arms import RIFLE
from test_aftermath_attack_lifetime import REVOLVER, _fighter
from test_aftermath_fight_screen import _unranged
from test_aftermath_pages import send, texts

from pycore.errors import FieldError, RuleError
from pycore.systems.aftermath import fight as F
from pycore.systems.aftermath.attack import worksheet, worksheet_forms

SEED = "001_e07e7b2bd9248eea.txt"
WAITS = "Range (m): type how far away the target is; the odds and the roll wait for it"


def _ana_bo_cy() -> F.Fight:
    """Ana (hunting rifle, Rifle BCS 14) at Bo; Cy standing by; no range known between any."""
    fight = F.fight_from_json(
        {"characters": [_fighter("Ana", RIFLE), _fighter("Bo", REVOLVER), _fighter("Cy")]}
    )
    fight, _ = F.pick_combatant(fight, "attacker", 1)
    fight, _ = F.pick_combatant(fight, "attacker", 0)
    assert (fight.attacker, fight.target, fight.weapon) == (0, 1, "Hunting rifle")
    return fight


def _range_modifier(fight: F.Fight) -> str:
    setup = fight.setup()
    assert setup is not None
    found = [str(m) for m in worksheet.preview(setup).total.modifiers]
    return next(m for m in found if m.startswith("range "))


def test_the_range_starts_blank_and_the_shot_waits_for_it() -> None:
    assert worksheet_forms.FORMS["missile"]["meters"] == ""
    assert "meters" not in worksheet_forms.FORMS["thrown"]  # T39 has no row for a throw
    fight = _ana_bo_cy()
    assert fight.forms["missile"]["meters"] == ""
    setup = fight.setup()
    assert setup is not None
    with pytest.raises(RuleError, match=r"^Range \(m\): type how far") as waited:
        worksheet.preview(setup)
    assert str(waited.value) == WAITS and waited.value.rules == ("AFT-46",)
    with pytest.raises(RuleError, match=r"the odds and the roll wait for it$"):
        F.attack(fight, F.roll_for_me("3"))
    # Emptied again, the range is asked again (never read as 0 m, a Point Blank +1).
    typed, _ = F.set_field(fight, "missile", "meters", "40")
    emptied, _ = F.set_field(typed, "missile", "meters", " ")
    assert emptied.forms["missile"]["meters"] == ""
    with pytest.raises(RuleError, match="wait for it"):
        F.attack(emptied, F.roll_for_me("3"))


@pytest.mark.parametrize(
    ("meters", "step"),
    [
        ("10", "PBR +1"),
        ("20", "SHT +1"),
        ("100", "EFF 0"),
        ("150", "LNG −1"),
        ("1000", "EXT −2"),
        ("2000", "MAX −5"),
    ],
)
def test_a_typed_range_gives_the_rifles_range_step_as_printed(meters: str, step: str) -> None:
    """001 line 683: Long Gun Rifle 10, 30, 100, 500, 1000, 2000 m (each the upper limit of its
    step, AFT-46's reading); line 692: BCS plus 1, plus 1, plus 0, minus 1, minus 2, minus 5."""
    lines = seed_lines(SEED)
    assert lines[682].split("\t")[1:8] == ["Rifle", "10", "30", "100", "500", "1000", "2000"]
    modifiers = ["plus 1", "plus 1", "plus 0", "minus 1", "minus 2", "minus 5"]
    assert lines[691].split("\t")[1:7] == modifiers
    fight = _ana_bo_cy()
    assert fight.forms["missile"]["meters"] == ""  # nobody typed one: no step is taken
    fight, _ = F.set_field(fight, "missile", "meters", meters)
    assert _range_modifier(fight) == f"range {step}"


def test_the_range_held_between_two_starts_their_next_shot_and_is_saved() -> None:
    fight = _ana_bo_cy()
    assert fight.pairs == {} and fight.forms["missile"]["meters"] == ""
    fight, _ = F.set_field(fight, "missile", "meters", "150")
    assert fight.edits == {} and fight.pairs["0>1"] == {"meters": "150"}
    fight, shot = F.attack(fight, F.roll_for_me("3"))
    assert isinstance(shot, F.Attacked) and fight.pending is None and fight.edits == {}
    # The next shot between them starts from it (a GM re-typing it every phase is a defect).
    fight, _ = F.next_action_phase(fight)
    assert fight.forms["missile"]["meters"] == "150"
    assert _range_modifier(fight) == "range LNG −1"  # 001 line 683: over 100, up to 500 m
    # A reload continues from it: the fight saves the range between the two.
    reloaded = F.fight_from_json(F.fight_to_json(fight))
    assert reloaded == fight and reloaded.forms["missile"]["meters"] == "150"
    # Bo shooting back at Ana: the same 150 m (a range is the same both ways).
    back, _ = F.pick_combatant(reloaded, "attacker", 1)
    assert (back.attacker, back.target, back.weapon) == (1, 0, "Revolver")
    assert back.forms["missile"]["meters"] == "150"


def test_a_saved_range_that_is_no_range_is_refused_not_drawn() -> None:
    for bad in ("x", None, True, [1], "-3"):
        with pytest.raises(FieldError if bad == "-3" else ValueError):
            F.fight_from_json({"characters": [], "combat": {"pairs": {"0>1": {"meters": bad}}}})


def test_a_change_of_target_derives_the_range_of_the_new_pair_or_none() -> None:
    fight, _ = F.set_field(_ana_bo_cy(), "missile", "meters", "150")
    cy, _ = F.pick_combatant(fight, "target", 2)
    assert cy.forms["missile"]["meters"] == ""  # none known between Ana and Cy: never Bo's
    with pytest.raises(RuleError, match="wait for it"):
        F.attack(cy, F.roll_for_me("3"))
    cy, _ = F.set_field(cy, "missile", "meters", "8")
    assert _range_modifier(cy) == "range PBR +1"  # 001 line 683: up to 10 m
    bo, _ = F.pick_combatant(cy, "target", 1)
    assert bo.forms["missile"]["meters"] == "150"
    again, _ = F.pick_combatant(bo, "target", 2)
    assert again.forms["missile"]["meters"] == "8"


def test_the_page_shows_no_chance_for_a_shot_until_the_range_and_the_roll_waits() -> None:
    """The weapon chips show no chance for a gun until a range is known; a hand weapon keeps
    its own; Resolve is refused beside the range field, in words, and nothing is rolled."""
    skill = {"skill_name": "Knife", "skill_bcs": "12"}
    bowie = {"weapon_name": "Bowie", "weapon_kind": "hand", "weapon_listed": "Knife, bowie"}
    model = send(
        _unranged(),
        ("aftermath.tab", "characters"),
        ("aftermath.char_select", 0),
        *[("aftermath.char_draft", k, v) for k, v in skill.items()],
        ("aftermath.char_add_skill",),
        *[("aftermath.char_draft", k, v) for k, v in {**bowie, "weapon_skill": "Knife"}.items()],
        ("aftermath.char_add_weapon",),
        ("aftermath.tab", "combat"),
    )
    assert texts(model, "aft-cbt-use-0")[0].endswith("Hunting rifle (Rifle): range?")
    assert texts(model, "aft-cbt-use-1")[0].endswith("% to hit")  # the bowie, by hand
    assert model.state["aftermath"]["combat"]["missile"]["meters"] == ""
    refused = send(model, ("aftermath.cbt_resolve",))
    assert refused.state["aftermath"]["combat"]["log"] == []
    assert texts(refused, "aft-resolve-error") == [WAITS]  # where the roll was tapped
    typed = send(model, ("aftermath.cbt_field", "missile", "meters", "20"))
    # 001 L683 SHT +1 at 20 m, L624 rifle accuracy +4, Rifle BCS 14, Bo's CDA 1: BCS 18
    assert texts(typed, "aft-cbt-use-0")[0].endswith("Hunting rifle (Rifle): 90% to hit")
    assert texts(typed, "aft-cbt-bcs") == ["BCS 18"]
