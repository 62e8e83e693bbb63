"""Explorer 7, play a hand (and a whole game) at any table: the learner chooses the
table (a preset for every player count 2..7: 42 at four, three-hand 42, Moon, Moon for
four to seven; two people each playing both hands of one side, a house way to play),
plays one seat with computer partners and opponents, bids (in points or in tricks, as
the table's rules say), takes the widow and lays a domino aside (Moon), names trumps
and plays by clicking the dominoes in the table; every computer action says why; hints
on request; the learner may lay the hand down (claim the rest) when it is sure; at the
end a review of each of the learner's decisions, judged from what the seat could see
(the coach, :mod:`texas42.analysis.coach`); then the next hand, to the game's target
(7 marks, 250 points, Moon's 21), with 42's score kept as the ALL tally."""

from __future__ import annotations

import contextlib
import html
from typing import Any

import ipywidgets as W

from .. import moon
from ..contracts import Contract
from ..deals import place_name, place_words
from ..dominoes import Domino
from ..errors import (
    IllegalActionError,
    IllegalPlayError,
    InputError,
    NotationError,
    Texas42Error,
    check_seat,
)
from ..game import Game
from ..hand import Hand, Phase
from ..progress import Progress
from ..records import HandRecord
from ..rules import ALL_PRESETS, STANDARD, Rules
from ..scoring import SIDE_NAMES
from ..table import ComputerTurn, Judging, TableInPlay, position_hand
from . import _analysis, _coach, _progress, _tables
from ._background import BACKGROUND
from ._base import Explorer, safe
from ._controls import button, dropdown, html_box, progress_bar, showing, wrap_row
from ._deals import DealSource
from ._html import SEAT_NAMES, p, page, ul
from ._pickers import RulesPicker, contract_label
from ._pictures import table_pic
from ._players import PLAYER_CHOICES, decide, make_player, trick_bid_words
from ._review_view import ReviewView
from .bidding_explorer import (
    bid_options,
    bid_words,
    contract_consequence,
    explain_any_bid,
    high_special,
)
from .table_widget import TableWidget


def _in_browser() -> bool:
    """Whether Python runs in the browser (Pyodide): there files vanish with the page."""
    import sys

    return sys.platform == "emscripten"


_HOW = " Click it in your hand at the bottom of the table (or Tab to it, press Enter)."
#: How long each of the computer's actions stays on the table before the next (the
#: front end waits; "Pause between the computer's plays" turns it off).
PAUSE_MS = 600
#: The switch that shows the computer's reasons during the hand (after it, they show anyway).
COMMENTARY_LABEL = "Show the computer's reasons as it plays (they tell what it holds)"


def _split_rules(rules: Rules | str) -> tuple[str, Rules | str]:
    """(the table, the 42 rules beside it) of what the caller asked for: a table
    ("moon", "three-hand" ...), a 42 preset (or "house"), or a rules profile."""
    if isinstance(rules, str):
        key = rules.strip().lower()
        if key in {k for _, k in _tables.TABLES} and key != "42":
            return key, "standard"
        if key == "42":
            return "42", "standard"
        return "42", rules
    if not isinstance(rules, Rules):  # the Rules picker refuses it, as replay() does
        return "42", rules  # type: ignore[unreachable]  # junk from a caller, refused below
    key = _tables.table_key(rules)
    if key not in _tables.FORTY_TWO_TABLES:
        return key, "standard"
    if key == "two-hand":
        base = ALL_PRESETS.get(rules.name, rules)
        return key, STANDARD if rules.name == "two-hand" else base.replace(hands_per_person=1)
    return key, rules


#: "Review the hand": what it does, and why it cannot yet (its description while disabled).
REVIEW_WHAT = "judge each of your decisions from what you could see"
REVIEW_NOT_YET = "The review comes when the hand is over: play on first."


