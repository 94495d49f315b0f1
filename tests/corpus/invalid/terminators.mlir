// Covers: block-structure rules that hold for any op: successors only on the last op, no predecessors for entry blocks, no empty blocks in multi-block regions.
"foo.func"() ({
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "foo.br"()[^bb1] : () -> ()
  "foo.op"() : () -> ()
^bb1:
  "foo.return"() : () -> ()
}) : () -> ()
// -----
// expected-error@+1 {{entry block of region may not have predecessors}}
"foo.func"() ({
^bb0:
  "foo.br"()[^bb0] : () -> ()
}) : () -> ()
// -----
// expected-error@+1 {{empty block: expect at least a terminator}}
"foo.func"() ({
^bb0:
  "foo.br"()[^bb1] : () -> ()
^bb1:
}) : () -> ()
