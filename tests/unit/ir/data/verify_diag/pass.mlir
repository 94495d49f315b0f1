// Every annotation is matched, so the check passes.

// expected-error@+1 {{use of undeclared SSA value name}}
"t.use"(%undefined) : (i32) -> ()

// -----

%a = "t.def"() : () -> i32
// expected-note@-1 {{previously defined here}}
// expected-error@+1 {{redefinition of SSA value '%a'}}
%a = "t.def"() : () -> i32

// -----

"t.use"(%x) : (i32) -> () // expected-error {{undeclared}}

// -----

// expected-error-re@below {{use of value '%{{[a-z]+}}' expects different type than prior uses: '{{i[0-9]+}}' vs 'i32'}}
// expected-note@below {{prior use here}}
"t.pair"(%x, %x) : (i32, i64) -> ()

// -----

"t.pair"(%y, %y) : (i32, i64) -> ()
// expected-error@above {{expects different type}}
// expected-note@above {{prior use}}

// -----

// expected-error@+010 {{use of undeclared}}
// An offset with a leading zero is octal: the line above points eight lines down.
//
//
//
//
//
//
"t.use"(%octal) : (i32) -> ()

// -----

"t.use"(%early) : (i32) -> ()

// -----

// Annotations are read from the whole file, so this one reaches back across
// the separator to the previous chunk.
// expected-error@-6 {{use of undeclared}}
"t.fine"() : () -> ()
