// Diagnostics without a location and `@unknown` annotations.

// expected-error@unknown {{'builtin.module' op requires one region}}
"builtin.module"() ({
  "t.op"() : () -> ()
}, {
}) : () -> () loc(unknown)

// -----

// One annotation matches every diagnostic it fits, even from another chunk.
"builtin.module"() ({
  "t.op"() : () -> ()
}, {
}) : () -> () loc(unknown)

// -----

"builtin.module"() ({
^bb0(%arg : i32):
  "t.op"() : () -> ()
}) : () -> () loc(unknown)

// -----

// expected-note@unknown {{'builtin.unrealized_conversion_cast' op expected at least one result}}
"builtin.unrealized_conversion_cast"() : () -> () loc(unknown)

// -----

// expected-warning@unknown {{not emitted}}
"t.ok"() : () -> ()
