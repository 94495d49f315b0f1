"""Every code example of the design documents (`../shared/seeds/*.txt`) as a test case.

Each case holds the example as its document writes it (`written`, HTML entities
unescaped) and, where that text cannot be read as it stands, the text that is
actually parsed (`text`) with the reason (`reason`): the example is a fragment and
is wrapped minimally (in a `func.func` whose arguments are the values the fragment
uses, or in a module next to the symbols it names), or its syntax never shipped or
is a typo and is modernized to what MLIR and TensorFlow write. Every case parses,
verifies and prints back; the printed text, parsed again, prints identically in
both the custom and the generic form. Examples the document writes in the generic
form also keep their ops: the generic print of the wrapper's body is compared with
the example's ops (see `_canonical_ops` for what that comparison ignores).

Examples that are wrong MLIR as written (the typos the seeds' README calls out,
such as a missing `>`) are the invalid cases: they must end in a clean diagnostic.

Document 003 (the ODS proposal) holds no MLIR: its code is TableGen (`TF_AddOp`, the
three `Pat` rewrites, run by tests/patterns/test_seed_patterns.py) and an assembly
string template (`tfl.Add $lhs, $rhs {...}: ${type(self)}`), which is a format, not IR.

Document 002 (an early LangRef) is covered for its standard-op, call and CFG
examples, modernized from `std` to `arith`/`func`/`cf`, for its type and attribute
examples (types, affine maps, integer sets, elements attributes), each wrapped as the
argument types of a function declaration or as a discardable attribute of an
unregistered `"test.op"`, and for its examples of the ops `std` was later split into
(`memref`, `affine`, `tensor`, `vector`, `bufferization`: `alloc`, `load`,
`affine.for`, `dma_start`, ...), modernized to what those dialects write today. The
only code box that is not a case is an example of the document's grammar notation
(`NOT_COVERED_002`); `test_every_002_code_example_is_accounted_for` checks that each
line of code of 002 is in a case, an invalid case or that list.

Document 004 also names, in running text, `ml_program.execute` and `cf.assert_with`;
the document says neither exists (out of scope, never implemented), so they are not
cases.

The texts are held here, so the test runs in a clone without `../shared`; when the
seeds are present, `test_written_text_occurs_in_its_seed` checks that each `written`
text really is in its document.
"""

from __future__ import annotations

import html
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

import generated
from generator.ir.diagnostics import DiagnosticError
from generator.ir.parser import parse_source
from generator.ir.printer import print_operation
from generator.ir.source import SourceFile
from generator.ir.verifier import verify

generated.load_all_dialects()

SEEDS_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"

SEED_FILES = {
    "000": "000_e6ff90aef9faa9e6.txt",
    "001": "001_75d3b761b7b72e6f.txt",
    "002": "002_c2c46e48a43cacfc.txt",
    "004": "004_164c0edd97d4bfaf.txt",
}

#: Dialects `mlir-opt-22` knows; cases using only these (and unregistered ops and
#: types, which it takes with `--allow-unregistered-dialect`) are also compared with it.
UPSTREAM_DIALECTS = frozenset({"builtin", "func", "arith", "cf", "ml_program"})


@dataclass(frozen=True)
class Case:
    id: str
    #: The example as the document writes it.
    written: str
    #: What is parsed, when it is not `written` itself (wrapped and/or modernized).
    text: str | None = None
    #: Why `text` differs from `written`.
    reason: str = ""
    #: For examples written in the generic form: the example's ops (modernized
    #: where needed), to compare with the generic print of the wrapper's body.
    generic_ops: str | None = None
    #: Dialects the example needs that its document's text does not name: where `std`
    #: ops went (`memref`, `tensor`, ...), and `tfg` for nodes written without prefix.
    needs: tuple[str, ...] = ()
    unregistered: bool = False
    #: Also compare both prints with mlir-opt-22 (only upstream dialects used).
    upstream: bool = False

    @property
    def seed(self) -> str:
        return self.id[:3]

    @property
    def source(self) -> str:
        return self.text if self.text is not None else self.written


@dataclass(frozen=True)
class InvalidCase:
    id: str
    written: str
    #: What is parsed (the example, wrapped as little as possible).
    text: str
    #: What the document gets wrong.
    reason: str
    #: A part of the first diagnostic's message.
    message: str
    needs: tuple[str, ...] = ()
    unregistered: bool = False

    @property
    def seed(self) -> str:
        return self.id[:3]


# --- 000: the TensorFlow `tf` and `tf_executor` dialects ---------------------------

_000_FUNCTION = """\
/// This is a regular function, taking inputs by value and returning a new value.
/// The body is a regular CFG.
func some_function(%input : tensor<*xf32>) -> tensor<*xf32> {
  // TensorFlow operations are not variadic: this`tf.add` operation always
  // takes two inputs and returns a single output. This simplifies
  // pattern-matching, verification and rewriting.
  %added = tf.Add %input, %input : tensor<*xf32>
  // Operations have sequential execution semantics in a basic block, there are
  // no control dependencies.  The compiler can reorder operations according to
  // the as-if rule ( https://en.wikipedia.org/wiki/As-if_rule ).
  %three = arith.constant splat<tensor\\<f32>, 3.0>
  %mul = tf.Mul %input, %three : (tensor<*xf32>, tensor<f32>) -> tensor<*xf32>
// Only control flow v2 is supported in TF dialect.
  // The tf.If operation takes three functions that accept the same
  // arguments: the condition returns a bool and the two branches must return
  // the same type, which is also the return of the tf.If.
  %value = "tf.If\u201d(%added, %mul)
             {cond: @cond_func, true_branch: @func_foo, false_branch: @func_bar}
                 : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
return %value : tensor<*xf32>
}
"""

_000_GRAPH = """\
%fetches = tf_executor.graph : tensor<*xf32> {
  // Operations in the current block execute when their inputs are ready,
  // possibly concurrently.
  // Only operations in the tf_executor dialect are expected here.
  // Ops can return multiple outputs and a control token for control
  // dependencies.
  // We don\u2019t mention the control token in the return type here, it is implicit.
  %0, %ctl0 = tf_executor.opA %feed#0, %feed#1 : tensor<*xf32>
  %1, %ctl1 = tf_executor.opB : tensor<*xf32>
  %2, %ctl2 = tf_executor.opC %1, %ctl0 : tensor<*xf32>
  %3, %ctl3 = tf_executor.opD %2 : tensor<*xf32>
  tf_executor.fetch %3 : tensor<*xf32>
}
"""

_000_ISLAND = """\
// The island is capturing implicitly %0 and %1. It is also taking a control
// dependency %ctl0 as input. It produces a tensor<*xf32> value matching the
// argument of the yield terminator, as well as an extra control token.
%2, %ctl2 = tf_executor.island (%ctl0)
                  : (tensor<*xf32>, !tf_executor<"control">) -> tensor<*xf32> {
  %added = tf.Add %1, %0 : tensor<*xf32>
  %mul = tf.Mul %added, %1 :tensor<*xf32>
// The yield terminator operands are the result values of the island.
  tf_executor.yield %mul : tensor<*xf32>
}
"""

_000_LOOP = """\
%fetches = tf_executor.graph {
%loop.init, %ctl0 = tf_executor.Enter %count.init : i32
%next_count, %tok = tf_executor.NextIteration.Source : i32
%loop.body.init, %ctlMerge = tf_executor.Merge %loop.init, %next_count : i32
%dec_count, %ctlAdd = tf_executor.island
    wraps tf.Add %loop.body.init, -1 : (i32, i32) -> i32
%loop_cond, %ctlNE = tf_executor.island
    wraps tf.NotEqual %dec_count, 0 : (i32, i32) -> i1
%true, %false, %ctlSwitch = tf_executor.Switch %loop_cond, %dec_count  : i32
tf_executor.NextIteration.Sink[%tok] %false : i32
%exit_count, %ctlExit = tf_executor.Exit %true : i32
tf_executor.fetch %exit_count : i32
}
"""

_TF_CUSTOM_NEVER_SHIPPED = (
    "`tf` ops never had a custom form (`tf.Add %a, %b : type`): TensorFlow writes "
    "them in the generic form with a functional type"
)

CASES_000 = [
    Case(
        id="000-tf-dialect-example",
        written=_000_FUNCTION,
        text="""\
func.func @some_function(%input: tensor<*xf32>, %cond: tensor<i1>) -> tensor<*xf32> {
  %added = "tf.Add"(%input, %input) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  %three = arith.constant dense<3.0> : tensor<f32>
  %mul = "tf.Mul"(%input, %three) : (tensor<*xf32>, tensor<f32>) -> tensor<*xf32>
  %value = "tf.If"(%cond, %added, %mul)
             {then_branch = @func_foo, else_branch = @func_bar, is_stateless = false}
                 : (tensor<i1>, tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return %value : tensor<*xf32>
}
func.func private @func_foo(tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
func.func private @func_bar(tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
""",
        reason=(
            "`func @name` is `func.func @name` today; "
            + _TF_CUSTOM_NEVER_SHIPPED
            + "; `splat<tensor<f32>, 3.0>` (with a stray markdown `\\`) is "
            '`dense<3.0> : tensor<f32>`; the `\u201d` closing `"tf.If\u201d` is a typographic '
            "quote typo; attribute dictionaries use `=`, not `:`; and the `tf.If` with a "
            "`cond` function never shipped: TensorFlow's `tf.If` takes the condition as "
            "its first operand (a `%cond` argument here) and `then_branch`/`else_branch`/"
            "`is_stateless` attributes, whose functions must exist (declared beside it)"
        ),
    ),
    Case(
        id="000-tf_executor.graph-operation",
        written=_000_GRAPH,
        text="""\
func.func @graph(%feed0: tensor<*xf32>, %feed1: tensor<*xf32>) -> tensor<*xf32> {
  %fetches = tf_executor.graph {
    %0, %ctl0 = tf_executor.island wraps "tf.OpA"(%feed0, %feed1) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
    %1, %ctl1 = tf_executor.island wraps "tf.OpB"() : () -> tensor<*xf32>
    %2, %ctl2 = tf_executor.island(%ctl0) wraps "tf.OpC"(%1) : (tensor<*xf32>) -> tensor<*xf32>
    %3, %ctl3 = tf_executor.island wraps "tf.OpD"(%2) : (tensor<*xf32>) -> tensor<*xf32>
    tf_executor.fetch %3 : tensor<*xf32>
  }
  return %fetches : tensor<*xf32>
}
""",
        reason=(
            "`tf_executor.opA`..`opD` are placeholders, and `tf_executor` is closed: a "
            "graph node that is not an executor op is a `tf` op wrapped in an island "
            "(`tf.OpA`.. in the open `tf` dialect here); the graph's result types come "
            "from its fetch (`tf_executor.graph : type {` never shipped); the feeds "
            "`%feed#0`, `%feed#1` are the wrapper's arguments, and the control operand "
            "`%ctl0` of `opC` is the island's control input"
        ),
    ),
    Case(
        id="000-tf_executor.island-operation",
        written=_000_ISLAND,
        text="""\
func.func @island(%0: tensor<*xf32>, %1: tensor<*xf32>, %ctl0: !tf_executor.control) {
  tf_executor.graph {
    %2, %ctl2 = tf_executor.island(%ctl0) {
      %added = "tf.Add"(%1, %0) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
      %mul = "tf.Mul"(%added, %1) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
      tf_executor.yield %mul : tensor<*xf32>
    }
    tf_executor.fetch
  }
  return
}
""",
        reason=(
            "wrapped in a `tf_executor.graph` (an island lives in one) of a function "
            "whose arguments are the captured `%0`, `%1` and the control `%ctl0`; the "
            "island's type signature never shipped (its result types come from the "
            'yield), nor did `!tf_executor<"control">` (it is `!tf_executor.control`); '
            + _TF_CUSTOM_NEVER_SHIPPED
        ),
    ),
    Case(
        id="000-tf_executor.island-wraps",
        written="%2, %ctl2 = tf_executor.island(%ctl0) wraps tf.Add %1, %0 : tensor<*xf32>\n",
        text="""\
func.func @island(%0: tensor<*xf32>, %1: tensor<*xf32>, %ctl0: !tf_executor.control) {
  tf_executor.graph {
    %2, %ctl2 = tf_executor.island(%ctl0) wraps "tf.Add"(%1, %0) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
    tf_executor.fetch
  }
  return
}
""",
        reason=(
            "wrapped in a `tf_executor.graph` of a function whose arguments are `%0`, "
            "`%1` and `%ctl0`; the wrapped op is written generic, as `tf_executor.island "
            "wraps` prints it: " + _TF_CUSTOM_NEVER_SHIPPED
        ),
    ),
    Case(
        id="000-example-loop",
        written=_000_LOOP,
        text="""\
func.func @loop(%count.init: tensor<i32>) -> tensor<i32> {
  %fetches = tf_executor.graph {
    %loop.init, %ctl0 = tf_executor.Enter %count.init frame "loop" : tensor<i32>
    %next_count, %tok, %ctlSource = tf_executor.NextIteration.Source : tensor<i32>
    %loop.body.init, %index, %ctlMerge = tf_executor.Merge %loop.init, %next_count : tensor<i32>
    %minus_one, %ctlMinusOne = tf_executor.island wraps "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
    %dec_count, %ctlAdd = tf_executor.island wraps "tf.Add"(%loop.body.init, %minus_one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %zero, %ctlZero = tf_executor.island wraps "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    %loop_cond, %ctlNE = tf_executor.island wraps "tf.NotEqual"(%dec_count, %zero) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %true, %false, %ctlSwitch = tf_executor.Switch %dec_count, %loop_cond : tensor<i32>
    tf_executor.NextIteration.Sink[%tok] %false : tensor<i32>
    %exit_count, %ctlExit = tf_executor.Exit %true : tensor<i32>
    tf_executor.fetch %exit_count : tensor<i32>
  }
  return %fetches : tensor<i32>
}
""",
        reason=(
            "wrapped in a function taking `%count.init`; TensorFlow values are tensors "
            "(`tensor<i32>`, not `i32`: `tf.Add` takes tensors); `tf_executor.Enter` needs "
            "its `frame` name; `NextIteration.Source` and `Merge` have three results (the "
            "value, the token or value index, and the control), not two; "
            "`tf_executor.Switch` takes the data before the predicate; the literal "
            "operands `-1` and `0` are not MLIR (they are `tf.Const` islands); "
            + _TF_CUSTOM_NEVER_SHIPPED
        ),
    ),
]


