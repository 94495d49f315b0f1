// vector.extract: positions and the result type.

func.func @f(%v: vector<4x4xi32>, %i: index) {
  // expected-error@+1 {{'vector.extract' op expected position attribute of rank no greater than vector rank}}
  %0 = vector.extract %v[%i, 2, 1] : i32 from vector<4x4xi32>
  return
}

// -----

func.func @f(%v: vector<4x4xi32>, %i: index) {
  // expected-error@+1 {{'vector.extract' op expected position attribute #2 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %0 = vector.extract %v[%i, 4] : i32 from vector<4x4xi32>
  return
}

// -----

func.func @f(%v: vector<4x4xi32>) {
  // expected-error@+1 {{'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %0 = vector.extract %v[-2, 0] : i32 from vector<4x4xi32>
  return
}

// -----

func.func @f(%v: vector<4x4xi32>, %i: index) {
  // expected-error@+2 {{'vector.extract' op inferred type(s) 'vector<4xi32>' are incompatible with return type(s) of operation 'i32'}}
  // expected-error@+1 {{'vector.extract' op failed to infer returned types}}
  %0 = vector.extract %v[%i] : i32 from vector<4x4xi32>
  return
}

// -----

func.func @f(%v: vector<4x[4]xi32>) {
  // expected-error@+2 {{'vector.extract' op inferred type(s) 'vector<[4]xi32>' are incompatible with return type(s) of operation 'vector<4xi32>'}}
  // expected-error@+1 {{'vector.extract' op failed to infer returned types}}
  %0 = vector.extract %v[1] : vector<4xi32> from vector<4x[4]xi32>
  return
}

// -----

func.func @f(%v: vector<4x4xi32>, %i: index) {
  // expected-error@+1 {{'vector.extract' op failed to verify that operand and result have same element type}}
  %0 = vector.extract %v[%i, 1] : f32 from vector<4x4xi32>
  return
}

// -----

func.func @f(%v: vector<4x4xi32>) {
  // expected-error@+1 {{expected a scalar instead of a 0-d vector as the result type}}
  %0 = "vector.extract"(%v) <{static_position = array<i64: 0, 0>}> : (vector<4x4xi32>) -> vector<i32>
  return
}

// -----

func.func @f(%v: vector<4x4xi32>) {
  // expected-error@+1 {{'vector.extract' op mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic position) -- this can only happen due to an incorrect fold/rewrite}}
  %0 = "vector.extract"(%v) <{static_position = array<i64: 0, -9223372036854775808>}> : (vector<4x4xi32>) -> i32
  return
}

// -----

func.func @f(%v: vector<4x4xi32>) {
  // expected-error@+1 {{'vector.extract' op requires attribute 'static_position'}}
  %0 = "vector.extract"(%v) : (vector<4x4xi32>) -> i32
  return
}

// -----

func.func @f(%v: vector<4x4xi32>, %i: i32) {
  // expected-error@+1 {{'vector.extract' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "vector.extract"(%v, %i) <{static_position = array<i64: -9223372036854775808, 0>}> : (vector<4x4xi32>, i32) -> i32
  return
}

// -----

func.func @f(%v: tensor<4xi32>) {
  // expected-error@+1 {{'vector.extract' op operand #0 must be vector of any type values, but got 'tensor<4xi32>'}}
  %0 = "vector.extract"(%v) <{static_position = array<i64: 0>}> : (tensor<4xi32>) -> i32
  return
}

// -----

func.func @f(%v: tensor<4xi32>) {
  // expected-error@+1 {{custom op 'vector.extract' invalid kind of type specified: expected builtin.vector, but found 'tensor<4xi32>'}}
  %0 = vector.extract %v[1] : i32 from tensor<4xi32>
  return
}
