// Formats in TableGen: strings with escapes, [{ }] blocks over several lines,
// formats inherited from a class, and formats built by an expression.
include "OpBase.td"

def T_Dialect : Dialect {
  let name = "t";
}

class T_Op<string mnemonic, list<Trait> traits = []>
    : Op<T_Dialect, mnemonic, traits>;

// The class's format is wrong for the ops that inherit it: each is reported
// at the class's text, with a note at the op.
class T_BinaryOp<string mnemonic> : T_Op<mnemonic> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$result);
  // ERROR: 19:25 type of operand #0, named 'lhs', is not buildable and a buildable type cannot be inferred [hint: suggest adding a type constraint to the operation or adding a 'type($lhs)' directive to the custom assembly format]
  // ERROR: 19:25 type of operand #1, named 'rhs', is not buildable and a buildable type cannot be inferred [hint: suggest adding a type constraint to the operation or adding a 'type($rhs)' directive to the custom assembly format]
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def T_AddOp : T_BinaryOp<"add">;

def T_BlockOp : T_Op<"block"> {
  let arguments = (ins AnyType:$input, UnitAttr:$fast);
  // ERROR: 29:39 expected variable to refer to an argument, region, result, or successor [hint: 'nowhere' is not an operand, attribute, result, region or successor of 'T_BlockOp']
  let assemblyFormat = [{
    $input (`fast` $fast^)?
      attr-dict `:` type($input) `->` $nowhere
  }];
}

def T_EscapedOp : T_Op<"escaped"> {
  let arguments = (ins I32:$x, StrAttr:$tag);
  // ERROR: 36:68 expected valid literal but got '|': single character literal must be a letter or one of '_:,=<>()[]{}?+-*' [hint: a literal is punctuation from '_:,=<>()[]{}?+-*', '->', '...', or a keyword of letters, digits, '_', '$' and '.']
  let assemblyFormat = "$x custom<Tag>(\"quoted \\\" text\", $tag) `|` attr-dict";
}

// ERROR: 40:1 'attr-dict' directive has already been seen [hint: a format has one 'attr-dict'; remove this one]
def T_BuiltOp : T_Op<"built"> {
  let arguments = (ins I32:$x);
  let assemblyFormat = !strconcat("$x ", "attr-dict attr-dict");
}
