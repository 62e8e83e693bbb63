"""Explorer 5, bidding scenarios at any table: a deal (a hand number, a deal code or
typed in), stepped bid by bid: the valid bids (in points, or in tricks at Moon's
tables), what each means, the odds of making each bid, then the widow and discard
where the table has one, naming trumps and the consequences."""

from __future__ import annotations

import html
from typing import Any, cast

import ipywidgets as W

from ..analysis.coach import advise, label_for
from ..analysis.evaluator import Evaluation, TrickEvaluation, evaluate_hand
from ..analysis.moon_solver import MoonSolution
from ..analysis.solver import Solution
from ..bidding import (
    MARK,
    bid_marks,
    bid_text,
    explain_bid,
    special_bid_amount,
    special_bid_doubles,
)
from ..contracts import Contract
from ..dominoes import Domino
from ..errors import Texas42Error
from ..hand import Hand, Phase, allowed_contracts
from ..moon import hand_type
from ..rules import Rules
from . import _analysis, _coach, _tables
from ._base import Explorer, safe
from ._controls import button, dropdown, html_box, progress_bar, showing, wrap_row
from ._deals import DealSource
from ._html import SEAT_NAMES, p, page, seat_label, ul, unseen
from ._pickers import RulesPicker, contract_label
from ._pictures import row
from ._players import decide, trick_bid_words

#: Simulated deals per contract for the odds (about 0.05 s each on one core).
ODDS_SAMPLES = 300
#: The tables whose hindsight from the first lead often takes seconds (three-hand:
#: median 3 s, moon-4: up to 4 s; bench/bench_widgets.py --tables), so it waits for a click
#: at every table but 42's four, and these say so.
SLOW_HINDSIGHT = ("three-hand", "moon-4")


def in_tricks(hand: Hand) -> bool:
    """Does the table bid in tricks (Moon's tables), not in points?"""
    return hand.rules.bidding == "tricks"


def bid_label(hand: Hand, bid: int) -> str:
    """A bid as the table says it: ``"30"`` in points, ``"5 tricks"`` in tricks."""
    return trick_bid_words(bid) if in_tricks(hand) else bid_text(bid)


def bid_options(hand: Hand) -> list[tuple[str, int | str]]:
    """(label, bid) pairs for the bid dropdown: the valid bids, then a plunge or
    splash when the rules and the player's doubles allow one."""
    out: list[tuple[str, int | str]] = [(bid_label(hand, b), b) for b in hand.valid_bids()]
    for name in hand.valid_special_bids():
        marks = special_bid_amount(name, hand.high_bid, hand.rules) // MARK
        out.append((f"{name} ({marks} marks)", name))
    return out


def explain_any_bid(value: int | str, hand: Hand) -> str:
    """What a bid (a number, or a plunge or splash) promises, in one sentence."""
    if isinstance(value, int) and in_tricks(hand):
        return _tables.bid_meaning(value, hand)
    if isinstance(value, int) and value and not hand.rules.is_42:
        return f"{bid_text(value)}: " + _promise(hand.rules, value)
    if isinstance(value, int):
        return explain_bid(value)
    marks = special_bid_amount(value, hand.high_bid, hand.rules) // MARK
    need = special_bid_doubles(value, hand.rules)
    return (
        f"{value} ({marks} marks): a bid for a player holding {need} doubles or more. The "
        "partner names the contract (any the rules allow, even nello or sevens) and leads, "
        f"and the side must win every trick; made, it scores {marks} marks."
    )


def bid_words(hand: Hand, index: int) -> str:
    """Bid number ``index`` of the auction as players say it: ``"30"``, ``"plunge (4 marks)"``."""
    special = hand.special_bids.get(index)
    amount = hand.bids[index]
    return f"{special} ({bid_marks(amount)} marks)" if special else bid_label(hand, amount)


def high_special(hand: Hand) -> str | None:
    """The plunge or splash that is the high bid, if it is one."""
    return hand.high_special


def hand_status(hand: Hand) -> str:
    """:meth:`Hand.status` (it says who names the contract after a plunge or splash)."""
    return hand.status()


def contract_consequence(hand: Hand) -> str:
    """What the named contract means for this hand (who sits out, what makes it)."""
    c = hand.contract
    if c is None or hand.bidder is None:
        return ""
    if c.kind == "nello":
        return (
            f"Nello: seat {hand.declarer} plays alone and must lose every trick; its partner, "
            f"seat {hand.sitting_out}, sits out, so each trick has three dominoes."
        )
    if c.kind == "sevens":
        return (
            "Sevens: every player must play the domino closest to 7 pips; the bidding side "
            "is set as soon as an opponent wins a trick (a tie goes to "
            + ("the bidding side)." if hand.rules.sevens_tie == "bidder"
               else "the one played first).")
        )
    return ""


