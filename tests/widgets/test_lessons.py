"""Explorer 8 and the lesson files: every lesson is validated by the engine."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("ipywidgets")

from texas42.widgets import LessonExplorer
from texas42.widgets import lesson_data as data

CHAPTERS = data.load_chapters()
STEPS = [
    pytest.param(step, id=f"{lesson.id}-{i}")
    for chapter in CHAPTERS
    for lesson in chapter.lessons
    for i, step in enumerate(lesson.steps)
]


def test_chapters_in_teaching_order() -> None:
    titles = [c.title for c in CHAPTERS]
    assert titles[0] == "Dominoes and suits" and titles[-1] == "House rules"
    assert [c.order for c in CHAPTERS] == sorted(c.order for c in CHAPTERS)
    ids = [les.id for c in CHAPTERS for les in c.lessons]
    assert len(ids) == len(set(ids))
    kinds = {s.question["type"] for c in CHAPTERS for les in c.lessons for s in les.steps}
    assert kinds == set(data.QUESTION_TYPES)


@pytest.mark.parametrize("step", STEPS)
def test_stored_answers_are_what_the_engine_proves(step: data.Step) -> None:
    good = data.accepted(step)
    offered = data.options(step)
    assert sorted(good) == sorted(step.answers)
    assert set(good) <= set(offered)
    assert len(offered) > len(good) or step.question["type"] == "play"
    for choice in offered:
        right, why = data.explain_choice(step, choice)
        assert right == (choice in good)
        assert why and why.strip().endswith((".", ")")), (choice, why)
    for wrong in step.why:
        assert wrong in offered and wrong not in good


def test_bad_lesson_files_are_refused() -> None:
    with pytest.raises(data.LessonError, match="missing 'lessons'"):
        data.parse_chapter({"chapter": "x"}, "bad.json")
    bad = {
        "chapter": "x",
        "lessons": [
            {
                "id": "a",
                "title": "t",
                "goal": "g",
                "steps": [{"prompt": "p", "question": {"type": "guess"}, "answers": []}],
            }
        ],
    }
    with pytest.raises(data.LessonError, match="question type 'guess'"):
        data.parse_chapter(json.loads(json.dumps(bad)), "bad.json")


def test_feedback_states() -> None:
    ex = LessonExplorer()
    assert ex.state["feedback"] == "your-turn" and ex.message.startswith("Your turn")
    assert ex.continue_button.disabled
    ex.answer("fours")
    assert ex.state["feedback"] == "not-quite"
    assert ex.message.startswith("Not quite") and "higher end" in ex.message
    ex.hint_button.click()
    assert ex.message.startswith("Hint:")
    ex.show_button.click()
    assert "Show me: sixes" in ex.message and ex.state["feedback"] == "your-turn"
    ex.answer("sixes")
    assert ex.state["feedback"] == "good" and ex.message.startswith("Good")
    ex.answer("sixes")
    assert "Already answered" in ex.message
    ex.continue_button.click()
    assert ex.state["step"] == 1 and ex.state["feedback"] == "your-turn"
    ex.answer("not an option")
    assert "not one of the choices" in ex.message
    ex.answer("fives")
    assert ex.state["feedback"] == "done" and ex.message.startswith("Done")
    assert "suits-higher-end" in ex.state["solved"]
    ex.continue_button.click()
    assert ex.state["lesson"] == "suits-doubles"


def test_any_proven_answer_is_accepted() -> None:
    ex = LessonExplorer(chapter="Following suit")
    ex.lesson_picker.value = 1
    good = ex.state["accepted"]
    assert len(good) == 3  # void in sixes: any of the three may be played
    for choice in good:
        ex.lesson_picker.value = 0
        ex.lesson_picker.value = 1
        ex.answer(choice)
        assert ex.state["feedback"] == "good"


def test_walk_every_lesson_through_the_buttons() -> None:
    ex = LessonExplorer()
    total = sum(len(c.lessons) for c in CHAPTERS)
    for _ in range(total):
        for _step in range(len(ex.lesson.steps)):
            wrong = [o for o in ex.state["options"] if o not in ex.state["accepted"]]
            if wrong:
                ex.answer(wrong[0])
                assert ex.state["feedback"] == "not-quite"
            right = ex.state["accepted"][0]
            button = next(b for b in ex.options_box.children if b.tooltip == f"answer: {right}")
            button.click()
            assert ex.state["feedback"] in ("good", "done"), ex.message
            ex.continue_button.click()
    assert len(ex.state["solved"]) == total
    assert ex.last_error is None


def test_navigation() -> None:
    ex = LessonExplorer()
    ex.prev_button.click()
    assert "first lesson" in ex.message
    ex.chapter_picker.value = len(CHAPTERS) - 1
    ex.lesson_picker.value = len(ex.chapter.lessons) - 1
    ex.next_button.click()
    assert "last lesson" in ex.message
    ex.chapter_picker.value = 1
    ex.prev_button.click()
    assert ex.state["chapter"] == CHAPTERS[0].title
