// Covers: malformed affine maps and integer sets.
// expected-error@+1 {{use of undeclared identifier}}
"foo.op"() {a = affine_map<(d0) -> (d1)>} : () -> ()
// -----
// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
"foo.op"() {a = affine_map<(d0, d1) -> (d0 * d1)>} : () -> ()
// -----
// expected-error@+1 {{expected '(' in affine map range}}
"foo.op"() {a = affine_map<(d0) -> d0>} : () -> ()
// -----
// expected-error@+1 {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
"foo.op"() {a = affine_set<(d0) : (d0 > 0)>} : () -> ()
// -----
// expected-error@+1 {{non-affine expression: right operand of mod has to be either a constant or symbolic}}
"foo.op"() {a = affine_map<(d0) -> (d0 mod d0)>} : () -> ()
// -----
// expected-error@+1 {{redefinition of identifier 'd0'}}
"foo.op"() {a = affine_map<(d0, d0) -> (d0)>} : () -> ()
