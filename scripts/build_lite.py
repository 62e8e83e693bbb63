"""Prepare (and afterwards check) the live, in-browser part of the book: JupyterLite.

The book's explorer pages run the explorer notebooks in the reader's browser with the
Pyodide kernel of JupyterLite, served by the site itself: no server, no CDN, no PyPI at
run time. jupyterlite-sphinx runs ``jupyter lite build`` at the end of the Sphinx build,
with ``jupyterlite/`` as its lite folder (see _config.yml). This script fills that folder
first (``prepare``, run by ``make lite`` before ``make book``) and checks the built site
afterwards (``check``, run by ``make book`` after the build)::

    python scripts/build_lite.py prepare     # fill jupyterlite/static/pyodide/
    python scripts/build_lite.py check       # verify _build/html/lite/ (after the book),
                                             # then write .gz/.br siblings in _build/html

``prepare`` does, and stops with a non-zero exit at the first step that fails:

1. copies the Pyodide runtime from the npm package ``pyodide`` (node_modules, from
   ``npm ci``; its version must be the one jupyterlite-pyodide-kernel was made for) into
   ``jupyterlite/static/pyodide/``, where the kernel's build step finds it and points
   ``pyodideUrl`` at it;
2. takes from Pyodide's ``pyodide-lock.json`` the closure of what the kernel loads at
   start (micropip, packaging, IPython, jedi and their dependencies) and downloads
   exactly those versions as pure-Python wheels from PyPI (``pip download``): the npm
   package has no wheels, and Pyodide's own rebuilt wheels are on a CDN only;
3. adds ipywidgets, comm, jupyterlab_widgets, ipython_pygments_lexers, anywidget and
   psygnal (the versions pinned in requirements/constraints.txt, the ones the CPython
   side uses; typing_extensions, which anywidget imports, from Pyodide's lock), the
   kernel's own wheels (piplite, pyodide-kernel, the ipykernel and widgetsnbextension
   shims), then builds this project's wheel (``pip wheel --no-deps .``; pure
   ``py3-none-any``) and adds it with ``depends`` on ipywidgets and anywidget. jupyter-lite.json has
   the kernel load all of that with the runtime, in parallel
   (``loadPyodideOptions.packages``), so ``from texas42 import widgets`` works at once
   and with no install cell;
4. writes the lock with each entry's ``file_name`` and ``sha256`` rewritten to the
   files shipped, and with nothing else in it: an import of a package the site does not
   ship (numpy, say) fails at once with ModuleNotFoundError instead of asking a CDN;
5. precompiles, with that very Pyodide under Node (scripts/lite_pycompile.mjs), the
   modules a session imports into .pyc files inside the wheels and the stdlib zip
   (about twice as fast a start: otherwise the browser compiles IPython and the rest
   from source on every visit), then rewrites the checksums;
6. verifies every file named by the lock is there with its checksum;
7. prepares the live explorers' own path (``prepare_live``; alone: ``build_lite.py live``):
   ``t42live-lock.json`` (ipywidgets, anywidget, texas42 and their closure without IPython
   and what only a kernel needs), slim sourceless copies of those wheels in ``live/``, and
   ``python_stdlib_live.zip``, the standard library cut down to what a run of the live
   path under Node imports (scripts/live_stdlib.mjs) plus what the live packages' sources
   import anywhere, checked by a second run on the cut library that imports every module
   the first run imported.

``check`` then writes precompressed siblings (``X.gz``, and ``X.br`` with Node) of the
files of the whole built site that they shrink (``compress_site``; ``--no-compress`` skips
it). It verifies what ``jupyter lite build`` produced inside the book: the Pyodide
kernel pointed at the local runtime with the PyPI fallback off, the lock and every wheel
(checksums), the explorer notebooks and the playground in the lite contents, and no
``pyodideUrl`` or lock naming another host. jupyterlite-sphinx stops the Sphinx build
when ``jupyter lite build`` exits non-zero; this check also catches a build that "passed"
while leaving something out.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
LITE_DIR = REPO / "jupyterlite"
PYODIDE_NPM = REPO / "node_modules" / "pyodide"
CONSTRAINTS = REPO / "requirements" / "constraints.txt"
SITE_LITE = REPO / "_build" / "html" / "lite"
PYCOMPILE = REPO / "scripts" / "lite_pycompile.mjs"
LIVE_STDLIB_SCRIPT = REPO / "scripts" / "live_stdlib.mjs"
LIVE_BRIDGE = REPO / "book" / "_ext" / "live_static" / "live_bridge.py"


def book_modules() -> list[Path]:
    """The book's own modules the live pages ship (``live_in_place_modules`` in _config.yml,
    the one list): bookkit and what it imports."""
    import yaml  # type: ignore[import-untyped,unused-ignore]  # (the book extra, in the venv)

    config = yaml.safe_load((REPO / "_config.yml").read_text(encoding="utf-8"))
    names = config["sphinx"]["config"]["live_in_place_modules"]
    return [REPO / str(name) for name in names]


WIDGET_DRIVER = REPO / "tests" / "widgets" / "helpers.py"

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: jupyterlite/overrides.json turns its autosave off: a notebook a reader has run is kept
#: in the browser's storage only if they save it, and is never served stale later.
DOCMANAGER_PLUGIN = "@jupyterlab/docmanager-extension:plugin"

#: Files of the npm package the kernel needs (pyodide.mjs loads the others).
RUNTIME_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
]

#: What the Pyodide kernel loads from the lock at start (with their dependencies):
#: micropip (package manager), then ipykernel's shim needs comm, IPython and jedi.
KERNEL_ROOTS = ["micropip", "packaging", "ipython", "jedi"]
#: From Pyodide's lock too, for the live explorers: anywidget imports typing_extensions.
LIVE_ROOTS = ["typing-extensions"]

#: Added to the lock: name -> (dependencies, import names). Versions of these come from
#: requirements/constraints.txt (the CPython side's pins) ...
EXTRA_PACKAGES: dict[str, tuple[list[str], list[str]]] = {
    "comm": (["traitlets"], ["comm"]),
    "ipython-pygments-lexers": (["pygments"], ["ipython_pygments_lexers"]),
    "jupyterlab-widgets": ([], ["jupyterlab_widgets"]),
    "ipywidgets": (
        ["comm", "ipython", "traitlets", "jupyterlab-widgets", "widgetsnbextension"],
        ["ipywidgets"],
    ),
    # The table you play by clicking (texas42/widgets/table_widget.py).
    "psygnal": ([], ["psygnal"]),
    "anywidget": (["ipywidgets", "psygnal", "typing-extensions"], ["anywidget"]),
}
#: ... and these are the kernel's own wheels (its labextension's static/pypi): name ->
#: (file glob, dependencies, import names). In the lock, they load with the runtime
#: (jupyter-lite.json: loadPyodideOptions.packages) instead of one by one through piplite.
KERNEL_PACKAGES: dict[str, tuple[str, list[str], list[str]]] = {
    "widgetsnbextension": ("widgetsnbextension-4.*-py3-none-any.whl", [], ["widgetsnbextension"]),
    "piplite": ("piplite-*-py3-none-any.whl", ["micropip"], ["piplite"]),
    "pyodide-kernel": (
        "pyodide_kernel-*-py3-none-any.whl",
        ["comm", "ipython"],
        ["pyodide_kernel"],
    ),
    "ipykernel": ("ipykernel-*-py3-none-any.whl", ["pyodide-kernel"], ["ipykernel"]),
}
#: IPython 9 imports ipython_pygments_lexers; Pyodide's lock entry does not list it.
EXTRA_DEPENDS = {"ipython": ["ipython-pygments-lexers"]}
PROJECT = "texas42"
PROJECT_DEPENDS = ["ipywidgets", "anywidget"]

#: The live explorers' own lock (t42live-worker.mjs loads it; the playground's kernel keeps
#: pyodide-lock.json): the same wheels, but ipywidgets without IPython (the bridge's
#: stand-in gives the few names it imports) and without the JupyterLab and notebook front
#: ends' packages, so jedi, prompt-toolkit, pygments and the rest of IPython's closure
#: are never fetched on the live path.
LIVE_LOCK = "t42live-lock.json"
LIVE_PACKAGES = ["ipywidgets", "anywidget", PROJECT]
LIVE_DEPENDS = {"ipywidgets": ["comm", "traitlets"]}
#: The live path's standard library: the top-level modules and packages the explorers
#: import (found by running them under Node: scripts/live_stdlib.mjs), plus every module
#: their packages' sources name in an import statement anywhere (lazy imports of actions
#: the run did not take), stored uncompressed so a host's gzip/brotli compresses across
#: members. Anything else is fetched from the whole python_stdlib.zip on first import
#: (live_bridge.StdlibFallback).
LIVE_STDLIB = "python_stdlib_live.zip"
STDLIB = "python_stdlib.zip"
#: Kept whatever the run shows: Pyodide's own packages and what its loader may use.
LIVE_STDLIB_ALWAYS = ["_pyodide", "pyodide", "encodings", "importlib", "json", "zipfile",
                      "tarfile", "shutil", "sysconfig", "site", "asyncio"]

#: Notebooks the lite site must hold (paths inside the lite contents).
REQUIRED_CONTENTS = [
    "notebooks/01_suits.ipynb",
    "notebooks/04_tricks.ipynb",
    "notebooks/05_bidding.ipynb",
    "playground.ipynb",
]


class BuildError(RuntimeError):
    """A step of the lite build failed; the message says which and why."""


def log(message: str) -> None:
    print(f"build_lite: {message}", flush=True)


def normalize(name: str) -> str:
    """PEP 503 name: lower case, runs of ``-_.`` as one ``-``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


