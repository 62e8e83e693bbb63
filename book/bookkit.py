"""Small helpers for the chapters of the book (imported by their code cells).

Pictures are the engine's own SVG (``texas42.svg``; the course's own diagrams are in
``bookdiagrams``, beside this module), shown inline as HTML so the ``<title>`` and
``<desc>`` inside each picture reach screen readers (an SVG output would become an
``<img>`` file without its text). Self-checks are multiple-choice
questions where every option opens to its own feedback; the cell that builds one
also checks the answer key against the engine, so a wrong key breaks the build.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import bookdiagrams
from IPython.display import HTML

import texas42
from texas42 import svg

__all__ = [
    "DEALS",
    "best_suit",
    "coach_says",
    "cycle_pic",
    "deal_note",
    "deal_pic",
    "dominoes",
    "figure",
    "following_pic",
    "html_table",
    "lines",
    "made_set_pic",
    "plain_words",
    "play_from",
    "play_hand_simply",
    "play_out",
    "position",
    "say",
    "seating_pic",
    "selfcheck",
    "simple_bid",
    "simple_play",
    "table_pic",
    "tally_pic",
    "trick_pic",
]


def _fit(svg_text: str) -> str:
    """Let a picture shrink to the page (it keeps its proportions: it has a viewBox).
    ``--t42-w`` (its width in px) lets the book's "Large dominoes" switch enlarge it."""
    width = re.search(r'<svg [^>]*?width="([0-9.]+)"', svg_text)
    var = f"--t42-w:{width.group(1)};" if width else ""
    return svg_text.replace("<svg ", f'<svg style="{var}max-width:100%;height:auto" ', 1)


def _wrap(svg_text: str, caption: str | None = None, *, fit: bool = True) -> HTML:
    if fit:
        svg_text = _fit(svg_text)
    body = svg_text
    if caption:
        body = (
            '<figure class="t42-figure" style="margin:0.5em 0">'
            f"{svg_text}"
            f'<figcaption style="font-size:0.9em">{html.escape(caption)}</figcaption>'
            "</figure>"
        )
    return HTML(f'<div class="t42-picture">{body}</div>')


def dominoes(
    items: Iterable[Any] | str,
    *,
    highlight: Any = None,
    caption: str | None = None,
    per_row: int = 7,
    **options: Any,
) -> HTML:
    """A row of dominoes in the order given (text like ``"6-4 5-5"`` or a list);
    more than ``per_row`` are drawn as several rows.

    ``highlight`` is what :func:`texas42.svg.dominoes_svg` takes: a kind, some
    dominoes (drawn "selected"), a mapping or a function.
    """
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    row = [texas42.Domino.parse(str(d)) for d in items]
    if len(row) <= per_row:
        return _wrap(svg.dominoes_svg(row, highlight=highlight, **options), caption)
    # A long row (the whole set) as several rows of ``per_row``, side by side while the
    # page is wide enough: each domino stays readable on a phone (not 18 px wide).
    strips = "".join(
        _fit(svg.dominoes_svg(row[i : i + per_row], highlight=highlight, **options))
        for i in range(0, len(row), per_row)
    )
    body = f'<div class="t42-strips">{strips}</div>'
    if caption:
        body = (
            '<figure class="t42-figure" style="margin:0.5em 0">'
            f'{body}<figcaption style="font-size:0.9em">{html.escape(caption)}</figcaption>'
            "</figure>"
        )
    return HTML(f'<div class="t42-picture">{body}</div>')


def trick_pic(
    plays: Sequence[Any],
    *,
    leader: int = 0,
    contract: Any = None,
    winner: int | None = None,
    caption: str | None = None,
) -> HTML:
    """A trick as it lies on the table: the dominoes played, who led, who won."""
    row = [texas42.Domino.parse(str(d)) for d in plays]
    c = texas42.Contract.parse(contract) if isinstance(contract, str) else contract
    return _wrap(svg.trick_svg(row, leader=leader, contract=c, winner=winner), caption)


