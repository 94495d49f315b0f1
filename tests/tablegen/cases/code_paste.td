// Pasting code keeps it code, so `[{x }] # 1` and "x 1" are different values
// (and different anonymous records), as in MLIR's ArmSVE.td.
class P<string s> { string v = s; }
def X {
  string a = [{x}] # 1;
  string b = "y" # [{x}];
  string c = !strconcat("a", [{b}]);
  string d = !toupper([{b}]);
  string e = !tolower([{B}]);
  string f = !substr([{abc}], 1);
  string g = !subst("a", "b", [{abc}]);
  string h = !subst([{a}], "b", "abc");
  string i = !interleave([[{a}], "b"], [{,}]);
  string j = !repr([{a}]);
  string k = !cast<string>([{a}]);
  string l = !if(1, [{a}], "b");
  string m = [{a}] # "b" # [{c}];
  list<string> o = [[{a}]] # ["b"];
  string p = !strconcat([{a}], "b");
  P pasted = P<[{x }] # 1>;
  P string_ = P<"x " # 1>;
  P same_code = P<[{x 1}]>;
}
