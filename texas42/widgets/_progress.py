"""The play explorer's memory: where the learner's progress (:mod:`texas42.progress`) is
kept, the "Your progress" fold that shows it, and the guided first hand's lines.

Kept where the explorer runs: in the browser (the live site, JupyterLab's page) the
page's ``localStorage`` under one key, by :class:`ProgressStore` (an anywidget: its
script reads the key once and sends it to Python, then writes back every new value); in
a real kernel the JSON file the explorer is given (``save=``) instead. Pyodide's files
vanish with the page, so there the browser's storage is the only one. A save that
cannot be read is moved aside (:meth:`ProgressStore.set_aside`), never overwritten.

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
from ..errors import InputError, NotationError
from ..hand import Hand, Phase
from ..progress import PROGRESS_FILE, Progress, ProgressFile, quote_path, unreadable_name
from ..svg.loss_chart import loss_chart_svg
from ._controls import button, html_box
from ._html import p, page

_HERE = Path(__file__).parent
#: The localStorage key of the site's progress (one per site: the browser keeps it apart
#: from other sites).
STORAGE_KEY = "texas42-progress"


class ProgressStore(anywidget.AnyWidget):
    """The page's storage of the progress JSON (or a file, :meth:`use_file`).
    ``on_load(text)`` is called once, with what was stored ("" for nothing); after that,
    setting ``data`` stores it. ``on_problem(words)`` says when the progress cannot be
    kept as asked."""

    _esm = (_HERE / "progress_store.js").read_text(encoding="utf-8")
    # Also in JupyterLab (the site's stylesheet says the same): a closed fold's title is
    # half-transparent in ipywidgets' style, too faint to read (3.6:1).
    _css = (".t42-play .jupyter-widget-Collapse-header, .t42-play "
            ".jupyter-widget-Collapse-header span { color: #1a1a1a; }")
    #: The page storage's key ("": the page's storage is not used, a file is).
    key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    #: The progress, as JSON; written to the page's storage on each change.
    data = traitlets.Unicode("").tag(sync=True)
    #: Whether the page's stored value has reached Python (then saving may begin).
    loaded = traitlets.Bool(False).tag(sync=True)
    #: The key the page moves its stored save to before writing anything (a save that
    #: could not be read: :meth:`set_aside`); it never overwrites a key that is taken.
    aside = traitlets.Unicode("").tag(sync=True)
    #: Whether the classroom server keeps a copy (the site's progress only: another
    #: explorer's kept table is never sent there, nor replaced by the learner's game).
    class_copy = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.class_copy = self.key == STORAGE_KEY
        self.on_load: Callable[[str | bytes], Any] | None = None
        self.on_problem: Callable[[str], Any] | None = None
        #: The file the progress is kept in (a real kernel's ``save=``), if any.
        self.file: ProgressFile | None = None
        #: The last save that could not be read, as it was, and a name to download it as.
        self.unreadable, self.unreadable_file = "", ""
        self.layout = W.Layout(width="0", height="0", overflow="hidden")
        self.on_msg(lambda _w, content, _b: self.handle(content))
        self.observe(lambda _c: self._write_file(), names="data")

    def handle(self, content: Any) -> None:
        """A message from the page: ``{"stored": text}`` (its first one counts), or
        ``{"aside_failed": key, "reason": why}`` (the unreadable save could not be moved:
        the page then writes nothing over it)."""
        if not isinstance(content, dict):
            return
        if isinstance(content.get("aside_failed"), str):
            why = str(content.get("reason", ""))[:80]
            self._problem("This browser could not move the save it could not read out of "
                          f"the way ({why or 'its storage refused'}): it is left as it was, "
                          "and this page saves nothing over it. 'Download the unreadable "
                          "save' under Your progress keeps a copy.")
            return
        if self.loaded or not isinstance(content.get("stored"), str):
            return
        self.loaded = True
        if self.on_load is not None:
            self.on_load(content["stored"])

    def _problem(self, words: str) -> None:
        if self.on_problem is not None:
            self.on_problem(words)

    def use_file(self, path: Any) -> None:
        """Keep the progress in the file at ``path`` (a real kernel): it is read now
        (``on_load``), its size checked first. A path that cannot hold it (a folder, a
        folder that does not exist) is said (``on_problem``), and the page's storage
        keeps the progress instead; a file too big to be a save is moved aside."""
        try:
            file = ProgressFile(path)
            text = file.read()
        except InputError as exc:
            self._problem(f"{_capital(exc.message)}. Your progress is kept in this page's "
                          "storage instead.")
            return
        except NotationError as exc:  # too big to read: set aside unread
            self.file, self.key, self.loaded = file, "", True
            where = self.set_aside("")
            if self.on_load is not None:
                self.on_load("")
            self._problem(f"Your kept progress could not be read ({exc.message}). {where} "
                          "A new game starts.")
            return
        self.file, self.key, self.loaded = file, "", True  # the file is the store
        if self.on_load is not None:
            self.on_load(text)  # (bytes: Progress.load finds their encoding)

    def set_aside(self, text: str | bytes) -> str:
        """Move the save that could not be read (``text``) out of the way before
        anything is written: the file to ``NAME.unreadable-TIME``, the page's stored one
        to the key ``texas42-progress.unreadable-TIME`` (and offered as a download).
        Returns where it went, in words."""
        if self.file is not None:
            try:
                moved = self.file.set_aside()
            except InputError as exc:
                self.file = None  # never written over
                return (f"{_capital(exc.message)}: it is left as it was, and nothing is "
                        "saved to it (Export under Your progress saves the new game).")
            return f"It was moved aside, as it was, to {quote_path(moved)}."
        self.unreadable = text if isinstance(text, str) else ""
        self.unreadable_file = unreadable_name(PROGRESS_FILE.removesuffix(".json")) + ".json"
        self.aside = unreadable_name(self.key)
        return (f"It is kept aside in this browser's storage (under {self.aside!r}): "
                "'Download the unreadable save' under Your progress saves a copy.")

    def _write_file(self) -> None:
        if self.file is None or not self.data:
            return
        try:
            self.file.write(self.data)
        except InputError as exc:
            self.file = None
            self._problem(f"{_capital(exc.message)}. It is not saved from now on: Export "
                          "under Your progress saves it as a file.")

    def download(self, text: str, name: str = PROGRESS_FILE) -> None:
        """Ask the page to save ``text`` as a file (the browser's download)."""
        self.send({"download": text, "name": name})


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


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
        # Shown once a save that could not be read was set aside in the page's storage.
        self.unreadable_button = button("Download the unreadable save", "save the progress "
                                        "this page could not read as a file, as it was")
        self.unreadable_button.layout.display = "none"
        self._unreadable: ProgressStore | None = None
        self._on_try = on_try
        self.new_button.on_click(lambda _b: on_new())
        self.export_button.on_click(lambda _b: on_export())
        self.import_button.on_click(lambda _b: on_import(str(self.text.value)))
        self.unreadable_button.on_click(lambda _b: self._download_unreadable())
        body = W.VBox([self.counts, self.mistakes,
                       W.HBox([self.new_button, self.export_button, self.import_button,
                               self.unreadable_button]),
                       self.text])
        self.fold = W.Accordion(children=[body], selected_index=None)
        self.fold.set_title(0, "Your progress")
        self.fold.add_class("t42-progress")
        self.try_buttons: list[W.Button] = []

    def offer_unreadable(self, store: ProgressStore) -> None:
        """Show "Download the unreadable save" when ``store`` set one aside as text."""
        self._unreadable = store
        self.unreadable_button.layout.display = "" if store.unreadable else "none"

    def _download_unreadable(self) -> None:
        store = self._unreadable
        if store is not None and store.unreadable:
            store.download(store.unreadable, store.unreadable_file)

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
        # (In the Play page's plain words, as its score line: "mark" is taught by the
        # chapter this line links to, "count" by the one before it.)
        "score": ("The hand is over. Each side adds its points: 5 or 10 for each domino "
                  "it won whose pips add to 5 or 10, and 1 a trick. If the bidders took at "
                  "least their bid, they win the hand and add 1 to their score; else the "
                  "other side does. The first side to 7 wins the game. Press 'Next hand'."),
        "reshake": ("Everyone passed, so nobody plays this hand: the dominoes are shaken "
                    "again. Press 'Next hand'."),
        "wait": "The others are playing. Watch the middle of the table.",
    }
    target, words = links[step]
    line = p(lines[step] + " Learn more: ")  # (escaped; the link is added into it)
    return page(line.replace("</p>", _link(base, target, words) + ".</p>"))
