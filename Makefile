# texas42 project tasks. On a fresh machine these two are all you need:
#   make site   set up, build what changed (strictly), serve it at http://127.0.0.1:8000
#   make test   set up (incl. Debian chromium), run every check; non-zero exit on any failure
# `make serve` serves the last build (no build, no network); `HOST=0.0.0.0 make serve` serves
# the room's network. Others: setup, book, archive, lint, typecheck, unit, nbval, browser, bench, clean.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

PYTHON      ?= python3
VENV        := .venv
BIN         := $(CURDIR)/$(VENV)/bin
PY          := $(BIN)/python
STAMP       := .setup.stamp
CONSTRAINTS := requirements/constraints.txt
EXTRAS      := dev,widgets,book,browser,cluster,classroom
CHROMIUM    := /usr/bin/chromium
# `HOST=0.0.0.0 make serve` (or make site): every interface, for the room's network.
HOST        ?= 127.0.0.1
SITE_PORT   ?= 8000
BOOK_FLAGS  := -W -n --keep-going
NBVAL_CFG   := tests/notebooks/nbval_sanitize.cfg

# Every tool, notebook kernel and subprocess uses the venv; quiet Jupyter's path notice.
export PATH := $(BIN):$(PATH)
export VIRTUAL_ENV := $(CURDIR)/$(VENV)
export JUPYTER_PLATFORM_DIRS := 1
export PYDEVD_DISABLE_FILE_VALIDATION := 1
export PIP_DISABLE_PIP_VERSION_CHECK := 1
export DEBIAN_FRONTEND := noninteractive
# jupyter lite build suggests an optional archive library on every build ("install
# libarchive-c for better performance"): a hint a newcomer would take for an error.
export PYTHONWARNINGS := ignore::UserWarning:jupyterlite_core.addons.base

.PHONY: help setup chromium vendor lite lite-if-changed book site-build site serve archive test \
        test-steps lint ruff typecheck unit nbval browser bench clean distclean FORCE

help:
	@sed -n '1,5p' Makefile | sed 's/^# \{0,1\}//'

# ---------------------------------------------------------------- setup
# Rerun only when the dependency files change or the venv / node_modules went missing.
setup: $(STAMP)

$(STAMP): pyproject.toml $(CONSTRAINTS) package.json package-lock.json \
          $(if $(wildcard $(PY)),,FORCE) $(if $(wildcard node_modules/.package-lock.json),,FORCE)
	@echo "==> setup: Python venv in $(VENV)"
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -c $(CONSTRAINTS) -e '.[$(EXTRAS)]' 2>&1 \
	  | { grep -v "^WARNING: Location 'file:///opt/" || true; }
	@echo "==> setup: npm ci (require.js, ipywidgets html-manager, MathJax)"
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@
	@echo "==> setup done"

# Debian's Chromium for the real-browser tests (Playwright drives it; never `playwright install`).
chromium:
	@if [ -x $(CHROMIUM) ]; then echo "==> chromium: $$($(CHROMIUM) --version 2>/dev/null)"; \
	else \
	  echo "==> installing Debian chromium (apt-get)"; \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -q && $$SUDO apt-get install -y -q chromium; \
	  test -x $(CHROMIUM); \
	fi

# ---------------------------------------------------------------- book
# Copy require.js, the widget manager and MathJax out of node_modules (gitignored output).
vendor: setup
	$(PY) scripts/copy_widget_js.py

# The live explorers' JupyterLite (scripts/build_lite.py): Pyodide from node_modules and
# the exact wheels of its lock (pip download) plus this project's wheel into jupyterlite/
# (gitignored output). jupyterlite-sphinx then builds _build/html/lite/ during `book`.
lite: setup
	@echo "==> lite: scripts/build_lite.py prepare"
	$(PY) scripts/build_lite.py prepare

# Said after jupyter-book's own advice to open index.html as a file: opened so, the live
# explorers cannot run (a browser refuses their fetches from file://).
SERVE_ADVICE := ==> Built. Do not open _build/html/index.html as a file (its explorers need a \
  server): serve it with `make serve` (or `texas42 classroom _build/html`), then open \
  http://127.0.0.1:$(SITE_PORT)/

# Strict build: any Sphinx warning, broken reference or notebook error fails it.
# --all: rebuild every page, so warnings of unchanged pages are reported again.
# Then check the JupyterLite site built into it (fails if anything is missing).
book: vendor lite
	@echo "==> book: jupyter-book build . $(BOOK_FLAGS) --all"
	@start=$$(date +%s); rc=0; \
	$(BIN)/jupyter-book build . $(BOOK_FLAGS) --all || rc=$$?; \
	echo "==> book build: exit $$rc after $$(( $$(date +%s) - start )) s (_build/html)"; \
	[ $$rc -ne 0 ] || $(PY) scripts/build_lite.py check || rc=$$?; \
	[ $$rc -ne 0 ] || echo '$(SERVE_ADVICE)'; \
	exit $$rc

