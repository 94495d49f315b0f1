"""The hand-written code a spec asks for: one list of requirements, several providers."""

from __future__ import annotations

import pytest

from generator.spec import validate
from generator.spec.from_yaml import parse_yaml
from generator.spec.hooks import HookRequirement, InlineCode, check_hooks, required_hooks
from generator.spec.model import DialectDef

SPEC = """name: h
has_constant_materializer: true
ops:
  - def: H_AOp
    mnemonic: a
    has_verifier: true
    has_folder: true
    fold: return None
  - def: H_BOp
    mnemonic: b
    has_canonicalizer: true
    builders:
      - params: [{name: n, type: int}]
patterns:
  - name: Simplify
    source: (H_BOp)
    results: ['(H_BOp)']
    set: canonicalize
"""


@pytest.fixture
def dialect(monkeypatch: pytest.MonkeyPatch) -> DialectDef:
    """The spec, read without validation (it asks for code it lacks)."""
    monkeypatch.setattr(validate, "validate_dialect", lambda d: [])
    return parse_yaml(SPEC, "h.yaml")


def test_requirements_list_every_flag_and_builder(dialect: DialectDef) -> None:
    """Each flag and each builder is one requirement, located at what asks for it."""
    found = [
        (r.owner_name, r.hook, r.flag, r.loc.line_col if r.loc else None)
        for r in required_hooks(dialect)
    ]
    assert found == [
        ("h", "materialize_constant", "has_constant_materializer", (2, 1)),
        ("H_AOp", "verifier", "has_verifier", (6, 5)),
        ("H_AOp", "fold", "has_folder", (7, 5)),
        ("H_BOp", "canonicalization", "has_canonicalizer", (11, 5)),
        ("H_BOp", "builder", None, (13, 9)),
    ]


def test_inline_code_and_patterns_provide(dialect: DialectDef) -> None:
    """The spec's code blocks and its `canonicalize` patterns meet their requirements."""
    inline = InlineCode(dialect)
    met = {(r.owner_name, r.hook) for r in required_hooks(dialect) if inline.provides(r)}
    assert met == {("H_AOp", "fold"), ("H_BOp", "canonicalization")}


class _Module:
    """A stand-in for another provider: it supplies verifiers and builder bodies."""

    def provides(self, requirement: HookRequirement) -> bool:
        return requirement.hook in ("verifier", "builder", "materialize_constant")


def test_a_second_provider_meets_what_the_spec_lacks(dialect: DialectDef) -> None:
    """Requirements no provider meets are errors; another provider can meet them."""
    assert len(check_hooks(dialect)) == 3
    assert check_hooks(dialect, [InlineCode(dialect), _Module()]) == []
