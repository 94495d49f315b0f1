// Covers: the checks of the vector ops, one per section: shapes, positions, masks,
// permutation maps, combining kinds, and the custom syntax of transfers and masks.
func.func @broadcast_mismatch(%a: vector<4xf32>) {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch (4 vs. 3)}}
  %0 = vector.broadcast %a : vector<4xf32> to vector<3xf32>
  return
}

// -----

func.func @shuffle_index(%a: vector<4xf32>) {
  // expected-error@+1 {{'vector.shuffle' op mask index #2 out of range}}
  %0 = vector.shuffle %a, %a [0, 9] : vector<4xf32>, vector<4xf32>
  return
}

// -----

func.func @reduction_kind(%a: vector<4xi32>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction type ''i32'' for kind 'maxnumf'}}
  %0 = vector.reduction <maxnumf>, %a : vector<4xi32> into i32
  return
}

// -----

func.func @multi_reduction_dest(%a: vector<4x8xf32>, %b: vector<4xf32>) {
  // expected-error@+1 {{'vector.multi_reduction' op destination type 'vector<4xf32>' is incompatible with source type 'vector<4x8xf32>'}}
  %0 = vector.multi_reduction <add>, %a, %b [0] : vector<4x8xf32> to vector<4xf32>
  return
}

// -----

func.func @strided_slice(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.extract_strided_slice' op expected offsets dimension 1 to be confined to [0, 8)}}
  %0 = vector.extract_strided_slice %a {offsets = [0, 9], sizes = [1, 1], strides = [1, 1]} : vector<4x8xf32> to vector<1x1xf32>
  return
}

// -----

func.func @transpose_duplicate(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.transpose' op duplicate position index: 0}}
  %0 = vector.transpose %a, [0, 0] : vector<4x8xf32> to vector<4x4xf32>
  return
}

// -----

func.func @transfer_types(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error@+1 {{requires two types}}
  %0 = vector.transfer_read %m[%i, %i], %p : memref<?x?xf32>
  return
}

// -----

func.func @transfer_map(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error@+1 {{'vector.transfer_read' op requires a permutation_map that is a permutation (found one dim used more than once)}}
  %0 = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (d1, d1)>} : memref<?x?xf32>, vector<4x4xf32>
  return
}

// -----

func.func @transfer_write_broadcast(%v: vector<4xf32>, %m: memref<?x?xf32>, %i: index) {
  // expected-error@+1 {{'vector.transfer_write' op should not have broadcast dimensions}}
  vector.transfer_write %v, %m[%i, %i] {permutation_map = affine_map<(d0, d1) -> (0)>} : vector<4xf32>, memref<?x?xf32>
  return
}

// -----

func.func @mask_type(%m: vector<4xi1>, %v: vector<8xf32>) {
  // expected-error@+1 {{'vector.mask' op expects a 'vector<8xi1>' mask for the maskable operation}}
  %0 = vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<4xi1> -> f32
  return
}

// -----

func.func @mask_passthru(%m: vector<8xi1>, %v: vector<8xf32>) {
  // expected-error@+1 {{expects a result if passthru operand is provided}}
  vector.mask %m, %v { } : vector<8xi1>
  return
}

// -----

func.func @contract_shape(%a: vector<4x8xf32>, %b: vector<8x2xf32>, %c: vector<4x3xf32>) {
  // expected-error@+1 {{'vector.contract' op invalid accumulator/result vector shape, expected: 'vector<4x2xf32>'}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x8xf32>, vector<8x2xf32> into vector<4x3xf32>
  return
}

// -----

func.func @constant_mask_zeros() {
  // expected-error@+1 {{'vector.constant_mask' op expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim}}
  %0 = vector.constant_mask [0, 2] : vector<4x4xi1>
  return
}

// -----

func.func @print_string() {
  // expected-error@+1 {{'vector.print' op failed to verify that `source` or `punctuation` are not set when printing strings}}
  vector.print str "x" punctuation <comma>
  return
}
