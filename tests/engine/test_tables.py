"""One hand engine for every table (issue 14): properties over EVERY rules preset.

Each preset's table (seats, dominoes in play, widow, aside, bids in points or in tricks)
is played by the one :class:`texas42.Hand`; these properties hold at all of them.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from texas42 import DOMINOES, Deal, Hand, HandRecord, Phase
from texas42.cli import main
from texas42.errors import IllegalActionError, NotationError, Texas42Error
from texas42.moon import MoonDeal, MoonHand
from texas42.rules import ALL_PRESETS, PRESETS, TABLE_PRESETS, Rules

#: Every preset, and the tables' options a preset does not choose (as offered).
PROFILE_RULES: dict[str, Rules] = {
    **ALL_PRESETS,
    "three-hand+bidder": ALL_PRESETS["three-hand"].replace(sides="bidder"),
    "three-hand+points": ALL_PRESETS["three-hand"].replace(scoring="points", target=250),
    "moon-4+partners": ALL_PRESETS["moon-4"].replace(sides="partners"),
}
PROFILES = sorted(PROFILE_RULES)
SEEDS = st.integers(min_value=0, max_value=2**63)
CFG = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def snapshot(hand: Hand) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in vars(hand).items()}


def random_action(hand: Hand, rng: random.Random) -> Any:
    actions = hand.legal_actions()
    if actions[0].kind == "bid" and len(actions) > 1 and rng.random() < 0.5:
        return actions[0] if actions[0].value == 0 else actions[1]  # keep auctions short
    return rng.choice(actions)


def play_randomly(hand: Hand, rng: random.Random, check: Any = None) -> None:
    while not hand.is_over:
        if check is not None:
            check(hand)
        hand.apply(random_action(hand, rng))


def places(hand: Hand) -> list[int]:
    """Where each domino of the deal is now: the hands, the widow (until taken), the
    discards, the aside and the dominoes played."""
    out = [hand.holding(s).mask for s in range(hand.seats)]
    if hand.rules.widow and hand.phase is Phase.BIDDING:
        out.append(hand.deal.widow_set.mask)
    out.append(sum(1 << d.index for d in hand.discards))
    out.append(hand.deal.aside.mask)
    out.append(sum(1 << d.index for d in hand.plays))
    return out


def check_places(hand: Hand) -> None:
    seen = 0
    for mask in places(hand):
        assert not seen & mask, "a domino is in two places"
        seen |= mask
    # Every domino in play is somewhere; a widow taken at the reshake is still the widow.
    layout = hand.rules.layout
    assert seen == layout.mask or hand.phase is Phase.RESHAKE
    assert len(set(hand.plays)) == len(hand.plays)


def new_hand(name: str, rng: random.Random) -> Hand:
    rules = PROFILE_RULES[name]
    return Hand(Deal.shake(rng, rules.layout), shaker=rng.randrange(rules.seats), rules=rules)


def test_every_player_count_2_to_7_has_a_preset() -> None:
    assert {r.players for r in ALL_PRESETS.values()} == set(range(2, 8))
    for rules in TABLE_PRESETS.values():
        assert rules.source  # each names its source (or says it has none)
    assert set(PRESETS) | set(TABLE_PRESETS) == set(ALL_PRESETS)


@pytest.mark.parametrize("name", PROFILES)
def test_the_table_shares_out_every_domino_in_play(name: str) -> None:
    rules = PROFILE_RULES[name]
    layout = rules.layout
    assert sum(layout.sizes) == len(layout.dominoes) == 28 - len(rules.out)
    deal = Deal.from_seed(1, layout)
    assert [len(h) for h in deal.hands] == [rules.hand_size] * rules.seats
    assert len(deal.widow_set) == rules.widow and len(deal.aside) == rules.aside
    assert Deal.from_code(deal.code, layout) == deal


@CFG
@given(name=st.sampled_from(PROFILES), seed=SEEDS)
def test_deal_codes_round_trip_at_every_table(name: str, seed: int) -> None:
    layout = PROFILE_RULES[name].layout
    deal = Deal.shake(random.Random(seed), layout)
    assert Deal.from_code(deal.code, layout) == deal
    assert Deal.from_code(deal.code.lower(), layout) == deal


@CFG
@given(name=st.sampled_from(PROFILES), seed=SEEDS)
def test_each_domino_is_in_one_place_and_the_points_add_up(name: str, seed: int) -> None:
    rng = random.Random(seed)
    hand = new_hand(name, rng)
    play_randomly(hand, rng, check_places)
    check_places(hand)
    if hand.phase is Phase.RESHAKE:
        return
    rules = hand.rules
    if len(hand.tricks) < rules.hand_size:
        hand.play_out()  # ended early: play it out, the points still add up
        play_randomly(hand, rng, check_places)
    assert len(hand.tricks) == rules.hand_size
    assert all(len(t.plays) == hand._trick_size for t in hand.tricks)
    # (in nello the declarer's partner sits out: that hand's count is never played)
    unplayed = 0 if hand.sitting_out is None else hand.holding(hand.sitting_out).count
    total = rules.total_points - (unplayed if rules.count else 0)
    assert sum(hand.points) == total
    assert sum(hand.tricks_won) == rules.hand_size
    assert sum(t.points for t in hand.tricks) == total
    for prev, nxt in zip(hand.tricks, hand.tricks[1:], strict=False):
        assert nxt.leader == prev.winner
    r = hand.result
    assert r is not None and len(r.points) == rules.side_count


JUNK = st.one_of(
    st.tuples(st.sampled_from(["bid", "discard", "contract", "play"]),
              st.one_of(st.integers(-3, 200), st.sampled_from([str(d) for d in DOMINOES]),
                        st.sampled_from(["pass", "sixes", "doubles", "nello", "plunge", "x"]))),
    st.text(max_size=5),
    st.none(),
)


@CFG
@given(name=st.sampled_from(PROFILES), seed=SEEDS, junk=st.lists(JUNK, min_size=1, max_size=6))
def test_no_illegal_action_is_accepted(name: str, seed: int, junk: list[Any]) -> None:
    """Junk actions (and legal-looking ones that are not legal now) are refused with the
    state unchanged; a legal one is accepted."""
    rng = random.Random(seed)
    hand = new_hand(name, rng)
    while not hand.is_over:
        legal = [a[:2] for a in hand.legal_actions()]
        for action in junk:
            before = snapshot(hand)
            try:
                probe = hand.copy()
                probe.apply(action)
            except Texas42Error:
                with pytest.raises(Texas42Error):
                    hand.apply(action)
                assert snapshot(hand) == before
                continue
            # Accepted: an action of a kind the engine offers now.
            assert action[0] in {k for k, _ in legal}
        hand.apply(random_action(hand, rng))


@CFG
@given(name=st.sampled_from(PROFILES), seed=SEEDS)
def test_every_domino_not_legal_is_refused(name: str, seed: int) -> None:
    rng = random.Random(seed)
    hand = new_hand(name, rng)
    while not hand.is_over:
        if hand.phase is Phase.PLAYING:
            legal = set(hand.legal_plays())
            before = snapshot(hand)
            for d in DOMINOES:
                if d in legal:
                    continue
                with pytest.raises(IllegalActionError):
                    hand.play(d)
                assert snapshot(hand) == before
        hand.apply(random_action(hand, rng))


@CFG
@given(name=st.sampled_from(PROFILES), seed=SEEDS)
def test_undo_and_replay_are_exact(name: str, seed: int) -> None:
    rng = random.Random(seed)
    hand = new_hand(name, rng)
    steps = [hand.copy()]
    while not hand.is_over:
        hand.apply(random_action(hand, rng))
        steps.append(hand.copy())
    again = hand.copy()
    again.replay(hand.actions)
    assert again == hand and again.status() == hand.status() and again.result == hand.result
    for n, before in enumerate(steps):
        at = hand.at(n)
        assert at == before and at.status() == before.status()
        assert at.legal_actions() == before.legal_actions()
    for before in reversed(steps[:-1]):
        hand.undo()
        assert hand == before and hand.points == before.points
        assert hand.tricks_won == before.tricks_won and hand.discards == before.discards


@CFG
@given(name=st.sampled_from(PROFILES), seed=SEEDS, stop=st.floats(0, 1))
def test_records_round_trip_at_every_table(name: str, seed: int, stop: float) -> None:
    rng = random.Random(seed)
    hand = new_hand(name, rng)
    play_randomly(hand, rng)
    hand = hand.at(round(stop * len(hand.actions)))  # a record can stop anywhere
    text = hand.record().to_json()
    record = HandRecord.from_json(text)
    assert record.to_json() == text
    again = record.replay()
    assert again == hand and again.status() == hand.status()


def test_a_record_must_fit_its_table() -> None:
    rng = random.Random(3)
    hand = new_hand("three-hand", rng)
    data = json.loads(hand.record().to_json())
    data["hands"] = data["hands"][:2]
    with pytest.raises(NotationError):
        HandRecord.from_dict(data)
    data = json.loads(new_hand("moon-5", rng).record().to_json())
    del data["aside"]
    with pytest.raises(NotationError, match="aside"):
        HandRecord.from_dict(data)
    with pytest.raises(NotationError, match="rules"):
        Hand(Deal.from_seed(1), rules="three-hand")  # a deal of four sevens


@pytest.mark.parametrize("name", PROFILES)
def test_replay_json_for_every_profile(name: str, tmp_path: Any,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(name)
    hand = new_hand(name, rng)
    while hand.phase is not Phase.OVER:
        hand = new_hand(name, rng)
        play_randomly(hand, rng)
    path = tmp_path / "hand.json"
    path.write_text(hand.record().to_json())
    capsys.readouterr()
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [t["plays"] for t in data["tricks"]] == [[str(d) for d in t.plays]
                                                    for t in hand.tricks]
    assert data["result"]["bidder"] == hand.bidder and data["result"]["made"] == hand.result.made
    assert main(["replay", str(path)]) == 0
    assert hand.status() in capsys.readouterr().out
    if name in ALL_PRESETS:
        assert main(["deal", "--rules", name, "--seed", "4", "--json"]) == 0
        dealt = json.loads(capsys.readouterr().out)
        assert dealt["code"] == Deal.from_seed(4, Rules.preset(name).layout).code


def test_three_hand_is_42_for_three() -> None:
    rules = Rules.preset("three-hand")
    assert (rules.seats, rules.hand_size, rules.total_points) == (3, 9, 44)
    assert "1-0" not in {str(d) for d in rules.layout.dominoes}
    hand = Hand(Deal.from_seed(5, rules.layout), shaker=2, rules=rules)
    assert hand.valid_bids()[:3] == [0, 30, 31]
    for bid in ("30", "pass", "pass"):
        hand.bid(bid)
    hand.name_contract("sixes")
    while not hand.is_over:
        hand.play(hand.legal_plays()[0])
    r = hand.result
    assert r is not None and len(r.marks) == 3
    if r.made:
        assert r.marks == tuple(1 if s == 0 else 0 for s in range(3))
    else:  # set: each of the two others scores the mark
        assert r.marks == tuple(0 if s == 0 else 1 for s in range(3))


def test_moon_for_many_bids_in_tricks_without_count() -> None:
    for name in ("moon-4", "moon-5", "moon-6", "moon-7"):
        rules = Rules.preset(name)
        hand = Hand(Deal.from_seed(2, rules.layout), rules=rules)
        assert hand.valid_bids() == [0, *range(rules.trick_min_bid, rules.hand_size + 1), 21]
        assert rules.total_points == rules.hand_size  # a point a trick, no count
        assert rules.moon_bid == 21 and not rules.count


def test_two_hand_is_42_with_one_person_for_each_side() -> None:
    rules = Rules.preset("two-hand")
    assert rules.players == 2 and rules.seats == 4 and "HOUSE" in rules.source
    assert rules.controlled_seats(0) == (0, 2) and rules.controlled_seats(3) == (1, 3)
    assert Rules.preset("standard").controlled_seats(1) == (1,)


def test_claims_are_checked_at_every_table() -> None:
    # (tests/engine/test_claims_tables.py checks them against every arrangement.)
    hand = Hand.at_play(Deal.from_seed(1, Rules.preset("moon-4").layout), "sixes", bid=4,
                        shaker=0, rules="moon-4")
    before = hand.copy()
    with pytest.raises(IllegalActionError) as info:
        hand.lay_down(hand.to_act)
    assert info.value.rule == "claim-not-sure" and info.value.message.startswith("Not valid:")
    assert hand == before


def test_moon_names_are_the_one_hand() -> None:
    hand = MoonHand(MoonDeal.from_seed(5))
    assert isinstance(hand, Hand) and type(hand.at(0)) is MoonHand
    plain = Hand(MoonDeal.from_seed(5), rules="moon")
    assert plain.valid_bids() == hand.valid_bids()


@pytest.mark.parametrize(
    ("option", "value"),
    [("seats", 8), ("sides", "partners"), ("out", ("9-9",)), ("hand_size", 8), ("widow", -1),
     ("trick_min_bid", 9), ("hands_per_person", 3)],
)
def test_table_options_that_do_not_fit_name_the_option(option: str, value: Any) -> None:
    base = Rules.preset("three-hand") if option == "sides" else Rules.preset("moon")
    with pytest.raises(NotationError) as info:
        base.replace(**{option: value})
    assert option in info.value.message or "hand_size" in info.value.message


@pytest.mark.parametrize("name", PROFILES)
def test_the_table_is_drawn_at_every_table(name: str) -> None:
    """The engine's one drawing: every seat, from any seat, at every step of a hand."""
    import xml.etree.ElementTree as ET

    from texas42.deals import PLACES
    from texas42.svg import deal_svg, table_svg

    rng = random.Random(name)
    hand = new_hand(name, rng)
    play_randomly(hand, rng)
    for step in range(0, len(hand.actions) + 1, 5):
        at = hand.at(step)
        for seat in (None, at.to_act):
            svg = at._repr_svg_() if seat is None else table_svg(at, seat=seat, controls=True)
            ET.fromstring(svg)  # well formed
            if seat is not None and at.rules.is_42:
                # (seen from a seat at 42's four: each seat named as a place at the table)
                assert all(place in svg for place in PLACES), at.rules.name
            else:
                assert all(f"seat {p}" in svg for p in range(at.seats))
    ET.fromstring(deal_svg(hand.deal))