def table_pic(
    hand: texas42.Hand, seat: int | None = None, caption: str | None = None, *,
    still: bool = False,
) -> HTML:
    """The table of a hand in progress (all hands open, or one seat's view).

    ``still``: a picture that must not look like a live table (the home page): no domino
    marked as playable, and a frame labelled "Picture" (``t42-still``, the book's CSS).

    Drawn twice: the wide table, and the compact one laid out for a phone (the wide one
    shrunk to a phone's width has labels about 5 px high). The book's stylesheet shows
    one of them by the screen's width (``t42-wide-only`` / ``t42-narrow-only``); the
    other is ``display: none``, so a screen reader reads only the one shown."""
    live_marks = not still
    wide = _fit(str(svg.table_svg(hand, seat=seat, highlight_legal=live_marks)))
    narrow = _fit(str(svg.table_svg(hand, seat=seat, compact=True, highlight_legal=live_marks)))
    picture = _wrap(
        f'<div class="t42-wide-only">{wide}</div><div class="t42-narrow-only">{narrow}</div>',
        caption,
        fit=False,
    )
    if still:
        return HTML(f'<div class="t42-still" data-label="Picture">{picture.data}</div>')
    return picture


def deal_pic(deal: texas42.Deal, caption: str | None = None) -> HTML:
    """The four hands of a deal."""
    return _wrap(svg.deal_svg(deal), caption)


def tally_pic(marks: int, caption: str | None = None) -> HTML:
    """A score sheet's tally strokes for some marks (seven spell ALL)."""
    return _wrap(svg.tally_svg(marks), caption)


def seating_pic(
    shaker: int = 0, rules: texas42.Rules = texas42.STANDARD, caption: str | None = None
) -> HTML:
    """The four seats: partners across, play clockwise, the shaker and first bidder."""
    return _wrap(bookdiagrams.seating_svg(shaker=shaker, rules=rules), caption)


def following_pic(caption: str | None = None) -> HTML:
    """The flowchart of a trick: what was led, must I follow, who wins."""
    return _wrap(bookdiagrams.following_svg(), caption)


def cycle_pic(rules: texas42.Rules = texas42.STANDARD, caption: str | None = None) -> HTML:
    """The cycle of a hand: shake, bid, name trumps, play, score, next shaker."""
    return _wrap(bookdiagrams.hand_cycle_svg(rules=rules), caption)


def made_set_pic(
    bid: int = 30, result: texas42.Result | None = None, caption: str | None = None
) -> HTML:
    """The number line of a bid: set below it, made from it up (and a real hand on it)."""
    return _wrap(bookdiagrams.made_set_svg(bid, result=result), caption)


def say(text: str) -> HTML:
    """One line worked out by the rules (the engine), shown as a checked fact.

    The label is "Rule check": the course never names the engine to a newcomer."""
    return HTML(
        '<p class="t42-engine" style="border-left:4px solid #2a6f97;padding:0.2em 0.8em;'
        'margin:0.4em 0">'
        f'<span style="font-weight:600">Rule check:</span> {html.escape(text)}</p>'
    )


def coach_says(text: str) -> HTML:
    """What the coach found in a position (its odds over guesses of the hidden dominoes),
    set apart like :func:`say` but labelled as the coach's: it is a judgement, not a rule."""
    return HTML(
        '<p class="t42-coach-note" style="border-left:4px solid #6a4c93;padding:0.2em 0.8em;'
        'margin:0.4em 0">'
        f'<span style="font-weight:600">The coach:</span> {html.escape(text)}</p>'
    )


#: A page for the table or the teacher's desk, in print: 12 mm page margins, compact text,
#: headings and tables, none of the theme's printed contents, footer or page links. A page
#: that shows :func:`print_sheet` prints this way; the other pages keep the theme's print.
PRINT_SHEET_CSS = (
    "@page { margin: 12mm; } @media print { "
    "#jb-print-docs-body h1 { margin: 0 0 0.3em !important; font-size: 1.6em !important; } "
    "#jb-print-toc { display: none; } main h2 { margin: 0.5em 0 0.2em; font-size: 1.1em; } "
    "main p, main li { margin: 0 0 0.2em; font-size: 0.8em; line-height: 1.3; } "
    "main ul { margin-bottom: 0.2em; } main div.cell, main div.cell_output, main div.output "
    "{ margin: 0 !important; padding: 0 !important; } main table { font-size: 0.72em; "
    "margin-bottom: 0.2em !important; } main table td, main table th { padding: 0.1em 0.4em "
    "!important; } main caption { font-size: 0.9em; padding: 0.1em 0; } .prev-next-area, "
    ".bd-footer, .bd-footer-content, footer { display: none !important; } }"
)


