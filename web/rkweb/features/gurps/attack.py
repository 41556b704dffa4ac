"""The Attack tab: the effective skill line by line with the chance to hit and to land past the
defender's best defense; the attack roll; the defense the defender picks (allowed ones only, each
with its chance); the damage roll; the injury and the defender's HP. The form is parsed in
:mod:`.attack_form`; each stage is a transition of the core's fight
(:mod:`pycore.systems.gurps.fight`), an undoable step in the log."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pycore.dice import RandintSource, seeded
from pycore.errors import RuleError
from pycore.figures import signed
from pycore.systems.gurps import defense_chance, success_chance
from pycore.systems.gurps import fight as gurps_fight
from pycore.systems.gurps.aiming import location_choices
from pycore.systems.gurps.attacks import armed, attack_lines, no_skill_said
from pycore.systems.gurps.fight import (
    AttackRolled,
    Defended,
    Fight,
    Injured,
    Logged,
    Pending,
    Struck,
)
from pycore.systems.gurps.locations import exposed_spots
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import (
    AttackSetup,
    braceable,
    giant_blow,
    offered_modifiers,
)
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.gurps import after_injury, campaign
from rkweb.features.gurps.attack_form import (
    NUMBERS,
    aimed_at,
    closed_in,
    form_of,
    held_aim_said,
    held_yards_said,
    parties_said,
    reach_asked,
    set_field,
    setup_of,
    waits_for_range,
    yes,
)
from rkweb.features.gurps.maneuvers import (
    choices,
    parry_said,
    ready_offers,
    shield_said,
    spent_note,
)
from rkweb.features.gurps.situation import defenses_passed, reach_question
from rkweb.features.gurps.state import (
    SECTION,
    commit,
    fail,
    fight_of,
    line_index,
    log_view,
    no_location,
    page_data,
    step_error,
)
from rkweb.features.gurps.turn_step import RANGE_FIRST, held_beyond_said
from rkweb.kit.buttons import button
from rkweb.kit.fields import error_of, number, select, yes_no
from rkweb.kit.odds import odds, percent_text
from rkweb.kit.results import card, why

_LOCATION_WHY = (
    "The random hit location table (3d) is not in the texts (003 line 63): roll on your own "
    "table and pick the location it gives.",
)


# --- the steps --------------------------------------------------------------------------------


def _label(steps: tuple[Logged, ...]) -> str:
    """The undo label of an attack: how it ended, or that it waits."""
    last = steps[-1]
    if isinstance(last, Injured):
        return f"Injury to {last.defender}"
    if isinstance(last, Defended | Struck):
        return "Attack (defended)"
    if isinstance(last, AttackRolled) and last.waits_for is not None:
        return "Attack roll"
    return "Attack (miss)"


Stepped = tuple[Fight, str, tuple[Logged, ...]]


# The Attack tab's messages (its view builds them).
class AttackForm(Message, action="gurps.attack_form"):
    """A field of the attack form (``name``; ``key:<modifier>`` for a modifier), as typed."""

    name: str
    value: str = entered(default="")


class AttackRoll(Message, action="gurps.attack_roll"):
    """Roll the attack (it waits for its defense)."""


class AttackFull(Message, action="gurps.attack_full"):
    """Roll the whole attack: the attack, the defense and the damage."""


class AttackDefend(Message, action="gurps.attack_defend"):
    """The defender defends with ``kind`` (or none)."""

    kind: str


class AttackDamage(Message, action="gurps.attack_damage"):
    """Roll the damage of the hit."""


class AttackStrike(Message, action="gurps.attack_strike"):
    """Roll to strike the attacker's limb after a weapon parry of their punch (GUR-49)."""


class AttackCancel(Message, action="gurps.attack_cancel"):
    """Abandon the attack under way."""


class AttackReach(Message, action="gurps.attack_reach"):
    """The GM says the attacker closed within reach of the defender (GUR-14)."""


