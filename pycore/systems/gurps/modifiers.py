"""Effective skill as a list of named, sourced modifiers; maneuvers and postures as data; the
Size and Speed/Range Table (GUR-03, GUR-09 to GUR-19, GUR-23 to GUR-28; tables GUR-T01 to
GUR-T08).

>>> line = effective_skill(15, [maneuver_modifier("Move and Attack", melee=True),
...                             Modifier("posture Crouching", -2, "GUR-10")],
...                        melee_cap=maneuver("Move and Attack").melee_cap)
>>> str(line)
'base 15 + Move and Attack −4 (GUR-15) + posture Crouching −2 (GUR-10) = 9'
>>> str(effective_skill(15, [maneuver_modifier("Move and Attack", melee=True)], 9))
'base 15 + Move and Attack −4 (GUR-15) = 9 (capped at 9 by Move and Attack, GUR-15)'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from pycore.errors import RuleError
from pycore.figures import figure, signed
from pycore.systems.gurps.quantities import decimal_text, exact
from pycore.tables import Row, load_table
from pycore.validate import checked, shown, whole

MAX_MODIFIER: Final = 50
MAX_MODIFIERS: Final = 40


@dataclass(frozen=True)
class Modifier:
    """One named modifier to a roll, with the rule (or table) it comes from."""

    reason: str
    value: int
    source: str

    def __str__(self) -> str:
        return f"{self.plain()} ({self.source})"

    def plain(self) -> str:
        """The modifier in the game's words, without its source.

        >>> Modifier("posture Crouching", -2, "GUR-10").plain()
        'posture Crouching −2'
        """
        sign = "+" if self.value >= 0 else "−"
        return f"{self.reason} {sign}{abs(self.value)}"


@dataclass(frozen=True)
class EffectiveSkill:
    """GUR-03: the base skill, each modifier, the sum, then Move and Attack's cap (GUR-15)."""

    base: int
    modifiers: tuple[Modifier, ...]
    uncapped: int
    total: int
    cap: int | None

    def __str__(self) -> str:
        parts = [f"base {self.base}"] + [f"+ {m}" for m in self.modifiers]
        text = " ".join(parts) + f" = {self.total}"
        if self.capped:
            text += f" (capped at {self.cap} by Move and Attack, GUR-15)"
        return text

    @property
    def capped(self) -> bool:
        return self.cap is not None and self.uncapped > self.cap

    def plain(self) -> str:
        """The line in the game's words; the sources are in ``str()`` and :meth:`sources`.

        >>> line = effective_skill(15, [Modifier("Move and Attack", -4, "GUR-15")], 9)
        >>> line.plain()
        'base 15 + Move and Attack −4 = 9 (Move and Attack allows at most 9)'
        """
        parts = [f"base {self.base}"] + [f"+ {m.plain()}" for m in self.modifiers]
        text = " ".join(parts) + f" = {self.total}"
        if self.capped:
            text += f" (Move and Attack allows at most {self.cap})"
        return text

    def rules(self) -> tuple[str, ...]:
        """The rules and table lines the line applied, as data (each once).

        >>> effective_skill(15, [Modifier("Move and Attack", -4, "GUR-15")], 9).rules()
        ('GUR-03', 'GUR-15')
        """
        found = ["GUR-03", *(m.source for m in self.modifiers)]
        return tuple(dict.fromkeys([*found, "GUR-15"] if self.capped else found))

    def sources(self) -> tuple[str, ...]:
        """Each modifier with the rule or table line it comes from, then the cap's.

        >>> effective_skill(15, [Modifier("Move and Attack", -4, "GUR-15")], 9).sources()
        ('Move and Attack −4: GUR-15', 'capped at 9: GUR-15')
        """
        lines = [f"{m.plain()}: {m.source}" for m in self.modifiers]
        if self.capped:
            lines.append(f"capped at {self.cap}: GUR-15")
        return tuple(lines)


