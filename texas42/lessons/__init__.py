"""Lessons and quizzes as data: one JSON file per chapter (see texas42.widgets.lesson_data)."""