def _stepped(
    model: Model, ctx: Ctx, step: Callable[[Fight, RandintSource], Stepped], seed: str
) -> Model:
    """One step of the attack on the saved fight, its dice rolled for me; a refusal shows by
    the attack."""
    try:
        fight, label, steps = step(fight_of(model), seeded(ctx.fresh_seed))
    except RuleError as exc:
        return fail(model, "attack", exc)
    return commit(model, fight, label, ctx, steps, seed=seed, attack_seed=seed)


def _parties(model: Model) -> tuple[str, str, AttackSetup]:
    form = form_of(model)
    if far := reach_asked(form, fight_of(model)):
        raise RuleError(far)  # GUR-14: the GM confirms they closed in first, as on the tracker
    attacker = fight_of(model).combatant(str(form["attacker"]))
    setup = replace(setup_of(form, attacker), eye_reading=campaign.eye_reading(model))
    return str(form["attacker"]), str(form["defender"]), setup


def _roll(model: Model, msg: AttackRoll, ctx: Ctx) -> Model:
    def rolled(fight: Fight, rng: RandintSource) -> Stepped:
        fight, rolled = gurps_fight.attack(fight, *_parties(model), rng)
        return fight, _label((rolled,)), (rolled,)

    return _stepped(model, ctx, rolled, ctx.fresh_seed)


def _full(model: Model, msg: AttackFull, ctx: Ctx) -> Model:
    def resolved(fight: Fight, rng: RandintSource) -> Stepped:
        fight, steps = gurps_fight.resolve(fight, *_parties(model), rng)
        return fight, _label(steps), steps

    return _stepped(model, ctx, resolved, ctx.fresh_seed)


def _defend(model: Model, msg: AttackDefend, ctx: Ctx) -> Model:
    def defended(fight: Fight, rng: RandintSource) -> Stepped:
        fight, defended = gurps_fight.defend(fight, msg.kind, rng)
        label = "No defense" if msg.kind == gurps_fight.NO_DEFENSE else f"Defense: {msg.kind}"
        return fight, label, (defended,)

    return _stepped(model, ctx, defended, ctx.fresh_seed)


def _damage(model: Model, msg: AttackDamage, ctx: Ctx) -> Model:
    def hurt(fight: Fight, rng: RandintSource) -> Stepped:
        fight, hurt = gurps_fight.damage(fight, rng)
        return fight, f"Injury to {hurt.defender}", (hurt,)

    return _stepped(model, ctx, hurt, ctx.fresh_seed)


def _strike(model: Model, msg: AttackStrike, ctx: Ctx) -> Model:
    def struck(fight: Fight, rng: RandintSource) -> Stepped:
        fight, struck = gurps_fight.strike(fight, rng)
        return fight, f"{struck.name}'s parry: roll to injure", (struck,)

    return _stepped(model, ctx, struck, ctx.fresh_seed)


def _cancel(model: Model, msg: AttackCancel, ctx: Ctx) -> Model:
    def cancelled(fight: Fight, rng: RandintSource) -> Stepped:
        fight, abandoned = gurps_fight.cancel(fight)
        return fight, "Cancel attack", (abandoned,)

    return _stepped(model, ctx, cancelled, "")


def _field(model: Model, msg: AttackForm, ctx: Ctx) -> Model:
    return set_field(model, msg.name, msg.value)


def _reach(model: Model, msg: AttackReach, ctx: Ctx) -> Model:
    return closed_in(model)


#: The Attack tab's messages' handlers, keyed by their message class's action: the form's
#: fields and the steps.
HANDLERS = handlers(_field, _roll, _full, _defend, _damage, _strike, _cancel, _reach)
ACTIONS = frozenset(HANDLERS)


# --- the view ---------------------------------------------------------------------------------


