"""Checks of the book's configuration that need no build and no browser.

* every page source under book/ and every notebooks/*.ipynb is listed in _toc.yml
  (with ``only_build_toc_files: true`` an unlisted file is silently left out of the site);
* the browser-side assets in _config.yml are local paths, never another host.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx_external_toc.parsing import parse_toc_yaml

REPO = Path(__file__).resolve().parent.parent
SUFFIXES = (".md", ".ipynb")


def _listed_docnames() -> set[str]:
    site_map = parse_toc_yaml(REPO / "_toc.yml")
    names = {str(name).removesuffix(".md").removesuffix(".ipynb") for name in site_map}
    for pattern in site_map.globs():
        names |= {p.relative_to(REPO).with_suffix("").as_posix() for p in REPO.glob(pattern)}
    return names


def _sources() -> set[str]:
    found = set()
    for folder, pattern in [("book", "**/*"), ("notebooks", "*.ipynb")]:
        for path in (REPO / folder).glob(pattern):
            rel = path.relative_to(REPO)
            if path.suffix in SUFFIXES and not any(
                part.startswith(("_", ".")) for part in rel.parts
            ):
                found.add(rel.with_suffix("").as_posix())
    return found


def test_every_page_is_in_the_toc() -> None:
    missing = sorted(_sources() - _listed_docnames())
    assert not missing, (
        "these pages are not in _toc.yml, so the book would silently leave them out "
        "(add `- file: <name>` entries, see the comment at the top of _toc.yml): "
        + ", ".join(missing)
    )


def test_every_toc_entry_exists() -> None:
    missing = [
        name
        for name in sorted(_listed_docnames())
        if not any((REPO / f"{name}{suffix}").is_file() for suffix in SUFFIXES)
    ]
    assert not missing, f"_toc.yml lists files that do not exist: {missing}"


def test_browser_assets_are_local() -> None:
    import yaml  # type: ignore[import-untyped,unused-ignore]

    config: dict[str, Any] = yaml.safe_load((REPO / "_config.yml").read_text())
    sphinx = config["sphinx"]["config"]
    remote = [path for path in sphinx["nb_ipywidgets_js"] if "://" in path]
    assert not remote, f"nb_ipywidgets_js loads from other hosts: {remote}"
    assert "://" not in sphinx["mathjax_path"]
    assert config["launch_buttons"]["thebe"] is False


def test_the_live_pages_get_every_book_module_they_import() -> None:
    """The live explorers' setup imports bookkit in the browser: each of the book's own
    modules that a shipped module imports must be shipped too (live_in_place_modules),
    or the live page fails on its first import."""
    import ast

    import yaml  # type: ignore[import-untyped,unused-ignore]

    config: dict[str, Any] = yaml.safe_load((REPO / "_config.yml").read_text())
    shipped = {Path(p).stem for p in config["sphinx"]["config"]["live_in_place_modules"]}
    assert "bookkit" in shipped
    own = {p.stem for p in (REPO / "book").glob("*.py")}
    for name in sorted(shipped):
        tree = ast.parse((REPO / "book" / f"{name}.py").read_text(encoding="utf-8"))
        imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                    if isinstance(node, ast.Import) for alias in node.names}
        imported |= {str(node.module).split(".")[0] for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom) and node.level == 0}
        missing = sorted((imported & own) - shipped)
        assert not missing, f"book/{name}.py imports {missing}, not in live_in_place_modules"
