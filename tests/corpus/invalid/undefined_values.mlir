// Covers: uses of SSA values that are never defined, and result numbers out of range.
// expected-error@+1 {{use of undeclared SSA value name}}
"foo.use"(%missing) : (i32) -> ()
// -----
%0 = "foo.op"() : () -> i32
// expected-error@+1 {{reference to invalid result number}}
"foo.use"(%0#1) : (i32) -> ()
// -----
%0:2 = "foo.op"() : () -> (i32, i32)
// expected-error@+1 {{reference to invalid result number}}
"foo.use"(%0#2) : (i32) -> ()
// -----
"foo.region"() ({
  %inner = "foo.op"() : () -> i32
}) : () -> ()
// expected-error@+1 {{use of undeclared SSA value name}}
"foo.use"(%inner) : (i32) -> ()
