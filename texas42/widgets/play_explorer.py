"""Explorer 7, play a hand (and a whole game): the learner plays one seat with
computer partners and opponents; every computer action says why; hints on
request; the learner may lay the hand down (claim the rest) when it is sure; two people may
each play both hands of one side (a house way to play: the learner takes the
partner's seat too, and the computer plays only the other side); at
the end a review of each of the learner's decisions, judged from what the seat could
see (the coach, :mod:`texas42.analysis.coach`); then the next hand, to 7 marks
(or 250 points under the points rules), with the score kept as the ALL tally."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..contracts import Contract
from ..dominoes import Domino
from ..errors import IllegalActionError, IllegalPlayError
from ..game import Game
from ..hand import Hand, Phase
from ..rules import Rules
from ..tricks import explain_play
from . import _analysis, _coach
from ._base import Explorer, safe
from ._controls import button, dropdown, html_box, progress_bar, showing, wrap_row
from ._deals import DealSource
from ._html import SEAT_NAMES, p, page, ul
from ._pickers import RulesPicker, contract_label
from ._pictures import table_pic
from ._players import decide
from .bidding_explorer import (
    bid_options,
    bid_words,
    contract_consequence,
    explain_any_bid,
    high_special,
)
from .table_widget import TableWidget


class PlayExplorer(Explorer):
    """Play one seat of a hand against the computer.

    >>> ex = PlayExplorer(seed=5, seat=0)
    >>> ex.state["your_turn"]
    True
    """

    title = "Play a hand"

    def __init__(self, seed: int = 1, seat: int = 0, rules: Rules | str = "standard") -> None:
        super().__init__()
        self.source = DealSource(seed)
        self.seat_picker = dropdown(
            "You play:", [(f"Seat {s}", s) for s in range(4)], seat, width="12em"
        )
        self.rules_choice = RulesPicker(rules)
        self.rules_picker = self.rules_choice.dropdown
        self.commentary = W.Checkbox(
            value=True,
            indent=False,
            description="Explain the computer's actions",
            layout=W.Layout(width="auto"),
        )
        # A house way to play (no source): two people, each playing both hands of a side.
        self.two_hands = W.Checkbox(
            value=False,
            indent=False,
            description="Play your partner's hand too (two people: a house way to play)",
            layout=W.Layout(width="auto"),
        )
        self.hint_button = button("Hint", "what would a good player do here?")
        self.review_button = button("Review the hand", "judge each of your decisions from what "
                                    "you could see")
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
        self.action_box = W.VBox()
        self.progress = progress_bar("Thinking:")
        # The table: your dominoes in it are the buttons you play with.
        self.table = TableWidget(self._play, explorer=self)
        self.meaning = html_box()
        self.log_box = html_box()
        self.hint_box = html_box()
        self.review_box = html_box()
        self.score_box = html_box()
        self.source.load_button.on_click(self._on_load)
        self.seat_picker.observe(self._on_load, names="value")
        self.rules_picker.observe(self._on_load, names="value")
        self.commentary.observe(self._on_redraw, names="value")
        self.two_hands.observe(self._on_load, names="value")
        self.hint_button.on_click(self._on_hint)
        self.review_button.on_click(self._on_review)
        self.next_button.on_click(self._on_next)
        self.bid_button.on_click(self._on_bid)
        self.name_button.on_click(self._on_name)
        self.lay_down_button.on_click(self._on_lay_down)
        self.bid_picker.observe(self._on_pick, names="value")
        self.contract_picker.observe(self._on_pick, names="value")
        self.ui = W.VBox(
            [
                self.source.box,
                wrap_row([self.seat_picker, self.rules_picker, self.commentary, self.two_hands]),
                self.message_box,
                self.action_box,
                self.meaning,
                W.HBox([self.hint_button, self.review_button, self.next_button, self.progress]),
                self.hint_box,
                self.score_box,
                self.table,
                self.log_box,
                self.review_box,
            ]
        )
        self.ui.add_class("t42-play")
        self.extra = [
            *self.source.fields,
            self.bid_picker,
            self.bid_button,
            self.contract_picker,
            self.name_button,
            self.lay_down_button,
        ]
        self.game = Game(first_shaker=3, deal=self.source.deal())
        self.log: list[str] = []
        self.choices: list[tuple[int, Domino]] = []  # (action index, the learner's play)
        self._review: list[str] = []
        self._claim = ""  # the verdict on the learner's last claim
        self._busy = False
        self._start()

    @property
    def hand(self) -> Hand:
        """The hand being played: the game's latest."""
        return self.game.hand

    @property
    def seat(self) -> int:
        return int(self.seat_picker.value)

    @property
    def rules(self) -> Rules:
        return self.rules_choice.rules

    @property
    def my_seats(self) -> tuple[int, ...]:
        """The seats the learner plays: their own, and with two hands each (the
        checkbox, or a table of two people) their partner's too."""
        r = self.rules
        if self.two_hands.value and r.sides == "partners" and r.hands_per_person == 1:
            r = r.replace(hands_per_person=2)
        return r.controlled_seats(self.seat)

    @property
    def acting(self) -> int:
        """The seat the learner plays now: the seat to act when it is one of theirs,
        else their own."""
        h = self.hand
        return h.to_act if not h.is_over and h.to_act in self.my_seats else self.seat

    # -- the flow ----------------------------------------------------------------------------
    def _start(self) -> None:
        """A new game; its first hand is the chosen deal, with the learner bidding first."""
        deal = self.source.deal()  # a bad deal raises here, before anything changes
        seed = int(self.source.seed.value)
        self.game = Game(self.rules, first_shaker=(self.seat + 3) % 4, seed=seed, deal=deal)
        self._start_hand()

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
        h = self.hand
        for _ in range(100):
            # (In nello the bidder's partner sits out: if that is you, the others play on.)
            if h.is_over or h.to_act in self.my_seats:
                break
            seat = h.to_act
            decision = decide(h)
            decision.apply(h)
            verb = {"bid": "bids", "contract": "names"}.get(decision.kind, "plays")
            self.log.append(f"{SEAT_NAMES[seat]} {verb} {decision.text} — {decision.reason}.")
            if decision.kind == "contract" and h.sitting_out is not None:
                self.log.append(contract_consequence(h))

    @safe
    def _on_load(self, _change: Any = None) -> None:
        if self._busy:
            return
        self._start()
        unit = "marks" if self.rules.scoring == "marks" else "points"
        self.show_message(
            f"New game to {self.rules.target} {unit}, first hand: {self.source.describe()}. "
            "You are "
            f"{SEAT_NAMES[self.seat]}, your partner is "
            f"{SEAT_NAMES[(self.seat + 2) % 4]}"
            + (" (you play that hand too)" if len(self.my_seats) > 1 else "")
            + ". " + self._turn_words()
        )

    @safe
    def _on_next(self, _b: Any = None) -> None:
        g = self.game
        if g.is_over:
            raise IllegalActionError(
                f"the game is over: {self._team_words(g.winner or 0)} won. Press 'Deal' for a "
                "new game.", rule="game-over")
        if not self.hand.is_over:
            raise IllegalActionError("finish this hand first", rule="hand-not-over")
        g.next_hand()
        self._start_hand()

    def _team_words(self, team: int) -> str:
        return "your side" if team == self.seat % 2 else "the other side"

    def _after_learner(self, seat: int, words: str) -> None:
        self.log.append(f"You ({SEAT_NAMES[seat]}) {words}.")
        self.hint_box.value = ""
        self._computer_turns()
        self.render()

    @safe
    def _on_bid(self, _b: Any = None) -> None:
        value, seat = self.bid_picker.value, self.acting
        self.hand.bid(value if isinstance(value, str) else int(value))
        self._after_learner(seat, f"bid {bid_words(self.hand, len(self.hand.bids) - 1)}")

    @safe
    def _on_name(self, _b: Any = None) -> None:
        seat = self.acting
        self.hand.name_contract(str(self.contract_picker.value))
        words = f"named {self.hand.contract}"
        if self.hand.sitting_out is not None:
            words += ". " + contract_consequence(self.hand).rstrip(".")
        self._after_learner(seat, words)

    def play(self, domino: str | Domino) -> None:
        """Play ``domino`` for the learner (what a click on it in the table does)."""
        self._play(domino)

    @safe
    def _play(self, domino: str | Domino) -> None:
        h = self.hand
        d = Domino.parse(domino) if isinstance(domino, str) else domino
        if h.phase is not Phase.PLAYING or h.to_act not in self.my_seats:
            raise IllegalPlayError("it is not your turn to play", rule="turn")
        seat = h.to_act
        held = h.holding(seat)
        if d in held and d not in h.legal_plays():
            assert h.contract is not None
            raise IllegalPlayError(
                "Not allowed: " + explain_play(d, held, h.current_trick, h.contract),
                rule="follow-suit",
            )
        self.choices.append((len(h.actions), d))
        h.play(d)
        self._after_learner(seat, f"played {d}")

    def lay_down(self) -> None:
        """Lay the learner's hand down (what the "Lay down" button does)."""
        self._on_lay_down()

    @safe
    def _on_lay_down(self, _b: Any = None) -> None:
        h = self.hand
        if not self._may_lay_down:
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
                _analysis.check_claim(h, seat, _analysis.progress_to(bar))
                check = h.lay_down(seat)
        except IllegalActionError as exc:
            self._claim = exc.message
            self.show_message(self._claim + " Play on.", kind="warn")  # nothing changed
            return
        self._claim = check.explain()
        rest = " ".join(str(d) for d in h.plays[before:])
        self.log.append(f"You ({SEAT_NAMES[seat]}) laid down — {self._claim}")
        self.log.append(f"The engine played the rest: {rest}.")
        self.hint_box.value = ""
        self.render()
        result = h.result.describe() if h.result else h.status()
        self.show_message(f"{self._claim} {result}", kind="good")

    @property
    def _may_lay_down(self) -> bool:
        h = self.hand
        return (
            self.your_turn
            and h.phase is Phase.PLAYING
            and (h.sitting_out is None or h.declarer == self.acting)
            and h.claim is None
        )

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
        with showing(self.progress):
            got = _coach.hint(h)
        if got is None:
            decision = decide(h)
            text = f"A good player would choose {decision.text}: {decision.reason}."
            self.hint_box.value = page(p("Hint: " + text))
        else:
            body, text = got
            self.hint_box.value = body
        self.show_message("Hint: " + text)

    @safe
    def _on_review(self, _b: Any = None) -> None:
        h = self.hand
        if not h.is_over:
            self.show_message("The review comes when the hand is over: play on first.", kind="warn")
            return
        seats = [s for s in self.my_seats if any(a.seat == s for a in h.actions)]
        if not seats:
            self.review_box.value = page(p("You made no decision in this hand."))
            self.show_message("Nothing to review: you made no decision.")
            return
        if _coach.coach() is None:
            self.review_box.value = page(p("The review needs texas42.analysis."))
            self.show_message("No review: the analysis package is not installed.", kind="warn")
            return
        self.show_message("Reviewing your decisions (the bar shows how far it is)...")
        # The coach judges one seat at a time: each hand the learner played.
        reviews = [(s, _coach.run_review(h, s, self.progress)) for s in seats]
        one = len(reviews) == 1
        self._review = [(x if one else f"{SEAT_NAMES[s]}: {x}")
                        for s, rv in reviews for x in _coach.review_lines(rv)]
        self.review_box.value = "".join(
            ("" if one else page(p(f"{SEAT_NAMES[s]}'s hand:"))) + _coach.review_html(rv)
            for s, rv in reviews)
        said = [(s, *_coach.review_summary(rv)) for s, rv in reviews]
        summary = " ".join(x if one else f"{SEAT_NAMES[s]}: {x}" for s, x, _ in said)
        kind = "good" if all(k == "good" for _, _, k in said) else "info"
        self.show_message("Review: " + summary, kind=kind)

    # -- state -------------------------------------------------------------------------------
    @property
    def your_turn(self) -> bool:
        return not self.hand.is_over and self.hand.to_act in self.my_seats

    @property
    def _bidding_now(self) -> bool:
        return self.your_turn and self.hand.phase is Phase.BIDDING

    @property
    def state(self) -> dict[str, Any]:
        h = self.hand
        return {
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
            "contracts": [str(c) for c in h.valid_contracts()] if self.your_turn else [],
            "contract": str(h.contract) if h.contract else None,
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
        if h.is_over:
            g = self.game
            said = h.result.describe() if h.result else h.status()
            if g.winner is not None:
                who = "Your side wins" if g.winner == self.seat % 2 else "The other side wins"
                s = g.standing
                return f"{said} {who} the game, {s[self.seat % 2]} to {s[1 - self.seat % 2]}."
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
        if h.phase is Phase.BIDDING:
            return "Your turn to bid."
        if h.phase is Phase.CONTRACT and h.bidder != seat:
            return (
                f"Your partner bid a {high_special(h)}: "
                "you name the contract and lead, and your side must win every trick."
            )
        if h.phase is Phase.CONTRACT:
            return "You won the bid: name trumps."
        trick = h.current_trick
        how = " Click it in your hand at the bottom of the table (or Tab to it, press Enter)."
        return ("Your turn: lead any domino." if not trick
                else "Your turn: follow suit if you can.") + how

    def _score_html(self) -> str:
        """The game's score: the ALL tally of each side (marks), or points to 250."""
        g = self.game
        mine, theirs = self.seat % 2, 1 - self.seat % 2
        names = {mine: "your side", theirs: "the other side"}
        unit = "marks" if g.rules.scoring == "marks" else "points"
        head = (f"Game to {g.rules.target} {unit}, hand {len(g.hands)}: "
                f"{names[0]} (seats 0+2) {g.standing[0]}, {names[1]} (seats 1+3) "
                f"{g.standing[1]}.")
        if unit != "marks":
            return page(p(head))
        from ..svg import tally_svg

        pics = "".join(
            f'<span style="display:inline-block;margin-right:1em">'
            f'{tally_svg(g.marks[t], size=28, label=f"seats {t}+{t + 2}")}</span>'
            for t in (0, 1))
        return page(p(head)) + f"<div>{pics}</div>"

    def _draw_meaning(self) -> None:
        h = self.hand
        if self.your_turn and h.phase is Phase.BIDDING:
            self.meaning.value = page(p(explain_any_bid(self.bid_picker.value, h)))
        elif self.your_turn and h.phase is Phase.CONTRACT:
            self.meaning.value = page(p(Contract.parse(str(self.contract_picker.value)).describe()))
        else:
            self.meaning.value = ""

    def render(self) -> None:
        h = self.hand
        self._busy = True
        try:
            if self._bidding_now:
                options = bid_options(h)
                self.bid_picker.options = options
                self.bid_picker.value = options[0][1]
                self.action_box.children = [W.HBox([self.bid_picker, self.bid_button])]
            elif self.your_turn and h.phase is Phase.CONTRACT:
                cs = h.valid_contracts()
                self.contract_picker.options = [(contract_label(c), str(c)) for c in cs]
                self.contract_picker.value = str(cs[0])
                self.action_box.children = [W.HBox([self.contract_picker, self.name_button])]
            elif self.your_turn and h.phase is Phase.PLAYING:
                # The dominoes are played from the table itself (self.table).
                self.action_box.children = [self.lay_down_button] if self._may_lay_down else []
            else:
                self.action_box.children = []
        finally:
            self._busy = False
        self._draw_meaning()
        # The table is seen from the seat being played: its dominoes at the bottom.
        self.table.value = table_pic(h, seat=self.acting, show_all=h.is_over, controls=True)
        self.next_button.disabled = not h.is_over or self.game.is_over
        self.score_box.value = self._score_html()
        log = self.log if self.commentary.value else [x.split(" — ")[0] for x in self.log]
        self.log_box.value = page(p("What happened:"), ul(log[-14:])) if log else ""
        kind = (
            "good"
            if h.is_over and h.result and h.result.bidding_team == self.seat % 2 and h.result.made
            else "info"
        )
        self.show_message(self._turn_words(), kind=kind)
