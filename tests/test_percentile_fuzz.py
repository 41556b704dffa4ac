"""Random sequences of percentile page messages with odd values: the page never raises and
always renders (every bad value is a message next to its field)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rkweb.app import shell
from rkweb.app.model import Ctx, Model

from pycore.store import History, default_data

CIDS = st.sampled_from(["c1", "c2", "c3"])
SIDE = st.integers(0, 3)
TEXT = st.sampled_from(
    [
        "0",
        "1",
        "50",
        "-5",
        "1/2",
        "47½",
        "",
        "x",
        "1e9",
        "999999",
        "4+2",
        "½",
        "arm",
        "combat",
        "Side B",
        "rain, fog",
        "level,name,percent\n1,combat,90",
        "condition,value\nrain,10",
    ]
)
TABLES = st.sampled_from([f"PCT-M{i:02d}" for i in range(1, 19)])


def msg(kind: str, *args: Any) -> Any:
    return st.tuples(st.just(kind), *args)


def keys(*names: str) -> Any:
    return st.sampled_from(names)


MESSAGES = st.one_of(
    msg("percentile.tab", keys("characters", "checks", "combat", "gm", "settings")),
    msg("percentile.char_new"),
    msg(
        "percentile.char_field",
        CIDS,
        keys(
            "name",
            "race",
            "perception",
            "brawl",
            "aim",
            "ap",
            "damage_modifier",
            "alertness",
            "alertness_level",
        ),
        TEXT,
    ),
    msg("percentile.char_select", CIDS),
    msg("percentile.char_delete", CIDS),
    msg(
        "percentile.wform",
        keys(
            "name",
            "category",
            "attack_dif",
            "wep_dif",
            "wep_mod",
            "damage_die",
            "damage_type",
            "weight_kg",
        ),
        TEXT | keys("hth", "weaponry", "grenade"),
    ),
    msg("percentile.weapon_add", CIDS),
    msg("percentile.weapon_del", CIDS, st.integers(0, 3)),
    msg("percentile.pform", keys("name", "points"), TEXT),
    msg("percentile.part_add", CIDS),
    msg("percentile.parts_gm", CIDS),
    msg("percentile.hform", keys("part", "points"), TEXT),
    msg("percentile.heal", CIDS, keys("medical", "natural")),
    msg(
        "percentile.check_field",
        keys(
            "target",
            "skill",
            "pth",
            "pa",
            "brawl",
            "die",
            "g_damage",
            "g_target",
            "g_roll",
            "label",
        ),
        TEXT,
    ),
    msg("percentile.check_roll"),
    msg("percentile.tohit_roll", keys("d1", "d2", "d3")),
    msg("percentile.grenade_roll"),
    msg("percentile.damage_roll"),
    msg("percentile.gm_pick", TABLES),
    msg("percentile.gm_csv", TABLES, TEXT),
    msg("percentile.gm_save", TABLES),
    msg("percentile.gm_clear", TABLES),
    msg("percentile.gm_import", TEXT),
    msg(
        "percentile.setting",
        keys(
            "surprise",
            "order",
            "ap",
            "to_hit",
            "damage",
            "graze_record",
            "grazing",
            "pieces",
            "organ_damage",
            "piece_fraction",
        ),
        keys("a1", "a2", "a3", "none", "b2", "c1", "d2", "d3", "1", "3", "on", "off", "1/20", "x"),
    ),
    msg("percentile.side_add"),
    msg("percentile.side_field", SIDE, keys("name", "modifier", "ac", "ac_level"), TEXT),
    msg("percentile.member_add", SIDE, CIDS),
    msg("percentile.member_remove", SIDE, CIDS),
    msg("percentile.member_asleep", SIDE, CIDS),
    msg("percentile.member_ac", SIDE, CIDS, TEXT),
    msg("percentile.surprise_roll"),
    msg("percentile.order_roll"),
    msg("percentile.order_pass"),
    msg("percentile.order_join", keys("Side A", "Side B", "Side C")),
    msg("percentile.round_next"),
    msg("percentile.piece_next"),
    msg("percentile.ap_field", CIDS, TEXT),
    msg("percentile.ap_action", CIDS, TEXT),
    msg("percentile.ap_spend", CIDS),
    msg("percentile.ap_borrow", CIDS),
    msg("percentile.ap_stun", CIDS),
    msg(
        "percentile.attack_field",
        keys(
            "attacker",
            "target",
            "weapon",
            "part",
            "location",
            "range_m",
            "percent_to_hit",
            "percent_against",
            "adversity_total",
            "table_3_3_damage",
            "damage_percentage",
            "ap_cost",
            "stun_modifier",
            "max_throw_m",
            "adversity_conditions",
            "m_circulatory",
        ),
        TEXT | CIDS,
    ),
    msg("percentile.attack_resolve"),
    msg("percentile.attack_part", keys("arm", "head", "")),
    msg("percentile.attack_cancel"),
    msg("percentile.attack_stun", TEXT),
    msg("percentile.turn_next"),
    msg("percentile.turn_target", CIDS),
    msg("percentile.turn_weapon", keys("0", "1", "x")),
    msg("percentile.turn_roll"),
    msg("percentile.turn_typed", TEXT | keys("15", "5 6 6 5", "00")),
    msg("percentile.member_ac_level", SIDE, CIDS, TEXT),
    msg("percentile.severity_roll"),
    msg(
        "percentile.poison_field",
        keys("name", "target", "part", "wep_mod", "poison_damage", "circulatory"),
        TEXT | CIDS | keys("on"),
    ),
    msg("percentile.poison"),
    msg("percentile.rolloff", SIDE),
)


def _prepared() -> Model:
    model = Model(History.new(default_data()), route="percentile")
    steps: list[tuple[Any, ...]] = [
        ("percentile.char_new",),
        ("percentile.wform", "name", "PISTOL"),
        ("percentile.wform", "damage_die", "4+2"),
        ("percentile.weapon_add", "c1"),
        ("percentile.pform", "name", "arm"),
        ("percentile.pform", "points", "8"),
        ("percentile.part_add", "c1"),
        ("percentile.char_new",),
        ("percentile.pform", "name", "arm"),
        ("percentile.pform", "points", "8"),
        ("percentile.part_add", "c2"),
        ("percentile.member_add", 0, "c1"),
        ("percentile.member_add", 1, "c2"),
        ("percentile.attack_field", "attacker", "c1"),
        ("percentile.attack_field", "target", "c2"),
    ]
    for step in steps:
        model = shell.update(model, step, Ctx(now="2026-11-23T10:00:00+00:00", fresh_seed="p"))
    return model


PREPARED = _prepared()


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(MESSAGES, max_size=30))
def test_no_message_sequence_breaks_the_page(messages: list[tuple[Any, ...]]) -> None:
    model = PREPARED
    for i, message in enumerate(messages):
        model = shell.update(
            model, message, Ctx(now="2026-11-23T10:00:00+00:00", fresh_seed=f"s{i}")
        )
        shell.view(model)
