// Type definitions that ask for hand-written code they do not give.
include "OpBase.td"

def T_Dialect : Dialect {
  let name = "t";
}

// ERROR: 9:1 T_VerifyType: 'genVerifyDecl' is set but there is no 'verifier' [hint: give the Python body of `verify(cls, <parameters>) -> str | None` as `let verifier = [{ ... }];`]
def T_VerifyType : TypeDef<T_Dialect, "Verify"> {
  let mnemonic = "verify";
  let parameters = (ins "int64_t":$a);
  let assemblyFormat = "`<` $a `>`";
  let genVerifyDecl = 1;
}

// ERROR: 17:1 T_UnaskedType: a 'verifier' is given but 'genVerifyDecl' is not set [hint: add `let genVerifyDecl = 1;`]
def T_UnaskedType : TypeDef<T_Dialect, "Unasked"> {
  let mnemonic = "unasked";
  let parameters = (ins "int64_t":$a);
  let assemblyFormat = "`<` $a `>`";
  let verifier = [{ return None }];
}
