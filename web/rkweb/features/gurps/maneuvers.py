"""A combatant's maneuver, its option and their posture: one set of choices for every tab (the
worksheet, the acting combatant's panel, the quick edits on the order strip). The options offered
are the core's for their weapon (All-Out Attack's melee or ranged options, GUR-16)."""

from __future__ import annotations

from pycore.systems.gurps import fight as gurps_fight
from pycore.systems.gurps import maneuver_names, posture_names
from pycore.systems.gurps.attacks import attack_lines
from pycore.systems.gurps.defenses import defense_line
from pycore.systems.gurps.fight import Fight
from pycore.systems.gurps.line_weapons import weapon_of, weapons_named
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import offered_options
from rkweb.app.messages import Message
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.gurps.combatants import Field, LineWeapon
from rkweb.features.gurps.state import SECTION
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip, chips
from rkweb.kit.fields import error_of, select
from rkweb.kit.results import why


# The maneuver chips' messages, declared here where they are built (``turn`` and ``tracker``,
# which take them, import this module).
class Maneuver(Message, action="gurps.maneuver"):
    """GUR-06: the acting combatant takes ``maneuver`` (with its ``option``) this turn."""

    maneuver: str
    option: str = ""


class ReadyWeapon(Message, action="gurps.ready_weapon"):
    """004 line 95: ``fighter`` drew their attack line ``index`` with their Ready maneuver."""

    fighter: str
    index: str


class ReadyDraw(Message, action="gurps.ready_draw"):
    """One tap, "Ready <weapon>": the acting combatant takes Ready and draws the weapon of their
    attack line ``index`` (004 line 95)."""

    index: str


class Next(Message, action="gurps.next"):
    """Next turn."""


class NextTake(Message, action="gurps.next_take"):
    """Next turn, and its fighter takes ``maneuver`` (``option``) in the same tap."""

    maneuver: str
    option: str


def choices(c: Combatant, ids: tuple[str, str, str], *, chosen: bool = True) -> list[VNode | None]:
    """The three selects, with the element ids ``(maneuver, option, posture)``; the option only
    when the maneuver has options. ``chosen`` False: the acting combatant has not chosen this
    turn's maneuver, so none shows as chosen (GUR-06: last turn's is not pre-chosen)."""
    maneuver_id, option_id, posture_id = ids
    options = offered_options(c, c.maneuver) if chosen else ()
    own = c.id
    unset = [] if chosen else [("", "— not chosen yet —")]
    return [
        select(
            maneuver_id,
            f"{c.name}'s maneuver",
            c.maneuver if chosen else "",
            [*unset, *[(m, m) for m in maneuver_names()]],
            Field(own, "maneuver"),
        ),
        select(
            option_id,
            "Maneuver option",
            c.option,
            [("", "—"), *[(o, o) for o in options]],
            Field(own, "option"),
        )
        if options
        else None,
        select(
            posture_id,
            f"{c.name}'s posture",
            c.posture,
            [(p, p) for p in postures_from(c.posture)],
            Field(own, "posture"),
        ),
    ]


def postures_from(now: str) -> tuple[str, ...]:
    """The postures they may change to from ``now``: every one, but standing while they lie down
    (GUR-09, 004 line 48: they cannot stand directly from a lying position)."""
    return tuple(p for p in posture_names() if not (now == "Lying Down" and p == "Standing"))


def own_ids(c: Combatant) -> tuple[str, str, str]:
    """The ids the tracker gives each combatant's choices."""
    return (f"gurps-maneuver-{c.id}", f"gurps-option-{c.id}", f"gurps-posture-{c.id}")


