// Covers: bits<n> fields, bit literals, {...} initializers, slices, binary and hex literals.
class Enc { bits<8> word = 0; bit flag = 0; }
def E1 : Enc {
  let word = 0b10100101;
  let flag = 1;
  bits<4> low = word{3-0};
  bits<4> high = word{7...4};
  bits<3> mixed = {flag, 0, 1};
  int hex = 0x1F;
  bits<2> rev = word{0-1};
}
