// Covers: tensor slices, gathers and scatters, concatenation, bitcasts, reshapes and pads.
// expected-error@+1 {{'tensor.bitcast' op operand type 'tensor<8x16xf32>' and result type 'tensor<8x16xi64>' are cast incompatible}}
func.func @f(%t: tensor<8x16xf32>) { %0 = tensor.bitcast %t : tensor<8x16xf32> to tensor<8x16xi64>
 return }
// -----
// expected-error@+1 {{'tensor.bitcast' op operand type 'tensor<8x16xf32>' and result type 'tensor<8x8xi32>' are cast incompatible}}
func.func @f(%t: tensor<8x16xf32>) { %0 = tensor.bitcast %t : tensor<8x16xf32> to tensor<8x8xi32>
 return }
// -----
// expected-error@+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
func.func @f(%t: tensor<8x16xf32>, %d: tensor<?x16xf32>) { %0 = tensor.concat dim(2) %t, %d : (tensor<8x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.concat' op inputs and result element type must match}}
func.func @f(%t: tensor<8x16xf32>, %d: tensor<?x16xf64>) { %0 = tensor.concat dim(0) %t, %d : (tensor<8x16xf32>, tensor<?x16xf64>) -> tensor<?x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 1}}
func.func @f(%t: tensor<8x16xf32>, %d: tensor<?x8xf32>) { %0 = tensor.concat dim(0) %t, %d : (tensor<8x16xf32>, tensor<?x8xf32>) -> tensor<?x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.concat' op rank of concatenated inputs must match result rank}}
func.func @f(%t: tensor<8x16xf32>, %d: tensor<8xf32>) { %0 = tensor.concat dim(0) %t, %d : (tensor<8x16xf32>, tensor<8xf32>) -> tensor<?x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.concat' op result type 'tensor<?x8xf32>'does not match inferred shape 'tensor<?x16xf32>' static sizes}}
func.func @f(%t: tensor<8x16xf32>, %d: tensor<?x16xf32>) { %0 = tensor.concat dim(0) %t, %d : (tensor<8x16xf32>, tensor<?x16xf32>) -> tensor<?x8xf32>
 return }
// -----
// expected-error@+1 {{'tensor.concat' op result type 'tensor<13x16xf32>'does not match inferred shape 'tensor<12x16xf32>' static sizes}}
func.func @f(%t: tensor<8x16xf32>, %d: tensor<4x16xf32>) { %0 = tensor.concat dim(0) %t, %d : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<13x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.concat' op requires at least one input}}
func.func @f(%t: tensor<8x16xf32>) { %0 = "tensor.concat"() <{dim = 0 : i64}> : () -> tensor<8x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.concat' op inputs and result element type must match}}
func.func @f(%t: tensor<8x16xf32>, %d: tensor<4x16xf32>) { %0 = tensor.concat dim(0) %t, %d : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<12x16xf64>
 return }
// -----
// expected-error@+1 {{'tensor.concat' op rank of concatenated inputs must match result rank}}
func.func @f(%t: tensor<8x16xf32>, %d: tensor<4x16xf32>) { %0 = tensor.concat dim(0) %t, %d : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<12x16x1xf32>
 return }
// -----
// expected-error@+1 {{expected type to be 'tensor<4x1xf32>' or a rank-reduced version. (size mismatch) }}
func.func @f(%t: tensor<8x16xf32>, %i: index) { %0 = tensor.extract_slice %t[0, %i] [4, 1] [1, 1] : tensor<8x16xf32> to tensor<4x2xf32>
 return }
// -----
// expected-error@+1 {{expected element type to be 'f32'}}
func.func @f(%t: tensor<8x16xf32>, %i: index) { %0 = tensor.extract_slice %t[0, %i] [4, 1] [1, 1] : tensor<8x16xf32> to tensor<4xf64>
 return }
// -----
// expected-error@+1 {{expected rank to be smaller or equal to the other rank. }}
func.func @f(%t: tensor<8x16xf32>, %i: index) { %0 = tensor.extract_slice %t[0, %i] [4, 1] [1, 1] : tensor<8x16xf32> to tensor<4x1x1xf32>
 return }
// -----
// expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.}}
func.func @f(%t: tensor<8x16xf32>, %i: index) { %0 = tensor.extract_slice %t[0, %i] [4] [1, 1] : tensor<8x16xf32> to tensor<4xf32>
 return }
// -----
// expected-error@+1 {{offset 0 is out-of-bounds: 9 >= 8}}
func.func @f(%t: tensor<8x16xf32>, %i: index) { %0 = tensor.extract_slice %t[9, %i] [4, 1] [1, 1] : tensor<8x16xf32> to tensor<4xf32>
 return }
// -----
// expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 9 >= 8}}
func.func @f(%t: tensor<8x16xf32>, %i: index) { %0 = tensor.extract_slice %t[6, %i] [4, 1] [1, 1] : tensor<8x16xf32> to tensor<4xf32>
 return }
// -----
// expected-error@+1 {{expected type to be 'tensor<4x1xf32>' or a rank-reduced version. (size mismatch) }}
func.func @f(%t: tensor<8x16xf32>, %i: index) { %0 = tensor.extract_slice %t[0, %i] [4, 1] [1, 1] : tensor<8x16xf32> to tensor<?xf32>
 return }
// -----
// expected-error@+1 {{expected type to be 'tensor<4x1xf32>' or a rank-reduced version. (size mismatch) }}
func.func @f(%t: tensor<8x16xf32>, %s: tensor<4x2xf32>, %i: index) { %0 = tensor.insert_slice %s into %t[0, %i] [4, 1] [1, 1] : tensor<4x2xf32> into tensor<8x16xf32>
 return }
// -----
// expected-error@+1 {{expected element type to be 'f32'}}
func.func @f(%t: tensor<8x16xf32>, %s: tensor<4xf64>, %i: index) { %0 = tensor.insert_slice %s into %t[0, %i] [4, 1] [1, 1] : tensor<4xf64> into tensor<8x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.insert_slice' op failed to verify that expected result type to match dest type}}
func.func @f(%t: tensor<8x16xf32>, %s: tensor<4xf32>, %i: index) { %0 = "tensor.insert_slice"(%s, %t, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 4, 1>, static_strides = array<i64: 1, 1>}> : (tensor<4xf32>, tensor<8x16xf32>, index) -> tensor<8x17xf32>
 return }
// -----
// expected-error@+1 {{expected type to be 'tensor<4x1xf32>' or a rank-reduced version. (size mismatch) }}
func.func @f(%t: tensor<8x16xf32>, %s: tensor<?xf32>, %i: index) { %0 = tensor.insert_slice %s into %t[0, %i] [4, 1] [1, 1] : tensor<?xf32> into tensor<8x16xf32>
 return }
// -----
// expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 10 >= 8}}
func.func @f(%t: tensor<8x16xf32>, %s: tensor<4xf32>, %i: index) { %0 = tensor.insert_slice %s into %t[7, %i] [4, 1] [1, 1] : tensor<4xf32> into tensor<8x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.gather' op result type mismatch: expected 'tensor<1x2x1x16xf32>' or its rank-reduced variant 'tensor<1x2x16xf32>' (got: 'tensor<1x2x8xf32>')}}
func.func @f(%t: tensor<8x16xf32>, %idx: tensor<1x2x1xindex>) { %0 = tensor.gather %t[%idx] gather_dims([0]) : (tensor<8x16xf32>, tensor<1x2x1xindex>) -> tensor<1x2x8xf32>
 return }
// -----
// expected-error@+1 {{'tensor.gather' op gather_dims length must match the size of last dimension of indices}}
func.func @f(%t: tensor<8x16xf32>, %idx: tensor<1x2x1xindex>) { %0 = tensor.gather %t[%idx] gather_dims([1, 0]) : (tensor<8x16xf32>, tensor<1x2x1xindex>) -> tensor<1x2x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.gather' op gather_dims values must be strictly increasing}}
func.func @f(%t: tensor<8x16xf32>, %idx: tensor<1x2x2xindex>) { %0 = tensor.gather %t[%idx] gather_dims([1, 0]) : (tensor<8x16xf32>, tensor<1x2x2xindex>) -> tensor<1x2xf32>
 return }
// -----
// expected-error@+1 {{'tensor.gather' op gather_dims value must be smaller than source rank}}
func.func @f(%t: tensor<8x16xf32>, %idx: tensor<1x2x1xindex>) { %0 = tensor.gather %t[%idx] gather_dims([2]) : (tensor<8x16xf32>, tensor<1x2x1xindex>) -> tensor<1x2x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.gather' op gather_dims must be non-empty}}
func.func @f(%t: tensor<8x16xf32>, %idx: tensor<1x2x1xindex>) { %0 = tensor.gather %t[%idx] gather_dims([]) : (tensor<8x16xf32>, tensor<1x2x1xindex>) -> tensor<1x2x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.gather' op gather_dims overflow source rank}}
func.func @f(%t: tensor<8x16xf32>, %idx: tensor<1x2x3xindex>) { %0 = tensor.gather %t[%idx] gather_dims([0, 1, 1]) : (tensor<8x16xf32>, tensor<1x2x3xindex>) -> tensor<1x2xf32>
 return }
// -----
// expected-error@+1 {{'tensor.gather' op result type mismatch: expected 'tensor<1x2x1x16xf32>' or its rank-reduced variant 'tensor<1x2x16xf32>' (got: 'tensor<1x2x16xf64>')}}
func.func @f(%t: tensor<8x16xf32>, %idx: tensor<1x2x1xindex>) { %0 = tensor.gather %t[%idx] gather_dims([0]) : (tensor<8x16xf32>, tensor<1x2x1xindex>) -> tensor<1x2x16xf64>
 return }
// -----
// expected-error@+1 {{'tensor.scatter' op requires 'unique' attribute to be set}}
func.func @f(%t: tensor<8x16xf32>, %s: tensor<1x2x16xf32>, %idx: tensor<1x2x1xindex>) { %0 = tensor.scatter %s into %t[%idx] scatter_dims([0]) : (tensor<1x2x16xf32>, tensor<8x16xf32>, tensor<1x2x1xindex>) -> tensor<8x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.scatter' op source type mismatch: expected 'tensor<1x2x1x16xf32>' or its rank-reduced variant 'tensor<1x2x16xf32>' (got: 'tensor<1x2x8xf32>')}}
func.func @f(%t: tensor<8x16xf32>, %s: tensor<1x2x8xf32>, %idx: tensor<1x2x1xindex>) { %0 = tensor.scatter %s into %t[%idx] scatter_dims([0]) unique : (tensor<1x2x8xf32>, tensor<8x16xf32>, tensor<1x2x1xindex>) -> tensor<8x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.scatter' op scatter_dims value must be smaller than dest rank}}
func.func @f(%t: tensor<8x16xf32>, %s: tensor<1x2x16xf32>, %idx: tensor<1x2x1xindex>) { %0 = tensor.scatter %s into %t[%idx] scatter_dims([3]) unique : (tensor<1x2x16xf32>, tensor<8x16xf32>, tensor<1x2x1xindex>) -> tensor<8x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.reshape' op element types of source and destination tensor types should be the same}}
func.func @f(%r: tensor<?xf32>, %s: tensor<2xindex>) { %0 = tensor.reshape %r(%s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf64>
 return }
// -----
// expected-error@+1 {{'tensor.reshape' op length of shape operand differs from the result's tensor rank}}
func.func @f(%r: tensor<?xf32>, %s: tensor<2xindex>) { %0 = tensor.reshape %r(%s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?xf32>
 return }
// -----
// expected-error@+1 {{'tensor.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked tensor type}}
func.func @f(%r: tensor<?xf32>, %s: tensor<?xindex>) { %0 = tensor.reshape %r(%s) : (tensor<?xf32>, tensor<?xindex>) -> tensor<?x?xf32>
 return }
// -----
// expected-error@+1 {{'tensor.reshape' op source and destination tensor should have the same number of elements}}
func.func @f(%r: tensor<6xf32>, %s: tensor<2xindex>) { %0 = tensor.reshape %r(%s) : (tensor<6xf32>, tensor<2xindex>) -> tensor<2x4xf32>
 return }
// -----
// expected-error@+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (3) but found 2 inputs instead}}
func.func @f(%r: tensor<?xf32>, %i: index) { %0 = tensor.expand_shape %r [[0, 1]] output_shape [%i, 4] : tensor<?xf32> into tensor<?x4x1xf32>
 return }
// -----
// expected-error@+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (2) but found 1 inputs instead}}
func.func @f(%r: tensor<?xf32>, %i: index) { %0 = tensor.expand_shape %r [[0, 1]] output_shape [%i] : tensor<?xf32> into tensor<?x4xf32>
 return }
// -----
// expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 6}}
func.func @f(%r: tensor<8xf32>, %i: index) { %0 = tensor.expand_shape %r [[0, 1]] output_shape [2, 3] : tensor<8xf32> into tensor<2x3xf32>
 return }
// -----
// expected-error@+1 {{'tensor.expand_shape' op expected collapsed type to be 'tensor<8xf64>', but got 'tensor<8xf32>'}}
func.func @f(%r: tensor<8xf32>, %i: index) { %0 = tensor.expand_shape %r [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf64>
 return }
// -----
// expected-error@+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (1) but found 2 inputs instead}}
func.func @f(%r: tensor<8x4xf32>, %i: index) { %0 = tensor.expand_shape %r [[0, 1]] output_shape [2, 4] : tensor<8x4xf32> into tensor<2xf32>
 return }
// -----
// expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 128}}
func.func @f(%t: tensor<8x16xf32>) { %0 = tensor.collapse_shape %t [[0, 1]] : tensor<8x16xf32> into tensor<127xf32>
 return }
// -----
// expected-error@+1 {{'tensor.collapse_shape' op expected collapsed rank (1) to equal the number of reassociation maps (2).}}
func.func @f(%t: tensor<8x16xf32>) { %0 = tensor.collapse_shape %t [[0], [1]] : tensor<8x16xf32> into tensor<128xf32>
 return }
// -----
// expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous.}}
func.func @f(%t: tensor<8x16xf32>) { %0 = tensor.collapse_shape %t [[1, 0]] : tensor<8x16xf32> into tensor<128xf32>
 return }
// -----
// expected-error@+1 {{'tensor.collapse_shape' op expected collapsed type to be 'tensor<128xf32>', but got 'tensor<128xi32>'}}
func.func @f(%t: tensor<8x16xf32>) { %0 = tensor.collapse_shape %t [[0, 1]] : tensor<8x16xf32> into tensor<128xi32>
 return }
// -----
// expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 128}}
func.func @f(%t: tensor<8x16xf32>) { %0 = tensor.collapse_shape %t [[0, 1]] : tensor<8x16xf32> into tensor<?xf32>
 return }
// -----
// expected-error@+1 {{'tensor.collapse_shape' op expected collapsed rank (2) to equal the number of reassociation maps (1).}}
func.func @f(%t: tensor<8x16xf32>) { %0 = tensor.collapse_shape %t [[0, 1]] : tensor<8x16xf32> into tensor<1x128xf32>
 return }
// -----
// expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
func.func @f(%t: tensor<?x16xf32>) { %0 = tensor.collapse_shape %t [[0, 1]] : tensor<?x16xf32> into tensor<128xf32>
 return }
// -----
// expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (2), but it is  3.}}
func.func @f(%t: tensor<8x16xf32>) { %0 = tensor.collapse_shape %t [[0, 1, 2]] : tensor<8x16xf32> into tensor<128xf32>
 return }
// -----
// expected-error@+1 {{'tensor.collapse_shape' op expected the expanded type, 'tensor<8xf32>' to have a higher (or same) rank than the collapsed type, 'tensor<2x4xf32>'.}}
func.func @f(%t: tensor<8xf32>) { %0 = tensor.collapse_shape %t [[0]] : tensor<8xf32> into tensor<2x4xf32>
 return }
// -----
// expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (2), but it is  1.}}
func.func @f(%t: tensor<8x16xf32>) { %0 = tensor.collapse_shape %t [[0]] : tensor<8x16xf32> into tensor<8xf32>
 return }
// -----
// expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
func.func @f(%t: tensor<8x16xf32>, %i: index) { %0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [%i, 4, 16] : tensor<8x16xf32> into tensor<?x4x16xf32>
 return }
// -----
// expected-error@+1 {{specified type 'tensor<12x16xf32>' does not match the inferred type 'tensor<11x16xf32>'}}
func.func @f(%t: tensor<8x16xf32>, %f: f32, %i: index) { %0 = tensor.pad %t low[1, 0] high[2, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<8x16xf32> to tensor<12x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.pad' op expected yield type to match shape element type}}
func.func @f(%t: tensor<8x16xf32>, %f: f32, %i: index) { %0 = tensor.pad %t low[1, 0] high[2, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<8x16xf32> to tensor<11x16xf64>
 return }
// -----
// expected-error@+1 {{failed to infer expectedType from sourceType 'tensor<8x16xf32>', specified resultType is 'tensor<11x16xf32>'}}
func.func @f(%t: tensor<8x16xf32>, %f: f32, %i: index) { %0 = tensor.pad %t low[1] high[2, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<8x16xf32> to tensor<11x16xf32>
 return }
// -----
// expected-error@+1 {{expected the block to have 2 arguments}}
func.func @f(%t: tensor<8x16xf32>, %f: f32, %i: index) { %0 = tensor.pad %t low[1, 0] high[2, 0] {
  ^bb0(%a: index):
    tensor.yield %f : f32
  } : tensor<8x16xf32> to tensor<11x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.pad' op expected block argument 2 to be an index}}
func.func @f(%t: tensor<8x16xf32>, %f: f32, %i: index) { %0 = tensor.pad %t low[1, 0] high[2, 0] {
  ^bb0(%a: index, %b: i32):
    tensor.yield %f : f32
  } : tensor<8x16xf32> to tensor<11x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.pad' op expected yield type to match shape element type}}
func.func @f(%t: tensor<8x16xf32>, %f: f64, %i: index) { %0 = tensor.pad %t low[1, 0] high[2, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f64
  } : tensor<8x16xf32> to tensor<11x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.yield' op requires a single operand}}
func.func @f(%t: tensor<8x16xf32>, %f: f32, %i: index) { %0 = tensor.pad %t low[1, 0] high[2, 0] {
  } : tensor<8x16xf32> to tensor<11x16xf32>
 return }
// -----
// expected-error@+1 {{'tensor.yield' op requires a single operand}}
func.func @f(%t: tensor<8x16xf32>, %f: f32, %i: index) { %0 = tensor.pad %t low[1, 0] high[2, 0] {
  ^bb0(%a: index, %b: index):
  } : tensor<8x16xf32> to tensor<11x16xf32>
 return }
// -----
// expected-error@+1 {{expected InParallelOpInterface parent, got:}}
func.func @f(%t: tensor<8x16xf32>, %s: tensor<4xf32>, %i: index) { tensor.parallel_insert_slice %s into %t[0, %i] [4, 1] [1, 1] : tensor<4xf32> into tensor<8x16xf32>
 return }
// -----
// expected-error@+3 {{expected type to be 'tensor<4x1xf32>' or a rank-reduced version. (size mismatch) }}
func.func @f(%t: tensor<8x16xf32>, %s: tensor<4x2xf32>) { %13 = scf.forall (%k) in (2) shared_outs(%o = %t) -> (tensor<8x16xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[0, %k] [4, 1] [1, 1] : tensor<4x2xf32> into tensor<8x16xf32>
    }
  }
 return }
// -----
// expected-error@+3 {{'tensor.parallel_insert_slice' op may only insert into an output block argument}}
func.func @f(%t: tensor<8x16xf32>, %s: tensor<4xf32>) { %13 = scf.forall (%k) in (2) shared_outs(%o = %t) -> (tensor<8x16xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %t[0, %k] [4, 1] [1, 1] : tensor<4xf32> into tensor<8x16xf32>
    }
  }
 return }
// -----
// expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 0, expected 1}}
func.func @f(%t: tensor<4x?xf32>, %i: index) { %0 = tensor.empty() : tensor<4x?xf32>
 return }
// -----
// expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
func.func @f(%t: tensor<4x?xf32>, %i: index) { %0 = tensor.extract %t[%i] : tensor<4x?xf32>
 return }
// -----
// expected-error@+1 {{custom op 'tensor.from_elements' number of operands and types do not match: got 1 operands and 2 types}}
func.func @f(%f: f32) { %0 = tensor.from_elements %f : tensor<2xf32>
 return }
// -----
// expected-error@+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 0, expected 1}}
func.func @f(%f: f32) { %0 = tensor.splat %f : tensor<?xf32>
 return }
// -----
// expected-error@+1 {{'tensor.cast' op operand type 'tensor<4x?xf32>' and result type 'tensor<5x?xf32>' are cast incompatible}}
func.func @f(%t: tensor<4x?xf32>) { %0 = tensor.cast %t : tensor<4x?xf32> to tensor<5x?xf32>
 return }
// -----
// expected-error@+1 {{must have one body argument per input dimension}}
func.func @f(%t: tensor<4x?xf32>, %i: index, %f: f32) { %8 = tensor.generate %i {
  ^bb0(%a: index):
    tensor.yield %f : f32
  } : tensor<4x?xf32>
 return }
// -----
// expected-error@+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
func.func @f(%t: tensor<4x?xf32>, %i: index, %f: f64) { %8 = tensor.generate %i {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f64
  } : tensor<4x?xf32>
 return }
// -----
// expected-error@+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
func.func @f(%t: tensor<f32>, %i: index) { %0 = tensor.dim %t, %i : tensor<f32>
 return }
// -----
// expected-error@+1 {{'tensor.rank' op result #0 must be index, but got 'i32'}}
func.func @f(%t: tensor<4x?xf32>, %i: index) { %0 = "tensor.rank"(%t) : (tensor<4x?xf32>) -> i32
 return }
// -----
// expected-error@+1 {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
func.func @f(%f: f32) { tensor.yield %f : f32
 return }
