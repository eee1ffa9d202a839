"""The store: the schema, the table store on SQLite and Postgres, the SQL runner the accounts use, backup, check and finished matches."""
