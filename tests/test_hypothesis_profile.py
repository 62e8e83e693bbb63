"""CI draws the same property-test examples on every run (issue 24).

``.ci/run`` exports ``HYPOTHESIS_PROFILE=ci``; tests/conftest.py registers the ``ci``
profile and loads the profile that variable names. The last test runs the session check
in a fresh pytest with CI=true, with and without the variable: it must pass with it and
fail without it, so the check cannot pass in CI by accident.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
VARIABLE = "HYPOTHESIS_PROFILE"


def test_the_ci_profile_is_derandomized_without_deadline() -> None:
    ci = settings.get_profile("ci")
    assert ci.derandomize is True
    assert ci.deadline is None
    assert ci.database is None
    assert ci.print_blob is True


def _draws(profile: settings) -> list[int]:
    seen: list[int] = []

    @settings(profile, max_examples=30)
    @given(st.integers())
    def probe(n: int) -> None:
        seen.append(n)

    probe()
    return seen


def test_the_ci_profile_draws_the_same_examples_every_run() -> None:
    ci = settings.get_profile("ci")
    first = _draws(ci)
    assert len(first) == 30 and len(set(first)) > 10
    assert _draws(ci) == first
    # Without it two runs differ: the comparison above can tell the two apart.
    fresh = settings(ci, derandomize=False)
    assert _draws(fresh) != _draws(fresh)


def _conftest(config: pytest.Config) -> ModuleType:
    """tests/conftest.py as pytest loaded it (whatever name its import mode gave it)."""
    path = Path(__file__).with_name("conftest.py")
    for plugin in config.pluginmanager.get_plugins():
        if isinstance(plugin, ModuleType) and Path(plugin.__file__ or "") == path:
            return plugin
    raise AssertionError(f"pytest did not load {path}")


def test_the_session_runs_under_the_profile_the_environment_names(
        pytestconfig: pytest.Config) -> None:
    """The profile in force is the one HYPOTHESIS_PROFILE names (unset: hypothesis's own
    choice, untouched); in CI (the CI variable set) it must be the derandomized ``ci``."""
    conftest = _conftest(pytestconfig)
    named = os.environ.get(VARIABLE)
    current = settings.get_current_profile_name()
    assert current == (named or conftest.HYPOTHESIS_CHOICE)
    if "CI" in os.environ:
        assert named == "ci", (
            f"a CI run must set {VARIABLE}=ci (.ci/run exports it), found {named!r}")
        assert settings.default is not None
        assert settings.default.derandomize is True
        assert settings.default.deadline is None


def test_ci_run_exports_the_ci_profile() -> None:
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert f"export {VARIABLE}=ci" in lines


def _session_check(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    test = Path(__file__).relative_to(ROOT)
    name = f"{test}::test_the_session_runs_under_the_profile_the_environment_names"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", name],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)


def test_the_session_check_fails_a_ci_run_that_forgot_the_variable() -> None:
    env = {k: v for k, v in os.environ.items() if k != VARIABLE}
    env["CI"] = "true"
    forgot = _session_check(env)
    assert forgot.returncode == 1, forgot.stdout + forgot.stderr
    assert f"a CI run must set {VARIABLE}=ci" in forgot.stdout
    kept = _session_check({**env, VARIABLE: "ci"})
    assert kept.returncode == 0, kept.stdout + kept.stderr
    assert "1 passed" in kept.stdout
