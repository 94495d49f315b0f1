// Covers: let ... in { } blocks, single-statement let ... in, nested lets, let of a bit range.
class Opt { int level = 0; string name = "none"; bits<4> mask = 0; }
let level = 1 in {
  def A : Opt;
  let name = "inner", mask<1-0> = 3 in
    def B : Opt;
}
let level = 2 in
def C : Opt;
def D : Opt {
  let mask{3-2} = 2;
}
