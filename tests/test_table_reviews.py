"""The coach's review of one's own place at a table of classmates, after the hand
(texas42/classroom/reviews.py, ``POST /api/tables/CODE/review``).

The review a student gets is the coach's review of their seat (``coach.review`` with the
explorers' guesses and the hand's number as the seed), in the Play page's words; nobody
gets another place's review, another table's, or one before the hand is over (each
refused with the rule's words, nothing changed); a full queue answers 503 with
Retry-After; asking twice makes one review; and the server's stop never waits for a
review in progress."""

from __future__ import annotations

import asyncio
import concurrent.futures
import http.client
import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classroom_ws import TestClient, classroom_server, slow_review

from texas42.analysis.coach import review
from texas42.classroom.live import Hall, LiveTables
from texas42.classroom.reviews import (
    NOT_YOURS,
    RETRY_AFTER_S,
    Busy,
    Reviews,
    review_seats,
)
from texas42.classroom.server import build_app
from texas42.classroom.store import TableStore
from texas42.classroom.tables import Table
from texas42.review_words import (
    TOP_LOSSES,
    coach_samples,
    largest_losses,
    loss_sentence,
    review_html,
    review_summary,
)


def play_to_the_end(table: Table) -> None:
    """Every seat plays as the computer would, to the end of the hand (the places are
    people's, so the server's own computer never plays meanwhile)."""
    while not table.hand.is_over:
        table.apply_computer(*table.computer_decision(table.hand.copy()))


def end_the_hand(table: Table) -> None:
    """The hand played to its end at once: each seat takes its first legal action."""
    while not table.hand.is_over:
        action = table.hand.legal_actions()[0]
        table.apply_computer(action.kind, action.value)


class Counted:
    """A review pool in threads that counts the reviews it makes."""

    def __init__(self) -> None:
        self.made = 0

    def job(self, hand: Any, seats: tuple[int, ...], seed: int) -> dict[str, Any]:
        self.made += 1
        return review_seats(hand, seats, seed)

    def reviews(self, **options: Any) -> Reviews:
        return Reviews(pool=concurrent.futures.ThreadPoolExecutor, job=self.job, **options)


class Room:
    """A table of four people (Ana at place 0) and a second table, served in a test
    client."""

    def __init__(self, client: TestClient, hall: Hall, store: TableStore, counted: Counted,
                 tokens: list[str], other: str) -> None:
        self.client, self.hall, self.store, self.counted = client, hall, store, counted
        self.tokens, self.other = tokens, other
        self.code = next(iter(hall.tables))

    @property
    def table(self) -> Table:
        return self.hall.tables[self.code]

    def ask(self, body: Any, code: str | None = None) -> Any:
        content = body if isinstance(body, bytes) else json.dumps(body).encode()
        return self.client.post(f"/api/tables/{code or self.code}/review", content=content)

    def saved(self) -> list[Any]:
        """This table as stored (the other table plays on: the computer fills its places)."""
        return list(self.store.db.execute("SELECT * FROM tables WHERE code = ?", (self.code,)))


def room_of(tmp_path: Path, kind: str, reviews: Reviews, counted: Counted) -> Iterator[Room]:
    store = TableStore(tmp_path / "class.sqlite")
    hall = Hall(store)
    table = hall.open_table(kind, seed=11)
    tokens = [table.join(name, now=hall.clock())[1] for name in ("Ana", "Ben", "Cy", "Di")
              [:len(table.places)]]
    hall._save(table)
    other = hall.open_table("42", seed=12)
    other.join("Eve", now=hall.clock())
    app = build_app(tmp_path, b"{}", LiveTables(hall, pace=0.0, reviews=reviews))
    with TestClient(app) as client:
        yield Room(client, hall, store, counted, tokens, other.code)


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Room]:
    counted = Counted()
    yield from room_of(tmp_path, "42", counted.reviews(), counted)


def test_ones_own_review_after_the_hand_is_the_coachs_review_of_that_seat(room: Room) -> None:
    play_to_the_end(room.table)
    hand = room.table.hand
    answer = room.ask({"token": room.tokens[1], "hand": 1})
    assert answer.status_code == 200, answer.text
    told = answer.json()
    assert (told["table"], told["hand"], told["place"]) == (room.code, 1, 1)
    [seat] = told["seats"]
    expected = review(hand, 1, samples=coach_samples(hand), seed=1, hindsight=False)
    assert seat["seat"] == 1 and seat["review"] == expected.to_json()
    assert coach_samples(hand) == 32  # (the explorers' review: 32 guesses at 42's table)
    assert (seat["summary"], seat["kind"]) == review_summary(expected, hand)
    assert seat["details"] == review_html(expected, hindsight=False)
    assert seat["chart"].startswith("<svg") and "<title" in seat["chart"]
    assert seat["losses"] == [loss_sentence(expected.decisions[i])
                              for i in largest_losses(expected.decisions, TOP_LOSSES)]
    # The summary is in the game's unit: marks under the standard rules.
    assert told["seats"][0]["review"]["unit"] == "marks"
    # Asked again (the hand in play, the same one): the same answer, no new review.
    again = room.ask({"token": room.tokens[1]})
    assert again.json() == told and room.counted.made == 1


