"""What ``make site`` builds: only what changed, and nothing from the network twice.

::

    python scripts/incremental.py lite    # build_lite.py prepare, only if its inputs changed
    python scripts/incremental.py book    # jupyter-book build, --all only if the code changed

``lite``
    ``scripts/build_lite.py prepare`` deletes and refills ``jupyterlite/static/pyodide``
    (23 wheels downloaded, the project's wheel built, the modules precompiled under Node).
    Here it runs only when a stamp of its inputs' hashes (the lite scripts, jupyter-lite.json,
    the constraints, the npm lock and Pyodide's own lock, the kernel's wheels, this project's
    source) differs from the last successful run's, or when the output fails its checksums.
    When it does run, the PyPI wheels come from a local wheelhouse (``.cache/lite-wheels``,
    filled on the first run and kept by ``make clean``) with pip's index switched off, and
    the project's wheel is built against the build backend kept there too: after the first
    setup this step needs no network.

``book``
    ``jupyter-book build . -W -n --keep-going``, then ``build_lite.py check``. Sphinx
    rebuilds only the pages whose source changed; with ``execute_notebooks: force`` only
    those are executed again. Pages also depend on code Sphinx does not track (texas42/,
    book/bookkit.py, book/data/, the extensions in book/_ext/, _config.yml, _toc.yml):
    when any of it changed since the last successful build, ``--all`` rebuilds every page.
    ``make book`` (used by ``make test``) always builds with ``--all``: it must report the
    warnings of every page, and an incremental build reports only those of the pages it
    rebuilt.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))

import build_lite  # noqa: E402  (the script next to this one)

WHEELHOUSE = REPO / ".cache" / "lite-wheels"
LITE_STAMP = REPO / "_build" / ".lite-inputs.sha256"
BOOK_STAMP = REPO / "_build" / ".book-code.sha256"
#: The build backend of pyproject.toml, kept in the wheelhouse for offline wheel builds.
BACKEND = "hatchling"
BOOK_FLAGS = ["-W", "-n", "--keep-going"]

LITE_INPUTS = [
    "scripts/build_lite.py",
    "scripts/lite_pycompile.mjs",
    # The live path's cut-down standard library is found by running it (build_lite.py).
    "scripts/live_stdlib.mjs",
    "book/_ext/live_static/live_bridge.py",
    "tests/widgets/helpers.py",
    "_config.yml",
    "jupyterlite/jupyter-lite.json",
    "requirements/constraints.txt",
    "package-lock.json",
    "pyproject.toml",
    "node_modules/pyodide/package.json",
    "node_modules/pyodide/pyodide-lock.json",
    "texas42",
]
BOOK_CODE_INPUTS = [
    "texas42",
    "book/bookkit.py",
    "book/bookdiagrams.py",
    "book/data",
    "book/_ext",
    "book/_templates",
    "_config.yml",
    "_toc.yml",
    "pyproject.toml",
]


def _files(paths: Iterable[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            for child in sorted(path.rglob("*")):
                if child.is_file() and "__pycache__" not in child.parts:
                    yield child
        elif path.is_file():
            yield path


def inputs_hash(paths: Iterable[Path], root: Path = REPO) -> str:
    """One hash over the names and contents of ``paths`` (folders: every file in them).
    A missing input counts as absent, so adding it later changes the hash."""
    digest = hashlib.sha256()
    for path in _files(paths):
        name = path.relative_to(root) if path.is_relative_to(root) else path
        digest.update(f"{name}\0".encode())
        digest.update(build_lite.sha256_of(path).encode())
    return digest.hexdigest()


def lite_inputs() -> list[Path]:
    paths = [REPO / p for p in LITE_INPUTS] + build_lite.book_modules()
    with contextlib.suppress(build_lite.BuildError):  # prepare reports a missing kernel
        paths.append(build_lite.kernel_pypi_dir())
    return paths


def _wheelhouse_has(requirements: dict[str, str], folder: Path) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in sorted(folder.glob("*.whl")):
        name, version = build_lite.wheel_name_version(path.name)
        if requirements.get(name) == version:
            found[name] = path
    return found


def cached_download(
    download: Callable[[dict[str, str], Path], dict[str, Path]], wheelhouse: Path
) -> Callable[[dict[str, str], Path], dict[str, Path]]:
    """``build_lite.download_wheels`` that asks pip only for the wheels the wheelhouse
    lacks, and keeps every wheel it got there for the next run."""

    def download_wheels(requirements: dict[str, str], dest: Path) -> dict[str, Path]:
        wheelhouse.mkdir(parents=True, exist_ok=True)
        have = _wheelhouse_has(requirements, wheelhouse)
        missing = {n: v for n, v in requirements.items() if n not in have}
        if missing:
            # Into a folder of its own: pip's wheels are matched by name, and the
            # wheelhouse may hold other versions of the same packages.
            with tempfile.TemporaryDirectory(prefix="texas42-wheels-") as tmp:
                for name, path in download(missing, Path(tmp)).items():
                    have[name] = Path(shutil.copy2(path, wheelhouse / path.name))
            build_lite.log(f"wheelhouse: {len(missing)} wheels fetched into {wheelhouse}")
        else:
            build_lite.log(f"wheelhouse: all {len(requirements)} wheels already there (offline)")
        dest.mkdir(parents=True, exist_ok=True)
        out: dict[str, Path] = {}
        for name in requirements:
            build_lite.check_pure(have[name].name)
            out[name] = Path(shutil.copy2(have[name], dest / have[name].name))
        return out

    return download_wheels


@contextmanager
def _env(**values: str) -> Iterator[None]:
    saved = {key: os.environ.get(key) for key in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def offline_project_wheel(
    build: Callable[[Path], Path], wheelhouse: Path
) -> Callable[[Path], Path]:
    """``build_lite.build_project_wheel`` whose isolated build takes its backend from the
    wheelhouse, with pip's index off (fetched there once if missing)."""

    def build_project_wheel(dest: Path) -> Path:
        backend = wheelhouse / "backend"
        backend.mkdir(parents=True, exist_ok=True)
        if not any(backend.glob(f"{BACKEND}-*.whl")):
            build_lite.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "--quiet",
                    "--only-binary=:all:",
                    "--dest",
                    str(backend),
                    f"{BACKEND}>=1.25",
                ],
                f"pip download of the build backend ({BACKEND})",
            )
        with _env(PIP_NO_INDEX="1", PIP_FIND_LINKS=str(backend)):
            return build(dest)

    return build_project_wheel


