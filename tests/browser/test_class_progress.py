"""Progress the teacher keeps, in headless Chromium against the classroom server
(texas42/classroom/students.py, texas42/widgets/progress_store.js, teacher.html).

The progress store's script runs in a small page of its own with a stand-in for the
widget's model (what Python would send and set), so no book build is needed: a student
gives a name on one device, a save reaches the server, and another device at another
address (localhost, not 127.0.0.1) gives the name and the student code and opens with the
same progress. The teacher's page refuses a wrong code and, with the right one, lists the
student. No request leaves the server, no console error."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from classroom_ws import class_parts, classroom_server
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from texas42.classroom.students import new_teacher_code
from texas42.game import Game
from texas42.progress import Progress

from .served import counting_server
from .test_live_softnav import serious_axe_violations

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 390, "height": 844}
#: How long a page may take to hear from the server (the machine is shared: generous).
WAIT_MS = 30_000
STORE_JS = Path(__file__).parents[2] / "texas42" / "widgets" / "progress_store.js"
# The widget's model as Python drives it: "data" set after the page's storage was read
# (the site's own progress: class_copy, so the class server keeps a copy).
HARNESS = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>store</title>
<link rel="icon" href="data:,"></head><body><main id="w"></main>
<script type="module">
import widget from "./progress_store.js";
// (?key=K: another explorer's own store, which the class server never keeps)
const key = new URLSearchParams(location.search).get("key") || "texas42-progress";
const state = {key, data: "", loaded: false, aside: "", class_copy: key === "texas42-progress"};
const listeners = {};
window.stored = null;
window.model = {
  get: (k) => state[k],
  set: (k, v) => { state[k] = v; (listeners["change:" + k] || []).forEach((f) => f()); },
  on: (e, f) => { (listeners[e] = listeners[e] || []).push(f); },
  off: () => {},
  send: (m) => {
    if ("stored" in m && !state.loaded) { state.loaded = true; window.stored = m.stored; }
  },
};
widget.render({model: window.model, el: document.getElementById("w")});
</script></body></html>"""


def progress_json(hands: int) -> str:
    game = Game(seed=9)
    progress = Progress()
    for _ in range(hands):
        while not game.hand.is_over:
            action = game.hand.legal_actions()[0]
            game.hand.apply((action.kind, action.value))
        game.next_hand()
    progress.save_game(game, seat=0)
    return progress.to_json()


def harness_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("site")
    (site / "store.html").write_text(HARNESS)
    shutil.copy(STORE_JS, site / "progress_store.js")
    return site


@pytest.fixture
def room(tmp_path: Path) -> Iterator[tuple[int, str]]:
    site = harness_site(tmp_path)
    code = new_teacher_code()
    _store, hall, students = class_parts(tmp_path / "class.sqlite", code)
    with classroom_server(hall, site, students=students) as port:
        yield port, code


