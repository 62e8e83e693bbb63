"""The progress model (texas42.progress): the game kept and rebuilt, the counts, the
loss chart, the worst mistakes as positions, export and import (a bad file changes
nothing)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from texas42.errors import InputError, NotationError
from texas42.game import Game
from texas42.hand import Hand, Phase
from texas42.moon import MoonGame
from texas42.progress import (
    FORMAT,
    MAX_PROGRESS_BYTES,
    Mistake,
    Progress,
    ProgressFile,
    unreadable_name,
)
from texas42.records import HandRecord
from texas42.svg.loss_chart import loss_chart_svg


def act(hand: Hand, rng: random.Random, *, bid: int | str = 30) -> None:
    """One action by a simple player: the first bidder bids ``bid``, the rest pass;
    trumps the first valid contract; plays a random legal domino."""
    if hand.phase is Phase.BIDDING:
        valid = hand.valid_bids()
        if hand.rules.bidding == "tricks":
            hand.bid(valid[-1] if not hand.bids else valid[0])
        else:
            hand.bid(bid if not hand.bids and bid in valid else "pass" if 0 in valid
                     else valid[0])
    elif hand.next_action == "discard":
        hand.discard_domino(min(hand.holding(hand.to_act)))
    elif hand.phase is Phase.CONTRACT:
        hand.name_contract(hand.valid_contracts()[0])
    else:
        hand.play(rng.choice(hand.legal_plays()))


def play_hand(hand: Hand, rng: random.Random, stop: int | None = None, **kw: int | str) -> None:
    n = 0
    while not hand.is_over and (stop is None or n < stop):
        act(hand, rng, **kw)
        n += 1


def game_of(hands: int, seed: int = 1, tail: int = 0, rules: str = "standard") -> Game:
    """A game with ``hands`` hands played out (while the game lasts) and ``tail``
    actions of the next one."""
    rng = random.Random(seed)
    game: Game = MoonGame(seed=seed) if rules == "moon" else Game(rules, seed=seed)
    for i in range(hands):
        play_hand(game.hand, rng, bid=30 + i % 5)
        if game.is_over:
            return game
        game.next_hand()
    play_hand(game.hand, rng, stop=tail)
    return game


def test_a_saved_game_comes_back_at_the_same_action() -> None:
    game = game_of(3, tail=9)
    p = Progress()
    p.save_game(game, seat=0)
    again = Progress.from_json(p.to_json())
    restored = again.restore_game()
    assert [HandRecord.from_hand(h) for h in restored.hands] == [
        HandRecord.from_hand(h) for h in game.hands]
    assert restored.marks == game.marks and len(restored.hands) == 4
    assert restored.hand.to_act == game.hand.to_act
    assert len(restored.hand.actions) == len(game.hand.actions) == 9
    # It plays on: the next action and the next hand.
    play_hand(restored.hand, random.Random(3))
    restored.next_hand()
    assert restored.hand.shaker == (game.hand.shaker + 1) % 4


def test_moon_game_comes_back() -> None:
    game = game_of(2, tail=4, rules="moon")
    p = Progress()
    p.save_game(game, seat=1)
    restored = Progress.from_json(p.to_json()).restore_game()
    assert isinstance(restored, MoonGame)
    assert restored.scores == game.scores and len(restored.hand.actions) == 4


def test_saving_again_replaces_the_game_and_a_new_game_keeps_the_old_hands() -> None:
    game = game_of(1, tail=2)
    p = Progress()
    p.save_game(game, seat=0)
    play_hand(game.hand, random.Random(5))
    p.save_game(game, seat=0)  # the same game object: the same game, one entry a hand
    assert len(p.entries) == 2 and {e.game for e in p.entries} == {1}
    assert p.hands_played == 2
    fresh = Game(seed=9)
    p.save_game(fresh, seat=2)  # another game: numbered after, the old hands stay
    assert [e.game for e in p.entries] == [1, 1, 2] and p.hands_played == 2
    assert p.game_entries()[0].seat == 2
    assert len(p.restore_game().hand.actions) == 0


def test_counts_by_bid_and_trumps() -> None:
    rng = random.Random(4)
    p = Progress()
    expected_bids: dict[str, list[int]] = {}
    expected_trumps: dict[str, list[int]] = {}
    for k in range(6):
        game = Game(seed=k, first_shaker=k % 4)  # the first bidder moves round
        play_hand(game.hand, rng, bid=30 + k % 3)
        p.save_game(game, seat=0)
        r = game.hand.result
        assert r is not None
        if r.bidding_team == 0:
            for table, key in ((expected_bids, str(r.bid)), (expected_trumps, str(r.contract))):
                c = table.setdefault(key, [0, 0])
                c[0] += r.made
                c[1] += 1
    assert p.hands_played == 6
    by_bid = {k: [v.made, v.tried] for k, v in p.make_rate_by_bid().items()}
    by_trumps = {k: [v.made, v.tried] for k, v in p.make_rate_by_trumps().items()}
    assert by_bid == expected_bids and by_trumps == expected_trumps
    assert sum(v[1] for v in by_bid.values()) >= 1  # seat 0 bids first in some of them


def test_reviews_losses_and_worst_mistakes_as_positions() -> None:
    game = game_of(2, tail=0)
    p = Progress()
    p.save_game(game, seat=0)
    first = p.game_entries()[0].record
    p.set_review(0, 7.5, [Mistake("play", 6, str(first.plays[6]), "6-6", 5.0, "trick 2"),
                          Mistake("bid", 0, "30", "pass", 2.5, "bid 1")])
    p.set_review(1, 1.0, [Mistake("contract", 0, "sixes", "fives", 1.0, "trumps")])
    assert p.losses() == [(1, 7.5), (2, 1.0)]
    worst = p.worst_mistakes()
    assert [m.loss for _, m in worst] == [5.0, 2.5, 1.0]
    entry, m = worst[0]
    pos = entry.position(m)
    assert pos.plays == first.plays[:6] and pos.bids == first.bids
    hand = pos.replay()
    assert len(hand.plays) == 6 and not hand.is_over
    bid_pos = entry.position(worst[1][1])
    assert bid_pos.bids == () and bid_pos.replay().phase is Phase.BIDDING
    # Reviews survive the round trip.
    again = Progress.from_json(p.to_json())
    assert again.losses() == p.losses() and again.worst_mistakes()[0][1] == m


def test_loss_chart_has_one_dot_a_reviewed_hand() -> None:
    svg = loss_chart_svg([(1, 12.0), (2, 4.25), (5, 0.0)])
    assert svg.count('class="loss-dot"') == 3
    assert "hand 5: 0.0 points" in svg and "<polyline" in svg
    assert "No hand reviewed yet" in loss_chart_svg([])
    with pytest.raises(InputError) as exc:
        loss_chart_svg([(1, -1.0)])
    assert exc.value.rule == "chart"


BAD_FILES = [
    ("not json", "not valid JSON"),
    ('{"format": "other", "version": 1, "hands": []}', "not a texas42 progress file"),
    ('{"format": "texas42-progress", "version": 9, "hands": []}', "version"),
    ('{"format": "texas42-progress", "version": 1, "hands": [], "x": 1}', "unknown field"),
    ('{"format": "texas42-progress", "version": 1, "hands": [{"game": 1}]}',
     "hand 1 of the progress file: it has no record"),
    ('{"format": "texas42-progress", "version": 1, "hands": [{"game": 1, "record": '
     '{"hands": [["6-6"]]}}]}', "hand 1 of the progress file"),
]


@pytest.mark.parametrize(("text", "words"), BAD_FILES)
def test_a_bad_file_is_refused_and_changes_nothing(text: str, words: str) -> None:
    p = Progress()
    p.save_game(game_of(1, tail=3), seat=0)
    before = p.to_json()
    with pytest.raises(NotationError) as exc:
        p.load(text)
    assert exc.value.rule == "progress" and words in exc.value.message
    assert p.to_json() == before


def test_illegal_play_and_broken_game_are_named() -> None:
    p = Progress()
    p.save_game(game_of(2, tail=0), seat=0)
    data = p.to_dict()
    bad = json.loads(json.dumps(data))
    plays = bad["hands"][0]["record"]["plays"]
    plays[0], plays[1] = plays[1], plays[0]  # the leader plays the next seat's domino
    bad2 = json.loads(json.dumps(data))
    last = bad2["hands"][-1]["record"]  # the hand not begun: only the shake is wrong
    last["shaker"] = (last["shaker"] + 2) % 4
    bad3 = json.loads(json.dumps(data))
    bad3["hands"][0]["review"] = {"loss": -2, "mistakes": []}
    for doc, words in ((bad2, "shaker"), (bad3, "loss")):
        with pytest.raises(NotationError) as exc:
            p.load(json.dumps(doc))
        assert words in exc.value.message and exc.value.message.startswith("hand ")
    with pytest.raises(NotationError) as exc:
        p.load(json.dumps(bad))
    assert exc.value.message.startswith("hand 1 of the progress file: play 0")
    assert "'not-held'" in exc.value.message
    assert p.to_dict() == data


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), hands=st.integers(0, 3), tail=st.integers(0, 30))
def test_round_trip(seed: int, hands: int, tail: int) -> None:
    game = game_of(hands, seed=seed, tail=tail)
    p = Progress()
    p.save_game(game, seat=seed % 4)
    if p.hands_played:
        p.set_review(0, seed % 13, [Mistake("play", 0, "x", "y", seed % 13, "trick 1")])
    text = p.to_json()
    again = Progress.from_json(text)
    assert again.to_json() == text
    assert again.hands_played == p.hands_played and again.losses() == p.losses()
    assert json.loads(text)["format"] == FORMAT
    assert len(again.restore_game().hand.actions) == len(game.hand.actions)


def test_saving_after_every_action_counts_only_what_was_played() -> None:
    """Saved after each action (as the explorer does), the kept hands are always the
    game's: no stale replay of an earlier save is counted."""
    rng = random.Random(8)
    game = Game(seed=8)
    p = Progress()
    for _ in range(3):
        while not game.hand.is_over:
            act(game.hand, rng)
            p.save_game(game, seat=0)
            assert p.hands_played == sum(h.is_over and h.phase is Phase.OVER
                                         for h in game.hands)
            assert p.hand(len(p.entries) - 1).actions == game.hand.actions
            assert p.to_json() == json.dumps(p.to_dict())  # the cached texts are current
        game.next_hand()
        p.save_game(game, seat=0)
    assert len(p._hands) <= len(p.entries)
    restored = p.restore_game()
    act(restored.hand, rng)  # playing on in the restored game leaves the kept hand alone
    assert p.hand(len(p.entries) - 1).actions == []


