"""Issue 27 item 4: a huge or malformed number typed in any field of the 3d6 pages ("1e5000",
"1e4000", 5,000 nines) is refused in words naming the field and its range; no Python error text
("Exceeds the limit (4300 digits)", "invalid literal") and no 4,000-digit line reaches the page."""

from __future__ import annotations

import pytest
from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import text_of
from test_gurps_pages import attack_turn, fight_started, send, two_fighters

from pycore.systems.gurps.sheet import BOUNDS, LABELS

HUGE = ("1e5000", "1e4000", "-1e4000", "1e-4000", "9" * 5000, "nan")
PYTHON = ("digits", "int()", "literal", "Traceback", "sys.set_int_max_str_digits")


def _page(model: Model) -> str:
    text = text_of(shell.view(model))
    assert not any(word in text for word in PYTHON), text[:300]
    assert "0" * 200 not in text and "9" * 200 not in text  # no 4,000-digit number shown
    return text


@pytest.mark.parametrize("typed", HUGE, ids=lambda t: t[:8])
def test_the_range_of_the_turns_attack(typed: str) -> None:
    model = attack_turn(send(fight_started(), "gurps.field", "g1", "attack_kind", "bow"))
    typed_in = send(model, "gurps.step_form", "yards", typed)
    page = _page(typed_in)
    assert "Range (yards) " in page and "is not a number from 0 to 100000" in page
    if len(typed) > 40:  # too long to keep: the field keeps its last good value
        assert typed_in.history is model.history
        return
    refused = send(typed_in, "gurps.step_attack", seed="1")
    assert refused.history.state["gurps"]["pending"] is None
    assert "is not a number from 0 to 100000" in _page(refused)


@pytest.mark.parametrize("typed", HUGE, ids=lambda t: t[:8])
def test_every_number_of_the_sheet(typed: str) -> None:
    model = send(send(two_fighters(), "gurps.tab", "combatants"), "gurps.select", "g1")
    # Shock is set by the step after an injury, not typed on the sheet.
    numbers = {k: f"from {lo} to {hi}" for k, (lo, hi) in BOUNDS.items() if k != "shock"}
    numbers.update(
        basic_speed="from 0 to 30", half_d="from 0 to 10000", max_range="from 0 to 10000"
    )
    for field, allowed in numbers.items():
        refused = send(model, "gurps.field", "g1", field, typed)
        assert refused.history is model.history, field
        page = _page(refused)
        label = LABELS[field]
        assert f"{label} " in page and f"{allowed}" in page, (field, page[:200])


@pytest.mark.parametrize("typed", HUGE, ids=lambda t: t[:8])
def test_the_attack_tab(typed: str) -> None:
    model = send(two_fighters(), "gurps.field", "g1", "attack_kind", "bow")  # range shown
    model = send(model, "gurps.tab", "attack")
    model = send(model, "gurps.attack_form", "attacker", "g1")
    model = send(model, "gurps.attack_form", "defender", "g2")
    for name in ("yards", "target_speed", "line", "key:aim_turns", "extra"):
        typed_in = send(model, "gurps.attack_form", name, typed)
        if len(typed) > 40:  # too long to keep: refused at once, the form unchanged
            assert typed_in.history.state == model.history.state, name
            if name in ("yards", "target_speed", "extra"):  # typed fields show their error
                assert "is not a number from " in _page(typed_in), name
            continue
        refused = send(typed_in, "gurps.attack_roll")
        assert refused.history.state["gurps"].get("pending") is None, name
        _page(refused)
