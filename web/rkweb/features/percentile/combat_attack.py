"""The combat tab's attack cards: the attack set up from the two sheets, the step it waits on
(the body part nobody has named yet), its result with the rules under "Why", and poisons.
Every field's bounds and every rule are the core's (:mod:`pycore.systems.percentile.fight.attack`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pycore.dice import seeded
from pycore.errors import RuleError, RulekeeperError
from pycore.systems.percentile import fight as F
from pycore.systems.percentile.damage import ORGAN_SYSTEMS
from pycore.systems.percentile.fight import attack as FA
from pycore.systems.percentile.fight import poison as FP
from pycore.systems.percentile.fight import setup as FS
from pycore.systems.percentile.fight import tohit as TH
from pycore.systems.percentile.fight.setup import ATTACK_NUMBERS
from pycore.systems.percentile.roster import CATEGORIES
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import combat_step as C
from rkweb.features.percentile import state as S
from rkweb.features.percentile.combat_ap import ApField, ApMoveFree, ApSpend
from rkweb.kit.buttons import button
from rkweb.kit.fields import error_of, field, number, select, with_error
from rkweb.kit.results import card, why

LOCATIONS = (("specify", "specified by the GM"), ("roll", "rolled on Table #3-3.4"))


class AttackField(Message, action="percentile.attack_field"):
    """One field of the attack worksheet, as typed or picked."""

    key: str
    value: str = entered(default="")


class AttackResolve(Message, action="percentile.attack_resolve"):
    """Roll the worksheet's attack through."""


class SeverityRoll(Message, action="percentile.severity_roll"):
    """The severity roll for a wound left untreated."""


class SeverityRollTyped(Message, action="percentile.severity_roll_typed"):
    text: str = entered(default="")


class PoisonField(Message, action="percentile.poison_field"):
    """One field of the poison card, as typed or picked."""

    key: str
    value: str = entered(default="")


class Poison(Message, action="percentile.poison"):
    """Work out the poison's organ damage."""


def _field(model: Model, msg: AttackField, ctx: Ctx) -> Model:
    key = f"attack-{msg.key}"
    return C.edited(model, key, lambda st: C.attack_entry(model, st, msg.key, msg.value))


def _poison_field(model: Model, msg: PoisonField, ctx: Ctx) -> Model:
    def edit(st: dict[str, Any]) -> Model:
        value = FS.check_field(msg.key, msg.value)
        st = C.with_form(st, "poison", {**C.form_of(st, "poison"), msg.key: value})
        ekey = "attack-poison_damage" if msg.key == "poison_damage" else "poison"
        return with_error(S.save(model, st), S.FEATURE, ekey, None)

    return C.edited(model, "poison", edit)


def _resolve(model: Model, msg: AttackResolve, ctx: Ctx) -> Model:
    """The attack; once it is applied or set aside the next one starts afresh."""

    def run(fight: F.Fight, st: dict[str, Any]) -> C.Outcome:
        form = C.form_of(st)
        waits = FS.move_first(fight, form)  # the move's AP first (PCT-05, PCT-24)
        if waits:
            raise RuleError(waits)
        fight, step = FA.attack(fight, FS.setup_of(form), seeded(ctx.fresh_seed))
        label = f"Attack: {step.attacker} → {step.target}"
        return fight, step.step, label, FS.next_form(fight, form)

    return C.stepped(model, ctx, "attack", run)


def _severity(fight: F.Fight, rng: Any) -> C.Outcome:
    fight, rolled = FP.severity(fight, rng)
    return fight, rolled.step, "Severity roll", None


def _severity_roll(model: Model, msg: SeverityRoll | SeverityRollTyped, ctx: Ctx) -> Model:
    return C.rolled(model, ctx, "attack", msg, _severity)


def _poison(model: Model, msg: Poison, ctx: Ctx) -> Model:
    def run(fight: F.Fight, st: dict[str, Any]) -> C.Outcome:
        poison_form = C.form_of(st, "poison")
        fight, poisoned = FP.poison(fight, poison_form, C.form_of(st))
        return fight, poisoned.step, f"Poison: {poison_form.get('name') or 'poison'}", None

    return C.stepped(model, ctx, "poison", run)


#: The worksheet's and the poison card's messages, keyed by their actions.
HANDLERS = handlers(_field, _resolve, _severity_roll, _poison_field, _poison)


def _num(model: Model, a: dict[str, Any], key: str, prefix: str = "percentile-attack") -> VNode:
    return number(
        f"{prefix}-{key}",
        ATTACK_NUMBERS[key][0],
        a.get(key, ""),
        AttackField(key),
        error=error_of(model, S.FEATURE, f"attack-{key}"),
    )


