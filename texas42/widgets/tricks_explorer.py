"""Explorer 4, tricks: pick a rules profile (42's, or another table: three-hand 42,
Moon, Moon for four to seven), a contract and a leader, then play seat by seat.
Illegal plays are refused with the rule in words; the winner and the points are shown
and explained. Under house rules the contracts include nello (the first leader is the
bidder, the partner sits out, tricks of three) and sevens (play the domino closest
to 7)."""

from __future__ import annotations

from typing import Any, NamedTuple

import ipywidgets as W

from ..contracts import Contract
from ..deals import Deal
from ..dominoes import Domino, DominoSet
from ..errors import IllegalPlayError
from ..rules import Rules
from ..svg import dominoes_svg, play_labels
from ..tricks import (
    explain_play,
    explain_winner,
    led_suit,
    legal_plays,
    trick_winner,
)
from ._base import Explorer, safe
from ._controls import button, dropdown, html_box, wrap_row
from ._html import SEAT_NAMES, p, page, points, seat_label, suit_words
from ._pickers import RulesPicker, allowed_contract_keys, contract_options
from ._pictures import row, trick_pic
from .count_explorer import trick_sum
from .table_widget import TableWidget

#: Every contract the explorer can show (a rules profile offers some of them).
TRICK_CONTRACTS = contract_options()


class PlayedTrick(NamedTuple):
    """A finished trick: who led, the dominoes, the seat of each, the winning seat."""

    leader: int
    plays: list[Domino]
    seats: list[int]
    winner: int


