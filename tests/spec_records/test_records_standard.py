"""The base-library pieces the standard dialects need, read from TableGen records.

Bit enums (`I32BitEnumAttr` with none, bit and group cases, `separator`,
`printBitEnumPrimaryGroups`), dialect attributes wrapping an enum (`EnumAttr`),
enum defaults, `PredOpTrait`, `AnyTypeOf` with its own summary, unnamed results,
and the constraints `TypedAttrInterface`, `DictArrayAttr` and `FunctionType`.
"""

from __future__ import annotations

import pytest
from conftest import DumpRecords

from generator.diagnostics import SpecValidationError
from generator.spec.constraints import AnyOfConstraint, AttrRefConstraint
from generator.spec.from_records import load_records
from generator.spec.model import DialectDef

HEADER = """include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
"""

FLAGS = """
def T_None : I32BitEnumAttrCaseNone<"none">;
def T_Read : I32BitEnumAttrCaseBit<"read", 0>;
def T_Write : I32BitEnumAttrCaseBit<"write", 1>;
def T_Exec : I32BitEnumAttrCaseBit<"exec", 4, "execute">;
def T_All : I32BitEnumAttrCaseGroup<"all", [T_Read, T_Write, T_Exec]>;
def T_Access : I32BitEnumAttr<"Access", "access rights",
                              [T_None, T_Read, T_Write, T_Exec, T_All]> {
  let separator = ", ";
  let printBitEnumPrimaryGroups = 1;
}
def T_AccessAttr : EnumAttr<T_Dialect, T_Access, "access"> {
  let assemblyFormat = "`<` $value `>`";
}
def T_Kind : I64EnumAttr<"Kind", "", [I64EnumAttrCase<"a", 0>, I64EnumAttrCase<"b", 7>]>;
"""


def _load(dump_records: DumpRecords, text: str) -> DialectDef:
    return load_records(dump_records(HEADER + text, "spec.td"), main_file="spec.td")


def test_bit_enum_cases_are_masks(dump_records: DumpRecords) -> None:
    """None, bit and group cases become masks; separator and group printing are kept."""
    dialect = _load(dump_records, FLAGS)
    access = dialect.enums[0]
    assert (access.def_name, access.kind, access.is_bit_enum, access.width) == (
        "T_Access",
        "bit32",
        True,
        32,
    )
    assert [(c.symbol, c.value, c.text) for c in access.cases] == [
        ("none", 0, "none"),
        ("read", 1, "read"),
        ("write", 2, "write"),
        ("exec", 16, "execute"),
        ("all", 19, "all"),
    ]
    assert (access.separator, access.print_bit_enum_primary_groups) == (", ", True)
    kind = dialect.enums[1]
    assert (kind.kind, kind.separator, kind.print_bit_enum_primary_groups) == ("i64", "|", False)


def test_top_bit_of_a_64_bit_enum(dump_records: DumpRecords) -> None:
    """`!shl(1, 63)` is negative in TableGen; the model keeps the unsigned mask."""
    dialect = _load(
        dump_records,
        'def T_Top : I64BitEnumAttr<"Top", "", [I64BitEnumAttrCaseBit<"top", 63>]>;\n',
    )
    assert dialect.enums[0].cases[0].value == 1 << 63


def test_enum_attribute_and_its_uses(dump_records: DumpRecords) -> None:
    """`EnumAttr` is an attribute def wrapping the enum; ops use it like any attribute."""
    dialect = _load(
        dump_records,
        FLAGS
        + """
def T_OpenOp : T_Op<"open"> {
  let arguments = (ins DefaultValuedAttr<T_AccessAttr, "read, write">:$mode,
                       OptionalAttr<T_AccessAttr>:$extra, T_Kind:$kind);
}
""",
    )
    (attr,) = dialect.attributes
    assert (attr.def_name, attr.mnemonic, attr.enum, attr.parameters) == (
        "T_AccessAttr",
        "access",
        "T_Access",
        (),
    )
    assert attr.assembly_format is not None
    assert attr.assembly_format.text == "`<` $value `>`"
    mode, extra, kind = dialect.op("T_OpenOp").attributes
    assert isinstance(mode.type, AttrRefConstraint)
    assert (mode.type.ref, mode.default, extra.optional) == ("T_AccessAttr", "read, write", True)
    summaries = dialect.def_summaries()
    assert mode.type.summary(summaries) == "access rights"
    assert kind.type.summary(summaries) == "allowed 64-bit signless integer cases: 0, 7"
    assert dialect.enum_of("T_AccessAttr") is dialect.enums[0]
    assert dialect.enum_of("T_Kind") is dialect.enums[1]
    assert dialect.enum_of("T_OpenOp") is None


