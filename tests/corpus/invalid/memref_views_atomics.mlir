// Covers: memref globals, atomics, prefetch, alloca scopes, reallocation, metadata, transposes, views, reshapes and reinterpret casts.
// expected-error@+1 {{'memref.assume_alignment' op attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
func.func @f(%m: memref<4x?xf32>) { %0 = memref.assume_alignment %m, 0 : memref<4x?xf32>
 return }
// -----
// expected-error@+1 {{'memref.assume_alignment' op alignment must be power of 2}}
func.func @f(%m: memref<4x?xf32>) { %0 = memref.assume_alignment %m, 3 : memref<4x?xf32>
 return }
// -----
// expected-error@+1 {{'memref.distinct_objects' op operand types and result types must match}}
func.func @f(%m: memref<4x?xf32>) { %0 = "memref.distinct_objects"(%m) : (memref<4x?xf32>) -> memref<4x4xf32>
 return }
// -----
// expected-error@+1 {{'memref.distinct_objects' op expected at least one operand}}
func.func @f(%m: memref<4x?xf32>) { "memref.distinct_objects"() : () -> ()
 return }
// -----
// expected-error@+1 {{'memref.distinct_objects' op operand types and result types must match}}
func.func @f(%m: memref<4x?xf32>) { %0:2 = "memref.distinct_objects"(%m) : (memref<4x?xf32>) -> (memref<4x?xf32>, memref<4x?xf32>)
 return }
// -----
// expected-error@+1 {{'memref.extract_strided_metadata' op result #0 must be strided memref of any type values of rank 0, but got 'memref<1xf32>'}}
func.func @f(%m: memref<4x?xf32>) { %a:6 = "memref.extract_strided_metadata"(%m) : (memref<4x?xf32>) -> (memref<1xf32>, index, index, index, index, index)
 return }
// -----
// expected-error@+1 {{'memref.memory_space_cast' op operand type 'memref<4x?xf32>' and result type 'memref<4x?xf64, 1>' are cast incompatible}}
func.func @f(%m: memref<4x?xf32>) { %a = memref.memory_space_cast %m : memref<4x?xf32> to memref<4x?xf64, 1>
 return }
// -----
// expected-error@+1 {{'memref.memory_space_cast' op operand type 'memref<4x?xf32>' and result type 'memref<4x4xf32, 1>' are cast incompatible}}
func.func @f(%m: memref<4x?xf32>) { %a = memref.memory_space_cast %m : memref<4x?xf32> to memref<4x4xf32, 1>
 return }
// -----
// expected-error@+1 {{'memref.memory_space_cast' op operand type 'memref<4x?xf32>' and result type 'memref<*xf32, 1>' are cast incompatible}}
func.func @f(%m: memref<4x?xf32>) { %a = memref.memory_space_cast %m : memref<4x?xf32> to memref<*xf32, 1>
 return }
// -----
// expected-error@+1 {{'memref.memory_space_cast' op operand type 'memref<4x?xf32>' and result type 'memref<4x?xf32, strided<[?, 1]>, 1>' are cast incompatible}}
func.func @f(%m: memref<4x?xf32>) { %a = memref.memory_space_cast %m : memref<4x?xf32> to memref<4x?xf32, strided<[?, 1]>, 1>
 return }
// -----
// expected-error@+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
func.func @f(%m: memref<4x?xf32>) { %0 = memref.get_global @nope : memref<2xf32>
 return }
// -----
// expected-error@+2 {{'memref.get_global' op result type 'memref<3xf32>' does not match type 'memref<2xf32>' of the global memref @g}}
memref.global @g : memref<2xf32>
func.func @f(%m: memref<4x?xf32>) { %0 = memref.get_global @g : memref<3xf32>
 return }
// -----
// expected-error@+2 {{'memref.get_global' op 'g' does not reference a valid global memref}}
func.func @g() { return }
func.func @f(%m: memref<4x?xf32>) { %0 = memref.get_global @g : memref<3xf32>
 return }
// -----
// expected-error@+1 {{'memref.get_global' op result #0 must be statically shaped memref of any type values, but got 'memref<?xf32>'}}
func.func @f(%m: memref<4x?xf32>) { %0 = memref.get_global @g : memref<?xf32>
 return }
