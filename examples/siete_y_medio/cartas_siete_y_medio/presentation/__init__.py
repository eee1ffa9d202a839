"""How siete y medio is said and drawn: its events and table lines (:mod:`.words`) and the table as a viewer
sees it (:mod:`.view`), apart from the rules."""
