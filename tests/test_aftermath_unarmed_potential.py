"""An unarmed blow's Damage Potential step says what the text gives for it. A GM's
play-through read "Damage Potential: ; the source does not say..." for a blow without a weapon,
nothing after the colon, and the same after a critical's "+2 to WDM" (AFT-18): the weapons
listing gives every weapon's WDM, and none for a blow without one (AFT-15, AFT-M05). A WDM the
listing gives in words (the Sap's "special") is shown as printed."""

from __future__ import annotations

import random

from test_aftermath_attack_lifetime import _fighter

from pycore.systems.aftermath import fight as F
from pycore.systems.aftermath.attack.hand import HthAttack, resolve_hth

NO_WDM = "the text gives no WDM for a blow without a weapon, nor how a WDM becomes Damage Potential"


def _potential(steps: list[str]) -> str:
    return next(s for s in steps if s.startswith("Damage Potential"))


def test_an_unarmed_blow_and_its_critical_say_the_text_gives_no_wdm() -> None:
    fight = F.fight_from_json({"characters": [_fighter("Bo"), _fighter("Ana")]})
    fight, _ = F.pick_combatant(fight, "attacker", 1)
    fight, _ = F.pick_combatant(fight, "attacker", 0)
    fight, _ = F.set_mode(fight, "hth")
    fight, _ = F.set_field(fight, "hth", "bcs", "12")
    waiting, _ = F.attack(fight, F.roll_for_me("4"))  # D20 6: a hit, location 29
    assert waiting.pending is not None
    shown = _potential(waiting.pending["steps"])
    assert shown.startswith(f"Damage Potential: unarmed: {NO_WDM}"), shown
    hit, applied = F.give_answer(F.set_answer(waiting, "3")[0])
    assert isinstance(applied, F.Attacked)
    assert _potential(applied.details["steps"]) == "Damage Potential: 3 (entered; unarmed)"
    called, _ = F.call_critical(hit)  # the Enhancement's D20 12: +2 to WDM
    assert called.pending is not None
    shown = _potential(called.pending["steps"])
    assert shown.startswith(f"Damage Potential: unarmed, critical +2 to WDM: {NO_WDM}"), shown


def test_a_wdm_printed_in_words_is_shown_as_printed() -> None:
    sap = HthAttack(base_bcs=20, weapon="Sap", strength_group=3, critical_hit=True)
    steps = [str(s) for s in resolve_hth(sap, random.Random(2)).steps]
    assert _potential(steps).startswith("Damage Potential: WDM special (listed + "), steps
