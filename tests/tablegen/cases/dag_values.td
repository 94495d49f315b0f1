// Covers: dag values with operators, named arguments ($x), nested dags, ? and empty dags.
def ins;
def outs;
def op_a;
class Shape { dag args = (ins); }
def D1 : Shape {
  let args = (ins op_a:$x, ?:$y, (outs op_a:$z):$nested, "str", 5);
  dag empty = (outs);
  dag unnamed = (op_a $only);
}
