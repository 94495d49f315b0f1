"""Spec-driven tests: for every op of every shipped dialect, cases derived from its spec.

Build a valid instance with the generated builder and verify it; break each
declared operand, result and attribute constraint in turn and check MLIR's
message; print generic, parse and print again to the same text.
"""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path

import pytest
from dialects.spec_cases import Instance, OpInfo, attr_pool, find_valid, op_infos, type_pool

import generated
from generator.emit.build import spec_files
from generator.ir import Block, Operation
from generator.ir.parser import parse_source
from generator.ir.printer import print_operation
from generator.ir.source import SourceFile
from generator.spec.convert import load_spec

REPO_ROOT = Path(__file__).resolve().parents[2]


@cache
def _all_infos() -> dict[str, OpInfo]:
    infos: dict[str, OpInfo] = {}
    for spec in spec_files(REPO_ROOT):
        dialect = load_spec(spec)
        if not dialect.ops:
            continue  # a dialect of types only (`tf_type`) has no ops module
        module = importlib.import_module(f"generated.{dialect.python_package}.ops")
        for info in op_infos(dialect, module):
            infos[info.name] = info
    return infos


def _op_names() -> list[str]:
    return sorted(_all_infos())


@cache
def _valid(name: str) -> Instance | None:
    return find_valid(_all_infos()[name], _all_infos())


