// `let` in bodies, `let ... in { }` and `let ... in stmt`, bit-range lets, defvar.
class C { int a = 1; bits<8> b = 0; string s = "c"; }
defvar limit = 42;
let a = limit in {
  def L1 : C;
  let s = "inner" in def L2 : C;
}
def L3 : C { let b{3-0} = 0xF; let b{7} = 1; }
def L4 : C {
  defvar local = !add(limit, 1);
  let a = local;
}
