"""The coach's review of one's own place at a table, once the hand is over.

``POST /api/tables/CODE/review`` with ``{"token": "...", "hand": 2}`` (the token of a
place at that table; ``hand``: the hand's number in the game the table plays, as its
state's ``hands_played`` counts it, left out: the hand in play) answers the coach's
review of the seats that place played (two-hand 42: both of its side), made as the Play
page makes it (:func:`texas42.analysis.coach.review` with the explorers' guesses,
:func:`texas42.review_words.coach_samples`, and seed the hand's number), worded by
:mod:`texas42.review_words` and drawn by :func:`texas42.svg.review_chart_svg`. The coach
judges each decision from what the seat knew at that moment (its dominoes, the bids, the
tricks it may look at): it is given the hand and the seat, as ``coach.review`` is. The
hindsight (the open-hands solver on the true deal, up to 6 s of a review) is left out: the
Play page keeps it behind a toggle that starts off, and the table page does not show it.

Refused, with the rule's words and nothing changed: a token that holds no place at that
table (the same words whether the table exists or not: 403 ``token``), a hand not over yet
(409 ``review-after-hand``), a hand that is not in the game (400 ``hand``), a malformed
body (400 ``message``), a review the coach's bound refuses (422, its rule).

The review is CPU work (about a second for a hand of 42): it runs in a small pool of
processes (:data:`REVIEW_WORKERS`), never on the server's event loop, so the tables stay
live for a room of phones. At most :data:`REVIEWS_WAITING_MOST` reviews wait or run at
once; past that a request is answered 503 with ``Retry-After`` (the page asks again). Each
(table, game, hand, place) is reviewed once: asking again, or while it runs, costs nothing.
The time is bounded by the coach's own bound (:mod:`texas42.analysis.bounds`: a review
that would take more than a minute of CPU is refused up front), and a request waits at
most :data:`REVIEW_WAIT_S` (503: the review goes on, asking again finds it). When the
server stops, the pool's processes are ended at once: a review in progress never holds
the stop.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..analysis import coach
from ..analysis.bounds import WORK_SECONDS
from ..errors import IllegalActionError, InputError, Texas42Error, quote
from ..review_words import (
    TOP_LOSSES,
    coach_samples,
    largest_losses,
    loss_sentence,
    review_html,
    review_summary,
)
from ..svg.review_chart import review_chart_svg

log = logging.getLogger("texas42.classroom")

#: Processes that make reviews: every core but one (the server's own loop keeps one).
REVIEW_WORKERS = max(1, (os.cpu_count() or 1) - 1)
#: Reviews waiting or in progress at once, per worker: a room's tables ending their hands
#: together fit; past it a phone is asked to come back in :data:`RETRY_AFTER_S`.
REVIEWS_PER_WORKER = 16
RETRY_AFTER_S = 5
#: Reviews kept (the answers, each some tens of kB): a class's hands of a lesson.
REVIEWS_KEPT = 400
#: The longest a request waits for its review (twice the coach's own CPU bound: the
#: queue's wait besides); then 503, the review goes on and is kept.
REVIEW_WAIT_S = 2 * WORK_SECONDS
#: The width of the review chart on the table page (a 390 px phone).
CHART_WIDTH = 360
#: The refusal of a token that holds no place at the table (the same words whatever the
#: table: a token tells nothing of a table).
NOT_YOURS = ("that token holds no place at this table: the coach reviews only your own "
             "place's play")

ReviewKey = tuple[str, int, int, int, int]


def review_seats(hand: Any, seats: tuple[int, ...], seed: int) -> dict[str, Any]:
    """The review of ``seats`` in ``hand`` (over), as the table page shows it: per seat its
    summary (in what the game scores), chart, largest losses and every decision, and the
    coach's own figures (``review``: :meth:`~texas42.analysis.coach.Review.to_json`). Runs
    in a worker process; a refusal of the coach comes back as ``{"error": ...}``."""
    try:
        shown = []
        for seat in seats:
            rv = coach.review(hand, seat, samples=coach_samples(hand), seed=seed,
                              hindsight=False)
            summary, kind = review_summary(rv, hand)
            shown.append({
                "seat": seat, "summary": summary, "kind": kind, "review": rv.to_json(),
                "chart": (str(review_chart_svg(rv, hand=hand, width=CHART_WIDTH))
                          if rv.decisions else ""),
                "losses": [loss_sentence(rv.decisions[i])
                           for i in largest_losses(rv.decisions, TOP_LOSSES)],
                "details": review_html(rv, hindsight=False),
            })
        return {"seats": shown}
    except Texas42Error as error:
        return {"error": {"rule": error.rule, "message": error.message}}


def _spawned_pool(workers: int) -> concurrent.futures.Executor:
    # (spawn, not fork: the server runs threads, and a forked child could inherit a lock
    # held by one of them.)
    return concurrent.futures.ProcessPoolExecutor(
        max_workers=workers, mp_context=multiprocessing.get_context("spawn"))


class Busy(Exception):
    """Every place in the reviews' queue is taken."""


