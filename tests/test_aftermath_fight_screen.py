"""The Aftermath fight screen (FIGHT.md "On the screen") without a browser: the order strip's
cards (damage against DRT, conditions with the Action Phases left, Acts and Target), the
attacker's weapons with their chance, the modifier chips named in their summary with "Clear",
and a hit waiting for its Damage Potential in the step's place."""

from __future__ import annotations

from typing import Any

from decode_count import count_decodes, one_decode_per_tap
from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import find_all, text_of
from rkweb.features.aftermath.chosen import without_marks
from rkweb.features.aftermath.combat.update import CbtPotential
from test_aftermath_pages import _rifleman, send, texts
from test_aftermath_rule_data import CITED


def _unranged() -> Model:
    """Ana's rifle at Bo, no range known between them yet."""
    return send(
        _rifleman(),
        ("aftermath.char_select", 1),
        ("aftermath.char_field", "derived.cda", "1"),
        ("aftermath.char_field", "derived.drt", "16"),
        ("aftermath.tab", "combat"),
        ("aftermath.cbt_pick", "attacker", "0"),
    )


def _fight() -> Model:
    """Ana's rifle at Bo, 20 m away (typed: AFT-46, no range is assumed)."""
    return send(_unranged(), ("aftermath.cbt_field", "missile", "meters", "20"))


def test_the_cards_show_damage_conditions_with_time_left_and_who_acts() -> None:
    model = send(
        _fight(),
        ("aftermath.char_draft", "condition", "stunned"),
        ("aftermath.char_add_cond", 1),
        ("aftermath.cbt_next_phase",),
    )
    assert texts(model, "aft-card-damage-1") == ["Damage 0 / DRT 16"]
    # AFT-22: Stunned from turn 1, phase 1 until after turn 2, phase 1; now turn 1, phase 2.
    shown = texts(model, "aft-card-conditions-1")[0]
    assert shown == "Stunned (20 phases left), then Dazed"
    assert texts(model, "aft-card-conditions-0") == ["No conditions"]
    view = shell.view(model)
    assert find_all(view, "aft-card-acts-0")[0].attr("aria-pressed") == "true"
    assert find_all(view, "aft-card-target-1")[0].attr("aria-pressed") == "true"
    model = send(model, ("aftermath.cbt_pick", "attacker", "1"))  # Bo acts on his card
    combat = model.state["aftermath"]["combat"]
    assert (combat["attacker"], combat["target"], combat["weapon"]) == (1, 0, "Bat")


def test_each_weapon_shows_its_chance_and_the_chosen_one_is_pressed() -> None:
    # A GM's play-through: the rifle's chip said "90% to hit" at a 20 m nobody typed. Until a
    # range is held between the two or typed, a shot shows no chance and the step says why.
    model = _unranged()
    assert texts(model, "aft-cbt-use-0")[0].endswith("Hunting rifle (Rifle): range?")
    assert texts(model, "aft-cbt-bcs") == [] and texts(model, "aft-cbt-odds") == []
    assert texts(model, "aft-cbt-waiting")[0].startswith(
        "The worksheet waits for a value:Range (m): type how far away the target is; the odds "
        "and the roll wait for it"
    )
    model = send(model, ("aftermath.cbt_field", "missile", "meters", "20"))
    chip = texts(model, "aft-cbt-use-0")[0]
    # 001 L624, L683: Rifle BCS 14, Long Gun Rifle at 20 m SHT +1, rifle accuracy +4, CDA 1 −1.
    assert chip.endswith("Hunting rifle (Rifle): 90% to hit")
    assert texts(model, "aft-cbt-bcs") == ["BCS 18"]
    model = send(model, ("aftermath.cbt_toggle", "missile", "sit:surprised"))  # −2 on the step
    assert texts(model, "aft-cbt-use-0")[0].endswith("80% to hit")
    assert find_all(shell.view(model), "aft-cbt-use-0")[0].attr("aria-pressed") == "true"


def test_pressed_chips_are_named_in_the_summary_and_clear_releases_them() -> None:
    model = send(
        _fight(),
        ("aftermath.cbt_toggle", "missile", "sit:stance"),
        ("aftermath.cbt_toggle", "missile", "match"),
    )
    on = texts(model, "aft-missile-options-on")[0]
    assert "In firing stance" in on and "Match weapon" in on
    model = send(model, ("aftermath.cbt_unpress", "missile"))
    assert model.state["aftermath"]["combat"]["missile"]["situations"] == []
    assert texts(model, "aft-missile-options-on") == ["Modifiers: Match weapon (+1)"]