// -----
// expected-error@+1 {{custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @g : memref<?xf32>
// -----
// expected-error@+1 {{expected operation name in quotes}}
memref.global @g : memref<2xf32> = dense<1.0> : tensor<3xf32>
// -----
// expected-error@+1 {{integer literal not valid for specified type}}
memref.global @g : memref<2xf32> = 3
// -----
// expected-error@+1 {{custom op 'memref.global' 'memref.global' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
memref.global @g : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 3}
// -----
// expected-error@+1 {{'memref.global' op visibility expected to be one of ["public", "private", "nested"], but got "privat"}}
memref.global "privat" @g : memref<2xf32>
// -----
// expected-error@+1 {{custom op 'memref.global' type should be static shaped memref, but got 'i32'}}
memref.global @g : i32
// -----
// expected-error@+1 {{expected operation name in quotes}}
memref.global @g : memref<2xf32> = dense<1.0> : tensor<2xf32>
// -----
// expected-error@+1 {{'memref.global' op attribute 'type' failed to satisfy constraint: memref type attribute}}
"memref.global"() <{sym_name = "g", type = i32}> : () -> ()
// -----
// expected-error@+1 {{'memref.global' op attribute 'type' failed to satisfy constraint: memref type attribute}}
"memref.global"() <{sym_name = "g", type = memref<*xf32>}> : () -> ()
// -----
// expected-error@+1 {{'memref.global' op initial value should be a unit or elements attribute, but got 1 : i32}}
"memref.global"() <{sym_name = "g", type = memref<2xf32>, initial_value = 1 : i32}> : () -> ()
// -----
// expected-error@+1 {{missing dimension operand for result type 'memref<?xf32>'}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.realloc %r : memref<?xf32> to memref<?xf32>
 return }
// -----
// expected-error@+1 {{unnecessary dimension operand for result type 'memref<4xf32>'}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.realloc %r(%i) : memref<?xf32> to memref<4xf32>
 return }
// -----
// expected-error@+1 {{different element types specified for source memref type 'memref<?xf32>' and result memref type 'memref<4xf64>'}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.realloc %r : memref<?xf32> to memref<4xf64>
 return }
// -----
// expected-error@+1 {{unsupported layout for source memref type 'memref<?xf32, strided<[2]>>'}}
func.func @f(%r: memref<?xf32, strided<[2]>>, %i: index) { %0 = memref.realloc %r : memref<?xf32, strided<[2]>> to memref<4xf32>
 return }
// -----
// expected-error@+1 {{unsupported layout for result memref type 'memref<4xf32, strided<[2]>>'}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.realloc %r : memref<?xf32> to memref<4xf32, strided<[2]>>
 return }
// -----
// expected-error@+1 {{different memory spaces specified for source memref type 'memref<?xf32>' and result memref type 'memref<4xf32, 1>'}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.realloc %r : memref<?xf32> to memref<4xf32, 1>
 return }
// -----
// expected-error@+1 {{'memref.realloc' op operand #0 must be 1D memref of any type values, but got 'memref<?x4xf32>'}}
func.func @f(%r: memref<?x4xf32>, %i: index) { %0 = memref.realloc %r : memref<?x4xf32> to memref<4xf32>
 return }
// -----
// expected-error@+1 {{custom op 'memref.realloc' 'memref.realloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.realloc %r {alignment = 3} : memref<?xf32> to memref<4xf32>
 return }
// -----
// expected-error@+1 {{'memref.alloca_scope' op expects region #0 to have 0 or 1 blocks}}
func.func @f(%i: index) { %0 = memref.alloca_scope -> (index) {
   memref.alloca_scope.return %i : index
   ^bb1:
   memref.alloca_scope.return %i : index
 }
 return }
// -----
// expected-error@+1 {{'memref.alloca_scope.return' op expects parent op 'memref.alloca_scope'}}
func.func @f(%i: index) { memref.alloca_scope.return
 return }
// -----
// expected-error@+1 {{'memref.alloca_scope' op region should have no arguments}}
func.func @f(%i: index) { "memref.alloca_scope"() ({
  ^bb0(%x: index):
   memref.alloca_scope.return
 }) : () -> ()
 return }
// -----
// expected-error@+1 {{'memref.alloca_scope' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
func.func @f(%i: index) { "memref.alloca_scope"() ({
 }) : () -> ()
 return }
// -----
// expected-error@+1 {{'memref.atomic_rmw' op with kind 'addf' expects a floating-point type}}
func.func @f(%m: memref<4xi32>, %i: index, %c: i32) { %0 = memref.atomic_rmw addf %c, %m[%i] : (i32, memref<4xi32>) -> i32
 return }
