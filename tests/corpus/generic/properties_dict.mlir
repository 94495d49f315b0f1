// Covers: properties <{...}> on unregistered ops, sorted like dictionaries, holding many attribute kinds.
"foo.op"() <{z = 1 : i32, a = "s", m = [1, 2], n = {inner = unit}, t = f32}> : () -> ()
"foo.op"() <{}> : () -> ()
