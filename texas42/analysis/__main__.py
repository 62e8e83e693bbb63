"""``python -m texas42.analysis solve|advise|match ...``"""

from __future__ import annotations

import sys

from .cli import main as cli_main
from .match import main as match_main


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "match":
        return match_main(args[1:])
    return cli_main(args)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
