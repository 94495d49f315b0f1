// The operators LLVM 22 added to the ones in bang.td.
class P { int v = 0; }
def P1 : P;
def P2 : P { let v = 2; }
def foo;
def X {
  list<int> f1 = !listflatten([[1, 2], [3], []<int>]);
  list<int> f2 = !listflatten([1, 2]);
  list<list<int>> f3 = !listflatten([[[1]], [[2, 3]]]);
  bit m1 = !match("abc", "b.");
  bit m2 = !match("abc", "^b");
  bit m3 = !match("a1", "[[:digit:]]");
  bit m4 = !match("aB", "^[[:lower:]][[:upper:]]$");
  bit m5 = !match("a+b", "a+b");
  bit m6 = !match("a[d", "[[d]");
  string on = !getdagopname((foo:$x 1, 2));
  string none = !getdagopname((foo 1, 2));
  dag so = !setdagopname((foo 1, 2), "y");
  dag sa = !setdagarg((foo 1:$a, 2:$b), 0, 5);
  dag sb = !setdagarg((foo 1:$a, 2:$b), "b", 7);
  dag sn = !setdagname((foo 1:$a, 2:$b), 1, "c");
  dag sm = !setdagname((foo 1:$a, 2:$b), "a", "z");
  dag su = !setdagname((foo 1:$a, 2:$b), 0, ?);
  list<P> i1 = !instances<P>();
  list<P> i2 = !instances<P>("P2");
  list<P> i3 = !instances<P>("1");
  string r = !repr([1, 2]);
  bit in1 = !initialized(?);
  string n1 = !getdagname((foo 1:$a), 0);
  int g1 = !getdagarg<int>((foo 1:$a), "a");
}
// `!instances` is folded when the def that uses it is complete: it sees the
// defs made before that, anonymous ones and those of a multiclass included.
class C { list<P> l = !instances<P>(); }
def Y : C;
def P4 : P;
def Z : C;
def W { P x = P<>; list<P> l = !instances<P>(); }
defvar v = !instances<P>();
def V { list<P> l = v; }
multiclass M { def _a : P; def _b { list<P> l = !instances<P>(); } }
defm m : M;
def E { list<P> l = !instances<P>("^P4$"); list<P> n = !instances<P>("P[[:digit:]]+"); }
def Last : P;