#: Ops whose valid instances need IR the search does not build, with the reason.
NO_GENERIC_INSTANCE: dict[str, str] = {
    "scf.execute_region": (
        "its region must end in an scf.yield; the search builds regions with an empty block "
        "and adds only implied terminators, which execute_region has none of"
    ),
    "scf.while": (
        "its before region must end in an scf.condition and its after region in an "
        "scf.yield, with block arguments of the loop-carried types; the search builds "
        "regions with an empty block"
    ),
    "scf.parallel": (
        "its body takes one index argument per loop dimension (checked with its regions); "
        "the search builds regions with an empty block"
    ),
    "scf.for": (
        "its body takes the induction variable and the iter_args as block arguments "
        "(checked with its regions, which the search does not run), and its custom form "
        "names them; the search builds regions with an empty block"
    ),
    "complex.constant": (
        "its value must be an array of two float or integer attributes of the result's "
        "element type, which only its verifier says; the search tries arrays of no "
        "particular contents (the differential tests build it)"
    ),
    "scf.condition": "its parent scf.while has no instance found from its spec (see there)",
    "memref.global": "its `type` must be a type attribute of a static memref, which the search has none of",
    "memref.get_global": "it must name a memref.global of its result type in the enclosing module",
    "memref.view": "its source must be a 1-D memref of i8, which the search has no candidate of",
    "memref.reshape": (
        "its shape operand is a 1-D memref of integers whose length is the result's rank; "
        "the search has no such candidate"
    ),
    "memref.generic_atomic_rmw": (
        "its body takes the current element as its one argument; the search builds regions "
        "with an empty block"
    ),
    "memref.atomic_yield": "its parent memref.generic_atomic_rmw has no instance found (see there)",
    "tensor.gather": (
        "the last dimension of its indices has one entry per gather dim and the result "
        "shape follows from both operands; the search has no such candidates"
    ),
    "tensor.scatter": (
        "the last dimension of its indices has one entry per scatter dim and requires "
        "`unique`; the search has no such candidates"
    ),
    "tensor.pad": (
        "its body takes one index argument per dimension; the search builds regions with "
        "an empty block"
    ),
    "tensor.parallel_insert_slice": (
        "it must be in the terminator of an scf.forall, into one of the loop's outputs"
    ),
    "scf.reduce": "its parent scf.parallel has no instance found from its spec (see there)",
    "scf.reduce.return": "its parent scf.reduce has no instance found from its spec (see there)",
    "scf.yield": (
        "its first possible parent, scf.execute_region, has no instance found from its "
        "spec (see there)"
    ),
    **{
        f"tf_executor.{name}": (
            "its data operand (any type) must be a tensor that broadcasts to its data results "
            "(TensorFlow's broadcast predicate); for an op with this many operands and results "
            "the search tries the first few candidates of each, all scalars"
        )
        for name in ("Switch", "_SwitchN", "Merge", "Enter", "Exit")
    },
    **{
        f"tfg.{name}": (
            "its last result must be a !tf_type.control and each region must end in a "
            "tfg.yield; the search has no control type and builds regions with an empty block"
        )
        for name in (
            "IfRegion",
            "StatelessIfRegion",
            "StatefulIfRegion",
            "CaseRegion",
            "StatelessCaseRegion",
            "StatefulCaseRegion",
        )
    },
    **{
        f"tfg.{name}": (
            "its last result must be a !tf_type.control, its cond region must end in a "
            "tfg.condition and its body in a tfg.yield; the search has no control type and "
            "builds regions with an empty block"
        )
        for name in ("WhileRegion", "StatelessWhileRegion", "StatefulWhileRegion")
    },
    **{
        f"tfg.{name}": (
            "its last result must be a !tf_type.control and its functions are #tf_type.func "
            "attributes (a Python predicate over the attribute); the search has no control "
            "type and no candidate for the attribute"
        )
        for name in (
            "If",
            "StatelessIf",
            "StatefulIf",
            "Case",
            "StatelessCase",
            "StatefulCase",
            "While",
            "StatelessWhile",
            "StatefulWhile",
            "For",
        )
    },
    "tfg.ForRegion": (
        "its last result must be a !tf_type.control and its body must take the loop index, an "
        "i32 tensor, and end in a tfg.yield; the search has no control type and builds regions "
        "with an empty block"
    ),
    "tensor.generate": (
        "its body must end in a tensor.yield of the result's element type, with one index "
        "argument per dimension; the search builds regions with an empty block"
    ),
    "tensor.yield": (
        "it must be the terminator of a tensor.generate body (ParentOneOf), which the search "
        "does not build"
    ),
    "tf.IfRegion": (
        "each branch must end in a tf.Yield of values of the op's result types; the search "
        "builds regions with an empty block or the implicit terminator alone"
    ),
    "tf.Yield": (
        "it must be the terminator of a tf.IfRegion branch (ParentOneOf), which the search "
        "does not build"
    ),
    "tfg.graph": (
        "its version is a #tf_type.version attribute (a Python predicate over the attribute), "
        "which the search has no candidate for"
    ),
    "tfg.func": (
        "its body must be a non-empty block ending in a tfg.return of the function's results; "
        "the search builds regions with an empty block"
    ),
    "tfg.return": (
        "it must be the terminator of a tfg.func body (HasParent), which the search does not build"
    ),
    "tfg.get_result": (
        "its operand and result are !tf_type.tensor (a Python predicate over the type), which "
        "the search has no candidate for"
    ),
    "affine.for": (
        "its body's entry block must take the induction variable, an index (checked after "
        "the body, as MLIR's verifyRegions does); the search builds regions with an empty "
        "block, which only the generic form can print"
    ),
    "affine.parallel": (
        "its bound maps must take as many dims and symbols as it has bound operands and its "
        "body must take one index per loop, which the search does not build"
    ),
    "affine.dma_start": (
        "its three affine maps are attributes that must take as many operands as each memref "
        "is indexed by, which the search does not build"
    ),
    "affine.dma_wait": (
        "its tag map is an attribute that must take as many operands as the tag memref's "
        "rank, which the search does not build"
    ),
    "affine.yield": (
        "it must terminate a region of an affine.for or affine.if (a check of its verifier, "
        "not a HasParent trait), which the search does not build"
    ),
    "tf_executor.NextIteration.Source": (
        "its token must have exactly one user, a tf_executor.NextIteration.Sink: the two ops "
        "are only valid as a pair, and the search builds one op at a time"
    ),
    "tf_executor.NextIteration.Sink": (
        "its token must be the result of a tf_executor.NextIteration.Source: the two ops are "
        "only valid as a pair, and the search builds one op at a time"
    ),
    "memref.dma_start": (
        "its operands are one list whose parts the ranks of its memref operands tell apart "
        "(memrefs, indices, a size); the search gives the values of a group one type"
    ),
    "memref.alloca": (
        "it must be nested in an op with an automatic allocation scope (a function), which "
        "the search does not build"
    ),
    **{
        f"vector.{name}": (
            f"a valid instance needs {why}; the search's few vector types, all 1-D of "
            "4 fixed elements, give none"
        )
        for name, why in (
            ("deinterleave", "results half the source's trailing dimension"),
            ("interleave", "a result twice the operands' trailing dimension"),
            ("to_elements", "one result per element of the source"),
            ("from_elements", "one operand per element of the result"),
            ("shuffle", "a result as long as the mask attribute"),
            ("multi_reduction", "the result the source without the reduced dimensions"),
            ("scan", "an initial value one rank below the source"),
            ("transpose", "a result the permuted source, a permutation of its rank"),
            ("insert_strided_slice", "offsets one per dimension of the destination"),
            ("contract", "indexing maps whose dimensions pair those of lhs, rhs and acc"),
            ("transfer_read", "a memref or tensor indexed by as many index operands as its rank"),
            ("transfer_write", "a memref or tensor indexed by as many index operands as its rank"),
            ("scalable.insert", "a scalable vector"),
            ("scalable.extract", "a scalable vector"),
            ("step", "a 1-D vector of index"),
        )
    },
}


