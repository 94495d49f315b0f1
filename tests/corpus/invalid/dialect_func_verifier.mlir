// Covers: verifier errors of func.func (needs the func dialect registered): symbol tables, signatures, returns.
// expected-note@+1 {{see existing symbol definition here}}
"func.func"() <{function_type = () -> (), sym_name = "dup"}> ({
  "func.return"() : () -> ()
}) : () -> ()
// expected-error@+1 {{redefinition of symbol named 'dup'}}
"func.func"() <{function_type = () -> (), sym_name = "dup"}> ({
  "func.return"() : () -> ()
}) : () -> ()
// -----
// expected-error@+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "arg_mismatch"}> ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) : () -> ()
// -----
"func.func"() <{function_type = () -> i32, sym_name = "bad_return"}> ({
  %0 = "foo.op"() : () -> i64
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @bad_return}}
  "func.return"(%0) : (i64) -> ()
}) : () -> ()
