// Covers: symbol references whose names hold non-ASCII text or characters that need escapes.
"foo.op"() {a = @"ñ", b = @"tab\09name", c = @"\E2\82\AC"::@leaf} : () -> ()
