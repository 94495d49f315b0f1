// Covers: affine expressions are printed simplified and canonically ordered.
"foo.op"() {a = affine_map<(d0, d1)[s0, s1] -> (d0 + d1 * 2 + s0, d1 - d0, -d0, s1 * (d0 floordiv 2))>, b = affine_map<(d0) -> (d0 * 1 + 0, 2 + 3, d0 mod 4 mod 4)>, c = affine_map<(d0, d1) -> (d0 + d0, (d1 + 1) ceildiv 3)>} : () -> ()
