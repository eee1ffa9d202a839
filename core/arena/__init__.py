"""The arena: bots played against each other on duplicate deals, locally or on Ray, with ratings, reports and
charts of the results."""
