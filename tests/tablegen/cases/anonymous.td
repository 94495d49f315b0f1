// When and where anonymous class instances are created: a `Class<args>` value
// is shared by equal uses and keeps the location of the first one, even one in
// another class; instances wait for field values until the def is complete,
// `!if` resolves only the branch it takes, and `!cond` resolves each condition
// and its value in turn, whether or not the condition holds.
def ins;
class P<string e> { string expr = e; }
class First<string n> {
  string kind = n;
  P pred = P<"isa<" # kind # ">">;
}
class Second<string n> {
  string kind = n;
  P pred = P<"isa<" # kind # ">">;
}
def S : Second<"s">;
def F : First<"f">;
class Param<string t> { string type = t; }
class Both<string k> : First<k> {
  bit special = 1;
  P choice = !if(special, P<"special " # kind>, P<"plain " # kind>);
  dag params = (ins Param<k>:$value);
}
def B1 : Both<"b1">;
def B2 : Both<"b2"> { let special = 0; }
class C<int x> {
  string kind = "c" # x;
  P c = !cond(!eq(P<"first " # kind>.expr, "") : P<"one " # kind>,
              !eq(P<"second " # kind>.expr, "second c1") : P<"two " # kind>,
              true : P<"three " # kind>);
}
def C1 : C<1>;
