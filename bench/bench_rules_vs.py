"""Benchmark: today's rule-based player against its play rules of an earlier commit.

    PYTHONPATH=. python3 bench/bench_rules_vs.py [--rev d666d27] [--deals 2000] [--seed 5]
        [--workers N] [--dask ADDRESS]      (every core by default)

A duplicate match (texas42.analysis.match): side A plays with the current
``rules_of_thumb.play_choice``, side B with the one committed at ``--rev`` (read with
``git show``); bidding and naming the contract are the same for both. Cheap enough for
thousands of deals, so a change of a play rule is measured before it is kept (the
stronger judge is the match against ``sampling:12``, README's Figures).
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import texas42.analysis  # noqa: E402,F401  (the package the old module's imports need)
import texas42.analysis.players as players  # noqa: E402
from texas42.analysis import parallel  # noqa: E402
from texas42.analysis.match import match  # noqa: E402
from texas42.analysis.rules_of_thumb import PlaySettings  # noqa: E402
from texas42.analysis.view import SeatView  # noqa: E402


def old_rules(rev: str) -> object:
    """``rules_of_thumb`` as committed at ``rev``, loaded inside the package."""
    text = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{rev}:texas42/analysis/rules_of_thumb.py"],
        check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "old_rules_of_thumb.py"
    path.write_text(text, encoding="utf-8")
    name = "texas42.analysis._old_rules_of_thumb"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def settings_object(old: Any) -> Callable[..., tuple[int, str, int]]:
    """The old module's ``play_choice``, called as today's (settings in one object)."""
    if hasattr(old, "PlaySettings"):
        return old.play_choice  # type: ignore[no-any-return]

    # Before issue 24 the rules of thumb took their settings one by one.
    def one_by_one(settings: PlaySettings, held: int, legal: int, unknown: int,
                   plays: list[int], last: bool, partner_pos: int) -> tuple[int, str, int]:
        t = settings.tables
        return old.play_choice(  # type: ignore[no-any-return]
            t.ft, t.above, t.tops, held, legal, unknown, plays, last, partner_pos,
            settings.bidding_side, settings.every_trick)

    return one_by_one


class OldRulesPlayer(players.RuleBasedPlayer):
    """The rule-based player with the play rules committed at ``rev`` (module level, so
    it travels to worker processes and to a cluster; each loads the old rules once)."""

    _loaded: ClassVar[dict[str, Callable[..., tuple[int, str, int]]]] = {}

    def __init__(self, rev: str) -> None:
        super().__init__()
        self.rev = rev
        self.name = f"rule-based@{rev}"

    def choose(self, view: SeatView) -> tuple[int, str, int]:
        if self.rev not in self._loaded:
            self._loaded[self.rev] = settings_object(old_rules(self.rev))
        space = vars(players)  # the name choose() calls, swapped for this play
        now = space["play_choice"]
        space["play_choice"] = self._loaded[self.rev]
        try:
            return super().choose(view)
        finally:
            space["play_choice"] = now


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rev", default="d666d27", help="the commit to compare with")
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=5)
    parallel.add_arguments(ap)
    args = ap.parse_args()
    print(match(players.RuleBasedPlayer(), OldRulesPlayer(args.rev), deals=args.deals,
                seed=args.seed, workers=args.workers, dask=args.dask).summary())


if __name__ == "__main__":
    main()
