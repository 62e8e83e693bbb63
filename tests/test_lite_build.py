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


# ---------------------------------------------------------------------- the live path
def _lock(**packages: list[str]) -> dict[str, Any]:
    return {"info": {"version": "x"}, "packages": {
        name: {"name": name, "version": "1", "file_name": f"{name}-1-py3-none-any.whl",
               "sha256": "0", "depends": depends} for name, depends in packages.items()}}


def test_live_lock_leaves_out_what_only_a_kernel_needs() -> None:
    lock = _lock(
        ipywidgets=["comm", "ipython", "traitlets", "jupyterlab-widgets", "widgetsnbextension"],
        ipython=["jedi", "pygments", "prompt-toolkit"], jedi=["parso"], parso=[], pygments=[],
        **{"prompt-toolkit": [], "jupyterlab-widgets": [], "widgetsnbextension": [],
           "typing-extensions": []},
        comm=["traitlets"], traitlets=[], anywidget=["ipywidgets", "psygnal", "typing-extensions"],
        psygnal=[], texas42=["ipywidgets", "anywidget"], micropip=["packaging"], packaging=[],
    )
    live = build_lite.live_lock(lock)
    assert sorted(live["packages"]) == [
        "anywidget", "comm", "ipywidgets", "psygnal", "texas42", "traitlets", "typing-extensions"]
    assert live["packages"]["ipywidgets"]["depends"] == ["comm", "traitlets"]
    assert live["info"] == lock["info"]
    # The kernel's lock is left as it was.
    assert "ipython" in lock["packages"]["ipywidgets"]["depends"]


def _wheel(path: Path, members: dict[str, bytes]) -> Path:
    import zipfile

    record = "".join(f"{name},sha256=x,{len(data)}\n" for name, data in members.items())
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
        archive.writestr("pkg-1.dist-info/RECORD", record + "pkg-1.dist-info/RECORD,,\n")
    return path


def test_slim_wheel_is_sourceless_where_precompiled_and_drops_front_ends(tmp_path: Path) -> None:
    import zipfile

    wheel = _wheel(tmp_path / "pkg-1-py3-none-any.whl", {
        "pkg/__init__.py": b"x = 1\n",
        "pkg/__pycache__/__init__.cpython-314.pyc": b"PYC",
        "pkg/lazy.py": b"y = 2\n",  # never imported by the warm-up: no .pyc, source kept
        "pkg/static/bundle.js": b"js", "pkg/labextension/package.json": b"{}",
        "pkg/tests/test_x.py": b"", "pkg/module.js": b"esm",
        "pkg-1.data/data/share/jupyter/x.js": b"js",
    })
    slim = build_lite.slim_wheel(wheel, tmp_path / "live")
    names = set(zipfile.ZipFile(slim).namelist())
    assert names == {"pkg/__init__.pyc", "pkg/lazy.py", "pkg-1.dist-info/RECORD"}
    assert zipfile.ZipFile(slim).read("pkg/__init__.pyc") == b"PYC"
    record = zipfile.ZipFile(slim).read("pkg-1.dist-info/RECORD").decode()
    assert record.splitlines()[0].startswith("pkg/__init__.pyc,") and "static" not in record
    own = build_lite.slim_wheel(wheel, tmp_path / "own", drop_assets=False)
    assert "pkg/module.js" in zipfile.ZipFile(own).namelist()  # the project's widget module


def test_the_classroom_server_stays_out_of_the_live_path(tmp_path: Path) -> None:
    import zipfile

    wheel = _wheel(tmp_path / "texas42-1-py3-none-any.whl", {
        "texas42/__init__.py": b"import json\n",
        "texas42/classroom/__init__.py": b"",
        "texas42/classroom/server.py": b"import asyncio, socket\n",
    })
    own = build_lite.slim_wheel(wheel, tmp_path / "own", drop_assets=False)
    names = set(zipfile.ZipFile(own).namelist())
    assert "texas42/__init__.py" in names and not any("classroom" in n for n in names)
    assert "classroom" not in zipfile.ZipFile(own).read("pkg-1.dist-info/RECORD").decode()
    assert build_lite.imported_tops(build_lite.wheel_sources([wheel])) == {"json"}


