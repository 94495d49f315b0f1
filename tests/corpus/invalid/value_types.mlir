// Covers: a value used with a type different from its definition or from earlier forward uses.
// expected-note@+1 {{prior use here}}
%0 = "foo.op"() : () -> i32
// expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
"foo.use"(%0) : (i64) -> ()
// -----
"foo.region"() ({
// expected-note@+1 {{prior use here}}
^bb0(%a: i32):
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'f32' vs 'i32'}}
  "foo.use"(%a) : (f32) -> ()
}) : () -> ()
// -----
// expected-note@+1 {{prior use here}}
"foo.use"(%fwd) : (i32) -> ()
// expected-error@+1 {{use of value '%fwd' expects different type than prior uses: 'i64' vs 'i32'}}
"foo.use"(%fwd) : (i64) -> ()
%fwd = "foo.op"() : () -> i32
// -----
// expected-note@+1 {{previously used here with type 'i32'}}
"foo.use"(%fwd) : (i32) -> ()
// expected-error@+1 {{definition of SSA value '%fwd#0' has type 'f32'}}
%fwd = "foo.op"() : () -> f32
