// Covers: func.call whose result types differ from its callee's: MLIR's notes list both.
func.func private @g() -> i32
func.func @f() {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{      op result types: 'f32'}}
  // expected-note@+1 {{function result types: 'i32'}}
  %0 = func.call @g() : () -> f32
  return
}
// -----
func.func private @g() -> (i32, i64, index)
func.func @f() {
  // expected-error@+3 {{'func.call' op result type mismatch at index 1}}
  // expected-note@+2 {{      op result types: 'i32', 'i32', 'index'}}
  // expected-note@+1 {{function result types: 'i32', 'i64', 'index'}}
  %0:3 = func.call @g() : () -> (i32, i32, index)
  return
}
// -----
func.func private @g() -> (i32, i32)
func.func @f() {
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  %0 = func.call @g() : () -> i32
  return
}
