"""Words: the dictionary (lexicon), explanations of refusals, the word finder and sale planner."""
