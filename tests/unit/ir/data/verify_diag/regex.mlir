// `-re` messages: valid ones are matched as regular expressions, invalid ones
// are reported before anything else.

"t.use"(%undefined) : (i32) -> ()
// expected-error-re@-1 {{use of {{[[:alpha:]]+}} SSA {{(value|name)+}} name}}

// -----

// Outside `{{...}}` a `-re` message is plain text.
"t.use"(%undefined2) : (i32) -> ()
// expected-error-re@-1 {{^use of undeclared}}

// -----

"t.use"(%undefined3) : (i32) -> ()
// expected-error-re@-1 {{{{^}}use of undeclared}}

// -----

// expected-error-re {{abc {{[a-}} def}}
// expected-error-re {{abc {{(}} def}}
// expected-error-re {{abc {{x}}
// expected-error-re {{x {{a**}}}}
// expected-error-re {{x {{a{1,2}}}}
// expected-error-re {{x {{a{300}}}}}
// expected-error-re {{x {{a\}}}}
// expected-error-re {{x {{\2}}}}
// expected-error-re {{x {{[[:foo:]]}}}}
// expected-error-re {{x {{[[.ab.]]}}}}
// expected-error-re {{x {{[z-a]}}}}
// expected-error-re {{x {{a|}}}}
// expected-error-re {{{{}}}}
// expected-error-re {{}}
// expected-error-re {{x {{()}} {{[[.hyphen.]]}} {{[[=a=]]}} {{a{,2}}}}}
