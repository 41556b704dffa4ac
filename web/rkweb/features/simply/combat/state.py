"""The fight's saved section (``simply_combat``): the core's fight, the log and the forms as
typed; how a typed number is read, and the one way a step is kept (logged, undoable)."""

from __future__ import annotations

from typing import Any, Final, Protocol

from pycore.errors import RuleError
from pycore.step import Step, log_entry
from pycore.systems.simply import fight as core
from rkweb.app.model import Ctx, Model
from rkweb.features.simply.combat.numbers import LABELS as LABELS
from rkweb.features.simply.combat.numbers import LEVELS as LEVELS
from rkweb.features.simply.combat.numbers import NUMBERS as NUMBERS
from rkweb.features.simply.combat.numbers import level as level
from rkweb.features.simply.combat.numbers import number as number
from rkweb.kit import steps
from rkweb.kit.fields import errors_key, rules_of, with_error
from rkweb.kit.memo import MemoName

SECTION = "simply_combat"
ERRORS = "simply_combat"  # the field and step errors' home: model.ui["simply_combat_errors"]
LOG_LIMIT = 300
FORM_DEFAULTS: dict[str, dict[str, str]] = {
    "add": {
        "name": "",
        # SIM-27: blank, so the HP are the rule's for S and H until the GM types them (a 20
        # here stood beside S 6 and H 6, which give 24).
        "hp_max": "",
        "strength": "6",
        "health": "6",
        "bonus": "0",
        "minor": "",
        "armor": "",
        "coating": "",
        "shield": "",
        "max_damage": "",
        # Blank: the TN is typed at each attack; typed, every attack and Defend starts from it.
        "attack_skill": "",
        "luck": "0",
        "actions": "2",
    },
    "attack": {
        "attacker": "",
        "target": "",
        "weapon": "0",
        "tn": "12",
        "level": "Capable",
        "defend": "",
        "defend_tn": "10",
        "defend_level": "Capable",
        # SIM-D12: the Defend made with the target's shield ("defend": "shield"), its own TN
        # (Shield skill + Def Mod) and level, set up from their sheet beside the weapon's.
        "shield_tn": "",
        "shield_level": "Default",
        "luck": "no",
        "defend_luck": "no",
        # A contest's rolls typed at the table, each side in its own field: the one typed
        # first waits here for the other (this attack's only, SIM-D08).
        "rolled": "",
        "defend_rolled": "",
    },
    "damage": {
        "target": "",
        "source": "table",
        "raw": "",
        "max_damage": "",
        "d20": "",
        "kind": "other",
        "other": "0",
        "luck": "0",
        "seed": "",
    },
    "treat": {
        "patient": "",
        "treatment": "bandage",
        # Who treats: "" is derived, whoever acts now (care.py); chosen for one treatment only.
        "treater": "",
        "skill": "First Aid",
        "rating": "",
        # SIM-10: the treater's luck, declared before the roll; for one treatment.
        "luck": "no",
        # The treatment's rolls typed at the table, each in its own field, and which treatment
        # they are for: one typed first waits here for the other (care.py).
        "rolled": "",
        "hours": "",
        "typed_for": "",
    },
    "clock": {"minutes": "5"},
    # SIM-10: luck is declared before a roll; for the next injury check, then back to "no".
    "check": {"luck": "no"},
    "act": {"actor": ""},
}


#: What the GM chooses for an attack; every other input of the attack and damage steps is
#: derived from the sheets for that choice (FIGHT.md's first law) unless the GM set it in this
#: attack: those values alone are kept, in the section's "set", until the attack is applied.
CHOICE = ("attacker", "weapon", "target")
ATTACK_STEPS = ("attack", "damage")
#: The treatment's rolls typed at the table and which treatment they are for (care.py): kept
#: without an undo step as the attack's entries are, and marked with them (:func:`keep_typed`).
TREAT_TYPED = ("rolled", "hours", "typed_for")
#: The treatment's fields, all chosen or typed without an undo step: the patient, treatment and
#: treater chosen are marked as its typed rolls are, so an undo shows them as they stood then.
TREAT_MARKED = ("patient", "treatment", "treater", "skill", "rating", *TREAT_TYPED)