def odds_table(odds: Any) -> str:
    """An HTML table of bid odds: ``odds`` maps contract text to {bid: probability}."""
    if not odds:
        return ""
    levels = sorted({b for row_ in odds.values() for b in row_})
    head = "".join(f'<th scope="col" style="padding:2px 8px">{b}</th>' for b in levels)
    rows = []
    for contract, by_bid in odds.items():
        cells = "".join(
            f'<td style="padding:2px 8px;text-align:right">{round(100 * by_bid.get(b, 0))}%</td>'
            for b in levels
        )
        rows.append(
            f'<tr><th scope="row" style="text-align:left;padding:2px 8px">'
            f"{html.escape(str(contract))}</th>{cells}</tr>"
        )
    return (
        '<table style="border-collapse:collapse;font-size:1em" aria-label="chance of making each '
        'bid with each trump"><caption style="text-align:left;font-weight:bold">Chance of '
        f"making each bid (rows: trumps; columns: bid)</caption>"
        f"<tr><th>{unseen('trumps, bid')}</th>{head}</tr>"
        f"{''.join(rows)}</table>"
    )


def trick_odds_table(rows: list[tuple[str, float, float, float]]) -> str:
    """An HTML table of the odds of bids in tricks: (bid in words, chance made,
    expected score, its 95% half-width) per bid."""
    if not rows:
        return ""
    cells = "".join(
        f'<tr><th scope="row" style="text-align:left;padding:2px 8px">{html.escape(bid)}</th>'
        f'<td style="padding:2px 8px;text-align:right">{round(100 * chance)}%</td>'
        f'<td style="padding:2px 8px;text-align:right">{mean:+.1f} (±{half:.1f})</td></tr>'
        for bid, chance, mean, half in rows
    )
    return (
        '<table style="border-collapse:collapse;font-size:1em" aria-label="chance of making '
        'each bid and the score to expect"><caption style="text-align:left;font-weight:bold">'
        "Chance of making each bid, and the points to expect from it</caption>"
        '<tr><th scope="col" style="padding:2px 8px">Bid</th><th scope="col" '
        'style="padding:2px 8px">Made</th><th scope="col" style="padding:2px 8px">'
        f"Points to expect</th></tr>{cells}</table>"
    )


