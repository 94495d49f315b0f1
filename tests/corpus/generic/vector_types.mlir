// Covers: fixed-size vectors of several ranks and element types, including 0-d vectors.
"foo.op"() : () -> (vector<4xf32>, vector<2x3xi8>, vector<1x1x1xindex>, vector<f32>, vector<8xi1>, vector<2xf8E5M2>)
