// Covers: defset collecting the defs (and defm) made inside it, and a nested defset.
class Thing<int v> { int value = v; }
multiclass Pair<int v> {
  def _lo : Thing<v>;
  def _hi : Thing<!add(v, 1)>;
}
defset list<Thing> AllThings = {
  def T0 : Thing<0>;
  defset list<Thing> Inner = {
    def T1 : Thing<1>;
  }
  defm P : Pair<10>;
}
def Count {
  int all = !size(AllThings);
  int inner = !size(Inner);
}