# --- 001: the TensorFlow Graph (`tfg`) dialect -------------------------------------

_001_NODE = """\
%AddV2, %ctl = tfg.AddV2(%placeholder, %placeholder_1) [%ctl_1, %ctl_2]
                     device("GPU") assigned_device("TPU") name("add")
                     {some_attribute = "some attr!"}
                     : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
"""

_001_GRAPH = """\
tfg.graph #tfg.version<producer = 42, min_consumer = 33> {
  %arg0, %ctl_0 = tfg.placeholder() : () -> (tensor<*xi32>)
  %add, %ctl_1 = tfg.AddV2(%arg0, %arg1)
                    : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %arg1, %ctl_2 = tfg.placeholder() : () -> (tensor<*xi32>)
}
"""

_001_GENERIC_FUNC = """\
  tfg.func generic @foo(%arg0 : !tfg.tensor {tfg.name = "input"},
                        %arg1 : !tfg.tensor {tfg.name = "another_input"})
      -> (!tfg.tensor {tfg.name = "result1"},
          !tfg.tensor {tfg.name = "result2"})
      attributes {description = "function foo"} {
    %Greater, %ctl_0 = tfg.Greater(%arg0, %arg1) name("Greater")
    %G_z = tfg.get_result(%Greater) "z" : 0
    %Switch, %ctl_1 = tfg.Switch(%G_z, %G_z) name("cond/Switch")
    %s_true = tfg.get_result %Switch "output_true" : 0
    %s_false = tfg.get_result %Switch "output_false" : 0
    tfg.return(%s_true, %s_false) [%ctl_0]
  }
"""

_001_FUNC = """\
  tfg.func @foo(%arg0 : tensor<*xf32> {tfg.name = "input"},
                %arg1 : tensor<*xf32> {tfg.name = "another_input"})
      -> (tensor<*xi1> {tfg.name = "result1"},
          tensor<*xi1> {tfg.name = "result2"})
      attributes {description = "function foo"} {
    %Greater, %ctl_0 = tfg.Greater(%arg0, %arg1) [%arg1.ctl] name("Greater")
                          : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xi1>
    %Switch:2, %ctl_1 = tfg.Switch(%Greater, %Greater) name("cond/Switch")
                          : (tensor<*xi1>, tensor<*xi1>) -> tensor<*xi1>
   tfg.return(%Switch#0, %Switch#1) [%ctl_0]
  }
"""

_001_IF_REGION = """\
  %0, %1, %2 = "tf.IfRegion"(%arg0) ({
     %t0 = "tf.Abs"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
     %t1 = "tf.Acos"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
     %t2 = "tf.Acosh"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
    "tf.Yield"(%t0, %t1, %t2) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()
  }, {
     %e0 = "tf.Neg"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
     %e1 = "tf.Relu"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
     %e2 = "tf.Sin"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
     "tf.Yield"(%e0, %e1, %e2) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  }): (tensor<i1>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %3 = "tf.Add"(%0, %1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %4 = "tf.Add"(%2, %3) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
"""

_001_IF_REGION_OPS = """\
  %0, %1, %2 = "tf.IfRegion"(%arg0) <{is_stateless = false}> ({
     %t0 = "tf.Abs"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
     %t1 = "tf.Acos"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
     %t2 = "tf.Acosh"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
    "tf.Yield"(%t0, %t1, %t2) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()
  }, {
     %e0 = "tf.Neg"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
     %e1 = "tf.Relu"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
     %e2 = "tf.Sin"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
     "tf.Yield"(%e0, %e1, %e2) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()
  }): (tensor<i1>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %3 = "tf.Add"(%0, %1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %4 = "tf.Add"(%2, %3) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
"""

_IF_REGION_HEAD = "func.func @if_region(%arg0: tensor<i1>, %arg1: tensor<2xf32>) {\n"

_TFG_TYPES = (
    "TensorFlow spells the opaque tensor and control types and the version attribute in "
    "the `tf_type` dialect (`!tf_type.tensor`, `!tf_type.control`, `#tf_type.version`), "
    "as its own test of these examples (tensorflow/core/ir/tests/ops.mlir) does"
)

CASES_001 = [
    Case(
        id="001-general-operations-node",
        written=_001_NODE,
        text="""\
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %placeholder, %ctl_1 = tfg.placeholder() : () -> (tensor<*xi32>)
  %placeholder_1, %ctl_2 = tfg.placeholder() : () -> (tensor<*xi32>)
"""
        + _001_NODE
        + "}\n",
        reason=(
            "wrapped in a `tfg.graph` whose placeholders define the node's inputs and "
            "control operands; " + _TFG_TYPES
        ),
        needs=("tfg",),
    ),
    Case(
        id="001-graph-operation",
        written=_001_GRAPH,
        text=_001_GRAPH.replace("#tfg.version", "#tf_type.version"),
        reason=_TFG_TYPES,
        needs=("tfg",),
    ),
    Case(
        id="001-function-library-generic",
        written=_001_GENERIC_FUNC,
        text="""\
  tfg.func generic @foo(%arg0 : !tf_type.tensor {tfg.name = "input"},
                        %arg1 : !tf_type.tensor {tfg.name = "another_input"})
      -> (!tf_type.tensor {tfg.name = "result1"},
          !tf_type.tensor {tfg.name = "result2"})
      attributes {description = "function foo"} {
    %Greater, %ctl_0 = tfg.Greater(%arg0, %arg1) name("Greater")
        : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
    %G_z = tfg.get_result(%Greater) "z" : 0
    %Switch, %ctl_1 = tfg.Switch(%G_z, %G_z) name("cond/Switch")
        : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
    %s_true = tfg.get_result(%Switch) "output_true" : 0
    %s_false = tfg.get_result(%Switch) "output_false" : 0
    tfg.return(%s_true, %s_false) [%ctl_0] : !tf_type.tensor, !tf_type.tensor
  }
""",
        reason=(
            _TFG_TYPES + "; that test also writes the nodes' and the return's types, "
            'which the document leaves out; `tfg.get_result %Switch "output_true" : 0` '
            "is a typo: the operand is in parentheses, as the document's own "
            '`tfg.get_result(%Greater) "z" : 0` has it'
        ),
        needs=("tfg",),
    ),
    Case(
        id="001-function-library-instantiated",
        written=_001_FUNC,
        text=_001_FUNC.replace(
            "(tensor<*xi1>, tensor<*xi1>) -> tensor<*xi1>\n   tfg.return",
            "(tensor<*xi1>, tensor<*xi1>) -> (tensor<*xi1>, tensor<*xi1>)\n   tfg.return",
        ).replace("[%ctl_0]\n", "[%ctl_0] : tensor<*xi1>, tensor<*xi1>\n"),
        reason=(
            "`%Switch:2` has two data results but the signature lists one: the "
            "result types are `(tensor<*xi1>, tensor<*xi1>)`; `tfg.return` writes its "
            "operands' types, as TensorFlow's test of this example does"
        ),
        needs=("tfg",),
    ),
    Case(
        id="001-future-enhancements-if-region",
        written=_001_IF_REGION,
        text=_IF_REGION_HEAD + _001_IF_REGION_OPS + "  return\n}\n",
        generic_ops=_001_IF_REGION_OPS,
        reason=(
            "wrapped in a function whose arguments are `%arg0` and `%arg1`; the second "
            "`tf.Yield` lacks its `-> ()` (see the invalid case); TensorFlow's "
            "`tf.IfRegion` requires its `is_stateless` attribute"
        ),
    ),
]

INVALID_001 = [
    InvalidCase(
        id="001-function-library-control-arguments",
        written="""\
 tfg.func @foo(%arg0 : tensor<*xf32> {tfg.name = "input"}, %arg0.ctl : !tfg.control
      %arg1 : tensor<*xf32> {tfg.name = "another_input"}, %arg1.ctl : !tfg.control)
      -> (tensor<*xi1> {tfg.name = "result1"},
          tensor<*xi1> {tfg.name = "result2"})
      attributes {description = "function foo"} {
   ...
""",
        text="""\
 tfg.func @foo(%arg0 : tensor<*xf32> {tfg.name = "input"}, %arg0.ctl : !tfg.control
      %arg1 : tensor<*xf32> {tfg.name = "another_input"}, %arg1.ctl : !tfg.control)
      -> (tensor<*xi1> {tfg.name = "result1"},
          tensor<*xi1> {tfg.name = "result2"})
      attributes {description = "function foo"} {
   ...
}
""",
        reason=(
            "an illustration of the in-memory arguments, not IR: a comma is missing "
            "after `%arg0.ctl : !tfg.control` and the body is elided (`...`)"
        ),
        message="expected",
        needs=("tfg",),
    ),
    InvalidCase(
        id="001-future-enhancements-if-region-yield-typo",
        written=(
            '     "tf.Yield"(%e0, %e1, %e2) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)\n'
        ),
        text=_IF_REGION_HEAD
        + _001_IF_REGION.replace(
            '"tf.IfRegion"(%arg0)', '"tf.IfRegion"(%arg0) <{is_stateless = false}>'
        )
        + "  return\n}\n",
        reason="the generic form's functional type of the second `tf.Yield` lacks `-> ()`",
        message="expected '->' in function type",
    ),
]


# --- 004: the ml_program RFC --------------------------------------------------------

_NEVER_SHIPPED_GLOBAL = (
    "the RFC's proposed `ml_program.global` spellings never shipped: MLIR writes "
    "`ml_program.global <visibility> [mutable] @name(<initial value>) : <bounding type>`, "
    "with the visibility always printed (`private` by default)"
)

