// Covers: foreach over a list, over m...n and {m-n} ranges, nested foreach, foreach inside a class-free body.
foreach i = 0...2 in
  def R # i { int v = i; }
foreach j = {4-5} in {
  foreach k = ["x", "y"] in {
    def N # j # k { string s = k; int n = j; }
  }
}
foreach v = [1, 2] in
  def L # v;
