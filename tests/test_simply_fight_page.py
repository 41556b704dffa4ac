"""The Simply fight screen (FIGHT.md, issue 14) as values: the order strip, the active
combatant's panel, the step set up from the sheets, every roll typed or rolled, the result where
the tap was, and the sheets taking what the fight left."""

from __future__ import annotations

import json

from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, find_all, text_of
from rkweb.features.simply.combat import care
from rkweb.features.simply.combat.attack import outcome

from pycore.store import History, default_data

NOW = "2026-11-23T10:00:00+01:00"
SWORD = '{"name": "Longsword", "skill": "Melee Weapon: Sword", "max_damage": "24"}'


def send(model: Model, *msg: object, seed: str = "abc") -> Model:
    return shell.update(model, tuple(msg), Ctx(now=NOW, fresh_seed=seed))


def texts(model: Model, testid: str) -> list[str]:
    return [text_of(n) for n in find_all(shell.view(model), testid)]


def ids_in(node: VNode | str) -> list[str]:
    if isinstance(node, str):
        return []
    own = [node.attr("data-testid") or ""]
    return own + [t for child in node.children for t in ids_in(child)]


def duel(bo: tuple[tuple[str, str], ...] = (("add_skill", "Brawling"),)) -> Model:
    """Mara (a Longsword, Melee Weapon: Sword) and Bo (``bo``: his record's edits), both built
    on the Characters tab."""
    model = send(Model(History.new(default_data()), route="simply"), "simply.tab", "characters")
    for name, edits in (
        ("Mara", (("add_skill", "Melee Weapon"), ("skill_specialty:0", "Sword"))),
        ("Bo", bo),
    ):
        model = send(model, "simply.char_new")
        model = send(model, "simply.char_field", "name", name)
        for edit in edits:
            model = send(model, "simply.char_field", *edit)
    model = send(model, "simply.char_select", 0)
    model = send(model, "simply.char_field", "add_weapon", SWORD)
    model = send(model, "simply.tab", "combat")
    model = send(model, "simply.combat_add_char", "0")
    return send(model, "simply.combat_add_char", "1")


def contest(model: Model, attacker: str, defender: str) -> Model:
    """A contest typed at the table (SIM-D08): the attacker's 2D10, then the defender's."""
    model = send(model, "simply.combat_attack_typed", attacker)
    return send(model, "simply.combat_defend_typed", defender)


def started() -> Model:
    """Initiative typed at the table: Mara 9, Bo 2."""
    return send(duel(), "simply.combat_initiative_typed", "9 2")


def test_the_turn_sets_the_step_up_for_whoever_acts() -> None:
    model = started()
    assert texts(model, "sc-current") == ["Now: Mara"]
    assert texts(model, "sc-attack-summary") == ["Mara attacks Bo with Longsword: TN 8"]
    assert "Longsword 8: 28%" in texts(model, "sc-arms")[0]
    model = send(model, "simply.combat_hold")  # Bo's turn: his step, against Mara
    assert texts(model, "sc-attack-summary") == ["Bo attacks Mara with Unarmed: TN 8"]


def test_attack_typed_then_damage_rolled_then_applied_four_taps() -> None:
    """FIGHT.md: next turn, roll attack, roll damage, apply; each result where the tap was."""
    model = send(duel(), "simply.combat_initiative_typed", "9 2")  # tap 1 (typed)
    model = send(model, "simply.combat_attack_typed", "2 3")  # tap 2 (typed): 5 vs TN 8
    assert texts(model, "sc-attack-result-verdict") == ["Mara hits Bo"]
    order = [t for t in ids_in(shell.view(model)) if t in ("sc-damage-step", "sc-attack-step")]
    assert order == ["sc-damage-step", "sc-attack-step"]  # the damage step comes first
    model = send(model, "simply.combat_damage_roll", seed="d")  # tap 3: the core's D20
    d20 = model.state["simply_combat"]["form"]["damage"]["d20"]
    assert d20.isdigit() and texts(model, "sc-damage-preview")[0].startswith(
        f"Preview: Max Dmg 24, damage roll {d20} → raw"
    )
    model = send(model, "simply.combat_damage")  # tap 4
    assert texts(model, "sc-damage-result-verdict")[0].startswith("Bo: HP ")
    assert model.state["simply_combat"]["log"][0]["seed"] == "d"  # the D20's seed is kept
    # Issue 25 item 4: the result keeps the step's rules as data, for its "Why" only.
    state = model.state["simply_combat"]
    assert "SIM-" not in state["result"]["damage"]["text"]
    panel = outcome(state)
    assert panel is not None and "SIM-" not in text_of(
        find_all(panel, "sc-damage-result-verdict")[0]
    )
    assert text_of(find_all(panel, "sc-damage-result-why")[0]).startswith("WhySIM-40, SIM-44")
    assert model.history.undo_label == "Damage to Bo"


def test_one_action_for_attack_then_its_roll() -> None:
    """SIM-37: "Attack" then "Roll attack" spends one action (issue 14)."""
    model = send(started(), "simply.combat_act", "Attack")
    model = send(model, "simply.combat_attack_typed", "9 9")
    combat = model.state["simply_combat"]["combat"]
    assert combat["actions"]["c1"] == 1 and texts(model, "sc-error-attack") == [""]


def test_an_attack_with_no_one_left_to_aim_at_says_so_in_words() -> None:
    """With Bo dead no target is left: the attack is refused naming what to do, not with
    "combatant '' is not in this fight" (seen in a bench run)."""
    model = send(started(), "simply.combat_form", "attack", "target", "")
    model = send(model, "simply.combat_attack_typed", "2 3")
    assert texts(model, "sc-error-attack") == [
        "Mara has no target: tap the card of whom Mara attacks"
    ]


