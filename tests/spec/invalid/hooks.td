// Flags that ask for hand-written code that is not there, each reported where
// the flag (or builder) asks for it.
include "OpBase.td"

def H_Dialect : Dialect {
  let name = "h";
  // ERROR: 8:7 'hasConstantMaterializer' is set but 'h' has no constant materializer [hint: give a function `def materialize_constant(rewriter, value, type_, loc) -> Operation | None` in the dialect's `let extraClassDeclaration = [{ ... }]`]
  let hasConstantMaterializer = 1;
  // ERROR: 10:7 'hasCanonicalizer' is set but 'h' has no canonicalization patterns [hint: add patterns to the pattern set 'canonicalize' (let patternSet = "canonicalize" in { ... })]
  let hasCanonicalizer = 1;
}

class H_Op<string mnemonic, list<Trait> traits = []> : Op<H_Dialect, mnemonic, traits>;

def H_VerifiedOp : H_Op<"verified"> {
  // ERROR: 17:7 'hasVerifier' is set but 'H_VerifiedOp' has no verifier [hint: give the body of `def verify_custom(self) -> str | None` as `let verifier = [{ ... }]`]
  let hasVerifier = 1;
  // ERROR: 19:7 'hasRegionVerifier' is set but 'H_VerifiedOp' has no region verifier [hint: give the body of `def verify_regions(self) -> str | None` as `let regionVerifier = [{ ... }]`]
  let hasRegionVerifier = 1;
}

def H_FoldedOp : H_Op<"folded"> {
  let results = (outs I32:$r);
  // ERROR: 25:7 'hasFolder' is set but 'H_FoldedOp' has no folder [hint: give the body of `def fold(self) -> FoldResult` as `let fold = [{ ... }]`]
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  // ERROR: 28:7 'hasCanonicalizeMethod' is set but 'H_FoldedOp' has no canonicalize method [hint: give the body of `def canonicalize(op, rewriter: PatternRewriter) -> bool` as `let canonicalize = [{ ... }]`]
  let hasCanonicalizeMethod = 1;
}

def H_CanonicalOp : H_Op<"canonical"> {
  // ERROR: 33:7 'hasCanonicalizer' is set but 'H_CanonicalOp' has no canonicalization patterns [hint: give the body of `def canonicalize(op, rewriter: PatternRewriter) -> bool` as `let canonicalize = [{ ... }]`, or patterns rooted at the op in the pattern set 'canonicalize' (let patternSet = "canonicalize" in { ... })]
  let hasCanonicalizer = 1;
}

def H_CustomOp : H_Op<"custom"> {
  // ERROR: 38:7 'hasCustomAssemblyFormat' is set but 'H_CustomOp' has no parser and no printer [hint: give the body of `def parse(cls, p: AsmParser, name_pos: SourcePos) -> Operation` as `let parser = [{ ... }]` and the body of `def print(self, p: AsmPrinter) -> bool | None` as `let printer = [{ ... }]`]
  let hasCustomAssemblyFormat = 1;
}

def H_HalfCustomOp : H_Op<"half_custom"> {
  // ERROR: 43:7 'hasCustomAssemblyFormat' is set but 'H_HalfCustomOp' has no printer [hint: give the body of `def print(self, p: AsmPrinter) -> bool | None` as `let printer = [{ ... }]`]
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    return p.create_op(cls, name_pos, [], [])
  }];
}

def H_BuiltOp : H_Op<"built"> {
  let arguments = (ins I32:$x);
  let builders = [
    OpBuilder<(ins "Value":$x), [{
      return cls(x)
    }]>,
    // ERROR: 56:5 a builder of 'H_BuiltOp' has no body [hint: write its Python body: OpBuilder<(ins ...), [{ ... }]>]
    OpBuilder<(ins "int":$n)>
  ];
}

class H_VerifiedBase<string mnemonic> : H_Op<mnemonic> {
  // ERROR: 62:7 'hasVerifier' is set but 'H_InheritsOp' has no verifier [hint: give the body of `def verify_custom(self) -> str | None` as `let verifier = [{ ... }]`]
  let hasVerifier = 1;
}
def H_InheritsOp : H_VerifiedBase<"inherits">;

def H_PairType : TypeDef<H_Dialect, "Pair"> {
  let mnemonic = "pair";
  let parameters = (ins "Type":$first, "Type":$second);
  // ERROR: 70:7 'hasCustomAssemblyFormat' is set but 'H_PairType' has no parser [hint: give the body of `def parse(cls, p: AsmParser) -> Type` as `let parser = [{ ... }]`]
  let hasCustomAssemblyFormat = 1;
  let printer = [{
    return f"<{self.first}, {self.second}>"
  }];
}

// ERROR: 77:1 attribute 'H_RangeAttr' has parameters, so it needs a syntax: an assembly format, or a hand-written parser and printer [hint: give an assemblyFormat, or set hasCustomAssemblyFormat = 1 and give the body of `def parse(cls, p: AsmParser) -> Attribute` as `let parser = [{ ... }]` and the body of `def print_params(self) -> str` as `let printer = [{ ... }]`]
def H_RangeAttr : AttrDef<H_Dialect, "Range"> {
  let mnemonic = "range";
  let parameters = (ins "int":$lower, "int":$upper);
}
