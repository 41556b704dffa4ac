"""A GM's play-throughs of the Simply fight (third round of defects): checks still asked for a
fighter a hit left unconscious or dead (SIM-48, SIM-50), a revive that left the fighter
bleeding (SIM-51, SIM-52 reading, SIM-46), and the luck declared on the next check offered by
the first queued check's fighter whoever's check was rolled (SIM-10)."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import find_all, text_of
from rkweb.features.simply.combat import state as saved
from scripted import Faces as ScriptedRng

from pycore.store import History, default_data
from pycore.systems.simply.fight import Combat, add_combatant, hit, roll_check, treat


def _send(model: Model, *msg: object) -> Model:
    return shell.update(model, tuple(msg), Ctx(now="2026-11-29T23:30:00+01:00", fresh_seed="t"))


def _texts(model: Model, testid: str) -> list[str]:
    return [text_of(n) for n in find_all(shell.view(model), testid)]


def _fight(model: Model) -> Combat:
    return saved.fight_of(model, saved.load(model))


def _bea() -> Combat:
    return add_combatant(Combat(), name="Bea", hp_max=30, strength=6, health=6)


# --- 1. no check for a fighter the hit left unconscious or dead (SIM-48, SIM-50) -------------


def test_a_second_hit_that_knocks_her_out_drops_her_stamina_checks_still_queued() -> None:
    """Raw 24 on Bea (HP 30): HP 6, a Knockback Check and two Stamina Checks queued. Before
    they are rolled a raw 5 takes her to HP 1: unconscious without a check (SIM-48); the two
    Stamina Checks could only make her unconscious: dropped, said in the hit's words. The
    Knockback Check stays: knocked down still counts once she is revived (SIM-D15)."""
    fight, _ = hit(_bea(), "c1", 24)
    assert [p.rule for p in fight.pending] == ["SIM-44", "SIM-45", "SIM-47"]
    fight, second = hit(fight, "c1", 5)
    assert fight.get("c1").unconscious
    assert [p.rule for p in fight.pending] == ["SIM-44"]
    assert [p.rule for p in second.dropped] == ["SIM-45", "SIM-47"]
    said = "Stamina Check (an injury over half HP) dropped: unconscious already"
    assert said in str(second) and said in second.step.text


def test_a_hit_that_kills_asks_no_knockback_and_drops_every_check_of_hers() -> None:
    """Dead (SIM-50): neither knocked down nor unconscious can change anything."""
    fight, _ = hit(_bea(), "c1", 24)
    fight, fatal = hit(fight, "c1", 20)  # HP 6 → −14
    assert fight.get("c1").dead
    assert fight.pending == () and fatal.checks == ()
    assert "Knockback Check TN" not in str(fatal)
    assert [p.rule for p in fatal.dropped] == ["SIM-44", "SIM-45", "SIM-47"]
    fight, fresh = hit(_bea(), "c1", 45)  # one hit from HP 30 to −15
    assert fight.pending == () and "Knockback" not in str(fresh)


def test_no_stamina_check_for_a_fighter_unconscious_already() -> None:
    """Bea failed a Stamina Check (unconscious at HP 6); a raw 2 takes her to HP 4, at ¼ HP or
    less: the SIM-47 check could only make her unconscious, which she is: not asked."""
    fight, _ = hit(_bea(), "c1", 24)
    fight, rolled = roll_check(fight, 1, ScriptedRng(10, 9))  # 19 vs TN 12: unconscious
    assert not rolled.passed and fight.get("c1").unconscious
    fight, again = hit(fight, "c1", 2)
    assert [p.rule for p in fight.pending] == ["SIM-44"]  # the first hit's knockback only
    assert again.checks == () and "Stamina Check" not in str(again)


def _ada_and_bea(luck: tuple[str, str] = ("6", "6")) -> Model:
    """Quick NPCs Ada and Bea (HP 30, S 6, H 6) with the LP given, initiative typed."""
    model = _send(Model(History.new(default_data()), route="simply"), "simply.tab", "combat")
    for name, lp in zip(("Ada", "Bea"), luck, strict=True):
        for field, value in (
            ("name", name),
            ("hp_max", "30"),
            ("strength", "6"),
            ("health", "6"),
            ("luck", lp),
        ):
            model = _send(model, "simply.combat_form", "add", field, value)
        model = _send(model, "simply.combat_add")
    return _send(model, "simply.combat_initiative_typed", "9 5")


def _damage(model: Model, target: str, raw: str) -> Model:
    for field, value in (("target", target), ("source", "weapon"), ("raw", raw)):
        model = _send(model, "simply.combat_form", "damage", field, value)
    return _send(model, "simply.combat_damage")


def test_the_page_drops_the_checks_a_knockout_made_moot_and_says_so() -> None:
    model = _damage(_ada_and_bea(), "c2", "24")
    assert len(_texts(model, "sc-check")) == 3
    model = _damage(model, "c2", "5")
    checks = _texts(model, "sc-check")
    assert len(checks) == 1 and "Knockback Check" in checks[0], checks
    said = "Stamina Check (at ¼ HP or less) dropped: unconscious already"
    assert said in " ".join(_texts(model, "sc-check-dropped")), _texts(model, "sc-check-dropped")
    assert said in _texts(model, "sc-log-entry")[0]


# --- 2. a revive is a treatment: it stops the bleeding (SIM-51, SIM-52 reading, SIM-46) -------


def test_a_successful_revive_stops_the_bleeding() -> None:
    """Raw 29 on Bea: HP 1, unconscious, bleeding (29 points of injuries). The revive is the
    treatment task of SIM-52 (SIM-51 reading) and a successful treatment stops bleeding (SIM-52
    reading, SIM-46: "until treated")."""
    fight, _ = hit(_bea(), "c1", 29)
    assert fight.get("c1").bleeding and fight.get("c1").unconscious
    fight, done = treat(fight, "c1", "revive", ScriptedRng(1, 2), rating=12)  # 3 vs TN 10
    bea = fight.get("c1")
    assert done.success and not bea.unconscious and bea.hp == 2
    assert not bea.bleeding and bea.bleeding_since is None
    assert "stops bleeding" in str(done.task)


def test_a_failed_revive_leaves_the_bleeding() -> None:
    fight, _ = hit(_bea(), "c1", 29)
    fight, done = treat(fight, "c1", "revive", ScriptedRng(10, 9), rating=12)  # 19 vs TN 10
    assert not done.success and fight.get("c1").bleeding and fight.get("c1").unconscious


# --- 3. luck on the next check: the LP of the fighter whose check it is (SIM-10) --------------


def _options(model: Model, testid: str) -> dict[str, str]:
    [choice] = find_all(shell.view(model), testid)
    return {
        str(o.attr("value")): text_of(o)
        for o in choice.children
        if not isinstance(o, str) and o.tag == "option"
    }


def _both_hit(luck: tuple[str, str]) -> Model:
    """Ada and Bea each take a raw 24: HP 6, three checks at TN 12 each, Ada's first."""
    return _damage(_damage(_ada_and_bea(luck), "c1", "24"), "c2", "24")


