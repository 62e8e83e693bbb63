"""The course's checks a student answered, kept on the classroom server.

The chapter pages' checks (``book/_ext/course_check_static/course-check.js``) keep, in
the browser's ``localStorage["texas42-checks"]``, which checks of each chapter page were
answered and whether right at the first try; a student of the class sends that whole
record (``PUT /api/checks``, :mod:`texas42.classroom.students`), and the server keeps the
union of what each of the student's devices sent: a check answered stays answered, and its
first verdict stays the first. The record::

    {"format": "texas42-checks", "version": 1,
     "chapters": {"book/trumps": {"title": "Trumps", "total": 4,
                                  "checks": {"q1f2e3d4c": true, "q0a1b2c3d": false}}}}

A chapter is its page's path on the site; a check is ``q`` and 8 hex digits (a hash of
its question, so that a check keeps its answer when the chapter's checks move); ``true``:
right at the first try. Everything is checked and bounded (:func:`read_checks`); a bad
record is refused whole with the rule it breaks (:class:`~texas42.errors.InputError`,
``rule="checks"``) and what is kept stays as it was.

>>> kept = read_checks(b'{"format": "texas42-checks", "version": 1, "chapters": '
...     b'{"book/trumps": {"title": "Trumps", "total": 4, "checks": {"q0000abcd": true}}}}')
>>> summary(kept)
[{'chapter': 'book/trumps', 'title': 'Trumps', 'answered': 1, 'right': 1, 'total': 4}]
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from ..errors import InputError, quote

CHECKS_FORMAT = "texas42-checks"
CHECKS_VERSION = 1
#: The longest record a device may send, in bytes (the book's chapters hold a few dozen
#: checks: a full record is under 8 KB).
MAX_CHECKS_BYTES = 32_768
#: The most chapters kept for one student, and checks in one chapter.
CHAPTERS_MOST = 100
CHECKS_PER_CHAPTER = 32
#: The longest chapter title kept.
TITLE_LONGEST = 80

_PAGE = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._/-]{0,99}")
_CHECK = re.compile(r"q[0-9a-f]{8}")
_TOP_FIELDS = {"format", "version", "chapters"}
_CHAPTER_FIELDS = {"title", "total", "checks"}

#: A kept record: chapter -> {"title": str, "total": int, "checks": {check: bool}}.
Checks = dict[str, dict[str, Any]]


def _bad(message: str) -> InputError:
    return InputError(message, rule="checks")


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _title(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise _bad(f"{where}: the title {quote(value)} is not text")
    title = " ".join(value.split())
    if not title or len(title) > TITLE_LONGEST or any(
            unicodedata.category(ch)[0] == "C" for ch in title):
        raise _bad(f"{where}: the title {quote(value)} is not 1 to {TITLE_LONGEST} visible "
                   "characters")
    return title


def _chapter(page: Any, value: Any) -> dict[str, Any]:
    if not isinstance(page, str) or not _PAGE.fullmatch(page) or ".." in page:
        raise _bad(f"chapter {quote(page)} is not a page of the site: 1 to 100 letters, "
                   "digits and . _ / -")
    where = f"chapter {page}"
    if not isinstance(value, dict) or set(value) != _CHAPTER_FIELDS:
        raise _bad(f"{where}: send {{\"title\", \"total\", \"checks\"}}")
    total = value["total"]
    if not _whole(total, 1, CHECKS_PER_CHAPTER):
        raise _bad(f"{where}: total {quote(total)} is not a whole number 1..{CHECKS_PER_CHAPTER}")
    checks = value["checks"]
    if not isinstance(checks, dict) or len(checks) > total:
        raise _bad(f"{where}: checks must be an object of at most its total ({total}) "
                   "answers")
    for check, right in checks.items():
        if not _CHECK.fullmatch(check):
            raise _bad(f"{where}: {quote(check)} is not a check (q and 8 hex digits)")
        if not isinstance(right, bool):
            raise _bad(f"{where}: check {check}: {quote(right)} is not true or false")
    return {"title": _title(value["title"], where), "total": total, "checks": dict(checks)}


def read_checks(body: bytes | str) -> Checks:
    """A record sent by a device, checked whole (:class:`InputError`, rule ``"checks"``,
    naming what is wrong)."""
    if len(body) > MAX_CHECKS_BYTES:
        raise _bad(f"the record is more than {MAX_CHECKS_BYTES} bytes")
    try:
        data = json.loads(body, parse_constant=lambda name: None)
    except (ValueError, RecursionError):
        raise _bad("the record is not JSON") from None
    if not isinstance(data, dict) or set(data) != _TOP_FIELDS:
        raise _bad(f'send {{"format": "{CHECKS_FORMAT}", "version": {CHECKS_VERSION}, '
                   '"chapters": {...}}')
    if data["format"] != CHECKS_FORMAT or data["version"] != CHECKS_VERSION \
            or isinstance(data["version"], bool):
        raise _bad(f"the format must be {CHECKS_FORMAT!r}, version {CHECKS_VERSION}")
    chapters = data["chapters"]
    if not isinstance(chapters, dict) or len(chapters) > CHAPTERS_MOST:
        raise _bad(f"chapters must be an object of at most {CHAPTERS_MOST} chapters")
    return {page: _chapter(page, value) for page, value in chapters.items()}


def merged(kept: Checks, sent: Checks) -> Checks:
    """What the server keeps once a device sent ``sent``: every chapter of both; in a
    chapter, the title and total sent (the book as it is now) and each check's first
    verdict. A chapter whose checks would pass its total (the chapter changed) keeps
    only the checks sent. More than :data:`CHAPTERS_MOST` chapters is refused."""
    out = {page: {**value, "checks": dict(value["checks"])} for page, value in kept.items()}
    for page, value in sent.items():
        before = out.get(page, {}).get("checks", {})
        checks = {**value["checks"], **before}
        if len(checks) > value["total"]:
            checks = {check: before.get(check, right) for check, right in
                      value["checks"].items()}
        out[page] = {"title": value["title"], "total": value["total"], "checks": checks}
    if len(out) > CHAPTERS_MOST:
        raise _bad(f"a student's checks are kept for at most {CHAPTERS_MOST} chapters")
    return out


def to_json(checks: Checks) -> str:
    return json.dumps({"format": CHECKS_FORMAT, "version": CHECKS_VERSION,
                       "chapters": checks}, separators=(",", ":"))


def from_kept(text: str | None) -> Checks:
    """The record as stored (checked when it came): empty when nothing was."""
    if not text:
        return {}
    chapters: Checks = json.loads(text)["chapters"]
    return chapters


def summary(checks: Checks) -> list[dict[str, Any]]:
    """Per chapter, in the order first answered: how many of its checks were answered,
    how many right at the first try, and how many it has (the teacher's page)."""
    return [{"chapter": page, "title": value["title"], "answered": len(value["checks"]),
             "right": sum(value["checks"].values()), "total": value["total"]}
            for page, value in checks.items()]
