"""The names of a class's students and the teacher's export of the whole class.

Pure Python (the classroom server, :mod:`texas42.classroom`, is optional; the commands
read its export without it). A name is kept as shown (:func:`normal_name`) and compared
folded (:func:`folded_name`): "Ana" and "ANA" are one student, on the server and in
``texas42 review --student``. The export (``GET /api/teacher/export`` on the classroom
server) is one JSON object::

    {"format": "texas42-class", "version": 1, "progress_format": "texas42-progress",
     "students": [{"name": "Ana", "code": "KMNPQR", "progress": {...a progress file...},
                   "checks": {...the course's checks answered...}}]}

>>> data = {"format": "texas42-class", "version": 1, "students": [
...     {"name": "Ana", "code": "KMNPQR", "progress": {"hands": []}}]}
>>> pick_student(data, "  ANA ")
('Ana', {'hands': []})
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .errors import InputError, NotationError, quote

#: The format of the teacher's export of the whole class.
CLASS_FORMAT = "texas42-class"
CLASS_VERSION = 1
#: The longest name shown at a table or in the class.
NAME_LONGEST = 24
#: The most students a class keeps (the server refuses more).
STUDENTS_MOST = 1000
#: Bytes of a class export read at most: a class of 40 whose every student kept a term
#: of practice (each progress file is under 2 KB a hand).
MAX_CLASS_BYTES = 100_000_000

_CLASS_FIELDS = ("format", "version", "progress_format", "students")
_STUDENT_FIELDS = ("name", "code", "progress", "checks")


def normal_name(value: object) -> str:
    """A person's name as shown: text of 1..NAME_LONGEST visible characters (spaces
    squeezed, control and format characters refused)."""
    if not isinstance(value, str):
        raise InputError(f"name {quote(value)} is not text", rule="name")
    name = " ".join(value.split())
    if not name or len(name) > NAME_LONGEST or any(
            unicodedata.category(ch)[0] in "CZ" and ch != " " for ch in name):
        raise InputError(f"name {quote(value)}: give 1 to {NAME_LONGEST} letters, digits "
                         "or signs (no control characters)", rule="name")
    return name


def folded_name(name: str) -> str:
    """A name as compared: "Ana" and "ANA" are one student."""
    return name.casefold()


def is_class_data(data: Any) -> bool:
    """Whether parsed JSON is the teacher's export of the whole class."""
    return isinstance(data, dict) and data.get("format") == CLASS_FORMAT


def _bad(message: str) -> NotationError:
    return NotationError(f"the class export: {message}", rule="class")


def class_students(data: Any) -> list[tuple[str, Any]]:
    """Each student of a class export (checked: its fields and names, not yet the
    progress) as ``(name, progress JSON)``, in the export's order."""
    if not isinstance(data, dict) or data.get("format") != CLASS_FORMAT:
        raise _bad(f"its format must be {quote(CLASS_FORMAT)}")
    unknown = [k for k in data if k not in _CLASS_FIELDS]
    if unknown:
        raise _bad(f"unknown field {quote(unknown[0])}: the fields are "
                   f"{', '.join(_CLASS_FIELDS)}")
    if data.get("version") != CLASS_VERSION:
        raise _bad(f"version {quote(data.get('version'))} is not one this texas42 reads "
                   f"({CLASS_VERSION})")
    students = data.get("students")
    if not isinstance(students, list) or len(students) > STUDENTS_MOST:
        raise _bad(f"students must be a list of at most {STUDENTS_MOST}, got "
                   f"{quote(students)}")
    found: list[tuple[str, Any]] = []
    seen: set[str] = set()
    for n, item in enumerate(students, 1):
        where = f"student {n}"
        if not isinstance(item, dict):
            raise _bad(f"{where} is {quote(item)}, not a JSON object")
        unknown = [k for k in item if k not in _STUDENT_FIELDS]
        if unknown:
            raise _bad(f"{where}: unknown field {quote(unknown[0])}: the fields are "
                       f"{', '.join(_STUDENT_FIELDS)}")
        try:
            name = normal_name(item.get("name"))
        except InputError as exc:
            raise _bad(f"{where}: {exc.message}") from None
        if folded_name(name) in seen:
            raise _bad(f"{where}: {quote(name)} is a second student of that name")
        seen.add(folded_name(name))
        if "progress" not in item:
            raise _bad(f"{where} ({name}) has no progress")
        found.append((name, item["progress"]))
    return found


def _hands_told(progress: Any) -> str:
    """How many hands a student's progress lists, in words (not checked yet)."""
    hands = progress.get("hands") if isinstance(progress, dict) else None
    count = len(hands) if isinstance(hands, list) else 0
    return f"{count} hand{'' if count == 1 else 's'}"


def pick_student(data: Any, wanted: str | None) -> tuple[str, Any]:
    """The name and the progress JSON of the student ``wanted`` (matched as the server
    matches names: :func:`normal_name`, then folded) in a class export; with ``wanted``
    ``None`` its only student. A class of several and no name, or a name it does not
    hold, is an :class:`InputError` (rule ``"student"``) that lists the students and
    says how to name one."""
    students = class_students(data)
    if not students:
        raise InputError("the class export holds no students: nobody joined the class",
                         rule="student")
    if wanted is None and len(students) == 1:
        return students[0]
    if wanted is not None:
        key = folded_name(normal_name(wanted))
        for name, progress in students:
            if folded_name(name) == key:
                return name, progress
    listing = "\n".join(f"  {name}: {_hands_told(progress)}" for name, progress in students)
    head = (f"the class export holds {len(students)} students" if wanted is None
            else f"no student {quote(wanted)} in the class export: it holds "
            f"{len(students)}")
    raise InputError(f"{head}; name one with --student NAME (any case):\n{listing}",
                     rule="student")
