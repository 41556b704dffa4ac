"""The humanoid hit locations of GUR-T14 (tables/gurps/hit_locations.toml): their keys and the
names sentences and lists say them by. Their penalties and injuries are rules of
:mod:`.injury`."""

from __future__ import annotations

from pycore.tables import load_table
from pycore.validate import checked


def location_keys() -> tuple[str, ...]:
    """The humanoid hit locations of GUR-T14.

    >>> location_keys()[:3]
    ('torso', 'vitals', 'skull')
    """
    return tuple(str(r["key"]) for r in load_table("gurps", "hit_locations").rows)


@checked
def location_name(location: str) -> str:
    """A hit location's name as a sentence or a list says it, from GUR-T14's table.

    A key the table lacks (a refusal's echo, an old log) is said as it was given: naming it
    must never fail where the rule that refuses it has not run yet.

    >>> location_name("shield_arm"), location_name("chink_torso"), location_name("tail_tip")
    ('shield arm', 'chink in torso armor', 'tail tip')
    """
    rows = load_table("gurps", "hit_locations").rows_where("key", location)
    return str(rows[0]["name"]).lower() if rows else location.replace("_", " ")


def body_locations() -> tuple[str, ...]:
    """GUR-T14's locations of the body: every row but the two chinks in the armor, which go
    with a location (003 line 87) rather than being one.

    >>> body_locations()[-1], "chink_torso" in body_locations()
    ('shield_hand', False)
    """
    return tuple(k for k in location_keys() if not k.startswith("chink"))


def exposed_spots() -> tuple[tuple[str, str], ...]:
    """The spots a large-area blow may find least protected (003 line 83), as ``(key, name)``:
    the locations of the body, not a chink. The one list the worksheet checks and both pages
    (the Attack tab and the tracker's step) offer.

    >>> [k for k, _ in exposed_spots()][-2:], dict(exposed_spots())["shield_hand"]
    (['foot', 'shield_hand'], 'shield hand')
    """
    return tuple((k, location_name(k)) for k in body_locations())
