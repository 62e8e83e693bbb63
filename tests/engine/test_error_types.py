"""Issue 24: texas42/ raises only texas42.errors errors for bad input (one type for each
kind of mistake), never a bare ValueError, TypeError, IndexError ...

An AST scan of every module: each ``raise X(...)`` / ``raise X`` names its exception,
which is looked up in the module's namespace and must be a
:class:`~texas42.errors.Texas42Error` (or one of the few exceptions that are not about
input, listed with their reason). A call of a function that builds an error (``raise
bad(...)``) is checked by what it returns on a sample call where that is cheap, and by
its name otherwise: it must be defined in texas42 and its return annotation a texas42
error.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import importlib
import inspect
import typing
from pathlib import Path

import pytest

from texas42 import errors
from texas42.errors import (
    BudgetError,
    IllegalActionError,
    InputError,
    NotationError,
    Texas42Error,
    check_choice,
    check_count,
    check_dominoes,
    check_kind,
    check_rules,
    check_seat,
    check_whole,
)

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "texas42"

#: Exceptions raised on purpose that are not about bad input, and why.
NOT_INPUT: dict[type[BaseException], str] = {
    SystemExit: "a command's exit status",
    ImportError: "the explorers need ipywidgets: how to install it",
    argparse.ArgumentTypeError: "argparse's way for a type function to refuse an option",
}
#: Exceptions of texas42 that never leave their module (raised and caught inside it).
INTERNAL = {"texas42.claims._OutOfBudget",
            "texas42.classroom.reviews.Busy"}  # (the reviews' queue is full: a 503)


def _modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out.append((name, path))
    return out


def _raised_name(node: ast.Raise) -> str | None:
    """The dotted name of what ``node`` raises (a class or a function that builds the
    error); ``None`` for a bare re-raise or a raise of a caught exception variable."""
    exc = node.exc
    if exc is None:
        return None
    target = exc.func if isinstance(exc, ast.Call) else exc
    parts: list[str] = []
    while isinstance(target, ast.Attribute):
        parts.append(target.attr)
        target = target.value
    if not isinstance(target, ast.Name):
        return None
    parts.append(target.id)
    return ".".join(reversed(parts))


def _resolve(module: object, dotted: str, local_defs: dict[str, ast.AST]) -> object:
    head, *rest = dotted.split(".")
    if hasattr(module, head):
        obj = getattr(module, head)
    elif hasattr(builtins, head):
        obj = getattr(builtins, head)
    elif head in local_defs:
        return local_defs[head]  # a function defined inside another (rules.py's bad())
    else:
        return None  # a local variable: a caught exception raised again
    for part in rest:
        obj = getattr(obj, part)
    return obj


def _returns_texas42_error(func: object, module: object) -> bool:
    """Whether a function's return annotation is a texas42 error class."""
    if isinstance(func, ast.FunctionDef):
        ann = func.returns
        name = ast.unparse(ann) if ann is not None else ""
        obj = getattr(module, name, None) or getattr(errors, name, None)
        return isinstance(obj, type) and issubclass(obj, Texas42Error)
    if callable(func):
        hints = typing.get_type_hints(func, vars(inspect.getmodule(func)))
        ret = hints.get("return")
        return isinstance(ret, type) and issubclass(ret, Texas42Error)
    return False


def _offenders() -> list[str]:
    bad: list[str] = []
    for name, path in _modules():
        # (a __main__ module runs its command on import: its names are builtins' here)
        module = object() if name.endswith("__main__") else importlib.import_module(name)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        local_defs: dict[str, ast.AST] = {
            n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Raise):
                continue
            dotted = _raised_name(node)
            if dotted is None:
                continue
            obj = _resolve(module, dotted, local_defs)
            where = f"{path.relative_to(ROOT)}:{node.lineno} raise {dotted}"
            if obj is None:
                continue  # raising a caught exception again
            if isinstance(obj, type):
                qual = f"{obj.__module__}.{obj.__qualname__}"
                if issubclass(obj, Texas42Error) or obj in NOT_INPUT or qual in INTERNAL:
                    continue
                bad.append(where)
            elif not _returns_texas42_error(obj, module):
                bad.append(where + " (a function that does not return a texas42 error)")
    return bad


