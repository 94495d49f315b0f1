// Declarative rewrite rules (DRR): `Pattern`, `Pat`, `NativeCodeCall` and the
// directives of result patterns, with MLIR's v22 argument order.
//
// `Pattern<source, [results], [constraints], [supplemental], (addBenefit n)>`;
// `Pat` is the single-result form. `NativeCodeCall` holds a Python expression
// with the placeholders `$_builder`, `$_loc`, `$_self` and `$0`, `$1`, ....

#ifndef ODSGEN_PATTERNS_TD
#define ODSGEN_PATTERNS_TD

include "Attributes.td"

// Dag operators of patterns.
def addBenefit;
def replaceWithValue;
def either;
def location;
def returnType;

class Pattern<dag source, list<dag> resultPtns, list<dag> preds = [],
              list<dag> supplemental = [], dag benefitAdded = (addBenefit 0)> {
  dag sourcePattern = source;
  list<dag> resultPatterns = resultPtns;
  list<dag> constraints = preds;
  list<dag> supplementalPatterns = supplemental;
  dag benefitDelta = benefitAdded;
  // The named set of the pattern: "canonicalize" for canonicalization patterns;
  // empty for the set named after the dialect. Set it for a group of patterns
  // with `let patternSet = "legalize-tf" in { ... }`.
  string patternSet = "";
}
class Pat<dag pattern, dag result, list<dag> preds = [],
          list<dag> supplemental = [], dag benefitAdded = (addBenefit 0)>
    : Pattern<pattern, [result], preds, supplemental, benefitAdded>;

// Marks a pattern as knowingly unsound, with the reason: a pattern kept because it
// mirrors an upstream one that is unsound too. `odsgen check-patterns` still checks
// it and prints its counterexample, but counts it as known unsound rather than
// failing (and reports it when no counterexample is found).
//   def P : Pat<...>, KnownUnsound<"why">;
class KnownUnsound<string why> {
  string unsoundReason = why;
}

// A Python call in a pattern; `numResults` values are returned.
class NativeCodeCall<string expr, int returns = 1> {
  string expression = expr;
  int numReturns = returns;
}
class NativeCodeCallVoid<string expr> : NativeCodeCall<expr, 0>;

// A multi-entity constraint over bound symbols (`$0`, `$1`, `$_self`).
class PatternConstraint<Pred pred, string desc = ""> : Constraint<pred, desc>;

// A constant attribute in a pattern: `ConstantAttr<I64Attr, "0">`. `spelling`
// is how the pattern wrote it.
class ConstantAttr<Attr attribute, string val> {
  Attr attr = attribute;
  string value = val;
  string spelling = "ConstantAttr<" # !cast<string>(attribute) # ", \"" # val # "\">";
}

def ConstBoolAttrTrue : ConstantAttr<BoolAttr, "true">;
def ConstBoolAttrFalse : ConstantAttr<BoolAttr, "false">;
def ConstUnitAttr : ConstantAttr<UnitAttr, "unit">;

#endif // ODSGEN_PATTERNS_TD
