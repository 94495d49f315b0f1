# odsgen developer commands. `make help` lists them.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.DEFAULT_GOAL := help

.PHONY: help
help: ## show this help
	@grep -hE '^[a-zA-Z_-]+:.*?## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*?## "}; {printf "  \033[36m%-16s\033[0m %s\n", $$1, $$2}'

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test,native]'
	@touch $(STAMP)

# Byte-compile the package even where PYTHONDONTWRITEBYTECODE is set: `odsgen` then
# starts without compiling its sources (half the start-up time and memory).
.PHONY: bytecode
bytecode: $(STAMP)
	@$(BIN)/python -m compileall -q generator generated

# The runtime compiled with mypyc (`generator/native.py`): rebuilt when its sources
# change, skipped with a note where there is no C compiler; Python is used without it.
.PHONY: native
native: $(STAMP) ## compile the runtime with mypyc (optional: without it the same code runs as Python)
	@$(BIN)/python -m generator.native build --optional

.PHONY: venv
venv: $(STAMP) ## create .venv and install the project (editable) with its test extras

.PHONY: generate
generate: $(STAMP) ## regenerate generated/ from opdefs/
	$(BIN)/odsgen generate
	@$(MAKE) --no-print-directory native bytecode

.PHONY: check-generated
check-generated: $(STAMP) ## fail if generated/ is stale
	$(BIN)/odsgen generate --check

.PHONY: test
test: native ## run the whole test suite (on the compiled runtime when it is built)
	$(BIN)/python -m pytest

.PHONY: test-python
test-python: $(STAMP) ## run the whole test suite on the runtime as plain Python
	ODSGEN_PURE_PYTHON=1 $(BIN)/python -m pytest

.PHONY: test-tablegen
test-tablegen: $(STAMP) ## compare odsgen's records with llvm-tblgen's on every MLIR dialect .td file (not only a sample)
	ODSGEN_TABLEGEN_ALL=1 $(BIN)/python -m pytest tests/tablegen

.PHONY: fuzz
fuzz: native ## 10,000 grammar-aware fuzz cases through odsgen opt; findings go to fuzz-findings/
	$(BIN)/python tests/fuzz/grammar.py --cases 10000

.PHONY: lint
lint: $(STAMP) ## ruff and mypy --strict
	$(BIN)/ruff check generator generated tests bench
	$(BIN)/ruff format --check generator generated tests bench
	$(BIN)/mypy

.PHONY: bench
bench: native bytecode ## parse/verify/print throughput and memory against xDSL; greedy rewriting; interpretation; scaling cases; spec loading and generation times; TableGen against llvm-tblgen
	$(BIN)/python bench/run.py
	$(BIN)/python bench/rewrite.py
	$(BIN)/python bench/interpret.py
	$(BIN)/python bench/scaling.py
	$(BIN)/python bench/spec_load.py
	$(BIN)/python bench/generate.py
	$(BIN)/python bench/tablegen.py

.PHONY: clean
clean: ## remove the virtualenv, caches and the compiled runtime
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache generator/ir/_native