#: While a long step runs (Pyodide under Node takes minutes), a line this often says so.
HEARTBEAT_S = 30.0


def run_logged(
    command: list[str], what: str, timeout_s: float | None = None, heartbeat_s: float = HEARTBEAT_S
) -> subprocess.CompletedProcess[str]:
    """``command`` run to its end with its output captured, one line said when it starts and
    one every ``heartbeat_s`` while it runs (the build was silent for minutes here);
    BuildError if it runs past ``timeout_s``."""
    log(f"{what} ...")
    started = time.monotonic()
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as process:
        while True:
            try:
                stdout, stderr = process.communicate(timeout=heartbeat_s)
                break
            except subprocess.TimeoutExpired:  # retried: no output is lost
                elapsed = time.monotonic() - started
                if timeout_s is not None and elapsed > timeout_s:
                    process.kill()
                    process.communicate()
                    raise BuildError(f"{what}: still running after {timeout_s:.0f} s") from None
                log(f"  ... {what}: still running ({elapsed:.0f} s)")
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


def run(command: list[str], what: str) -> None:
    """Run ``command``; raise BuildError with its output if it exits non-zero."""
    result = run_logged(command, what)
    if result.returncode != 0:
        raise BuildError(
            f"{what} failed (exit {result.returncode}): {' '.join(command)}\n"
            f"{result.stdout[-3000:]}{result.stderr[-3000:]}"
        )


