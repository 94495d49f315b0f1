// Covers: defvar at top level, in a class body, in foreach, shadowing by scope.
defvar Width = 32;
defvar Names = ["a", "b"];

class Sized<int n> {
  defvar doubled = !mul(n, 2);
  int size = doubled;
  int global = Width;
}

def S1 : Sized<4>;
foreach name = Names in {
  defvar upper = !toupper(name);
  def Item_ # name {
    string label = upper;
  }
}
