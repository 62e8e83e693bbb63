"""The one set of players at Moon's table: legal actions with reasons, views that leak
nothing, the rule-based player against random play, the sampling player against the
solver (these were the Moon players' tests; their meaning is unchanged)."""

from __future__ import annotations

import itertools
import random

import pytest

from texas42.analysis.match import match
from texas42.analysis.moon_solver import solve_moon
from texas42.analysis.players import (
    Player,
    RandomPlayer,
    RuleBasedPlayer,
    SamplingPlayer,
    decide,
    make_player,
    play_hand,
)
from texas42.analysis.sampling import sample_holdings, trick_bid_misfit
from texas42.analysis.view import SeatView
from texas42.contracts import Contract, tables
from texas42.dominoes import DOMINOES, Domino
from texas42.errors import IllegalActionError, NotationError
from texas42.hand import Phase
from texas42.moon import MOON_MASK, MoonDeal, MoonGame, MoonHand
from texas42.tricks import trick_winner

from .moon_helpers import moon_in_play

KINDS = ("random", "rule-based", "sampling:3")


def _kind(hand: MoonHand) -> str:
    if hand.phase is Phase.BIDDING:
        return "bid"
    if hand.phase is Phase.CONTRACT:
        return "discard" if hand.discard is None else "contract"
    return "play"


def _check_and_apply(hand: MoonHand, player: Player) -> None:
    """Ask for a decision, check it is one of the legal actions and its reason names it
    in one plain line, then let the engine apply it."""
    legal = [a.value for a in hand.legal_actions()]
    kind = _kind(hand)
    decision = decide(player, hand)
    assert decision.action in legal, (kind, decision)
    word = "pass" if decision.action == 0 else str(decision.action)
    reason = decision.reason
    assert reason.startswith(f"{word}: ") and reason.endswith("."), reason
    assert "\n" not in reason and len(reason) < 200 and reason.isprintable()
    hand.apply((kind, decision.action))


@pytest.mark.parametrize("seed", range(12))
def test_players_act_legally_with_reasons(seed: int) -> None:
    rng = random.Random(seed)
    players: list[Player] = [make_player(rng.choice(KINDS), seed=seed + s)
                                 for s in range(3)]
    for _ in range(3):
        hand = MoonHand(MoonDeal.shake(rng), shaker=rng.randrange(3))
        while not hand.is_over:
            _check_and_apply(hand, players[hand.to_act])
        assert hand.phase in (Phase.OVER, Phase.RESHAKE)


def test_every_kind_plays_every_seat_through_whole_games() -> None:
    for seed, kind in enumerate(KINDS[:2]):
        game = MoonGame(seed=seed)
        players = [make_player(kind, seed=seed)] * 3
        for _ in range(60):
            log = play_hand(game.hand, players)
            assert log and all(d.reason for _, d in log)
            if game.is_over:
                break
            game.next_hand()
        # Random bidders are set far more often than they make (a set costs the bid,
        # often the moon's 21), so their scores drift down and a game of them may never
        # reach 21: only the rule-based game must end.
        if kind != "random":
            assert game.is_over and game.winner is not None


def test_sampling_player_plays_whole_hands() -> None:
    rng = random.Random(7)
    for _ in range(3):
        hand = MoonHand(MoonDeal.shake(rng), shaker=rng.randrange(3))
        players: list[Player] = [SamplingPlayer(4, seed=1), RuleBasedPlayer(),
                                     RandomPlayer(2)]
        while not hand.is_over:
            _check_and_apply(hand, players[hand.to_act])


def _replay(deal: MoonDeal, shaker: int, hand: MoonHand) -> MoonHand | None:
    """The actions of ``hand`` on another deal (``None`` if one is illegal there)."""
    other = MoonHand(deal, shaker=shaker)
    try:
        for a in hand.actions:
            other.apply((a.kind, a.value))
    except IllegalActionError:
        return None
    return other