# `make site`: what changed only (scripts/incremental.py): `lite` again only when its inputs'
# hashes changed (wheels from .cache/lite-wheels: offline after the first setup), the book
# without --all unless the code pages depend on changed; then serve it.
lite-if-changed: setup
	$(PY) scripts/incremental.py lite

site-build: vendor lite-if-changed
	$(PY) scripts/incremental.py book

site: site-build
	@echo ""
	@echo "==> Built. Serving it now (not the file: its explorers need a server)"
	@$(MAKE) serve

# Serve the last build as it is: no build step, no network. The classroom server
# (texas42/classroom: starlette over hypercorn, idle and slow clients timed out, connections
# capped in all and per address) comes with `make setup` (the `classroom` extra).
serve:
	@$(if $(wildcard $(PY)),$(PY),$(PYTHON)) -m texas42.classroom --host $(HOST) --port $(SITE_PORT)

# The site archive a teacher serves with Python alone (`texas42 classroom ARCHIVE`, no
# build, no Node): the last build in one deterministic .zip (scripts/site_archive.py).
# ARCHIVE=....tar.gz writes a gzipped tar. The release workflow attaches it.
ARCHIVE ?= _build/texas42-site.zip
archive: setup
	$(PY) scripts/site_archive.py _build/html $(ARCHIVE)

# ---------------------------------------------------------------- tests
# `make -k`: every step runs even when an earlier one fails (the browser step needs the
# book); make exits non-zero if any step failed.
test: setup chromium
	@$(MAKE) -k test-steps || { echo ""; echo "==> make test: FAILED (see the steps above)"; exit 1; }
	@echo ""
	@echo "==> make test: all steps passed"

test-steps: ruff typecheck unit nbval book browser

lint: ruff typecheck

ruff: setup
	@echo "==> ruff check"
	$(BIN)/ruff check .

typecheck: setup
	@echo "==> mypy --strict (files from [tool.mypy]), then the infrastructure code"
	@rc=0; $(BIN)/mypy --strict || rc=1; \
	$(BIN)/mypy --strict scripts tests/browser tests/test_infra_book.py tests/conftest.py \
	  tests/test_hypothesis_profile.py book/_ext || rc=1; \
	exit $$rc

# Unit and property tests plus doctests in texas42/ and README.md (browser tests excluded).
# Each test step lists its slowest tests, so every CI log says where its time went.
unit: setup
	@echo "==> pytest: tests/, doctests in texas42/ and README.md"
	@rc=0; $(PY) -m pytest -n auto --durations=20 -m "not browser" tests texas42 README.md || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "==> pytest collected no tests (exit 5): nothing to run yet"; \
	elif [ $$rc -ne 0 ]; then exit $$rc; fi

nbval: setup
	@if compgen -G "notebooks/*.ipynb" > /dev/null; then \
	  echo "==> nbval: notebooks/*.ipynb"; \
	  $(PY) -m pytest --nbval --nbval-current-env \
	    --nbval-sanitize-with $(NBVAL_CFG) notebooks/; \
	else echo "==> nbval: no notebooks/*.ipynb yet, nothing to check"; fi

# Real Chromium against the built site (_build/html) and a JupyterLab server on 127.0.0.1.
# Two test processes (pytest-xdist), each taking whole modules (a module's servers and
# order stay together): most of a test is waiting on the page, so two share 2 cores well
# (31 min -> 22 on this machine, docs/FIGURES.md).
browser: setup chromium
	@echo "==> pytest -m browser (headless $(CHROMIUM))"
	$(PY) -m pytest -m browser -n 2 --dist loadscope --durations=30 tests/browser

# ---------------------------------------------------------------- benchmarks
bench: setup
	@if compgen -G "bench/*.py" > /dev/null; then \
	  for f in bench/*.py; do echo "==> bench: $$f"; $(PY) "$$f"; done; \
	else echo "==> bench: no bench/*.py scripts yet"; fi

# ---------------------------------------------------------------- cleaning
clean:
	rm -rf _build _vendored jupyterlite/static test-artifacts .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -path ./.venv -prune -o -path ./node_modules -prune -o \
	  -type d -name __pycache__ -print0 | xargs -0 rm -rf

distclean: clean
	rm -rf $(VENV) node_modules $(STAMP) *.egg-info .cache

FORCE:
