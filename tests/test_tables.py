"""Tables of classmates (texas42/classroom/tables.py, store.py): the model of a table in
play, each place's view, the computer's places, and the tables kept in SQLite across a
restart mid-hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from texas42.class_export import normal_name
from texas42.classroom.store import TableStore
from texas42.classroom.tables import (
    CODE_LETTERS,
    TABLE_KINDS,
    Table,
    new_code,
    normal_code,
    token_digest,
)
from texas42.dominoes import Domino
from texas42.errors import IllegalActionError, InputError, Texas42Error

LATER = 10_000.0  # a moment past every grace period


def other_dominoes(table: Table, place: int) -> set[str]:
    """The dominoes still held by the seats ``place`` does not play."""
    mine = table.seats_of(place)
    return {str(d) for s in range(table.rules.seats) if s not in mine
            for d in table.hand.holding(s)}


def play_until_person(table: Table, now: float) -> None:
    while table.computer_turn(now) is not None:
        pass


def seated(kind: str, seed: int) -> Table:
    """A table of ``kind`` where one person (place 0) is connected."""
    table = Table.new(kind, code="CDFGH", seed=seed)
    table.join("Ana", now=0.0)
    table.places[0].connections = 1
    return table


def step(table: Table) -> None:
    """One action: the computer's, or the person's first legal one."""
    if table.computer_turn(LATER) is None:
        view = table.view(0, now=LATER)
        table.act(0, view["next_action"], view["legal"][0], now=LATER)


def play_out(table: Table) -> None:
    while not table.hand.is_over:
        step(table)


def test_codes_are_short_unambiguous_and_read_as_typed() -> None:
    code = new_code()
    assert len(code) == 5 and set(code) <= set(CODE_LETTERS)
    assert not set(CODE_LETTERS) & set("AEIOU015827BSZLV")
    assert normal_code(" " + code.lower()[:2] + "-" + code.lower()[2:]) == code
    for bad in ("", "ABCDE", "CDFG", "CDFGHJ", 12345, None, "C D F G H " * 3):
        with pytest.raises(InputError) as caught:
            normal_code(bad)
        assert caught.value.rule == "table-code"
    assert new_code(lambda c: c == code) != code


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "a\x00b", "a\u202eb", 7, None, ["a"]])
def test_names_are_refused_when_empty_long_or_not_text(name: object) -> None:
    with pytest.raises(InputError) as caught:
        normal_name(name)
    assert caught.value.rule == "name"


def test_names_are_squeezed() -> None:
    assert normal_name("  Ana   María ") == "Ana María"


@pytest.mark.parametrize("kind", list(TABLE_KINDS))
def test_every_table_plays_a_hand_to_the_end_with_the_computer(kind: str) -> None:
    table = Table.new(kind, code="CDFGH", seed=5)
    assert len(table.places) == table.rules.players
    assert table.computer_turn(LATER) is None  # nobody at the table: the hand waits
    table.join("Ana", now=0.0)
    assert table.computer_turn(LATER) is None  # Ana gone past the grace: it waits
    table.places[0].connections = 1
    play_out(table)
    assert table.hand.is_over
    view = table.view(0, now=LATER)
    assert view["record"] is not None and view["legal"] == []


def test_join_takes_free_places_then_refuses_a_full_table() -> None:
    table = Table.new("three-hand", code="CDFGH", seed=1)
    tokens = [table.join(f"p{i}", now=0.0) for i in range(3)]
    assert [p for p, _ in tokens] == [0, 1, 2]
    assert len({t for _, t in tokens}) == 3 and all(len(t) >= 32 for _, t in tokens)
    with pytest.raises(IllegalActionError) as caught:
        table.join("late", now=0.0)
    assert caught.value.rule == "table-full"
    # The server keeps only digests, never the token itself.
    assert all(p.digest == token_digest(t) for p, (_, t) in zip(table.places, tokens,
                                                                 strict=True))
    assert table.place_of_token(tokens[1][1]) == 1
    assert table.place_of_token(tokens[1][1][:-1] + "A") in (None, 1) and (
        table.place_of_token("x" * 32) is None)


def test_each_view_shows_only_its_own_dominoes() -> None:
    table = Table.new("42", code="CDFGH", seed=2)
    table.join("Ana", now=0.0)
    for place in range(4):
        view = table.view(place, now=0.0)
        text = json.dumps(view)
        assert set(view["held"]) == {str(place)}
        assert view["held"][str(place)] == [str(d) for d in table.hand.holding(place)]
        for domino in other_dominoes(table, place):
            assert f'"{domino}"' not in text


def test_two_hand_places_see_both_hands_of_their_side() -> None:
    table = Table.new("two-hand", code="CDFGH", seed=2)
    table.join("Ana", now=0.0)
    view = table.view(0, now=0.0)
    assert set(view["held"]) == {"0", "2"} and view["you"]["seats"] == [0, 2]


def test_the_computer_plays_empty_places_and_waits_for_a_present_person() -> None:
    table = Table.new("42", code="CDFGH", seed=2)
    place, token = table.join("Ana", now=0.0)
    table.join("Ben", now=0.0)
    table.places[place].connections = table.places[1].connections = 1
    while table.place_of_seat(table.hand.to_act) != place:
        if table.computer_turn(now=1.0) is None:  # Ben's turn
            table.act(1, "bid", table.view(1, now=1.0)["legal"][0], now=1.0)
    assert table.computer_turn(now=1.0) is None
    # Gone (the phone asleep): within the grace the place waits, past it the computer plays.
    table.places[place].connections, table.places[place].gone_since = 0, 1.0
    assert table.computer_turn(now=1.0 + table.grace / 2) is None
    assert table.next_expiry(1.0) == 1.0 + table.grace
    assert table.computer_turn(now=2.0 + table.grace) is not None
    # Back with the token: the place is theirs again.
    assert table.place_of_token(token) == place
    table.places[place].connections = 1
    assert table.view(place, now=LATER)["places"][place]["computer"] is False
    # Nobody left at the table: the hand waits for people.
    table.places[0].connections = table.places[1].connections = 0
    assert not table.computer_to_act(LATER)


def test_actions_are_the_engines_and_a_refusal_changes_nothing() -> None:
    table = Table.new("42", code="CDFGH", seed=2)
    place, _ = table.join("Ana", now=0.0)
    table.places[place].connections = 1
    play_until_person(table, now=0.0)
    before, version = table.to_state(), table.version
    with pytest.raises(Texas42Error) as caught:
        table.act(place, "bid", 7, now=0.0)  # below the lowest bid
    assert caught.value.rule
    with pytest.raises(IllegalActionError) as turn:
        table.act((place + 1) % 4, "bid", 30, now=0.0)
    assert turn.value.rule == "turn"
    assert table.to_state() == before and table.version == version
    table.act(place, "bid", "30", now=0.0)
    assert table.version == version + 1 and table.hand.actions[-1].value == 30


def test_a_whole_hand_by_a_person_and_the_computer_then_the_next() -> None:
    table = Table.new("42", code="CDFGH", seed=9)
    place, _ = table.join("Ana", now=0.0)
    table.places[place].connections = 1
    while not table.hand.is_over:
        play_until_person(table, now=0.0)
        if table.hand.is_over:
            break
        view = table.view(place, now=0.0)
        assert view["your_turn"] and view["legal"]
        table.act(place, view["next_action"], view["legal"][0], now=0.0)
    view = table.view(place, now=0.0)
    assert view["record"]["hands"] and view["hands_played"] == 1
    with pytest.raises(IllegalActionError):
        table.act(place, "play", "6-6", now=0.0)
    table.act(place, "next", None, now=0.0)
    assert table.view(place, now=0.0)["hands_played"] == 2


def test_the_discard_is_shown_only_to_the_bidder_until_the_hand_is_over() -> None:
    table = seated("moon", 4)
    while table.hand.next_action != "contract" or not table.hand.discards:
        step(table)
    bidder = table.hand.bidder
    assert bidder is not None
    discard = str(table.hand.discards[0])
    for place in range(3):
        seen = [a["value"] for a in table.view(place, now=LATER)["actions"]
                if a["kind"] == "discard"]
        assert seen == ([discard] if place == bidder else [None])


# -- kept in SQLite --------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["42", "two-hand", "three-hand", "moon"])
def test_a_restart_mid_hand_loads_the_same_table(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "classroom.sqlite"
    store = TableStore(path)
    table = Table.new(kind, code="CDFGH", seed=11)
    place, token = table.join("Ana", now=0.0)
    table.places[place].connections = 1
    for _ in range(9):  # mid-hand: the auction, and a trick or so
        step(table)
    store.save(table)
    store.close()
    tables, problems = TableStore(path).load_all(now=5.0)
    assert problems == []
    loaded = tables["CDFGH"]
    assert loaded.hand == table.hand and loaded.hand.actions == table.hand.actions
    assert loaded.to_state() == table.to_state()
    assert loaded.place_of_token(token) == place
    # (the same view but for who is connected, and the picture's own element ids)
    mutable = ("places", "svg")
    assert {k: v for k, v in loaded.view(place, now=5.0).items() if k not in mutable} == {
        k: v for k, v in table.view(place, now=5.0).items() if k not in mutable}
    # ... and plays on as the first would have.
    loaded.places[place].connections = 1
    step(loaded)
    step(table)
    assert loaded.hand == table.hand


def test_a_restart_after_several_hands_and_games(tmp_path: Path) -> None:
    store = TableStore(tmp_path / "c.sqlite")
    table = seated("moon", 3)
    for _ in range(3):
        play_out(table)
        table.act(0, "next", None, now=LATER)
    step(table)
    store.save(table)
    loaded = TableStore(tmp_path / "c.sqlite").load_all(now=0.0)[0]["CDFGH"]
    assert [h.deal for h in loaded.game.hands] == [h.deal for h in table.game.hands]
    assert loaded.hand == table.hand and loaded.game.standing == table.game.standing


def test_a_saved_table_that_does_not_replay_is_reported_not_guessed(tmp_path: Path) -> None:
    store = TableStore(tmp_path / "c.sqlite")
    table = Table.new("42", code="CDFGH", seed=3)
    store.save(table)
    state = table.to_state()
    state["hands"][0]["actions"] = [["play", "6-6"]]
    store._db.execute("UPDATE tables SET state = ?", (json.dumps(state),))
    tables, problems = store.load_all(now=0.0)
    assert tables == {} and "CDFGH" in problems[0] and "6-6" in problems[0]


def test_domino_text_is_what_the_views_use() -> None:
    assert str(Domino(6, 4)) == "6-4"


def test_a_full_hall_retires_its_longest_idle_table_nobody_is_at(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hall holds TABLES_MOST tables; when it is full, a table nobody is connected
    to and nobody has played at for RETIRE_AFTER_S gives its place (from the store too);
    a table in use never does, and a full hall of tables in use refuses."""
    from texas42.classroom import live

    monkeypatch.setattr(live, "TABLES_MOST", 3)
    clock = [1000.0]
    hall = live.Hall(TableStore(tmp_path / "t.sqlite"), clock=lambda: clock[0])
    opened = []
    for s in (1, 2, 3):  # a minute apart
        opened.append(hall.open_table("42", seed=s))
        clock[0] += 60
    first, second, third = opened
    hall.clients[second.code] = {live.Client()}  # somebody is at the second table
    clock[0] += live.RETIRE_AFTER_S - 181
    with pytest.raises(InputError, match="in use already"):
        hall.open_table("42")  # nothing idle long enough yet
    clock[0] += 2
    fourth = hall.open_table("42")
    assert set(hall.tables) == {second.code, third.code, fourth.code}  # the first retired
    assert first.code not in TableStore(tmp_path / "t.sqlite").codes()
    # After a restart the times come from the store: the third is still the idlest.
    again = live.Hall(TableStore(tmp_path / "t.sqlite"), clock=lambda: 5.0)
    assert again.used[third.code] <= again.used[fourth.code] <= 5.0
