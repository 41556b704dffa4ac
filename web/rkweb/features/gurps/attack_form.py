"""The Attack tab's form: its fields as typed (attacker, defender, line, location, range, Aim,
the table's modifiers), read into the worksheet's circumstances of the attack
(:class:`~pycore.systems.gurps.worksheet.AttackSetup`); the tab's view and steps are in
:mod:`.attack`."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pycore.errors import RuleError
from pycore.systems.gurps import fight as gurps_fight
from pycore.systems.gurps.aiming import aimed_location
from pycore.systems.gurps.attacks import armed, attack_lines
from pycore.systems.gurps.fight import Fight
from pycore.systems.gurps.modifiers import MAX_MODIFIER
from pycore.systems.gurps.quantities import decimal_text, exact
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup
from rkweb.app.model import Model
from rkweb.features.gurps.state import (
    SECTION,
    fight_of,
    keep,
    line_index,
    page_data,
    too_long,
    typed_whole,
)
from rkweb.features.gurps.turn_step import (
    ATTACKER_ROWS,
    RANGE_BEYOND,
    RANGE_FIRST,
    TARGET_FIELDS,
    range_beyond,
    same_range,
    step_of,
    step_yards,
    turn_key,
)
from rkweb.kit.fields import errors_key, read_yes_no, with_error

NUMBERS = {
    "yards": ("Range (yards)", 0, 100_000),
    "target_speed": ("Target speed (yards/second)", 0, 10_000),
    "range_beyond": (RANGE_BEYOND, -MAX_MODIFIER, 0),  # GUR-28: past the table's 100 yd
    "size": ("Target's longest dimension (yards, 1 ft = 1/3; blank: human)", 0, 100_000),
    "aim_seconds": ("Seconds of Aim", 0, 60),
    "scope_max": ("Scope's maximum bonus", 0, 20),
    "extra": ("Other modifier (GM)", -50, 50),
}
EXACT = ("yards", "target_speed", "size")  # the rest are whole numbers
DEFAULTS: dict[str, Any] = {
    "attacker": "",
    "defender": "",
    "location": "torso",
    # Blank, not "0": a range of 0 nobody typed drops the range modifier (GUR-28), so a ranged
    # attack waits for it (FIGHT.md); a melee attack reads no range.
    "yards": "",
    "target_speed": "0",
    "range_beyond": "",
    "size": "",
    # Blank: the seconds of Aim the fight holds for the pair (GUR-11, :func:`held_aim`).
    "aim_seconds": "",
    "braced": "",
    "scope_max": "0",
    "grappling": "",
    "from_behind": "",
    "chink": "",
    "shield_side": "yes",
    "extra": "0",
    # Blank: the line in their hand, as the tracker's step starts (:func:`_parties`).
    "line": "",
    # What the tracker's step also asks (issue 27 item 5): where a random blow lands (003
    # lines 63, 65) and a giant's blow's victim (003 lines 82-85).
    "random_location": "",
    "from_above": "",
    "pinned": "",
    "exposed": "",
    "only_exposed": "",
    "keys": {},
    # GUR-14: the GM's word that this attacker closed within reach of this defender, for the
    # pair and the turn it was said in (:func:`reach_key`); blank: not said.
    "within_reach": "",
}
#: The tab's fields about the defender beyond the tracker's :data:`TARGET_FIELDS`: their speed
#: and size (GUR-28), and whether the blow comes from behind them or on their shield side.
FOE_FIELDS = ("target_speed", "size", "from_behind", "shield_side")
# --- the form ---------------------------------------------------------------------------------


def form_of(model: Model) -> dict[str, Any]:
    """The form; mid-fight, the attacker and defender the tracker's turn holds while none is
    picked (:func:`_parties`); its location one this attack may aim at (003 lines 39, 41, 46,
    70), the range the fight holds between the two when none is typed (:func:`held_yards`),
    the speed/range modifier past the table the fight holds for this pair's range when none is
    typed (:func:`held_beyond`), and the seconds of Aim held at them (:func:`held_aim`)."""
    form = {**DEFAULTS, **page_data(model)["attack"]}
    fight = fight_of(model)
    form = {**form, **_parties(model, form, fight)}
    form["aim_seconds"] = held_aim(form, fight)
    random = yes(form, "random_location")
    where = aimed_location(str(form["location"]), *aimed_at(form, fight), random_location=random)
    form = {**form, "location": where, "yards": held_yards(form, fight)}
    return {**form, "range_beyond": held_beyond(form, fight)}


def typed_form(model: Model) -> dict[str, Any]:
    """The form with the range and the modifier past the table as typed, never the held ones
    (derived as the form is read, :func:`form_of`): what a change of a field keeps."""
    typed = page_data(model)["attack"]
    kept = ("attacker", "defender", "line", "aim_seconds", "yards", "range_beyond")
    return {**form_of(model), **{k: typed.get(k, DEFAULTS[k]) for k in kept}}


def _parties(model: Model, form: dict[str, Any], fight: Fight) -> dict[str, str]:
    """FIGHT.md's first law: while the GM has picked no attacker (or defender) and a fight is
    under way, the tracker's: the fighter whose turn it is and the target their step holds (a
    GM's play-through: the tab opened blank mid-fight). Their line is the one their step uses, or
    the weapon in their hand (004 line 93). Derived as the form is read, never saved as typed;
    the GM's pick wins."""
    current = fight.current()
    ids = {c.id: c for c in fight.combatants}
    # The one whose turn it is, unless the GM picked them as the defender (then they choose).
    turn = current.id if current and current.id != form["defender"] else ""
    attacker = str(form["attacker"]) or turn
    if attacker not in ids:
        return {"line": str(form["line"] or "0")}
    step = step_of(model, fight) if current is not None and current.id == attacker else None
    defender = str(form["defender"]) or (
        str(step["target"]) if step else gurps_fight.next_target(fight, attacker)
    )
    # A line typed for another attacker (the tracker's turn moved on while the tab's attacker
    # was derived: Ana's second line, then Bo's turn with one) is not theirs: theirs is derived.
    typed = str(form["line"])
    if not (typed.isdigit() and int(typed) < len(attack_lines(ids[attacker]))):
        typed = ""
    line = typed or str(step["line"] if step else gurps_fight.line_in_hand(fight, ids[attacker]))
    return {
        "attacker": attacker,
        "defender": "" if defender == attacker else defender,
        "line": line,
    }


