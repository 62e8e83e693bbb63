"""The `texas42` command: deal, replay (42, laid-down and Moon records), rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from texas42 import Deal, Hand, HandRecord, Rules
from texas42.cli import EXIT_ILLEGAL, main
from texas42.moon import MoonDeal, MoonHand


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def played(seed: int = 7) -> Hand:
    hand = Hand.at_play(Deal.from_seed(seed), "sixes", bid="30", shaker=3)
    while not hand.is_over:
        hand.play(hand.legal_plays()[0])
    return hand


def test_deal_by_seed_and_by_code_agree(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "deal", "--seed", "7", "--json")
    data = json.loads(out)
    deal = Deal.from_seed(7)
    assert code == 0 and data["code"] == deal.code
    assert data["hands"] == [[str(d) for d in h] for h in deal.hands]
    code, text = run(capsys, "deal", "--code", deal.code)
    assert code == 0 and deal.code in text
    assert all(f"seat {s}: {deal.hands[s]}" in text for s in range(4))


def test_replay_prints_every_trick_and_the_result(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    hand = played()
    path = tmp_path / "hand.json"
    path.write_text(hand.record().to_json())
    code, out = run(capsys, "replay", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and len(data["tricks"]) == len(hand.tricks)
    assert [t["winner"] for t in data["tricks"]] == [t.winner for t in hand.tricks]
    assert data["result"]["made"] == hand.result.made  # type: ignore[union-attr]
    assert "claim" not in data
    code, text = run(capsys, "replay", str(path))
    assert code == 0 and text.strip().endswith(hand.status())


def test_an_illegal_play_exits_2_naming_the_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = played().record().to_dict()
    hand = Hand.at_play(Deal.from_seed(7), "sixes", bid="30", shaker=3)
    hand.play(hand.legal_plays()[0])
    illegal = next(d for d in hand.holding(1) if d not in hand.legal_plays())
    data["plays"] = [data["plays"][0], str(illegal)]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    code, out = run(capsys, "replay", str(path), "--json")
    error = json.loads(out)["error"]
    assert code == EXIT_ILLEGAL
    assert error["kind"] == "play" and error["index"] == 1 and error["rule"] == "follow-suit"


def test_a_laid_down_hand_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sixes = "6-6 6-5 6-4 6-3 6-2 6-1 5-5"
    others = ["6-0 0-0 1-0 1-1 2-0 2-1 2-2", "3-0 3-1 3-2 3-3 4-0 4-1 4-2",
              "4-3 4-4 5-0 5-1 5-2 5-3 5-4"]
    hand = Hand.at_play(Deal([sixes.split()] + [h.split() for h in others]), "sixes", bid="30",
                        shaker=3)
    hand.lay_down(0)
    path = tmp_path / "claim.json"
    path.write_text(hand.record().to_json())
    code, out = run(capsys, "replay", str(path), "--json")
    assert code == 0 and json.loads(out)["claim"] == {"seat": 0, "play": 0}
    code, text = run(capsys, "replay", str(path))
    assert code == 0 and "Seat 0 laid the hand down at trick 1." in text
    assert HandRecord.from_json(path.read_text()).replay() == hand


def test_replay_reads_a_moon_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    moon = MoonHand.at_play(MoonDeal.from_seed(3), "follow-me", bid=5, shaker=0,
                            discards=lambda h: next(iter(h.holding(1))))
    while not moon.is_over:
        moon.play(moon.legal_plays()[-1])
    path = tmp_path / "moon.json"
    path.write_text(moon.to_json())
    code, out = run(capsys, "replay", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and len(data["tricks"]) == 7
    assert all(len(t["plays"]) == 3 for t in data["tricks"])
    assert data["result"]["score"] == list(moon.result.score)  # type: ignore[union-attr]


@pytest.mark.parametrize("preset", ["standard", "lechner", "moon"])
def test_rules_in_words(capsys: pytest.CaptureFixture[str], preset: str) -> None:
    code, out = run(capsys, "rules", preset)
    rules = Rules.preset(preset)
    assert code == 0 and out.startswith(f"{rules.name} (sources: {rules.source})")
    assert [ln.removeprefix("  - ") for ln in out.splitlines()[1:]] == list(rules.describe())


def test_a_moon_deal_and_its_code(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "deal", "--rules", "moon", "--seed", "1", "--json")
    data = json.loads(out)
    deal = MoonDeal.from_seed(1)
    assert code == 0 and data["code"] == deal.code and data["widow"] == str(deal.widow)
    assert data["hands"] == [[str(d) for d in h] for h in deal.hands]
    code, text = run(capsys, "deal", "--rules", "moon", "--code", deal.code)
    assert code == 0 and f"widow (face down): {deal.widow}" in text
    bad = deal.code[:-1] + ("X" if deal.code[-1] != "X" else "Y")
    assert main(["deal", "--rules", "moon", "--code", bad]) == EXIT_ILLEGAL
    assert "check character" in capsys.readouterr().err
