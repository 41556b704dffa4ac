"""The app's dice show their faces in the step's result, beside the sum (a GM at the table saw
them only in the log): the roll as the core explains it, "3d6 (a, b, c) = n, needed m or less";
a typed total gets no invented faces (FIGHT.md)."""

from __future__ import annotations

import re

from test_gurps_pages import fight_started, send, texts


def test_the_app_roll_shows_its_faces_and_sum_in_the_result() -> None:
    model = send(fight_started(), "gurps.next")  # Ana (skill 14), at Bo
    model = send(model, "gurps.maneuver", "Attack", "")
    rolled = send(model, "gurps.step_attack", seed="1")
    shown = texts(rolled, "gurps-fight-result")[0]
    faces = re.search(r"3d6 \((\d), (\d), (\d)\) = (\d+), needed 14 or less", shown)
    assert faces is not None, shown
    assert sum(int(f) for f in faces.groups()[:3]) == int(faces[4])


def test_a_typed_total_shows_no_faces() -> None:
    model = send(fight_started(), "gurps.next")
    model = send(model, "gurps.maneuver", "Attack", "")
    rolled = send(model, "gurps.step_attack_typed", "11")
    assert "3d6 = 11 (total typed), needed 14 or less" in texts(rolled, "gurps-fight-result")[0]
