"""Percentile sci-fi combat as the app lists it (the descriptor, ``pycore.systems.system``)."""

from pycore.systems.system import Credit, FightPlaces, System

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
        public="pycore.share.public_percentile:public_percentile",
        under_way="pycore.share.public_percentile:percentile_under_way",
        clock=("Round", "piece"),
    ),
    words={"percentile": "the Percentile characters and fight"},
    credit=Credit(
        "Percentile sci-fi combat",
        "Seed 000: surprise, primary attack, agility points, brawlmanship and marksmanship, "
        "grenades, damage, grazing shots and organ damage.",
        "The publisher of this text could not be identified from the excerpt; all rights remain "
        "with its authors. Rulekeeper does not reproduce the tables the text leaves out: you enter "
        "them from your own copy.",
    ),
)
