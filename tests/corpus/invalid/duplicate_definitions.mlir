// Covers: SSA values, block labels and block arguments defined twice.
// expected-note@+1 {{previously defined here}}
%0 = "foo.op"() : () -> i32
// expected-error@+1 {{redefinition of SSA value '%0'}}
%0 = "foo.op"() : () -> i32
// -----
"foo.region"() ({
^bb0:
  "foo.br"()[^bb1] : () -> ()
^bb1:
  "foo.br"()[^bb1] : () -> ()
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
  "foo.ret"() : () -> ()
}) : () -> ()
// -----
"foo.region"() ({
// expected-error@+2 {{redefinition of SSA value '%a'}}
// expected-note@+1 {{previously defined here}}
^bb0(%a: i32, %a: i32):
  "foo.ret"() : () -> ()
}) : () -> ()
// -----
"foo.region"() ({
// expected-note@+1 {{previously defined here}}
^bb0(%a: i32):
  // expected-error@+1 {{redefinition of SSA value '%a'}}
  %a = "foo.op"() : () -> i32
}) : () -> ()
