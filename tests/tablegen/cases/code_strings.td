// Covers: code blocks [{ }], strings with escapes, multi-line code, string and code concatenation.
def C1 {
  code body = [{
    return x + 1;
  }];
  string esc = "tab\there \"quoted\" back\\slash";
  string joined = "a" # "b";
  code one_line = [{ single }];
}
