"""Combat time (AFT-55): Combat Turns of 20 Action Phases. The clock moves one phase or one
turn at a time; condition timers are read against it (``Condition.active_at``).

>>> str(next_phase(moment(1, 20))), str(next_turn(moment(3, 7)))
('turn 2, phase 1', 'turn 4, phase 1')
"""

from __future__ import annotations

from pycore.systems.aftermath.conditions import PHASES, Condition, Moment, moment
from pycore.validate import checked

MAX_TURN = 10_000


@checked
def next_phase(now: Moment) -> Moment:
    """AFT-55: the next Action Phase; after phase 20 the next Combat Turn's phase 1 (20 phases
    per turn, implied by every KPH row's m/AP = m/ct ÷ 20, AFT-43).

    >>> str(next_phase(moment(1, 1)))
    'turn 1, phase 2'
    """
    now = moment(now.turn, now.phase)
    if now.phase < PHASES:
        return Moment(now.turn, now.phase + 1)
    return next_turn(now)


@checked
def next_turn(now: Moment) -> Moment:
    """AFT-55: the next Combat Turn, from its first Action Phase.

    >>> next_turn(moment(10_000, 1))
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: turn 10001 is outside 1 to 10000
    """
    return moment(now.turn + 1, 1)


def _count(at: Moment) -> int:
    return (at.turn - 1) * PHASES + at.phase


@checked
def phases_left(condition: Condition, now: Moment) -> int | None:
    """AFT-55: how many Action Phases ``condition`` still holds, counting the phase ``now`` (0
    once it ended; None: for the rest of the combat). One that starts later counts from its
    start (the Daze after a Stun).

    >>> from pycore.systems.aftermath.conditions import daze_condition
    >>> daze = daze_condition(moment(2, 5))
    >>> phases_left(daze, moment(2, 5)), phases_left(daze, moment(3, 5)), phases_left(daze, moment(3, 6))
    (21, 1, 0)
    """
    if condition.until is None:
        return None
    start = max(_count(now), _count(condition.start))
    return max(0, _count(condition.until) - start + 1)


__all__ = ["MAX_TURN", "PHASES", "next_phase", "next_turn", "phases_left"]
