"""Simply Roleplaying! as the app lists it (the descriptor, ``pycore.systems.system``)."""

from pycore.systems.system import Credit, FightPlaces, ShareKind, System

SYSTEM = System(
    key="simply",
    nav="Simply",
    title="Simply Roleplaying!",
    players_name="Simply Roleplaying!",
    rule_prefix="SIM",
    page="rkweb.features.simply.page",
    section="simply",
    codecs="pycore.systems.simply.saved",
    fight=FightPlaces(
        section="simply_combat",
        log=("log",),
        actions=tuple(
            ("combat", key)
            for key in ("turn", "order", "actions", "passed", "phase", "cursor", "clock", "pending")
        ),
        public="pycore.systems.simply.fight.players:public_fight",
        under_way="pycore.systems.simply.fight.players:simply_under_way",
    ),
    words={
        "simply_characters": "the Simply characters",
        "simply_task": "the Simply task rolls",
        "simply_combat": "the Simply fight",
    },
    field_words="rkweb.features.simply.characters.edit:saved_field_words",
    credit=Credit(
        "Simply Roleplaying!",
        "Seed 002: tasks, tests, contests, character building, armor, skills, the Master Damage "
        "Tables, combat, injury and recovery.",
        "Simply Roleplaying! is copyright 2002 MicroTactix Inc. The rulebook grants permission to "
        "photocopy it for personal use. Rulekeeper does not reproduce its prose; you need the book.",
    ),
    # What it shares (pycore.share): a link's kind is never renamed, saved links must open.
    shares=(
        ShareKind(
            "simply.character",
            "Simply character",
            "simply_characters",
            "list",
            True,
            check="pycore.systems.simply.share:check_character",
            tab="characters",
            fresh="pycore.systems.simply.share:fresh_character",
            words="pycore.systems.simply.share:character_words",
        ),
        ShareKind(
            "simply.campaign",
            "Simply campaign settings",
            "simply_characters",
            "campaign",
            False,
            check="pycore.systems.simply.share:check_campaign",
            tab="characters",
            words="pycore.systems.simply.share:campaign_words",
        ),
    ),
)
