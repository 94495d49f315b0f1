// A `#` line inside a code block, a block comment or a string is text, not a
// preprocessor directive (MLIR's EmitC.td has `#ifdef __cplusplus` in code).
def A { code c = [{
    #ifdef __cplusplus
    x
    #else
    y
    #endif
}]; }
/*
#ifdef FOO
*/
def B { string s = "#ifdef"; }
// #ifdef X
#define M
#ifdef M
def E { code c = [{
#define N
}]; }
#else
def F;
#endif
#ifdef N
def G;
#endif
// Inside an excluded region nothing is read but directives.
#ifdef NOPE
def C { code c = [{
#endif
def H;
