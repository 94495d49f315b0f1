// Covers: fields of class type, lists of records, field references R.f, !cast to a record, ? values.
class Reg<int n> { int num = n; }
def R0 : Reg<0>;
def R1 : Reg<1>;
class Holder { Reg r = ?; list<Reg> regs = []; }
def H : Holder {
  let r = R1;
  let regs = [R0, R1];
  int first = regs[0].num;
  int via = r.num;
  Reg looked_up = !cast<Reg>("R" # 0);
}
