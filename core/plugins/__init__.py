"""The plugin machinery: the hooks a plugin may implement, the manager that loads plugins, and the registry
of the games and bots they add."""