CASES_004 = [
    Case(
        id="004-global-inline-initialized",
        written="ml_program.global @foobar = dense<4> : tensor<4xi32>\n",
        text="ml_program.global private @foobar(dense<4> : tensor<4xi32>) : tensor<4xi32>\n",
        reason=_NEVER_SHIPPED_GLOBAL,
        upstream=True,
    ),
    Case(
        id="004-global-wider-bounding-type",
        written="ml_program.global @foobar : tensor<?xi32> = dense<4> : tensor<4xi32>\n",
        text="ml_program.global private @foobar(dense<4> : tensor<4xi32>) : tensor<?xi32>\n",
        reason=_NEVER_SHIPPED_GLOBAL,
        upstream=True,
    ),
    Case(
        id="004-global-public-mutable-extern",
        written="ml_program.global public mutable @foobar : tensor<4xi32> extern\n",
        text=(
            "ml_program.global public mutable @foobar(#ml_program.extern : tensor<4xi32>) "
            ": tensor<4xi32>\n"
        ),
        reason=_NEVER_SHIPPED_GLOBAL + "; an external initializer is `#ml_program.extern : type`",
        upstream=True,
    ),
    Case(
        id="004-global-extern-different-storage-type",
        written="ml_program.global @foobar : tensor<?xi32> extern : tensor<4xi32>\n",
        text=(
            "ml_program.global private @foobar(#ml_program.extern : tensor<4xi32>) "
            ": tensor<?xi32>\n"
        ),
        reason=_NEVER_SHIPPED_GLOBAL + "; an external initializer is `#ml_program.extern : type`",
        upstream=True,
    ),
    Case(
        id="004-design-note-extern-attribute",
        written="ml_program.global public mutable @foobar = extern : tensor<4xi32>\n",
        text=(
            "ml_program.global public mutable @foobar(#ml_program.extern : tensor<4xi32>) "
            ": tensor<4xi32>\n"
        ),
        reason=(
            _NEVER_SHIPPED_GLOBAL + "; the design note's ExternalAttribute shipped as "
            "`#ml_program.extern : type`"
        ),
        upstream=True,
    ),
    Case(
        id="004-design-note-extern-attribute-wider",
        written="ml_program.global @foobar : tensor<?xi32> = extern : tensor<4xi32>\n",
        text=(
            "ml_program.global private @foobar(#ml_program.extern : tensor<4xi32>) "
            ": tensor<?xi32>\n"
        ),
        reason=(
            _NEVER_SHIPPED_GLOBAL + "; the design note's ExternalAttribute shipped as "
            "`#ml_program.extern : type`"
        ),
        upstream=True,
    ),
    Case(
        id="004-global_load",
        written="%0 = ml_program.global_load @foobar -> tensor<?xi32>\n",
        text="""\
ml_program.global private mutable @foobar : tensor<?xi32>
func.func @load() -> tensor<?xi32> {
  %0 = ml_program.global_load @foobar : tensor<?xi32>
  return %0 : tensor<?xi32>
}
""",
        reason=(
            "wrapped in a function returning the value, next to a global it loads; "
            "the result type follows `:`, not `->` (the RFC's arrow never shipped)"
        ),
        upstream=True,
    ),
    Case(
        id="004-global_store",
        written="ml_program.global_store @foobar %0 : tensor<4xi32>\n",
        text="""\
ml_program.global private mutable @foobar : tensor<4xi32>
func.func @store(%0: tensor<4xi32>) {
  ml_program.global_store @foobar = %0 : tensor<4xi32>
  return
}
""",
        reason=(
            "wrapped in a function taking `%0`, next to the mutable global it stores "
            "to; MLIR writes `@foobar = %0` (the RFC's juxtaposition never shipped)"
        ),
        upstream=True,
    ),
    # Valid as written: an `ml_program.token` needs no operands and no parent.
    Case(id="004-alternative-proposal-token", written="%token = ml_program.token\n", upstream=True),
    Case(
        id="004-cf-dialect-assert",
        written="cf.assert %pred\n",
        text="""\
func.func @check(%pred: i1) {
  cf.assert %pred, "assertion failed"
  return
}
""",
        reason=(
            "wrapped in a function taking `%pred`; `cf.assert` always carries its "
            'message (`cf.assert %pred, "..."`)'
        ),
        upstream=True,
    ),
]


# --- 002: the early LangRef's standard ops -----------------------------------------

_STD_TO_ARITH = (
    "the `std` dialect is gone: its arithmetic is `arith` (`addi` is `arith.addi`, "
    "`divis`/`diviu` are `arith.divsi`/`arith.divui`, `remis`/`remiu` are "
    "`arith.remsi`/`arith.remui`)"
)


def _in_func(args: str, body: str, name: str = "f") -> str:
    """`body` (op lines) in a function with arguments `args` and no results."""
    return f"func.func @{name}({args}) {{\n{body}  return\n}}\n"


def _binary_block(
    op: str, new: str, types: tuple[str, str, str], comments: tuple[str, str, str]
) -> tuple[str, str]:
    """The LangRef's scalar/vector/tensor triple for one binary op: (written, text)."""
    scalar, vector, tensor = types
    return (
        f"// {comments[0]}\n%a = {op} %b, %c : {scalar}\n"
        f"// {comments[1]}\n%f = {op} %g, %h : {vector}\n"
        f"// {comments[2]}\n%x = {op} %y, %z : {tensor}\n",
        _in_func(
            f"%b: {scalar}, %c: {scalar}, %g: {vector}, %h: {vector}, %y: {tensor}, %z: {tensor}",
            f"  %a = arith.{new} %b, %c : {scalar}\n"
            f"  %f = arith.{new} %g, %h : {vector}\n"
            f"  %x = arith.{new} %y, %z : {tensor}\n",
        ),
    )


def _binary_case(
    op: str, new: str, types: tuple[str, str, str], comments: tuple[str, str, str]
) -> Case:
    written, text = _binary_block(op, new, types, comments)
    return Case(
        id=f"002-{op}-operation",
        written=written,
        text=text,
        reason=(f"wrapped in a function whose arguments are the operands; {_STD_TO_ARITH}"),
        upstream=True,
    )


_002_SIMPLE = """\
func @simple(i64, i1) -> i64 {
^bb0(%a: i64, %cond: i1): // Code dominated by ^bb0 may refer to %a
br_cond %cond, ^bb1, ^bb2
^bb1:
br ^bb3(%a: i64) // Branch passes %a as the argument
^bb2:
%b = addi %a, %a : i64
br ^bb3(%b: i64) // Branch passes %b as the argument
// ^bb3 receives an argument, named %c, from predecessors
// and passes it on to bb4 twice.
^bb3(%c: i64):
br ^bb4(%c, %c : i64, i64)
^bb4(%d : i64, %e : i64):
%0 = addi %d, %e : i64
return %0 : i64
}
"""

_002_SELECT_CFG = """\
func @select(%a : i32, %b :i32, %flag : i1) -> i32 {
// Both targets are the same, operands differ
cond_br %flag, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x : i32) :
return %x : i32
}
"""

_CMPI_SLT_GENERIC = '%x = "arith.cmpi"(%lhs, %rhs) <{predicate = 2 : i64}> : (i32, i32) -> i1\n'
_CMPI_EQ_GENERIC = (
    '%x = "arith.cmpi"(%lhs, %rhs) <{predicate = 0 : i64}>\n'
    ": (vector<4xi64>, vector<4xi64>) -> vector<4xi1>\n"
)
_SELECT_GENERIC = '%x = "arith.select"(%cond, %true, %false) : (i1, i32, i32) -> i32\n'
_SELECT_VECTOR_GENERIC = """\
%vx = "arith.select"(%vcond, %vtrue, %vfalse)
: (vector<42xi1>, vector<42xf32>, vector<42xf32>) -> vector<42xf32>
"""
_TF_ADDS = """\
%a = "tf.Add"(%b, %c)
: (tensor<*xf32>,tensor<*xf32>) -> tensor<*xf32>
// TensorFlow Add operation with partially inferred shapes.
%d = "tf.Add"(%e, %f)
: (tensor<?x42x?xf32>,tensor<?x42x?xf32>) -> tensor<?x42x?xf32>
"""
_TF_CONV = """\
%y = "tf.Conv2d"(%input, %filter)
{strides: [1,1,2,1], padding: "SAME", dilations: [2,1,1,1]}
: (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
"""
_TF_CONV_OPS = """\
%y = "tf.Conv2d"(%input, %filter)
{dilations = [2,1,1,1], padding = "SAME", strides = [1,1,2,1]}
: (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
"""

CASES_002 = [
    Case(
        id="002-blocks-simple",
        written=_002_SIMPLE,
        text="""\
func.func @simple(%a: i64, %cond: i1) -> i64 {
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i64) // Branch passes %a as the argument
^bb2:
  %b = arith.addi %a, %a : i64
  cf.br ^bb3(%b : i64) // Branch passes %b as the argument
^bb3(%c: i64):
  cf.br ^bb4(%c, %c : i64, i64)
^bb4(%d : i64, %e : i64):
  %0 = arith.addi %d, %e : i64
  return %0 : i64
}
""",
        reason=(
            "`func` is `func.func`, whose entry block's arguments are named in the "
            "signature (an entry label `^bb0(...)` is no longer written); `br_cond`/`br` "
            "are `cf.cond_br`/`cf.br`; " + _STD_TO_ARITH
        ),
        upstream=True,
    ),
    Case(
        id="002-branching-select",
        written=_002_SELECT_CFG,
        text="""\
func.func @select(%a : i32, %b :i32, %flag : i1) -> i32 {
// Both targets are the same, operands differ
cf.cond_br %flag, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x : i32) :
return %x : i32
}
""",
        reason="`func` is `func.func`; `cond_br` is `cf.cond_br`",
        upstream=True,
    ),
    _binary_case(
        "addi",
        "addi",
        ("i64", "vector<4xi32>", "tensor<4x?xi8>"),
        (
            "Scalar addition.",
            "SIMD vector element-wise addition, e.g. for Intel SSE.",
            "Tensor element-wise addition, analogous to HLO's add operation.",
        ),
    ),
    _binary_case(
        "addf",
        "addf",
        ("f64", "vector<4xf32>", "tensor<4x?xbf16>"),
        (
            "Scalar addition.",
            "SIMD vector addition, e.g. for Intel SSE.",
            "Tensor addition, analogous to HLO's add operation.",
        ),
    ),
    _binary_case(
        "divis",
        "divsi",
        ("i64", "vector<4xi32>", "tensor<4x?xi8>"),
        (
            "Scalar signed integer division.",
            "SIMD vector element-wise division.",
            "Tensor element-wise integer division.",
        ),
    ),
    _binary_case(
        "diviu",
        "divui",
        ("i64", "vector<4xi32>", "tensor<4x?xi8>"),
        (
            "Scalar unsigned integer division.",
            "SIMD vector element-wise division.",
            "Tensor element-wise integer division.",
        ),
    ),
    _binary_case(
        "mulf",
        "mulf",
        ("f64", "vector<4xf32>", "tensor<4x?xbf16>"),
        (
            "Scalar multiplication.",
            "SIMD pointwise vector multiplication, e.g. for Intel SSE.",
            "Tensor pointwise multiplication, analogous to HLO's pointwise multiply operation.",
        ),
    ),
    _binary_case(
        "remis",
        "remsi",
        ("i64", "vector<4xi32>", "tensor<4x?xi8>"),
        (
            "Scalar signed integer division remainder.",
            "SIMD vector element-wise division remainder.",
            "Tensor element-wise integer division remainder.",
        ),
    ),
    _binary_case(
        "remiu",
        "remui",
        ("i64", "vector<4xi32>", "tensor<4x?xi8>"),
        (
            "Scalar unsigned integer division remainder.",
            "SIMD vector element-wise division remainder.",
            "Tensor element-wise integer division remainder.",
        ),
    ),
    Case(
        id="002-cmpi-custom-slt",
        written='%x = cmpi "slt", %lhs, %rhs : i32\n',
        text=_in_func("%lhs: i32, %rhs: i32", "  %x = arith.cmpi slt, %lhs, %rhs : i32\n"),
        reason="wrapped in a function; `cmpi` is `arith.cmpi`, its predicate a bare keyword",
        upstream=True,
    ),
    Case(
        id="002-cmpi-generic-slt",
        written='%x = "std.cmpi"(%lhs, %rhs){predicate: 2} : (i32, i32) -> i1\n',
        text=_in_func("%lhs: i32, %rhs: i32", _CMPI_SLT_GENERIC),
        generic_ops=_CMPI_SLT_GENERIC,
        reason=(
            "wrapped in a function; `std.cmpi` is `arith.cmpi`, whose predicate is an "
            "`i64` property `<{predicate = 2 : i64}>` (attribute dictionaries use `=`)"
        ),
        upstream=True,
    ),
    Case(
        id="002-cmpi-custom-eq",
        written='%x = cmpi "eq", %lhs, %rhs : vector<4xi64>\n',
        text=_in_func(
            "%lhs: vector<4xi64>, %rhs: vector<4xi64>",
            "  %x = arith.cmpi eq, %lhs, %rhs : vector<4xi64>\n",
        ),
        reason="wrapped in a function; `cmpi` is `arith.cmpi`, its predicate a bare keyword",
        upstream=True,
    ),
    Case(
        id="002-cmpi-generic-eq",
        written=(
            '%x = "std.cmpi"(%lhs, %rhs){predicate: 0}\n'
            ": (vector<4xi64>, vector<4xi64> -> vector<4xi1>\n"
        ),
        text=_in_func("%lhs: vector<4xi64>, %rhs: vector<4xi64>", _CMPI_EQ_GENERIC),
        generic_ops=_CMPI_EQ_GENERIC,
        reason=(
            "wrapped in a function; `std.cmpi` is `arith.cmpi` with an `i64` predicate "
            "property; the operand type list lacks its `)` (see the invalid case)"
        ),
        upstream=True,
    ),
    Case(
        id="002-constant-integer",
        written="%1 = constant 42 : i32\n",
        text=_in_func("", "  %1 = arith.constant 42 : i32\n"),
        reason="wrapped in a function; an integer `constant` is `arith.constant`",
        upstream=True,
    ),
    Case(
        id="002-constant-function",
        written="%3 = constant @myfn : (tensor<16xf32>, f32) -> tensor<16xf32>\n",
        text=(
            "func.func private @myfn(tensor<16xf32>, f32) -> tensor<16xf32>\n"
            + _in_func("", "  %3 = func.constant @myfn : (tensor<16xf32>, f32) -> tensor<16xf32>\n")
        ),
        reason=(
            "wrapped in a function next to a declaration of `@myfn`; a function "
            "reference `constant` is `func.constant`"
        ),
        upstream=True,
    ),
    Case(
        id="002-constant-generic-integer",
        written='%1 = "std.constant"(){value: 42} : i32\n',
        text=_in_func("", '  %1 = "arith.constant"() <{value = 42 : i32}> : () -> i32\n'),
        generic_ops='%1 = "arith.constant"() <{value = 42 : i32}> : () -> i32\n',
        reason=(
            "wrapped in a function; `std.constant` is `arith.constant`, its value a "
            "typed property `<{value = 42 : i32}>`, and a generic op's type is a "
            "function type (`() -> i32`, not `i32`)"
        ),
        upstream=True,
    ),
    Case(
        id="002-constant-generic-function",
        written=(
            '%3 = "std.constant"(){value: @myfn}\n: () -> (tensor<16xf32>, f32) -> tensor<16xf32>\n'
        ),
        text=(
            "func.func private @myfn(tensor<16xf32>, f32) -> tensor<16xf32>\n"
            + _in_func(
                "",
                '  %3 = "func.constant"() <{value = @myfn}> '
                ": () -> ((tensor<16xf32>, f32) -> tensor<16xf32>)\n",
            )
        ),
        generic_ops=(
            '%3 = "func.constant"() <{value = @myfn}> : () -> ((tensor<16xf32>, f32) -> '
            "tensor<16xf32>)\n"
        ),
        reason=(
            "wrapped in a function next to a declaration of `@myfn`; `std.constant` of "
            "a function is `func.constant` with a `value` property; a function type as "
            "a result is parenthesized"
        ),
        upstream=True,
    ),
    Case(
        id="002-select-custom",
        written="%x = select %cond, %true, %false : i32\n",
        text=_in_func(
            "%cond: i1, %true: i32, %false: i32", "  %x = arith.select %cond, %true, %false : i32\n"
        ),
        reason="wrapped in a function; `select` is `arith.select`",
        upstream=True,
    ),
    Case(
        id="002-select-generic",
        written='%x = "std.select"(%cond, %true, %false) : (i1, i32, i32) -> i32\n',
        text=_in_func("%cond: i1, %true: i32, %false: i32", _SELECT_GENERIC),
        generic_ops=_SELECT_GENERIC,
        reason="wrapped in a function; `std.select` is `arith.select`",
        upstream=True,
    ),
    Case(
        id="002-select-generic-vector",
        written=_SELECT_VECTOR_GENERIC.replace("arith.select", "std.select"),
        text=_in_func(
            "%vcond: vector<42xi1>, %vtrue: vector<42xf32>, %vfalse: vector<42xf32>",
            _SELECT_VECTOR_GENERIC,
        ),
        generic_ops=_SELECT_VECTOR_GENERIC,
        reason="wrapped in a function; `std.select` is `arith.select`",
        upstream=True,
    ),
    Case(
        id="002-dialect-specific-ops-tf-add",
        written=_TF_ADDS,
        text=_in_func(
            "%b: tensor<*xf32>, %c: tensor<*xf32>, %e: tensor<?x42x?xf32>, %f: tensor<?x42x?xf32>",
            _TF_ADDS,
        ),
        generic_ops=_TF_ADDS.replace(
            "// TensorFlow Add operation with partially inferred shapes.\n", ""
        ),
        reason="wrapped in a function whose arguments are the operands",
    ),
    Case(
        id="002-dialect-specific-ops-tf-conv2d",
        written=_TF_CONV,
        text=_in_func("%input: tensor<*xf32>, %filter: tensor<*xf32>", _TF_CONV_OPS),
        generic_ops=_TF_CONV_OPS,
        reason=(
            "wrapped in a function whose arguments are the operands; attribute "
            "dictionaries use `=`, not `:`, and are printed sorted by name"
        ),
    ),
    Case(
        id="002-dialect-specific-ops-tpu",
        written=(
            '%f = "tpu.vaddf32"(%a, %b)\n'
            ": (vector<8x128xf32>, vector<8x128xf32>) -> vector<8x128xf32>\n"
        ),
        text=_in_func(
            "%a: vector<8x128xf32>, %b: vector<8x128xf32>",
            '%f = "tpu.vaddf32"(%a, %b)\n'
            ": (vector<8x128xf32>, vector<8x128xf32>) -> vector<8x128xf32>\n",
        ),
        generic_ops=(
            '%f = "tpu.vaddf32"(%a, %b)\n'
            ": (vector<8x128xf32>, vector<8x128xf32>) -> vector<8x128xf32>\n"
        ),
        reason="wrapped in a function whose arguments are the operands (an unregistered op)",
        unregistered=True,
    ),
    Case(
        id="002-dialect-specific-ops-llvm-sadd",
        written='%x:2 = "llvm.sadd.with.overflow.i16"(%a, %b) : (i16, i16) -> (i16, i1)\n',
        text=_in_func(
            "%a: i16, %b: i16",
            '%x:2 = "llvm.sadd.with.overflow.i16"(%a, %b) : (i16, i16) -> (i16, i1)\n',
        ),
        generic_ops='%x:2 = "llvm.sadd.with.overflow.i16"(%a, %b) : (i16, i16) -> (i16, i1)\n',
        reason="wrapped in a function whose arguments are the operands (an unregistered op)",
        unregistered=True,
    ),
]

