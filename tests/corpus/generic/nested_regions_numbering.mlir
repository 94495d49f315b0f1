// Covers: value and block numbering across nested regions: names restart per isolated scope only at top level.
%0 = "foo.op"() : () -> i32
"foo.outer"() ({
  %1 = "foo.op"() : () -> i32
  "foo.inner"() ({
    %2 = "foo.op"(%0, %1) : (i32, i32) -> i32
    "foo.inner2"() ({
    ^bb0(%a: i32):
      "foo.use"(%a, %2) : (i32, i32) -> ()
    }) : () -> ()
  }) : () -> ()
  %3 = "foo.op"() : () -> i32
}, {
  %4 = "foo.op"() : () -> i32
}) : () -> ()
%5 = "foo.op"() : () -> i32