class BiddingExplorer(Explorer):
    """Step through an auction bid by bid, then name trumps.

    >>> ex = BiddingExplorer(seed=3)
    >>> ex.bid_picker.value = 30; ex.bid_button.click()
    >>> ex.state["auction"]
    ['Seat 1: 30']
    """

    title = "Bidding"

    def __init__(self, seed: int = 1, rules: Rules | str = "standard", shaker: int = 0,
                 *, plain: bool = False) -> None:
        super().__init__()
        # plain: the judged bids in a beginner's words, the figures folded (a chapter
        # before the course teaches the coach's "guesses": bookkit.plain_words, issue 34).
        self._plain = plain
        self.source = DealSource(seed)
        self.rules_choice = RulesPicker(rules, tables=True)
        self.rules_picker = self.rules_choice.dropdown
        self.shaker_picker = dropdown(
            "Shaker:", _shaker_options(self.rules), shaker, width="12em"
        )
        self.show_all = W.Checkbox(
            value=False, description="Show every hand", indent=False, layout=W.Layout(width="auto")
        )
        self.bid_picker = dropdown("Bid:", [("pass", 0)], 0, width="12em")
        self.meaning = html_box()
        self.bid_button = button("Bid", "make the chosen bid", style="primary")
        self.auto_button = button("Computer bids", "let the computer bid for this seat")
        self.undo_button = button("↶ Undo", "take back the last bid")
        self.contract_picker = dropdown("Trumps:", [("sixes", "sixes")], "sixes", width="16em")
        self.name_button = button("Name trumps", "the bidder names this contract", style="primary")
        self.discard_picker = dropdown("Lay aside:", [("6-6", "6-6")], "6-6", width="12em")
        self.discard_button = button("Lay it aside", "the bidder lays this domino aside, face "
                                     "down, out of play", style="primary")
        self.hindsight_button = button("Hindsight", "solve the hand with every hand face up "
                                       "(takes a few seconds at some tables)")
        self.odds_button = button("Show the odds", "solve many deals to estimate the chances")
        self.sound_button = button("Review the bids", "was each bid sound? Each bid so far "
                                   "judged from the bidder's own dominoes and what it heard")
        self.sound_box = html_box()
        self._sound: list[str] = []
        self.progress = progress_bar("Thinking:")
        self.hand_box = html_box()
        self.auction_box = html_box()
        self.odds_box = html_box()
        self.result_box = html_box()
        self.source.load_button.on_click(self._on_load)
        self.rules_picker.observe(self._on_rules, names="value")
        self.shaker_picker.observe(self._on_load, names="value")
        self.show_all.observe(self._on_redraw, names="value")
        self.bid_picker.observe(self._on_pick_bid, names="value")
        self.contract_picker.observe(self._on_pick_contract, names="value")
        self.bid_button.on_click(self._on_bid)
        self.auto_button.on_click(self._on_auto)
        self.undo_button.on_click(self._on_undo)
        self.name_button.on_click(self._on_name)
        self.odds_button.on_click(self._on_odds)
        self.sound_button.on_click(self._on_sound)
        self.bid_row = W.HBox([self.bid_picker, self.bid_button, self.auto_button])
        self.contract_row = W.HBox([self.contract_picker, self.name_button, self.auto_button])
        self.discard_row = W.HBox([self.discard_picker, self.discard_button, self.auto_button])
        self.hindsight_row = W.HBox([self.hindsight_button])
        self.discard_button.on_click(self._on_discard)
        self.hindsight_button.on_click(self._on_hindsight)
        self._hindsight = ""
        self.action_row = W.VBox([self.bid_row])
        self.ui = W.VBox(
            [
                self.source.box,
                wrap_row([self.rules_picker, self.shaker_picker, self.show_all]),
                self.message_box,
                self.hand_box,
                self.action_row,
                self.meaning,
                W.HBox([self.undo_button, self.odds_button, self.sound_button, self.progress]),
                self.odds_box,
                self.sound_box,
                self.auction_box,
                self.result_box,
            ]
        )
        self.ui.add_class("t42-bidding")
        self.extra = [*self.source.fields, self.bid_row, self.contract_row, self.discard_row,
                      self.hindsight_row]
        self.source.show_table(self.rules.layout)
        self.hand = self._new_hand(self.source.deal(self.rules.layout), shaker)
        self.reasons: list[str] = []
        self._odds: Any = None
        self._busy = False
        self.render()
        self.show_message(
            self.hand.status() + " Choose a bid to read what it means, then press the bid button."
        )

    @property
    def rules(self) -> Rules:
        return self.rules_choice.rules

    def _new_hand(self, deal: Any, shaker: int) -> Hand:
        """A hand of the chosen table (Moon's: a MoonHand, which its players read)."""
        return hand_type(self.rules)(deal, shaker=shaker, rules=self.rules)

    # -- actions ---------------------------------------------------------------------------
    @safe
    def _on_rules(self, _change: Any = None) -> None:
        if self._busy:
            return
        try:
            self._load()
        except Texas42Error:
            # The deal row cannot give a deal of this table (a code or typed hands of
            # another): the Rules list goes back to the hand still on the table.
            self._busy = True
            try:
                self.rules_choice.select(self.hand.rules)
            finally:
                self._busy = False
            self.source.show_table(self.hand.rules.layout)
            raise

    @safe
    def _on_load(self, _change: Any = None) -> None:
        if self._busy:
            return
        self._load()

    def _load(self) -> None:
        """Deal the hand the deal row asks for, at the chosen table."""
        layout = self.rules.layout
        deal = self.source.deal(layout)  # a bad deal raises here, before anything changes
        shaker = int(self.shaker_picker.value)
        if tuple(self.shaker_picker.options) != tuple(_shaker_options(self.rules)):
            # The seats follow the table (setting the options must not deal again).
            self._busy = True
            try:
                shaker = shaker if shaker < self.rules.seats else 0
                self.shaker_picker.options = _shaker_options(self.rules)
                self.shaker_picker.value = shaker
            finally:
                self._busy = False
        self.source.show_table(layout)
        self.hand = self._new_hand(deal, shaker)
        self.reasons = []
        self._hindsight = ""
        self._odds = None
        self.odds_box.value = ""
        self._sound, self.sound_box.value = [], ""
        self.render()
        self.show_message(
            f"Dealt {self.source.describe(deal)}. " + self.hand.status()
        )

    @safe
    def _on_bid(self, _b: Any = None) -> None:
        seat = self.hand.to_act
        value = self.bid_picker.value
        self.hand.bid(value if isinstance(value, str) else int(value))
        self.reasons.append(f"{SEAT_NAMES[seat]}: {bid_words(self.hand, len(self.hand.bids) - 1)}")
        self._after_action()

    @safe
    def _on_discard(self, _b: Any = None) -> None:
        seat = self.hand.to_act
        self.hand.discard_domino(str(self.discard_picker.value))
        self.reasons.append(f"{SEAT_NAMES[seat]} lays {self.hand.discards[-1]} aside, face down")
        self._after_action()

    @safe
    def _on_auto(self, _b: Any = None) -> None:
        if self.hand.is_over or self.hand.phase in (Phase.PLAYING, Phase.RESHAKE):
            self.show_message("The auction is over: nothing left to decide.", kind="warn")
            return
        seat = self.hand.to_act
        decision = decide(self.hand)
        decision.apply(self.hand)
        what = (f"lays {decision.text} aside, face down" if decision.kind == "discard"
                else decision.text)
        self.reasons.append(f"{SEAT_NAMES[seat]}: {what} — {decision.reason}")
        self._after_action()

    @safe
    def _on_undo(self, _b: Any = None) -> None:
        if not self.hand.actions:
            self.show_message("Nothing to undo: no bid has been made.", kind="warn")
            return
        self.hand.undo()
        self.reasons.pop()
        self._hindsight = ""
        self._sound, self.sound_box.value = [], ""
        self.render()
        self.show_message("Took back the last action. " + self.hand.status())

    @safe
    def _on_name(self, _b: Any = None) -> None:
        seat = self.hand.to_act
        self.hand.name_contract(str(self.contract_picker.value))
        self.reasons.append(f"{SEAT_NAMES[seat]} names {self.hand.contract}")
        self._after_action()

    @safe
    def _on_sound(self, _b: Any = None) -> None:
        """Each bid of the auction so far, judged from what its bidder knew: its own seven
        dominoes and the bids before it (the coach's playouts, no hidden hand), at any table."""
        h = self.hand
        steps = [i for i, a in enumerate(h.actions) if a.kind == "bid"]
        if not steps:
            self.show_message("No bid yet: make one (or let the computer bid) first.", kind="warn")
            return
        lines, parts = [], []
        with showing(self.progress, len(steps)):
            for n, i in enumerate(steps):
                before = h.at(i)
                action = h.actions[i]
                value = action.value
                chosen = value if isinstance(value, str) else bid_text(cast(int, value))
                a = advise(before, samples=_coach.HINT_SAMPLES, seed=i)
                loss = a.loss(chosen)
                label = label_for(loss, a.unit)
                line = (f"{SEAT_NAMES[action.seat]} bid {self._choice_words(chosen)}: {label}"
                        + ("" if loss == 0 else f", about {loss:.2f} {a.unit} lost on average")
                        + f". Best from its own dominoes: {self._choice_words(a.best.choice)}.")
                lines.append(line)
                table = _coach.options_table(a.options, a.unit, chosen)
                parts += [p(line), _coach.fold(table) if self._plain else table]
                self.progress.value = n + 1
        self._sound = lines
        own = _tables.number_words(h.rules.hand_size)
        how = ("the coach played the hand out many times, the other hands dealt in different "
               "ways that fit them, each bid and played out by rule-based players"
               if self._plain else
               f"{_coach.HINT_SAMPLES} guesses of the other hands that fit them, each bid and "
               f"played out by rule-based players. Expected {a.unit} won (minus {a.unit} "
               "lost) for the bidder's side")
        self.sound_box.value = page(
            p(f"Each bid judged from the bidder's own {own} dominoes and the bids it heard: "
              f"{how}:"), *parts)
        self.show_message(" ".join(lines))

    @safe
    def _on_pick_bid(self, _change: Any = None) -> None:
        if not self._busy:
            self._draw_meaning()

    @safe
    def _on_hindsight(self, _b: Any = None) -> None:
        """The one solver with every hand face up, at a table other than 42's four (42's
        hindsight comes at once: it is fast there)."""
        if self.hand.phase is not Phase.PLAYING:
            self.show_message("Hindsight comes once trumps are named.", kind="warn")
            return
        self._hindsight = self._hindsight_words(self.hand)
        self.result_box.value = self._consequences()
        self.show_message(self._hindsight)

    @safe
    def _on_pick_contract(self, _change: Any = None) -> None:
        if not self._busy:
            self._draw_meaning()

    @safe
    def _on_redraw(self, _change: Any = None) -> None:
        self.render()

    @safe
    def _on_odds(self, _b: Any = None) -> None:
        if self.hand.phase is Phase.RESHAKE and not self.hand.rules.is_42:
            self.show_message("Everyone passed: nobody plays this deal, so there are no odds "
                              "to work out. Deal again, or undo the last pass.", kind="warn")
            return
        seat = self.hand.to_act if self.hand.phase is Phase.BIDDING else self.hand.bidder
        if seat is None:
            seat = 0
        h = self.hand
        if h.bidder is not None and h.phase is not Phase.BIDDING:
            auction = h.bids[: h.bidding_order.index(seat)]
        else:
            auction = list(h.bids)
        if in_tricks(h):
            self._trick_odds(seat, auction)
            return
        contracts = allowed_contracts(h.rules)
        # Another table than 42's four says who shook (42's odds read as before).
        shaker = None if h.rules.is_42 else h.shaker
        self.show_message(f"Working out the odds for {SEAT_NAMES[seat]}'s dominoes ...")
        rows: dict[str, dict[int, float]] = {}
        method = ""
        spread = 0.0
        with showing(self.progress, len(contracts)):
            for i, c in enumerate(contracts):
                ev = evaluate_hand(
                    h.deal[seat],
                    seat=seat,
                    auction=auction,
                    contracts=[c],
                    samples=ODDS_SAMPLES,
                    seed=0,
                    rules=h.rules,
                    shaker=shaker,
                )
                assert isinstance(ev, Evaluation)  # this table bids in points
                rows[str(c)] = {b: ev.odds(c, b).p for b in ev.bids}
                for b in ev.bids:
                    o = ev.odds(c, b)
                    spread = max(spread, o.hi - o.p, o.p - o.lo)
                method = str(ev.method_text)
                self.progress.value = i + 1
        self._odds = rows
        low = h.rules.min_bid
        best = max(rows, key=lambda k: rows[k].get(low, 0.0))
        self.odds_box.value = page(
            odds_table(rows),
            p(
                f"How: {method}; {ODDS_SAMPLES} deals per contract, so each figure is within "
                f"about {round(100 * spread)} points of percentage (95%)."
            ),
        )
        self.show_message(
            f"Odds for {SEAT_NAMES[seat]}'s dominoes: the best chance of making {low} is with "
            f"{best} ({round(100 * rows[best].get(low, 0.0))}%)."
        )

    def _trick_odds(self, seat: int, auction: list[int]) -> None:
        """The odds at a table bidding in tricks: the chance and expected score of each
        bid the seat may still make (the hand names its trumps after the widow)."""
        h = self.hand
        self.show_message(f"Working out the odds for {SEAT_NAMES[seat]}'s dominoes ...")
        with showing(self.progress) as bar:
            ev = evaluate_hand(h.deal[seat], seat=seat, shaker=h.shaker, auction=auction,
                               samples=ODDS_SAMPLES, seed=0, rules=h.rules,
                               progress=_analysis.progress_to(bar))
        assert isinstance(ev, TrickEvaluation)  # this table bids in tricks
        table = ev.table()
        rows = [(trick_bid_words(o.bid), o.p, o.expected, o.half_width) for o in table]
        self._odds = {trick_bid_words(o.bid): {"made": o.p, "expected": o.expected}
                      for o in table}
        b = ev.best
        best = ("pass: no bid expects to score" if b.bid == 0
                else f"bid {trick_bid_words(b.bid)} (about {b.expected:+.1f} points)")
        self.odds_box.value = page(
            trick_odds_table(rows),
            p(f"How: {ev.method_text}; {ODDS_SAMPLES} deals. A bid made scores each trick "
              "taken; a bid set loses the bid."),
        )
        self.show_message(f"Odds for {SEAT_NAMES[seat]}'s dominoes: the best is to {best}.")

    def _after_action(self) -> None:
        self._sound, self.sound_box.value = [], ""
        self.render()
        self.show_message(
            hand_status(self.hand), kind="good" if self.hand.phase is Phase.PLAYING else "info"
        )

    # -- state -------------------------------------------------------------------------------
    @property
    def state(self) -> dict[str, Any]:
        h = self.hand
        return {
            "deal": h.deal.code,
            "phase": h.phase.value,
            "to_act": h.to_act if not h.is_over else None,
            "high_bid": h.high_bid,
            "bidder": h.bidder,
            "valid_bids": h.valid_bids(),
            "special_bids": h.valid_special_bids(),
            "declarer": h.declarer,
            "rules": h.rules.name,
            "contracts": [str(c) for c in h.valid_contracts()],
            "auction": list(self.reasons),
            "contract": str(h.contract) if h.contract else None,
            "sitting_out": h.sitting_out,
            "seats": h.rules.seats,
            "next_action": h.next_action,
            "discards": [str(d) for d in h.discards],
            "discard_options": [str(d) for d in self._discard_options()],
            "hindsight": self._hindsight,
            "sound": list(self._sound),
            "message": self.message,
        }

    # -- drawing -----------------------------------------------------------------------------
    def _draw_meaning(self) -> None:
        h = self.hand
        if h.phase is Phase.BIDDING:
            self.meaning.value = page(
                p("What it means: " + explain_any_bid(self.bid_picker.value, h))
            )
        elif h.phase is Phase.CONTRACT and h.next_action == "discard":
            left = h.rules.widow - len(h.discards)
            self.meaning.value = page(p(
                f"What it means: {self.discard_picker.value} goes face down, out of play this "
                f"hand; nobody else sees it. {SEAT_NAMES[h.to_act]} keeps "
                f"{h.rules.hand_size} dominoes"
                + (f" ({left} more to lay aside)." if left > 1 else ".")))
        elif h.phase is Phase.CONTRACT:
            c = Contract.parse(str(self.contract_picker.value))
            self.meaning.value = page(p("What it means: " + c.describe()))
        else:
            self.meaning.value = ""

    def render(self) -> None:
        h = self.hand
        self._busy = True
        try:
            if h.phase is Phase.CONTRACT and h.next_action == "discard":
                asides = [(str(d), str(d)) for d in self._discard_options()]
                self.discard_picker.options = asides
                self.discard_picker.value = asides[0][1]
                self.action_row.children = [self.discard_row]
                self.auto_button.description = "Computer lays aside"
                self.discard_button.description = f"{SEAT_NAMES[h.to_act]} lays it aside"
            elif h.phase is Phase.BIDDING:
                options = bid_options(h)
                self.bid_picker.options = options
                self.bid_picker.value = options[0][1]
                self.action_row.children = [self.bid_row]
                self.bid_button.description = f"{SEAT_NAMES[h.to_act]} bids"
                self.auto_button.description = "Computer bids"
            elif h.phase is Phase.CONTRACT:
                cs = h.valid_contracts()
                self.contract_picker.options = [(contract_label(c), str(c)) for c in cs]
                self.contract_picker.value = str(cs[0])
                self.action_row.children = [self.contract_row]
                self.auto_button.description = "Computer names trumps"
                self.name_button.description = f"{SEAT_NAMES[h.to_act]} names it"
            elif h.phase is Phase.PLAYING and not h.rules.is_42:
                self.action_row.children = [self.hindsight_row]
            else:
                self.action_row.children = []
        finally:
            self._busy = False
        self._draw_meaning()
        seats = (
            range(h.rules.seats)
            if self.show_all.value
            else (
                [h.to_act]
                if not h.is_over and h.phase is not Phase.PLAYING
                else ([h.bidder] if h.bidder is not None else [])
            )
        )
        parts = []
        for s in seats:
            held = list(h.holding(s))  # the bidder's with the widow, less what it laid aside
            parts.append(
                row(
                    held,
                    size=40,
                    show_count=True,
                    label=(seat_label(s) if h.rules.sides == "partners" else SEAT_NAMES[s])
                    + (
                        " — to act"
                        if s == h.to_act and not h.is_over and h.phase is not Phase.PLAYING
                        else ""
                    ),
                )
            )
            parts.append(p(_hand_words(held, count=h.rules.count)))
        if (h.rules.widow and h.bidder is not None and h.phase is not Phase.BIDDING
                and (self.show_all.value or h.next_action == "discard")):
            parts.append(p(f"{SEAT_NAMES[h.bidder]} picked up the widow: "
                           + " ".join(map(str, h.deal.widow_set)) + "."))
        self.hand_box.value = page(*parts)
        if h.phase is Phase.BIDDING:
            order = ", ".join(f"seat {s}" for s in h.bidding_order)
            high = bid_label(h, h.high_bid) if h.bidder is not None else "none yet"
            intro = [
                p(
                    f"Bidding order: {order}. Each player bids once; a bid must beat the "
                    f"high bid ({high})."
                )
            ]
        elif h.phase is Phase.RESHAKE:
            intro = [p("Everyone passed: nobody plays this deal. Press Deal (or choose "
                       "another hand number) for a new shake, or undo the last pass.")]
        else:
            intro = []
        self.auction_box.value = page(
            *intro,
            p("The auction so far:") if self.reasons else "",
            ul(self.reasons) if self.reasons else "",
        )
        self.result_box.value = self._consequences() if h.phase is Phase.PLAYING else ""

    def _choice_words(self, choice: str) -> str:
        """A bid the coach names (``"5"``) as the table says it (``"5 tricks"``)."""
        if in_tricks(self.hand) and choice.isdigit():
            return trick_bid_words(int(choice))
        return choice

    def _discard_options(self) -> list[Domino]:
        """What the bidder may lay aside now: any domino it holds, the widow's too."""
        h = self.hand
        if h.next_action != "discard":
            return []
        return sorted(h.holding(h.to_act), key=lambda d: d.display)

    def _consequences(self) -> str:
        if not self.hand.rules.is_42:
            return self._table_consequences()
        h = self.hand
        c, bidder = h.contract, h.bidder
        assert c is not None and bidder is not None and h.declarer is not None
        team = bidder % 2
        named = (
            f"{SEAT_NAMES[bidder]} bid {bid_text(h.high_bid)} and named {c}. "
            if h.high_special is None
            else f"{SEAT_NAMES[bidder]} bid a {high_special(h)} ({bid_marks(h.high_bid)} "
            f"marks); {SEAT_NAMES[(bidder + 2) % 4]}, the partner, named {c}. "
        )
        lines = [p(named + c.describe())]
        # (A mark bid "must win all seven tricks", except in nello, which must lose them.)
        lines.append(p(contract_consequence(h) if c.kind == "nello" else explain_bid(h.high_bid)))
        if c.kind == "sevens":
            lines.append(p(contract_consequence(h)))
        items = []
        for s in range(4):
            held = list(h.deal[s])
            trumps = [d for d in held if c.is_trump(d)]
            side = "bidders" if s % 2 == team else "opponents"
            if s == h.sitting_out:
                items.append(f"{SEAT_NAMES[s]} ({side}) sits out this hand.")
            elif not c.has_trumps:
                items.append(f"{SEAT_NAMES[s]} ({side}) holds count {sum(d.count for d in held)}.")
            else:
                items.append(
                    f"{SEAT_NAMES[s]} ({side}) holds {len(trumps)} trump"
                    f"{'s' if len(trumps) != 1 else ''}"
                    + (f": {' '.join(str(d) for d in trumps)}" if trumps else "")
                    + f"; count {sum(d.count for d in held)}."
                )
        lines.append(ul(items))
        with showing(self.progress):
            sol = _analysis.solve(h)
        assert isinstance(sol, Solution)  # 42's four, in play (the caller sees to it)
        taken = sol.points[team]
        best = f"Best first lead: {', '.join(str(d) for d in sol.best)}."
        if c.kind in ("nello", "sevens"):
            made = taken == 0 if c.kind == "nello" else sol.points[1 - team] == 0
            goal = "win no trick" if c.kind == "nello" else "win every trick"
            lines.append(
                p(
                    f"Hindsight (all hands open): with every hand face up and best play "
                    f"by all, the bidders take {taken} points: {c.kind} would be "
                    f"{'made' if made else 'set'} (they must {goal}). {best} No player "
                    "sees every hand: 'Review the bids' judges the bids fairly."
                )
            )
        else:
            need = min(h.high_bid, 42)
            verdict = "made" if taken >= need else "set"
            lines.append(
                p(
                    f"Hindsight (all hands open): with every hand face up and best play by "
                    f"all four players, the bidders take {taken} of 42 points: the bid "
                    f"would be {verdict} (it needs {need}). {best} No player sees every "
                    "hand: 'Review the bids' judges the bids fairly."
                )
            )
        return page(*lines)


    # -- the other tables ------------------------------------------------------------------
    def _table_consequences(self) -> str:
        """After trumps at a table other than 42's four: the bid's promise, each seat's
        trumps, what lies aside, then the hindsight (asked for: it can take seconds)."""
        h = self.hand
        c, bidder = h.contract, h.bidder
        assert c is not None and bidder is not None
        rules = h.rules
        lines = [p(f"{SEAT_NAMES[bidder]} bid {bid_label(h, h.high_bid)} and named {c}. "
                   + c.describe()), p(_promise(h.rules, h.high_bid))]
        items = []
        for s in range(rules.seats):
            held = list(h.holding(s))
            side = "the bidder" if s == bidder else (
                "the bidder's partner" if rules.side_of(s, bidder) == rules.side_of(bidder, bidder)
                else "against the bidder")
            trumps = [d for d in held if c.is_trump(d)]
            words = (f"{len(trumps)} trump{'s' if len(trumps) != 1 else ''}"
                     + (f": {' '.join(str(d) for d in trumps)}" if trumps else "")
                     if c.has_trumps else f"{len(held)} dominoes")
            count = f"; count {sum(d.count for d in held)}" if rules.count else ""
            items.append(f"{SEAT_NAMES[s]} ({side}) holds {words}{count}.")
        lines.append(ul(items))
        if h.discards and self.show_all.value:
            lines.append(p(f"Laid aside by {SEAT_NAMES[bidder]}, face down: "
                           + " ".join(map(str, h.discards)) + "."))
        if rules.aside:
            lines.append(p(f"{_tables.number_words(rules.aside).capitalize()} dominoes were "
                           "dealt face down, out of play: nobody holds them this hand."))
        if self._hindsight:
            lines.append(p(self._hindsight))
        else:
            slow = (" At this table it often takes several seconds (the solver tries every "
                    "way to play the whole hand)." if rules.name in SLOW_HINDSIGHT else "")
            lines.append(p("Press Hindsight to see what best play by everyone, with every hand "
                           f"face up, would give.{slow}"))
        return page(*lines)

    def _hindsight_words(self, h: Hand) -> str:
        """The one solver from the first lead, in words (the bidder against the rest)."""
        with showing(self.progress) as bar:
            sol = _analysis.solve(h, _analysis.progress_to(bar))
        if sol is None:
            return ""
        tail = (" No player sees every hand: 'Review the bids' judges the bids from what "
                "each bidder could see.")
        head = "Hindsight (all hands open): "
        if isinstance(sol, MoonSolution):  # Moon's words, in tricks
            return head + sol.describe() + tail
        bidder = h.bidder
        assert bidder is not None
        rules = h.rules
        ours = sol.points[sol.sides[bidder]]
        best = f" Best first lead: {', '.join(str(d) for d in sol.best)}."
        if in_tricks(h):
            taken = ours // max(rules.trick_points, 1)
            made, _ = _trick_result(h, taken)
            return (head + f"with every hand face up and best play by all, "
                    f"{SEAT_NAMES[bidder]} takes {taken} of the {rules.hand_size} tricks "
                    f"against the others together: the bid would be "
                    f"{'made' if made else 'set'}.{best}{tail}")
        total = rules.total_points
        need = h.high_bid if h.high_bid < MARK else total
        return (head + f"with every hand face up and best play by all, {SEAT_NAMES[bidder]} "
                f"takes {ours} of {total} points against the others together: the bid would "
                f"be {'made' if ours >= need else 'set'} (it needs {need}).{best}{tail}")