INVALID_002 = [
    InvalidCase(
        id="002-high-level-structure-tf-print-typo",
        written=(
            '"tf.Print"(%C){message: "mul result"}\n: (tensor<100x50xf32) -> (tensor<100x50xf32>)\n'
        ),
        text=_in_func(
            "%C: tensor<100x50xf32>",
            '  "tf.Print"(%C){message = "mul result"}\n'
            "  : (tensor<100x50xf32) -> (tensor<100x50xf32>)\n",
        ),
        reason=(
            "the operand type `tensor<100x50xf32` lacks its `>` (the typo the seeds' "
            "README names); the old `message:` is written `message =` so that the "
            "missing `>` is the first error"
        ),
        message="expected '>'",
    ),
    InvalidCase(
        id="002-cmpi-generic-eq-typo",
        written=(
            '%x = "std.cmpi"(%lhs, %rhs){predicate: 0}\n'
            ": (vector<4xi64>, vector<4xi64> -> vector<4xi1>\n"
        ),
        text=_in_func(
            "%lhs: vector<4xi64>, %rhs: vector<4xi64>",
            '  %x = "arith.cmpi"(%lhs, %rhs) <{predicate = 0 : i64}>\n'
            "  : (vector<4xi64>, vector<4xi64> -> vector<4xi1>\n",
        ),
        reason=(
            "the operand type list lacks its `)`; the op is modernized to `arith.cmpi` "
            "so that the missing `)` is the first error"
        ),
        message="expected ')'",
    ),
]


# --- 002: types, affine maps, integer sets and attribute values --------------------

_AFFINE_MAP = (
    "an affine map attribute is written `affine_map<...>` (the bare `(d0) -> (d0)` "
    "never shipped as an attribute)"
)
_BOUNDED_MAP = "bounded maps (`size (...)`) were dropped before MLIR shipped"
_HBM = (
    "a memory space is an attribute: the bare id `hbm`, which the document says it only "
    'pretends is valid, is the string `"hbm"`'
)
_AS_ATTRIBUTE = 'wrapped as a discardable attribute of an unregistered `"test.op"`'
_AS_TYPES = "wrapped as the argument types of a function declaration"


def _attr_op(attrs: str) -> str:
    """A `"test.op"` carrying the discardable attributes `attrs`."""
    return f'"test.op"() {{{attrs}}} : () -> ()\n'


def _declaration(types: str) -> str:
    """A function declaration whose argument types are `types`."""
    return f"func.func private @f({types})\n"


_002_CALLS = """\
// Call a function that returns two results.
// The results of %call can be accessed via the <name> `#` <opNo> syntax.
%call:2 = call @multi_return() : () -> (f32, i32)
// Pretty form that defines a unique name for each result.
%foo, %bar = call @multi_return() : () -> (f32, i32)
// Invoke a TensorFlow function called tf.scramble with two inputs
// and an attribute "fruit".
%2 = "tf.scramble"(%call#0, %bar){fruit: "banana"} : (f32, i32) -> f32
// Invoke the TPU specific add instruction that takes two vector register
// as input and produces a vector register.
%7 = "tpu.add"(%42, %12)
: (vector<8x128xf32>, vector<8x128xf32>) -> vector<8x128xf32>
"""

_002_FUNCTIONS = """\
// External function definitions.
func @abort()
func @scribble(i32, i64, memref<? x 128 x f32, #layout_map0>) -> f64
// A function that returns its argument twice:
func @count(%x: i64) -> (i64, i64)
attributes {fruit: "banana"} {
return %x, %x: i64, i64
}
"""

