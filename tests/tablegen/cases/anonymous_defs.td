// Covers: anonymous defs (def without a name), anonymous class instances as values.
class Tag<string t> { string tag = t; }
def : Tag<"first">;
def : Tag<"second">;
def UsesAnon { Tag t = Tag<"inline">; }
