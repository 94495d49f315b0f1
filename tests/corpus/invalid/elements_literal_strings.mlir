// Covers: strings where an elements literal needs numbers, and numbers where it needs strings.
// expected-error@+1 {{integer constant out of range for type}}
"test.op"() {a = dense<["a"]> : tensor<1xi32>} : () -> ()
// -----
// expected-error@+1 {{expected floating point literal}}
"test.op"() {a = sparse<[[0]], ["a"]> : tensor<2xf32>} : () -> ()
// -----
// expected-error@+1 {{expected string token, got 1}}
"test.op"() {a = dense<["a", 1]> : tensor<2x!foo.s>} : () -> ()
// -----
// expected-error@+1 {{expected string token, got true}}
"test.op"() {a = sparse<[[0]], [true]> : tensor<2x!foo.s>} : () -> ()
// -----
// expected-error@+1 {{expected string token, got 1}}
"test.op"() {a = sparse<[[0]], [(1, 2)]> : tensor<2x!foo.s>} : () -> ()
// -----
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"test.op"() {a = sparse<[[0]], "a"> : tensor<2xi32>} : () -> ()
// -----
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"test.op"() {a = dense<"0x0"> : tensor<1xi8>} : () -> ()
// -----
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<1xi32>'}}
"test.op"() {a = sparse<[[0]], "0x0100"> : tensor<2xi32>} : () -> ()
// -----
// expected-error@+1 {{integer constant out of range for type}}
"test.op"() {a = sparse<["a"], [1]> : tensor<2xi32>} : () -> ()
