// Covers: integer literals that do not fit their type, and integers used where they are not allowed.
// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 2 : i1} : () -> ()
// -----
// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 256 : i8} : () -> ()
// -----
// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"foo.op"() {a = -1 : ui8} : () -> ()
// -----
// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 128 : si8} : () -> ()
// -----
// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"foo.op"() {a = 1 : f32} : () -> ()
// -----
// expected-error@+1 {{integer literal not valid for specified type}}
"foo.op"() {a = 1 : tensor<i32>} : () -> ()
// -----
// expected-error@+1 {{expected '}' in attribute dictionary}}
"foo.op"() {a = 0x1G : i32} : () -> ()
