"""The attack step of the fight (PCT-24, PCT-28, PCT-30–PCT-54) as transitions of a
:class:`~pycore.systems.percentile.fight.Fight`.

:func:`attack` takes the attack's :class:`~.setup.Setup` (who attacks whom with which weapon, and what
the GM set in this attack), asks for every missing value before a die is rolled, pays
the attack's AP (c2), rolls to hit and, once the body part is known, the wound: the target's
damage record, its Table #3-7.0 damage modifier and the stun it owes are written to the fighter
(and so to the sheet). When nobody has said which body part was hit the fight keeps the attack
*waiting* (:attr:`Fight.pending`) and :func:`answer_part` finishes it: the core never picks one.

>>> from pycore.systems.percentile.fight.codec import fight_from_json
>>> from pycore.systems.percentile.fight.setup import Setup, setup_of
>>> class Faces:
...     def __init__(self, *f: int) -> None: self.f = list(f)
...     def randint(self, a: int, b: int) -> int: return self.f.pop(0)
>>> f = fight_from_json({"characters": [
...     {"id": "c1", "name": "Ann", "aim": "70", "weapons": [{"name": "PISTOL", "wep_dif": 30,
...      "damage_die": "4:10sd+2"}]},
...     {"id": "c2", "name": "Bob", "parts": [{"name": "arm", "points": "20"}]}],
...     "settings": {"stun": False},
...     "gm": {"PCT-M03": [{"action": "an attack with the PISTOL", "ap_cost": "10"}]}})
>>> f, step = attack(f, setup_of({"attacker": "c1", "target": "c2"}), Faces(15))
>>> step.waits_for
'which body part was hit? (the GM specifies it)'
>>> f, step = answer_part(f, "arm", Setup(), Faces(5, 6, 6, 5))
>>> f.fighter("c2").part("arm").damage, f.pending is None   # 24 grazed by 35/50
(Fraction(84, 5), True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from pycore.dice import RandintSource, typed_dice
from pycore.errors import DiceError, RuleError
from pycore.step import Step
from pycore.systems.percentile import gmtables as gm
from pycore.systems.percentile.attack import (
    DICE_STAGES,
    AttackInput,
    AttackResult,
    Hit,
    MissingValue,
    check_inputs,
    roll_to_hit,
    roll_where,
    rules_of,
    stage_dice,
    to_hit_value,
)
from pycore.systems.percentile.attack import answer_part as answer_hit_part
from pycore.systems.percentile.checks import faces_under, fmt
from pycore.systems.percentile.damage import (
    ORGAN_SYSTEMS,
    BodyPart,
)
from pycore.systems.percentile.fight.cost import pay
from pycore.systems.percentile.fight.public import attack_line
from pycore.systems.percentile.fight.setup import (
    ATTACK_NUMBERS,
    Setup,
    known_range,
    number,
    range_text,
)
from pycore.systems.percentile.fight.stun import after_damage, damage_taken, read_as
from pycore.systems.percentile.fight.value import WAITING, Fight, Note, PendingAttack
from pycore.systems.percentile.roster import Fighter, Weapon, race_of
from pycore.systems.percentile.tohit import DIRECT_MARGIN, HTH_MAX_RANGE_M, grenade_odds
from pycore.systems.percentile.wound import roll_wound
from pycore.validate import checked

Form = Mapping[str, str]


def _parties(fight: Fight, form: Form) -> tuple[Fighter, Fighter, Weapon]:
    attacker = fight.fighter(str(form.get("attacker") or ""))
    target = fight.fighter(str(form.get("target") or ""))
    if attacker is None or target is None:
        raise RuleError("Choose the attacker and the target.")
    if attacker.id == target.id:
        raise RuleError(f"{attacker.name} cannot attack themselves: choose another target.")
    index = str(form.get("weapon") or "0")
    weapon = attacker.weapon(int(index)) if index.isdigit() else None
    if weapon is None:
        raise RuleError(f"{attacker.name} has no weapon: add one on the character sheet.")
    if not target.parts:
        raise RuleError(
            f"{target.name} has no body parts on the damage record: add them on the sheet."
        )
    part = str(form.get("part") or "")
    if part and target.part(part) is None:
        raise RuleError(f"{target.name} has no body part {part!r}: choose one of theirs.")
    return attacker, target, weapon


@checked
def attack_input(fight: Fight, form: Form) -> tuple[Fighter, Fighter, Weapon, AttackInput]:
    """The attack as the core resolves it: both sheets, the weapon and the form's values."""
    attacker, target, weapon = _parties(fight, form)
    adversity = number(form, "adversity_total")
    conditions = [c for c in str(form.get("adversity_conditions") or "").split(",") if c.strip()]
    if adversity is None and conditions:
        # PCT-34: the conditions present are summed from the GM's Tables 7.0-7.4.
        summed = gm.adversity_total(fight.tables, conditions)
        adversity = None if summed is None else Fraction(summed)
    settings = fight.settings
    part = str(form.get("part") or "")
    chosen = target.part(part)
    a = AttackInput(
        skill=attacker.skill(weapon),
        category=weapon.category,
        to_hit=settings.to_hit,
        brawl=Fraction(attacker.brawl),
        range_m=known_range(fight, form) or Fraction(0),
        percent_to_hit=number(form, "percent_to_hit"),
        percent_against=number(form, "percent_against"),
        adversity_total=None if adversity is None else int(adversity),
        damage_procedure=settings.damage,
        damage_die=weapon.damage_die or "",
        wep_mod=weapon.wep_mod,
        table_3_3_damage=number(form, "table_3_3_damage"),
        damage_type=weapon.damage_type or "",
        damage_percentage=number(form, "damage_percentage"),
        grazing=settings.grazing,
        record_grazed=settings.graze_record == "grazed",
        race=race_of(target.race),
        part_name=part,
        part_points=chosen.points if chosen else Fraction(1),
        part_damage=chosen.damage if chosen else Fraction(0),
        body_points=[p.points for p in target.parts],
        descriptions=settings.descriptions,
        organ=settings.organ_damage,
        organ_multipliers=typed_multipliers(form),
        # Not set in this attack (or undone to before it was): derived as a fresh set-up is,
        # by Table #3-3.4's roll once the GM entered it (setup.py), else the GM's choice.
        location_mode=str(
            form.get("location") or ("roll" if fight.tables.get("PCT-M07") else "specify")
        ),
        max_throw_m=_throw(fight, form, attacker, weapon),
        record=target.parts,
    )
    return attacker, target, weapon, a


