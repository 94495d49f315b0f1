"""Declarative type and attribute constraints, with MLIR's summary texts.

A constraint says what an operand's type or an attribute's value may be, as data:
`TensorOf<[F32]>` is a `ShapedConstraint` (container "tensor", element "32-bit
float"), not a predicate. Each constraint computes the summary text MLIR prints
for it in verifier messages and docs ("tensor of 32-bit float values",
"64-bit signless integer attribute whose minimum value is 0"). A Python
predicate over `$_self` is the escape hatch where nothing declarative fits.

This module also owns the base class of every spec node (`SpecNode`, which carries
the source position) and the interpretation of ODS constraint expressions
(`TensorOf<[F32]>`, `Variadic<AnyType>`, `OptionalAttr<StrAttr>`) into
constraints. Names the module does not know (a dialect's own types, enums and
attributes) become references, resolved later against the dialect.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

from generator.ir.source import SourceLoc
from generator.spec.expr import Expr, ExprError, IntExpr, ListExpr, NameExpr, StrExpr

__all__ = [
    "ATTR_PREDICATE_NAMES",
    "CPP_TYPES",
    "AnyAttrOfConstraint",
    "AnyOfConstraint",
    "AnyTypeConstraint",
    "ArrayAttrConstraint",
    "AttrConstraint",
    "AttrPredicate",
    "AttrPredicateConstraint",
    "AttrRefConstraint",
    "ConfinedAttrConstraint",
    "DenseArrayAttrConstraint",
    "FloatAttrConstraint",
    "FloatConstraint",
    "FunctionTypeConstraint",
    "IndexConstraint",
    "IntegerAttrConstraint",
    "IntegerConstraint",
    "LikeConstraint",
    "LocAt",
    "NoneTypeConstraint",
    "RankedElementsAttrConstraint",
    "ShapedConstraint",
    "SimpleAttrConstraint",
    "SpecNode",
    "TypeAttrConstraint",
    "TypeConstraint",
    "TypePredicateConstraint",
    "TypeRefConstraint",
    "Variadicity",
    "attr_constraint_from_expr",
    "attribute_from_expr",
    "known_attr_constraint_names",
    "known_type_constraint_names",
    "pred_text_locs",
    "type_constraint_from_expr",
    "value_constraint_from_expr",
]

#: Maps an offset inside the expression text to a position in the spec file.
LocAt = Callable[[int], SourceLoc | None]

Variadicity = Literal["single", "optional", "variadic", "variadic_of_variadic"]
Signedness = Literal["signless", "signed", "unsigned", "any"]


class SpecNode(BaseModel):
    """Base of every spec model: immutable, strict about keys, and located."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        arbitrary_types_allowed=True,
        populate_by_name=True,
    )

    loc: SkipJsonSchema[SourceLoc | None] = Field(default=None, exclude=True, repr=False)
    """Where the node was written in the spec file (None for nodes built in code)."""
    field_locs: SkipJsonSchema[tuple[tuple[str, SourceLoc], ...]] = Field(
        default=(), exclude=True, repr=False
    )
    """Where some of the node's fields were given, by field name: a flag's key
    (`has_verifier:`, `let hasVerifier = 1`), or the first character of Python text
    held in a string (a predicate's `expr`), so that errors about them point there."""

    def loc_of(self, name: str) -> SourceLoc | None:
        """Where field `name` was given, or where the node was when that is not known."""
        for key, loc in self.field_locs:
            if key == name:
                return loc
        return self.loc


# ---------------------------------------------------------------------------
# Type constraints
# ---------------------------------------------------------------------------


class _TypeConstraintBase(SpecNode):
    name: str | None = None
    """The ODS def this constraint was spelled as (`I32`, `AnyTensor`), if a named one."""

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text; `refs` gives the summaries of the dialect's own defs."""
        raise NotImplementedError


class AnyTypeConstraint(_TypeConstraintBase):
    """Any type (`AnyType`)."""

    kind: Literal["any"] = "any"

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text."""
        return "any type"


_SIGN_WORDS: dict[str, str] = {
    "signless": "signless ",
    "signed": "signed ",
    "unsigned": "unsigned ",
    "any": "",
}


class IntegerConstraint(_TypeConstraintBase):
    """An integer type of the given widths (any width when empty) and signedness."""

    kind: Literal["integer"] = "integer"
    widths: tuple[int, ...] = ()
    signedness: Signedness = "signless"

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text, e.g. "32-bit signless integer", "32/64-bit signless integer"."""
        sign = _SIGN_WORDS[self.signedness]
        if not self.widths:
            return f"{sign}integer"
        return "/".join(str(w) for w in self.widths) + f"-bit {sign}integer"


#: Float types whose MLIR summary is not "<n>-bit float".
#: The small float types, named as MLIR names their constraints (`F8E4M3FN`).
SMALL_FLOATS: tuple[str, ...] = (
    "f8E4M3FN",
    "f8E5M2",
    "f8E4M3",
    "f8E4M3FNUZ",
    "f8E4M3B11FNUZ",
    "f8E5M2FNUZ",
    "f8E3M4",
    "f4E2M1FN",
    "f6E2M3FN",
    "f6E3M2FN",
    "f8E8M0FNU",
)
_FLOAT_SUMMARIES: dict[str, str] = {
    "bf16": "bfloat16 type",
    "tf32": "tf32 type",
    **{f: f"{f} type" for f in SMALL_FLOATS},
}
_FLOAT_NAMES: dict[str, str] = {
    "F16": "f16",
    "F32": "f32",
    "F64": "f64",
    "F80": "f80",
    "F128": "f128",
    "BF16": "bf16",
    "TF32": "tf32",
    **{f.upper(): f for f in SMALL_FLOATS},
}


class FloatConstraint(_TypeConstraintBase):
    """One of the given float types (`f32`, `bf16`, ...), or any float when empty."""

    kind: Literal["float"] = "float"
    types: tuple[str, ...] = ()

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text, e.g. "32-bit float", "bfloat16 type", "floating-point"."""
        if not self.types:
            return "floating-point"
        if all(t not in _FLOAT_SUMMARIES for t in self.types):
            return "/".join(t[1:] for t in self.types) + "-bit float"
        return " or ".join(_FLOAT_SUMMARIES.get(t, f"{t[1:]}-bit float") for t in self.types)


class IndexConstraint(_TypeConstraintBase):
    """The index type (`Index`)."""

    kind: Literal["index"] = "index"

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text."""
        return "index"


class NoneTypeConstraint(_TypeConstraintBase):
    """The none type (`NoneType`)."""

    kind: Literal["none"] = "none"

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text."""
        return "none type"


class FunctionTypeConstraint(_TypeConstraintBase):
    """A function type (`FunctionType`), as `func.call_indirect` takes for its callee."""

    kind: Literal["function"] = "function"

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text."""
        return "function type"


