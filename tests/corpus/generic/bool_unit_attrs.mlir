// Covers: bool and unit attributes, and a unit attribute written without a value.
"foo.op"() {flag, t = true, f = false, u = unit, arr = [true, unit, false]} : () -> ()