def _range_needed(fight: Fight, a: AttackInput) -> bool:
    """Whether the attack reads its range (:func:`_range_uses`)."""
    return bool(_range_uses(fight, a))


def _range_uses(fight: Fight, a: AttackInput, weapon: str = "weapon") -> list[str]:
    """What the text does with the range in this attack, in words: a hand-to-hand attack
    reaches 3 m at most (PCT-05, line 27), a throw goes as far as Table #3-4.0 says (PCT-37,
    line 105: for a grenade, the one use of the range the text has; a miss lands ``1:10sd + 13``
    m from the target hexagon, line 113, and a bounce by the GM's chart, line 112, neither from
    the range), Table #3-1 gives the Percent to Hit (d2, d3: PCT-33, line 89) and Table #3-3 the
    damage (procedure 3, PCT-43, line 139) by range. Empty: the range changes nothing, so it is
    not asked (a grenade waited for a range it used for nothing)."""
    uses = []
    if a.category == "hth":
        uses.append(f"the {weapon} is hand-to-hand: {HTH_MAX_RANGE_M} m at most")
    thrown = a.category in ("grenade", "weaponry") and a.max_throw_m is not None
    if thrown:
        uses.append(
            f"the {weapon} can be thrown {fmt(a.max_throw_m or Fraction(0))} m at most: "
            "Table #3-4.0"
        )
    if (
        a.category != "grenade"
        and a.to_hit != "d1"
        and a.percent_to_hit is None
        and fight.tables.get("PCT-M04")
    ):
        uses.append("Table #3-1 gives the Percent to Hit by range")
    if a.damage_procedure == "3" and a.table_3_3_damage is None and fight.tables.get("PCT-M13"):
        uses.append("Table #3-3 gives the damage by range")
    return uses


#: What the roll waits for while the range it reads is not known: said beside the roll before
#: it is tapped (a FIST's roll was refused for its range only once tapped), with what the range
#: is for (a GRENADE's roll "waited for the range" and said no more).
RANGE_FIRST = "Range: type how far away the target is; the roll waits for it"


