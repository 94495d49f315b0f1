// Covers: malformed attribute dictionaries and attribute values.
// expected-error@+1 {{expected attribute value}}
"foo.op"() {a = } : () -> ()
// -----
// expected-error@+1 {{expected ',' or ']'}}
"foo.op"() {a = [1, 2} : () -> ()
// -----
// expected-error@+1 {{expected attribute name}}
"foo.op"() {= 1} : () -> ()
// -----
// expected-error@+1 {{expected non-function type}}
"foo.op"() {a = 1 : } : () -> ()
// -----
// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"foo.op"() {a = 1, a = 2} : () -> ()
// -----
// expected-error@+1 {{expected '}' in attribute dictionary}}
"foo.op"() {a = 1 b = 2} : () -> ()
// -----
// expected-error@+1 {{expected attribute value}}
"foo.op"() {a = {b = }} : () -> ()
// -----
// expected-error@+1 {{unbalanced '[' character in pretty dialect name}}
"foo.op"() {a = #foo.bar<[}>} : () -> ()
