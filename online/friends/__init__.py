"""Friends, blocks, challenges and invitation links between accounts (docs/accounts.md, "Friends")."""