def test_a_hit_waiting_for_its_damage_potential_takes_the_steps_place() -> None:
    model = send(
        _fight(),
        ("aftermath.cbt_pick", "attacker", "1"),  # Bo and his bat; Ana the target
        ("aftermath.cbt_field", "hth", "bcs", "30"),
        ("aftermath.cbt_resolve",),
    )
    assert texts(model, "aft-hth-dp") or texts(model, "aft-apply-dp")
    assert find_all(shell.view(model), "aft-resolve") == []  # the step gave way to the ask
    model = send(model, CbtPotential(value="12"), ("aftermath.cbt_apply",))
    assert model.state["aftermath"]["combat"]["pending"] is None
    assert "(hand-to-hand)" in texts(model, "aft-attack-result")[0]
    assert find_all(shell.view(model), "aft-dice")  # the step is back, below the result
    # Bo's Action of this phase is spent (AFT-45): no roll offered, the refusal in its place.
    assert "Bo already attacked in this Action Phase" in texts(model, "aft-refused")[0]


def test_another_weapons_chip_keeps_its_odds_while_a_hit_waits_for_a_value() -> None:
    """Play-through 56: while Ana's Bowie hit waited for its Damage Potential, her rifle's chip
    read "a value is asked" instead of its chance (the value asked is the Bowie's, not the
    rifle's); it came back a phase later. Each other weapon's chip shows its own chance, a
    fresh set-up from the sheet (the rifle at Bo, 20 m: 90%, as before the Bowie was chosen)."""
    model = send(
        _fight(),
        ("aftermath.tab", "characters"),
        ("aftermath.char_select", 0),
        ("aftermath.char_add_weapon", "Club"),
        ("aftermath.tab", "combat"),
    )
    assert texts(model, "aft-cbt-use-0")[0].endswith("Hunting rifle (Rifle): 90% to hit")
    model = send(
        model,
        ("aftermath.cbt_pick", "weapon", "Club"),
        ("aftermath.cbt_field", "hth", "bcs", "30"),  # a sure hit: it asks its DP
        ("aftermath.cbt_resolve",),
    )
    assert model.state["aftermath"]["combat"]["pending"]["asks"] == "attack.damage_potential"
    assert texts(model, "aft-cbt-use-0")[0].endswith("Hunting rifle (Rifle): 90% to hit")
    assert texts(model, "aft-cbt-use-1")[0].endswith("Club (no skill): 100% to hit")


def test_the_attackers_first_weapon_is_chosen_once_it_is_on_his_sheet() -> None:
    """FIGHT.md: the first weapon is the default, also for the attacker the tab starts with."""
    model = send(
        _rifleman(),
        ("aftermath.char_new", "character"),
        ("aftermath.char_field", "name", "Cy"),
        ("aftermath.tab", "combat"),
        ("aftermath.cbt_pick", "attacker", "2"),
        ("aftermath.cbt_field", "missile", "bcs", "11"),  # Cy fights by hand for now
    )
    assert model.state["aftermath"]["combat"]["weapon"] == ""
    model = send(
        model,
        ("aftermath.char_select", 2),
        ("aftermath.char_add_weapon", "Club"),
    )
    combat = model.state["aftermath"]["combat"]
    assert (combat["weapon"], combat["mode"], combat["hth"]["weapon"]) == ("Club", "hth", "Club")
    model = send(
        model, ("aftermath.char_add_weapon", "Knife, jack")
    )  # a second one changes nothing
    assert len(model.state["aftermath"]["characters"][2]["weapons"]) == 2
    # the worksheet is the same (the page's undo count and its choice at each count aside)
    assert without_marks(model.state["aftermath"]["combat"]) == without_marks(combat)


def test_each_typed_roll_gets_a_new_dice_field() -> None:
    """Issue 25: a field that still held the 5 typed for the last roll ignored a 5 typed for
    the next (no change); each roll of each attack names itself on the field, which the page
    then empties (the same field: it keeps the focus)."""

    def key(model: Model) -> str | None:
        return find_all(shell.view(model), "aft-dice-typed")[0].attr("data-entry")

    model = send(_fight(), ("aftermath.cbt_field", "missile", "ammo", "pistol:38 Special"))
    first = key(model)
    model = send(model, ("aftermath.cbt_typed", "5"))
    assert model.state["aftermath"]["combat"]["pending"]["index"] == 1
    second = key(model)
    model = send(model, ("aftermath.cbt_cancel",))
    assert len({first, second}) == 2 and key(model) != second


