// Covers: discardable attributes, an empty attribute dictionary (dropped), dialect-prefixed attribute names.
"foo.op"() {} : () -> ()
"foo.op"() {foo.dialect_attr = 1 : i32, "quoted.name" = 2 : i32, plain} : () -> ()