def test_the_view_leaks_no_other_holding() -> None:
    """Swap an unplayed domino between the two seats the viewer cannot see (the widow
    counts as the bidder's): if the same actions stay legal, the view is the same."""
    rng = random.Random(3)
    compared = 0
    for _ in range(200):
        hand = moon_in_play(rng, rng.randrange(1, 8))
        me = hand.to_act
        x, y = [s for s in range(3) if s != me]
        masks = list(hand.deal.masks)
        left_x = [d for d in hand.holding(x) if masks[x] >> d.index & 1]
        left_y = [d for d in hand.holding(y) if masks[y] >> d.index & 1]
        if not left_x or not left_y:
            continue
        dx, dy = rng.choice(left_x), rng.choice(left_y)
        masks[x] ^= 1 << dx.index | 1 << dy.index
        masks[y] ^= 1 << dx.index | 1 << dy.index
        other = _replay(MoonDeal(masks), hand.shaker, hand)
        if other is None:
            continue
        assert other.to_act == me
        assert SeatView.of(other) == SeatView.of(hand)
        # ... while the seat that holds the swapped domino sees the difference.
        assert SeatView.of(other, x) != SeatView.of(hand, x)
        compared += 1
    assert compared >= 50


def test_opponents_do_not_see_the_widow_or_the_discard() -> None:
    rng = random.Random(9)
    compared = 0
    for _ in range(60):
        deal = MoonDeal.shake(rng)
        hands = []
        first = MoonHand(deal, shaker=0)
        first.bid(5)
        first.bid("pass")
        first.bid("pass")
        assert first.bidder == 1
        held = list(first.holding(1))
        x, y = rng.sample(held, 2)
        for discard in (x, y):
            hand = MoonHand(deal, shaker=0)
            for b in (5, "pass", "pass"):
                hand.bid(b)
            hand.discard_domino(discard)
            hand.name_contract("follow-me")
            lead = next(d for d in hand.legal_plays() if d not in (x, y))
            hand.play(lead)
            hands.append(hand)
        a, b = hands
        assert a.to_act == 2
        assert SeatView.of(a) == SeatView.of(b)
        assert SeatView.of(a, 0) == SeatView.of(b, 0)
        view = SeatView.of(a)
        assert view.widow == () and view.discards == ()
        bidder_view = SeatView.of(a, 1)
        assert bidder_view.widow == (deal.widow,) and bidder_view.discards == (x,)
        assert SeatView.of(a, 1) != SeatView.of(b, 1)
        compared += 1
    assert compared == 60


def test_rule_based_beats_random() -> None:
    r = match(RuleBasedPlayer(), RandomPlayer(3), deals=40, seed=3, rules="moon")
    gain, half = r.per_hand
    assert gain - half > 0, r.summary()
    assert len(r.deals) == 40 and r.hands_played == 160
    # The same deals again give the same result (duplicate, seeded).
    again = match(RuleBasedPlayer(), RandomPlayer(3), deals=5, seed=3, rules="moon")
    assert [d.plays for d in again.deals] == [d.plays for d in r.deals[:5]]


def _arrangements(hand: MoonHand) -> list[tuple[int, int, int]]:
    """Every way to hold the dominoes the seat to act has not seen that fits the play so
    far, found by replaying each seat's plays against the holding it would have had (no
    void bookkeeping: the rule of following, straight from the suit tables)."""
    me, bidder, contract = hand.to_act, hand.bidder, hand.contract
    assert bidder is not None and contract is not None
    view = SeatView.of(hand)
    pool = [d for d in range(28) if view.unseen >> d & 1]
    others = [s for s in range(3) if s != me]
    counts = [hand.holding(s).mask.bit_count() for s in others]
    plays = [(t.seats, t.plays) for t in hand.tricks]
    if hand.current_trick:
        seats = tuple((hand.leader + i) % 3 for i in range(len(hand.current_trick)))
        plays.append((seats, tuple(hand.current_trick)))
    t = tables(contract)
    out = []
    for first in itertools.combinations(pool, counts[0]):
        rest = [d for d in pool if d not in first]
        for second in itertools.combinations(rest, counts[1]):
            held = [0, 0, 0]
            held[me] = hand.holding(me).mask
            held[others[0]] = sum(1 << d for d in first)
            held[others[1]] = sum(1 << d for d in second)
            if _fits(held, plays, t):
                out.append((held[0], held[1], held[2]))
    return out


