"""A GM's play-through: a fighter added mid-fight was logged "Fighter 3 joins the fight…", then
renamed Kai: the log never said who Fighter 3 was. A rename while the fight runs is logged."""

from __future__ import annotations

from test_gurps_pages import send, texts, two_fighters


def test_a_rename_mid_fight_is_logged() -> None:
    model = send(send(two_fighters(), "gurps.tab", "tracker"), "gurps.start", seed="o")
    model = send(model, "gurps.new", seed="n")
    joined = texts(model, "gurps-log-entry")[0]
    assert joined.startswith("Fighter 3 joins the fight at place")
    model = send(model, "gurps.field", "g3", "name", "Kai")
    assert texts(model, "gurps-log-entry")[0].startswith("Fighter 3 is now named Kai")


def test_a_name_typed_before_the_fight_is_not_logged() -> None:
    model = send(two_fighters(), "gurps.field", "g1", "name", "Ann")
    assert not any("is now named" in t for t in texts(model, "gurps-log-entry"))