CASES_002_TYPES_AND_ATTRIBUTES = [
    Case(
        id="002-dimensions-and-symbols-affine-map",
        written="""\
// A 2d to 3d affine mapping.
// d0/d1 are dimensions, s0 is a symbol
#affine_map2to3 = (d0, d1)[s0] -> (d0, d1 + s0, d1 - s0) size (10, 20, 30)
""",
        text=(
            "#affine_map2to3 = affine_map<(d0, d1)[s0] -> (d0, d1 + s0, d1 - s0)>\n"
            + _attr_op("a = #affine_map2to3")
        ),
        reason=f"{_AS_ATTRIBUTE}; {_AFFINE_MAP}; {_BOUNDED_MAP}",
        unregistered=True,
        upstream=True,
    ),
    Case(
        id="002-dimensions-and-symbols-memref-layout",
        written="#affine_map2to3 = (d0, d1)[s0] -> (d0, d1 + s0, d1 - s0) size (10,20,30)\n",
        text=(
            "#affine_map2to3 = affine_map<(d0, d1)[s0] -> (d0, d1 + s0, d1 - s0)>\n"
            + _declaration("memref<40x50xf32, #affine_map2to3>")
        ),
        reason=(
            f"the map is the layout of the memref type `memref<40x50xf32, #affine_map2to3>` "
            f"its example allocates ({_AS_TYPES}; the `alloc` is the case `002-dimensions-and-symbols-alloc`); "
            f"{_AFFINE_MAP}; {_BOUNDED_MAP}"
        ),
        upstream=True,
    ),
    Case(
        id="002-named-affine-mappings",
        written="""\
// Affine map out-of-line definition and usage example.
#affine_map42 =
(d0, d1)[s0] -> (d0, d0 + d1 + floordiv(s0,2)) size (10, s0)
""",
        text=(
            "#affine_map42 =\naffine_map<(d0, d1)[s0] -> (d0, d0 + d1 + s0 floordiv 2)>\n"
            + _declaration(
                "memref<4x4xf32, #affine_map42>, "
                "memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0, d0 + d1 + s0 floordiv 2)>>"
            )
        ),
        reason=(
            "the map is the layout of the example's two memref types, named and inline "
            f"({_AS_TYPES}; the `alloc`s are the case `002-named-affine-mappings-alloc`); both print as one `#map`; "
            f"{_AFFINE_MAP}; {_BOUNDED_MAP}; the function-style `floordiv(s0,2)` is the "
            "infix `s0 floordiv 2`"
        ),
        upstream=True,
    ),
    Case(
        id="002-integer-sets",
        written="""\
// A example two-dimensional integer set with two symbols.
#set42 = (d0, d1)[s0, s1]
: d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0
""",
        text=(
            "#set42 = affine_set<(d0, d1)[s0, s1]\n"
            ": (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>\n" + _attr_op("a = #set42")
        ),
        reason=(
            f"{_AS_ATTRIBUTE} (the `affine.if` using it is the case `002-integer-sets-affine-if`); an integer set "
            "is written `affine_set<...>` with its constraints in parentheses"
        ),
        unregistered=True,
        upstream=True,
    ),
    Case(
        id="002-type-aliases",
        written="""\
!avx.m128 = type vector<4 x f32>
// Using the original type.
"foo"(%x) : vector<4 x f32> -> ()
// Using the type alias.
"foo"(%x) : !avx.m128 -> ()
""",
        text=_in_func(
            "%x: vector<4 x f32>",
            '  "foo"(%x) : (vector<4 x f32>) -> ()\n  "foo"(%x) : (!avx_m128) -> ()\n',
        ).replace("func.func", "!avx_m128 = vector<4 x f32>\nfunc.func", 1),
        reason=(
            "wrapped in a function taking `%x`; an alias definition has no `type` keyword, "
            "and an alias name may not contain a `.` (those are reserved for dialect "
            "types: `!avx_m128`); a generic op's input types are parenthesized"
        ),
        unregistered=True,
        upstream=True,
    ),
    Case(
        id="002-tensor-types",
        written="""\
// Tensor with unknown rank.
tensor<* x f32>
// Known rank but unknown dimensions.
tensor<? x ? x ? x ? x f32>
// Partially known dimensions.
tensor<? x ? x 13 x ? x f32>
// Full static shape.
tensor<17 x 4 x 13 x 4 x f32>
// Tensor with rank zero. Represents a scalar.
tensor<f32>
// Zero-element dimensions are allowed.
tensor<0 x 42 x f32>
// Zero-element tensor of f32 type (hexadecimal literals not allowed here).
tensor<0xf32>
""",
        text=_declaration(
            "tensor<* x f32>, tensor<? x ? x ? x ? x f32>, tensor<? x ? x 13 x ? x f32>, "
            "tensor<17 x 4 x 13 x 4 x f32>, tensor<f32>, tensor<0 x 42 x f32>, tensor<0xf32>"
        ),
        reason=_AS_TYPES,
        upstream=True,
    ),
    Case(
        id="002-memref-static-types",
        written="""\
// Identity index/layout map
#imapA = (d0, d1) -> (d0, d1) size (16, 32)
// Column major layout.
#imapB = (d0, d1, d2) [s0] -> (d2, d1, d0) size (s0, 4, 16)
// The dimension list "16x32" defines the following 2D index space:
//
// { (i, j) : 0 <= i < 16, 0 <= j < 32 }
//
memref<16x32xf32, #imapA, hbm>
// The dimension list "16x4x?" defines the following 3D index space:
//
// { (i, j, k) : 0 <= i < 16, 0 <= j < 4, 0 <= k < N }
//
// where N is a symbol which represents the runtime value of the size of
// the third dimension.
memref<16x4x?xf32, #imapB, hbm>
""",
        text=(
            "#imapA = affine_map<(d0, d1) -> (d0, d1)>\n"
            "#imapB = affine_map<(d0, d1, d2) [s0] -> (d2, d1, d0)>\n"
            + _declaration('memref<16x32xf32, #imapA, "hbm">, memref<16x4x?xf32, #imapB, "hbm">')
        ),
        reason=(
            f"{_AS_TYPES} (the identity layout `#imapA` is not printed); {_AFFINE_MAP}; "
            f"{_BOUNDED_MAP}; {_HBM}"
        ),
        upstream=True,
    ),
    Case(
        id="002-memref-symbol-capture",
        written="""\
// Affine map with symbol 's0' used as offset for first dimension.
#imapA = (d0, d1) [s0] -> (d0 + s0, d1)
""",
        text="#imapA = affine_map<(d0, d1) [s0] -> (d0 + s0, d1)>\n"
        + _declaration("memref<16x?xf32, #imapA>"),
        reason=(
            "the map is the layout of the memref type the example allocates, whose "
            f"`memref` keyword the document leaves out ({_AS_TYPES}; the `alloc` is not "
            f"covered); {_AFFINE_MAP}"
        ),
        upstream=True,
    ),
    Case(
        id="002-index-maps",
        written="""\
// Index map from [MS, NS] slice index space to larger [M, N]
// matrix index space at slice offset symbols OI, OJ:
// Maps from [MS, NS] -> [M, N]
#imap_slice = (i, j) [M, N, OI, OJ] -> (i + OI , j + OJ) size (M, N)
// Index map from 4-dimensional tiled index space to
// 2-dimensional index space.
// Maps from [M/128, N/128, 128, 128] -> [M, N]
#imap_tiled = (d0, d1, d2, d3) [M, N] -> (128 * d0 + d2, 128 * d1 + d3)
size (M, N)
""",
        text=(
            "#imap_slice = affine_map<(i, j) [M, N, OI, OJ] -> (i + OI , j + OJ)>\n"
            "#imap_tiled = affine_map<(d0, d1, d2, d3) [M, N] -> (128 * d0 + d2, 128 * d1 + d3)>\n"
            + _attr_op("slice = #imap_slice, tiled = #imap_tiled")
        ),
        reason=(
            f"{_AS_ATTRIBUTE}; {_AFFINE_MAP}; {_BOUNDED_MAP} (dimensions and symbols "
            "keep their names `i`, `M`, ... in the text and print as `d0`, `s0`, ...)"
        ),
        unregistered=True,
        upstream=True,
    ),
    Case(
        id="002-layout-maps",
        written="""\
// MxN matrix stored in row major layout in memory:
#layout_map_row_major = (i, j) [M, N] -> (i, j) size (M, N)
// MxN matrix stored in column major layout in memory:
#layout_map_col_major = (i, j), [M, N] -> (j, i) size (M, N)
""",
        text=(
            "#layout_map_row_major = affine_map<(i, j) [M, N] -> (i, j)>\n"
            "#layout_map_col_major = affine_map<(i, j) [M, N] -> (j, i)>\n"
            + _declaration(
                "memref<?x?xf32, #layout_map_row_major>, memref<?x?xf32, #layout_map_col_major>"
            )
        ),
        reason=(
            f"the maps are layouts of `?x?` memrefs ({_AS_TYPES}; the row-major one is the "
            f"identity, which is not printed); {_AFFINE_MAP}; {_BOUNDED_MAP}; the comma "
            "after `(i, j)` is a typo (see the invalid case)"
        ),
        upstream=True,
    ),
    Case(
        id="002-tuple-types",
        written="""\
// Empty tuple.
tuple<>
// Single element
tuple<f32>
// Many elements.
tuple<i32, f32, tensor<i1>, i5>
""",
        text=_declaration("tuple<>, tuple<f32>, tuple<i32, f32, tensor<i1>, i5>"),
        reason=_AS_TYPES,
        upstream=True,
    ),
    Case(
        id="002-sparse-elements-attribute",
        written="""\
sparse<tensor<3x4xi32>, [[0, 0], [1, 2]], [1, 5]>
// This represents the following tensor:
/// [[1, 0, 0, 0],
/// [0, 0, 5, 0],
/// [0, 0, 0, 0]]
""",
        text=_attr_op("a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>"),
        reason=(
            f"{_AS_ATTRIBUTE}; the type of an elements attribute follows it after `:` "
            "(`sparse<indices, values> : type`), as for `dense`"
        ),
        unregistered=True,
        upstream=True,
    ),
    Case(
        id="002-dialect-specific-types",
        written="""\
// LLVM type that wraps around llvm IR types.
!llvm<"i32*">
// Tensor flow string type.
!tf<"string">
""",
        text=_declaration("!llvm.ptr, !tf_type.string"),
        reason=(
            f"{_AS_TYPES}; the LLVM dialect's types are its own (`!llvm.ptr`: LLVM's "
            "typed pointers like `i32*` are gone), and TensorFlow's string type is "
            "`!tf_type.string`"
        ),
        unregistered=True,
        upstream=True,
    ),
    Case(
        id="002-functions-declarations",
        written=_002_FUNCTIONS,
        text="""\
#layout_map0 = affine_map<(d0, d1) -> (d1, d0)>
func.func private @abort()
func.func private @scribble(i32, i64, memref<? x 128 x f32, #layout_map0>) -> f64
func.func @count(%x: i64) -> (i64, i64)
attributes {fruit = "banana"} {
return %x, %x: i64, i64
}
""",
        reason=(
            "`func` is `func.func`, and a declaration is `private`; `#layout_map0` is "
            "never defined (a transposing 2-d map here); attribute dictionaries use `=`"
        ),
        upstream=True,
    ),
    Case(
        id="002-operations-call-multiple-results",
        written=_002_CALLS,
        text="""\
func.func private @multi_return() -> (f32, i32)
func.func @f(%42: vector<8x128xf32>, %12: vector<8x128xf32>) {
  %call:2 = call @multi_return() : () -> (f32, i32)
  %foo, %bar = call @multi_return() : () -> (f32, i32)
  %2 = "tf.scramble"(%call#0, %bar){fruit = "banana"} : (f32, i32) -> f32
  %7 = "tpu.add"(%42, %12)
  : (vector<8x128xf32>, vector<8x128xf32>) -> vector<8x128xf32>
  return
}
""",
        reason=(
            "wrapped in a function whose arguments are `%42` and `%12`, next to a "
            "declaration of `@multi_return`; `call` is `func.call`; attribute "
            "dictionaries use `=`; `tpu.add` is an unregistered op"
        ),
        unregistered=True,
        upstream=True,
    ),
    Case(
        id="002-terminator-generic-br-cond",
        written='"br_cond"(%cond)[^bb1, ^bb2(%v : index)] : (i1) -> ()\n',
        text="""\
func.func @f(%cond: i1, %v: index) {
  "cf.cond_br"(%cond, %v)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, index) -> ()
^bb1:
  return
^bb2(%x: index):
  return
}
""",
        reason=(
            "wrapped in a function taking `%cond` and `%v`, with the two target blocks; "
            "`br_cond` is `cf.cond_br`, whose generic form lists the successor operands "
            "with the other operands (sized by `operandSegmentSizes`), not after the "
            "successors"
        ),
        upstream=True,
    ),
    Case(
        id="002-call-operation",
        written=(
            "%31 = call @my_add(%0, %1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>\n"
        ),
        text=(
            "func.func private @my_add(tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>\n"
            + _in_func(
                "%0: tensor<16xf32>, %1: tensor<16xf32>",
                "  %31 = call @my_add(%0, %1) "
                ": (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>\n",
            )
        ),
        reason=(
            "wrapped in a function whose arguments are the operands, next to a "
            "declaration of `@my_add`; `call` is `func.call`"
        ),
        upstream=True,
    ),
    Case(
        id="002-call-indirect-operation",
        written="%31 = call_indirect %15(%0, %1)\n: (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>\n",
        text=_in_func(
            "%15: (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>, "
            "%0: tensor<16xf32>, %1: tensor<16xf32>",
            "  %31 = call_indirect %15(%0, %1)\n"
            "  : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>\n",
        ),
        reason=(
            "wrapped in a function whose arguments are the callee and the operands; "
            "`call_indirect` is `func.call_indirect`"
        ),
        upstream=True,
    ),
]

INVALID_002_TYPES_AND_ATTRIBUTES = [
    InvalidCase(
        id="002-layout-maps-col-major-typo",
        written="#layout_map_col_major = (i, j), [M, N] -> (j, i) size (M, N)\n",
        text=(
            "#layout_map_col_major = affine_map<(i, j), [M, N] -> (j, i)>\n"
            + _attr_op("a = #layout_map_col_major")
        ),
        reason=(
            "the comma between the dimension and symbol lists is a typo; the map is "
            "written `affine_map<...>` (without its bound) so that the comma is the first "
            "error"
        ),
        message="expected '->' or ':'",
        unregistered=True,
    ),
]


# --- 002: ops of the dialects `std` was split into --------------------------------

#: Why the ops of 002's `std` examples are written with their dialect's prefix today.
_STD_SPLIT = (
    "`std` was split: allocation, loads, stores, casts and DMAs are `memref` ops, "
    "`dim` of a tensor and `tensor_cast` are `tensor` ops, `tensor_load`/`tensor_store` "
    "are `bufferization` ops"
)
_DIM_OPERAND = "the dimension of `dim` is an `index` operand (an `arith.constant`)"
_UNDEFINED_LAYOUT = "the document never defines `{}`; it is defined here as {}"

_002_MODULE = """\
func.func @mul(%A: tensor<100x?xf32>, %B: tensor<?x50xf32>) -> (tensor<100x50xf32>) {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %A, %c1 : tensor<100x?xf32>
  %A_m = memref.alloc(%n) : memref<100x?xf32>
  bufferization.materialize_in_destination %A in restrict writable %A_m
      : (tensor<100x?xf32>, memref<100x?xf32>) -> ()
  %B_m = memref.alloc(%n) : memref<?x50xf32>
  bufferization.materialize_in_destination %B in restrict writable %B_m
      : (tensor<?x50xf32>, memref<?x50xf32>) -> ()
  %C_m = func.call @multiply(%A_m, %B_m)
      : (memref<100x?xf32>, memref<?x50xf32>) -> (memref<100x50xf32>)
  memref.dealloc %A_m : memref<100x?xf32>
  memref.dealloc %B_m : memref<?x50xf32>
  %C = bufferization.to_tensor %C_m : memref<100x50xf32> to tensor<100x50xf32>
  memref.dealloc %C_m : memref<100x50xf32>
  %printed = "tf.Print"(%C) {message = "mul result"}
      : (tensor<100x50xf32>) -> (tensor<100x50xf32>)
  return %C : tensor<100x50xf32>
}
func.func @multiply(%A: memref<100x?xf32>, %B: memref<?x50xf32>) -> (memref<100x50xf32>) {
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c1 : memref<100x?xf32>
  %C = memref.alloc() : memref<100x50xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 50 {
      memref.store %zero, %C[%i, %j] : memref<100x50xf32>
      affine.for %k = 0 to %n {
        %a_v = memref.load %A[%i, %k] : memref<100x?xf32>
        %b_v = memref.load %B[%k, %j] : memref<?x50xf32>
        %prod = arith.mulf %a_v, %b_v : f32
        %c_v = memref.load %C[%i, %j] : memref<100x50xf32>
        %sum = arith.addf %c_v, %prod : f32
        memref.store %sum, %C[%i, %j] : memref<100x50xf32>
      }
    }
  }
  return %C : memref<100x50xf32>
}
"""

