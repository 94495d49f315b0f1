// Covers: errors in the custom syntax of the generated dialects: missing punctuation,
// bad enum keywords, operand counts, use types, unknown ops, function signatures,
// inherent attributes in the attribute dictionary.
func.func @missing_comma(%a: i32) {
  // expected-error@+1 {{expected ','}}
  %0 = arith.addi %a %a : i32
  return
}

// -----

func.func @missing_colon(%a: i32) {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.addi %a, %a
  return
}

// -----

func.func @bad_predicate(%a: i32) {
  // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi bogus, %a, %a : i32
  return
}

// -----

func.func @select_arity(%c: i1, %a: i32) {
  // expected-error@+1 {{expected 3 operands}}
  %0 = arith.select %c, %a : i32
  return
}

// -----

func.func @mismatched_use(%a: i32) {
  // expected-note@-1 {{prior use here}}
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  %0 = arith.addi %a, %a : i64
  return
}

// -----

func.func @unknown_arith(%a: i32) {
  // expected-error@+1 {{custom op 'arith.bogus' is unknown}}
  %0 = arith.bogus %a : i32
  return
}

// -----

// expected-error@+1 {{expected SSA identifier}}
func.func @mixed_args(%a: i32, i32) {
  return
}

// -----

// expected-error@+1 {{expected 'public', 'private', or 'nested'}}
ml_program.global @no_visibility : i32

// -----

func.func @inherent_attr_dict(%a: i32) {
  // expected-error@+1 {{'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint}}
  %0 = arith.addi %a, %a {overflowFlags = 1 : i32} : i32
  return
}

// -----

func.func @bad_successor(%c: i1) {
  // expected-error@+1 {{expected block name}}
  cf.cond_br %c, ^bb1, bb2
^bb1:
  return
}

// -----

func.func @no_body_name() {
  // expected-error@+1 {{expected attribute value}}
  %0 = func.constant : () -> ()
  return
}

// -----

func.func @weight_too_large(%c: i1) {
  // expected-error@+1 {{custom op 'cf.cond_br' integer value too large}}
  cf.cond_br %c weights([1, 2147483648]), ^bb1, ^bb1
^bb1:
  return
}

// -----

func.func @weights_without_comma(%c: i1) {
  // expected-error@+1 {{expected ']'}}
  cf.cond_br %c weights([1 2]), ^bb1, ^bb1
^bb1:
  return
}
