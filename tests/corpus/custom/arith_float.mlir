func.func @float_ops(%a: f32, %b: f32, %v: vector<2xf64>, %h: f16) -> f32 {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %0, %b fastmath<fast> : f32
  %2 = arith.mulf %1, %a fastmath<nnan,ninf> : f32
  %3 = arith.divf %2, %b fastmath<none> : f32
  %4 = arith.remf %3, %b : f32
  %5 = arith.negf %4 fastmath<reassoc> : f32
  %6 = arith.maximumf %5, %a : f32
  %7 = arith.minnumf %6, %a fastmath<contract,afn> : f32
  %8 = arith.addf %v, %v : vector<2xf64>
  %9 = arith.cmpf oeq, %a, %b : f32
  %10 = arith.cmpf une, %a, %b fastmath<fast> : f32
  %11 = arith.cmpf false, %a, %b : f32
  %12 = arith.cmpf true, %v, %v : vector<2xf64>
  %13 = arith.extf %h : f16 to f32
  %14 = arith.truncf %a : f32 to f16
  %15 = arith.truncf %a to_nearest_even : f32 to f16
  %16 = arith.truncf %a downward fastmath<fast> : f32 to f16
  %17 = arith.extf %h fastmath<nnan> : f16 to f32
  return %7 : f32
}