# -- the progress file on disk (ProgressFile) -----------------------------------------------
def test_a_file_is_read_with_its_size_checked_first(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "p.json"
    assert ProgressFile(path).read() == b""  # none yet: the first save writes it
    path.write_text(Progress().to_json(), encoding="utf-8")
    assert Progress.from_json(ProgressFile(path).read()).entries == []
    with path.open("r+b") as handle:  # one byte past the limit (a sparse file)
        handle.truncate(MAX_PROGRESS_BYTES + 1)

    def never(*_a: object, **_k: object) -> None:
        raise AssertionError("a file past the limit was opened")

    monkeypatch.setattr(Path, "open", never)
    with pytest.raises(NotationError, match=f"{MAX_PROGRESS_BYTES + 1} bytes") as err:
        ProgressFile(path).read()
    assert err.value.rule == "progress"


@pytest.mark.parametrize(("where", "words"), [
    ("folder", "it is a folder"),
    ("missing/p.json", "the folder '.*missing' does not exist"),
])
def test_a_path_that_cannot_hold_the_file_is_named(tmp_path: Path, where: str,
                                                   words: str) -> None:
    (tmp_path / "folder").mkdir()
    with pytest.raises(InputError, match=words) as err:
        ProgressFile(tmp_path / where).read()
    assert err.value.rule == "progress-file"
    with pytest.raises(InputError, match="not a file's name"):
        ProgressFile(None)


def test_utf16_and_byte_order_marks_are_read() -> None:
    game = game_of(1, seed=3, tail=2)
    p = Progress()
    p.save_game(game, seat=0)
    text = p.to_json()
    for data in (text.encode("utf-16"), text.encode("utf-8-sig"), "\ufeff" + text):
        assert Progress.from_json(data).to_dict() == p.to_dict()
    with pytest.raises(NotationError, match="not UTF-16 text") as err:
        Progress.from_json("\ufeff".encode("utf-16-le") + b"\x00\xd8")  # a lone surrogate
    assert err.value.rule == "progress"


def test_an_unreadable_file_is_moved_aside_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(b"{broken")
    when = 1_796_529_421.0  # 2026-12-06 03:57:01 UTC
    moved = ProgressFile(path).set_aside(now=when)
    assert moved.name == "p.json.unreadable-20261206T035701Z" == unreadable_name("p.json", when)
    assert moved.read_bytes() == b"{broken" and not path.exists()
    path.write_bytes(b"{again")  # a second one in the same second: another name
    second = ProgressFile(path).set_aside(now=when)
    assert second.name == "p.json.unreadable-20261206T035701Z-2"
    assert moved.read_bytes() == b"{broken" and second.read_bytes() == b"{again"


def test_a_write_replaces_the_file_whole_or_says_why_not(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    ProgressFile(path).write('{"a": 1}')
    assert path.read_text() == '{"a": 1}' and sorted(tmp_path.iterdir()) == [path]
    (tmp_path / "folder").mkdir()
    with pytest.raises(InputError, match="could not be written") as err:
        ProgressFile(tmp_path / "folder").write("{}")
    assert err.value.rule == "progress-file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "p.json"]
