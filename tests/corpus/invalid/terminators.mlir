// Covers: terminator rules of registered ops: missing terminators and terminators in the middle of a block.
"func.func"() <{function_type = (i1) -> (), sym_name = "no_terminator"}> ({
^bb0(%c: i1):
  // expected-error@+1 {{block with no terminator, has "cf.assert"(%arg0) <{msg = "m"}> : (i1) -> ()}}
  "cf.assert"(%c) <{msg = "m"}> : (i1) -> ()
}) : () -> ()
// -----
"func.func"() <{function_type = () -> (), sym_name = "early_return"}> ({
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  "func.return"() : () -> ()
  "foo.op"() : () -> ()
}) : () -> ()
// -----
"func.func"() <{function_type = () -> (), sym_name = "branch_mid_block"}> ({
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "cf.br"()[^bb1] : () -> ()
  "foo.op"() : () -> ()
^bb1:
  "func.return"() : () -> ()
}) : () -> ()
// -----
// expected-error@+1 {{entry block of region may not have predecessors}}
"func.func"() <{function_type = () -> (), sym_name = "entry_has_predecessor"}> ({
^bb0:
  "cf.br"()[^bb0] : () -> ()
}) : () -> ()
// -----
// expected-error@+1 {{empty block: expect at least a terminator}}
"func.func"() <{function_type = () -> (), sym_name = "empty_entry_block"}> ({
^bb0:
}) : () -> ()
