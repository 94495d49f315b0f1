// Covers: attribute names that need quoting, with escapes; sorting uses the unescaped name.
"foo.op"() {"a\"b" = 1, a = 2, b = 3, "with space" = 4, "ü" = 6} : () -> ()