#: The saved sections read and the fights decoded or encoded lately, each by its saved object
#: (held by the app's memos, so its id stays its own): a tap decodes the fight at most once, for
#: its update and its view alike (issue 25: the section was read three times and the fight
#: decoded twice).
_LOADED: MemoName[dict[str, Any]] = MemoName("simply_combat reads")
_FIGHTS: MemoName[core.Combat] = MemoName("simply_combat fights")
_ENCODED: MemoName[dict[str, Any]] = MemoName("simply_combat encodings")


def load(model: Model) -> dict[str, Any]:
    """The section: the fight, the log, the forms and the last results shown where the tap was
    (kept, so a reload continues from the step it left). The attack and damage steps are
    derived afresh for every saved section, so no undo, redo or reload can leave a stale value
    in them; a section read already is not derived again (a copy: callers set its keys)."""
    saved, loaded = model.section(SECTION), model.memos[_LOADED]
    known = loaded.recall(saved)
    if known is not None:
        return dict(known)
    state = _read(model, saved)
    loaded.keep(saved, state)
    return dict(state)


def _read(model: Model, saved: dict[str, Any]) -> dict[str, Any]:
    since, kept = steps.typed_since(saved)
    if kept is not None:  # the steps as the last entry left them, or as they stood at the count
        saved = _typed_over(saved, kept)
    form = {g: {**d, **saved.get("form", {}).get(g, {})} for g, d in FORM_DEFAULTS.items()}
    given = saved.get("set", {})
    state = {
        "combat": saved.get("combat", {}),
        "log": list(saved.get("log", [])),
        "form": form,
        "result": dict(saved.get("result", {})),
        "set": {g: {str(k): str(v) for k, v in given.get(g, {}).items()} for g in ATTACK_STEPS},
        "set_for": {g: str(v) for g, v in saved.get("set_for", {}).items()},
        "hit": {k: str(v) for k, v in saved.get("hit", {}).items() if k in CHOICE},
        "past": list(saved.get("past", [])),
        **{
            k: saved[k]
            for k in (steps.STEPS, *steps.MARKS, steps.SERIAL, steps.FORMS)
            if k in saved
        },
    }
    if kept is not None and "choice" in kept:  # kept since stop 53: this attack's values only
        state = _own_set(model, state)
    if since == "gone":
        return _plain(model, state)
    return derive(model, state)


def _own_set(model: Model, state: dict[str, Any]) -> dict[str, Any]:
    """``state`` whose values set by the GM are those kept at its count, which :func:`copied`
    kept only when they were the attack's then (the attack chosen and the fight are the same
    at that count): they are the attack's now."""
    try:
        keys = _keys(state, fight_of(model, state))
    except RuleError:
        return state
    return {**state, "set_for": {**state["set_for"], **keys}}


def _typed_over(saved: dict[str, Any], kept: dict[str, Any]) -> dict[str, Any]:
    """``saved`` with the attack step's choice, what the GM set in the attack and damage steps
    and the treatment's fields as ``kept`` holds them (:func:`copied`): as the last entry typed
    left them (a redo plays its step's change onto the entries typed since), or as they stood
    at the count an undo went back to. The steps' other fields are derived from these."""
    if "choice" not in kept:
        return _legacy_over(saved, kept)
    choice, given, treat = (str(kept.get("choice")).split("|"), kept.get("set"), kept.get("treat"))
    if len(choice) != len(CHOICE):
        return saved
    forms = dict(saved.get("form", {}))
    forms["attack"] = {**forms.get("attack", {}), **dict(zip(CHOICE, choice, strict=True))}
    treat = treat if isinstance(treat, dict) else {}
    defaults = FORM_DEFAULTS["treat"]
    forms["treat"] = {
        **forms.get("treat", {}),
        **{k: str(treat.get(k, defaults[k])) for k in TREAT_MARKED},
    }
    return {**saved, "form": forms, "set": given if isinstance(given, dict) else {}}


