"""``texas42 classroom ARCHIVE_OR_FOLDER``: serve a built site with Python alone.

A teacher who never builds (no Node, no make, no network at lesson time) installs the
package with its ``classroom`` extra and serves the site archive a release carries
(``make archive`` writes it: ``scripts/site_archive.py``), or any folder holding a build::

    texas42 classroom texas42-site.zip                 # this computer only
    texas42 classroom texas42-site.zip --host 0.0.0.0  # the room's network
    texas42 classroom _build/html                      # a build of your own

Every option of ``python -m texas42.classroom`` (:mod:`texas42.classroom.server`: host,
port, timeouts, connection caps) is taken as it is; the site is served by that server.

An archive (``.zip`` or ``.tar.gz``) is unpacked once into the user's cache folder, named
by the archive's hash (the next lesson starts at once), after these checks, all made before
anything is written:

* only files and folders: a symbolic or hard link, a device or an encrypted entry is
  refused;
* every name stays inside: an absolute name, a ``..``, a backslash or a drive is refused;
* at most :data:`MAX_ENTRIES` entries and :data:`MAX_TOTAL_BYTES` unpacked (the bytes
  written are counted too, not only the sizes the archive claims);
* it is a built site: ``index.html`` at its top, or in its one top folder.

The cache keeps the :data:`KEEP_SITES` sites used last (about 120 MB each).

It is unpacked into a fresh folder that is renamed into place only when complete, so an
interrupted unpack leaves nothing half-written to serve. Bad input exits 2 with one line
naming what is wrong (:class:`texas42.errors.InputError`).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import sys
import tarfile
import tempfile
import time
import zipfile
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO, Any

from ..errors import InputError, quote

#: The most entries and unpacked bytes an archive may hold (a build is ~4000 files and
#: ~150 MB with its .gz siblings).
MAX_ENTRIES = 50_000
MAX_TOTAL_BYTES = 2 * 1024**3
#: Unpacked sites kept in the cache (the most recently used): a few releases, not all.
KEEP_SITES = 3
#: The command's name in messages and its usage line.
PROG = "texas42 classroom"
#: How to get the server's dependencies when they are missing.
INSTALL_HINT = (
    "pip install 'texas42[classroom]' (in a clone: `make setup`, or pip install -e '.[classroom]')"
)
_CHUNK = 1 << 20
DESCRIPTION = (
    "Serve a built site, or a site archive (.zip or .tar.gz, unpacked once into the cache"
    " folder), with the classroom server: Python alone, no build, no network."
)


def named(path: Path) -> str:
    """A path as messages quote it: whole up to 240 characters (the file's name is what
    names the problem, and it is at the end)."""
    return quote(str(path), limit=240)


class BadSite(InputError):
    """A path that is not a built site nor a site archive, or an archive refused."""

    def __init__(self, message: str) -> None:
        super().__init__(message, rule="site-archive")


# --------------------------------------------------------------------------- the command


def main(argv: Sequence[str] | None = None) -> int:
    """Serve ``ARCHIVE_OR_FOLDER`` with the classroom server and its options."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        from . import server
    except ImportError as error:
        print(
            f"{PROG}: the classroom server needs the `classroom` extra ({error.name} is"
            f" missing): {INSTALL_HINT}",
            file=sys.stderr,
        )
        return 1
    parser = server.parser()
    parser.prog = PROG
    parser.description = DESCRIPTION
    parser.add_argument(
        "site", nargs="?", metavar="ARCHIVE_OR_FOLDER",
        help="a site archive (.zip or .tar.gz, `make archive`) or a folder holding a build"
        " (default: --directory, or _build/html)",
    )
    args = parser.parse_args(arguments)
    if args.site is None:
        return server.main(arguments)
    folder = site_folder(Path(args.site))
    if folder != Path(args.site):
        print(f"==> {args.site}: a site archive, unpacked in {folder} (kept for next time)")
    # The server parses the same options again; the site is given to it as --directory,
    # last, so that it wins over any earlier one.
    return server.main([*without_site(arguments, args.site), "--directory", str(folder)])


def without_site(arguments: list[str], site: str) -> list[str]:
    """``arguments`` without the positional ``site``: argparse keeps the very string
    object it was given, so the positional is found by identity (an option's value that
    is equal to it, such as ``--host X X``, is a different object)."""
    for index, argument in enumerate(arguments):
        if argument is site:
            return arguments[:index] + arguments[index + 1 :]
    index = len(arguments) - 1 - arguments[::-1].index(site)  # copies of the strings
    return arguments[:index] + arguments[index + 1 :]


