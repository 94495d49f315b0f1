// Covers: textual value names, block names and argument names from the input are replaced by numbered names.
%zeta = "foo.op"() : () -> i32
%alpha = "foo.op"(%zeta) : (i32) -> i32
%42 = "foo.op"(%alpha) : (i32) -> i32
%x_y.z$1 = "foo.op"(%42) : (i32) -> i32
"foo.region"() ({
^my_block(%first: i32, %second: i32):
  "foo.br"(%first)[^other] : (i32) -> ()
^other(%third: i32):
  "foo.use"(%third, %second, %x_y.z$1) : (i32, i32, i32) -> ()
}) : () -> ()