def _legacy_over(saved: dict[str, Any], kept: dict[str, Any]) -> dict[str, Any]:
    """``saved`` with the steps as an entry saved before stop 53 left them: the attack and
    damage steps whole, the treatment's typed rolls, what was set and for which attack."""
    form, given, keys = (kept.get(k) for k in ("form", "set", "set_for"))
    if not (isinstance(form, dict) and isinstance(given, dict) and isinstance(keys, dict)):
        return saved
    groups = {g: v for g, v in form.items() if g in ATTACK_STEPS and isinstance(v, dict)}
    forms = {**saved.get("form", {}), **groups}
    rolls = form.get("treat")
    if isinstance(rolls, dict):  # the treatment's other fields stay as chosen since
        typed = {k: str(rolls.get(k, "")) for k in TREAT_TYPED}
        forms["treat"] = {**forms.get("treat", {}), **typed}
    return {**saved, "form": forms, "set": given, "set_for": keys}


def copied(model: Model, state: dict[str, Any]) -> dict[str, Any]:
    """What an entry or a step leaves of the steps, kept at its count: the attack chosen
    (attacker, weapon, target), what the GM set in this attack's attack and damage steps (the
    rest is derived from these, the fight and the sheets, :func:`derive`), and the treatment's
    fields that are not as the form starts (:data:`TREAT_MARKED`); nothing empty (a copy is
    kept at each count the undo steps reach: the store's size)."""
    treat, defaults = state["form"]["treat"], FORM_DEFAULTS["treat"]
    try:
        keys = _keys(state, fight_of(model, state))
    except RuleError:
        keys = {}
    given = {g: v for g, v in state["set"].items() if v and state["set_for"].get(g) == keys.get(g)}
    chosen = {k: str(treat[k]) for k in TREAT_MARKED if str(treat[k]) != defaults[k]}
    return {
        "choice": "|".join(str(state["form"]["attack"][k]) for k in CHOICE),  # as in _keys
        **({"set": given} if given else {}),
        **({"treat": chosen} if chosen else {}),
    }


def _kept(model: Model, state: dict[str, Any]) -> dict[str, Any] | None:
    """The copy of ``state``'s steps to keep at its count, ``None`` when they are as the fight
    sets them up (:func:`_plain`: an undo back to that count derives them again)."""
    kept = copied(model, state)
    return None if kept == copied(model, _plain(model, state)) else kept


