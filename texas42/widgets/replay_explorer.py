"""Explorer 6, hand replay: step forward and back through a whole hand (slider
and buttons); one seat's view or all hands open; played tricks hidden for mark
bids as the rules say; what each playable domino leads to (with the solver); a
"what we know" panel (who has shown out of which suit). A rules profile and a
contract can be chosen: under house rules the computer can be made to play nello
or sevens. Every table is a profile of the Rules picker (or of a pasted record):
Moon, the three-player game (the widow and the bidder's discard), three-hand 42,
Moon for four to seven; the views are its seats."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Sequence
from typing import Any, cast

import ipywidgets as W

from ..analysis.moon_solver import MoonSolution
from ..bidding import PASS, valid_bids
from ..contracts import Contract
from ..deals import Deal
from ..dominoes import Domino
from ..errors import IllegalContractError, Texas42Error
from ..hand import Hand, Phase, allowed_contracts
from ..moon import MoonHand, hand_type
from ..records import HandRecord
from ..rules import STANDARD, Rules
from . import _analysis, _coach, _tables
from ._base import Explorer, safe
from ._controls import button, dropdown, html_box, progress_bar, showing, toggles, wrap_row
from ._deals import DealSource
from ._html import SEAT_NAMES, p, page, suit_words, ul
from ._pickers import RulesPicker, contract_label
from ._pictures import table_pic, trick_pic
from ._players import decide
from ._review_view import ReviewView
from .table_widget import TableWidget

VIEWS = (("All hands open", -1), ("Seat 0", 0), ("Seat 1", 1), ("Seat 2", 2), ("Seat 3", 3))


def views_of(seats: int) -> tuple[tuple[str, int], ...]:
    """The views of a table: every hand open, or one seat's."""
    return (("All hands open", -1), *((f"Seat {s}", s) for s in range(seats)))

#: Solver views slower than this show a progress bar first.
PROGRESS_AFTER = 0.5


#: The contract picker's first choice: the computer bids and names as it likes.
COMPUTER = "computer"


def play_whole_hand(
    deal: Deal,
    *,
    shaker: int = 0,
    rules: Rules | None = None,
    contract: Contract | str | None = None,
) -> Hand:
    """Bid and play ``deal`` to the end with the computer players, at the table of
    ``rules`` (42's by default).

    With ``contract``, the hand starts at its play (:meth:`Hand.at_play`): the first
    bidder bid just enough for it (in tricks: the lowest bid), the others passed, the
    bidder laid aside what the computer chose after taking the widow, and ``contract``
    was named; then the computer plays the hand."""
    rules = rules or STANDARD
    kind = hand_type(rules)
    if contract is None:
        hand = kind(deal, shaker=shaker, rules=rules)
    else:
        hand = kind.at_play(deal, contract, shaker=shaker, rules=rules, auction=(),
                            discards=lambda h: cast(Domino, decide(h).value))
    for _ in range(400):
        if hand.is_over:
            break
        decide(hand).apply(hand)
    return hand


def _solver_side(h: Hand, team: int) -> str:
    """The side the solver counts for, in words: partners, or the bidder against the
    rest of the table (the search plays every other table as two sides)."""
    if h.rules.sides == "partners":
        seats = [s for s in range(h.rules.seats) if s % 2 == team]
        return f"this side (seats {'+'.join(map(str, seats))})"
    bidder = h.bidder if h.bidder is not None else h.to_act
    if h.rules.side_of(h.to_act, bidder) == h.rules.side_of(bidder, bidder):
        return f"the bidder ({SEAT_NAMES[bidder]})"
    return f"the bidder's opponents together (against {SEAT_NAMES[bidder]})"