@checked
def range_first(fight: Fight, setup: Setup) -> str | None:
    """Why the attack's first roll waits for the range (None when it does not): an attack that
    reads its range (:func:`_range_uses`) while none is known, or a hand-to-hand attack at a
    range the fight already holds over 3 m (said before the tap: the GM rolled, typed the die,
    and only then read that the fist could not reach).

    >>> from pycore.systems.percentile.fight.codec import fight_from_json
    >>> from pycore.systems.percentile.fight.setup import setup_of
    >>> f = fight_from_json({"characters": [{"id": "a", "name": "A", "weapons": [{"name": "gun"},
    ...     {"name": "FIST", "category": "hth"}, {"name": "GRENADE", "category": "grenade"}]},
    ...     {"id": "b", "name": "B", "parts": [{"name": "arm", "points": "5"}]}]})
    >>> range_first(f, setup_of({"attacker": "a", "target": "b", "weapon": "0"})) is None
    True
    >>> range_first(f, setup_of({"attacker": "a", "target": "b", "weapon": "1"}))
    'Range: type how far away the target is; the roll waits for it (the FIST is hand-to-hand: 3 m at most)'
    >>> range_first(f, setup_of({"attacker": "a", "target": "b", "weapon": "1", "range_m": "2"}))
    >>> range_first(f, setup_of({"attacker": "a", "target": "b", "weapon": "1", "range_m": "15"}))
    'A is 15 m from B: the FIST is hand-to-hand, which cannot be made at over 3 m; move closer first'
    >>> range_first(f, setup_of({"attacker": "a", "target": "b", "weapon": "2"}))  # no throw known
    >>> range_first(f, setup_of({"attacker": "a", "target": "b", "weapon": "2", "max_throw_m": "30"}))
    'Range: type how far away the target is; the roll waits for it (the GRENADE can be thrown 30 m at most: Table #3-4.0)'
    """
    if fight.pending is not None:
        return None
    too_far = _out_of_reach(fight, setup)
    if too_far is not None or known_range(fight, setup) is not None:
        return too_far
    weapon, a = attack_input(fight, setup)[2:]
    uses = _range_uses(fight, a, weapon.name)
    return f"{RANGE_FIRST} ({'; '.join(uses)})" if uses else None


@checked
def out_of_reach(fight: Fight, setup: Setup) -> Fraction | None:
    """The range the fight holds between the two when the attack set up is hand-to-hand and
    that range is over 3 m (PCT-05, line 27: "cannot be made at over three meters"), else None:
    the weapon's odds then say it cannot reach, not a chance of a hit the core refuses."""
    known = known_range(fight, setup)
    a = attack_input(fight, setup)[3]
    return known if a.category == "hth" and known is not None and known > HTH_MAX_RANGE_M else None


def _out_of_reach(fight: Fight, form: Form) -> str | None:
    """The refusal of a hand-to-hand attack over 3 m, in words (PCT-05, line 27), or None."""
    known = known_range(fight, form)
    attacker, target, weapon, a = attack_input(fight, form)
    if a.category != "hth" or known is None or known <= HTH_MAX_RANGE_M:
        return None
    return (
        f"{attacker.name} is {fmt(known)} m from {target.name}: the {weapon.name} is "
        f"hand-to-hand, which cannot be made at over {HTH_MAX_RANGE_M} m; move closer first"
    )


def _reach(fight: Fight, form: Form, a: AttackInput) -> None:
    """The range the attack needs is asked for, and a hand-to-hand attack over 3 m refused in
    words (PCT-05, line 27: "cannot be made at over three meters")."""
    attacker, target, _ = _parties(fight, form)
    if known_range(fight, form) is None and _range_needed(fight, a):
        raise MissingValue(
            "range_m",
            f"Range from {attacker.name} to {target.name} (m): enter it; it is kept for "
            "these two until changed",
        )
    too_far = _out_of_reach(fight, form)
    if too_far is not None:
        raise RuleError(too_far)


@checked
def typed_multipliers(form: Form) -> dict[str, Fraction]:
    return {s: v for s in ORGAN_SYSTEMS if (v := number(form, f"m_{s}")) is not None}


def _throw(fight: Fight, form: Form, attacker: Fighter, weapon: Weapon) -> Fraction | None:
    """PCT-37: the throwing distance typed in, else Table #3-4.0 for Strength and weight."""
    typed = number(form, "max_throw_m")
    if typed is not None or weapon.weight_kg is None:
        return typed
    if weapon.category != "grenade" or not fight.tables.get("PCT-M08"):
        return None
    return gm.throw_distance(fight.tables, attacker.strength, weapon.weight_kg)


