// Covers: attribute aliases defined in the input are resolved; only affine maps and sets get aliases in the output.
#cfg = {mode = "fast", level = 3 : i32}
#lst = [1, #cfg]
#m = affine_map<(d0) -> (d0 * 4)>
#sym = @target
"foo.op"() {a = #cfg, b = #lst, c = #m, d = #sym} : () -> ()
