"""The builder's cards for who the character is, the stats (with their adjustments, SIM-21), the
derived values and the skills (SIM-18 to SIM-20, SIM-28). Budgets, ratings and problems are the
core's (``validate``, ``derive``); the cards show them beside the fields they concern."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pycore.errors import RuleError
from pycore.figures import signed
from pycore.systems.simply.character import Character, Derived, Problem, Skill, SkillLine
from pycore.systems.simply.skills import skill_info, skill_names
from pycore.systems.simply.stats import LEVELS, age_names
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.simply.characters.edit import CharAdjAdd, CharAdjDraft, CharField
from rkweb.features.simply.characters.state import ERRORS
from rkweb.features.simply.words import error_line, why_rules
from rkweb.kit.buttons import button
from rkweb.kit.fields import error_of, error_rules, field, number, select
from rkweb.kit.results import card

STATS = (("strength", "S"), ("coordination", "C"), ("intellect", "I"), ("health", "H"))


def problems_list(problems: Sequence[Problem], key: str, *also: str) -> VNode | None:
    """The core's findings about ``key`` (and ``also``), in words, each with its rules under
    "Why" (``Problem.rules``) when it has any."""
    names = (key, *also)
    mine = [
        p
        for p in problems
        if p.field in names or p.field.startswith(tuple(f"{n}{c}" for n in names for c in ".[ "))
    ]
    if not mine:
        return None
    return h(
        "ul",
        {"class": "problems", "data-testid": f"char-problems-{key}"},
        *[
            h("li", {"class": f"problem {p.severity}"}, str(p), why_rules(str(p), p.rules))
            for p in mine
        ],
    )


def _with_why(model: Model, name: str, control: VNode) -> VNode:
    """A field, and when the core's refusal beside it names rules, those rules under "Why".
    The same box with or without them: a field in a box that came and went with its "Why" was
    made anew with the saved value, and Luck '-1' typed was gone from the field beside its
    refusal (the patcher keeps a refused value only in a field it patches)."""
    rules = error_rules(model, ERRORS, name)
    why = [why_rules(error_of(model, ERRORS, name), rules, f"char-{name}-why")] if rules else []
    return h("div", {}, control, *why)


def text_field(model: Model, label: str, name: str, value: Any) -> VNode:
    error = error_of(model, ERRORS, name)
    msg = CharField(name)
    return _with_why(model, name, field(f"char-{name}", label, value, msg, error=error))


def _stat_field(model: Model, label: str, name: str, value: Any) -> VNode:
    error = error_of(model, ERRORS, name)
    msg = CharField(name)
    return _with_why(model, name, number(f"char-{name}", label, value, msg, error=error))


def who_card(model: Model, character: Character) -> VNode:
    ages = [(a, a) for a in age_names()]
    return card(
        "char-who-h",
        "Concept and age",
        h(
            "div",
            {"class": "grid2"},
            text_field(model, "Name", "name", character.name),
            text_field(model, "Concept", "concept", character.concept),
            select("char-age", "Age category", character.age, ages, CharField("age")),
        ),
    )


def stats_card(model: Model, character: Character, problems: Sequence[Problem]) -> VNode:
    stats = [
        _stat_field(model, f"{name.capitalize()} ({short})", name, getattr(character, name))
        for name, short in STATS
    ]
    return card(
        "char-stats-h",
        "Stats",
        h(
            "div",
            {"class": "grid2"},
            *stats,
            _stat_field(model, "Luck", "luck", character.luck),
        ),
        problems_list(problems, "stats"),
        _adjustments(model, character),
    )


def _adjustments(model: Model, character: Character) -> VNode:
    """SIM-21: the user's stat adjustments (race, powers, gear), besides armor's C Adj."""
    draft = {"stat": "S", "amount": "", "source": "", **model.ui.get("char_adj", {})}
    rows = [
        h(
            "li",
            {"class": "skill-row", "data-testid": "char-adjustment"},
            h("span", {"class": "skill-name"}, f"{a.source}: {a.stat} {signed(a.amount)}"),
            button(None, f"Remove {a.source}", CharField(f"remove_adjustment:{i}")),
        )
        for i, a in enumerate(character.adjustments)
    ]
    stats = [(x, x) for x in "SCIH"]
    return h(
        "div",
        {"class": "adjustments"},
        h("h4", {}, "Stat adjustments (armor and shield C Adj are automatic)"),
        h("ul", {"class": "skills"}, *rows),
        h(
            "div",
            {"class": "grid2"},
            field("char-adj-source", "Source", draft["source"], CharAdjDraft("source")),
            select("char-adj-stat", "Stat", draft["stat"], stats, CharAdjDraft("stat")),
            number(
                "char-adj-amount",
                "Amount (+/−)",
                draft["amount"],
                CharAdjDraft("amount"),
            ),
        ),
        error_line(model, ERRORS, "add_adjustment", "char-adj-error"),
        button("char-adj-add", "Add adjustment", CharAdjAdd()),
    )


def derived_card(derived: Derived) -> VNode:
    rows = [
        derived.skill_purchase_points,
        derived.hit_points,
        derived.fatigue_points,
        derived.initiative_bonus,
        derived.unarmed_max_damage,
    ]
    return card(
        "char-derived-h",
        "Derived",
        h(
            "dl",
            {"class": "facts", "data-testid": "char-derived"},
            *[part for d in rows for part in (h("dt", {}, d.name), h("dd", {}, d.formula))],
        ),
    )


def rating_text(d: Any) -> str:
    return "—" if d.value is None else str(d.value)


def _specialty(index: int, skill: Skill) -> VNode | None:
    """SIM-20: a skill that needs a specialty gets a field, with the text's ones suggested. A
    skill off the list (one a share brought in, issue 31) suggests none: its row still shows,
    and the skills card says it is not on the list (the core's problem)."""
    try:
        info = skill_info(skill.name)
    except RuleError:
        info = None
    if not (info and info.needs_specialty) and not skill.specialty:
        return None
    fid = f"char-skill-specialty-{index}"
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, f"Specialty of {skill.name}"),
        h(
            "input",
            {
                "id": fid,
                "type": "text",
                "list": f"{fid}-list",
                "autocomplete": "off",
                "value": skill.specialty or "",
                "data-testid": fid,
                "on_change": CharField(f"skill_specialty:{index}"),
            },
        ),
        h(
            "datalist",
            {"id": f"{fid}-list"},
            *[h("option", {"value": x}) for x in (info.specialties if info else ())],
        ),
    )