_AFFINE_MAP2TO3 = "#affine_map2to3 = affine_map<(d0, d1)[s0] -> (d0, d1 + s0, d1 - s0)>\n"
_AFFINE_MAP42 = "#affine_map42 = affine_map<(d0, d1)[s0] -> (d0, d0 + d1 + s0 floordiv 2)>\n"
_SET42 = (
    "#set42 = affine_set<(d0, d1)[s0, s1]\n"
    "    : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>\n"
)
_IMAP_A_IDENTITY = "#imapA = affine_map<(d0, d1) -> (d0, d1)>\n"
_IMAP_A_OFFSET = "#imapA = affine_map<(d0, d1) [s0] -> (d0 + s0, d1)>\n"
_LAYOUT = "#layout = affine_map<(d0, d1) -> (d1, d0)>\n"
_LAYOUT_1D = "#layout = affine_map<(d0) -> (d0 + 1)>\n"
_LAYOUT_MAP0 = "#layout_map0 = affine_map<(d0, d1) -> (d1, d0)>\n"
_LAYOUT_MAP1 = "#layout_map1 = affine_map<(d0, d1)[s0, s1] -> (d0 + s0, d1 + s1)>\n"
_ID1 = "affine_map<(d0) -> (d0)>"
_ID2 = "affine_map<(d0, d1) -> (d0, d1)>"

_002_DIM_GENERIC = """\
  %x = "tensor.dim"(%A, %c0) : (tensor<4 x ? x f32>, index) -> index
  %y = "tensor.dim"(%A, %c1) : (tensor<4 x ? x f32>, index) -> index
"""
_002_INDEX_CONSTANTS_GENERIC = """\
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
"""

_002_TENSOR_CAST_GENERIC = """\
  %2 = "tensor.cast"(%1) : (tensor<*xf32>) -> tensor<?x?xf32>
  %3 = "tensor.cast"(%2) : (tensor<?x?xf32>) -> tensor<4x?xf32>
  %4 = "tensor.cast"(%3) : (tensor<4x?xf32>) -> tensor<?x?xf32>
  %5 = "tensor.cast"(%4) : (tensor<?x?xf32>) -> tensor<*xf32>
"""

