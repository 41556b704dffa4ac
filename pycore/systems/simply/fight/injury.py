"""Damage and its effects on a participant (SIM-40 to SIM-50): the hit, the injury checks it
queues and their rolls, the game clock and bleeding (SIM-46, SIM-49, SIM-54, SIM-D14)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.figures import figure
from pycore.step import Step
from pycore.systems.simply import luck as luck_rules
from pycore.systems.simply import tasks
from pycore.systems.simply.armor import DamageKind, check_kind
from pycore.systems.simply.damage import DamageResult, RawDamage, apply_damage
from pycore.systems.simply.fight.attack import hit_chance, luck_pool, shown_roll
from pycore.systems.simply.fight.public import check_line, hit_line
from pycore.systems.simply.fight.turns import TurnStep, _disable_if_needed
from pycore.systems.simply.fight.value import (
    BLEED_EVERY,
    MAX_MINUTES,
    Combat,
    Combatant,
    PendingCheck,
    _with,
    _without,
)
from pycore.systems.simply.limits import MAX_HP
from pycore.validate import checked, is_whole, whole


@dataclass(frozen=True)
class HitResult:
    """A hit applied to a participant: the core's damage result and the checks it calls for."""

    target: str
    name: str
    damage: DamageResult
    checks: tuple[PendingCheck, ...]
    #: The target's checks still queued that the hit made moot, dropped (:func:`_moot_after`).
    dropped: tuple[PendingCheck, ...] = ()

    def __str__(self) -> str:
        return f"{self.name}: {self.damage}{self._dropped}"

    @property
    def _dropped(self) -> str:
        return "".join(f"; {m.named} dropped: {m.on_failure} already" for m in self.dropped)

    @property
    def dropped_words(self) -> str:
        """The checks dropped and why, in words ("" for none), as a check's (CheckRoll)."""
        return "; ".join(
            f"{m.name}: {m.named} dropped: {m.on_failure} already, failing it changes nothing"
            for m in self.dropped
        )

    @property
    def step(self) -> Step:
        """The logged step: the Raw Damage and what it did, for the GM (its effects' rules as
        data); for the players, who was hit."""
        said = f"{self.damage.raw}; {self.name}: {self.damage.words}{self._dropped}"
        return Step(said, hit_line(self.name), self.damage.rules)


@checked
def hit(
    combat: Combat,
    target_id: str,
    raw: RawDamage | int,
    kind: str = "other",
    *,
    others: Sequence[tuple[str, int]] = (),
    luck_spent: int = 0,
    attack: int | None = None,
) -> tuple[Combat, HitResult]:
    """Apply one hit to a participant: armor and shield by attack type, luck 1:1, new HP, and
    every injury effect (SIM-40 to SIM-50); checks are queued with their TN and exact odds.
    With ``attack``, the damage of that attack's hit, applied once: a second time is refused
    (without it, damage the GM applies with no attack roll).

    >>> from pycore.systems.simply.fight import *
    >>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5,
    ...                       armor="leather_jacket")
    >>> fight, result = hit(fight, "c1", raw_from_weapon(20), luck_spent=0)
    >>> str(result)
    'Mara: raw 20 − armor 3 = injury 17; HP 26 → 9; Knockback Check TN 12 or knocked down; Stamina Check (an injury over half HP) TN 10 or unconscious; bleeding'
    >>> fight.get("c1").status()
    'bleeding'
    """
    target = combat.get(target_id)
    if attack is not None:
        _refuse_missed(combat, attack)
        if combat.due is None or combat.due.serial != attack:
            raise RuleError(
                f"the damage of attack {attack} was applied already: a hit is applied once"
            )
        combat = replace(combat, due=None)
    damage_kind: DamageKind = check_kind(kind)
    result = apply_damage(
        raw,
        damage_kind,
        hp=target.hp,
        hp_max=target.hp_max,
        strength=target.strength,
        health=target.health,
        protection=target.protection(),
        others=others,
        luck_spent=luck_spent,
        luck_available=target.luck,
        unconscious=target.unconscious,
    )
    updated = replace(
        target,
        hp=result.hp_after,
        luck=target.luck - result.luck_spent,
        ablative_hits=result.protection.ablative_hits_after,
    )
    if result.injury > 0:
        # SIM-51 reading: a revived character is conscious only until the next injury;
        # SIM-D19: First Aid is once per injury, so a new injury opens a new window.
        updated = replace(
            _without(updated, "revived"), injured_at=combat.clock, first_aid_done=False
        )
    if result.has("SIM-46") and not updated.has("bleeding"):
        updated = replace(_with(updated, "bleeding"), bleeding_since=combat.clock, bled=0)
    if result.has("SIM-49") and updated.bleeding_since is None:
        updated = replace(updated, bleeding_since=combat.clock, bled=0)
    if result.has("SIM-49") and not target.critical:
        updated = replace(updated, stabilize_attempts=0)  # a new critical episode (SIM-54)
    checks = tuple(
        PendingCheck(
            target_id, target.name, e.rule, str(e.check), e.target_number, str(e.on_failure)
        )
        for e in result.effects
        if e.check is not None and e.target_number is not None
    )
    kept, dropped = _moot_after(combat.pending, updated)
    combat = replace(combat, pending=(*kept, *checks))
    done = HitResult(target_id, target.name, result, checks, dropped)
    return _disable_if_needed(combat, updated), done


