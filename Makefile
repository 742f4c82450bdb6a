# Developer shortcuts. CI runs .ci/run; these are the same commands for people.
PYTHON ?= python

.PHONY: test test-all lint bench vendor-js

# The fast inner loop: everything but the slow real-server tests.
test:
	$(PYTHON) -m pytest -q -n auto --dist worksteal -m "not slow"

# What CI runs.
test-all:
	$(PYTHON) -m pytest -q -n auto --dist worksteal

lint:
	ruff check . && ruff format --check kgfc tests && mypy

# Not a test: prints a Markdown table and writes benchmarks/results/store.json.
# Pass options through, e.g. make bench BENCH_ARGS="--triples 200000".
bench:
	$(PYTHON) benchmarks/bench_store.py $(BENCH_ARGS)

# Re-vendor the web app's JavaScript (cytoscape.js) from npm into kgfc/service/web/static/vendor.
# The result is committed; `python scripts/vendor_js.py --check` verifies it against the pins.
vendor-js:
	$(PYTHON) scripts/vendor_js.py