def _skill_row(index: int, line: SkillLine) -> VNode:
    name = line.skill.name
    return h(
        "li",
        {"class": "skill-row", "data-testid": "char-skill"},
        h("span", {"class": "skill-name"}, name),
        select(
            f"char-skill-level-{index}",
            f"Level of {name}",
            line.skill.level,
            [(lv, lv) for lv in LEVELS],
            CharField(f"skill_level:{index}"),
        ),
        _specialty(index, line.skill),
        h(
            "span",
            {"class": "rating", "title": f"{line.original.formula}; {line.adjusted.formula}"},
            f"rating {rating_text(line.original)} (adj {rating_text(line.adjusted)})",
        ),
        button(None, f"Remove {name}", CharField(f"remove_skill:{index}")),
    )


def skills_card(character: Character, derived: Derived, problems: Sequence[Problem]) -> VNode:
    choices = [("", "Choose a skill…"), *[(n, n) for n in skill_names()]]
    return card(
        "char-skills-h",
        "Skills",
        h("ul", {"class": "skills"}, *[_skill_row(i, x) for i, x in enumerate(derived.skills)]),
        select(
            "char-add-skill",
            "Add a skill",
            "",
            choices,
            CharField("add_skill"),
            # keyed by the skill count: rebuilt, back to its prompt, after each add
            key=f"add-skill-{len(character.skills)}",
        ),
        problems_list(problems, "skills", "skill"),
    )
