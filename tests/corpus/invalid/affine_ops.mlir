// Covers: verifier and custom-syntax errors of affine.apply, min, max, for, if and yield.
func.func @apply_dim_as_symbol() {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{dimensional operand cannot be used as a symbol}}
    %0 = affine.apply affine_map<()[s0] -> (s0)>()[%i]
  }
  return
}
// -----
func.func @apply_count(%n: index) {
  // expected-error@+1 {{'affine.apply' op operand count and affine map dimension and symbol count must match}}
  %0 = "affine.apply"(%n, %n) <{map = affine_map<(d0) -> (d0)>}> : (index, index) -> index
  return
}
// -----
func.func @apply_results(%n: index) {
  // expected-error@+1 {{'affine.apply' op mapping must produce one value}}
  %0 = "affine.apply"(%n) <{map = affine_map<(d0) -> (d0, d0)>}> : (index) -> index
  return
}
// -----
func.func @apply_syntax(%n: index) {
  // expected-error@+1 {{custom op 'affine.apply' dimension or symbol index mismatch}}
  %0 = affine.apply affine_map<(d0) -> (d0)>(%n, %n)
  return
}
// -----
func.func @min_count(%n: index) {
  // expected-error@+1 {{'affine.min' op operand count and affine map dimension and symbol count must match}}
  %0 = affine.min affine_map<(d0) -> (d0)>(%n, %n)
  return
}
// -----
func.func @max_results(%n: index) {
  // expected-error@+1 {{'affine.max' op affine map expect at least one result}}
  %0 = "affine.max"(%n) <{map = affine_map<(d0) -> ()>}> : (index) -> index
  return
}
// -----
func.func @for_symbol() {
  affine.for %i = 0 to 10 {
    %x = "test.x"() : () -> index
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %x {
    }
  }
  return
}
// -----
func.func @for_dim() {
  affine.for %i = 0 to 10 {
    %x = "test.x"() : () -> index
    // expected-error@+1 {{'affine.for' op operand cannot be used as a dimension id}}
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%x) {
    }
  }
  return
}
// -----
func.func @for_iv_as_symbol() {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %i {
    }
  }
  return
}
// -----
func.func @for_iter_arg_as_dim(%n: index) {
  %r = affine.for %i = 0 to 10 iter_args(%a = %n) -> (index) {
    // expected-error@+1 {{'affine.for' op operand cannot be used as a dimension id}}
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%a) {
    }
    affine.yield %a : index
  }
  return
}
// -----
func.func @for_nested_region(%n: index) {
  "test.region"() ({
    %x = "test.x"() : () -> index
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %k = 0 to %x {
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
// -----
func.func @for_negative_step() {
  // expected-error@+1 {{custom op 'affine.for' expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 10 step -1 {
  }
  return
}
// -----
func.func @for_upper_results() {
  // expected-error@+1 {{'affine.for' op expected upper bound map to have at least one result}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> ()>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}
// -----
func.func @for_lower_results() {
  // expected-error@+1 {{'affine.for' op expected lower bound map to have at least one result}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> ()>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (1)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}
// -----
func.func @for_induction_var_type() {
  // expected-error@+1 {{'affine.for' op expected body to have a single index argument for the induction variable}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: f32):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}
// -----
func.func @for_inits_and_iter_args(%f: f32) {
  // expected-error@+1 {{'affine.for' op different number of inits and region iter_args: 1 != 0}}
  %r = "affine.for"(%f) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"(%f) : (f32) -> ()
  }) : (f32) -> f32
  return
}
// -----
func.func @for_init_type(%f: f32) {
  // expected-error@+1 {{'affine.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'index'}}
  %r = "affine.for"(%f) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index, %a: index):
    "affine.yield"(%f) : (f32) -> ()
  }) : (f32) -> f32
  return
}
// -----
func.func @for_syntax_symbols(%n: index) {
  // expected-error@+1 {{custom op 'affine.for' symbol operand count and affine map symbol count must match}}
  affine.for %i = 0 to affine_map<(d0) -> (d0)>(%n)[%n] {
  }
  return
}
// -----
func.func @for_syntax_dims(%n: index) {
  // expected-error@+1 {{custom op 'affine.for' dim operand count and affine map dim count must match}}
  affine.for %i = 0 to affine_map<(d0, d1) -> (d0)>(%n) {
  }
  return
}
// -----
func.func @for_syntax_two_operands(%n: index) {
  // expected-error@+1 {{custom op 'affine.for' expected only one loop bound operand}}
  affine.for %i = 0 to %n, %n {
  }
  return
}
// -----
func.func @for_syntax_bound_kind(%n: index) {
  // expected-error@+1 {{custom op 'affine.for' expected valid affine map representation for loop bounds}}
  affine.for %i = 0 to "foo" {
  }
  return
}
// -----
func.func @for_syntax_results(%f: f32) {
  // expected-error@+1 {{custom op 'affine.for' mismatch between the number of loop-carried values and results}}
  %r = affine.for %i = 0 to 10 iter_args(%a = %f) -> (f32, f32) {
  }
  return
}
// -----
func.func @for_syntax_min_prefix(%n: index) {
  // expected-error@+1 {{custom op 'affine.for' upper loop bound affine map with multiple results requires 'min' prefix}}
  affine.for %i = 0 to affine_map<(d0) -> (d0, 4)>(%n) {
  }
  return
}
// -----
func.func @for_syntax_max_prefix(%n: index) {
  // expected-error@+1 {{custom op 'affine.for' lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %i = affine_map<(d0) -> (d0, 4)>(%n) to 10 {
  }
  return
}
// -----
func.func @for_syntax_to(%n: index) {
  // expected-error@+1 {{custom op 'affine.for' expected 'to' between bounds}}
  affine.for %i = 0 10 {
  }
  return
}
// -----
func.func @if_count(%n: index) {
  // expected-error@+1 {{'affine.if' op operand count and condition integer set dimension and symbol count must match}}
  "affine.if"(%n, %n) <{condition = affine_set<(d0) : (d0 >= 0)>}> ({
    "affine.yield"() : () -> ()
  }, {
  }) : (index, index) -> ()
  return
}
// -----
func.func @if_symbol() {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{'affine.if' op operand cannot be used as a symbol}}
    affine.if affine_set<()[s0] : (s0 >= 0)>()[%i] {
    }
  }
  return
}
// -----
func.func @if_dim(%f: f32) {
  affine.for %i = 0 to 10 {
    %x = "test.x"() : () -> index
    // expected-error@+1 {{'affine.if' op operand cannot be used as a dimension id}}
    affine.if affine_set<(d0) : (d0 >= 0)>(%x) {
    }
  }
  return
}
// -----
func.func @if_region_arguments(%n: index) {
  // expected-error@+1 {{'affine.if' op region #1 should have no arguments}}
  "affine.if"(%n) <{condition = affine_set<(d0) : (d0 >= 0)>}> ({
    "affine.yield"() : () -> ()
  }, {
  ^bb0(%a: index):
    "affine.yield"() : () -> ()
  }) : (index) -> ()
  return
}
// -----
func.func @if_results_without_else(%n: index, %f: f32) {
  // expected-error@+2 {{'affine.if' op along control flow edge from parent to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note@+1 {{region branch point}}
  %r = affine.if affine_set<(d0) : (d0 >= 0)>(%n) -> f32 {
    affine.yield %f : f32
  }
  return
}
// -----
func.func @if_syntax_dims(%n: index) {
  // expected-error@+1 {{custom op 'affine.if' dim operand count and integer set dim count must match}}
  affine.if affine_set<(d0) : (d0 >= 0)>(%n, %n) {
  }
  return
}
// -----
func.func @if_syntax_symbols(%n: index) {
  // expected-error@+1 {{custom op 'affine.if' symbol operand count and integer set symbol count must match}}
  affine.if affine_set<(d0)[s0] : (d0 >= 0)>(%n) {
  }
  return
}
// -----
func.func @yield_parent() {
  "test.region"() ({
    // expected-error@+1 {{'affine.yield' op only terminates affine.if/for/parallel regions}}
    affine.yield
  }) : () -> ()
  return
}
// -----
func.func @yield_count(%f: f32) {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield %f : f32
  }
  return
}
// -----
func.func @yield_types(%f: f32, %n: index) {
  %r = affine.for %i = 0 to 10 iter_args(%a = %f) -> (f32) {
    // expected-error@+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %n : index
  }
  return
}
// -----
func.func @for_missing_yield(%f: f32) {
  // The implied yield is at the loop's location.
  // expected-error@+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
  %r = affine.for %i = 0 to 10 iter_args(%a = %f) -> (f32) {
  }
  return
}
