"""Attributes an op does not declare are discardable, in every form and round trip.

MLIR keeps an attribute that is not one of an op's inherent attributes as a
discardable attribute: the generic form prints it in the trailing `{...}`, never
among the properties `<{...}>`, whether the text gave it in the attribute
dictionary or a custom parser added it (MLIR's Toy `toy.func private @f` keeps its
`sym_visibility` that way, as its `FuncOp` does not declare one). Reading the
generic text back must keep it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from generated import context
from generator.ir import print_operation
from generator.ir.parser import parse_source
from generator.ir.source import SourceFile

REPO_ROOT = Path(__file__).resolve().parents[2]

#: A dialect whose function op reads and writes `private` with the runtime's
#: function-like form, but declares no `sym_visibility`, as MLIR's Toy does.
TOY_TD = """include "OpBase.td"

def Toy_Dialect : Dialect {
  let name = "toy";
}

def Toy_FuncOp : Op<Toy_Dialect, "func",
    [IsolatedFromAbove, Symbol, FunctionOpInterface]> {
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    return parse_function_op(p, cls, name_pos)
  }];
  let printer = [{
    print_function_op(p, self)
  }];
}

def Toy_ReturnOp : Op<Toy_Dialect, "return", [Terminator]> {
  let arguments = (ins Variadic<AnyType>:$input);
  let assemblyFormat = "($input^ `:` type($input))? attr-dict";
}
"""

CUSTOM = """toy.func private @transpose(%arg0: tensor<*xf64>) -> tensor<*xf64> {
  toy.return %arg0 : tensor<*xf64>
}
"""

_ROUND_TRIP = textwrap.dedent(
    """
    import sys
    import generated
    from generator.ir import print_operation
    from generator.ir.parser import parse_source
    from generator.ir.source import SourceFile

    ctx = generated.context()
    custom = parse_source(SourceFile("c.mlir", sys.stdin.read()), ctx)
    generic = print_operation(custom, generic=True)
    again = parse_source(SourceFile("g.mlir", generic), ctx)
    print(generic, end="")
    print("----")
    print(print_operation(again, generic=False), end="")
    """
)


def test_a_custom_parser_s_undeclared_attribute_stays_discardable(tmp_path: Path) -> None:
    """`private` read by a function op without `sym_visibility` is printed in the
    trailing `{...}` of the generic form and survives reading that back."""
    root = tmp_path / "toy"
    shutil.copytree(REPO_ROOT / "opdefs" / "include", root / "opdefs" / "include")
    (root / "opdefs" / "toy.td").write_text(TOY_TD, encoding="utf-8")
    from generator.cli import main

    assert main(["generate", "--root", str(root)]) == 0
    run = subprocess.run(
        [sys.executable, "-c", _ROUND_TRIP],
        cwd=root,
        input=CUSTOM,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    generic, custom = run.stdout.split("----\n")
    assert generic == (
        '"builtin.module"() ({\n'
        '  "toy.func"() <{function_type = (tensor<*xf64>) -> tensor<*xf64>, '
        'sym_name = "transpose"}> ({\n'
        "  ^bb0(%arg0: tensor<*xf64>):\n"
        '    "toy.return"(%arg0) : (tensor<*xf64>) -> ()\n'
        '  }) {sym_visibility = "private"} : () -> ()\n'
        "}) : () -> ()\n"
    )
    # The module is generic: the project has no builtin dialect of its own.
    assert custom == '"builtin.module"() ({\n' + textwrap.indent(CUSTOM, "  ") + "}) : () -> ()\n"


#: Registered ops with attributes they do not declare, given in the attribute
#: dictionary and (dropped, as MLIR drops them) among the properties.
MIXED = """func.func @f(%x: i32) -> i32 {
  %c = arith.constant {sym_visibility = "private", tag = 7 : i64} 1 : i32
  %0 = "arith.addi"(%x, %c) <{overflowFlags = #arith.overflow<none>, stray = 1 : i32}> {note = "kept"} : (i32, i32) -> i32
  return %0 : i32
}
"""


def _generic(text: str) -> str:
    return print_operation(parse_source(SourceFile("m.mlir", text), context()), generic=True)


def test_generic_form_matches_mlir_opt(mlir_opt: str) -> None:
    """Undeclared attributes print as mlir-opt-22 prints them: after the properties."""
    expected = subprocess.run(
        [mlir_opt, "--mlir-print-op-generic", "-"],
        input=MIXED,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    # mlir-opt ends its output with an empty line.
    assert _generic(MIXED) == expected.removesuffix("\n")


def test_generic_round_trip_keeps_discardable_attributes() -> None:
    """Printing generic, reading back and printing again changes nothing."""
    generic = _generic(MIXED)
    assert '{note = "kept"}' in generic
    assert '{sym_visibility = "private", tag = 7 : i64}' in generic
    assert "stray" not in generic
    assert _generic(generic) == generic


@pytest.mark.parametrize("name", ["sym_visibility", "note"])
def test_no_undeclared_name_among_the_properties(name: str) -> None:
    """No `<{...}>` of the printed module holds a name its op does not declare."""
    for line in _generic(MIXED).splitlines():
        props = line.partition("<{")[2].partition("}>")[0]
        assert name not in props