# --------------------------------------------------------------------------- the site


def site_folder(path: Path, cache: Path | None = None) -> Path:
    """The folder to serve for ``path``: the folder itself if it holds a build, else the
    archive unpacked into ``cache`` (default :func:`cache_folder`)."""
    if path.is_dir():
        if not (path / "index.html").is_file():
            raise BadSite(
                f"{named(path)} is not a built site: it has no index.html (build one"
                " with `make site`, or give a site archive: `make archive` writes one)"
            )
        return path
    if not path.exists():
        raise BadSite(f"{named(path)}: no such file or folder")
    if not path.is_file():
        raise BadSite(f"{named(path)} is neither a folder nor a file")
    with open_archive(path) as archive:
        root = site_root(path, archive.entries)
        return unpack(path, archive, root, cache or cache_folder())


@dataclass(frozen=True)
class Entry:
    """One entry of an archive: its checked name (no ``..``, relative) and kind."""

    name: PurePosixPath
    is_dir: bool
    size: int
    member: Any  # the zipfile.ZipInfo or tarfile.TarInfo to read it


@dataclass
class Archive:
    """The checked entries of an opened archive and a way to read a file entry."""

    entries: list[Entry]
    handle: zipfile.ZipFile | tarfile.TarFile

    def open(self, entry: Entry) -> IO[bytes]:
        if isinstance(self.handle, zipfile.ZipFile):
            return self.handle.open(entry.member)
        reader = self.handle.extractfile(entry.member)
        assert reader is not None  # a regular file: checked when listed
        return reader


def checked_name(path: Path, name: str) -> PurePosixPath:
    """An entry's name, if it stays inside the folder it is unpacked into."""
    where = named(path)
    if not name or "\\" in name or "\x00" in name:
        raise BadSite(f"{where}: the entry {quote(name)} has a name no site file has")
    pure = PurePosixPath(name)
    if pure.is_absolute() or ".." in pure.parts or ":" in pure.parts[0]:
        raise BadSite(
            f"{where}: the entry {quote(name)} would be written outside the folder it is"
            " unpacked into (an absolute name, a drive or a '..')"
        )
    parts = [part for part in pure.parts if part != "."]
    if not parts:
        raise BadSite(f"{where}: the entry {quote(name)} has a name no site file has")
    return PurePosixPath(*parts)


def _zip_entry(path: Path, info: zipfile.ZipInfo) -> Entry:
    name = checked_name(path, info.filename)
    mode = info.external_attr >> 16
    if stat.S_ISLNK(mode):
        raise BadSite(
            f"{named(path)}: the entry {quote(info.filename)} is a symbolic link (a site"
            " archive holds only files and folders)"
        )
    if info.flag_bits & 0x1:
        raise BadSite(f"{named(path)}: the entry {quote(info.filename)} is encrypted")
    return Entry(name, info.is_dir(), 0 if info.is_dir() else info.file_size, info)


def _tar_entry(path: Path, info: tarfile.TarInfo) -> Entry:
    name = checked_name(path, info.name)
    if not (info.isreg() or info.isdir()):
        kind = "a symbolic link" if info.issym() else "a hard link" if info.islnk() else (
            "a device or pipe")
        raise BadSite(
            f"{named(path)}: the entry {quote(info.name)} is {kind} (a site archive"
            " holds only files and folders)"
        )
    return Entry(name, info.isdir(), 0 if info.isdir() else info.size, info)


@contextmanager
def open_archive(path: Path) -> Iterator[Archive]:
    """``path`` opened as a .zip or a .tar.gz (by its content, not its name), its entries
    listed and checked; BadSite if it is neither or any entry is refused."""
    try:
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as handle:
                infos = handle.infolist()
                if len(infos) > MAX_ENTRIES:
                    raise too_many(path, len(infos))
                yield Archive([_zip_entry(path, info) for info in infos], handle)
            return
        with tarfile.open(path, "r:*") as handle:
            entries: list[Entry] = []
            for info in handle:  # one at a time: a huge listing stops at the limit
                if len(entries) >= MAX_ENTRIES:
                    raise too_many(path, len(entries) + 1)
                entries.append(_tar_entry(path, info))
            yield Archive(entries, handle)
    except (tarfile.TarError, zipfile.BadZipFile, zlib.error, EOFError, OSError) as error:
        if isinstance(error, OSError) and error.errno is not None:  # not gzip's own errors
            raise BadSite(f"{named(path)}: cannot read it: {error.strerror}") from None
        detail = str(error).splitlines()[0] if isinstance(error, zipfile.BadZipFile | zlib.error |
                                                          EOFError) else ""
        raise BadSite(
            f"{named(path)} is not a site archive: neither a folder nor a readable .zip"
            f" or .tar.gz{f' ({detail})' if detail else ''}"
        ) from None


