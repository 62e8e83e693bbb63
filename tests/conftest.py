"""Set-up shared by every test under ``tests/``: the hypothesis profiles.

``.ci/run`` sets ``HYPOTHESIS_PROFILE=ci``, and this file loads the profile that variable
names before any test module is imported (so the ``settings(...)`` a module builds at import
inherit it). Unset, hypothesis keeps its own choice: its ``default`` profile, or its own
``ci`` one where it sees a CI variable. Only ``tests/`` uses hypothesis: the doctests in
``texas42/`` and README.md do not, so no conftest above this folder is needed.

And the classroom's state: every classroom server a test starts (``make serve``,
``python -m texas42.classroom``, ``texas42 classroom``) keeps its tables in a temporary
file, never the user's ``~/.local/state/texas42/classroom.sqlite`` (:func:`class_state`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

#: The environment variable naming the profile to load (``.ci/run`` sets it to ``ci``).
PROFILE_VARIABLE = "HYPOTHESIS_PROFILE"

# ci: the same examples on every run, so CI judges the change, not a fresh draw;
# no deadline and no too-slow check, so a busy machine fails nothing; no example
# database, so a run reads nothing an earlier run left; a failure prints the
# @reproduce_failure blob that replays it anywhere.
settings.register_profile(
    "ci",
    parent=settings.get_profile("default"),
    derandomize=True,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)

#: The profile hypothesis chose by itself, before this file looked at the variable.
HYPOTHESIS_CHOICE = settings.get_current_profile_name()

_named = os.environ.get(PROFILE_VARIABLE)
if _named:
    settings.load_profile(_named)  # an unknown name stops the run (InvalidArgument)


#: The environment variables that say where a classroom server keeps its tables
#: (texas42/classroom/server.py: ``CLASSROOM_TABLES``, else under ``XDG_STATE_HOME``).
CLASS_STATE_VARIABLES = ("CLASSROOM_TABLES", "XDG_STATE_HOME")


@pytest.fixture(scope="session", autouse=True)
def class_state(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Before any test (and any server a module starts): the classroom's state file, and
    the state folder a server would put it in, are temporary ones (the processes the tests
    start inherit them)."""
    folder = tmp_path_factory.mktemp("state")
    before = {name: os.environ.get(name) for name in CLASS_STATE_VARIABLES}
    os.environ["XDG_STATE_HOME"] = str(folder)
    os.environ["CLASSROOM_TABLES"] = str(folder / "texas42" / "classroom.sqlite")
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