def test_enum_default_must_name_cases(dump_records: DumpRecords) -> None:
    """A default that is not a case of the enum is an error at the op's line."""
    doc = dump_records(
        HEADER
        + FLAGS
        + """def T_OpenOp : T_Op<"open"> {
  let arguments = (ins DefaultValuedAttr<T_AccessAttr, "read, wrte">:$mode);
}
""",
        "spec.td",
    )
    with pytest.raises(SpecValidationError) as info:
        load_records(doc, main_file="spec.td")
    ((message, hint, line),) = [(d.message, d.hint, d.line_col[0]) for d in info.value.diagnostics]
    assert message == (
        "default value 'read, wrte' of attribute 'mode' is not a case of enum 'T_Access'"
    )
    assert (hint, line) == ("did you mean 'write'?", 19)


def test_pred_op_trait(dump_records: DumpRecords) -> None:
    """`PredOpTrait<summary, CPred<python>>` keeps both texts and spells them back."""
    dialect = _load(
        dump_records,
        """def T_SameOp : T_Op<"same", [
    PredOpTrait<"lhs and rhs agree", CPred<"$_op.lhs.type == \\"x\\"">>]> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
}
""",
    )
    (trait,) = dialect.op("T_SameOp").traits
    assert (trait.name, trait.args) == (
        "PredOpTrait",
        ("lhs and rhs agree", '$_op.lhs.type == "x"'),
    )
    assert trait.spelling() == (
        'PredOpTrait<"lhs and rhs agree", CPred<"$_op.lhs.type == \\"x\\"">>'
    )


def test_unnamed_results_and_own_summaries(dump_records: DumpRecords) -> None:
    """Results may be unnamed; `AnyTypeOf` keeps a summary of its own; new constraints."""
    dialect = _load(
        dump_records,
        """defvar T_IntOrMemRef = AnyTypeOf<[I32, MemRefOf<[I32]>], "an integer or a memref">;
def T_CallOp : T_Op<"call"> {
  let arguments = (ins FunctionType:$callee, T_IntOrMemRef:$x,
                       AnyTypeOf<[I32, F32]>:$y, TypedAttrInterface:$value,
                       OptionalAttr<DictArrayAttr>:$arg_attrs);
  let results = (outs Variadic<AnyType>);
}
""",
    )
    op = dialect.op("T_CallOp")
    assert [(r.name, r.variadicity) for r in op.results] == [("", "variadic")]
    callee, x, y = op.operands
    assert callee.type.summary() == "function type"
    assert isinstance(x.type, AnyOfConstraint)
    assert (x.type.description, x.type.summary()) == (
        "an integer or a memref",
        "an integer or a memref",
    )
    assert isinstance(y.type, AnyOfConstraint)
    assert (y.type.description, y.type.summary()) == (
        None,
        "32-bit signless integer or 32-bit float",
    )
    value, arg_attrs = op.attributes
    assert value.type.summary() == "TypedAttr instance"
    assert arg_attrs.type.summary() == "Array of dictionary attributes"


def test_unnamed_attribute_is_an_error(dump_records: DumpRecords) -> None:
    """Operands and results may be unnamed, attributes may not."""
    doc = dump_records(
        HEADER + 'def T_AOp : T_Op<"a"> {\n  let arguments = (ins I32Attr);\n}\n', "spec.td"
    )
    with pytest.raises(SpecValidationError) as info:
        load_records(doc, main_file="spec.td")
    ((message, line),) = [(d.message, d.line_col[0]) for d in info.value.diagnostics]
    assert message == (
        "T_AOp: argument #0 is an attribute and must be named, as in 'I32Attr:$name'"
    )
    assert line == 4
