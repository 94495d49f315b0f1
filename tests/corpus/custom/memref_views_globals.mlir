memref.global "private" constant @g : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 64 : i64}
memref.global @h : memref<4xi32> = uninitialized
memref.global "public" @e : memref<4xi32>
memref.global @s : memref<f32> = dense<1.0>
func.func @f(%m: memref<4x?xf32>, %u: memref<*xf32>, %b: memref<64xi8>, %i: index, %s: memref<2xindex>, %r: memref<?xf32>, %mi: memref<4xi32>) {
  %0 = memref.get_global @g : memref<2xf32>
  %1 = memref.rank %u : memref<*xf32>
  %2 = memref.assume_alignment %m, 16 : memref<4x?xf32>
  %3:2 = memref.distinct_objects %m, %r : memref<4x?xf32>, memref<?xf32>
  %4 = memref.extract_aligned_pointer_as_index %m : memref<4x?xf32> -> index
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %m : memref<4x?xf32> -> memref<f32>, index, index, index, index, index
  %5 = memref.memory_space_cast %m : memref<4x?xf32> to memref<4x?xf32, 1>
  %6 = memref.realloc %r(%i) : memref<?xf32> to memref<?xf32>
  %7 = memref.realloc %r {alignment = 8} : memref<?xf32> to memref<10xf32>
  %8 = memref.alloca_scope -> (index) {
    memref.alloca_scope.return %i : index
  }
  memref.alloca_scope {
  }
  %c = arith.constant 1 : i32
  %9 = memref.atomic_rmw addi %c, %mi[%i] : (i32, memref<4xi32>) -> i32
  %10 = memref.generic_atomic_rmw %mi[%i] : memref<4xi32> {
  ^bb0(%cur: i32):
    memref.atomic_yield %cur : i32
  }
  memref.prefetch %m[%i, %i], read, locality<3>, data : memref<4x?xf32>
  memref.prefetch %m[%i, %i], write, locality<0>, instr : memref<4x?xf32>
  %11 = memref.transpose %m (i, j) -> (j, i) : memref<4x?xf32> to memref<?x4xf32, strided<[1, ?]>>
  %12 = memref.view %b[%i][%i] : memref<64xi8> to memref<?x4xf32>
  %13 = memref.reshape %r(%s) : (memref<?xf32>, memref<2xindex>) -> memref<?x?xf32>
  %14 = memref.reinterpret_cast %r to offset: [0], sizes: [%i, 10], strides: [10, 1] : memref<?xf32> to memref<?x10xf32>
  %15 = memref.reinterpret_cast %u to offset: [%i], sizes: [10], strides: [1] : memref<*xf32> to memref<10xf32, strided<[1], offset: ?>>
  memref.store %c, %mi[%i] {nontemporal = true} : memref<4xi32>
  return
}
