// Covers: opaque dialect type and attribute bodies are kept verbatim, escapes included.
%0 = "foo.op"() {a = #foo<"a\"b\0A">} : () -> !foo<"a\"b">
"foo.use"(%0) : (!foo<"a\"b">) -> ()
