// Covers: empty, flat and nested tuple types.
"foo.op"() : () -> (tuple<>, tuple<i32>, tuple<i32, f32>, tuple<tuple<>, tuple<i1, tuple<f16>>>, tuple<tensor<2xi8>, none>)
