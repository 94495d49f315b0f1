// Value forms: bits, ints in three bases, strings and code, lists, dags, `?`, slices.
def ins;
def outs;
class Leaf;
def L : Leaf;
def V {
  bit flag = true;
  bits<6> bs = {1, 0, ?, 1, 0, 1};
  bits<4> low = bs{3-0};
  int dec = -17;
  int hex = 0x1F;
  int bin = 0b101;
  string str = "a\"b" "c";
  code text = [{ return x; }];
  list<int> nums = [1, 2, 3, 4];
  list<int> some = nums[1...2];
  int third = nums[2];
  dag d = (ins L:$a, "s", 3, ?:$b, (outs $c));
  string unset = ?;
  list<string> empty = []<string>;
}
