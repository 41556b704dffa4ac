"""What an Aftermath step waits for, in the game's words: a step names the value it needs by its
key (``target.mass``); the screen and the step's own text say it as a player would."""

from __future__ import annotations

from pycore.validate import checked

#: Plain words for what a resolution waits for (the keys are the ones its steps name).
QUESTIONS = {
    "attack.damage_potential": "the Damage Potential",
    "attack.critical_miss_table": "the weapon's kind (which critical miss table)",
    "attack.cuts": "whether the attack cuts",
    "attack.breech_location": "the firer's location nearest the breech",
    "weapon.durability": "the weapon's Durability",
    "target.mass": "the target's Mass",
    "target.ast.HLH": "the target's Health AST and CST",
    "creature.location_region": "the region of the location hit",
    "settings.shotgun_critical_row": "the critical row for shotguns (Settings)",
    "target.cda": "the target's CDA",
    "attacker.average_bcs": "the attacker's Average BCS",
    "attack.near_side_location": "which location is on the near side",
    "weapon.inherent_accuracy": "the gun's Inherent Accuracy",
    "weapon.max_bursts_per_action": "the most bursts per Action",
    "weapon.burst_size": "the rounds per burst",
    "weapon.autoloading": "whether the gun is an autoloader",
    "weapon.has_extractor": "whether the gun has an extractor",
}


@checked
def question(key: str) -> str:
    """What a step waits for, in the game's words.

    >>> question("target.mass"), question("GM: the fall (AFT-M10)")
    ("the target's Mass", 'the GM: the fall')
    """
    if key in QUESTIONS:
        return QUESTIONS[key]
    if key.startswith("GM: "):
        return "the GM: " + key.removeprefix("GM: ").split(" (")[0]
    return key.rsplit(".", 1)[-1].replace("_", " ")
