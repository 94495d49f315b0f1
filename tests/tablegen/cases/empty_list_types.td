// An empty list computed by an operator has the type llvm-tblgen gives it, so
// `Or<...>` of it is the same anonymous record as `Or<[]>` exactly when the
// types agree (the integer enum with no cases of MLIR's EnumAttr.td).
class Pred;
class Or<list<Pred> children> : Pred { list<Pred> c = children; }
class CPred<string s> : Pred { string x = s; }
class Case { Pred predicate = CPred<"case">; }
class Enum<list<Case> cases> {
  // The body's type (Pred) types the empty result: the same list as `[]` here.
  Pred p = Or<!foreach(c, cases, c.predicate)>;
  // A body of a narrower type (CPred) gives a list of another type.
  Pred q = Or<!foreach(c, cases, CPred<"a">)>;
}
def NoCases : Enum<[]>;
def Literal { Pred p = Or<[]>; }
def Concat { Pred p = Or<!listconcat([], [])>; }
def Removed { Pred p = Or<!listremove([], [])>; }
def Chosen { Pred p = Or<!if(1, [], [CPred<"b">])>; }
def Pasted { Pred p = Or<[] # []>; }
def Typed {
  list<int> later = !listconcat([1], []);
  list<int> first = !listconcat([], [1]);
  list<list<int>> nested = !foreach(x, [1], []);
  list<int> cond = !cond(1: []);
}
multiclass M<list<Pred> preds = []> { def _d { list<Pred> l = preds; } }
defm m : M;