def test_aiming_at_a_card_and_choosing_a_weapon_set_the_step_up_afresh() -> None:
    refused = send(started(), "simply.combat_aim", "c1")  # Mara at herself: refused in words
    assert texts(refused, "sc-error-attack") == [
        "Mara cannot attack themselves: choose another target"
    ]
    model = send(started(), "simply.combat_aim", "c2")
    model = send(model, "simply.combat_arm", "c1", "1")  # unarmed
    attack = model.state["simply_combat"]["form"]["attack"]
    assert (attack["weapon"], attack["tn"]) == ("1", "6")
    assert model.state["simply_combat"]["form"]["damage"]["max_damage"] == "6"


def test_typed_dice_out_of_range_are_refused_in_words() -> None:
    model = send(started(), "simply.combat_attack_typed", "21")
    assert texts(model, "sc-error-attack") == ["attacker's roll: 2d10 can show 2 to 20, not 21"]
    assert model.state["simply_combat"]["combat"]["actions"]["c1"] == 2  # nothing spent


def test_luck_declared_is_spent_by_the_rule_in_the_fight() -> None:
    """SIM-10: with 10 LP and luck declared, a miss by 6 is bought for 6 (issue 14)."""
    model = send(started(), "simply.combat_form", "attack", "luck", "yes")
    model = send(model, "simply.combat_attack_typed", "7 7")  # 14 vs TN 8: by 6
    assert texts(model, "sc-attack-result-verdict") == ["Mara hits Bo"]
    assert model.state["simply_combat"]["combat"]["combatants"][0]["luck"] == 4
    # The log says the dice and their total once, as a roll without luck does (play-through
    # simply: "2d10 (7, 7) = 14: 2D10 = 14 vs TN 8").
    logged = texts(model, "sc-log-entry")[0]
    assert "Mara attacks Bo: 2d10 (7, 7) = 14 vs TN 8: failure by 6; luck: 6 LP spent" in logged


def test_a_check_typed_and_the_reload_continues_the_step() -> None:
    model = send(started(), "simply.combat_form", "damage", "d20", "20")  # MDT 24, D20 20
    model = send(model, "simply.combat_damage")
    assert len(texts(model, "sc-check")) >= 1
    reloaded = Model(History.from_json(model.history.to_json()), route="simply")
    reloaded = send(reloaded, "simply.tab", "combat")
    assert texts(reloaded, "sc-damage-result") == texts(model, "sc-damage-result")
    assert texts(reloaded, "sc-check") == texts(model, "sc-check")
    checks = len(texts(reloaded, "sc-check"))
    after = send(reloaded, "simply.combat_check_typed", 0, "2 2")
    assert len(texts(after, "sc-check")) == checks - 1
    assert texts(after, "sc-check-result-verdict")[0].startswith("Bo passes the ")
    # The roll beside its TN, as an attack's result shows it (a GM's play-through saw "TN 12"
    # alone, the 17 rolled only under Why).
    assert "4 vs TN " in texts(after, "sc-check-result")[0]


def test_the_sheet_follows_the_fight_and_takes_its_end() -> None:
    """FIGHT.md: damage and luck spent in the fight are what the sheet shows, during and after."""
    model = send(started(), "simply.combat_form", "damage", "d20", "10")  # MDT 24, D20 10: 12
    model = send(model, "simply.combat_damage")
    model = send(model, "simply.tab", "characters")
    model = send(model, "simply.char_select", 1)
    assert texts(model, "char-live") == ["In the fight now: HP 12/24, 10 LP, bleeding"]
    # Issue 26 item 4: the record itself shows the fight's values while it runs.
    (sheet,) = texts(model, "char-record")
    assert "Hit Points: 12/24 in the fight now; bleeding" in sheet, sheet
    assert "Luck: 10 in the fight now (sheet: 10)" in sheet
    model = send(model, "simply.tab", "combat")
    model = send(model, "simply.combat_end")
    bo = model.state["simply_characters"]["list"][1]
    assert (bo["hp"], bo["luck"], bo["conditions"]) == (12, 10, ["bleeding"])
    assert model.state["simply_combat"]["combat"]["combatants"] == []
    assert model.history.undo_label == "End fight: Mara, Bo updated"
    undone = send(model, "shell.undo")
    assert undone.state["simply_characters"]["list"][1].get("hp") is None
    assert len(undone.state["simply_combat"]["combat"]["combatants"]) == 2
    again = send(model, "simply.combat_add_char", "1")
    assert again.state["simply_combat"]["combat"]["combatants"][0]["hp"] == 12


def test_luck_declared_on_an_injury_check_is_spent_by_the_rule() -> None:
    """SIM-10 on the checks (SIM-38): declared before the roll, a failed check is bought with the
    LP it needs; the declaration is for that one roll."""
    model = send(started(), "simply.combat_form", "damage", "d20", "20")  # MDT 24, D20 20
    model = send(model, "simply.combat_damage")
    check = texts(model, "sc-check")[0]
    assert "TN 12" in check, check
    model = send(model, "simply.combat_form", "check", "luck", "yes")
    model = send(model, "simply.combat_check_typed", 0, "8 8")  # 16 vs TN 12: short by 4
    assert texts(model, "sc-check-result-verdict")[0].startswith("Bo passes the ")
    bo = model.state["simply_combat"]["combat"]["combatants"][1]
    assert bo["luck"] == 5  # 002 lines 73-79: 1:1, at least 5
    assert model.state["simply_combat"]["form"]["check"]["luck"] == "no"


