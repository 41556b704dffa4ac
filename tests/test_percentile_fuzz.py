"""Random sequences of percentile page messages with odd values: the page never raises and
always renders (every bad value is a message next to its field)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rkweb import shell
from rkweb.model import Ctx, Model

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
    msg("percentile_tab", keys("characters", "checks", "combat", "gm", "settings")),
    msg("percentile_char_new"),
    msg(
        "percentile_char_field",
        CIDS,
        keys("name", "race", "perception", "brawl", "aim", "ap", "damage_modifier", "alertness"),
        TEXT,
    ),
    msg("percentile_char_select", CIDS),
    msg("percentile_char_delete", CIDS),
    msg(
        "percentile_wform",
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
    msg("percentile_weapon_add", CIDS),
    msg("percentile_weapon_del", CIDS, st.integers(0, 3)),
    msg("percentile_pform", keys("name", "points"), TEXT),
    msg("percentile_part_add", CIDS),
    msg("percentile_parts_gm", CIDS),
    msg("percentile_hform", keys("part", "points"), TEXT),
    msg("percentile_heal", CIDS, keys("medical", "natural")),
    msg(
        "percentile_check_field",
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
    msg("percentile_check_roll"),
    msg("percentile_tohit_roll", keys("d1", "d2", "d3")),
    msg("percentile_grenade_roll"),
    msg("percentile_damage_roll"),
    msg("percentile_gm_pick", TABLES),
    msg("percentile_gm_csv", TABLES, TEXT),
    msg("percentile_gm_save", TABLES),
    msg("percentile_gm_clear", TABLES),
    msg("percentile_gm_import", TEXT),
    msg(
        "percentile_setting",
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
    msg("percentile_side_add"),
    msg("percentile_side_field", SIDE, keys("name", "modifier", "ac"), TEXT),
    msg("percentile_member_add", SIDE, CIDS),
    msg("percentile_member_remove", SIDE, CIDS),
    msg("percentile_member_asleep", SIDE, CIDS),
    msg("percentile_member_ac", SIDE, CIDS, TEXT),
    msg("percentile_surprise_roll"),
    msg("percentile_order_roll"),
    msg("percentile_order_pass"),
    msg("percentile_order_join", keys("Side A", "Side B", "Side C")),
    msg("percentile_round_next"),
    msg("percentile_piece_next"),
    msg("percentile_ap_field", CIDS, TEXT),
    msg("percentile_ap_action", CIDS, TEXT),
    msg("percentile_ap_spend", CIDS),
    msg("percentile_ap_borrow", CIDS),
    msg("percentile_ap_stun", CIDS),
    msg(
        "percentile_attack_field",
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
    msg("percentile_attack_resolve"),
    msg("percentile_severity_roll"),
    msg(
        "percentile_poison_field",
        keys("name", "target", "part", "wep_mod", "poison_damage", "circulatory"),
        TEXT | CIDS | keys("on"),
    ),
    msg("percentile_poison"),
    msg("percentile_rolloff", SIDE),
)


def _prepared() -> Model:
    model = Model(History.new(default_data()), route="percentile")
    steps: list[tuple[Any, ...]] = [
        ("percentile_char_new",),
        ("percentile_wform", "name", "PISTOL"),
        ("percentile_wform", "damage_die", "4+2"),
        ("percentile_weapon_add", "c1"),
        ("percentile_pform", "name", "arm"),
        ("percentile_pform", "points", "8"),
        ("percentile_part_add", "c1"),
        ("percentile_char_new",),
        ("percentile_pform", "name", "arm"),
        ("percentile_pform", "points", "8"),
        ("percentile_part_add", "c2"),
        ("percentile_member_add", 0, "c1"),
        ("percentile_member_add", 1, "c2"),
        ("percentile_attack_field", "attacker", "c1"),
        ("percentile_attack_field", "target", "c2"),
    ]
    for step in steps:
        model = shell.update(model, step, Ctx(now="2026-11-23T10:00:00+00:00", fresh_seed="p"))
    return model


PREPARED = _prepared()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(MESSAGES, max_size=30))
def test_no_message_sequence_breaks_the_page(messages: list[tuple[Any, ...]]) -> None:
    model = PREPARED
    for i, message in enumerate(messages):
        model = shell.update(
            model, message, Ctx(now="2026-11-23T10:00:00+00:00", fresh_seed=f"s{i}")
        )
        shell.view(model)
