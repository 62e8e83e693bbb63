"""Map deal codes made with the old check character to the new one (issue 15).

The old check (``sum((2i + 1) * d) mod 32``) missed swaps of neighbours 16 apart in
the alphabet; the new one is a weighted sum over GF(32) (texas42.deals._check_digit).
The data characters (the deal's number) did not change: only the last character does.

    python scripts/recode_deals.py 4STP-NWDY-2XG 451T-GPDS   # print each new code
    python scripts/recode_deals.py --files README.md book/*.md notebooks/*.ipynb

``--files`` rewrites, in place, every 42 code (``XXXX-XXXX-XXX``) and Moon code
(``XXXX-XXXX``) that is valid under the old check and prints each change (look them
over: a word shaped like a code that happens to pass the old check would be changed
too, 1 chance in 32). Codes already valid under the new check are left alone.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from texas42.deals import _ALPHABET, _check_digit

_CODE = re.compile(r"(?<![0-9A-Za-z-])([0-9A-Z]{4}-[0-9A-Z]{4}(?:-[0-9A-Z]{3})?)(?![0-9A-Za-z-])")
_LENGTHS = (11, 8)  # a 42 code, a Moon code (letters and digits)


def _old_check(digits: list[int]) -> int:
    return sum((2 * i + 1) * d for i, d in enumerate(digits)) % 32


def recode(code: str) -> str | None:
    """The new code of an old one (same grouping), or ``None`` if ``code`` is not an old
    code (or is already a new one)."""
    text = code.replace("-", "")
    if len(text) not in _LENGTHS or any(ch not in _ALPHABET for ch in text):
        return None
    digits = [_ALPHABET.index(ch) for ch in text]
    data, check = digits[:-1], digits[-1]
    new = _check_digit(data)
    if check == new or check != _old_check(data):
        return None
    return code[:-1] + _ALPHABET[new]


def _rewrite(path: Path) -> int:
    text = path.read_text(encoding="utf-8")
    changes = 0

    def one(m: re.Match[str]) -> str:
        nonlocal changes
        new = recode(m.group(1))
        if new is None:
            return m.group(0)
        changes += 1
        print(f"{path}: {m.group(1)} -> {new}")
        return new

    out = _CODE.sub(one, text)
    if changes:
        path.write_text(out, encoding="utf-8")
    return changes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("items", nargs="+", help="old codes (or files, with --files)")
    parser.add_argument("--files", action="store_true", help="rewrite these files in place")
    args = parser.parse_args(argv)
    if args.files:
        total = sum(_rewrite(Path(p)) for p in args.items)
        print(f"{total} code(s) changed")
        return 0
    status = 0
    for code in args.items:
        new = recode(code.strip().upper())
        if new is None:
            print(f"{code}: not an old deal code (or already a new one)", file=sys.stderr)
            status = 1
        else:
            print(new)
    return status


if __name__ == "__main__":
    sys.exit(main())
