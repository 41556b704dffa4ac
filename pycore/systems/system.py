"""The system descriptor (issue 30 item 1): everything the app lists per rule system, in one
place per system (``pycore/systems/<system>/system.py``), and the one list of systems.

A fifth system is its folder (its rules, its ``saved.py`` codecs, its ``fight/`` package, its
``system.py``) plus one line in :data:`SYSTEM_KEYS`; the routes, saved sections, the players'
view, the fight picked for it, the table folders, rule-ID prefixes and the About page read the
descriptors. A descriptor holds names, not code: it is read at start-up, and the system's own
modules are imported only when a page needs them (``ref``).

>>> [s.rule_prefix for s in systems()]
['SIM', 'GUR', 'AFT', 'PCT']
>>> system("gurps").fight.log
('log',)
>>> ref("pycore.dice:roll").__name__
'roll'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from pycore.errors import RuleError
from pycore.validate import checked

#: The rule systems, in the order of the app's navigation: a fifth is one line here.
SYSTEM_KEYS: Final = ("simply", "gurps", "aftermath", "percentile")


@dataclass(frozen=True)
class FightPlaces:
    """Where a system's running fight lives in its saved section, and its players' view.

    ``section``: the saved section holding the fight; ``log``: the path of its log there;
    ``actions``: the paths whose change is a fight action (what picks the fight the players
    see, ``pycore.share.running``); ``public``: ``module:function`` building the players' view
    from the section; ``under_way``: ``module:function`` telling whether a fight is on."""

    section: str
    log: tuple[str, ...]
    actions: tuple[tuple[str, ...], ...]
    public: str
    under_way: str
    #: How the fight counts its time for the players ("Turn 2 · Phase 7"): the word for the
    #: turn and, where the system has one, for the part of it ("" for none).
    clock: tuple[str, str] = ("Turn", "")


@dataclass(frozen=True)
class ShareKind:
    """One kind of record a system shares (``pycore.share``): where it lives in the saved state,
    how its data is checked, and how it reads. Functions are named ``module:function``.

    ``kind`` is what a share link carries ("gurps.fighter"): never renamed, links saved before
    must still open. ``section``/``key``: the saved section and the key in it holding the
    record (a list of them when ``is_list``). ``check``: raises a ``RulekeeperError`` when the
    data is not a valid record (the one check of shared data). ``tab``: the page's tab that
    "Open it" shows. ``schema``: the newest schema of its data (a newer one is refused).
    ``fresh``: a fresh record (a share leaves out what equals it, an import fills it back).
    ``words``: ``(rows, lists)`` in the game's words for the preview. ``local_id``: for a kind
    whose page finds a record by its ``id`` field, ``(section, items) -> id`` giving an imported
    one its own (and counting it in ``section`` where the page counts). ``chosen_by``: the UI key
    that chooses the record on its page ("" for the section's ``selected``). ``upgrade``: the
    imported data read in the newest schema. ``ask``: ``(data) -> str | None``, the question put
    to the GM before a valid record comes in (values the text implies otherwise, theirs to keep)."""

    kind: str
    name: str
    section: str
    key: str
    is_list: bool
    check: str
    tab: str
    schema: int = 1
    fresh: str = ""
    words: str = ""
    local_id: str = ""
    chosen_by: str = ""
    upgrade: str = ""
    ask: str = ""


@dataclass(frozen=True)
class Credit:
    """The About page's line: the source, what of it is built, the publisher's notice."""

    source: str
    covers: str
    notice: str


@dataclass(frozen=True)
class System:
    """One rule system as the app lists it."""

    key: str  # route, tables folder, saved-section stem
    nav: str  # the navigation's label
    title: str  # the page's title
    players_name: str  # the name players see above a fight
    rule_prefix: str  # rule IDs (SIM-09), shown only inside a "Why"
    page: str  # the web page's module
    section: str  # the stem of the page's saved sections (simply: simply_task, simply_combat...)
    codecs: str  # the module whose ``CODECS`` store the system's sections
    fight: FightPlaces
    #: Each saved section's plain name, for the notices about saving ("the Simply fight").
    words: Mapping[str, str]
    credit: Credit
    #: The kinds of record it shares, each kind named ``<key>.<what>``.
    shares: tuple[ShareKind, ...] = ()
    #: ``module:function`` giving the game's words for a saved field, ``(path) -> str | None``
    #: with ``path`` the keys down to it in its section (("combatants", "ht") → "HT"), read
    #: from the sheet's own labels; ``None`` for a path it does not know. The notices about
    #: two tabs name a field by it, never by its stored key.
    field_words: str = ""


@checked
def system(key: str) -> System:
    """The descriptor of ``key`` (``pycore/systems/<key>/system.py``)."""
    if key not in SYSTEM_KEYS:
        raise RuleError(f"system {key!r} is not one of {', '.join(SYSTEM_KEYS)}")
    found = importlib.import_module(f"pycore.systems.{key}.system").SYSTEM
    if not isinstance(found, System) or found.key != key:
        raise RuleError(f"pycore.systems.{key}.system.SYSTEM must describe {key!r}")
    return found


@checked
def systems() -> tuple[System, ...]:
    """Every system's descriptor, in :data:`SYSTEM_KEYS` order."""
    return tuple(system(key) for key in SYSTEM_KEYS)


@checked
def ref(name: str) -> Any:
    """The object a descriptor names as ``module:attribute``, imported now."""
    module, _, attribute = name.partition(":")
    if not (module.startswith(("pycore.", "rkweb.")) and attribute.isidentifier()):
        raise RuleError(f"{name[:80]!r} must name a pycore or rkweb module:attribute")
    try:
        return getattr(importlib.import_module(module), attribute)
    except (ImportError, AttributeError) as missing:
        raise RuleError(f"{name[:80]!r} names nothing: {missing}") from None