def test_the_damage_dice_entry_says_a_total_includes_the_modifier() -> None:
    """Issue 28 item 5: "I rolled (3D10+3)" took a single number as the dice alone and added
    the +3 after (14 recorded 17). The label says what to type; a total includes the +3."""
    model = send(
        _fight(),
        ("aftermath.cbt_field", "missile", "ammo", "long gun:308 (7.62mm NATO)"),
        ("aftermath.cbt_typed", "2"),
        ("aftermath.cbt_typed", "50"),
    )
    assert model.state["aftermath"]["combat"]["pending"]["wants"] == "3D10+3"
    entry = find_all(shell.view(model), "aft-dice")[0]
    assert "I rolled (3D10+3: each die, or the total with +3)" in text_of(entry)
    model = send(model, ("aftermath.cbt_typed", "14"))
    steps = model.state["aftermath"]["combat"]["log"][0]["steps"]
    assert any("3D10+3 = 14 (total typed)" in s for s in steps)


def test_every_step_reads_in_words_and_keeps_its_rules_for_why() -> None:
    """Issue 28 item 6: "Every step" showed "settings.weapon_note_13"; issue 25: no rule ID or
    settings key outside the "Why" the user opens."""
    model = send(
        _fight(),
        ("aftermath.cbt_field", "missile", "ammo", "pistol:38 Special"),
        ("aftermath.cbt_resolve",),
    )
    shown = texts(model, "aft-step")
    assert shown and not [s for s in shown if CITED.search(s)], shown
    why = find_all(shell.view(model), "aft-steps-why")
    assert why and "AFT-46" in text_of(why[0])


def test_narrow_fields_show_their_words_whole() -> None:
    """Issue 28 item 6 (768x1024): the target's movement read "Not moving / i", the weapon
    "Knife, bowie (c", and a knife's fold offered "More fields (ammunition, …)"."""
    model = send(_fight(), ("aftermath.cbt_pick", "attacker", "1"))  # Bo and his bat
    view = shell.view(model)
    summary = text_of(find_all(view, "aft-hth-more")[0].children[0])
    assert "ammunition" not in summary and summary.startswith("More fields")
    bat = [text_of(o) for o in find_all(view, "aft-hth-weapon")[0].children if o.tag == "option"]
    assert "Baseball bat" in bat
    model = send(model, ("aftermath.cbt_pick", "mode", "missile"))
    moves = find_all(shell.view(model), "aft-missile-action")[0].children
    assert max(len(text_of(o)) for o in moves if o.tag == "option") <= 12


def test_a_reload_during_a_fight_opens_on_the_combat_tab() -> None:
    """Issue 28 item 6: after a reload the page opened on the Characters tab mid-fight."""
    model = send(_fight(), ("aftermath.cbt_field", "missile", "ammo", "pistol:38 Special"))
    model = send(model, ("aftermath.cbt_resolve",))
    reloaded = model.with_ui(aftermath_tab=None)
    assert find_all(shell.view(reloaded), "aft-clock")
    fresh_page = send(_fight(), ("aftermath.cbt_pick", "attacker", "0")).with_ui(aftermath_tab=None)
    assert fresh_page.state["aftermath"]["combat"]["log"] == []


def test_one_tap_decodes_the_fight_at_most_once(monkeypatch: Any) -> None:
    """Issue 25 "Done when" (as Simply, commit 35799e6): a tap (its update and the view after
    it) decodes the saved fight at most once; after a reload (nothing read yet), once. Counted
    where the page decodes it."""
    from rkweb.features.aftermath import state as saved

    real = saved.fight_from_json
    model = _fight()
    shell.view(model)
    decoded = count_decodes(monkeypatch, saved, "fight_from_json")
    taps = [
        ("aftermath.cbt_pick", "target", "1"),
        ("aftermath.cbt_toggle", "missile", "sit:stance"),
        ("aftermath.cbt_resolve",),
        ("aftermath.cbt_next_phase",),
        ("shell.undo",),
    ]

    def recalled(model: Model) -> None:
        """The fight recalled is the one its saved parts hold."""
        st = saved.state(model)
        assert saved.fight_of(model, st) == real(
            {k: st[k] for k in ("characters", "settings", "combat")}
        )

    one_decode_per_tap(model, decoded, send, taps, ("aftermath.cbt_next_phase",), recalled)