def test_deleting_a_sheet_mid_fight_never_points_a_fighter_at_another_sheet() -> None:
    """FIGHT.md (fighters linked to their sheets by a stable id): Mara's record deleted
    mid-fight; Bo's fighter keeps its link to Bo's record wherever it now is in the list, and
    the fight's end writes to Bo, not to whoever is first."""
    model = send(started(), "simply.combat_form", "damage", "d20", "10")  # Bo: 12 damage
    mara_id, bo_id = (c["uid"] for c in model.state["simply_characters"]["list"])
    model = send(model, "simply.combat_damage")
    model = send(model, "simply.tab", "characters")
    model = send(model, "simply.char_del", 0)  # Mara's record leaves the list
    fighters = model.state["simply_combat"]["combat"]["combatants"]
    assert [f.get("character") for f in fighters] == [None, bo_id]
    model = send(model, "simply.tab", "combat")
    model = send(model, "simply.combat_end")
    (bo,) = model.state["simply_characters"]["list"]
    assert (bo["name"], bo["hp"]) == ("Bo", 12)
    model = send(model, "shell.undo")
    model = send(model, "shell.undo")  # the deletion is one step: the record and the links
    assert [c["name"] for c in model.state["simply_characters"]["list"]] == ["Mara", "Bo"]
    assert [f.get("character") for f in model.state["simply_combat"]["combat"]["combatants"]] == [
        mara_id,
        bo_id,
    ]


def _form(model: Model, group: str) -> dict[str, str]:
    return dict(model.state["simply_combat"]["form"][group])


def _fresh(model: Model) -> dict[str, dict[str, str]]:
    """The attack and damage forms a fresh set-up gives for the attack as chosen now."""
    from rkweb.features.simply.combat import state as saved

    state = saved.load(model)
    return saved.plan_form(saved.fight_of(model, state), state["form"]["attack"])


def _options(model: Model, testid: str) -> list[str]:
    (select,) = [n for n in find_all(shell.view(model), testid) if n.tag == "select"]
    return [str(o.attr("value")) for o in select.children if not isinstance(o, str)]


def test_after_the_turn_passes_on_a_hit_the_next_attacker_hits_with_his_own_max_dmg() -> None:
    """Issue 25: Mara's last action hits (Longsword, Max Dmg 24), the turn passes to Bo, her
    damage is applied; Bo's hit is then worked out at his own Max Dmg, not at Mara's 24."""
    model = send(started(), "simply.combat_attack_typed", "2 3")  # Mara hits Bo
    model = send(model, "simply.combat_form", "damage", "d20", "1")
    model = send(model, "simply.combat_damage")
    model = send(model, "simply.combat_attack_typed", "2 3")  # her last action hits: Bo's turn
    assert texts(model, "sc-current") == ["Now: Bo"]
    assert _form(model, "damage")["max_damage"] == "24"  # Mara's hit, still to apply
    model = send(model, "simply.combat_form", "damage", "d20", "1")
    model = send(model, "simply.combat_damage")
    assert _form(model, "damage") == _fresh(model)["damage"]  # Bo's attack, from his sheet
    model = send(model, "simply.combat_attack_typed", "2 3")  # Bo hits Mara
    assert texts(model, "sc-attack-result-verdict") == ["Bo hits Mara"]
    bo_max = str(_fresh(model)["damage"]["max_damage"])
    assert bo_max != "24" and _form(model, "damage")["max_damage"] == bo_max


def test_luck_and_defend_are_declared_for_one_attack_and_defend_needs_an_action() -> None:
    """Issue 25: "Uses luck" and "Defend" outlived their attack (5 LP spent nobody declared; a
    Defend demanded of a fighter with no action left). Both are back to no for the next attack;
    with no action left, Defend is not offered."""
    model = send(started(), "simply.combat_form", "attack", "luck", "yes")
    model = send(model, "simply.combat_form", "attack", "defend", "yes")
    model = contest(model, "10 10", "9 9")  # 20 misses; Bo defends
    assert _form(model, "attack") == _fresh(model)["attack"]
    assert (_form(model, "attack")["luck"], _form(model, "attack")["defend"]) == ("no", "")
    assert _options(model, "sc-attack-defend") == ["", "yes"]  # Bo has 1 action left
    model = send(model, "simply.combat_hold")  # Mara holds her last action: Bo's turn
    model = send(model, "simply.combat_act", "Move")  # Bo's last action; Mara's held one now
    assert model.state["simply_combat"]["combat"]["actions"]["c2"] == 0
    assert _form(model, "attack")["target"] == "c2"
    assert _options(model, "sc-attack-defend") == [""]  # no action left: no Defend to offer


def test_a_hit_is_applied_once_the_apply_button_goes() -> None:
    """Issue 25: the same hit could be applied twice."""
    model = send(started(), "simply.combat_attack_typed", "2 3")
    model = send(model, "simply.combat_form", "damage", "d20", "10")  # Max Dmg 24, D20 10: 12
    assert texts(model, "sc-apply-damage") == ["Apply damage"]
    model = send(model, "simply.combat_damage")
    assert texts(model, "sc-hp-c2") == ["HP 12/24"]
    assert texts(model, "sc-apply-damage") == []
    again = send(model, "simply.combat_damage")  # a stale tap: nothing applied twice
    assert texts(again, "sc-hp-c2") == ["HP 12/24"]


