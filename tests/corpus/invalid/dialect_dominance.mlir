// Covers: dominance inside registered SSACFG regions (needs the func dialect registered): use before definition in one block, self use, nested uses.
"func.func"() <{function_type = () -> (), sym_name = "use_before_def"}> ({
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%0) : (i32) -> ()
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = "foo.op"() : () -> i32
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
