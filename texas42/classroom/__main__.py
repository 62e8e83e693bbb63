"""``python -m texas42.classroom``: serve the built book (what ``make serve`` runs)."""

from __future__ import annotations

import sys


def _main() -> int:
    try:
        from .server import main
    except ImportError as error:
        print(
            f"serve: the classroom server needs the `classroom` extra ({error.name} is"
            " missing): run `make setup`, or pip install -e '.[classroom]'",
            file=sys.stderr,
        )
        return 1
    return main()


if __name__ == "__main__":
    raise SystemExit(_main())
