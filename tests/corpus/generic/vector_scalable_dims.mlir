// Covers: scalable vector dimensions, alone and mixed with fixed dimensions.
"foo.op"() : () -> (vector<[4]xf32>, vector<2x[4]xi8>, vector<[2]x[2]xf32>, vector<[1]x3x[8]xi16>)
