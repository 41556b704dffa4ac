"""The Aftermath page's saved state: one section ``aftermath`` with the characters, the
campaign settings (the values the source does not give), the roll page and the attack
worksheet. Old saved data merges over the defaults, so it always loads. The defaults of the
settings and of the worksheet's forms are the core's (``campaign``, ``worksheet_forms``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from pycore.errors import RulekeeperError
from pycore.store.patch import same
from pycore.systems.aftermath.attack.worksheet import Setup
from pycore.systems.aftermath.attack.worksheet_forms import MODES, form_of
from pycore.systems.aftermath.campaign import SETTINGS, Campaign, campaign, settings_from
from pycore.systems.aftermath.campaign import suspect_setting as suspect_setting
from pycore.systems.aftermath.conditions import Moment
from pycore.systems.aftermath.fight.codec import PARTS, fight_from_json
from pycore.systems.aftermath.fight.value import COMBAT as COMBAT
from pycore.systems.aftermath.fight.value import Fight, action_used
from pycore.systems.aftermath.saved import LOG_LIMIT as LOG_LIMIT  # the codec's stated cap
from pycore.systems.aftermath.saved import VERSION as SCHEMA
from pycore.systems.aftermath.sheet import sheet
from pycore.validate import Identity
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode
from rkweb.features.aftermath.chosen import chosen, marked, prepared, without_marks
from rkweb.kit import steps
from rkweb.kit.fields import error_of, error_rules, shown_errors, with_error
from rkweb.kit.memo import MemoName
from rkweb.kit.results import why

FEATURE = "aftermath"
SECTION = "aftermath"

__all__ = ["SETTINGS", "suspect_setting"]

ROLLS: dict[str, Any] = {
    "who": "",
    "skill": "",
    "bcs": 12,
    "halved": False,
    "situations": [],
    "other": 0,
    "attribute": "HLH",
    "ast": 12,
    "cst": 5,
    "blast": 0,
    "die_a": "1D10",
    "die_b": "2D6",
    "comparison": "check_for_daze",
    "log": [],
}


def _part(saved: dict[str, Any], key: str) -> dict[str, Any]:
    found = saved.get(key)
    return found if isinstance(found, dict) else {}


#: The saved sections read and the fights decoded lately, each by its saved object or parts
#: (kit.memo, held by the app's memos): a tap decodes the fight at most once, for its update and
#: its view alike (issue 25: six decodes per tap, one per ``state`` and ``fight_of``).
_READ: MemoName[dict[str, Any]] = MemoName("aftermath reads")
_FIGHTS: MemoName[Fight] = MemoName("aftermath fights")


def _parts(st: dict[str, Any]) -> tuple[Any, ...]:
    """What the fight of ``st`` is read from, one level down: a part set again (a sheet, a
    setting, the log) is a new object here, so a changed state never recalls an old fight."""
    chars = st.get("characters")
    settings, combat = st.get("settings"), st.get("combat")
    if not (isinstance(chars, list) and isinstance(settings, dict) and isinstance(combat, dict)):
        return ()
    return (*chars, "|", *settings.items(), "|", *combat.items())


def state(model: Model) -> dict[str, Any]:
    """The section merged over the defaults (a fresh copy: callers may change it, and each of
    its parts, one level down); a saved section read already is not read again."""
    saved = model.section(SECTION)
    known = model.memos[_READ].recall(saved)
    if known is None:
        known = _kept_read(model, saved)
    return {
        **known,
        "characters": list(known["characters"]),
        "settings": dict(known["settings"]),
        "rolls": dict(known["rolls"]),
        "combat": dict(known["combat"]),
    }


def remember(model: Model, fight: Fight) -> Model:
    """``model`` whose saved section holds ``fight`` (a transition's, just saved): its next
    read takes this fight instead of decoding it again (the codec's round trip)."""
    saved = model.section(SECTION)
    if not model.memos[_READ].knows(saved):
        _kept_read(model, saved, fight)
    return model


def _kept_read(model: Model, saved: dict[str, Any], known: Fight | None = None) -> dict[str, Any]:
    """The section ``saved`` read (:func:`_read`), kept in ``model``'s memos with its fight."""
    st, fight = _read(saved, known)
    model.memos[_READ].keep(saved, st)
    if fight is not None:  # the same fight, read back from the merged parts (the codec's law)
        model.memos[_FIGHTS].keep(_parts(st), fight)
    return st


@lru_cache(maxsize=256)
def _merged(saved: Identity) -> dict[str, Any]:
    """A saved sheet merged over the defaults, once while it is the same sheet: a tap saves the
    section three or four times, and each read merged every fighter's sheet again, though an
    attack changes two of them (issue 33). A sheet saved whole is the saved sheet itself: the
    fight then holds the sheets as saved, and the store finds the unchanged ones at once."""
    merged = sheet.merged(saved.value)
    return saved.value if isinstance(saved.value, dict) and same(merged, saved.value) else merged


def _read(saved: dict[str, Any], known: Fight | None) -> tuple[dict[str, Any], Fight | None]:
    """The section merged over the defaults, and its fight (``known``, or decoded; None when
    the core refuses it)."""
    combat = chosen(_part(saved, "combat"))  # the choice of the step count now (undo, redo)
    merged_combat = {**COMBAT, **combat, "log": list(combat.get("log", []))}
    for mode in MODES:
        merged_combat[mode] = form_of(mode, combat.get(mode))
    chars = saved.get("characters") if isinstance(saved.get("characters"), list) else []
    characters = [_merged(Identity(c)) for c in chars or []]
    settings = settings_from(saved.get("settings"))
    fight: Fight | None = None
    try:
        # The forms as the core derives them from the sheets and the fight so far, with what
        # the GM changed in this attack on top (FIGHT.md's first law; a sheet changed on the
        # Characters tab shows in the attack at once).
        fight = known or fight_from_json(
            {"characters": characters, "settings": settings, "combat": combat}
        )
        merged_combat = {**merged_combat, **fight.combat_json()}
    except RulekeeperError:
        pass  # a worksheet the core refuses is shown as saved; the fight's steps say why
    st = {
        "schema": SCHEMA,
        "characters": characters,
        "selected": int(saved.get("selected", 0) or 0),
        "settings": settings,
        "rolls": {**ROLLS, **_part(saved, "rolls")},
        "combat": merged_combat,
    }
    return st, fight


def fight_of(model: Model, st: dict[str, Any]) -> Fight:
    """The core's fight from the page's state (its characters, settings and worksheet),
    decoded once per state read (:func:`state`) unless a part of it was set since; remembered
    by ``model``'s app."""
    parts, fights = _parts(st), model.memos[_FIGHTS]
    known = fights.recall(parts) if parts else None
    if known is not None:
        return known
    fight = fight_from_json({k: st[k] for k in PARTS if k in st})
    if parts:
        fights.keep(parts, fight)
    return fight


def now_of(st: dict[str, Any]) -> Moment:
    """The combat clock: the Combat Turn and Action Phase now (AFT-55)."""
    return Moment(int(st["combat"]["turn"]), int(st["combat"]["phase"]))


def campaign_of(st: dict[str, Any]) -> Campaign:
    return campaign(st["settings"])


def quietly(model: Model, new: dict[str, Any], **ui: Any) -> Model:
    """Keep typing and choices without an undo entry, the choice marked with the step count
    it follows (:mod:`rkweb.features.aftermath.chosen`)."""
    combat = _part(model.section(SECTION), "combat")
    return steps.keep(model, SECTION, _marked(model, combat, new), **ui)


def undoable(
    model: Model, new: dict[str, Any], label: str, ctx: Ctx, *, ended: bool = False, **ui: Any
) -> Model:
    """A user action that Undo can take back (create, delete, attack, next phase...), counted
    with the choice it leaves (``ended``: an attack applied). The choice shown is recorded
    first, quietly, at the count it follows, so an undo of this step finds it."""
    saved = model.section(SECTION)
    combat = _part(saved, "combat")
    if same({**saved, "combat": without_marks(combat)}, new):  # nothing changes: no step
        return steps.keep(model, SECTION, saved, label, ctx, **ui)
    ready = prepared(combat, state(model)["combat"], len(model.history.undo_stack) + 1)
    marked_new = _marked(model, ready, new, step=1, ended=ended)
    model = steps.keep(model, SECTION, {**saved, "combat": ready})
    return steps.keep(model, SECTION, marked_new, label, ctx, **ui)


def _marked(
    model: Model, saved: dict[str, Any], new: dict[str, Any], step: int = 0, ended: bool = False
) -> dict[str, Any]:
    """``new`` with the marks of its worksheet (the step count, the choice at each count),
    ``saved`` the worksheet as saved."""
    if not isinstance(new.get("combat"), dict):
        return new
    shown = state(model)["combat"]
    return {**new, "combat": marked(saved, shown, new["combat"], step=step, ended=ended)}


def err(model: Model, key: str) -> str:
    """The error shown beside field ``key`` (the kit's one home for field errors)."""
    return error_of(model, FEATURE, key)


def set_err(model: Model, key: str, message: str | None, rules: tuple[str, ...] = ()) -> Model:
    """Show ``message`` beside field ``key`` (``None`` clears it); ``rules``, the rules of the
    refusal, are kept beside it for the "Why" of its card (:func:`err_rules`)."""
    return with_error(model, FEATURE, key, message, rules)


def refused(model: Model, key: str, exc: RulekeeperError) -> Model:
    """The core's refusal beside field ``key``: its words, its rules for "Why"."""
    return set_err(model, key, str(exc), exc.rules)


def err_rules(model: Model, prefix: str) -> list[str]:
    """The rules of the refusals shown under ``prefix`` ("cbt.", "char."...), once each, for
    the "Why" of their card: the messages say their words without rule IDs."""
    shown = shown_errors(model, FEATURE)
    cited = (r for k in shown if k.startswith(prefix) for r in error_rules(model, FEATURE, k))
    return list(dict.fromkeys(cited))


def errors_why(model: Model, prefix: str) -> VNode | None:
    """The "Why" of the refusals shown under ``prefix``: their rules (none: no "Why")."""
    return why(err_rules(model, prefix), f"aft-{prefix.rstrip('.')}-errors-why")


def current(st: dict[str, Any]) -> tuple[int, dict[str, Any] | None]:
    """The selected sheet's place and the sheet (None: no sheet there)."""
    index = st["selected"]
    chars = st["characters"]
    return (index, chars[index]) if 0 <= index < len(chars) else (index, None)


def on_sheet(model: Model, step: Callable[[dict[str, Any], int, dict[str, Any]], Model]) -> Model:
    """``step(state, index, sheet)`` on the selected sheet; none selected, nothing to change."""
    st = state(model)
    index, sheet = current(st)
    return model if sheet is None else step(st, index, sheet)


def names(st: dict[str, Any]) -> list[str]:
    return [str(c.get("name") or f"#{i + 1}") for i, c in enumerate(st["characters"])]


def optional_int(text: Any) -> int | None:
    raw = str(text).strip()
    if raw == "":
        return None
    try:
        return int(raw)
    except ValueError:
        return None


def person(st: dict[str, Any], key: str) -> tuple[int, dict[str, Any] | None]:
    """The combatant in role ``key`` ("attacker" or "target"): its index and sheet."""
    index = int(st["combat"].get(key, 0) or 0)
    chars = st["characters"]
    return (index, chars[index]) if 0 <= index < len(chars) else (index, None)


def setup_of(st: dict[str, Any]) -> Setup | None:
    """The attack on the worksheet now: mode, the two sheets, the form, settings and moment
    (None until an attacker and a target exist)."""
    _, attacker = person(st, "attacker")
    _, target = person(st, "target")
    if attacker is None or target is None:
        return None
    mode = str(st["combat"]["mode"])
    override = str(st["combat"].get("override", ""))
    index = int(st["combat"].get("attacker", 0) or 0)
    acted = st["combat"].get("acted")
    name = str(attacker.get("name", ""))
    used = action_used(acted, index, now_of(st), name) if isinstance(acted, dict) else ""
    form = st["combat"][mode]
    return Setup(mode, attacker, target, form, campaign_of(st), now_of(st), override, used)