class TrickExplorer(Explorer):
    """Play tricks seat by seat from a shaken deal; illegal plays are refused.

    ``rules`` (a preset name, ``"house"`` for every option, or a
    :class:`~texas42.Rules`) decides the contracts offered: nello and sevens only
    where the profile plays them. In nello the first leader is the bidder and the
    partner's hand sits out.

    >>> ex = TrickExplorer(contract="fives", seed=1)
    >>> ex.try_play(ex.state["legal"][0]), len(ex.state["trick"])
    (True, 1)
    """

    title = "Tricks"

    def __init__(
        self,
        contract: str = "fives",
        seed: int = 1,
        leader: int = 0,
        rules: Rules | str = "standard",
    ) -> None:
        super().__init__()
        # Every table is a profile of the picker: its seats, dominoes and trick worth.
        self.rules_choice = RulesPicker(rules, tables=True)
        self.rules_picker = self.rules_choice.dropdown
        self.contract_picker = dropdown(
            "Contract:", contract_options(allowed_contract_keys(self.rules)), "fives"
        )
        self.seed_box = W.BoundedIntText(
            value=1,
            min=0,
            max=10**9,
            description="Hand number:",
            style={"description_width": "initial"},
            layout=W.Layout(width="14em"),
        )
        self.leader_picker = dropdown(
            "First leader:", self._leader_options(), 0, width="20em"
        )
        self.show_legal = W.Checkbox(
            value=True,
            description="Mark the dominoes that may be played",
            indent=False,
            layout=W.Layout(width="auto"),
        )
        self.typed = W.Text(
            placeholder="or type one, e.g. 6-4",
            description="Play:",
            continuous_update=False,
            layout=W.Layout(width="17em"),
        )
        self.undo_button = button("↶ Undo", "take back the last domino")
        self.clear_button = button("Start over", "all hands back, first trick")
        # The table: the dominoes of the seat to play are the buttons that play them.
        self.table = TableWidget(self._play, explorer=self)
        self.trick_box = html_box()
        self.why_box = html_box()
        self.rules_picker.observe(self._on_rules, names="value")
        self.contract_picker.observe(self._on_restart, names="value")
        self.leader_picker.observe(self._on_restart, names="value")
        self.seed_box.observe(self._on_reset, names="value")
        self.show_legal.observe(self._on_redraw, names="value")
        self.typed.observe(self._on_typed, names="value")
        self.undo_button.on_click(self._on_undo)
        self.clear_button.on_click(self._on_restart)
        self.ui = W.VBox(
            [
                wrap_row([self.contract_picker, self.leader_picker]),
                W.HBox([self.seed_box, self.show_legal]),
                self.rules_picker,
                self.message_box,
                self.table,
                W.HBox([self.typed, self.undo_button, self.clear_button]),
                W.HBox([self.trick_box, self.why_box]),
            ]
        )
        self.ui.add_class("t42-tricks")
        self.deal = Deal.from_seed(1)
        self.moves: list[Domino] = []
        self.notes: list[str] = []
        self._busy = False
        self._start(contract, seed, leader)

    @safe
    def _start(self, contract: str, seed: int, leader: int) -> None:
        c = Contract.parse(contract)
        offered = str(c) in [v for _, v in self.contract_picker.options]
        self._busy = True
        try:
            if offered:
                self.contract_picker.value = str(c)
            self.seed_box.value = seed
            self.leader_picker.value = leader
        finally:
            self._busy = False
        self._reset()
        if not offered:
            self.show_message(
                f"{c} is not played under the {self.rules.name} rules: choose a rules profile "
                "that has it (lechner, or every option).",
                kind="warn",
            )

    # -- the position, rebuilt from the moves ---------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.rules_choice.rules

    def _seat_words(self, seat: int) -> str:
        """A seat, with its team at a table of partners."""
        return seat_label(seat) if self.rules.sides == "partners" else SEAT_NAMES[seat]

    def _leader_options(self) -> list[tuple[str, int]]:
        return [(self._seat_words(s), s) for s in range(self.rules.seats)]

    @property
    def seats(self) -> int:
        return self.rules.seats

    def _points(self, plays: list[Domino]) -> int:
        """What a trick is worth at this table (42: 1 and the count in it)."""
        r = self.rules
        return r.trick_points + (sum(d.count for d in plays) if r.count else 0)

    @property
    def contract(self) -> Contract:
        return Contract.parse(self.contract_picker.value)

    @property
    def first_leader(self) -> int:
        return int(self.leader_picker.value)

    @property
    def sitting_out(self) -> int | None:
        """In nello the first leader is the bidder, and the bidder's partner sits out."""
        return (self.first_leader + 2) % 4 if self.contract.kind == "nello" else None

    @property
    def trick_size(self) -> int:
        return self.seats - (1 if self.sitting_out is not None else 0)

    def _next_seat(self, seat: int) -> int:
        n = self.seats
        nxt = (seat + 1) % n
        return (nxt + 1) % n if nxt == self.sitting_out else nxt

    def _side(self, seat: int) -> int:
        """The side of ``seat`` (the first leader counts as the bidder)."""
        return self.rules.side_of(seat, self.first_leader)

    def _tie_side(self) -> int | None:
        """Sevens: the side a tie goes to under the rules (the bidding side is the first
        leader's; ``None``: the first played)."""
        return self.rules.sevens_tie_side(self._side(self.first_leader))

    def _winner_pos(self, plays: list[Domino], seats: list[int]) -> int:
        """Position in the trick of the domino winning it."""
        return trick_winner(plays, self.contract, seats=seats, bidding_team=self._tie_side())

    def _position(self) -> tuple[list[int], list[PlayedTrick], int, list[Domino], list[int]]:
        """(holdings, finished tricks, leader now, current trick, its seats)."""
        holdings = list(self.deal.masks)
        leader = self.first_leader
        done: list[PlayedTrick] = []
        trick: list[Domino] = []
        seats: list[int] = []
        seat = leader
        for d in self.moves:
            holdings[seat] &= ~(1 << d.index)
            trick.append(d)
            seats.append(seat)
            if len(trick) == self.trick_size:
                winner = seats[self._winner_pos(trick, seats)]
                done.append(PlayedTrick(leader, trick, seats, winner))
                leader = seat = winner
                trick, seats = [], []
            else:
                seat = self._next_seat(seat)
        return holdings, done, leader, trick, seats

    def _seat_to_play(self) -> int:
        _, _, leader, _, seats = self._position()
        return self._next_seat(seats[-1]) if seats else leader

    @property
    def to_play(self) -> int | None:
        holdings, _, leader, _, seats = self._position()
        seat = self._next_seat(seats[-1]) if seats else leader
        return seat if holdings[seat] else None

    # -- actions -----------------------------------------------------------------------------
    def try_play(self, domino: str | Domino) -> bool:
        """Play ``domino`` for the seat to play; refused (with the reason) if illegal."""
        return bool(self._play(domino))

    @safe
    def _play(self, domino: str | Domino) -> bool:
        d = Domino.parse(domino) if isinstance(domino, str) else domino
        holdings, _, _, trick, _ = self._position()
        seat = self._seat_to_play()
        c = self.contract
        if not holdings[seat]:
            raise IllegalPlayError(
                "every domino has been played: press Start over", rule="hand-over"
            )
        held = DominoSet(holdings[seat])
        if d not in held:
            owner = self.deal.holder(d)
            if d in self.moves:
                where = "was already played"
            elif owner == self.sitting_out:
                where = f"is in {SEAT_NAMES[owner]}'s hand, which sits out this nello hand"
            else:
                where = f"is in {SEAT_NAMES[owner]}'s hand"
            raise IllegalPlayError(
                f"{SEAT_NAMES[seat]} does not hold {d}: it {where}. "
                f"{SEAT_NAMES[seat]} holds {held}.",
                rule="not-held",
            )
        if d not in legal_plays(held, trick, c):
            raise IllegalPlayError(
                f"Refused: {SEAT_NAMES[seat]} may not play {d}. "
                + explain_play(d, held, trick, c, seat=seat),
                rule="sevens" if c.kind == "sevens" else "follow-suit",
            )
        note = f"{SEAT_NAMES[seat]} plays {d}: " + explain_play(d, held, trick, c, seat=seat)
        self.moves.append(d)
        self.notes.append(note)
        self.render()
        return True

    @safe
    def _on_typed(self, change: Any) -> None:
        text = str(change["new"]).strip()
        if text:
            self._play(text)
            self.typed.value = ""

    @safe
    def _on_undo(self, _b: Any = None) -> None:
        if not self.moves:
            self.show_message("Nothing to undo: no domino has been played.", kind="warn")
            return
        d = self.moves.pop()
        self.notes.pop()
        self.render()
        self.show_message(f"Took back {d}.")

    @safe
    def _on_rules(self, _change: Any = None) -> None:
        """Offer the contracts of the chosen profile (keep the contract if it is one)."""
        keys = allowed_contract_keys(self.rules)
        keep = self.contract_picker.value
        self._busy = True
        try:
            self.contract_picker.options = contract_options(keys)
            self.contract_picker.value = keep if keep in keys else keys[0]
            leaders = self._leader_options()
            if list(self.leader_picker.options) != leaders:
                first = int(self.leader_picker.value)
                self.leader_picker.options = leaders
                self.leader_picker.value = first if first < self.seats else 0
        finally:
            self._busy = False
        if self.deal.layout != self.rules.layout:
            self._reset()  # another table: its own deal
            return
        self.moves = []
        self.notes = []
        self.render()

    @safe
    def _on_reset(self, _change: Any = None) -> None:
        if not self._busy:
            self._reset()

    @safe
    def _on_restart(self, _change: Any = None) -> None:
        """Same dominoes, every domino back in hand."""
        if not self._busy:
            self.moves = []
            self.notes = []
            self.render()

    @safe
    def set_deal(self, deal: Deal | str) -> None:
        """Play tricks from ``deal`` (a :class:`~texas42.Deal` or a deal code)."""
        self.deal = deal if isinstance(deal, Deal) else Deal.from_code(deal, self.rules.layout)
        self.moves = []
        self.notes = []
        self.render()
        self.show_message(f"Deal {self.deal.code}: " + self.message)

    def _reset(self) -> None:
        self.deal = Deal.from_seed(int(self.seed_box.value), self.rules.layout)
        self.moves = []
        self.notes = []
        self.render()

    @safe
    def _on_redraw(self, _change: Any = None) -> None:
        self.render()

    # -- state -------------------------------------------------------------------------------
    def _shown(
        self, done: list[PlayedTrick], leader: int, trick: list[Domino], seats: list[int]
    ) -> tuple[list[Domino], list[int], int]:
        """The trick on the table: the one in progress, or the last one finished."""
        if trick:
            return trick, seats, leader
        if done:
            return done[-1].plays, done[-1].seats, done[-1].leader
        return [], [], leader

    @property
    def state(self) -> dict[str, Any]:
        holdings, done, leader, trick, seats = self._position()
        seat = self.to_play
        shown, shown_seats, shown_leader = self._shown(done, leader, trick, seats)
        complete = len(shown) == self.trick_size
        winner = shown_seats[self._winner_pos(shown, shown_seats)] if complete else None
        legal = (
            [str(d) for d in legal_plays(DominoSet(holdings[seat]), trick, self.contract)]
            if seat is not None
            else []
        )
        return {
            "rules": self.rules.name,
            "contracts": [v for _, v in self.contract_picker.options],
            "contract": str(self.contract),
            "seed": int(self.seed_box.value),
            "leader": shown_leader,
            "sitting_out": self.sitting_out,
            "trick": [str(d) for d in shown],
            "trick_seats": list(shown_seats),
            "to_play": seat,
            "legal": legal,
            "winner": winner,
            "points": self._points(shown) if complete else None,
            "tricks_done": len(done),
            "tricks_won": self._tricks_won(done),
            "message": self.message,
        }

    def _tricks_won(self, done: list[PlayedTrick]) -> list[int]:
        """Tricks won by each side (seats 0+2, seats 1+3; or each seat)."""
        won = [0] * self.rules.side_count
        for t in done:
            won[self._side(t.winner)] += 1
        return won

    # -- drawing -----------------------------------------------------------------------------
    def _sum_words(self, plays: list[Domino]) -> str:
        """How a trick's points add up (42's: ``"1 for the trick + 10 (6-4) = 11"``)."""
        r = self.rules
        if r.trick_points == 1 and r.count:
            return trick_sum(plays)
        return str(self._points(plays))  # (no count here: the trick's worth alone)

    def _winner_words(self, plays: list[Domino], seats: list[int], *, so_far: bool) -> str:
        c = self.contract
        text = explain_winner(plays, c, seats=seats, bidding_team=self._tie_side())
        return text.replace(" wins:", " is winning:") if so_far else text

    def _end_words(self, done: list[PlayedTrick], taken: list[int]) -> str:
        c = self.contract
        bidder = self.first_leader
        won = self._tricks_won(done)[self._side(bidder)]
        r = self.rules
        if r.sides != "partners":
            each = ", ".join(f"seat {s} {n}" for s, n in enumerate(taken))
            what = "tricks" if r.bidding == "tricks" else "points"
            return f"All {r.hand_size} tricks played. {what.capitalize()} taken: {each}."
        if c.kind == "nello":
            verdict = (
                "nello made: the bidder lost every trick"
                if won == 0
                else "nello set: the bidder had to lose every trick"
            )
            return (
                f"All seven tricks played. {SEAT_NAMES[bidder]} (the bidder) took {won} "
                f"trick{'s' if won != 1 else ''}: {verdict}. {SEAT_NAMES[(bidder + 2) % 4]} "
                "sat out, so its count was never played."
            )
        if c.kind == "sevens":
            verdict = "made" if won == 7 else "set: an opponent came closer to 7"
            return (
                f"All seven tricks played. The bidding side ({SEAT_NAMES[bidder]}'s) won {won} "
                f"of 7 tricks: sevens {verdict}."
            )
        return (
            f"All seven tricks played: seats 0+2 took {taken[0]}, seats 1+3 {taken[1]} (42 in all)."
        )

    def render(self) -> None:
        c = self.contract
        holdings, done, leader, trick, seats = self._position()
        seat = self._next_seat(seats[-1]) if seats else leader
        held = DominoSet(holdings[seat])
        legal = set(legal_plays(held, trick, c)) if held else set()
        shown, shown_seats, shown_leader = self._shown(done, leader, trick, seats)
        finished = len(shown) == self.trick_size
        winner_pos = self._winner_pos(shown, shown_seats) if shown else None
        if self.seats == 4:
            picture = trick_pic(shown, shown_leader, c, winner_pos, sitting_out=self.sitting_out)
        else:  # (the trick picture has four places: other tables show a row)
            picture = row(shown, highlight={shown[winner_pos]: "winner"} if shown and
                          winner_pos is not None else None, size=28, vertical=True,
                          captions={d: SEAT_NAMES[s] + (" led" if i == 0 else "")
                                    for i, (s, d) in enumerate(zip(shown_seats, shown,
                                                                   strict=True))})
        self.trick_box.value = page(
            p(f"Trick {len(done) + (0 if finished and not trick else 1)}:"), picture)
        why = [p(n) for n in self.notes[-len(shown) :]] if shown else []
        if finished:
            w = shown_seats[self._winner_pos(shown, shown_seats)]
            why.append(
                p(
                    f"{self._winner_words(shown, shown_seats, so_far=False)} {SEAT_NAMES[w]} "
                    f"takes the trick: {self._sum_words(shown)} points, and leads next."
                )
            )
        elif len(shown) == 1 and c.kind == "sevens":
            why.append(p(f"So far: {shown[0]} was led; each player must play closest to 7."))
        elif len(shown) == 1:
            suit = suit_words(led_suit(shown[0], c), c)
            why.append(p(f"So far: {shown[0]} was led; the others must follow {suit} if they can."))
        elif shown:
            why.append(p(f"So far: {self._winner_words(shown, shown_seats, so_far=True)}"))
        self.why_box.value = page(*why)
        sections = []
        if self.sitting_out is not None:
            sections.append(
                p(
                    f"Nello: {SEAT_NAMES[self.first_leader]} bid and leads, and must lose every "
                    f"trick; its partner {SEAT_NAMES[self.sitting_out]} lays its dominoes "
                    "aside. Tricks have three dominoes."
                )
            )
        if not held:
            sections.append(p("Every domino has been played."))
        for s in range(self.seats):
            mine = DominoSet(holdings[s])
            hl: dict[Domino, str] = {}
            if s == seat and self.show_legal.value:
                hl = {d: ("legal" if d in legal else "illegal") for d in mine}
            note = " — to play" if s == seat and held else ""
            if s == self.sitting_out:
                note = " — sits out (nello)"
            if s == seat and held:
                # Its dominoes are the buttons; with the marks off, the labels do not tell.
                labels = (play_labels(list(mine), legal, trick, c) if self.show_legal.value
                          else {d: f"Play {d}" for d in mine})
                pic = dominoes_svg(list(mine), highlight=hl, size=30, controls=labels,
                                   label=self._seat_words(s) + note + ": click one to play it")
                sections.append(f"<div>{pic}</div>")
                continue
            sections.append(
                row(
                    list(mine),
                    highlight=hl,
                    dim=list(mine) if s == self.sitting_out else (),
                    size=30,
                    label=self._seat_words(s) + note,
                )
            )
        taken = [0] * self.rules.side_count
        for t in done:
            taken[self._side(t.winner)] += self._points(t.plays)
        if self.rules.sides == "partners":
            sections.append(p(f"Points taken: seats 0+2 {taken[0]}, seats 1+3 {taken[1]}."))
        else:
            sections.append(p("Points taken: " + ", ".join(
                f"seat {s} {n}" for s, n in enumerate(taken)) + "."))
        self.table.value = page(*sections)
        if not held:
            self.show_message(self._end_words(done, taken), kind="good")
        elif finished and not trick:
            w = shown_seats[self._winner_pos(shown, shown_seats)]
            self.show_message(
                f"{self._winner_words(shown, shown_seats, so_far=False)} {SEAT_NAMES[w]} wins "
                f"{points(self._points(shown))} and leads the next trick.",
                kind="good",
            )
        elif c.kind == "sevens":
            self.show_message(
                f"{SEAT_NAMES[seat]} to {'lead' if not trick else 'play'}: in sevens it must "
                "play its domino closest to 7 pips."
            )
        elif not trick:
            self.show_message(f"{SEAT_NAMES[seat]} leads: any domino may be led.")
        else:
            follow = "must follow suit if possible"
            self.show_message(f"{SEAT_NAMES[seat]} to play ({follow}).")
