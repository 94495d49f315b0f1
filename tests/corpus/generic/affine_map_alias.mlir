// Covers: affine maps as attributes get #map aliases, numbered in the order they are printed; one alias per distinct map.
"foo.op"() {m = affine_map<(d0) -> (d0 + 1)>, l = affine_map<(d0, d1)[s0] -> (d0 mod 2, d1 floordiv s0, d0 ceildiv 4)>, again = affine_map<(d0) -> (d0 + 1)>} : () -> ()
"foo.op"() {x = affine_map<() -> ()>, y = affine_map<(d0, d1) -> (d1, d0)>, z = affine_map<()[s0] -> (s0 * 2 - 1)>} : () -> ()
"foo.op"() {inline = [affine_map<(d0) -> (d0 + 1)>, affine_map<(d0) -> (3)>]} : () -> ()
