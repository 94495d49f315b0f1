// Covers: dense attributes whose type is a vector, including 0-d and multi-dimensional vectors.
"foo.op"() {a = dense<[1, 2, 3, 4]> : vector<4xi32>, b = dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>, c = dense<5> : vector<i8>, d = dense<[true, false]> : vector<2xi1>} : () -> ()
