// Bits values built from slices and concatenations of other bits values.
class I {
  bits<4> rd;
  bits<2> op = 0b10;
  bits<8> Inst;
  let Inst{7-4} = rd;
  let Inst{3-2} = op;
  let Inst{1-0} = {rd{0}, 1};
}
def A : I { let rd = 0b0101; }
def B : I;
def C {
  bits<4> x = 0b1100;
  bits<8> y = {x, x{1-0}, 0b01};
  bits<6> z = {x{3...2}, x{0, 1}, 1, 0};
  bits<8> w = {y{7-4}, z{3-0}};
  bits<3> v = !cast<bits<3>>(5);
  bits<16> u = {0b1010, !cast<bits<4>>(3), x, y{7-4}};
  int n = !cast<int>(w);
  bits<8> t = {x, !cast<bits<4>>(!add(1, 2))};
  bits<4> s = {y{0}, y{7}, y{1-0}};
}
class J<bits<4> a> { bits<8> e = {a, a{0...3}}; bits<2> f = a{2-1}; }
def D : J<0b0011>;
let Inst<7-6> = 0b11 in
def K : I { let rd = 0b1111; }
