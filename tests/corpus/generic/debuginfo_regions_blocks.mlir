// FLAGS: --mlir-print-debuginfo
// Covers: locations inside a function: arguments of entry and non-entry blocks, terminators, ops in nested regions, shared aliases.
"func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
^bb0(%a: i32 loc("f.c":1:10)):
  "cf.br"(%a)[^bb1] : (i32) -> () loc("f.c":2:3)
^bb1(%b: i32 loc("f.c":3:1)):
  %c = "foo.wrap"() ({
    "foo.yield"(%b) : (i32) -> () loc("f.c":4:5)
  }) : () -> i32 loc(callsite("f.c":5:5 at "main.c":1:1))
  "func.return"(%c) : (i32) -> () loc("f.c":2:3)
}) : () -> () loc("f.c":1:1)
