"""Explorer 4, tricks: pick a rules profile (42's, or another table: three-hand 42,
Moon, Moon for four to seven), a contract, a leader and a deal (a hand number, a deal
code or the hands typed in), then play seat by seat. Illegal plays are refused with the
rule in words; the winner and the points are shown and explained. Under house rules the
contracts include nello (the first leader is the bidder, the partner sits out, tricks
of three) and sevens (play the domino closest to 7).

The explorer is a view over one :class:`~texas42.hand.Hand` started at its play by
:meth:`~texas42.hand.Hand.at_play` (the first leader won the auction with the lowest bid
for the contract): the engine decides every play, trick and point; the explorer says
them in words.

What is on the table (rules, contract, first leader, deal and the dominoes played) is
kept in the page's storage (:class:`~texas42.widgets._progress.ProgressStore`, under a
key of the explorer's starting arguments, so each page's explorer keeps its own): a
reload brings it back where it was, as the play explorer brings back its game."""

from __future__ import annotations

import json
from typing import Any

import ipywidgets as W

from ..contracts import Contract
from ..deals import Deal
from ..dominoes import Domino, DominoSet
from ..errors import IllegalPlayError, NotationError, Texas42Error
from ..hand import Hand, Phase, Trick
from ..rules import Rules
from ..svg import dominoes_svg, play_labels
from ..tricks import explain_play, explain_winner, led_suit, trick_winner
from ._base import Explorer, safe
from ._controls import button, dropdown, html_box, wrap_row
from ._deals import DealSource
from ._html import SEAT_NAMES, p, page, points, seat_label, suit_words
from ._pickers import RulesPicker, allowed_contract_keys, contract_options
from ._pictures import row, trick_pic
from ._progress import ProgressStore
from .count_explorer import trick_sum
from .table_widget import TableWidget

