"""The one model of a table in play (texas42/table.py): whose turn it is at every table,
a person's action checked (a refusal changes nothing), the computer's turns one at a
time, the next hand and a new game, playing on from a position, the judging queue; and
the classroom's Table, a view of it, still loads the states it wrote before."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Generator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from texas42.analysis.players import make_player
from texas42.classroom.tables import TABLE_KINDS, Table
from texas42.errors import IllegalActionError, InputError, Texas42Error
from texas42.records import HandRecord
from texas42.rules import ALL_PRESETS, STANDARD, Rules
from texas42.table import Judging, TableInPlay, position_hand

#: Every table the engine knows (42 at four, two-hand, three-hand, Moon, Moon for many).
KINDS = sorted(TABLE_KINDS)


def quick(rules: Rules, people: tuple[int, ...], seed: int = 1, **options: Any
          ) -> TableInPlay:
    """A table whose computer seats play at random (fast), the people at ``people``."""
    table = TableInPlay.new(rules, people=people, seed=seed, **options)
    table.players = {s: make_player("random", seed=s) for s in range(rules.seats)}
    return table


def snapshot(table: TableInPlay) -> tuple[Any, ...]:
    """Everything a refusal must leave as it was."""
    g = table.game
    return (json.dumps(HandRecord.from_hand(table.hand).to_dict(), sort_keys=True),
            len(g.hands), tuple(g.standing), table.practice, table.people)


def first_legal(table: TableInPlay) -> tuple[str, Any]:
    hand = table.hand
    assert hand.next_action is not None
    return hand.next_action, hand.legal_actions()[0].value


@pytest.mark.parametrize("kind", KINDS)
def test_turns_at_every_table_go_to_the_people_and_the_computer_in_order(kind: str) -> None:
    rules = TABLE_KINDS[kind]
    people = rules.controlled_seats(0)  # two-hand: the person plays seats 0 and 2
    for seed in (1, 2, 3):
        table = quick(rules, people, seed=seed, first_shaker=rules.seats - 1)
        assert table.people == frozenset(people)
        by_person: list[int] = []
        for _ in range(400):
            for turn in table.computer_turns():
                assert turn.seat not in people  # the computer never acts for a person
                assert table.hand.actions[-1].seat == turn.seat  # taken as it is yielded
            if table.hand.is_over:
                break
            assert table.persons_turn() and not table.computer_to_act()
            assert table.computer_turn() is None  # the person's turn: the computer waits
            seat = table.seat_to_act
            assert seat in people
            table.act(people, *first_legal(table))
            by_person.append(len(table.hand.actions) - 1)
        hand = table.hand
        assert hand.is_over and table.seat_to_act is None and not table.persons_turn()
        assert by_person == [i for i, a in enumerate(hand.actions) if a.seat in people]


def test_at_two_hand_the_person_acts_for_both_hands_of_the_side() -> None:
    rules = ALL_PRESETS["two-hand"]
    table = quick(rules, rules.controlled_seats(0), seed=4)
    seats_acted = set()
    while not table.hand.is_over:
        list(table.computer_turns())
        if table.hand.is_over:
            break
        seats_acted.add(table.seat_to_act)
        table.act((0, 2), *first_legal(table))
    assert seats_acted == {0, 2}


def test_nobody_a_person_the_computer_plays_the_hand_out() -> None:
    table = quick(ALL_PRESETS["three-hand"], (), seed=5)
    turns = list(table.computer_turns())
    assert table.hand.is_over and len(turns) == len(table.hand.actions)
    assert list(table.computer_turns()) == [] and table.computer_turn() is None


@given(seed=st.integers(0, 10_000), kind=st.sampled_from(KINDS), steps=st.integers(0, 40),
       acts_for=st.integers(0, 6), action=st.sampled_from(["bid", "discard", "contract",
                                                           "play", "next"]),
       value=st.one_of(st.sampled_from([0, 1, 7, 29, 30, 31, 42, 84, 500, "pass", "nello",
                                        "sixes", "follow-me", "doubles", "6-6", "0-0",
                                        "4-1", "9-9", "", "x"]), st.integers(-5, 100)))
def test_a_refused_action_changes_nothing(seed: int, kind: str, steps: int, acts_for: int,
                                          action: str, value: Any) -> None:
    rules = TABLE_KINDS[kind]
    table = quick(rules, (), seed=seed)
    for _ in range(steps):  # a position some way into the hand
        if table.computer_turn() is None:
            break
    table.people = frozenset(rules.controlled_seats(acts_for % rules.players))
    seats = tuple(table.people)
    before, count, to_act = snapshot(table), len(table.hand.actions), table.seat_to_act
    try:
        table.act(seats, action, value)
    except Texas42Error:
        assert snapshot(table) == before
    else:  # accepted: that person's turn, the action due, exactly one action taken
        assert to_act in seats and len(table.hand.actions) == count + 1
        assert table.hand.actions[-1].seat == to_act
        assert table.hand.actions[-1].kind == action


def test_refusals_say_whose_turn_and_name_the_rule() -> None:
    table = quick(STANDARD, (0,), seed=5, first_shaker=3)  # seat 0 bids first
    before = snapshot(table)
    with pytest.raises(IllegalActionError, match="cannot play now: it is not your turn to "
                       "play") as wrong_kind:
        table.act((0,), "play", "6-6")
    assert wrong_kind.value.rule == "turn"
    with pytest.raises(IllegalActionError, match="cannot bid now: it is not your turn") as o:
        table.act((1,), "bid", 30)
    assert o.value.rule == "turn"
    with pytest.raises(Texas42Error) as low:
        table.act((0,), "bid", 7)
    assert low.value.rule not in ("turn", None)
    assert snapshot(table) == before
    table.act((0,), "bid", 30)
    assert table.hand.actions[-1].seat == 0 and table.hand.high_bid == 30


def test_a_play_against_the_suit_rules_is_explained() -> None:
    everyone = (0, 1, 2, 3)
    table = quick(STANDARD, everyone, seed=11, first_shaker=3)
    # Play the first legal domino until a seat holds one it may not play.
    while True:
        hand = table.hand
        assert not hand.is_over, "some seat must hold a domino it cannot play"
        if hand.next_action == "play" and hand.current_trick:
            bad = [d for d in hand.holding(hand.to_act) if d not in hand.legal_plays()]
            if bad:
                break
        table.act(everyone, *first_legal(table))
    before = snapshot(table)
    with pytest.raises(Texas42Error, match=r"^Not allowed: ") as refused:
        table.act((hand.to_act,), "play", bad[0])
    assert refused.value.rule in ("follow-suit", "sevens") and snapshot(table) == before


def test_the_computer_decides_on_a_copy_without_changing_the_table() -> None:
    table = TableInPlay.new(STANDARD, people=(0,), seed=3)  # seat 1 bids first: the computer
    before = snapshot(table)
    turn = table.computer_decision(table.hand.copy())
    assert snapshot(table) == before and turn.seat == 1 and turn.kind == "bid" and turn.reason
    table.apply_computer(turn)
    assert table.hand.actions[-1].seat == 1 and table.hand.actions[-1].value == turn.value


def test_the_table_seeded_default_player_is_one_player() -> None:
    table = TableInPlay.new(STANDARD, seed=3, player_seed=3)
    assert table.player_of(1) is table.player_of(2) is not None
    assert TableInPlay.new(STANDARD, seed=3).player_of(1) is None  # the explorers' shared


def test_the_next_hand_waits_for_the_end_and_the_game_ends() -> None:
    table = quick(STANDARD, (), seed=6)
    with pytest.raises(IllegalActionError) as early:
        table.next_hand()
    assert early.value.rule == "hand-not-over" and len(table.game.hands) == 1
    shakers = [table.hand.shaker]
    while not table.game.is_over:
        list(table.computer_turns())
        if table.game.is_over:
            break
        table.next_hand()
        shakers.append(table.hand.shaker)
    assert all(b == (a + 1) % 4 for a, b in itertools.pairwise(shakers))
    before = snapshot(table)
    with pytest.raises(IllegalActionError) as over:
        table.next_hand()
    assert over.value.rule == "game-over" and snapshot(table) == before
    table.new_game(seed=7)
    assert len(table.game.hands) == 1 and not table.hand.actions and not table.game.is_over


def test_play_on_from_a_position_and_its_refusals() -> None:
    source = quick(ALL_PRESETS["moon"], (), seed=2)
    for _ in range(12):
        source.computer_turn()
    record = HandRecord.from_hand(source.hand)
    table = quick(STANDARD, (0,), seed=1)
    table.new_game(seed=1)
    hand = table.play_on(record)
    assert table.practice and table.hand is hand and len(table.game.hands) == 1
    assert table.rules == record.rules and hand.actions == source.hand.actions
    assert hand is not source.hand  # a copy of its own: the source is never touched
    hand2 = table.play_on(source.hand)
    assert hand2.actions == source.hand.actions
    before = snapshot(table)
    list(source.computer_turns())
    with pytest.raises(InputError, match="over") as over:
        table.play_on(source.hand)
    assert over.value.rule == "position" and snapshot(table) == before
    with pytest.raises(InputError) as junk:
        table.play_on("6-6")  # type: ignore[arg-type]
    assert junk.value.rule == "position" and snapshot(table) == before
    table.new_game(STANDARD, seed=2)
    assert not table.practice and table.rules == STANDARD
    with pytest.raises(InputError):
        position_hand(None)


def test_lay_down_only_at_the_persons_turn_to_play() -> None:
    table = quick(STANDARD, (0,), seed=5, first_shaker=3)
    assert not table.may_lay_down((0,))  # bidding
    with pytest.raises(IllegalActionError) as early:
        table.lay_down((0,))
    assert early.value.rule == "turn" and not table.hand.actions


class FakeQueue:
    """A queue that runs nothing until asked (the live page's idle moments)."""

    def __init__(self, driven: bool = True) -> None:
        self.driven = driven
        self.tasks: list[tuple[object, Generator[None, None, Any], Callable[[Any], None]]] = []

    def add(self, owner: object, task: Generator[None, None, Any],
            done: Callable[[Any], None]) -> None:
        self.tasks.append((owner, task, done))

    def drop(self, owner: object) -> None:
        self.tasks = [t for t in self.tasks if t[0] is not owner]

    def run(self) -> None:
        while self.tasks:
            _owner, task, done = self.tasks.pop(0)
            try:
                while True:
                    next(task)
            except StopIteration as finished:
                done(finished.value)


def test_judging_queues_the_persons_real_choices_and_keeps_them_per_hand() -> None:
    queue, told = FakeQueue(), []
    judging = Judging(queue, on_verdict=lambda: told.append(1), owner="me")
    table = quick(STANDARD, (0,), seed=5, first_shaker=3)
    table.act((0,), "bid", 30)
    judging.later(table)
    assert [o for o, _, _ in queue.tasks] == ["me"] and judging.hand is table.hand
    queue.run()
    assert set(judging.verdicts(table.hand)) == {("bid", 0)} and told == [1]
    other = table.hand.copy()
    assert judging.verdicts(other) == {}  # another hand's verdicts are not this one's
    judging.later(table)  # the same decision again: judged afresh into the same key
    judging.stop()
    assert queue.tasks == [] and set(judging.judged) == {("bid", 0)}
    # Nobody runs idle work (a notebook kernel): nothing is queued, the review does it.
    idle = Judging(FakeQueue(driven=False))
    idle.later(table)
    assert idle.queue.tasks == [] and idle.judged == {}  # type: ignore[attr-defined]


def test_judging_after_a_reload_queues_only_what_was_not_judged() -> None:
    queue = FakeQueue()
    judging = Judging(queue, owner="me")
    table = quick(STANDARD, (0,), seed=5, first_shaker=3)
    table.act((0,), "bid", 30)
    list(table.computer_turns())
    while table.persons_turn() and table.hand.next_action != "play":
        table.act((0,), *first_legal(table))
        list(table.computer_turns())
    judging.take(table.hand, {("bid", 0): "kept"})
    judging.rest(table, (0,))
    mine = [a for a in table.hand.actions if a.seat == 0]
    assert len(queue.tasks) <= len(mine) - 1  # the kept bid is not judged again
    assert judging.judged[("bid", 0)] == "kept"


#: A table state written by the classroom's Table before it was a view of the model
#: (two-hand, 12 actions): the stored format is unchanged and still loads.
OLD_STATE = (
    '{"code": "CDFGH", "kind": "two-hand", "seed": 7, "games": 0, "version": 13, "hands": '
    '[{"deal": "4STP-NWDY-2X2", "actions": [["bid", 0], ["bid", 0], ["bid", 30], ["bid", 0],'
    ' ["contract", "ones"], ["play", "1-1"], ["play", "4-1"], ["play", "1-0"], ["play", '
    '"3-1"], ["play", "5-1"], ["play", "6-4"], ["play", "0-0"]]}], "places": [{"name": '
    '"Ana", "digest": "3b0163db0ab1fa3f359be9438e4e16c868e6bd82074dd5a36371b7be989e7537"}, '
    '{"name": null, "digest": null}]}')


def test_a_state_stored_before_loads_and_the_server_plays_as_it_did() -> None:
    old = json.loads(OLD_STATE)
    loaded = Table.from_state(old, now=0.0)
    assert loaded.to_state() == old and len(loaded.hand.actions) == 12
    # The same table played the same way today: the same actions (the seeded player).
    table = Table.new("two-hand", code="CDFGH", seed=7)
    table.join("Ana", now=0.0)
    table.places[0].connections = 1
    for _ in range(12):
        if table.computer_turn(1.0) is None:
            view = table.view(0, now=1.0)
            table.act(0, view["next_action"], view["legal"][0], now=1.0)
    assert table.to_state()["hands"] == old["hands"] and table.version == old["version"]


def test_the_advice_is_worked_out_ahead_and_the_hint_and_the_verdict_take_it() -> None:
    """While the person thinks, the coach's advice on their decision is queued; the hint
    takes it (the rest worked out at once), and the verdict on their choice starts from
    it: the same judgement as the coach's own advice and verdict."""
    from dataclasses import replace

    from texas42.analysis import coach
    from texas42.review_words import REVIEW_SAMPLES, coach_samples

    queue = FakeQueue()
    judging = Judging(queue, owner="me")
    table = quick(STANDARD, (0,), seed=5, first_shaker=3)  # seat 0 bids first
    judging.prepare(table, (1,))  # not that person's turn
    assert queue.tasks == []
    judging.prepare(table, (0,))
    judging.prepare(table, (0,))  # the same decision: queued once
    assert [o for o, _, _ in queue.tasks] == ["me"]
    samples, seed = coach_samples(table.hand, None, REVIEW_SAMPLES), table.coach_seed()
    before = table.hand.copy()
    expected = coach.advise(before, samples=samples, seed=seed)
    assert judging.advice_now(table) == expected  # asked before any idle moment
    queue.run()  # the queued work finds it done
    table.act((0,), "bid", 30)
    judging.later(table)
    queue.run()
    verdict = judging.verdicts(table.hand)[("bid", 0)]
    assert replace(verdict, hindsight=None) == coach.judge(before, "30", samples=samples,
                                                           seed=seed)
    # Once the decision is made, there is no advice ahead for the next one until asked.
    assert judging.advice_now(table) is None
    # Nobody runs idle work (a notebook kernel): nothing is prepared.
    idle = Judging(FakeQueue(driven=False))
    idle.prepare(quick(STANDARD, (0,), seed=5, first_shaker=3), (0,))
    assert idle.queue.tasks == []  # type: ignore[attr-defined]


def test_advice_worked_out_ahead_that_failed_is_asked_for_again() -> None:
    """If the work ahead fails, the hint and the verdict ask the coach themselves."""
    from dataclasses import replace

    from texas42.analysis import coach
    from texas42.errors import InputError

    def broken() -> Generator[None, None, Any]:
        raise InputError("a failure in the idle work", rule="judge")
        yield

    queue = FakeQueue()
    judging = Judging(queue, owner="me")
    table = quick(STANDARD, (0,), seed=5, first_shaker=3)
    before = table.hand.copy()
    judging.prepare(table, (0,))
    assert judging.ahead is not None
    judging.ahead._steps = broken()
    assert judging.advice_now(table) is None and judging.ahead.failed
    queue.tasks.clear()  # (the queue drops a task that fails)
    table.act((0,), "bid", 30)
    judging.later(table)
    queue.run()
    verdict = judging.verdicts(table.hand)[("bid", 0)]
    assert replace(verdict, hindsight=None) == coach.judge(before, "30", samples=32,
                                                           seed=table.coach_seed())
