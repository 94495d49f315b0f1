// Covers: malformed dense array attributes.
// expected-error@+1 {{expected integer literal}}
"foo.op"() {a = array<i32: 1.5>} : () -> ()
// -----
// expected-error@+1 {{expected floating point literal}}
"foo.op"() {a = array<f32: x>} : () -> ()
// -----
// expected-error@+1 {{expected integer or float type, got: 'tensor<2xi32>'}}
"foo.op"() {a = array<tensor<2xi32>: 1>} : () -> ()
// -----
// expected-error@+1 {{integer constant out of range}}
"foo.op"() {a = array<i8: 300>} : () -> ()
// -----
// expected-error@+1 {{expected '>' to close an array attribute}}
"foo.op"() {a = array<i32: 1, 2} : () -> ()
// -----
// expected-error@+1 {{expected ':' after dense array type}}
"foo.op"() {a = array<i32 1>} : () -> ()
