"""The rule-based players decide exactly as they did before the rules of thumb took their
settings as objects (issue 24): seeded games at every table, the mask playouts and the
weights of guesses (the rule-based policy judging what a guess explains), against
the record made once from the code before (tests/analysis/rule_plays.py)."""

from __future__ import annotations

import json

from tests.analysis.rule_plays import RECORD, games, likelihoods, playouts


def recorded() -> dict[str, object]:
    data: dict[str, object] = json.loads(RECORD.read_text(encoding="utf-8"))
    return data


def test_seeded_games_at_every_table_are_played_as_recorded() -> None:
    before = recorded()["games"]
    now = games()
    assert sorted(now) == sorted(before)  # type: ignore[arg-type]
    for table, hands in now.items():
        assert hands == before[table], table  # type: ignore[index]


def test_mask_playouts_take_the_recorded_points() -> None:
    assert playouts() == recorded()["playouts"]


def test_guesses_are_weighted_as_recorded() -> None:
    now = likelihoods()
    assert len(now) > 100 and len(set(now)) > 3  # guesses the policy judges differently
    assert now == recorded()["likelihoods"]