def prepare_if_changed(
    *, stamp: Path = LITE_STAMP, wheelhouse: Path = WHEELHOUSE, lite_dir: Path | None = None
) -> bool:
    """Run ``build_lite.prepare`` unless its inputs and output are as last time;
    True if it ran."""
    lite = lite_dir or build_lite.LITE_DIR
    out = lite / "static" / "pyodide"
    wanted = inputs_hash(lite_inputs())
    if stamp.is_file() and stamp.read_text().strip() == wanted and out.is_dir():
        if not build_lite.verify_lock(out):
            build_lite.log(f"inputs unchanged since the last prepare: {out} kept (no download)")
            return False
        build_lite.log(f"{out} fails its checksums: preparing again")
    stamp.unlink(missing_ok=True)
    original = (build_lite.download_wheels, build_lite.build_project_wheel)
    # prepare() looks both up in its module when it runs them.
    build_lite.download_wheels = cached_download(original[0], wheelhouse)  # type: ignore[assignment]
    build_lite.build_project_wheel = offline_project_wheel(original[1], wheelhouse)  # type: ignore[assignment]
    try:
        build_lite.prepare(lite)
    finally:
        build_lite.download_wheels, build_lite.build_project_wheel = original
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(wanted + "\n")
    return True


def build_book(jupyter_book: str, *, stamp: Path = BOOK_STAMP) -> int:
    """The strict build, incremental unless the untracked code changed; then the check."""
    wanted = inputs_hash(REPO / p for p in BOOK_CODE_INPUTS)
    built = (REPO / "_build" / "html" / "index.html").is_file()
    same = built and stamp.is_file() and stamp.read_text().strip() == wanted
    flags = BOOK_FLAGS if same else [*BOOK_FLAGS, "--all"]
    why = "only the pages that changed" if same else "every page (the code changed)"
    print(f"==> site: jupyter-book build . {' '.join(flags)}   ({why})", flush=True)
    stamp.unlink(missing_ok=True)
    rc = subprocess.call([jupyter_book, "build", ".", *flags], cwd=REPO)
    if rc == 0:
        problems = build_lite.check()
        if problems:
            print(
                "build_lite: the built lite site is wrong:\n  " + "\n  ".join(problems),
                file=sys.stderr,
            )
            return 1
        # The .gz/.br siblings that hosts and `make serve` send in place of a file: else a
        # changed file (sw.js, a page) is served as its last full build's copy.
        site = REPO / "_build" / "html"
        counts = build_lite.compress_site(site)
        print(f"build_lite: precompressed {counts['files']} files of {site} "
              f"({counts['written']} new)", flush=True)
        stamp.write_text(wanted + "\n")
    return rc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=["lite", "book"])
    parser.add_argument("--jupyter-book", default=str(Path(sys.executable).parent / "jupyter-book"))
    args = parser.parse_args(argv)
    try:
        if args.step == "lite":
            prepare_if_changed()
            return 0
        return build_book(args.jupyter_book)
    except build_lite.BuildError as exc:
        print(f"build_lite: FAILED: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
