"""The classroom server restarts mid-hand at a live table (issue 39, 3), in headless
Chromium (texas42/classroom/table.html, live.py, store.py): two phones sit at one table
with two computer places and play into the hand; the server stops (its tables kept in the
SQLite file) and a new one starts from that file on the same port. Each page reconnects
by itself with the token it kept and is back at its own place, where the hand is, and the
two play the hand to its end from there. No request leaves the server; no console error
but the reconnections refused while the server is down."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from classroom_ws import classroom_server
from playwright.sync_api import Browser, BrowserContext, Page

from texas42.classroom.live import Hall
from texas42.classroom.store import TableStore
from texas42.classroom.tables import Table

from .test_table_page import phone, take_turn

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben")
#: The page's reconnections back off to 10 s between tries: generous on a shared machine.
BACK_S = 90


def people_acted(table: Table) -> int:
    return sum(1 for action in table.hand.actions if action.seat < len(NAMES))


def play(pages: list[tuple[BrowserContext, Page]], table: Table,
         done: Callable[[], object]) -> None:
    """The pages take their turns (the computer its own) until ``done()``."""
    deadline = time.monotonic() + 240
    while not done():
        assert time.monotonic() < deadline, table.hand.status()
        version = table.version
        if not any(take_turn(page, table) for _, page in pages):
            time.sleep(0.1)
            continue
        while table.version == version and time.monotonic() < deadline:
            time.sleep(0.05)  # the action reached the server


def connection(page: Page) -> str:
    return page.locator("#connection").inner_text()


def test_the_server_restarts_mid_hand_and_every_page_resumes_its_place(
        chromium: Browser, tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("site")
    path = tmp_path / "tables.sqlite"
    hall = Hall(TableStore(path))
    code = hall.open_table("42", seed=12).code
    problems: list[str] = []
    pages: list[tuple[BrowserContext, Page]] = []
    with classroom_server(hall, tmp_path, pace=0.05) as port:
        base = f"http://127.0.0.1:{port}"
        table = hall.tables[code]
        for name in NAMES:
            context, page = phone(chromium, base, problems)
            page.goto(f"{base}/table/?table={code}")
            page.fill("#name", name)
            page.click("#join button[type=submit]")
            page.wait_for_selector("#picture svg")
            pages.append((context, page))
        # Into the play of the hand: the bids, trumps and a few dominoes.
        play(pages, table, lambda: people_acted(table) >= 5 and table.hand.plays)
    before = hall.tables[code]
    assert not before.hand.is_over and before.hand.plays
    for _, page in pages:  # each page knows the server is gone
        page.wait_for_function("document.getElementById('connection').textContent"
                               " !== 'Live'")
    # The restart: a new hall from the same file, on the same address.
    again = Hall(TableStore(path))
    assert again.tables[code].to_state() == before.to_state()
    with classroom_server(again, tmp_path, pace=0.05, port=port):
        table = again.tables[code]
        deadline = time.monotonic() + BACK_S
        for place, (name, (_, page)) in enumerate(zip(NAMES, pages, strict=True)):
            # Back at its place, the table as the server has it (the computer's places may
            # play on meanwhile: the page follows).
            while not (connection(page) == "Live" and table.places[place].connections
                       and page.locator("#table-box").get_attribute("data-version")
                       == str(table.version)):
                assert time.monotonic() < deadline, (name, connection(page), table.version)
                time.sleep(0.2)
            assert name in page.locator("#places li.you").inner_text()
            assert page.locator("#join").is_hidden()
        # Nothing lost, and the two play on to the end of the hand.
        kept = len(before.hand.actions)
        assert table.hand.actions[:kept] == before.hand.actions
        play(pages, table, lambda: table.hand.is_over)
        assert people_acted(table) > people_acted(before)
        for _, page in pages:
            page.wait_for_selector("#choices button.main")  # Next hand
    # (while the server was down, each page's tries to reconnect were refused)
    refused = re.compile(rf"WebSocket connection to 'ws://127\.0\.0\.1:{port}/ws/table' "
                         "failed")
    assert [p for p in problems if not refused.search(p)] == []
    for context, _ in pages:
        context.close()