def _choose_parties(
    model: Model, form: dict[str, Any], fight: Fight, chosen: bool
) -> list[VNode | None]:
    """The attacker, the defender and the hit location; under them (``chosen``) whether his
    weapons are ready, with the one tap that readies one, near the top of the form (it sat
    under the location's questions, partly below the fold at 768x1024); then how the location
    is struck."""
    choose = [("", "choose…"), *[(c.id, c.name) for c in fight.combatants]]
    locations = location_choices(
        *aimed_at(form, fight), random_location=yes(form, "random_location")
    )
    where = _where(form, locations) if locations else [no_location("gurps-attack-no-location")]
    ready = _readiness(fight, fight.combatant(str(form["attacker"]))) if chosen else []
    parties = h(
        "div",
        {"class": "grid2"},
        select(
            "gurps-attack-attacker",
            "Attacker",
            form["attacker"],
            choose,
            AttackForm("attacker"),
            hint=parties_said(model, "attacker"),  # the tracker's turn (FIGHT.md's first law)
        ),
        select(
            "gurps-attack-defender",
            "Defender",
            form["defender"],
            choose,
            AttackForm("defender"),
            hint=parties_said(model, "defender"),
        ),
        where[0],
    )
    struck = h(
        "div",
        {"class": "grid2"},
        *where[1:],
        _yes_no(form, "from_behind", "Attack from behind (no defense)"),
        _yes_no(form, "shield_side", "From the front or shield side (shield DB counts)"),
    )
    return [parties, *ready, struck]


def _where(form: dict[str, Any], locations: tuple[tuple[str, str], ...]) -> list[VNode | None]:
    """The hit location and how it is struck (none of it for fatigue, 003 line 35)."""
    return [
        select(
            "gurps-attack-location",
            "Hit location",
            form["location"],
            locations,
            AttackForm("location"),
        ),
        h(
            "div",
            {},
            h(
                "p",
                {"class": "small muted", "data-testid": "gurps-random-location-note"},
                "Random hit location: roll on your own table and pick the location it gives here.",
            ),
            why(_LOCATION_WHY),
        ),
        _yes_no(form, "random_location", "Random location: where the blow fell (your table)"),
        _yes_no(form, "from_above", "A random blow from directly above")
        if yes(form, "random_location")
        else None,
        _yes_no(form, "chink", "At a chink in the armor there (DR halved)"),
        _yes_no(form, "grappling", "Grappling the location (penalty halved)"),
    ]


def _yes_no(form: dict[str, Any], name: str, label: str) -> VNode:
    return yes_no(f"gurps-attack-{name}", label, yes(form, name), AttackForm(name))


def _num_field(model: Model, form: dict[str, Any], name: str, hint: str = "") -> VNode:
    return number(
        f"gurps-attack-{name}",
        NUMBERS[name][0],
        form[name],
        AttackForm(name),
        error=error_of(model, SECTION, f"attack.{name}"),
        hint=hint,
    )


def _attacker_fields(model: Model, form: dict[str, Any], fight: Fight) -> list[VNode | None]:
    attacker = fight.combatant(str(form["attacker"]))
    lines = attack_lines(attacker)
    # 004 line 97: no punch while both hands are full (the core's lines offered now, as the
    # tracker's step offers them), and why not, in its words.
    offered = gurps_fight.lines_now(fight, attacker)
    way = select(
        "gurps-attack-line",
        "Attack with",
        form["line"],
        [(str(i), str(lines[i])) for i in offered],
        AttackForm("line"),
    )
    parts: list[VNode | None] = [
        h("div", {"class": "grid2"}, way if len(offered) > 1 else None, *_choices(fight, attacker)),
    ]
    parts.append(_victim(form, fight))
    attacker = armed(attacker, min(line_index(form["line"]), len(lines) - 1))
    if attacker.ranged:
        names = ("target_speed", "range_beyond", "size", "aim_seconds")
        parts.append(
            h(
                "div",
                {"class": "grid2"},
                # the range the fight holds between the two, said under it (FIGHT.md)
                _num_field(model, form, "yards", held_yards_said(model)),
                *[_num_field(model, form, n, _said(model, n)) for n in names],
                _beyond_held(form, fight),
                _yes_no(form, "braced", "Braced (stationary, aimed)")
                if braceable(attacker)
                else None,
                _num_field(model, form, "scope_max"),
            )
        )
    return parts