@checked
def effective_skill(
    base: int, modifiers: Iterable[Modifier], melee_cap: int | None = None
) -> EffectiveSkill:
    """Sum the base skill and every modifier; the Move and Attack melee cap is applied last
    (GUR-03 reading, GUR-15).

    >>> effective_skill(12, [Modifier("Move and Attack", -4, "GUR-15")], 9).total
    8
    >>> effective_skill(12, [Modifier("x", 99, "GUR-03")])
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: modifier 'x' 99 is outside -50 to 50
    """
    whole(base, "base skill", -50, 50)
    items = tuple(modifiers)
    if len(items) > MAX_MODIFIERS:
        raise RuleError(f"modifiers: {len(items)} given; at most {MAX_MODIFIERS}")
    for m in items:
        if not isinstance(m, Modifier):
            raise RuleError(f"modifier {shown(m)} is not a named modifier with its source")
        whole(m.value, f"modifier {shown(m.reason)}", -MAX_MODIFIER, MAX_MODIFIER)
    uncapped = base + sum(m.value for m in items)
    total = min(uncapped, melee_cap) if melee_cap is not None else uncapped
    return EffectiveSkill(base, items, uncapped, total, melee_cap)


# --- maneuvers and postures (GUR-T01, GUR-T02) ---------------------------------------------


@dataclass(frozen=True)
class Maneuver:
    name: str
    can_attack: bool
    full_move: bool
    defenses: tuple[str, ...]
    melee_cap: int | None
    attack_mod: int
    loses_aim: bool
    options: tuple[str, ...]
    summary: str


def _maneuver(row: Row) -> Maneuver:
    cap = row["melee_cap"]
    return Maneuver(
        str(row["name"]),
        bool(row["can_attack"]),
        bool(row["full_move"]),
        tuple(str(d) for d in row["defenses"]),  # type: ignore[union-attr]
        cap if isinstance(cap, int) else None,
        int(str(row["attack_mod"])),
        bool(row["loses_aim"]),
        tuple(str(o) for o in row["options"]),  # type: ignore[union-attr]
        str(row["summary"]),
    )


def maneuver_names() -> tuple[str, ...]:
    """The ten maneuvers in the text's order (GUR-T02).

    >>> maneuver_names()[0], maneuver_names()[-1], len(maneuver_names())
    ('Do Nothing', 'All-Out Defense', 10)
    """
    return tuple(str(r["name"]) for r in load_table("gurps", "maneuvers").rows)


@checked
def maneuver(name: str) -> Maneuver:
    """A maneuver with its rules (GUR-T02, GUR-T10).

    >>> maneuver("All-Out Attack").defenses, maneuver("Move and Attack").defenses
    ((), ('dodge', 'block'))
    """
    table = load_table("gurps", "maneuvers")
    if name not in maneuver_names():
        raise RuleError(
            f"maneuver {shown(name)} is unknown; allowed: {', '.join(maneuver_names())}"
        )
    return _maneuver(table.row_by("name", name))


def maneuver_options(name: str, *, melee: bool) -> tuple[str, ...]:
    """The options of a maneuver that fit the attack: All-Out Attack's Determined, Double and
    Strong are melee options, Ranged the single ranged one (GUR-16, 004 line 54).

    >>> maneuver_options("All-Out Attack", melee=True), maneuver_options("All-Out Attack", melee=False)
    (('Determined', 'Double', 'Strong'), ('Ranged',))
    """
    options = maneuver(name).options
    if name != "All-Out Attack":
        return options
    return tuple(o for o in options if (o == "Ranged") != melee)


@checked
def maneuver_modifier(name: str, *, melee: bool, option: str | None = None) -> Modifier:
    """The maneuver's own modifier to hit: Move and Attack −4 (GUR-15); All-Out Attack
    Determined +4 melee, +1 ranged (GUR-16). Other maneuvers cannot attack.

    >>> str(maneuver_modifier("All-Out Attack", melee=False, option="Ranged"))
    'All-Out Attack (ranged) +1 (GUR-16)'
    >>> maneuver_modifier("Aim", melee=True)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Aim allows no attack: choose Attack, All-Out Attack or Move and Attack
    """
    chosen = maneuver(name)
    if not chosen.can_attack:
        raise RuleError(
            f"{name} allows no attack: choose Attack, All-Out Attack or Move and Attack"
        )  # GUR-T02
    if name == "All-Out Attack":
        if not melee:
            return Modifier("All-Out Attack (ranged)", 1, "GUR-16")
        if option == "Determined":
            return Modifier("All-Out Attack (Determined)", 4, "GUR-16")
        return Modifier(f"All-Out Attack ({option or 'no option'})", 0, "GUR-16")
    return Modifier(name, chosen.attack_mod, "GUR-15" if chosen.attack_mod else "GUR-14")