Container = Literal[
    "tensor",
    "ranked_tensor",
    "unranked_tensor",
    "static_tensor",
    "non0_ranked_tensor",
    "vector",
    "memref",
    "unranked_memref",
    "non0_ranked_memref",
    "ranked_or_unranked_memref",
    "strided_memref",
    "static_memref",
    "tensor_or_memref",
    "non0_ranked_vector",
    "fixed_vector",
    "scalable_vector",
    "shaped",
]
_CONTAINER_WORDS: dict[str, str] = {
    "tensor": "tensor",
    "ranked_tensor": "ranked tensor",
    "unranked_tensor": "unranked tensor",
    "static_tensor": "statically shaped tensor",
    # MLIR's own summary for `Non0RankedTensorOf`, dot included.
    "non0_ranked_tensor": "non-0-ranked.tensor",
    "vector": "vector",
    "memref": "memref",
    "unranked_memref": "unranked.memref",
    "non0_ranked_memref": "non-0-ranked.memref",
    "ranked_or_unranked_memref": "ranked or unranked memref",
    "strided_memref": "strided memref",
    "static_memref": "statically shaped memref",
    # MLIR's words for these, capitals included.
    "tensor_or_memref": "Tensor or MemRef",
    "non0_ranked_vector": "vector",
    "fixed_vector": "fixed-length vector",
    "scalable_vector": "scalable vector",
    "shaped": "shaped",
}


class ShapedConstraint(_TypeConstraintBase):
    """A tensor, vector or memref whose element type satisfies `element`.

    `ranks`, when not empty, lists the allowed ranks (`TensorRankOf<[F32], [1, 2]>`).
    """

    kind: Literal["shaped"] = "shaped"
    container: Container
    element: TypeConstraint = Field(default_factory=AnyTypeConstraint)
    ranks: tuple[int, ...] = ()

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text, e.g. "tensor of 32-bit float values", "2D tensor of ..."."""
        element = self.element.summary(refs)
        word = _CONTAINER_WORDS[self.container]
        if self.ranks and self.container == "vector":
            ranks = "/".join(str(r) for r in self.ranks)
            return f"vector of {element} values of ranks {ranks}"
        if self.ranks:
            word = "/".join(f"{r}D" for r in self.ranks) + " " + word.replace("ranked ", "")
        return f"{word} of {element} values"


class LikeConstraint(_TypeConstraintBase):
    """A type or a value-semantics container of it (`SignlessIntegerLike`, `FloatLike`)."""

    kind: Literal["like"] = "like"
    element: TypeConstraint
    description: str
    """The summary MLIR gives it, e.g. "signless-integer-like"."""

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text."""
        return self.description


class AnyOfConstraint(_TypeConstraintBase):
    """Any of several type constraints (`AnyTypeOf<[I32, F32]>`).

    `description` replaces the joined summaries when the spec gives one
    (`AnyTypeOf<[...], "signless-integer-like or memref of signless-integer">`).
    """

    kind: Literal["any_of"] = "any_of"
    options: tuple[TypeConstraint, ...]
    description: str | None = None
    cpp_type: str | None = None
    """MLIR's C++ class of the values (`AnyTypeOf`'s third argument, one of
    `CPP_TYPES`), when it is narrower than `::mlir::Type`: a custom form then
    reads a type of another kind as an error, as MLIR's parsers do."""

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text: the given one, or the options' summaries joined with " or "."""
        if self.description is not None:
            return self.description
        return self.joined_summary(refs)

    def joined_summary(self, refs: Mapping[str, str] | None = None) -> str:
        """The options' summaries joined with " or ", as `AnyTypeOf` does without a summary."""
        return " or ".join(option.summary(refs) for option in self.options)


class TypeRefConstraint(_TypeConstraintBase):
    """A reference, by def name, to a type constraint defined by the dialect."""

    kind: Literal["ref"] = "ref"
    ref: str

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """The referenced def's summary, or its name while unresolved."""
        return (refs or {}).get(self.ref, self.ref)


class TypePredicateConstraint(_TypeConstraintBase):
    """The escape hatch: a Python boolean expression over `$_self` (the type)."""

    kind: Literal["predicate"] = "predicate"
    expr: str
    description: str
    buildable: str | None = None
    """The one type a value of it is given when the custom form omits the type, in
    MLIR syntax (`vector<3xi32>`): ODS's `BuildableType`, for a constraint whose
    predicate allows that type (and possibly others, as a `BuildableType` may)."""

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """The summary the spec gave."""
        return self.description


TypeConstraint = Annotated[
    AnyTypeConstraint
    | IntegerConstraint
    | FloatConstraint
    | IndexConstraint
    | NoneTypeConstraint
    | FunctionTypeConstraint
    | ShapedConstraint
    | LikeConstraint
    | AnyOfConstraint
    | TypeRefConstraint
    | TypePredicateConstraint,
    Field(discriminator="kind"),
]

ShapedConstraint.model_rebuild()
LikeConstraint.model_rebuild()
AnyOfConstraint.model_rebuild()


# ---------------------------------------------------------------------------
# Attribute constraints
# ---------------------------------------------------------------------------


class _AttrConstraintBase(SpecNode):
    name: str | None = None
    """The ODS def this constraint was spelled as (`I32Attr`), if a named one."""

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text; `refs` gives the summaries of the dialect's own defs."""
        raise NotImplementedError


class IntegerAttrConstraint(_AttrConstraintBase):
    """An integer attribute of one width (`I32Attr`, `SI8Attr`, `AnyI64Attr`)."""

    kind: Literal["integer"] = "integer"
    width: int
    signedness: Signedness = "signless"

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text, e.g. "32-bit signless integer attribute"."""
        return f"{self.width}-bit {_SIGN_WORDS[self.signedness]}integer attribute"


class FloatAttrConstraint(_AttrConstraintBase):
    """A float attribute of one width (`F32Attr`)."""

    kind: Literal["float"] = "float"
    width: int

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text, e.g. "32-bit float attribute"."""
        return f"{self.width}-bit float attribute"