def print_sheet() -> HTML:
    """The page's print stylesheet (:data:`PRINT_SHEET_CSS`): it prints compact, on as
    few pages as it can (the rules on one page, the answer key on two)."""
    return HTML(f"<style>{PRINT_SHEET_CSS}</style>")


def lines(rows: Iterable[str]) -> HTML:
    """Several lines of engine output as a list."""
    items = "".join(f"<li>{html.escape(r)}</li>" for r in rows)
    return HTML(f'<ul class="t42-engine">{items}</ul>')


Option = tuple[str, bool, str]


def selfcheck(
    question: str,
    options: Sequence[Option],
    *,
    truth: Callable[[str], bool] | None = None,
) -> HTML:
    """A multiple-choice self-check: each option opens to its own feedback.

    ``options`` are ``(label, right, feedback)``. ``truth(label)`` is the engine's
    verdict on an option; when given, every option's ``right`` must agree with it,
    so a wrong answer key (or a rule that changed) fails the build.
    """
    if not any(right for _, right, _ in options):
        raise AssertionError(f"self-check {question!r} has no right option")
    if truth is not None:
        for label, right, _ in options:
            verdict = truth(label)
            if verdict != right:
                raise AssertionError(
                    f"self-check {question!r}: option {label!r} is keyed "
                    f"{'right' if right else 'wrong'}, the engine says "
                    f"{'right' if verdict else 'wrong'}"
                )
    parts = [
        '<div class="t42-selfcheck" role="group" aria-label="Self-check" '
        'style="border:1px solid #8a8a8a;border-radius:6px;padding:0.6em 1em;margin:1em 0">',
        f'<p style="margin-top:0"><strong>Self-check.</strong> {html.escape(question)}</p>',
        '<p style="font-size:0.9em;margin:0.2em 0 0.5em">Choose an answer, then open it to '
        "read why it is right or wrong.</p>",
    ]
    for n, (label, right, feedback) in enumerate(options):
        letter = "ABCDEFGH"[n]
        verdict = (
            '<strong style="color:#1b6e20">Right.</strong>'
            if right
            else '<strong style="color:#a3141c">Not quite.</strong>'
        )
        parts.append(
            '<details style="margin:0.3em 0">'
            f'<summary style="cursor:pointer">{letter}. {html.escape(label)}</summary>'
            f'<p style="margin:0.3em 0 0.3em 1.5em">{verdict} {html.escape(feedback)}</p>'
            "</details>"
        )
    parts.append("</div>")
    return HTML("".join(parts))


def _power(hand: texas42.Hand, trick: Sequence[texas42.Domino], d: texas42.Domino) -> int:
    """How strongly ``d`` would play to ``trick`` (0: it cannot win it)."""
    assert hand.contract is not None
    table = texas42.contracts.tables(hand.contract)
    suit = table.lead[trick[0].index] if trick else table.lead[d.index]
    return table.power[suit][d.index]


def simple_play(hand: texas42.Hand) -> texas42.Domino:
    """A plain rule-of-thumb player for the book's example hands (not a strong one).

    Leading: the highest trump while holding trumps, else the highest domino.
    Following: when partner is winning, the cheapest domino (count if it is safe to
    give); otherwise the cheapest domino that wins, or else the cheapest loser.
    """
    legal = hand.legal_plays()
    trick = hand.current_trick
    assert hand.contract is not None
    if not trick:
        trumps = [d for d in legal if hand.contract.is_trump(d)]
        pool = trumps or legal
        return max(pool, key=lambda d: (_power(hand, [], d), d.count))
    best = max(range(len(trick)), key=lambda i: _power(hand, trick, trick[i]))
    best_power = _power(hand, trick, trick[best])
    winning_seat = (hand.leader + best) % 4
    if winning_seat % 2 == hand.to_act % 2:
        # Partner is winning: give count if the last to play, else keep it cheap.
        last = len(trick) == 3
        return max(legal, key=lambda d: (d.count if last else -d.count, -_power(hand, trick, d)))
    winners = [d for d in legal if _power(hand, trick, d) > best_power]
    if winners:
        return min(winners, key=lambda d: (_power(hand, trick, d), -d.count))
    return min(legal, key=lambda d: (d.count, _power(hand, trick, d), d.pips))


