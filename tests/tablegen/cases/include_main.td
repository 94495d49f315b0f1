// Covers: include of a file from the including file's folder, and a preprocessor guard.
include "include_part.td"
include "include_part.td"

def UsesIncluded : Base<"from main">;
