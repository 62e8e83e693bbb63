"""Fixtures for the real-browser tests (``pytest -m browser``, run by ``make browser``).

* ``chromium``: Debian's headless Chromium (``/usr/bin/chromium``) driven by the pip
  ``playwright`` package. ``playwright install`` is never run: it downloads a browser.
* ``counted_site``: the same, served with its ``.gz`` siblings by a server that notes each
  file it sends (``served.py``), one per test module.
* ``site_server``: the built book (``_build/html``, made by ``make book``) served on a free
  127.0.0.1 port. A missing build FAILS the test with a hint; it is never skipped.
* ``jupyterlab_server``: JupyterLab on a free 127.0.0.1 port (root allowed, empty token,
  ``window.jupyterapp`` exposed) serving a temporary copy of ``notebooks/``; stopped at
  teardown together with its kernels. After each test that uses it, its kernels are shut
  down and its saved layout is forgotten. ``helpers.lab_open_notebook`` and
  ``helpers.lab_run_all`` open and run a notebook by path.
* ``watched_page``: a fresh page whose requests, console errors, page errors, failed
  requests and HTTP errors are recorded in a ``PageLog`` (helpers.py); requests to any host
  but 127.0.0.1 are blocked and recorded, and ``log.assert_clean()`` fails on any of them.
* ``screenshot(page, name)`` saves ``test-artifacts/screenshots/<name>.png``.

Every test collected from this folder is marked ``browser``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from .helpers import (
    ARTIFACTS,
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    NOTEBOOKS_DIR,
    SITE_DIR,
    ServerStartError,
    WatchedPage,
    free_port,
    http_json,
    save_screenshot,
    serve_directory,
    stop_process_group,
    wait_for_http,
    watch,
)
from .served import ServerLog, counting_server

LAB_START_TIMEOUT_S = 90.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test collected from this folder as ``browser``."""
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.browser)


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def chromium(playwright_instance: Playwright) -> Iterator[Browser]:
    """Headless Debian Chromium; fails (never skips) when it is not installed."""
    if not Path(CHROMIUM_PATH).exists():
        pytest.fail(
            f"{CHROMIUM_PATH} not found: install it with `apt-get install -y chromium` "
            "(`make test` does). Never use `playwright install`.",
            pytrace=False,
        )
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM_PATH, headless=True, args=CHROMIUM_ARGS
    )
    yield browser
    browser.close()


@pytest.fixture
def watched_page(chromium: Browser) -> Iterator[WatchedPage]:
    """A new page in a fresh browser context, watched by a ``PageLog``."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    page = context.new_page()
    log = watch(page)
    yield WatchedPage(page, log)
    context.close()


@pytest.fixture
def screenshot() -> Callable[..., Path]:
    """``screenshot(page, name)`` -> ``test-artifacts/screenshots/<name>.png``."""
    return save_screenshot


# --------------------------------------------------------------------------- static site


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built book; FAILS with a hint when it has not been built."""
    if not (SITE_DIR / "index.html").is_file():
        pytest.fail(
            f"{SITE_DIR}/index.html is missing: build the book first with `make book` "
            "(`make test` builds it before the browser tests).",
            pytrace=False,
        )
    return SITE_DIR


@pytest.fixture(scope="session")
def site_server(site_dir: Path) -> Iterator[str]:
    """Base URL (``http://127.0.0.1:<port>``) of the built book."""
    with serve_directory(site_dir) as url:
        yield url


@pytest.fixture(scope="module")
def counted_site(site_dir: Path) -> Iterator[tuple[str, ServerLog]]:
    """The built book served with its precompressed ``.gz`` siblings (as static hosts
    serve it) by a server that notes every file it sends: (base URL, its log). One per
    module: a module's tests read the log of its own visits."""
    with counting_server(site_dir, precompressed=True) as served:
        yield served


# --------------------------------------------------------------------------- JupyterLab


@dataclass
class LabServer:
    url: str
    root_dir: Path
    workspaces_dir: Path
    process: subprocess.Popen[bytes]
    log_path: Path

    def reset(self) -> None:
        """Shut every kernel down and forget the saved layout (open tabs): each test
        starts from a clean JupyterLab. Run after every test that uses the server."""
        for session in http_json("GET", f"{self.url}/api/sessions") or []:
            http_json("DELETE", f"{self.url}/api/sessions/{session['id']}")
        for kernel in http_json("GET", f"{self.url}/api/kernels") or []:
            http_json("DELETE", f"{self.url}/api/kernels/{kernel['id']}")
        for path in self.workspaces_dir.glob("*"):
            path.unlink()


@pytest.fixture(scope="session")
def jupyterlab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """JupyterLab on 127.0.0.1 serving a temporary copy of ``notebooks/``.

    The server's root holds ``notebooks/`` (a copy: runs never touch the repository) and
    whatever a test writes there. Jupyter's config, data, runtime and settings folders are
    temporary too, so the user's own setup does not leak in. Kernels run the Python that
    runs the tests (the project's venv, where texas42 is installed).
    """
    base = tmp_path_factory.mktemp("jupyterlab")
    root = base / "root"
    root.mkdir()
    if NOTEBOOKS_DIR.is_dir():
        shutil.copytree(
            NOTEBOOKS_DIR,
            root / "notebooks",
            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"),
        )
    env = dict(os.environ)
    for var, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces"),
        ("IPYTHONDIR", "ipython"),
    ]:
        (base / sub).mkdir()
        env[var] = str(base / sub)
    # No "get notified about official Jupyter news?" toast over the notebooks.
    news = base / "lab-settings" / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}\n')
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    # One server a test process (make browser runs two: pytest-xdist), one log each.
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    log_path = ARTIFACTS / (f"jupyterlab-{worker}.log" if worker else "jupyterlab.log")
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--ServerApp.allow_root=True",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        # The same server serves Jupyter Notebook 7 (/notebooks/...): its app too.
        "--JupyterNotebookApp.expose_app_in_browser=True",
        # Tests call the REST API without a browser session (loopback only, no token).
        "--ServerApp.disable_check_xsrf=True",
        # Nothing that would reach other hosts from the server side either.
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
    ]
    with log_path.open("wb") as log_file:
        process = subprocess.Popen(
            command,
            cwd=root,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: teardown stops it and only it
        )
    try:
        try:
            wait_for_http(f"{url}/api/status", process, log_path, LAB_START_TIMEOUT_S)
        except ServerStartError as exc:
            pytest.fail(f"JupyterLab did not start: {exc}", pytrace=False)
        yield LabServer(
            url=url,
            root_dir=root,
            workspaces_dir=base / "lab-workspaces",
            process=process,
            log_path=log_path,
        )
    finally:
        stop_process_group(process)


@pytest.fixture(autouse=True)
def _reset_jupyterlab_after_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a test that used ``jupyterlab_server`` (and closed its page): no kernel left
    running, no tab restored into the next test."""
    yield
    if "jupyterlab_server" in request.fixturenames:
        lab: LabServer = request.getfixturevalue("jupyterlab_server")
        lab.reset()