def play_out(
    hand: texas42.Hand, chooser: Callable[[texas42.Hand], texas42.Domino] = simple_play
) -> None:
    """Play ``hand`` until it is over with ``chooser`` picking every domino."""
    while hand.phase is texas42.Phase.PLAYING:
        hand.play(chooser(hand))


def best_suit(held: texas42.DominoSet) -> int:
    """The number a plain player names as trumps: the most dominoes, then the double."""
    return max(
        range(7),
        key=lambda n: (len(held.with_number(n)), texas42.Domino(n, n) in held, n),
    )


def simple_bid(hand: texas42.Hand) -> int:
    """A plain rule-of-thumb bidder for the book's example games (not a strong one).

    It counts trumps in its best suit (the double counts twice) plus the other
    doubles: 6 or more bids 30, and each point over that bids 2 more, up to 36.
    """
    held = hand.holding(hand.to_act)
    n = best_suit(held)
    strength = len(held.with_number(n)) + (texas42.Domino(n, n) in held) + len(held.doubles)
    wanted = 0 if strength < 6 else min(30 + 2 * (strength - 6), 36)
    allowed = hand.valid_bids()
    if wanted in allowed:
        return wanted
    if texas42.PASS in allowed:
        return texas42.PASS
    return min(allowed)  # forced to bid: the lowest bid


def play_hand_simply(hand: texas42.Hand) -> None:
    """Bid, name trumps and play ``hand`` to the end with the plain players."""
    while hand.phase is texas42.Phase.BIDDING:
        hand.bid(simple_bid(hand))
    if hand.phase is texas42.Phase.CONTRACT:
        assert hand.bidder is not None
        hand.name_contract(texas42.Contract.suit(best_suit(hand.holding(hand.bidder))))
    play_out(hand)


def figure(fig: Any, title: str, desc: str) -> HTML:
    """A matplotlib figure as inline SVG with a <title> and <desc> for screen readers
    (text drawn as paths: the page loads no fonts)."""
    import hashlib
    import io
    import re

    import matplotlib.pyplot as plt

    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    text = re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.DOTALL)
    uid = "fig-" + hashlib.sha1(title.encode("utf-8")).hexdigest()[:10]
    text = re.sub(
        r"<svg ",
        f'<svg role="img" aria-labelledby="{uid}-title" aria-describedby="{uid}-desc" '
        'style="max-width:100%;height:auto" ',
        text,
        count=1,
    )
    head_end = text.index(">") + 1
    text = (
        text[:head_end]
        + f'<title id="{uid}-title">{html.escape(title)}</title>'
        + f'<desc id="{uid}-desc">{html.escape(desc)}</desc>'
        + text[head_end:]
    )
    return HTML(f'<div class="t42-picture">{text}</div>')


