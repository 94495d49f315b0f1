// Covers: several top-level ops, including a module, are wrapped in an implicit builtin.module.
"builtin.module"() ({
  "foo.inner"() : () -> ()
}) : () -> ()
"foo.op"() : () -> ()
