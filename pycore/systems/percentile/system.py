"""Percentile sci-fi combat as the app lists it (the descriptor, ``pycore.systems.system``)."""

from pycore.systems.system import Credit, FightPlaces, ShareKind, System

SYSTEM = System(
    key="percentile",
    nav="Percentile",
    title="Percentile sci-fi combat",
    players_name="Percentile sci-fi",
    rule_prefix="PCT",
    page="rkweb.features.percentile.page",
    section="percentile",
    codecs="pycore.systems.percentile.saved",
    fight=FightPlaces(
        section="percentile",
        log=("combat", "log"),
        actions=(("combat", "round"), ("combat", "order"), ("combat", "surprise")),
        public="pycore.systems.percentile.fight.players:public_percentile",
        under_way="pycore.systems.percentile.fight.players:percentile_under_way",
        clock=("Round", "piece"),
    ),
    words={"percentile": "the Percentile characters and fight"},
    field_words="rkweb.features.percentile.sheet:field_words",
    credit=Credit(
        "Percentile sci-fi combat",
        "Seed 000: surprise, primary attack, agility points, brawlmanship and marksmanship, "
        "grenades, damage, grazing shots and organ damage.",
        "The publisher of this text could not be identified from the excerpt; all rights remain "
        "with its authors. Rulekeeper does not reproduce the tables the text leaves out: you enter "
        "them from your own copy.",
    ),
    # What it shares (pycore.share): a link's kind is never renamed, saved links must open.
    shares=(
        ShareKind(
            "percentile.gm_tables",
            "Percentile GM tables",
            "percentile",
            "gm",
            False,
            check="pycore.systems.percentile.share:check_gm_tables",
            tab="gm",
            words="pycore.systems.percentile.share:gm_tables_words",
            ask="pycore.systems.percentile.share:ask_gm_tables",
        ),
        ShareKind(
            "percentile.settings",
            "Percentile combat settings",
            "percentile",
            "settings",
            False,
            check="pycore.systems.percentile.share:check_settings",
            tab="settings",
            words="pycore.systems.percentile.share:settings_words",
        ),
        ShareKind(
            "percentile.character",
            "Percentile character",
            "percentile",
            "characters",
            True,
            check="pycore.systems.percentile.share:check_character",
            tab="characters",
            fresh="pycore.systems.percentile.share:fresh_character",
            words="pycore.systems.percentile.share:character_words",
            local_id="pycore.systems.percentile.share:character_id",
            chosen_by="percentile_char",
        ),
    ),
)
