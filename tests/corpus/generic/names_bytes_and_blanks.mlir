// Covers: non-ASCII op names are escaped; dictionary keys are ordered by their bytes; blanks between keywords and brackets, in dimension lists and around `::`; builtin.module's inherent attributes become properties.
"builtin.module"() ({
  "foo.é"() {"\FF" = 1, "\EE\80\80" = 2, "a\C3" = 3, "é" = 4, "\F0\9F\98\80" = 5} : () -> ()
  "foo.op"() {a = dense <1> : tensor < 2 x i32 >, b = array <i32: 1>, c = @a :: @b, d = vector<[ 4 ] x f32>, e = tensor< * x f32>, f = affine_map <(d0) -> (d0)>, g = distinct [0]<1 : i32>} : () -> ()
  "builtin.module"() ({
    "foo.op"() : () -> ()
  }) {sym_name = "inner", foo.x = 1 : i32} : () -> ()
  "builtin.module"() <{sym_visibility = "private"}> ({
  ^bb0:
  }) {sym_name = "other"} : () -> ()
}) {sym_name = "top"} : () -> ()
