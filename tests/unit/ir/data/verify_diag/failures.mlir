// Annotations that fail in each of the ways the check reports.

// expected-error@+1 {{this message is never emitted}}
"t.use"(%undefined) : (i32) -> ()

// -----

%a = "t.def"() : () -> i32
%a = "t.def"() : () -> i32 // expected-error {{redefinition}} expected-note {{previously}}

// -----

// expected-warning@+1 {{use of undeclared}}
"t.use"(%u) : (i32) -> ()

// -----

// expected-note@+2 {{use of undeclared}}
// expected-remark@+1 {{use of undeclared}}
"t.use"(%v) : (i32) -> ()

// -----

// expected-error@-100 {{points before the start of the file}}
// expected-error {{not an annotation}} because text follows it
// expected-error@label {{labels are not part of the grammar}}
// expected-error {{without -re {{.*}} is plain text}}
// expected-error@unknown {{never emitted without a location}}
// expected-remark@+010 {{an octal offset}}
// expected-error @+1   {{spaces around the designator}}
"t.ok"() : () -> ()
// expected-error@below {{a dangling below}}
