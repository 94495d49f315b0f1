"""`odsgen import`: MLIR's op interfaces by role (`mlir_import.INTERFACE_ROLES`).

An interface whose methods change what odsgen parses, prints or verifies makes an
op implementing it in C++ need hooks (reported under `--report -v`); one that
serves analyses and transformations only is an optional hook of the skeleton.
MLIR's `.td` files are read in place under /usr/lib/llvm-22/include; the tests
skip with the reason where they are not installed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.spec.mlir_import import INTERFACE_ROLES, read_records
from tests.spec.test_mlir_import import (
    DIALECTS,
    MLIR_INCLUDE,
    _case,
    _cases,
    _import,
    _opt,
    differential,
    needs_mlir,
    needs_mlir_opt,
)

DEMO = """\
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/CastInterfaces.td"

def Demo_Dialect : Dialect {
  let name = "demo";
  let cppNamespace = "::demo";
}

def Demo_TouchOp : Op<Demo_Dialect, "touch", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>]> {
  let arguments = (ins AnyInteger:$value);
  let results = (outs AnyInteger:$result);
  let assemblyFormat = "$value attr-dict `:` type($value) `->` type($result)";
}

def Demo_ConvOp : Op<Demo_Dialect, "conv", [
    DeclareOpInterfaceMethods<CastOpInterface>]> {
  let arguments = (ins AnyInteger:$in);
  let results = (outs AnyInteger:$out);
  let assemblyFormat = "$in attr-dict `:` type($in) `to` type($out)";
}
"""

CAST_CHECK = '''

def conv_op_verify(op: object) -> str | None:
    """CastOpInterface's check: areCastCompatible (a widening) on the types."""
    source, result = op.operands[0].type, op.results[0].type
    if source.width < result.width:
        return None
    return (
        f"operand type '{source}' and result type '{result}' are cast incompatible"
    )