// -----
// expected-error@+1 {{'memref.atomic_rmw' op with kind 'addi' expects an integer type}}
func.func @f(%m: memref<4xf32>, %i: index, %c: f32) { %0 = memref.atomic_rmw addi %c, %m[%i] : (f32, memref<4xf32>) -> f32
 return }
// -----
// expected-error@+1 {{'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank}}
func.func @f(%m: memref<4xi32>, %i: index, %c: i32) { %0 = memref.atomic_rmw addi %c, %m[%i, %i] : (i32, memref<4xi32>) -> i32
 return }
// -----
// expected-error@+1 {{custom op 'memref.atomic_rmw' expected string or keyword containing one of the following enum values for attribute 'kind' [addf, addi, andi, assign, maximumf, maxnumf, maxs, maxu, minimumf, minnumf, mins, minu, mulf, muli, ori, xori]}}
func.func @f(%m: memref<4xi32>, %i: index, %c: i32) { %0 = memref.atomic_rmw bad %c, %m[%i] : (i32, memref<4xi32>) -> i32
 return }
// -----
// expected-error@+1 {{'memref.atomic_rmw' op failed to verify that all of {value, result} have same type}}
func.func @f(%m: memref<4xi32>, %i: index, %c: i32) { %0 = memref.atomic_rmw assign %c, %m[%i] : (i32, memref<4xi32>) -> i64
 return }
// -----
// expected-error@+1 {{'memref.generic_atomic_rmw' op expected block argument of the same type result type}}
func.func @f(%m: memref<4xi32>, %i: index) { %0 = memref.generic_atomic_rmw %m[%i] : memref<4xi32> {
  ^bb0(%cur: i64):
    memref.atomic_yield %cur : i64
  }
 return }
// -----
// expected-error@+3 {{'memref.atomic_yield' op types mismatch between yield op: 'i64' and its parent: 'i32'}}
func.func @f(%m: memref<4xi32>, %i: index, %c: i64) { %0 = memref.generic_atomic_rmw %m[%i] : memref<4xi32> {
  ^bb0(%cur: i32):
    memref.atomic_yield %c : i64
  }
 return }
// -----
// expected-error@+1 {{'memref.generic_atomic_rmw' op expected single number of entry block arguments}}
func.func @f(%m: memref<4xi32>, %i: index, %c: i64) { %0 = memref.generic_atomic_rmw %m[%i] : memref<4xi32> {
  ^bb0(%cur: i32, %x: i32):
    memref.atomic_yield %cur : i32
  }
 return }
// -----
// expected-error@+3 {{body of 'memref.generic_atomic_rmw' should contain only operations with no side effects}}
func.func @f(%m: memref<4xi32>, %i: index, %c: i64) { %0 = memref.generic_atomic_rmw %m[%i] : memref<4xi32> {
  ^bb0(%cur: i32):
    %x = memref.alloc() : memref<2xi32>
    memref.atomic_yield %cur : i32
  }
 return }
// -----
// expected-error@+1 {{'memref.atomic_yield' op expects parent op 'memref.generic_atomic_rmw'}}
func.func @f(%m: memref<4xi32>, %i: index, %c: i64) { memref.atomic_yield %c : i64
 return }
// -----
// expected-error@+1 {{'memref.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
func.func @f(%m: memref<4xf32>, %i: index) { memref.prefetch %m[%i], read, locality<4>, data : memref<4xf32>
 return }
// -----
// expected-error@+1 {{custom op 'memref.prefetch' rw specifier has to be 'read' or 'write'}}
func.func @f(%m: memref<4xf32>, %i: index) { memref.prefetch %m[%i], reed, locality<3>, data : memref<4xf32>
 return }
// -----
// expected-error@+1 {{custom op 'memref.prefetch' cache type has to be 'data' or 'instr'}}
func.func @f(%m: memref<4xf32>, %i: index) { memref.prefetch %m[%i], read, locality<3>, dota : memref<4xf32>
 return }
// -----
// expected-error@+1 {{'memref.prefetch' op too few indices}}
func.func @f(%m: memref<4xf32>, %i: index) { memref.prefetch %m[%i, %i], read, locality<3>, data : memref<4xf32>
 return }
// -----
// expected-error@+1 {{expected '<'}}
func.func @f(%m: memref<4xf32>, %i: index) { memref.prefetch %m[%i], read, locality 3, data : memref<4xf32>
 return }
// -----
// expected-error@+1 {{'memref.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
func.func @f(%m: memref<4xf32>, %i: index) { "memref.prefetch"(%m, %i) <{isDataCache = true, isWrite = false, localityHint = 7 : i32}> : (memref<4xf32>, index) -> ()
 return }
