// Covers: the index type as operand, result and attribute type.
%0 = "foo.op"() {value = 7 : index} : () -> index
%1 = "foo.op"(%0) : (index) -> index