def too_many(path: Path, count: int) -> BadSite:
    return BadSite(
        f"{named(path)}: more than {MAX_ENTRIES} entries ({count} or more): not a site"
        " archive"
    )


def site_root(path: Path, entries: list[Entry]) -> PurePosixPath:
    """Where the site is in the archive: its top, or its one top folder (a release's
    archive holds ``texas42-site/``); BadSite if no index.html is there."""
    names = {entry.name for entry in entries if not entry.is_dir}
    if PurePosixPath("index.html") in names:
        return PurePosixPath()
    tops = {entry.name.parts[0] for entry in entries}
    if len(tops) == 1:
        top = PurePosixPath(next(iter(tops)))
        if top / "index.html" in names:
            return top
    raise BadSite(
        f"{named(path)} is not a built site: it has no index.html at its top (nor in"
        " its one top folder). `make archive` writes a site archive from a build."
    )


def cache_folder() -> Path:
    """Where unpacked sites are kept: ``$XDG_CACHE_HOME/texas42/sites`` (or ~/.cache)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return Path(base) / "texas42" / "sites"


def archive_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(_CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()[:20]


def unpack(path: Path, archive: Archive, root: PurePosixPath, cache: Path) -> Path:
    """The site in ``archive`` (under ``root``) unpacked into ``cache``/<hash>, or the
    folder an earlier run unpacked from the same bytes."""
    claimed = sum(entry.size for entry in archive.entries)
    if claimed > MAX_TOTAL_BYTES:
        raise too_big(path)
    target = cache / archive_hash(path)
    if (target / "index.html").is_file():
        os.utime(target)  # used now: kept by prune()
        return target
    prune(cache)
    try:
        cache.mkdir(parents=True, exist_ok=True)
        partial = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=cache))
    except OSError as error:
        raise BadSite(f"cannot unpack {named(path)} into {cache}: {error.strerror}") from None
    try:
        written = 0
        for entry in archive.entries:
            if entry.name == root or root not in entry.name.parents:
                continue  # the top folder itself, or beside the site (none in ours)
            destination = partial.joinpath(*entry.name.relative_to(root).parts)
            if entry.is_dir:
                destination.mkdir(parents=True, exist_ok=True)
                continue
            destination.parent.mkdir(parents=True, exist_ok=True)
            with archive.open(entry) as source, destination.open("xb") as out:
                while block := source.read(_CHUNK):
                    written += len(block)
                    if written > MAX_TOTAL_BYTES:
                        raise too_big(path)
                    out.write(block)
    except (FileExistsError, IsADirectoryError, NotADirectoryError):
        shutil.rmtree(partial, ignore_errors=True)
        raise BadSite(
            f"{named(path)}: an entry appears twice, or as a file and as a folder"
        ) from None
    except OSError as error:
        shutil.rmtree(partial, ignore_errors=True)
        raise BadSite(f"cannot unpack {named(path)} into {cache}: {error}") from None
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    try:
        os.replace(partial, target)
    except OSError:
        shutil.rmtree(partial, ignore_errors=True)
        if not (target / "index.html").is_file():  # else another run unpacked it meanwhile
            raise BadSite(
                f"cannot unpack {named(path)}: {target} is in the way (remove it)"
            ) from None
    return target


def prune(cache: Path, keep: int = KEEP_SITES) -> None:
    """Make room for one more site: the ``keep - 1`` most recently used stay; older ones
    go, and so do unpacks a killed run left half-done (over an hour old)."""
    if not cache.is_dir():
        return
    sites, now = [], time.time()
    for folder in cache.iterdir():
        if folder.name.startswith("."):
            if now - folder.stat().st_mtime > 3600:
                shutil.rmtree(folder, ignore_errors=True)
        elif folder.is_dir():
            sites.append(folder)
    sites.sort(key=lambda folder: folder.stat().st_mtime, reverse=True)
    for folder in sites[keep - 1 :]:
        shutil.rmtree(folder, ignore_errors=True)


def too_big(path: Path) -> BadSite:
    return BadSite(
        f"{named(path)}: more than {MAX_TOTAL_BYTES // 1024**2} MB once unpacked: not a"
        " site archive"
    )


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
