// Covers: malformed integer type spellings and widths.
// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> i0x
// -----
// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"foo.op"() : () -> i16777216
// -----
// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> si
// -----
// expected-error@+1 {{invalid integer width}}
"foo.op"() : () -> i99999999999999999999
