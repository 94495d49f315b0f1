"""Enums in the YAML spelling: kinds, bit enums, enum attributes and their summaries."""

from __future__ import annotations

from generator.spec.from_yaml import parse_yaml

SPEC = """\
name: e
enums:
  - def: E_Pred
    kind: i64
    cases: [{symbol: eq, value: 0}, {symbol: ne, value: 1}]
  - def: E_Mode
    kind: string
    cases: [{symbol: fast}, {symbol: exact, string: exact_mode}]
  - def: E_Bits
    summary: some bits
    kind: bit32
    separator: ","
    print_bit_enum_primary_groups: true
    cases:
      - {symbol: none, value: 0}
      - {symbol: a, value: 1}
      - {symbol: b, value: 2}
      - {symbol: ab, value: 3}
  - def: E_Quiet
    kind: bit64
    cases: [{symbol: x, value: 1}]
attributes:
  - {def: E_BitsAttr, mnemonic: bits, enum: E_Bits}
  - {def: E_QuietAttr, mnemonic: quiet, enum: E_Quiet, summary: quiet flags}
ops:
  - def: E_UseOp
    mnemonic: use
    attributes:
      - {name: bits, type: 'DefaultValuedAttr<E_BitsAttr, "a,b">'}
      - {name: pred, type: E_Pred, default: ne}
"""


def test_enum_kinds_and_bit_enum_fields() -> None:
    """The kind says how an enum is stored; only bit enums carry a separator."""
    dialect = parse_yaml(SPEC, "e.yaml")
    pred, mode, bits, quiet = dialect.enums
    assert [(e.kind, e.is_bit_enum, e.width) for e in dialect.enums] == [
        ("i64", False, 64),
        ("string", False, None),
        ("bit32", True, 32),
        ("bit64", True, 64),
    ]
    assert (bits.separator, bits.print_bit_enum_primary_groups) == (",", True)
    assert (quiet.separator, quiet.print_bit_enum_primary_groups) == ("|", False)
    assert [c.text for c in mode.cases] == ["fast", "exact_mode"]
    assert pred.cases[1].value == 1


def test_constraint_summaries_follow_mlir() -> None:
    """Integer and string enums without a summary list their cases; bit enums do not."""
    dialect = parse_yaml(SPEC, "e.yaml")
    summaries = dialect.def_summaries()
    assert summaries["E_Pred"] == "allowed 64-bit signless integer cases: 0, 1"
    assert summaries["E_Mode"] == "allowed string cases: 'fast', 'exact_mode'"
    assert summaries["E_Bits"] == "some bits"
    assert summaries["E_Quiet"] == ""
    # An enum attribute takes its enum's summary unless it has its own.
    assert summaries["E_BitsAttr"] == "some bits"
    assert summaries["E_QuietAttr"] == "quiet flags"


def test_enum_of_resolves_enum_attributes() -> None:
    """`enum_of` finds the enum behind an enum or an enum attribute."""
    dialect = parse_yaml(SPEC, "e.yaml")
    assert dialect.enum_of("E_BitsAttr") is dialect.enums[2]
    assert dialect.enum_of("E_Pred") is dialect.enums[0]
    assert dialect.enum_of("E_UseOp") is None
    bits, pred = dialect.op("E_UseOp").attributes
    assert (bits.default, pred.default) == ("a,b", "ne")
