"""Quick play and parties: the queue that pairs people, the parties that queue together, their routes and words."""
