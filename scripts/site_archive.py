"""Write the site archive (``make archive``): the built site in one file a teacher serves
with Python alone (``texas42 classroom texas42-site.zip``; texas42/classroom/archive.py).

    python scripts/site_archive.py [SITE] [OUT]     # default _build/html -> _build/texas42-site.zip

``OUT`` ending in ``.tar.gz`` (or ``.tgz``) writes a gzipped tar, else a zip. The files sit
in one top folder (``texas42-site/``), so that unpacking it by hand makes one folder.

The archive is the same bytes for the same build: entries sorted by name, every entry
dated with the commit's time (``SOURCE_DATE_EPOCH``, else the HEAD commit's, else
1980-01-01), one owner and mode, no folder entries. A release thus dates its files with
its own commit: a server's ETags (from the date and size) differ between two releases,
so a browser never keeps an older release's file of the same size.

Everything the server sends is in it, the precompressed ``.gz`` siblings too; left out are
only the build's own state (``.doctrees``, ``.buildinfo``), which no page loads. A
symbolic link in the build is an error (the archive holds files only). Already
compressed files (``.gz``, images, fonts, wheels) are stored, the rest deflated.
"""

from __future__ import annotations

import argparse
import gzip
import os
import stat
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SITE = REPO / "_build" / "html"
OUT = REPO / "_build" / "texas42-site.zip"
#: The one top folder of the archive.
TOP = "texas42-site"
#: The build's own state: not part of the site (the Pages workflow leaves them out too).
LEFT_OUT = {".doctrees", ".buildinfo"}
#: Already compressed: stored as they are.
STORED = (".gz", ".br", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff", ".woff2", ".whl",
          ".zip")
#: The earliest date a zip entry can carry.
ZIP_EPOCH = 315532800  # 1980-01-01T00:00:00Z


class ArchiveError(Exception):
    """A site that cannot be archived: the message says why."""


def site_files(site: Path) -> list[str]:
    """The site's files (POSIX paths relative to ``site``), sorted; ArchiveError if it is
    not a build or holds a symbolic link."""
    if not (site / "index.html").is_file():
        raise ArchiveError(
            f"{site} holds no built site (no index.html): build it first with `make book`"
        )
    found = []
    for folder, dirs, names in os.walk(site):
        here = Path(folder)
        dirs[:] = [d for d in dirs if not (here == site and d in LEFT_OUT)]
        for name in [*names, *dirs]:
            path = here / name
            if path.is_symlink():
                raise ArchiveError(f"{path} is a symbolic link: a site archive holds files only")
        found += [
            (here / name).relative_to(site).as_posix()
            for name in names
            if not (here == site and name in LEFT_OUT)
        ]
    return sorted(found)


def source_date() -> int:
    """The date every entry carries: SOURCE_DATE_EPOCH, else the HEAD commit's time."""
    if value := os.environ.get("SOURCE_DATE_EPOCH"):
        return max(int(value), ZIP_EPOCH)
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=REPO, text=True,
                             capture_output=True, check=True).stdout.strip()
        return max(int(out), ZIP_EPOCH)
    except (OSError, subprocess.CalledProcessError, ValueError):
        return ZIP_EPOCH


def is_tar(out: Path) -> bool:
    return out.name.endswith((".tar.gz", ".tgz"))


def write_zip(site: Path, files: list[str], out: Path, date: int) -> None:
    stamp = time.gmtime(date)[:6]
    with zipfile.ZipFile(out, "w") as archive:
        for rel in files:
            info = zipfile.ZipInfo(f"{TOP}/{rel}", date_time=stamp)
            info.create_system = 3  # Unix: the mode below is read
            info.external_attr = (stat.S_IFREG | 0o644) << 16
            stored = rel.lower().endswith(STORED)
            info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            with (site / rel).open("rb") as source, archive.open(info, "w") as target:
                for block in iter(lambda: source.read(1 << 20), b""):
                    target.write(block)


def write_tar(site: Path, files: list[str], out: Path, date: int) -> None:
    with out.open("wb") as raw, gzip.GzipFile(
        filename="", mode="wb", fileobj=raw, mtime=date
    ) as zipped, tarfile.open(fileobj=zipped, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for rel in files:
            info = tarfile.TarInfo(f"{TOP}/{rel}")
            info.size = (site / rel).stat().st_size
            info.mtime, info.mode = date, 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            with (site / rel).open("rb") as source:
                archive.addfile(info, source)


def write_archive(site: Path, out: Path) -> tuple[int, int]:
    """Write ``out`` from ``site`` (a temporary file renamed into place: a failure leaves
    no half-written archive); the number of files and their total size."""
    files = site_files(site)
    date = source_date()
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(f".{out.name}.partial")
    try:
        (write_tar if is_tar(out) else write_zip)(site, files, partial, date)
        partial.replace(out)
    finally:
        partial.unlink(missing_ok=True)
    return len(files), sum((site / rel).stat().st_size for rel in files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/site_archive.py", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("site", nargs="?", type=Path, default=SITE)
    parser.add_argument("out", nargs="?", type=Path, default=OUT)
    args = parser.parse_args(argv)
    start = time.monotonic()
    try:
        count, size = write_archive(args.site, args.out)
    except ArchiveError as error:
        print(f"site_archive: {error}", file=sys.stderr)
        return 2
    print(
        f"==> archive: {count} files ({size / 1e6:.1f} MB) of {args.site} in {args.out}"
        f" ({args.out.stat().st_size / 1e6:.1f} MB, {time.monotonic() - start:.0f} s)."
        f" Serve it with Python alone: texas42 classroom {args.out}",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