def test_an_empty_guns_chip_says_to_reload_not_its_chance() -> None:
    """A GM's play-through: with 0 of 2 rounds left the rifle's chip still said "90% to hit";
    the core refuses the shot (reload first), so the chip says the gun is empty."""
    model = send(
        _rifleman(),
        ("aftermath.char_select", 0),
        ("aftermath.char_draft", "weapon_name", "Carbine"),
        ("aftermath.char_draft", "weapon_kind", "gun"),
        ("aftermath.char_draft", "weapon_gun", "long_gun|Rifle"),
        ("aftermath.char_draft", "weapon_ammo", "long gun:308 (7.62mm NATO)"),
        ("aftermath.char_draft", "weapon_rounds", "0"),
        ("aftermath.char_draft", "weapon_capacity", "2"),
        ("aftermath.char_draft", "weapon_skill", "Rifle"),
        ("aftermath.char_add_weapon",),
        ("aftermath.char_select", 1),
        ("aftermath.char_field", "derived.cda", "1"),
        ("aftermath.tab", "combat"),
        ("aftermath.cbt_pick", "attacker", "0"),
    )
    chips = texts(model, "aft-cbt-use-1")
    assert chips and chips[0].endswith("Carbine (Rifle): empty, reload it"), chips
    model = send(model, ("aftermath.cbt_field", "missile", "meters", "20"))
    chips = texts(model, "aft-cbt-use-1")
    assert chips and chips[0].endswith("Carbine (Rifle): empty, reload it"), chips
    assert texts(model, "aft-cbt-use-0")[0].endswith("% to hit")


def test_the_logs_own_why_is_named_apart_from_its_entries() -> None:
    """A bare "Why" under the log, below a last entry scrolled out of view with its time, read
    as that entry's "Why" with no time."""
    (why,) = find_all(shell.view(_fight()), "aft-clog-why")
    assert text_of(why.children[0]) == "Why 20 Action Phases a turn"


def test_the_roll_waited_for_is_named_once() -> None:
    """A GM's tablet: the card of the dice typed so far said "Roll 2: hit location (1d100),
    typed just below" right above the entry's own "Roll 2: hit location": the roll waited for
    is named once, above its field; the card holds the rolls typed so far."""
    model = send(_fight(), ("aftermath.cbt_typed", "5"))
    view = shell.view(model)
    shown = text_of(find_all(view, "aft-pending")[0]) + text_of(find_all(view, "aft-dice")[0])
    assert shown.count("hit location") == 1 and shown.count("Roll 2") == 1
    assert texts(model, "aft-dice-next") == ["Roll 2: hit location"]
    assert texts(model, "aft-attack-result") == ["Hit:"]  # play 57


def test_a_reload_resumes_at_the_roll_or_the_value_the_attack_waits_for() -> None:
    """FIGHT.md: a reload at any step continues from that step; the glue brings the element
    marked ``data-resume`` on the screen at the start (a GM's tablet: the "I rolled" field at
    1,085 px after a reload). Marked: the next roll's entry, or the card asking for a value;
    nothing while no attack waits."""

    def resumed(model: Model) -> list[str | None]:
        view = shell.view(model)
        marked: list[str | None] = []
        stack: list[Any] = [view]
        while stack:
            node = stack.pop()
            if isinstance(node, str):
                continue
            if node.attr("data-resume") is not None:
                marked.append(node.attr("data-testid"))
            stack.extend(node.children)
        return marked

    assert resumed(_fight()) == []
    assert resumed(send(_fight(), ("aftermath.cbt_typed", "5"))) == ["aft-dice"]
    asking = send(
        _fight(),
        ("aftermath.cbt_pick", "attacker", "1"),  # Bo and his bat: a sure hit asks its DP
        ("aftermath.cbt_field", "hth", "bcs", "30"),
        ("aftermath.cbt_resolve",),
    )
    assert asking.state["aftermath"]["combat"]["pending"]["asks"] == "attack.damage_potential"
    assert resumed(asking) == ["aft-pending"]