def _moot_after(
    pending: tuple[PendingCheck, ...], hit: Combatant
) -> tuple[tuple[PendingCheck, ...], tuple[PendingCheck, ...]]:
    """The checks still queued once ``hit`` took the hit, and the ones of their it made moot:
    dead (SIM-50), all of them, as neither knocked down nor unconscious changes anything;
    unconscious (SIM-48 at HP ≤ 1, SIM-49, or a failed check), those whose failure is
    unconscious (SIM-45, SIM-47: "or fall unconscious"). A GM's play-through: Stamina Checks of
    an earlier hit were still asked of a fighter the next hit had knocked out."""
    if hit.dead:
        moot = tuple(p for p in pending if p.combatant == hit.id)
    elif hit.unconscious:
        moot = tuple(p for p in pending if p.combatant == hit.id and p.on_failure == "unconscious")
    else:
        return pending, ()
    return tuple(p for p in pending if p not in moot), moot


def _refuse_missed(combat: Combat, attack: int) -> None:
    """SIM-39: a missed attack deals no damage; its lifetime ended with the miss (FIGHT.md)."""
    missed = combat.missed
    if missed is None or missed.serial != attack:
        return
    names = combat.names()
    by, on = names.get(missed.attacker, "the attacker"), names.get(missed.target, "the target")
    raise RuleError(
        f"{by}'s attack {attack} on {on} missed: a miss deals no damage, the attack ended "
        "with its result; for damage without an attack (a fall, a trap) apply it on its own"
    )


@dataclass(frozen=True)
class CheckRoll:
    """A queued injury check, rolled (SIM-09 special check, luck allowed: SIM-10)."""

    check: PendingCheck
    passed: bool
    text: str
    #: The check's rule, the special check (SIM-09) and luck when declared (SIM-10).
    rules: tuple[str, ...] = ()
    #: The roll against its TN for the screen, as an attack's ("17 vs TN 12", luck's LP).
    number: str = ""
    #: The same fighter's checks a failure made moot, dropped (SIM-47 reading).
    dropped: tuple[PendingCheck, ...] = ()

    @property
    def dropped_words(self) -> str:
        """The checks dropped and why, in words ("" for none)."""
        return "; ".join(
            f"{m.name}: {m.named} dropped: {m.on_failure} already, failing it changes nothing"
            for m in self.dropped
        )

    @property
    def verdict(self) -> str:
        """The check in words: "Bo passes the Knockback Check", "Bo: knocked down"."""
        c = self.check
        return f"{c.name} passes the {c.check}" if self.passed else f"{c.name}: {c.on_failure}"

    @property
    def step(self) -> Step:
        c = self.check
        public = check_line(c.name, c.check, c.on_failure, self.passed)
        return Step(self.text, public, self.rules or (c.rule, "SIM-09"))

    def __str__(self) -> str:
        return self.text