def parties_said(model: Model, name: str) -> str:
    """Said under the attacker (``name``) or the defender while derived from the fight."""
    if page_data(model)["attack"].get(name):
        return ""
    form = form_of(model)
    attacker, defender = aimed_at(form, fight_of(model))[:2]
    if attacker is None or (name == "defender" and defender is None):
        return ""
    return f"from the fight: {attacker.name}'s {'turn' if name == 'attacker' else 'target'}"


def held_aim(form: dict[str, Any], fight: Fight) -> str:
    """The seconds of Aim: as typed, or, while blank, those the fight holds for this attacker
    at this defender (GUR-11: Aim on the turns just before adds Acc), as the tracker's step
    reads them (a GM's play-through: Bo aimed at Ana, the tab said 0)."""
    typed = str(form.get("aim_seconds", "")).strip()
    attacker, defender = str(form["attacker"]), str(form["defender"])
    if typed or not attacker or not defender:
        return typed
    return str(gurps_fight.aim_seconds(fight, attacker, defender))


def held_aim_said(model: Model) -> str:
    """Said under the seconds of Aim while they are the fight's (none held: nothing said)."""
    if str(page_data(model)["attack"].get("aim_seconds", "")).strip():
        return ""
    form = form_of(model)
    attacker, defender = aimed_at(form, fight_of(model))[:2]
    seconds = str(form["aim_seconds"])
    if attacker is None or defender is None or seconds in ("", "0"):
        return ""
    unit = "second" if seconds == "1" else "seconds"
    return (
        f"{seconds} {unit} of Aim: {attacker.name}'s at {defender.name}, as the fight holds it; "
        "type another to change it"
    )


def held_yards(form: dict[str, Any], fight: Fight) -> str:
    """The range: as typed, or, while blank, the one the fight holds between this attacker and
    defender (their last ranged attack; FIGHT.md's first law: "range and movement between these
    two", as the tracker's step derives it). A GM's play-through: Ana's bow at Bo on the
    tracker at 12 yd, then the Attack tab asked the range again for the same two."""
    typed = str(form.get("yards", "")).strip()
    attacker, defender = str(form["attacker"]), str(form["defender"])
    if typed or not attacker or not defender:
        return typed
    return gurps_fight.range_between(fight, attacker, defender)


def held_yards_said(model: Model) -> str:
    """Said under the range while it is the one the fight holds ("" when typed for this attack
    or none is held): the GM sees where it came from."""
    typed = str(page_data(model)["attack"].get("yards", "")).strip()
    form = form_of(model)
    if typed or not form["yards"]:
        return ""
    attacker, defender = aimed_at(form, fight_of(model))[:2]
    if attacker is None or defender is None:
        return ""
    return (
        f"{form['yards']} yd: the range the fight holds between {attacker.name} and "
        f"{defender.name} (their last ranged attack); type another to change it"
    )