def test_luck_is_offered_only_with_5_lp_and_the_chance_shown_is_the_one_that_applies() -> None:
    """Issue 26 item 5: "Yes (3 LP)" was offered and then refused (SIM-10: 5 LP at least); with
    luck declared the step still showed the chance without it; the weapon chip's odds and the
    step's did not say which applies."""
    model = send(started(), "simply.combat_aim", "c2")
    assert texts(model, "sc-hit-chance")[0].startswith("Chance to hit: 28%")  # TN 8
    assert "chance before any Defend or luck" in texts(model, "sc-panel")[0]
    model = send(model, "simply.combat_form", "attack", "luck", "yes")  # Mara's 10 LP staked
    chance = texts(model, "sc-hit-chance")[0]
    # with 10 LP a roll up to 18 is bought, a 20 never: 1 - P(19) - P(20) = 97/100
    assert chance.startswith("Chance to hit: 97%") and "luck declared (10 LP)" in chance, chance
    assert "28% with no Defend and no luck" in chance
    model = send(model, "simply.combat_form", "attack", "defend", "yes")
    assert "a contest against the Defend" in texts(model, "sc-hit-chance")[0]
    poor = send(started(), "simply.combat_hold")  # Bo's turn: Mara is his target
    fight = json.loads(json.dumps(model.state["simply_combat"]["combat"]))  # saved: not changed
    fight["combatants"][1]["luck"] = 3
    from rkweb.features.simply.combat import fields
    from rkweb.features.simply.combat import state as saved

    assert fields.luck_choice(saved.fight_of(model, {"combat": fight}), "c2") == [
        ("no", "No (3 LP: luck needs at least 5)")
    ]
    assert _options(poor, "sc-attack-luck") == ["no", "yes"]  # Bo has 10 LP


def _exact(model: Model, testid: str) -> str:
    """The exact chance shown by ``testid`` (or by the odds inside it)."""

    def inside(node: VNode | str) -> list[str]:
        if isinstance(node, str):
            return []
        own = [str(node.attr("data-exact"))] if node.attr("data-exact") else []
        return own + [x for child in node.children for x in inside(child)]

    (shown,) = [x for n in find_all(shell.view(model), testid) for x in inside(n)]
    return shown


def test_luck_or_a_defend_is_declared_by_its_chip_with_its_chance_beside() -> None:
    """Issue 26: a luck attack took five taps (the set-up fold opened, luck chosen, then the
    roll). Luck by its one control, the chip beside the roll (a "Roll with luck" button beside
    it declared the same: stop 54), then the roll; a Defend by its chip, or its "Roll" beside
    it in one tap (a "Roll against Bo's Defend" row above it named it twice: 2026-11-30).
    Beside each the exact chance that will apply, the one the step shows once the same is
    declared in the fold; the declaration is this roll's only."""
    model = started()
    assert texts(model, "sc-attack-roll-luck") == []  # one control for luck: the chip
    assert texts(model, "sc-attack-chip-luck") == [
        "Mara uses luck (10 LP)spends 5+ as the roll needs"
    ]
    assert texts(model, "sc-attack-roll-defend") == ["Roll"]  # beside its chip, in one tap
    for what, field, value in (("luck", "luck", "yes"), ("defend", "defend", "yes")):
        declared = send(model, "simply.combat_form", "attack", field, value)
        assert _exact(model, f"sc-hit-chance-{what}") == _exact(declared, "sc-hit-chance")
        if what == "defend":  # declared: the chance line has it
            assert texts(declared, "sc-hit-chance-defend") == []
            assert texts(declared, "sc-attack-roll-defend") == []
    assert _exact(model, "sc-hit-chance-luck") == "97/100"  # TN 8, 10 LP: 19 and 20 miss
    lucky = send(model, "simply.combat_declare", "luck")
    assert texts(lucky, "sc-hit-chance-luck") == []  # declared: the chance line has it
    rolled = send(lucky, "simply.combat_attack", seed="s")
    assert model.state["simply_combat"]["combat"]["attacks"] == 0
    assert rolled.state["simply_combat"]["combat"]["attacks"] == 1
    spent = 10 - rolled.state["simply_combat"]["combat"]["combatants"][0]["luck"]
    assert spent >= 5  # SIM-10: declared luck costs 5 at least, success or failure
    assert "luck" in rolled.state["simply_combat"]["log"][0]["text"]
    if rolled.state["simply_combat"]["combat"].get("due"):
        rolled = send(rolled, "simply.combat_form", "damage", "d20", "1")
        rolled = send(rolled, "simply.combat_damage")
    assert _form(rolled, "attack")["luck"] == "no"  # nothing outlives its attack
    defended = send(model, "simply.combat_attack_declared", "defend", seed="s")
    assert "defends" in defended.state["simply_combat"]["log"][0]["text"]
    assert defended.state["simply_combat"]["combat"]["actions"]["c2"] == 1  # SIM-D08: an action


def test_one_tap_luck_needs_5_lp_and_a_defend_an_action() -> None:
    """SIM-10: under 5 LP luck cannot be declared, so its chip is not offered (and the core
    refuses luck declared in the fold); SIM-D08: a target with no action left is offered no Defend."""
    model = send(started(), "simply.combat_form", "attack", "luck", "yes")
    model = send(model, "simply.combat_form", "attack", "defend", "yes")
    model = contest(model, "9 9", "10 10")  # 18 vs TN 8: 10 LP buy it
    assert model.state["simply_combat"]["combat"]["combatants"][0]["luck"] == 0
    if model.state["simply_combat"]["combat"].get("due"):
        model = send(model, "simply.combat_form", "damage", "d20", "1")
        model = send(model, "simply.combat_damage")
    assert texts(model, "sc-attack-chip-luck") == []
    refused = send(
        send(model, "simply.combat_form", "attack", "luck", "yes"), "simply.combat_attack"
    )
    assert "at least 5" in texts(refused, "sc-error-attack")[0]
    # Issue 25 item 4: the refusal's rule is data, shown only under its "Why".
    assert "SIM-" not in texts(refused, "sc-error-attack")[0]
    assert texts(refused, "sc-error-attack-why")[0].startswith("WhySIM-10: ")
    assert refused.state["simply_combat"]["combat"] == model.state["simply_combat"]["combat"]
    model = send(model, "simply.combat_form", "attack", "defend", "yes")
    model = contest(model, "10 10", "9 9")  # Bo's last action
    assert model.state["simply_combat"]["combat"]["actions"]["c2"] == 0
    assert texts(model, "sc-attack-chip-defend") == []