def test_target_dodging_sits_on_the_bcs_line_it_changes() -> None:
    """001 line 95: a dodging target adds to the CDA multiple, the only defence against a shot.
    A GM's tablet found its chip last in the Modifiers fold (1,352 px down a 1,024 px screen,
    the fold open): with a BCS worked out it sits on the BCS's line, which has room for it (in
    the first fields it took a row of its own), for guns and thrown weapons; pressed, the BCS
    changes. Without a BCS (the range waits) it is on the line that says so (below)."""
    model = _fight()
    thrown = (
        ("aftermath.cbt_field", "thrown", "weapon", "Knife, bowie"),
        ("aftermath.cbt_field", "thrown", "bcs", "12"),
    )
    for mode, more in (("missile", ()), ("thrown", thrown)):
        view = shell.view(send(model, ("aftermath.cbt_pick", "mode", mode), *more))
        assert not find_all(find_all(view, f"aft-{mode}-options")[0], f"aft-{mode}-dodging")
        rows = [n for n in _nodes(view) if n.attr("class") == "row bcs-row"]
        assert rows and find_all(rows[0], f"aft-{mode}-dodging"), mode
    bcs = text_of(find_all(shell.view(model), "aft-cbt-bcs")[0])
    model = send(model, ("aftermath.cbt_toggle", "missile", "dodging"))
    view = shell.view(model)
    assert find_all(view, "aft-missile-dodging")[0].attr("aria-pressed") == "true"
    assert text_of(find_all(view, "aft-cbt-bcs")[0]) != bcs
    unranged = shell.view(_unranged())
    assert len(find_all(unranged, "aft-missile-dodging")) == 1


def _nodes(node: Any) -> list[Any]:
    if isinstance(node, str):
        return []
    return [node, *(n for child in node.children for n in _nodes(child))]


def test_target_dodging_is_on_the_line_of_what_the_bcs_waits_for_from_the_start() -> None:
    """001 line 95, the only defence against a shot: while the range was asked, "Target
    dodging" sat inside the Modifiers fold (a GM had to open it to declare a dodge) and moved to
    the BCS's line once the range was typed. It is on the line of what the BCS waits for from
    the start, pressed there, then on the BCS's line."""
    model = _unranged()
    view = shell.view(model)
    options = find_all(view, "aft-missile-options")[0]
    assert find_all(options, "aft-missile-dodging") == []  # not behind the fold
    waiting_rows = [
        n
        for n in _nodes(view)
        if n.attr("class") == "row waiting-row"
        and find_all(n, "aft-cbt-waiting")
        and find_all(n, "aft-missile-dodging")
    ]
    assert len(waiting_rows) == 1
    model = send(model, ("aftermath.cbt_toggle", "missile", "dodging"))
    assert model.state["aftermath"]["combat"]["missile"]["dodging"] is True
    assert find_all(shell.view(model), "aft-missile-dodging")[0].attr("aria-pressed") == "true"
    # The range typed: the dodge (CDA 1 × (1 + 1), AFT-10) is in the BCS: 18 − 1 = 17.
    model = send(model, ("aftermath.cbt_field", "missile", "meters", "20"))
    assert texts(model, "aft-cbt-bcs") == ["BCS 17"]
    view = shell.view(model)
    assert find_all(find_all(view, "aft-missile-options")[0], "aft-missile-dodging") == []
    assert len(find_all(view, "aft-missile-dodging")) == 1


def _severed_arm() -> Model:
    """Ana's rifle hits Bo's arm (typed 2; D100 80, split 60: location 30) for 14, applied; the
    GM calls it a critical (AFT-04): its 1D10 BDG 5 (001 line 8), damage 14, Critical Effect
    D100 90 + 14 over 100: Lethal, to a limb an automatic Sever (001 lines 13-20, 36-37). The
    GM says the bullet cuts (AFT-25: not in the text for bullets); Bo's Health AST 10, CST 4."""
    model = send(
        _fight(),
        ("aftermath.char_field", "ast.HLH", "10"),
        ("aftermath.char_field", "cst.HLH", "4"),
        ("aftermath.cbt_field", "missile", "cuts", "yes"),
    )
    for typed in ("2", "80", "60", "14"):
        model = send(model, ("aftermath.cbt_typed", typed))
    assert texts(model, "aft-card-damage-1") == ["Damage 14 / DRT 16"]
    return send(model, ("aftermath.cbt_critical",))


def test_a_called_critical_under_way_says_on_the_targets_card_that_a_hit_waits() -> None:
    """A GM's play-through: the called critical took the plain hit's 14 back off Bo's sheet
    until it is applied, and his card read a bare "Damage 0": the strip said no hit at all."""
    model = _severed_arm()
    waiting = ["Damage 0 / DRT 16 · critical waiting (plain hit 14)"]
    assert texts(model, "aft-card-damage-1") == waiting
    assert texts(model, "aft-card-damage-0") == ["Damage 0 / DRT ?"]
    for typed in ("5", "14"):  # its rolls go on: still waiting
        model = send(model, ("aftermath.cbt_typed", typed))
        assert texts(model, "aft-card-damage-1") == waiting
    model = send(model, ("aftermath.cbt_cancel",))  # dropped: nothing waits any more
    assert texts(model, "aft-card-damage-1") == ["Damage 0 / DRT 16"]


