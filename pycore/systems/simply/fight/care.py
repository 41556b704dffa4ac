"""Treatment during and after the fight (SIM-51 to SIM-55, SIM-D16, SIM-D19, SIM-D20): the task
for a patient now, and carrying it out."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from pycore.dice import RandintSource, roll
from pycore.errors import RuleError
from pycore.step import Step
from pycore.systems.simply import luck as luck_rules
from pycore.systems.simply import recovery, tasks
from pycore.systems.simply.fight.attack import luck_pool
from pycore.systems.simply.fight.public import treatment_line
from pycore.systems.simply.fight.turns import give_up, take_action
from pycore.systems.simply.fight.value import (
    FIRST_AID_WINDOW,
    Combat,
    Combatant,
    _with,
    _without,
)
from pycore.validate import checked

# --- treatment (SIM-51 to SIM-55) -----------------------------------------------------------


TREATMENTS: Final = ("revive", "first aid", "treatment", "stabilize", "bandage", "hospital care")


@dataclass(frozen=True)
class TreatmentRoll:
    patient: str
    task: recovery.TreatmentTask
    success: bool
    text: str
    name: str = ""

    @property
    def step(self) -> Step:
        """The logged step: the task and the roll for the GM (its rules as data); for the
        players, the treatment and whether it worked."""
        public = treatment_line(self.name, self.task.treatment, self.success)
        return Step(self.text, public, self.task.rules)

    def __str__(self) -> str:
        return self.text


@checked
def treatment_task(
    combat: Combat, patient_id: str, treatment: str, skill: str = "First Aid"
) -> recovery.TreatmentTask:
    """The task for a treatment on this patient now: its difficulty by the patient's HP
    (SIM-52), the stabilization attempt (SIM-54), the First Aid window (SIM-55, SIM-D19).

    >>> from pycore.systems.simply.fight import *
    >>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5, hp=1)
    >>> str(treatment_task(fight, "c1", "revive", "Medicine"))
    'revive: Average Medicine (0); +1 HP; stops bleeding; an Other action; acts again from the next Initiative Roll'
    """
    c = combat.get(patient_id)
    if treatment == "bandage":
        return recovery.bandage(c.hp)
    if treatment == "revive":
        if not c.unconscious:
            raise RuleError(f"{c.name} is not unconscious: nothing to revive", rules=("SIM-51",))
        return recovery.revive(c.hp, c.hp_max, skill)
    if treatment == "stabilize":
        if not c.critical or c.dead:
            raise RuleError(
                f"{c.name} is not in Critical Condition: no stabilization", rules=("SIM-54",)
            )
        return recovery.stabilize(c.stabilize_attempts + 1, skill)
    if treatment == "first aid":
        if c.critical:
            raise RuleError(
                f"{c.name} is in Critical Condition: stabilize first", rules=("SIM-54",)
            )
        if c.injured_at is None:
            raise RuleError(f"{c.name} has no injury to treat", rules=("SIM-55",))
        if c.first_aid_done:
            raise RuleError(f"{c.name} already had First Aid for this injury", rules=("SIM-D19",))
        since = combat.clock - c.injured_at
        if since > FIRST_AID_WINDOW:
            raise RuleError(
                f"minutes since injury {since} is outside 0 to {FIRST_AID_WINDOW}: First Aid "
                "restores HP only within 15 minutes",
                rules=("SIM-55",),
            )
        return recovery.first_aid(c.hp, c.hp_max, skill, since)
    if treatment == "treatment":
        # SIM-52: after First Aid's window a First Aid or Medicine treatment still stops
        # bleeding, at the difficulty of the patient's HP.
        if c.critical:
            raise RuleError(
                f"{c.name} is in Critical Condition: stabilize first", rules=("SIM-54",)
            )
        return recovery.treatment(c.hp, c.hp_max, skill)
    if treatment == "hospital care":
        if not c.has("stabilized") or c.stabilized_until is None:
            raise RuleError(
                f"{c.name} has no stabilization running out: hospital care ends one",
                rules=("SIM-D20",),
            )
        return recovery.comprehensive_treatment()
    raise RuleError(f"treatment {treatment!r} is not one of {', '.join(TREATMENTS)}")


@checked
def treat(
    combat: Combat,
    patient_id: str,
    treatment: str,
    rng: RandintSource,
    *,
    skill: str = "First Aid",
    rating: int | None = None,
    level: str | None = None,
    treater: str | None = None,
    luck: bool = False,
) -> tuple[Combat, TreatmentRoll]:
    """Carry out a treatment: ``rating`` is the treater's skill rating (the base score), the
    difficulty comes from :func:`treatment_task`; success applies its effects (SIM-51 to
    SIM-55). Stabilization lasts 1D10 hours (SIM-54). A treatment rolled is a Test, so the
    treater may declare luck (SIM-10: ``luck`` stakes their LP, spent by the rule).

    >>> from pycore.systems.simply.fight import *
    >>> import random
    >>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5)
    >>> fight, _ = hit(fight, "c1", 12)
    >>> fight, done = treat(fight, "c1", "bandage", random.Random(1))
    >>> str(done), fight.get("c1").status()
    ('Mara: bandage: Automatic (success without a roll); stops bleeding; the bandager takes no other actions this turn', 'ok')
    """
    task = treatment_task(combat, patient_id, treatment, skill)
    patient = combat.get(patient_id)
    charged_fight, charged = _charge(combat, patient_id, treatment, treater)
    check_treater(combat, treater)  # after _charge: its self-revive refusal says more
    combat = charged_fight
    if task.automatic is not None:
        success = task.automatic == "success"
        body = task.words
    else:
        if rating is None:
            raise RuleError(f"{skill} rating: enter the treater's skill rating", rules=("SIM-52",))
        target = tasks.target_number(rating, task.difficulty, base_label=f"{skill}")
        stake = luck_pool(_luck_of(combat, treater), luck) if luck else 0
        if stake:
            lucky = luck_rules.roll_luck_test(target.total, stake, rng, level)
            success = lucky.result.success
            body = f"{task.words}; {target} · {lucky}"
            spender = _luck_of(combat, treater)
            combat = combat.with_combatant(replace(spender, luck=spender.luck - lucky.result.spent))
            patient = combat.get(patient_id)  # the treater may be the patient
        else:
            outcome = tasks.roll_task(target, level, rng)
            success = outcome.success
            body = f"{task.words}; {outcome}"
    updated = patient
    if success:
        if task.stops_bleeding:
            updated = _without(updated, "bleeding")
        if treatment == "revive":
            updated = _with(_without(updated, "unconscious"), "revived")
            updated = replace(updated, hp=min(updated.hp_max, updated.hp + task.hp_gain))
        elif treatment == "first aid":
            updated = replace(
                updated, hp=min(updated.hp_max, updated.hp + task.hp_gain), first_aid_done=True
            )
        elif treatment == "hospital care":
            updated = replace(updated, stabilized_until=None)  # SIM-D20: no countdown now
        elif treatment == "stabilize":
            hours = roll("1d10", rng).total  # SIM-54: 1-10 hours
            updated = replace(
                _with(updated, "stabilized"),
                stabilized_until=combat.clock + 60 * hours,
                bleeding_since=None,
                bled=0,
            )
            body += f"; bleeding stops for 1D10 ({hours}) hours"
        if not updated.bleeding:
            updated = replace(updated, bleeding_since=None, bled=0)
    if treatment == "stabilize":
        updated = replace(updated, stabilize_attempts=patient.stabilize_attempts + 1)
    # The roll's words say the verdict ("success by 2"): the line says it once, not again
    # after an arrow ("success by 2 → success", read twice under the treatment).
    text = f"{patient.name}: {body}{charged}"
    done = TreatmentRoll(patient_id, task, success, text, patient.name)
    return combat.with_combatant(updated), done


@checked
def check_treater(combat: Combat, treater: str | None) -> None:
    """Refuse a treater who can take no action: a disabled character gets no actions (SIM-38),
    and at HP ≤ 1 they are unconscious (SIM-48), below 0 in Critical Condition (SIM-49).
    ``treater`` None is whoever acts now; before the first Initiative Roll, no one.

    >>> from pycore.systems.simply.fight import *
    >>> fight = add_combatant(Combat(), name="Bea", hp_max=24, strength=6, health=5, hp=0)
    >>> check_treater(fight, "c1")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Treater: Bea is unconscious: a disabled character gets no actions; choose another treater
    """
    who = treater or combat.cursor
    if not who:
        return
    c = combat.get(who)
    if c.disabled:
        state = "dead" if c.dead else "in Critical Condition" if c.critical else "unconscious"
        rule = "SIM-50" if c.dead else "SIM-49" if c.critical else "SIM-48"
        raise RuleError(
            f"Treater: {c.name} is {state}: a disabled character gets no actions; "
            "choose another treater",
            rules=("SIM-38", rule),
        )


def _luck_of(combat: Combat, treater: str | None) -> Combatant:
    """Whose LP a treatment's luck stakes: the treater's (SIM-10: the one who rolls)."""
    who = treater or combat.cursor
    if not who:
        raise RuleError(
            "Luck: choose the treater: the luck staked is the treater's (no one acts now)",
            rules=("SIM-10",),
        )
    return combat.get(who)


#: What a treatment costs its treater during a turn: a revive is an Other action (SIM-51); a
#: bandager "can take no other actions" (SIM-53), so bandaging takes all they have left this turn.
#: The other treatments' lines give no cost in actions: none is charged.
CHARGED: Final = ("revive", "bandage")


def _charge(
    combat: Combat, patient_id: str, treatment: str, treater: str | None
) -> tuple[Combat, str]:
    """The fight once the treater has paid for the treatment, and the words saying so (" ·
    Mara: Other (1 action left)"). During a turn ``treater`` defaults to whoever acts now; they
    act by the turn's rules (SIM-35 to SIM-38: on their turn, or out of it with held actions),
    and their turn passes on their last action. Before the first Initiative Roll (the fight being
    set up) nothing is charged: no one has actions yet; once a turn is over, no one has any
    left until the next roll.

    >>> from pycore.systems.simply.fight import *
    >>> import random
    >>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5)
    >>> fight = add_combatant(fight, name="Bo", hp_max=26, strength=6, health=5, hp=2)
    >>> fight, _ = roll_initiative(fight, random.Random(1))
    >>> fight = adjust(fight, "c2", conditions=("unconscious",))
    >>> _charge(fight, "c2", "revive", "c2")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Treater: the one who revives Bo is another character
    """
    if treatment not in CHARGED or combat.phase == "setup":
        return combat, ""
    who = treater or combat.cursor
    if who is None:
        raise RuleError(
            "Treater: no one acts now (the turn is over): roll initiative for the next turn, "
            "or choose the treater",
            rules=("SIM-37",),
        )
    c = combat.get(who)
    if treatment == "revive" and who == patient_id:
        raise RuleError(
            f"Treater: the one who revives {c.name} is another character",
            rules=("SIM-51",),
        )
    rule = "SIM-51" if treatment == "revive" else "SIM-53"
    if combat.actions_left(who) <= 0 and not c.disabled:
        raise RuleError(
            f"Treater: {c.name} has no actions left this turn; choose another treater",
            rules=(rule, "SIM-37"),
        )
    try:
        spent, step = take_action(combat, who, "Other", treatment)
    except RuleError as exc:
        raise RuleError(f"Treater: {exc}", rules=(rule, *exc.rules)) from None
    if treatment == "bandage" and spent.actions_left(who) > 0:
        spent = give_up(spent, who)  # SIM-53: no other actions this turn
        return spent, f" · {c.name}: Other: bandage, no other actions this turn (0 actions left)"
    return spent, f" · {step.text}"
