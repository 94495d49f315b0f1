// Covers: ops with empty regions, regions holding one empty block, several regions, and entry blocks with arguments only.
"foo.op"() ({}) : () -> ()
"foo.op"() ({
^bb0:
}) : () -> ()
"foo.op"() ({}, {}, {
^bb0(%arg0: i32):
}) : () -> ()
"foo.op"() ({
^bb0(%x: i32, %y: f32):
}) {keep} : () -> ()
