// Covers: terminator rules of registered ops (needs the func and cf dialects registered).
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
