"""Where a tap's result shows: in place (FIGHT.md 5, "the result appears where the tap was").
Read and moved through the page's ``window`` the glue (browser.py) passes: the positions of the
tapped control and of each result and step, read before the page changes (its layout is the last
frame's: nothing is forced inside a tap, issue 33), and in the tap's next frame the control kept
where it was (engines without scroll anchoring) and a new result or step brought into view."""

from __future__ import annotations

from typing import Any

from rkweb.app.storage import absent


def held(window: Any, target: Any) -> list[tuple[Any, float]]:
    """Where the tapped control is on the screen, and each box around it up to the page's
    root (the first of them still in the page after the patch is the one kept in place).
    Read in the tap before the page changes, where its layout is the last frame's (nothing is
    forced). Nothing at the page's top: there no engine anchors (Chromium's scroll anchoring
    leaves a page scrolled to its top as it is), and nothing above the screen can move it."""
    if window.scrollY <= 0:
        return []
    boxes: list[tuple[Any, float]] = []
    el, root = target, window.document.body
    while not absent(el) and el != root:
        boxes.append((el, float(el.getBoundingClientRect().top)))
        el = el.parentElement
    return boxes


def keep_in_place(window: Any, boxes: list[tuple[Any, float]]) -> None:
    """FIGHT.md 5, the result where the tap was, in an engine without scroll anchoring
    (WebKit: iPad Safari): content above the tapped control that grew or shrank with the tap
    (a weapon added to the sheet's list, a card of the order strip growing a line) moved the
    control by that height under the GM's finger; the page is scrolled by as much, as
    Chromium and Firefox do themselves. Run in the tap's next frame, before a new result or
    step is brought into view (``reveal_new_outcome``), so that it is revealed from here."""
    for el, top in boxes:
        if not el.isConnected:
            continue  # the patch replaced it: the box around it is kept instead
        box = el.getBoundingClientRect()
        if box.width == 0 and box.height == 0:
            continue  # hidden now: it has no place to keep
        moved = float(box.top) - top
        if abs(moved) >= 1:
            window.scrollBy(0, moved)
            root = window.document.documentElement
            root.setAttribute("data-kept", str(int(root.getAttribute("data-kept") or 0) + 1))
        return


def next_frame(
    window: Any,
    boxes: list[tuple[Any, float]],
    shown: dict[str, str],
    shown_steps: dict[str, str],
    _time: Any,
) -> None:
    """The tap's next frame: the tapped control kept in place, then a new result or step
    brought into view from there."""
    keep_in_place(window, boxes)
    reveal_new_outcome(window, shown, shown_steps)


def outcomes(window: Any) -> dict[str, str]:
    """Each result on the page (``.outcome``), by its test id: what a tap may change."""
    found = window.document.querySelectorAll(".outcome[data-testid]")
    return {str(e.getAttribute("data-testid")): str(e.textContent) for e in found}


def hold_page_end(window: Any, before: dict[str, str], bottom: float) -> None:
    """FIGHT.md 5: a result that changed where it was (a step's outcome on the page before the
    tap and after it) keeps the page reaching at least to the screen's bottom at the tap. The
    step it replaced may have been taller (Aftermath's typed roll that asks for the Damage
    Potential drops the dice, 96 px): a page ending above the screen's bottom is scrolled up by
    the browser, and the result moves away from where the tap was. Set here, in the tap, before
    the page is laid out again; any other tap lets the page end where its content does."""
    changed = any(k in before and before[k] != v for k, v in outcomes(window).items())
    style = window.document.documentElement.style
    style.minHeight = f"{bottom}px" if changed else ""


def steps(window: Any) -> dict[str, str]:
    """Each step on the page (``data-step``), by name, with what makes it new (step_text)."""
    found = window.document.querySelectorAll("[data-step]")
    return {str(e.getAttribute("data-step")): step_text(e) for e in found}


def step_text(el: Any) -> str:
    """What makes a step new: its text, or what its page names in ``data-step-on`` (an
    Aftermath attack's roll is new with another attacker, target or weapon, not with each roll
    typed: those leave it where the tap was, FIGHT.md 5)."""
    named = el.getAttribute("data-step-on")
    return str(el.textContent) if absent(named) else str(named)


def reveal_new_outcome(window: Any, before: dict[str, str], shown_steps: dict[str, str]) -> None:
    """FIGHT.md 5: a result still off screen after its tap is brought into view (data-reveals);
    then the step that tap brought (data-step: a GURPS fight's next roll, a typed roll's error,
    the next fighter's chips), so the GM does not scroll for it (a GM at 768x1024 did, for
    every attack). A step the tap left as it was stays where the GM scrolled it. A new page
    (``data-step-top``: another tab) opens at its top instead, nothing of it revealed."""
    for el in window.document.querySelectorAll("[data-step-top]"):
        if shown_steps.get(str(el.getAttribute("data-step"))) != step_text(el):
            # Aftermath's Combat tab, tapped from a long sheet, opened 110 px down with Undo
            # above the screen: its result and its dice, new on the page, were revealed.
            window.scrollTo(0, 0)
            return
    for el in window.document.querySelectorAll(".outcome[data-testid]"):
        if before.get(str(el.getAttribute("data-testid"))) == str(el.textContent):
            continue
        reveal(window, el, 60, "data-reveals")
        break
    for el in window.document.querySelectorAll("[data-step]"):
        was = shown_steps.get(str(el.getAttribute("data-step")))
        if was is None and el.hasAttribute("data-step-quiet"):
            continue  # new on the page, but not what the tap asks for next (data-step-quiet)
        if was != step_text(el):
            reveal(window, el, 160, "data-step-reveals")  # its first rows: the roll, "Next turn"
            return


def reveal(window: Any, el: Any, enough: float, counted: str) -> None:
    """Scroll ``el`` into view unless its top and ``enough`` of it are on the screen; each
    scroll counted on ``<html>`` (a result's apart from a step's: the benches read them)."""
    box, root = el.getBoundingClientRect(), window.document.documentElement
    if box.top < 0 or box.top + min(box.height, enough) > window.innerHeight:
        el.scrollIntoView(window.Object.fromEntries([["block", "nearest"]]))
        root.setAttribute(counted, str(int(root.getAttribute(counted) or 0) + 1))


def resume_in_view(window: Any) -> None:
    """FIGHT.md: a reload at any step continues from that step, and in view as it was: the
    step a page marks ``data-resume`` (an attack waiting for the next typed roll) is brought
    on the screen. A GM's tablet found the "I rolled" field at 1,085 px of 1,024 after a reload:
    the page restarts at its top. Read once, at the start; a page without one is not laid out."""
    found = window.document.querySelector("[data-resume]")
    if not absent(found):
        reveal(window, found, window.innerHeight, "data-resume-reveals")