def _readiness(fight: Fight, attacker: Combatant) -> list[VNode | None]:
    """Why a weapon or a punch is not offered, and a line's skill not set yet. 004 line 95: the
    tab says a weapon not in his hand is drawn with a Ready maneuver (not offered as an
    attack); in his turn, the tracker's one tap does it here too (GUR-13). In another's turn
    he cannot take it, and once his Ready drew one the tracker's chips say which: the words
    stand alone."""
    punch = gurps_fight.punch_withheld(fight, attacker)
    unset = gurps_fight.skill_withheld(attacker)  # a new line waits for its skill
    current = fight.current()
    ours = current is not None and current.id == attacker.id and attacker.maneuver != "Ready"
    return [
        h("p", {"class": "small", "data-testid": "gurps-attack-punch"}, punch) if punch else None,
        ready_offers(fight, attacker, "gurps-attack") if ours else None,
        h("p", {"class": "small", "data-testid": "gurps-attack-no-skill"}, unset)
        if unset
        else None,
    ]


def _choices(fight: Fight, attacker: Combatant) -> list[VNode | None]:
    """Their maneuver, option and posture to choose, while they are the one acting (or no turn is
    running); else their maneuver said in words: a fighter chooses it when they act (GUR-06, 004
    lines 27-31). A GM's play-through: on Bo's turn the tab set Ana's All-Out Attack, and the
    tracker read "Ana has no defense"."""
    current = fight.current()
    if current is None or current.id == attacker.id:
        return choices(
            attacker, ("gurps-attack-maneuver", "gurps-attack-option", "gurps-attack-posture")
        )
    option = f" ({attacker.option})" if attacker.option else ""
    said = (
        f"{attacker.name}'s maneuver: {attacker.maneuver}{option}, {attacker.posture.lower()}. "
        f"It changes when {attacker.name} acts ({current.name}'s turn now)."
    )
    return [h("p", {"class": "small", "data-testid": "gurps-attack-maneuver-held"}, said)]


def _said(model: Model, name: str) -> str:
    """The Aim the fight holds at them, said under its field (GUR-11, FIGHT.md's first law)."""
    return held_aim_said(model) if name == "aim_seconds" else ""


def _beyond_held(form: dict[str, Any], fight: Fight) -> VNode | None:
    """Said under the modifier past the table when it is the one the GM gave for this pair's
    range, which the fight holds with it (as the tracker's step says it)."""
    pair = {"attacker": form["attacker"], "target": form["defender"]}
    kept = held_beyond_said({**form, **pair}, fight)
    testid = "gurps-attack-range-beyond-held"
    return h("p", {"class": "small", "data-testid": testid}, kept) if kept else None


def _victim(form: dict[str, Any], fight: Fight) -> VNode | None:
    """003 lines 82-85, as the tracker's step asks them: a blow from seven or more sizes larger
    strikes most of the body unless the victim is pinned; the least protected spot exposed."""
    attacker = fight.combatant(str(form["attacker"]))
    defender = fight.combatant(str(form["defender"]))
    try:
        if not giant_blow(attacker, defender, setup_of(form, attacker)):
            return None
    except RuleError:
        return None
    return h(
        "div",
        {"class": "grid2", "data-testid": "gurps-attack-victim"},
        _yes_no(form, "pinned", "Victim pinned or immobile"),
        select(
            "gurps-attack-exposed",
            "Least protected spot exposed to the blow",
            form["exposed"],
            [("", "—"), *exposed_spots()],
            AttackForm("exposed"),
        ),
        _yes_no(form, "only_exposed", "Only that spot is exposed") if form["exposed"] else None,
    )