class Reviews:
    """The reviews made and in progress, and the pool that makes them (started at the
    first review, ended by :meth:`close`)."""

    def __init__(self, *, workers: int = REVIEW_WORKERS,
                 waiting_most: int | None = None,
                 pool: Callable[[int], concurrent.futures.Executor] = _spawned_pool,
                 job: Callable[..., dict[str, Any]] = review_seats) -> None:
        self.workers = workers
        self.waiting_most = (REVIEWS_PER_WORKER * workers if waiting_most is None
                             else waiting_most)
        self._pool_factory = pool
        self._job = job
        self._pool: concurrent.futures.Executor | None = None
        self.done: OrderedDict[ReviewKey, dict[str, Any]] = OrderedDict()
        self.running: dict[ReviewKey, asyncio.Future[dict[str, Any]]] = {}

    async def get(self, key: ReviewKey, hand: Any, seats: tuple[int, ...], seed: int
                  ) -> dict[str, Any]:
        """The review of ``key`` (made now in the pool, or kept); :class:`Busy` when the
        queue is full; TimeoutError past :data:`REVIEW_WAIT_S`."""
        kept = self.done.get(key)
        if kept is not None:
            self.done.move_to_end(key)
            return kept
        future = self.running.get(key)
        if future is None:
            if len(self.running) >= self.waiting_most:
                raise Busy
            if self._pool is None:
                self._pool = self._pool_factory(self.workers)
            future = asyncio.wrap_future(self._pool.submit(self._job, hand, seats, seed))
            self.running[key] = future
            future.add_done_callback(lambda f: self._finished(key, f))
        return await asyncio.wait_for(asyncio.shield(future), REVIEW_WAIT_S)

    def _finished(self, key: ReviewKey, future: asyncio.Future[dict[str, Any]]) -> None:
        self.running.pop(key, None)
        if future.cancelled():
            return
        error = future.exception()
        if isinstance(error, concurrent.futures.BrokenExecutor):
            # (A worker died, killed from outside: the next review starts a new pool.)
            broken, self._pool = self._pool, None
            if broken is not None:
                broken.shutdown(wait=False, cancel_futures=True)
        if error is not None:
            return
        self.done[key] = future.result()
        while len(self.done) > REVIEWS_KEPT:
            self.done.popitem(last=False)

    def close(self) -> None:
        """End the pool now: queued reviews are dropped, a review in progress is ended
        with its process (the server's stop never waits for one)."""
        for future in self.running.values():
            future.cancel()
        self.running.clear()
        pool, self._pool = self._pool, None
        if pool is None:
            return
        # (Python 3.11's ProcessPoolExecutor has no way to end a running job: its
        # processes are ended here, as 3.14's terminate_workers does.)
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):
                process.terminate()


async def review_route(hall: Any, reviews: Reviews, request: Request, body: bytes) -> Response:
    """``POST /api/tables/CODE/review``: the review of the asker's own place."""
    try:
        token, number = _review_request(body)
        table, place, index, hand = hall.reviewable(request.path_params["code"], token, number)
    except IllegalActionError as error:
        return _refusal(409, error.rule, error.message)
    except Texas42Error as error:
        if error.rule == "token":
            return _refusal(403, "token", NOT_YOURS)
        return _refusal(400, error.rule or "message", error.message)
    seats = tuple(s for s in table.seats_of(place) if any(a.seat == s for a in hand.actions))
    answer: dict[str, Any] = {"table": table.code, "hand": index + 1, "place": place}
    if not seats:
        return _answer({**answer, "seats": [],
                        "summary": "You made no decision in this hand: nothing to review."})
    key = (table.code, table.seed, table.games, index, place)
    try:
        made = await reviews.get(key, hand.copy(), seats, index + 1)
    except Busy:
        return _refusal(503, "busy", "the coach is busy with other reviews: ask again in "
                        f"{RETRY_AFTER_S} s", retry=RETRY_AFTER_S)
    except TimeoutError:
        return _refusal(503, "busy", "the coach has not finished yet: ask again in "
                        f"{RETRY_AFTER_S} s", retry=RETRY_AFTER_S)
    except (concurrent.futures.CancelledError, asyncio.CancelledError):
        raise
    except Exception as error:  # a worker that died: no traceback to the student
        log.warning("the review of table %s failed: %r", table.code, error)
        return _refusal(503, "busy", "the coach could not finish this review: ask again",
                        retry=RETRY_AFTER_S)
    if "error" in made:
        return _refusal(422, made["error"]["rule"], made["error"]["message"])
    return _answer({**answer, **made})


def _review_request(body: bytes) -> tuple[str, int | None]:
    """(token, hand number or None) of a review request's body; InputError otherwise."""
    try:
        data = json.loads(body) if body else None
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict) or set(data) - {"token", "hand"} or "token" not in data:
        raise InputError('send {"token": "...", "hand": 1}: your place\'s token and the '
                         "hand's number", rule="message")
    token, number = data["token"], data.get("hand")
    if not isinstance(token, str) or len(token) > 100:
        raise InputError("the token is not text a table gave", rule="message")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
        raise InputError(f"hand {quote(number)} is not a hand's number", rule="hand")
    return token, number


def _refusal(status: int, rule: str, message: str, retry: int | None = None) -> Response:
    headers = {"Cache-Control": "no-store"}
    if retry is not None:
        headers["Retry-After"] = str(retry)
    return JSONResponse({"rule": rule, "message": message}, status_code=status,
                        headers=headers)


def _answer(data: dict[str, Any]) -> Response:
    return JSONResponse(data, headers={"Cache-Control": "no-store"})
