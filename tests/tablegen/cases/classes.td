// Classes with template arguments and defaults, named and anonymous defs,
// multiple superclasses, `field`, and late binding of fields.
class Base<int w, string s = "base"> {
  int width = w;
  string label = s # "_" # width;
  field bits<4> flags = 0b0101;
}
class Named { string name = NAME; }
def One : Base<1>, Named;
def : Base<2, "anon">;
def Two : Base<3> { let width = 7; }
class Ref<Base b> { int w = b.width; Base target = b; }
def UsesRef : Ref<Two>;
def Inline : Ref<Base<9, "x">>;
