"""Checks of the live site's build (scripts/build_lite.py) that need no browser.

The browser side (the built site in headless Chromium) is tests/browser/test_lite.py.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
PYODIDE_LOCK = REPO / "node_modules" / "pyodide" / "pyodide-lock.json"


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


build_lite = _load("build_lite", REPO / "scripts" / "build_lite.py")


def test_npm_pyodide_is_the_version_the_kernel_expects() -> None:
    package = json.loads((REPO / "package.json").read_text(encoding="utf-8"))
    assert package["devDependencies"]["pyodide"] == build_lite.expected_pyodide_version()


def test_extra_packages_are_pinned_like_the_cpython_side() -> None:
    pins = build_lite.pinned_versions()
    for name in build_lite.EXTRA_PACKAGES:
        assert name in pins, f"{name} is not pinned in requirements/constraints.txt"


def test_source_config_keeps_the_site_offline() -> None:
    config = build_lite.read_config(build_lite.LITE_DIR / "jupyter-lite.json")
    assert build_lite.config_problems(config) == []


def test_config_problems_are_found() -> None:
    kernel = {"pyodideUrl": "https://cdn.example/pyodide.mjs", "pipliteUrls": ["https://x/"]}
    config = {"litePluginSettings": {build_lite.KERNEL_PLUGIN: kernel}}
    problems = " ".join(build_lite.config_problems(config))
    for word in ("pyodideUrl", "disablePyPIFallback", "pipliteUrls", "exposeAppInBrowser"):
        assert word in problems


def test_invalid_config_json_fails(tmp_path: Path) -> None:
    bad = tmp_path / "jupyter-lite.json"
    bad.write_text("{ not json", encoding="utf-8")
    with pytest.raises(build_lite.BuildError):
        build_lite.read_config(bad)


@pytest.mark.skipif(not PYODIDE_LOCK.is_file(), reason="npm ci has not run")
def test_closure_of_the_kernel_roots() -> None:
    packages = json.loads(PYODIDE_LOCK.read_text(encoding="utf-8"))["packages"]
    keys = build_lite.closure(packages, build_lite.KERNEL_ROOTS)
    for needed in ("micropip", "ipython", "jedi", "parso", "traitlets", "pygments"):
        assert needed in keys
    assert "numpy" not in keys
    with pytest.raises(build_lite.BuildError):
        build_lite.closure(packages, ["no-such-package"])


def _entry(file_name: str, data: bytes, depends: list[str]) -> dict[str, Any]:
    return {
        "name": file_name.split("-")[0],
        "version": "1.0",
        "file_name": file_name,
        "sha256": hashlib.sha256(data).hexdigest(),
        "depends": depends,
    }


def test_verify_lock_finds_bad_files(tmp_path: Path) -> None:
    (tmp_path / "a-1.0-py3-none-any.whl").write_bytes(b"a")
    (tmp_path / "b-1.0-py3-none-any.whl").write_bytes(b"changed")
    packages = {
        "a": _entry("a-1.0-py3-none-any.whl", b"a", ["b"]),
        "b": _entry("b-1.0-py3-none-any.whl", b"b", ["c"]),
        "d": _entry("d-1.0-py3-none-any.whl", b"d", []),
        "e": _entry("https://cdn.example/e-1.0-py3-none-any.whl", b"e", []),
    }
    (tmp_path / "pyodide-lock.json").write_text(json.dumps({"packages": packages}))
    problems = "\n".join(build_lite.verify_lock(tmp_path))
    assert "a:" not in problems
    assert "b-1.0-py3-none-any.whl does not match its sha256" in problems
    assert "depends on c" in problems
    assert "d-1.0-py3-none-any.whl is missing" in problems
    assert "not a local file" in problems


def test_wheel_names() -> None:
    assert build_lite.wheel_name_version("ipython_pygments_lexers-1.1.1-py3-none-any.whl") == (
        "ipython-pygments-lexers",
        "1.1.1",
    )
    build_lite.check_pure("six-1.17.0-py2.py3-none-any.whl")
    with pytest.raises(build_lite.BuildError):
        build_lite.check_pure("numpy-2.4.6-cp314-cp314-pyodide_2026_0_wasm32.whl")


def test_live_explorer_paths_in_the_lite_site() -> None:
    sys.path.insert(0, str(REPO / "book" / "_ext"))
    try:
        live = _load("live_explorers", REPO / "book" / "_ext" / "live_explorers.py")
    finally:
        sys.path.remove(str(REPO / "book" / "_ext"))
    assert live.lite_path("notebooks/01_suits.ipynb") == "notebooks/01_suits.ipynb"
    assert live.lite_path("jupyterlite/content/playground.ipynb") == "playground.ipynb"


def test_playground_runs_in_cpython() -> None:
    """The playground is the same notebook in JupyterLab: it runs here without error."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    path = build_lite.LITE_DIR / "content" / "playground.ipynb"
    nb = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    outputs = [out for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs]
    assert not [out for out in outputs if out.output_type == "error"]
    assert any("image/svg+xml" in out.get("data", {}) for out in outputs)
