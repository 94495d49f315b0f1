// Covers: MLIR's words for malformed builtin syntax: an alias without '=', keywords of the
// attribute grammar without their bracket, an empty memref layout list, a lone '.', complex
// literals, an empty dense literal for a type with elements, and every undefined block.
// expected-error@+1 {{expected '=' in type alias definition}}
!missing_eq_alias i32
// -----
// expected-error@+1 {{expected '=' in attribute alias definition}}
#missing_eq 4
// -----
// expected-error@+1 {{expected '<' after 'strided'}}
func.func @f(%a: memref<4xf32, strided>) { return }
// -----
func.func @f() {
  // expected-error@+1 {{expected '<' after 'dense_resource'}}
  "test.op"() {a = dense_resource>} : () -> ()
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{expected '<' after 'array'}}
  "test.op"() {a = array} : () -> ()
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{expected '[' after 'distinct'}}
  "test.op"() {a = distinct<} : () -> ()
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{expected '<' after 'dense'}}
  "test.op"() {a = dense[1]} : () -> ()
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{expected '<' in affine map}}
  "test.op"() {a = affine_map(d0)} : () -> ()
  return
}
// -----
// expected-error@+1 {{expected list element}}
func.func @f(%a: memref<2x4xi8, >) { return }
// -----
// expected-error@+1 {{expected ',' or '>' in memref type}}
func.func @f(%a: memref<2x4xi8 1>) { return }
// -----
// expected-error@+1 {{expected ',' or '>'}}
func.func @f(%a: memref<2x4xi8, 1 2>) { return }
// -----
// expected-error@+1 {{expected three consecutive dots for an ellipsis}}
func.func @f(.)
// -----
// expected-error@+1 {{expected three consecutive dots for an ellipsis}}
func.func @f(%a: i32, .)
// -----
// expected-error@+1 {{unexpected character}}
func.func @f(%a: i32, $)
// -----
func.func @f() {
  // expected-error@+1 {{expected ',' between complex elements}}
  %0 = arith.constant dense<[(1, 2), (3 4)]> : tensor<2xcomplex<i32>>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{expected ')' after complex elements}}
  %0 = arith.constant dense<[(1, 2 3)]> : tensor<1xcomplex<i32>>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{expected integer or floating point literal}}
  %0 = arith.constant dense<[1, -]> : tensor<2xi32>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{parsed zero elements, but type ('tensor<i64>') expected at least 1}}
  %0 = arith.constant dense<> : tensor<i64>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{reference to an undefined block}}
  cf.br ^bb1
^bb2:
  // expected-error@+1 {{reference to an undefined block}}
  cf.br ^bb3
}
// -----
func.func @f(%a: i32) {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.addi %a, %a i32
  return
}
