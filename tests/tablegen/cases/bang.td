// The `!` operators.
class P<string n> { string name = n; }
def PA : P<"a">;
def PB : P<"b">;
def ins;
def Ops {
  int arith = !add(1, !mul(2, 3), !sub(10, 4));
  int shifts = !or(!shl(1, 4), !srl(64, 2), !sra(-8, 1), !and(7, 5), !xor(1, 3));
  bit cmp = !and(!lt(1, 2), !le(2, 2), !gt(3, 2), !ge(3, 3), !ne(1, 2), !eq("x", "x"));
  bit negated = !not(0);
  string s = !strconcat("a", "b", !toupper("c"), !tolower("D"));
  string sub = !subst("x", "y", "axbx");
  string piece = !substr("abcdef", 1, 3);
  int found = !find("abcdef", "cd");
  string joined = !interleave(["a", "b", "c"], ", ");
  list<int> mapped = !foreach(x, [1, 2, 3], !mul(x, x));
  list<int> kept = !filter(x, [1, 2, 3, 4], !eq(!and(x, 1), 0));
  int folded = !foldl(0, [1, 2, 3], acc, x, !add(acc, x));
  list<int> cat = !listconcat([1], [2, 3]);
  list<int> rng = !range(4);
  int head = !head([5, 6]);
  list<int> tail = !tail([5, 6]);
  bit empty = !empty([]<int>);
  string chosen = !if(1, "yes", "no");
  string cond = !cond(!eq(1, 2): "a", true: "b");
  bit isa = !isa<P>(PA);
  string casted = !cast<string>(PB);
  P byname = !cast<P>("PA");
  dag d = !con((ins 1), (ins 2));
  list<string> names = !foreach(p, [PA, PB], p.name);
}