// -----
// expected-error@+1 {{'memref.transpose' op expected a permutation map}}
func.func @f(%m: memref<4x?xf32>) { %0 = memref.transpose %m (i, j) -> (i) : memref<4x?xf32> to memref<4xf32>
 return }
// -----
// expected-error@+1 {{'memref.transpose' op expected a permutation map}}
func.func @f(%m: memref<4x?xf32>) { %0 = memref.transpose %m (i, j) -> (i, i) : memref<4x?xf32> to memref<4x?xf32>
 return }
// -----
// expected-error@+1 {{'memref.transpose' op result type 'memref<?x4xf32>' is not equivalent to the canonical transposed input type 'memref<?x4xf32, affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>>'}}
func.func @f(%m: memref<4x?xf32>) { %0 = memref.transpose %m (i, j) -> (j, i) : memref<4x?xf32> to memref<?x4xf32>
 return }
// -----
// expected-error@+1 {{'memref.transpose' op result type 'memref<4x?xf32>' is not equivalent to the canonical transposed input type 'memref<4x?xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>'}}
func.func @f(%m: memref<4x?xf32>) { %0 = memref.transpose %m (i, j) -> (i, j) : memref<4x?xf32> to memref<4x?xf32>
 return }
// -----
// expected-error@+1 {{'memref.transpose' op result type 'memref<?x4xf64, strided<[1, ?]>>' is not equivalent to the canonical transposed input type 'memref<?x4xf32, affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>>'}}
func.func @f(%m: memref<4x?xf32>) { %0 = memref.transpose %m (i, j) -> (j, i) : memref<4x?xf32> to memref<?x4xf64, strided<[1, ?]>>
 return }
// -----
// expected-error@+1 {{'memref.transpose' op result type 'memref<?x4xf32, strided<[1, ?]>, 1>' is not equivalent to the canonical transposed input type 'memref<?x4xf32, affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>>'}}
func.func @f(%m: memref<4x?xf32>) { %0 = memref.transpose %m (i, j) -> (j, i) : memref<4x?xf32> to memref<?x4xf32, strided<[1, ?]>, 1>
 return }
// -----
// expected-error@+1 {{'memref.transpose' op expected a permutation map}}
func.func @f(%m: memref<4x?xf32>) { %0 = memref.transpose %m (i, j) -> (j + i, i) : memref<4x?xf32> to memref<?x4xf32, strided<[1, ?]>>
 return }
// -----
// expected-error@+1 {{'memref.transpose' op expected a permutation map}}
func.func @f(%m: memref<4x?xf32>) { %0 = memref.transpose %m (i, j)[s] -> (j, i) : memref<4x?xf32> to memref<?x4xf32, strided<[1, ?]>>
 return }
// -----
// expected-error@+1 {{'memref.view' op incorrect number of dynamic sizes, has 0, expected 1}}
func.func @f(%b: memref<64xi8>, %i: index) { %0 = memref.view %b[%i][] : memref<64xi8> to memref<?x4xf32>
 return }
// -----
// expected-error@+1 {{'memref.view' op incorrect number of dynamic sizes, has 1, expected 0}}
func.func @f(%b: memref<64xi8>, %i: index) { %0 = memref.view %b[%i][%i] : memref<64xi8> to memref<4x4xf32>
 return }
// -----
// expected-error@+1 {{unsupported map for base memref type 'memref<64xi8, strided<[2]>>'}}
func.func @f(%b: memref<64xi8, strided<[2]>>, %i: index) { %0 = memref.view %b[%i][] : memref<64xi8, strided<[2]>> to memref<4x4xf32>
 return }
// -----
// expected-error@+1 {{unsupported map for result memref type 'memref<4x4xf32, strided<[8, 1]>>'}}
func.func @f(%b: memref<64xi8>, %i: index) { %0 = memref.view %b[%i][] : memref<64xi8> to memref<4x4xf32, strided<[8, 1]>>
 return }
// -----
// expected-error@+1 {{different memory spaces specified for base memref type 'memref<64xi8>' and view memref type 'memref<4x4xf32, 1>'}}
func.func @f(%b: memref<64xi8>, %i: index) { %0 = memref.view %b[%i][] : memref<64xi8> to memref<4x4xf32, 1>
 return }
// -----
// expected-error@+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<64xf32>'}}
func.func @f(%b: memref<64xf32>, %i: index) { %0 = memref.view %b[%i][] : memref<64xf32> to memref<4x4xf32>
 return }
