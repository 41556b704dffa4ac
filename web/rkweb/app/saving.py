"""What the page says about saving: banners after loading and saving, the notice when another
tab changed what this page shows, and the reminder to export. Pure: the glue calls it with the
store's reports (``pycore.store``) and keeps the model it returns.

>>> from pycore.store import History, SaveReport
>>> model = Model(History.new({}), route="dice")
>>> after_save(model, SaveReport(model.history, trimmed_steps=3)).banners[0].kind
'trimmed'
>>> trimmed = after_save(model, SaveReport(model.history, trimmed_steps=3))
>>> [b.kind for b in after_save(trimmed, SaveReport(model.history)).banners]  # kept until dismissed
['trimmed']
>>> after_external(model, ("dice",)).banners[0].text
'Updated from another tab: the dice rolls shown here changed there.'
>>> after_external(model, ("gurps",)).banners
()
>>> print(newer_banners(model, ("dice",), kept=True)[0].text)  # doctest: +NORMALIZE_WHITESPACE
A newer version of Rulekeeper saved the dice rolls (in another tab, or before this tab
started). This tab runs an older version and will not save over it: reload this tab to use the
newer version. Your change here was kept aside: after the reload, restore it from Settings ›
Moved aside.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from pycore.store import LoadReport, SaveReport
from pycore.store.conflicts import Restored
from pycore.store.patch import Conflict
from pycore.store.races import Race
from pycore.systems.system import ref, systems
from rkweb.app.model import Banner, Model
from rkweb.app.registry import feature

#: An export older than this is worth a reminder.
REMIND_AFTER_DAYS = 7
#: Plain names of the sections, for notices (each system's from its descriptor).
SECTION_WORDS = {
    "dice": "the dice rolls",
    "settings": "the settings",
    **{section: words for system in systems() for section, words in system.words.items()},
}


def newer_banners(model: Model, sections: tuple[str, ...], kept: bool) -> tuple[Banner, ...]:
    """The banners with the one saying that a newer build wrote ``sections`` (issue 32: this
    build leaves them alone; the user reloads into the newer build)."""
    if not sections:
        return model.banners
    words = " and ".join(SECTION_WORDS.get(s, s) for s in sections)
    text = (
        f"A newer version of Rulekeeper saved {words} (in another tab, or before this tab "
        "started). This tab runs an older version and will not save over it: reload this tab "
        "to use the newer version."
    )
    if kept:
        text += (
            " Your change here was kept aside: after the reload, restore it from Settings › "
            "Moved aside."
        )
    return (*model.banners_without("newer"), Banner("newer", text, offer_reload=True))


def banners_after_load(report: LoadReport) -> tuple[Banner, ...]:
    """The banner for values moved aside at start-up (each section on its own), and for
    sections a newer build saved."""
    newer = newer_banners(Model(report.history), report.newer, kept=False)
    if not report.problems:
        return newer
    moved = [q for q in report.quarantined if q.key != q.original_key]
    stuck = [q for q in report.quarantined if q.key == q.original_key]
    text = f"Some saved data could not be read ({report.problem}). "
    if moved:
        text += "It was moved aside, not deleted: see Settings › Moved aside to download it. "
    if stuck:
        text += (
            "Storage is too full to move it aside, so it was left in place and is listed under "
            "Settings › Moved aside, where you can download or delete it. "
        )
    text += "Everything else loaded."
    return (*newer, Banner("quarantine", text))


def after_save(model: Model, report: SaveReport) -> Model:
    """The model with the history the store kept and the banners its report calls for."""
    # A save that went through ends "storage full"; "oldest undo steps removed" stays until the
    # user dismisses it (issue 32 item 6: it vanished at the next save, one tap later).
    banners = model.banners_without("quota") if not report.unsaved else model.banners
    if report.trimmed:
        banners = (
            *replace(model, banners=banners).banners_without("trimmed"),
            Banner("trimmed", report.trimmed, True),
        )
    if report.unsaved and not any(b.kind == "quota" for b in banners):
        text = (
            "This browser's storage is full, so the latest change is not saved "
            f"({report.problem}). Your previously saved data is intact. Export your data to "
            "keep it safe."
        )
        banners = (*banners, Banner("quota", text, offer_export=True))
    if report.newer:
        banners = newer_banners(replace(model, banners=banners), report.newer, kept=True)
    banners = race_banners(replace(model, banners=banners), report.conflicts)
    return replace(model, history=report.history, banners=banners)


def _said(value: object) -> str:
    if isinstance(value, str):
        return repr(value[:60])
    return "nothing" if value is None else str(value)[:60]


def field_label(section: str, at: tuple[str, ...]) -> str:
    """The game's words for the saved field at ``at`` in ``section``: its system's sheet label
    (the descriptor's ``field_words``), never the stored key ("ht"); a field no sheet labels is
    named by its key in words.

    >>> field_label("gurps", ("combatants", "ht")), field_label("notes", ("first_seen",))
    ('HT', 'first seen')
    """
    owner = next((s for s in systems() if section in s.words), None)
    if owner is not None and owner.field_words and at:
        words = ref(owner.field_words)(at)
        if isinstance(words, str) and words:
            return words
    return at[-1].replace("_", " ") if at else "value"


def _field_words(c: Conflict, section: str, where: str = "") -> str:
    """The field two changes both set: "Brok's HP"; a field of a record inside another by both,
    the owner first ("Rook's AUTO PISTOL: WEP DIF", not "AUTO PISTOL's WEP DIF" as if the
    weapon owned it); else the field (and ``where`` it is).

    >>> from pycore.store.patch import Conflict
    >>> _field_words(Conflict(("characters", "weapons", "wep_dif"), 30, 40, 20, "AUTO PISTOL",
    ...     ("Rook", "AUTO PISTOL")), "percentile")
    "Rook's AUTO PISTOL: WEP DIF"
    """
    field = field_label(section, c.at)
    if len(c.names) > 1:
        return f"{c.names[0]}'s {', '.join(c.names[1:])}: {field}"
    return f"{c.whose}'s {field}" if c.whose else f"{field}{where}"


def race_words(race: Race) -> str:
    """What a race between two tabs' saves did, with both values (issue 32).

    >>> from pycore.store.patch import Conflict
    >>> race_words(Race("simply_characters", Conflict(("list", "name"), "Ann", "Bo", "Cy", "Ann")))
    "Another tab changed Ann's name to 'Bo' while you changed it to 'Cy'; kept 'Cy'."
    >>> print(race_words(Race("simply_combat", Conflict(("hp",), 25, 17, 20, "Brok"), True)))
    ... # doctest: +NORMALIZE_WHITESPACE
    Another tab changed the Simply fight at the same moment as this tab (Brok's Hit Points: 17
    there, 20 here). This tab's change was kept and the other tab's undone, so the log and the fight agree:
    make it again if it still applies.
    """
    c = race.conflict
    what = _field_words(c, race.section, f" in {SECTION_WORDS.get(race.section, race.section)}")
    if not race.whole:
        return (
            f"Another tab changed {what} to {_said(c.theirs)} while you changed it to "
            f"{_said(c.mine)}; kept {_said(c.mine)}."
        )
    values = f" ({what}: {_said(c.theirs)} there, {_said(c.mine)} here)" if c.at else ""
    return (
        f"Another tab changed {SECTION_WORDS.get(race.section, race.section)} at the same moment "
        f"as this tab{values}. This tab's change was kept and the other tab's undone, so the log "
        "and the fight agree: make it again if it still applies."
    )


def race_banners(model: Model, races: tuple[Race, ...]) -> tuple[Banner, ...]:
    """The banners with one saying what two tabs' saves at the same moment did (issue 32)."""
    if not races:
        return model.banners
    text = " ".join(dict.fromkeys(race_words(r) for r in races[-3:]))
    return (*model.banners_without("race"), Banner("race", text))


def after_restore(model: Model, kept: Restored, now: str) -> Model:
    """Settings › Moved aside › Restore of a change an older build kept aside (issue 32): the
    change played onto the section as it is now, one undoable step; fields changed since are
    said with both values; a step that cannot stand beside one made since is not restored.

    >>> from pycore.store import History
    >>> from pycore.store.patch import Conflict
    >>> model = Model(History.new({"notes": {"a": 1}}), route="settings")
    >>> done = after_restore(model, Restored("notes", {"a": 2}), "t")
    >>> done.history.state["notes"], done.history.undo_label
    ({'a': 2}, 'Restore kept change')
    >>> said = Restored("simply_combat", {}, (Conflict(("hp",), 25, 20, 17, "Brok"),), stale=True)
    >>> print(after_restore(model, said, "t").banners[0].text)  # doctest: +NORMALIZE_WHITESPACE
    The kept change to the Simply fight was not restored: the fight went on since it was kept
    (Brok's Hit Points: 20 now, 17 in the kept change), and both cannot stand. Make it again if it
    still applies; it stays listed here.
    """
    words = SECTION_WORDS.get(kept.name, kept.name)
    described = []
    for c in kept.conflicts:
        what = _field_words(c, kept.name)
        described.append(f"{what}: {_said(c.theirs)} now, {_said(c.mine)} in the kept change")
    values = f" ({'; '.join(described[:3])})" if described else ""
    if kept.stale:
        text = (
            f"The kept change to {words} was not restored: the fight went on since it was kept"
            f"{values}, and both cannot stand. Make it again if it still applies; it stays "
            "listed here."
        )
        return replace(model, banners=(*model.banners_without("restore"), Banner("restore", text)))
    history = model.history.apply(kept.name, kept.value, "Restore kept change", now)
    banners = model.banners_without("restore")
    if described:
        text = f"Restored the kept change to {words}; where both changed, it took the kept value"
        banners = (*banners, Banner("restore", f"{text}{values}."))
    return replace(model, history=history, banners=banners)


def shown_by(route: str, section: str) -> bool:
    """Whether the page at ``route`` shows ``section`` (its own, or one named after it)."""
    page = feature(route)
    own = page.section if page else None
    return own is not None and (section == own or section.startswith(own + "_"))


def after_external(model: Model, sections: tuple[str, ...]) -> Model:
    """A small notice when another tab changed what this page shows."""
    shown = [s for s in sections if shown_by(model.route, s)]
    if not shown:
        return model
    words = " and ".join(SECTION_WORDS.get(s, s) for s in shown)
    text = f"Updated from another tab: {words} shown here changed there."
    return replace(model, banners=(*model.banners_without("external"), Banner("external", text)))


def when_text(iso: str | None) -> str:
    """``2026-11-23T10:05:00+01:00`` → ``2026-11-23 10:05``; ``never`` when there is none."""
    return iso[:16].replace("T", " ") if iso else "never"


def export_reminder(last_export: str | None, last_saved: str | None, now: str | None) -> str | None:
    """A reminder to export when the data changed since a backup older than a week, or when
    there never was one.

    >>> export_reminder(None, "2026-11-23T10:00:00+00:00", "2026-11-23T11:00:00+00:00")
    'Never exported: export your data now and then to keep a copy off this browser.'
    >>> export_reminder("2026-11-01T10:00:00+00:00", "2026-11-23T10:00:00+00:00",
    ...                 "2026-11-23T11:00:00+00:00")
    'Last export 22 days ago: export again to keep a recent copy off this browser.'
    >>> export_reminder("2026-11-22T10:00:00+00:00", "2026-11-23T10:00:00+00:00",
    ...                 "2026-11-23T11:00:00+00:00") is None
    True
    """
    if not last_saved or not now:
        return None
    if not last_export:
        return "Never exported: export your data now and then to keep a copy off this browser."
    try:
        days = (datetime.fromisoformat(now) - datetime.fromisoformat(last_export)).days
        changed = datetime.fromisoformat(last_saved) > datetime.fromisoformat(last_export)
    except (ValueError, TypeError):
        return None
    if days < REMIND_AFTER_DAYS or not changed:
        return None
    return f"Last export {days} days ago: export again to keep a recent copy off this browser."