def device(chromium: Browser, port: int, problems: list[str]) -> tuple[BrowserContext, Page]:
    # (bypass_csp: the test waits with wait_for_function, which the pages' CSP forbids)
    context = chromium.new_context(viewport=PHONE, has_touch=True, bypass_csp=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("request", lambda r: None if re.match(
        rf"(http://(127\.0\.0\.1|localhost):{port}/|blob:)", r.url)
        else problems.append(f"request to {r.url}"))
    page.on("pageerror", lambda e: problems.append(str(e)))
    return context, page


def test_a_students_progress_follows_them_to_another_device_and_address(
        chromium: Browser, room: tuple[int, str]) -> None:
    port, _ = room
    problems: list[str] = []
    text = progress_json(2)
    # The first device: nothing kept yet; a name in the class, then a save.
    first, page = device(chromium, port, problems)
    page.goto(f"http://127.0.0.1:{port}/store.html")
    page.wait_for_function("window.stored === ''")
    form = page.locator(".t42-class-form")
    expect(form).to_be_visible(timeout=WAIT_MS)
    assert serious_axe_violations(page) == []
    form.get_by_label("Your name in the class").fill("Ana")
    form.get_by_role("button").press("Enter")
    status = page.locator(".t42-class-status")
    expect(status).to_contain_text("Your student code is", timeout=WAIT_MS)
    found = re.search(r"student code is ([A-Z]{6})", status.inner_text())
    assert found is not None
    code = found.group(1)
    page.evaluate("(t) => window.model.set('data', t)", text)
    expect(status).to_contain_text("Saved to the class server, as Ana", timeout=WAIT_MS)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert serious_axe_violations(page) == []
    # Another device, at another address: the name (another case) and the code.
    second, other = device(chromium, port, problems)
    other.goto(f"http://localhost:{port}/store.html")
    other.wait_for_function("window.stored === ''")
    form = other.locator(".t42-class-form")
    form.get_by_label("Your name in the class").fill("ana")
    form.get_by_label("Your student code").fill(code.lower())
    form.get_by_role("button").click()
    # The server's copy is newer than nothing: kept here, and the page opens with it.
    # (A string: while the page reloads to open with it, window.stored is undefined.)
    other.wait_for_function("typeof window.stored === 'string' && window.stored !== ''")
    got = Progress.from_json(other.evaluate("window.stored"))
    assert got.to_json() == Progress.from_json(text).to_json() and got.hands_played == 2
    expect(other.locator(".t42-class-status")).to_contain_text("as Ana", timeout=WAIT_MS)
    # Opened again on the first device: this browser's copy is the newest; nothing lost.
    page.reload()
    page.wait_for_function("typeof window.stored === 'string'")
    assert json.loads(page.evaluate("window.stored")) == json.loads(text)
    expect(page.locator(".t42-class-status")).to_contain_text("Kept on the class server",
                                                              timeout=WAIT_MS)
    assert problems == []
    for context in (first, second):
        context.close()


def test_the_teachers_page_needs_its_code_and_shows_the_student(
        chromium: Browser, room: tuple[int, str]) -> None:
    port, teacher_code = room
    problems: list[str] = []
    context, page = device(chromium, port, problems)
    page.request.post(f"http://127.0.0.1:{port}/api/students", data={"name": "Ben"})
    page.goto(f"http://127.0.0.1:{port}/teacher/")
    assert serious_axe_violations(page) == []
    page.get_by_label("Teacher code").fill("CCCCC-CCCCC")
    page.get_by_label("Teacher code").press("Enter")
    expect(page.locator("#message")).to_contain_text("not the teacher code", timeout=WAIT_MS)
    expect(page.locator("#class-box")).to_be_hidden(timeout=WAIT_MS)
    assert "Ben" not in page.content()
    page.get_by_label("Teacher code").fill(teacher_code.lower())
    page.get_by_label("Teacher code").press("Enter")
    expect(page.locator("#students")).to_contain_text("Ben", timeout=WAIT_MS)
    expect(page.locator("#message")).to_have_text("", timeout=WAIT_MS)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert serious_axe_violations(page) == []
    with page.expect_download() as download:
        page.get_by_role("button", name="Export every hand of the lesson").click()
    export = json.loads(Path(download.value.path()).read_text())
    assert [s["name"] for s in export["students"]] == ["Ben"]
    problems = [p for p in problems if "403" not in p]  # (the wrong code's answer)
    assert problems == []
    context.close()


def test_elsewhere_the_store_asks_no_class_server(chromium: Browser, tmp_path: Path) -> None:
    """A static host (no classroom cookie): nothing asked, no form, the page's storage as
    before."""
    with counting_server(harness_site(tmp_path)) as (base, log):
        problems: list[str] = []
        port = int(base.rsplit(":", 1)[1])
        context, page = device(chromium, port, problems)
        page.goto(f"{base}/store.html")
        # (asked, the class server's answer would have come before the page's storage
        # was read: the log holds the request by now)
        page.wait_for_function("window.stored === ''")
        page.evaluate("window.model.set('data', '{}')")
        assert page.evaluate("localStorage.getItem('texas42-progress')") == "{}"
        assert page.locator(".t42-class-form").count() == 0
        assert not [s.path for s in log.take() if s.path.startswith("/api/")]
        assert problems == []
        context.close()


def test_another_explorers_store_is_never_sent_to_the_class_server(
        chromium: Browser, room: tuple[int, str]) -> None:
    """The tricks explorer keeps its table under its own key: on the classroom server it
    neither asks for the student's progress (which it would take for its own) nor sends
    its table as the student's progress."""
    port, _code = room
    problems: list[str] = []
    context, page = device(chromium, port, problems)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/" in r.url else None)
    page.goto(f"http://127.0.0.1:{port}/store.html?key=texas42-tricks:standard:fives:1:0")
    # (asked, the class server's answer would have come before the page's storage was
    # read, as on the site's progress: the request is made by now)
    page.wait_for_function("window.stored === ''")
    page.evaluate("window.model.set('data', '{\"plays\": [\"6-6\"]}')")
    assert page.evaluate("localStorage.getItem('texas42-tricks:standard:fives:1:0')") \
        == '{"plays": ["6-6"]}'
    assert page.locator(".t42-class-form").count() == 0 and asked == []
    assert problems == []
    context.close()
