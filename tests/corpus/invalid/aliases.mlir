// Covers: references to undefined aliases, alias redefinitions and malformed alias definitions.
// expected-error@+1 {{undefined symbol alias id 'undefined'}}
"foo.op"() {a = #undefined} : () -> ()
// -----
// expected-error@+1 {{undefined symbol alias id 'undefined'}}
"foo.op"() : () -> !undefined
// -----
#a = 1
// expected-error@+1 {{redefinition of attribute alias id 'a'}}
#a = 2
"foo.op"() {x = #a} : () -> ()
// -----
!t = i32
// expected-error@+1 {{redefinition of type alias id 't'}}
!t = i64
// -----
#map = affine_map<(d0) -> (d0)>
// expected-error@+1 {{expected location attribute, but gotaffine_map<(d0) -> (d0)>}}
#loc = loc(#map)
"foo.op"() : () -> () loc(#loc)
