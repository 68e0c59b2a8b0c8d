enum DeepCutFixturesPlaceholder {}
