// Covers: string attributes with escape sequences: quotes, backslashes, newlines, tabs and hex escapes.
"foo.op"() {a = "", b = "quote \" inside", c = "back\\slash", d = "line\nbreak", e = "tab\there", f = "\00\01\7F\FF", g = "\41\42\43", h = "mixed \"\\\n\t\0a", i = "bell\07 and del\7f", j = "{}[]<>()#%@^!"} : () -> ()