#: Attribute constraints that take no arguments and are fully described by their name.
SIMPLE_ATTR_SUMMARIES: dict[str, str] = {
    "AnyAttr": "any attribute",
    "AffineMapAttr": "AffineMap attribute",
    "AnyIntElementsAttr": "integer elements attribute",
    "AnyI32ElementsAttr": "32-bit integer elements attribute",
    "AnyI64ElementsAttr": "64-bit integer elements attribute",
    "APIntAttr": "arbitrary integer attribute",
    "ArrayAttr": "array attribute",
    "BoolAttr": "bool attribute",
    "DictionaryAttr": "dictionary of named attribute values",
    "ElementsAttr": "constant vector/tensor attribute",
    "F32ElementsAttr": "32-bit float elements attribute",
    "F64ElementsAttr": "64-bit float elements attribute",
    "FlatSymbolRefAttr": "flat symbol reference attribute",
    "I32ElementsAttr": "32-bit signless integer elements attribute",
    "I64ElementsAttr": "64-bit signless integer elements attribute",
    "IndexAttr": "index attribute",
    "IndexElementsAttr": "index elements attribute",
    "IntegerSetAttr": "IntegerSet attribute",
    "LocationAttr": "location attribute",
    "StrAttr": "string attribute",
    "StringElementsAttr": "string elements attribute",
    "SymbolNameAttr": "string attribute",
    "SymbolRefAttr": "symbol reference attribute",
    "TypeAttr": "any type attribute",
    "TypedAttrInterface": "TypedAttr instance",
    "UnitAttr": "unit attribute",
}


class SimpleAttrConstraint(_AttrConstraintBase):
    """An attribute kind named by its ODS def alone (`StrAttr`, `UnitAttr`, `ElementsAttr`)."""

    kind: Literal["simple"] = "simple"
    attr: str

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text."""
        return SIMPLE_ATTR_SUMMARIES[self.attr]


class TypeAttrConstraint(_AttrConstraintBase):
    """A type attribute holding a type that satisfies `type` (`TypeAttrOf<F32>`)."""

    kind: Literal["type_attr"] = "type_attr"
    type: TypeConstraint

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text, e.g. "type attribute of 32-bit float"."""
        return f"type attribute of {self.type.summary(refs)}"


#: The named typed arrays: element attribute def and MLIR's summary.
TYPED_ARRAYS: dict[str, tuple[str, str]] = {
    "AffineMapArrayAttr": ("AffineMapAttr", "AffineMap array attribute"),
    "IndexListArrayAttr": ("I64ArrayAttr", "Array of 64-bit integer array attributes"),
    "LocationArrayAttr": ("LocationAttr", "location array attribute"),
    "BoolArrayAttr": ("BoolAttr", "1-bit boolean array attribute"),
    "DictArrayAttr": ("DictionaryAttr", "Array of dictionary attributes"),
    "F32ArrayAttr": ("F32Attr", "32-bit float array attribute"),
    "F64ArrayAttr": ("F64Attr", "64-bit float array attribute"),
    "FlatSymbolRefArrayAttr": ("FlatSymbolRefAttr", "flat symbol ref array attribute"),
    "I32ArrayAttr": ("I32Attr", "32-bit integer array attribute"),
    "I64ArrayAttr": ("I64Attr", "64-bit integer array attribute"),
    "StrArrayAttr": ("StrAttr", "string array attribute"),
    "SymbolRefArrayAttr": ("SymbolRefAttr", "symbol ref array attribute"),
    "TypeArrayAttr": ("TypeAttr", "type array attribute"),
}


class ArrayAttrConstraint(_AttrConstraintBase):
    """An array attribute whose elements satisfy `element` (`I64ArrayAttr`)."""

    kind: Literal["array"] = "array"
    element: AttrConstraint
    description: str

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text, e.g. "64-bit integer array attribute"."""
        return self.description


DenseElement = Literal["i1", "i8", "i16", "i32", "i64", "f32", "f64"]
_DENSE_ARRAYS: dict[str, DenseElement] = {
    "DenseBoolArrayAttr": "i1",
    "DenseI8ArrayAttr": "i8",
    "DenseI16ArrayAttr": "i16",
    "DenseI32ArrayAttr": "i32",
    "DenseI64ArrayAttr": "i64",
    "DenseF32ArrayAttr": "f32",
    "DenseF64ArrayAttr": "f64",
}


class DenseArrayAttrConstraint(_AttrConstraintBase):
    """A dense array of one element type (`DenseI64ArrayAttr`)."""

    kind: Literal["dense_array"] = "dense_array"
    element: DenseElement

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text, e.g. "i64 dense array attribute"."""
        return f"{self.element} dense array attribute"


class RankedElementsAttrConstraint(_AttrConstraintBase):
    """Dense elements of a fixed shape (`RankedF32ElementsAttr<[2, 2]>`)."""

    kind: Literal["ranked_elements"] = "ranked_elements"
    element: Literal["int", "float"]
    width: int
    shape: tuple[int, ...]

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text, e.g. "32-bit float elements attribute of shape [2, 2]"."""
        word = "signless int" if self.element == "int" else "float"
        dims = ", ".join(str(d) for d in self.shape)
        return f"{self.width}-bit {word} elements attribute of shape [{dims}]"


#: The primitive constraints of `ConfinedAttr`: number of integer arguments and a
#: summary template (`{0}` is the argument).
ATTR_PREDICATE_NAMES: dict[str, tuple[int, str]] = {
    "ArrayCount": (1, "with exactly {0} elements"),
    "ArrayMaxCount": (1, "with at most {0} elements"),
    "ArrayMinCount": (1, "with at least {0} elements"),
    "DenseArrayCount": (1, "with exactly {0} elements"),
    "DenseArrayMaxCt": (1, "with at most {0} elements"),
    "DenseArrayMinCt": (1, "with at least {0} elements"),
    "DenseArrayNonNegative": (0, "whose value is non-negative"),
    "DenseArraySorted": (0, "should be in non-decreasing order"),
    "DenseArrayStrictlyPositive": (0, "whose value is positive"),
    "DenseArrayStrictlySorted": (0, "should be in increasing order"),
    "IntMaxValue": (1, "whose maximum value is {0}"),
    "IntMinValue": (1, "whose minimum value is {0}"),
    "IntNEQValue": (1, "whose value is not {0}"),
    "IntNonNegative": (0, "whose value is non-negative"),
    "IntPositive": (0, "whose value is positive"),
    "IntPowerOf2": (0, "whose value is a power of two > 0"),
    "IntPositivePowerOf2": (
        0,
        "whose value is positive and whose value is a power of two > 0",
    ),
}


class AttrPredicate(SpecNode):
    """One primitive constraint of a `ConfinedAttr`, e.g. `IntMinValue<0>`."""

    name: str
    args: tuple[int, ...] = ()

    def summary(self) -> str:
        """MLIR's summary text, e.g. "whose minimum value is 0"."""
        return ATTR_PREDICATE_NAMES[self.name][1].format(*self.args)


class ConfinedAttrConstraint(_AttrConstraintBase):
    """A base attribute constraint narrowed by primitive constraints (`ConfinedAttr`)."""

    kind: Literal["confined"] = "confined"
    base: AttrConstraint
    predicates: tuple[AttrPredicate, ...]

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """The base summary followed by each predicate's, as MLIR joins them."""
        return " ".join([self.base.summary(refs), *(p.summary() for p in self.predicates)])