@dataclass(frozen=True)
class AttackStep:
    """One step of an attack: who, with what, the result so far, the lines this step added and
    what comes next (``stage``: a roll, a question, or ``done``)."""

    attacker: str
    target: str
    weapon: str
    result: AttackResult
    new: tuple[str, ...] = ()
    stage: str = "done"

    @property
    def waits_for(self) -> str | None:
        return self.result.waits_for

    @property
    def step(self) -> Step:
        """The logged step: the GM's lines, the players' line from the values (hit or miss, the
        body part once known) and the rules applied, as data."""
        r = self.result
        public = attack_line(self.attacker, self.target, self.weapon, r.to_hit, r.part)
        return Step(str(self), public, rules_of(r.why))

    def __str__(self) -> str:
        text = f"{self.attacker} attacks {self.target} with {self.weapon}: "
        text += " · ".join(self.new or self.result.lines)
        return text + (f" · waits: {self.waits_for}" if self.waits_for else "")


@checked
def hit_chances(fight: Fight, setup: Setup) -> dict[str, Fraction]:
    """The exact chance of each to-hit outcome for the attack set up in ``setup`` (PCT-32–35,
    PCT-38), for the odds beside each weapon.

    >>> from pycore.systems.percentile.fight.codec import fight_from_json
    >>> from pycore.systems.percentile.fight.setup import setup_of
    >>> f = fight_from_json({"characters": [{"id": "a", "name": "A", "weapons": [{"name": "gun"}]},
    ...     {"id": "b", "name": "B", "parts": [{"name": "arm", "points": "5"}]}]})
    >>> hit_chances(f, setup_of({"attacker": "a", "target": "b"}))   # MARKSmanship (50 + 0) / 2 = 25
    {'to hit': Fraction(6, 25), 'miss': Fraction(19, 25)}
    """
    a = attack_input(fight, setup)[3]
    if a.category == "grenade":
        return grenade_odds(a.brawl)
    value, _ = to_hit_value(a, fight.tables)
    hit = Fraction(faces_under(value), 100)
    if a.to_hit != "d3":
        return {"to hit": hit, "miss": 1 - hit}
    direct = Fraction(faces_under(value - DIRECT_MARGIN), 100)
    return {"direct": direct, "random": hit - direct, "miss": 1 - hit}


@checked
def next_dice(fight: Fight, setup: Setup) -> str | None:
    """The dice the attack rolls next (the to-hit roll before it starts), or None when the next
    step is a question or there is no attack to roll."""
    pending = fight.pending
    if pending is None:
        return stage_dice(attack_input(fight, setup)[3], "to_hit", fight.tables)
    if pending.hit.stage not in DICE_STAGES:
        return None
    return stage_dice(_inputs(fight, pending, setup)[3], pending.hit.stage, fight.tables)


def _begin(fight: Fight, form: Form, override: bool) -> tuple[Fight, tuple[str, ...]]:
    """Declare the attack: both sheets checked, every value asked for, the AP paid (c2); the
    lines say what was paid (and the GM's override, if any)."""
    if fight.pending is not None:
        raise RuleError(WAITING)
    attacker, target, _, a = attack_input(fight, form)
    if fight.settings.ap == "c2" and attacker.ledger.no_movement:
        raise RuleError(f"{attacker.name} is in a no-movement turn: no action until it is over.")
    _reach(fight, form, a)
    check_inputs(a, fight.tables)
    if range_text(fight, form):  # the attack keeps the range it was declared at
        form = {**form, "range_m": range_text(fight, form)}
    fight, paid = pay(fight, form, override=override)  # PCT-24: the attack is paid first
    start = Hit("", (), stage="to_hit")
    fight = replace(
        fight,
        pending=PendingAttack(dict(form), start),
        attacked=tuple(sorted({*fight.attacked, target.id})),
        last=(),
        last_why=(),
        last_severity=None,
    )
    return fight, paid


def _inputs(
    fight: Fight, pending: PendingAttack, current: Form | None = None
) -> tuple[Fighter, Fighter, Weapon, AttackInput]:
    """The attack as declared; values asked for since (blank when it was declared) come from the
    current form of the same attack."""
    form = dict(pending.form)
    same = current and all(current.get(k) == form.get(k) for k in ("attacker", "target"))
    if current and same:
        form.update({k: v for k, v in current.items() if k in ATTACK_NUMBERS and not form.get(k)})
    if pending.hit.part:
        form["part"] = pending.hit.part
    return attack_input(fight, form)