// -----
// expected-error@+1 {{'memref.reshape' op element types of source and destination memref types should be the same}}
func.func @f(%r: memref<?xf32>, %s: memref<2xindex>) { %0 = memref.reshape %r(%s) : (memref<?xf32>, memref<2xindex>) -> memref<?x?xf64>
 return }
// -----
// expected-error@+1 {{'memref.reshape' op length of shape operand differs from the result's memref rank}}
func.func @f(%r: memref<?xf32>, %s: memref<2xindex>) { %0 = memref.reshape %r(%s) : (memref<?xf32>, memref<2xindex>) -> memref<?xf32>
 return }
// -----
// expected-error@+1 {{'memref.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked memref type}}
func.func @f(%r: memref<?xf32>, %s: memref<?xindex>) { %0 = memref.reshape %r(%s) : (memref<?xf32>, memref<?xindex>) -> memref<?x?xf32>
 return }
// -----
// expected-error@+1 {{'memref.reshape' op source memref type should have identity affine map}}
func.func @f(%r: memref<?xf32, strided<[2]>>, %s: memref<2xindex>) { %0 = memref.reshape %r(%s) : (memref<?xf32, strided<[2]>>, memref<2xindex>) -> memref<?x?xf32>
 return }
// -----
// expected-error@+1 {{'memref.reshape' op result memref type should have identity affine map}}
func.func @f(%r: memref<?xf32>, %s: memref<2xindex>) { %0 = memref.reshape %r(%s) : (memref<?xf32>, memref<2xindex>) -> memref<?x?xf32, strided<[?, 1]>>
 return }
// -----
// expected-error@+1 {{different element types specified for source type 'memref<?xf32>' and result memref type 'memref<?x10xf64>'}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.reinterpret_cast %r to offset: [0], sizes: [%i, 10], strides: [10, 1] : memref<?xf32> to memref<?x10xf64>
 return }
// -----
// expected-error@+1 {{different memory spaces specified for source type 'memref<?xf32>' and result memref type 'memref<?x10xf32, 1>'}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.reinterpret_cast %r to offset: [0], sizes: [%i, 10], strides: [10, 1] : memref<?xf32> to memref<?x10xf32, 1>
 return }
// -----
// expected-error@+1 {{expected mixed sizes rank to match mixed strides rank (1 vs 2) so the rank of the result type is well-formed.}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.reinterpret_cast %r to offset: [0], sizes: [%i], strides: [10, 1] : memref<?xf32> to memref<?x10xf32>
 return }
// -----
// expected-error@+1 {{expected 3 size values, got 2}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.reinterpret_cast %r to offset: [0], sizes: [%i, 10], strides: [10, 1] : memref<?xf32> to memref<?x10x1xf32>
 return }
// -----
// expected-error@+1 {{expected result type with size = 11 instead of 10 in dim = 1}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.reinterpret_cast %r to offset: [0], sizes: [%i, 11], strides: [10, 1] : memref<?xf32> to memref<?x10xf32>
 return }
// -----
// expected-error@+1 {{expected result type with offset = 1 instead of 0}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.reinterpret_cast %r to offset: [1], sizes: [%i, 10], strides: [10, 1] : memref<?xf32> to memref<?x10xf32>
 return }
// -----
// expected-error@+1 {{expected result type with stride = 2 instead of 1 in dim = 1}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.reinterpret_cast %r to offset: [0], sizes: [%i, 10], strides: [10, 2] : memref<?xf32> to memref<?x10xf32>
 return }
// -----
// expected-error@+1 {{expected 1 offset values, got 2}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.reinterpret_cast %r to offset: [0, 1], sizes: [%i, 10], strides: [10, 1] : memref<?xf32> to memref<?x10xf32>
 return }
// -----
// expected-error@+1 {{expected result type with stride = dynamic instead of 7 in dim = 0}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.reinterpret_cast %r to offset: [%i], sizes: [%i, 10], strides: [%i, 1] : memref<?xf32> to memref<?x10xf32, strided<[7, 1], offset: ?>>
 return }
// -----
// expected-error@+1 {{expected sizes to be non-negative, but got -1}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.reinterpret_cast %r to offset: [0], sizes: [-1, 10], strides: [10, 1] : memref<?xf32> to memref<?x10xf32>
 return }
// -----
// expected-error@+1 {{'memref.rank' op result #0 must be index, but got 'i32'}}
func.func @f(%m: memref<?xf32>) { %0 = "memref.rank"(%m) : (memref<?xf32>) -> i32
 return }
