// multiclass/defm with NAME, template arguments, inheriting a class in defm.
class Inst<string mnemonic, int size> { string asm = mnemonic; int bytes = size; }
class Tagged { bit tagged = 1; }
multiclass Arith<string op, int base = 4> {
  def _rr : Inst<op # " r, r", base>;
  def _ri : Inst<op # " r, imm", !add(base, 4)>;
  def NAME#_m : Inst<op # " mem", 8>;
}
defm ADD : Arith<"add">;
defm SUB : Arith<"sub", 2>, Tagged;
