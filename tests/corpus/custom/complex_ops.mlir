// Covers: every complex op in custom form, with fastmath flags, constants of float and integer parts, bitcasts both ways, and #complex.number attributes.
func.func @arithmetic(%a: complex<f32>, %b: complex<f32>, %h: complex<f16>, %d: complex<f64>) {
  %0 = complex.add %a, %b : complex<f32>
  %1 = complex.sub %a, %b fastmath<nnan> : complex<f32>
  %2 = complex.mul %h, %h fastmath<fast> : complex<f16>
  %3 = complex.div %d, %d fastmath<nnan,ninf> : complex<f64>
  %4 = complex.pow %a, %b : complex<f32>
  %5 = complex.atan2 %a, %b fastmath<afn> : complex<f32>
  %6 = complex.eq %a, %b : complex<f32>
  %7 = complex.neq %h, %h : complex<f16>
  return
}

func.func @functions(%z: complex<bf16>, %w: complex<f64>) {
  %0 = complex.neg %z : complex<bf16>
  %1 = complex.conj %z fastmath<none> : complex<bf16>
  %2 = complex.exp %w : complex<f64>
  %3 = complex.expm1 %w fastmath<contract> : complex<f64>
  %4 = complex.log %w : complex<f64>
  %5 = complex.log1p %z : complex<bf16>
  %6 = complex.sqrt %w fastmath<reassoc,nsz> : complex<f64>
  %7 = complex.rsqrt %w : complex<f64>
  %8 = complex.sign %z : complex<bf16>
  %9 = complex.sin %w : complex<f64>
  %10 = complex.cos %w fastmath<arcp> : complex<f64>
  %11 = complex.tan %z : complex<bf16>
  %12 = complex.tanh %w {tag} : complex<f64>
  return
}

func.func @parts(%x: f32, %y: f32, %z: complex<f32>, %n: i32, %i: i64, %f: f64) attributes {n = #complex.number<:f32 1.5, -2.0>, m = #complex.number<:f64 0.1, 0x3FF0000000000000>} {
  %0 = complex.create %x, %y : complex<f32>
  %1 = complex.re %0 : complex<f32>
  %2 = complex.im %0 fastmath<fast> : complex<f32>
  %3 = complex.abs %z : complex<f32>
  %4 = complex.angle %z : complex<f32>
  %5 = complex.powi %z, %n : complex<f32>, i32
  %6 = complex.powi %z, %n fastmath<nnan> : complex<f32>, i32
  %7 = complex.constant [1.0 : f32, -2.5 : f32] : complex<f32>
  %8 = complex.constant [0x7FC00000 : f32, 0.0 : f32] {note = #complex.number<:f16 3.0, 4.0>} : complex<f32>
  %9 = complex.constant [3 : i16, -4 : i16] : complex<i16>
  %10 = complex.bitcast %z : complex<f32> to i64
  %11 = complex.bitcast %i : i64 to complex<f32>
  %12 = complex.bitcast %f : f64 to complex<f32>
  %13 = complex.bitcast %z : complex<f32> to complex<f32>
  return
}
