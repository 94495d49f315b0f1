"""Every generated dialect is loaded for the dialect tests (they mix dialects freely)."""

from __future__ import annotations

import pytest

import generated


@pytest.fixture(autouse=True)
def _all_dialects() -> None:
    generated.load_all_dialects()