#: Every contract the explorer can show (a rules profile offers some of them).
TRICK_CONTRACTS = contract_options()
#: The page storage's key of a tricks explorer (its starting arguments are added).
STORAGE_PREFIX = "texas42-tricks"
#: The version of the kept table's JSON (another is not read: the explorer starts anew).
STATE_VERSION = 1
#: The longest kept text read (a whole hand's state is under 1 KB).
MAX_STATE_CHARS = 20_000


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
        # A hand number, a deal code or the hands typed in (the row the bidding, replay and
        # play explorers have): a hand number deals at once, the others with Deal.
        self.source = DealSource(1)
        self.seed_box = self.source.seed
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
        self.source.load_button.on_click(self._on_load)
        self.show_legal.observe(self._on_redraw, names="value")
        self.typed.observe(self._on_typed, names="value")
        self.undo_button.on_click(self._on_undo)
        self.clear_button.on_click(self._on_restart)
        self.ui = W.VBox(
            [
                wrap_row([self.contract_picker, self.leader_picker]),
                self.rules_picker,
                self.source.box,
                self.show_legal,
                self.message_box,
                self.table,
                W.HBox([self.typed, self.undo_button, self.clear_button]),
                W.HBox([self.trick_box, self.why_box]),
            ]
        )
        self.ui.add_class("t42-tricks")
        self.extra = [*self.source.fields]
        self.deal = Deal.from_seed(1, self.rules.layout)
        #: The explanation of each domino played, as it was played.
        self.notes: list[str] = []
        self.hand: Hand
        self._new_hand()
        self._busy = False
        # The page's storage: read once when the page draws the explorer (then what was
        # on the table comes back), written after every change from then on.
        self._first = (str(self.rules_picker.value), contract, seed, leader)
        self._ready = False
        self.store = ProgressStore(key=":".join([STORAGE_PREFIX, *map(str, self._first)]))
        self.store.on_load = self._kept_loaded
        self.ui.children = [*self.ui.children, self.store]
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

    # -- the hand: the engine plays it, the explorer shows it -----------------------------------
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

    @property
    def contract(self) -> Contract:
        return Contract.parse(self.contract_picker.value)

    @property
    def first_leader(self) -> int:
        return int(self.leader_picker.value)

    @property
    def sitting_out(self) -> int | None:
        """In nello the first leader is the bidder, and the bidder's partner sits out."""
        return self.hand.sitting_out

    @property
    def moves(self) -> list[Domino]:
        """The dominoes played so far, in order."""
        return list(self.hand.plays)

    def _new_hand(self) -> None:
        """The hand of the deal at its first lead: the first leader won the auction with
        the lowest bid for the contract (the engine's one start of the play)."""
        self.hand = Hand.at_play(self.deal, self.contract, leader=self.first_leader,
                                 rules=self.rules)
        self.notes = []

    @property
    def finished(self) -> bool:
        return len(self.hand.tricks) == self.rules.hand_size

    def _play_on(self) -> None:
        """Every trick is played here, also after the result was decided early."""
        if self.hand.phase is Phase.OVER and not self.finished:
            self.hand.play_out()

    def _trick_now(self) -> tuple[list[Domino], list[int]]:
        """The trick in progress and the seat of each of its dominoes."""
        trick = self.hand.current_trick
        seats = [a.seat for a in self.hand.actions[len(self.hand.actions) - len(trick):]]
        return trick, seats

    @property
    def to_play(self) -> int | None:
        return None if self.finished else self.hand.to_act

    # -- actions -----------------------------------------------------------------------------
    def try_play(self, domino: str | Domino) -> bool:
        """Play ``domino`` for the seat to play; refused (with the reason) if illegal."""
        return bool(self._play(domino))

    @safe
    def _play(self, domino: str | Domino) -> bool:
        self._play_one(Domino.parse(domino) if isinstance(domino, str) else domino)
        self.render()
        return True

    def _play_one(self, d: Domino) -> None:
        """Play ``d`` for the seat to play and note why it may be played (refused, with
        the reason, if it may not: the hand is then left as it was)."""
        h = self.hand
        if self.finished:
            raise IllegalPlayError(
                "every domino has been played: press Start over", rule="hand-over"
            )
        seat, c = h.to_act, self.contract
        held, trick = h.holding(seat), h.current_trick
        # (the words first: whatever fails, the hand is left as it was)
        note = f"{SEAT_NAMES[seat]} plays {d}: " + explain_play(d, held, trick, c, seat=seat)
        try:
            h.play(d)
        except IllegalPlayError as exc:
            raise self._refusal(exc, d, seat, held, trick) from None
        self.notes.append(note)
        self._play_on()

    def _refusal(self, exc: IllegalPlayError, d: Domino, seat: int, held: DominoSet,
                 trick: list[Domino]) -> IllegalPlayError:
        """The engine's refusal in the explorer's words: where the domino is, or why the
        rule forbids it."""
        if exc.rule != "not-held":
            return IllegalPlayError(
                f"Refused: {SEAT_NAMES[seat]} may not play {d}. "
                + explain_play(d, held, trick, self.contract, seat=seat),
                rule=exc.rule,
            )
        owner = self.deal.holder(d)
        if d in self.hand.plays:
            where = "was already played"
        elif owner == self.sitting_out:
            where = f"is in {SEAT_NAMES[owner]}'s hand, which sits out this nello hand"
        else:
            where = f"is in {SEAT_NAMES[owner]}'s hand"
        return IllegalPlayError(
            f"{SEAT_NAMES[seat]} does not hold {d}: it {where}. {SEAT_NAMES[seat]} holds {held}.",
            rule="not-held",
        )

    @safe
    def _on_typed(self, change: Any) -> None:
        text = str(change["new"]).strip()
        if text:
            self._play(text)
            self.typed.value = ""

    @safe
    def _on_undo(self, _b: Any = None) -> None:
        if not self.hand.plays:
            self.show_message("Nothing to undo: no domino has been played.", kind="warn")
            return
        d = self.hand.plays[-1]
        self.hand.undo()
        self.notes.pop()
        self._play_on()
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
        self.source.show_table(self.rules.layout)
        if self.deal.layout != self.rules.layout:
            self._reset()  # another table: its own deal
            return
        self._new_hand()
        self.render()

    @safe
    def _on_reset(self, _change: Any = None) -> None:
        if not self._busy:
            self._reset()

    @safe
    def _on_restart(self, _change: Any = None) -> None:
        """Same dominoes, every domino back in hand."""
        if not self._busy:
            self._new_hand()
            self.render()

    @safe
    def set_deal(self, deal: Deal | str) -> None:
        """Play tricks from ``deal`` (a :class:`~texas42.Deal` or a deal code)."""
        self.deal = deal if isinstance(deal, Deal) else Deal.from_code(deal, self.rules.layout)
        self._new_hand()
        self.render()
        self.show_message(f"Deal {self.deal.code}: " + self.message)

    @safe
    def _on_load(self, _b: Any = None) -> None:
        """Deal from the deal row: a hand number, a deal code or the hands typed in."""
        deal = self.source.deal(self.rules.layout)  # a bad code raises here, nothing changes
        self.deal = deal
        self._new_hand()
        self.render()
        self.show_message(f"Dealt {self.source.describe(deal)}. " + self.message)

    def _reset(self) -> None:
        self.deal = Deal.from_seed(int(self.seed_box.value), self.rules.layout)
        self._new_hand()
        self.render()

    @safe
    def _on_redraw(self, _change: Any = None) -> None:
        self.render()

    # -- kept over a reload (the page's storage) -----------------------------------------------
    @property
    def kept_state(self) -> dict[str, Any]:
        """What a reload brings back: the rules profile, contract, first leader, hand
        number, the deal (its code) and the dominoes played."""
        return {"version": STATE_VERSION, "rules": str(self.rules_picker.value),
                "contract": str(self.contract), "leader": self.first_leader,
                "seed": int(self.seed_box.value), "deal": self.deal.code,
                "plays": [str(d) for d in self.hand.plays]}

    def _keep(self) -> None:
        if self._ready:
            self.store.data = json.dumps(self.kept_state)

    @safe
    def _kept_loaded(self, text: str | bytes) -> None:
        """The page's stored table (``""``: none): put back; one that cannot be (another
        version's, damaged) is dropped, and the explorer keeps its start."""
        try:
            if text:
                self._restore(text)
        except Texas42Error as exc:
            self._restart_as_first()
            self.show_message(f"The table kept in this page could not be put back "
                              f"({exc.message}): the explorer starts anew.", kind="warn")
        finally:
            self._ready = True
            self._keep()

    def _restore(self, text: str | bytes) -> None:
        data = _kept_json(text)
        keys = [v for _, v in self.rules_picker.options]
        if data["rules"] not in keys:
            raise NotationError(f"no rules profile {data['rules']!r} here", rule="kept")
        self.rules_picker.value = data["rules"]  # (its contracts and seats follow)
        if data["contract"] not in [v for _, v in self.contract_picker.options]:
            raise NotationError(f"{data['contract']} is not played under these rules",
                                rule="kept")
        if data["leader"] >= self.seats:
            raise NotationError(f"no seat {data['leader']} at this table", rule="kept")
        self._busy = True
        try:
            self.contract_picker.value = data["contract"]
            self.leader_picker.value = data["leader"]
            self.seed_box.value = data["seed"]
        finally:
            self._busy = False
        self.deal = Deal.from_code(data["deal"], self.rules.layout)
        if self.deal != Deal.from_seed(data["seed"], self.rules.layout):
            self.source.mode.value = "code"  # (the deal row shows where it came from)
            self.source.code.value = self.deal.code
        self._new_hand()
        for played in data["plays"]:
            self._play_one(Domino.parse(played))
        self.render()
        done = len(self.hand.plays)
        self.show_message(f"Welcome back: deal {self.deal.code} in {self.contract}, "
                          f"{done} domino{'es' if done != 1 else ''} played. " + self.message)

    def _restart_as_first(self) -> None:
        rules, contract, seed, leader = self._first
        self.rules_picker.value = rules
        self._start(contract, seed, leader)

    # -- state -------------------------------------------------------------------------------
    def _shown(self) -> tuple[list[Domino], list[int], int, Trick | None]:
        """The trick on the table: the one in progress, or the last one finished (then
        also that trick); with the seat of each domino and who led."""
        trick, seats = self._trick_now()
        if trick:
            return trick, seats, seats[0], None
        if self.hand.tricks:
            done = self.hand.tricks[-1]
            return list(done.plays), list(done.seats), done.leader, done
        return [], [], self.hand.leader, None

    @property
    def state(self) -> dict[str, Any]:
        seat = self.to_play
        shown, shown_seats, shown_leader, done = self._shown()
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
            "legal": [str(d) for d in self.hand.legal_plays()] if seat is not None else [],
            "winner": done.winner if done else None,
            "points": done.points if done else None,
            "tricks_done": len(self.hand.tricks),
            "tricks_won": list(self.hand.tricks_won),
            "message": self.message,
        }

    # -- drawing -----------------------------------------------------------------------------
    def _sum_words(self, trick: Trick) -> str:
        """How a trick's points add up (42's: ``"1 for the trick + 10 (6-4) = 11"``)."""
        r = self.rules
        if r.trick_points == 1 and r.count:
            return trick_sum(trick)
        return str(trick.points)  # (no count here: the trick's worth alone)

    def _winner_so_far(self, plays: list[Domino], seats: list[int]) -> tuple[int, str]:
        """The position in the trick in progress of the domino winning it, and why."""
        c, tie = self.contract, self.hand.sevens_tie_side
        words = explain_winner(plays, c, seats=seats, bidding_team=tie)
        return (trick_winner(plays, c, seats=seats, bidding_team=tie),
                words.replace(" wins:", " is winning:"))

    def _end_words(self) -> str:
        c, h, r = self.contract, self.hand, self.rules
        bidder = h.declarer
        assert bidder is not None  # (the hand is in its play)
        won = h.tricks_won[r.share_of(bidder)]
        taken = h.points
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
                f"trick{'s' if won != 1 else ''}: {verdict}. {SEAT_NAMES[h.sitting_out or 0]} "
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
        c, h = self.contract, self.hand
        seat = self.to_play
        trick = h.current_trick
        legal = set(h.legal_plays()) if seat is not None else set()
        shown, shown_seats, shown_leader, done = self._shown()
        winner_pos: int | None = None
        so_far = ""
        won_by = done.winner if done is not None else None  # (a finished trick has one)
        if won_by is not None:
            winner_pos = shown_seats.index(won_by)
        elif shown:
            winner_pos, so_far = self._winner_so_far(shown, shown_seats)
        if self.seats == 4:
            picture = trick_pic(shown, shown_leader, c, winner_pos, sitting_out=self.sitting_out)
        else:  # (the trick picture has four places: other tables show a row)
            picture = row(shown, highlight={shown[winner_pos]: "winner"} if shown and
                          winner_pos is not None else None, size=28, vertical=True,
                          captions={d: SEAT_NAMES[s] + (" led" if i == 0 else "")
                                    for i, (s, d) in enumerate(zip(shown_seats, shown,
                                                                   strict=True))})
        self.trick_box.value = page(
            p(f"Trick {len(h.tricks) + (0 if done is not None else 1)}:"), picture)
        why = [p(n) for n in self.notes[-len(shown) :]] if shown else []
        if done is not None and won_by is not None:
            why.append(
                p(
                    f"{h.trick_explanation(-1)} {SEAT_NAMES[won_by]} "
                    f"takes the trick: {self._sum_words(done)} "
                    f"point{'s' if done.points != 1 else ''}, and leads next."
                )
            )
        elif len(shown) == 1 and c.kind == "sevens":
            why.append(p(f"So far: {shown[0]} was led; each player must play closest to 7."))
        elif len(shown) == 1:
            suit = suit_words(led_suit(shown[0], c), c)
            why.append(p(f"So far: {shown[0]} was led; the others must follow {suit} if they can."))
        elif shown:
            why.append(p(f"So far: {so_far}"))
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
        if seat is None:
            sections.append(p("Every domino has been played."))
        for s in range(self.seats):
            mine = h.holding(s)
            hl: dict[Domino, str] = {}
            if s == seat and self.show_legal.value:
                hl = {d: ("legal" if d in legal else "illegal") for d in mine}
            note = " — to play" if s == seat else ""
            if s == self.sitting_out:
                note = " — sits out (nello)"
            if s == seat:
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
        taken = h.points
        if self.rules.sides == "partners":
            sections.append(p(f"Points taken: seats 0+2 {taken[0]}, seats 1+3 {taken[1]}."))
        else:
            sections.append(p("Points taken: " + ", ".join(
                f"seat {s} {n}" for s, n in enumerate(taken)) + "."))
        self.table.value = page(*sections)
        self._keep()
        if seat is None:
            self.show_message(self._end_words(), kind="good")
        elif done is not None and won_by is not None:
            self.show_message(
                f"{h.trick_explanation(-1)} {SEAT_NAMES[won_by]} wins "
                f"{points(done.points)} and leads the next trick.",
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


def _kept_json(text: str | bytes) -> dict[str, Any]:
    """The kept table's JSON, its fields checked (a :class:`NotationError` otherwise)."""
    if len(text) > MAX_STATE_CHARS:
        raise NotationError("the kept table is too long to be one", rule="kept")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise NotationError("the kept table is not JSON", rule="kept") from None
    kinds = {"version": int, "rules": str, "contract": str, "leader": int, "seed": int,
             "deal": str, "plays": list}
    if not isinstance(data, dict) or data.get("version") != STATE_VERSION:
        raise NotationError("the kept table is not one this version reads", rule="kept")
    for name, kind in kinds.items():
        value = data.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise NotationError(f"the kept table's {name} is {value!r:.40}", rule="kept")
    if not (data["leader"] >= 0 and 0 <= data["seed"] <= 10**9):
        raise NotationError("the kept table's leader or hand number is out of range",
                            rule="kept")
    if not all(isinstance(d, str) for d in data["plays"]) or len(data["plays"]) > 64:
        raise NotationError("the kept table's plays are not dominoes", rule="kept")
    return data