def test_each_place_gets_its_own_seat_only(room: Room) -> None:
    play_to_the_end(room.table)
    for place, token in enumerate(room.tokens):
        told = room.ask({"token": token}).json()
        assert told["place"] == place
        assert [s["seat"] for s in told["seats"]] == [place]


def test_two_hand_reviews_both_seats_of_the_side(tmp_path: Path) -> None:
    counted = Counted()
    for room in room_of(tmp_path, "two-hand", counted.reviews(), counted):
        play_to_the_end(room.table)
        hand = room.table.hand
        told = room.ask({"token": room.tokens[0]}).json()
        acted = [s for s in room.table.seats_of(0) if any(a.seat == s for a in hand.actions)]
        assert [s["seat"] for s in told["seats"]] == acted
        for shown in told["seats"]:
            assert shown["review"] == review(hand, shown["seat"], samples=coach_samples(hand),
                                             seed=1, hindsight=False).to_json()


def refused(room: Room, body: Any, status: int, rule: str, code: str | None = None) -> str:
    """Refused with ``status`` and the ``rule``; nothing changed, nothing reviewed."""
    table_state, saved = room.table.to_state(), room.saved()
    answer = room.ask(body, code)
    assert answer.status_code == status, answer.text
    told = answer.json()
    assert set(told) == {"rule", "message"} and told["rule"] == rule, told
    assert room.table.to_state() == table_state and room.saved() == saved
    assert room.counted.made == 0
    for token in room.tokens:
        assert token not in answer.text
    message: str = told["message"]
    return message


def test_before_the_end_of_the_hand_it_is_refused_naming_the_rule(room: Room) -> None:
    message = refused(room, {"token": room.tokens[0]}, 409, "review-after-hand")
    assert "once it is over" in message
    table = room.table
    table.apply_computer(*table.computer_decision(table.hand.copy()))  # one bid: still on
    refused(room, {"token": room.tokens[0], "hand": 1}, 409, "review-after-hand")


def test_another_tables_code_or_token_is_refused(room: Room) -> None:
    end_the_hand(room.table)
    assert refused(room, {"token": room.tokens[0]}, 403, "token", code=room.other) == NOT_YOURS
    assert refused(room, {"token": room.tokens[0]}, 403, "token", code="QQQQQ") == NOT_YOURS
    eve = room.hall.tables[room.other]
    assert eve.places[0].digest is not None


@pytest.mark.parametrize("token", [
    "", "x" * 15, "x" * 40, "A" * 64, "A" * 65, "é" * 20, "\x00" * 20])
def test_a_token_that_holds_no_place_is_refused(room: Room, token: str) -> None:
    end_the_hand(room.table)
    assert refused(room, {"token": token}, 403, "token") == NOT_YOURS


def test_a_token_cut_or_changed_is_nobodys(room: Room) -> None:
    end_the_hand(room.table)
    token = room.tokens[0]
    changed = token[:-1] + ("A" if token[-1] != "A" else "B")
    for forged in (token[:-1], token + "A", changed, token.upper(), token.lower()):
        if forged != token:
            refused(room, {"token": forged}, 403, "token")


@pytest.mark.parametrize(("body", "rule"), [
    (b"", "message"), (b"not json", "message"), (b"[]", "message"), (b"null", "message"),
    (b'{"hand": 1}', "message"), ({"token": 5}, "message"), ({"token": None}, "message"),
    ({"token": "t", "seat": 1}, "message"), ({"token": "t", "table": "CDFGH"}, "message"),
    ({"token": "x" * 101}, "message"), ({"token": "t", "hand": "1"}, "hand"),
    ({"token": "t", "hand": True}, "hand"), ({"token": "t", "hand": 1.5}, "hand"),
    (b"\xff\xfe", "message"), (b'{"token": "t", "token": 1}', "message"),
    (b"[" * 5000, "message"), (("{" + '"a":1,' * 400 + '"token":"t"}').encode(), "message"),
])
def test_garbage_is_refused(room: Room, body: Any, rule: str) -> None:
    end_the_hand(room.table)
    refused(room, body, 400, rule)