#: Ops whose built instance verifies but does not print as it reads back, with the reason.
NO_ROUND_TRIP: dict[str, str] = {
    "affine.linearize_index": (
        "its generated builder leaves `disjoint` unset when not given, while the parser "
        "sets it false as MLIR always does, so a built instance does not print as it reads back"
    ),
}


@pytest.mark.parametrize("name", _op_names())
def test_a_valid_instance_builds_and_verifies(name: str) -> None:
    """The generated builder makes an op the generated verifier accepts."""
    if name in NO_GENERIC_INSTANCE:
        pytest.skip(NO_GENERIC_INSTANCE[name])
    instance = _valid(name)
    assert instance is not None, f"no valid instance of {name} found from its spec"
    assert instance.op.name == name
    assert instance.op.verify_invariants() is None


def _rebuild(info: OpInfo, instance: Instance, **changes: object) -> Operation:
    from dialects.spec_cases import _add_implicit_terminators, build

    operand_types = changes.get("operand_types", instance.operand_types)
    result_types = changes.get("result_types", instance.result_types)
    attrs = changes.get("attrs", instance.attrs)
    op = build(info, operand_types, result_types, attrs, Block(), instance.blocks)  # type: ignore[arg-type]
    # As the search built it, so that only the broken constraint fails.
    _add_implicit_terminators(op, info, _all_infos())
    return op


@pytest.mark.parametrize("name", _op_names())
def test_each_type_constraint_has_mlir_message(name: str) -> None:
    """Each operand and result given a type outside its constraint fails with MLIR's words."""
    info = _all_infos()[name]
    instance = _valid(name)
    if instance is None or instance.root is not instance.op:
        pytest.skip("no stand-alone valid instance")
    broken = 0
    for what, checks, groups, specs in (
        ("operand", info.operand_checks, instance.operand_types, info.op.operands),
        ("result", info.result_checks, instance.result_types, info.op.results),
    ):
        index = 0
        for g, (check, types, spec) in enumerate(zip(checks, groups, specs, strict=True)):
            if check is None or not types:
                index += len(types)
                continue
            bad = next(t for t in type_pool() if not check(t))
            changed = [list(ts) for ts in groups]
            changed[g][0] = bad
            key = "operand_types" if what == "operand" else "result_types"
            op = _rebuild(info, instance, **{key: changed})
            summary = spec.type.summary(info.summaries)
            if spec.variadicity in ("variadic", "variadic_of_variadic"):
                summary = "variadic of " + summary
            assert op.verify_invariants() == f"{what} #{index} must be {summary}, but got '{bad}'"
            broken += 1
            index += len(types)
    if not broken:
        pytest.skip("no operand or result type constraint")


