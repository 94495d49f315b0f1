// Multiclass inheritance: `multiclass X<args> : Y<...>, Z<...>` puts the records
// of each base multiclass (its arguments may use X's) before X's own, under the
// same NAME; a multiclass made only of bases ends with `;`.
class Inst<string asm, int size> { string text = asm; int bytes = size; }
class Flag { bit flagged = 1; }
multiclass Reg<string op, int size = 4> {
  def _r : Inst<op # " r", size>;
}
let bytes = 9 in
multiclass Mem<string op> {
  def _m : Inst<op # " [m]", 2>;
  def NAME#_mm : Inst<op # " [m], [m]", 3>;
}
multiclass Both<string op, int width> : Reg<op, !mul(width, 2)>, Mem<op # ".w"> {
  def _i : Inst<op # " imm", width>;
}
multiclass Tail<string op> {
  def _t : Inst<op, 0>;
}
multiclass Alias<string op> : Both<op, 1>, Tail<op # "x">;
defm ADD : Both<"add", 8>;
defm SUB : Alias<"sub">, Flag;
multiclass Outer<string op> {
  defm _in : Alias<op>;
}
defm MUL : Outer<"mul">;
