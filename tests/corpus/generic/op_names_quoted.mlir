// Covers: generic op names with dots, dashes, digits and dollar signs.
"foo.op-name.with.dots"() : () -> ()
"foo.op$1"() : () -> ()
"foo.2"() : () -> ()
"foo_bar.baz_qux"() : () -> ()
