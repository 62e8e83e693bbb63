"""The play explorer's memory: where the learner's progress (:mod:`texas42.progress`) is
kept, the "Your progress" fold that shows it, and the guided first hand's lines.

Kept where the explorer runs: in the browser (the live site, JupyterLab's page) the
page's ``localStorage`` under one key, by :class:`ProgressStore` (an anywidget: its
script reads the key once and sends it to Python, then writes back every new value); in
a real kernel a JSON file as well, when the explorer is given one (``save=``). Pyodide's
files vanish with the page, so there the browser's storage is the only one.

>>> store = ProgressStore()
>>> got = []
>>> store.on_load = got.append
>>> store.handle({"stored": ""}); store.loaded, got
(True, [''])
>>> store.handle({"stored": "again"}); got   # only the first reading counts
['']
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as W
import traitlets

from ..analysis.coach import POINTS_PER_MARK
from ..hand import Hand, Phase
from ..progress import Progress
from ..svg.loss_chart import loss_chart_svg
from ._controls import button, html_box
from ._html import p, page

_HERE = Path(__file__).parent
#: The localStorage key of the site's progress (one per site: the browser keeps it apart
#: from other sites).
STORAGE_KEY = "texas42-progress"
#: The file name a notebook's explorer is usually given (beside the notebook).
PROGRESS_FILE = "texas42-progress.json"


class ProgressStore(anywidget.AnyWidget):
    """The page's storage of the progress JSON. ``on_load(text)`` is called once, with
    what the page had stored ("" for nothing); after that, setting ``data`` stores it."""

    _esm = (_HERE / "progress_store.js").read_text(encoding="utf-8")
    # Also in JupyterLab (the site's stylesheet says the same): a closed fold's title is
    # half-transparent in ipywidgets' style, too faint to read (3.6:1).
    _css = (".t42-play .jupyter-widget-Collapse-header, .t42-play "
            ".jupyter-widget-Collapse-header span { color: #1a1a1a; }")
    key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    #: The progress, as JSON; written to the page's storage on each change.
    data = traitlets.Unicode("").tag(sync=True)
    #: Whether the page's stored value has reached Python (then saving may begin).
    loaded = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_load: Callable[[str], Any] | None = None
        self.layout = W.Layout(width="0", height="0", overflow="hidden")
        self.on_msg(lambda _w, content, _b: self.handle(content))

    def handle(self, content: Any) -> None:
        """A message from the page: ``{"stored": text}`` (its first one counts)."""
        if self.loaded or not (isinstance(content, dict)
                               and isinstance(content.get("stored"), str)):
            return
        self.loaded = True
        if self.on_load is not None:
            self.on_load(content["stored"])

    def download(self, text: str, name: str = PROGRESS_FILE) -> None:
        """Ask the page to save ``text`` as a file (the browser's download)."""
        self.send({"download": text, "name": name})


def _rate_rows(title: str, rates: dict[str, Any]) -> str:
    if not rates:
        return ""
    rows = "".join(f"<tr><td>{html.escape(k)}</td><td>{html.escape(str(r))}</td></tr>"
                   for k, r in rates.items())
    return (f'<table class="t42-progress-rates"><caption>{html.escape(title)}</caption>'
            f"<thead><tr><th scope=\"col\">{html.escape(title.split(' by ')[-1])}</th>"
            f'<th scope="col">made</th></tr></thead><tbody>{rows}</tbody></table>')


def progress_html(progress: Progress) -> str:
    """The counts of the progress view: hands and games, make rates, the loss chart."""
    played = progress.hands_played
    games = len({e.game for e in progress.entries})
    head = p(f"Hands played: {played}" + (f", in {games} game{'s' if games != 1 else ''}."
                                          if games else "."))
    if not played:
        return page(head, p("Play a hand to the end: it is counted here, and kept."))
    parts = [head,
             _rate_rows("Bids your side won, by bid", progress.make_rate_by_bid()),
             _rate_rows("Bids your side won, by trumps", progress.make_rate_by_trumps())]
    losses = progress.losses()
    parts.append(p("What your decisions gave away in each reviewed hand, in points (a "
                   "mark counts as 42; press 'Review the hand' after a hand to add it):"))
    parts.append(f'<div class="t42-progress-chart">{loss_chart_svg(losses)}</div>')
    return page(*parts)


def kept_loss_words(loss: float, rules: Any) -> str:
    """A kept loss (stored in points, a mark as 42) in the unit its game scores."""
    if rules.scoring == "marks":
        return f"{loss / POINTS_PER_MARK:.2f} marks"
    return f"{loss:.1f} points"


class ProgressView:
    """The "Your progress" fold: the counts, the worst mistakes (each with "Try this
    position again"), New game, Export and Import."""

    def __init__(self, *, on_try: Callable[[int], Any], on_new: Callable[[], Any],
                 on_export: Callable[[], Any], on_import: Callable[[str], Any]) -> None:
        self.counts = html_box()
        self.mistakes = W.VBox()
        self.new_button = button("New game", "start a new game: the hands played so far "
                                 "stay counted")
        self.export_button = button("Export", "save every hand kept as a JSON file (and "
                                    "show it below)")
        self.import_button = button("Import", "replace the hands kept with the JSON pasted "
                                    "below")
        self.text = W.Textarea(placeholder="Exported or pasted progress JSON",
                               layout=W.Layout(width="100%", height="6em"))
        self.text.add_class("t42-progress-json")
        self._on_try = on_try
        self.new_button.on_click(lambda _b: on_new())
        self.export_button.on_click(lambda _b: on_export())
        self.import_button.on_click(lambda _b: on_import(str(self.text.value)))
        body = W.VBox([self.counts, self.mistakes,
                       W.HBox([self.new_button, self.export_button, self.import_button]),
                       self.text])
        self.fold = W.Accordion(children=[body], selected_index=None)
        self.fold.set_title(0, "Your progress")
        self.fold.add_class("t42-progress")
        self.try_buttons: list[W.Button] = []

    def refresh(self, progress: Progress) -> None:
        self.counts.value = progress_html(progress)
        worst = progress.worst_mistakes()
        rows: list[W.Widget] = []
        self.try_buttons = []
        if worst:
            rows.append(W.HTML(page(p("Your costliest decisions, kept to play again:"))))
        for n, (entry, m) in enumerate(worst):
            b = button("Try this position again", f"play {m.where} again, from just before "
                       "your decision")
            b.on_click(lambda _b, n=n: self._on_try(n))
            self.try_buttons.append(b)
            rows.append(W.HBox([W.HTML(page(p(
                f"{m.where.capitalize()}: you chose {m.chosen}; {m.best} was better by "
                f"about {kept_loss_words(m.loss, entry.record.rules)}."))), b]))
        self.mistakes.children = rows


# -- the guided first hand ---------------------------------------------------------------
def _link(base: str, page_name: str, words: str) -> str:
    return f'<a href="{html.escape(base + page_name)}">{html.escape(words)}</a>'


def guide_step(hand: Hand, mine: tuple[int, ...]) -> str:
    """Which step of a hand the learner is at: shake, bid, trumps, lead, follow, count,
    score (or wait, while the others act)."""
    if hand.is_over:
        return "score" if hand.result is not None else "reshake"
    if hand.to_act not in mine:
        return "wait"
    if hand.phase is Phase.BIDDING:
        return "shake" if not hand.bids else "bid"
    if hand.phase is Phase.CONTRACT or hand.next_action == "discard":
        return "trumps"
    if not hand.current_trick:
        # (a trick's points: 1 for the trick, and the count dominoes in it)
        return "count" if hand.tricks and hand.tricks[-1].points > 1 else "lead"
    return "follow"


def guide_html(hand: Hand, mine: tuple[int, ...], base: str = "") -> str:
    """The guided hand's line for this moment: what happens now, in plain words, and the
    chapter that teaches it (links relative to ``base``, the book's folder)."""
    step = guide_step(hand, mine)
    links = {
        "shake": ("bidding.html#the-shake", "The shake"),
        "bid": ("bidding.html", "Bidding"),
        "trumps": ("naming-trumps.html", "Naming trumps"),
        "lead": ("tricks.html", "Tricks"),
        "follow": ("following.html", "Following suit"),
        "count": ("count.html", "The count"),
        "score": ("scoring.html", "Scoring a hand"),
        "reshake": ("bidding.html#the-shake", "The shake"),
        "wait": ("tricks.html", "Tricks"),
    }
    lines = {
        "shake": ("The dominoes were shuffled face down and each player took seven: "
                  "this is the shake. You and your partner (across the table) play "
                  "against the other two. First comes the bidding: each player in turn "
                  "says how many points their side will take, or passes. Choose a bid "
                  "(30 is the lowest) or pass."),
        "bid": ("Your turn to bid. A bid is a promise: your side will take at least that "
                "many of the hand's 42 points. Bid only if you hold strong dominoes; "
                "else pass."),
        "trumps": ("You won the bidding, so you choose trumps: one number (say, sixes). "
                   "Every domino with that number beats every domino without it. Pick the "
                   "number you hold most of."),
        "lead": ("Your turn to lead: play any domino. The four dominoes played in turn "
                 "make a trick; the highest one wins it, and its winner leads next."),
        "follow": ("Follow suit: the first domino played sets the suit (its higher number, "
                   "or trumps). Play a domino of that suit if you have one. The dominoes "
                   "you may play stand raised, with a green edge."),
        "count": ("That trick held count: dominoes whose pips add to 5 or 10 (like 5-0, "
                  "6-4) are worth 5 or 10 points. Each trick is worth 1 more. Lead again."),
        "score": ("The hand is over. Each side adds its points: the count dominoes it won "
                  "and 1 a trick. If the bidders took at least their bid, they win a mark; "
                  "else the other side does. Seven marks win the game. Press 'Next hand'."),
        "reshake": ("Everyone passed, so nobody plays this hand: the dominoes are shaken "
                    "again. Press 'Next hand'."),
        "wait": "The others are playing. Watch the middle of the table.",
    }
    target, words = links[step]
    line = p(lines[step] + " Learn more: ")  # (escaped; the link is added into it)
    return page(line.replace("</p>", _link(base, target, words) + ".</p>"))
