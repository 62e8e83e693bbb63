"""The course's checks answered reach the teacher (issue 39, 4), in headless Chromium
against the classroom server serving the built book (book/_ext/course_check_static/
course-check.js, texas42/classroom/checks.py, teacher.html).

A learner answers a chapter's first check wrong, then right: the page keeps the first
verdict in its storage. They join the class (as the progress store's form does: the
token under "texas42-student"), open the chapter again, and the checks answered before
joining reach the server; a second check answered right is sent too. The teacher's page
lists the chapter with 2 of its checks answered, 1 right at the first try. No request
leaves the server, no console error."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classroom_ws import class_parts, classroom_server
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect

from texas42.classroom.students import new_teacher_code

pytestmark = pytest.mark.browser

CHAPTER = "/book/tricks.html"
WAIT_MS = 30_000


@pytest.fixture
def room(tmp_path: Path, site_dir: Path) -> Iterator[tuple[int, str]]:
    code = new_teacher_code()
    _store, hall, students = class_parts(tmp_path / "class.sqlite", code)
    with classroom_server(hall, site_dir, students=students) as port:
        yield port, code


def device(chromium: Browser, port: int, problems: list[str]) -> tuple[BrowserContext, Page]:
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("request", lambda r: None if re.match(
        rf"(http://127\.0\.0\.1:{port}/|blob:|data:)", r.url)
        else problems.append(f"request to {r.url}"))
    page.on("pageerror", lambda e: problems.append(str(e)))
    return context, page


def answer(page: Page, form: int, label: str) -> None:
    check = page.locator("form.course-check").nth(form)
    check.get_by_label(label, exact=True).check()
    check.get_by_role("button", name="Check").click()
    expect(check.locator(".course-check-feedback")).not_to_have_text("")


def status(request: Request) -> int | None:
    """The status the server answered a request with (None: no answer)."""
    response = request.response()
    return None if response is None else response.status


def kept(page: Page) -> Any:
    return json.loads(page.evaluate("localStorage.getItem('texas42-checks')") or "null")


def test_checks_answered_on_a_chapter_reach_the_teachers_page(
        chromium: Browser, room: tuple[int, str]) -> None:
    port, teacher_code = room
    base = f"http://127.0.0.1:{port}"
    problems: list[str] = []
    context, page = device(chromium, port, problems)
    page.goto(base + CHAPTER)
    total = page.locator("form.course-check").count()
    assert total >= 2
    title = page.locator("h1").first.evaluate(
        "(h) => { const c = h.cloneNode(true);"
        " c.querySelectorAll('.headerlink').forEach((a) => a.remove());"
        " return c.textContent.replace(/\\s+/g, ' ').trim(); }")
    # Not in the class yet: kept in the page's storage, the first verdict only, and
    # nothing sent (nobody to send it as).
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/" in r.url else None)
    answer(page, 0, "Seat 0")
    answer(page, 0, "Seat 3")
    chapter = kept(page)["chapters"]["book/tricks"]
    assert chapter["title"] == title and chapter["total"] == total
    assert list(chapter["checks"].values()) == [False]
    page.wait_for_timeout(1500)  # (past the script's wait before a send)
    assert asked == []
    # Joined (what the progress store's form does), then the chapter opened again.
    joined = page.evaluate("""async () => {
        const answer = await fetch('/api/students', {method: 'POST',
          headers: {'Content-Type': 'application/json'}, body: JSON.stringify({name: 'Ana'})});
        const told = await answer.json();
        localStorage.setItem('texas42-student',
                             JSON.stringify({name: told.name, token: told.token}));
        return answer.status; }""")
    assert joined == 201
    with page.expect_request(lambda r: r.url.endswith("/api/checks")
                             and r.method == "PUT") as sent:
        page.reload()
    assert status(sent.value) == 200
    # A second check, right at the first try: sent too.
    second = page.locator("form.course-check").nth(1)
    right = second.locator("input[data-right=true]")
    with page.expect_request(lambda r: r.url.endswith("/api/checks")) as sent:
        right.check()
        second.get_by_role("button", name="Check").click()
    assert status(sent.value) == 200
    assert sorted(kept(page)["chapters"]["book/tricks"]["checks"].values()) == [False, True]

    teacher, desk = device(chromium, port, problems)
    desk.goto(base + "/teacher/")
    desk.get_by_label("Teacher code").fill(teacher_code)
    desk.get_by_label("Teacher code").press("Enter")
    row = desk.locator("#students tr", has_text="Ana")
    expect(row).to_contain_text(f"{title} 2/{total} (1 right at the first try)",
                                timeout=WAIT_MS)
    assert problems == []
    for each in (context, teacher):
        each.close()