def test_a_new_fight_starts_blank_and_the_ended_fights_log_is_kept() -> None:
    """Issue 26 items 4 and 6: "End fight" emptied the log, and the next fight showed the last
    one's attack set-up and results."""
    model = send(started(), "simply.combat_form", "attack", "luck", "yes")
    model = send(model, "simply.combat_attack_typed", "10 10")  # a miss, logged
    logged = [e["text"] for e in model.state["simply_combat"]["log"]]
    model = send(model, "simply.combat_end")
    assert texts(model, "sc-log-entry") == []
    past = model.state["simply_combat"]["past"]
    assert [e["text"] for e in past[0]["log"]] == logged and past[0]["names"] == "Mara, Bo"
    assert "Mara attacks Bo" in texts(model, "sc-past-fights")[0]
    model = send(model, "simply.combat_add_char", "1")  # Bo alone in a new fight
    assert texts(model, "sc-attack-result") == []
    assert _form(model, "attack")["luck"] == "no"
    assert texts(model, "sc-combatant")[0].startswith("Bo")  # no "–." before the name


def test_the_quick_npc_button_says_what_it_needs_and_a_bandage_needs_no_roll() -> None:
    """Issue 26 items 3 and 6: after picking a character, "Add to the fight" said "name '' must
    be 1 to 60 characters"; "Treat (roll for me)" rolled nothing for an automatic bandage."""
    model = send(duel(), "simply.combat_add")
    (error,) = texts(model, "sc-error-add")
    assert "name ''" not in error and error.startswith("The quick NPC's Name is empty")
    model = send(started(), "simply.combat_form", "treat", "patient", "c2")
    assert texts(model, "sc-treat-roll") == ["Bandage: success without a roll"]
    assert texts(model, "sc-treat-typed") == []


def test_an_edits_undo_says_what_the_record_calls_it() -> None:
    """Issue 26 item 6: "Undo: …: armor id" named the field by its key."""
    model = duel()
    labels = []
    for field, value in (("armor_id", "chainmail"), ("skill_level:0", "Expert"), ("luck", "8")):
        model = send(model, "simply.char_field", field, value)
        labels.append(model.history.undo_label)
    assert labels == ["Edit Mara: armor", "Edit Mara: skill level", "Edit Mara: Luck"]


def test_an_empty_fight_says_there_is_no_one_to_roll_initiative_for() -> None:
    """Noticed in stop 38's play-through: the empty fight's entry read "1D10 each: " and its
    typed field "I rolled (1D10 each: )"."""
    model = send(Model(History.new(default_data()), route="simply"), "simply.tab", "combat")
    entry = text_of(shell.view(model))
    assert "1D10 each: no fighter to roll for yet" in entry
    assert "1D10 each: )" not in entry and "1D10 each: I" not in entry
    assert "1D10 each: Mara, Bo, then any roll-offs" in text_of(shell.view(duel()))


def test_a_declared_defend_is_said_with_its_own_tn_not_the_attacker_s_weapon() -> None:
    """playsm2 at 768x1024: with Mara's Defend declared the step read "Ann attacks Mara, who
    defends with Longbow: TN 16", as if Mara held Ann's bow, and the Defend TN 14 the contest
    used was only inside the fold. Each side's TN is said (SIM-D08)."""
    model = send(started(), "simply.combat_form", "attack", "defend", "yes")
    attack = model.state["simply_combat"]["form"]["attack"]
    assert texts(model, "sc-attack-summary") == [
        f"Mara attacks Bo with Longsword: TN {attack['tn']}; "
        f"Bo defends with Unarmed: TN {attack['defend_tn']}"
    ]


def test_a_declared_defend_names_the_defender_s_weapon_its_tn_comes_from() -> None:
    """Play-through simply: Cy (a Pistol, Missile Weapon: Handguns 10) defended against a sword
    at "TN 10", the step naming no weapon: the Defend's TN is the first weapon on the
    defender's sheet (SIM-37: a task with a weapon or hand-combat skill; the text does not say
    which), and a GM could not see it was the pistol's. Named, he sees it; a TN typed in the
    set-up is his own, and no weapon is named for it."""
    model = send(started(), "simply.combat_form", "attack", "defend", "yes")
    summary = texts(model, "sc-attack-summary")[0]
    assert summary.endswith("; Bo defends with Unarmed: TN 8"), summary
    model = send(model, "simply.combat_form", "attack", "defend_tn", "11")
    assert texts(model, "sc-attack-summary")[0].endswith("; Bo defends: TN 11")
    # A quick NPC has no weapon: its Defend is the attack skill the GM typed for it.
    model = send(duel(), "simply.combat_form", "add", "name", "Grunt")
    model = send(model, "simply.combat_form", "add", "attack_skill", "8")
    model = send(model, "simply.combat_add")
    model = send(model, "simply.combat_initiative_typed", "9 2 5")
    model = send(model, "simply.combat_aim", "c3")
    model = send(model, "simply.combat_form", "attack", "defend", "yes")
    summary = texts(model, "sc-attack-summary")[0]
    assert summary.endswith("; Grunt defends with its attack skill: TN 8"), summary


def _pressed(model: Model, testid: str) -> list[str]:
    return [n.attr("aria-pressed") or "" for n in find_all(shell.view(model), testid)]


