"""3d6 combat (GURPS Lite style) as the app lists it (the descriptor, ``pycore.systems.system``)."""

from pycore.systems.system import Credit, FightPlaces, ShareKind, System

SYSTEM = System(
    key="gurps",
    nav="3d6 GURPS",
    title="3d6 combat (GURPS Lite style)",
    players_name="3d6 (GURPS Lite style)",
    rule_prefix="GUR",
    page="rkweb.features.gurps.page",
    section="gurps",
    codecs="pycore.systems.gurps.saved",
    fight=FightPlaces(
        section="gurps",
        log=("log",),
        actions=(("fight",), ("pending",), ("asks",)),
        public="pycore.systems.gurps.fight.players:public_gurps",
        under_way="pycore.systems.gurps.fight.players:gurps_under_way",
        clock=("Round", ""),
    ),
    words={"gurps": "the 3d6 fighters and fight"},
    field_words="rkweb.features.gurps.combatants:field_words",
    credit=Credit(
        "3d6 combat and injury (GURPS Lite style)",
        "Seeds 003 and 004: critical failure, effective skill, wounding, hit locations, injury "
        "tolerance, turn sequence, maneuvers, active defenses, damage and injury.",
        "GURPS is a trademark of Steve Jackson Games, and its rules and art are copyrighted by Steve "
        "Jackson Games. All rights are reserved by Steve Jackson Games. This game aid is the original "
        "creation of the Rulekeeper team and is released for free distribution, and not for resale, "
        "under the permissions granted in the Steve Jackson Games Online Policy.",
    ),
    # What it shares (pycore.share): a link's kind is never renamed, saved links must open.
    shares=(
        ShareKind(
            "gurps.fighter",
            "3d6 fighter",
            "gurps",
            "combatants",
            True,
            check="pycore.systems.gurps.share:check_fighter",
            tab="combatants",
            fresh="pycore.systems.gurps.share:fresh_fighter",
            words="pycore.systems.gurps.share:fighter_words",
            local_id="pycore.systems.gurps.share:fighter_id",
        ),
        ShareKind(
            "gurps.settings",
            "3d6 campaign settings",
            "gurps",
            "settings",
            False,
            check="pycore.systems.gurps.share:check_settings",
            tab="combatants",
            words="pycore.systems.gurps.share:settings_words",
        ),
    ),
)
