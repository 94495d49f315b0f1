// Covers: dominance across blocks, which MLIR checks in every region with a control-flow graph, even under unregistered ops.
"foo.func"() ({
^bb0(%c: i1):
  "foo.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %v = "foo.op"() : () -> i32
  "foo.br"()[^bb3] : () -> ()
^bb2:
  "foo.br"()[^bb3] : () -> ()
^bb3:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%v) : (i32) -> ()
  "foo.return"() : () -> ()
}) : () -> ()
// -----
"foo.func"() ({
^bb0:
  "foo.br"()[^bb2] : () -> ()
^bb1:
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %v = "foo.op"() : () -> i32
  "foo.br"()[^bb2] : () -> ()
^bb2:
  "foo.wrap"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "foo.use"(%v) : (i32) -> ()
  }) : () -> ()
  "foo.return"() : () -> ()
}) : () -> ()
// -----
// expected-note@+1 {{operand defined as a block argument (block #1 in the same region)}}
"foo.func"() ({
^bb0:
  "foo.br"()[^bb2] : () -> ()
^bb1(%a: i32):
  "foo.br"()[^bb2] : () -> ()
^bb2:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%a) : (i32) -> ()
  "foo.return"() : () -> ()
}) : () -> ()
