// Covers: float literals of the wrong type or with hex patterns of the wrong width.
// expected-error@+1 {{floating point value not valid for specified type}}
"foo.op"() {a = 1.0 : i32} : () -> ()
// -----
// expected-error@+1 {{hexadecimal float constant out of range for type}}
"foo.op"() {a = 0x7FC00000 : f16} : () -> ()
// -----
// expected-error@+1 {{expected '}' in attribute dictionary}}
"foo.op"() {a = 1.0e : f32} : () -> ()
// -----
// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"foo.op"() {a = -0x3C00 : f16} : () -> ()
