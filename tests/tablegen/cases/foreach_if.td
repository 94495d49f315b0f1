// foreach over lists and ranges (`a...b`, `{a-b}`), if/then/else, assert, defset.
class R<int n> { int num = n; }
defset list<R> All = {
  foreach i = [1, 2, 3] in
    def R#i : R<i>;
  foreach i = 0...1 in {
    if !eq(i, 0) then def Zero#i : R<i>; else def NonZero#i : R<i>;
  }
  foreach j = {5-6, 9} in def Q#j : R<j>;
}
def Collected { list<R> members = All; int count = !size(All); }
assert !eq(!size(All), 8), "eight records";
