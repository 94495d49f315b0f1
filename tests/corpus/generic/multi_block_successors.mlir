// Covers: multi-block regions with successors, successor operands and block arguments; block label renumbering.
"foo.region"() ({
^entry(%a: i32, %b: i1):
  "foo.br"(%a)[^exit] : (i32) -> ()
^mid:
  "foo.cond"(%b, %a, %a)[^exit, ^loop] : (i1, i32, i32) -> ()
^loop(%x: i32):
  "foo.br"(%x)[^exit] : (i32) -> ()
^exit(%r: i32):
  "foo.return"(%r) : (i32) -> ()
}) : () -> ()
