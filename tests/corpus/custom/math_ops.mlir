// Covers: every math op in custom form, on scalars, vectors and tensors, with fastmath flags.
func.func @float_unary(%x: f32, %v: vector<4xf16>, %t: tensor<?xf64>, %b: bf16) {
  %0 = math.absf %x : f32
  %1 = math.acos %x fastmath<fast> : f32
  %2 = math.acosh %v : vector<4xf16>
  %3 = math.asin %t fastmath<nnan,ninf> : tensor<?xf64>
  %4 = math.asinh %b : bf16
  %5 = math.atan %x fastmath<none> : f32
  %6 = math.atanh %v fastmath<afn> : vector<4xf16>
  %7 = math.cbrt %t : tensor<?xf64>
  %8 = math.ceil %b : bf16
  %9 = math.cos %x : f32
  %10 = math.cosh %v : vector<4xf16>
  %11 = math.erf %t fastmath<contract> : tensor<?xf64>
  %12 = math.erfc %b : bf16
  %13 = math.exp %x fastmath<reassoc,nsz> : f32
  %14 = math.exp2 %v : vector<4xf16>
  %15 = math.expm1 %t : tensor<?xf64>
  %16 = math.floor %b : bf16
  %17 = math.log %x : f32
  %18 = math.log10 %v : vector<4xf16>
  %19 = math.log1p %t : tensor<?xf64>
  %20 = math.log2 %b fastmath<arcp> : bf16
  %21 = math.round %x : f32
  %22 = math.roundeven %v : vector<4xf16>
  %23 = math.rsqrt %t : tensor<?xf64>
  %24 = math.sin %b : bf16
  %25 = math.sinh %x : f32
  %26 = math.sqrt %v fastmath<fast> : vector<4xf16>
  %27 = math.tan %t : tensor<?xf64>
  %28 = math.tanh %b : bf16
  %29 = math.trunc %x {tag} : f32
  return
}

func.func @other_ops(%x: f64, %y: f64, %z: f64, %i: i32, %vi: vector<2xi64>, %vf: vector<2xf32>, %n: index, %u: tensor<*xf32>) {
  %0 = math.atan2 %x, %y : f64
  %1 = math.copysign %x, %y fastmath<nnan> : f64
  %2 = math.powf %x, %y : f64
  %3 = math.fma %x, %y, %z fastmath<fast> : f64
  %4 = math.clampf %x to [%y, %z] : f64
  %5 = math.clampf %x to [%y, %z] fastmath<nsz> : f64
  %6 = math.fpowi %x, %i : f64, i32
  %7 = math.fpowi %vf, %vi fastmath<afn> : vector<2xf32>, vector<2xi64>
  %s, %c = math.sincos %x : f64
  %s2, %c2 = math.sincos %u fastmath<fast> : tensor<*xf32>
  %8 = math.absi %i : i32
  %9 = math.ctlz %vi : vector<2xi64>
  %10 = math.cttz %n : index
  %11 = math.ctpop %i : i32
  %12 = math.ipowi %vi, %vi : vector<2xi64>
  %13 = math.isfinite %x : f64
  %14 = math.isinf %vf : vector<2xf32>
  %15 = math.isnan %u : tensor<*xf32>
  %16 = math.isnormal %x {fastmath = #arith.fastmath<nnan>} : f64
  return
}

func.func @folds() -> (f32, f64, i32, i1, vector<2xf32>, f16) {
  %c = arith.constant 2.500000e+00 : f32
  %d = arith.constant -1.000000e+00 : f64
  %i = arith.constant 12 : i32
  %v = arith.constant dense<[0.5, 0x7FC00000]> : vector<2xf32>
  %h = arith.constant 0x7C00 : f16
  %p = ub.poison : f32
  %0 = math.sin %c : f32
  %1 = math.acos %d : f64
  %2 = math.ctpop %i : i32
  %3 = math.isinf %h : f16
  %4 = math.exp %v : vector<2xf32>
  %5 = math.floor %h : f16
  %6 = math.powf %0, %p : f32
  return %6, %1, %2, %3, %4, %5 : f32, f64, i32, i1, vector<2xf32>, f16
}