'''


@needs_mlir
def test_interface_roles(tmp_path: Path) -> None:
    """An analysis-only interface (memory effects, speculation) leaves the op complete,
    its methods listed as optional hooks; CastOpInterface, whose verifier calls
    areCastCompatible, makes the op need its verifier hook, named with the reason
    under `-v`. Once written, the op imports, round-trips and checks casts."""
    spec = tmp_path / "demo.td"
    spec.write_text(DEMO, encoding="utf-8")
    status, out, err = _import(tmp_path, spec)
    assert status == 0, err
    assert out.splitlines() == [
        "demo: 2 ops, 1 complete, 1 need hand-written Python",
        "total: 1/2 ops complete",
    ]
    import contextlib
    import io

    from generator.cli import main

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        main(["import", "-I", str(MLIR_INCLUDE), str(spec), "--report", "-v"])
    verbose = buffer.getvalue()
    assert "demo.conv: needs hook conv_op_verify:" in verbose
    assert "CastOpInterface: its verifier calls areCastCompatible" in verbose
    assert "demo.touch" not in verbose
    module = tmp_path / "out" / "mlirpy" / "mlirpy_impl" / "demo_impl.py"
    skeleton = module.read_text("utf-8")
    assert "# optional: demo.touch: MemoryEffectOpInterface::getEffects" in skeleton
    assert "# def touch_op_get_speculatability(op, ...):" in skeleton
    assert "# required: demo.conv: no `verify()` of its own; first, the check of" in skeleton

    program = tmp_path / "p.mlir"
    program.write_text(
        "func.func @f(%x: i8) -> i16 {\n  %0 = demo.touch %x : i8 -> i16\n  return %0 : i16\n}\n",
        encoding="utf-8",
    )
    custom = _opt(tmp_path, program)
    assert custom.returncode == 0, custom.stderr
    assert "%0 = demo.touch %arg0 : i8 -> i16" in custom.stdout
    generic = _opt(tmp_path, program, "--mlir-print-op-generic")
    assert '"demo.touch"(%arg0) : (i8) -> i16' in generic.stdout
    again = tmp_path / "g.mlir"
    again.write_text(generic.stdout, encoding="utf-8")
    assert _opt(tmp_path, again).stdout == custom.stdout

    module.write_text(skeleton + CAST_CHECK, encoding="utf-8")
    status, out, err = _import(tmp_path, spec)
    assert status == 0, err
    assert out.splitlines()[-1] == "total: 2/2 ops complete"
    program.write_text(
        "func.func @f(%x: i8) {\n"
        "  %0 = demo.conv %x : i8 to i16\n"
        "  %1 = demo.conv %0 : i16 to i8\n"
        "  return\n}\n",
        encoding="utf-8",
    )
    got = _opt(tmp_path, program)
    assert got.returncode != 0
    assert (
        "3:8: error: 'demo.conv' op operand type 'i16' and result type 'i8' are cast incompatible"
    ) in got.stderr


INTERFACE_FILES = [
    "mlir/Interfaces/CastInterfaces.td",
    "mlir/Interfaces/ControlFlowInterfaces.td",
    "mlir/Interfaces/DestinationStyleOpInterface.td",
    "mlir/Interfaces/FunctionInterfaces.td",
    "mlir/Interfaces/InferTypeOpInterface.td",
    "mlir/Interfaces/LoopLikeInterface.td",
    "mlir/Interfaces/SideEffectInterfaces.td",
    "mlir/Interfaces/ShapedOpInterfaces.td",
    "mlir/Interfaces/ViewLikeInterface.td",
    "mlir/Interfaces/TilingInterface.td",
    "mlir/Interfaces/VectorInterfaces.td",
    "mlir/Interfaces/CallInterfaces.td",
    "mlir/Interfaces/InferIntRangeInterface.td",
    "mlir/Interfaces/SubsetOpInterface.td",
    "mlir/IR/SymbolInterfaces.td",
    "mlir/IR/OpAsmInterface.td",
    "mlir/IR/RegionKindInterface.td",
    "mlir/Bytecode/BytecodeOpInterface.td",
    "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.td",
    "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td",
]

#: Required interfaces without an ODS `verify`, and optional ones with one, each for
#: the reason its `INTERFACE_ROLES` entry gives.
NOT_BY_VERIFY = {
    "OpAsmOpInterface",  # its methods name printed values; no verifier
    "SymbolUserOpInterface",  # verifySymbolUses runs from the symbol table's check
    "RegionKindInterface",  # getRegionKind decides the dominance check
    "TransformOpInterface",  # checks the op's definition, the same for every program
    "RegionBranchTerminatorOpInterface",  # its verify is static_asserts only
}


@needs_mlir
def test_roles_agree_with_mlirs_interface_definitions(tmp_path: Path) -> None:
    """An interface with an ODS `verify` is required (its check made by the runtime or
    by the op's verifier hook, after the regions when `verifyWithRegions`), one
    without is optional, but for the exceptions the table explains."""
    main = tmp_path / "all.td"
    main.write_text("".join(f'include "{f}"\n' for f in INTERFACE_FILES), encoding="utf-8")
    records = read_records(main, [MLIR_INCLUDE])
    by_cpp = {
        str(r.get("cppInterfaceName")): r
        for name in records["!instanceof"].get("OpInterface", ())
        if not (r := records[name]).get("!anonymous")
        and "DeclareInterfaceMethods" not in r.get("!superclasses", ())
    }
    checked = 0
    for name, role in INTERFACE_ROLES.items():
        record = by_cpp.get(name)
        if record is None:
            continue  # an interface of a file not listed above
        checked += 1
        has_verify = bool(str(record.get("verify") or "").strip())
        if name in NOT_BY_VERIFY:
            assert has_verify != role.required, name
            continue
        assert role.required == has_verify, name
        if role.check is not None:
            with_regions = bool(record.get("verifyWithRegions"))
            assert (role.check == "verify_regions") == with_regions, name
    assert checked >= 30


#: MLIR's files of transform ops whose operands and results are the handle and
#: parameter types of `TransformTypes.td`, which they include.
TRANSFORM_EXTENSION_FILES = [
    DIALECTS / "SCF" / "TransformOps" / "SCFTransformOps.td",
    DIALECTS / "Linalg" / "TransformOps" / "LinalgTransformOps.td",
    DIALECTS / "Func" / "TransformOps" / "FuncTransformOps.td",
    DIALECTS / "MemRef" / "TransformOps" / "MemRefTransformOps.td",
    DIALECTS / "Bufferization" / "TransformOps" / "BufferizationTransformOps.td",
    DIALECTS / "Tensor" / "TransformOps" / "TensorTransformOps.td",
    DIALECTS / "Affine" / "TransformOps" / "AffineTransformOps.td",
]

#: Files of transform ops that do not include `TransformTypes.td`: imported with it,
#: the types that implement the handle interfaces are read from it.
TRANSFORM_CORE_FILES = [
    DIALECTS / "Transform" / "IR" / "TransformOps.td",
    DIALECTS / "Transform" / "IR" / "TransformTypes.td",
    DIALECTS / "Transform" / "DebugExtension" / "DebugExtensionOps.td",
    DIALECTS / "Transform" / "LoopExtension" / "LoopExtensionOps.td",
    DIALECTS / "GPU" / "TransformOps" / "GPUTransformOps.td",
]

#: The types of the transform cases: handles to ops and values, parameters, and a
#: type no transform op takes. The second is the last operand of a second signature.
TRANSFORM_TYPES = [
    "!transform.any_op",
    "i32",
    "!transform.any_value",
    '!transform.op<"func.func">',
    "!transform.any_param",
]


_HANDLE_TO = re.compile(r"Transform IR handle to (\S+) operations")


def _handle_cases(spec_text: str) -> list[tuple[str, str]]:
    """One case per op of `_cases`'s kind whose operands or results are handles to
    ops of one name (`Transform IR handle to linalg.pack operations`): each such
    value a `!transform.op<"NAME">`, the others `!transform.any_op`."""
    import yaml

    spec = yaml.safe_load(spec_text)
    out = []
    for op in spec.get("ops", ()):
        if op.get("regions") or op.get("successors"):
            continue
        if any(
            "default" not in a
            and not a["type"].startswith(("DefaultValued", "Optional"))
            and a["type"] != "UnitAttr"
            for a in op.get("attributes", ())
        ):
            continue
        types = []
        for group in ("operands", "results"):
            found = [_HANDLE_TO.search(str(v.get("type", ""))) for v in op.get(group, ())]
            types.append(
                [f'!transform.op<"{m.group(1)}">' if m else "!transform.any_op" for m in found]
            )
        if any("!transform.op<" in t for group in types for t in group):
            name = f"{spec['name']}.{op['mnemonic']}"
            out.append((name, _case(name, types[0], types[1])))
    return out


@needs_mlir
@needs_mlir_opt
@pytest.mark.parametrize(
    ("files", "newly_complete"),
    [
        (
            TRANSFORM_EXTENSION_FILES,
            (
                # A type interface in their constraints, TransformEachOpTrait, a
                # handle to ops of one name.
                "transform.structured.match",
                "transform.loop.coalesce",
                "transform.structured.lower_pack",
            ),
        ),
        (TRANSFORM_CORE_FILES, ("transform.get_defining_op", "transform.apply_dce")),
    ],
    ids=["extensions", "core"],
)
def test_imported_transform_ops_against_mlir_opt(
    tmp_path: Path, files: list[Path], newly_complete: tuple[str, ...]
) -> None:
    """The transform ops that are complete (those whose constraints name the
    transform type interfaces, and those with `TransformEachOpTrait`) in generated
    programs over transform types: valid ones print as mlir-opt-22 prints them in
    custom and generic form, invalid ones get its first error."""
    status, _, err = _import(tmp_path, *files)
    assert status == 0, err
    spec = (tmp_path / "out" / "mlirpy" / "transform.yaml").read_text("utf-8")
    cases = _cases(spec, TRANSFORM_TYPES) + _handle_cases(spec)
    ops = {name for name, _ in cases}
    # A param and a handle: operands of two kinds, which `_cases` never gives.
    remark = "transform.debug.emit_param_as_remark"
    if remark in ops:
        for param in ("!transform.param<i64>", "!transform.any_param", "!transform.any_op"):
            cases.append((remark, _case(remark, [param, "!transform.any_op"], [])))
    for name in newly_complete:
        assert name in ops, name
    total, agree, valid = differential(tmp_path, cases)
    print(f"cases: {total}, identical or same first error: {agree}, ops: {len(ops)}")
    assert ops - {name for name, _ in valid} == set(), "ops without a valid case"
    for kind in ("valid", "invalid"):
        assert total[kind] > 0
        assert agree[kind] >= 0.95 * total[kind], (kind, agree[kind], total[kind])


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(pytest.main([__file__]))
