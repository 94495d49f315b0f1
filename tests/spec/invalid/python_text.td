// Python in a spec that is not valid Python, or is C++, reported inside the text.
include "OpBase.td"

def P_Dialect : Dialect {
  let name = "p";
}

class P_Op<string mnemonic, list<Trait> traits = []> : Op<P_Dialect, mnemonic, traits>;

// ERROR: 11:38 CPred is C++, write the predicate in Python: 'isa<FloatType>' is C++ template syntax [hint: Python writes `isinstance($_self, FloatType)`]
def P_FloatLike : Type<CPred<"$_self.isa<FloatType>()">, "float-like">;
// ERROR: 13:26 CPred is C++, write the predicate in Python: '::' is C++ (scope resolution)
def P_Wide : Type<CPred<"::llvm::cast<IntegerType>($_self).getWidth() > 32">, "wide">;
def P_Named : Attr<"predicate", "named"> {
  // ERROR: 16:26 unknown name 'is_named' in CPred [hint: a predicate may use $_self, Python's builtins, the public names of generator.ir and the dialect's own classes and helpers (its extraClassDeclaration)]
  let predicate = CPred<"is_named($_self)">;
}

def P_AOp : P_Op<"a", [
    // ERROR: 21:43 CPred is C++, write the predicate in Python: '.getX()' is a C++ method
    PredOpTrait<"x is small", CPred<"$_op.getX().getType().getIntOrFloatBitWidth() < 8">>,
    // ERROR: 23:48 TypesMatchWith transform is C++, write the transform in Python: '.getElementType()' is a C++ method [hint: the Python runtime has `.element_type`]
    TypesMatchWith<"r is x", "x", "r", "$_self.getElementType()">]> {
  let arguments = (ins P_FloatLike:$x, P_Wide:$y, P_Named:$n);
  let results = (outs AnyType:$r);
  let verifier = [{
    if self.x is None:
        return "no x"
    # ERROR: 30:31 invalid Python in verifier: invalid syntax
    return self.x.type.width >
  }];
  let builders = [
    // ERROR: 34:5 builder parameter type is C++, write the type in Python: '::' is C++ (scope resolution)
    OpBuilder<(ins "::mlir::Value":$x), [{
      return cls(x, x, x.type)
    }]>
  ];
}

def P_BOp : P_Op<"b"> {
  let arguments = (ins I64Attr:$v, AnyType:$x);
  let results = (outs AnyType:$r);
  // ERROR: 44:50 derived attribute is C++, write the expression in Python: '.getX()' is a C++ method
  DerivedAttr size = DerivedAttr<I64Attr, [{self.getX().size()}]>;
  let extraClassDeclaration = [{
    # ERROR: 47:28 extra code is C++, write it in Python: '{' opens a C++ block [hint: Python blocks are indented]
    def twice(self) -> int {
        return 2;
    }
  }];
}

// ERROR: 54:37 CPred is C++, write the predicate in Python: '.getType()' is a C++ method [hint: the Python runtime has `.type`]
def SameType : Constraint<CPred<"$0.getType() == $1.getType()">>;
// ERROR: 56:38 NativeCodeCall is C++, write the native call in Python: '.getI64IntegerAttr()' is a C++ method
def Plus : NativeCodeCall<"$_builder.getI64IntegerAttr($0.getInt() + 1)">;
def P1 : Pat<(P_BOp $v, $x), (P_BOp (Plus $v), $x), [(SameType $x, $x)]>;
// ERROR: 59:54 unknown name 'int_attr' in NativeCodeCall [hint: a native call may use $_builder, $_loc, $_self, $0, $1, ..., Python's builtins, the public names of generator.ir and a dialect's helpers through its name (`arith.helper($0)`)]
def P2 : Pat<(P_BOp $v, $x), (P_BOp (NativeCodeCall<"int_attr($0, $2)"> $v), $x)>;