def _fits(held: list[int], plays: list[tuple[tuple[int, ...], tuple[Domino, ...]]],
          t: object) -> bool:
    """Whether each seat, holding ``held`` now plus what it played after each trick,
    could play what it played."""
    at = list(held)
    for seats, dominoes in plays:
        for s, d in zip(seats, dominoes, strict=True):
            at[s] |= 1 << d.index
    for seats, dominoes in plays:
        for s, d in zip(seats, dominoes, strict=True):
            legal = t.legal(at[s], dominoes[0] if s != seats[0] else None)  # type: ignore[attr-defined]
            if not legal >> d.index & 1:
                return False
            at[s] ^= 1 << d.index
    return True


def test_sampling_plays_the_solvers_best_when_only_one_arrangement_fits() -> None:
    rng = random.Random(12)
    rules = RuleBasedPlayer()
    sampler = SamplingPlayer(4, seed=5)
    checked = 0
    for _ in range(100):
        hand = moon_in_play(rng, 7)
        while not hand.is_over:
            if hand.holding(hand.to_act).mask.bit_count() <= 4:
                fits = _arrangements(hand)
                true = tuple(hand.holding(s).mask for s in range(3))
                assert true in fits
                if len(fits) == 1 and len(hand.legal_plays()) > 1:
                    solution = solve_moon(hand)
                    averages, solved = sampler.averages(SeatView.of(hand))
                    assert solved == 4
                    # The averages are the seat's side's tricks from here: the bidder's,
                    # or those the bidder leaves to everyone else.
                    left = 7 - len(hand.tricks)
                    mine = {d: float(v if hand.to_act == hand.bidder else left - v)
                            for d, v in solution.plays.items()}
                    assert averages == mine
                    choice = decide(sampler, hand).action
                    assert choice in solution.best, hand.to_json()
                    checked += 1
            _check_and_apply(hand, rules)
    assert checked >= 15


def test_sampled_holdings_always_fit_what_the_seat_saw() -> None:
    rng = random.Random(13)
    for _ in range(60):
        hand = moon_in_play(rng, rng.randrange(1, 5))
        fits = set(_arrangements(hand))
        view = SeatView.of(hand)
        for i in range(5):
            hands = sample_holdings(view, random.Random(i))
            assert hands is not None and tuple(hands) in fits


def test_opponent_does_not_overtake_when_the_bidder_is_beaten() -> None:
    rng = random.Random(4)
    player = RuleBasedPlayer()
    checked = 0
    for _ in range(600):
        hand = moon_in_play(rng, rng.randrange(1, 8), mid_trick=True)
        trick = hand.current_trick
        if len(trick) != 2 or hand.to_act == hand.bidder:
            continue
        assert hand.contract is not None
        other = (hand.to_act + 1) % 3  # led, so the bidder played second
        if other == hand.bidder or trick_winner(trick, hand.contract) != 0:
            continue
        stays = [d for d in hand.legal_plays()
                 if trick_winner([*trick, d], hand.contract) == 0]
        if not stays or len(hand.legal_plays()) == 1:
            continue
        d = decide(player, hand)
        assert d.action in stays, d.reason
        assert "does not overtake" in d.reason
        checked += 1
    assert checked >= 20


