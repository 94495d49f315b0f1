// Covers: attribute dictionaries and nested dictionary attributes are printed sorted by name; quoted names.
"foo.op"() {zeta = 1 : i32, alpha = {z = 2, b = {y = 3, a = 4}, "quoted name" = 5}, mid = {}, "a-b" = 6, _x = 7, B = 8} : () -> ()