def test_the_bleeding_shows_when_he_dies_and_its_end_kills_him_and_undo_revives() -> None:
    """AFT-25 (001 line 32): Bo's severed arm bleeds for Health Group + 1D6 Combat Turns (no
    Health on his sheet's default: Group 2, 1D6+2, typed 5 in all); his card says when he dies; the
    clock past it makes him Dead, logged; Undo takes it back."""
    model = _severed_arm()
    for typed in ("5", "14", "90"):
        model = send(model, ("aftermath.cbt_typed", typed))
    model = send(
        model,
        ("aftermath.cbt_typed", "15"),  # the save to lower it fails (AST 10, 001 line 39)
        ("aftermath.cbt_typed", "5"),  # the bleeding: 3 on the 1D6 + 2, 5 Combat Turns
    )
    assert texts(model, "aft-card-damage-1") == ["Damage 14 / DRT 16"]
    bleeding = "Bleeding to death (dies after turn 6, phase 1: 101 phases left)"
    # AFT-26: the arm is lost for good, its own condition beside the countdown.
    assert texts(model, "aft-card-conditions-1") == [f"Severed arm (location 30), {bleeding}"]
    for _ in range(5):
        model = send(model, ("aftermath.cbt_next_turn",))
    left = "(dies after turn 6, phase 1: 1 phase left)"
    assert texts(model, "aft-card-conditions-1")[0].endswith(left)
    model = send(model, ("aftermath.cbt_next_phase",))
    assert texts(model, "aft-card-conditions-1") == ["Severed arm (location 30), Dead"]
    assert model.state["aftermath"]["combat"]["log"][0]["text"].startswith(
        "turn 6, phase 2 · Bo bleeds to death"
    )
    model = send(model, ("shell.undo",))
    assert texts(model, "aft-card-conditions-1")[0].endswith("1 phase left)")


def test_a_full_conditions_list_is_refused_in_plain_words_beside_the_field() -> None:
    """A sheet holds at most 40 conditions (limits.MAX_CONDITIONS): the 41st recorded by hand
    is refused beside "Record a condition by hand" naming the list, the fighter, how many he
    has and the limit, and what to do (the card's buttons say "Remove"); it read "conditions
    count is at most 40; clear some first"."""
    model = send(_fight(), ("aftermath.char_draft", "condition", "system_shock"))
    model = send(model, *[("aftermath.char_add_cond", 1)] * 40)
    assert len(model.state["aftermath"]["characters"][1]["conditions"]) == 40
    model = send(model, ("aftermath.char_add_cond", 1))
    assert len(model.state["aftermath"]["characters"][1]["conditions"]) == 40
    assert texts(model, "aft-target-conditions-kind-error") == [
        "Conditions: Bo has 40, and a sheet holds at most 40; remove some first"
    ]
    model = send(model, ("aftermath.char_remove_cond", 1, 0))
    model = send(model, ("aftermath.char_draft", "condition", "stunned"))
    model = send(model, ("aftermath.char_add_cond", 1))  # Stunned, then Dazed: two
    assert texts(model, "aft-target-conditions-kind-error") == [
        "Conditions: Bo has 39 (this adds 2), and a sheet holds at most 40; remove some first"
    ]


def test_a_severed_arm_is_said_beside_the_attackers_weapons_with_no_bcs_made_up() -> None:
    """001 line 37: Lethal to a limb severs it. The text gives no BCS change for a lost limb:
    none is made; when Bo attacks, his panel names the lost arm and his weapon's HAND as
    printed, whether he can still use it being the GM's call."""
    model = _severed_arm()
    for typed in ("5", "14", "90", "15", "5"):
        model = send(model, ("aftermath.cbt_typed", typed))
    assert texts(model, "aft-cbt-one-arm") == []  # Ana attacks: her arms are whole
    bo = send(model, ("aftermath.cbt_pick", "attacker", "1"))
    assert texts(bo, "aft-cbt-one-arm") == [
        "Bo: Severed arm (location 30). No BCS change is given for a lost limb; whether Bo "
        "can still use Bat (HAND 1½ on the Weapons Listing) is the GM's call."
    ]
