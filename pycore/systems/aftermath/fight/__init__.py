"""The Aftermath! fight on the shared fight protocol (shared/FIGHT.md, issue 25): a frozen value
(``value``), its saved form (``codec``), who fights and when (``turns``: the attacker and target,
the Action Phases and Combat Turns, AFT-55), the attack's form before its dice (``form``: the
weapon, the fields and chips the GM changes), the attack under way (``attack``) and the players'
line (``public``). Every step is ``fight, result = step(fight, ..., dice)``; a refusal raises the
typed error in words; ``result.step`` is the shared :class:`pycore.step.Step`: the GM's words
without rule IDs, the players' line built from values, the rules as data.

The names load on first use (pycore/lazy.py): the app's start reads only ``public``.

>>> from pycore.systems.aftermath.gear import arms
>>> from pycore.systems.aftermath.sheet import sheet
>>> from pycore.systems.aftermath.fight import (
...     Fight, attack, fight_from_json, fight_to_json, next_action_phase, pick_combatant,
...     roll_for_me, set_field, typed_roll)
>>> ana = arms.add_weapon(sheet.add_skill(sheet.new_sheet("Ana"), "Pistol", "12"),
...     {"name": "Revolver", "kind": "gun", "gun": "pistol|STD", "skill": "Pistol",
...      "ammo": "pistol:357 Magnum"})
>>> bo = sheet.set_field(sheet.set_field(sheet.new_sheet("Bo"), "derived.cda", "1"),
...     "derived.drt", "40")
>>> fight, _ = pick_combatant(Fight(characters=(bo, ana), attacker=1, target=0), "attacker", 0)
>>> fight, _ = pick_combatant(fight, "attacker", 1)
>>> fight.weapon, fight.forms["missile"]["bcs"], fight.forms["missile"]["meters"]
('Revolver', 12, '')
>>> fight, _ = set_field(fight, "missile", "meters", "20")  # AFT-46: typed, never assumed
>>> fight, rolled = attack(fight, typed_roll("3"))
>>> rolled.step.text, fight.pending["what"]
('Attack dice: Ana → Bo', 'hit location')
>>> fight, rolled = attack(fight, roll_for_me("table"))
>>> rolled.step.public
'Ana → Bo (missile) → hit'
>>> "AFT-" in rolled.step.text, "AFT-03" in rolled.step.rules
(False, True)
>>> fight_from_json(fight_to_json(fight)) == fight
True
>>> attack(fight, typed_roll("5"))  # AFT-45: one attack, one Action, per Action Phase
Traceback (most recent call last):
...
pycore.errors.RuleError: Ana already attacked in this Action Phase (turn 1, phase 1)
>>> fight, _ = next_action_phase(fight)
>>> attack(fight, typed_roll("21"))
Traceback (most recent call last):
...
pycore.errors.DiceError: roll 1 (to hit): a die from 1 to 20 cannot show 21
"""

from typing import TYPE_CHECKING, Final

from pycore.lazy import exports

if TYPE_CHECKING:
    from pycore.systems.aftermath.fight.attack import (
        AttackDice,
        Attacked,
        answer_cuts,
        attack,
        call_critical,
        drop_pending,
        give_answer,
        reload,
        roll_for_me,
        set_answer,
        typed_roll,
    )
    from pycore.systems.aftermath.fight.codec import fight_from_json, fight_to_json
    from pycore.systems.aftermath.fight.form import (
        choose_weapon,
        clear_chips,
        set_field,
        set_mode,
        set_override,
        toggle_chip,
        weapon_set_up,
        weapons_changed,
    )
    from pycore.systems.aftermath.fight.public import (
        aftermath_public,
        aftermath_under_way,
        public_aftermath,
    )
    from pycore.systems.aftermath.fight.turns import (
        answer_ask,
        clear_log,
        get_up,
        next_action_phase,
        next_combat_turn,
        pick_combatant,
    )
    from pycore.systems.aftermath.fight.value import (
        COMBAT,
        Done,
        Fight,
        Noted,
        derived_forms,
        taken_this_turn,
    )

__getattr__, __dir__ = exports(
    __name__,
    {
        "pycore.systems.aftermath.fight.attack": (
            "AttackDice Attacked answer_cuts attack call_critical drop_pending give_answer reload"
            " roll_for_me set_answer typed_roll"
        ),
        "pycore.systems.aftermath.fight.codec": "fight_from_json fight_to_json",
        "pycore.systems.aftermath.fight.form": (
            "choose_weapon clear_chips set_field set_mode set_override toggle_chip weapon_set_up"
            " weapons_changed"
        ),
        "pycore.systems.aftermath.fight.public": (
            "aftermath_public aftermath_under_way public_aftermath"
        ),
        "pycore.systems.aftermath.fight.turns": (
            "answer_ask clear_log get_up next_action_phase next_combat_turn pick_combatant"
        ),
        "pycore.systems.aftermath.fight.value": "COMBAT Done Fight Noted derived_forms taken_this_turn",
    },
)

#: The steps a page calls, each ``(fight: Fight, ...) -> tuple[Fight, result]``.
TRANSITIONS: Final = (
    "pick_combatant",
    "answer_ask",
    "next_action_phase",
    "next_combat_turn",
    "clear_log",
    "get_up",
    "choose_weapon",
    "weapons_changed",
    "set_mode",
    "set_override",
    "set_field",
    "toggle_chip",
    "clear_chips",
    "attack",
    "call_critical",
    "set_answer",
    "give_answer",
    "answer_cuts",
    "drop_pending",
    "reload",
)

__all__ = [
    "COMBAT",
    "TRANSITIONS",
    "AttackDice",
    "Attacked",
    "Done",
    "Fight",
    "Noted",
    "aftermath_public",
    "aftermath_under_way",
    "answer_ask",
    "answer_cuts",
    "attack",
    "call_critical",
    "choose_weapon",
    "clear_chips",
    "clear_log",
    "derived_forms",
    "drop_pending",
    "fight_from_json",
    "fight_to_json",
    "get_up",
    "give_answer",
    "next_action_phase",
    "next_combat_turn",
    "pick_combatant",
    "public_aftermath",
    "reload",
    "roll_for_me",
    "set_answer",
    "set_field",
    "set_mode",
    "set_override",
    "taken_this_turn",
    "toggle_chip",
    "typed_roll",
    "weapon_set_up",
    "weapons_changed",
]