CASES_002_STANDARD_OPS = [
    Case(
        id="002-high-level-structure-module",
        written="""\
// Compute A*B using an implementation of multiply kernel and print the
// result using a TensorFlow op. The dimensions of A and B are partially
// known. The shapes are assumed to match.
func @mul(%A: tensor<100x?xf32>, %B: tensor<?x50xf32>) -> (tensor<100x50xf32>) {
// Compute the inner dimension of %A using the dim operation.
%n = dim %A, 1 : tensor<100x?xf32>
// Allocate addressable "buffers" and copy tensors %A and %B into them.
%A_m = alloc(%n) : memref<100x?xf32>
tensor_store %A to %A_m : memref<100x?xf32>
%B_m = alloc(%n) : memref<?x50xf32>
tensor_store %B to %B_m : memref<?x50xf32>
// Call function @multiply passing memrefs as arguments,
// and getting returned the result of the multiplication.
%C_m = call @multiply(%A_m, %B_m)
: (memref<100x?xf32>, memref<?x50xf32>) -> (memref<100x50xf32>)
dealloc %A_m : memref<100x?xf32>
dealloc %B_m : memref<?x50xf32>
// Load the buffer data into a higher level "tensor" value.
%C = tensor_load %C_m : memref<100x50xf32>
dealloc %C_m : memref<100x50xf32>
// Call TensorFlow built-in function to print the result tensor.
"tf.Print"(%C){message: "mul result"}
: (tensor<100x50xf32) -> (tensor<100x50xf32>)
return %C : tensor<100x50xf32>
}
// A function that multiplies two memrefs and returns the result.
func @multiply(%A: memref<100x?xf32>, %B: memref<?x50xf32>)
-> (memref<100x50xf32>) {
// Compute the inner dimension of %A.
%n = dim %A, 1 : memref<100x?xf32>
// Allocate memory for the multiplication result.
%C = alloc() : memref<100x50xf32>
// Multiplication loop nest.
affine.for %i = 0 to 100 {
affine.for %j = 0 to 50 {
store 0 to %C[%i, %j] : memref<100x50xf32>
affine.for %k = 0 to %n {
%a_v = load %A[%i, %k] : memref<100x?xf32>
%b_v = load %B[%k, %j] : memref<?x50xf32>
%prod = mulf %a_v, %b_v : f32
%c_v = load %C[%i, %j] : memref<100x50xf32>
%sum = addf %c_v, %prod : f32
store %sum, %C[%i, %j] : memref<100x50xf32>
}
}
}
return %C : memref<100x50xf32>
}
""",
        text=_002_MODULE,
        reason=(
            f"`func` is `func.func`; {_STD_SPLIT}; {_DIM_OPERAND}; `tensor_store %A to "
            "%A_m` is `bufferization.materialize_in_destination %A in restrict writable "
            "%A_m`, `tensor_load` is `bufferization.to_tensor`; the stored `0` is an "
            "`f32` constant; the attribute dictionary of `tf.Print` uses `=` and its "
            "result is named (its `tensor<100x50xf32` typo is the invalid case "
            "`002-high-level-structure-tf-print-typo`)"
        ),
        needs=("memref", "affine", "bufferization", "tensor"),
        unregistered=True,
        upstream=True,
    ),
    Case(
        id="002-dimensions-and-symbols-alloc",
        written="""\
%x = alloc()[%N] : memref<40x50xf32, #affine_map2to3>
""",
        text=_AFFINE_MAP2TO3
        + _in_func("%N: index", "  %x = memref.alloc()[%N] : memref<40x50xf32, #affine_map2to3>\n"),
        reason=f"wrapped in a function taking `%N`, after its map; {_STD_SPLIT}",
        needs=("memref",),
        upstream=True,
    ),
    Case(
        id="002-named-affine-mappings-alloc",
        written="""\
// SSA value %N to the symbol s0.
%a = alloc()[%N] : memref<4x4xf32, #affine_map42>
// Same thing with an inline affine mapping definition.
%b = alloc()[%N] : memref<4x4xf32, (d0, d1)[s0] -> (d0, d0 + d1 + floordiv(s0,2))
size (10, s0)>
""",
        text=_AFFINE_MAP42
        + _in_func(
            "%N: index",
            "  %a = memref.alloc()[%N] : memref<4x4xf32, #affine_map42>\n"
            "  %b = memref.alloc()[%N] : memref<4x4xf32,\n"
            "      affine_map<(d0, d1)[s0] -> (d0, d0 + d1 + s0 floordiv 2)>>\n",
        ),
        reason=(
            f"wrapped in a function taking `%N`, after its map; {_STD_SPLIT}; "
            f"{_AFFINE_MAP}; {_BOUNDED_MAP}; `floordiv(s0,2)` is `s0 floordiv 2`"
        ),
        needs=("memref",),
        upstream=True,
    ),
    Case(
        id="002-integer-sets-affine-if",
        written="""\
affine.if #set42(%i, %j)[%M, %N] {
...
}
""",
        text=_SET42
        + _in_func(
            "%i: index, %j: index, %M: index, %N: index",
            "  affine.if #set42(%i, %j)[%M, %N] {\n  }\n",
        ),
        reason=(
            "wrapped in a function taking the values, after its set (written "
            "`affine_set<...>`); the elided body `...` is empty"
        ),
        needs=("affine",),
        upstream=True,
    ),
    Case(
        id="002-memref-symbol-capture-alloc",
        written="""\
%n = ...
%o = ...
%A = <strong>alloc</strong> (%n)[%o] : <16x?xf32, #imapA>
""",
        text=_IMAP_A_OFFSET
        + _in_func(
            "%n: index, %o: index", "  %A = memref.alloc(%n)[%o] : memref<16x?xf32, #imapA>\n"
        ),
        reason=(
            "the elided values `%n = ...`, `%o = ...` are function arguments; the "
            "`<strong>` markup is the page's; the type is written with its `memref` "
            f"keyword; {_STD_SPLIT}"
        ),
        needs=("memref",),
        upstream=True,
    ),
    Case(
        id="002-memref-index-alloc-load",
        written="""\
// Allocates a memref with 2D index space:
// { (i, j) : 0 <= i < 16, 0 <= j < 32 }
%A = alloc() : memref<16x32xf32, #imapA, hbm>
// Loads data from memref '%A' using a 2D index: (%i, %j)
%v = load %A[%i, %j] : memref<16x32xf32, #imapA, hbm>
""",
        text=_IMAP_A_IDENTITY
        + _in_func(
            "%i: index, %j: index",
            '  %A = memref.alloc() : memref<16x32xf32, #imapA, "hbm">\n'
            '  %v = memref.load %A[%i, %j] : memref<16x32xf32, #imapA, "hbm">\n',
        ),
        reason=f"wrapped in a function taking `%i`, `%j`, after `#imapA`; {_STD_SPLIT}; {_HBM}",
        needs=("memref",),
        upstream=True,
    ),
    Case(
        id="002-dim-operation",
        written="""\
// Always returns 4, can be constant folded:
%x = dim %A, 0 : tensor<4 x ? x f32>
// Returns the dynamic dimension of %A.
%y = dim %A, 1 : tensor<4 x ? x f32>
""",
        text=_in_func(
            "%A: tensor<4 x ? x f32>",
            "  %c0 = arith.constant 0 : index\n"
            "  %c1 = arith.constant 1 : index\n"
            "  %x = tensor.dim %A, %c0 : tensor<4 x ? x f32>\n"
            "  %y = tensor.dim %A, %c1 : tensor<4 x ? x f32>\n",
        ),
        reason=f"wrapped in a function taking `%A`; {_STD_SPLIT}; {_DIM_OPERAND}",
        needs=("tensor",),
        upstream=True,
    ),
    Case(
        id="002-dim-operation-generic",
        written="""\
%x = "std.dim"(%A){index: 0} : (tensor<4 x ? x f32>) -> index
%y = "std.dim"(%A){index: 1} : (tensor<4 x ? x f32>) -> index
""",
        text=_in_func("%A: tensor<4 x ? x f32>", _002_INDEX_CONSTANTS_GENERIC + _002_DIM_GENERIC),
        generic_ops=_002_INDEX_CONSTANTS_GENERIC + _002_DIM_GENERIC,
        reason=(
            f"wrapped in a function taking `%A`; `std.dim` is `tensor.dim`; {_DIM_OPERAND}, "
            "not an `index` attribute"
        ),
        needs=("tensor",),
        upstream=True,
    ),
    Case(
        id="002-reshape-operation",
        written="""\
// Allocate base memref with dynamic 16x?xf32.
#lmapD = (i, j)[S0] -> (i, j) size (16, S0)
%D = alloc(%N)[%N] <16x?xf32, #lmapD, hbm>
// Create memref which reshapes from 16x?xf32 to 16x4x?xf32.
#imapDR = (i, j, k)[S0] -> (i, j * S0 + k) size (16, 4 * S0)
%N4 = affine.apply (S -> floordiv(S,4)) (%N)
%DR = reshape %D : memref<16x?xf32, #lmapD, hbm> (%N4)[%N4] to
(memref<16x?xf32, #lmapD, hbm> -> memref<16x4x?xf32, #imapDR, hbm>)
""",
        text=_in_func(
            "%N: index",
            '  %D = memref.alloc(%N) : memref<16x?xf32, "hbm">\n'
            "  %N4 = affine.apply affine_map<()[s0] -> (s0 floordiv 4)>()[%N]\n"
            "  %DR = memref.expand_shape %D [[0], [1, 2]] output_shape [16, 4, %N4]\n"
            '      : memref<16x?xf32, "hbm"> into memref<16x4x?xf32, "hbm">\n',
        ),
        reason=(
            "wrapped in a function taking `%N`; a `reshape` taking maps never shipped: "
            "splitting a dimension is `memref.expand_shape`, with the new sizes as "
            f"`output_shape`; {_BOUNDED_MAP}, and without their bounds `#lmapD` and "
            "`#imapDR` are the row-major layouts a memref has without a map; the alloc's "
            "`[%N]` fed only the bound and its type lacked `:` and `memref`; "
            "`affine.apply` takes its map as `affine_map<...>` with the operand bound to "
            f"the symbol; {_HBM}"
        ),
        needs=("memref", "affine"),
        upstream=True,
    ),
    Case(
        id="002-view-operation",
        written="""\
#map_b = (i,j)[s0, s1] -> (i + s0, j) size (16, s1)
// %B is a view of %A with a window of size 4 with offset %0 along the
// first dimension. The SSA value %0 is bound to the offset symbol of
// its index map (#map_b)
%n1 = dim %A, 1 : memref<16x?xf32, #map_a, hbm>
%B = view memref<16x?xf32, #map_a, hbm> -> memref<4x?xf32, #map_b, hbm>
(%n1) [%0, %n1] %A : memref<16x?xf32, #map_a, hbm>
// A view memref that is a dynamic sized slice along an already dynamic
// sized base memref with the slice size being half the base memref's
// dynamic size and with an offset of %0
#map_c = (i, j)[s0, s1]->(i + s0, j) size(4, s1)
%s1 = "std.divi"(%n1, 2) : (i32, i32) -> i32
%C = view memref<16x?xf32, #map_a, hbm> -> memref<4x?xf32, #map_c, hbm>
(%s1) [%0, %n1] %A : memref<16x?xf32, #map_a, hbm>
""",
        text=_in_func(
            '%A: memref<16x?xf32, "hbm">, %0: index',
            "  %c1 = arith.constant 1 : index\n"
            '  %n1 = memref.dim %A, %c1 : memref<16x?xf32, "hbm">\n'
            '  %B = memref.subview %A[%0, 0] [4, %n1] [1, 1] : memref<16x?xf32, "hbm">\n'
            '      to memref<4x?xf32, strided<[?, 1], offset: ?>, "hbm">\n'
            "  %c2 = arith.constant 2 : index\n"
            "  %s1 = arith.divui %n1, %c2 : index\n"
            '  %C = memref.subview %A[%0, 0] [4, %s1] [1, 1] : memref<16x?xf32, "hbm">\n'
            '      to memref<4x?xf32, strided<[?, 1], offset: ?>, "hbm">\n',
        ),
        reason=(
            "wrapped in a function taking `%A` and the offset `%0`; a `view` taking maps "
            "never shipped: a window of a memref at an offset is `memref.subview` "
            "(offsets, sizes, strides), whose result layout `strided<[?, 1], offset: ?>` "
            f"says what `#map_b`/`#map_c` did; {_BOUNDED_MAP}; `#map_a` is never defined "
            "(the identity layout here); `std.divi` of an `i32` by the literal `2` is "
            f"`arith.divui` of the `index` size by a constant; {_DIM_OPERAND}; {_HBM}"
        ),
        needs=("memref",),
        upstream=True,
    ),
    Case(
        id="002-alloc-operation",
        written="""\
// Allocating memref for a fully static shape.
%A = alloc() : memref<1024x64xf32, #layout_map0, hbm>
// %M, %N, %x, %y are SSA values of integer type. M and N are bound to the
// two unknown dimensions of the type and x/y are bound to symbols in
// #layout_map1.
%B = alloc(%M, %N)[%x, %y] : memref<?x?xf32, #layout_map1, vmem>
""",
        text=_LAYOUT_MAP0
        + _LAYOUT_MAP1
        + _in_func(
            "%M: index, %N: index, %x: index, %y: index",
            '  %A = memref.alloc() : memref<1024x64xf32, #layout_map0, "hbm">\n'
            '  %B = memref.alloc(%M, %N)[%x, %y] : memref<?x?xf32, #layout_map1, "vmem">\n',
        ),
        reason=(
            f"wrapped in a function taking the sizes and symbols; {_STD_SPLIT}; "
            + _UNDEFINED_LAYOUT.format(
                "#layout_map0`/`#layout_map1", "a transpose and a map with two symbols"
            )
            + f'; {_HBM} (and `vmem` is `"vmem"`)'
        ),
        needs=("memref",),
        upstream=True,
    ),
    Case(
        id="002-alloc-static-operation",
        written="""\
%A = alloc_static(0x1232a00) : memref<1024 x 64 x f32, #layout_map0, hbm>
""",
        text=_LAYOUT_MAP0
        + _in_func("", '  %A = memref.alloc() : memref<1024 x 64 x f32, #layout_map0, "hbm">\n'),
        reason=(
            "`alloc_static` never shipped, and no MLIR op places a buffer at a fixed "
            "address: the allocation is `memref.alloc` without the address; "
            + _UNDEFINED_LAYOUT.format("#layout_map0", "a transpose")
            + f"; {_HBM}"
        ),
        needs=("memref",),
        upstream=True,
    ),
    Case(
        id="002-dealloc-operation",
        written="""\
dealloc %A : memref<128 x f32, #layout, hbm>
""",
        text=_LAYOUT_1D
        + _in_func(
            '%A: memref<128 x f32, #layout, "hbm">',
            '  memref.dealloc %A : memref<128 x f32, #layout, "hbm">\n',
        ),
        reason=(
            f"wrapped in a function taking `%A`; {_STD_SPLIT}; "
            + _UNDEFINED_LAYOUT.format("#layout", "a shift by one")
            + f"; {_HBM}"
        ),
        needs=("memref",),
        upstream=True,
    ),
    Case(
        id="002-dma-start-operation",
        written="""\
%size = constant 32 : index
%tag = alloc() : memref<1 x i32, (d0) -> (d0), 4>
%idx = constant 0 : index
dma_start %src[%i, %j], %dst[%k, %l], %size, %tag[%idx] :
memref<40 x 8 x vector<16xf32>, (d0) -> (d0), 0>,
memref<2 x 4 x vector<16xf32>, (d0) -> (d0), 2>,
memref<1 x i32>, (d0) -> (d0), 4>
""",
        text=_in_func(
            f"%src: memref<40 x 8 x vector<16xf32>, {_ID2}, 0>, "
            f"%dst: memref<2 x 4 x vector<16xf32>, {_ID2}, 2>, "
            "%i: index, %j: index, %k: index, %l: index",
            "  %size = arith.constant 32 : index\n"
            f"  %tag = memref.alloc() : memref<1 x i32, {_ID1}, 4>\n"
            "  %idx = arith.constant 0 : index\n"
            "  memref.dma_start %src[%i, %j], %dst[%k, %l], %size, %tag[%idx] :\n"
            f"      memref<40 x 8 x vector<16xf32>, {_ID2}, 0>,\n"
            f"      memref<2 x 4 x vector<16xf32>, {_ID2}, 2>,\n"
            f"      memref<1 x i32, {_ID1}, 4>\n",
        ),
        reason=(
            "wrapped in a function taking the buffers and indices; `constant` is "
            f"`arith.constant`; {_STD_SPLIT}; {_AFFINE_MAP}; the two-dimensional "
            "buffers' maps take two dimensions (the document's `(d0) -> (d0)` has one); "
            "the tag type `memref<1 x i32>, (d0) -> (d0), 4>` has a stray `>`"
        ),
        needs=("memref",),
        upstream=True,
    ),
    Case(
        id="002-dma-wait-operation",
        written="""\
dma_wait %tag[%index], %num_elements : memref<1 x i32, (d0) -> (d0), 4>
""",
        text=_in_func(
            f"%tag: memref<1 x i32, {_ID1}, 4>, %index: index, %num_elements: index",
            f"  memref.dma_wait %tag[%index], %num_elements : memref<1 x i32, {_ID1}, 4>\n",
        ),
        reason=f"wrapped in a function taking the values; {_STD_SPLIT}; {_AFFINE_MAP}",
        needs=("memref",),
        upstream=True,
    ),
    Case(
        id="002-extract-element-operation",
        written="""\
%3 = extract_element %v[%1, %2] : vector<4x4xi32>
%4 = extract_element %t[%1, %2] : tensor<4x4xi32>
""",
        text=_in_func(
            "%v: vector<4x4xi32>, %t: tensor<4x4xi32>, %1: index, %2: index",
            "  %3 = vector.extract %v[%1, %2] : i32 from vector<4x4xi32>\n"
            "  %4 = tensor.extract %t[%1, %2] : tensor<4x4xi32>\n",
        ),
        reason=(
            "wrapped in a function taking the values; `extract_element` is "
            "`vector.extract` of a vector (which names the element type: `i32 from`) "
            "and `tensor.extract` of a tensor; the unranked case is the invalid case "
            "`002-extract-element-unranked`"
        ),
        needs=("vector", "tensor"),
        upstream=True,
    ),
    Case(
        id="002-load-operation",
        written="""\
%1 = affine.apply (d0, d1) -> (3*d0) (%i, %j)
%2 = affine.apply (d0, d1) -> (d1+1) (%i, %j)
%12 = load %A[%1, %2] : memref<8x?xi32, #layout, hbm>
// Example of an indirect load (treated as non-affine)
%3 = affine.apply (d0) -> (2*d0 + 1)(%12)
%13 = load %A[%3, %2] : memref<4x?xi32, #layout, hbm>
""",
        text=_LAYOUT
        + _in_func(
            '%A: memref<8x?xi32, #layout, "hbm">, %A4: memref<4x?xi32, #layout, "hbm">, '
            "%i: index, %j: index",
            "  %1 = affine.apply affine_map<(d0, d1) -> (3*d0)> (%i, %j)\n"
            "  %2 = affine.apply affine_map<(d0, d1) -> (d1+1)> (%i, %j)\n"
            '  %12 = memref.load %A[%1, %2] : memref<8x?xi32, #layout, "hbm">\n'
            "  %i12 = arith.index_cast %12 : i32 to index\n"
            "  %3 = affine.apply affine_map<(d0) -> (2*d0 + 1)>(%i12)\n"
            '  %13 = memref.load %A4[%3, %2] : memref<4x?xi32, #layout, "hbm">\n',
        ),
        reason=(
            f"wrapped in a function taking the memrefs and indices; {_STD_SPLIT}; "
            f"{_AFFINE_MAP}; the loaded `i32` is cast to `index` to serve as an index; "
            "the two loads read memrefs of different types, so they are two arguments; "
            + _UNDEFINED_LAYOUT.format("#layout", "a transpose")
            + f"; {_HBM}"
        ),
        needs=("affine", "memref"),
        upstream=True,
    ),
    Case(
        id="002-store-operation",
        written="""\
store %100, %A[%1, 1023] : memref<4x?xf32, #layout, hbm>
""",
        text=_LAYOUT
        + _in_func(
            '%100: f32, %A: memref<4x?xf32, #layout, "hbm">, %1: index',
            "  %c1023 = arith.constant 1023 : index\n"
            '  memref.store %100, %A[%1, %c1023] : memref<4x?xf32, #layout, "hbm">\n',
        ),
        reason=(
            f"wrapped in a function taking the values; {_STD_SPLIT}; an index is an "
            "`index` value, so `1023` is an `arith.constant`; "
            + _UNDEFINED_LAYOUT.format("#layout", "a transpose")
            + f"; {_HBM}"
        ),
        needs=("memref",),
        upstream=True,
    ),
    Case(
        id="002-tensor-load-operation",
        written="""\
// Produces a value of tensor<4x?xf32> type.
%12 = tensor_load %10 : memref<4x?xf32, #layout, hbm>
""",
        text=_LAYOUT
        + _in_func(
            '%10: memref<4x?xf32, #layout, "hbm">',
            '  %12 = bufferization.to_tensor %10 : memref<4x?xf32, #layout, "hbm">\n'
            "      to tensor<4x?xf32>\n",
        ),
        reason=(
            f"wrapped in a function taking `%10`; {_STD_SPLIT}: `tensor_load` is "
            "`bufferization.to_tensor`, which names the tensor type; "
            + _UNDEFINED_LAYOUT.format("#layout", "a transpose")
            + f"; {_HBM}"
        ),
        needs=("bufferization",),
        upstream=True,
    ),
    Case(
        id="002-tensor-store-operation",
        written="""\
%9 = dim %8, 1 : tensor<4x?xf32>
%10 = alloc(%9) : memref<4x?xf32, #layout, hbm>
tensor_store %8, %10 : memref<4x?xf32, #layout, hbm>
""",
        text=_LAYOUT
        + _in_func(
            "%8: tensor<4x?xf32>",
            "  %c1 = arith.constant 1 : index\n"
            "  %9 = tensor.dim %8, %c1 : tensor<4x?xf32>\n"
            '  %10 = memref.alloc(%9) : memref<4x?xf32, #layout, "hbm">\n'
            "  bufferization.materialize_in_destination %8 in restrict writable %10\n"
            '      : (tensor<4x?xf32>, memref<4x?xf32, #layout, "hbm">) -> ()\n',
        ),
        reason=(
            f"wrapped in a function taking `%8`; {_STD_SPLIT}: `tensor_store %8, %10` "
            "is `bufferization.materialize_in_destination %8 in restrict writable %10`; "
            f"{_DIM_OPERAND}; " + _UNDEFINED_LAYOUT.format("#layout", "a transpose") + f"; {_HBM}"
        ),
        needs=("tensor", "memref", "bufferization"),
        upstream=True,
    ),
    Case(
        id="002-memref-cast-operation",
        written="""\
// Discard static dimension information.
%3 = memref_cast %2 : memref<4x?xf32> to memref<?x?xf32>
// Convert to a type with more known dimensions.
%4 = memref_cast %3 : memref<?x?xf32> to memref<4x?xf32>
""",
        text=_in_func(
            "%2: memref<4x?xf32>",
            "  %3 = memref.cast %2 : memref<4x?xf32> to memref<?x?xf32>\n"
            "  %4 = memref.cast %3 : memref<?x?xf32> to memref<4x?xf32>\n",
        ),
        reason=f"wrapped in a function taking `%2`; {_STD_SPLIT}: `memref_cast` is `memref.cast`",
        needs=("memref",),
        upstream=True,
    ),
    Case(
        id="002-tensor-cast-operation",
        written="""\
// Convert from unknown rank to rank 2 with unknown dimension sizes.
%2 = "std.tensor_cast"(%1) : (tensor<*xf32>) -> tensor<?x?xf32>
%2 = tensor_cast %1 : tensor<*xf32> to tensor<?x?xf32>
""",
        text=_in_func(
            "%1: tensor<*xf32>",
            '  %2 = "tensor.cast"(%1) : (tensor<*xf32>) -> tensor<?x?xf32>\n'
            "  %6 = tensor.cast %1 : tensor<*xf32> to tensor<?x?xf32>\n",
        ),
        reason=(
            f"wrapped in a function taking `%1`; {_STD_SPLIT}: `tensor_cast` is "
            "`tensor.cast`; the example defines `%2` twice (the generic and the custom "
            "form of one op), so the second is `%6`"
        ),
        needs=("tensor",),
        upstream=True,
    ),
    Case(
        id="002-tensor-cast-operation-generic",
        written="""\
// Convert to a type with more known dimensions.
%3 = "std.tensor_cast"(%2) : (tensor<?x?xf32>) -> tensor<4x?xf32>
// Discard static dimension and rank information.
%4 = "std.tensor_cast"(%3) : (tensor<4x?xf32>) -> tensor<?x?xf32>
%5 = "std.tensor_cast"(%4) : (tensor<?x?xf32>) -> tensor<*xf32>
""",
        text=_in_func("%1: tensor<*xf32>", _002_TENSOR_CAST_GENERIC),
        generic_ops=_002_TENSOR_CAST_GENERIC,
        reason=(
            "wrapped in a function taking `%1`, with the example's first cast to define "
            "`%2`; `std.tensor_cast` is `tensor.cast`"
        ),
        needs=("tensor",),
        upstream=True,
    ),
]