def _trick_result(hand: Hand, taken: int) -> tuple[bool, int]:
    from ..scoring import trick_bid_result

    return trick_bid_result(hand.rules, hand.high_bid, taken)


def _promise(rules: Rules, bid: int) -> str:
    """What ``bid`` promises at a table other than 42's four (the bidder alone)."""
    if rules.bidding == "tricks":
        if bid == rules.moon_bid:
            return (f"To shoot the moon the bidder must take all {rules.hand_size} tricks, "
                    "alone against everyone else.")
        return (f"The bidder must take at least {bid} of the {rules.hand_size} tricks, alone "
                "against everyone else; made, it scores each trick it takes; set, it loses "
                f"{bid}.")
    if bid >= MARK:
        return (f"A bid of {bid_marks(bid)} mark{'s' if bid_marks(bid) != 1 else ''}: the "
                f"bidder must win all {rules.hand_size} tricks.")
    total = rules.total_points
    return (f"The bidder must take at least {bid} of the {total} points (a point a trick "
            "plus the count), playing alone against the others; they set it by taking "
            f"{total - bid + 1}.")


def _hand_words(held: list[Domino], *, count: bool = True) -> str:
    doubles = [d for d in held if d.is_double]
    points = sum(d.count for d in held)
    longest = max(range(7), key=lambda n: (sum(d.has(n) for d in held), n))
    k = sum(d.has(longest) for d in held)
    return (
        f"{len(doubles)} double{'s' if len(doubles) != 1 else ''}"
        f"{': ' + ' '.join(str(d) for d in doubles) if doubles else ''}; "
        + (f"count {points}; " if count else "")
        + f"longest suit: {k} with a {longest}."
    )


def _shaker_options(rules: Rules) -> list[tuple[str, int]]:
    """The seats of the table, for the Shaker list."""
    return [(f"Seat {s}", s) for s in range(rules.seats)]