def maneuver_chips(
    model: Model, fight: Fight, current: Combatant, *, coming: bool = False, lead: str = ""
) -> VNode:
    """GUR-06 (004 line 27): the maneuver of this turn, one tap, each chip naming what it
    allows: attacks, defenses until their next turn, move. None is pressed until chosen.
    ``coming``: the fight is the next turn's (:func:`next_up`): a chip passes the turn to them
    and takes their maneuver in the same tap, ``lead`` said before it (how the last turn ended)."""
    offered = gurps_fight.maneuver_choices(fight)
    prefix, take = ("gurps-next-take-", NextTake) if coming else ("gurps-take-", Maneuver)
    # His open knockdown or consciousness roll decides whether he chooses at all (004 lines
    # 46, 210): the chips wait for it, saying why, as the core's take_maneuver refuses.
    held = "" if fight.chosen else gurps_fight.choice_held(fight, current.id)
    items = [
        chip(
            prefix + f"{c.maneuver} {c.option}".strip().lower().replace(" ", "-"),
            c.label,
            fight.chosen and (current.maneuver, current.option) == (c.maneuver, c.option),
            take(c.maneuver, c.option),
            note=c.allows,
            disabled=bool(held),
        )
        # Those that attack first: the choice a GM makes most (the core's order otherwise).
        for c in sorted(offered, key=lambda c: not c.attacks)
    ]
    return h(
        "div",
        # A grid: the chips fit above the step at 768x1024. The turn's first step, brought into
        # view after a tap (data-step); as the next fighter's, the next-up around them is.
        {
            "class": "maneuver-chips",
            "data-step": None if coming or fight.chosen else "gurps-maneuver",
        },
        h("p", {"class": "next-held", "data-testid": "gurps-maneuver-held"}, held)
        if held
        else None,
        chips(
            f"{lead} Next: {current.name}'s turn".lstrip()
            if coming and held
            else f"{lead} Next: {current.name}'s turn. Tap a maneuver to begin it".lstrip()
            if coming
            else f"{current.name}'s maneuver this turn"
            if fight.chosen
            else f"Choose {current.name}'s maneuver for this turn: the attacks, the defenses "
            "until the next turn, the move",
            items,
            "gurps-maneuver-chips",
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "gurps-error-maneuver"},
            # An attack tapped before the maneuver is chosen is refused here, in words.
            error_of(model, SECTION, "fight.maneuver") or error_of(model, SECTION, "fight.attack"),
        ),
    )


#: "Next turn" and the next fighter's chips: the step brought into view after a tap (data-step).
NEXT_UP = {"class": "next-up", "data-step": "gurps-next-up"}


def next_up(model: Model, fight: Fight, said: str = "") -> VNode:
    """The turn is over: "Next turn", and the next fighter's maneuver chips, so that one tap
    passes the turn and takes their maneuver (FIGHT.md: 4 taps from the next turn to the damage,
    the maneuver included). Only "Next turn" when they cannot choose (stunned, unconscious: 004
    line 46 takes Do Nothing for them). ``said``: how this turn ended, beside "Next turn" (issue
    27: one line, so the chips stay on the screen under an injury's questions)."""
    held = gurps_fight.turn_held(fight, gurps_fight.next_fighter(fight))
    done = button("gurps-turn-next", "Next turn", Next(), primary=True, disabled=bool(held))
    if held:
        # A failed roll's outcome decides their turn (GUR-58): it waits for it, and says why;
        # the question is asked above (after_injury.view), not folded.
        ended = h("p", {"class": "strong"}, said) if said else None
        why_held = h("p", {"class": "next-held", "data-testid": "gurps-next-held"}, held)
        return h("div", NEXT_UP, done, ended, why_held)
    coming, _ = gurps_fight.next_turn(fight)
    who = coming.current()
    if who is None or coming.chosen:
        if not said:
            return done
        return h("div", NEXT_UP, done, h("p", {"class": "strong"}, said))
    chips_ = maneuver_chips(model, coming, who, coming=True, lead=said)
    return h("div", NEXT_UP, done, chips_)


def chosen_line(fight: Fight, current: Combatant) -> VNode:
    """The maneuver chosen this turn and what it allows, in one line."""
    same = [c for c in gurps_fight.maneuver_choices(fight) if c.maneuver == current.maneuver]
    seen = next((c for c in same if c.option == current.option), None)
    said = (
        f"Maneuver: {seen.label} — {seen.allows}"
        if seen is not None
        else f"Maneuver: {current.maneuver} — choose its option"
    )
    return h("p", {"class": "strong", "data-testid": "gurps-maneuver-chosen"}, said)


def _parry_note(c: Combatant, index: int) -> str:
    """What the weapon gives them to defend with once drawn (004 line 248), as it stands: their
    posture (GUR-10), All-Out Defense (Increased Parry) and stun (GUR-45) count (Bo lying down
    showed "Parry 8" for a parry of 5)."""
    parry = gurps_fight.drawn_parry(c, index)  # a spear's throw parries as its thrust (004 l. 91)
    if parry is None:
        return "no parry"
    now = defense_line(
        "parry", parry, posture_name=c.posture, aod_option=c.option or None, stunned=c.dazed
    )
    return f"Parry {now.total}"