def html_table(head: Sequence[str], rows: Iterable[Sequence[Any]], caption: str = "") -> HTML:
    """A plain HTML table (numbers already formatted)."""
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    th = "".join(f"<th>{html.escape(str(h))}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    # A wide table scrolls sideways inside its own labelled box (phones), not the page.
    label = html.escape(f"Table: {caption}" if caption else "Table")
    return HTML(
        f'<div class="t42-table-scroll" role="region" aria-label="{label}" tabindex="0">'
        f"<table class='table'>{cap}<thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"
        "</div>"
    )


#: The example deals of the book, by name. They are written out domino by domino
#: so that they never depend on how deal codes or seeded shakes are computed; the
#: pages print each one's deal code from the engine when they are built.
DEALS: dict[str, texas42.Deal] = {
    "A": texas42.Deal(
        [
            "6-5 5-5 5-4 4-3 3-3 3-2 0-0",
            "6-6 6-4 6-3 6-2 5-1 4-1 2-0",
            "6-0 5-0 4-4 4-2 3-0 2-2 2-1",
            "6-1 5-3 5-2 4-0 3-1 1-1 1-0",
        ]
    ),
    "B": texas42.Deal(
        [
            "6-6 6-5 6-3 6-1 5-4 4-2 0-0",
            "6-4 5-1 5-0 4-3 3-2 2-2 2-1",
            "6-2 6-0 5-5 5-3 4-0 3-1 1-1",
            "5-2 4-4 4-1 3-3 3-0 2-0 1-0",
        ]
    ),
    "C": texas42.Deal(
        [
            "6-6 6-3 6-2 5-3 5-1 2-1 2-0",
            "6-0 5-5 4-4 4-3 4-2 3-0 2-2",
            "6-5 4-1 4-0 3-3 1-1 1-0 0-0",
            "6-4 6-1 5-4 5-2 5-0 3-2 3-1",
        ]
    ),
    "D": texas42.Deal(
        [
            "5-4 5-1 5-0 4-2 4-1 4-0 3-2",
            "6-2 6-0 5-2 4-3 2-1 1-0 0-0",
            "6-6 5-3 4-4 3-1 3-0 2-2 2-0",
            "6-5 6-4 6-3 6-1 5-5 3-3 1-1",
        ]
    ),
}


def deal_note(name: str) -> HTML:
    """One line naming an example deal and its deal code."""
    deal = DEALS[name]
    assert texas42.Deal.from_code(deal.code) == deal
    # A plain note, not a "Rule check": it names a code, it checks no rule.
    return HTML(
        f'<p class="t42-deal-note">To deal these dominoes yourself, type deal {name}\'s code, '
        f"<code>{html.escape(deal.code)}</code>, into any explorer that deals hands.</p>"
    )


def position(seed: int, contract: str, *, trick: int = 1, seat: int = 0) -> texas42.Hand:
    """A real position: the hand of ``seed`` bid by seat 0 (the others passed) and played
    in ``contract`` by the computer players until ``seat`` is to play in trick ``trick``
    (each seat sees only its own dominoes and what was played)."""
    from texas42.analysis import RuleBasedPlayer
    from texas42.analysis.players import decide

    player = RuleBasedPlayer()
    hand = texas42.Hand.at_play(texas42.Deal.from_seed(seed), contract, leader=0)
    while not (len(hand.tricks) == trick - 1 and hand.to_act == seat):
        if hand.is_over or len(hand.tricks) >= trick:
            raise AssertionError(f"hand {seed}: seat {seat} never plays in trick {trick}")
        hand.play(decide(player, hand).action)
    return hand


def play_from(hand: texas42.Hand, seat: int, seed: int, *, plain: bool = False) -> Any:
    """The play explorer at ``hand`` (a position of the hand numbered ``seed``), the
    learner in ``seat``, to play on to the end with the hint and the review (``plain``:
    in a beginner's words, :func:`plain_words`).

    (The explorer's ``start``: it plays on from the position.)"""
    from texas42 import widgets

    if hand.to_act != seat or hand.deal != texas42.Deal.from_seed(seed):
        raise AssertionError("the position must be hand number seed's, with seat to play")
    return widgets.play(seed=seed, seat=seat, start=hand, plain=plain)


#: The chapters of "Learn to play", in the order of _toc.yml (a test holds them to it: the
#: live pages have this module but not _toc.yml).
COURSE = ("dominoes", "tricks", "trumps", "following", "count", "scoring", "bidding",
          "naming-trumps", "whole-hand", "game", "play-the-hand", "mark-bids", "house-rules",
          "strategy")
#: The coach's words a newcomer has not met, and the chapter that teaches each (the
#: glossary's entries link there).
TAUGHT_IN = {"count": "count", "marks": "scoring", "guesses": "game"}


def plain_words(chapter: str) -> bool:
    """Whether the explorers of ``chapter`` speak a beginner's words (the coach's figures
    folded under "Show the full figures"): until the course has taught every word of
    :data:`TAUGHT_IN`. The one rule for every chapter's explorer (issue 34); a chapter
    may use the words it teaches itself.

    >>> plain_words("bidding"), plain_words("game"), plain_words("strategy")
    (True, False, False)
    """
    if chapter not in COURSE:
        raise texas42.errors.InputError(
            f"{chapter!r} is not a chapter of the course: one of {', '.join(COURSE)}",
            rule="chapter")
    return COURSE.index(chapter) < max(COURSE.index(c) for c in TAUGHT_IN.values())
