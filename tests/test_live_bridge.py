"""The live explorers' Python half (book/_ext/live_static/live_bridge.py) and the book
extension that collects each page's live code (book/_ext/live_in_place.py), in CPython.

The browser tests (tests/browser/test_live.py) run the same bridge in Pyodide; here it
runs with a recording ``send`` so the widget protocol itself is checked.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "book" / "_ext" / "live_static"))
sys.path.insert(0, str(ROOT / "book" / "_ext"))
import live_bridge  # noqa: E402
import live_in_place  # noqa: E402

sys.path[:2] = []


@pytest.fixture
def bridge() -> Iterator[tuple[live_bridge.Bridge, list[dict[str, Any]]]]:
    import comm

    saved = comm.create_comm, comm.get_comm_manager
    sent: list[dict[str, Any]] = []
    b = live_bridge.install(lambda text, buffers: sent.append(json.loads(text)))
    try:
        yield b, sent
    finally:
        for client in set(b.namespaces) | set(b.owner.values()):
            b.drop(client)  # close this test's widgets while their comm manager is current
        comm.create_comm, comm.get_comm_manager = saved


def test_run_opens_every_widget_for_its_page_and_returns_the_view(
    bridge: tuple[live_bridge.Bridge, list[dict[str, Any]]],
) -> None:
    b, sent = bridge
    model_id = b.run("page-1", ["from texas42 import widgets"], 'widgets.tricks(contract="fours")')
    opens = [m for m in sent if m["msg_type"] == "comm_open"]
    assert opens and all(m["client"] == "page-1" for m in sent)
    top = next(m for m in opens if m["comm_id"] == model_id)
    assert top["data"]["state"]["_model_name"] == "VBoxModel"
    assert top["target_name"] == "jupyter.widget" and top["metadata"]["version"].startswith("2.")


def test_setup_runs_once_per_page_and_names_stay_in_that_page(
    bridge: tuple[live_bridge.Bridge, list[dict[str, Any]]],
) -> None:
    b, _ = bridge
    setup = ["from texas42 import widgets\ncount = [0]", "count[0] += 1"]
    b.run("a", setup, "widgets.count(seed=3)")
    b.run("a", setup, "widgets.count(seed=4)")
    assert b.namespaces["a"]["count"] == [1]
    with pytest.raises(NameError):
        b.run("b", [], "widgets.count()")  # page b never ran the setup


def test_a_list_change_is_answered_with_echo_and_update_tied_to_the_message(
    bridge: tuple[live_bridge.Bridge, list[dict[str, Any]]],
) -> None:
    b, sent = bridge
    b.run("p", ["from texas42 import widgets"], 'widgets.tricks(contract="fours")')
    dropdown = next(
        m for m in sent
        if m["msg_type"] == "comm_open" and m["data"]["state"]["_model_name"] == "DropdownModel"
        and "Fours are trumps" in m["data"]["state"]["_options_labels"]
    )
    labels = dropdown["data"]["state"]["_options_labels"]
    before = len(sent)
    new = labels.index("Fives are trumps")
    error = b.deliver(dropdown["comm_id"], {"method": "update", "state": {"index": new}}, [], "m-1")
    assert error is None
    answer = sent[before:]
    assert answer[0]["data"]["method"] == "echo_update" and answer[0]["parent"] == "m-1"
    assert all(m["parent"] == "m-1" and m["client"] == "p" for m in answer)
    shown = " ".join(json.dumps(m["data"]) for m in answer)
    assert "five" in shown.lower()


def test_a_broken_message_does_not_stop_the_bridge(
    bridge: tuple[live_bridge.Bridge, list[dict[str, Any]]],
) -> None:
    b, _ = bridge
    model_id = b.run("p", ["from texas42 import widgets"], "widgets.suits()")
    assert b.deliver("nope", {}, [], "m") == "no widget nope"
    b.deliver(model_id, {"method": "update", "state": {"children": 5}}, [], "m")  # logged
    assert b.run("p", [], "widgets.trumps()")  # the page goes on


def test_a_cell_that_is_no_widget_says_so(
    bridge: tuple[live_bridge.Bridge, list[dict[str, Any]]],
) -> None:
    b, _ = bridge
    with pytest.raises(RuntimeError, match="not a widget: int"):
        b.run("p", [], "1 + 1")


def test_a_page_that_leaves_closes_its_widgets_and_nothing_is_sent(
    bridge: tuple[live_bridge.Bridge, list[dict[str, Any]]],
) -> None:
    b, sent = bridge
    b.run("gone", ["from texas42 import widgets"], "widgets.trumps()")
    b.run("stays", ["from texas42 import widgets"], "widgets.trumps()")
    before = len(sent)
    closed = b.drop("gone")
    assert closed > 10 and len(sent) == before
    assert "gone" not in b.namespaces and "stays" in b.namespaces
    assert set(b.owner.values()) == {"stays"}


# ---------------------------------------------------------------------- the page's code
def cells(*specs: tuple[str, str, list[str]]) -> list[dict[str, Any]]:
    return [{"type": t, "source": s, "tags": tags} for t, s, tags in specs]


def test_idle_moments_run_the_explorers_background_work(
    bridge: tuple[live_bridge.Bridge, list[dict[str, Any]]],
) -> None:
    """The worker calls ``idle`` when no message waits: each call runs a slice of the
    queued work (the coach judging the learner's decisions) and says whether more is left."""
    from texas42.widgets._background import BACKGROUND

    b, sent = bridge
    BACKGROUND.clear()  # (what other tests left)
    assert b.idle(0.01) is False  # nothing queued
    done: list[int] = []

    def work() -> Any:
        for _ in range(5):
            yield
        return 5

    BACKGROUND.add("page", work(), done.append)
    assert b.idle(0.0) is True and not done  # one piece, then back to the messages
    while b.idle(0.01):
        pass
    assert done == [5] and not sent  # idle work sends nothing to the page


def test_page_live_code_takes_the_setup_before_each_explorer() -> None:
    nb = cells(
        ("code", "import texas42", ["live-setup", "remove-cell"]),
        ("markdown", "text", []),
        ("code", "widgets.suits()", ["remove-input"]),
        ("code", "helper = 1", ["live-setup"]),
        ("code", "widgets.trumps()", []),
        ("code", "assert True", ["remove-cell"]),
    )
    data = live_in_place.page_live_code(nb, {2: ["m1"], 4: ["m2"]})
    assert data["setup"] == ["import texas42", "helper = 1"]
    assert data["cells"] == {
        "m1": {"code": "widgets.suits()", "setup": 1},
        "m2": {"code": "widgets.trumps()", "setup": 2},
    }


def test_page_live_code_refuses_an_explorer_tagged_as_setup() -> None:
    nb = cells(("code", "widgets.suits()", ["live-setup"]))
    with pytest.raises(ValueError, match="draws an explorer"):
        live_in_place.page_live_code(nb, {0: ["m"]})


def test_every_page_with_an_explorer_reads_its_cells() -> None:
    """Each chapter's notebook parses, and its explorer cells end with an expression."""
    for path in sorted((ROOT / "book").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        if "{code-cell}" not in text or "widgets." not in text:
            continue
        nb = live_in_place.notebook_cells(path)
        assert any(c["type"] == "code" for c in nb), path


# ---------------------------------------------------------------------- without a kernel
WITHOUT_IPYTHON = r"""
import importlib.abc, json, sys
class Block(importlib.abc.MetaPathFinder):
    # The live worker's lock has none of these: find none here either.
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"IPython", "jedi", "pygments", "prompt_toolkit"}:
            raise ModuleNotFoundError(name)
sys.meta_path.insert(0, Block())
sys.path[:0] = [LIVE_STATIC, BOOK]
import live_bridge
assert live_bridge.stand_in_for_ipython()
assert not live_bridge.stand_in_for_ipython()  # once is enough
import ipywidgets, anywidget, texas42.widgets
from IPython.display import HTML
import bookkit
sent = []
bridge = live_bridge.install(lambda text, buffers: sent.append(json.loads(text)))
model = bridge.run("c", ["from texas42 import widgets"], "widgets.play()")
picture = bookkit.say("hello")
print(json.dumps({"model": model, "opened": sum(m["msg_type"] == "comm_open" for m in sent),
                  "html": picture._repr_html_(), "ipython": sys.modules["IPython"].__doc__,
                  "loaded": sorted(n for n in sys.modules
                                   if n.split(".")[0] in {"jedi", "pygments", "prompt_toolkit"})}))
"""


def test_the_bridge_runs_the_explorers_without_ipython() -> None:
    import subprocess

    code = (f"LIVE_STATIC = {str(ROOT / 'book' / '_ext' / 'live_static')!r}\n"
            f"BOOK = {str(ROOT / 'book')!r}\n" + WITHOUT_IPYTHON)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(result["model"]) == 32 and result["opened"] > 5
    assert "hello" in result["html"] and "stand-in" in result["ipython"]
    assert result["loaded"] == []


def test_a_real_ipython_is_preferred() -> None:
    pytest.importorskip("IPython")
    assert live_bridge.stand_in_for_ipython() is False
    import IPython

    assert not getattr(IPython, live_bridge.STAND_IN_MARK, False)


def test_stdlib_fallback_fetches_the_whole_library_once(tmp_path: Path) -> None:
    import zipfile

    full = tmp_path / "full.zip"
    with zipfile.ZipFile(full, "w") as archive:
        archive.writestr("t42_left_out.py", "ANSWER = 42\n")
    fetched: list[int] = []

    def fetch() -> bytes:
        fetched.append(1)
        return full.read_bytes()

    finder = live_bridge.StdlibFallback(["t42_left_out"], fetch, str(tmp_path / "copy.zip"))
    sys.meta_path.append(finder)
    try:
        assert finder.find_spec("numpy") is None and fetched == []  # not the stdlib's
        import t42_left_out  # type: ignore[import-not-found]

        assert t42_left_out.ANSWER == 42 and fetched == [1]
        assert finder.find_spec("t42_left_out") is not None and fetched == [1]
        assert finder.find_spec("t42_left_out.sub", ["somewhere"]) is None
    finally:
        sys.meta_path.remove(finder)
        sys.modules.pop("t42_left_out", None)
        sys.path.remove(str(tmp_path / "copy.zip"))
    assert live_bridge.install_stdlib_fallback(fetch, "x") is None  # CPython's stdlib is whole


def test_the_fetcher_holds_no_javascript_until_it_is_called() -> None:
    fetch = live_bridge.fetcher("http://127.0.0.1/lite/static/pyodide/python_stdlib.zip")
    assert callable(fetch) and "js" not in sys.modules
    with pytest.raises(ImportError):  # CPython has no `js` module: only the browser's worker
        fetch()