def test_sides_say_who_plays_with_whom() -> None:
    partners, each = Rules.preset("standard"), Rules.preset("three-hand")
    bidder = each.replace(sides="bidder")
    assert [partners.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [each.side_of(s, bidder=1) for s in range(3)] == [0, 1, 2]
    assert [bidder.side_of(s, bidder=1) for s in range(3)] == [1, 0, 1]
    assert (partners.side_count, each.side_count) == (2, 3)


def test_texas42_rules_lists_a_preset_for_every_player_count(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()[1:]
    for n in range(2, 8):
        assert any(line.strip().startswith(f"{n} players: ") for line in lines), n
    for name, rules in ALL_PRESETS.items():
        assert any(f": {name} ({rules.seats} seats; source: {rules.source})" in line
                   for line in lines)
    assert main(["rules", "three-hand"]) == 0
    assert "44 points" in capsys.readouterr().out


@pytest.mark.parametrize("name", PROFILES)
def test_a_game_at_every_table(name: str) -> None:
    from texas42.game import Game

    rng = random.Random(name)
    game = Game(PROFILE_RULES[name], seed=1)
    for _ in range(400):
        play_randomly(game.hand, rng)
        if game.is_over:
            break
        game.next_hand()
    rules = game.rules
    assert [h.shaker for h in game.hands] == [i % rules.seats for i in range(len(game.hands))]
    assert len(game.standing) == rules.side_count
    if game.is_over:
        assert game.winner is not None and game.standing[game.winner] >= rules.target
        assert "Game over" in game.status()
