// RUN-WITHOUT: --allow-unregistered-dialect
// Covers: ops, types and attributes of an unregistered dialect are rejected unless they are allowed.
// expected-error@+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
"foo.bar"() : () -> ()
