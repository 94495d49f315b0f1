// Covers: if/then/else statements (top level, nested, single statement), !if values and !cond.
defvar On = 1;
if On then {
  def OnlyIfOn;
} else {
  def OnlyIfOff;
}
if !not(On) then
  def NeverMade;
class Pick<int n> {
  int sign = !cond(!lt(n, 0) : -1, !eq(n, 0) : 0, true : 1);
  string kind = !if(!gt(n, 9), "big", "small");
}
def P1 : Pick<12>;
def P2 : Pick<-3>;
foreach n = [0, 5] in {
  if !eq(n, 0) then
    def Zero # n : Pick<n>;
}
