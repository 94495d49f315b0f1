// Covers: mismatches between the number of results bound and the number of result types.
// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%0:2 = "foo.op"() : () -> i32
// -----
// expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
%0 = "foo.op"() : () -> (i32, i32)
// -----
// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%0, %1 = "foo.op"() : () -> i32
// -----
// expected-error@+1 {{expected named operation to have at least 1 result}}
%0:0 = "foo.op"() : () -> ()
// -----
// expected-error@+1 {{cannot name an operation with no results}}
%0 = "foo.op"() : () -> ()
