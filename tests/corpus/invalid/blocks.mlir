// Covers: malformed block structure: empty non-entry blocks, bad labels and argument lists.
// expected-error@+1 {{empty block: expect at least a terminator}}
"foo.op"() ({
^bb0:
^bb1:
}) : () -> ()
// -----
"foo.region"() ({
// expected-error@+1 {{expected ':' and type for SSA operand}}
^bb0(%a):
  "foo.ret"() : () -> ()
}) : () -> ()
// -----
"foo.region"() ({
// expected-error@+1 {{expected ')'}}
^bb0(%a: i32
  "foo.ret"() : () -> ()
}) : () -> ()
// -----
"foo.region"() ({
// expected-error@+1 {{invalid block name}}
^(%a: i32):
  "foo.ret"() : () -> ()
}) : () -> ()
// -----
"foo.region"() ({
  "foo.ret"() : () -> ()
// expected-error@+1 {{expected ':' after block name}}
^bb1(%x: i32)
  "foo.ret"() : () -> ()
}) : () -> ()