class AnyAttrOfConstraint(_AttrConstraintBase):
    """Any of several attribute constraints (`AnyAttrOf<[I64Attr, StrAttr]>`)."""

    kind: Literal["any_of"] = "any_of"
    options: tuple[AttrConstraint, ...]

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """MLIR's summary text: the options' summaries joined with " or "."""
        return " or ".join(option.summary(refs) for option in self.options)


class AttrRefConstraint(_AttrConstraintBase):
    """A reference, by def name, to an enum or attribute defined by the dialect."""

    kind: Literal["ref"] = "ref"
    ref: str

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """The referenced def's summary, or its name while unresolved."""
        return (refs or {}).get(self.ref, self.ref)


class AttrPredicateConstraint(_AttrConstraintBase):
    """The escape hatch: a Python boolean expression over `$_self` (the attribute)."""

    kind: Literal["predicate"] = "predicate"
    expr: str
    description: str

    def summary(self, refs: Mapping[str, str] | None = None) -> str:
        """The summary the spec gave."""
        return self.description


AttrConstraint = Annotated[
    IntegerAttrConstraint
    | FloatAttrConstraint
    | SimpleAttrConstraint
    | TypeAttrConstraint
    | ArrayAttrConstraint
    | DenseArrayAttrConstraint
    | RankedElementsAttrConstraint
    | ConfinedAttrConstraint
    | AnyAttrOfConstraint
    | AttrRefConstraint
    | AttrPredicateConstraint,
    Field(discriminator="kind"),
]

TypeAttrConstraint.model_rebuild()
ArrayAttrConstraint.model_rebuild()
ConfinedAttrConstraint.model_rebuild()
AnyAttrOfConstraint.model_rebuild()


# ---------------------------------------------------------------------------
# Interpreting ODS expressions
# ---------------------------------------------------------------------------

# Only the widths ODS defines by name; any other width is written `I<n>`.
_INT_TYPE = re.compile(r"(AnyI|SI|UI|I)(1|8|16|32|64|128)")
_INT_TENSOR = re.compile(r"(I|F|BF)(1|8|16|32|64)Tensor")
#: MLIR's named memrefs of one element type (`F32MemRef`).
_NAMED_MEMREF = re.compile(r"(I(?:1|8|16|32|64)|BF16|F16|F32|F64)MemRef")
_INT_ATTR = re.compile(r"(AnyI|SI|UI|I)(1|8|16|32|64)Attr")
_FLOAT_ATTR = re.compile(r"F(16|32|64)Attr")
_SIGN_PREFIX: dict[str, Signedness] = {
    "I": "signless",
    "SI": "signed",
    "UI": "unsigned",
    "AnyI": "any",
}

_NAMED_TYPES: dict[str, Callable[[SourceLoc | None], TypeConstraint]] = {
    "AnyType": lambda loc: AnyTypeConstraint(name="AnyType", loc=loc),
    "NoneType": lambda loc: NoneTypeConstraint(name="NoneType", loc=loc),
    "Index": lambda loc: IndexConstraint(name="Index", loc=loc),
    "AnyInteger": lambda loc: IntegerConstraint(name="AnyInteger", signedness="any", loc=loc),
    "AnySignlessInteger": lambda loc: IntegerConstraint(name="AnySignlessInteger", loc=loc),
    "AnySignedInteger": lambda loc: IntegerConstraint(
        name="AnySignedInteger", signedness="signed", loc=loc
    ),
    "AnyUnsignedInteger": lambda loc: IntegerConstraint(
        name="AnyUnsignedInteger", signedness="unsigned", loc=loc
    ),
    "AnySignlessIntegerOrIndex": lambda loc: AnyOfConstraint(
        name="AnySignlessIntegerOrIndex",
        options=(IntegerConstraint(loc=loc), IndexConstraint(loc=loc)),
        loc=loc,
    ),
    "AnyFloat": lambda loc: FloatConstraint(name="AnyFloat", loc=loc),
    "AnyTensor": lambda loc: ShapedConstraint(name="AnyTensor", container="tensor", loc=loc),
    "AnyRankedTensor": lambda loc: ShapedConstraint(
        name="AnyRankedTensor", container="ranked_tensor", loc=loc
    ),
    "AnyUnrankedTensor": lambda loc: ShapedConstraint(
        name="AnyUnrankedTensor", container="unranked_tensor", loc=loc
    ),
    "AnyStaticShapeTensor": lambda loc: ShapedConstraint(
        name="AnyStaticShapeTensor", container="static_tensor", loc=loc
    ),
    "AnyNon0RankedTensor": lambda loc: ShapedConstraint(
        name="AnyNon0RankedTensor", container="non0_ranked_tensor", loc=loc
    ),
    "AnyNon0RankedOrUnrankedTensor": lambda loc: AnyOfConstraint(
        name="AnyNon0RankedOrUnrankedTensor",
        options=(
            ShapedConstraint(name="AnyUnrankedTensor", container="unranked_tensor", loc=loc),
            ShapedConstraint(name="AnyNon0RankedTensor", container="non0_ranked_tensor", loc=loc),
        ),
        description="non-0-ranked or unranked tensor",
        cpp_type="::mlir::TensorType",
        loc=loc,
    ),
    "AnyShaped": lambda loc: ShapedConstraint(name="AnyShaped", container="shaped", loc=loc),
    "AnyVector": lambda loc: ShapedConstraint(name="AnyVector", container="vector", loc=loc),
    "AnyMemRef": lambda loc: ShapedConstraint(name="AnyMemRef", container="memref", loc=loc),
    "AnyUnrankedMemRef": lambda loc: ShapedConstraint(
        name="AnyUnrankedMemRef", container="unranked_memref", loc=loc
    ),
    "AnyNon0RankedMemRef": lambda loc: ShapedConstraint(
        name="AnyNon0RankedMemRef", container="non0_ranked_memref", loc=loc
    ),
    "AnyRankedOrUnrankedMemRef": lambda loc: ShapedConstraint(
        name="AnyRankedOrUnrankedMemRef", container="ranked_or_unranked_memref", loc=loc
    ),
    "AnyNon0RankedOrUnrankedMemRef": lambda loc: AnyOfConstraint(
        name="AnyNon0RankedOrUnrankedMemRef",
        options=(
            ShapedConstraint(name="AnyUnrankedMemRef", container="unranked_memref", loc=loc),
            ShapedConstraint(name="AnyNon0RankedMemRef", container="non0_ranked_memref", loc=loc),
        ),
        loc=loc,
    ),
    "AnyStridedMemRef": lambda loc: ShapedConstraint(
        name="AnyStridedMemRef", container="strided_memref", loc=loc
    ),
    "AnyStaticShapeMemRef": lambda loc: ShapedConstraint(
        name="AnyStaticShapeMemRef", container="static_memref", loc=loc
    ),
    "AnyVectorOfAnyRank": lambda loc: ShapedConstraint(
        name="AnyVectorOfAnyRank", container="vector", loc=loc
    ),
    "AnyVectorOfNonZeroRank": lambda loc: ShapedConstraint(
        name="AnyVectorOfNonZeroRank", container="non0_ranked_vector", loc=loc
    ),
    "AnyFixedVectorOfAnyRank": lambda loc: ShapedConstraint(
        name="AnyFixedVectorOfAnyRank", container="fixed_vector", loc=loc
    ),
    "AnyScalableVectorOfAnyRank": lambda loc: ShapedConstraint(
        name="AnyScalableVectorOfAnyRank", container="scalable_vector", loc=loc
    ),
    "IndexTensor": lambda loc: ShapedConstraint(
        name="IndexTensor", container="tensor", element=IndexConstraint(loc=loc), loc=loc
    ),
    "AnyComplex": lambda loc: TypePredicateConstraint(
        name="AnyComplex",
        expr="isinstance($_self, ComplexType)",
        description="complex-type",
        loc=loc,
    ),
    "AnyTuple": lambda loc: TypePredicateConstraint(
        name="AnyTuple", expr="isinstance($_self, TupleType)", description="tuple", loc=loc
    ),
    "FunctionType": lambda loc: FunctionTypeConstraint(name="FunctionType", loc=loc),
    # MLIR's summary of `SignlessIntegerLike` is "signless-integer", without "-like".
    "SignlessIntegerLike": lambda loc: LikeConstraint(
        name="SignlessIntegerLike",
        element=IntegerConstraint(loc=loc),
        description="signless-integer",
        loc=loc,
    ),
    "SignlessFixedWidthIntegerLike": lambda loc: LikeConstraint(
        name="SignlessFixedWidthIntegerLike",
        element=IntegerConstraint(loc=loc),
        description="signless-fixed-width-integer-like",
        loc=loc,
    ),
    "SignlessIntegerOrFloatLike": lambda loc: AnyOfConstraint(
        name="SignlessIntegerOrFloatLike",
        options=(
            LikeConstraint(
                name="SignlessIntegerLike",
                element=IntegerConstraint(loc=loc),
                description="signless-integer",
                loc=loc,
            ),
            LikeConstraint(
                name="FloatLike",
                element=FloatConstraint(loc=loc),
                description="floating-point-like",
                loc=loc,
            ),
        ),
        description="signless-integer-like or floating-point-like",
        loc=loc,
    ),
    "SignlessIntegerOrIndexLike": lambda loc: LikeConstraint(
        name="SignlessIntegerOrIndexLike",
        element=AnyOfConstraint(options=(IntegerConstraint(loc=loc), IndexConstraint(loc=loc))),
        description="signless-integer-like",
        loc=loc,
    ),
    "FloatLike": lambda loc: LikeConstraint(
        name="FloatLike",
        element=FloatConstraint(loc=loc),
        description="floating-point-like",
        loc=loc,
    ),
    "BoolLike": lambda loc: LikeConstraint(
        name="BoolLike",
        element=IntegerConstraint(widths=(1,), loc=loc),
        description="bool-like",
        loc=loc,
    ),
    "SignlessIntegerOrIndexOrFloatLike": lambda loc: AnyOfConstraint(
        name="SignlessIntegerOrIndexOrFloatLike",
        options=(
            _NAMED_TYPES["SignlessIntegerOrIndexLike"](loc),
            _NAMED_TYPES["FloatLike"](loc),
        ),
        description="signless-integer-or-index-like or floating-point-like",
        loc=loc,
    ),
}