class PlayExplorer(Explorer):
    """Play one seat of a hand against the computer, at any table.

    >>> ex = PlayExplorer(seed=5, seat=0)
    >>> ex.state["your_turn"]
    True
    >>> moon = PlayExplorer(seed=3, seat=0, rules="moon")
    >>> moon.state["your_turn"], moon.state["phase"], len(moon.state["hand"])
    (True, 'bidding', 7)
    """

    #: The kept mistake played again: (entry, mistake, index of the action to answer).
    _again: tuple[Any, Any, int] | None
    #: The table in play (the one model of the flow: whose turn, the computer's turns,
    #: the next hand, playing on from a position); this explorer is its view.
    flow: TableInPlay
    #: The learner's decisions judged while the hand goes on (in the live page's idle
    #: moments), so the review takes them as they are.
    judging: Judging

    title = "Play a hand"

    def __init__(self, seed: int = 1, seat: int = 0, rules: Rules | str = "standard",
                 opponents: str = "default", *, keep: bool = False, save: str | None = None,
                 guided: bool = False, guide_base: str = "", plain: bool | None = None,
                 start: Hand | HandRecord | None = None) -> None:
        super().__init__()
        # start: a position to play on from (:meth:`play_on`): a lesson's, never kept.
        if start is not None and (keep or save is not None):
            raise InputError("a position to start from is not a game to keep: give start or "
                             "keep/save, not both", rule="position")
        # keep: the game and the progress are kept in the page's storage (and in the
        # file ``save``, in a real kernel) and come back on start; guided: one line per
        # step of the hand, with the chapter that teaches it (links from ``guide_base``).
        self._keep, self._save_file, self._guided = keep or save is not None, save, guided
        # plain: the hint, the score and the review in a beginner's words, no "guesses",
        # "marks" or "count" (the figures folded); by default the guided hand's (the Play
        # page's), and a chapter's as bookkit.plain_words decides (issue 34).
        self._plain = guided if plain is None else plain
        self._guide_base = guide_base
        self.source = DealSource(seed)
        table, rules42 = _split_rules(rules)
        self.table_picker = dropdown("Table:", list(_tables.TABLES), table, width="30em")
        self.rules_choice = RulesPicker(rules42)
        self.rules_picker = self.rules_choice.dropdown
        seats = self.rules.seats
        check_seat(seat, seats)  # a clear error, not the dropdown's
        self.seat_picker = dropdown(
            "You play:", [(f"Seat {s}", s) for s in range(seats)], seat, width="12em"
        )
        self.opponents = dropdown("Computer players:", list(PLAYER_CHOICES), opponents,
                                  width="24em")
        # The computer's reasons tell what it holds ("its best contract is sixes, 4 sixes
        # with the 6-6"): at a real table nobody knows that during the hand. So they are
        # shown when the hand is over, or during it only behind this switch, which says so.
        self.commentary = W.Checkbox(
            value=False,
            indent=False,
            description=COMMENTARY_LABEL,
            layout=W.Layout(width="auto"),
        )
        self.hint_button = button("Hint", "what would a good player do here?")
        self.review_button = button("Review the hand", REVIEW_NOT_YET)
        self.review_button.disabled = True
        self.next_button = button("Next hand", "shake again (the shake passes to the left) "
                                  "and play on to the end of the game")
        self.bid_picker = dropdown("Your bid:", [("pass", 0)], 0, width="12em")
        self.bid_button = button("Bid", "make the chosen bid", style="primary")
        self.contract_picker = dropdown("Trumps:", [("sixes", "sixes")], "sixes", width="16em")
        self.name_button = button("Name trumps", "name the chosen contract", style="primary")
        self.lay_down_button = button(
            "Lay down", "claim every trick left: the engine checks it against every "
            "arrangement of the dominoes you cannot see",
        )
        self.pause = W.Checkbox(
            value=True,
            indent=False,
            description="Pause between the computer's plays",
            layout=W.Layout(width="auto"),
        )
        self.settings_button = W.ToggleButton(
            value=False, description="Settings", tooltip="show the deal, the table, the rules, "
            "your seat and the computer players", layout=W.Layout(width="auto", height="2.4em"))
        # On a phone the log, hint and review fold under the table behind this button (on
        # a wide page they stand beside the table and the button is not shown).
        self.details_button = W.ToggleButton(
            value=False, description="Details", tooltip="what happened, the hint and the "
            "review", layout=W.Layout(width="auto", height="2.4em"))
        self.details_button.add_class("t42-play-fold")
        self.progress = progress_bar("Thinking:")
        self.progress.layout.width = "16em"
        # The table: your dominoes in it are the buttons you play with, and the bids and
        # trumps are buttons under it.
        self.table = TableWidget(self._play, explorer=self, on_action=self._on_table_action)
        self.table.pause_ms = PAUSE_MS
        self.table.observe(self._on_pause_kept_off, names="pause_off")
        self.meaning = html_box()
        self.log_box = html_box()
        self.hint_box = html_box()
        # The review's chart, moments and what-ifs (in the same words as the hint).
        self.review_box = ReviewView(self, plain=self._plain)
        self.score_box = html_box()
        self.source.load_button.on_click(self._on_load)
        self.seat_picker.observe(self._on_load, names="value")
        self.table_picker.observe(self._on_table, names="value")
        self.rules_picker.observe(self._on_load, names="value")
        self.opponents.observe(self._on_opponents, names="value")
        self.commentary.observe(self._on_redraw, names="value")
        self.hint_button.on_click(self._on_hint)
        self.review_button.on_click(self._on_review)
        self.next_button.on_click(self._on_next)
        self.bid_button.on_click(self._on_bid)
        self.name_button.on_click(self._on_name)
        self.lay_down_button.on_click(self._on_lay_down)
        self.bid_picker.observe(self._on_pick, names="value")
        self.contract_picker.observe(self._on_pick, names="value")
        self.pause.observe(self._on_pause, names="value")
        self.settings_button.observe(self._on_settings, names="value")
        self.details_button.observe(self._on_details, names="value")
        #: A slot under the table for other parts of the explorer (saving, a guide ...).
        self.extras_box = W.VBox(self._progress_widgets())
        self._layout()
        self.extra = [
            *self.source.fields,
            self.bid_picker,
            self.bid_button,
            self.contract_picker,
            self.name_button,
            self.lay_down_button,
        ]
        self.log: list[str] = []
        #: What happened since the last picture, shown one step at a time (the table's frames).
        self._frames: list[dict[str, str]] = []
        self.choices: list[tuple[int, Domino]] = []  # (action index, the learner's play)
        self._review: list[str] = []
        self._claim = ""  # the verdict on the learner's last claim
        self._busy = False
        self._guided_layout()
        self._show_table()
        self.flow = TableInPlay(self._new_game())
        self._start()
        self._progress_start()
        if start is not None:
            self.play_on(start)

    def _layout(self) -> None:
        """Where everything sits: the buttons (Hint, Lay down, Review, Next hand) and the
        message line above the table with its own buttons (bids, trumps); the log and the
        hint beside it on a wide page (under it, in a box that scrolls, on a phone), the
        review under it all; the settings folded away under "Settings", so the explorer fits
        a screen while playing. The layout's classes are styled by table_widget.css."""
        self.settings_box = W.VBox([
            self.source.box,
            wrap_row([self.table_picker, self.rules_picker]),
            wrap_row([self.seat_picker, self.opponents]),
            wrap_row([self.commentary, self.pause]),
        ], layout=W.Layout(display="none"))
        self.settings_box.add_class("t42-play-settings")
        self.tools = W.HBox(
            [self.hint_button, self.lay_down_button, self.review_button, self.next_button,
             self.details_button, self.progress],
            layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.tools.add_class("t42-play-tools")
        # Hint and the message line come before the table's bids and dominoes, in the tab
        # order and on the screen (issue 34): a learner reads what to do, then chooses.
        self.table_column = W.VBox(
            [self.tools, self.message_box, self.table, self.extras_box])
        self.table_column.add_class("t42-play-table")
        self.side = W.VBox([self.hint_box, self.log_box])
        self.side.add_class("t42-play-side")
        main = W.HBox([self.table_column, self.side])
        main.add_class("t42-play-main")
        top = W.HBox([self.settings_button, self.score_box],
                     layout=W.Layout(align_items="center"))
        top.add_class("t42-play-top")
        # The review (a chart, the table at a chosen moment) needs the whole width: it comes
        # under the table once the hand is over, on a phone too (not behind "Details").
        self.ui = W.VBox([top, self.settings_box, main, self.review_box])
        self.ui.add_class("t42-play")

    @safe
    def _on_settings(self, _change: Any = None) -> None:
        self.settings_box.layout.display = None if self.settings_button.value else "none"

    @safe
    def _on_details(self, _change: Any = None) -> None:
        if self.details_button.value:
            self.side.add_class("t42-open")
        else:
            self.side.remove_class("t42-open")

    @safe
    def _on_pause(self, _change: Any = None) -> None:
        self.table.pause_ms = PAUSE_MS if self.pause.value else 0

    @safe
    def _on_pause_kept_off(self, change: Any) -> None:
        if change["new"]:  # turned off in this browser before: the same choice again
            self.pause.value = False

    @property
    def game(self) -> Game:
        """The game being played (the model's)."""
        return self.flow.game

    @property
    def hand(self) -> Hand:
        """The hand being played: the game's latest."""
        return self.flow.hand

    @property
    def seat(self) -> int:
        return int(self.seat_picker.value)

    @property
    def rules(self) -> Rules:
        """The chosen table's rules (at 42's tables, the Rules picker's profile)."""
        return _tables.table_rules(str(self.table_picker.value), self.rules_choice.rules)

    @property
    def in_tricks(self) -> bool:
        """Whether this table bids in tricks (Moon's family), not in points."""
        return self.rules.bidding == "tricks"

    @property
    def my_seats(self) -> tuple[int, ...]:
        """The seats the learner plays: their own, and at the table of two people (each
        playing both hands of a side) their partner's too."""
        return self.rules.controlled_seats(self.seat)

    @property
    def my_side(self) -> int:
        """The learner's share of the scores: their team at a table of partners, else
        their own seat (a game is scored seat by seat even when the bidder plays against
        the rest)."""
        return self.hand.rules.share_of(self.seat)

    @property
    def acting(self) -> int:
        """The seat the learner plays now: the seat to act when it is one of theirs,
        else their own."""
        h = self.hand
        return h.to_act if not h.is_over and h.to_act in self.my_seats else self.seat

    # -- the flow ----------------------------------------------------------------------------
    def _new_game(self) -> Game:
        """A new game as the settings say; its first hand is the chosen deal, with the
        learner bidding first (the shaker sits at the learner's right)."""
        rules = self.rules
        deal = self.source.deal(rules.layout)  # a bad deal raises here, before anything changes
        return moon.new_game(rules, first_shaker=(self.seat - 1) % rules.seats,
                             seed=int(self.source.seed.value), deal=deal)

    def _start(self) -> None:
        """A new game (:meth:`_new_game`), played from its first hand."""
        self.flow.resume(self._new_game())
        self._make_players()
        self._start_hand()

    def _make_players(self) -> None:
        name = str(self.opponents.value)
        # The table's default player is shared ("default": decide's own).
        self.flow.players = {} if name == "default" else {
            s: make_player(self.rules, name, seed=s) for s in range(self.rules.seats)}

    def _show_table(self) -> None:
        """The controls fit the chosen table: its seats, 42's rules where they apply,
        the computer players where the table has them, its deals."""
        rules = self.rules
        key = str(self.table_picker.value)
        self.rules_picker.layout.display = None if key in _tables.FORTY_TWO_TABLES else "none"
        options = [(f"Seat {s}", s) for s in range(rules.seats)]
        if [v for _, v in self.seat_picker.options] != [v for _, v in options]:
            keep = int(self.seat_picker.value)
            self._busy = True
            try:
                self.seat_picker.options = options
                self.seat_picker.value = keep if keep < rules.seats else 0
            finally:
                self._busy = False
        self.source.show_table(rules.layout)

    def _start_hand(self) -> None:
        self.log = []
        self.choices = []
        self._review = []
        self._claim = ""
        self.hint_box.value = ""
        self.review_box.value = ""
        self._computer_turns()
        self.render()

    def _computer_turns(self) -> None:
        """The model runs the computer's turns until the learner's; each is logged and
        kept as a frame (the table shows them one at a time)."""
        h = self.hand
        # (In nello the bidder's partner sits out: if that is you, the others play on.)
        self.flow.people = frozenset(self.my_seats)
        # A sampling player takes seconds over a bid's replies: the bar moves per action.
        with showing(self.progress, 2) as bar:
            for n, turn in enumerate(self.flow.computer_turns()):
                self._computer_said(turn)
                bar.max = max(bar.max, n + 1)
                bar.value = n + 1
        if h.is_over and h.result is not None and self.in_tricks:
            self.log.append(f"Result: {h.result.describe()}")
        # The learner's turn: the coach's advice on it is worked out while they think.
        self.judging.prepare(self.flow, self.my_seats)

    def _computer_said(self, decision: ComputerTurn) -> None:
        """One action of a computer player, just taken: the log's line and a frame."""
        h, seat = self.hand, decision.seat
        if decision.kind == "discard":
            # The others do not see what the bidder lays aside.
            self.log.append(f"{self._who(seat)} picks up the widow and lays one domino aside.")
            self._frame(self.log[-1])
            return
        verb = {"bid": "bids", "contract": "names"}.get(decision.kind, "plays")
        said = ("passes" if decision.kind == "bid" and decision.text == "pass"
                else f"{verb} {decision.text}")
        who = self._who(seat)
        self.log.append(f"{who} {said} — {decision.reason}.")
        # Under the hand only what was done; the reason is in the log beside the table.
        words = f"{who} {said}."
        if decision.kind == "contract" and h.sitting_out is not None:
            self.log.append(contract_consequence(h))
            words += " " + self.log[-1]
        self._frame(words)

    def _frame(self, words: str) -> None:
        """Keep the table as it is now, with the words of what just happened (one short
        line): the front end shows each in turn (the picture only when it pauses)."""
        h, seat = self.hand, self.acting
        svg = ""
        if self.pause.value:
            svg = table_pic(h, seat=seat, show_all=h.is_over, compact=self.table.compact,
                            size=self.table.tile_size, plain=self._plain)
        self._frames.append({"svg": svg, "words": words})

    @safe
    def _on_table(self, _change: Any = None) -> None:
        if self._busy:
            return
        self._show_table()
        try:
            self._start()
        except Texas42Error:
            # The deal row cannot give a deal of this table (a code or typed hands of
            # another): back to the table being played, so the controls match the hand.
            self._busy = True
            try:
                self.table_picker.value = _tables.table_key(self.hand.rules)
            finally:
                self._busy = False
            self._show_table()
            raise
        self._announce()

    @safe
    def _on_opponents(self, _change: Any = None) -> None:
        self._make_players()
        self.show_message(f"The computer now plays {self.opponents.label.split(' (')[0]}.")

    @safe
    def _on_load(self, _change: Any = None) -> None:
        if self._busy:
            return
        self._start()
        self._announce()

    def _announce(self) -> None:
        """The message of a new game: its target, table, deal and who the learner is."""
        rules = self.rules
        unit = "marks" if rules.scoring == "marks" else "points"
        if rules.sides == "partners":
            partner = (self.seat + rules.seats // 2) % rules.seats
            company = (f"your partner is {SEAT_NAMES[partner]}, across the table"
                       + (" (you play that hand too)" if len(self.my_seats) > 1 else "")
                       + (", the opponents left and right" if rules.seats == 4 else ""))
        else:
            company = "each player plays for themselves"
        self.show_message(
            f"New game to {rules.target} {unit} ({_tables.table_words(rules)}), first hand: "
            f"{self.source.describe(self.hand.deal)}. You are "
            f"{SEAT_NAMES[self.seat]}, at the bottom of the table; {company}. "
            + self._turn_words()
        )

    @safe
    def _on_next(self, _b: Any = None) -> None:
        try:
            self.flow.next_hand()
        except IllegalActionError as refused:
            if refused.rule != "game-over":
                raise
            raise IllegalActionError(  # (in the learner's words: who won, what to press)
                f"the game is over: {self._team_words(self.game.winner or 0)} won. Press "
                "'Deal' for a new game.", rule="game-over") from None
        self._start_hand()

    def _team_words(self, side: int) -> str:
        if self.rules.sides != "partners":
            return "you" if side == self.my_side else SEAT_NAMES[side]
        return SIDE_NAMES[0] if side == self.my_side else SIDE_NAMES[1]

    def _result_words(self) -> str:
        """The hand's result in the learner's words ("You and your partner made 30 in
        sixes ...: you and your partner score 1 mark."), or the status while not over."""
        return self.hand.status(seen_by=self.seat, plain=self._plain)

    def _who(self, seat: int) -> str:
        """``seat`` as a place at the table, from the learner's: "You", "Your partner",
        "Left opponent", "Right opponent" at 42's four seats (issue 34); at the other
        tables "You" or the seat's name."""
        if seat in self.my_seats:
            return "You" if seat == self.seat else "You (your partner's hand)"
        if self._at_places:
            return place_name(seat, self.seat)
        return SEAT_NAMES[seat]

    @property
    def _at_places(self) -> bool:
        """Whether the seats are named as places at the table (42's four, partners)."""
        rules = self.hand.rules
        return rules.seats == 4 and rules.sides == "partners"

    def _whose(self, seat: int) -> str:
        """"your partner's", "the left opponent's", "Seat 4's": a seat's, mid-sentence."""
        if self._at_places and seat not in self.my_seats:
            return f"{place_words(seat, self.seat)}'s"
        return f"{self._who(seat)}'s"

    def _history(self) -> list[str]:
        """The "What happened" lines of the hand so far, rebuilt from its record (a game
        brought back after a reload): what each seat did, in the words the live log uses.
        The computer's reasons are not kept, so the rebuilt lines give none."""
        h = self.hand
        lines: list[str] = []
        bids = 0
        for a in h.actions:
            mine = a.seat in self.my_seats
            if a.kind == "bid":
                said = (trick_bid_words(int(a.value)) if self.in_tricks  # type: ignore[arg-type]
                        else bid_words(h, bids))
                bids += 1
                words = f"bid {said}" if mine else ("passes" if said == "pass"
                                                    else f"bids {said}")
            elif a.kind == "discard":
                words = (f"pick up the widow and lay {a.value} aside" if mine
                         else "picks up the widow and lays one domino aside")
            elif a.kind == "contract":
                words = f"name {a.value}" if mine else f"names {a.value}"
            else:
                words = f"play {a.value}" if mine else f"plays {a.value}"
            lines.append(f"{self._who(a.seat)} {words}.")
            if a.kind == "contract" and h.sitting_out is not None:
                lines.append(contract_consequence(h))
        return lines

    def _after_learner(self, seat: int, words: str) -> None:
        self.log.append(f"{self._who(seat)} {words}.")
        self._frame(self.log[-1])
        self.hint_box.value = ""
        # Kept at once, before the computer's turns (seconds on a slow phone): a reload
        # right after the click keeps it (issue 34). A problem saving it is said last.
        said = self.message
        self._progress_save()
        problem = self.message if self.message != said and self.message_kind == "error" else ""
        verdict = self._answer_again()
        self.judging.later(self.flow)
        self._computer_turns()
        self.render()
        if verdict:
            self.show_message(verdict + " " + self._turn_words(), kind=(
                "good" if verdict.startswith("That is") else "info"))
        if problem:
            self.show_message(problem, kind="error")

    def _answer_again(self) -> str:
        """A kept mistake played again: the coach's verdict on the choice just made at
        its position (the same judge as the hint and the review), and the mistake leaves
        the list once the better choice is taken. ``""`` for any other decision."""
        if self._again is None:
            return ""
        entry, mistake, step = self._again
        self._again = None
        h = self.hand
        if len(h.actions) != step + 1:
            return ""
        action = h.actions[step]
        from ..analysis import coach

        chosen = action.choice
        d = coach.judge(h.at(step), chosen, samples=_coach.COACH_SAMPLES, seed=0)
        if d.loss <= 1e-9 or d.label in ("fine", coach.NO_DIFFERENCE):
            self.kept.answer_mistake(entry, mistake)
            self.progress_view.refresh(self.kept)
            self._progress_save(force=True)
            return f"That is the better choice: {d.reason} It leaves your kept mistakes."
        return (f"Not yet: {d.reason} The position stays in your kept mistakes: try it "
                "again later.")

    @safe
    def _on_table_action(self, kind: str, value: str) -> None:
        """A button under the table ({"bid": "30"}, {"contract": "sixes"}) or a click on a
        domino that is not a button ({"tap": "6-4"}, "" for one face down)."""
        if kind == "bid":
            options = {str(v): v for _, v in self.bid_picker.options}
            # Not one of the buttons (a page out of date): the engine says why not.
            self._bid(options.get(value, int(value) if value.isdigit() else value))
        elif kind == "contract":
            self._name(value)
        else:
            raise IllegalPlayError(self._tap_words(value), rule="turn")

    def _tap_words(self, text: str) -> str:
        """Why a click on this domino (not a button) plays nothing, and whose turn it is."""
        h = self.hand
        try:
            d: Domino | None = Domino.parse(text) if text else None
        except Texas42Error:
            d = None
        owner = next((s for s in range(h.rules.seats) if d is not None and d in h.holding(s)),
                     None)
        if h.is_over:
            why = "The hand is over."
        elif owner is None and d is not None:
            why = f"{d} has already been played."
        elif owner is None or owner not in self.my_seats:
            whose = "another player's" if owner is None else self._whose(owner)
            why = f"You cannot play {whose} dominoes: yours are at the bottom."
        else:
            why = ""
        if h.is_over:
            turn = "Press 'Review the hand' or 'Next hand'."
        elif h.to_act not in self.my_seats:
            turn = f"It is {self._whose(h.to_act)} turn: wait for them to play."
        elif h.phase is Phase.BIDDING:
            turn = "It is your turn to bid: choose a bid with the buttons under your hand."
        elif h.next_action == "contract":
            turn = "It is your turn to name trumps: choose with the buttons under your hand."
        else:
            turn = ("It is your turn: play one of your dominoes." if h.to_act == self.seat
                    else "It is your turn: play one of your partner's dominoes (you play "
                    "that hand too).")
        return f"{why} {turn}".strip()

    @safe
    def _on_bid(self, _b: Any = None) -> None:
        self._bid(self.bid_picker.value)

    def _bid(self, value: int | str) -> None:
        """The learner's bid, checked by the model (whose turn) and the engine."""
        seat = self.acting
        self.flow.act(self.my_seats, "bid", value if isinstance(value, str) else int(value))
        words = (trick_bid_words(int(value)) if self.in_tricks
                 else bid_words(self.hand, len(self.hand.bids) - 1))
        self._after_learner(seat, f"bid {words}")

    @safe
    def _on_name(self, _b: Any = None) -> None:
        self._name(str(self.contract_picker.value))

    def _name(self, contract: str) -> None:
        seat = self.acting
        self.flow.act(self.my_seats, "contract", contract)
        words = f"name {self.hand.contract}"
        if self.hand.sitting_out is not None:
            words += ". " + contract_consequence(self.hand).rstrip(".")
        self._after_learner(seat, words)

    def play(self, domino: str | Domino) -> None:
        """Click ``domino`` for the learner: lay it aside (after taking the widow) or
        play it (what a click on it in the table does)."""
        self._play(domino)

    @safe
    def _play(self, domino: str | Domino) -> None:
        h = self.hand
        d = Domino.parse(domino) if isinstance(domino, str) else domino
        # After taking the widow, a click lays that domino aside; else it plays it.
        discard = h.next_action == "discard" and self.your_turn
        seat, step = h.to_act, len(h.actions)
        self.flow.act(self.my_seats, "discard" if discard else "play", d)
        if discard:
            self._after_learner(seat, f"pick up the widow and lay {d} aside")
            return
        self.choices.append((step, d))
        self._after_learner(seat, f"play {d}")

    def lay_down(self) -> None:
        """Lay the learner's hand down (what the "Lay down" button does)."""
        self._on_lay_down()

    @safe
    def _on_lay_down(self, _b: Any = None) -> None:
        h = self.hand
        if not self.flow.may_lay_down(self.my_seats):
            self.show_message(
                "You may lay down only when it is your turn to play"
                + (" and you bid nello." if h.sitting_out is not None else "."),
                kind="warn",
            )
            return
        before, seat = len(h.plays), self.acting
        # One check, bounded: the bar moves while it searches; lay_down reuses the
        # verdict and, when it is not sure, raises with the explanation and leaves the
        # hand as it was.
        try:
            with showing(self.progress) as bar:
                if h.rules.is_42:
                    _analysis.check_claim(h, seat, _analysis.progress_to(bar))
                check = self.flow.lay_down(self.my_seats)  # elsewhere it says why not
        except IllegalActionError as exc:
            self._claim = exc.message
            self.show_message(self._claim + " Play on.", kind="warn")  # nothing changed
            return
        self._claim = check.explain()
        rest = " ".join(str(d) for d in h.plays[before:])
        self.log.append(f"{self._who(seat)} laid down — {self._claim}")
        self.log.append(f"The engine played the rest: {rest}.")
        self.hint_box.value = ""
        self.render()
        self.show_message(f"{self._claim} {self._result_words()}", kind="good")

    @property
    def _may_lay_down(self) -> bool:
        return self.flow.may_lay_down(self.my_seats)

    @safe
    def _on_pick(self, _change: Any = None) -> None:
        if not self._busy:
            self._draw_meaning()

    @safe
    def _on_redraw(self, _change: Any = None) -> None:
        self.render()

    @safe
    def _on_hint(self, _b: Any = None) -> None:
        h = self.hand
        if h.is_over or h.to_act not in self.my_seats:
            self.hint_box.value = page(p("No hint needed: it is not your turn."))
            self.show_message("It is not your turn.", kind="warn")
            return
        if self.in_tricks:
            self._trick_hint(h)
            return
        with showing(self.progress):
            # The guided hand (the Play page) speaks a beginner's language (issue 34).
            # The advice was worked out while the learner thought (mostly done by now).
            body, text = _coach.hint(h, seed=self.flow.coach_seed(), plain=self._plain,
                                     advice=self.judging.advice_now(self.flow))
        self.hint_box.value = body
        self.show_message("Hint: " + text)

    def _trick_hint(self, h: Hand) -> None:
        """A table that bids in tricks: the computer's choice; in the bidding the bid
        odds of the learner's hand, after it the coach's judgement."""
        decision = decide(h)
        text = f"A good player would choose {decision.text}: {decision.reason}."
        if h.phase is Phase.BIDDING:
            # 600 deals: under a second in CPython at Moon, each chance within +/-4 points (95%).
            from ..analysis.evaluator import TrickEvaluation, evaluate_hand

            deals, seat = 600, h.to_act
            with showing(self.progress, deals):
                ev = evaluate_hand(
                    h.holding(seat), seat=seat, shaker=h.shaker, rules=h.rules,
                    auction=list(h.bids), samples=deals, seed=len(self.game.hands),
                    progress=lambda done, _total: setattr(self.progress, "value", done))
            assert isinstance(ev, TrickEvaluation)  # this table bids in tricks
            text += (f" Odds from {deals} deals played out by rule-based players "
                     f"(you win the bid, take the widow if there is one and name trumps): "
                     f"{ev.describe()}")
        body = ""
        if h.phase is not Phase.BIDDING:
            with showing(self.progress):
                body, coach_text = _coach.hint(h, seed=self.flow.coach_seed(),
                                               advice=self.judging.advice_now(self.flow))
            text += " The coach: " + coach_text
        self.hint_box.value = page(p("Hint: " + text)) + body
        self.show_message("Hint: " + text)

    @safe
    def _on_review(self, _b: Any = None) -> None:
        h = self.hand
        if not h.is_over:
            self.show_message(REVIEW_NOT_YET, kind="warn")
            return
        seats = [s for s in self.my_seats if any(a.seat == s for a in h.actions)]
        if not seats:
            self.review_box.value = page(p("You made no decision in this hand."))
            self.show_message("Nothing to review: you made no decision.")
            return
        self.show_message("Reviewing your decisions (the bar shows how far it is)...")
        seed = self.flow.coach_seed()
        # What was judged while the hand went on is taken as it is; the rest is done now.
        self.judging.stop()
        known = self.judging.verdicts(h)
        # The coach judges one seat at a time: each hand the learner played.
        reviews = [(s, _coach.run_review(h, s, self.progress, seed=seed, known=known))
                   for s in seats]
        one = len(reviews) == 1
        self._review = [(x if one else f"{SEAT_NAMES[s]}: {x}")
                        for s, rv in reviews for x in _coach.review_lines(rv, plain=self._plain)]
        self.review_box.show(h, reviews)  # the chart; a mark shows that moment
        said = [(s, *_coach.review_summary(rv, h if one else None, plain=self._plain))
                for s, rv in reviews]
        summary = " ".join(x if one else f"{SEAT_NAMES[s]}: {x}" for s, x, _ in said)
        kind = "good" if all(k == "good" for _, _, k in said) else "info"
        self.show_message("Review: " + summary, kind=kind)
        self._progress_note_review([rv for _, rv in reviews])

    # -- state -------------------------------------------------------------------------------
    @property
    def your_turn(self) -> bool:
        return self.flow.persons_turn(self.my_seats)

    @property
    def _bidding_now(self) -> bool:
        return self.your_turn and self.hand.phase is Phase.BIDDING

    @property
    def state(self) -> dict[str, Any]:
        h = self.hand
        return {
            "table": str(self.table_picker.value),
            "seat": self.seat,
            "seats": list(self.my_seats),
            "acting": self.acting,
            "phase": h.phase.value,
            "to_act": h.to_act if not h.is_over else None,
            "your_turn": self.your_turn,
            "hand": [str(d) for d in h.holding(self.acting)],
            "legal": [str(d) for d in h.legal_plays()] if self.your_turn else [],
            "rules": h.rules.name,
            "bids": [v for _, v in self.bid_picker.options] if self._bidding_now else [],
            "discarding": self.your_turn and h.next_action == "discard",
            "contracts": [str(c) for c in h.valid_contracts()] if self.your_turn else [],
            "bidder": h.bidder,
            "contract": str(h.contract) if h.contract else None,
            "tricks_won": list(h.tricks_won),
            "scores": list(self.game.scores),
            "winner": self.game.winner,
            "sitting_out": h.sitting_out,
            "log": list(self.log),
            "result": h.result.describe() if h.result else None,
            "review": list(self._review),
            "may_lay_down": self._may_lay_down,
            "claim": self._claim or None,
            "standing": list(self.game.standing),
            "hands_played": len(self.game.hands),
            "game_winner": self.game.winner,
            "message": self.message,
        }

    def _turn_words(self) -> str:
        h = self.hand
        if h.phase is Phase.RESHAKE and not self.game.is_over:
            return "Everyone passed: press 'Next hand' to shake again."
        if h.is_over:
            g = self.game
            said = self._result_words()
            if g.winner is not None:
                s, mine = g.standing, self.my_side
                if self.rules.sides != "partners":
                    who = "You win" if g.winner == mine else f"{SEAT_NAMES[g.winner]} wins"
                    return f"{said} {who} the game with {s[g.winner]} points."
                who = "Your side wins" if g.winner == mine else "The other side wins"
                return f"{said} {who} the game, {s[mine]} to {s[1 - mine]}."
            return (f"{said} Press 'Review the hand' to see what each of your decisions "
                    "cost, or 'Next hand' to play on.")
        if h.to_act not in self.my_seats:
            return h.status()
        seat = h.to_act
        whose = ("" if seat == self.seat else
                 f"You are playing your partner's hand ({SEAT_NAMES[seat]}) now. ")
        return whose + self._turn_words_for(seat)

    def _turn_words_for(self, seat: int) -> str:
        h = self.hand
        rules = h.rules
        if h.phase is Phase.BIDDING:
            if self.in_tricks:
                return (f"Your turn to bid: how many of the {rules.hand_size} tricks can you "
                        "take?")
            return "Your turn to bid."
        if h.next_action == "discard":
            held = rules.hand_size + rules.widow
            return (f"You won the bid and picked up the widow: you hold {held}. Click the "
                    "domino to lay aside in your hand at the bottom of the table (nobody else "
                    "sees it).")
        if h.phase is Phase.CONTRACT and not rules.doubles_trump:
            return ("Now name trumps: a number, or follow-me. Doubles are never trumps in "
                    f"{'Moon' if rules.name == 'moon' else 'this game'}.")
        if h.phase is Phase.CONTRACT and h.bidder != seat:
            return (
                f"Your partner bid a {high_special(h)}: "
                "you name the contract and lead, and your side must win every trick."
            )
        if h.phase is Phase.CONTRACT:
            return "You won the bid: name trumps."
        trick = h.current_trick
        return ("Your turn: lead any domino." if not trick
                else "Your turn: follow suit if you can.") + _HOW

    def _score_html(self) -> str:
        """The game's score: the ALL tally of each side (marks), points to 250, or each
        seat's points (a table where each plays for themselves)."""
        g = self.game
        if g.rules.sides != "partners":
            parts = [f"seat {s}{' (you)' if s == self.seat else ''}: {g.standing[s]}"
                     for s in range(g.rules.seats)]
            unit = "marks" if g.rules.scoring == "marks" else "points"
            return page(p(f"Game to {g.rules.target} {unit}, hand {len(g.hands)} · scores: "
                          + ", ".join(parts)))
        mine, theirs = self.my_side, 1 - self.my_side
        names = {mine: SIDE_NAMES[0], theirs: SIDE_NAMES[1]}
        unit = "marks" if g.rules.scoring == "marks" else "points"
        head = (f"Game to {g.rules.target} {unit}, hand {len(g.hands)}: "
                f"{names[mine]} {g.standing[mine]}, {names[theirs]} {g.standing[theirs]}.")
        if unit != "marks":
            return page(p(head))
        if self._plain:
            head = _coach.plain_score_words(g.rules.target, len(g.hands),
                                            g.standing[mine], g.standing[theirs])
            return page(p(head))
        from ..svg import tally_svg

        # One line beside "Settings": each side's words, then its tally, small (the tally
        # unlabelled: the side's name stands just before it, and a label would wrap the line).
        def tally(t: int) -> str:
            return (f'<span style="display:inline-block;margin:0 0.4em;vertical-align:middle">'
                    f"{tally_svg(g.marks[t], size=20)}</span>")

        first = (f"Game to {g.rules.target} {unit}, hand {len(g.hands)}: {names[mine]} "
                 f"{g.standing[mine]}")
        second = html.escape(f", {names[theirs]} {g.standing[theirs]}")
        return page(p(first).removesuffix("</p>") + tally(mine) + second + tally(theirs)
                    + ".</p>")

    def _bid_meaning(self, value: int | str) -> str:
        h = self.hand
        if self.in_tricks:
            return _tables.bid_meaning(int(value), h)
        return explain_any_bid(value, h)

    def _draw_meaning(self) -> None:
        h = self.hand
        if self.your_turn and h.phase is Phase.BIDDING and self.in_tricks:
            self.meaning.value = page(p(_tables.bid_meaning(int(self.bid_picker.value), h)))
        elif self.your_turn and h.phase is Phase.BIDDING:
            self.meaning.value = page(p(explain_any_bid(self.bid_picker.value, h)))
        elif self.your_turn and h.next_action == "contract":
            self.meaning.value = page(p(Contract.parse(str(self.contract_picker.value)).describe()))
        else:
            self.meaning.value = ""

    def render(self) -> None:
        h = self.hand
        actions: list[dict[str, str]] = []
        actions_label = ""
        self._busy = True
        try:
            if self._bidding_now:
                options = ([(trick_bid_words(b), b) for b in h.valid_bids()] if self.in_tricks
                           else bid_options(h))
                self.bid_picker.options = options
                self.bid_picker.value = options[0][1]
                actions_label = "Your bid"
                actions = [{"send": "bid", "value": str(v), "text": label.capitalize()
                            if label == "pass" else label,
                            "label": "Pass" if label == "pass" else f"Bid {label}",
                            "title": self._bid_meaning(v)} for label, v in options]
            elif self.your_turn and h.next_action == "discard":
                pass  # the discard is clicked in the table
            elif self.your_turn and h.phase is Phase.CONTRACT:
                cs = h.valid_contracts()
                self.contract_picker.options = [(contract_label(c), str(c)) for c in cs]
                self.contract_picker.value = str(cs[0])
                actions_label = "Trumps"
                # "Sixes" on the button, "Sixes are trumps" read out (it names the button).
                actions = [{"send": "contract", "value": str(c),
                            "text": contract_label(c).removesuffix(" are trumps"),
                            "label": contract_label(c),
                            "title": Contract.parse(str(c)).describe()} for c in cs]
        finally:
            self._busy = False
        self._draw_meaning()
        # The dominoes are played from the table itself (after taking the widow, they are
        # the buttons that lay one aside).
        self.lay_down_button.layout.display = None if self._may_lay_down else "none"
        # The table is seen from the seat being played: its dominoes at the bottom (after
        # taking the widow, they are the buttons that lay one aside).
        controls: Any = True
        if self.your_turn and h.next_action == "discard":
            controls = {d: f"Lay {d} aside" for d in h.holding(self.acting)}
        seat, over = self.acting, h.is_over
        frames, self._frames = self._frames, []
        # One message: the steps since the last picture, the buttons and the new picture.
        with self.table.hold_sync():
            if frames:
                self.table.show_frames(frames)
            self.table.actions = actions
            self.table.actions_label = actions_label
            self.table.draw(lambda compact: table_pic(h, seat=seat, show_all=over,
                                                      controls=controls, compact=compact,
                                                      size=self.table.tile_size,
                                                      plain=self._plain))
        self.next_button.disabled = not h.is_over or self.game.is_over
        # A button that cannot act yet is disabled, its reason its description (issue 34).
        self.review_button.disabled = not h.is_over
        self.review_button.tooltip = REVIEW_WHAT if h.is_over else REVIEW_NOT_YET
        self.score_box.value = self._score_html()
        reasons = over or self.commentary.value
        # (Without the reasons a line ends where its reason began: one full stop.)
        log = self.log if reasons else [x.split(" — ")[0].rstrip(".") + "." for x in self.log]
        head = ("What happened, and why the computer did it:" if reasons and over
                else "What happened:")
        self.log_box.value = page(p(head), ul(log[-14:])) if log else ""
        r = h.result
        # Good news: the learner's side made its bid, or (each for themselves) the bidder
        # the learner played against was set.
        mine = r is not None and r.bidding_team == self.my_side
        won = r is not None and ((mine and r.made)
                                 or (h.rules.sides != "partners" and not mine and not r.made))
        self.show_message(self._turn_words(), kind="good" if won else "info")
        self._progress_after_render()

    # -- progress kept (texas42.progress; the widgets in ._progress) -------------------------
    def _progress_widgets(self) -> list[W.Widget]:
        """The widgets of the progress kept and of the guided hand: the guide's line, the
        "Your progress" fold, the page's storage (drawn as nothing)."""
        self.kept = Progress()
        self.store = _progress.ProgressStore()
        self.store.on_load = self._progress_loaded
        self.guide_box = html_box()
        self.guide_box.add_class("t42-guide")
        self.progress_view = _progress.ProgressView(
            on_try=self.try_again, on_new=self.new_game, on_export=self.export_progress,
            on_import=self.import_progress)
        self._again = None
        self.judging = Judging(BACKGROUND, on_verdict=self._progress_save, owner=self)
        self._ready = False  # saving waits until what was kept has been read
        self.guide_toggle = W.Checkbox(value=True, indent=False,
                                       description="Explain each step (the guide)",
                                       layout=W.Layout(width="auto"))
        self.guide_toggle.observe(lambda _c: self._draw_guide(), names="value")
        shown: list[W.Widget] = [self.guide_box, self.guide_toggle] if self._guided else []
        return shown + ([self.progress_view.fold, self.store] if self._keep else [])

    def _guided_layout(self) -> None:
        """Guided: the guide's line sits right under the message line, where the eye is
        (the game's settings are folded under "Settings" in every layout)."""
        if not self._guided:
            return
        self.extras_box.children = [w for w in self.extras_box.children
                                    if w is not self.guide_box]
        kids = list(self.table_column.children)
        at = kids.index(self.message_box) + 1
        self.table_column.children = [*kids[:at], self.guide_box, *kids[at:]]

    def _progress_start(self) -> None:
        """Read what was kept: the file (a real kernel), else the page's storage, which
        answers later (:meth:`_progress_loaded`)."""
        self.progress_view.refresh(self.kept)
        self._draw_guide()
        self.store.on_problem = lambda words: self.show_message(words, kind="error")
        if self._save_file is not None and not _in_browser():
            self.store.use_file(self._save_file)  # the file is the store: read now

    @safe
    def _progress_loaded(self, text: str | bytes) -> None:
        if text:
            try:
                self.kept.load(text)
            except Texas42Error as exc:  # kept by another version, or damaged: set aside
                where = self.store.set_aside(text)  # (before anything is saved)
                self.progress_view.offer_unreadable(self.store)
                self._ready = True
                self._progress_save()
                self.show_message(f"Your kept progress could not be read ({exc.message}). "
                                  f"{where} A new game starts.", kind="warn")
                return
        self._ready = True
        self.progress_view.refresh(self.kept)  # (the hands kept are counted at once)
        if self.kept.game_entries():
            self._progress_restore()
        else:
            self._progress_save()

    def _set_pickers(self, rules: Rules, seat: int) -> None:
        """Show ``rules`` and ``seat`` in the settings without starting a new game."""
        table, rules42 = _split_rules(rules)
        self._busy = True
        try:
            self.table_picker.value = table
            if isinstance(rules42, Rules):
                self.rules_choice.select(rules42)
            self._show_table()
            self.seat_picker.value = seat
        finally:
            self._busy = False

    def _progress_restore(self) -> None:
        """The kept game, back at the action it stopped at."""
        entry = self.kept.game_entries()[0]
        game = self.kept.restore_game()
        with contextlib.suppress(NotationError):  # (a custom table: not one of the list)
            self._set_pickers(game.rules, entry.seat)
        if self.rules != game.rules:  # a table this explorer cannot set: keep the new game
            self._progress_save()
            r = game.rules
            self.show_message("Your kept game is at a table this explorer does not offer "
                              f"({r.seats} seats, {r.hand_size} dominoes each): its hands "
                              "stay counted under Your progress, and a new game starts "
                              "here.", kind="warn")
            return
        self.flow.resume(game)
        # The verdicts judged before the reload are this hand's; the rest are judged again.
        last = self.kept.game_entries()[-1]
        self.judging.take(self.hand, {(j.kind, j.index): j for j in last.judged})
        if last.loss is None:
            self.judging.rest(self.flow, self.my_seats)
        self._make_players()
        self.log, self.choices, self._review, self._claim = self._history(), [], [], ""
        self.hint_box.value = self.review_box.value = ""
        self._computer_turns()
        self.render()
        h = self.hand
        acted = any(a.seat in self.my_seats for a in h.actions)
        self.show_message(f"Welcome back: your game goes on at hand {len(game.hands)}"
                          + (", where you stopped. " if acted else ". ") + self._turn_words())

    def _progress_save(self, force: bool = False) -> None:
        """Keep the game and what the learner did (``force``: while a kept mistake is
        played again, what was kept only: the practice hand is not a game to keep)."""
        if not (self._keep and self._ready) or (self.flow.practice and not force):
            return
        if not self.flow.practice:
            judged = self.judging.verdicts(self.hand).values()
            self.kept.save_game(self.game, self.seat, judged=tuple(judged))
        self.store.data = self.kept.to_json()  # (and to the file, when it is the store)

    def _progress_after_render(self) -> None:
        if not hasattr(self, "store"):
            return  # (the first drawing, inside __init__: nothing to keep yet)
        self._draw_guide()
        if self._keep:
            self._progress_save()
            if self.hand.is_over:
                self.progress_view.refresh(self.kept)

    def _draw_guide(self) -> None:
        if self._guided:
            self.guide_box.value = (_progress.guide_html(self.hand, self.my_seats,
                                                         self._guide_base)
                                    if self.guide_toggle.value else "")

    def on_judged_again(self, reviews: list[Any]) -> None:
        """A verdict looked at closer (the review view): the kept verdict follows it."""
        self._progress_note_review(reviews)

    def _progress_note_review(self, reviews: list[Any]) -> None:
        """Keep the coach's verdict on the hand just reviewed: its loss, its worst
        decisions (each a position to play again)."""
        if self.flow.practice or not (self._keep and self._ready):
            return
        from ..analysis.coach import LABELS, POINTS_PER_MARK
        from ..progress import Mistake

        fine = LABELS[0][0]
        loss, mistakes = 0.0, []
        for rv in reviews:  # kept in points, a mark as 42 (texas42.progress.Mistake)
            loss += rv.total_loss * (POINTS_PER_MARK if rv.unit == "marks" else 1)
            for d in rv.decisions:
                points = d.loss * (POINTS_PER_MARK if d.unit == "marks" else 1)
                if points >= fine and not d.close:
                    best = max(d.options, key=lambda o: o.expected).choice
                    mistakes.append(Mistake(d.kind, d.index, str(d.chosen)[:40],
                                            str(best)[:40], points, d.where[:40]))
        self._progress_save()
        self.kept.set_review(len(self.game.hands) - 1, loss, mistakes)
        self._progress_save()
        self.progress_view.refresh(self.kept)

    @safe
    def new_game(self) -> None:
        """Start over (what "New game" does): the hands played so far stay counted. While
        a kept mistake is played again, the button is "Back to your game" instead."""
        if self.flow.practice and self.kept.game_entries():
            self.progress_view.new_button.description = "New game"
            self._progress_restore()
            return
        if self.source.mode.value == "seed":
            self.source.seed.value = int(self.source.seed.value) + 1  # another first deal
        self._start()
        self._announce()

    def play_on(self, position: Hand | HandRecord) -> None:
        """Play on from ``position`` (a hand part-played at one of this explorer's tables,
        or its record) in the learner's seat, to the end of the hand: the hint, the
        judging and the review work as in any hand. A kept game is not changed (as when a
        kept mistake is played again: "New game" returns to it). A position that is not a
        hand, is over, or is at a table this explorer does not offer is refused
        (:class:`~texas42.errors.InputError`, ``rule="position"``) and nothing changes."""
        hand = position_hand(position)  # a bad position raises here: nothing changed
        record = HandRecord.from_hand(hand)
        rules, seat = self.rules, self.seat
        with contextlib.suppress(NotationError):  # (a custom table: not one of the list)
            self._set_pickers(record.rules, seat)
        if self.rules != record.rules:
            self._set_pickers(rules, seat)  # as it was
            raise InputError("the position is at a table this explorer does not offer "
                             f"({record.rules.seats} seats, {record.rules.hand_size} "
                             "dominoes each)", rule="position")
        self._play_position(hand, seat)
        self.show_message("Play on from here. " + self._turn_words())

    def _play_position(self, hand: Hand, seat: int) -> None:
        """Play on from ``hand`` in ``seat`` (the model's :meth:`TableInPlay.play_on`: a
        hand to practise, not kept as the game)."""
        self._set_pickers(hand.rules, seat)
        self.flow.play_on(hand)
        self._make_players()
        self.log, self.choices, self._review, self._claim = [], [], [], ""
        self.hint_box.value = self.review_box.value = ""
        self._computer_turns()
        self.render()
        self.progress_view.new_button.description = "Back to your game"

    @safe
    def try_again(self, n: int) -> None:
        """Play the ``n``-th worst kept mistake again, from just before it (the kept game
        waits: "New game" or a reload comes back to it)."""
        entry, mistake = self.kept.worst_mistakes()[n]
        hand = position_hand(entry.position(mistake))
        # The decision to answer: the first action after the cut.
        self._again = (entry, mistake, len(hand.actions))
        self._play_position(hand, entry.seat)
        self.show_message(f"Again, {mistake.where}: last time you chose {mistake.chosen}. "
                          "Your game waits: 'Back to your game' (under Your progress) "
                          "returns to it. " + self._turn_words())

    def export_progress(self) -> str:
        """Every hand kept as JSON (what "Export" shows and downloads)."""
        text = self.kept.to_json(indent=1)
        self.progress_view.text.value = text
        self.store.download(text)
        n = len(self.kept.entries)
        self.show_message(f"Exported {n} hand{'' if n == 1 else 's'} as JSON (shown under "
                          "the buttons and saved as texas42-progress.json).", kind="good")
        return text

    @safe
    def import_progress(self, text: str) -> None:
        """Replace the hands kept by ``text``'s; a bad file changes nothing."""
        self.kept.load(text)  # a bad file raises here, and nothing has changed
        self.progress_view.refresh(self.kept)
        if self.kept.game_entries():
            self._progress_restore()
        n = len(self.kept.entries)
        self.show_message(f"Imported {n} hand{'' if n == 1 else 's'}; your game goes on "
                          "from the last of them.", kind="good")
