"""Issue 33: a tap on the Percentile fight costs the same with 30 fighters as with 2. The tap
re-read every sheet to write back the one or two the step touched (the fight's codec decoded all
30 to find what changed) and deep-copied all 30 when the section was read, so the undo step's
diff went through every sheet too. The sheets a step leaves alone stay the saved objects."""

from __future__ import annotations

from typing import Any

from rkweb.app.model import Model
from test_percentile_pages import go

from pycore.store import History, default_data
from pycore.systems.percentile import roster


def _fight(extra: int) -> Model:
    """bench.py's fight (tools/view_sizes.py): Bob's pistol at Ann's chest, ``extra`` more."""
    m = Model(History.new(default_data()), route="percentile")
    m = go(m, "percentile.tab", "characters")
    for cid, name in (("c1", "Ann"), ("c2", "Bob")):
        m = go(m, "percentile.char_new")
        m = go(m, "percentile.char_field", cid, "name", name)
    m = go(m, "percentile.pform", "name", "chest")
    m = go(m, "percentile.pform", "points", "5000")
    m = go(m, "percentile.part_add", "c1")
    m = go(m, "percentile.char_field", "c2", "aim", "100")
    for key, value in (("name", "PISTOL"), ("wep_dif", "100"), ("damage_die", "4+2")):
        m = go(m, "percentile.wform", key, value)
    m = go(m, "percentile.weapon_add", "c2")
    for n in range(extra):
        m = go(m, "percentile.char_new")
        m = go(m, "percentile.char_field", f"c{n + 3}", "name", f"Extra {n + 1}")
    m = go(m, "percentile.setting", "stun", "off")
    m = go(m, "percentile.setting", "ap", "c1")
    return go(m, "percentile.tab", "combat")


def _tap(m: Model, seed: str) -> Model:
    m = go(m, "percentile.attack_field", "attacker", "c2")
    m = go(m, "percentile.attack_field", "target", "c1")
    m = go(m, "percentile.attack_field", "part", "chest")
    return go(m, "percentile.attack_resolve", seed=seed)


def _sheets(m: Model) -> list[dict[str, Any]]:
    return list(m.history.state["percentile"]["characters"])


def test_a_tap_leaves_the_sheets_it_does_not_touch_as_they_were_saved(monkeypatch: Any) -> None:
    m = _tap(_fight(8), "a")
    before = _sheets(m)
    read: list[str] = []
    decode = roster.fighter_from_json

    def counted(raw: Any) -> Any:
        read.append(str(raw.get("id")))
        return decode(raw)

    monkeypatch.setattr(roster, "fighter_from_json", counted)
    after = _sheets(_tap(m, "b"))
    untouched = [i for i, s in enumerate(before) if s["id"] not in ("c1", "c2")]
    assert len(untouched) == 8
    assert all(after[i] is before[i] for i in untouched), "an untouched sheet was rewritten"
    assert not {"c3", "c4", "c5"} & set(read), f"untouched sheets decoded again: {read}"