#: The C++ classes of MLIR's type constraints that a union may name (`AnyTypeOf`'s
#: third argument): the builtin shaped types and their abstract bases.
CPP_TYPES: tuple[str, ...] = (
    "::mlir::BaseMemRefType",
    "::mlir::ComplexType",
    "::mlir::IntegerType",
    "::mlir::MemRefType",
    "::mlir::RankedTensorType",
    "::mlir::ShapedType",
    "::mlir::TensorType",
    "::mlir::UnrankedMemRefType",
    "::mlir::UnrankedTensorType",
    "::mlir::VectorType",
)

#: Parameterized type constraints: name -> (the shapes of its arguments, for messages).
_TYPE_GENERICS: dict[str, str] = {
    "AnyTypeOf": (
        'AnyTypeOf<[types...]>, AnyTypeOf<[types...], "summary"> or '
        'AnyTypeOf<[types...], "summary", "::mlir::CppType">'
    ),
    "FloatOfWidths": "FloatOfWidths<[widths...]>",
    "I": "I<width>",
    "MemRefOf": "MemRefOf<[types...]>",
    "Non0RankedMemRefOf": "Non0RankedMemRefOf<[types...]>",
    "RankedOrUnrankedMemRefOf": "RankedOrUnrankedMemRefOf<[types...]>",
    "StridedMemRefOf": "StridedMemRefOf<[types...]>",
    "UnrankedMemRefOf": "UnrankedMemRefOf<[types...]>",
    "MemRefRankOf": "MemRefRankOf<[types...], [ranks...]>",
    "Non0RankedTensorOf": "Non0RankedTensorOf<[types...]>",
    "RankedTensorOf": "RankedTensorOf<[types...]>",
    "SignlessIntOfWidths": "SignlessIntOfWidths<[widths...]>",
    "StaticShapeTensorOf": "StaticShapeTensorOf<[types...]>",
    "StaticShapeMemRefOf": "StaticShapeMemRefOf<[types...]>",
    "TensorOrMemRef": "TensorOrMemRef<[types...]>",
    "VectorOfAnyRankOf": "VectorOfAnyRankOf<[types...]>",
    "VectorOfNonZeroRankOf": "VectorOfNonZeroRankOf<[types...]>",
    "FixedVectorOfAnyRank": "FixedVectorOfAnyRank<[types...]>",
    "ScalableVectorOfAnyRank": "ScalableVectorOfAnyRank<[types...]>",
    "0DTensorOf": "0DTensorOf<[types...]>",
    "1DTensorOf": "1DTensorOf<[types...]>",
    "2DTensorOf": "2DTensorOf<[types...]>",
    "3DTensorOf": "3DTensorOf<[types...]>",
    "4DTensorOf": "4DTensorOf<[types...]>",
    "AnyIntOfWidths": "AnyIntOfWidths<[widths...]>",
    "SignedIntOfWidths": "SignedIntOfWidths<[widths...]>",
    "UnsignedIntOfWidths": "UnsignedIntOfWidths<[widths...]>",
    "DialectType": 'DialectType<Dialect, CPred<"python expression over $_self">, "summary">',
    "TensorOf": "TensorOf<[types...]>",
    "TensorRankOf": "TensorRankOf<[types...], [ranks...]>",
    "Type": 'Type<CPred<"python expression over $_self">, "summary">',
    "TypeOrContainerLike": 'TypeOrContainerLike<type, "summary">',
    "UnrankedTensorOf": "UnrankedTensorOf<[types...]>",
    "VectorOf": "VectorOf<[types...]>",
    "VectorOfRankAndType": "VectorOfRankAndType<[ranks...], [types...]>",
}
_SIGNED_WIDTHS: dict[str, Signedness] = {
    "AnyIntOfWidths": "any",
    "SignedIntOfWidths": "signed",
    "UnsignedIntOfWidths": "unsigned",
}
_VALUE_WRAPPERS = ("Optional", "Variadic", "VariadicOfVariadic")
_ATTR_WRAPPERS = (
    "DefaultValuedAttr",
    "DefaultValuedOptionalAttr",
    "DefaultValuedStrAttr",
    "OptionalAttr",
)
_ATTR_GENERICS: dict[str, str] = {
    "AnyAttrOf": "AnyAttrOf<[attrs...]>",
    "Attr": 'Attr<CPred<"python expression over $_self">, "summary">',
    "ConfinedAttr": "ConfinedAttr<attr, [constraints...]>",
    "DialectAttr": 'DialectAttr<Dialect, CPred<"python expression over $_self">, "summary">',
    "RankedF32ElementsAttr": "RankedF32ElementsAttr<[dims...]>",
    "RankedF64ElementsAttr": "RankedF64ElementsAttr<[dims...]>",
    "RankedI32ElementsAttr": "RankedI32ElementsAttr<[dims...]>",
    "RankedI64ElementsAttr": "RankedI64ElementsAttr<[dims...]>",
    "TypeAttrOf": "TypeAttrOf<type>",
    "TypedArrayAttrBase": 'TypedArrayAttrBase<attr, "summary">',
}


