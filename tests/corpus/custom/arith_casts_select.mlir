func.func @casts(%i: i32, %f: f32, %c: i1, %vc: vector<4xi1>, %v: vector<4xi32>, %x: index) {
  %0 = arith.extsi %i : i32 to i64
  %1 = arith.extui %i : i32 to i64
  %2 = arith.trunci %0 : i64 to i16
  %3 = arith.trunci %0 overflow<nsw> : i64 to i16
  %4 = arith.sitofp %i : i32 to f32
  %5 = arith.uitofp %i : i32 to f64
  %6 = arith.fptosi %f : f32 to i32
  %7 = arith.fptoui %f : f32 to i8
  %8 = arith.index_cast %x : index to i32
  %9 = arith.index_castui %i : i32 to index
  %10 = arith.bitcast %f : f32 to i32
  %11 = arith.select %c, %i, %i : i32
  %12 = arith.select %vc, %v, %v : vector<4xi1>, vector<4xi32>
  %13 = arith.select %c, %v, %v : vector<4xi32>
  %14 = arith.cmpi slt, %i, %i : i32
  %15 = arith.cmpi uge, %v, %v : vector<4xi32>
  %16:2 = arith.addui_extended %i, %i : i32, i1
  %17:2 = arith.mulsi_extended %i, %i : i32
  %18:2 = arith.mului_extended %v, %v : vector<4xi32>
  "test.use"(%16#0, %16#1, %17#1, %18#0) : (i32, i1, i32, vector<4xi32>) -> ()
  return
}
