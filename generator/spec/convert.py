"""Converting a dialect spec between its YAML and TableGen spellings.

This module owns what both emitters share: how a model constraint, trait value
or pattern DAG is spelled in ODS syntax (the text both front ends parse back
into the same model), the one normalization a conversion needs
(`ods_default`), and reading a spec file of either form (`load_spec`) to write
it in the other (`convert_file`).

The emitters are `to_yaml.py` and `to_td.py`. A model whose constraints were
written without a name (`TensorOf<[F32]>`) is spelled by its structure; a
named one (`AnyRankedTensor`, `I64Attr`) by its name. Where one syntax has no
spelling for a model value, `ConvertError` says which value and where.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from generator.diagnostics import GeneratorError, SpecDiagnostic
from generator.ir.source import SourceLoc
from generator.resources import BASE_LIBRARY
from generator.spec.constraints import (
    AnyAttrOfConstraint,
    AnyOfConstraint,
    AnyTypeConstraint,
    ArrayAttrConstraint,
    AttrConstraint,
    AttrPredicateConstraint,
    AttrRefConstraint,
    ConfinedAttrConstraint,
    DenseArrayAttrConstraint,
    FloatAttrConstraint,
    FloatConstraint,
    FunctionTypeConstraint,
    IndexConstraint,
    IntegerAttrConstraint,
    IntegerConstraint,
    LikeConstraint,
    NoneTypeConstraint,
    RankedElementsAttrConstraint,
    ShapedConstraint,
    SimpleAttrConstraint,
    TypeAttrConstraint,
    TypeConstraint,
    TypePredicateConstraint,
    TypeRefConstraint,
)
from generator.spec.model import AttributeDef, DagArgDef, DagLeaf, DagNodeDef, DialectDef

__all__ = [
    "ConvertError",
    "Syntax",
    "attr_spelling",
    "attribute_spelling",
    "convert_file",
    "dag_spelling",
    "load_spec",
    "normalize_defaults",
    "ods_default",
    "ods_string",
    "type_spelling",
    "value_spelling",
]

#: Which front end the spelling is for; they differ in a few generic names.
Syntax = Literal["yaml", "td"]

OutputForm = Literal["yaml", "td"]


class ConvertError(GeneratorError):
    """A model value the target syntax cannot spell."""


def _fail(loc: SourceLoc | None, message: str, hint: str | None = None) -> ConvertError:
    return ConvertError(SpecDiagnostic(loc, message, hint=hint))


def ods_string(text: str) -> str:
    """A double-quoted ODS string; both front ends read `\\"` and `\\\\`."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def ods_default(value: str | int | float | bool) -> str:
    """The text of an attribute default, as `DefaultValuedAttr<attr, "text">` holds it.

    This is the one normalization a conversion makes: YAML may give a default as
    a number or boolean (`default: 0`), but ODS can only hold text, so a
    converted `.td` file, and any model read back from it, has the text (`"0"`).
    Booleans are spelled as MLIR does (`true`, `false`).
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else repr(value)


def normalize_defaults(dialect: DialectDef) -> DialectDef:
    """The dialect with every attribute default as ODS text (see `ods_default`).

    A YAML model and the model of its `.td` conversion differ only there; this
    makes them comparable.
    """
    ops = tuple(
        op.model_copy(
            update={
                "attributes": tuple(
                    a
                    if a.default is None
                    else a.model_copy(update={"default": ods_default(a.default)})
                    for a in op.attributes
                )
            }
        )
        for op in dialect.ops
    )
    return dialect.model_copy(update={"ops": ops})


# ---------------------------------------------------------------------------
# Type constraints
# ---------------------------------------------------------------------------

_CONTAINER_OF: dict[str, str] = {
    "tensor": "TensorOf",
    "ranked_tensor": "RankedTensorOf",
    "unranked_tensor": "UnrankedTensorOf",
    "static_tensor": "StaticShapeTensorOf",
    "non0_ranked_tensor": "Non0RankedTensorOf",
    "vector": "VectorOf",
    "memref": "MemRefOf",
    "unranked_memref": "UnrankedMemRefOf",
    "non0_ranked_memref": "Non0RankedMemRefOf",
    "ranked_or_unranked_memref": "RankedOrUnrankedMemRefOf",
    "strided_memref": "StridedMemRefOf",
    "static_memref": "StaticShapeMemRefOf",
    "tensor_or_memref": "TensorOrMemRef",
    "non0_ranked_vector": "VectorOfNonZeroRankOf",
    "fixed_vector": "FixedVectorOfAnyRank",
    "scalable_vector": "ScalableVectorOfAnyRank",
}
_ANY_CONTAINER: dict[str, str] = {
    "tensor": "AnyTensor",
    "ranked_tensor": "AnyRankedTensor",
    "unranked_tensor": "AnyUnrankedTensor",
    "static_tensor": "AnyStaticShapeTensor",
    "non0_ranked_tensor": "AnyNon0RankedTensor",
    "vector": "AnyVector",
    "memref": "AnyMemRef",
    "unranked_memref": "AnyUnrankedMemRef",
    "non0_ranked_memref": "AnyNon0RankedMemRef",
    "ranked_or_unranked_memref": "AnyRankedOrUnrankedMemRef",
    "strided_memref": "AnyStridedMemRef",
    "static_memref": "AnyStaticShapeMemRef",
    "tensor_or_memref": "TensorOrMemRef<[AnyType]>",
    "non0_ranked_vector": "AnyVectorOfNonZeroRank",
    "fixed_vector": "AnyFixedVectorOfAnyRank",
    "scalable_vector": "AnyScalableVectorOfAnyRank",
    "shaped": "AnyShaped",
}
_ANY_INTEGER: dict[str, str] = {
    "signless": "AnySignlessInteger",
    "signed": "AnySignedInteger",
    "unsigned": "AnyUnsignedInteger",
    "any": "AnyInteger",
}
_INT_PREFIX: dict[str, str] = {"signless": "I", "signed": "SI", "unsigned": "UI", "any": "AnyI"}
_INT_ATTR_CLASS: dict[str, str] = {
    "signless": "SignlessIntAttr",
    "signed": "SignedIntAttr",
    "unsigned": "UnsignedIntAttr",
    "any": "AnyIntAttr",
}
_DENSE_ARRAY_NAMES: dict[str, str] = {
    "i1": "DenseBoolArrayAttr",
    "i8": "DenseI8ArrayAttr",
    "i16": "DenseI16ArrayAttr",
    "i32": "DenseI32ArrayAttr",
    "i64": "DenseI64ArrayAttr",
    "f32": "DenseF32ArrayAttr",
    "f64": "DenseF64ArrayAttr",
}


def _type_list(element: TypeConstraint, syntax: Syntax) -> str:
    # Both front ends read a one-item list as the item and a longer one as an
    # unnamed `AnyOfConstraint`, so that is how such an element is spelled back.
    if (
        isinstance(element, AnyOfConstraint)
        and element.name is None
        and element.description is None
        and len(element.options) > 1
    ):
        items = element.options
    else:
        items = (element,)
    return "[" + ", ".join(type_spelling(item, syntax) for item in items) + "]"


def type_spelling(constraint: TypeConstraint, syntax: Syntax) -> str:
    """A type constraint in ODS syntax: its name, or its structure when unnamed."""
    if constraint.name is not None:
        return constraint.name
    c = constraint
    if isinstance(c, TypeRefConstraint):
        return c.ref
    if isinstance(c, AnyTypeConstraint):
        return "AnyType"
    if isinstance(c, IndexConstraint):
        return "Index"
    if isinstance(c, NoneTypeConstraint):
        return "NoneType"
    if isinstance(c, FunctionTypeConstraint):
        return "FunctionType"
    if isinstance(c, IntegerConstraint):
        if not c.widths:
            return _ANY_INTEGER[c.signedness]
        if len(c.widths) == 1 and (c.signedness == "signless" or syntax == "td"):
            return f"{_INT_PREFIX[c.signedness]}<{c.widths[0]}>"
        if len(c.widths) == 1 and c.widths[0] in (1, 8, 16, 32, 64, 128):
            # YAML has no `SI<n>`; the named def of that width says the same.
            return f"{_INT_PREFIX[c.signedness]}{c.widths[0]}"
        if c.signedness == "signless":
            return f"SignlessIntOfWidths<[{', '.join(str(w) for w in c.widths)}]>"
        raise _fail(c.loc, f"no ODS spelling for {c.summary()} types")
    if isinstance(c, FloatConstraint):
        if not c.types:
            return "AnyFloat"
        if all(t[1:].isdigit() and t.startswith("f") for t in c.types):
            return f"FloatOfWidths<[{', '.join(t[1:] for t in c.types)}]>"
        if len(c.types) == 1:
            return c.types[0].upper()
        options = ", ".join(t.upper() for t in c.types)
        raise _fail(c.loc, f"no ODS spelling for one of the float types {options}")
    if isinstance(c, ShapedConstraint):
        unconstrained = isinstance(c.element, AnyTypeConstraint) and c.element.name is None
        if unconstrained and not c.ranks:
            return _ANY_CONTAINER[c.container]
        elements = _type_list(c.element, syntax)
        ranks = "[" + ", ".join(str(r) for r in c.ranks) + "]"
        if not c.ranks:
            return f"{_CONTAINER_OF[c.container]}<{elements}>"
        if c.container == "ranked_tensor":
            return f"TensorRankOf<{elements}, {ranks}>"
        if c.container == "memref":
            return f"MemRefRankOf<{elements}, {ranks}>"
        if c.container == "vector":
            return f"VectorOfRankAndType<{ranks}, {elements}>"
        raise _fail(c.loc, f"no ODS spelling for a {c.container} with ranks {ranks}")
    if isinstance(c, AnyOfConstraint):
        options = ", ".join(type_spelling(o, syntax) for o in c.options)
        if c.cpp_type is not None:
            summary = ods_string(c.description if c.description is not None else c.summary())
            return f"AnyTypeOf<[{options}], {summary}, {ods_string(c.cpp_type)}>"
        if c.description is not None:
            return f"AnyTypeOf<[{options}], {ods_string(c.description)}>"
        return f"AnyTypeOf<[{options}]>"
    if isinstance(c, LikeConstraint):
        element = type_spelling(c.element, syntax)
        return f"TypeOrContainerLike<{element}, {ods_string(c.description)}>"
    assert isinstance(c, TypePredicateConstraint)
    if c.buildable is not None:
        return (
            f"Type<CPred<{ods_string(c.expr)}>, {ods_string(c.description)}, "
            f"{ods_string(c.buildable)}>"
        )
    return f"Type<CPred<{ods_string(c.expr)}>, {ods_string(c.description)}>"


def value_spelling(
    constraint: TypeConstraint, variadicity: str, segment_attr: str | None, syntax: Syntax
) -> str:
    """An operand's or result's constraint with its `Variadic`/`Optional` wrapper."""
    inner = type_spelling(constraint, syntax)
    if variadicity == "variadic":
        return f"Variadic<{inner}>"
    if variadicity == "optional":
        return f"Optional<{inner}>"
    if variadicity == "variadic_of_variadic":
        return f"VariadicOfVariadic<{inner}, {ods_string(segment_attr or '')}>"
    return inner


# ---------------------------------------------------------------------------
# Attribute constraints
# ---------------------------------------------------------------------------


def attr_spelling(constraint: AttrConstraint, syntax: Syntax) -> str:
    """An attribute constraint in ODS syntax: its name, or its structure when unnamed."""
    c = constraint
    if isinstance(c, RankedElementsAttrConstraint):
        # The name is the generic's (`RankedF32ElementsAttr`); the shape is its argument.
        # Spelled from the data: the records front end may name the generic's base class.
        prefix = "F" if c.element == "float" else "I"
        return f"Ranked{prefix}{c.width}ElementsAttr<[{', '.join(str(d) for d in c.shape)}]>"
    if c.name is not None:
        return c.name
    if isinstance(c, AttrRefConstraint):
        return c.ref
    if isinstance(c, SimpleAttrConstraint):
        return c.attr
    if isinstance(c, IntegerAttrConstraint):
        if syntax == "td":
            return f"{_INT_ATTR_CLASS[c.signedness]}<{c.width}>"
        return f"{_INT_PREFIX[c.signedness]}{c.width}Attr"
    if isinstance(c, FloatAttrConstraint):
        return f"FloatAttrOf<{c.width}>" if syntax == "td" else f"F{c.width}Attr"
    if isinstance(c, TypeAttrConstraint):
        return f"TypeAttrOf<{type_spelling(c.type, syntax)}>"
    if isinstance(c, ArrayAttrConstraint):
        return (
            f"TypedArrayAttrBase<{attr_spelling(c.element, syntax)}, {ods_string(c.description)}>"
        )
    if isinstance(c, DenseArrayAttrConstraint):
        return _DENSE_ARRAY_NAMES[c.element]
    if isinstance(c, ConfinedAttrConstraint):
        preds = ", ".join(
            f"{p.name}<{', '.join(str(a) for a in p.args)}>" if p.args else p.name
            for p in c.predicates
        )
        return f"ConfinedAttr<{attr_spelling(c.base, syntax)}, [{preds}]>"
    if isinstance(c, AnyAttrOfConstraint):
        options = ", ".join(attr_spelling(o, syntax) for o in c.options)
        return f"AnyAttrOf<[{options}]>"
    assert isinstance(c, AttrPredicateConstraint)
    # The base library calls the predicate escape hatch `PredAttr`; YAML says `Attr`.
    generic = "PredAttr" if syntax == "td" else "Attr"
    return f"{generic}<CPred<{ods_string(c.expr)}>, {ods_string(c.description)}>"


def attribute_spelling(attr: AttributeDef, syntax: Syntax) -> str:
    """An op attribute's constraint with its `OptionalAttr`/`DefaultValuedAttr` wrapper."""
    inner = attr_spelling(attr.type, syntax)
    if attr.default is not None and attr.optional:
        return f"DefaultValuedOptionalAttr<{inner}, {ods_string(ods_default(attr.default))}>"
    if attr.default is not None:
        return f"DefaultValuedAttr<{inner}, {ods_string(ods_default(attr.default))}>"
    if attr.optional:
        return f"OptionalAttr<{inner}>"
    return inner


