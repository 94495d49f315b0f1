// Covers: an op carrying both properties and discardable attributes, with operands, results and a region.
%0 = "foo.def"() : () -> i32
%1 = "foo.op"(%0) <{prop = 1 : i64}> ({
  "foo.inner"() <{p = true}> {d = false} : () -> ()
}) {disc = "x", another = 2 : i8} : (i32) -> i64
