"""Matches on every core and on a Dask cluster give the serial result, deal by deal."""

from __future__ import annotations

import sys

import pytest

from texas42.analysis.match import MatchResult, match
from texas42.analysis.match import main as match_main
from texas42.analysis.parallel import check_workers, cpu_cores, run_jobs
from texas42.analysis.players import RandomPlayer, RuleBasedPlayer, make_player
from texas42.errors import InputError


def _outcome(r: MatchResult) -> list[tuple[int, str, int, int, tuple[tuple[int, ...], ...]]]:
    """Everything a match result says about its deals (the CPU times aside)."""
    return [(d.index, d.code, d.marks, d.points, d.plays) for d in r.deals]


@pytest.mark.parametrize("rules", ["standard", "three-hand"])
def test_same_seed_same_result_with_1_2_and_4_workers(rules: str) -> None:
    runs = [
        match(RuleBasedPlayer(), RandomPlayer(7), deals=9, seed=11, rules=rules, workers=w)
        for w in (1, 2, 4)
    ]
    assert _outcome(runs[0]) == _outcome(runs[1]) == _outcome(runs[2])
    assert len(runs[0].deals) == 9 and any(d.points for d in runs[0].deals)


def test_a_searching_player_used_before_gives_the_serial_result_on_workers() -> None:
    # The sampling player keeps solver tables between decisions; a copy sent to a worker
    # must still choose exactly as the player here does.
    a, b = make_player("sampling:3", seed=1), make_player("rule-based", seed=2)
    serial = match(a, b, deals=4, seed=3, workers=1)
    again = match(a, b, deals=4, seed=3, workers=2)
    assert _outcome(serial) == _outcome(again)
    assert again.per_play[0] > 0  # the workers' CPU times come back


def test_progress_is_told_in_deal_order_on_workers() -> None:
    seen: list[int] = []
    match(RuleBasedPlayer(), RandomPlayer(1), deals=7, seed=2, workers=2,
          progress=lambda i, d: seen.append(i))
    assert seen == list(range(7))


@pytest.mark.parametrize("bad", [0, -1, True, 1.5, "2"])
def test_workers_must_be_a_count(bad: object) -> None:
    with pytest.raises(InputError, match="workers must be a whole number") as err:
        check_workers(bad)
    assert err.value.rule == "workers"
    with pytest.raises(InputError):
        match(RuleBasedPlayer(), RandomPlayer(1), deals=1, workers=bad)  # type: ignore[arg-type]


def test_run_jobs_keeps_the_order_and_reports_each_result() -> None:
    told: list[tuple[int, int]] = []
    out = run_jobs(abs, list(range(-20, 0)), workers=2, on_result=lambda i, r: told.append((i, r)))
    assert out == list(range(20, 0, -1))
    assert told == list(enumerate(out))
    assert cpu_cores() >= 1


def test_dask_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    with pytest.raises(InputError, match=r"texas42\[cluster\]"):
        run_jobs(abs, [1, 2], dask="tcp://127.0.0.1:1")


def test_match_on_a_dask_local_cluster_equals_the_serial_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import distributed  # the cluster extra, which `make setup` installs
    serial = match(RuleBasedPlayer(), RandomPlayer(5), deals=6, seed=9, workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        on_cluster = match(RuleBasedPlayer(), RandomPlayer(5), deals=6, seed=9,
                           dask=cluster.scheduler_address)
        assert _outcome(on_cluster) == _outcome(serial)
        # The command line's --dask: the same summary line as the serial command's.
        code = match_main(["rule-based", "random", "--deals", "6", "--seed", "9",
                                  "--quiet", "--dask", cluster.scheduler_address])
    assert code == 0
    on_cli = capsys.readouterr().out
    assert match_main(["rule-based", "random", "--deals", "6", "--seed", "9",
                              "--quiet", "--workers", "1"]) == 0
    serial_cli = capsys.readouterr().out
    points = [line for line in on_cli.splitlines() if line.startswith("Points:")]
    assert points and points == [
        line for line in serial_cli.splitlines() if line.startswith("Points:")
    ]
