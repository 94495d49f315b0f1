// Covers: the # paste operator on names and values, NAME in multiclasses, string literal concatenation.
class Named<string p> { string prefix = p; string joined = p # "_suffix"; }
def Pre # fix : Named<"x">;
def "quoted" # Name : Named<"q" "r">;
multiclass M<string s> {
  def NAME # _a : Named<s>;
  def _b : Named<NAME # s>;
}
defm Base : M<"m">;
defvar n = 3;
def Num # n : Named<!cast<string>(n)>;