def test_bidder_pulls_trumps_while_opponents_hold_them() -> None:
    rng = random.Random(6)
    player = RuleBasedPlayer()
    checked = 0
    for _ in range(300):
        hand = moon_in_play(rng, rng.randrange(2, 8), mid_trick=False, contract="fours")
        if hand.to_act != hand.bidder:
            continue
        c = Contract.suit(4)
        mine = [d for d in hand.holding(hand.to_act) if c.is_trump(d)]
        theirs = [d for s in range(3) if s != hand.bidder for d in hand.holding(s)
                  if c.is_trump(d)]
        if not mine or not theirs:
            continue
        d = decide(player, hand)
        top = max(mine, key=lambda x: 7 if x.is_double else x.other_end(4))
        assert d.action == top, d.reason
        checked += 1
    assert checked >= 20


def test_rule_based_bids_and_contracts() -> None:
    lock = MoonDeal(["6-6 6-5 6-4 6-3 6-2 6-1 5-5", "5-4 5-3 5-2 5-1 4-4 4-3 4-2",
                     "4-1 3-3 3-2 3-1 2-2 2-1 1-1"], "0-0")
    hand = MoonHand(lock, shaker=2)
    d = decide(RuleBasedPlayer(), hand)
    # Every six and the 5-5: the sixes draw all trumps (none out), the 5-5 then wins.
    assert d.action == 21 and "shoots the moon" in d.reason
    hand.bid(21)
    discard = decide(RuleBasedPlayer(), hand)
    assert discard.action == Domino.parse("0-0")  # the widow: keeps the lock
    hand.discard_domino(discard.action)
    assert decide(RuleBasedPlayer(), hand).action == Contract.suit(6)
    weak = MoonHand(MoonDeal(["5-4 5-3 3-1 2-1 4-2 4-1 3-2", "6-6 6-5 6-4 6-3 6-2 6-1 5-5",
                              "5-2 5-1 4-4 4-3 3-3 2-2 1-1"], "0-0"), shaker=2)
    d = decide(RuleBasedPlayer(), weak)
    assert d.action == 0 and d.reason.startswith("pass: ")


def test_player_names_and_errors() -> None:
    assert isinstance(make_player("random"), RandomPlayer)
    assert isinstance(make_player("rules"), RuleBasedPlayer)
    sampler = make_player("sampling:5")
    assert isinstance(sampler, SamplingPlayer) and sampler.samples == 5
    with pytest.raises(NotationError, match="not a player"):
        make_player("clever")
    with pytest.raises(NotationError, match="whole number"):
        make_player("sampling:x")
    hand = MoonHand(MoonDeal.from_seed(1), shaker=0)
    for _ in range(3):
        hand.bid("pass")
    assert hand.phase is Phase.RESHAKE
    with pytest.raises(IllegalActionError) as err:
        decide(RuleBasedPlayer(), hand)
    assert err.value.rule == "hand-over"


