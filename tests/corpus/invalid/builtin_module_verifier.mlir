// Covers: verifier errors of builtin.module: region shape and results.
// expected-error@+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "foo.op"() : () -> ()
^bb1:
  "foo.op"() : () -> ()
}) : () -> ()
// -----
// expected-error@+1 {{'builtin.module' op requires zero results}}
%0 = "builtin.module"() ({
}) : () -> i32
