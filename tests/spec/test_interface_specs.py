"""Interfaces in TableGen specs: how records become the model, and the errors.

The YAML spelling's errors are in `invalid/interfaces.yaml`; here, the same checks
reached from `.td` specs, with message, line and column (the records front end
places a def's problems at the def), and the reading of MLIR's interface records.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.diagnostics import GeneratorError
from generator.spec.convert import load_spec
from generator.spec.interfaces import BUILTIN_INTERFACES, method_name, python_annotation

_HEADER = """include "OpBase.td"

def T_Dialect : Dialect {
  let name = "t";
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;
"""

#: MLIR's Toy tutorial's interface, as Toy writes it.
_TOY_INTERFACE = """
def ShapeInferenceOpInterface : OpInterface<"ShapeInference"> {
  let description = [{
    Interface to access a registered method to infer the return types for an
    operation that can be used during type inference.
  }];
  let methods = [
    InterfaceMethod<"Infer and set the output shape for the current operation.",
                    "void", "inferShapes">
  ];
}
"""


def _errors(tmp_path: Path, body: str) -> list[str]:
    spec = tmp_path / "t.td"
    spec.write_text(_HEADER + body, encoding="utf-8")
    with pytest.raises(GeneratorError) as info:
        load_spec(spec)
    out = []
    for diag in info.value.diagnostics:
        line, col = diag.line_col
        out.append(f"{line}:{col} {diag.message}")
    return out


def test_toy_interface_reads_as_mlir_writes_it(tmp_path: Path) -> None:
    """Toy's `ShapeInferenceOpInterface` and `DeclareOpInterfaceMethods` read as-is."""
    spec = tmp_path / "t.td"
    spec.write_text(
        _HEADER
        + _TOY_INTERFACE
        + """
def T_MulOp : T_Op<"mul", [DeclareOpInterfaceMethods<ShapeInferenceOpInterface>]> {
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs);
  let results = (outs AnyTensor:$result);
  let extraClassDeclaration = [{
    def infer_shapes(self) -> None:
        self.result.type = self.lhs.type
  }];
}
""",
        encoding="utf-8",
    )
    dialect = load_spec(spec)
    (interface,) = dialect.interfaces
    assert (interface.def_name, interface.class_name, interface.kind) == (
        "ShapeInferenceOpInterface",
        "ShapeInference",
        "op",
    )
    (method,) = interface.methods
    assert (method.name, method.return_type, method.static) == ("inferShapes", "void", False)
    assert method.body is None
    assert method.default is None
    (trait,) = dialect.ops[0].traits
    assert trait.spelling() == "DeclareOpInterfaceMethods<ShapeInferenceOpInterface>"


def test_a_missing_method_is_an_error_at_the_op(tmp_path: Path) -> None:
    """An op implementing the interface without defining `infer_shapes`: the error is
    at the op's def and names the interface and the method."""
    errors = _errors(
        tmp_path,
        _TOY_INTERFACE
        + """
def T_MulOp : T_Op<"mul", [DeclareOpInterfaceMethods<ShapeInferenceOpInterface>]> {
  let results = (outs AnyTensor:$result);
}
""",
    )
    assert errors == [
        "19:1 'T_MulOp' implements interface 'ShapeInference' but does not define its "
        "method 'infer_shapes' (inferShapes)"
    ]


def test_infer_type_op_interface_needs_infer_return_types(tmp_path: Path) -> None:
    """`InferTypeOpInterface` (or its `DeclareOpInterfaceMethods`) asks for
    `infer_return_types`, as MLIR asks for `inferReturnTypes`."""
    errors = _errors(
        tmp_path,
        """
def T_AOp : T_Op<"a", [InferTypeOpInterface]> {
  let results = (outs AnyType:$result);
}
def T_BOp : T_Op<"b", [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let results = (outs AnyType:$result);
}
""",
    )
    message = (
        "implements interface 'InferTypeOpInterface' but does not define its method "
        "'infer_return_types' (inferReturnTypes)"
    )
    assert errors == [f"8:1 'T_AOp' {message}", f"11:1 'T_BOp' {message}"]


def test_extra_class_of_is_refused(tmp_path: Path) -> None:
    """MLIR's `extraClassOf` (implementing an interface depending on the instance) has
    no Python counterpart: an error at the interface, not an ignored field."""
    errors = _errors(
        tmp_path,
        """
def T_DynamicOpInterface : OpInterface<"Dynamic"> {
  let extraClassOf = [{ return True }];
}
""",
    )
    assert errors == [
        "8:1 T_DynamicOpInterface: 'extraClassOf' is not supported: whether a class "
        "implements an interface is known from the class alone"
    ]


def test_overridden_methods_and_kinds_are_checked(tmp_path: Path) -> None:
    """The methods `DeclareOpInterfaceMethods` lists must be methods with a default;
    types implement type interfaces only."""
    errors = _errors(
        tmp_path,
        """
def T_SizedOpInterface : OpInterface<"Sized"> {
  let methods = [InterfaceMethod<"The size.", "int", "size", (ins), [{}], [{ return 0 }]>];
}
def T_AOp : T_Op<"a", [DeclareOpInterfaceMethods<T_SizedOpInterface, ["length"]>]>;
def T_BoxType : TypeDef<T_Dialect, "Box", [T_SizedOpInterface]> {
  let mnemonic = "box";
}
""",
    )
    assert errors == [
        "11:24 interface 'Sized' has no method 'length'",
        "12:1 'T_SizedOpInterface' is an op interface; types cannot implement it",
    ]


def test_type_and_attribute_interfaces_are_constraints(tmp_path: Path) -> None:
    """A type interface names a type constraint, an attribute interface an attribute
    constraint, each "Name instance" as in MLIR."""
    spec = tmp_path / "t.td"
    spec.write_text(
        _HEADER
        + """
def T_CountTypeInterface : TypeInterface<"Counted">;
def T_NamedAttrInterface : AttrInterface<"Named">;
def T_AOp : T_Op<"a"> {
  let arguments = (ins Variadic<T_CountTypeInterface>:$xs,
                       OptionalAttr<T_NamedAttrInterface>:$name);
}
""",
        encoding="utf-8",
    )
    dialect = load_spec(spec)
    op = dialect.ops[0]
    summaries = dialect.def_summaries()
    assert op.operands[0].variadicity == "variadic"
    assert op.operands[0].type.summary(summaries) == "Counted instance"
    assert op.attributes[0].optional
    assert op.attributes[0].type.summary(summaries) == "Named instance"


@pytest.mark.parametrize(
    ("ods", "python"),
    [
        pytest.param("inferShapes", "infer_shapes", id="camel"),
        pytest.param("getAsmResultNames", "get_asm_result_names", id="acronym"),
        pytest.param("print", "print", id="plain"),
        pytest.param("verify", "verify_", id="reserved"),
        pytest.param("class", "class_", id="keyword"),
    ],
)
def test_method_names_are_snake_case(ods: str, python: str) -> None:
    """Methods and arguments are named by the snake_case of their ODS names, sanitized."""
    assert method_name(ods) == python


def test_void_and_empty_return_types_are_none() -> None:
    """`void` (as C++ specs write it) and no type are `None`; the rest is Python."""
    assert python_annotation("void") == "None"
    assert python_annotation("") == "None"
    assert python_annotation("Sequence[Type]") == "Sequence[Type]"


def test_builtin_interfaces_are_the_runtime_classes() -> None:
    """Every built-in interface names a class of `generator.ir.interfaces` (an op
    interface, an attribute interface for `PoisonAttrInterface`, a type interface for
    `VectorElementTypeInterface`), with the methods the generator knows."""
    from generator.ir import interfaces

    bases = {
        "op": interfaces.OpInterface,
        "attr": interfaces.AttrInterface,
        "type": interfaces.TypeInterface,
    }
    for name, info in BUILTIN_INTERFACES.items():
        cls = getattr(interfaces, info.class_name)
        base = bases[info.kind]
        assert issubclass(cls, base), name
        for method in info.methods:
            assert callable(getattr(cls, method.py_name)), (name, method.py_name)
        for base in info.bases:
            assert issubclass(cls, getattr(interfaces, BUILTIN_INTERFACES[base].class_name))


def test_another_dialects_interface_is_refused(tmp_path: Path) -> None:
    """An interface defined in another dialect's spec would be generated twice, as two
    classes: refused, at the interface, until dialects can share interfaces."""
    (tmp_path / "a.td").write_text(
        'include "OpBase.td"\n'
        'def A_Dialect : Dialect { let name = "a"; }\n'
        'def A_SizedOpInterface : OpInterface<"Sized">;\n',
        encoding="utf-8",
    )
    spec = tmp_path / "b.td"
    spec.write_text(
        'include "a.td"\n'
        'def B_Dialect : Dialect { let name = "b"; }\n'
        'def B_XOp : Op<B_Dialect, "x", [A_SizedOpInterface]>;\n',
        encoding="utf-8",
    )
    with pytest.raises(GeneratorError) as info:
        load_spec(spec)
    (diag,) = info.value.diagnostics
    assert diag.loc is not None
    assert Path(diag.loc.file.name).name == "a.td"
    assert diag.line_col == (3, 1)
    assert diag.message == (
        "interface 'A_SizedOpInterface' belongs to dialect 'a', whose spec defines it; the "
        "dialect of b.td cannot implement another dialect's interface yet"
    )


def test_a_wrong_definition_is_reported_in_the_code_block(tmp_path: Path) -> None:
    """A method defined with other parameters than the interface's: the error is at
    its `def` inside the op's `extraClassDeclaration`."""
    errors = _errors(
        tmp_path,
        _TOY_INTERFACE
        + """
def T_MulOp : T_Op<"mul", [DeclareOpInterfaceMethods<ShapeInferenceOpInterface>]> {
  let results = (outs AnyTensor:$result);
  let extraClassDeclaration = [{
    def helper(self) -> None:
        pass

    def infer_shapes(self, operand) -> None:
        pass
  }];
}
""",
    )
    assert errors == [
        "25:5 method 'infer_shapes' of 'T_MulOp' takes (operand) but interface "
        "'ShapeInference' declares (nothing)"
    ]
