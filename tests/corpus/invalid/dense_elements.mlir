// Covers: dense elements attributes whose literal does not match their type.
// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"foo.op"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()
// -----
// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"foo.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()
// -----
// expected-error@+1 {{elements literal type must have static shape}}
"foo.op"() {a = dense<1> : tensor<?xi32>} : () -> ()
// -----
// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"foo.op"() {a = dense<[1.5]> : tensor<1xi32>} : () -> ()
// -----
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<3xi32>'}}
"foo.op"() {a = dense<"0x0102"> : tensor<3xi32>} : () -> ()
// -----
// expected-error@+1 {{expected ':'}}
"foo.op"() {a = dense<[1, 2]>} : () -> ()
// -----
// expected-error@+1 {{elements literal must be a shaped type}}
"foo.op"() {a = dense<[1, 2]> : i32} : () -> ()
// -----
// expected-error@+1 {{integer constant out of range for type}}
"foo.op"() {a = dense<[300]> : tensor<1xi8>} : () -> ()