def _unkept(model: Model, before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """``after`` (a step's state) without the copy kept at the count the step leaves when the
    steps stood there as the fight ``before`` it sets them up (entries that chose what it would
    have chosen): an undo back to that count derives them again."""
    count = str(steps.step_count(before))
    forms = dict(after.get(steps.FORMS) or {})
    stood = forms.get(count)
    if stood is None or stood != copied(model, _plain(model, before)):
        return after
    return {**after, steps.FORMS: {k: v for k, v in forms.items() if k != count}}


def _plain(model: Model, state: dict[str, Any]) -> dict[str, Any]:
    """The steps as the fight sets them up with nothing chosen or typed: a new attack for whoever
    acts now (their first weapon, their first foe standing), a hit still due keeping its damage
    step, the treatment as the form starts. A step that leaves them so keeps no copy at its
    count (:func:`commit`), and an undo back to it shows them so: they depend on the fight
    alone, never on a choice made after the step (FIGHT.md's first law)."""
    form = {**state["form"], "treat": dict(FORM_DEFAULTS["treat"])}
    form["attack"] = {**form["attack"], "attacker": "", "target": "", "weapon": "0"}
    bare = {**steps.unmarked(state), "form": form, "set": {g: {} for g in ATTACK_STEPS}}
    try:
        return next_attack(model, bare, fight_of(model, bare))
    except RuleError:
        return bare


def keep_typed(model: Model, state: dict[str, Any]) -> Model:
    """``state`` with an entry of the attack or damage step (a choice, a value typed, a die
    rolled for Apply) or of the treatment (a choice, a roll typed), kept quietly: no undo step
    of its own. Marked with the steps it follows, and the steps as it left them kept at that
    count (:mod:`rkweb.kit.steps`), so an undo of an earlier step shows the steps as they stood
    then, never this entry, and a redo gives it back."""
    return steps.keep(model, SECTION, steps.typed(state, copied(model, state)))


def _fresh(fight: core.Combat, choice: dict[str, str]) -> dict[str, dict[str, str]]:
    """The two steps as the sheets set them up for ``choice``; with no attacker (or one gone,
    or a weapon no longer there) the blank forms with what was chosen."""
    if choice.get("attacker"):
        try:
            return plan_form(fight, {**FORM_DEFAULTS["attack"], **choice})
        except ValueError:
            pass
    return {
        "attack": {**FORM_DEFAULTS["attack"], **choice},
        "damage": {**FORM_DEFAULTS["damage"], "target": choice.get("target", "")},
    }


def _keys(state: dict[str, Any], fight: core.Combat) -> dict[str, str]:
    """Which attack each step's values belong to: the attack chosen and the number of attacks
    rolled so far; for the damage step while a hit awaits it, that hit. What the GM set for
    another attack (left by an undo or a redo) never reaches this one."""
    choice = "|".join(str(state["form"]["attack"][k]) for k in CHOICE)
    attack = f"{choice}|{fight.attacks}"
    return {"attack": attack, "damage": attack if fight.due is None else f"hit {fight.due.serial}"}


def derive(model: Model, state: dict[str, Any]) -> dict[str, Any]:
    """The attack and damage steps of ``state``: the sheets' set-up for the attack chosen, with
    what the GM set in this attack on top. While a hit awaits its damage, the damage step is
    that hit's (its attacker, weapon and target), whoever attacks next. (``model``: the app,
    whose memos remember the fight: :func:`fight_of`.)"""
    try:
        fight = fight_of(model, state)
    except RuleError:
        return state
    form, keys = state["form"], _keys(state, fight)
    given = {g: v if state["set_for"].get(g) == keys[g] else {} for g, v in state["set"].items()}
    choice = _own_weapon({k: str(form["attack"][k]) for k in CHOICE}, fight)
    fresh = _fresh(fight, choice)
    damage = fresh["damage"]
    if fight.due is not None and state["hit"]:
        damage = _fresh(fight, {**choice, **state["hit"]})["damage"]
    elif fight.due is None and fight.missed is not None:
        # SIM-39, FIGHT.md: a miss ends its attack; damage without an attack (a fall, a trap)
        # starts blank, never from the missed attack's target and Max Dmg (issue 26).
        damage = dict(FORM_DEFAULTS["damage"])
    derived = {
        "attack": _present(fight, {**fresh["attack"], **choice, **given["attack"]}),
        "damage": _present(fight, {**damage, **given["damage"]}),
    }
    return {**state, "form": {**form, **derived}}


def _own_weapon(choice: dict[str, str], fight: core.Combat) -> dict[str, str]:
    """``choice`` with a weapon the attacker does not have read as their first. An undo puts
    back what its step changed unless it changed again since (the attacker chosen after it
    stays), so it can pair the attacker with another's weapon number: the screen offers only
    their own, and the set-up is their first weapon's (FIGHT.md), never a failed plan."""
    attacker = choice.get("attacker", "")
    if attacker not in fight.names():
        return choice
    try:
        index = int(choice.get("weapon") or 0)
    except ValueError:
        index = -1
    if 0 <= index < len(core.arms_of(fight.get(attacker))):
        return choice
    return {**choice, "weapon": "0"}


def _present(fight: core.Combat, step: dict[str, Any]) -> dict[str, Any]:
    """``step`` with an attacker or target no longer in the fight (gone in another tab, or
    saved so) read as none chosen: the page asks for one, never fails to draw (issue 32)."""
    names = fight.names()
    gone = [k for k in ("attacker", "target") if step.get(k) and step[k] not in names]
    return {**step, **dict.fromkeys(gone, "")}


def with_set(
    model: Model, state: dict[str, Any], group: str, values: dict[str, str]
) -> dict[str, Any]:
    """``state`` with ``values`` set by the GM (or rolled) in this attack's ``group`` step."""
    key = _keys(state, fight_of(model, state))[group]
    kept = state["set"][group] if state["set_for"].get(group) == key else {}
    given = {**state["set"], group: {**kept, **values}}
    return derive(model, {**state, "set": given, "set_for": {**state["set_for"], group: key}})


def fight_of(model: Model, state: dict[str, Any]) -> core.Combat:
    """The fight of ``state`` (a state of ``model``'s section), decoded once per saved fight,
    remembered by ``model``'s app."""
    data, fights = state["combat"], model.memos[_FIGHTS]
    fight = fights.recall(data)
    if fight is None:
        fight = core.combat_from_json(data)
        fights.keep(data, fight)
    return fight


def encoded(model: Model, fight: core.Combat) -> dict[str, Any]:
    """``fight`` as saved, encoded once (a step sets up the next attack from it and then saves
    it); reading it back in ``model``'s app is free (:func:`fight_of`)."""
    data = model.memos[_ENCODED].recall(fight)
    if data is None:
        data = core.combat_to_json(fight)
        model.memos[_ENCODED].keep(fight, data)
        model.memos[_FIGHTS].keep(data, fight)
    return data


def set_form(model: Model, group: str, field: str, value: str) -> Model:
    """Keep what was typed (never lost), with its error beside the field when it is not valid."""
    state = load(model)
    if group not in FORM_DEFAULTS or field not in FORM_DEFAULTS[group]:
        return model
    form = {**state["form"], group: {**state["form"][group], field: str(value)}}
    error: str | None = None
    rules: tuple[str, ...] = ()
    if field in NUMBERS and str(value).strip():
        try:
            number(form[group], field)
        except ValueError as exc:
            error, rules = str(exc), rules_of(exc)
    new_state = {**state, "form": form}
    if group == "treat":
        kept = keep_typed(model, new_state)  # a choice or a roll: marked as care.py's are
    elif group not in ATTACK_STEPS:
        kept = steps.keep(model, SECTION, new_state)  # typing: no undo step
    else:
        if not (group == "attack" and field in CHOICE):
            new_state = with_set(model, state, group, {field: str(value)})
        kept = keep_typed(model, new_state)
    return with_error(kept, ERRORS, f"{group}.{field}", error, rules)


def _text(value: int | None) -> str:
    return "" if value is None else str(value)


def plan_form(fight: core.Combat, attack: dict[str, str]) -> dict[str, dict[str, str]]:
    """The attack and damage forms as the core sets them up for this attacker, weapon and
    target (FIGHT.md: every field from the sheets, nothing kept from the set-up before); a value
    the sheets do not give is left empty for the GM to type."""
    plan = core.plan_attack(
        fight, attack["attacker"], attack["target"] or None, int(attack["weapon"] or 0)
    )
    return {
        "attack": {
            **attack,
            "tn": _text(plan.tn),
            "level": plan.level or "Default",
            "defend": "",
            "defend_tn": _text(plan.defend_tn),
            "defend_level": plan.defend_level or "Default",
            "shield_tn": "" if plan.shield is None else str(plan.shield.tn),
            "shield_level": (plan.shield.level if plan.shield else None) or "Default",
            "luck": "no",
            "defend_luck": "no",
            "rolled": "",
            "defend_rolled": "",
        },
        "damage": {
            **FORM_DEFAULTS["damage"],
            "target": attack["target"],
            "source": "weapon" if plan.own_table else "table",
            "max_damage": _text(plan.max_damage),
            "kind": plan.kind,
        },
    }


def default_target(fight: core.Combat, attacker: str, target: str) -> str:
    """The target kept while it still stands, else the first other participant standing
    (SIM-38: unconscious, critical or dead, it takes no actions); with no one standing, the
    one kept or the first not dead."""
    others = [c for c in fight.combatants if c.id != attacker and not c.dead]
    standing = [c.id for c in others if not c.disabled]
    if standing:
        return target if target in standing else standing[0]
    alive = [c.id for c in others]
    return target if target in alive else (alive[0] if alive else "")


def _turned_from_the_fallen(
    model: Model, before: dict[str, Any], state: dict[str, Any], fight: core.Combat
) -> dict[str, Any]:
    """``state`` with the attack under way turned from a target this step disabled to the first
    one standing (SIM-38, SIM-45 to SIM-50). Play-through simply: Cy fell unconscious to a
    Stamina Check and Mara's next attack stayed aimed at them, one tap from striking the
    fallen. A disabled target the GM taps afterwards stays their choice."""
    attack = state["form"]["attack"]
    target = attack["target"]
    if not target or not attack["attacker"]:
        return state
    try:
        was, now = fight_of(model, before).get(target), fight.get(target)
    except RuleError:
        return state
    if was.disabled or not now.disabled:
        return state
    turned = default_target(fight, attack["attacker"], target)
    if turned == target:
        return state
    choice = {k: str(attack[k]) for k in CHOICE}
    return set_up(model, state, fight, {**choice, "target": turned})


def hit_awaits_damage(state: dict[str, Any]) -> bool:
    """A hit was rolled and its damage not applied yet: the damage step is the one under way
    (the core's fight knows, so an undo or a reload agrees)."""
    return bool(state["combat"].get("due"))


def set_up(
    model: Model,
    state: dict[str, Any],
    fight: core.Combat,
    attack: dict[str, str],
    *,
    damage: bool = True,
) -> dict[str, Any]:
    """The state with a new attack chosen (``attack``'s attacker, weapon and target): the
    attack step set up afresh from the sheets, and with ``damage`` the damage step too (not
    while a hit awaits its damage: that step is the hit's). Nothing the GM set before stays;
    the last results stay shown until the next roll replaces them."""
    choice = {k: str(attack.get(k, "")) for k in CHOICE}
    form = {**state["form"], "attack": {**state["form"]["attack"], **choice}}
    given = {"attack": {}, "damage": {} if damage and fight.due is None else state["set"]["damage"]}
    return derive(model, {**state, "combat": encoded(model, fight), "form": form, "set": given})


def next_attack(model: Model, state: dict[str, Any], fight: core.Combat) -> dict[str, Any]:
    """A new attack begins (FIGHT.md's first law): for whoever acts now, their weapon and
    target kept when the same fighter goes on, every input derived afresh from the sheets."""
    attack = state["form"]["attack"]
    ids = [c.id for c in fight.combatants]
    actor = fight.cursor or (attack["attacker"] if attack["attacker"] in ids else "")
    same = actor == attack["attacker"]
    target = default_target(fight, actor, attack["target"]) if actor else ""
    weapon = attack["weapon"] if same else "0"
    return set_up(model, state, fight, {"attacker": actor, "target": target, "weapon": weapon})


def follow_turn(model: Model, state: dict[str, Any], fight: core.Combat) -> dict[str, Any]:
    """When the turn passes to someone else (or a new turn begins), the attack step is theirs:
    a new attack, from their sheet (FIGHT.md: the active combatant's panel and step). A hit
    still to be applied keeps its damage step."""
    try:
        before = fight_of(model, state)
    except RuleError:
        before = core.Combat()
    if (before.cursor, before.turn) == (fight.cursor, fight.turn):
        return state
    return next_attack(model, state, fight)


class Stepped(Protocol):
    """A transition's result (the fight protocol): its logged step."""

    @property
    def step(self) -> Step: ...


#: The results shown inside the attack step while their attacker's turn goes on.
OWNED: Final = ("attack", "damage", "check")


def _owned(before: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """The step's new results marked with the fighter whose action they are (``by``): the
    attacker rolled, the hit's attacker for its damage, the damage's for the checks it queued.
    Once the attack step is someone else's, the result leaves it (attack.passed):
    Mara's miss on their last action sat between Cy's luck button and their dice, which fell
    under the screen's edge at 768x1024 (play-through simply). A result carried over keeps its
    mark, so a later step of the next fighter never brings it back."""
    attacker = state["form"]["attack"]["attacker"]
    cause = next((v.get("by") for k, v in before.items() if k in ("damage", "check")), None)
    by = {"attack": attacker, "damage": state.get("hit", {}).get("attacker") or attacker}
    by["check"] = cause or attacker
    return {
        k: v if k not in OWNED or "by" in v else {**v, "by": by[k]}
        for k, v in state["result"].items()
    }


def set_up_mark(state: dict[str, Any]) -> str:
    """The attack step as set up in ``state``: every value of its form, chosen, typed or
    derived. A result is marked with the set-up it left (``for``, :func:`commit`): once the GM
    changes it (another weapon, luck, a Defend, a TN), the result is the finished attack's, no
    longer this one's (FIGHT.md's first law)."""
    form = state["form"]["attack"]
    return "|".join(f"{k}={form[k]}" for k in sorted(form))


def _set_up_for(state: dict[str, Any]) -> dict[str, Any]:
    """``state``'s new results marked with the set-up they leave (a result carried over keeps
    its own mark)."""
    mark = set_up_mark(state)
    shown = {
        k: v if k not in OWNED or "for" in v else {**v, "for": mark}
        for k, v in state["result"].items()
    }
    return {**state, "result": shown}


def set_up_since(state: dict[str, Any]) -> bool:
    """The GM changed the attack step's set-up since the last result was shown in it (a result
    marked with its set-up, :func:`_set_up_for`; a hit whose damage is still to apply keeps its
    result over its damage step)."""
    if hit_awaits_damage(state):
        return False
    marks = [v.get("for") for k, v in state.get("result", {}).items() if k in OWNED]
    return any(m is not None and m != set_up_mark(state) for m in marks)


def commit(
    model: Model,
    state: dict[str, Any],
    fight: core.Combat,
    label: str,
    ctx: Ctx,
    results: tuple[Stepped, ...] = (),
    seed: str = "",
    *,
    ended: str = "",
) -> Model:
    """Keep a step: the new fight, the log entries of the core's results (each one's
    :class:`Step`: the GM's words, the players' line, the rules), one undoable change named
    ``label``. ``ended`` names the step whose inputs this step used up: after an "attack" roll the next
    attack is set up afresh (a hit keeps its damage step until applied); after "damage" the
    damage step is set up for the attack under way; everything when the turn moves on."""
    entries = [
        log_entry(r.step, at=ctx.now, seed=seed, turn=fight.turn, clock=fight.clock)
        for r in results
    ]
    state = {**state, "result": _owned(load(model)["result"], state)}
    following = follow_turn(model, state, fight)
    if following is state and ended == "attack":
        following = next_attack(model, state, fight)
    elif following is state and ended == "damage":  # what the GM set for the next attack stays
        given = {**state["set"], "damage": {}}
        following = {**state, "combat": encoded(model, fight), "set": given}
    if fight.due is None:
        following = {**following, "hit": {}}
    following = _turned_from_the_fallen(model, state, following, fight)
    own = _set_up_for(derive(model, {**following, "combat": encoded(model, fight)}))
    new_state = {
        # the step counted, the steps it leaves its own (nothing typed since: keep_typed) and
        # kept at its count for the undos and redos that come back to it; the counts the
        # undo steps (one more with this one) can no longer reach dropped
        **steps.counted(
            _unkept(model, state, own), _kept(model, own), len(model.history.undo_stack) + 1
        ),
        "log": steps.newest_first(state["log"], entries, LOG_LIMIT),
    }
    return steps.keep(model, SECTION, new_state, label, ctx, **{errors_key(ERRORS): {}})
