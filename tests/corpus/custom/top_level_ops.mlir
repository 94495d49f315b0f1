func.func private @a()
func.func private @b() -> (i1, i1)
"test.unregistered"() : () -> ()
func.func @c() -> i1 {
  %true = arith.constant true
  return %true : i1
}