def _chances(form: dict[str, Any], fight: Fight) -> list[VNode | None]:
    """The effective skill, in words with its sources under "Why", and the two chances."""
    try:
        attacker = fight.combatant(str(form["attacker"]))
        defender = fight.combatant(str(form["defender"]))
        seen = gurps_fight.preview_left(fight, attacker, defender, setup_of(form, attacker))
    except RuleError as exc:
        return [h("p", {"class": "explain", "data-testid": "gurps-skill-line"}, str(exc))]
    best = seen.best
    # Said in plain words when they have none: "Lands past no defense" was not English.
    lands = (
        f"Lands past best defense ({defenses_passed(seen)})"
        if best
        else f"{defender.name} has no defense: the blow lands"
    )
    return [
        h("p", {"class": "explain", "data-testid": "gurps-skill-line"}, seen.line.plain()),
        why(seen.line.sources(), "gurps-skill-why"),
        h(
            "dl",
            {"class": "odds"},
            h("dt", {}, "To hit"),
            h("dd", {}, odds(seen.hit, "gurps-hit-chance")),
            h("dt", {}, lands),
            h("dd", {}, odds(seen.lands, "gurps-land-chance")),
        ),
    ]


def _modifier_rows(form: dict[str, Any], ranged: bool) -> list[VNode]:
    keys = dict(form["keys"])
    rows = []
    for m in offered_modifiers(ranged):
        fid, msg = f"gurps-attack-key-{m.key}", AttackForm(f"key:{m.key}")
        if m.value is not None:
            on = "on" if keys.get(m.key) == "on" else ""
            rows.append(
                select(fid, f"{m.label} ({signed(m.value)})", on, [("", "no"), ("on", "yes")], msg)
            )
        else:
            amounts = [(str(v), text) for v, text in m.amounts()]
            rows.append(
                select(fid, m.label, str(keys.get(m.key, "")), [("", "none"), *amounts], msg)
            )
    return rows


def _modifiers(model: Model, form: dict[str, Any], ranged: bool) -> VNode:
    """The table modifiers, folded away: rarely used, and the count set shows when folded
    ("Holding a large shield" is the sheet's, in the attack line: worksheet.attack_line)."""
    keys = dict(form["keys"])
    set_now = sum(1 for v in keys.values() if v not in ("", None)) + (str(form["extra"]) != "0")
    return h(
        "details",
        {"class": "modifiers", "open": bool(set_now) or None},
        h("summary", {}, f"Other modifiers ({set_now} set)"),
        h(
            "div",
            {"class": "grid2"},
            *_modifier_rows(form, ranged),
            _num_field(model, form, "extra"),
        ),
    )


def _stage(fight: Fight) -> list[VNode | None]:
    """The step the attack under way waits for: the defender's choice or the damage roll."""
    pending: Pending | None = fight.pending
    if pending is None:
        return []
    if pending.stage == "damage":
        label = "Roll damage (maximum: a roll of 3)" if pending.maximum else "Roll damage"
        return [button("gurps-roll-damage", label, AttackDamage(), primary=True)]
    if pending.stage == "strike":  # GUR-49: their parry of a punch may strike the limb
        target, _ = gurps_fight.strike_skill(fight)
        said = f"{gurps_fight.strike_said(fight)}: {percent_text(success_chance(target))}"
        roll = button("gurps-roll-strike", "Roll for me", AttackStrike(), primary=True)
        return [h("p", {"class": "strong", "data-testid": "gurps-strike-asked"}, said), roll]
    defender = fight.combatant(pending.defender)
    choices = [
        button(
            f"gurps-defend-{kind}",
            f"{kind.capitalize()} {line.total}: {percent_text(defense_chance(line.total))}",
            AttackDefend(kind),
        )
        for kind, line in gurps_fight.defenses_left(fight)
    ]
    none = button("gurps-defend-none", "No defense", AttackDefend(gurps_fight.NO_DEFENSE))
    return [
        h("h3", {}, f"{defender.name} defends: pick one"),
        *parry_said(fight, defender, "gurps-parry-withheld"),  # 004 lines 93, 95, 248
        spent_note(fight, defender, "gurps-spent"),  # GUR-47, GUR-48: used this turn
        shield_said(fight, defender, "gurps-shield-withheld"),  # 004 lines 93, 219
        h("div", {"class": "row", "data-testid": "gurps-defense-choices"}, *choices, none),
    ]


