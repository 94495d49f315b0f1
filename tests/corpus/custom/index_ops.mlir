// Covers: every index op in custom form, with every cmp predicate, casts and constants.
func.func @arith(%a: index, %b: index) {
  %0 = index.add %a, %b
  %1 = index.sub %a, %b
  %2 = index.mul %a, %b
  %3 = index.divs %a, %b
  %4 = index.divu %a, %b
  %5 = index.ceildivs %a, %b
  %6 = index.ceildivu %a, %b
  %7 = index.floordivs %a, %b
  %8 = index.rems %a, %b
  %9 = index.remu %a, %b
  %10 = index.maxs %a, %b
  %11 = index.maxu %a, %b
  %12 = index.mins %a, %b
  %13 = index.minu %a, %b
  %14 = index.shl %a, %b
  %15 = index.shrs %a, %b
  %16 = index.shru %a, %b
  %17 = index.and %a, %b
  %18 = index.or %a, %b
  %19 = index.xor %a, %b {tag}
  return
}

func.func @compare(%a: index, %b: index) {
  %0 = index.cmp eq(%a, %b)
  %1 = index.cmp ne(%a, %b)
  %2 = index.cmp slt(%a, %b)
  %3 = index.cmp sle(%a, %b)
  %4 = index.cmp sgt(%a, %b)
  %5 = index.cmp sge(%a, %b)
  %6 = index.cmp ult(%a, %b)
  %7 = index.cmp ule(%a, %b)
  %8 = index.cmp ugt(%a, %b)
  %9 = index.cmp uge(%a, %b) {tag}
  return
}

func.func @casts_and_constants(%a: index, %i: i32, %j: i64) -> (index, i1, index) {
  %0 = index.casts %a : index to i32
  %1 = index.castu %a : index to i64
  %2 = index.casts %i : i32 to index
  %3 = index.castu %j : i64 to index
  %4 = index.sizeof
  %c0 = index.constant 0
  %c42 = index.constant 42
  %cm1 = index.constant -1
  %big = index.constant 4294967298
  %min = index.constant -9223372036854775808
  %t = index.bool.constant true
  %f = index.bool.constant false
  %5 = index.add %c42, %big
  %6 = index.divu %big, %c42
  %7 = index.cmp slt(%cm1, %c0)
  %8 = index.maxs %a, %c42
  %9 = index.maxs %8, %min
  return %6, %7, %9 : index, i1, index
}
