// Covers: assert statements that hold, at top level, in classes and in defs.
defvar Limit = 8;
assert !le(Limit, 16), "limit too large";
class Bounded<int n> {
  assert !lt(n, Limit), "n must be below the limit";
  int value = n;
}
def B3 : Bounded<3> {
  assert !eq(value, 3), "value is kept";
}
