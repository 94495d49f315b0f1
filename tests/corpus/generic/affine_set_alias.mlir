// Covers: integer sets (affine_set) as attributes get #set aliases; equalities and inequalities.
"foo.op"() {s = affine_set<(d0) : (d0 >= 0)>, t = affine_set<(d0, d1)[s0] : (d0 - d1 == 0, s0 - d0 - 1 >= 0, d1 >= 0)>, u = affine_set<() : (0 == 0)>} : () -> ()
"foo.op"() {again = affine_set<(d0) : (d0 >= 0)>} : () -> ()