# ---------------------------------------------------------------------------
# Pattern DAGs
# ---------------------------------------------------------------------------


def _leaf_spelling(leaf: DagLeaf) -> str:
    if leaf.kind == "str":
        return ods_string(str(leaf.value))
    return str(leaf.value)


def _arg_spelling(arg: DagArgDef) -> str:
    if arg.value is None:
        return f"${arg.bind}" if arg.bind else "?"
    if isinstance(arg.value, DagNodeDef):
        text = dag_spelling(arg.value)
    else:
        text = _leaf_spelling(arg.value)
    return f"{text}:${arg.bind}" if arg.bind else text


def dag_spelling(node: DagNodeDef) -> str:
    """A pattern DAG as both front ends write it: `(Demo_AddOp $x, (Demo_ZeroOp))`."""
    head = node.operator + (f":${node.bind}" if node.bind else "")
    if not node.args:
        return f"({head})"
    return f"({head} {', '.join(_arg_spelling(a) for a in node.args)})"


# ---------------------------------------------------------------------------
# Files
# ---------------------------------------------------------------------------


def default_include_dir() -> Path:
    """The base library (`opdefs/include`, shipped with the generator)."""
    return BASE_LIBRARY


def load_spec(path: Path, include_dirs: list[Path] | None = None) -> DialectDef:
    """Read a `.yaml` or `.td` spec into the model.

    A `.td` file goes through odsgen's own TableGen front end, with the base
    library on the include path after `include_dirs`. Raises `GeneratorError`
    (spec problems) or `TableGenError` (TableGen problems), both with diagnostics.
    """
    if path.suffix == ".td":
        # Imported here: `.yaml` conversions need no TableGen front end.
        import json

        from generator.spec.from_records import load_records
        from generator.tablegen import dump_json
        from generator.tablegen import load_records as load_td
        from generator.tablegen.positions import record_positions

        dirs = [*(include_dirs or []), default_include_dir()]
        keeper = load_td(path, dirs)
        return load_records(
            json.loads(dump_json(keeper)),
            main_file=path,
            positions=record_positions(keeper, path),
        )
    from generator.spec.from_yaml import load_yaml

    return load_yaml(path)


def convert_file(
    path: Path, to: OutputForm, include_dirs: list[Path] | None = None
) -> tuple[str, DialectDef]:
    """The spec in `path` written in the `to` form, and the model it was read as."""
    dialect = load_spec(path, include_dirs)
    return emit(dialect, to), dialect


def emit(dialect: DialectDef, to: OutputForm) -> str:
    """The dialect written as YAML or TableGen."""
    # Imported here: the emitters import this module for the shared spellings.
    if to == "td":
        from generator.spec.to_td import dialect_to_td

        return dialect_to_td(dialect)
    from generator.spec.to_yaml import dialect_to_yaml

    return dialect_to_yaml(dialect)
