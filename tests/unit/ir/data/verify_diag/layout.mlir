// Tabs, a non-ASCII line and no final newline change how lines are shown.

	"t.use"(%a,	%b) : (i32) -> ()
	// expected-error {{tabbed}}
"t.attr"() {text = "café"} : () -> () // expected-error {{café was not emitted}}
// -----
"t.use"(%last) : (i32) -> () // expected-error@below {{use of undeclared SSA value name}}