def range_entry(model: Model, fight: F.Fight, form: dict[str, Any], prefix: str) -> VNode:
    """The range between the attacker and the target: the fight's, kept for these two until
    changed (PCT-05), shown in each attack between them."""
    attacker, target = (
        fight.fighter(str(form.get("attacker"))),
        fight.fighter(str(form.get("target"))),
    )
    label = (
        f"Range from {attacker.name} to {target.name} (m)"
        if attacker and target
        else ATTACK_NUMBERS["range_m"][0]
    )
    plain = {str(k): str(v) for k, v in form.items()}
    reach = number(
        f"{prefix}-range_m",
        label,
        FS.shown(fight, plain)["range_m"],
        AttackField("range_m"),
        error=error_of(model, S.FEATURE, "attack-range_m"),
    )
    moved = FS.moved_in(fight, plain)
    if moved is None or attacker is None:
        return reach
    # PCT-05 / PCT-24: the move into hand-to-hand range is paid in AP, its cost the GM's
    # (Table #3-6 left out): asked here, spent as the Agility points card spends
    cid = attacker.id
    return h(
        "div",
        {},
        reach,
        h("p", {"class": "strong", "data-testid": f"{prefix}-moved"}, moved),
        h(
            "div",
            {"class": "row"},
            number(
                f"{prefix}-move_cost",
                f"AP {attacker.name} spends on the move",
                S.state(model)["combat"].get("ap_input", {}).get(cid, ""),
                ApField(cid),
                error=error_of(model, S.FEATURE, f"ap-{cid}"),
            ),
            button(f"{prefix}-move-spend", "Spend", ApSpend(cid)),
            # the GM who lets the move go free says so in one tap, logged (the attack waits
            # for the move otherwise: FS.move_first)
            button(f"{prefix}-move-free", "No AP for the move (GM; logged)", ApMoveFree(cid)),
        ),
    )


def _reading(testid: str, read: Callable[[], str | None]) -> VNode | None:
    """A line the GM reads beside the to-hit entries (the core's), or its refusal in words."""
    try:
        text = read()
    except RulekeeperError as exc:
        text = str(exc)
    return h("p", {"class": "explain", "data-testid": testid}, text) if text else None


def to_hit_entries(
    model: Model,
    st: dict[str, Any],
    fight: F.Fight,
    prefix: str = "percentile-attack",
    *,
    asked_only: bool = False,
) -> list[VNode | None]:
    """The to-hit step's entries (the attack card's, or the round card's with its own ``prefix``):
    the attacker's skill to read Table #3-1 with, then the Percent to Hit (d2, d3), the Percent
    Against with the adversity (d3) and how the Percent Against will be found. ``asked_only``:
    nothing when the step asks for no number (d1, a grenade: the weapon's chip names the skill)."""
    a = st["combat"].get("attack", {})
    form = {str(k): str(v) for k, v in a.items()}
    asks = TH.to_hit_asks(fight, form)
    if asked_only and not asks:
        return []
    fields = [_num(model, a, key, prefix) for key in asks if key in ATTACK_NUMBERS]
    if "adversity_conditions" in asks:
        fields.append(
            field(
                f"{prefix}-adversity_conditions",
                "Adversity conditions present (Tables 7.0-7.4, comma-separated)",
                a.get("adversity_conditions", ""),
                AttackField("adversity_conditions"),
                error=error_of(model, S.FEATURE, "attack-adversity_conditions"),
            )
        )
    return [
        _reading(f"{prefix}-skill", lambda: TH.skill_reading(fight, form)),
        h("div", {"class": "grid2"}, *fields) if fields else None,
        _reading(f"{prefix}-against", lambda: TH.against_reading(fight, form)),
    ]


def _procedure_fields(model: Model, fight: F.Fight, a: dict[str, Any]) -> list[VNode]:
    s = fight.settings
    extra: list[VNode] = []
    if s.damage == "3":
        extra.append(_num(model, a, "table_3_3_damage"))
    if s.damage == "1":
        extra.append(_num(model, a, "damage_percentage"))
    if s.organ_damage:
        extra += [_num(model, a, f"m_{o}") for o in ORGAN_SYSTEMS]
    return extra


def attack_words(fight: F.Fight, a: dict[str, Any]) -> str:
    """The attack on the form in a few words ("Ann attacks Bob with PISTOL"), as the undo
    banner says what an undo gave back; "no attack set up" while nobody attacks."""
    attacker = fight.fighter(str(a.get("attacker", "")))
    if attacker is None:
        return "no attack set up"
    target = fight.fighter(str(a.get("target", "")))
    index = str(a.get("weapon", "0"))
    weapons = attacker.weapons
    weapon = weapons[int(index)] if index.isdigit() and int(index) < len(weapons) else None
    aimed = f" attacks {target.name}" if target else " attacks (no target chosen)"
    return attacker.name + aimed + (f" with {weapon.name}" if weapon else "")


