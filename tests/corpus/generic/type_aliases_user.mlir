// Covers: type aliases defined in the input are resolved; the output spells the types out.
!i = i32
!vec = vector<4x!i>
!fn = (!i) -> !vec
%0 = "foo.op"() {t = !fn} : () -> !vec
"foo.use"(%0) : (!vec) -> ()
