#map = affine_map<(d0, d1)[s0] -> (d0 + d1 + s0)>
#lb = affine_map<(d0)[s0] -> (d0, s0)>
#ub = affine_map<(d0) -> (d0 + 10, 20)>
#set = affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>
func.func @multiply(%A: memref<100x?xf32>, %B: memref<?x50xf32>, %N: index) -> (memref<100x50xf32>) {
  %c1 = arith.constant 1 : index
  %n = "test.dim"(%A, %c1) : (memref<100x?xf32>, index) -> index
  %N4 = affine.apply affine_map<()[s0] -> (s0 floordiv 4)>()[%N]
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 50 {
      affine.for %k = 0 to %n {
        %1 = affine.apply affine_map<(d0, d1) -> (3*d0)> (%i, %j)
        %2 = affine.apply #map(%i, %j)[%n]
        %3 = affine.min #ub(%k)
        %4 = affine.max #lb(%k)[%n] {foo = 1}
        affine.if #set(%i, %j)[%N, %n] {
        }
        affine.if #set(%i, %j)[%N, %n] {
          "test.x"() : () -> ()
        } else {
          "test.y"() : () -> ()
        }
      }
    }
  }
  affine.for %i = max #lb(%c1)[%N] to min #ub(%N) step 4 {
  }
  %f0 = arith.constant 0.0 : f32
  %r = affine.for %i = #map(%N, %N)[%c1] to 200 iter_args(%acc = %f0) -> (f32) {
    %s = arith.addf %acc, %acc : f32
    affine.yield %s : f32
  }
  %r2:2 = affine.for %i = 0 to 10 iter_args(%a = %f0, %b = %c1) -> (f32, index) {
    affine.yield %a, %b : f32, index
  }
  %x = affine.if #set(%c1, %c1)[%N, %n] -> (f32) {
    affine.yield %f0 : f32
  } else {
    affine.yield %r : f32
  }
  %m = "test.alloc"() : () -> memref<100x100xf32>
  affine.for %i = 0 to 10 {
  }
  %alloc = "test.alloc"() : () -> memref<100x50xf32>
  return %alloc : memref<100x50xf32>
}

// Maps print through aliases numbered in the order the custom form prints them:
// a loop's bound maps before its body, a condition before its regions.
func.func @alias_order(%n: index, %m: index) {
  affine.for %i = affine_map<(d0) -> (d0 + 1)>(%n) to affine_map<()[s0] -> (s0 * 2)>()[%m] {
    %0 = affine.apply affine_map<(d0) -> (d0 floordiv 2)>(%i)
    affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%i) {
      affine.if affine_set<(d0) : (d0 mod 2 == 0)>(%i) {
        "test.x"() : () -> ()
      }
    }
  }
  return
}

// Explicit empty yields are left out; attribute dictionaries follow the regions;
// a bare symbol bound; step 1 is not printed.
func.func @forms(%n: index) -> index {
  %c0 = arith.constant 0 : index
  affine.for %i = %c0 to %n step 1 {
    affine.yield
  } {test.attr = "for"}
  affine.if affine_set<() : (0 == 0)>() {
    affine.yield
  } else {
  } {test.attr = "if"}
  %r = affine.if affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 >= 0)>(%n)[%c0] -> (index) {
    affine.yield %n : index
  } else {
    affine.yield %c0 : index
  }
  %x = "test.x"() : () -> index
  %inner = affine.for %j = 0 to %x iter_args(%s = %r) -> index {
    %a = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%s, %j)
    affine.yield %a : index
  }
  %min = affine.min affine_map<(d0)[s0] -> (d0, s0, 42)>(%inner)[%x] {test.attr = "min"}
  %max = affine.max affine_map<()[s0] -> (s0)>()[%min]
  return %max : index
}

// At the top level of a module, which is an affine scope too.
%top = "test.x"() : () -> index
affine.for %k = 0 to %top {
  %sq = affine.apply affine_map<(d0)[s0] -> (d0 * s0)>(%k)[%top]
}
