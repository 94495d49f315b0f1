// vector.extract with static, dynamic and poison positions, down to an element or a sub-vector.

func.func @f(%v: vector<4x4xi32>, %i: index, %1: index, %2: index, %s: vector<[4]x4xi32>, %z: vector<i32>) {
  %0 = vector.extract %v[%i, 2] : i32 from vector<4x4xi32>
  %r1 = vector.extract %v[1] : vector<4xi32> from vector<4x4xi32>
  %r2 = vector.extract %v[] : vector<4x4xi32> from vector<4x4xi32>
  %r3 = vector.extract %v[-1, %i] : i32 from vector<4x4xi32>
  %r4 = vector.extract %v[0, 0] : vector<1xi32> from vector<4x4xi32>
  %3 = vector.extract %v[%1, %2] : i32 from vector<4x4xi32>
  %4 = vector.extract %s[1] : vector<4xi32> from vector<[4]x4xi32>
  %5 = vector.extract %s[%i, 1] {tag} : i32 from vector<[4]x4xi32>
  %6 = vector.extract %z[] : i32 from vector<i32>
  return
}
