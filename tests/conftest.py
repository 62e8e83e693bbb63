"""Set-up shared by every test under ``tests/``: the hypothesis profiles.

``.ci/run`` sets ``HYPOTHESIS_PROFILE=ci``, and this file loads the profile that variable
names before any test module is imported (so the ``settings(...)`` a module builds at import
inherit it). Unset, hypothesis keeps its own choice: its ``default`` profile, or its own
``ci`` one where it sees a CI variable. Only ``tests/`` uses hypothesis: the doctests in
``texas42/`` and README.md do not, so no conftest above this folder is needed.
"""

from __future__ import annotations

import os

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
