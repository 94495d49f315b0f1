// Covers: list literals, typed empty lists, element access, slices, list concatenation.
def Lists {
  list<int> nums = [1, 2, 3, 4, 5];
  list<string> empty = []<string>;
  int second = nums[1];
  list<int> slice = nums[1...3];
  list<int> picked = nums[0, 2, 4];
  list<int> joined = !listconcat(nums, [6]);
  list<list<int>> nested = [[1], [2, 3]];
}
