// Covers: a single explicit builtin.module at top level is printed as is (not wrapped), with its attributes.
"builtin.module"() <{sym_name = "outer"}> ({
  "builtin.module"() ({
    "foo.op"() : () -> ()
  }) {foo.tag} : () -> ()
}) {foo.top = 1 : i32} : () -> ()
