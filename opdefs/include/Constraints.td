// Constraint bases and predicates.
//
// Every constraint is declarative: a `kind` field plus the data of that kind
// (widths, element types, ranks), and MLIR's summary text. A predicate, a Python
// boolean expression over `$_self`, is the escape hatch where nothing
// declarative fits (`CPred<"...">`, as in MLIR's Constraints.td).

#ifndef ODSGEN_CONSTRAINTS_TD
#define ODSGEN_CONSTRAINTS_TD

// A predicate; `CPred` holds a Python expression over `$_self`.
class Pred;
class CPred<code pred> : Pred {
  code predExpr = pred;
}
def TruePred : CPred<"True">;

// The base of every constraint: a predicate (unset for declarative ones) and
// the summary MLIR prints in verifier messages and docs.
class Constraint<Pred pred, string desc = ""> {
  Pred predicate = pred;
  string summary = desc;
}

#endif // ODSGEN_CONSTRAINTS_TD
