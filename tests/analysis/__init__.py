"""Tests of texas42.analysis: solver, players, evaluator, match harness, commands."""
