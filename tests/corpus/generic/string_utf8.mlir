// Covers: string attributes holding non-ASCII UTF-8 text, raw and written as hex escapes.
"foo.op"() {a = "héllo wörld", b = "日本語", c = "emoji 🎉", d = "\C3\A9", e = "∀x ∈ ℝ", f = "\E2\82\AC"} : () -> ()