// -----
// expected-error@+1 {{'memref.global' op type should be static shaped memref, but got 'memref<?xf32>'}}
"memref.global"() <{sym_name = "g", type = memref<?xf32>}> : () -> ()
// -----
// expected-error@+1 {{'memref.global' op initial value shape expected to be 2 but was 3}}
"memref.global"() <{sym_name = "g", type = memref<2xf32>, initial_value = dense<1.0> : tensor<3xf32>}> : () -> ()
// -----
// expected-error@+1 {{custom op 'memref.global' initial value should be a unit or elements attribute}}
memref.global @g : memref<2xf32> = "x"
// -----
// expected-error@+1 {{expected result type with size = dynamic instead of 4 in dim = 0}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.reinterpret_cast %r to offset: [0], sizes: [%i, 10], strides: [10, 1] : memref<?xf32> to memref<4x10xf32>
 return }
// -----
// expected-error@+1 {{expected result type with offset = dynamic instead of 0}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.reinterpret_cast %r to offset: [%i], sizes: [4, 10], strides: [10, 1] : memref<?xf32> to memref<4x10xf32>
 return }
// -----
// expected-error@+1 {{different memory spaces specified for source type 'memref<?xf32>' and result memref type 'memref<4x10xf64, 1>'}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.reinterpret_cast %r to offset: [0], sizes: [4, 10], strides: [10, 1] : memref<?xf32> to memref<4x10xf64, 1>
 return }
// -----
// expected-error@+1 {{'memref.reinterpret_cast' op result #0 must be strided memref of any type values, but got 'memref<4x10xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>'}}
func.func @f(%r: memref<?xf32>, %i: index) { %0 = memref.reinterpret_cast %r to offset: [0], sizes: [4, 10], strides: [10, 1] : memref<?xf32> to memref<4x10xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>
 return }
// -----
// expected-error@+1 {{unsupported map for base memref type 'memref<64xi8, strided<[2]>>'}}
func.func @f(%b: memref<64xi8, strided<[2]>>, %i: index) { %0 = memref.view %b[%i][%i] : memref<64xi8, strided<[2]>> to memref<4x4xf32, 1>
 return }
// -----
// expected-error@+1 {{'memref.reshape' op element types of source and destination memref types should be the same}}
func.func @f(%r: memref<?xi32>, %s: memref<2xindex>) { %0 = memref.reshape %r(%s) : (memref<?xi32>, memref<2xindex>) -> memref<?x?xf32, strided<[?, 1]>>
 return }
// -----
// expected-error@+1 {{'memref.transpose' op result type 'memref<?x4xf32, strided<[1, ?], offset: 3>>' is not equivalent to the canonical transposed input type 'memref<?x4xf32, affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>>'}}
func.func @f(%m: memref<4x?xf32>) { %0 = memref.transpose %m (i, j) -> (j, i) : memref<4x?xf32> to memref<?x4xf32, strided<[1, ?], offset: 3>>
 return }
// -----
// expected-error@+1 {{'memref.transpose' op result type 'memref<?x4xf32>' is not equivalent to the canonical transposed input type 'memref<?x4xf32, affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s1 + s0 + d1 * s2)>>'}}
func.func @f(%m: memref<4x?xf32, strided<[?, ?], offset: ?>>) { %0 = memref.transpose %m (i, j) -> (j, i) : memref<4x?xf32, strided<[?, ?], offset: ?>> to memref<?x4xf32>
 return }
// -----
// expected-error@+1 {{'memref.transpose' op result type 'memref<2x4x8xf32>' is not equivalent to the canonical transposed input type 'memref<2x4x8xf32, affine_map<(d0, d1, d2)[s0, s1] -> (d0 * s0 + d1 * s1 + d2 * 2 + 5)>>'}}
func.func @f(%m: memref<4x8x2xf32, strided<[?, 2, ?], offset: 5>>) { %0 = memref.transpose %m (i, j, k) -> (k, i, j) : memref<4x8x2xf32, strided<[?, 2, ?], offset: 5>> to memref<2x4x8xf32>
 return }
// -----
// expected-error@+1 {{'memref.transpose' op expected a permutation map of same rank as the input}}
func.func @f(%m: memref<4x?xf32>) { %0 = memref.transpose %m (i, j, k) -> (j, i, k) : memref<4x?xf32> to memref<?x4xf32, strided<[1, ?]>>
 return }
