"""The set-up of an attack (FIGHT.md's first law): the form of the attack under way holds what
the GM set in this attack; everything else is derived when the attack begins, from the two
sheets and the fight so far. The range is the fight's, kept between two fighters until changed
(PCT-05, issue 25); what the GM set for one weapon against one target is dropped when either
changes (issue 29 item 5); an attack applied leaves nothing for the next one.

>>> from pycore.systems.percentile.fight.codec import fight_from_json
>>> f = fight_from_json({"characters": [{"id": "a", "name": "Ann", "weapons": [{"name": "gun"}]},
...     {"id": "b", "name": "Bob"}]})
>>> f, form = enter(f, fresh(f, "a", "b"), "range_m", "12")
>>> form, shown(f, fresh(f, "a", "b"))["range_m"]
({'attacker': 'a', 'target': 'b', 'weapon': '0'}, '12')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction

from pycore.errors import RuleError
from pycore.systems.percentile.checks import fmt, parse_number
from pycore.systems.percentile.damage import ORGAN_SYSTEMS
from pycore.systems.percentile.fight.value import Fight, range_between, set_range
from pycore.systems.percentile.gm_schemas import MAX_PERCENT_TO_HIT
from pycore.systems.percentile.tohit import HTH_MAX_RANGE_M
from pycore.validate import checked

Form = Mapping[str, str]

# R-F: the attack form's numbers, key → (label, low, high, whole).
ATTACK_NUMBERS: dict[str, tuple[str, int, int, bool]] = {
    "range_m": ("Range (m)", 0, 100_000, False),
    # Table #3-1 as published goes above 100 (issue 29 item 6)
    "percent_to_hit": ("Percent to Hit (Table #3-1)", 0, MAX_PERCENT_TO_HIT, False),
    "percent_against": ("Percent Against (Table #3-2)", 0, 100, False),
    "adversity_total": ("Adversity total (Tables 7.0-7.4)", -1000, 1000, True),
    "table_3_3_damage": ("Damage points (Table #3-3)", 0, 5000, False),
    "damage_percentage": ("DAMAGE PERCENTAGE (damage-type table)", 0, 1000, False),
    "ap_cost": ("AP cost of the attack (Table #3-6)", 0, 10_000, False),
    "stun_modifier": ("Table #3-7.0 modifier for the damage taken", -100_000, 100_000, True),
    "max_throw_m": ("Throwing distance (m, Table #3-4.0)", 0, 100_000, False),
    "poison_damage": ("Poison: Table #3-3 value (damage points)", 0, 5000, False),
    **{
        f"m_{s}": (f"{s.replace('_', '-')} multiplier (Table #3-3.1)", 0, 100, False)
        for s in ORGAN_SYSTEMS
    },
}


#: What an attack's set-up holds besides its numbers: the two fighters, the weapon (its index on
#: the attacker's sheet), the body part, how it is located and the adversity conditions named.
CHOICES = ("attacker", "target", "weapon", "part", "location", "adversity_conditions")
WHO = ("attacker", "target", "weapon")


@dataclass(frozen=True)
class Setup(Mapping[str, str]):
    """An attack as the GM set it up (FIGHT.md's first law): who attacks whom with which weapon
    and the values set in this very attack, each checked; every other input is derived from the
    two sheets and the fight so far when the attack begins. Read like a mapping of its entries.

    >>> s = setup_of({"attacker": "a", "target": "b", "range_m": "12", "colour": "red"})
    >>> s.attacker, dict(s)
    ('a', {'attacker': 'a', 'target': 'b', 'weapon': '', 'range_m': '12'})
    """

    attacker: str = ""
    target: str = ""
    weapon: str = ""
    entries: tuple[tuple[str, str], ...] = ()

    def __getitem__(self, key: str) -> str:
        if key in WHO:
            return str(getattr(self, key))
        for name, value in self.entries:
            if name == key:
                return value
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        yield from WHO
        yield from (name for name, _ in self.entries)

    def __len__(self) -> int:
        return len(WHO) + len(self.entries)


@checked
def setup_of(form: Mapping[str, str]) -> Setup:
    """The attack's set-up from the entries the GM made, each value checked where it is read
    (blank ones left out); keys that are not an attack's are left out too.

    >>> setup_of({"attacker": "a", "percent_against": "150"})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Percent Against (Table #3-2) must be from 0 to 100, got 150
    """
    entries = tuple(
        (key, check_field(key, str(value)))
        for key, value in form.items()
        if key not in WHO and (key in ATTACK_NUMBERS or key in CHOICES) and str(value).strip()
    )
    attacker, target, weapon = (str(form.get(key) or "") for key in WHO)
    return Setup(attacker, target, weapon, entries)


@checked
def check_field(key: str, text: str) -> str:
    """One attack or poison form value, checked where it is entered; blank is allowed.

    >>> check_field("percent_against", "150")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Percent Against (Table #3-2) must be from 0 to 100, got 150
    """
    value = text.strip()
    if value and key in ATTACK_NUMBERS:
        label, low, high, whole = ATTACK_NUMBERS[key]
        parse_number(label, value, low, high, whole=whole)
    if value and key == "wep_mod":
        parse_number("WEP MOD", value, -1000, 1000)
    return value


@checked
def number(form: Form, key: str) -> Fraction | None:
    """A form number, or None when left blank."""
    text = str(form.get(key) or "").strip()
    if not text:
        return None
    label, low, high, whole = ATTACK_NUMBERS[key]
    return parse_number(label, text, low, high, whole=whole)


@checked
def known_range(fight: Fight, form: Form) -> Fraction | None:
    """The attack's range: set in this attack (one under way keeps its own), else the range last
    set between these two fighters (the fight so far); None while nobody has said."""
    return number({"range_m": range_text(fight, form)}, "range_m")


@checked
def range_text(fight: Fight, form: Form) -> str:
    typed = str(form.get("range_m") or "").strip()
    attacker, target = str(form.get("attacker") or ""), str(form.get("target") or "")
    return typed or range_between(fight, attacker, target)


# What the GM sets for one weapon against one target (issue 29 item 5): re-derived when either
# changes. The body part and organ values belong to the target alone.
PER_WEAPON = (
    "percent_to_hit",
    "percent_against",
    "adversity_total",
    "adversity_conditions",
    "table_3_3_damage",
    "damage_percentage",
    "max_throw_m",
    "ap_cost",
)
#: The attack form's mark of a move into hand-to-hand range made in it: "who:whom:to:from"
#: (:func:`moved_in`); another target drops it with the rest set against the one before.
MOVED = "moved_in"
PER_TARGET = (
    MOVED,
    "part",
    "percent_to_hit",
    "percent_against",
    "adversity_total",
    "adversity_conditions",
)


@checked
def set_field(fight: Fight, form: Form, key: str, value: str) -> dict[str, str]:
    """The attack form after one entry (FIGHT.md): choosing the attacker starts a fresh set-up
    from its sheet (its first weapon that can reach the target, :func:`first_reaching`; only a
    different target is kept), another target drops what
    was set against the one before (body part, organ values, Percent to Hit and Against), a new
    weapon what was set for the old one. With the GM's Table #3-3.4 entered, a hit's location is
    rolled on it (PCT-36)."""
    value = check_field(key, value)
    if key == "attacker":
        out = {"attacker": value}
        target = str(form.get("target") or "")
        if target and target != value:
            out["target"] = target
        weapon = first_reaching(fight, value, target if target != value else "")
        if weapon:
            out["weapon"] = weapon
        if fight.tables.get("PCT-M07"):  # Table #3-3.4 entered: hits are located by its roll
            out["location"] = "roll"
        return out
    if key in ("target", "weapon") and str(form.get(key) or "") in ("", value):
        return {**dict(form), key: value}  # the first choice, or the same again: nothing to drop
    if key == "target":
        kept = {k: v for k, v in form.items() if k not in PER_TARGET and not k.startswith("m_")}
        return {**kept, "target": value}
    if key == "weapon":
        return {**{k: v for k, v in form.items() if k not in PER_WEAPON}, "weapon": value}
    return {**dict(form), key: value}


@checked
def first_reaching(fight: Fight, attacker: str, target: str) -> str:
    """The weapon an attack starts with: the first on the attacker's sheet that can reach the
    target at the range the fight holds between them; "" when none can (each weapon's chip says
    why). A hand-to-hand attack "cannot be made at over three meters" (PCT-05, line 27): Bob at
    5 m started with their Club ticked, "cannot reach", while their Finger laser could fire.

    >>> from pycore.systems.percentile.fight.codec import fight_from_json
    >>> f = fight_from_json({"characters": [{"id": "b", "name": "Bob", "weapons": [
    ...     {"name": "Club", "category": "hth"}, {"name": "Finger laser"}]}, {"id": "a"}]})
    >>> first_reaching(f, "b", "a"), first_reaching(set_range(f, "a", "b", "5"), "b", "a")
    ('0', '1')
    """
    fighter = fight.fighter(attacker)
    if fighter is None or not fighter.weapons:
        return ""
    known = number({"range_m": range_between(fight, attacker, target)}, "range_m")
    far = target and known is not None and known > HTH_MAX_RANGE_M
    reach = [i for i, w in enumerate(fighter.weapons) if not (far and w.category == "hth")]
    return str(reach[0]) if reach else ""


@checked
def fresh(fight: Fight, attacker: str, target: str = "", weapon: str = "") -> dict[str, str]:
    """A fresh set-up of an attack: from the attacker's sheet (its first weapon, or ``weapon``),
    against ``target``; every other value is derived from the sheets and the fight so far."""
    form = set_field(fight, {"target": target} if target else {}, "attacker", attacker)
    return set_field(fight, form, "weapon", weapon) if weapon else form


@checked
def only_foe(fight: Fight, attacker: str) -> str:
    """The target known without a tap: the one fighter on the other sides when they hold just
    one (a duel); "" when the GM has several to choose from. Derived from the sides each turn,
    never kept from an earlier attack (FIGHT.md's first law).

    >>> only_foe(Fight(), "c1")
    ''
    """
    foes = {
        m.id
        for side in fight.sides
        if all(m.id != attacker for m in side.members)
        for m in side.members
        if fight.fighter(m.id) is not None
    }
    return foes.pop() if len(foes) == 1 else ""


@checked
def enter(fight: Fight, form: Form, key: str, value: str) -> tuple[Fight, dict[str, str]]:
    """One entry of the attack: the range is the fight's, between these two fighters, kept until
    changed (PCT-05, issue 25); every other value lives in this attack's form only.

    Who attacks whom with which weapon is refused in words where the rules make no attack of it:
    a fighter as their own target (a GM tapped the attacker's card), and another choice while an
    attack is under way (its roll or its question): the dice still to roll are that attack's,
    between its two fighters, so a target tapped then was shown in the form while the damage
    landed on the attack's own target, and the next attack lost it (FIGHT.md's first law)."""
    if key in WHO:
        _check_choice(fight, form, key, value.strip())
    if key != "range_m":
        return fight, set_field(fight, form, key, value)
    check_field(key, value)
    a, t = str(form.get("attacker") or ""), str(form.get("target") or "")
    before = known_range(fight, form)
    fight = set_range(fight, a, t, value)
    form = {k: v for k, v in form.items() if k not in ("range_m", MOVED)}
    after = known_range(fight, form)
    # PCT-05 (line 27) / PCT-24 (line 68): coming inside 3 m is a move, an action paid in AP
    # (c2); Table #3-6 with its cost is left out (PCT-M03), so the GM is asked (moved_in).
    came_in = before is not None and before > HTH_MAX_RANGE_M
    if fight.settings.ap == "c2" and came_in and after is not None and after <= HTH_MAX_RANGE_M:
        form[MOVED] = f"{a}:{t}:{value.strip()}:{before}"
    return fight, form


#: The move into hand-to-hand range as the log names what its AP paid for (PCT-05, PCT-24).
MOVE_IN = "moves into hand-to-hand range"


@checked
def move_first(fight: Fight, form: Form) -> str | None:
    """What the attack waits for while the move into hand-to-hand range made in it is unpaid
    (:func:`moved_in`), in words; None when there is none. The move comes first: a fighter
    farther than 3 m "must first move … inside of the distance before he or she can attack"
    (PCT-05, line 27), and every action "has a cost in Agility Points that the player must
    'pay'" (PCT-24, line 68), the attack only "as long as the player has enough APs to cover
    the combined cost" (line 68): rolled first, the attack spent AP the move needed and the
    move went free. The GM may still let it cost nothing (0 AP, logged).

    >>> from pycore.systems.percentile.fight.codec import fight_from_json
    >>> f = fight_from_json({"settings": {"ap": "c2"}, "characters": [{"id": "a", "name": "Ann"},
    ...     {"id": "b", "name": "Bob"}]})
    >>> f, form = enter(f, {"attacker": "a", "target": "b"}, "range_m", "5")
    >>> move_first(f, form) is None
    True
    >>> print(move_first(*enter(f, form, "range_m", "2")))
    The attack waits for the move: spend the AP it costs Ann above, or let it cost none
    """
    if moved_in(fight, form) is None:
        return None
    return (
        "The attack waits for the move: spend the AP it costs "
        f"{_name(fight, str(form.get('attacker') or ''))} above, or let it cost none"
    )


@checked
def without_move(form: Form) -> dict[str, str]:
    """The form once the move into hand-to-hand range is paid (its question answered)."""
    return {str(k): str(v) for k, v in form.items() if k != MOVED}


@checked
def moved_in(fight: Fight, form: Form) -> str | None:
    """The move into hand-to-hand range (PCT-05: "must first move … paying AP", line 27;
    PCT-24: every action costs AP, line 68) the GM just made by changing the range, in words
    with its cost asked for: Table #3-6 leaves the cost out (PCT-M03). None when the range was
    not brought inside 3 m in this attack (or since, changed or paid).

    >>> from pycore.systems.percentile.fight.codec import fight_from_json
    >>> f = fight_from_json({"settings": {"ap": "c2"}, "characters": [{"id": "a", "name": "Ann"},
    ...     {"id": "b", "name": "Bob"}]})
    >>> f, form = enter(f, {"attacker": "a", "target": "b"}, "range_m", "5")
    >>> moved_in(f, form) is None
    True
    >>> f, form = enter(f, form, "range_m", "2")
    >>> print(moved_in(f, form))
    Ann moves from 5 m to 2 m, into hand-to-hand range: a move is an action and costs AP; Table #3-6 leaves its cost out: enter what it costs Ann and spend it
    """
    mark = str(form.get(MOVED) or "")
    a, t = str(form.get("attacker") or ""), str(form.get("target") or "")
    parts = mark.split(":")
    if len(parts) != 4 or parts[:2] != [a, t] or parts[2] != range_between(fight, a, t):
        return None
    fighter = fight.fighter(a)
    name = fighter.name if fighter is not None else a
    try:
        start = Fraction(parts[3])
    except (ValueError, ZeroDivisionError):
        return None
    return (
        f"{name} moves from {fmt(start)} m to {parts[2]} m, into hand-to-hand range: a move is "
        f"an action and costs AP; Table #3-6 leaves its cost out: enter what it costs {name} "
        "and spend it"
    )


def _name(fight: Fight, cid: str) -> str:
    fighter = fight.fighter(cid)
    return fighter.name if fighter is not None else cid


def _check_choice(fight: Fight, form: Form, key: str, value: str) -> None:
    """Refuses a choice of attacker, target or weapon that makes no attack (see :func:`enter`)."""
    if value == str(form.get(key) or ""):
        return  # the same again: nothing changes
    pending = fight.pending
    if pending is not None:
        a, t = (str(pending.form.get(k) or "") for k in ("attacker", "target"))
        raise RuleError(
            f"{_name(fight, a)}'s attack on {_name(fight, t)} is under way: roll it on or answer "
            f"its question, or tap Set the attack aside, before choosing another {key}."
        )
    if value and key == "target" and value == str(form.get("attacker") or ""):
        # the words of the core's refusal when such an attack is rolled (attack.attack_input)
        raise RuleError(f"{_name(fight, value)} cannot attack themselves: choose another target.")


@checked
def next_form(fight: Fight, form: Form) -> dict[str, str]:
    """The form once a step is done: an attack applied (or set aside) is over, so the next one
    starts afresh with the same attacker, target and weapon; nothing the GM set in it is kept
    (FIGHT.md's first law). While the attack is under way the form stays."""
    if fight.pending is not None or not form.get("attacker"):
        return dict(form)
    return fresh(
        fight, str(form["attacker"]), str(form.get("target") or ""), str(form.get("weapon") or "")
    )


@checked
def shown(fight: Fight, form: Form) -> dict[str, str]:
    """The form as the screen shows it: the range set between these two filled in."""
    return {**dict(form), "range_m": range_text(fight, form)}