def _choosers(model: Model, fight: F.Fight, a: dict[str, Any]) -> list[VNode]:
    """Who attacks whom with what; a choice refused (fight.setup.enter) is said beside it."""
    people = [("", "— choose —"), *[(c.id, c.name) for c in fight.fighters]]
    attacker = fight.fighter(str(a.get("attacker", "")))
    target = fight.fighter(str(a.get("target", "")))
    kinds = dict(CATEGORIES)
    weapons = (
        [
            (str(i), f"{w.name} ({kinds.get(w.category, w.category)})")
            for i, w in enumerate(attacker.weapons)
        ]
        if attacker
        else []
    )
    parts = [(p.name, f"{p.name} ({p.points} points)") for p in target.parts] if target else []
    return [
        select(
            "percentile-attack-attacker",
            "Attacker",
            str(a.get("attacker", "")),
            people,
            AttackField("attacker"),
            error=error_of(model, S.FEATURE, "attack-attacker"),
        ),
        select(
            "percentile-attack-weapon",
            "Weapon",
            str(a.get("weapon", "0")),
            weapons or [("", "— no weapons —")],
            AttackField("weapon"),
            error=error_of(model, S.FEATURE, "attack-weapon"),
        ),
        select(
            "percentile-attack-target",
            "Target",
            str(a.get("target", "")),
            people,
            AttackField("target"),
            error=error_of(model, S.FEATURE, "attack-target"),
        ),
        select(
            "percentile-attack-part",
            "Body part (GM's or the attacker's choice)",
            str(a.get("part", "")),
            [("", "— not chosen —" if parts else "— no body parts —"), *parts],
            AttackField("part"),
        ),
        select(
            "percentile-attack-location",
            "Location",
            str(a.get("location", "specify")),
            LOCATIONS,
            AttackField("location"),
        ),
    ]


def attack_view(model: Model, st: dict[str, Any], fight: F.Fight) -> VNode:
    s = fight.settings
    a = st["combat"].get("attack", {})
    return card(
        "pct-attack-h",
        f"5. Attack. To hit: {S.procedure(s.to_hit)}. Damage: {S.procedure(s.damage)}",
        h(
            "div",
            {"class": "grid2"},
            *_choosers(model, fight, a),
            range_entry(model, fight, a, "percentile-attack"),
            *[_num(model, a, k) for k in ("ap_cost", "max_throw_m")],
        ),
        *to_hit_entries(model, st, fight),
        h("div", {"class": "grid2"}, *_procedure_fields(model, fight, a)),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-attack-error"},
            error_of(model, S.FEATURE, "attack"),
        ),
        button(
            "percentile-attack-resolve",
            "Roll the attack",
            AttackResolve(),
            primary=True,
            disabled=fight.pending is not None,
        ),
        h(
            "p",
            {"class": "notice", "data-testid": "percentile-attack-pending"},
            "An attack is under way: finish it in the round card at the top.",
        )
        if fight.pending
        else None,
        h(
            "ol",
            {"class": "explain", "data-testid": "percentile-attack-result", "aria-live": "polite"},
            *[h("li", {}, line) for line in fight.last],
        ),
        why(list(fight.last_why)),
        S.roll_entry(
            model,
            "percentile-severity-roll",
            "1:100sd",
            SeverityRoll(),
            SeverityRollTyped(),
            f"Severity roll on {fight.last_severity} (for a wound left untreated for an extended period)",
        )
        if fight.last_severity
        else None,
    )


def poison_view(model: Model, st: dict[str, Any], fight: F.Fight) -> VNode:
    p = st["combat"].get("poison", {})
    target = fight.fighter(str(p.get("target", "")))
    parts = [(x.name, x.name) for x in target.parts] if target else []
    systems = [
        select(
            f"percentile-poison-{o}",
            f"Acts on {o.replace('_', '-')}",
            "on" if p.get(o) == "on" else "off",
            [("off", "no"), ("on", "yes")],
            PoisonField(o),
        )
        for o in ORGAN_SYSTEMS
    ]
    return card(
        "pct-poison-h",
        "Poisons and drugs",
        h(
            "p",
            {"class": "muted small"},
            "A poison acts on the organ systems the GM chooses; its Table #3-3 points feed the organ "
            "damage only, never the damage record. Multipliers come from Table #3-3.1 on the GM "
            "page, or the attack's organ fields (organ damage on in the settings).",
        ),
        why(["Poisons and drugs (PCT-54, line 161); organ multipliers (PCT-52, line 158)"]),
        h(
            "div",
            {"class": "grid2"},
            field(
                "percentile-poison-name",
                "Poison or drug",
                p.get("name", ""),
                PoisonField("name"),
            ),
            select(
                "percentile-poison-target",
                "Target",
                str(p.get("target", "")),
                [("", "— choose —"), *[(c.id, c.name) for c in fight.fighters]],
                PoisonField("target"),
            ),
            select(
                "percentile-poison-part",
                "Site (body part)",
                str(p.get("part", "")),
                [("", "— choose —" if parts else "— no body parts —"), *parts],
                PoisonField("part"),
            ),
            number(
                "percentile-poison-wep_mod",
                "WEP MOD (GM)",
                p.get("wep_mod", ""),
                PoisonField("wep_mod"),
            ),
            number(
                "percentile-poison-poison_damage",
                ATTACK_NUMBERS["poison_damage"][0],
                p.get("poison_damage", ""),
                PoisonField("poison_damage"),
                error=error_of(model, S.FEATURE, "attack-poison_damage"),
            ),
            *systems,
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-poison-error"},
            error_of(model, S.FEATURE, "poison"),
        ),
        button("percentile-poison-apply", "Work out the organ damage", Poison()),
    )
