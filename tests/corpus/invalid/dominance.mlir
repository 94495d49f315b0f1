// Covers: dominance violations in SSACFG regions: use before definition, and uses in blocks the definition does not dominate.
"func.func"() <{function_type = () -> (), sym_name = "use_before_def"}> ({
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%0) : (i32) -> ()
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = "foo.op"() : () -> i32
  "func.return"() : () -> ()
}) : () -> ()
// -----
"func.func"() <{function_type = (i1) -> (), sym_name = "diamond"}> ({
^bb0(%c: i1):
  "cf.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %v = "foo.op"() : () -> i32
  "cf.br"()[^bb3] : () -> ()
^bb2:
  "cf.br"()[^bb3] : () -> ()
^bb3:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%v) : (i32) -> ()
  "func.return"() : () -> ()
}) : () -> ()
// -----
"func.func"() <{function_type = () -> (), sym_name = "self_use"}> ({
  // expected-error@+2 {{operand #0 does not dominate this use}}
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = "foo.op"(%0) : (i32) -> i32
  "func.return"() : () -> ()
}) : () -> ()
// -----
"func.func"() <{function_type = () -> (), sym_name = "nested_use_before_def"}> ({
  "foo.wrap"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "foo.use"(%late) : (i32) -> ()
  }) : () -> ()
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %late = "foo.op"() : () -> i32
  "func.return"() : () -> ()
}) : () -> ()
