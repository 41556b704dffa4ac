"""Records the share tests fill (the unit tests' and the e2e tests' alike): a character sheet
filled as a player fills one, and the moment it is shared at. Named without ``test_`` so that
e2e/ imports it by a name no test module there shares."""

from __future__ import annotations

from pycore.systems.simply.character import Character, GearItem, Skill
from pycore.systems.simply.character_json import character_to_json

NOW = "2026-11-23T10:00:00+00:00"
SKILLS = ("Brawling", "Stealth", "First Aid", "Climbing", "Dodging", "Observing", "Convincing")
GEAR = ("Rope, 10 m", "Lantern", "Bedroll", "Rations (3 days)", "Water skin", "Flint", "Map case")
FILLED = character_to_json(
    Character(
        name="Mara Voss",
        player="Jo",
        concept="Scout of the northern marches",
        coordination=7,
        intellect=5,
        luck=20,
        abilities=("Keen Eyes", "Quick Draw", "Night Sight"),
        gear=tuple(GearItem(n) for n in (*GEAR, "Whistle")),
        skills=tuple(
            Skill(n, "Capable" if i % 2 else "Familiar", None)
            for i, n in enumerate((*SKILLS, "Running", "Swimming"))
        ),
        appearance="Tall and lean, with a scar across the left cheek and grey eyes that miss "
        "nothing; she wears a faded green cloak.",
        history="Raised on a border farm, she joined the wardens at sixteen and has walked the "
        "marches ever since, guiding caravans past the old forts.",
        personality="Quiet, patient and wry; slow to trust, loyal once she does, and fond of bad "
        "jokes told at the worst time.",
    )
)