def _unready(form: dict[str, Any], fight: Fight, held: tuple[int, ...]) -> str:
    """Why the attack cannot be rolled yet, in words ("" when it can): All-Out Attack needs
    its option (GUR-16), so "—" is no choice to roll with; ``held``: the open questions that
    change its figures."""
    ids = {c.id for c in fight.combatants}
    if form["attacker"] not in ids:
        return ""
    attacker = fight.combatant(str(form["attacker"]))
    if attacker.maneuver == "All-Out Attack" and not attacker.option:
        return "Choose All-Out Attack's option before the roll."
    line = line_index(form["line"])
    if line not in gurps_fight.lines_now(fight, attacker):
        # its skill not set yet, or a punch with both hands full (004 line 97)
        return no_skill_said(attacker, line) or gurps_fight.punch_withheld(fight, attacker)
    if waits_for_range(form, attacker):
        return RANGE_FIRST
    if form["defender"] in ids:  # an open question that changes the figures (the core's words)
        return gurps_fight.waits_said(fight, held)
    return ""


def _buttons(busy: bool, unready: str, asked: bool = False) -> VNode:
    """The roll buttons, disabled while the attack is not ready (``unready`` says why) or the
    reach question above waits (``asked``)."""
    unready_now = bool(unready) or asked
    return h(
        "div",
        {"class": "row"},
        h("p", {"class": "strong", "data-testid": "gurps-attack-unready"}, unready)
        if unready
        else None,
        button(
            "gurps-roll-attack",
            "Roll attack",
            AttackRoll(),
            primary=True,
            disabled=busy or unready_now,
        ),
        button(
            "gurps-resolve",
            "Resolve all (best defense)",
            AttackFull(),
            disabled=busy or unready_now,
        ),
        button("gurps-cancel", "Cancel", AttackCancel(), disabled=not busy),
    )


def view(model: Model) -> VNode:
    fight = fight_of(model)
    form = form_of(model)
    ids = {c.id for c in fight.combatants}
    chosen = form["attacker"] in ids and form["defender"] in ids
    ranged = chosen and fight.combatant(str(form["attacker"])).ranged
    # The tab's own last roll, not the tracker's latest log line (a GM's play-through read
    # "Left open for later: ..." under the tab's roll buttons).
    page = page_data(model)
    mine = page["attack_seed"]
    result = next((e["text"] for e in page["log"] if mine and e.get("seed") == mine), "")
    # The open questions that change the attack's figures, worked out once: asked in place
    # (after_injury.holding), and the roll waits for them.
    held = gurps_fight.bearing_asks(fight, form["attacker"], form["defender"]) if chosen else ()
    asked = reach_asked(form, fight) if fight.pending is None else ""
    return h(
        "div",
        # gurps-attack: the fight's sticky bar, one row at phone width, as the tracker's (app.css)
        {"class": "page gurps-attack"},
        card(
            "gurps-attack-h",
            "Attack worksheet",
            *_choose_parties(model, form, fight, chosen),
            *(_attacker_fields(model, form, fight) if chosen else []),
            _modifiers(model, form, ranged),
            reach_question(
                asked, "gurps-attack-reach", AttackReach()
            ),  # GUR-14: read before the odds and the roll
            *_chances(form, fight),
            after_injury.holding(model, fight, held),
            _buttons(fight.pending is not None, _unready(form, fight, held), bool(asked)),
            *_stage(fight),
            step_error(model, "attack"),
            h(
                "p",
                {"class": "explain", "data-testid": "gurps-attack-result", "aria-live": "polite"},
                result or "Roll to see the dice, the defense and the injury.",
            ),
        ),
        log_view(model),
    )
