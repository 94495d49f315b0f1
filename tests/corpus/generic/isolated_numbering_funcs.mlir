// Covers: value numbering restarts inside each isolated-from-above func.func, but continues for non-isolated regions.
"func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
^bb0(%a: i32):
  %0 = "foo.op"(%a) : (i32) -> i32
  "func.return"(%0) : (i32) -> ()
}) : () -> ()
"func.func"() <{function_type = (i32) -> i32, sym_name = "g"}> ({
^bb0(%a: i32):
  %0 = "foo.op"(%a) : (i32) -> i32
  %1 = "foo.wrap"() ({
    %2 = "foo.op"(%0) : (i32) -> i32
    "foo.yield"(%2) : (i32) -> ()
  }) : () -> i32
  "func.return"(%1) : (i32) -> ()
}) : () -> ()
%top = "foo.op"() : () -> i32
