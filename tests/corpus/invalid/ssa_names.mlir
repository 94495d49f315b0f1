// Covers: malformed SSA value names and result lists.
// expected-error@+1 {{invalid SSA name}}
% = "foo.op"() : () -> i32
// -----
// expected-error@+1 {{invalid attribute name}}
%0# = "foo.op"() : () -> i32
// -----
// expected-error@+1 {{expected '=' after SSA name}}
%0 "foo.op"() : () -> i32
// -----
// expected-error@+1 {{expected integer number of results}}
%0:x = "foo.op"() : () -> i32
// -----
%0 = "foo.op"() : () -> i32
// expected-error@+1 {{invalid attribute name}}
"foo.use"(%0#) : (i32) -> ()