def held_beyond(form: dict[str, Any], fight: Fight) -> str:
    """The speed/range modifier past the table's 100 yd (GUR-28): as typed, or, while blank,
    the one the GM gave for this attacker and defender at this range, which the fight holds
    with their range (FIGHT.md's first law, as the tracker's step derives it). Only for the
    range alone: with a target speed typed, the modifier is for speed + range, this attack's
    own (the core keeps none for it)."""
    typed = str(form.get("range_beyond", "")).strip()
    attacker, defender = str(form["attacker"]), str(form["defender"])
    if typed or not attacker or not defender or _moving(form):
        return typed
    kept = gurps_fight.beyond_between(fight, attacker, defender)
    held = gurps_fight.range_between(fight, attacker, defender)
    return kept if kept and same_range(str(form["yards"]), held) else ""


def reach_key(form: dict[str, Any], fight: Fight) -> str:
    """What the GM's word that they closed within reach holds for: this attacker and this
    defender, in this turn (the tracker has no map; an answer for Bo at Ana is not Ana's at Bo,
    nor next turn's)."""
    return f"{form['attacker']}>{form['defender']}@{turn_key(fight)}"


def reach_asked(form: dict[str, Any], fight: Fight) -> str:
    """GUR-14, GUR-21 (004 lines 52, 88): the question whether the attacker closed within
    reach of the defender, as the tracker's step asks it (the core's
    :func:`~pycore.systems.gurps.fight.out_of_reach`): the fight holds a range between them
    past their melee line's reach and the GM has not said so; "" when there is none to ask."""
    attacker, defender, line = aimed_at(form, fight)
    if attacker is None or defender is None or form.get("within_reach") == reach_key(form, fight):
        return ""
    lines = attack_lines(attacker)
    using = armed(attacker, min(line, len(lines) - 1))
    return gurps_fight.out_of_reach(fight, using, defender, str(form.get("yards", "")))


def _moving(form: dict[str, Any]) -> bool:
    """A target speed is typed (or one that is no number, said by its field)."""
    try:
        return bool(_num(form, "target_speed"))
    except RuleError:
        return True


def aimed_at(form: dict[str, Any], fight: Fight) -> tuple[Combatant | None, Combatant | None, int]:
    """The attacker and defender (``None`` if not chosen) and the line, as the aim reads them:
    the defender with the weapon in hand (no shield arm while both hands grip a two-handed
    weapon, 004 line 93, 003 line 55)."""
    ids = {c.id: c for c in fight.combatants}
    defender = gurps_fight.target_as_held(fight, ids.get(str(form["defender"])))
    return ids.get(str(form["attacker"])), defender, line_index(form["line"])


def _num(form: dict[str, Any], name: str) -> Fraction | None:
    """A typed number, read exactly as typed (blank: none)."""
    label, low, high = NUMBERS[name]
    raw = str(form.get(name, "")).strip()
    return exact(label, raw, low, high) if raw else None


def _whole(form: dict[str, Any], name: str) -> int:
    value = _num(form, name) or Fraction(0)
    if value.denominator != 1:
        label, low, high = NUMBERS[name]
        raise RuleError(f"{label} {decimal_text(value)} is not a whole number from {low} to {high}")
    return int(value)


def yes(form: dict[str, Any], name: str) -> bool:
    return read_yes_no(str(form.get(name, ""))) is True


def _yards(form: dict[str, Any], attacker: Combatant) -> Fraction | int:
    """The range as typed for a ranged line (RANGE_FIRST while blank), none for melee: the
    tracker step's one reading, the form holding ``yards`` as the step does."""
    return step_yards(form, attacker, line_index(form.get("line", "0")))


def waits_for_range(form: dict[str, Any], attacker: Combatant) -> bool:
    try:
        _yards(form, attacker)
    except RuleError as exc:
        return str(exc) == RANGE_FIRST  # a bad number is said by its field
    return False


def setup_of(form: dict[str, Any], attacker: Combatant) -> AttackSetup:
    """The worksheet's circumstances of ``attacker``'s attack, read from the form."""
    keys: list[tuple[str, int | None]] = []
    for key, amount in dict(form.get("keys", {})).items():
        if amount in ("", None):
            continue
        keys.append(
            (key, None if amount == "on" else typed_whole(amount, key, -MAX_MODIFIER, MAX_MODIFIER))
        )
    return AttackSetup(
        location=str(form["location"]),
        yards=_yards(form, attacker),
        target_speed=_num(form, "target_speed") or 0,
        range_beyond=range_beyond(form),
        target_size_yards=_num(form, "size"),
        aim_seconds=_whole(form, "aim_seconds"),
        braced=yes(form, "braced"),
        scope_max=_whole(form, "scope_max"),
        grappling=yes(form, "grappling"),
        table_keys=tuple(keys),
        extra=_whole(form, "extra"),
        from_behind=yes(form, "from_behind"),
        chink=yes(form, "chink"),
        shield_side=yes(form, "shield_side"),
        line=line_index(form.get("line", "0")),
        random_location=yes(form, "random_location"),
        from_above=yes(form, "random_location") and yes(form, "from_above"),
        pinned=yes(form, "pinned"),
        exposed=str(form.get("exposed", "")),
        only_exposed=bool(form.get("exposed")) and yes(form, "only_exposed"),
    )