INVALID_002_STANDARD_OPS = [
    InvalidCase(
        id="002-extract-element-unranked",
        written="%5 = extract_element %ut[%1, %2] : tensor<*xi32>\n",
        text=_in_func(
            "%ut: tensor<*xi32>, %1: index, %2: index",
            "  %5 = tensor.extract %ut[%1, %2] : tensor<*xi32>\n",
        ),
        reason=(
            "`tensor.extract` reads a ranked tensor only (an unranked tensor is cast to "
            "a ranked one first); mlir-opt-22 rejects the modernized line the same way"
        ),
        message=(
            "invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xi32>'"
        ),
        needs=("tensor",),
    ),
]


# --- 002: examples not covered -----------------------------------------------------


@dataclass(frozen=True)
class NotCovered:
    """An example of 002 that is not a case, and why."""

    id: str
    written: str
    reason: str


NOT_COVERED_002 = [
    NotCovered(
        id="002-notation-grammar-example",
        written="example ::= `b` (`an` | `om`)* `a`\n",
        reason=("an example of the document's EBNF notation (in an `mlir` code box), not IR"),
    ),
]


CASES = (
    CASES_000
    + CASES_001
    + CASES_004
    + CASES_002
    + CASES_002_TYPES_AND_ATTRIBUTES
    + CASES_002_STANDARD_OPS
)
INVALID = INVALID_001 + INVALID_002 + INVALID_002_TYPES_AND_ATTRIBUTES + INVALID_002_STANDARD_OPS


# --- helpers -----------------------------------------------------------------------


def _parse_verify(text: str, *, unregistered: bool, name: str = "example.mlir"):
    ctx = generated.context(allow_unregistered_dialects=unregistered)
    module = parse_source(SourceFile(name, text), ctx)
    verify(module, ctx)
    return module


_SSA = re.compile(r"%[\w.$-]+(?:#\d+)?")


def _canonical_ops(ops: str) -> str:
    """`ops` with what the generic comparison ignores taken out.

    - SSA names: the printer numbers values (`%0`, `%arg0`), the documents name them;
      names are replaced by their order of first appearance, and a result group
      `%0:3` by its members `%0#0, %0#1, %0#2` (the documents write `%0, %1, %2`).
    - Whitespace, including line breaks: the documents break long ops over lines.
    - Comments.
    - `<{...}>` versus `{...}`: the documents predate properties and show inherent
      attributes in the attribute dictionary; MLIR today prints them as properties.
    """
    ops = re.sub(r"//[^\n]*", "", ops)
    ops = re.sub(
        r"(%[\w.$-]+):(\d+)",
        lambda m: ", ".join(f"{m[1]}#{i}" for i in range(int(m[2]))),
        ops,
    )
    names: dict[str, str] = {}
    ops = _SSA.sub(lambda m: names.setdefault(m[0], f"%v{len(names)}"), ops)
    ops = ops.replace("<{", "{").replace("}>", "}")
    return re.sub(r"\s+", "", ops)


def _function_body(generic: str) -> str:
    """The ops of the last `func.func` of a generic print (the wrapper), without its return.

    Declarations the wrapper needs (`@myfn`) come before it.
    """
    lines = generic.splitlines()
    i = max(n for n, line in enumerate(lines) if line.startswith('  "func.func"')) + 1
    if lines[i].startswith("  ^bb0("):
        i += 1
    body: list[str] = []
    while not lines[i].startswith('    "func.return"'):
        body.append(lines[i])
        i += 1
    return "\n".join(body) + "\n"


def _seed_text(seed: str) -> str:
    """A seed as its readers see it, whitespace collapsed.

    The 000 copy is markdown rendered to HTML and damaged on the way: `*` became
    `<em>` emphasis and code fences became `<code>` spans, so those tags are turned
    back into `*` and a backtick and the remaining tags dropped before unescaping. The
    002 copy is a scrape of a web page that puts `|` lines between the document's
    lines; they are dropped.
    """
    raw = (SEEDS_DIR / SEED_FILES[seed]).read_text(encoding="utf-8")
    raw = re.sub(r"</?em>", "*", raw)
    raw = re.sub(r"</?code>", "`", raw)
    raw = re.sub(r"</?(?:p|ul|ol|li|h[1-6]|a)(?: [^>]*)?>", "", raw)
    raw = "\n".join(line for line in raw.splitlines() if line.strip() != "|")
    return _collapse(html.unescape(raw))


def _collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


# --- tests -------------------------------------------------------------------------


def test_case_ids_are_unique() -> None:
    ids = [case.id for case in CASES] + [case.id for case in INVALID]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("case", CASES + INVALID, ids=lambda case: case.id)
def test_the_dialects_a_case_needs_are_generated(case: Case | InvalidCase) -> None:
    """The dialects a case is noted to need have specs (they are generated)."""
    assert all(
        generated.context().get_or_load_dialect(dialect) is not None for dialect in case.needs
    )


def test_every_modernized_case_says_why() -> None:
    for case in CASES:
        if case.text is not None:
            assert case.reason, case.id


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_example_round_trips(case: Case) -> None:
    """Parses, verifies, and prints back identically in both forms."""
    module = _parse_verify(case.source, unregistered=case.unregistered)
    for generic in (False, True):
        printed = print_operation(module, generic=generic)
        again = _parse_verify(printed, unregistered=case.unregistered, name="printed.mlir")
        assert print_operation(again, generic=generic) == printed


@pytest.mark.parametrize(
    "case", [case for case in CASES if case.generic_ops is not None], ids=lambda case: case.id
)
def test_generic_example_prints_its_ops(case: Case) -> None:
    """An example written generic prints, in the generic form, the ops it shows."""
    assert case.generic_ops is not None
    module = _parse_verify(case.source, unregistered=case.unregistered)
    body = _function_body(print_operation(module, generic=True))
    assert _canonical_ops(body) == _canonical_ops(case.generic_ops), body


@pytest.mark.parametrize(
    "case", [case for case in CASES if case.upstream], ids=lambda case: case.id
)
@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
def test_example_prints_as_mlir_opt(case: Case, generic: bool, mlir_opt: str) -> None:
    """Examples in upstream dialects print byte for byte as mlir-opt-22 prints them."""
    args = [mlir_opt, "-"] + (["--mlir-print-op-generic"] if generic else [])
    if case.unregistered:
        args.append("--allow-unregistered-dialect")
    proc = subprocess.run(args, input=case.source, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    module = _parse_verify(case.source, unregistered=case.unregistered)
    # mlir-opt ends its output with an empty line after the module.
    assert print_operation(module, generic=generic) + "\n" == proc.stdout


@pytest.mark.parametrize(
    "case", [case for case in CASES if case.text is not None], ids=lambda case: case.id
)
def test_written_form_fails_cleanly(case: Case) -> None:
    """The document's own text of a modernized example is rejected with a diagnostic.

    This is what makes a modernization necessary; a bare fragment may also fail only
    for being a fragment (an undefined value). Either way the failure is a
    diagnostic, never a traceback.
    """
    with pytest.raises(DiagnosticError) as info:
        _parse_verify(case.written, unregistered=True)
    assert info.value.diagnostics
    assert info.value.diagnostics[0].message


@pytest.mark.parametrize("case", INVALID, ids=lambda case: case.id)
def test_invalid_example_reports_a_diagnostic(case: InvalidCase) -> None:
    """A typo of a document ends in a clean diagnostic naming what is wrong."""
    with pytest.raises(DiagnosticError) as info:
        _parse_verify(case.text, unregistered=case.unregistered)
    first = info.value.diagnostics[0]
    assert case.message in first.message, str(info.value)


@pytest.mark.parametrize("case", CASES + INVALID, ids=lambda case: case.id)
def test_written_text_occurs_in_its_seed(case: Case | InvalidCase) -> None:
    """Each transcribed example is, up to whitespace, text of its document."""
    if not SEEDS_DIR.is_dir():
        pytest.skip(f"{SEEDS_DIR} is absent (the design documents are not in this clone)")
    assert _collapse(case.written) in _seed_text(case.seed)


def test_not_covered_ids_are_unique_and_distinct_from_cases() -> None:
    ids = [entry.id for entry in NOT_COVERED_002]
    assert len(ids) == len(set(ids))
    assert not set(ids) & {case.id for case in CASES + INVALID}


@pytest.mark.parametrize("entry", NOT_COVERED_002, ids=lambda entry: entry.id)
def test_not_covered_examples_are_in_their_seed(entry: NotCovered) -> None:
    """Each example left out is text of 002, and says why it is left out."""
    assert entry.reason
    if not SEEDS_DIR.is_dir():
        pytest.skip(f"{SEEDS_DIR} is absent (the design documents are not in this clone)")
    assert _collapse(entry.written) in _seed_text("002")


def _code_examples(seed: str) -> list[str]:
    """The `mlir` code boxes of a seed, as its readers see them (see `_seed_text`)."""
    raw = (SEEDS_DIR / SEED_FILES[seed]).read_text(encoding="utf-8")
    raw = "\n".join(line for line in raw.splitlines() if line.strip() != "|")
    return [
        html.unescape(box) for box in re.findall(r"^```mlir[^\n]*\n(.*?)^```", raw, re.M | re.S)
    ]


def test_every_002_code_example_is_accounted_for() -> None:
    """Each line of code (not comment) of each `mlir` box of 002 is in some entry."""
    if not SEEDS_DIR.is_dir():
        pytest.skip(f"{SEEDS_DIR} is absent (the design documents are not in this clone)")
    entries = [c for c in CASES + INVALID if c.seed == "002"] + NOT_COVERED_002
    accounted = [_collapse(entry.written) for entry in entries]
    boxes = _code_examples("002")
    assert len(boxes) == 51
    missing = [
        line.strip()
        for box in boxes
        for line in box.splitlines()
        if line.strip() and not line.strip().startswith("//")
        if not any(_collapse(line) in text for text in accounted)
    ]
    assert not missing, missing
