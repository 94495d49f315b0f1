// A def name is a value read in name mode: field accesses and list elements
// may be pasted into it (MLIR's ROCDLOps.td).
class Info<string n> { string nameForOp = n; list<string> parts = [n, n # n]; }
foreach t = [Info<"A">, Info<"B">] in {
  def X # t.nameForOp # Op;
  def Y # [t][0].nameForOp;
  def Z # t.parts[1] # _ # t.nameForOp;
}
multiclass M<Info i> {
  def _ # i.nameForOp;
}
defm m : M<Info<"C">>;
