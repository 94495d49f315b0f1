// Covers: tuples of 17 or more elements print through `!tuple` aliases; alias definitions are ordered by a depth that counts every level of nesting; typed strings look for aliases in their type; aliases of unregistered dialect attributes and types are not kept.
#mine = #foo.bar<1>
!yours = !foo.baz<2>
%0 = "foo.op"() {a = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i2>, b = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, tensor<2xf32, affine_map<(d0) -> (d0 + 1)>>>, c = loc(callsite("a":1:2 at "b":3:4))} : () -> (tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i2>)
"foo.op"(%0) <{p = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i2>>}> {d = "s" : memref<2xf32, affine_map<(d0) -> (d0 * 2)>>, e = #mine, f = !yours} : (tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i2>) -> ()