def set_field(model: Model, name: str, value: str) -> Model:
    # The range, the modifier past the table, the parties, the line and the Aim as typed, never
    # the derived ones (FIGHT.md's first law).
    form = typed_form(model)
    if name in NUMBERS:
        label, low, high = NUMBERS[name]
        longest = too_long(label, value, 40, f"from {low} to {high}")
    else:
        longest = too_long(name.removeprefix("key:"), value, 20 if name.startswith("key:") else 400)
    if longest:
        return with_error(model, SECTION, f"attack.{name}", longest)
    if name == "attacker" and value != form["attacker"]:
        # The defender is kept, unless they are the new attacker: then the two swap (a GM's
        # play-through: Bo picked to attack Bo, who was defending against Ana).
        # A defender derived from the fight stays derived (for the new attacker).
        defender = str(form["defender"])
        return _new_attacker(model, value, str(form["attacker"]) if defender == value else defender)
    if name == "defender" and value and value == form["attacker"]:
        # The attacker picked as the defender: the two swap likewise, the old defender now
        # attacking from a fresh set-up (a GM's play-through: the worksheet took Ana against Ana).
        return _new_attacker(model, str(form["defender"]), value)
    if name == "defender" and value != form["defender"]:
        # The range is between these two (and the modifier past the table with it): the
        # fight's for the new pair, never the one typed for another defender (FIGHT.md).
        form.update(defender=value, yards="", range_beyond="", within_reach="")
        # Where the blow lands on them, their facing, size and speed, and the situation's rows
        # about this foe start afresh, as the tracker's step does (turn_step.retargeted: a
        # play-through kept "location neck −5 + Minor distraction −2" on the new target); the
        # attacker's own rows (their off hand, their large shield, their ST) stay.
        form.update({name: DEFAULTS[name] for name in (*TARGET_FIELDS, *FOE_FIELDS)})
        form["keys"] = {k: v for k, v in form["keys"].items() if k in ATTACKER_ROWS}
    elif name.startswith("key:"):
        form["keys"] = {**form["keys"], name[4:]: value}
    elif name == "line":
        # A line is one attacker's: picked while the attacker was the tracker's turn (derived),
        # they are chosen with it, so the turn moving on never hands it to the next fighter.
        form.update(line=value, attacker=str(form["attacker"] or form_of(model)["attacker"]))
    elif name in DEFAULTS and name != "keys":  # the modifiers are set one by one
        form[name] = value
    else:
        return model
    error = None
    if name in NUMBERS and value.strip():
        try:
            _num(form, name) if name in EXACT else _whole(form, name)
        except RuleError as exc:
            error = str(exc)
    return with_error(keep(model, attack=form), SECTION, f"attack.{name}", error)


def closed_in(model: Model) -> Model:
    """The GM says the attacker closed within reach of the defender (GUR-14), for this pair in
    this turn."""
    return keep(
        model,
        attack={**typed_form(model), "within_reach": reach_key(form_of(model), fight_of(model))},
    )


def fresh_form(fight: Fight, attacker: str, defender: str) -> dict[str, Any]:
    """A fresh set-up of the worksheet for ``attacker`` against ``defender`` (FIGHT.md's first
    law: every field the GM did not set in this attack comes from the sheets and the fight): the
    weapon in their hand, "ready if it's being held in your hand" (004 line 93: their last attack's
    or the one their Ready drew, :func:`pycore.systems.gurps.fight.line_in_hand`, as the tracker's
    step starts), and every other field as a blank form has it."""
    ids = {c.id: c for c in fight.combatants}
    line = gurps_fight.line_in_hand(fight, ids[attacker]) if attacker in ids else 0
    return {**DEFAULTS, "attacker": attacker, "defender": defender, "line": str(line)}


def _new_attacker(model: Model, attacker: str, defender: str) -> Model:
    """Another attacker: a fresh set-up for them (FIGHT.md: "changing the attacker ... re-derives
    every field from the sheets; nothing is kept from the previous combatant"), the defender the
    GM chose kept; the errors said beside the old attacker's fields go with them. A GM's
    play-through: Ana's second attack line stayed picked for Bo, who has their own."""
    form = fresh_form(fight_of(model), attacker, defender)
    said = model.ui.get(errors_key(SECTION), {})
    kept = {k: v for k, v in dict(said).items() if not k.startswith("attack.")}
    model = model.with_ui(**{errors_key(SECTION): kept})
    return keep(model, attack=form)
