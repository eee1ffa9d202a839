"""Analysis: a finished match analysed off the event loop, the match page's steps, their routes and words."""
