// Covers: comments, blank lines, tabs and unusual spacing are accepted and do not appear in the output.

// A comment on its own line.
%0   =   "foo.op"  (  )   :   (  )   ->   i32 // trailing comment
	"foo.use"(%0)	{a=1,b	=	[ 2 ,3 ]}:(i32)->()

"foo.region"()({^bb0(%a:i32):"foo.use"(%a):(i32)->()}):()->()
