// Covers: flat and nested symbol references, with names that must be quoted.
"foo.op"() {a = @foo, b = @a::@b, c = @a::@b::@c, d = @"quoted name", e = @"with\"quote"::@"x y", f = @_under.dot$dollar, g = [@x, @y::@z], h = @"1starts_with_digit", i = @"simple"} : () -> ()