@dataclass(frozen=True)
class Posture:
    name: str
    attack: int
    defense: int
    target: int
    movement: Fraction | None
    movement_fixed: int | None

    def move(self, basic_move: int) -> int:
        """Move in this posture; fractions drop (GUR-D02).

        >>> [posture(p).move(5) for p in ("Crouching", "Kneeling", "Lying Down")]
        [3, 1, 1]
        """
        if self.movement_fixed is not None:
            return self.movement_fixed
        assert self.movement is not None
        return int(self.movement * basic_move)


def posture_names() -> tuple[str, ...]:
    """The six postures (GUR-T01).

    >>> posture_names()
    ('Standing', 'Crouching', 'Kneeling', 'Crawling', 'Sitting', 'Lying Down')
    """
    return tuple(str(r["name"]) for r in load_table("gurps", "postures").rows)


@checked
def posture(name: str) -> Posture:
    """A posture's attack, defense, target and movement effects (GUR-10, GUR-T01).

    >>> p = posture("Crawling"); p.attack, p.defense, p.target
    (-4, -3, -2)
    """
    if name not in posture_names():
        raise RuleError(f"posture {shown(name)} is unknown; allowed: {', '.join(posture_names())}")
    row = load_table("gurps", "postures").row_by("name", name)
    movement = row["movement"]
    fixed = row["movement_fixed"]
    return Posture(
        name,
        int(str(row["attack"])),
        int(str(row["defense"])),
        int(str(row["target"])),
        movement if isinstance(movement, Fraction) else None,
        fixed if isinstance(fixed, int) else None,
    )


@checked
def posture_change_allowed(before: str, after: str) -> bool:
    """GUR-09: no standing straight up from lying down.

    >>> posture_change_allowed("Lying Down", "Standing"), posture_change_allowed("Lying Down", "Kneeling")
    (False, True)
    """
    forbidden = load_table("gurps", "postures").meta["forbidden"]
    assert isinstance(forbidden, tuple)
    return (posture(before).name, posture(after).name) not in forbidden


# --- the Size and Speed/Range Table (GUR-27, GUR-28, GUR-T08) -------------------------------


def past_the_table(yards: Fraction | int | str) -> bool:
    """Whether ``yards`` lies past the Size and Speed/Range Table's last row, 100 yd, where
    the text stops (GUR-T08): the GM gives the modifier (GUR-28's ASK).

    >>> past_the_table(100), past_the_table("100.5")
    (False, True)
    """
    last = load_table("gurps", "size_speed_range").rows[-1]["yards"]
    assert isinstance(last, Fraction)
    return exact("yards", yards) > last


def _ssr_row(field: str, yards: Fraction) -> Row:
    table = load_table("gurps", "size_speed_range")
    if past_the_table(yards):
        raise RuleError(
            f"{field} {decimal_text(yards)} yd is beyond the table's 100 yd: enter the modifier "
            "yourself (the text stops there)"
        )  # GUR-T08
    # "use the next value up" (004 lines 174, 176): the first row at or above the value
    return table.row_at_or_above("yards", yards)


def speed_range_modifier(yards: Fraction | int | str) -> int:
    """GUR-28: speed (yd/s) + range (yd), looked up at the next row up; read exactly as typed.

    >>> speed_range_modifier(8), speed_range_modifier(40 + 30), speed_range_modifier("6")
    (-4, -9, -4)
    >>> speed_range_modifier(150)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: speed + range 150 yd is beyond the table's 100 yd: enter the modifier yourself (the text stops there)
    """
    total = exact("speed + range (yards)", yards)
    return int(str(_ssr_row("speed + range", total)["speed_range"]))