def test_cut_stdlib_keeps_whole_packages_and_names_the_rest(tmp_path: Path) -> None:
    import zipfile

    full = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(full, "w") as archive:
        for name in ["json/__init__.py", "json/__init__.pyc", "json/decoder.py", "abc.py",
                     "abc.pyc", "tomllib/__init__.py", "difflib.py", "_sysconfigdata_x.py"]:
            archive.writestr(name, name)
    cut = tmp_path / "cut.zip"
    missing = build_lite.cut_stdlib(full, cut, {"json", "abc"})
    assert missing == ["_sysconfigdata_x", "difflib", "tomllib"]
    archive = zipfile.ZipFile(cut)
    assert sorted(archive.namelist()) == [
        "_t42_stdlib_rest.py", "abc.pyc", "json/__init__.pyc", "json/decoder.py"]
    assert archive.getinfo("abc.pyc").compress_type == zipfile.ZIP_STORED
    namespace: dict[str, Any] = {}
    exec(archive.read("_t42_stdlib_rest.py"), namespace)
    assert namespace["MISSING"] == missing
    build_lite.cut_stdlib(full, cut, {"json"}, stored=False)
    assert zipfile.ZipFile(cut).getinfo("json/decoder.py").compress_type == zipfile.ZIP_DEFLATED


def test_imported_tops_sees_lazy_imports_and_skips_relative_ones() -> None:
    source = (b"import os.path\nfrom . import x\n"
              b"def f():\n    import difflib\n    from json import y\n")
    assert build_lite.imported_tops([("m.py", source)]) == {"os", "difflib", "json"}
    assert build_lite.imported_tops([("bad.py", b"def (:\n")]) == set()


    assert build_lite.live_problems(REPO / "node_modules" / "pyodide") != []


def test_compress_site_writes_siblings_only_where_they_help(tmp_path: Path) -> None:
    import gzip
    import os

    text = tmp_path / "page.js"
    text.write_text("var x = 1;\n" * 500)
    noise = tmp_path / "wheel.whl"
    noise.write_bytes(os.urandom(4096))
    (tmp_path / "tiny.css").write_text("a{}")
    (tmp_path / "gone.js.gz").write_bytes(b"old")
    counts = build_lite.compress_site(tmp_path)
    assert gzip.decompress((tmp_path / "page.js.gz").read_bytes()) == text.read_bytes()
    assert not (tmp_path / "wheel.whl.gz").exists() and not (tmp_path / "tiny.css.gz").exists()
    assert not (tmp_path / "gone.js.gz").exists()
    if build_lite.shutil.which("node"):
        assert (tmp_path / "page.js.br").stat().st_size < text.stat().st_size
    assert counts["files"] == counts["written"] == 1
    again = build_lite.compress_site(tmp_path)
    assert again["written"] == 0 and again["kept"] == 1


def test_the_copied_runtime_and_widget_bundles_name_no_cdn(tmp_path: Path) -> None:
    """Pyodide's runtime and the vendored widget manager and MathJax name a CDN as a
    fallback (the widget manager asked it for anywidget offline): the copies name a path
    of the site instead."""
    runtime = tmp_path / "pyodide"
    runtime.mkdir()
    build_lite.copy_runtime(runtime)
    assert build_lite.PYODIDE_CDN in (REPO / "node_modules/pyodide/pyodide.mjs").read_text()
    assert "cdn.jsdelivr.net" not in (runtime / "pyodide.mjs").read_text(encoding="utf-8")
    copy_widget_js = _load("copy_widget_js", REPO / "scripts" / "copy_widget_js.py")
    (tmp_path / "node_modules").symlink_to(REPO / "node_modules")
    out = copy_widget_js.copy_assets(tmp_path)
    naming = [p.name for p in out.rglob("*.js") if "cdn.jsdelivr.net" in p.read_text("utf-8")]
    assert naming == [] and (out / "widgets" / "anywidget.js").is_file()
    manager = (out / "widgets" / "libembed-amd.js").read_text(encoding="utf-8")
    assert copy_widget_js.NO_CDN in manager  # (the fallback is still there, on the site)