@pytest.mark.parametrize("name", _op_names())
def test_each_attribute_constraint_has_mlir_message(name: str) -> None:
    """Each attribute removed (when required) or replaced by a wrong kind fails with MLIR's words."""
    info = _all_infos()[name]
    instance = _valid(name)
    if instance is None or instance.root is not instance.op:
        pytest.skip("no stand-alone valid instance")
    broken = 0
    computed = {o.segment_attr for o in info.op.operands if o.segment_attr is not None}
    for a in info.op.attributes:
        if a.derived is not None or a.name in computed:
            continue
        if not a.is_optional and a.default is None:
            op = _rebuild(info, instance)
            op.properties = _without(op, a.name)
            assert op.verify_invariants() == f"requires attribute '{a.name}'"
            broken += 1
        bad = next(
            (x for x in attr_pool([]) if info.cls.check_inherent_attr(a.name, x) is not None), None
        )
        if bad is None:
            continue
        op = _rebuild(info, instance, attrs={**instance.attrs, a.name: bad})
        summary = a.type.summary(info.summaries)
        assert (
            op.verify_invariants()
            == f"attribute '{a.name}' failed to satisfy constraint: {summary}"
        )
        broken += 1
    if not broken:
        pytest.skip("no attribute constraint")


def _without(op: Operation, name: str) -> object:
    from generator.ir.properties import set_property

    set_property(op, name, None)
    return op.properties


@pytest.mark.parametrize("name", _op_names())
def test_generic_print_parse_print(name: str) -> None:
    """The valid instance prints in generic form, parses back, and prints the same."""
    if name in NO_ROUND_TRIP:
        pytest.skip(NO_ROUND_TRIP[name])
    instance = _valid(name)
    if instance is None:
        pytest.skip("no valid instance")
    text = print_operation(instance.holder, generic=True)
    ctx = generated.context(allow_unregistered_dialects=True)
    module = parse_source(SourceFile("<spec-driven>", text), ctx)
    assert print_operation(module, generic=True) == text


@pytest.mark.parametrize("name", _op_names())
def test_custom_print_parse_print(name: str) -> None:
    """The valid instance prints in custom form, parses back, prints the same, and is the same op.

    The op is compared through its generic text, which shows every operand, type,
    property and attribute.
    """
    if name in NO_ROUND_TRIP:
        pytest.skip(NO_ROUND_TRIP[name])
    instance = _valid(name)
    if instance is None or name in NO_GENERIC_INSTANCE:
        pytest.skip("no valid instance")
    if not type(instance.op).HAS_CUSTOM_FORM:
        pytest.skip("no custom form: printed generic")
    text = print_operation(instance.holder, generic=False)
    assert f'"{name}"' not in text, "an op with a custom form printed generic"
    ctx = generated.context(allow_unregistered_dialects=True)
    module = parse_source(SourceFile("<spec-driven>", text), ctx)
    assert print_operation(module, generic=False) == text
    if name in CUSTOM_FORM_NORMALIZES:
        return
    assert print_operation(module, generic=True) == print_operation(instance.holder, generic=True)


#: Ops whose custom syntax cannot spell every valid instance, with the reason; their
#: custom text still round-trips.
CUSTOM_FORM_NORMALIZES: dict[str, str] = {
    "cf.switch": (
        "the instance found from the spec has its case values as a tensor and no operand "
        "segment per case; the custom syntax, as MLIR's, always gives a vector and one "
        "segment per case"
    ),
    "ml_program.global": (
        "a global without `sym_visibility` prints as `public` (MLIR's syntax always "
        "writes a visibility), which reads back as an explicit `public`"
    ),
}