def size_modifier(yards: Fraction | int | str) -> int:
    """GUR-27: the target's longest dimension, looked up at the next row up; read exactly as
    typed, so 1/3 yd is the 1 ft row.

    >>> size_modifier("1.8"), size_modifier(4), size_modifier("2/3"), size_modifier("1/3")
    (0, 2, -2, -5)
    """
    size = exact("size (yards)", yards)
    if size < Fraction(1, 3):
        raise RuleError(
            f"size {decimal_text(size)} yd is below the table's 1 ft (1/3 yd): enter the size "
            "modifier yourself"
        )  # GUR-T08
    return int(str(_ssr_row("size", size)["size"]))


# --- the modifier tables (GUR-T03 to GUR-T07, GUR-T09 to GUR-T12) ----------------------------


@dataclass(frozen=True)
class TableModifier:
    key: str
    group: str
    label: str
    value: int | None
    low: int | None
    high: int | None
    applies: str
    line: int

    def modifier(self, amount: int | None = None) -> Modifier:
        """The row as a :class:`Modifier`; GM-range and per-unit rows need ``amount``.

        >>> attack_modifier("st_deficit").modifier(3).value, attack_modifier("blind").modifier().value
        (-3, -10)
        """
        if self.value is not None:
            return Modifier(self.label, self.value, f"004:L{self.line}")
        assert self.low is not None and self.high is not None
        if amount is None or not self.low <= amount <= self.high:
            raise RuleError(f"{self.label}: {shown(amount)} is outside {self.low} to {self.high}")
        value = -amount if self.key == "st_deficit" else amount
        return Modifier(self.label, value, f"004:L{self.line}")

    def amounts(self) -> tuple[tuple[int, str], ...]:
        """The amounts a GM-range or per-unit row offers, each with its text: the penalty
        rows their signed values, the ST deficit its points (−1 per point).

        >>> attack_modifier("bad_footing").amounts()[-1], attack_modifier("st_deficit").amounts()[0]
        ((-2, '−2'), (1, '1'))
        >>> attack_modifier("blind").amounts()
        ()
        """
        if self.low is None or self.high is None:
            return ()
        if self.key == "st_deficit":
            return tuple((v, figure(v)) for v in range(self.low, self.high + 1))
        return tuple((v, signed(v)) for v in range(self.low, self.high + 1) if v)


def attack_modifiers() -> tuple[TableModifier, ...]:
    """Every row of the attack modifier tables (GUR-T03 to GUR-T07).

    >>> [m.key for m in attack_modifiers() if m.group == "visibility"][:2]
    ['blind', 'cannot_see']
    """
    return tuple(
        TableModifier(
            str(r["key"]),
            str(r["group"]),
            str(r["label"]),
            r["value"] if isinstance(r["value"], int) else None,
            r["min"] if isinstance(r["min"], int) else None,
            r["max"] if isinstance(r["max"], int) else None,
            str(r["applies"]),
            int(str(r["line"])),
        )
        for r in load_table("gurps", "attack_modifiers").rows
    )


@checked
def attack_modifier(key: str) -> TableModifier:
    """One attack modifier row by key.

    >>> attack_modifier("large_shield").value
    -2
    """
    for m in attack_modifiers():
        if m.key == key:
            return m
    raise RuleError(f"attack modifier {shown(key)} is unknown")


@dataclass(frozen=True)
class DefenseModifier:
    key: str
    group: str
    label: str
    value: int | None
    low: int | None
    high: int | None
    defenses: tuple[str, ...]
    no_defense: bool
    line: int


def defense_modifiers() -> tuple[DefenseModifier, ...]:
    """Every row of the defense modifier tables (GUR-T09 to GUR-T12).

    >>> [m.key for m in defense_modifiers() if m.no_defense]
    ['defender_aoa', 'from_behind']
    """
    return tuple(
        DefenseModifier(
            str(r["key"]),
            str(r["group"]),
            str(r["label"]),
            r["value"] if isinstance(r["value"], int) else None,
            r["min"] if isinstance(r["min"], int) else None,
            r["max"] if isinstance(r["max"], int) else None,
            tuple(str(d) for d in r["defenses"]),  # type: ignore[union-attr]
            bool(r["no_defense"]),
            int(str(r["line"])),
        )
        for r in load_table("gurps", "defense_modifiers").rows
    )
