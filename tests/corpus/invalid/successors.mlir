// Covers: successors that name undefined blocks, blocks of another region, or are used outside a region.
"foo.region"() ({
  // expected-error@+1 {{reference to an undefined block}}
  "foo.br"()[^missing] : () -> ()
}) : () -> ()
// -----
"foo.outer"() ({
  "foo.br"()[^bb1] : () -> ()
^bb1:
  "foo.inner"() ({
    // expected-error@+1 {{reference to an undefined block}}
    "foo.br"()[^bb1] : () -> ()
  ^bb2:
    "foo.ret"() : () -> ()
  }) : () -> ()
  "foo.ret"() : () -> ()
}) : () -> ()
// -----
// expected-error@+1 {{reference to an undefined block}}
"foo.br"()[^bb1] : () -> ()
// -----
// expected-error@+1 {{entry block of region may not have predecessors}}
"foo.region"() ({
^bb0:
  "foo.br"()[^bb0] : () -> ()
}) : () -> ()
