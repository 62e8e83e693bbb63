"""Explorer 9, Moon: 42's cousin for three players. The learner plays one seat
against two computer players, hand after hand, to 21 points: bid tricks, take the
widow and lay one domino aside, name trumps, play. Every computer action says
why; hints and an end-of-hand review come from the coach, which judges each decision
from what the learner's seat could see (:mod:`texas42.analysis.coach`)."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..contracts import Contract
from ..dominoes import Domino
from ..errors import IllegalActionError, IllegalPlayError, NotationError
from ..hand import Phase
from ..moon import MOON_BIDS, PLAYERS, SHOOT_THE_MOON, MoonDeal, MoonGame, MoonHand
from ..tricks import explain_play
from . import _coach
from ._base import Explorer, safe
from ._controls import button, dropdown, html_box, progress_bar, showing, toggles, wrap_row
from ._html import p, page, ul
from ._pickers import contract_label
from .table_widget import TableWidget

#: The computer players a learner can sit with (names for make_player).
OPPONENTS = (("Rule-based", "rule-based"), ("Sampling (stronger, slower)", "sampling:6"),
             ("Random", "random"))


def moon_bid_words(bid: int) -> str:
    """``"pass"``, ``"5 tricks"``, ``"21: shoot the moon"``."""
    if bid == 0:
        return "pass"
    return "21: shoot the moon" if bid == SHOOT_THE_MOON else f"{bid} tricks"


def moon_bid_meaning(bid: int, hand: MoonHand) -> str:
    """What a bid promises and what it scores, in words."""
    if bid == 0:
        high = hand.high_bid
        return ("Pass: you do not bid. " + (f"The high bid stays {moon_bid_words(high)}."
                                            if high else "Nobody has bid yet."))
    if bid == SHOOT_THE_MOON:
        return ("Shoot the moon: you must take all seven tricks. Made, you score 21 and "
                "usually win the game at once; miss one trick and you lose 21.")
    return (f"Bid {bid}: you take the widow, lay one domino aside and name trumps; you "
            f"must take at least {bid} of the 7 tricks. Made, you score every trick you "
            f"take; set, you lose {bid} points.")


def _analysis() -> Any:
    # The Moon players and solver live in texas42.analysis (pure Python, shipped
    # with the engine); imported late so importing the widgets stays fast.
    from .. import analysis

    return analysis


_HOW = " Click it in your hand at the bottom of the table (or Tab to it, press Enter)."


class MoonExplorer(Explorer):
    """Play Moon (three players) against the computer, to 21 points.

    >>> ex = MoonExplorer(seed=3, seat=0)
    >>> ex.state["your_turn"], ex.state["phase"], len(ex.state["hand"])
    (True, 'bidding', 7)
    """

    title = "Moon: 42 for three"

    def __init__(self, seed: int = 1, seat: int = 0, opponents: str = "rule-based") -> None:
        super().__init__()
        self.mode = toggles("Deal from:", (("Hand number", "seed"), ("Deal code", "code")),
                            "seed")
        self.seed = W.BoundedIntText(value=seed, min=0, max=10**9, description="Hand number:",
                                     style={"description_width": "initial"},
                                     layout=W.Layout(width="14em"))
        self.code = W.Text(description="Moon deal code:", placeholder="like 451T-GPDR",
                           style={"description_width": "initial"},
                           layout=W.Layout(width="20em"))
        self.new_button = button("New game", "shake the dominoes and start a game to 21",
                                 style="primary")
        self.next_button = button("Next hand", "shake again; the shake passes to the left")
        self.seat_picker = dropdown("You play:", [(f"Seat {s}", s) for s in range(PLAYERS)],
                                    seat, width="12em")
        self.opponents = dropdown("Computer players:", list(OPPONENTS), opponents,
                                  width="22em")
        self.commentary = W.Checkbox(value=True, indent=False,
                                     description="Explain the computer's actions",
                                     layout=W.Layout(width="auto"))
        self.bid_picker = dropdown("Your bid:", [("pass", 0)], 0, width="16em")
        self.bid_button = button("Bid", "make the chosen bid", style="primary")
        self.contract_picker = dropdown("Trumps:", [("sixes", "sixes")], "sixes", width="16em")
        self.name_button = button("Name trumps", "name the chosen contract", style="primary")
        self.hint_button = button("Hint", "what would a good player do here?")
        self.review_button = button("Review the hand", "judge each of your decisions from what "
                                    "you could see")
        self.progress = progress_bar("Thinking:")
        self.action_box = W.VBox()
        self.source_box = W.HBox([self.mode, self.seed, self.new_button, self.next_button])
        self.meaning = html_box()
        self.hint_box = html_box()
        # The table: your dominoes in it are the buttons (to lay one aside, or to play).
        self.table = TableWidget(self._click, explorer=self)
        self.scores_box = html_box()
        self.log_box = html_box()
        self.review_box = html_box()
        self.mode.observe(self._on_mode, names="value")
        self.new_button.on_click(self._on_new)
        self.next_button.on_click(self._on_next)
        self.seat_picker.observe(self._on_new, names="value")
        self.opponents.observe(self._on_opponents, names="value")
        self.commentary.observe(self._on_redraw, names="value")
        self.bid_button.on_click(self._on_bid)
        self.name_button.on_click(self._on_name)
        self.bid_picker.observe(self._on_pick, names="value")
        self.contract_picker.observe(self._on_pick, names="value")
        self.hint_button.on_click(self._on_hint)
        self.review_button.on_click(self._on_review)
        self.ui = W.VBox([
            self.source_box,
            wrap_row([self.seat_picker, self.opponents, self.commentary]),
            self.message_box,
            self.action_box,
            self.meaning,
            W.HBox([self.hint_button, self.review_button, self.progress]),
            self.hint_box,
            self.scores_box,
            self.table,
            self.log_box,
            self.review_box,
        ])
        self.ui.add_class("t42-moon")
        self.extra = [self.code, self.bid_picker, self.bid_button, self.contract_picker,
                      self.name_button]
        self._busy = False
        self.log: list[str] = []
        self.choices: list[tuple[int, Domino]] = []  # (action index, the learner's play)
        self._review: list[str] = []
        self.game = MoonGame(deal=self._deal(), shaker=self._first_shaker(), seed=seed)
        self._players: dict[int, Any] = {}
        self._make_players()
        self._start_hand()

    # -- who plays ---------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return int(self.seat_picker.value)

    @property
    def hand(self) -> MoonHand:
        return self.game.hand

    def _first_shaker(self) -> int:
        # The shaker sits to the learner's right, so the learner bids first in hand 1.
        return (self.seat + PLAYERS - 1) % PLAYERS

    def _deal(self) -> MoonDeal:
        if self.mode.value == "code":
            text = str(self.code.value).strip()
            if not text:
                raise NotationError("type a Moon deal code first (8 characters, like 451T-GPDR)",
                                    rule="deal-code")
            return MoonDeal.from_code(text)
        return MoonDeal.from_seed(int(self.seed.value))

    def _make_players(self) -> None:
        make = _analysis().make_player
        name = str(self.opponents.value)
        self._players = {s: make(name, seed=s) for s in range(PLAYERS) if s != self.seat}
        self._advisor = make("rule-based")

    # -- the flow ----------------------------------------------------------------------------
    def _start_hand(self) -> None:
        self.log, self.choices, self._review = [], [], []
        self.hint_box.value = self.review_box.value = ""
        self._computer_turns()
        self.render()

    def _computer_turns(self) -> None:
        h = self.hand
        decide = _analysis().decide
        # Sampling opponents take seconds over a bid's replies: the bar moves per action.
        # (Two others act between the learner's turns; a widow or a trick's end adds more.)
        with showing(self.progress, 2) as bar:
            for n in range(64):
                if h.is_over or h.to_act == self.seat:
                    break
                self._computer_turn(h, decide)
                bar.max = max(bar.max, n + 1)
                bar.value = n + 1
        if h.is_over and h.result is not None:
            self.log.append(f"Result: {h.result.describe()}")

    def _computer_turn(self, h: MoonHand, decide: Any) -> None:
        """One action of the seat to act, a computer player."""
        seat = h.to_act
        kind = h.next_action or "play"  # not over here, so never None
        decision = decide(self._players[seat], h)
        h.apply((kind, decision.action))
        if kind == "discard":
            # The others do not see what the bidder lays aside.
            self.log.append(f"Seat {seat} picks up the widow and lays one domino aside.")
            return
        verb = {"bid": "bids", "contract": "names"}.get(kind, "plays")
        what = moon_bid_words(int(decision.action)) if kind == "bid" else str(decision.action)
        self.log.append(f"Seat {seat} {verb} {what} — {decision.reason.rstrip('.')}.")

    def _after_learner(self, words: str) -> None:
        self.log.append(f"You (seat {self.seat}) {words}.")
        self.hint_box.value = ""
        self._computer_turns()
        self.render()

    @safe
    def _on_mode(self, _change: Any = None) -> None:
        field = self.code if self.mode.value == "code" else self.seed
        self.source_box.children = [self.mode, field, self.new_button, self.next_button]

    @safe
    def _on_new(self, _change: Any = None) -> None:
        if self._busy:
            return
        deal = self._deal()  # a bad code raises here, before anything changes
        self.game = MoonGame(deal=deal, shaker=self._first_shaker(), seed=int(self.seed.value))
        self._make_players()
        self._start_hand()
        self.show_message(f"New game to 21, Moon deal {deal.code}. You are seat {self.seat}. "
                          + self._turn_words())

    @safe
    def _on_next(self, _b: Any = None) -> None:
        if self.game.is_over:
            raise IllegalActionError(
                f"the game is over: seat {self.game.winner} reached 21. Press 'New game'.",
                rule="game-over")
        if not self.hand.is_over:
            raise IllegalActionError("finish this hand first (every trick is played)",
                                     rule="hand-not-over")
        self.game.next_hand()
        self._start_hand()

    @safe
    def _on_opponents(self, _change: Any = None) -> None:
        self._make_players()
        self.show_message(f"The computer now plays {self.opponents.label.split(' (')[0]}.")

    @safe
    def _on_bid(self, _b: Any = None) -> None:
        self._require_turn(Phase.BIDDING, "bid")
        value = int(self.bid_picker.value)
        self.hand.bid(value)
        self._after_learner(f"bid {moon_bid_words(value)}")

    @safe
    def _on_name(self, _b: Any = None) -> None:
        self._require_turn(Phase.CONTRACT, "name trumps")
        self.hand.name_contract(str(self.contract_picker.value))
        self._after_learner(f"named {self.hand.contract}")

    def play(self, domino: str | Domino) -> None:
        """Click ``domino`` for the learner: discard it or play it (what a click on it in
        the table does)."""
        self._click(domino)

    @safe
    def _click(self, domino: str | Domino) -> None:
        h = self.hand
        d = Domino.parse(domino) if isinstance(domino, str) else domino
        if h.phase is Phase.CONTRACT and h.discard is None:
            self._require_turn(Phase.CONTRACT, "lay a domino aside")
            h.discard_domino(d)
            self._after_learner(f"picked up the widow and laid {d} aside")
            return
        self._require_turn(Phase.PLAYING, "play")
        held = h.holding(self.seat)
        if d in held and d not in h.legal_plays():
            assert h.contract is not None
            raise IllegalPlayError(
                "Not allowed: " + explain_play(d, held, h.current_trick, h.contract),
                rule="follow-suit")
        self.choices.append((len(h.actions), d))
        h.play(d)
        self._after_learner(f"played {d}")

    def _require_turn(self, phase: Phase, what: str) -> None:
        if self.hand.phase is not phase or self.hand.to_act != self.seat:
            raise IllegalActionError(f"you cannot {what} now: {self.hand.status()}",
                                     rule="turn")

    @safe
    def _on_pick(self, _change: Any = None) -> None:
        if not self._busy:
            self._draw_meaning()

    @safe
    def _on_redraw(self, _change: Any = None) -> None:
        self.render()

    # -- help ----------------------------------------------------------------------------------
    @safe
    def _on_hint(self, _b: Any = None) -> None:
        h = self.hand
        if h.is_over or h.to_act != self.seat:
            self.hint_box.value = page(p("No hint needed: it is not your turn."))
            self.show_message("It is not your turn.", kind="warn")
            return
        a = _analysis()
        decision = a.decide(self._advisor, h)
        what = (moon_bid_words(int(decision.action)) if h.phase is Phase.BIDDING
                else str(decision.action))
        text = f"A good player would choose {what}: {decision.reason.rstrip('.')}."
        if h.phase is Phase.BIDDING:
            # 600 deals: under a second in CPython, each chance within +/-4 points (95%).
            from ..analysis.evaluator import TrickEvaluation, evaluate_hand

            deals = 600
            with showing(self.progress, deals):
                ev = evaluate_hand(
                    h.holding(self.seat), seat=self.seat, shaker=h.shaker, rules=h.rules,
                    auction=list(h.bids), samples=deals, seed=len(self.game.hands),
                    progress=lambda done, _total: setattr(self.progress, "value", done))
            assert isinstance(ev, TrickEvaluation)  # Moon bids in tricks
            text += (f" Odds from {deals} deals played out by rule-based players "
                     f"(you win the bid, take the widow and name trumps): {ev.describe()}")
        body = ""
        if h.phase is not Phase.BIDDING:
            with showing(self.progress):
                got = _coach.hint(h, seed=len(self.game.hands))
            if got is not None:
                body, coach_text = got
                text += " The coach: " + coach_text
        self.hint_box.value = page(p("Hint: " + text)) + body
        self.show_message("Hint: " + text)

    @safe
    def _on_review(self, _b: Any = None) -> None:
        h = self.hand
        if not h.is_over:
            self.show_message("The review comes when the hand is over: play on first.",
                              kind="warn")
            return
        if not any(a.seat == self.seat for a in h.actions):
            self.review_box.value = page(p("You made no decision in this hand."))
            self.show_message("Nothing to review: you made no decision.")
            return
        self.show_message("Reviewing your decisions (the bar shows how far it is)...")
        rv = _coach.run_review(h, self.seat, self.progress, seed=len(self.game.hands))
        if rv is None:
            self.review_box.value = page(p("The review needs texas42.analysis."))
            self.show_message("No review: the analysis package is not installed.", kind="warn")
            return
        self._review = _coach.review_lines(rv)
        self.review_box.value = _coach.review_html(rv)
        summary, kind = _coach.review_summary(rv)
        self.show_message("Review: " + summary, kind=kind)

    # -- state ---------------------------------------------------------------------------------
    @property
    def your_turn(self) -> bool:
        return not self.hand.is_over and self.hand.to_act == self.seat

    @property
    def state(self) -> dict[str, Any]:
        h = self.hand
        turn = self.your_turn
        return {
            "seat": self.seat,
            "phase": h.phase.value,
            "to_act": h.to_act if not h.is_over else None,
            "your_turn": turn,
            "hand": [str(d) for d in h.holding(self.seat)],
            "bids": [v for _, v in self.bid_picker.options]
            if turn and h.phase is Phase.BIDDING else [],
            "discarding": turn and h.phase is Phase.CONTRACT and h.discard is None,
            "contracts": [str(c) for c in h.valid_contracts()] if turn else [],
            "legal": [str(d) for d in h.legal_plays()] if turn else [],
            "bidder": h.bidder,
            "contract": str(h.contract) if h.contract else None,
            "tricks_won": list(h.tricks_won),
            "result": h.result.describe() if h.result else None,
            "scores": list(self.game.scores),
            "hands_played": len(self.game.hands),
            "winner": self.game.winner,
            "log": list(self.log),
            "review": list(self._review),
            "message": self.message,
        }

    def _turn_words(self) -> str:
        h, g = self.hand, self.game
        if g.is_over:
            who = "You win" if g.winner == self.seat else f"Seat {g.winner} wins"
            return f"{h.status()} {who} the game with {g.scores[g.winner or 0]} points."
        if h.phase is Phase.RESHAKE:
            return "Everyone passed: press 'Next hand' to shake again."
        if h.is_over:
            return f"{h.status()} Press 'Review the hand', or 'Next hand' to go on to 21."
        if h.to_act != self.seat:
            return h.status()
        if h.phase is Phase.BIDDING:
            return "Your turn to bid: how many of the 7 tricks can you take?"
        if h.phase is Phase.CONTRACT and h.discard is None:
            return ("You won the bid and picked up the widow: you hold 8. Click the domino to "
                    "lay aside in your hand at the bottom of the table (nobody else sees it).")
        if h.phase is Phase.CONTRACT:
            return "Now name trumps: a number, or follow-me. Doubles are never trumps in Moon."
        if not h.current_trick:
            return "Your turn: lead any domino." + _HOW
        return "Your turn: follow suit if you can." + _HOW

    def _draw_meaning(self) -> None:
        h = self.hand
        if self.your_turn and h.phase is Phase.BIDDING:
            self.meaning.value = page(p(moon_bid_meaning(int(self.bid_picker.value), h)))
        elif self.your_turn and h.phase is Phase.CONTRACT and h.discard is not None:
            c = Contract.parse(str(self.contract_picker.value))
            self.meaning.value = page(p(c.describe()))
        else:
            self.meaning.value = ""

    def render(self) -> None:
        h = self.hand
        self._busy = True
        try:
            if self.your_turn and h.phase is Phase.BIDDING:
                options = [(moon_bid_words(b), b) for b in h.valid_bids()]
                self.bid_picker.options = options
                self.bid_picker.value = options[0][1]
                self.action_box.children = [W.HBox([self.bid_picker, self.bid_button])]
            elif self.your_turn and h.phase is Phase.CONTRACT and h.discard is None:
                self.action_box.children = []  # the discard is clicked in the table
            elif self.your_turn and h.phase is Phase.CONTRACT:
                cs = h.valid_contracts()
                self.contract_picker.options = [(contract_label(c), str(c)) for c in cs]
                self.contract_picker.value = str(cs[0])
                self.action_box.children = [W.HBox([self.contract_picker, self.name_button])]
            elif self.your_turn and h.phase is Phase.PLAYING:
                self.action_box.children = []  # played from the table
            else:
                self.action_box.children = []
            self.next_button.disabled = not h.is_over or self.game.is_over
        finally:
            self._busy = False
        self._draw_meaning()
        self.table.value = self._table()
        self.scores_box.value = self._scores()
        log = self.log if self.commentary.value else [x.split(" — ")[0] for x in self.log]
        self.log_box.value = page(p("What happened:"), ul(log[-12:])) if log else ""
        won = h.result is not None and (
            (h.result.bidder == self.seat and h.result.made)
            or (h.result.bidder != self.seat and not h.result.made))
        self.show_message(self._turn_words(), kind="good" if won else "info")

    def _table(self) -> str:
        from ..svg import moon_table_svg

        h = self.hand
        controls: Any = True
        if self.your_turn and h.phase is Phase.CONTRACT and h.discard is None:
            controls = {d: f"Lay {d} aside" for d in h.holding(self.seat)}
        return moon_table_svg(h, seat=self.seat, show_all=h.is_over, size=40, controls=controls)

    def _scores(self) -> str:
        g = self.game
        parts = [f"seat {s}{' (you)' if s == self.seat else ''}: {g.scores[s]}"
                 for s in range(PLAYERS)]
        return page(p(f"Game to 21, hand {len(g.hands)} · scores: " + ", ".join(parts)))


__all__ = ["MOON_BIDS", "MoonExplorer", "moon_bid_meaning", "moon_bid_words"]
