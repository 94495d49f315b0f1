"""Types and attributes of dialects nobody registered, and alias names, as mlir-opt
reports them: where the error points and how the symbol is quoted."""

from __future__ import annotations

import pytest

import generated
from generator.ir import DiagnosticError
from generator.ir.parser import parse_source
from generator.ir.source import SourceFile

_UNREGISTERED = (
    "created with unregistered dialect. If this is intended, please call "
    "allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect "
    "with the MLIR opt tool used"
)


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        # After the dot of the pretty form; at the sigil of the `<...>` form, whose
        # body is quoted as written.
        ("func.func private @f(!avx.m128)", 27, f'`!"avx"<"m128">` type {_UNREGISTERED}'),
        ("func.func private @f(!avx.m<1>)", 27, f'`!"avx"<"m<1>">` type {_UNREGISTERED}'),
        ('func.func private @f(!avx<"m128">)', 22, f'`!"avx"<""m128"">` type {_UNREGISTERED}'),
        (
            "func.func private @f() attributes {a = #avx.m128}",
            45,
            f'#"avx"<"m128"> : \'none\' attribute {_UNREGISTERED}',
        ),
        (
            'func.func private @f() attributes {a = #avx<"m">}',
            40,
            f'#"avx"<""m""> : \'none\' attribute {_UNREGISTERED}',
        ),
        (
            "!avx.m128 = vector<4xf32>",
            1,
            "type names with a '.' are reserved for dialect-defined names",
        ),
        ("#a.b = 1", 1, "attribute names with a '.' are reserved for dialect-defined names"),
    ],
)
def test_error_position_and_message(text: str, column: int, message: str) -> None:

    generated.load_all_dialects()
    with pytest.raises(DiagnosticError) as raised:
        parse_source(SourceFile("x.mlir", text + "\n"), generated.context())
    diag = raised.value.diagnostics[0]
    assert diag.message == message
    assert diag.loc is not None
    assert diag.loc.line_col == (1, column)