def ready_chips(fight: Fight, c: Combatant, *, asked: bool = False) -> VNode | None:
    """004 line 95: which weapon ``c`` drew with their Ready maneuver, a chip per attack line (with
    the parry it gives), none pressed until the GM taps one: the texts cannot tell which. None
    when they have not taken Ready, or their sheet has one line (drawn as they took it). ``asked``: on
    the defence step, shown only while it is not said (their parry waits for it)."""
    held = gurps_fight.in_hand(fight, c.id)
    lines = attack_lines(c)
    if c.maneuver != "Ready" or held is None or len(lines) < 2:
        return None
    if asked and held != gurps_fight.UNSAID:
        return None
    items = [
        chip(
            f"gurps-ready-{i}",
            line.name,
            held == i,
            ReadyWeapon(c.id, str(i)),
            note=_parry_note(c, i),
        )
        for i, line in enumerate(lines)
    ]
    said = (
        f"Which weapon did {c.name} draw with the Ready maneuver?"
        if held == gurps_fight.UNSAID
        else f"The weapon {c.name} drew with the Ready maneuver"
    )
    return chips(said, items, "gurps-ready-chips")


def ready_offers(fight: Fight, c: Combatant, page: str = "gurps-fight") -> VNode | None:
    """Their weapons not in hand, each drawn with one tap, "Ready <weapon>" (004 line 95, GUR-13:
    a weapon not held is drawn with a Ready maneuver, not attacked with). Only before their first
    attack of the turn, while their maneuver may still change (GUR-06). None when none is left.
    ``page``: the test ids' prefix (the tracker's step, or the Attack tab's worksheet)."""
    offers = gurps_fight.ready_now(fight, c)
    if not offers or fight.attacks:
        return None
    return h(
        "div",
        {"class": "row", "data-testid": f"{page}-ready-offers"},
        *[
            button(f"{page}-ready-{i}", f"Ready {weapon_of(c, i)}", ReadyDraw(str(i)))
            for i in offers
        ],
    )


def weapon_asked(fight: Fight, c: Combatant) -> VNode | None:
    """The GM's question for each line whose weapon neither their sheet nor the names tell (004
    line 91: one weapon, several ways): a tap on the weapon writes it on their sheet (its line's
    Weapon field). Until then the line is not offered: whether it is in their hand is unknown."""
    asked = gurps_fight.weapon_withheld(fight, c)
    if not asked:
        return None
    lines = attack_lines(c)
    rows = []
    for i in asked:
        name = lines[i].name
        named = [w for w in weapons_named(c) if w.casefold() != name.casefold()]
        rows.append(
            h(
                "div",
                {"class": "row", "data-testid": f"gurps-fight-weapon-{i}"},
                h("p", {"class": "strong"}, f"{name}: a way of using which of {c.name}'s weapons?"),
                *[
                    button(f"gurps-fight-weapon-{i}-{k}", w, LineWeapon(c.id, str(i - 1), w))
                    for k, w in enumerate(named)
                ],
                button(
                    f"gurps-fight-weapon-{i}-own",
                    "A weapon of its own",
                    LineWeapon(c.id, str(i - 1), name),
                ),
            )
        )
    return h("div", {"data-testid": "gurps-fight-weapon-asked"}, *rows)


#: The rules behind what the defence step says of the parry, under its "Why".
PARRY_IN_HAND_WHY = (
    "You cannot parry unless your weapon is ready – or, if you are unarmed, you have an empty "
    "hand (GUR-48, 004 line 248).",
    "A one-handed weapon is ready while held in the hand; drawing another takes a Ready "
    "maneuver (GUR-13, 004 lines 93, 95). A thrown weapon has left the hand (004 line 108).",
)


def spent_note(fight: Fight, defender: Combatant, testid: str) -> VNode | None:
    """Why a block or a parry is not offered on the defence step (the tracker's and the Attack
    tab's alike): used already in their turn, one of each per turn (GUR-47, GUR-48); their own turn
    gives them back (GUR-04). None when they have used neither."""
    said = gurps_fight.spent_said(fight, defender.id)
    if not said:
        return None
    return h("p", {"class": "small", "data-testid": testid}, " ".join(said))


def parry_said(fight: Fight, defender: Combatant, testid: str) -> list[VNode | None]:
    """The defence step's word on the parry, the tracker's and the Attack tab's alike: which
    weapon they drew, when their Ready left it unsaid, and why no parry is offered (004 lines 93,
    95, 248), each only when there is something to say."""
    withheld = gurps_fight.parry_withheld(fight, defender)
    asked = ready_chips(fight, defender, asked=True)
    return [
        asked,
        h("p", {"class": "small", "data-testid": testid}, withheld) if withheld else None,
        why(PARRY_IN_HAND_WHY, f"{testid}-why") if withheld or asked else None,
    ]


def shield_said(fight: Fight, defender: Combatant, testid: str) -> VNode | None:
    """The defence step's word on their shield when it adds no DB and gives no block: both hands
    grip their two-handed weapon (004 lines 93, 219, 237), the tracker's and the Attack tab's."""
    withheld = gurps_fight.shield_withheld(fight, defender)
    return h("p", {"class": "small", "data-testid": testid}, withheld) if withheld else None