def test_luck_is_offered_for_a_later_fighter_s_check_with_his_own_lp() -> None:
    """Ada (first queued) has no LP, Bea 8: the choice offered only "No (0 LP...)", from Ada's
    LP, so Bea could not stake hers on her own check. Declared, it stakes the LP of the fighter
    whose check is rolled: Bea's checks count her 8 LP (99%: only a 20 fails), Ada's do not."""
    model = _both_hit(("0", "8"))
    options = _options(model, "sc-check-luck")
    assert set(options) == {"no", "yes"}, options
    assert "Bea 8 LP" in options["yes"] and "Ada 0 LP" in options["yes"], options
    model = _send(model, "simply.combat_form", "check", "luck", "yes")
    rows = _texts(model, "sc-check")
    assert [r.split(":")[0] for r in rows] == ["Ada"] * 3 + ["Bea"] * 3
    assert all("64%" in r for r in rows[:3]) and all("99%" in r for r in rows[3:]), rows
    model = _send(model, "simply.combat_check_typed", 3, "10 9")  # 19 vs TN 12, luck 7 LP
    bea = _fight(model).get("c2")
    assert bea.luck == 1 and not bea.has("knocked down")


def test_luck_declared_for_the_first_fighter_leaves_a_fighter_without_lp_rolling_plain() -> None:
    """Ada (first queued) has 6 LP, Bea none: "Yes" was offered with Ada's 6 LP and Bea's
    check, rolled with it, was refused (Bea has 0 LP). The choice names both; Bea rolls
    without, as it says."""
    model = _both_hit(("6", "0"))
    options = _options(model, "sc-check-luck")
    assert "Ada 6 LP" in options["yes"] and "Bea 0 LP: rolls without" in options["yes"]
    model = _send(model, "simply.combat_form", "check", "luck", "yes")
    model = _send(model, "simply.combat_check_typed", 3, "1 2")  # 3 vs TN 12: passed
    assert not "".join(_texts(model, "sc-error-check"))
    fight = _fight(model)
    assert [p.name for p in fight.pending].count("Bea") == 2
    assert "Bea passes the Knockback Check" in " ".join(_texts(model, "sc-check-result"))


def test_one_fighter_s_checks_offer_his_luck_as_before() -> None:
    model = _damage(_ada_and_bea(("6", "0")), "c1", "24")
    assert _options(model, "sc-check-luck") == {
        "no": "No",
        "yes": "Yes (6 LP staked; spent by the rule)",
    }
