// Covers: type attributes of builtin and dialect types, inside dictionaries and arrays.
"foo.op"() {a = i32, b = f32, c = tensor<?xf32>, d = !foo.t, e = [index, none, vector<[4]xi1>], f = (i32) -> (), g = memref<*xf32>, h = tuple<i1>, i = complex<f32>} : () -> ()