def test_texas42_raises_no_bare_python_errors() -> None:
    """Every raise in texas42/ is a texas42.errors error (a ValueError with ``.rule``).

    Until the svg restructuring lands (helper "svgshape"), texas42/svg.py's own
    ValueErrors are listed here: that module is converted there, not skipped here."""
    offenders = _offenders()
    assert offenders == [], "\n".join(offenders)


def test_the_scan_finds_a_bare_value_error(tmp_path: Path) -> None:
    """The scan is not blind: a raise of ValueError or TypeError in source is found."""
    tree = ast.parse("def f(x):\n    raise ValueError(x)\n\ndef g():\n    raise TypeError\n")
    names = [_raised_name(n) for n in ast.walk(tree) if isinstance(n, ast.Raise)]
    assert names == ["ValueError", "TypeError"]
    for n in names:
        assert n is not None
        obj = _resolve(object(), n, {})
        assert isinstance(obj, type) and not issubclass(obj, Texas42Error)


# -- one type for each kind of mistake --------------------------------------------------------
@pytest.mark.parametrize("call, kind, rule", [
    (lambda: check_seat(4, 4), InputError, "seat"),
    (lambda: check_seat(True, 4), InputError, "seat"),
    (lambda: check_seat(1.0, 4), InputError, "seat"),
    (lambda: check_seat("1", 4), InputError, "seat"),
    (lambda: check_count(0, "samples", 1, 10, rule="samples"), InputError, "samples"),
    (lambda: check_count(float("nan"), "samples", 1, 10, rule="samples"), InputError,
     "samples"),
    (lambda: check_whole(float("nan"), "need", rule="target"), InputError, "target"),
    (lambda: check_choice("fast", "method", ("a", "b"), rule="method"), NotationError,
     "method"),
    (lambda: check_kind(None, int, "a count"), InputError, "input"),
    (lambda: check_rules(None), NotationError, "rules"),
    (lambda: check_dominoes("6-6 6-5", "hand", 7), NotationError, "hand"),
    (lambda: check_dominoes(None), NotationError, "domino"),
])
def test_each_check_refuses_with_its_one_type(call: typing.Callable[[], object],
                                              kind: type[Texas42Error], rule: str) -> None:
    with pytest.raises(Texas42Error) as info:
        call()
    assert type(info.value) is kind and info.value.rule == rule
    assert info.value.message.isprintable()


def test_the_checks_keep_good_values() -> None:
    assert check_seat(6, 7) == 6 and check_count(3, "n", 1, 3) == 3
    assert check_whole(-(10**30), "seed") == -(10**30)
    assert check_rules("moon").name == "moon" and len(check_dominoes("6-6 6-5", size=2)) == 2


def test_not_a_seat_is_one_exception_type_everywhere() -> None:
    """The same mistake, a seat that is not at the table, raises one type wherever it is
    made (it was ValueError, InputError, NotationError and argparse's error)."""
    from texas42 import Deal, Hand, verify_claim
    from texas42.analysis.coach import review
    from texas42.analysis.evaluator import evaluate_hand
    from texas42.analysis.position import Position

    hand = Hand(Deal.from_seed(3), shaker=0)
    for b in ("30", "pass", "pass", "pass"):
        hand.bid(b)
    hand.name_contract("sixes")
    calls = [
        lambda: Hand(shaker=4), lambda: hand.holding(7), lambda: hand.lay_down(9),
        lambda: verify_claim(hand, 4), lambda: review(hand, 4, samples=2),
        lambda: evaluate_hand("6-6 6-5 6-4 6-2 5-5 4-4 3-1", seat=-1),
        lambda: evaluate_hand("6-6 6-5 6-4 6-2 5-5 4-4 3-1", seat=3, rules="moon"),
        lambda: Position.from_deal(Deal.from_seed(1), "sixes", leader=4),
    ]
    for call in calls:
        with pytest.raises(InputError) as info:
            call()
        assert info.value.rule == "seat" and "is not a seat 0.." in info.value.message


def test_the_error_types_are_one_hierarchy() -> None:
    for kind in (InputError, NotationError, IllegalActionError, BudgetError):
        assert issubclass(kind, Texas42Error) and issubclass(kind, ValueError)
    assert InputError("x").rule == "input" and NotationError("x").rule == "notation"
    assert BudgetError("x").rule == "budget"