def test_a_defend_and_each_side_s_luck_are_chips_beside_the_roll_for_typed_dice() -> None:
    """Play-through smfix at 768x1024, three fighters: with dice typed at the table a Defend or
    the defender's luck was declared in the set-up fold, its selects at y 1058-1212 below the
    screen and the fold closing after each choice. Chips beside the roll declare them, pressed
    while declared; "with luck" brings the Defend it goes with (SIM-D08, SIM-10)."""
    model = started()
    assert texts(model, "sc-attack-chip-luck") == [
        "Mara uses luck (10 LP)spends 5+ as the roll needs"
    ]
    assert texts(model, "sc-attack-chip-defend") == ["Bo defends"]
    assert texts(model, "sc-attack-chip-defend-luck") == ["with luck (10 LP)"]
    assert _pressed(model, "sc-attack-chip-defend") == ["false"]
    declared = send(model, "simply.combat_declare", "defend_luck")
    assert _pressed(declared, "sc-attack-chip-defend") == ["true"]
    assert _pressed(declared, "sc-attack-chip-defend-luck") == ["true"]
    assert texts(declared, "sc-hit-chance")[0].startswith("Chance to hit: ")
    assert "the defender's luck (10 LP)" in texts(declared, "sc-hit-chance")[0]
    assert declared.history.undo_label == model.history.undo_label  # a choice: no undo step
    withdrawn = send(declared, "simply.combat_declare", "defend")  # its luck goes with it
    assert (_form(withdrawn, "attack")["defend"], _form(withdrawn, "attack")["defend_luck"]) == (
        "",
        "no",
    )
    assert _pressed(withdrawn, "sc-attack-chip-defend-luck") == ["false"]
    # Typed at the table: Mara 2+3 = 5 vs TN 8; Bo's 20 fails even with luck (SIM-10).
    rolled = contest(declared, "2 3", "10 10")
    log = rolled.state["simply_combat"]["log"][0]["text"]
    assert "Bo" in log and "defends" in log, log
    bo = rolled.state["simply_combat"]["combat"]["combatants"][1]
    assert bo["luck"] == 5  # staked and spent by the rule: at least 5 (SIM-10)
    assert rolled.state["simply_combat"]["combat"]["actions"]["c2"] == 1  # SIM-D08: an action
    assert _pressed(rolled, "sc-attack-chip-defend") == ["false"]  # this attack's only
    lucky = send(model, "simply.combat_declare", "luck")
    assert _form(lucky, "attack")["luck"] == "yes"
    assert _pressed(lucky, "sc-attack-chip-luck") == ["true"]
    assert _form(send(lucky, "simply.combat_declare", "luck"), "attack")["luck"] == "no"


def test_a_target_who_falls_is_not_the_next_attack_s_target() -> None:
    """Play-through simply: Mara's sword put Cy down (a failed Stamina Check: unconscious, no
    actions, SIM-38, SIM-45) and her second attack stayed aimed at him; a tap on "Roll attack"
    would have struck the fallen one. The attack under way turns to the first one standing,
    whether a check or the damage itself disables the target (SIM-48); one the GM taps
    afterwards is his choice."""
    model = send(duel(), "simply.combat_form", "add", "name", "Grunt")
    model = send(model, "simply.combat_add")
    model = send(model, "simply.combat_initiative_typed", "9 2 5")  # Mara, Bo, Grunt
    model = send(model, "simply.combat_attack_typed", "2 3")  # Mara hits Bo
    model = send(model, "simply.combat_form", "damage", "d20", "14")  # MDT 24: raw 17
    model = send(model, "simply.combat_damage")  # HP 24 → 7: Knockback, then Stamina, TN 12
    assert texts(model, "sc-attack-summary")[0].startswith("Mara attacks Bo ")
    model = send(model, "simply.combat_check_typed", 1, "10 10")  # a 20 fails
    assert texts(model, "sc-check-result-verdict") == ["Bo: unconscious"]
    assert texts(model, "sc-attack-summary")[0].startswith("Mara attacks Grunt ")
    aimed = send(model, "simply.combat_aim", "c2")
    assert texts(aimed, "sc-attack-summary")[0].startswith("Mara attacks Bo ")

    # The damage itself: HP ≤ 1 is unconscious with no check (SIM-48).
    model = send(duel(), "simply.combat_form", "add", "name", "Grunt")
    model = send(model, "simply.combat_add")
    model = send(model, "simply.combat_initiative_typed", "9 2 5")
    model = send(model, "simply.combat_attack_typed", "2 3")
    model = send(model, "simply.combat_form", "damage", "d20", "20")  # MDT 24: raw 24
    model = send(model, "simply.combat_damage")  # HP 24 → 0
    assert "unconscious" in texts(model, "sc-status-c2")[0]
    assert texts(model, "sc-attack-summary")[0].startswith("Mara attacks Grunt ")


def test_a_quick_npc_s_attack_is_said_in_the_game_s_words() -> None:
    """Play-through simply: Grunt, a quick NPC with an attack skill 8 typed in the add form and
    no weapon, read "Grunt attacks Mara with Attack: TN 8", as if it held a weapon called
    "Attack". Its attack is its attack skill, said as its Defend says it; one with no skill
    typed has only its TN to type."""
    model = send(duel(), "simply.combat_form", "add", "name", "Grunt")
    model = send(model, "simply.combat_form", "add", "attack_skill", "8")
    model = send(model, "simply.combat_add")
    model = send(model, "simply.combat_form", "add", "name", "Rat")
    model = send(model, "simply.combat_form", "add", "attack_skill", "")
    model = send(model, "simply.combat_add")
    model = send(model, "simply.combat_initiative_typed", "2 3 9 5")  # Grunt, Rat, Bo, Mara
    assert texts(model, "sc-attack-summary") == ["Grunt attacks Mara (its attack skill): TN 8"]
    model = send(model, "simply.combat_form", "attack", "defend", "yes")
    assert texts(model, "sc-attack-summary") == [
        "Grunt attacks Mara (its attack skill): TN 8; Mara defends with Longsword: TN 8"
    ]
    model = send(model, "simply.combat_hold")  # the Rat: no skill typed, no weapon
    assert texts(model, "sc-attack-summary")[0].startswith("Rat attacks Mara: TN to type")


