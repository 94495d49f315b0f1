// Covers: an include guard made with #ifndef/#define/#endif.
#ifndef INCLUDE_PART_TD
#define INCLUDE_PART_TD
class Base<string s> {
  string text = s;
}
def FromPart : Base<"part">;
#endif
