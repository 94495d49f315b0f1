// Covers: malformed sparse elements attributes.
// expected-error@+1 {{expected shape ([2, 2]); inferred shape of indices literal ([1, 2]); inferred shape of values literal ([2])}}
"foo.op"() {a = sparse<[[0, 0]], [1, 2]> : tensor<2x2xi32>} : () -> ()
// -----
// expected-error@+1 {{expected shape ([2, 2]); inferred shape of indices literal ([1, 1]); inferred shape of values literal ([1])}}
"foo.op"() {a = sparse<[[0]], [1]> : tensor<2x2xi32>} : () -> ()
// -----
// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[5, 0], and type='tensor<2x2xi32>'}}
"foo.op"() {a = sparse<[[5, 0]], [1]> : tensor<2x2xi32>} : () -> ()
// -----
// expected-error@+1 {{expected ':'}}
"foo.op"() {a = sparse<[[0, 0]], [1]>} : () -> ()
// -----
// A negative index is checked, and printed, as an unsigned 64-bit integer.
// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[0, 18446744073709551615], and type='tensor<2x2xi32>'}}
"foo.op"() {a = sparse<[[00, -1]], [1]> : tensor<2x2xi32>} : () -> ()
