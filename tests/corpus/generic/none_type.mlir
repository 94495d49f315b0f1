// Covers: the none type.
%0 = "foo.op"() : () -> none
"foo.use"(%0) {t = none} : (none) -> ()