def test_a_contest_s_two_rolls_are_typed_each_in_its_own_field() -> None:
    """Play-through simply: with a Defend declared, the contest's rolls (the attacker's 2D10,
    then the defender's, SIM-D08) were typed in one field, and "3 3" read as two totals, the
    attacker's 3 and the defender's 3, where a GM who typed Mara's dice meant 3 + 3 = 6. Each
    roll has its field, named by who rolls it; each takes one 2D10, its dice or their total,
    and the contest rolls once both are typed, in either order."""
    model = send(started(), "simply.combat_declare", "defend")
    said = [text_of(n) for n in _labels(shell.view(model), ("sc-attack-typed", "sc-defend-typed"))]
    assert said == ["Mara rolled (2D10)", "Bo's Defend (2D10)"], said
    waiting = send(model, "simply.combat_attack_typed", "3 3")
    assert waiting.state["simply_combat"]["log"] == model.state["simply_combat"]["log"]
    assert _typed_value(waiting, "sc-attack-typed") == "3 3"  # shown until Bo's comes
    said = [text_of(n) for n in _labels(shell.view(waiting), ("sc-attack-typed",))]
    assert said == ["Mara rolled 3 + 3 = 6"], said  # said back as read
    assert waiting.history.undo_label == model.history.undo_label  # typing: no undo step
    rolled = send(waiting, "simply.combat_defend_typed", "9")
    log = rolled.state["simply_combat"]["log"][0]["text"]
    assert "Mara 2d10 (3, 3) = 6 vs TN 8: success by 2" in log, log
    assert "Bo 2d10 = 9 (total typed) vs TN 8" in log, log
    # Rolled: the next attack's roll is Mara's alone, its field empty.
    assert _typed_value(rolled, "sc-attack-typed") == ""
    assert texts(rolled, "sc-defend-typed") == []
    # The defender's first: the same contest.
    first = send(model, "simply.combat_defend_typed", "9")
    said = [text_of(n) for n in _labels(shell.view(first), ("sc-defend-typed",))]
    assert said == ["Bo's Defend 9 (total)"], said
    assert (
        send(first, "simply.combat_attack_typed", "3 3").state["simply_combat"]["log"][0]["text"]
        == log
    )
    # Four numbers in one side's field are no 2D10: refused in words, nothing rolled.
    refused = send(model, "simply.combat_attack_typed", "3 3 9 9")
    assert "Mara's roll" in texts(refused, "sc-error-attack")[0]
    assert refused.state["simply_combat"]["log"] == model.state["simply_combat"]["log"]
    # A Defend withdrawn takes a side typed against it: the attack rolls alone again.
    alone = send(send(waiting, "simply.combat_declare", "defend"), "simply.combat_attack_typed", "")
    assert _typed_value(alone, "sc-attack-typed") == ""
    assert texts(alone, "sc-defend-typed") == []


def _labels(view: VNode, fids: tuple[str, ...]) -> list[VNode]:
    def walk(node: VNode | str) -> list[VNode]:
        if isinstance(node, str):
            return []
        own = [node] if node.tag == "label" and node.attr("for") in fids else []
        return own + [n for child in node.children for n in walk(child)]

    return walk(view)


def _typed_value(model: Model, testid: str) -> str:
    return str(find_all(shell.view(model), testid)[0].attr("value") or "")


def test_the_clock_s_five_minutes_sit_beside_it_while_someone_bleeds() -> None:
    """Play-through simply: with Bo bleeding the only "+5 min" sat in the Time and treatment
    card at y 1,208-1,256 of a 1,024 px screen. While someone bleeds (SIM-46: 1 HP per 5 minutes
    of the game clock the GM advances, SIM-D14) it sits beside the clock in the turn's panel;
    no one bleeding, none there."""
    model = started()
    assert texts(model, "sc-clock-bleed") == []
    model = send(model, "simply.combat_attack_typed", "2 3")  # Mara hits Bo
    model = send(model, "simply.combat_form", "damage", "d20", "14")  # MDT 24: raw 17
    model = send(model, "simply.combat_damage")  # HP 24 → 7: 17 taken, bleeding
    assert "bleeding" in texts(model, "sc-status-c2")[0]
    panel = find_all(shell.view(model), "sc-panel")[0]
    assert [text_of(n) for n in find_all(panel, "sc-clock-bleed")] == ["+5 min"]
    assert find_all(panel, "sc-clock-bleed")[0].attr("title") == (
        "Bo: 1 HP lost per 5 minutes of game time"
    )
    bled = send(model, "simply.combat_clock", 5)
    bo = bled.state["simply_combat"]["combat"]["combatants"][1]
    assert bo["hp"] == 6 and bled.history.undo_label == "+5 min"


def _critical_bo() -> Model:
    """Bo at HP −6 (critical condition, SIM-49) and a stabilization set up for him: First Aid
    12, Difficult (attempt 1): TN 8 (SIM-54). Mara has learned First Aid (a mental skill not
    learned gives no roll, SIM-03); the rating typed stands for hers."""
    model = send(started(), "simply.tab", "characters")
    model = send(model, "simply.char_select", 0)
    model = send(model, "simply.char_field", "add_skill", "First Aid")
    model = send(model, "simply.tab", "combat")
    model = send(model, "simply.combat_attack_typed", "2 3")
    for field, value in (("source", "weapon"), ("raw", "30")):
        model = send(model, "simply.combat_form", "damage", field, value)
    model = send(model, "simply.combat_damage")
    for field, value in (("patient", "c2"), ("treatment", "stabilize"), ("rating", "12")):
        model = send(model, "simply.combat_form", "treat", field, value)
    return model


