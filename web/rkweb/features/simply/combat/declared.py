"""What is declared before an attack's roll, and the chance each gives (SIM-10, SIM-D08,
SIM-D12): the chips beside the roll (the attacker's luck, the target's Defend with their weapon or
their shield, the defender's luck), each with the exact chance it gives, and the chance line. Out of :mod:`.attack` (the step), which rolls what is declared here.
"""

from __future__ import annotations

from fractions import Fraction

from pycore.errors import RuleError
from pycore.figures import signed
from pycore.systems.simply import fight as core
from rkweb.app.messages import Message
from rkweb.app.vdom import VNode, h
from rkweb.features.simply.combat import state as saved
from rkweb.features.simply.words import why_rules
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip
from rkweb.kit.fields import rules_of
from rkweb.kit.odds import odds, percent_text
from rkweb.kit.results import why


class AttackDeclared(Message, action="simply.combat_attack_declared"):
    """Declare ``what`` (``defend``, or ``shield``: the Defend made with the target's shield)
    and roll the attack with the app's dice in one tap."""

    what: str


class Declare(Message, action="simply.combat_declare"):
    """A chip beside the roll pressed: ``what`` (``luck``, ``defend``, ``shield`` or
    ``defend_luck``) declared for the roll to come, or no longer; dice typed at the table need
    no fold."""

    what: str


#: What a Defend chip declares (and its "Roll" beside it, which declares and rolls in one tap:
#: issue 26, a Defend at the start of a turn within 4 taps with the app's dice), this roll's
#: only. Each Defend is named once, by its chip: a "Roll against Bo's Defend" button in a row
#: of its own above the chip "Bo defends" was the same choice twice (session of 2026-11-30),
#: as "Roll with luck" beside the luck chip was (stop 54).
DECLARED = {"defend": {"defend": "yes"}, "shield": {"defend": "shield"}}


def defend_of(a: dict[str, str]) -> tuple[int | None, str | None]:
    """The Defend declared: its TN and level, the shield's own when it is made with the shield
    (SIM-D12: Shield skill + Def Mod, as set up from the target's sheet); ValueError in words
    for a TN the form cannot read."""
    if a["defend"] == "shield":
        return saved.number(a, "shield_tn"), saved.level(a["shield_level"])
    return saved.number(a, "defend_tn"), saved.level(a["defend_level"])


def staked(fight: core.Combat, who: str, declared: str) -> int:
    """The LP a side stakes when it declares luck: all it has (SIM-10); none undeclared."""
    if declared != "yes" or not who:
        return 0
    try:
        return core.luck_pool(fight.get(who), True)
    except RuleError:
        return 0


def hit_odds(fight: core.Combat, a: dict[str, str]) -> Fraction:
    """The exact chance to hit of the attack ``a`` as declared: its Defend, both sides' luck."""
    defended = bool(a["defend"])
    luck = staked(fight, a["attacker"], a["luck"])
    guard = staked(fight, a["target"], a["defend_luck"]) if defended else 0
    tn = saved.number(a, "tn") or 0
    defend, defend_level = defend_of(a) if defended else (None, None)
    skilled = saved.level(a["level"]) is not None
    return core.hit_chance(tn, defend, skilled, defend_level is not None, luck, guard)


def shield_of(fight: core.Combat, target: str) -> core.ShieldDefend | None:
    """The Defend the target can make with their shield (SIM-D12), None without shield or skill."""
    try:
        return core.shield_defend(fight.get(target)) if target else None
    except RuleError:
        return None


def chance(fight: core.Combat, a: dict[str, str]) -> VNode:
    """The chance to hit that applies, before the roll: with the Defend and the luck declared
    as set, and in words which it is (the weapon chips show it before any Defend or luck)."""
    defended = bool(a["defend"])
    luck = staked(fight, a["attacker"], a["luck"])
    guard = staked(fight, a["target"], a["defend_luck"]) if defended else 0
    try:
        chance = hit_odds(fight, a)
        alone = core.hit_chance(
            saved.number(a, "tn") or 0, None, saved.level(a["level"]) is not None
        )
    except ValueError as exc:
        return h(
            "div",
            {"class": "odds-line", "data-testid": "sc-hit-chance"},
            str(exc),
            why_rules(str(exc), rules_of(exc)),
        )
    held = shield_of(fight, a["target"]) if a["defend"] == "shield" else None
    against = f"the Defend with {held.shield}" if held else "the Defend"
    how = [
        f"a contest against {against} (a draw misses)" if defended else "no Defend",
        f"luck declared ({luck} LP)" if luck else "",
        f"the defender's luck ({guard} LP)" if guard else "",
    ]
    said = ", ".join(x for x in how if x)
    plain_odds = f"; {percent_text(alone)} with no Defend and no luck" if alone != chance else ""
    return h(
        "div",
        {"class": "odds-line", "data-testid": "sc-hit-chance"},
        "Chance to hit: ",
        odds(chance),
        f" ({said}{plain_odds})",
        why(
            [
                "SIM-D08: against a Defend the attack is a contest; a draw is a miss.",
                "SIM-10: luck declared stakes all the side's LP: a failure is bought 1:1, "
                "at least 5; a 20 always fails.",
                *([f"SIM-31, SIM-D12: the Defend with the shield: {held}."] if held else []),
                *(
                    ["SIM-03: the Shield skill not bought defaults to C − 2, no automatic 2."]
                    if held and held.level is None
                    else []
                ),
            ]
        )
        if defended or luck
        else None,
    )


