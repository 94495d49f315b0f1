// The `Op` record: operands, attributes, results, regions, successors, format,
// builders and Python hooks, with MLIR's field names.
//
// Hand-written hooks are Python in code blocks: `verifier` (with
// `hasVerifier`), `regionVerifier` (with `hasRegionVerifier`), `fold` (with
// `hasFolder`), `canonicalize` (with `hasCanonicalizeMethod`, or `hasCanonicalizer`
// and patterns) and `extraClassDeclaration` (methods pasted into the op class). A
// flag without its code is an error where the flag is set. A `verifier` is the body of `verify_custom(self)`: it returns MLIR's
// message without the "'dialect.op' op " prefix, or None, and may use the
// public names of `generator.ir` and the dialect's op classes. Builders are
// `OpBuilder<(ins "Type":$name, CArg<"Type", "default">:$x), [{ python body }]>`.

#ifndef ODSGEN_OPS_TD
#define ODSGEN_OPS_TD

include "Dialect.td"
include "Attributes.td"
include "Traits.td"

// Regions.
class RegionConstraint<string regionKind, int n, string desc> {
  string kind = regionKind;
  int blocks = n;
  string summary = desc;
}
def AnyRegion : RegionConstraint<"any", 0, "any region">;
class SizedRegion<int n>
    : RegionConstraint<"sized", n, "region with " # n # " blocks">;
class MinSizedRegion<int n>
    : RegionConstraint<"min_sized", n, "region with at least " # n # " blocks">;
class MaxSizedRegion<int n>
    : RegionConstraint<"max_sized", n, "region with at most " # n # " blocks">;
class VariadicRegion<RegionConstraint region>
    : RegionConstraint<region.kind, region.blocks, region.summary> {
  RegionConstraint baseRegion = region;
}

// Successors.
class SuccessorConstraint<string desc> {
  string summary = desc;
}
def AnySuccessor : SuccessorConstraint<"any successor">;
class VariadicSuccessor<SuccessorConstraint successor>
    : SuccessorConstraint<successor.summary> {
  SuccessorConstraint baseSuccessor = successor;
}

// A builder parameter with a default value: `CArg<"bool", "False">:$flag`.
class CArg<string ty, string value = ""> {
  string type = ty;
  string defaultValue = value;
}
// A custom builder: `(ins ...)` parameters and a Python body.
class OpBuilder<dag params, code bodyCode = ""> {
  dag dagParams = params;
  code body = bodyCode;
  string summary = "";
}

class Op<Dialect dialect, string mnemonic, list<Trait> props = []> {
  Dialect opDialect = dialect;
  string opName = mnemonic;
  string summary = "";
  code description = "";
  list<Trait> traits = props;
  dag arguments = (ins);
  dag results = (outs);
  dag regions = (region);
  dag successors = (successor);
  string assemblyFormat = ?;
  list<OpBuilder> builders = [];
  bit skipDefaultBuilders = 0;
  bit hasVerifier = 0;
  code verifier = ?;
  // Checks that need the verified contents of the regions: the body of
  // `verify_regions(self)`, run after the ops nested in the regions verify.
  bit hasRegionVerifier = 0;
  code regionVerifier = ?;
  bit hasFolder = 0;
  code fold = ?;
  // A reference implementation: the body of `reference(self, <operands>)`, which
  // returns the results' run-time values; what `odsgen run` executes.
  code reference = ?;
  // Canonicalization: `canonicalize` (the body of `canonicalize(op, rewriter)`),
  // or patterns of the set "canonicalize" rooted at the op.
  bit hasCanonicalizer = 0;
  // A canonicalize method: `canonicalize` must be given.
  bit hasCanonicalizeMethod = 0;
  code canonicalize = ?;
  code extraClassDeclaration = ?;
  // A hand-written custom form: Python bodies of `parse` and `print` (see the
  // README). ODS's `hasCustomAssemblyFormat` marks it.
  bit hasCustomAssemblyFormat = 0;
  code parser = ?;
  code printer = ?;
  // The body of `asm_result_names`, result names for the custom printer.
  code asmResultNames = ?;
  // The dialect op names may leave out inside this op's regions.
  string defaultDialect = "";

  // MLIR's fields that mean nothing to Python code: accepted and ignored.
  string cppNamespace = dialect.cppNamespace;
  code extraClassDefinition = ?;
  bit useCustomPropertiesEncoding = 0;
}

#endif // ODSGEN_OPS_TD