def known_type_constraint_names() -> list[str]:
    """Every type constraint name this module understands (for suggestions)."""
    fixed = [f"I{w}" for w in (1, 8, 16, 32, 64, 128)] + list(_FLOAT_NAMES)
    tensors = [f"{p}{w}Tensor" for p in ("I", "F") for w in (1, 8, 16, 32, 64)]
    memrefs = [f"{e}MemRef" for e in ("I1", "I8", "I16", "I32", "I64", "BF16", "F16", "F32", "F64")]
    return sorted({*_NAMED_TYPES, *_TYPE_GENERICS, *fixed, *tensors, *memrefs})


def known_attr_constraint_names() -> list[str]:
    """Every attribute constraint name this module understands (for suggestions)."""
    ints = [f"{p}{w}Attr" for p in ("I", "SI", "UI") for w in (1, 8, 16, 32, 64)]
    return sorted(
        {
            *SIMPLE_ATTR_SUMMARIES,
            *TYPED_ARRAYS,
            *_DENSE_ARRAYS,
            *_ATTR_GENERICS,
            *_ATTR_WRAPPERS,
            *ints,
            "F16Attr",
            "F32Attr",
            "F64Attr",
        }
    )


def _suggest(name: str, candidates: list[str]) -> str | None:
    close = difflib.get_close_matches(name, candidates, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None


def _dialect_predicate(expr: NameExpr, usage: str) -> tuple[Expr, str]:
    """The predicate and summary of `DialectType<Dialect, CPred<"...">, "summary">` or
    its `DialectAttr` twin (the summary optional); the dialect is documentation."""
    if expr.args is not None and len(expr.args) == 2:
        return expr.args[1], ""
    _dialect, pred, summary = _args(expr, 3, usage)
    return pred, _str(summary, "summary")


def _args(expr: NameExpr, count: int, usage: str) -> tuple[Expr, ...]:
    if expr.args is None or len(expr.args) != count:
        given = 0 if expr.args is None else len(expr.args)
        raise ExprError(
            expr.offset,
            f"'{expr.name}' takes {count} argument{'s' if count != 1 else ''}, got {given}",
            f"write it as {usage}",
        )
    return expr.args


def _list(expr: Expr, what: str) -> tuple[Expr, ...]:
    if not isinstance(expr, ListExpr):
        raise ExprError(expr.offset, f"expected a list of {what} in '[...]'")
    return expr.items


def _int(expr: Expr, what: str) -> int:
    if not isinstance(expr, IntExpr):
        raise ExprError(expr.offset, f"expected an integer {what}")
    return expr.value


def _str(expr: Expr, what: str) -> str:
    if not isinstance(expr, StrExpr):
        raise ExprError(expr.offset, f'expected a string {what} in "..."')
    return expr.value


def _pred_text(expr: Expr) -> str:
    # `CPred<"...">` is the ODS spelling; a bare string is accepted too.
    if isinstance(expr, NameExpr) and expr.name == "CPred":
        return _str(_args(expr, 1, 'CPred<"expression">')[0], "predicate")
    return _str(expr, "predicate")


def pred_text_locs(expr: Expr, loc_at: LocAt, key: str) -> tuple[tuple[str, SourceLoc], ...]:
    """`SpecNode.field_locs` placing field `key` at the text of a `CPred<"...">` (or a
    bare string): the first character after its opening quote."""
    if isinstance(expr, NameExpr) and expr.name == "CPred" and expr.args:
        expr = expr.args[0]
    if not isinstance(expr, StrExpr):
        return ()
    loc = loc_at(expr.offset + 1)
    return ((key, loc),) if loc is not None else ()


def _types(expr: Expr, loc_at: LocAt) -> TypeConstraint:
    items = _list(expr, "type constraints")
    if not items:
        raise ExprError(expr.offset, "expected at least one type constraint in the list")
    options = tuple(type_constraint_from_expr(item, loc_at) for item in items)
    if len(options) == 1:
        return options[0]
    return AnyOfConstraint(options=options, loc=loc_at(expr.offset))


def _type_generic(expr: NameExpr, loc_at: LocAt) -> TypeConstraint:
    name = expr.name
    loc = loc_at(expr.offset)
    usage = _TYPE_GENERICS[name]
    shaped: dict[str, Container] = {
        "TensorOf": "tensor",
        "RankedTensorOf": "ranked_tensor",
        "UnrankedTensorOf": "unranked_tensor",
        "StaticShapeTensorOf": "static_tensor",
        "Non0RankedTensorOf": "non0_ranked_tensor",
        "VectorOf": "vector",
        "MemRefOf": "memref",
        "UnrankedMemRefOf": "unranked_memref",
        "Non0RankedMemRefOf": "non0_ranked_memref",
        "RankedOrUnrankedMemRefOf": "ranked_or_unranked_memref",
        "StridedMemRefOf": "strided_memref",
        "StaticShapeMemRefOf": "static_memref",
        "TensorOrMemRef": "tensor_or_memref",
        "VectorOfAnyRankOf": "vector",
        "VectorOfNonZeroRankOf": "non0_ranked_vector",
        "FixedVectorOfAnyRank": "fixed_vector",
        "ScalableVectorOfAnyRank": "scalable_vector",
    }
    if name in shaped:
        (elements,) = _args(expr, 1, usage)
        return ShapedConstraint(container=shaped[name], element=_types(elements, loc_at), loc=loc)
    if name[0].isdigit():
        # `2DTensorOf<[F32]>` is `TensorRankOf<[F32], [2]>`.
        (elements,) = _args(expr, 1, usage)
        return ShapedConstraint(
            container="ranked_tensor",
            element=_types(elements, loc_at),
            ranks=(int(name[0]),),
            loc=loc,
        )
    if name in ("TensorRankOf", "MemRefRankOf"):
        elements, ranks = _args(expr, 2, usage)
        return ShapedConstraint(
            container="ranked_tensor" if name == "TensorRankOf" else "memref",
            element=_types(elements, loc_at),
            ranks=tuple(_int(r, "rank") for r in _list(ranks, "ranks")),
            loc=loc,
        )
    if name == "VectorOfRankAndType":
        ranks, elements = _args(expr, 2, usage)
        return ShapedConstraint(
            container="vector",
            element=_types(elements, loc_at),
            ranks=tuple(_int(r, "rank") for r in _list(ranks, "ranks")),
            loc=loc,
        )
    if name == "AnyTypeOf":
        description: str | None = None
        cpp_type: str | None = None
        if expr.args is not None and len(expr.args) == 3:
            options, summary, cpp = expr.args
            description = _str(summary, "summary")
            cpp_type = _str(cpp, "C++ type")
            if cpp_type not in CPP_TYPES:
                raise ExprError(
                    cpp.offset,
                    f"unknown C++ type '{cpp_type}'",
                    "expected one of: " + ", ".join(CPP_TYPES),
                )
        elif expr.args is not None and len(expr.args) == 2:
            options, summary = expr.args
            description = _str(summary, "summary")
        else:
            (options,) = _args(expr, 1, usage)
        items = _list(options, "type constraints")
        return AnyOfConstraint(
            options=tuple(type_constraint_from_expr(item, loc_at) for item in items),
            description=description,
            cpp_type=cpp_type,
            loc=loc,
        )
    if name == "TypeOrContainerLike":
        element, summary = _args(expr, 2, usage)
        return LikeConstraint(
            element=type_constraint_from_expr(element, loc_at),
            description=_str(summary, "summary"),
            loc=loc,
        )
    if name in ("SignlessIntOfWidths", "I"):
        (widths,) = _args(expr, 1, usage)
        values = (
            (_int(widths, "width"),)
            if name == "I"
            else tuple(_int(w, "width") for w in _list(widths, "widths"))
        )
        return IntegerConstraint(widths=values, loc=loc)
    if name in _SIGNED_WIDTHS:
        (widths,) = _args(expr, 1, usage)
        return IntegerConstraint(
            widths=tuple(_int(w, "width") for w in _list(widths, "widths")),
            signedness=_SIGNED_WIDTHS[name],
            loc=loc,
        )
    if name == "DialectType":
        pred, summary_text = _dialect_predicate(expr, usage)
        return TypePredicateConstraint(
            expr=_pred_text(pred),
            description=summary_text,
            loc=loc,
            field_locs=pred_text_locs(pred, loc_at, "expr"),
        )
    if name == "FloatOfWidths":
        (widths,) = _args(expr, 1, usage)
        return FloatConstraint(
            types=tuple(f"f{_int(w, 'width')}" for w in _list(widths, "widths")), loc=loc
        )
    # `Type<CPred<"...">, "summary">`, or with the type it builds third.
    built: str | None = None
    if expr.args is not None and len(expr.args) == 3:
        pred, summary, built_expr = expr.args
        built = _str(built_expr, "buildable type")
    else:
        pred, summary = _args(expr, 2, usage)
    return TypePredicateConstraint(
        expr=_pred_text(pred),
        description=_str(summary, "summary"),
        buildable=built,
        loc=loc,
        field_locs=pred_text_locs(pred, loc_at, "expr"),
    )


def type_constraint_from_expr(expr: Expr, loc_at: LocAt) -> TypeConstraint:
    """Interpret an ODS type constraint expression; unknown bare names become references."""
    if not isinstance(expr, NameExpr):
        raise ExprError(expr.offset, "expected a type constraint")
    name = expr.name
    loc = loc_at(expr.offset)
    if name in _VALUE_WRAPPERS:
        raise ExprError(
            expr.offset,
            f"'{name}' is only allowed around the whole constraint of an operand or result",
        )
    if expr.args is not None:
        if name in _TYPE_GENERICS:
            return _type_generic(expr, loc_at)
        raise ExprError(
            expr.offset,
            f"unknown parameterized type constraint '{name}'",
            _suggest(name, list(_TYPE_GENERICS)),
        )
    if name in _NAMED_TYPES:
        return _NAMED_TYPES[name](loc)
    if name in _FLOAT_NAMES:
        return FloatConstraint(name=name, types=(_FLOAT_NAMES[name],), loc=loc)
    if match := _INT_TYPE.fullmatch(name):
        sign = _SIGN_PREFIX[match.group(1)]
        return IntegerConstraint(name=name, widths=(int(match.group(2)),), signedness=sign, loc=loc)
    if match := _INT_TENSOR.fullmatch(name):
        prefix, width = match.group(1), match.group(2)
        element: TypeConstraint = (
            IntegerConstraint(widths=(int(width),), loc=loc)
            if prefix == "I"
            else FloatConstraint(types=(f"{prefix.lower()}{width}",), loc=loc)
        )
        return ShapedConstraint(name=name, container="tensor", element=element, loc=loc)
    if match := _NAMED_MEMREF.fullmatch(name):
        element_name = match.group(1)
        element = (
            IntegerConstraint(widths=(int(element_name[1:]),), loc=loc)
            if element_name.startswith("I")
            else FloatConstraint(types=(element_name.lower(),), loc=loc)
        )
        return ShapedConstraint(name=name, container="memref", element=element, loc=loc)
    if name in _TYPE_GENERICS:
        raise ExprError(
            expr.offset, f"'{name}' needs arguments", f"write it as {_TYPE_GENERICS[name]}"
        )
    return TypeRefConstraint(ref=name, loc=loc)


def value_constraint_from_expr(
    expr: Expr, loc_at: LocAt
) -> tuple[Variadicity, TypeConstraint, str | None]:
    """Interpret the constraint of an operand or result, with its ODS variadicity wrapper.

    Returns the variadicity, the element constraint and, for
    `VariadicOfVariadic<T, "segments">`, the name of the segment-size attribute.
    """
    if isinstance(expr, NameExpr) and expr.name in _VALUE_WRAPPERS:
        if expr.name == "VariadicOfVariadic":
            inner, segments = _args(expr, 2, 'VariadicOfVariadic<type, "segment_attr">')
            return (
                "variadic_of_variadic",
                type_constraint_from_expr(inner, loc_at),
                _str(segments, "segment attribute name"),
            )
        (inner,) = _args(expr, 1, f"{expr.name}<type>")
        kind: Variadicity = "optional" if expr.name == "Optional" else "variadic"
        return kind, type_constraint_from_expr(inner, loc_at), None
    return "single", type_constraint_from_expr(expr, loc_at), None


def _attr_generic(expr: NameExpr, loc_at: LocAt) -> AttrConstraint:
    name = expr.name
    loc = loc_at(expr.offset)
    usage = _ATTR_GENERICS[name]
    if name == "ConfinedAttr":
        base, preds = _args(expr, 2, usage)
        return ConfinedAttrConstraint(
            base=attr_constraint_from_expr(base, loc_at),
            predicates=tuple(
                _attr_predicate(p, loc_at) for p in _list(preds, "attribute constraints")
            ),
            loc=loc,
        )
    if name == "AnyAttrOf":
        (options,) = _args(expr, 1, usage)
        return AnyAttrOfConstraint(
            options=tuple(
                attr_constraint_from_expr(o, loc_at) for o in _list(options, "attributes")
            ),
            loc=loc,
        )
    if name == "TypeAttrOf":
        (type_,) = _args(expr, 1, usage)
        return TypeAttrConstraint(type=type_constraint_from_expr(type_, loc_at), loc=loc)
    if name == "TypedArrayAttrBase":
        element, summary = _args(expr, 2, usage)
        return ArrayAttrConstraint(
            element=attr_constraint_from_expr(element, loc_at),
            description=_str(summary, "summary"),
            loc=loc,
        )
    if name == "DialectAttr":
        pred, summary_text = _dialect_predicate(expr, usage)
        return AttrPredicateConstraint(
            expr=_pred_text(pred),
            description=summary_text,
            loc=loc,
            field_locs=pred_text_locs(pred, loc_at, "expr"),
        )
    if name.startswith("Ranked"):
        (dims,) = _args(expr, 1, usage)
        return RankedElementsAttrConstraint(
            element="float" if name[6] == "F" else "int",
            width=int(name[7:9]),
            shape=tuple(_int(d, "dimension") for d in _list(dims, "dimensions")),
            name=name,
            loc=loc,
        )
    pred, summary = _args(expr, 2, usage)
    return AttrPredicateConstraint(
        expr=_pred_text(pred),
        description=_str(summary, "summary"),
        loc=loc,
        field_locs=pred_text_locs(pred, loc_at, "expr"),
    )


def _attr_predicate(expr: Expr, loc_at: LocAt) -> AttrPredicate:
    if not isinstance(expr, NameExpr):
        raise ExprError(expr.offset, "expected an attribute constraint such as IntMinValue<0>")
    if expr.name not in ATTR_PREDICATE_NAMES:
        raise ExprError(
            expr.offset,
            f"unknown attribute constraint '{expr.name}'",
            _suggest(expr.name, list(ATTR_PREDICATE_NAMES)),
        )
    count = ATTR_PREDICATE_NAMES[expr.name][0]
    args: tuple[Expr, ...] = ()
    if count or expr.args is not None:
        args = _args(expr, count, f"{expr.name}<n>" if count else expr.name)
    return AttrPredicate(
        name=expr.name, args=tuple(_int(a, "value") for a in args), loc=loc_at(expr.offset)
    )


def attr_constraint_from_expr(expr: Expr, loc_at: LocAt) -> AttrConstraint:
    """Interpret an ODS attribute constraint expression; unknown bare names become references."""
    if not isinstance(expr, NameExpr):
        raise ExprError(expr.offset, "expected an attribute constraint")
    name = expr.name
    loc = loc_at(expr.offset)
    if name in _ATTR_WRAPPERS:
        raise ExprError(
            expr.offset, f"'{name}' is only allowed around the whole constraint of an attribute"
        )
    if expr.args is not None:
        if name in _ATTR_GENERICS:
            return _attr_generic(expr, loc_at)
        raise ExprError(
            expr.offset,
            f"unknown parameterized attribute constraint '{name}'",
            _suggest(name, list(_ATTR_GENERICS)),
        )
    if name in SIMPLE_ATTR_SUMMARIES:
        return SimpleAttrConstraint(attr=name, name=name, loc=loc)
    if match := _INT_ATTR.fullmatch(name):
        return IntegerAttrConstraint(
            name=name,
            width=int(match.group(2)),
            signedness=_SIGN_PREFIX[match.group(1)],
            loc=loc,
        )
    if match := _FLOAT_ATTR.fullmatch(name):
        return FloatAttrConstraint(name=name, width=int(match.group(1)), loc=loc)
    if name in TYPED_ARRAYS:
        element_name, summary = TYPED_ARRAYS[name]
        element = attr_constraint_from_expr(NameExpr(element_name, None, expr.offset), loc_at)
        return ArrayAttrConstraint(name=name, element=element, description=summary, loc=loc)
    if name in _DENSE_ARRAYS:
        return DenseArrayAttrConstraint(name=name, element=_DENSE_ARRAYS[name], loc=loc)
    if name in _ATTR_GENERICS:
        raise ExprError(
            expr.offset, f"'{name}' needs arguments", f"write it as {_ATTR_GENERICS[name]}"
        )
    return AttrRefConstraint(ref=name, loc=loc)


def attribute_from_expr(expr: Expr, loc_at: LocAt) -> tuple[AttrConstraint, bool, str | None]:
    """Interpret an attribute's constraint with its ODS wrapper.

    Returns the constraint, whether the attribute is optional, and its default
    value (the text of `DefaultValuedAttr<attr, "value">`), if any; a
    `DefaultValuedOptionalAttr` is optional and has a default.
    """
    if isinstance(expr, NameExpr) and expr.name in _ATTR_WRAPPERS:
        if expr.name == "OptionalAttr":
            (inner,) = _args(expr, 1, "OptionalAttr<attr>")
            return attr_constraint_from_expr(inner, loc_at), True, None
        inner, default = _args(expr, 2, f'{expr.name}<attr, "value">')
        optional = expr.name == "DefaultValuedOptionalAttr"
        return attr_constraint_from_expr(inner, loc_at), optional, _str(default, "default value")
    return attr_constraint_from_expr(expr, loc_at), False, None
