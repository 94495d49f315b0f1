// Covers: uses before definitions at module level and inside unregistered ops' regions (not checked for dominance); cycles.
"foo.use"(%later) : (i32) -> ()
%later = "foo.op"() : () -> i32
"foo.graph"() ({
  %a = "foo.op"(%b) : (i32) -> i32
  %b = "foo.op"(%a) : (i32) -> i32
  %c = "foo.self"(%c) : (i32) -> i32
}) : () -> ()