@checked
def roll(
    fight: Fight,
    setup: Setup,
    rng: RandintSource,
    *,
    through: bool = False,
    override: bool = False,
) -> tuple[Fight, AttackStep]:
    """Roll the attack's next dice: to hit (declaring the attack first), where it went, or the
    damage. ``through`` goes on rolling where it went (app dice) up to the damage; ``override``:
    the GM allows an attack the fighter cannot pay (PCT-24), logged."""
    paid: tuple[str, ...] = ()
    if fight.pending is None:
        fight, paid = _begin(fight, setup, override)
    pending = fight.pending
    assert pending is not None
    stage = pending.hit.stage
    attacker, target, weapon, a = _inputs(fight, pending, setup)
    if stage == "damage":
        return _wound(fight, pending, a, rng)
    if stage == "to_hit":
        hit = roll_to_hit(a, fight.tables, rng)
    elif stage in ("miss_distance", "bounce", "location"):
        hit = roll_where(a, pending.hit, fight.tables, rng)
    else:
        raise RuleError(f"The attack waits for an answer: {pending.hit.waits_for}")
    while through and hit.stage in ("miss_distance", "bounce", "location"):
        hit = roll_where(a, hit, fight.tables, rng)
    new = (*paid, *hit.lines[len(pending.hit.lines) :])
    names = (attacker.name, target.name, weapon.name)
    return _settle(fight, pending.form, hit, names, new)


@checked
def headline(hit: Hit) -> str:
    """The step's verdict in a few words, for the result panel, with the to-hit roll it came
    from (two misses in a row read "Miss" twice, and the app's roll was only under Why).

    >>> headline(Hit("random", (), stage="part")), headline(Hit("miss", (), rolled="83, not under 50"))
    ('Hit: which body part?', 'Miss (rolled 83, not under 50)')
    >>> headline(Hit("hit", (), part="arm", stage="damage", rolled="30, under 50"))
    'Hit (rolled 30, under 50): the arm'
    """
    said = f" (rolled {hit.rolled})" if hit.rolled else ""
    if hit.verdict == "miss":
        return f"Miss{said}"
    if hit.verdict == "bounce":
        return f"The grenade bounces{said}"
    return f"Hit{said}" + {
        "location": ": roll where it landed",
        "part": ": which body part?",
        "damage": f": the {hit.part}",
    }.get(hit.stage, "")


@checked
def titled(fight: Fight, names: tuple[str, str, str], verdict: str) -> str:
    """The result card's line: who attacked whom with what, in which round, then the verdict
    (issue 29 item 4: a bare "torso: 0.64 points" stayed from the round before).

    >>> titled(Fight(round=2), ("Ann", "Bob", "FIST"), "Miss")
    'Round 2 · Ann → Bob, FIST: Miss'
    """
    attacker, target, weapon = names
    return f"Round {fight.round} · {attacker} → {target}, {weapon}: {verdict}"


@checked
def roll_typed(
    fight: Fight, setup: Setup, text: str, *, override: bool = False
) -> tuple[Fight, AttackStep]:
    """The next roll with the dice the user rolled at the table: checked against what those
    dice can show (:func:`pycore.dice.typed_dice`), all of them used; a roll's modifier (the
    damage die's Y) is the app's to add.

    >>> from pycore.systems.percentile.fight.setup import Setup
    >>> roll_typed(Fight(), Setup(), "15")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Choose the attacker and the target.
    """
    expr = next_dice(fight, setup)
    if expr is None:
        raise RuleError("The attack is not waiting for a roll.")
    # PCT-42: the damage die is typed as the dice show it (one die, or each die) and the app
    # adds the Y, as DamageRoll shows ("1:10sd (8) + 1 = 9"): a GM who types the face they
    # read is never a point short (the Checks tab takes the dice the same way).
    source = typed_dice(expr, text, "I rolled", added=True)
    fight, step = roll(fight, setup, source, override=override)
    if source.unused:
        raise DiceError(f"I rolled: {expr} needs {len(source.faces) - len(source.unused)} dice")
    return fight, step


