"""How mus is said and drawn: its words (:mod:`.words`) and its table (:mod:`.view`)."""
