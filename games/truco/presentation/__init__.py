"""How truco is said and drawn: moves as players say them and the words they type (:mod:`.words`), the table
lines (:mod:`.lines`), the tantos and flores shown (:mod:`.shown`) and the table as a viewer sees it
(:mod:`.view`)."""
