// Covers: the predecessor comments on block labels: none, one, several, repeated, and self-loops; an entry block without a label.
"foo.r"() ({
  "foo.br"()[^bb1] : () -> ()
^bb1:
  "foo.cond"()[^bb2, ^bb2, ^bb1] : () -> ()
^bb2:
  "foo.ret"() : () -> ()
^bb3:
  "foo.br"()[^bb2] : () -> ()
}) : () -> ()
