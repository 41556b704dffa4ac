"""The players' view of every system's fight: it names whose turn it is, lists the order, shows
the conditions anyone can see and the last result in words, and never a hidden number (HP, DR,
skill, BCS, TN, damage, dice); which fight is shown; the view round-trips through a snapshot."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.errors import RulekeeperError
from pycore.share import ShareRecord, decode, encode
from pycore.share.public import PublicFight
from pycore.share.public_pick import changed_at, pick_fight, public_view
from pycore.store import History
from pycore.systems.aftermath.attack import combat as aft_combat
from pycore.systems.aftermath.attack.steps import Resolution
from pycore.systems.aftermath.conditions import moment
from pycore.systems.aftermath.fight.public import aftermath_public, public_aftermath
from pycore.systems.aftermath.sheet.sheet import MANUAL_CONDITIONS, add_condition, new_sheet
from pycore.systems.gurps import fight as gurps
from pycore.systems.gurps.fight.players import public_gurps
from pycore.systems.gurps.fight.public import gurps_public
from pycore.systems.gurps.modifiers import posture_names
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup
from pycore.systems.percentile.fight import Fight as PctFight
from pycore.systems.percentile.fight import add_member
from pycore.systems.percentile.fight import attack as fight_attack
from pycore.systems.percentile.fight import turns as fight_round
from pycore.systems.percentile.fight.codec import fight_into_json
from pycore.systems.percentile.fight.players import percentile_public, public_percentile
from pycore.systems.percentile.fight.setup import setup_of
from pycore.systems.percentile.roster import fighter_from_json

NOW = "2026-11-23T10:00:00+00:00"
NAMES = st.text("abcefgijklmnoqrtuwxyz", min_size=1, max_size=8).map(str.title)
HIDDEN_WORDS = ("HP", "DR", "skill", "BCS", "TN", "damage", "Damage", "AP", "vs", "3d6", "sd")


def _words_of(view: dict[str, Any]) -> list[str]:
    rows = view["order"]
    return [view["result"], view["phase"], *(r["status"] for r in rows)]


def _no_hidden(view: dict[str, Any]) -> None:
    """No digit in any text the players read (the names here have none), no rule number."""
    for text in _words_of(view):
        if text.isdigit():
            continue  # an Aftermath Action Phase or a Percentile piece: public time
        assert not any(c.isdigit() for c in text), text
        assert not any(w in text.split() for w in HIDDEN_WORDS), text
    assert "hp" not in json.dumps(view)
    PublicFight.of(view)  # and it is a valid view


def _snapshot(view: dict[str, Any]) -> None:
    record = ShareRecord("simply.fight", "fight", NOW, 1, "Fight", view)
    back = decode(encode(record)).data
    assert PublicFight.of(back) == PublicFight.of(view)


# --- 3d6 (GURPS Lite style) ------------------------------------------------------------------


def _gurps_fight(data: st.DataObject) -> tuple[gurps.Fight, list[str]]:
    people = []
    for i, name in enumerate(data.draw(st.lists(NAMES, min_size=2, max_size=5, unique=True))):
        people.append(
            Combatant(
                id=f"g{i}",
                name=name,
                hp=data.draw(st.integers(5, 30)),
                dr=data.draw(st.integers(0, 5)),
                weapon_skill=data.draw(st.integers(8, 18)),
                basic_speed=str(data.draw(st.integers(4, 7))),
                stunned=data.draw(st.booleans()),
                posture=data.draw(st.sampled_from(posture_names())),
                maneuver="Attack",
            )
        )
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    fight, drawn = gurps.start(gurps.Fight(tuple(people)), rng)
    log = [drawn]
    for _ in range(data.draw(st.integers(0, 6))):
        try:
            now = fight.current()
            assert now is not None
            target = gurps.next_target(fight, now.id) if hasattr(gurps, "next_target") else None
            defender = target or next(c.id for c in fight.combatants if c.id != now.id)
            # GUR-06: he chooses his maneuver as his turn begins (refused while stunned).
            fight, rolled = gurps.attack(
                fight, now.id, defender, AttackSetup(), rng, choose="Attack"
            )
            log.append(rolled)
            if fight.pending and fight.pending.stage == "defense":
                fight, defended = gurps.defend(fight, "dodge", rng)
                log.append(defended)
            if fight.pending and fight.pending.stage == "damage":
                fight, hurt = gurps.damage(fight, rng)
                log.append(hurt)
        except RulekeeperError:
            fight = gurps.cancel(fight)[0] if fight.pending else fight
        fight, begun = gurps.next_turn(fight)
        log.append(begun)
    return fight, [{"text": str(r), "public": gurps_public(r), "at": NOW} for r in log]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_3d6_fights_public_view_names_the_turn_and_hides_numbers(data: st.DataObject) -> None:
    fight, log = _gurps_fight(data)
    section = {**gurps.fight_to_json(fight), "log": log[::-1]}
    view = public_gurps(section)
    now = fight.current()
    assert now is not None
    assert [r["name"] for r in view["order"]] == [fight.combatant(p.id).name for p in fight.order]
    assert [r["name"] for r in view["order"] if r["current"]] == [now.name]
    assert view["turn"] == fight.round and view["result"]
    for row, place in zip(view["order"], fight.order, strict=True):
        c = fight.combatant(place.id)
        assert ("stunned" in row["status"].split(", ")) == c.stunned
        assert (c.posture.lower() in row["status"]) == (c.posture != "Standing")
    _no_hidden(view)
    _snapshot(view)
    assert str(PublicFight.of(view)).startswith(f"Round {fight.round}: {now.name} to act")


def test_a_3d6_attack_reads_as_who_hit_whom() -> None:
    ana = Combatant(id="a", name="Ana", weapon_skill=14, maneuver="Attack", basic_speed="7")
    fight, _ = gurps.start(gurps.Fight((ana, Combatant(id="b", name="Bo", dr=2))), random.Random(1))
    fight, _ = gurps.take_maneuver(fight, "Attack")  # GUR-06: chosen each turn
    from pycore.dice import typed_dice

    fight, rolled = gurps.attack(fight, "a", "b", AttackSetup(), typed_dice("3d6", "10"))
    fight, defended = gurps.defend(fight, "dodge", typed_dice("3d6", "12"))
    fight, hurt = gurps.damage(fight, typed_dice("1d", "5"))
    logs = [{"text": str(r), "public": gurps_public(r)} for r in (hurt, defended, rolled)]
    views = [public_gurps({**gurps.fight_to_json(fight), "log": [e]}) for e in logs]
    assert [v["result"] for v in views] == [
        "Bo is hurt: major wound",
        "Bo dodges → failure",
        "Ana attacks Bo (torso) → hit",
    ]


# --- Aftermath! ------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_an_aftermath_fights_public_view_shows_conditions_and_hides_numbers(
    data: st.DataObject,
) -> None:
    names = data.draw(st.lists(NAMES, min_size=2, max_size=5, unique=True))
    turn, phase = data.draw(st.integers(1, 5)), data.draw(st.integers(1, 20))
    sheets = []
    for name in names:
        sheet = new_sheet(name)
        for key in data.draw(st.lists(st.sampled_from(list(MANUAL_CONDITIONS)), max_size=2)):
            at = moment(data.draw(st.integers(1, turn)), 1)
            # A compound fracture's bleeding takes its 1D6 (AFT-25): the app's dice here.
            sheet = add_condition(sheet, key, at, random.Random(data.draw(st.integers(0, 99))))
        sheets.append(sheet)
    attacker, target = data.draw(st.permutations(range(len(names))))[:2]
    result = Resolution(
        "missile",
        (),
        hit=data.draw(st.booleans()),
        critical_hit=data.draw(st.booleans()),
        location=data.draw(st.integers(1, 20)),
        damage_done=data.draw(st.integers(0, 99)),
        effect=data.draw(st.sampled_from(("none", "daze", "stun", "trauma", "lethal"))),
    )
    text = f"{moment(turn, phase)} · {names[attacker]} → {names[target]} (Missile): "
    text += aft_combat.summary(result)
    public = aftermath_public(names[attacker], names[target], "Missile", result)
    entry = {"text": text, "public": public}
    combat = {"turn": turn, "phase": phase, "attacker": attacker, "log": [entry]}
    view = public_aftermath({"characters": sheets, "combat": combat})
    assert [r["name"] for r in view["order"]] == names
    assert [r["name"] for r in view["order"] if r["current"]] == [names[attacker]]
    assert view["result"].startswith(f"{names[attacker]} → {names[target]} (Missile) → ")
    assert ("hit" in view["result"]) == result.hit
    for row, sheet in zip(view["order"], sheets, strict=True):
        active = {
            c["name"].lower()
            for c in sheet["conditions"]
            if tuple(c["start"]) <= (turn, phase)
            and (c["until"] is None or (turn, phase) <= tuple(c["until"]))
        }
        dead = "dead" in active
        assert set(row["status"].split("; ")) == ({"dead"} if dead else active or {"ok"}), row
    _no_hidden(view)
    _snapshot(view)
    assert PublicFight.of(view).heading == f"Turn {turn} · Phase {phase}"


def test_an_aftermath_stun_shows_then_ends() -> None:
    bo = add_condition(new_sheet("Bo"), "stunned", moment(1, 5))
    section: dict[str, Any] = {"characters": [new_sheet("Ana"), bo], "combat": {"turn": 1}}
    shown = [public_aftermath(section)["order"][1]["status"]]
    for turn, phase in ((1, 5), (2, 5), (2, 6), (3, 6)):
        section["combat"] = {"turn": turn, "phase": phase}
        shown.append(public_aftermath(section)["order"][1]["status"])
    assert shown == ["ok", "stunned", "stunned", "dazed", "ok"]


# --- Percentile ------------------------------------------------------------------------------

WEAPON = [{"name": "PISTOL", "wep_dif": 30, "damage_die": "4:10sd+2"}]


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_a_percentile_fights_public_view_follows_turns_and_hides_numbers(
    data: st.DataObject,
) -> None:
    names = data.draw(st.lists(NAMES, min_size=2, max_size=5, unique=True))
    people = [
        {
            "id": f"c{i}",
            "name": name,
            "aim": str(data.draw(st.integers(20, 95))),
            "weapons": WEAPON,
            "parts": [{"name": "arm", "points": "5"}, {"name": "head", "points": "3"}],
        }
        for i, name in enumerate(names)
    ]
    fight = PctFight(tuple(fighter_from_json(p) for p in people))
    for i in range(len(people)):
        fight = add_member(fight, i % 2, f"c{i}")
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    log: list[object] = []
    for _ in range(data.draw(st.integers(1, 6))):
        fight, step = fight_round.next_turn(fight, rng)
        log.append(step)
        now = fight_round.active(fight)
        assert now is not None
        target = next(f.id for f in fight.fighters if f.id != now.id)
        form = {"attacker": now.id, "target": target, "weapon": "0"}
        try:
            fight, hit = fight_attack.attack(fight, setup_of(form), rng)
            log.append(hit)
            if hit.stage == "part":
                fight, hit = fight_attack.answer_part(fight, "arm", setup_of(form), rng)
                log.append(hit)
        except RulekeeperError:
            pass
        if fight.pending is not None:
            fight = fight_attack.set_aside(fight)[0]
    section = fight_into_json({"characters": people}, fight)
    section["combat"]["log"] = [{"text": str(r), "public": percentile_public(r)} for r in log[::-1]]
    view = public_percentile(section)
    now = fight_round.active(fight)
    assert now is not None
    assert [r["name"] for r in view["order"] if r["current"]] == [now.name]
    order = fight_round.turn_order(fight)
    assert [r["id"] for r in view["order"]][: len(order)] == order
    assert sorted(r["name"] for r in view["order"]) == sorted(names)
    assert view["result"] and view["turn"] == fight.round
    if isinstance(log[-1], fight_attack.AttackStep):  # issue 25: players learn hit or miss
        assert view["result"].endswith(("→ miss", "bounces")) or "→ hit" in view["result"]
    _no_hidden(view)
    _snapshot(view)


def test_a_percentile_view_shows_asleep_stunned_and_a_destroyed_part() -> None:
    people = [
        {"id": "c1", "name": "Ann", "parts": [{"name": "arm", "points": "5", "damage": "30"}]},
        {"id": "c2", "name": "Bob", "ledger": {"ap": "50", "debt": "20"}},
    ]
    fight = PctFight(tuple(fighter_from_json(p) for p in people))
    fight = add_member(add_member(fight, 0, "c1"), 1, "c2")
    section = fight_into_json({"characters": people}, fight)
    section["combat"]["sides"][0]["members"][0]["asleep"] = True
    view = public_percentile(section)
    status = {r["name"]: r["status"] for r in view["order"]}
    assert status["Ann"] == "asleep, arm destroyed"
    assert status["Bob"] == "stunned"
    # PCT-28: stunned before his turn, the turn still to come paid it all: stunned still
    section["characters"][1]["ledger"] = {"ap": "50", "available": "30", "stun_paid": "20"}
    status = {r["name"]: r["status"] for r in public_percentile(section)["order"]}
    assert status["Bob"] == "stunned"


# --- which fight -----------------------------------------------------------------------------


def _gurps_section() -> dict[str, Any]:
    fight, _ = gurps.start(gurps.Fight((Combatant(id="g1", name="Kim"),)), random.Random(1))
    return {**gurps.fight_to_json(fight), "log": [{"text": "Kim added", "at": NOW}]}


def test_the_fight_shown_is_the_one_changed_last_unless_the_gm_chose() -> None:
    simply = {"combat": {"order": ["c1"], "turn": 1}, "log": [{"text": "Turn 1", "at": NOW}]}
    state = {"gurps": _gurps_section(), "simply_combat": simply}
    history = History.new(state).apply("gurps", {**state["gurps"], "selected": "g1"}, "Pick", NOW)
    later = "2026-11-23T10:00:01+00:00"
    history = history.apply("simply_combat", {**simply, "note": 1}, "Move", later)
    assert changed_at(history) == {"gurps": NOW, "simply_combat": later}
    assert pick_fight(state, changed_at(history)) == "simply"
    assert pick_fight(state, {"gurps": "2026-11-23T11:00:00+01:00"}) == "simply"  # same time
    assert pick_fight(state, {"gurps": "2026-11-23T10:00:02+00:00"}) == "gurps"
    assert pick_fight(state, changed_at(history), "gurps") == "gurps"
    assert public_view(state, choice="gurps")["system"] == "gurps"


def test_a_fight_under_way_wins_over_a_newer_change_elsewhere() -> None:
    state = {"gurps": _gurps_section(), "aftermath": {"characters": [new_sheet("Ana")]}}
    assert pick_fight(state, {"aftermath": "2026-11-24T10:00:00+00:00"}) == "gurps"
    assert pick_fight({}) == "simply"
    assert public_view({})["order"] == []


def test_an_old_snapshot_without_a_system_reads_as_simply() -> None:
    old = {"turn": 2, "phase": "first", "clock": 0, "order": [], "result": ""}
    assert PublicFight.of(old).system == "simply"
    assert PublicFight.of(old).heading == "Turn 2"
    try:
        PublicFight.of({**old, "system": "chess"})
    except RulekeeperError as exc:
        assert "system 'chess' is unknown" in str(exc)
    else:
        raise AssertionError("an unknown system was taken")


def test_the_gms_choice_is_kept_in_the_settings_and_checked() -> None:
    from pycore.share.public import SYSTEMS
    from pycore.share.public_pick import CHOICES, check_choice
    from pycore.store.sections import SectionError, read_section

    assert ("latest", *SYSTEMS) == CHOICES
    state = {"gurps": _gurps_section(), "settings": {"player_fight": "percentile"}}
    assert pick_fight(state) == "percentile"
    assert pick_fight({**state, "settings": {"player_fight": "x"}}) == "gurps"
    assert check_choice("gurps") == "gurps"
    assert read_section("settings", 1, {"player_fight": "aftermath"})["player_fight"]
    try:
        read_section("settings", 1, {"player_fight": "chess"})
    except SectionError as exc:
        assert "player_fight" in str(exc)
    else:
        raise AssertionError("a saved unknown choice was taken")


# --- Simply Roleplaying! ---------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_simply_fights_public_view_tells_who_hit_whom_and_hides_numbers(
    data: st.DataObject,
) -> None:
    """Issue 25: players saw "MDT max 30, D20 11 → raw 16"; the view is built from the steps'
    public lines (pycore.step), so no roll, TN, damage, HP or luck reaches it."""
    from pycore.step import Step, log_entry
    from pycore.systems.simply import fight as simply
    from pycore.systems.simply.fight.players import public_fight
    from pycore.systems.simply.fight.public import simply_public

    names = data.draw(st.lists(NAMES, min_size=2, max_size=4, unique=True))
    fight = simply.Combat()
    for name in names:
        fight = simply.add_combatant(
            fight, name=name, hp_max=data.draw(st.integers(5, 30)), strength=5, health=5
        )
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    steps: list[object] = []
    fight, rolled = simply.roll_initiative(fight, rng)
    steps.append(rolled)
    for _ in range(data.draw(st.integers(1, 5))):
        actor = fight.cursor
        if actor is None:
            break
        target = next(c.id for c in fight.combatants if c.id != actor)
        try:
            fight, attack = simply.roll_attack(fight, actor, target, 12, rng)
            steps.append(attack)
            if attack.hit:
                fight, hurt = simply.hit(fight, target, data.draw(st.integers(1, 40)))
                steps.append(hurt)
        except RulekeeperError:
            break
    by_id = {c.id: c.name for c in fight.combatants}
    log = [log_entry(Step(str(s), simply_public(s, by_id)), at=NOW) for s in steps[::-1]]
    view = public_fight({"combat": simply.combat_to_json(fight), "log": log})
    assert view["result"] == log[0]["public"]
    if isinstance(steps[-1], simply.AttackRoll):
        assert view["result"].endswith("→ hit" if steps[-1].hit else "→ miss")
    _no_hidden(view)
    _snapshot(view)
