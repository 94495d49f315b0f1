// A reshape to a constant shape, elementwise arith ops on its dynamic result, a
// reshape to a shape computed by tensor.dim, a concat, and a cast the program
// wrote: every result is refined, the cast stays and so does the function's type.
func.func @chain(%a: tensor<6xf32>) -> tensor<*xf32> {
  %shape = arith.constant dense<[2, 3]> : tensor<2xindex>
  %0 = tensor.reshape %a(%shape) : (tensor<6xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %1 = arith.addf %0, %0 : tensor<?x?xf32>
  %2 = arith.mulf %1, %1 : tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %2, %c0 : tensor<?x?xf32>
  %c3 = arith.constant 3 : index
  %s = tensor.from_elements %c3, %d : tensor<2xindex>
  %r = tensor.reshape %2(%s) : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %e = tensor.empty() : tensor<3x4xf32>
  %cat = tensor.concat dim(1) %r, %e : (tensor<?x?xf32>, tensor<3x4xf32>) -> tensor<?x?xf32>
  %u = tensor.cast %cat : tensor<?x?xf32> to tensor<*xf32>
  return %u : tensor<*xf32>
}

// -----

// Nothing references @f: its result types become the refined ones.
func.func @f(%a: tensor<4xi32>, %b: tensor<2xi32>) -> (tensor<?xi32>, tensor<?xi1>) {
  %0 = tensor.concat dim(0) %a, %b, %b : (tensor<4xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?xi32>
  %1 = arith.xori %0, %0 : tensor<?xi32>
  %2 = arith.cmpi slt, %0, %1 : tensor<?xi32>
  return %1, %2 : tensor<?xi32>, tensor<?xi1>
}

// -----

// @callee is called: its signature stays and its return gets a cast. An
// elementwise op with an operand of unknown shape cannot be evaluated: its
// refined operand is cast back to the type it had.
func.func private @callee(%a: tensor<2xf32>) -> tensor<?xf32> {
  %0 = tensor.concat dim(0) %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<?xf32>
  %1 = arith.negf %0 : tensor<?xf32>
  return %1 : tensor<?xf32>
}
func.func @caller(%a: tensor<2xf32>, %u: tensor<?xf32>) -> tensor<?xf32> {
  %0 = call @callee(%a) : (tensor<2xf32>) -> tensor<?xf32>
  %1 = tensor.concat dim(0) %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<?xf32>
  %2 = arith.addf %1, %u : tensor<?xf32>
  %3 = arith.subf %2, %0 : tensor<?xf32>
  return %3 : tensor<?xf32>
}

// -----

// A shape that is not known (a function argument) leaves the reshape as it is;
// so does a refinement that would not verify (tensor.splat's dynamic size).
func.func @unknown(%t: tensor<6xf32>, %shape: tensor<2xindex>, %x: f32) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %r = tensor.reshape %t(%shape) : (tensor<6xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %c4 = arith.constant 4 : index
  %s = tensor.splat %x[%c4] : tensor<?xf32>
  return %r, %s : tensor<?x?xf32>, tensor<?xf32>
}

// -----

// Slices of a refined value, expand and collapse, an insert_slice, and refined
// values used in and yielded by an scf.for (the yield casts them back).
func.func @slices(%t: tensor<4x6xf32>, %n: index) -> tensor<?x?xf32> {
  %shape = arith.constant dense<[2, 12]> : tensor<2xindex>
  %r = tensor.reshape %t(%shape) : (tensor<4x6xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %s = tensor.extract_slice %r[0, 2] [2, 8] [1, 1] : tensor<?x?xf32> to tensor<2x8xf32>
  %x = tensor.expand_shape %s [[0], [1, 2]] output_shape [2, 4, 2] : tensor<2x8xf32> into tensor<2x4x2xf32>
  %y = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x4x2xf32> into tensor<8x2xf32>
  %i = tensor.insert_slice %s into %r[0, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %loop = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %i) -> (tensor<?x?xf32>) {
    %w = arith.addf %i, %i : tensor<?x?xf32>
    scf.yield %w : tensor<?x?xf32>
  }
  %v = "test.use"(%y, %i) : (tensor<8x2xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %loop : tensor<?x?xf32>
}
