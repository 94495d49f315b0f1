// Covers: the verifier rules and custom-form type checks of the tensor dialect, with MLIR's messages.
func.func @f(%ut: tensor<*xi32>, %1: index, %2: index) {
  // expected-error@+1 {{custom op 'tensor.extract' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xi32>'}}
  %5 = tensor.extract %ut[%1, %2] : tensor<*xi32>
  return
}
// -----
func.func @f(%t: tensor<4x4xi32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %0 = tensor.extract %t[%i] : tensor<4x4xi32>
  return
}
// -----
func.func @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.extract' op failed to verify that result type matches element type of tensor}}
  %0 = "tensor.extract"(%t) : (tensor<4xf32>) -> i32
  return
}
// -----
func.func @f(%t: tensor<*xi32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xi32>'}}
  %0 = "tensor.extract"(%t, %i) : (tensor<*xi32>, index) -> i32
  return
}
// -----
func.func @f(%t: tensor<4xi32>, %i: i32) {
  // expected-error@+1 {{'tensor.extract' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "tensor.extract"(%t, %i) : (tensor<4xi32>, i32) -> i32
  return
}
// -----
func.func @f(%t: tensor<4x4xi32>, %i: index, %s: i32) {
  // expected-error@+1 {{'tensor.insert' op incorrect number of indices}}
  %0 = tensor.insert %s into %t[%i] : tensor<4x4xi32>
  return
}
// -----
func.func @f(%t: tensor<4xf32>, %s: i32, %i: index) {
  // expected-error@+1 {{'tensor.insert' op failed to verify that scalar type matches element type of dest}}
  %0 = "tensor.insert"(%s, %t, %i) : (i32, tensor<4xf32>, index) -> tensor<4xf32>
  return
}
// -----
func.func @f(%t: tensor<4xf32>, %s: f32, %i: index) {
  // expected-error@+1 {{'tensor.insert' op failed to verify that result type matches type of dest}}
  %0 = "tensor.insert"(%s, %t, %i) : (f32, tensor<4xf32>, index) -> tensor<?xf32>
  return
}
// -----
func.func @f(%s: f32, %d: tensor<*xf32>, %i: index) {
  // expected-error@+1 {{custom op 'tensor.insert' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = tensor.insert %s into %d[%i] : tensor<*xf32>
  return
}
// -----
func.func @f(%i: index) {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = tensor.empty(%i) : tensor<4x4xi32>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = tensor.empty() : tensor<4x?xi32>
  return
}
// -----
func.func @f(%i: index) {
  // expected-error@+1 {{'tensor.empty' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = "tensor.empty"(%i) : (index) -> tensor<*xf32>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{custom op 'tensor.empty' invalid kind of type specified: expected builtin.tensor, but found 'vector<4xf32>'}}
  %0 = tensor.empty() : vector<4xf32>
  return
}
// -----
func.func @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<5xf32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<4xf32> to tensor<5xf32>
  return
}
// -----
func.func @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<4xi32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<4xf32> to tensor<4xi32>
  return
}
// -----
func.func @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<4x4xf32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<4xf32> to tensor<4x4xf32>
  return
}
// -----
func.func @f(%t: vector<4xf32>) {
  // expected-error@+1 {{custom op 'tensor.cast' invalid kind of type specified}}
  %0 = tensor.cast %t : vector<4xf32> to tensor<4xf32>
  return
}
// -----
func.func @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.cast' op result #0 must be tensor of any type values, but got 'vector<4xf32>'}}
  %0 = "tensor.cast"(%t) : (tensor<4xf32>) -> vector<4xf32>
  return
}
// -----
func.func @f(%t: tensor<f32>, %i: index) {
  // expected-error@+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %0 = tensor.dim %t, %i : tensor<f32>
  return
}
// -----
func.func @f(%t: tensor<4xf32>, %i: i32) {
  // expected-error@+1 {{'tensor.dim' op operand #1 must be index, but got 'i32'}}
  %0 = "tensor.dim"(%t, %i) : (tensor<4xf32>, i32) -> index
  return
}
// -----
func.func @f(%t: vector<4xf32>, %i: index) {
  // expected-error@+1 {{custom op 'tensor.dim' invalid kind of type specified}}
  %0 = tensor.dim %t, %i : vector<4xf32>
  return
}
// -----
func.func @f(%a: f32) {
  // expected-error@+1 {{custom op 'tensor.from_elements' number of operands and types do not match: got 1 operands and 2 types}}
  %0 = tensor.from_elements %a : tensor<2xf32>
  return
}
// -----
func.func @f(%a: f32) {
  // expected-error@+1 {{custom op 'tensor.from_elements' 'result' must be statically shaped tensor of any type values, but got 'tensor<?xf32>'}}
  %0 = tensor.from_elements %a : tensor<?xf32>
  return
}
// -----
func.func @f(%a: f32) {
  // expected-error@+1 {{'tensor.from_elements' op result #0 must be statically shaped tensor of any type values, but got 'tensor<?xf32>'}}
  %0 = "tensor.from_elements"(%a) : (f32) -> tensor<?xf32>
  return
}
// -----
func.func @f(%a: f32) {
  // expected-error@+1 {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %0 = "tensor.from_elements"(%a) : (f32) -> tensor<1xi32>
  return
}
// -----
func.func @f(%t: vector<4xf32>) {
  // expected-error@+1 {{'tensor.rank' op operand #0 must be tensor of any type values, but got 'vector<4xf32>'}}
  %0 = "tensor.rank"(%t) : (vector<4xf32>) -> index
  return
}
// -----
func.func @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.rank' op result #0 must be index, but got 'i32'}}
  %0 = "tensor.rank"(%t) : (tensor<4xf32>) -> i32
  return
}
// -----
func.func @f(%x: f32, %i: index) {
  // expected-error@+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = tensor.splat %x[%i] : tensor<4xf32>
  return
}
// -----
func.func @f(%x: f32) {
  // expected-error@+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = tensor.splat %x : tensor<4x?xf32>
  return
}
// -----
func.func @f(%x: f32) {
  // expected-error@+1 {{'tensor.splat' op failed to verify that operand type matches element type of result}}
  %0 = "tensor.splat"(%x) : (f32) -> tensor<4xi32>
  return
}
// -----
func.func @f(%m: index, %x: f32) {
  // expected-error@+1 {{'tensor.generate' op incorrect number of dynamic sizes, has 1, expected 2}}
  %t = tensor.generate %m {
  ^bb0(%i : index, %j : index):
    tensor.yield %x : f32
  } : tensor<?x?xf32>
  return
}
// -----
func.func @f(%m: index, %x: f32) {
  // expected-error@+1 {{must have one body argument per input dimension}}
  %t = tensor.generate %m {
  ^bb0(%i : index):
    tensor.yield %x : f32
  } : tensor<?x3xf32>
  return
}
// -----
func.func @f(%m: index, %x: f32) {
  // expected-error@+1 {{all body arguments must be index}}
  %t = tensor.generate %m {
  ^bb0(%i : index, %j : i32):
    tensor.yield %x : f32
  } : tensor<?x3xf32>
  return
}
// -----
func.func @f(%m: index, %x: i32) {
  // expected-error@+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
  %t = tensor.generate %m {
  ^bb0(%i : index, %j : index):
    tensor.yield %x : i32
  } : tensor<?x3xf32>
  return
}
// -----
func.func @f(%m: index, %x: f32) {
  // expected-error@+1 {{'tensor.yield' op requires a single operand}}
  %t = tensor.generate %m {
  ^bb0(%i : i32):
    "test.op"() : () -> ()
  } : tensor<?x3xf32>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'tensor.yield' op requires a single operand}}
  %t = tensor.generate {
  } : tensor<1xf32>
  return
}
// -----
func.func @f(%m: index, %x: f32) {
  // expected-error@+2 {{'tensor.generate' op expects regions to end with 'tensor.yield', found 'test.op'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'tensor.yield'}}
  %t = "tensor.generate"(%m) ({
  ^bb0(%i : index, %j : index):
    "test.op"() : () -> ()
  }) : (index) -> tensor<?x3xf32>
  return
}
// -----
func.func @f(%m: index, %x: f32) {
  // expected-error@+1 {{'tensor.generate' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %t = "tensor.generate"(%m) ({
  }) : (index) -> tensor<?x3xf32>
  return
}
// -----
func.func @f(%x: i32) {
  // expected-error@+1 {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
  tensor.yield %x : i32
}
