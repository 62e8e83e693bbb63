"""Every link of README.md and docs/*.md leads to a file of this repository (issue 34).

A clone is all a reader has: a link to a file outside it (the README once linked to
``../shared/RULES.md``, a file only the authors had) or to another host is a dead end.
Fragments (``#a-heading``) must name a heading of the file they point to.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DOCUMENTS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]

# [text](target) and [text](target "title"); and reference definitions "[name]: target".
INLINE = re.compile(r"\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.MULTILINE)
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`[^`\n]*`")


def links(text: str) -> list[str]:
    """The link targets of a Markdown text, outside code blocks and code spans."""
    # A link's text may be a code span ([`docs/X.md`](docs/X.md)): "[](docs/X.md)" is left.
    prose = CODE_SPAN.sub("", FENCE.sub("", text))
    return INLINE.findall(prose) + REFERENCE.findall(prose)


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {slug(h) for h in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, re.MULTILINE)}


def problem(document: Path, target: str) -> str | None:
    """Why ``target`` (a link in ``document``) does not resolve inside the repository."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE) or target.startswith("//"):
        return "leads out of the repository (another host or scheme)"
    path_part, _, fragment = target.partition("#")
    path = (document.parent / path_part).resolve() if path_part else document
    if not path.is_relative_to(REPO):
        return "leads outside the repository"
    if not path.exists():
        return "names a file that does not exist"
    if fragment and path.suffix == ".md" and fragment not in anchors(path):
        return f"names a heading #{fragment} that {path.name} does not have"
    return None


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_link_resolves_inside_the_repository(document: Path) -> None:
    found = links(document.read_text(encoding="utf-8"))
    broken = [f"{t}: {why}" for t in found if (why := problem(document, t))]
    assert not broken, f"{document.relative_to(REPO)}: " + "; ".join(broken)


def test_the_readme_links_to_the_rules_in_the_repository() -> None:
    assert "docs/RULES.md" in links((REPO / "README.md").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("target", "why"),
    [
        ("../shared/RULES.md", "outside the repository"),
        ("docs/NO_SUCH_FILE.md", "does not exist"),
        ("https://example.org/42", "another host"),
        ("docs/RULES.md#no-such-heading", "does not have"),
    ],
)
def test_a_bad_link_is_reported(target: str, why: str) -> None:
    reason = problem(REPO / "README.md", target)
    assert reason is not None and why in reason


def test_links_are_found_in_code_span_texts_but_not_in_code() -> None:
    text = "See [`docs/RULES.md`](docs/RULES.md).\n```\n[x](../nowhere.md)\n```\n`[y](z.md)`\n"
    assert links(text) == ["docs/RULES.md"]


def test_a_heading_anchor_resolves() -> None:
    assert problem(REPO / "README.md", "docs/RULES.md#presets") is None
