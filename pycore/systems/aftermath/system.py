"""Aftermath! as the app lists it (the descriptor, ``pycore.systems.system``)."""

from pycore.systems.system import Credit, FightPlaces, ShareKind, System

SYSTEM = System(
    key="aftermath",
    nav="Aftermath",
    title="Aftermath!",
    players_name="Aftermath!",
    rule_prefix="AFT",
    page="rkweb.features.aftermath.page",
    section="aftermath",
    codecs="pycore.systems.aftermath.saved",
    fight=FightPlaces(
        section="aftermath",
        log=("combat", "log"),
        actions=(("combat", "turn"), ("combat", "phase")),
        public="pycore.systems.aftermath.fight.public:public_aftermath",
        under_way="pycore.systems.aftermath.fight.public:aftermath_under_way",
        clock=("Turn", "Phase"),
    ),
    words={
        "aftermath": "the Aftermath characters and fight",
        "aftermath_ref": "the Aftermath reference rolls",
    },
    field_words="rkweb.features.aftermath.characters.update:saved_field_words",
    credit=Credit(
        "Aftermath!-style BCS/DAT tactical rules",
        "Seed 001: critical tables, situation modifiers, hit locations, weapons and armor, range, "
        "encumbrance, movement and more.",
        "Aftermath! is a trademark of Fantasy Games Unlimited, which holds the copyright of its "
        "rules. Rulekeeper is an unofficial, free fan aid, not affiliated with or endorsed by "
        "Fantasy Games Unlimited.",
    ),
    # What it shares (pycore.share): a link's kind is never renamed, saved links must open.
    shares=(
        ShareKind(
            "aftermath.character",
            "Aftermath character",
            "aftermath",
            "characters",
            True,
            check="pycore.systems.aftermath.share:check_character",
            tab="characters",
            # Schema 2: a weapon is a record naming its skill (schema 1 held listing names).
            schema=2,
            fresh="pycore.systems.aftermath.share:fresh_character",
            words="pycore.systems.aftermath.share:character_words",
            upgrade="pycore.systems.aftermath.share:upgrade_character",
        ),
        ShareKind(
            "aftermath.settings",
            "Aftermath campaign settings",
            "aftermath",
            "settings",
            False,
            check="pycore.systems.aftermath.share:check_settings",
            tab="settings",
            words="pycore.systems.aftermath.share:settings_words",
        ),
    ),
)
