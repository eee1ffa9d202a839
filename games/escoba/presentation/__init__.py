"""How the escoba is said and drawn: events, table lines, moves as players say them and the words they type
(:mod:`.words`), and the table as a viewer sees it (:mod:`.view`)."""