# --------------------------------------------------------------------------- versions


def pinned_versions(path: Path = CONSTRAINTS) -> dict[str, str]:
    """``{normalized name: version}`` from a ``name==version`` constraints file."""
    pins: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            pins[normalize(name)] = version.strip()
    return pins


def expected_pyodide_version() -> str:
    from jupyterlite_pyodide_kernel.constants import (  # type: ignore[import-untyped,unused-ignore]
        PYODIDE_VERSION,
    )

    return str(PYODIDE_VERSION)


def kernel_pypi_dir() -> Path:
    """The Pyodide kernel labextension's ``static/pypi`` folder (its shim wheels)."""
    from jupyter_core.paths import jupyter_path

    for base in jupyter_path("labextensions"):
        pypi = Path(base) / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
        if pypi.is_dir():
            return pypi
    raise BuildError(
        "the jupyterlite-pyodide-kernel labextension is not installed: run `make setup`"
    )


# --------------------------------------------------------------------------- lock


def lock_index(packages: dict[str, Any]) -> dict[str, str]:
    """Normalized package name -> key in the lock's ``packages``."""
    index: dict[str, str] = {}
    for key, entry in packages.items():
        index[normalize(key)] = key
        index[normalize(str(entry.get("name", key)))] = key
    return index


def closure(packages: dict[str, Any], roots: Iterable[str]) -> list[str]:
    """Lock keys of ``roots`` and everything they depend on, sorted."""
    index = lock_index(packages)
    seen: set[str] = set()
    todo = [normalize(r) for r in roots]
    while todo:
        name = todo.pop()
        if name not in index:
            raise BuildError(f"{name!r} is not in Pyodide's pyodide-lock.json")
        key = index[name]
        if key in seen:
            continue
        seen.add(key)
        todo.extend(normalize(d) for d in packages[key].get("depends", []))
    return sorted(seen)


def wheel_name_version(filename: str) -> tuple[str, str]:
    parts = filename[: -len(".whl")].split("-")
    if len(parts) < 5 or not filename.endswith(".whl"):
        raise BuildError(f"not a wheel file name: {filename}")
    return normalize(parts[0]), parts[1]


def check_pure(filename: str) -> None:
    tags = filename[: -len(".whl")].split("-")[-3:]
    if tags[1] != "none" or tags[2] != "any" or not tags[0].startswith(("py3", "py2.py3")):
        raise BuildError(f"{filename} is not a pure-Python wheel (py3-none-any)")


def download_wheels(requirements: dict[str, str], dest: Path) -> dict[str, Path]:
    """``pip download`` exactly ``name==version`` (pure wheels only, no dependencies) for
    Python 3.14 (Pyodide's); return normalized name -> file."""
    command = [
        sys.executable,
        "-m",
        "pip",
        "download",
        "--quiet",
        "--disable-pip-version-check",
        "--no-deps",
        "--only-binary=:all:",
        "--python-version",
        "3.14",
        "--platform",
        "any",
        "--implementation",
        "py",
        "--abi",
        "none",
        "--dest",
        str(dest),
        *[f"{name}=={version}" for name, version in sorted(requirements.items())],
    ]
    run(command, "pip download of the wheels for the browser")
    found: dict[str, Path] = {}
    for path in sorted(dest.glob("*.whl")):
        name, version = wheel_name_version(path.name)
        if name in requirements:
            if version != requirements[name]:
                raise BuildError(f"pip downloaded {path.name}, wanted {requirements[name]}")
            check_pure(path.name)
            found[name] = path
    missing = sorted(set(requirements) - set(found))
    if missing:
        raise BuildError(f"pip download did not produce wheels for {missing}")
    return found