class ReplayExplorer(Explorer):
    """Step through a whole hand of any table (42's, Moon's with ``rules="moon"`` ...).

    >>> ex = ReplayExplorer(seed=2)
    >>> ex.slider.value = ex.slider.max; ex.state["phase"]
    'over'
    >>> ReplayExplorer(seed=2, rules="moon").state["game"]
    'moon'
    """

    title = "Hand replay"

    def __init__(
        self,
        seed: int = 1,
        record: HandRecord | Hand | str | None = None,
        solver: bool = False,
        rules: Rules | str = "standard",
        contract: str | None = None,
    ) -> None:
        super().__init__()
        self.source = DealSource(seed)
        # Every table is one more profile of the Rules picker (players=None offers them):
        # a learner looks for "which game" where the rules are chosen, and the hand
        # number, deal code, contract and views then work as they do for 42.
        self.rules_choice = RulesPicker(rules, players=None, tables=True)
        self.rules_picker = self.rules_choice.dropdown
        self.contract_picker = dropdown(
            "Contract:", self._contract_options(), COMPUTER, width="24em"
        )
        if contract is not None:
            key = str(Contract.parse(contract))
            if key not in [v for _, v in self.contract_picker.options]:
                hint = (
                    "a Moon bidder names a number or follow-me"
                    if not self.rules.doubles_trump
                    else "choose rules that play it (lechner, or house for every option)"
                )
                raise IllegalContractError(
                    f"{key} cannot be bid under the {self.rules.name} rules: {hint}",
                    rule="contract-not-allowed",
                )
            self.contract_picker.value = key
        self.record_box = W.Textarea(
            description="Record:",
            placeholder='or paste a hand record (JSON, of any table): {"hands": ...}',
            layout=W.Layout(width="36em", height="4em"),
        )
        self.record_button = button("Load record", "replay the pasted hand record")
        self.slider = W.IntSlider(
            value=0,
            min=0,
            max=1,
            description="Step:",
            continuous_update=True,
            layout=W.Layout(width="36em"),
            style={"description_width": "initial"},
        )
        self.first_button = button("|◀ Start", "back to the shake")
        self.back_button = button("◀ Back", "one action back")
        self.forward_button = button("Forward ▶", "one action forward")
        self.last_button = button("End ▶|", "to the end of the hand")
        self.view_picker = toggles("View:", VIEWS, -1)
        self.solver_box = W.Checkbox(
            value=solver,
            indent=False,
            description="Show what each playable domino leads to (solver, all hands open: "
                        "hindsight)",
            layout=W.Layout(width="auto"),
        )
        self.progress = progress_bar("Solving:")
        self.review_seat = dropdown("Review for:", [(f"Seat {s}", s) for s in range(4)], 0,
                                    width="12em")
        self.review_button = button("Review the hand", "judge each decision of that seat "
                                    "from what it could see (the coach)")
        self.review_box = ReviewView(self)
        self._review: list[str] = []
        # The table widget (nothing to click here): it knows the page's width, so a phone
        # gets the compact table.
        self.table = TableWidget(lambda _domino: None, explorer=self)
        self.step_box = html_box()
        self.tricks_box = html_box()
        self.known_box = html_box()
        self.options_box = html_box()
        self.source.load_button.on_click(self._on_load)
        self.rules_picker.observe(self._on_rules, names="value")
        self.contract_picker.observe(self._on_load, names="value")
        self.record_button.on_click(self._on_record)
        self.slider.observe(self._on_step, names="value")
        self.first_button.on_click(self._on_first)
        self.back_button.on_click(self._on_back)
        self.forward_button.on_click(self._on_forward)
        self.last_button.on_click(self._on_last)
        self.view_picker.observe(self._on_redraw, names="value")
        self.solver_box.observe(self._on_redraw, names="value")
        self.review_button.on_click(self._on_review)
        self.ui = W.VBox(
            [
                self.source.box,
                wrap_row([self.rules_picker, self.contract_picker]),
                W.HBox([self.record_box, self.record_button]),
                self.slider,
                W.HBox(
                    [self.first_button, self.back_button, self.forward_button, self.last_button]
                ),
                self.view_picker,
                W.HBox([self.solver_box, self.progress]),
                self.message_box,
                self.step_box,
                self.table,
                self.options_box,
                W.HBox([self.known_box, self.tricks_box]),
                W.HBox([self.review_seat, self.review_button]),
                self.review_box,
            ]
        )
        self.ui.add_class("t42-replay")
        self.extra = [*self.source.fields, self.review_seat]
        self.full: Hand = Hand(Deal.from_seed(seed))
        self.hand: Hand = self.full
        self._states: Sequence[Hand] = []
        self._options: dict[str, str] = {}
        self._busy = False
        if isinstance(record, str):
            record = HandRecord.from_json(record)
        if record is not None:
            self._load_record(record)
        else:
            self._show_source_hints()
            self._load()

    # -- loading -----------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.rules_choice.rules

    @property
    def is_moon(self) -> bool:
        """Whether the hand loaded is a Moon hand."""
        return isinstance(self.full, MoonHand)

    def _contract_options(self) -> list[tuple[str, str]]:
        """The computer's choice, then every contract some bid of these rules allows."""
        rules = self.rules
        if rules.bidding == "tricks":
            every = [(contract_label(c), str(c)) for c in allowed_contracts(rules)]
            return [("The computer bids and names", COMPUTER), *every]
        bids = [b for b in valid_bids(PASS, rules) if b != PASS]
        reachable = [
            (contract_label(c), str(c))
            for c in allowed_contracts(rules)
            if any(c in allowed_contracts(rules, b) for b in bids)
        ]
        return [("The computer bids and names", COMPUTER), *reachable]

    @property
    def forced_contract(self) -> str | None:
        value = str(self.contract_picker.value)
        return None if value == COMPUTER else value

    def _sync_contracts(self) -> None:
        """The contract picker offers what the chosen rules play (the choice kept if it can)."""
        keep = self.contract_picker.value
        self._busy = True
        try:
            options = self._contract_options()
            self.contract_picker.options = options
            values = [v for _, v in options]
            self.contract_picker.value = keep if keep in values else COMPUTER
        finally:
            self._busy = False

    def _show_source_hints(self) -> None:
        """The deal code and typed hands say what a deal of this table looks like."""
        self.source.show_table(self.rules.layout)

    def _load(self) -> None:
        """Deal from the deal row and let the computer players bid and play it all."""
        deal = self.source.deal(self.rules.layout)
        full = play_whole_hand(deal, rules=self.rules, contract=self.forced_contract)
        self._set_full(full)
        how = (
            "played by the computer players"
            if self.forced_contract is None
            else f"seat {full.bidder} bid just enough to name {self.forced_contract}, "
            "and the computer players played it"
        )
        self.show_message(
            f"Dealt {self.source.describe(deal)} and {how}. Step through it."
        )

    def _check_claim_first(self, record: HandRecord) -> None:
        """Check the record's claim where it was made with the progress bar moving (a
        claim check may take seconds); the replay then reuses the verdict. Any problem is
        left for the replay to report."""
        claim = record.claim
        assert claim is not None
        try:
            before = HandRecord(record.deal, record.shaker, record.rules, record.bids,
                                record.contract, record.plays[: claim.play]).replay()
            with showing(self.progress) as bar:
                _analysis.check_claim(before, claim.seat, _analysis.progress_to(bar))
        except ValueError:
            return

    @safe
    def _load_record(self, record: HandRecord | Hand) -> None:
        if isinstance(record, HandRecord) and record.claim is not None:
            self._check_claim_first(record)
        # Replay first: an illegal record raises here and the loaded hand stays.
        hand = _tables.read_hand_record(record) if isinstance(record, HandRecord) else record
        self._busy = True
        try:
            self.rules_choice.select(hand.rules)
            self.contract_picker.options = self._contract_options()
            self.contract_picker.value = COMPUTER
        finally:
            self._busy = False
        self._show_source_hints()
        self._set_full(hand)
        table = "" if hand.rules.is_42 else " Moon" if self.is_moon else f" {hand.rules.name}"
        self.show_message(f"Loaded the{table} hand record.")

    @safe
    def _on_rules(self, _change: Any = None) -> None:
        if self._busy:
            return
        self._sync_contracts()
        self._show_source_hints()
        try:
            self._load()
        except Texas42Error:
            # The deal row cannot give a deal of this game: the rules go back to those of
            # the hand still loaded, so the controls never disagree with the table.
            self._busy = True
            try:
                self.rules_choice.select(self.full.rules)
            finally:
                self._busy = False
            self._sync_contracts()
            self._show_source_hints()
            raise

    def _set_full(self, hand: Hand) -> None:
        self.full = hand
        self._review = []
        self.review_box.value = ""
        seats = hand.seats
        if len(self.review_seat.options) != seats:
            self.review_seat.options = [(f"Seat {s}", s) for s in range(seats)]
            self.review_seat.value = 0
        # Every position once (a replay is at most ~60 actions): stepping is then instant.
        h = type(hand)(hand.deal, shaker=hand.shaker, rules=hand.rules)
        states = [h]
        for a in hand.actions:
            h = h.copy()
            h.apply(a[:2])
            states.append(h)
        self._states = states
        self._busy = True
        try:
            views = views_of(seats)
            if tuple(self.view_picker.options) != views:
                keep = self.view_picker.value
                self.view_picker.options = views
                # A seat the new table does not have: back to all hands open.
                self.view_picker.value = keep if keep in [v for _, v in views] else -1
            self.slider.max = len(hand.actions)
            self.slider.value = 0
        finally:
            self._busy = False
        self._show(0)

    @safe
    def _on_load(self, _b: Any = None) -> None:
        if not self._busy:
            self._load()

    @safe
    def _on_record(self, _b: Any = None) -> None:
        text = str(self.record_box.value).strip()
        if not text:
            self.show_message("Paste a hand record (JSON) first.", kind="warn")
            return
        self._load_record(HandRecord.from_json(text))

    # -- stepping ----------------------------------------------------------------------------
    @safe
    def _on_step(self, change: Any) -> None:
        if not self._busy:
            self._show(int(change["new"]))

    def _go(self, step: int) -> None:
        self.slider.value = max(0, min(self.slider.max, step))  # draws through _on_step

    @safe
    def _on_first(self, _b: Any = None) -> None:
        self._go(0)

    @safe
    def _on_back(self, _b: Any = None) -> None:
        if self.slider.value == 0:
            self.show_message("Already at the start.", kind="warn")
            return
        self._go(self.slider.value - 1)

    @safe
    def _on_forward(self, _b: Any = None) -> None:
        if self.slider.value == self.slider.max:
            self.show_message("Already at the end of the hand.", kind="warn")
            return
        self._go(self.slider.value + 1)

    @safe
    def _on_last(self, _b: Any = None) -> None:
        self._go(self.slider.max)

    @safe
    def _on_redraw(self, _change: Any = None) -> None:
        if not self._busy:
            self._show(int(self.slider.value))

    # -- state -------------------------------------------------------------------------------
    @property
    def view(self) -> int | None:
        v = int(self.view_picker.value)
        return None if v < 0 else v

    @property
    def state(self) -> dict[str, Any]:
        h = self.hand
        seat = self.view
        players = h.seats
        voids = h.known_voids()
        tricks_won = [sum(t.winner == s for t in h.tricks) for s in range(players)]
        discard = widow = None
        if h.discards:
            seen = _tables.may_see_discard(h, seat)
            discard = " ".join(map(str, h.discards)) if seen else "face down"
        if h.rules.widow and h.bidder is None:  # still on the table, face down but open
            widow = " ".join(map(str, h.deal.widow_set)) if seat is None else "face down"
        return {
            "game": "moon" if self.is_moon else "42" if h.rules.is_42 else h.rules.name,
            "rules": h.rules.name,
            "contracts": [v for _, v in self.contract_picker.options][1:],
            "step": int(self.slider.value),
            "steps": int(self.slider.max),
            "phase": h.phase.value,
            "sitting_out": h.sitting_out,
            "trick_sizes": [len(t.plays) for t in h.tricks],
            "view": seat,
            "views": [v for _, v in self.view_picker.options],
            "contract": str(h.contract) if h.contract else None,
            "trick": [str(d) for d in h.current_trick],
            "visible_tricks": len(self._visible_tricks(h)),
            "tricks_hidden": h.tricks_hidden,
            "voids": {s: sorted(x.label for x in v) for s, v in voids.items() if v},
            # The dominoes this view shows, by seat (the others are face down).
            "hands": {
                s: [str(d) for d in h.holding(s)]
                for s in range(players)
                if seat is None or s == seat
            },
            "tricks_won": tricks_won,
            "bidder": h.bidder,
            "discard": discard,
            "widow": widow,
            "options": dict(self._options),
            "review": list(self._review),
            "message": self.message,
        }

    @staticmethod
    def _visible_tricks(h: Hand) -> list[Any]:
        return list(h.visible_tricks())

    # -- drawing -----------------------------------------------------------------------------
    def _words(self, step: int) -> str:
        """What happened at ``step``, as the chosen view may know it."""
        h = self._states[step]
        if step == 0:
            r = h.rules
            if r.widow or r.aside:
                n = r.widow or r.aside
                what = "the widow" if r.widow else "laid aside, out of play"
                each = _tables.number_words(r.hand_size)
                return (
                    f"The shake: {SEAT_NAMES[h.shaker]} shook; {each} dominoes each, and "
                    f"{_tables.number_words(n)} face down: {what}. The bidding starts."
                )
            return f"The shake: {SEAT_NAMES[h.shaker]} shook; the bidding starts."
        before, action = self._states[step - 1], self.full.actions[step - 1]
        words = _tables.action_words(before, h, action, seat=self.view)
        claim = getattr(self.full, "claim", None)
        if claim is not None and action.kind == "play":
            # Plays after a lay-down were made by the engine, not chosen by the players.
            first = len(self.full.actions) - len(self.full.plays) + claim.play
            if step - 1 == first:
                words = (f"{SEAT_NAMES[claim.seat]} lays the hand down: the claim is sure, "
                         f"so the engine plays the rest. {words}")
            elif step - 1 > first:
                words = f"(Played out after the lay-down.) {words}"
        return words

    def _show(self, step: int) -> None:
        step = max(0, min(step, len(self._states) - 1))
        h = self.hand = self._states[step]
        seat = self.view
        what = self._words(step)
        self.step_box.value = page(
            p(f"Step {step} of {len(self._states) - 1}. {what}"), p(h.status())
        )
        self._options = {}
        highlight = None
        if self.solver_box.value and h.phase is Phase.PLAYING:
            highlight = self._solver_view(h, seat)
        elif self.solver_box.value:
            self.options_box.value = page(
                p("The solver has nothing to say outside the play of the dominoes.")
            )
        else:
            self.options_box.value = ""
        self.table.draw(lambda compact: table_pic(h, seat=seat, show_all=seat is None,
                                                  highlight=highlight, compact=compact,
                                                  size=self.table.tile_size))
        self._draw_tricks(h)
        self._draw_known(h)
        if step == len(self._states) - 1 and h.result is not None:
            self.show_message(h.result.describe(), kind="good")
        else:
            self.show_message(what)

    def _solver_view(self, h: Hand, seat: int | None) -> dict[Any, str] | None:
        if seat is not None and seat != h.to_act:
            self.options_box.value = page(
                p(
                    f"It is {SEAT_NAMES[h.to_act]}'s turn; from {SEAT_NAMES[seat]}'s seat its "
                    "dominoes are face down. Choose 'All hands open' or that seat to see its "
                    "options."
                )
            )
            return None
        start = time.perf_counter()
        cached = _analysis.is_cached(h)
        if not cached:
            self.options_box.value = page(
                p("Solving this position (every remaining domino and every way to play it) ...")
            )
        with showing(self.progress) if not cached else contextlib.nullcontext(self.progress) as bar:
            sol = _analysis.solve(h, _analysis.progress_to(bar))
        if sol is None:
            return None
        items = []
        marks: dict[Any, str] = {}
        for d, value in sol.plays.items():
            label = sol.label(d)
            self._options[str(d)] = label
            marks[d] = "best" if label == "best" else "legal"
            if isinstance(sol, MoonSolution):
                tricks = f"{value} more trick{'s' if value != 1 else ''}"
                items.append(
                    f"{d}: with best play afterwards, the bidder ({SEAT_NAMES[sol.bidder]}) "
                    f"takes {tricks} — {label}."
                )
            else:
                team = sol.sides[h.to_act]
                unit = "tricks" if h.rules.bidding == "tricks" else "points"
                items.append(
                    f"{d}: with best play afterwards, {_solver_side(h, team)} takes "
                    f"{sol.plays[d][team]} more {unit} — {label}."
                )
        took = time.perf_counter() - start
        line = " ".join(str(d) for d in sol.line[:8])
        parts = [
            p(
                f"Hindsight (all hands open): what each domino {SEAT_NAMES[h.to_act]} may "
                f"play leads to if every player knew every hand (solved in {took:.2f} s). "
                "No player knows that much: for what the seat could know, use 'Review the "
                "hand' below."
            ),
            ul(items),
            p(f"One best line from here: {line} ..."),
        ]
        if isinstance(sol, MoonSolution):
            parts.append(p(sol.describe()))
        self.options_box.value = page(*parts)
        return marks

    @safe
    def _on_review(self, _b: Any = None) -> None:
        """The coach's review of the whole recorded hand, for the chosen seat."""
        seat = int(self.review_seat.value)
        full = self.full
        if not any(a.seat == seat for a in full.actions):
            self._review = []
            self.review_box.value = page(p(f"{SEAT_NAMES[seat]} made no decision in this "
                                           "hand."))
            self.show_message("Nothing to review for that seat.")
            return
        rv = _coach.run_review(full, seat, self.progress)
        you = SEAT_NAMES[seat]
        self._review = _coach.review_lines(rv, you)
        self.review_box.you = you
        self.review_box.show(full, [(seat, rv)])
        self.show_message(f"Review of {you}: {_coach.total_words(rv)} given away on average, "
                          "judged from what that seat could see.")

    def _draw_tricks(self, h: Hand) -> None:
        if not h.tricks:
            self.tricks_box.value = ""
            return
        parts = [p("Played tricks:")]
        if not h.rules.is_42:
            # (The 42 trick picture has four places: other tables show a row.)
            for n, t in enumerate(h.tricks, 1):
                parts.append(_tables.trick_row(t))
                won = "" if t.winner is None else f"; {SEAT_NAMES[t.winner]} won it"
                parts.append(p(f"Trick {n}: {SEAT_NAMES[t.leader]} led{won}."))
            self.tricks_box.value = page(*parts)
            return
        c = h.contract
        visible = h.visible_tricks()
        if h.tricks_hidden and len(visible) < len(h.tricks):
            parts.append(
                p(
                    f"This is a mark bid: played tricks are turned face down (the {h.rules.name} "
                    f"rules let players look at {h.rules.review} of them)."
                )
            )
        for t in visible:
            w = t.winner
            parts.append(
                trick_pic(
                    t.plays,
                    t.leader,
                    c,
                    winner=None if w is None else list(t.seats).index(w),
                    size=28,
                    sitting_out=h.sitting_out,
                )
            )
            parts.append(p(str(t)))
        self.tricks_box.value = page(*parts)

    def _draw_known(self, h: Hand) -> None:
        voids = h.known_voids()
        c = h.contract
        items = []
        if c is not None:
            for s, suits in voids.items():
                for suit in sorted(suits):
                    items.append(
                        f"{SEAT_NAMES[s]} has shown out of {suit_words(suit, c)}: "
                        f"it did not follow when they were led, so it holds none."
                    )
        if not items:
            items.append("Nobody has shown out of a suit yet.")
        if h.discards and h.bidder is not None:
            who = SEAT_NAMES[h.bidder]
            if _tables.may_see_discard(h, self.view):
                laid = " ".join(map(str, h.discards))
                items.append(f"{who} laid {laid} aside: nobody can play it this hand.")
            else:
                items.append(f"{who} laid one domino aside; only {who} knows which.")
        self.known_box.value = page(p("What we know:"), ul(items))