def can_defend(fight: core.Combat, target: str) -> bool:
    """SIM-D08: a Defend costs an unused action (or one taken already, waiting for its roll);
    a target with none left is not offered one."""
    left = fight.actions_left(target) > 0 if target else False
    return left or (target, "Defend") in fight.taken


def _chance_if(fight: core.Combat, a: dict[str, str], what: str, tn: str) -> list[VNode]:
    """Beside the Defend chip ``what`` until pressed (then the chance line has it and the roll
    below rolls it): the exact chance it gives, and "Roll", which declares it and rolls with
    the app's dice in one tap. None without its TN (the chance line asks for it)."""
    if a["defend"] == DECLARED[what]["defend"] or not tn.strip():
        return []
    try:
        chance = odds(hit_odds(fight, {**a, **DECLARED[what]}), f"sc-hit-chance-{what}")
    except ValueError:
        return []  # a TN the form cannot read: the chance line says which
    said = "the Defend with the shield" if what == "shield" else "the Defend"
    title = f"Declare {said} and roll the attack for me"
    return [chance, button(f"sc-attack-roll-{what}", "Roll", AttackDeclared(what), title=title)]


def chips(fight: core.Combat, a: dict[str, str]) -> VNode | None:
    """The declarations beside the roll, each a chip whose pressed state shows (FIGHT.md 3):
    the attacker's luck with the 5 LP it needs (SIM-10), the target's Defend while it has an
    action for it (SIM-D08), with their weapon or their shield (SIM-D12), each with the chance it
    gives and its "Roll" (declared and rolled in one tap), and the defender's luck with it. The
    roll below rolls what they declare, with the app's dice or the dice typed. Each choice is
    named once (a "Roll against Bo's Defend" button above the chip "Bo defends" was the same
    choice twice). The fold keeps the same choices, with the TNs and levels."""
    items: list[VNode] = []
    try:
        attacker = fight.get(a["attacker"]).name if a["attacker"] else ""
        target = fight.get(a["target"]).name if a["target"] else ""
    except RuleError:
        return None
    points = staked(fight, a["attacker"], "yes")
    if attacker and points:
        # The one control for the attacker's luck (SIM-10), for dice rolled by the app or typed
        # (a "Roll with luck" button beside it declared the same: stop 54). It stakes all their LP
        # and the rule spends what the roll needs, 5 at least, as its note says; beside it the
        # chance it gives until declared (then the chance line has it).
        pressed = a["luck"] == "yes"
        label = f"{attacker} uses luck ({points} LP)"
        note = "spends 5+ as the roll needs"
        items.append(chip("sc-attack-chip-luck", label, pressed, Declare("luck"), note))
        try:
            if not pressed:
                items.append(odds(hit_odds(fight, {**a, "luck": "yes"}), "sc-hit-chance-luck"))
        except ValueError:
            pass  # a TN the form cannot read: the chance line says which
    if target and can_defend(fight, a["target"]):
        defends = chip(
            "sc-attack-chip-defend",
            f"{target} defends",
            a["defend"] == "yes",
            Declare("defend"),
        )
        items.extend([defends, *_chance_if(fight, a, "defend", a["defend_tn"])])
        held = shield_of(fight, a["target"])
        if held is not None:  # SIM-D12: the Defend made with their shield, beside the weapon's
            # Its TN and where the Def Mod comes from, in its note: "Shield 7, Def Mod −1 = TN 6".
            label = f"with {held.shield}"
            shielded = a["defend"] == "shield"
            # Not bought, the default and its sum: "Shield default: Adj C 6 − 2 = 4" (SIM-03).
            source = f"{held.rating_said}, Def Mod {signed(held.def_mod)} = TN {held.tn}"
            said = h("span", {"data-testid": "sc-shield-defend"}, source)
            items.append(chip("sc-attack-chip-shield", label, shielded, Declare("shield"), said))
            items.extend(_chance_if(fight, a, "shield", a["shield_tn"]))
        guard = staked(fight, a["target"], "yes")
        if guard:
            pressed = bool(a["defend"]) and a["defend_luck"] == "yes"
            label = f"with luck ({guard} LP)"
            items.append(chip("sc-attack-chip-defend-luck", label, pressed, Declare("defend_luck")))
    if not items:
        return None
    return h(
        "div",
        {"class": "row declare", "role": "group", "aria-label": "Declared before the roll"},
        *items,
    )
