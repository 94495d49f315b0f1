// Covers: deeply nested regions with indentation, and a value from the outermost level used at the innermost one.
%0 = "foo.op"() : () -> i32
"foo.l1"() ({
  "foo.l2"() ({
    "foo.l3"() ({
      "foo.l4"() ({
        "foo.l5"() ({
          "foo.l6"() ({
            "foo.l7"() ({
              "foo.l8"() ({
                "foo.use"(%0) : (i32) -> ()
              }) : () -> ()
            }) : () -> ()
          }) : () -> ()
        }) : () -> ()
      }) : () -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()
