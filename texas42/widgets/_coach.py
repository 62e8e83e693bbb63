"""The explorers' door to the honest coach (:mod:`texas42.analysis.coach`).

The hint and the review judge a decision from what the learner's seat could know:
guesses of the hidden dominoes that fit everything it saw, each played out. The
open-hands solver's answer is only ever an extra line, labelled as hindsight.
Every function returns ``None`` (and the explorer says so) when the analysis
package is missing.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from ..hand import Hand
from . import _analysis
from ._controls import showing
from ._html import p, page

#: Guesses per decision in the explorers: a hint well under a second, a review a few
#: (away from 42's tables the worlds are played through the engine, slower: fewer).
HINT_SAMPLES = 32
REVIEW_SAMPLES = 32
TABLE_SAMPLES = 16
HINDSIGHT = "Hindsight (all hands open)"


def coach() -> Any:
    """``texas42.analysis.coach`` if it imports, else ``None``."""
    return _analysis.module("coach")


def _unit_words(a: Any) -> str:
    if a.side == "you":
        return "points you score in this hand"
    if a.unit == "marks":
        return "marks your side wins (minus marks it loses) in this hand"
    if a.kind == "play":
        return "points your side takes from here to the end of the hand"
    return "points your side scores (minus the other side's) in this hand"


def _fmt(x: float, unit: str) -> str:
    return f"{x:.1f}" if unit == "points" else f"{x:+.2f}"


def options_table(options: Any, unit: str, chosen: str | None = None, top: int = 6) -> str:
    """The expected value of each option, best first, the chosen one marked; past the
    ``top`` best (a bid has up to 15 choices) one line says how many more, all worse."""
    best = max(o.expected for o in options)
    ranked = sorted(options, key=lambda o: -o.expected)
    shown = [o for i, o in enumerate(ranked) if i < top or o.choice == chosen]
    rows = []
    for o in shown:
        mark = " (best)" if best - o.expected < 1e-9 else ""
        mine = " ← yours" if o.choice == chosen else ""
        style = ' style="font-weight:bold"' if o.choice == chosen else ""
        rows.append(f"<tr{style}><td>{html.escape(o.choice)}</td>"
                    f"<td style='text-align:right'>{_fmt(o.expected, unit)}</td>"
                    f"<td>{html.escape(mark + mine)}</td></tr>")
    if len(shown) < len(ranked):
        more = len(ranked) - len(shown)
        rows.append(f"<tr><td colspan='3'>… and {more} more choice{'s' if more > 1 else ''}, "
                    "each expected to do worse</td></tr>")
    head = (f"<tr><th>choice</th><th>expected {html.escape(unit)}</th><th></th></tr>")
    return ('<table style="border-collapse:collapse;margin:2px 0 6px 1em;font-size:0.95em">'
            + head + "".join(rows) + "</table>")


def _samples(hand: Any, samples: int | None, default: int) -> int:
    if samples is not None:
        return samples
    return default if hand.rules.is_42 else TABLE_SAMPLES


def hint(hand: Hand, seed: int = 0,
         samples: int | None = None) -> tuple[str, str] | None:
    """(HTML, one-line text) of the coach's hint for the seat to act, or ``None``."""
    mod = coach()
    if mod is None:
        return None
    a = mod.advise(hand, samples=_samples(hand, samples, HINT_SAMPLES), seed=seed)
    text = str(a.reason)  # it starts with the best choice and says why
    body = page(
        p("Hint: " + text),
        p(f"Expected {_unit_words(a)}, for each choice, over {a.worlds} guesses of "
          "the dominoes you cannot see:"),
        options_table(a.options, a.unit),
    )
    return body, text


def run_review(hand: Hand, seat: int, bar: W.IntProgress | None = None,
               seed: int = 0, samples: int | None = None) -> Any:
    """The coach's review of ``seat`` (``None`` without the analysis package); ``bar``
    shows the progress."""
    mod = coach()
    if mod is None:
        return None
    samples = _samples(hand, samples, REVIEW_SAMPLES)
    if bar is None:
        return mod.review(hand, seat, samples=samples, seed=seed)

    def tick(done: int, total: int) -> None:
        bar.max, bar.value = max(total, 1), done

    with showing(bar):
        return mod.review(hand, seat, samples=samples, seed=seed, progress=tick)


def review_summary(rv: Any) -> tuple[str, str]:
    """The explorers' one-line verdict on a review and its message kind ("good" when the
    whole hand lost less than the coach's "fine" limit)."""
    total = rv.total_loss
    text = ("Every decision of yours was sound, from what you could see." if total < 1e-9
            else f"Your decisions gave away about {total:.1f} points on average, judged "
                 "from what you could see.")
    mod = coach()
    fine = mod.LABELS[0][0] if mod is not None else 2.0
    return text, "good" if total < fine else "info"


def mod_words(h: dict[str, Any]) -> str:
    mod = coach()
    return str(mod.hindsight_words(h)) if mod is not None else ""


def review_lines(rv: Any, you: str = "you") -> list[str]:
    """One plain line per decision (for the explorers' ``state`` and tests)."""
    out = []
    for d in rv.decisions:
        verb = {"bid": "bid", "contract": "named", "play": "played",
                "discard": "laid aside"}.get(d.kind, d.kind)
        out.append(f"{d.where.capitalize()}: {you} {verb} {d.chosen} — {d.label}"
                   + ("" if d.loss == 0 else f", about {_fmt(d.loss, d.unit).lstrip('+')} "
                      f"{d.unit} lost on average") + f". {d.reason}")
    return out


def review_html(rv: Any, you: str = "you") -> str:
    """The review: each decision, the expected value of every option, the loss, the
    label and the reason; the hindsight beside it, labelled."""
    if not rv.decisions:
        return page(p("No decision to review: every action was forced."))
    parts = [p(f"Review from what {you} could see: each decision was judged over "
               f"{rv.samples} guesses of the hidden dominoes that fit everything seen at "
               "that moment, each played to the end.")]
    for d, line in zip(rv.decisions, review_lines(rv, you), strict=True):
        parts.append(p(line))
        parts.append(options_table(d.options, d.unit, d.chosen))
        h = d.hindsight
        if h is not None and (h.get("points") is not None or h.get("bidder_tricks") is not None):
            parts.append(
                '<p style="margin:0 0 8px 1em;color:#555;font-size:0.9em">'
                + html.escape(f"{HINDSIGHT}: {mod_words(h)}. Not advice: nobody sees "
                              "every hand.") + "</p>")
    total = rv.total_loss
    marks = " (a mark counts as 42)" if any(d.unit == "marks" for d in rv.decisions) else ""
    parts.append(p("Every decision was sound, from what you could see." if total < 1e-9
                   else f"In all, about {total:.1f} points given away on average{marks}."))
    return page(*parts)