def _rule_based_bid(hand: MoonHand, seat: int, seven: int) -> int:
    """What :class:`RuleBasedPlayer` bids holding ``seven`` at ``seat``'s turn of the
    auction of ``hand`` (a fresh deal gives it those seven, the bids before it are
    replayed)."""
    rest = [d for d in range(28) if MOON_MASK >> d & 1 and not seven >> d & 1]
    masks = [0, 0, 0]
    masks[seat] = seven
    others = [s for s in range(3) if s != seat]
    for k, d in enumerate(rest[:-1]):
        masks[others[k // 7]] |= 1 << d
    other = MoonHand(MoonDeal(masks, DOMINOES[rest[-1]]), shaker=hand.shaker)
    for b in hand.bids:
        if other.to_act == seat:
            break
        other.bid(b)
    assert other.to_act == seat
    return int(decide(RuleBasedPlayer(), other).action)


def _fits_auction(hand: MoonHand, held: tuple[int, int, int]) -> bool:
    """Whether every other seat, holding ``held`` now, would have bid as it did under the
    rule-based bidder: its seven are what it holds and played; the bidder's (seen by an
    opponent) any seven of what it holds, played and discarded."""
    me, bidder = hand.to_act, hand.bidder
    assert bidder is not None
    view = SeatView.of(hand)
    played = [0, 0, 0]
    tricks = [(t.seats, t.plays) for t in hand.tricks]
    seats = tuple((hand.leader + i) % 3 for i in range(len(hand.current_trick)))
    for ss, ds in (*tricks, (seats, tuple(hand.current_trick))):
        for s, d in zip(ss, ds, strict=True):
            played[s] |= 1 << d.index
    for i, bid in enumerate(hand.bids):
        s = hand.bidding_order[i]
        if s == me:
            continue
        if s != bidder or me == bidder:
            sevens = [held[s] | played[s]]
        else:
            eight = held[s] | played[s] | (view.unseen & ~held[0] & ~held[1] & ~held[2])
            sevens = [eight & ~(1 << x) for x in range(28) if eight >> x & 1]
        if all(_rule_based_bid(hand, s, seven) != bid for seven in sevens):
            return False
    return True


def test_bid_misfit_without_slack_is_the_rule_based_bid() -> None:
    rng = random.Random(21)
    checked = 0
    for _ in range(40):
        hand = MoonHand(MoonDeal.shake(rng), shaker=rng.randrange(3))
        while hand.phase is Phase.BIDDING:
            hand.bid(rng.choice(hand.valid_bids()))
        if hand.bidder is None:
            continue
        view = SeatView.of(hand)
        for s in hand.bidding_order[: len(hand.bids)]:
            for _ in range(10):
                seven = sum(1 << d for d in rng.sample(
                    [d for d in range(28) if MOON_MASK >> d & 1], 7))
                bid = hand.bids[hand.bidding_order.index(s)]
                fits = _rule_based_bid(hand, s, seven) == bid
                assert (trick_bid_misfit(view, s, seven, slack=0) == 0) == fits
                assert trick_bid_misfit(view, s, seven) <= trick_bid_misfit(view, s, seven,
                                                                           slack=0)
                checked += 1
    assert checked >= 500


def _rule_based_position(rng: random.Random, tricks_left: int) -> MoonHand | None:
    """A hand bid, discarded and named by rule-based players, then played at random."""
    hand = MoonHand(MoonDeal.shake(rng), shaker=rng.randrange(3))
    rules = RuleBasedPlayer()
    while hand.phase is not Phase.PLAYING:
        if hand.is_over:
            return None
        hand.apply((_kind(hand), decide(rules, hand).action))
    for _ in range((7 - tricks_left) * 3 + rng.randrange(3)):
        hand.play(rng.choice(hand.legal_plays()))
    return hand


def test_sampled_holdings_fit_the_auction_when_they_can() -> None:
    """Rule-based players bid, so the true holdings fit the auction exactly: a sampler
    with no slack and enough tries returns fitting guesses; the plain sampler (one try)
    does not always."""
    rng = random.Random(22)
    narrowed = unfit_plain = 0
    for _ in range(150):
        hand = _rule_based_position(rng, 3)
        if hand is None:
            continue
        fits = _arrangements(hand)
        auction = [held for held in fits if _fits_auction(hand, held)]
        assert tuple(hand.holding(s).mask for s in range(3)) in auction
        if len(auction) == len(fits) or len(auction) < len(fits) / 20:
            continue  # all fit; or so few that 300 tries might miss them all
        narrowed += 1
        view = SeatView.of(hand)
        for i in range(4):
            guess = sample_holdings(view, random.Random(i), tries=300, slack=0)
            assert guess is not None and tuple(guess) in auction, hand.to_json()
            plain = sample_holdings(view, random.Random(i), tries=1)
            assert plain is not None and tuple(plain) in fits
            unfit_plain += tuple(plain) not in auction
    assert narrowed >= 50 and unfit_plain >= 80
