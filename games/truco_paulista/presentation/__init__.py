"""How truco paulista is said and drawn: moves as players say them and the words they type (:mod:`.words`) and
the table as a viewer sees it (:mod:`.view`)."""