def build_project_wheel(dest: Path) -> Path:
    """This project's wheel (``pip wheel --no-deps .``), renamed with a content-hash
    build tag so that a browser cache never serves an older wheel under the same name."""
    dest.mkdir(parents=True, exist_ok=True)
    command = [
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--disable-pip-version-check",
        "--no-deps",
        "--wheel-dir",
        str(dest),
        str(REPO),
    ]
    run(command, "building the texas42 wheel")
    wheels = sorted(dest.glob(f"{PROJECT}-*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one {PROJECT} wheel in {dest}, found {wheels}")
    wheel = wheels[0]
    check_pure(wheel.name)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    if f"{PROJECT}/__init__.py" not in names or f"{PROJECT}/widgets/__init__.py" not in names:
        raise BuildError(f"{wheel.name} lacks the {PROJECT} package or its widgets")
    name, version, *tags = wheel.name[: -len(".whl")].split("-")
    build_tag = "0" + sha256_of(wheel)[:12]
    tagged = wheel.with_name("-".join([name, version, build_tag, *tags[-3:]]) + ".whl")
    wheel.rename(tagged)
    return tagged


def lock_entry(
    name: str, version: str, wheel: Path, depends: list[str], imports: list[str]
) -> dict[str, Any]:
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256_of(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


def write_lock(out: Path, lock: dict[str, Any]) -> None:
    """Write ``out/pyodide-lock.json``; raise if any entry's file or checksum is wrong."""
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")
    problems = verify_lock(out)
    if problems:
        raise BuildError("the lock just written is wrong:\n  " + "\n  ".join(problems))


def verify_lock(pyodide_dir: Path, name: str = "pyodide-lock.json") -> list[str]:
    """Problems with the lock ``pyodide_dir/name``: missing files, wrong checksums,
    dependencies that are not in the lock, URLs of other hosts."""
    lock_path = pyodide_dir / name
    if not lock_path.is_file():
        return [f"{lock_path} is missing"]
    packages: dict[str, Any] = json.loads(lock_path.read_text(encoding="utf-8"))["packages"]
    index = lock_index(packages)
    problems = []
    for key, entry in sorted(packages.items()):
        file_name = str(entry["file_name"])
        if "://" in file_name or file_name.startswith("/"):
            problems.append(f"{key}: file_name {file_name} is not a local file")
            continue
        path = pyodide_dir / file_name
        if not path.is_file():
            problems.append(f"{key}: {file_name} is missing")
        elif sha256_of(path) != entry["sha256"]:
            problems.append(f"{key}: {file_name} does not match its sha256")
        problems += [
            f"{key}: depends on {dep}, which is not in the lock"
            for dep in entry.get("depends", [])
            if normalize(dep) not in index
        ]
    return problems


# --------------------------------------------------------------------------- prepare


#: The CDN pyodide.mjs names as its default package base, and the path of the site that
#: replaces it in the copy (scripts/copy_widget_js.py does the same for the widgets').
PYODIDE_CDN = "https://cdn.jsdelivr.net/pyodide/"
NO_CDN = "/_no_cdn_/pyodide/"


def copy_runtime(out: Path) -> None:
    package = json.loads((PYODIDE_NPM / "package.json").read_text(encoding="utf-8"))
    wanted = expected_pyodide_version()
    if package.get("version") != wanted:
        raise BuildError(
            f"node_modules/pyodide is {package.get('version')}, but "
            f"jupyterlite-pyodide-kernel expects {wanted}: fix package.json and run `npm ci`"
        )
    for name in RUNTIME_FILES:
        src = PYODIDE_NPM / name
        if not src.is_file():
            raise BuildError(f"{src} is missing from the npm package")
        shutil.copy2(src, out / name)
        if name.endswith(".mjs"):
            # Pyodide's default package base is a CDN (unused: the site gives indexURL and
            # the lock names local files); the site names no other host.
            text = (out / name).read_text(encoding="utf-8")
            if PYODIDE_CDN in text:
                (out / name).write_text(text.replace(PYODIDE_CDN, NO_CDN), encoding="utf-8")


def config_problems(config: dict[str, Any]) -> list[str]:
    """Problems with the ``jupyter-config-data`` of a jupyter-lite.json (source or built)."""
    problems = []
    kernel = config.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
    pyodide_url = str(kernel.get("pyodideUrl", ""))
    if pyodide_url != "./static/pyodide/pyodide.mjs":
        problems.append(f"pyodideUrl is {pyodide_url!r}, not the local ./static/pyodide/")
    if kernel.get("disablePyPIFallback") is not True:
        problems.append("disablePyPIFallback is not true for the Pyodide kernel")
    for url in kernel.get("pipliteUrls", []):
        if "://" in str(url):
            problems.append(f"pipliteUrls names another host: {url}")
    if config.get("exposeAppInBrowser") is not True:
        problems.append("exposeAppInBrowser is not true (the live pages drive the app)")
    if PROJECT not in kernel.get("loadPyodideOptions", {}).get("packages", []):
        problems.append(f"loadPyodideOptions.packages does not preload {PROJECT}")
    return problems


def preload_problems(config: dict[str, Any], packages: dict[str, Any]) -> list[str]:
    """Packages the kernel is told to load at start that the lock does not have."""
    kernel = config.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
    locked = lock_index(packages)
    return [
        f"loadPyodideOptions.packages names {name}, which is not in the lock"
        for name in kernel.get("loadPyodideOptions", {}).get("packages", [])
        if normalize(str(name)) not in locked
    ]


def read_config(path: Path) -> dict[str, Any]:
    """The ``jupyter-config-data`` of ``path``; BuildError if it is not valid JSON
    (``jupyter lite build`` would silently ignore it)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        config: dict[str, Any] = data["jupyter-config-data"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise BuildError(f"{path} is not a valid jupyter-lite.json: {exc}") from exc
    return config


def prepare(lite_dir: Path = LITE_DIR) -> Path:
    """Fill ``lite_dir/static/pyodide`` (from scratch); return that folder."""
    config = read_config(lite_dir / "jupyter-lite.json")
    problems = config_problems(config)
    if problems:
        raise BuildError(f"{lite_dir / 'jupyter-lite.json'}:\n  " + "\n  ".join(problems))
    if not (PYODIDE_NPM / "pyodide-lock.json").is_file():
        raise BuildError(f"{PYODIDE_NPM} is missing: run `npm ci` (or `make setup`) first")
    out = lite_dir / "static" / "pyodide"
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    started = time.monotonic()
    copy_runtime(out)
    log(f"Pyodide {expected_pyodide_version()} runtime copied from node_modules/pyodide")

    lock: dict[str, Any] = json.loads(
        (PYODIDE_NPM / "pyodide-lock.json").read_text(encoding="utf-8")
    )
    upstream: dict[str, Any] = lock["packages"]
    keys = closure(upstream, KERNEL_ROOTS + LIVE_ROOTS)
    pins = pinned_versions()
    extra_versions: dict[str, str] = {}
    for name in EXTRA_PACKAGES:
        if name not in pins:
            raise BuildError(f"{name} is not pinned in {CONSTRAINTS.relative_to(REPO)}")
        extra_versions[name] = pins[name]

    wanted = {normalize(str(upstream[k]["name"])): str(upstream[k]["version"]) for k in keys}
    clash = sorted(set(wanted) & set(extra_versions))
    if clash:
        raise BuildError(f"{clash} are both in Pyodide's lock and in EXTRA_PACKAGES")

    with tempfile.TemporaryDirectory(prefix="texas42-lite-") as tmp:
        downloaded = download_wheels({**wanted, **extra_versions}, Path(tmp) / "pypi")
        log(f"downloaded {len(downloaded)} wheels from PyPI (exact versions)")

        packages: dict[str, Any] = {}
        for key in keys:
            entry = dict(upstream[key])
            wheel = downloaded[normalize(str(entry["name"]))]
            shutil.copy2(wheel, out / wheel.name)
            entry["file_name"] = wheel.name
            entry["sha256"] = sha256_of(wheel)
            entry["unvendored_tests"] = False
            entry["depends"] = list(entry.get("depends", [])) + EXTRA_DEPENDS.get(key, [])
            packages[key] = entry

        for name, (depends, imports) in EXTRA_PACKAGES.items():
            wheel = downloaded[name]
            shutil.copy2(wheel, out / wheel.name)
            packages[name] = lock_entry(name, extra_versions[name], wheel, depends, imports)

        kernel_dir = kernel_pypi_dir()
        for name, (pattern, depends, imports) in KERNEL_PACKAGES.items():
            found = sorted(kernel_dir.glob(pattern))
            if not found:
                raise BuildError(f"the kernel's {pattern} is missing from {kernel_dir}")
            wheel = found[-1]
            shutil.copy2(wheel, out / wheel.name)
            version = wheel_name_version(wheel.name)[1]
            packages[name] = lock_entry(name, version, wheel, depends, imports)

        project = build_project_wheel(Path(tmp) / "project")
        shutil.copy2(project, out / project.name)
        version = wheel_name_version(project.name)[1]
        packages[PROJECT] = lock_entry(PROJECT, version, project, PROJECT_DEPENDS, [PROJECT])
        log(f"built {project.name}")

    lock["packages"] = dict(sorted(packages.items()))
    write_lock(out, lock)
    problems = preload_problems(config, lock["packages"])
    if problems:
        raise BuildError("jupyter-lite.json:\n  " + "\n  ".join(problems))

    node = shutil.which("node")
    if node is None:
        raise BuildError("`node` is not on PATH (Node 20 is needed to precompile)")
    run([node, str(PYCOMPILE), str(out)], "precompiling the imported modules (lite_pycompile)")
    for entry in lock["packages"].values():
        entry["sha256"] = sha256_of(out / entry["file_name"])
    write_lock(out, lock)
    log("precompiled the modules a session imports (.pyc in the wheels and the stdlib zip)")
    prepare_live(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(
        f"{len(packages)} packages in the lock, {size / 1e6:.1f} MB in "
        f"{out.relative_to(REPO)} ({time.monotonic() - started:.1f} s)"
    )
    return out


# --------------------------------------------------------------------------- the live path


#: Members of the other packages' wheels the live path never reads: front-end bundles (the
#: page serves its own widget JavaScript) and test suites.
LIVE_DROP = re.compile(r"(^|/)(tests?|labextension|nbextension|static)/|\.data/data/share/|"
                       r"\.js(\.map)?$|\.LICENSE\.txt$")
#: Members of the project's wheel that never run in a browser: the classroom server
#: (texas42/classroom, starlette and hypercorn). Left out of the live wheel, and their
#: imports out of the cut standard library.
SERVER_ONLY = re.compile(r"^texas42/classroom/")


def slim_wheel(wheel: Path, dest: Path, *, drop_assets: bool = True) -> Path:
    """A copy of ``wheel`` in ``dest`` for the live path: without LIVE_DROP's members (with
    ``drop_assets``), and each module precompiled by lite_pycompile as a sourceless
    ``mod.pyc`` in place of ``mod.py`` and its ``__pycache__`` copy (the unchecked .pyc
    needs no source; only a traceback's source lines are lost, and the explorers show no
    traceback). RECORD lists what is left."""
    dest.mkdir(parents=True, exist_ok=True)
    out = dest / wheel.name
    with zipfile.ZipFile(wheel) as archive:
        infos = archive.infolist()
        names = {info.filename for info in infos}
        cached = {}  # mod.py -> its __pycache__ .pyc
        for name in names:
            if name.endswith(".py") and (pyc := importlib_cache(name)) in names:
                cached[name] = pyc
        renamed = {pyc: source + "c" for source, pyc in cached.items()}

        def dropped(member: str) -> bool:
            return (member in cached or bool(SERVER_ONLY.match(member))
                    or (drop_assets and bool(LIVE_DROP.search(member))))

        record_lines: list[str] = []
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as slim:
            for info in infos:
                member = info.filename
                if dropped(member) or member.endswith(".dist-info/RECORD"):
                    if member.endswith(".dist-info/RECORD"):
                        record_name = member
                        record_lines = archive.read(info).decode().splitlines()
                    continue
                data = archive.read(info)
                target = renamed.get(member, member)
                entry = zipfile.ZipInfo(target, date_time=info.date_time)
                entry.external_attr = info.external_attr
                slim.writestr(entry, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
            kept = []
            for line in record_lines:
                member = line.split(",", 1)[0]
                if dropped(member):
                    continue
                if member in renamed:
                    line = renamed[member] + line[len(member):]
                kept.append(line)
            slim.writestr(record_name, "".join(f"{line}\n" for line in kept))
    return out


def importlib_cache(source: str) -> str:
    """Where importlib caches ``pkg/mod.py``'s bytecode for Pyodide's Python (3.14)."""
    folder, _, name = source.rpartition("/")
    cache = f"__pycache__/{name[:-3]}.cpython-314.pyc"
    return f"{folder}/{cache}" if folder else cache


def live_lock(lock: dict[str, Any]) -> dict[str, Any]:
    """The live explorers' lock: ``lock`` cut to the closure of LIVE_PACKAGES, with
    LIVE_DEPENDS in place of those packages' own dependencies."""
    packages: dict[str, Any] = {
        key: {**entry, "depends": LIVE_DEPENDS.get(key, entry.get("depends", []))}
        for key, entry in lock["packages"].items()
    }
    keys = closure(packages, LIVE_PACKAGES)
    return {**lock, "packages": {key: packages[key] for key in keys}}


def stdlib_top(member: str) -> str:
    """The top-level module a member of the stdlib zip belongs to."""
    first = member.split("/", 1)[0]
    return first if "/" in member else first.split(".", 1)[0]


def imported_tops(sources: Iterable[tuple[str, bytes]]) -> set[str]:
    """Top-level names of every absolute import statement in ``sources`` (name, text),
    at any depth (imports inside functions are the lazy ones)."""
    import ast

    found: set[str] = set()
    for name, text in sources:
        try:
            tree = ast.parse(text, filename=name)
        except SyntaxError:
            continue  # a newer syntax than this Python's: the run still saw its imports
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return found


def wheel_sources(wheels: Iterable[Path]) -> Iterable[tuple[str, bytes]]:
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            for member in archive.namelist():
                never_run = ("/tests/" in member or "/testing/" in member
                             or SERVER_ONLY.match(member))
                if member.endswith(".py") and not never_run:
                    yield f"{wheel.name}/{member}", archive.read(member)


def cut_stdlib(full: Path, out: Path, keep: set[str], *, stored: bool = True) -> list[str]:
    """Write ``out``: the members of the stdlib zip ``full`` whose top-level module is in
    ``keep`` (a module's .pyc stands for its .py when both are there), plus
    ``_t42_stdlib_rest.py`` naming the importable top-level modules left out. Returns them."""
    with zipfile.ZipFile(full) as archive:
        infos = archive.infolist()
        names = {info.filename for info in infos}
        tops = {stdlib_top(info.filename) for info in infos}
        missing = sorted(t for t in tops - keep if t.isidentifier())
        method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
        with zipfile.ZipFile(out, "w", method) as cut:
            for info in infos:
                member = info.filename
                if stdlib_top(member) not in keep:
                    continue
                if member.endswith(".py") and member + "c" in names:
                    continue
                entry = zipfile.ZipInfo(member, date_time=info.date_time)
                entry.compress_type = method
                entry.external_attr = info.external_attr
                cut.writestr(entry, archive.read(info))
            rest = zipfile.ZipInfo("_t42_stdlib_rest.py", date_time=(2020, 2, 2, 0, 0, 0))
            rest.compress_type = method
            cut.writestr(rest, '"""Top-level modules python_stdlib_live.zip leaves out."""\n'
                         f"MISSING = {missing!r}\n")
    return missing


def live_stdlib_imports(out: Path, stdlib: Path | None = None,
                        modules: list[str] | None = None) -> list[str]:
    """The modules the live path imports (scripts/live_stdlib.mjs, Pyodide under Node);
    with ``stdlib`` (the cut one) and ``modules`` (the first run's answer): each imported
    again on it, BuildError if that needed the whole one."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("`node` is not on PATH (Node 20 runs the live path's Python)")
    book = os.pathsep.join(str(p) for p in book_modules())  # bookkit and its neighbours
    command = [node, str(LIVE_STDLIB_SCRIPT), str(out), str(out / LIVE_LOCK), str(LIVE_BRIDGE),
               book, str(WIDGET_DRIVER)]
    if stdlib is not None and not modules:  # (nothing to import would check nothing)
        raise BuildError("the check on the cut library needs the first run's modules")
    what = ("checking the live path under Node on the cut standard library" if stdlib else
            "running the live path under Node (Pyodide) to find the modules it imports")
    with tempfile.TemporaryDirectory() as tmp:  # the list is build-time only, not the site's
        if stdlib:
            listed = Path(tmp) / "live_modules.json"
            listed.write_text(json.dumps(modules), encoding="utf-8")
            command += [str(stdlib), str(listed)]
        result = run_logged(command, what, timeout_s=1800)
    if result.returncode != 0:
        raise BuildError(f"running the live path under Node failed (exit {result.returncode}):\n"
                         f"{result.stdout[-3000:]}{result.stderr[-3000:]}")
    answer = json.loads(result.stdout.strip().splitlines()[-1])
    if answer["fetched"]:
        raise BuildError(f"with {stdlib}, the live path had to fetch the whole {STDLIB}")
    imported: list[str] = answer["modules"]
    return imported


def prepare_live(out: Path) -> None:
    """The live path's lock and cut-down standard library, beside the full ones in ``out``."""
    lock = json.loads((out / "pyodide-lock.json").read_text(encoding="utf-8"))
    live = live_lock(lock)
    # The static margin reads the wheels' sources (the slim copies hold bytecode instead).
    wheels = [out / str(entry["file_name"]) for entry in live["packages"].values()]
    slim_dir = out / "live"
    if slim_dir.exists():
        shutil.rmtree(slim_dir)
    for key, entry in live["packages"].items():
        # The project's own JavaScript (the table widget's module) is read at run time.
        slim = slim_wheel(out / str(entry["file_name"]), slim_dir, drop_assets=key != PROJECT)
        entry["file_name"] = f"{slim_dir.name}/{slim.name}"
        entry["sha256"] = sha256_of(slim)
    (out / LIVE_LOCK).write_text(json.dumps(live, indent=1) + "\n", encoding="utf-8")
    modules = live_stdlib_imports(out)
    with zipfile.ZipFile(out / STDLIB) as archive:
        tops = {stdlib_top(name) for name in archive.namelist()}
    sources = [*wheel_sources(wheels),
               *((p.name, p.read_bytes()) for p in (LIVE_BRIDGE, *book_modules()))]
    keep = tops & ({m.split(".")[0] for m in modules} | imported_tops(sources)
                   | set(LIVE_STDLIB_ALWAYS))
    cut_stdlib(out / STDLIB, out / LIVE_STDLIB, keep, stored=False)
    # Every module the run imported, again on the cut library: it must need nothing it
    # left out.
    live_stdlib_imports(out, out / LIVE_STDLIB, modules)
    log(f"{LIVE_LOCK}: {len(live['packages'])} packages; {LIVE_STDLIB}: {len(keep)} of "
        f"{len(tops)} top-level modules, {(out / LIVE_STDLIB).stat().st_size / 1e6:.1f} MB")


def live_problems(pyodide_dir: Path) -> list[str]:
    """Problems with the live path's lock and standard library in ``pyodide_dir``."""
    problems = verify_lock(pyodide_dir, LIVE_LOCK)
    path = pyodide_dir / LIVE_LOCK
    if path.is_file():
        packages = json.loads(path.read_text(encoding="utf-8"))["packages"]
        index = lock_index(packages)
        problems += [f"{LIVE_LOCK} lacks {name}" for name in LIVE_PACKAGES
                     if normalize(name) not in index]
        problems += [f"{LIVE_LOCK} holds {name}, which only a kernel needs" for name in
                     ("ipython", "jedi", "prompt-toolkit", "pygments") if name in index]
    stdlib = pyodide_dir / LIVE_STDLIB
    if not stdlib.is_file():
        problems.append(f"{stdlib} is missing")
    else:
        with zipfile.ZipFile(stdlib) as archive:
            if "_t42_stdlib_rest.py" not in archive.namelist():
                problems.append(f"{LIVE_STDLIB} does not name what it leaves out")
    return problems


# --------------------------------------------------------------------------- check


def _contents_paths(site_lite: Path) -> set[str]:
    """Paths of the files listed by the lite site's contents API (api/contents/**/all.json)."""
    paths: set[str] = set()
    for listing in site_lite.glob("api/contents/**/all.json"):
        data = json.loads(listing.read_text(encoding="utf-8"))
        for item in data.get("content") or []:
            paths.add(str(item.get("path", "")))
    return paths


def check(site_lite: Path = SITE_LITE) -> list[str]:
    """Problems with the lite site built inside the book (empty when all is well)."""
    config_path = site_lite / "jupyter-lite.json"
    if not config_path.is_file():
        return [f"{config_path} is missing: the JupyterLite build did not run"]
    try:
        config = read_config(config_path)
    except BuildError as exc:
        return [str(exc)]
    problems = config_problems(config)
    docmanager = config.get("settingsOverrides", {}).get(DOCMANAGER_PLUGIN, {})
    if docmanager.get("autosave") is not False:
        problems.append("autosave is on (jupyterlite/overrides.json was not applied)")
    names = {str(ext.get("name")) for ext in config.get("federated_extensions", [])}
    for needed in ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager"):
        if needed not in names:
            problems.append(f"the lite site lacks the {needed} extension")
    problems += verify_lock(site_lite / "static" / "pyodide")
    problems += live_problems(site_lite / "static" / "pyodide")
    lock_path = site_lite / "static" / "pyodide" / "pyodide-lock.json"
    if lock_path.is_file():
        lock = json.loads(lock_path.read_text(encoding="utf-8"))
        problems += preload_problems(config, lock["packages"])
    if not (site_lite / "static" / "pyodide" / "pyodide.asm.wasm").is_file():
        problems.append("the Pyodide runtime (pyodide.asm.wasm) is missing")
    contents = _contents_paths(site_lite)
    problems += [
        f"{path} is not in the lite contents" for path in REQUIRED_CONTENTS if path not in contents
    ]
    for path in REQUIRED_CONTENTS:
        if not (site_lite / "files" / path).is_file():
            problems.append(f"lite/files/{path} is missing")
    return problems


# --------------------------------------------------------------------------- precompressed

#: Files smaller than this are not worth a sibling (one packet either way).
COMPRESS_MIN_BYTES = 1024
#: A sibling is kept only if it is at most this fraction of the file (zips and wheels
#: that are compressed already get none).
COMPRESS_MAX_RATIO = 0.9
BROTLI_JS = r"""
const fs = require("fs"), zlib = require("zlib");
for (const f of JSON.parse(fs.readFileSync(0, "utf8"))) {
  const data = fs.readFileSync(f);
  fs.writeFileSync(f + ".br", zlib.brotliCompressSync(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
}
"""


def compress_site(site: Path) -> dict[str, int]:
    """Write ``X.gz`` (gzip -9) and, with Node, ``X.br`` (brotli 11) beside each file of
    the built ``site`` that they make smaller, for hosts that serve precompressed files
    (nginx gzip_static, Caddy precompressed, the classroom server). A sibling newer than
    its file is kept; one whose file is gone or no longer shrinks is removed. Every core
    compresses (brotli 11 is most of the time: about 2 minutes of CPU for this site).
    Returns counts: files, written, kept, bytes (of the files) and gzip_bytes (of their
    .gz)."""
    import gzip
    from concurrent.futures import ThreadPoolExecutor

    counts = {"files": 0, "written": 0, "kept": 0, "bytes": 0, "gzip_bytes": 0}
    for sibling in [*site.rglob("*.gz"), *site.rglob("*.br")]:
        if not sibling.with_suffix("").is_file():
            sibling.unlink()
    stats = {p: p.stat() for p in sorted(site.rglob("*")) if p.is_file()
             and p.suffix not in (".gz", ".br")}
    paths = [p for p, st in stats.items() if st.st_size >= COMPRESS_MIN_BYTES]

    def fresh(path: Path, suffix: str) -> bool:
        sibling = path.with_name(path.name + suffix)
        return sibling.is_file() and sibling.stat().st_mtime >= stats[path].st_mtime

    stale = [p for p in paths if not fresh(p, ".gz")]
    cores = os.cpu_count() or 1
    with ThreadPoolExecutor(max_workers=cores) as pool:  # zlib lets go of the GIL
        packed = dict(zip(stale, pool.map(
            lambda p: gzip.compress(p.read_bytes(), compresslevel=9, mtime=0), stale), strict=True))
    to_brotli: list[Path] = []
    for path in paths:
        size = stats[path].st_size
        gz, br = path.with_name(path.name + ".gz"), path.with_name(path.name + ".br")
        if path in packed:
            data = packed[path]
            if len(data) > COMPRESS_MAX_RATIO * size:
                gz.unlink(missing_ok=True)
                br.unlink(missing_ok=True)
                continue
            gz.write_bytes(data)
            counts["written"] += 1
        else:
            counts["kept"] += 1
        if not fresh(path, ".br"):
            to_brotli.append(path)
        counts["files"] += 1
        counts["bytes"] += size
        counts["gzip_bytes"] += gz.stat().st_size
    node = shutil.which("node")
    if node is not None and to_brotli:
        # One Node process a core, the largest files first to the least loaded.
        shares: list[list[str]] = [[] for _ in range(min(cores, len(to_brotli)))]
        loads = [0] * len(shares)
        for path in sorted(to_brotli, key=lambda p: -stats[p].st_size):
            k = loads.index(min(loads))
            shares[k].append(str(path))
            loads[k] += stats[path].st_size
        procs = [subprocess.Popen([node, "-e", BROTLI_JS], stdin=subprocess.PIPE, text=True)
                 for _ in shares]
        for proc, share in zip(procs, shares, strict=True):
            assert proc.stdin is not None
            proc.stdin.write(json.dumps(share))
            proc.stdin.close()
        failed = [proc.wait(timeout=1800) for proc in procs]
        if any(failed):
            raise BuildError(f"brotli (Node) failed: exit codes {failed}")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=["prepare", "live", "check", "compress"])
    parser.add_argument(
        "--site-lite", type=Path, default=SITE_LITE, help="the built lite site (check)"
    )
    parser.add_argument(
        "--no-compress", action="store_true", help="check only: no .gz/.br siblings"
    )
    args = parser.parse_args(argv)
    try:
        if args.step == "prepare":
            prepare()
        elif args.step == "live":
            prepare_live(LITE_DIR / "static" / "pyodide")
        else:
            problems = check(args.site_lite)
            if problems:
                raise BuildError("the built lite site is wrong:\n  " + "\n  ".join(problems))
            size = sum(p.stat().st_size for p in args.site_lite.rglob("*") if p.is_file()
                       and p.suffix not in (".gz", ".br"))
            log(f"{args.site_lite} checked: {size / 1e6:.1f} MB, offline, PyPI fallback off")
            if args.step == "compress" or not args.no_compress:
                site = args.site_lite.parent
                log(f"precompressing the files of {site} (gzip -9, and brotli 11 with Node) ...")
                counts = compress_site(site)
                log(f"precompressed {counts['files']} files of {site} ({counts['written']} "
                    f"new): {counts['bytes'] / 1e6:.1f} MB, {counts['gzip_bytes'] / 1e6:.1f} "
                    "MB as .gz (and .br)")
    except BuildError as exc:
        print(f"build_lite: FAILED: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
