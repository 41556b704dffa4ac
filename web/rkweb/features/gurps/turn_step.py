"""The turn's step (shared/FIGHT.md): what is set for the current combatant's attack in this turn
(target, attack line, location, range, the situation's chips and toggles, the defense chosen),
kept for that attacker in that turn only, and the attack's circumstances it makes for the core.
:mod:`.turn_update` changes it; the panel (:mod:`.turn`) draws it."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any, Final

from pycore.errors import RuleError
from pycore.figures import signed
from pycore.systems.gurps import fight as gurps_fight
from pycore.systems.gurps.aiming import aimed_location
from pycore.systems.gurps.attacks import armed
from pycore.systems.gurps.fight import Fight
from pycore.systems.gurps.injury import MAX_YARDS
from pycore.systems.gurps.modifiers import MAX_MODIFIER
from pycore.systems.gurps.quantities import exact
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup, best_defense
from rkweb.app.model import Model
from rkweb.features.gurps.state import keep, line_index, page_data, typed_whole

#: What a ranged attack waits for while no range is held between the two (:func:`setup_of`).
RANGE_FIRST: Final = (
    "Range (yards): type how far away the target is; the odds and the roll wait for it"
)

#: The field that asks a shot's speed/range modifier past the table's last row (GUR-28).
RANGE_BEYOND: Final = "Speed/range modifier past 100 yd (yours)"

#: A fresh step: nothing is kept from another attacker's turn (FIGHT.md).
FRESH: dict[str, Any] = {
    "attacker": "",
    "target": "",
    "location": "torso",
    "chips": [],
    "line": 0,
    "yards": "",
    # GUR-28: the GM's modifier past the table's 100 yd, held with the pair's range (FIGHT.md)
    "range_beyond": "",
    "defense": "",
    "override": "",
    "random_location": False,
    "from_above": False,
    "pinned": False,
    "exposed": "",
    "only_exposed": False,
    "chink": False,
    # GUR-14: the GM's word that they closed within reach of this target (the tracker has no map)
    "within_reach": False,
    # GUR-11 (004 lines 49, 157): the GM's word that their aimed firearm or crossbow is braced
    "braced": False,
}

#: The situation's rows that are the attacker's own, whoever they strike: their off hand, the
#: large shield they hold, their ST against their weapon's (004 lines 124, 141, 145, 159). They stay
#: when the GM taps another target; every other row is about this foe or this blow (seeing them,
#: their darkness, what distracts the attacker as they strike at them, the footing where they meet)
#: and is set again for a new target (FIGHT.md's first law).
ATTACKER_ROWS: Final = frozenset(
    {"large_shield", "off_hand_melee", "off_hand_ranged", "st_deficit"}
)

#: The step's fields about the target: where the blow lands on them (location, a random
#: location, from above, their pinned limbs, their exposed spot, a chink in their armor), whether the
#: attacker closed within their reach (GUR-14), their Aim braced at them (GUR-11). A new target starts them afresh; the weapon and
#: the GM's override reason are the attacker's and stay.
TARGET_FIELDS: Final = (
    "location",
    "random_location",
    "from_above",
    "pinned",
    "exposed",
    "only_exposed",
    "chink",
    "within_reach",
    "braced",
)

# --- the step's form ----------------------------------------------------------------------------


def turn_key(fight: Fight) -> str:
    """Which turn a step belongs to: a step is never carried into another turn (FIGHT.md)."""
    return f"{fight.round}:{fight.turn}"


def step_key(model: Model, fight: Fight) -> str:
    """Which attack a step belongs to: its turn, and how many attacks had ended when it was
    typed. A step typed after an attack ended is the next attack's: an undo of that end (the
    count goes back) never hands it to the attack restored, nor a redo's end to the one after
    (FIGHT.md's first law: entries saved without an undo step outlived the undone step)."""
    ended = page_data(model)["ended"]
    return f"{turn_key(fight)}/{ended}" if ended else turn_key(fight)


def step_of(model: Model, fight: Fight) -> dict[str, Any]:
    """The current combatant's step in this turn's attack; a new attacker, a new turn or a new
    attack starts fresh (FIGHT.md: nothing of one attack reaches the next)."""
    fresh = fresh_step(fight)
    cid = fresh["attacker"]
    page = page_data(model)
    saved = page["step"]
    if saved.get("attacker") != cid or page["step_for"] != step_key(model, fight):
        return fresh
    step = {**fresh, **saved}
    if step["target"] not in {c.id for c in fight.combatants}:
        step.update(target=fresh["target"], yards=fresh["yards"])
        step["range_beyond"] = fresh["range_beyond"]
    return aimed(step, fight)


def fresh_step(fight: Fight) -> dict[str, Any]:
    """A fresh step for the acting fighter, from the sheets and the fight so far (FIGHT.md's
    first law): their next target, the range held between the two, and the weapon in their hand
    (004 line 93: their last attack's or the one their Ready drew; see
    :func:`pycore.systems.gurps.fight.line_in_hand`), not their sheet's first line."""
    current = fight.current()
    cid = current.id if current else ""
    target = gurps_fight.next_target(fight, cid)
    line = gurps_fight.line_in_hand(fight, current) if current else 0
    return {**FRESH, "attacker": cid, "target": target, "line": line, **held(fight, cid, target)}


def aimed(step: dict[str, Any], fight: Fight) -> dict[str, Any]:
    """The step with a location its attack line may be aimed at on its target (the torso when
    the line or the target changed to one that cannot hit it, 003 lines 39, 41, 46, 70)."""
    attacker = fight.combatant(str(step["attacker"])) if step["attacker"] else None
    target = fight.combatant(str(step["target"])) if step["target"] else None
    target = gurps_fight.target_as_held(fight, target)  # a shield held or not (004 line 93)
    line = line_index(step["line"])
    location = aimed_location(
        str(step["location"]), attacker, target, line, random_location=bool(step["random_location"])
    )
    return {**step, "location": location}


def retargeted(step: dict[str, Any], fight: Fight, target: str) -> dict[str, Any]:
    """The changes a tap on ``target`` makes to the step: the target, the range and the
    modifier past the table the fight holds between the two (GUR-28), the target's fields
    afresh (:data:`TARGET_FIELDS`) and only the attacker's own situation rows kept
    (:data:`ATTACKER_ROWS`). A GM's play-through: the neck and a distraction set against Bo
    stayed on the attack at Cy."""
    chips = [k for k in step["chips"] if k in ATTACKER_ROWS]
    fresh = {name: FRESH[name] for name in TARGET_FIELDS}
    return {**fresh, "target": target, "chips": chips, **held(fight, str(step["attacker"]), target)}


def held_range(fight: Fight, attacker: str, target: str) -> str:
    """The range the fight holds between the two (their last ranged attack), else "" (not
    known yet: a ranged attack waits for it, see :func:`setup_of`): derived for each new attack
    and each change of target, never carried from another pair."""
    return gurps_fight.range_between(fight, attacker, target)


def held(fight: Fight, attacker: str, target: str) -> dict[str, str]:
    """The step's range and the GM's speed/range modifier past the table for it, as the fight
    holds them between the two (FIGHT.md's first law: the modifier for that range belongs with
    it, GUR-28)."""
    return {
        "yards": held_range(fight, attacker, target),
        "range_beyond": gurps_fight.beyond_between(fight, attacker, target),
    }


def same_range(typed: str, held: str) -> bool:
    """Whether the range typed is the one held (as numbers: "150" and "150.0" are one range)."""
    try:
        return bool(held) and exact("yards", typed, 0, MAX_YARDS) == exact("yards", held)
    except RuleError:
        return False


def held_beyond_said(step: dict[str, Any], fight: Fight) -> str:
    """Said under the modifier past the table when it is the one held with this range ("" when
    typed for this attack): the GM sees it was theirs, for this range, and not the table's."""
    attacker, target = str(step["attacker"]), str(step["target"])
    kept = gurps_fight.beyond_between(fight, attacker, target)
    yards = held_range(fight, attacker, target)
    if not kept or str(step["range_beyond"]).strip() != kept:
        return ""
    if not same_range(str(step["yards"]), yards):
        return ""
    return f"{signed(int(kept))}: the value typed for this range ({yards} yd), kept while it holds"


def step_yards(step: dict[str, Any], attacker: Combatant, line: int) -> Fraction | int:
    """The range of an attack with ``line`` as the step holds it (0 for a melee line), or a
    RuleError (RANGE_FIRST) for a ranged line while none is held or typed."""
    if not armed(attacker, line).ranged:
        return 0
    typed = str(step["yards"]).strip()
    if not typed:
        # FIGHT.md: a value the GM did not set is never a default that looks like a rule; a
        # range of 0 would silently drop the range modifier (GUR-28), so the roll waits for it.
        raise RuleError(RANGE_FIRST)
    return exact("Range (yards)", typed, 0, MAX_YARDS)


def setup_of(step: dict[str, Any], attacker: Combatant) -> AttackSetup:
    """The attack's circumstances from the step: the attack line, location, range for a ranged
    attack, chips."""
    line = line_index(step["line"])
    yards = step_yards(step, attacker, line)
    keys = tuple((str(k), None) for k in step["chips"])
    random_location = bool(step["random_location"])
    return AttackSetup(
        location=str(step["location"]),
        yards=yards,
        range_beyond=range_beyond(step),
        table_keys=keys,
        line=line,
        random_location=random_location,
        from_above=random_location and bool(step["from_above"]),
        pinned=bool(step["pinned"]),
        exposed=str(step["exposed"]),
        only_exposed=bool(step["exposed"]) and bool(step["only_exposed"]),
        # 003 line 87: a chink is aimed at, so never with a random location.
        chink=bool(step["chink"]) and not random_location,
        braced=bool(step["braced"]),
    )


def fight_setup(step: dict[str, Any], fight: Fight, attacker: Combatant) -> AttackSetup:
    """:func:`setup_of`, with the seconds of Aim they took at this target on their turns just
    before (GUR-11: Acc, and +1 or +2 for more seconds, on a ranged attack; the fight counts
    them, fight/aims.py)."""
    seconds = gurps_fight.aim_seconds(fight, attacker.id, str(step["target"]))
    return replace(setup_of(step, attacker), aim_seconds=seconds)


def range_beyond(form: dict[str, Any]) -> int | None:
    """The speed/range modifier the GM typed for a shot past the table's 100 yd (GUR-28), or
    None while blank (the attack then waits for it)."""
    raw = str(form.get("range_beyond", "")).strip()
    return typed_whole(raw, RANGE_BEYOND, -MAX_MODIFIER, 0) if raw else None


def keep_step(model: Model, fight: Fight, **changes: Any) -> Model:
    """The step with ``changes`` kept for this attack. Its attack line is kept only once the GM
    picked one in this attack: until then it follows the weapon in their hand, which a Ready's
    weapon tapped this turn changes (004 line 95; FIGHT.md's first law)."""
    step = aimed({**step_of(model, fight), **changes}, fight)
    page = page_data(model)
    own = page["step"] if page["step_for"] == step_key(model, fight) else {}
    if "line" not in changes and (own.get("attacker") != step["attacker"] or "line" not in own):
        del step["line"]
    return keep(model, step=step, step_for=step_key(model, fight))


def chosen_defense(model: Model, fight: Fight) -> str:
    chosen = str(step_of(model, fight)["defense"])
    left = gurps_fight.defenses_left(fight)
    if chosen == gurps_fight.NO_DEFENSE or chosen in dict(left):
        return chosen
    best = best_defense(left)
    return best[0] if best else gurps_fight.NO_DEFENSE


def reach_asked(step: dict[str, Any], fight: Fight, attacker: Combatant, line: int = -1) -> str:
    """GUR-14, GUR-21: the question whether they closed within reach of the step's target, when
    the fight holds a range between them past the reach of their melee line (``line``; the step's
    when -1) and the GM has not said so in this attack; "" when there is none to ask."""
    target = str(step["target"])
    if step["within_reach"] or not target:
        return ""
    using = armed(attacker, line_index(step["line"]) if line < 0 else line)
    # The range typed in this attack counts before it is held (a GM's play-through: Bo's
    # knife at 10 yd typed was offered with no question).
    return gurps_fight.out_of_reach(fight, using, fight.combatant(target), str(step["yards"]))