def _settle(
    fight: Fight, form: Form, hit: Hit, names: tuple[str, str, str], new: tuple[str, ...]
) -> tuple[Fight, AttackStep]:
    done = hit.stage == "done"
    result = AttackResult(hit.verdict, hit.lines, waits_for=hit.waits_for, why=hit.why)
    fight = replace(
        fight,
        pending=None if done else PendingAttack(dict(form), hit),
        last=hit.lines,
        last_why=hit.why,
        headline=titled(fight, names, headline(hit)),
    )
    return fight, AttackStep(*names, result, new, hit.stage)


@checked
def attack(fight: Fight, setup: Setup, rng: RandintSource) -> tuple[Fight, AttackStep]:
    """The whole attack with app dice, up to the first question (a body part, a stun value)."""
    if fight.pending is not None:
        raise RuleError(WAITING)
    fight, step = roll(fight, setup, rng, through=True)
    lines = step.new
    if step.stage == "damage":
        fight, step = roll(fight, setup, rng)
        lines = (*lines, *step.new)
    return fight, replace(step, new=lines)


@checked
def answer_part(
    fight: Fight, part: str, setup: Setup, rng: RandintSource | None = None
) -> tuple[Fight, AttackStep]:
    """PCT-36: the GM's (or, for a direct hit, the attacker's) body part for the waiting attack;
    with ``rng`` the damage is rolled at once."""
    pending = fight.pending
    if pending is None or pending.hit.stage != "part":
        raise RuleError("No attack is waiting for a body part.")
    attacker, target, weapon, _ = _inputs(fight, pending, setup)
    if target.part(part) is None:
        raise RuleError(f"Choose one of {target.name}'s body parts.")
    hit = answer_hit_part(pending.hit, part)
    fight = replace(
        fight,
        pending=PendingAttack(pending.form, hit),
        last=hit.lines,
        headline=titled(fight, (attacker.name, target.name, weapon.name), headline(hit)),
    )
    step = AttackStep(
        attacker.name,
        target.name,
        weapon.name,
        AttackResult(hit.verdict, hit.lines),
        hit.lines[-1:],
    )
    if rng is None:
        return fight, replace(step, stage="damage")
    fight, wound = roll(fight, setup, rng)
    return fight, replace(wound, new=(*step.new, *wound.new))


@checked
def set_aside(fight: Fight) -> tuple[Fight, Note]:
    """Drop the attack under way (its AP stay spent: the attack was made, PCT-24)."""
    if fight.pending is None:
        raise RuleError("No attack is under way.")
    return replace(fight, pending=None), Note("the attack under way was set aside")


def _wound(
    fight: Fight, pending: PendingAttack, a: AttackInput, rng: RandintSource
) -> tuple[Fight, AttackStep]:
    """PCT-39–53 and PCT-11/28: the damage, written to the target's sheet; the stun follows from
    the GM's Table #3-7.0, or is asked for now that the damage is known (line 74)."""
    attacker, target, weapon = _parties(fight, {**pending.form, "part": a.part_name})
    part = a.part_name
    result = roll_wound(a, pending.hit, part, fight.tables, rng)
    assert result.part is not None
    wounded = replace(
        target, parts=tuple(result.part if p.name == part else p for p in target.parts)
    )
    wounded, notes, ask = after_damage(fight, wounded, result)
    lines = (*result.lines, *notes)
    question = None
    if ask:  # PCT-28 / PCT-M02: the table's value for the whole points taken, asked once
        question = (
            f"What is {target.name}'s damage modifier with {fmt(damage_taken(wounded))} points "
            f"of damage taken? Table #3-7.0{read_as(wounded)} leaves it out: enter it once, it "
            "is kept on the GM page; a rise in it stuns (AP lost = the rise ÷ 10)"
        )
    hit = replace(
        pending.hit, lines=lines, stage="stun" if question else "done", waits_for=question
    )
    fight = replace(
        fight.with_fighter(wounded),
        pending=PendingAttack(pending.form, hit) if question else None,
        last=lines,
        last_why=result.why,
        last_severity=result.severity_table,
        headline=titled(
            fight, (attacker.name, target.name, weapon.name), _wound_headline(result.part, result)
        ),
    )
    told = replace(result, lines=lines, waits_for=question)
    new = lines[len(pending.hit.lines) :]
    step = AttackStep(attacker.name, target.name, weapon.name, told, new, hit.stage)
    return fight, step


def _wound_headline(part: BodyPart, result: AttackResult) -> str:
    points = fmt(result.damage.recorded) if result.damage else "0"
    state = "destroyed" if part.destroyed else "no function" if part.no_function else ""
    return f"{part.name}: {points} points" + (f", {state}" if state else "")
