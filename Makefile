# Rulekeeper. Two commands on a fresh machine: `make serve` and `make test`.
# Every target installs what it needs itself, idempotently (stamp files make re-runs fast).

PORT ?= 8000
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
TEST_WHEELS := pytest==9.0.3 pluggy==1.6.0 iniconfig==2.1.0 packaging==25.0 pygments==2.19.2 \
               hypothesis==6.155.2 sortedcontainers==2.4.0 icepool==2.1.3 segno==1.6.6

.PHONY: serve build test lint typecheck fast unit pyodide-test e2e bench clean deps browsers

serve: build
	@echo "Rulekeeper at http://localhost:$(PORT)/ (Ctrl-C stops)"
	$(PY) -m http.server --directory dist --bind 127.0.0.1 $(PORT)

build: $(VENV)/.stamp node_modules/.stamp
	$(PY) tools/build.py

deps: $(VENV)/.stamp node_modules/.stamp

$(VENV)/.stamp: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

# `npm install` rather than `npm ci`: npm 11's ci refuses this lock over rollup's optional
# per-platform packages (never installed here); install follows the lock and leaves it unchanged.
node_modules/.stamp: package.json package-lock.json
	npm install --no-audit --no-fund --no-save
	touch $@

$(CHROMIUM):
	$(SUDO) apt-get update -qq
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

# The other two engines of the e2e smoke tests and the benchmark: Firefox ESR (driven over its
# Marionette socket) and WebKitGTK's MiniBrowser (iPad Safari's engine family) with its WebDriver,
# under Xvfb. Installed once, like Chromium.
ENGINES := /usr/bin/firefox-esr /usr/bin/WebKitWebDriver /usr/bin/xvfb-run
browsers: $(CHROMIUM)
	@for b in $(ENGINES); do test -x $$b || missing=1; done; \
	if [ -n "$$missing" ]; then \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    firefox-esr webkit2gtk-driver xvfb xauth; \
	fi

# Pure-Python wheels for the core's tests inside Pyodide (Python 3.14) under node.
wheels-test/.stamp: Makefile
	rm -rf wheels-test
	$(PY) -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
	  --python-version 3.14 --platform any --implementation py -d wheels-test $(TEST_WHEELS)
	touch $@

lint: $(VENV)/.stamp
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	# Every e2e module imports (2 s): a name two test folders share once broke the whole e2e
	# run at its collection, after the 15 minutes of the suites before it.
	$(VENV)/bin/pytest --collect-only -q -p no:cacheprovider e2e > /dev/null

typecheck: $(VENV)/.stamp
	$(VENV)/bin/mypy --strict pycore
	MYPYPATH=web $(VENV)/bin/mypy --strict -p rkweb
	# The build, the benchmarks and the e2e helpers they import (tools/ puts e2e/ on its path).
	MYPYPATH=tools:e2e:web:tests $(VENV)/bin/mypy --strict --explicit-package-bases tools

# The inner loop (README): the core and web-layer tests but the slow ones, properties on a few
# examples each, stopping at the first failure; `make fast ONLY=simply` runs one system's.
fast: $(VENV)/.stamp
	RULEKEEPER_HYPOTHESIS=fast $(VENV)/bin/pytest -q -x -p no:cacheprovider -m "not slow" \
		$(if $(ONLY),-k "$(ONLY)",) tests pycore web/rkweb --ignore=web/rkweb/app/browser.py

unit: $(VENV)/.stamp
	$(VENV)/bin/pytest -q tests pycore web/rkweb README.md --doctest-glob=README.md --ignore=web/rkweb/app/browser.py

pyodide-test: node_modules/.stamp wheels-test/.stamp
	node tools/pyodide_pytest.mjs -q tests pycore

# --timeout: one test that waits on a browser call no one answers (stop 39: 9 minutes idle in
# the update test) fails with its stack instead of holding CI until its 90-minute stop.
# --reruns: CI once saw 35 of 206 Chromium tests' pages crash ("Target crashed", in the app's
# start or just after it), in no run on these machines before or since; such a test runs again,
# at most twice, and the summary's R lines and "rerun" count say so. A test that fails any other
# way fails. The crash's own lines from Chromium's log are in its report (e2e/conftest.py).
e2e: build browsers
	REQUIRE_ENGINES=1 $(VENV)/bin/pytest -q -rR --timeout=900 --reruns 2 --only-rerun crashed e2e

test: lint typecheck unit pyodide-test e2e

bench: build browsers
	$(PY) tools/bench.py

clean:
	rm -rf dist wheels wheels-test .pytest_cache .mypy_cache .ruff_cache