@checked
def roll_check(
    combat: Combat, index: int, rng: RandintSource, luck: bool = False
) -> tuple[Combat, CheckRoll]:
    """Roll the queued check at ``index``: 2D10 ≤ TN, no automatic 2, a 20 fails (SIM-09).
    Failing applies the effect: knocked down (SIM-44) or unconscious (SIM-45, SIM-47). Luck
    declared stakes the participant's LP, spent by the rule (SIM-10, SIM-38).

    >>> from pycore.systems.simply.fight import *
    >>> import random
    >>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5)
    >>> fight, _ = hit(fight, "c1", 14)
    >>> fight, rolled = roll_check(fight, 0, random.Random(5))
    >>> str(rolled)
    'Mara, Knockback Check: 2d10 (10, 5) = 15 vs TN 12: failure by 3 → knocked down'
    >>> fight.get("c1").status(), [p.check for p in fight.pending]
    ('bleeding, knocked down', ['Stamina Check'])
    """
    if not is_whole(index) or not 0 <= index < len(combat.pending):
        raise RuleError(f"check {index!r} is not waiting to be rolled")
    pending = combat.pending[index]
    who = combat.get(pending.combatant)
    stake = luck_pool(who, luck)
    if stake:
        lucky = luck_rules.roll_luck_test(pending.target_number, stake, rng)
        passed = lucky.result.success
        body = str(lucky)
        number = shown_roll(lucky.result)
        who = replace(who, luck=who.luck - lucky.result.spent)
    else:
        plain = tasks.roll_test(pending.target_number, rng)  # None level: no automatic 2
        passed = plain.result.success
        body = str(plain)
        number = shown_roll(plain.result)
    if not passed:
        who = _with(who, pending.on_failure)
    text = f"{who.name}, {pending.named}: {body} → {'passed' if passed else pending.on_failure}"
    rest = combat.pending[:index] + combat.pending[index + 1 :]
    moot: tuple[PendingCheck, ...] = ()
    if not passed:
        rest, moot = _drop_moot(rest, pending)
        text += "".join(f"; {m.named} dropped: {m.on_failure} already" for m in moot)
    updated = _disable_if_needed(replace(combat, pending=rest), who)
    rules = (pending.rule, "SIM-09", *(("SIM-10",) if stake else ()))
    return updated, CheckRoll(pending, passed, text, rules, number, moot)


def _drop_moot(
    pending: tuple[PendingCheck, ...], failed: PendingCheck
) -> tuple[tuple[PendingCheck, ...], tuple[PendingCheck, ...]]:
    """The checks still queued once ``failed`` failed, and those dropped: the same fighter's
    checks whose failure does what has just happened. SIM-47 reading: one injury may call for
    two Stamina Checks and failing either means unconscious; once one failed, the other can
    change nothing (play-through simply: Cy, unconscious, still had one queued at 45%)."""
    moot = tuple(
        p for p in pending if p.combatant == failed.combatant and p.on_failure == failed.on_failure
    )
    return tuple(p for p in pending if p not in moot), moot


@checked
def check_chance(combat: Combat, index: int, luck: bool = False) -> Fraction:
    """The exact chance of passing the queued check at ``index``: a special check, no automatic
    2, a 20 fails (SIM-09); with luck declared, the participant's LP staked by the rule
    (SIM-10: a failure bought off 1:1, at least 5 LP), as :func:`roll_check` rolls it, so the
    odds shown are the ones that apply (play-through simply: 64% shown with 6 LP declared,
    where 97 in 100 pass).

    >>> from pycore.systems.simply.fight import *
    >>> fight = add_combatant(Combat(), name="Bea", hp_max=30, strength=6, health=6,
    ...                       luck_points=6)
    >>> fight, _ = hit(fight, "c1", 14)
    >>> check_chance(fight, 0), check_chance(fight, 0, luck=True)
    (Fraction(16, 25), Fraction(97, 100))
    """
    if not is_whole(index) or not 0 <= index < len(combat.pending):
        raise RuleError(f"check {index!r} is not waiting to be rolled")
    pending = combat.pending[index]
    stake = luck_pool(combat.get(pending.combatant), luck)
    if not stake:
        return pending.chance
    return hit_chance(pending.target_number, None, attacker_skilled=False, luck=stake)


@checked
def dismiss_check(combat: Combat, index: int) -> tuple[Combat, TurnStep]:
    """Drop a queued check the GM waives.

    >>> from pycore.systems.simply.fight import *
    >>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5)
    >>> fight, _ = hit(fight, "c1", 14)
    >>> waived, told = dismiss_check(fight, 0)
    >>> [p.rule for p in fight.pending], [p.rule for p in waived.pending], str(told)
    (['SIM-44', 'SIM-45'], ['SIM-45'], 'Mara: Knockback Check waived by the GM')
    """
    if not is_whole(index) or not 0 <= index < len(combat.pending):
        raise RuleError(f"check {index!r} is not waiting to be rolled")
    check = combat.pending[index]
    said = f"{check.name}: {check.named} waived by the GM"
    rest = replace(combat, pending=combat.pending[:index] + combat.pending[index + 1 :])
    return rest, TurnStep(said, said, (check.rule,))


@dataclass(frozen=True)
class TimePassed:
    """Game time advanced: the minutes, the clock after, and what bleeding and a stabilization
    running out did (SIM-46, SIM-49, SIM-54, SIM-D14); the GM's alone."""

    minutes: int
    clock: int
    lines: tuple[str, ...]
    rules: tuple[str, ...] = ("SIM-D14",)

    @property
    def step(self) -> Step:
        said = f"{self.minutes} minutes pass (clock {self.clock} min)"
        return Step("; ".join((said, *self.lines)), rules=self.rules)

    def __str__(self) -> str:
        return self.step.text


# --- the clock and bleeding (SIM-46, SIM-49, SIM-54, SIM-D14) --------------------------------


@checked
def advance_clock(combat: Combat, minutes: int) -> tuple[Combat, TimePassed]:
    """Advance game time: each bleeding participant loses 1 HP per full 5 minutes since the
    bleeding began (SIM-46, SIM-49, SIM-D14); a stabilization runs out (SIM-54). Bleeding is
    not an injury and calls for no check (SIM-47 reading).

    >>> from pycore.systems.simply.fight import *
    >>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5)
    >>> fight, _ = hit(fight, "c1", 12)
    >>> fight, passed = advance_clock(fight, 12)
    >>> passed.lines, fight.get("c1").hp
    (('Mara bleeds 2 HP (12 minutes): HP 14 → 12',), 12)
    """
    minutes = whole(minutes, "minutes", 1, MAX_MINUTES)
    now = combat.clock + minutes
    lines: list[str] = []
    rules = ["SIM-D14"]
    updated = replace(combat, clock=now)
    for c in combat.combatants:
        current = c
        until = current.stabilized_until
        if current.has("stabilized") and until is not None and now >= until and current.critical:
            current = replace(
                _without(current, "stabilized"),
                bleeding_since=current.stabilized_until,
                bled=0,
                stabilized_until=None,
            )
            lines.append(f"{c.name}: stabilization ran out, bleeding again")
            rules.append("SIM-54")
        if current.bleeding and current.bleeding_since is not None:
            due = (now - current.bleeding_since) // BLEED_EVERY - current.bled
            if due > 0:
                before = current.hp
                current = replace(
                    current, hp=max(-MAX_HP, current.hp - due), bled=current.bled + due
                )
                lines.append(
                    f"{c.name} bleeds {due} HP ({minutes} minutes): HP {figure(before)} → {figure(current.hp)}"
                )
                rules.append("SIM-49" if current.critical else "SIM-46")
        if current != c:
            updated = _disable_if_needed(updated, current)
    return updated, TimePassed(minutes, now, tuple(lines), tuple(dict.fromkeys(rules)))
