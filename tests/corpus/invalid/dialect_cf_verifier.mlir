// Covers: verifier errors of cf branches: successor operand counts and types, condition type.
"func.func"() <{function_type = (i32) -> (), sym_name = "count"}> ({
^bb0(%a: i32):
  // expected-error@+1 {{branch has 1 operands for successor #0, but target block has 0}}
  "cf.br"(%a)[^bb1] : (i32) -> ()
^bb1:
  "func.return"() : () -> ()
}) : () -> ()
// -----
"func.func"() <{function_type = (i32) -> (), sym_name = "types"}> ({
^bb0(%a: i32):
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #0}}
  "cf.br"(%a)[^bb1] : (i32) -> ()
^bb1(%b: f32):
  "func.return"() : () -> ()
}) : () -> ()
// -----
"func.func"() <{function_type = (i32) -> (), sym_name = "cond"}> ({
^bb0(%a: i32):
  // expected-error@+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%a)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  "func.return"() : () -> ()
}) : () -> ()
// -----
"func.func"() <{function_type = (i1) -> (), sym_name = "segments"}> ({
^bb0(%c: i1):
  // expected-error@+1 {{'cf.cond_br' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1) -> ()
^bb1:
  "func.return"() : () -> ()
}) : () -> ()
// -----
"func.func"() <{function_type = () -> (), sym_name = "no_successor"}> ({
  // expected-error@+1 {{'cf.br' op requires 1 successor but found 0}}
  "cf.br"() : () -> ()
}) : () -> ()