@pytest.mark.parametrize("hand", [0, 2, -1, 2**40])
def test_a_hand_not_in_the_game_is_refused(room: Room, hand: int) -> None:
    end_the_hand(room.table)
    message = refused(room, {"token": room.tokens[0], "hand": hand}, 400, "hand")
    assert "give 1 to 1" in message


def test_another_places_seat_cannot_be_named(room: Room) -> None:
    end_the_hand(room.table)
    refused(room, {"token": room.tokens[0], "seat": 2}, 400, "message")


def test_a_full_queue_answers_503_with_retry_after(tmp_path: Path) -> None:
    counted = Counted()
    for room in room_of(tmp_path, "42", counted.reviews(waiting_most=0), counted):
        end_the_hand(room.table)
        answer = room.ask({"token": room.tokens[0]})
        assert answer.status_code == 503
        assert answer.headers["Retry-After"] == str(RETRY_AFTER_S)
        assert answer.json()["rule"] == "busy" and counted.made == 0


def test_the_queue_holds_its_bound_and_one_review_per_hand_and_place() -> None:
    started = concurrent.futures.Future[dict[str, Any]]()

    class Held(concurrent.futures.Executor):
        submitted = 0

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            Held.submitted += 1
            return started

    async def main() -> None:
        reviews = Reviews(waiting_most=1, pool=lambda _n: Held())
        first = asyncio.create_task(reviews.get(("A", 1, 0, 0, 0), None, (0,), 1))
        same = asyncio.create_task(reviews.get(("A", 1, 0, 0, 0), None, (0,), 1))
        await asyncio.sleep(0)
        with pytest.raises(Busy):
            await reviews.get(("A", 1, 0, 0, 1), None, (1,), 1)
        started.set_result({"seats": ["made"]})
        assert await first == await same == {"seats": ["made"]}
        assert Held.submitted == 1 and not reviews.running
        # Kept: asked again, nothing is submitted; another place may now be reviewed.
        assert await reviews.get(("A", 1, 0, 0, 0), None, (0,), 1) == {"seats": ["made"]}
        assert Held.submitted == 1
        reviews.close()

    asyncio.run(main())


def test_in_worker_processes_the_review_is_the_same(tmp_path: Path) -> None:
    # The server's own pool (spawned processes): what the thread pool gave above.
    counted = Counted()
    for room in room_of(tmp_path, "moon", Reviews(workers=1), counted):
        play_to_the_end(room.table)
        hand = room.table.hand
        answer = room.ask({"token": room.tokens[2]})
        assert answer.status_code == 200, answer.text
        [seat] = answer.json()["seats"]
        assert seat["review"] == review(hand, 2, samples=coach_samples(hand), seed=1,
                                        hindsight=False).to_json()
        assert coach_samples(hand) == 16  # (away from 42's tables: the explorers' 16)


def test_the_servers_stop_never_waits_for_a_review_in_progress(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("site")
    hall = Hall()
    table = hall.open_table("42", seed=3)
    _, token = table.join("Ana", now=hall.clock())
    for name in ("Ben", "Cy", "Di"):
        table.join(name, now=hall.clock())
    play_to_the_end(table)
    reviews = Reviews(workers=1, job=slow_review)  # ten minutes, in a spawned process
    answers: list[Any] = []

    def ask(port: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            connection.request("POST", f"/api/tables/{table.code}/review",
                               body=json.dumps({"token": token}))
            answers.append(connection.getresponse().status)
        except (OSError, http.client.HTTPException) as error:
            answers.append(error)

    with classroom_server(hall, tmp_path, live=LiveTables(hall, pace=0.0, reviews=reviews)
                          ) as port:
        asker = threading.Thread(target=ask, args=(port,), daemon=True)
        asker.start()
        event = threading.Event()
        while not reviews.running and asker.is_alive():
            event.wait(0.05)
        assert reviews.running, answers
        pool = reviews._pool
        assert isinstance(pool, concurrent.futures.ProcessPoolExecutor)
        processes = list(pool._processes.values())
        while not any(p.is_alive() for p in processes):
            event.wait(0.05)
            processes = list(pool._processes.values())
    # (classroom_server asserts the server stopped within its bound.) The worker ended too.
    for process in processes:
        process.join(10)
        assert not process.is_alive()
    asker.join(10)
    assert not asker.is_alive()


def test_the_server_words_its_reviews_without_the_widgets() -> None:
    # The classroom extra has no ipywidgets: the review's words are plain functions.
    code = ("import sys, texas42.classroom.live, texas42.classroom.reviews; "
            "print(sorted(m for m in sys.modules if m.startswith(('ipywidgets', "
            "'texas42.widgets'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stdout