def test_a_stabilization_s_two_rolls_are_typed_each_in_its_own_field() -> None:
    """Play-through simply: a stabilization's rolls (the treater's 2D10, SIM-52, then 1D10
    hours, SIM-54) were typed in one field: "12 4" read as a total 12 and 4 hours, and "3 4"
    as a total 3 and 4 hours, where a GM who typed the treater's dice meant 3 + 4 = 7. Each
    roll has its own field, named by who rolls what dice, and takes one roll; the treater's
    roll is said back as read while the hours are due."""
    model = _critical_bo()
    fids = ("sc-treat-typed", "sc-treat-hours")
    said = [text_of(n) for n in _labels(shell.view(model), fids)]
    assert said == ["Treater rolled (2D10)", "Hours it holds (1D10)"], said
    # "12 4" is no 2D10: refused in words naming the field and what it takes, nothing rolled.
    refused = send(model, "simply.combat_treat_typed", "12 4")
    (error,) = texts(refused, "sc-error-treat")
    assert error.startswith("Treater's roll: ") and "or their total (2 to 20)" in error, error
    assert refused.state["simply_combat"]["log"] == model.state["simply_combat"]["log"]
    # "3 4": the treater's dice, 7 vs TN 8: it holds, and waits for its hours.
    waiting = send(model, "simply.combat_treat_typed", "3 4")
    assert waiting.state["simply_combat"]["log"] == model.state["simply_combat"]["log"]
    said = [text_of(n) for n in _labels(shell.view(waiting), fids)]
    assert said == ["Treater rolled 3 + 4 = 7", "Hours it holds (1D10)"], said
    assert texts(waiting, "sc-treat-holds") == [care.HOLDS]
    assert waiting.history.undo_label == model.history.undo_label  # typing: no undo step
    done = send(waiting, "simply.combat_hours_typed", "4")
    log = done.state["simply_combat"]["log"][0]["text"]
    assert "2d10 (3, 4) = 7 vs TN 8: success by 1; bleeding stops for 1D10 (4) hours" in log, log
    assert texts(done, "sc-treat-result") == [log]  # said back where it was typed
    assert [_typed_value(done, f) for f in fids] == ["", ""]  # the next treatment's fields
    # The hours first: the same stabilization.
    first = send(model, "simply.combat_hours_typed", "4")
    assert [text_of(n) for n in _labels(shell.view(first), ("sc-treat-hours",))] == [
        "Hours it holds 4"
    ]
    again = send(first, "simply.combat_treat_typed", "3 4")
    assert again.state["simply_combat"]["log"][0]["text"] == log
    # A failure needs no hours: "9 9" is 18 vs TN 8, rolled at once.
    failed = send(model, "simply.combat_treat_typed", "9 9")
    assert "2d10 (9, 9) = 18 vs TN 8: failure" in failed.state["simply_combat"]["log"][0]["text"]
    # Typed for another patient or treatment: not this one's.
    other = send(waiting, "simply.combat_form", "treat", "treatment", "treatment")
    assert [text_of(n) for n in _labels(shell.view(other), fids)] == ["Treater rolled (2D10)"]


def test_a_treatment_s_roll_is_one_2d10_named_by_who_rolls_it() -> None:
    """A treatment's one roll (SIM-52): its field says who rolls what dice, "12 4" is refused
    in words that say what it takes (it said only "a die from 1 to 10 cannot show 12"), and
    the roll is said back under it."""
    model = send(_critical_bo(), "simply.combat_hours_typed", "4")  # kept for the stabilize
    model = send(model, "simply.combat_form", "treat", "treatment", "treatment")
    said = [text_of(n) for n in _labels(shell.view(model), ("sc-treat-typed", "sc-treat-hours"))]
    assert said == ["Treater rolled (2D10)"], said
    (error,) = texts(send(model, "simply.combat_treat_typed", "12 4"), "sc-error-treat")
    assert "type its 2 dice (1 to 10 each, as 3 4) or their total (2 to 20)" in error, error


def test_a_check_s_why_says_its_cause_in_the_text_s_words() -> None:
    """A check's "Why" named the rule but not its cause ("SIM-47: Stamina Check"): it says the
    check with its cause, when the text makes it (seed 002 lines 601-607: SIM-44, SIM-45,
    SIM-47) and what a failure does. Raw 19 from Mara's weapon on Bo (S 6, HP 24 to 5) calls
    for all three."""
    model = send(started(), "simply.combat_attack_typed", "2 3")
    for field, value in (("source", "weapon"), ("raw", "19")):
        model = send(model, "simply.combat_form", "damage", field, value)
    model = send(model, "simply.combat_damage")
    roll = " 2D10 under the TN; a 20 fails."
    assert [text_of(n) for n in find_all(shell.view(model), "sc-check-why")] == [
        "WhySIM-44, SIM-09: Knockback Check, made when Raw Damage exceeds 2 × S; a failure:"
        " knocked down." + roll,
        "WhySIM-45, SIM-09: Stamina Check (an injury over half HP), made when an Injury is"
        " greater than ½ HP; a failure: unconscious." + roll,
        "WhySIM-47, SIM-09: Stamina Check (at ¼ HP or less), made when reduced to ¼ HP or less,"
        " and again with each additional injury; a failure: unconscious." + roll,
    ]
